#!/usr/bin/env python3
"""The seed article's two bugs on -M gta04, as a table: kernel x scenario ->
woke / stayed asleep, each bug kernel next to the same tree with its fix
patch, and Debian's unmodified image as a third reference.

    python3 tests/bugs/test_seed_bugs.py [--repeat N] [--only TEXT]... [--check]

`make bugs` (scripts/check.sh --bugs) runs every row side by side, each a
test of its own (`--list`, then `--row NAME` each: the row's result goes to
OUT/NAME.json), then `--table`: the table from those results, with the
bug-vs-fix pictures.  `make check` does the same with the rows on the small
config (`--check`: in_check()).

The rows come from the bug case files, tests/scenarios/bugs/*.toml (one
procedure each, its rows: kernel, patches, state, the outcome and the wake
audit's verdict they must show; docs/gta04.md "Scenario files").  Every
suspend of a row is audited (gta04.audit) and the audit's verdict is part
of the row's: a bug kernel's loss must be flagged, a fixed one's wakes
agreed with.

The patched kernels use our small config (scripts/make-kernel.sh --config
gta04: a few minutes for the first, seconds for each further patch set) on
Debian's linux-source-6.1; guest/kernel-patches/ has the series:

  chain-a  the PHY powers its LDOs down late on the way to sleep, in the
           noirq phase where 2012's omap_device forced the MUSB glue's
           runtime suspend (otg set_suspend -> twl4030-usb LDOs off), even
           with the cable in: VUSB3V1 off -> the VBUS comparator loses
           supply -> after the BCI's unplug debounce (50-100 ms, TRM table
           14-1) the charger FSM changes -> BCI interrupt -> INT1
  bug1     the PIH line (INTC 7) is not a wake-up irq (enable_irq_wake
           reverted): the BCI interrupt arrives after suspend_device_irqs()
           has disabled the line lazily as an ordinary device irq, genirq
           masks INTC 7, INT1 stays asserted, and nothing from the PMIC
           wakes the board (the article's 2012 path)
  fix1     mainline's enable_irq_wake() back, on top of bug1: the BCI
           interrupt is a wake-up event (s2idle wakes, mem aborts the
           suspend with -EBUSY), nothing is lost
  bug2     rtc-twl disables its nested irq over suspend: the first alarm
           wakes the board, RTC_IT is cleared unseen, RTC_STATUS.ALARM is
           never acknowledged and no alarm fires again
  fix2     rtc-twl re-checks RTC_STATUS on resume, on top of bug2 (what
           phy-twl4030-usb does for its own nested irq in 6.1)
  reverse  the article's workaround, on top of bug2: the RTC irq is
           re-enabled (resume_early) before twl-core re-enables the PMIC
           line (resume), children before their parent
  2012-*   bug 2 by its 2012 mechanism (preemptible kernel, I2C at bus
           speed, warp mode so that the race runs the same way each time:
           gta04.guest.WARP_ARGS): genirq suspends the nested irqs and resumes every irq in
           irq-number order, the I2C controller's irq among them as in 2012,
           so the PIH thread reads PWR_ISR1 (clear on read) while the RTC
           irq is still disabled; -fix2 re-applies mainline's 3c646f2c6aa9,
           -reverse is the article's workaround (resume in reverse order)
  article  the article's own kernel: chain-a + bug1 + the 2012-* series,
           no cable, mem, three alarms per boot (the alarm "works once, not
           twice"); -fix2 adds 3c646f2c6aa9
  storm    the article's IRQF_NO_SUSPEND attempt on chain-a + bug1 + the
           2012 state, cable in: the PIH irq re-fires without end on the
           BCI's source, which nobody clears (the BCI module irq is
           suspended); -fix masks a disabled PIH child at its module's
           IMR, the article's conclusion, and the storm stops

Every verdict is a guest fact (the write to /sys/power/state returned or
not by guest time, /sys/power/pm_wakeup_irq, /proc/interrupts counts) or a
register read by the monitor (INTC ITR0/MIR0 bit 7, RTC_STATUS), with QEMU
alive.  Exit status 0 only if every row matches its expectation.

Where the timing matters: the BCI interrupt comes 50-100 ms after the PHY's
noirq callback.  In s2idle (`freeze`) it then arrives in the s2idle loop with
the PIH line suspended, whatever the console does.  In `mem` it must come
before WFI: with the console suspended the rest of the way to WFI takes some
20 ms here, the interrupt arrives in WFI at an INTC 7 that is still unmasked
(lazy disable) and wakes the bug kernel too; so the mem rows keep the console
up (gta04lib's console_up: no_console_suspend, pm_print_times, the UART at
its line rate), as a developer watching the suspend has it, and the noirq phase then
takes 2 guest seconds: see docs/gta04.md.  Those rows run in warp mode, with
the button and the cable put on the virtual clock by the board, 3 s after
the guest's "noirq suspend of devices complete" line (a BoardWrite
stimulus: gta04.suspend).
"""

import argparse
import contextlib
import json
import os
import re
import shutil
import sys
import time
from typing import Any, Callable, Dict, Iterator, List, NoReturn, Optional, Sequence, Tuple

from timeline import OUT, draw_pairs, draw_row, trace_args  # make bugs' pictures

