#!/usr/bin/env python3
"""The performance benchmark of issue 10: our -M gta04 against Debian's stock
qemu-system-arm -M vexpress-a9, the same Debian 6.1 kernel and initramfs.

    scripts/bench.py [ROUNDS]       (make bench: 3 rounds, BENCH_ROUNDS=N)

Rounds are interleaved (gta04, vexpress, vexpress, gta04, ...: the order flips
every round, so a drift in host load hits both boards alike).  In each round
each board boots once and is measured in that one VM:

  boot      launch to the shell prompt (host seconds), and the translated
            blocks QEMU holds then (`info jit`): how much distinct guest
            code the boot ran, each block translated once
  rss       QEMU's VmRSS at the prompt
  idle      host CPU of the whole QEMU process (all threads, schedstat) over
            BENCH_IDLE_S seconds with the guest idle at the shell
  freeze,   host CPU over BENCH_SLEEP_S seconds while the guest is suspended in
  mem       that state (from 1 s after "Suspending console"), woken afterwards
            by an RTC alarm; mem only where /sys/power/state offers it
  wake      RTC alarm -> the shell answers again: from the host time stamp of
            the RTC model's alarm trace event (twl4030_rtc_alarm,
            pl031_alarm_raised; -msg timestamp=on) to the moment the command
            after the write to /sys/power/state has printed its marker

gta04 is then booted a second time with the PRM's power states on
(-global omap3-prm.power-states=on) and off mode enabled (pm_debug
enable_off_mode 1): idle at the shell (the MPU, NEON and PER go to RET/OFF
between ticks, through the boot ROM on each OFF wake) and suspended in `mem`
(CORE and PER OFF, pm_debug's core OFF count checked to have moved),
against vexpress-a9's idle and mem.

The host CPU of gta04 is measured a second time with one behaviour of the
guest kernel switched off through QEMU's gdbstub (gta04.gdbstub.write_word), to
show what the board itself costs when the kernel does not make it spin or
work: idle with `arm_pm_idle` = NULL (the kernel's OMAP3 idle routine, with
its power-domain bookkeeping and context save, bypassed for a plain WFI, as
vexpress-a9 idles), and `freeze` with `cpu_idle_force_poll` = 0 (6.1's
omap_pm_begin() sets it for every suspend state, so s2idle polls on the real
board too).  The old values are written back before the guest goes on.

Once: both boards boot under -icount shift=0,sleep=off, where guest time is
instructions executed (1 ns each) plus the time the guest sleeps; /proc/uptime
at the prompt minus its idle time is the guest's work to the shell, the same
on every host.

Then, once, the build times: the rebuild after one device file changed, and a
fresh configure + compile of our QEMU in a temporary build directory
(BENCH_BUILD=0 skips it).  Medians of the rounds and gta04/vexpress ratios are
printed as a Markdown table (README's "Measured" table) and written, with
every single sample, to BENCH_OUT (default .build/bench/bench.json) and a
chart next to it (bench.png).  Knobs: BENCH_IDLE_S, BENCH_SLEEP_S (10 s),
BENCH_BUILD=0, BENCH_ICOUNT=0 (skips the -icount boots), BENCH_OUT.  No
pass/fail: this measures.
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

from gta04.boards import BOARDS
from gta04.charts import need_matplotlib
from gta04.gdbstub import write_word
from gta04.guest import Guest
from gta04.hostproc import cpu_percent, rss_mib
from gta04.kallsyms import kernel_variable
from gta04.kernels import guest_dir, stock_qemu
from gta04.paths import BUILD, QEMU, REPO, script
from gta04.shell import typed


IDLE_S = float(os.environ.get("BENCH_IDLE_S", "10"))
SLEEP_S = float(os.environ.get("BENCH_SLEEP_S", "10"))
OUT = os.environ.get("BENCH_OUT", os.path.join(BUILD, "bench", "bench.json"))

# each board's RTC alarm trace event (the wake latency starts there)
ALARM_EVENT = {"gta04": "twl4030_rtc_alarm", "vexpress-a9": "pl031_alarm_raised"}
Sample = Dict[str, float]


def binary_of(name: str, stock: str) -> str:
    """Our QEMU for gta04, Debian's stock one for vexpress-a9."""
    return QEMU if name == "gta04" else stock


