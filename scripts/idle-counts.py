#!/usr/bin/env python3
"""What an idle guest makes the host do, counted (not timed): our -M gta04
and Debian's stock qemu-system-arm -M vexpress-a9, the same kernel and
initramfs, the guest idle at its shell.

    scripts/idle-counts.py [--seconds N] [--settle S] [--mmio] [gta04|vexpress-a9 ...]

For each board: boot, wait --settle seconds (default 40: the boot's one-off
work, such as regulator_init_complete 30 s after the late initcalls, is
over), then over --seconds (default 30) of host time, with the console read
all along (a stock PL011 whose socket fills busy-waits in QEMU):

  guest   interrupts per second from /proc/interrupts deltas, and the guest's
          own idle/wake timers (ftrace timer and workqueue events, in the
          guest, while it runs `sleep`)
  host    system calls of the QEMU process per second (strace -f -c over the
          window: ppoll returns of the main loop, eventfd writes that kick it,
          futex wake-ups between the vCPU thread and the main loop); host
          CPU ms/s from schedstat, only indicative on a loaded machine
  --mmio  MMIO accesses per second per memory region (QEMU's
          memory_region_ops_read/write trace events, both binaries have
          them), in a window of its own before the others, the events
          then switched off

A machine that is busy with other work changes the CPU figure, not the
counts.  Needs strace (installed if missing) and stock QEMU for
vexpress-a9 (likewise).
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any, Counter, Dict, Tuple

from gta04.boards import BOARDS
from gta04.guest import Guest
from gta04.hostproc import cpu_seconds
from gta04.kernels import stock_qemu
from gta04.paths import QEMU, REPO
from gta04.procfs import interrupts


TRACING = "/sys/kernel/debug/tracing"
GUEST_EVENTS = ("timer:hrtimer_expire_entry timer:timer_expire_entry "
                "workqueue:workqueue_execute_start")


class Reader:
    """Drain the console while the script only waits."""

    def __init__(self, g: Guest):
        self.g, self.stop = g, False
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        """The thread: read until stopped."""
        while not self.stop:
            self.g.console.poll()

    def __enter__(self) -> "Reader":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop = True
        self.thread.join()


def guest_timers(g: Guest, seconds: float) -> Dict[str, float]:
    """Guest events during `sleep seconds`, per second: {what: rate}."""
    g.ok("echo 0 > {t}/tracing_on; echo > {t}/trace; echo '{e}' > {t}/set_event"
         .format(t=TRACING, e=GUEST_EVENTS))
    t0 = float(g.value("cat /proc/uptime").split()[0])
    g.ok("echo 1 > {t}/tracing_on; sleep {s}; echo 0 > {t}/tracing_on"
         .format(t=TRACING, s=int(seconds)), timeout=seconds + 60)
    elapsed = float(g.value("cat /proc/uptime").split()[0]) - t0
    out = g.ok("sed -n 's/.*\\(expire_entry\\|execute_start\\):.*function[= ]\\([^ ]*\\).*/\\2/p' "
               "{t}/trace | sort | uniq -c".format(t=TRACING), timeout=300)
    g.ok("echo > {t}/set_event".format(t=TRACING))
    res = {}
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 2 and fields[0].isdigit():
            res[fields[1]] = int(fields[0]) / elapsed
    return res


def strace_window(pid: int, seconds: float) -> Dict[str, float]:
    """System calls of every QEMU thread over the window: {name: per second}."""
    with tempfile.NamedTemporaryFile(prefix="idle-counts-", suffix=".strace") as fh:
        subprocess.run(["timeout", str(int(seconds)), "strace", "-f", "-qq", "-c",
                        "-o", fh.name, "-p", str(pid)], check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(fh.name, encoding="utf-8") as result:
            text = result.read()
    res = {}
    for line in text.splitlines():
        fields = line.split()
        # % time, seconds, usecs/call, calls, [errors], syscall
        if len(fields) >= 5 and fields[-1].isidentifier() and fields[3].isdigit() and fields[-1] != "total":
            res[fields[-1]] = int(fields[3]) / seconds
    return res


def mmio_rates(log: str, t0: float, t1: float) -> Dict[str, float]:
    """MMIO accesses per second per region between host times t0 and t1."""
    counter: Counter[str] = collections.Counter()
    rx = re.compile(r"^\d+@([\d.]+):memory_region_ops_(read|write) .* name '([^']*)'")
    with open(log, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            m = rx.match(line)
            if m and t0 <= float(m.group(1)) <= t1:
                counter["%s %s" % (m.group(3), m.group(2))] += 1
    return {k: rate / (t1 - t0) for k, rate in counter.items()}


# one measurement, its steps in the order they run
def one_board(name: str, args: argparse.Namespace, workdir: str) -> Dict[str, Any]:  # pylint: disable=too-many-locals
    """Boot `name`, settle, count; the results."""
    board = BOARDS[name]
    binary = QEMU if name == "gta04" else stock_qemu()
    log = os.path.join(workdir, name + ".trace")
    extra: Tuple[str, ...] = ()
    if args.mmio:
        extra = ("-msg", "timestamp=on", "-D", log,
                 "-trace", "memory_region_ops_read", "-trace", "memory_region_ops_write")
    g = Guest(binary=binary, name="idle-%s" % name, extra_args=extra, **board)
    res: Dict[str, Any] = {"board": name}
    with g:
        g.boot(300)
        pid = g.vm.get_pid()
        assert pid is not None      # booted
        time.sleep(args.settle)
        if args.mmio:
            # the window without strace first; the trace runs all along
            with Reader(g):
                t0 = time.time()
                time.sleep(args.seconds)
                t1 = time.time()
            res["mmio"] = mmio_rates(log, t0, t1)
            for event in ("memory_region_ops_read", "memory_region_ops_write"):
                g.hmp("trace-event %s off" % event)    # the log's own writes
        irqs0 = interrupts(g.ok("cat /proc/interrupts"))
        uptime0 = float(g.value("cat /proc/uptime").split()[0])
        with Reader(g):
            cpu0 = cpu_seconds(pid)
            res["syscalls"] = strace_window(pid, args.seconds)
            res["cpu_ms_per_s"] = 1000 * (cpu_seconds(pid) - cpu0) / args.seconds
        irqs1 = interrupts(g.ok("cat /proc/interrupts"))
        uptime1 = float(g.value("cat /proc/uptime").split()[0])
        res["irqs"] = {k: (count - irqs0.get(k, (0, ""))[0]) / (uptime1 - uptime0)
                       for k, (count, _line) in irqs1.items() if count != irqs0.get(k, (0, ""))[0]}
        res["guest"] = guest_timers(g, args.seconds)
    return res


def show(res: Dict[str, Any]) -> None:
    """Print one board's results."""
    irqs: Dict[str, float] = res["irqs"]
    timers: Dict[str, float] = res["guest"]
    syscalls: Dict[str, float] = res["syscalls"]
    print("== %s" % res["board"])
    print("  guest interrupts/s (incl. the two shell commands around the window): %s"
          % ", ".join("%s %.2f" % kv for kv in sorted(irqs.items())))
    print("  guest timers and work items/s:")
    for k, rate in sorted(timers.items(), key=lambda kv: -kv[1])[:14]:
        print("    %7.2f  %s" % (rate, k))
    print("  host system calls/s: %s" % ", ".join(
        "%s %.1f" % kv for kv in sorted(syscalls.items(), key=lambda kv: -kv[1])[:8]))
    print("  host CPU (under strace): %.2f ms/s" % res["cpu_ms_per_s"])
    if "mmio" in res:
        mmio: Dict[str, float] = res["mmio"]
        print("  MMIO accesses/s: %.0f" % sum(mmio.values()))
        for k, rate in sorted(mmio.items(), key=lambda kv: -kv[1])[:16]:
            print("    %8.1f  %s" % (rate, k))


def main() -> None:
    """Each board asked for (both by default), one after the other."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="*", metavar="BOARD",
                    help="gta04, vexpress-a9 (default: both)")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--settle", type=float, default=40)
    parser.add_argument("--mmio", action="store_true")
    args = parser.parse_args()
    for name in args.boards:
        if name not in BOARDS:
            parser.error("no board %r (the boards: %s)" % (name, ", ".join(BOARDS)))
    subprocess.run([os.path.join(REPO, "scripts", "need-packages.sh"), "idle-counts"], check=True)
    with tempfile.TemporaryDirectory(prefix="idle-counts-") as workdir:
        for name in args.boards or list(BOARDS):
            show(one_board(name, args, workdir))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