from gta04 import ftrace
from gta04.audit import WakeAudit
from gta04.board import PIH, STIMULI, TWL
from gta04.errors import QemuDied, Timeout
from gta04.guest import Guest
from gta04.kernels import make_kernel
from gta04.paths import BUILD, REPO
from gta04.procfs import interrupts
from gta04.scenario_file import BugCase, BugRow, ScenarioError, load_bug_cases
from gta04.scenarios import alarm_pending, arm_alarm, irq_counts, stimulus, uart_wake_irqs
from gta04.shell import STATUS
from gta04.suspend import BoardWrite, Sleep

PATCHES = os.path.join(REPO, "guest", "kernel-patches")
# Linux 7.x needs this under every row: without it its I2C controllers die
# in the first suspend (docs/gta04.md, "Kernels", item 3)
OMAP_DEVICE_FIX_72 = os.path.join("7.2", "omap-device-force-suspended.patch")
RTC_STATUS = "i2cget -f -y 0 0x4b 0x2a"
FAILED_DIR = os.path.join(BUILD, "bugs-failed")     # traces of rows that failed
TRACE_EVENTS = ("twl4030_regulators_rail", "twl4030_bci_detect", "twl4030_int1",
                "omap3_intc_mask")

_kernels: Dict[str, str] = {}
# scripts/check.sh names its run: --table then takes only results of this run
RUN_ID = os.environ.get("GTA04_BUGS_RUN", "")


def kernel(name: str, patches: Sequence[str], config: str = "gta04", source: str = "6.1") -> Optional[str]:
    """A kernel of our config (or gta04+EXTRA) on the pinned source `source`
    (guest/kernel-sources) with these patches (cached), or None for Debian's
    unmodified image."""
    if name == "debian":
        return None
    if name not in _kernels:
        _kernels[name] = os.path.join(make_kernel("--config", config, "--source", source, name,
                                                  *[os.path.join(PATCHES, p) for p in patches]),
                                      "vmlinuz")
    return _kernels[name]


class Row:
    """A row of the table: a scenario on a kernel, and what it must show."""

    def __init__(self, case: BugCase, spec: BugRow, source: str):
        self.scenario = PROCEDURES[case.procedure]
        self.title = case.title
        self.file = case.path
        self.in_check = spec.in_check
        # on linux-source-7.2: the same patches (they apply unchanged, at new
        # line offsets: the code they touch is the same), on top of the
        # omap_device fix 7.x needs to resume at all; Debian's image, which
        # lacks that fix, is replaced by the plain tree with it ("7.2-base")
        kname, patches = spec.kernel, spec.patches
        if source == "7.2":
            kname = "7.2-base" if kname == "debian" else "7.2-" + kname
            patches = (OMAP_DEVICE_FIX_72,) + patches
        self.kname, self.patches, self.expect = kname, patches, spec.expect
        self.config, self.state, self.console_up = spec.config, spec.state, spec.console_up
        self.source = source
        # False: the I2C controllers untimed (-global omap3-i2c.bus-timing=off),
        # for a row whose reconstruction needs transfers that take no time
        self.bus_timing = spec.bus_timing
        # True: in warp mode (gta04.guest.WARP_ARGS): icount, so that a race
        # between the kernel's threads at the chip's I2C timing is run the
        # same way each time, and a board asleep with nothing pending says so
        # at once (Suspender: its clock stands still)
        self.warp = spec.warp
        # True: the PRM's power states (-global omap3-prm.power-states=on):
        # the domains reach RET and OFF and lose their state there
        self.power_states = spec.power_states
        self.qemu_options = spec.qemu_options()
        # the wake audit's first verdict that is not "agree" over the row's
        # suspends (gta04.audit: "lost wake", "wrong source", "spurious
        # wake"), or "agree": a bug kernel's loss must be flagged, a fixed
        # kernel's every wake agreed with
        self.audit = spec.audit
        self.wake_audit: Optional[WakeAudit] = None
        self.ftrace = False     # the kernel's suspend events recorded (gta04.ftrace)
        self.audits: List[str] = []     # the audit's line for each suspend
        # pictures pair rows of one case
        self.case = "%s_%s%s%s%s" % (case.procedure, self.state,
                                     "_console" if self.console_up else "",
                                     "_warp" if self.warp else "",
                                     "_pwrst" if self.power_states else "")
        self.outcome: Optional[str] = None
        self.audit_got = ""
        self.detail = ""
        self.ok = False
        self.secs = 0.0

    @property
    def name(self) -> str:
        """The row's name: its case and kernel (unique in the table)."""
        return "%s-%s" % (self.case, self.kname)

    def result_path(self) -> str:
        """Where --row saves the row's result."""
        return os.path.join(OUT, self.name + ".json")

    def save(self) -> None:
        """Save the row's result (for --table)."""
        os.makedirs(OUT, exist_ok=True)
        with open(self.result_path(), "w", encoding="utf-8") as fh:
            json.dump({"outcome": self.outcome, "audit": self.audit_got, "detail": self.detail,
                       "ok": self.ok, "secs": self.secs, "run": RUN_ID}, fh)

    def load(self) -> bool:
        """The result a --row run saved; False if there is none."""
        try:
            with open(self.result_path(), encoding="utf-8") as fh:
                saved = json.load(fh)
        except (OSError, ValueError):
            return False
        if saved.get("run") != RUN_ID:   # a result of another run of the table
            return False
        self.outcome, self.detail = saved["outcome"], saved["detail"]
        self.audit_got = saved.get("audit", "")
        self.ok, self.secs = saved["ok"], saved["secs"]
        return True

    def line(self) -> str:
        """The row's line of the table."""
        return ("%-4s %-34s %-14s expect %-18s got %-18s audit %-12s %5.0fs  %s"
                % ("ok" if self.ok else "FAIL", title(self), self.kname, self.expect,
                   self.outcome, self.audit_got + ("" if self.audit_got == self.audit
                                                   else " (not %s)" % self.audit),
                   self.secs, self.detail))

    def suspend(self, g: Guest, **kwargs: Any) -> Sleep:
        """g.suspend(self.state, **kwargs), the cycle judged by the wake
        audit (its line kept in self.audits)."""
        assert self.wake_audit is not None, "suspend() outside booted()"
        before = irq_counts(g)
        self.wake_audit.start()
        sleep = g.suspend(self.state, **kwargs)
        # asleep, the shell cannot answer: no handler ran
        after = irq_counts(g) if sleep.woke else before
        verdict = self.wake_audit.judge(bool(sleep.woke), sleep.wakeup_irq,
                                        {k: after[k] - before.get(k, 0) for k in after},
                                        alarm_pending(g) if sleep.woke else None)
        self.audits.append(verdict.line)
        if sleep.woke and self.ftrace:
            ftrace.dump(g)
        return sleep

    def audit_verdict(self) -> str:
        """The audit's first verdict over the row that is not "agree"."""
        for line in self.audits:
            kind = line.split(":")[0]
            if kind not in ("agree", "no source, no wake"):
                return kind
        return "agree"