def alarm_stamps(log: str) -> List[float]:
    """Host times (epoch s) of the RTC alarm trace events so far."""
    if not os.path.exists(log):
        return []
    with open(log, encoding="utf-8", errors="replace") as fh:
        return [float(m.group(1)) for m in
                re.finditer(r"^\d+@(\d+\.\d+):\w+", fh.read(), re.M)]


def with_kernel_word(g: Guest, function: str, value: int, measure: Callable[[], float]) -> float:
    """measure() with the kernel variable that `function` reads set to value
    (through the gdbstub), the old value written back afterwards."""
    addr = kernel_variable(g.monitor, g.guest, function)
    old = write_word(g.monitor, addr, value)
    try:
        time.sleep(1)
        return measure()
    finally:
        write_word(g.monitor, addr, old)


def sleep_and_wake(g: Guest, state: str, log: str, diag: Optional[Tuple[str, int]] = None
                   ) -> Tuple[float, float, Optional[float]]:
    """Suspend to `state`, measure host CPU while asleep, wake by the RTC alarm.
    diag: (function, value) for with_kernel_word, measured in a second window.
    Returns (cpu %, wake latency s, cpu % of the diag window or None)."""
    pid = qemu_pid(g)
    before = len(alarm_stamps(log))
    # the alarm comes after the whole window: entry + 1 s + SLEEP_S + margin,
    # and the diag window (gdbstub round trips + 1 s + SLEEP_S) after it
    windows = int(SLEEP_S) + 6 + (int(SLEEP_S) + 6 if diag else 0)
    g.ok("echo 0 > /sys/class/rtc/rtc0/wakealarm; echo +%d > /sys/class/rtc/rtc0/wakealarm"
         % windows)
    _, end = g.shell.markers("BENCHW")
    g.send("echo %s > /sys/power/state; echo %s$?\n" % (state, typed(end)))
    g.wait_for(r"Suspending console", 60)
    time.sleep(1)
    cpu = cpu_percent(pid, SLEEP_S)
    diag_cpu = None
    if diag:
        diag_cpu = with_kernel_word(g, diag[0], diag[1], lambda: cpu_percent(pid, SLEEP_S))
    t_end = time.time()
    m = g.wait_for(re.escape(end) + r"(\d+)\n", 120)
    t_back = time.time()
    g.wait_for("gta04:", 10)
    stamps = alarm_stamps(log)[before:]
    if m.group(1) != "0" or not stamps:
        raise RuntimeError("%s: write status %s, %d alarm events" % (state, m.group(1), len(stamps)))
    if stamps[0] < t_end:
        raise RuntimeError("%s: the alarm came %.1f s before the CPU window ended"
                           % (state, t_end - stamps[0]))
    return cpu, t_back - stamps[0], diag_cpu


# gta04 only: the diagnostic windows (kernel function whose variable is set, value)
IDLE_DIAG = ("arch_cpu_idle", 0)            # arm_pm_idle = NULL
SLEEP_DIAG = {"freeze": ("cpu_idle_poll_ctrl", 0)}   # cpu_idle_force_poll = 0


def qemu_pid(g: Guest) -> int:
    """The pid of the guest's QEMU (launched)."""
    pid = g.vm.get_pid()
    if pid is None:
        raise RuntimeError("QEMU is not running")
    return pid


