"""
The wake audit: what the board says woke it, against what the kernel says.

The board's side is its own record, the QEMU trace: the first wake source
that fired in the cycle (a TWL4030 SIH latching a source, which drives INT1
into INTC 7; UART3's RX pad raising an I/O wake-up).  The kernel's side is
what a user reads after the wake: /sys/power/pm_wakeup_irq, the handler
counts of /proc/interrupts and /sys/power/suspend_stats.  A cycle agrees
when both name the same source; otherwise the audit says which of three
things happened: a lost wake (the board raised a source, the kernel did not
wake, or woke without handling it), a spurious wake (the kernel woke and
the board raised nothing), or a wake blamed on the wrong source.
"""

import os
import re
from typing import Dict, List, NamedTuple, Optional, Tuple

# The trace events the audit reads (qemu_args enables them)
EVENTS = ("twl4030_sih_latch", "omap3_scm_pad_event")

# PWR SIH ISR1 sources (TPS65950 TRM table "PWR_ISR1"; twl4030-pwrbutton,
# rtc-twl, twl4030_charger / phy-twl4030-usb)
PWR_SOURCES = {0: "pwron", 1: "cable", 2: "cable", 3: "rtc"}
# The handler (a /proc/interrupts name) each source's wake must run
HANDLERS = {"rtc": "rtc0", "pwron": "twl4030_pwrbutton"}

# other SIHs by what raises them on this board
SIH_SOURCES = {"bci-sih": "cable"}

LATCH = re.compile(r"twl4030_sih_latch (\S+) ISR1 latches source (\d+)")
# UART3's RX pad (CONTROL_PADCONF_UART3_RX_IRRX, hw/arm/dm3730.c) with its
# WAKEUPENABLE set: the console's wake through the I/O daisy chain (typing
# while awake shows WAKEUPENABLE 0: the kernel arms it for suspend)
UART_WAKE = re.compile(r"omap3_scm_pad_event wake-up condition on pad 0x19e \(WAKEUPENABLE 1\)")


class Verdict(NamedTuple):
    """One cycle's audit: agreed, and the one line that says so or why not."""
    agreed: bool
    line: str


def qemu_args(log: str) -> List[str]:
    """The QEMU options that record the audit's events in `log`."""
    args = ["-D", log]
    for event in EVENTS:
        args += ["-trace", "enable=" + event]
    return args


def board_source(lines: List[str]) -> Optional[str]:
    """The first wake source the board raised in these trace lines: rtc,
    pwron, cable, uart or another SIH's name; None if none fired."""
    for line in lines:
        m = LATCH.search(line)
        if m:
            sih, src = m.group(1), int(m.group(2))
            if sih == "pwr-sih":
                return PWR_SOURCES.get(src, "pwr source %d" % src)
            return SIH_SOURCES.get(sih, sih)
        if UART_WAKE.search(line):
            return "uart"
    return None


class WakeAudit:
    """Reads the trace log as it grows, one suspend cycle at a time."""

    def __init__(self, log: str, irqs: Dict[str, Tuple[str, ...]]):
        # irqs: the Linux irqs a source's wake may name in pm_wakeup_irq
        # ("pmic": the PIH's; "uart": the console UART's own and its RX
        # pad's wake-up irq, which names it when PER or CORE was OFF)
        self.log, self.irqs = log, irqs
        self.offset = 0
        self.cycles = 0
        self.disagreements: List[str] = []

    def start(self) -> None:
        """A cycle begins now: what the log holds so far is not part of it."""
        self.offset = os.path.getsize(self.log) if os.path.exists(self.log) else 0

    def _cycle_lines(self) -> List[str]:
        with open(self.log, encoding="utf-8", errors="replace") as fh:
            fh.seek(self.offset)
            return fh.read().splitlines()

    def judge(self, woke: bool, wakeup_irq: Optional[str],
              handler_runs: Dict[str, int], alarm_pending: Optional[bool] = None) -> Verdict:
        """Compare the board's first source of this cycle with the kernel's
        account: whether it woke, its pm_wakeup_irq, how much each
        handler's count grew over the cycle, and (when known) whether the
        RTC core still waits for its alarm after the wake.  An RTC wake is
        the kernel's when rtc-twl's handler ran or the RTC core took the
        alarm some other way (/sys/class/rtc/rtc0/wakealarm empty: a driver
        that re-reads RTC_STATUS on resume, as bug 2's fix does)."""
        self.cycles += 1
        source = board_source(self._cycle_lines())
        want_irq = self.irqs["uart"] if source == "uart" else self.irqs["pmic"]
        said = "kernel: %s, pm_wakeup_irq %s" % ("woke" if woke else "asleep", wakeup_irq)
        if source is None:
            verdict = Verdict(not woke, "spurious wake: the board raised no source; " + said
                              if woke else "no source, no wake")
        elif not woke:
            verdict = Verdict(False, "lost wake: the board raised %s; %s" % (source, said))
        elif wakeup_irq not in want_irq:
            verdict = Verdict(False, "wrong source: the board raised %s (irq %s); %s"
                              % (source, " or ".join(want_irq), said))
        elif source in HANDLERS and handler_runs.get(HANDLERS[source], 0) < 1 \
                and not (source == "rtc" and alarm_pending is False):
            verdict = Verdict(False, "lost wake: the board raised %s, woke by irq %s, but %s "
                              "did not run%s" % (source, wakeup_irq, HANDLERS[source],
                                                 " and the RTC still waits for its alarm"
                                                 if alarm_pending else ""))
        else:
            verdict = Verdict(True, "agree: %s, irq %s" % (source, wakeup_irq))
        if not verdict.agreed:
            self.disagreements.append("cycle %d: %s" % (self.cycles, verdict.line))
        return verdict