Scenario = Callable[[Row, str], Tuple[str, str]]


@contextlib.contextmanager
def booted(row: Row, trace: str) -> Iterator[Guest]:
    """The row's kernel booted to the shell, traced to `trace`."""
    with Guest(kernel=kernel(row.kname, row.patches, row.config, row.source),
               extra_args=trace_args(trace) + row.qemu_options, console_up=row.console_up,
               warp=row.warp) as g:
        g.boot(240)
        irqs = {"pmic": (g.pih_virq(),), "uart": uart_wake_irqs(g)}
        row.wake_audit = WakeAudit(trace, irqs)
        row.audits = []
        # the kernel's own suspend events where it has them (Debian's
        # kernel), for the row's page: dumped after each wake.  With the
        # console up its pm_print_times lines say the same as they happen.
        row.ftrace = not row.console_up and ftrace.enable(g, irqs["pmic"])
        yield g


def asleep_masked(sleep: Sleep) -> bool:
    """Still suspended with INT1 asserted at INTC 7 and masked there."""
    return (not sleep.woke and sleep.qemu_status == "running" and bool((sleep.itr0 or 0) & 0x80)
            and bool((sleep.mir0 or 0) & 0x80))


def describe(sleep: Sleep, virq: str) -> str:
    """One suspend, as the table's detail column says it."""
    if sleep.woke:
        return "%s (irq %s%s)" % ("woke" if sleep.status == 0
                                  else "suspend aborted, status %s" % sleep.status,
                                  sleep.wakeup_irq, " = PIH" if sleep.wakeup_irq == virq else "")
    return "stayed asleep (ITR0.7=%d MIR0.7=%d)" % ((sleep.itr0 or 0) >> 7 & 1, (sleep.mir0 or 0) >> 7 & 1)


def set_while_asleep(g: Guest, row: Row, path: str, prop: str, value: bool) -> bool:
    """Set `prop` of `path` to `value` with the board asleep, then let 3
    guest seconds pass (in warp mode the board sets it, and the 3 s count
    from then, or end when its time stands still again), or it wakes.
    Returns whether the board said "suspend exit"."""
    if not row.warp:
        g.qom_set(path, prop, value)
        t0 = g.guest_clock()
        while g.guest_clock() < t0 + 3:
            g.console.poll()
        return "suspend exit" in g.console.unread()
    fired = g.qom_get(STIMULI, "fired")
    g.stimulus_at(1.0, path, prop, "true" if value else "false")
    deadline = time.monotonic() + 120
    applied: Optional[float] = None
    while time.monotonic() < deadline:
        g.console.poll()
        if "suspend exit" in g.console.unread():
            return True
        if applied is None and g.qom_get(STIMULI, "fired") > fired:
            applied = g.qom_get(STIMULI, "applied-ns") / 1e9
        # s2idle keeps its tick: its time runs on, 3 s of it are the wait
        if applied is not None and (g.guest_clock() >= applied + 3 or g.monitor.clock_stalled()):
            return False
    raise TimeoutError("warp mode: the board neither woke nor stood still within 120 s of %s %s"
                       % (path, prop))


# omap3_pm_suspend()'s line when a power domain missed its target
TARGET_NOT_ENTERED = re.compile(r"Powerdomain \(\w+\) didn't enter target state \d")