# one round on one board, its measurements in the order they run
def one_board(name: str, guest: str, stock: str, workdir: str, rnd: int  # pylint: disable=too-many-locals
              ) -> Sample:
    """Boot `name` once and measure it; the sample."""
    log = os.path.join(workdir, "%s-%d.trace" % (name, rnd))
    g = Guest(guest=guest, binary=binary_of(name, stock), name="bench-%s" % name,
              extra_args=("-msg", "timestamp=on", "-trace", ALARM_EVENT[name], "-D", log),
              **BOARDS[name])
    res: Sample = {}
    try:
        g.boot(timeout=300)
        res["boot_s"] = g.boot_time or 0.0
        # how much distinct guest code the boot ran: QEMU translated it once
        jit = re.search(r"TB count\s+(\d+)", g.hmp("info jit"))
        if not jit:
            raise RuntimeError("info jit shows no TB count")
        res["boot_tbs"] = int(jit.group(1))
        pid = qemu_pid(g)
        states = g.ok("cat /sys/power/state").split()
        res["rss_mib"] = rss_mib(pid)
        time.sleep(2)
        res["idle_cpu_pct"] = cpu_percent(pid, IDLE_S)
        if name == "gta04":
            res["idle_cpu_pct_plain_wfi"] = with_kernel_word(
                g, *IDLE_DIAG, lambda: cpu_percent(pid, IDLE_S))
        for state in ("freeze", "mem"):
            if state in states:
                diag = SLEEP_DIAG.get(state) if name == "gta04" else None
                cpu, wake, diag_cpu = sleep_and_wake(g, state, log, diag)
                res[state + "_cpu_pct"] = cpu
                res[state + "_wake_s"] = wake
                if diag_cpu is not None:
                    res[state + "_cpu_pct_no_poll"] = diag_cpu
    finally:
        g.shutdown()
    return res


PWRST_ARGS = ("-global", "omap3-prm.power-states=on")
PM_DEBUG = "/sys/kernel/debug/pm_debug"


def core_off_count(g: Guest) -> int:
    """pm_debug/count's OFF count of core_pwrdm."""
    for line in g.ok("cat %s/count" % PM_DEBUG).splitlines():
        if line.startswith("core_pwrdm"):
            return int(re.search(r"OFF:(\d+)", line).group(1))  # type: ignore[union-attr]
    raise RuntimeError("pm_debug/count has no core_pwrdm line")


def pwrst_board(guest: str, workdir: str, rnd: int) -> Sample:
    """gta04 with the power states on and off mode: idle and mem host CPU."""
    log = os.path.join(workdir, "gta04-pwrst-%d.trace" % rnd)
    g = Guest(guest=guest, binary=QEMU, name="bench-gta04-pwrst",
              extra_args=("-msg", "timestamp=on", "-trace", ALARM_EVENT["gta04"], "-D", log)
              + PWRST_ARGS, **BOARDS["gta04"])
    res: Sample = {}
    try:
        g.boot(timeout=300)
        g.ok("mount -t debugfs none /sys/kernel/debug 2>/dev/null; "
             "echo 1 > %s/enable_off_mode" % PM_DEBUG)
        pid = qemu_pid(g)
        time.sleep(2)
        res["idle_cpu_pct_pwrst"] = cpu_percent(pid, IDLE_S)
        off0 = core_off_count(g)
        cpu, wake, _ = sleep_and_wake(g, "mem", log)
        if core_off_count(g) <= off0:
            raise RuntimeError("power states: CORE did not reach OFF in mem")
        res["mem_cpu_pct_pwrst"] = cpu
        res["mem_wake_s_pwrst"] = wake
    finally:
        g.shutdown()
    return res


def icount_boot(name: str, guest: str, stock: str) -> Dict[str, float]:
    """Guest seconds to the shell under -icount shift=0,sleep=off: busy
    (= instructions / 1e9) and idle, from /proc/uptime at the prompt."""
    g = Guest(guest=guest, binary=binary_of(name, stock), name="bench-icount-%s" % name,
              extra_args=("-icount", "shift=0,sleep=off"), **BOARDS[name])
    try:
        g.boot(timeout=600)
        uptime, idle = (float(v) for v in g.ok("cat /proc/uptime").split()[:2])
    finally:
        g.shutdown()
    return {"uptime_s": uptime, "idle_s": idle, "busy_s": uptime - idle}


def timed(cmd: List[str], env: Optional[Dict[str, str]] = None) -> float:
    """Host seconds a command takes (it must succeed)."""
    t0 = time.monotonic()
    subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.monotonic() - t0