def chain(row: Row, trace: str) -> Tuple[str, str]:  # pylint: disable=too-many-locals
    """Cable plugged, row.state (freeze or mem); the RTC alarm (5 s), the power
    button (3 s) and then unplugging the cable each get their chance; a key on
    the serial console (enabled as a wake source in sysfs) last."""
    with booted(row, trace) as g:
        virq = g.pih_virq()
        g.ok("echo enabled > /sys/class/tty/ttyO2/power/wakeup")
        # without a cable the PHY runtime-suspends (VUSB3V1 off) 2 s after its
        # probe: plug the cable after that, whatever the host's speed, as on a
        # board that was up before the cable came
        g.ok("sleep 3")
        g.qom_set(TWL, "vbus", True)
        g.ok("sleep 1")   # the BCI sees the plug after its 450-500 ms debounce
        seen = []
        # the button 3 s after the board sleeps, the alarm after that
        alarm = 5 + g.wfi_lead
        for _ in range(2):
            arm_alarm(g, alarm)
            mark = len(g.console.log)
            sleep = row.suspend(g, stimulus=BoardWrite(TWL, "pwron", True),
                              wake_within=10 + g.wfi_lead, bound=600)
            g.qom_set(TWL, "pwron", False)
            seen.append(describe(sleep, virq))
            if sleep.woke:
                failed = TARGET_NOT_ENTERED.search(g.console.log, mark)
                if sleep.status and sleep.wakeup_irq in (None, "", "none") and failed:
                    # not a wake-up: the kernel's suspend gave up, a domain
                    # short of its target (power states: one a latched
                    # wake-up event kept ON)
                    return "; ".join(seen) + ": " + failed.group(0).strip(), "suspend failed"
                if sleep.wakeup_irq != virq:
                    return "woke, not by the PMIC: " + "; ".join(seen), "?"
                g.qom_set(TWL, "vbus", True)
                g.ok("sleep 1")
                continue
            if not asleep_masked(sleep):
                return "asleep but INTC 7 not asserted+masked: " + describe(sleep, virq), "?"
            chain_missing = chain_in_trace(trace)
            chain_ok = not chain_missing
            # unplugging the cable: the PMIC again, so nothing
            unplug_woke = set_while_asleep(g, row, TWL, "vbus", False)
            # a key on the console: the UART's own wake-up
            g.send("\x15")   # ^U: if the shell gets the key, it only clears its line
            g.wait_for(r"__GTA04E%d__" % g.shell.seq + STATUS, 60)
            uart_irq = g.value("cat /sys/power/pm_wakeup_irq")
            uart_name = [n for n, (c, line) in interrupts(g.ok("cat /proc/interrupts")).items()
                         if line.split(":")[0].strip() == uart_irq]
            detail = ("alarm + PWRON: stayed asleep, INTC 7 asserted+masked; trace VUSB3V1 off -> "
                      "BCI -> INT1 -> INTC 7 masked: %s; unplug: %s; console key: woke (irq %s %s)"
                      % ("yes" if chain_ok else "NO (%s)" % chain_missing,
                         "woke" if unplug_woke else "stayed asleep",
                         uart_irq, "/".join(uart_name)))
            good = chain_ok and not unplug_woke and any("serial" in n or "UART" in n for n in uart_name)
            return detail, "asleep" if good else "?"
        return "woke both cycles by the PMIC: " + "; ".join(seen), "woke"


def chain_in_trace(path: str) -> str:
    """VUSB3V1 off, then the BCI's detection, INT1 rising and INTC 7 masked,
    in that order, in the trace of the last suspend.  Returns "" when the
    chain is there, else what is missing."""
    with open(path, encoding="utf-8", errors="replace") as fh:
        text = fh.read()
    i = text.rfind("vusb3v1 on=0")
    if i < 0:
        return "no VUSB3V1 off"
    pos = i
    for pat in (r"twl4030_bci_detect usb charger detected 0", r"twl4030_int1 INT1 1"):
        m = re.compile(pat).search(text, pos)
        if not m:
            return "no '%s' after the last VUSB3V1 off" % pat
        pos = m.end()
    return masked_with_int1_high(text, pos, "the BCI's INT1")


def masked_with_int1_high(text: str, pos: int, what: str) -> str:
    """In a trace from `pos` (just after `what`, an INT1 rise): genirq's
    mask_irq(), a MIR0 write with bit 7 set, with INT1 still high.  Returns
    "" when it is there, else what is missing."""
    for m in re.finditer(r"omap3_intc_mask MIR0 = 0x([0-9a-f]{8})", text[pos:]):
        if int(m.group(1), 16) & 0x80:
            if "twl4030_int1 INT1 0" in text[pos:pos + m.start()]:
                return "INT1 fell before INTC 7 was masked"
            return ""
    return "INTC 7 never masked after " + what


def plug_asleep(row: Row, trace: str) -> Tuple[str, str]:
    """No cable, row.state; the cable plugged 3 s after the board sleeps
    (scenarios.stimulus "plug"), twice: the article's "plugging ... the USB
    cable has no effect either".  A wake counts as the PMIC's when INT1's
    handler ran (the PIH count went up): without the PIH's enable_irq_wake()
    (bug1) the kernel records no wake-up irq.  Asleep, the trace must show
    the plug raising INT1 and genirq masking INTC 7; a key on the serial
    console then wakes the board (the UART's own wake-up)."""
    with booted(row, trace) as g:
        virq = g.pih_virq()
        g.ok("echo enabled > /sys/class/tty/ttyO2/power/wakeup")
        seen = []
        for _ in range(2):
            pih = irq_counts(g)[PIH]
            plug = stimulus(g, "plug")   # the cable out, then plugged while asleep
            # the PHY runtime-suspends (VUSB3V1 off) 2 s after the unplug, as
            # after its probe: sleep with it settled, as on a board left alone
            g.ok("sleep 3")
            # console up, the resume prints every device callback: seconds
            sleep = row.suspend(g, stimulus=plug, wake_within=10 + g.wfi_lead, bound=600)
            if sleep.woke:
                pih_after = irq_counts(g)[PIH]
                seen.append("%s, PIH %d->%d" % (describe(sleep, virq), pih, pih_after))
                if not sleep.woke_after_stimulus() or pih_after == pih \
                        or sleep.wakeup_irq not in (virq, "none"):
                    return "woke, not by the plug: " + "; ".join(seen), "?"
                continue
            seen.append(describe(sleep, virq))
            if not asleep_masked(sleep):
                return "asleep but INTC 7 not asserted+masked: " + "; ".join(seen), "?"
            missing = plug_in_trace(trace)
            g.send("\x15")   # ^U: if the shell gets the key, it only clears its line
            g.wait_for(r"__GTA04E%d__" % g.shell.seq + STATUS, 60)
            uart_irq = g.value("cat /sys/power/pm_wakeup_irq")
            uart_name = [n for n, (c, line) in interrupts(g.ok("cat /proc/interrupts")).items()
                         if line.split(":")[0].strip() == uart_irq]
            detail = ("plug: %s; trace plug -> INT1 -> INTC 7 masked: %s; console key: woke (irq %s %s)"
                      % ("; ".join(seen), "yes" if not missing else "NO (%s)" % missing,
                         uart_irq, "/".join(uart_name)))
            good = not missing and any("serial" in n or "UART" in n for n in uart_name)
            return detail, "asleep" if good else "?"
        return "woke both cycles by the PMIC: " + "; ".join(seen), "woke"


def plug_in_trace(path: str) -> str:
    """The last plug (VBUS pin 1 to 1), then INT1 rising and INTC 7 masked
    with INT1 still high, in the trace.  Returns "" when it is there, else
    what is missing."""
    with open(path, encoding="utf-8", errors="replace") as fh:
        text = fh.read()
    i = text.rfind("twl4030_stimulus input signal 1 level 1")
    if i < 0:
        return "no plug"
    m = re.compile(r"twl4030_int1 INT1 1").search(text, i)
    if not m:
        return "no INT1 after the plug"
    return masked_with_int1_high(text, m.end(), "the plug's INT1")


def bug1_rtc(row: Row, trace: str) -> Tuple[str, str]:
    """No cable, row.state, the RTC alarm in 5 s (twice)."""
    with booted(row, trace) as g:
        virq = g.pih_virq()
        seen = []
        for _ in range(2):
            arm_alarm(g, 5)
            sleep = row.suspend(g, wake_within=15)
            seen.append(describe(sleep, virq))
            if not sleep.woke:
                return "; ".join(seen), "asleep" if asleep_masked(sleep) else "?"
            if sleep.wakeup_irq != virq:
                return "; ".join(seen), "?"
        return "; ".join(seen), "woke"


def bug2_rtc(row: Row, trace: str) -> Tuple[str, str]:
    """No cable, row.state (mem), the RTC alarm: wake 1, an alarm awake, wake 2."""
    with booted(row, trace) as g:
        virq = g.pih_virq()

        def count() -> int:
            return irq_counts(g)["rtc0"]
        before = count()
        arm_alarm(g, 5)
        first = row.suspend(g, wake_within=20)
        if not first.woke or first.wakeup_irq != virq:
            return "first alarm: " + describe(first, virq), "?"
        after = count()
        status = int(g.value(RTC_STATUS), 16)
        arm_alarm(g, 2)
        g.ok("sleep 4")
        awake = count()
        arm_alarm(g, 5)
        second = row.suspend(g, wake_within=20)
        detail = ("wake 1 %s; rtc0 %d->%d, RTC_STATUS 0x%02x; awake alarm rtc0 ->%d; wake 2 %s"
                  % (describe(first, virq), before, after, status, awake, describe(second, virq)))
        # every alarm reached the RTC core: ALARM acknowledged after wake 1
        # (by the irq, or by fix2's re-check on resume), the awake alarm
        # counted, the next one woke the board
        if not status & 0x40 and awake == after + 1 and second.woke:
            return detail, "every alarm"
        alarm_unacknowledged = after == before and status & 0x40 and awake == after
        if alarm_unacknowledged and not second.woke and second.qemu_status == "running" \
                and not (second.itr0 or 0) & 0x80:
            return detail, "lost after wake 1"
        # wake 1 and the awake alarm went as they must, and the second
        # alarm raised INT1 yet nothing woke the board: the PMIC's wake-up
        # event was lost on its way (the I/O chain, with power states)
        if not status & 0x40 and awake == after + 1 and not second.woke \
                and second.qemu_status == "running" and (second.itr0 or 0) & 0x80:
            return detail, "lost wake 2"
        return detail, "?"