def build_times() -> Dict[str, float]:
    """The rebuild after one device file changed (in the normal build, first
    brought up to date), then a fresh setup (configure + compile) in a
    scratch build dir.  The rebuild comes first: right after a fresh build
    the host's caches are full of another tree (one run measured 40 s for
    the same 6 ninja steps that take 1.3 s otherwise)."""
    res = {}
    build = os.path.join(REPO, "scripts", "build.sh")
    timed([build])
    src = os.path.join(REPO, "hw", "timer", "omap3_gptimer.c")
    os.utime(src)
    res["one_file_rebuild_s"] = timed([build])
    if os.environ.get("BENCH_BUILD", "1") != "0":
        scratch = tempfile.mkdtemp(prefix="bench-build-", dir=os.path.dirname(BUILD))
        try:
            env = dict(os.environ, GTA04_BUILD=scratch)
            res["fresh_build_s"] = timed([os.path.join(REPO, "scripts", "setup.sh")], env)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    return res


ROWS = [  # key, label, unit, format[, vexpress-a9 key it is compared with]
    ("boot_s", "boot to shell", "s", "%.2f"),
    ("boot_tbs", "translated blocks at the shell (`info jit`: the distinct guest code the boot ran)",
     "TBs", "%.0f"),
    ("idle_cpu_pct", "host CPU, guest idle at the shell", "%", "%.2f"),
    ("idle_cpu_pct_plain_wfi", "host CPU, guest idle at the shell, gta04 with `arm_pm_idle` = NULL "
     "(its OMAP3 idle routine bypassed: a plain WFI; vexpress-a9 as above)", "%", "%.2f",
     "idle_cpu_pct"),
    ("freeze_cpu_pct", "host CPU, suspended in s2idle (`freeze`)", "%", "%.2f"),
    ("freeze_cpu_pct_no_poll", "host CPU, `freeze`, gta04 with `cpu_idle_force_poll` = 0 "
     "(the kernel's s2idle poll off; vexpress-a9 as above)", "%", "%.2f", "freeze_cpu_pct"),
    ("mem_cpu_pct", "host CPU, suspended in `mem`", "%", "%.2f"),
    ("idle_cpu_pct_pwrst", "host CPU, guest idle at the shell, gta04 with power states and off "
     "mode (vexpress-a9 as above)", "%", "%.2f", "idle_cpu_pct"),
    ("mem_cpu_pct_pwrst", "host CPU, `mem`, gta04 with power states and off mode: CORE and PER "
     "OFF (vexpress-a9 as above)", "%", "%.2f", "mem_cpu_pct"),
    ("freeze_wake_s", "wake from `freeze`: RTC alarm to shell", "s", "%.3f"),
    ("mem_wake_s", "wake from `mem`: RTC alarm to shell", "s", "%.3f"),
    ("mem_wake_s_pwrst", "wake from `mem` with power states, CORE OFF: RTC alarm to shell "
     "(through the boot ROM; vexpress-a9 as above)", "s", "%.3f", "mem_wake_s"),
    ("rss_mib", "RSS after boot", "MiB", "%.0f"),
]


def median(samples: List[Sample], key: str) -> Optional[float]:
    """The median of `key` over the samples that have it."""
    vals = [s[key] for s in samples if key in s]
    return statistics.median(vals) if vals else None


def cell(value: Optional[float], fmt: str, unit: str) -> str:
    """A value of the table, or a dash."""
    return "—" if value is None else (fmt % value) + " " + unit


def table(result: Dict[str, Any]) -> str:
    """README's Markdown table of the result."""
    n = result["rounds"]
    lines = ["| what (median of %d interleaved rounds) | gta04 | vexpress-a9 | ratio |" % n,
             "|---|---|---|---|"]
    for key, label, unit, fmt, *other in ROWS:
        ours = result["median"]["gta04"].get(key)
        stock = result["median"]["vexpress-a9"].get(other[0] if other else key)
        ratio = "—" if ours is None or stock is None or stock == 0 else "%.2f" % (ours / stock)
        lines.append("| %s | %s | %s | %s |" % (label, cell(ours, fmt, unit), cell(stock, fmt, unit),
                                               ratio))
    icount = result.get("icount")
    if icount:
        ours_ic, stock_ic = icount["gta04"], icount["vexpress-a9"]
        lines.append("| guest work to the shell, `-icount shift=0,sleep=off` (1 ns = 1 instruction; "
                     "guest idle in brackets) | %.3f s (%.3f s) | %.3f s (%.3f s) | %.2f |"
                     % (ours_ic["busy_s"], ours_ic["idle_s"], stock_ic["busy_s"], stock_ic["idle_s"],
                        ours_ic["busy_s"] / stock_ic["busy_s"]))
    build = result.get("build", {})
    if "fresh_build_s" in build:
        lines.append("| fresh build (`scripts/setup.sh`, source unpacked, configure + compile) "
                     "| %.0f s | | |" % build["fresh_build_s"])
    if "one_file_rebuild_s" in build:
        lines.append("| rebuild after one `.c` file changed | %.1f s | | |" % build["one_file_rebuild_s"])
    return "\n".join(lines)