def article_rtc(row: Row, trace: str) -> Tuple[str, str]:
    """No cable, row.state (mem), the RTC alarm in 5 s, ARTICLE_CYCLES times:
    the article's "unplug the cable: the alarm works once, not twice".  After
    each wake: the rtc0 count and RTC_STATUS (ALARM, bit 6, acknowledged by
    rtc-twl's handler); a wake is the PMIC's if INT1's handler ran (the PIH
    count went up), since a kernel without the PIH's enable_irq_wake() (bug1)
    records no wake-up irq.  After a wake whose alarm was never acknowledged,
    the next suspend must sleep on with INT1 low (no RTC interrupt again).
    Outcome: "every alarm", or the first lost one ("once, not twice" when it
    is the first)."""
    with booted(row, trace) as g:
        virq = g.pih_virq()
        # the PHY runtime-suspends (VUSB3V1 off) 2 s after its probe without
        # a cable, as on a board up a while after the cable came out; still
        # powered, chain-a's noirq callback would write the PMIC with the I2C
        # irq suspended (2012-i2c-omap-irq-suspended): 1 s timeouts, the
        # alarm then comes before WFI and bug1 masks INTC 7
        g.ok("sleep 3")

        def counts() -> Tuple[int, int]:
            irqs = irq_counts(g)
            return irqs["rtc0"], irqs[PIH]
        seen: List[str] = []
        lost_at = 0     # the wake whose alarm was never acknowledged
        for n in range(1, ARTICLE_CYCLES + 1):
            rtc0, pih = counts()
            arm_alarm(g, 5)
            sleep = row.suspend(g, wake_within=20)
            if not sleep.woke:
                seen.append("alarm %d: %s" % (n, describe(sleep, virq)))
                if lost_at and sleep.qemu_status == "running" and not (sleep.itr0 or 0) & 0x80:
                    break
                return "; ".join(seen), "?"
            if lost_at:
                seen.append("alarm %d: %s" % (n, describe(sleep, virq)))
                return "woke after a lost alarm: " + "; ".join(seen), "?"
            rtc0_after, pih_after = counts()
            status = int(g.value(RTC_STATUS), 16)
            seen.append("alarm %d: %s, PIH %d->%d, rtc0 %d->%d, RTC_STATUS 0x%02x"
                        % (n, describe(sleep, virq), pih, pih_after, rtc0, rtc0_after, status))
            if pih_after == pih or sleep.wakeup_irq not in (virq, "none"):
                return "woke, not by the PMIC: " + "; ".join(seen), "?"
            if rtc0_after != rtc0 + 1 or status & 0x40:
                lost_at = n
        if not lost_at:
            return "; ".join(seen), "every alarm"
        return "; ".join(seen), "once, not twice" if lost_at == 1 else "lost after wake %d" % lost_at


ARTICLE_CYCLES = 3

# The storm's trace lines: the PIH thread's read of PIH_ISR_P1, the BCI
# handler's read of BCIISR1A (the only thing that clears the BCI's source),
# and a write of all ones to BCIIMR1A (its sources masked)
PIH_ISR_READ = re.compile(r"twl4030_read 0x49:0x81 -> 0x([0-9a-f]{2})")
BCIISR1A_READ = "twl4030_read 0x4a:0xb9 ->"
BCIIMR1A_MASKED = "twl4030_write 0x4a:0xbb <- 0xff"
STORM_ASLEEP = {"freeze": 3.0, "mem": 30.0}   # guest seconds watched asleep


def storm(row: Row, trace: str) -> Tuple[str, str]:  # pylint: disable=too-many-locals
    """Cable in, row.state: the article's IRQF_NO_SUSPEND attempt.  The
    BCI's interrupt (chain-a) reaches the PIH thread, whose line is no
    longer suspended; the BCI module irq is (the 2012 state), so nothing
    reads BCIISR1A and INT1 stays up: the PIH irq re-fires without end.
    Outcomes:
    "storm": in s2idle, still asleep STORM_ASLEEP guest seconds later with
    INT1 asserted, hundreds of PIH_ISR reads (BCI bit set) in the trace and
    not one BCIISR1A read; a key on the console then wakes it.
    "storm, woke": in mem, the same storm from the BCI's interrupt on, and
    then the board is back without a wake-up source: WFI ends at once on
    the asserted, unmasked INTC 7, and only the resume, re-enabling the BCI
    irq, ends the storm.
    "quiet": still asleep with INT1 low after the BCI's sources were masked
    in BCIIMR1A (a mask that works); a key on the console wakes it, and the
    BCI's interrupt is then handled (BCIISR1A read)."""
    with booted(row, trace) as g:
        g.ok("echo enabled > /sys/class/tty/ttyO2/power/wakeup")
        g.ok("sleep 3")      # the PHY settles without a cable, as in chain()
        g.qom_set(TWL, "vbus", True)
        g.ok("sleep 1")      # the BCI's plug debounce
        pih = irq_counts(g)[PIH]
        start = os.path.getsize(trace)
        sleep = row.suspend(g, wake_within=STORM_ASLEEP[row.state], bound=600)
        with open(trace, encoding="utf-8", errors="replace") as fh:
            fh.seek(start)
            asleep = fh.read()
        if not sleep.woke:
            g.send("\x15")   # ^U: if the shell gets the key, it only clears its line
            g.wait_for(r"__GTA04E%d__" % g.shell.seq + STATUS, 60)
        pih_after = irq_counts(g)[PIH]
        throttled = g.ok("dmesg | grep -c 'RT throttling activated' || true").strip()
        g.ok("sleep 1")
        with open(trace, encoding="utf-8", errors="replace") as fh:
            fh.seek(start + len(asleep.encode("utf-8", errors="replace")))
            awake = fh.read()
        vusb_off = asleep.rfind("vusb3v1 on=0")
        if vusb_off < 0:
            return "no VUSB3V1 off in the trace", "?"
        # the storm: from the PHY's power-down to the first BCIISR1A read
        # (the BCI handler at last), or to the end of what was traced asleep
        end = asleep.find(BCIISR1A_READ, vusb_off)
        storm_text = asleep[vusb_off:end if end >= 0 else len(asleep)]
        reads = [int(m.group(1), 16) for m in PIH_ISR_READ.finditer(storm_text)]
        bci_reads = sum(1 for r in reads if r & 0x04)
        masked = BCIIMR1A_MASKED in storm_text
        handled = end >= 0 or BCIISR1A_READ in awake
        int1 = bool((sleep.itr0 or 0) & 0x80)
        detail = ("%s; from VUSB3V1 off to the BCI handler: %d PIH_ISR reads (%d with the BCI bit), "
                  "BCIIMR1A masked: %s; BCI handled %s; PIH count %d -> %d; 'RT throttling "
                  "activated' %s" % (describe(sleep, g.pih_virq()), len(reads), bci_reads,
                                     "yes" if masked else "no",
                                     "asleep" if end >= 0 else "after the wake" if handled else "never",
                                     pih, pih_after, throttled))
        if sleep.woke:
            if bci_reads >= 100 and not masked and end >= 0 and sleep.wakeup_irq in ("none", ""):
                return detail, "storm, woke"
        elif int1 and bci_reads >= 100 and not masked and end < 0:
            return detail, "storm"
        elif not int1 and masked and len(reads) <= 5 and end < 0 and handled:
            return detail, "quiet"
        return detail, "?"


CORE_OFF_CYCLES = 3
SRAM_IDLE_PANIC = re.compile(r"LR is at omap_sram_idle|omap_sram_idle from")


def core_off_idle(row: Row, trace: str) -> Tuple[str, str]:
    """No cable, row.state (mem), the RTC alarm in 5 s, CORE_OFF_CYCLES
    times, the console's wake-up enabled as in tests/scenarios (its RX pad's
    wake irq is what re-arms 6.1's I/O chain at each suspend: docs/gta04.md
    "Power states"); after each wake the shell runs `sleep 1` (the idles
    that keep the MPU's logic run the kernel's idle code in the OCM RAM,
    omap3_do_wfi_sram) and pm_debug counts CORE's OFF entries.  Outcome:
    "every wake" (each woken by the PIH, the shell answering after it), or
    "panic in SRAM idle" (the shell silent, the kernel's console showing
    its Oops in omap_sram_idle and the panic: after a wake, or in an idle
    before the first suspend, where cpuidle's deepest state took CORE OFF
    already), else "?".  The row without power states, where CORE never
    leaves ON, is the control."""
    with booted(row, trace) as g:
        virq = g.pih_virq()
        core_off = "sed -n 's/^core_pwrdm ([A-Z]*),OFF:\\([0-9]*\\),.*/\\1/p' " \
                   "/sys/kernel/debug/pm_debug/count"
        seen: List[str] = []
        try:
            g.ok("mount -t debugfs none /sys/kernel/debug 2>/dev/null; true")
            g.ok("echo enabled > /sys/class/tty/ttyO2/power/wakeup")
            seen.append("booted, core OFF %s" % g.value(core_off))
            for n in range(1, CORE_OFF_CYCLES + 1):
                arm_alarm(g, 5)
                # a healthy kernel reaches WFI in seconds; a dead one (the
                # bug kernel's panic can come in an idle before the write)
                # need not be waited for the default 300 s
                sleep = row.suspend(g, wake_within=20, bound=90)
                if not sleep.woke or sleep.wakeup_irq != virq:
                    seen.append("wake %d: %s" % (n, describe(sleep, virq)))
                    return "; ".join(seen), "?"
                g.ok("sleep 1", timeout=30)
                seen.append("wake %d by the PIH, core OFF %s" % (n, g.value(core_off)))
        except Timeout:
            if SRAM_IDLE_PANIC.search(g.log) and "Kernel panic" in g.log:
                seen.append("then the kernel's Oops in omap_sram_idle and its panic")
                return "; ".join(seen), "panic in SRAM idle"
            raise
        return "; ".join(seen), "every wake"


PROCEDURES: Dict[str, Scenario] = {
    "chain": chain, "plug_asleep": plug_asleep, "bug1_rtc": bug1_rtc, "bug2_rtc": bug2_rtc,
    "article_rtc": article_rtc, "storm": storm, "core_off_idle": core_off_idle,
}


def load_rows() -> List[Row]:
    """The table: every row of the bug case files (tests/scenarios/bugs/),
    on each of its linux-source trees."""
    try:
        cases = load_bug_cases(tuple(PROCEDURES))
    except ScenarioError as ex:
        sys.exit("error: %s" % ex)
    rows = [Row(case, spec, source) for case in cases for spec in case.rows
            for source in spec.sources]
    names = [row.name for row in rows]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        sys.exit("error: tests/scenarios/bugs/: rows named twice: " + ", ".join(twice))
    return rows


# make check runs the rows on our small config (6.1 and 7.2, about 20 min of
# kernel builds from an empty cache on 2 cores); a row on another config
# (gta04+preempt: a tree of its own, about 9 min more, and race rows of up to
# 10 boots each) runs in make bugs, which runs every row.  A row file says
# otherwise with `check`.
def in_check(row: Row) -> bool:
    """Whether make check runs the row (make bugs runs them all)."""
    return row.in_check


def title(row: Row) -> str:
    """The row's scenario column."""
    return (row.title % (row.state + (" console up" if row.console_up else ""))
            + ("" if row.bus_timing else ", I2C untimed") + (", warp" if row.warp else "")
            + (", power states" if row.power_states else ""))