def chart(result: Dict[str, Any], path: str) -> None:
    """The medians and rounds of each row, a bar chart (PNG)."""
    # pylint: disable=import-outside-toplevel,too-many-locals
    # (Debian's matplotlib, there once need_matplotlib() has run)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    keys = list(ROWS)
    cols = 5
    nrows = (len(keys) + cols - 1) // cols
    fig, axes = plt.subplots(nrows, cols, figsize=(3.2 * cols, 3.4 * nrows), squeeze=False)
    for ax in axes.flat[len(keys):]:
        ax.set_visible(False)
    for ax, (key, label, unit, _fmt, *other) in zip(axes.flat, keys):
        for i, board in enumerate(("gta04", "vexpress-a9")):
            k = other[0] if other and board != "gta04" else key
            vals = [s[k] for s in result["samples"][board] if k in s]
            med = statistics.median(vals) if vals else 0
            ax.bar(i, med, color=("tab:blue", "tab:gray")[i])
            ax.plot([i] * len(vals), vals, "k.", markersize=4)
        ax.set_xticks([0, 1])
        ax.set_xticklabels(["gta04", "vexpress"])
        ax.set_title(textwrap.fill(label.replace("`", "").split(" (")[0], 34), fontsize=7)
        ax.set_ylabel(unit)
    fig.suptitle("qemu-gta04 bench, %d rounds (bars: medians, dots: rounds)" % result["rounds"],
                 fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main() -> None:
    """Rounds, icount boots, build times; the table, the JSON, the chart."""
    need_matplotlib()
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    guest = guest_dir()
    stock = stock_qemu()
    # the diagnostic windows find kernel variables through kallsyms (made once)
    subprocess.run([script("guest-kallsyms.py")], check=True,
                   stdout=subprocess.DEVNULL)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    workdir = tempfile.mkdtemp(prefix="bench-")
    samples: Dict[str, List[Sample]] = {name: [] for name in BOARDS}
    try:
        for rnd in range(rounds):
            order = list(BOARDS) if rnd % 2 == 0 else list(BOARDS)[::-1]
            for name in order:
                res = one_board(name, guest, stock, workdir, rnd)
                if name == "gta04":
                    res.update(pwrst_board(guest, workdir, rnd))
                samples[name].append(res)
                print("round %d %-12s %s" % (rnd + 1, name,
                      " ".join("%s=%.3g" % kv for kv in sorted(res.items()))), flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    result = {
        "rounds": rounds, "idle_window_s": IDLE_S, "sleep_window_s": SLEEP_S,
        "host": {"cpus": os.cpu_count(), "load": os.getloadavg()},
        "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "qemu": {"gta04": QEMU, "vexpress-a9": stock},
        "samples": samples,
        "median": {name: {k: median(samples[name], k) for k, *_ in ROWS
                          if median(samples[name], k) is not None}
                   for name in BOARDS},
    }
    if os.environ.get("BENCH_ICOUNT", "1") != "0":
        icounts = {name: icount_boot(name, guest, stock) for name in BOARDS}
        result["icount"] = icounts
        print("icount " + " ".join("%s busy=%.3f idle=%.3f" % (name, v["busy_s"], v["idle_s"])
                                    for name, v in icounts.items()), flush=True)
    result["build"] = build_times()
    with open(OUT, "w", encoding="utf-8") as fh:
        json.dump(result, fh, indent=1)
    png = os.path.splitext(OUT)[0] + ".png"
    chart(result, png)
    print()
    print(table(result))
    print("\n%s\n%s" % (OUT, png))


if __name__ == "__main__":
    main()