def run_row(row: Row, trace: str, rows: Sequence[Row]) -> None:
    """Run one row; `rows`: those whose pair pictures it may draw."""
    t0 = time.monotonic()
    try:
        row.detail, row.outcome = row.scenario(row, trace)
    except QemuDied as ex:       # a crash is a failure, never a verdict
        row.detail, row.outcome = "QEMU died: %s" % str(ex).splitlines()[0], "crash"
    except Exception as ex:  # pylint: disable=broad-except
        # any other error is the row's failure, reported in its line
        row.detail, row.outcome = ("%s: %s" % (type(ex).__name__, str(ex).splitlines()[0] if str(ex) else ""),
                                   "error")
    row.audit_got = row.audit_verdict()
    flagged = [line for line in row.audits if line.split(":")[0] == row.audit_got]
    row.detail += "; wake audit: %s" % (flagged[0] if row.audit_got != "agree" else
                                        "%d suspends, every one agreed" % len(row.audits))
    row.ok = row.outcome == row.expect and row.audit_got == row.audit
    row.secs = time.monotonic() - t0
    if not row.ok and os.path.exists(trace):
        # kept apart: the next run of the row overwrites its timeline log
        os.makedirs(FAILED_DIR, exist_ok=True)
        kept = os.path.join(FAILED_DIR, "%s-%s-%d.log" % (row.case, row.kname, int(time.time())))
        shutil.copyfile(trace, kept)
        row.detail += "; trace kept in " + kept
    try:
        row.detail += "; timeline " + " ".join(draw_row(row, trace, rows))
    except Exception as ex:  # pylint: disable=broad-except
        # a missing picture fails the row
        row.detail, row.ok = row.detail + "; timeline FAILED: %s" % ex, False


def table(rows: Sequence[Row]) -> NoReturn:
    """The table from the rows' saved results, and the pair pictures: exit
    status 1 only if a row has no result or a picture cannot be drawn (each
    row's verdict was counted by its own run)."""
    missing: List[str] = []
    done: List[Row] = []
    for row in rows:
        if not row.load():
            missing.append(row.name)
            continue
        try:
            pngs = draw_pairs(row, done)
        except Exception as ex:  # pylint: disable=broad-except
            # reported, and the table fails
            print("pair picture of %s FAILED: %s" % (row.name, ex))
            missing.append(row.name + " (pair picture)")
        else:
            if pngs:
                row.detail += "; pair " + " ".join(pngs)
        done.append(row)
        print(row.line())
    print("%d rows: %d as expected, %d not; %s"
          % (len(rows), sum(row.ok for row in done), sum(not row.ok for row in done),
             "no result from: " + ", ".join(missing) if missing else "every row has its result"))
    sys.exit(1 if missing else 0)


def main() -> None:
    """Run the table, a row of it, or print it (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", maxsplit=1)[0])
    parser.add_argument("--repeat", type=int, default=1, help="run the table N times (all must agree)")
    parser.add_argument("--only", action="append", default=[], metavar="TEXT",
                        help="rows whose name (case-kernel) contains TEXT; repeat for several")
    parser.add_argument("--build-only", action="store_true",
                    help="build (or find cached) every row's kernel, run nothing "
                         "(scripts/check.sh does this before the timed tests)")
    parser.add_argument("--list", action="store_true", help="print the rows' names")
    parser.add_argument("--check", action="store_true",
                        help="only the rows make check runs (their files' `check`: by default "
                             "those on the small config)")
    parser.add_argument("--row", metavar="NAME", help="run this row alone, save its result")
    parser.add_argument("--table", action="store_true",
                    help="print the table of the saved results, draw the pair pictures")
    args = parser.parse_args()
    all_rows = load_rows()
    rows = [row for row in all_rows if (not args.only or any(text in row.name for text in args.only))
            and (in_check(row) or not args.check)]
    if args.row:
        rows = [row for row in all_rows if row.name == args.row]
    if not rows:
        sys.exit("no row matches %r" % (args.row or " or ".join(args.only)))
    if args.list:
        print("\n".join(row.name for row in rows))
        return
    if args.table:
        table(rows)
    trace = os.path.join(os.environ.get("TMPDIR", "/tmp"), "gta04-bugs-trace-%d.log" % os.getpid())
    for row in rows:          # build every kernel first (seconds each once one exists)
        kernel(row.kname, row.patches, row.config, row.source)
    if args.build_only:
        print("%d kernels ready" % len({row.kname for row in rows if row.kname != "debian"}))
        return
    if args.row:
        row = rows[0]
        with contextlib.suppress(FileNotFoundError):
            os.unlink(row.result_path())
        try:
            run_row(row, trace, [])
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(trace)   # kept as OUT/<row>.log (and in FAILED_DIR if it failed)
        row.save()
        print(row.line())
        sys.exit(0 if row.ok else 1)
    failures = 0
    for n in range(args.repeat):
        print("== run %d/%d" % (n + 1, args.repeat))
        for row in rows:
            run_row(row, trace, all_rows)
            failures += not row.ok
            print(row.line())
            sys.stdout.flush()
    with contextlib.suppress(FileNotFoundError):
        os.unlink(trace)
    total = len(rows) * args.repeat
    print("%d passed, %d failed" % (total - failures, failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
