"""
A -M gta04 QEMU trace log as the swim lanes of the PMIC interrupt path
(scripts/irq-timeline draws them): the trace events the lanes read, the
parsed log and its suspend cycles, and the lanes of one window.
"""

import bisect
import gzip
import re
from typing import Callable, Dict, List, Optional, Sequence, TextIO, Tuple, TypedDict


# The trace events the timeline reads (and qemu_args enables).
EVENTS = (
    "twl4030_rtc_alarm", "twl4030_rtc_alarm_armed", "twl4030_rtc_irq",
    "twl4030_stimulus", "twl4030_usb_vbus_present", "twl4030_regulators_rail",
    "twl4030_bci_detect", "twl4030_bci_debounce", "twl4030_bci_source",
    "twl4030_sih_latch", "twl4030_sih_relatch", "twl4030_sih_clear", "twl4030_sih_mask",
    "twl4030_pih_update", "twl4030_int1",
    "omap3_intc_input", "omap3_intc_mask", "omap3_intc_output", "omap3_intc_sir_read",
    "omap3_i2c_start", "twl4030_read", "twl4030_write",
    "omap3_gptimer_write", "omap3_prcm_write", "omap3_uart_write",
    "omap3_synctimer_read", "omap3_prcm_pwrdm_state",
)

# Events that only a running CPU causes (for the CPU lane).
ACTIVITY = ("omap3_intc_sir_read", "omap3_i2c_start", "omap3_gptimer_write",
            "omap3_prcm_write", "omap3_uart_write", "omap3_intc_mask")

SIH_SOURCES = {
    "pwr-sih": ("PWRON", "CHG_PRES", "USB_PRES", "RTC_IT", "HOT_DIE", "PWROK_TO",
                "MBCHG", "SC_DETECT"),
}
PIH_BITS = ("GPIO", "KEYP", "BCI", "MADC", "USB", "PWR", "", "")
# TWL4030 registers whose read is the handler walking the chain:
# PIH_ISR_P1 (0x49:0x81), PWR_ISR1/2 (0x4b:0x2e/0x30), BCIISR1A/2A (0x4a:0xb9/0xba:
# the two bytes of line A, twl.h TWL4030_INTERRUPTS_BCIISR1A/2A = 0, 1)
STATUS_REGS = {(0x49, 0x81): "PIH_ISR", (0x4b, 0x2e): "PWR_ISR1", (0x4b, 0x30): "PWR_ISR2",
               (0x4a, 0xb9): "BCIISR1A", (0x4a, 0xba): "BCIISR2A"}

PHASES = ("PM: suspend entry", "Filesystems sync", "Freezing user space",
          "Freezing remaining", "Suspending console", "PM: suspend devices",
          "Disabling non-boot", "PM: resume devices", "PM: suspend exit",
          "Restarting tasks", "PM: Wakeup",
          # pm_debug_messages: the phases' ends, the wake-up irq, the last
          # check before WFI (a wake pending there aborts the suspend)
          "suspend of devices complete", "resume of devices complete",
          "Triggering wakeup from IRQ", "Checking wakeup interrupts",
          "failed to suspend", "write error")

LINE = re.compile(r"^(?:(\d+)@(\d+)\.(\d+):)?([a-z0-9_]+) ?(.*)$")

# The lanes, top to bottom; the SIH lanes go between LEVEL_LANES and CHAIN_LANES
LEVEL_LANES = ("suspend phases", "RTC alarm", "PWRON", "VBUS", "VUSB3V1", "BCI")
CHAIN_LANES = ("PIH", "INT1", "INTC 7 input", "INTC 7 masked", "CPU", "I2C1")
# The PRM's power domains with a lane each, under CHAIN_LANES, when the
# trace has their transitions (omap3_prcm_pwrdm_state): the state below ON
# as a bar, drawn like the level it is
DOMAIN_LANES = ("MPU", "NEON", "CORE", "PER")
PWRST = {0: ("OFF", "masked"), 1: ("RET", "light"), 2: ("INA", "idle")}

Event = Tuple[float, str, str]          # time, event, its arguments
Bar = Tuple[float, float, str, str]     # start, end, label, style
Mark = Tuple[float, str, str]           # time, label, style
Level = Tuple[float, bool]              # time, level from then on


class Lane(TypedDict):  # pylint: disable=too-few-public-methods
    """One swim lane: its bars (intervals) and marks (instants)."""
    name: str
    bars: List[Bar]
    marks: List[Mark]


class TimelineError(Exception):
    """The log cannot be drawn as asked."""


def qemu_args(log: str) -> List[str]:
    """The QEMU options that record `log` with every event the lanes read."""
    args = ["-msg", "timestamp=on", "-D", log]
    for event in EVENTS:
        args += ["-trace", "enable=" + event]
    return args


def _open(path: str) -> TextIO:
    if path.endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8", errors="replace")
    return open(path, "r", encoding="utf-8", errors="replace")


# REG_32KSYNCNT_CR (DM37x TRM 16.3.5): the 32 kHz sync counter, read by
# Linux's sched_clock (every printk stamp) and by the tests' monitor
SYNC_READ = re.compile(r"0x10 -> 0x([0-9a-f]+)")
SYNC_HZ = 32768.0


def virtual_clock(events: List[Event]) -> Optional[Callable[[float], float]]:
    """
    The guest's virtual time (s) at a host time stamp of the log, from the
    32 kHz counter reads in it: each read pairs a host stamp with the
    counter's value; between two reads the host stamps are spread linearly
    over the virtual time that passed, unless that time leapt (below).
    Exact at the reads; between them within the host's jitter at a read's
    side.  None with fewer than two reads.
    """
    anchors: List[Tuple[float, float]] = []
    wraps = 0
    last = -1
    for t, event, args in events:
        m = SYNC_READ.match(args) if event == "omap3_synctimer_read" else None
        if not m:
            continue
        ticks = int(m.group(1), 16)
        if ticks < last:
            wraps += 1
        last = ticks
        virt = (ticks + wraps * 2 ** 32) / SYNC_HZ
        if anchors and t <= anchors[-1][0]:
            continue                # one host stamp, one anchor
        anchors.append((t, max(virt, anchors[-1][1] if anchors else virt)))
    if len(anchors) < 2:
        return None
    hosts = [a[0] for a in anchors]

    def virtual_s(t: float) -> float:
        i = bisect.bisect_right(hosts, t)
        if i == 0:                  # before the first read: the host's rate
            return anchors[0][1] - (anchors[0][0] - t)
        if i == len(anchors):
            return anchors[-1][1] + (t - anchors[-1][0])
        (host0, virt0), (host1, virt1) = anchors[i - 1], anchors[i]
        if virt1 - virt0 <= host1 - host0:  # the guest no faster than the host: evenly
            return virt0 + (t - host0) / (host1 - host0) * (virt1 - virt0)
        # virtual time leapt (warp mode: -icount sleep=off jumps an idle
        # board to its next timer): an event belongs to the read it is
        # nearer to in host time, at the host's rate from it (the kernel
        # running up to WFI after one, a timer's event waking it before the
        # other)
        near = virt0 + (t - host0) if t - host0 < host1 - t else virt1 - (host1 - t)
        return min(max(near, virt0), virt1)
    return virtual_s


class Trace:  # pylint: disable=too-few-public-methods
    """The parsed log: (time, event, args) tuples and the console text."""

    def __init__(self, path: str):
        self.events: List[Event] = []
        # host time stamps (-msg timestamp=on); else the event index is the time
        self.timed: Optional[bool] = None
        with _open(path) as fh:
            for n, line in enumerate(fh):
                m = LINE.match(line.rstrip("\n"))
                if not m or m.group(4) not in EVENTS:
                    continue
                if m.group(2) is not None:
                    t = int(m.group(2)) + int(m.group(3)) / 1e6
                    self.timed = True if self.timed is None else self.timed
                else:
                    t = float(n)
                    self.timed = False
                self.events.append((t, m.group(4), m.group(5)))
        # the times on the guest's virtual clock where the log can say it
        # (the 32 kHz counter read at least twice), else the host's
        self.clock = "index" if not self.timed else "host"
        to_virtual = virtual_clock(self.events) if self.timed else None
        if to_virtual is not None:
            convert: Callable[[float], float] = to_virtual
            self.events = [(convert(t), e, a) for t, e, a in self.events]
            self.clock = "virtual"
        lines = self._console_lines()
        # the guest's irq handlers and wake-up sources (ftrace), if recorded
        self.handlers: List[Callback] = []
        self.wakeups: List[Tuple[float, str]] = []
        # a dmesg printed on the console replays old kernel lines: not the
        # kernel speaking now (a stamp older than one the console showed)
        lines = live_lines(lines)
        self.phases = [(t, text) for t, _stamp, text in lines if any(p in text for p in PHASES)]
        stamps = StampClock(lines, [float(m.group(1)) for m in (
            FTRACE.match(text) for _t, _s, text in lines)
            if m and m.group(2) == "suspend_resume" and CLOCK_RESUMED.match(m.group(3))])
        self.callbacks = callbacks(lines, stamps if self.clock == "virtual" else None)
        if self.clock == "virtual":
            # the guest's ftrace events, dumped on the console (gta04.ftrace):
            # their stamps are sched_clock's, as printk's
            events = ftrace_events(lines, stamps)
            self.callbacks += ftrace_callbacks(events)
            self.phases = sorted(self.phases + ftrace_phases(events))
            self.handlers, self.wakeups = ftrace_handlers(events)

    def _console_lines(self) -> List[Tuple[float, Optional[float], str]]:
        """(time of its first character, printk stamp or None, text) of each
        console line, rebuilt from UART3's THR."""
        lines: List[Tuple[float, Optional[float], str]] = []
        cur = ""
        t0: Optional[float] = None
        rx = re.compile(r"uart3: \[0x00\] <- 0x([0-9a-f]+)")
        for t, event, args in self.events:
            if event != "omap3_uart_write":
                continue
            m = rx.match(args)
            if not m:
                continue
            c = int(m.group(1), 16)
            if c == 0x0a:
                stamp = STAMP.match(cur.strip())
                if t0 is not None:
                    lines.append((t0, float(stamp.group(1)) if stamp else None,
                                  cur.strip()[stamp.end():] if stamp else cur.strip()))
                cur, t0 = "", None
            elif 0x20 <= c < 0x7f:
                if t0 is None:
                    t0 = t
                cur += chr(c)
        return lines

    def window(self, cycle: int, before: float = 0.3, after: float = 1.5
               ) -> Tuple[float, float, float]:
        """
        The window of suspend cycle `cycle` (1 the first, -1 the last):
        start, end and its anchor, the cycle's "PM: suspend entry".
        """
        entries = [t for t, text in self.phases if "PM: suspend entry" in text]
        end_of_log = self.events[-1][0] if self.events else 0.0
        if not entries:
            start = self.events[0][0] if self.events else 0.0
            return start, end_of_log, start
        i = cycle - 1 if cycle > 0 else len(entries) + cycle
        if not 0 <= i < len(entries):
            raise TimelineError("the log has %d suspend cycles, no cycle %d" % (len(entries), cycle))
        anchor = entries[i]
        end = entries[i + 1] - 0.05 if i + 1 < len(entries) else end_of_log
        exits = [t for t, text in self.phases if "PM: suspend exit" in text and anchor < t < end]
        if exits:
            end = min(end, exits[0] + after)
        return anchor - (before if self.timed else 50), end, anchor


# a printk time stamp, "[   12.345678] " (after the tests' own marker, which
# gta04.shell prints before a command's output, where there is one)
STAMP = re.compile(r"^(?:__GTA04\w*?__\d*)?\[\s*([0-9]+\.[0-9]+)\]\s*")
# pm_print_times (drivers/base/power/main.c initcall_debug_start/report)
CALLING = re.compile(r"^(?:\S+ )?(\S+): PM: calling (\w+)\+0x[0-9a-f]+/0x[0-9a-f]+ @ \d+")
RETURNED = re.compile(r"^(?:\S+ )?(\S+): PM: (\w+)\+0x[0-9a-f]+/0x[0-9a-f]+ returned (-?\d+) "
                      r"after (\d+) usecs")
Callback = Tuple[float, float, str, str]    # start, end, device, callback (returned value)


def callbacks(lines: List[Tuple[float, Optional[float], str]],
              stamps: Optional["StampClock"]) -> List[Callback]:
    """
    The kernel's device PM callbacks (pm_print_times lines), on the log's
    clock: on the virtual clock (`stamps`) a callback ends at its
    "returned" line's printk stamp and began "after N usecs" before; on
    another clock, where the stamp's clock is not the log's, from the
    times the lines went out.
    """
    out: List[Callback] = []
    for t, stamp, text in lines:
        m = RETURNED.match(text)
        if not m:
            continue
        end = stamps.virtual(stamp) if stamps is not None and stamp is not None else t
        out.append((end - int(m.group(4)) / 1e6, end, m.group(1),
                    "%s (%s)" % (m.group(2), m.group(3))))
    return out


ConsoleLine = Tuple[float, Optional[float], str]    # UART time, printk stamp or None, text
FtraceEvent = Tuple[float, str, str]     # time (stamp or virtual), event, its arguments


def live_lines(lines: List[ConsoleLine]) -> List[ConsoleLine]:
    """The console lines but a replay of old kernel lines (dmesg on the
    console): a stamped line whose stamp is older than one already shown."""
    out, top = [], float("-inf")
    for line in lines:
        stamp = line[1]
        if stamp is not None:
            if stamp < top:
                continue
            top = stamp
        out.append(line)
    return out


# a rise in a line's lag (UART time less stamp) that is a sleep, not the
# console falling behind (which it catches up with); a line within LIVE_LAG
# of its epoch's least lag was printed as it happened
EPOCH_JUMP = 0.1
LIVE_LAG = 0.005
# ftrace steps that end where sched_clock resumed: the syscore resume of a
# suspend to mem, the tick's unfreeze in s2idle (kernel/time/tick-common.c)
CLOCK_RESUMED = re.compile(r"^(machine_suspend|timekeeping_freeze)\[\d+\] end$")


class StampClock:
    """
    printk and ftrace stamps (sched_clock) on the virtual clock.  On OMAP3
    sched_clock is the 32 kHz counter less a constant, and it stops while
    the system sleeps (sched_clock_suspend: a syscore op in mem, the tick's
    freeze in s2idle), so each sleep starts an epoch whose constant is
    larger by the time slept.  An epoch's constant is the least lag of its
    lines between the stamp and the first character on the UART; a new one
    begins where the lag jumps by more than EPOCH_JUMP.  Where an epoch
    begins in stamps: at the step that marks the clock's resume when the
    guest's ftrace recorded it (`resumed`: the stamps of CLOCK_RESUMED
    events), else at its first line printed as it happened (lines logged
    while the console slept come out after the wake with old stamps).
    """

    def __init__(self, lines: List[ConsoleLine], resumed: Sequence[float] = ()):
        # [where it begins (a stamp), its constant, the last stamp before it]
        self.epochs: List[List[float]] = []
        members: List[List[Tuple[float, float]]] = []
        last = float("-inf")
        for t, stamp, _text in lines:
            if stamp is None:
                continue
            lag = t - stamp
            if not self.epochs or lag > self.epochs[-1][1] + EPOCH_JUMP:
                self.epochs.append([stamp, lag, last])
                members.append([])
            else:
                self.epochs[-1][1] = min(self.epochs[-1][1], lag)
            members[-1].append((stamp, lag))
            last = stamp
        for epoch, lines_of in zip(self.epochs[1:], members[1:]):
            live = [stamp for stamp, lag in lines_of if lag <= epoch[1] + LIVE_LAG]
            marks = [r for r in resumed if epoch[2] < r <= min(live, default=epoch[0])]
            epoch[0] = min(marks) if marks else min(live, default=epoch[0])

    def _epoch(self, stamp: float) -> int:
        """The last epoch that begins at or before the stamp."""
        k = 0
        for i, epoch in enumerate(self.epochs):
            if stamp >= epoch[0]:
                k = i
        return k

    def virtual(self, stamp: float) -> float:
        """The virtual time of a printk stamp."""
        return stamp + (self.epochs[self._epoch(stamp)][1] if self.epochs else 0.0)

    def in_order(self, events: List[FtraceEvent]) -> List[FtraceEvent]:
        """ftrace events (stamps, in the buffer's order) on the virtual
        clock.  The steps around a sleep share one 30.5 us tick of a clock
        that stood still: one at the epoch's first stamp belongs to it only
        once the buffer has passed the step that marks the resume."""
        seen = set()
        out = []
        for stamp, event, args in events:
            k = self._epoch(stamp)
            if event == "suspend_resume" and CLOCK_RESUMED.match(args):
                seen.add(k)
            if k and stamp == self.epochs[k][0] and k not in seen:
                k -= 1
            out.append((stamp + self.epochs[k][1] if self.epochs else stamp, event, args))
        return out


# a line of the guest's ftrace buffer as gta04.ftrace.dump prints it (after
# the shell's marker, if any)
FTRACE = re.compile(r"^(?:__GTA04\w*?__\d*)?ft (\d+\.\d+) (\w+): (.*)$")
# power:device_pm_callback_start/end (include/trace/events/power.h)
PM_CALLBACK_START = re.compile(r"^(\S+) (\S+), parent: \S+, (.*)\[(\w+)\]$")
PM_CALLBACK_END = re.compile(r"^(\S+) (\S+), err=(-?\d+)$")
# power:suspend_resume: ACTION[STATE] begin|end
SUSPEND_RESUME = re.compile(r"^(\w+)\[\d+\] (begin|end)$")


def ftrace_events(lines: List[ConsoleLine], stamps: StampClock) -> List[FtraceEvent]:
    """The ftrace events among the console lines, on the virtual clock,
    in time order (a dump comes after the cycle it recorded)."""
    out = stamps.in_order([(float(m.group(1)), m.group(2), m.group(3))
                           for m in (FTRACE.match(text) for _t, _s, text in lines) if m])
    # by time only: events of one stamp (a callback's start and end, at the
    # counter's 30.5 us resolution) keep the buffer's order
    return sorted(out, key=lambda e: e[0])


def ftrace_callbacks(events: List[FtraceEvent]) -> List[Callback]:
    """The device PM callbacks of power:device_pm_callback_start/end.  One
    device's callbacks never overlap, so an end belongs to the device's
    last start; a start with no end (the PM core traces some steps that
    have no callback, e.g. a prepare) is dropped at the device's next."""
    started: Dict[Tuple[str, str], Tuple[float, str]] = {}
    out: List[Callback] = []
    for t, event, args in events:
        if event == "device_pm_callback_start":
            m = PM_CALLBACK_START.match(args)
            if m:
                # no ops named: the PM core's prepare and complete steps
                # (drivers/base/power/main.c device_prepare/device_complete)
                ops = m.group(3).strip() or ("prepare" if m.group(4) == "suspend" else "complete")
                started[(m.group(1), m.group(2))] = (t, "%s %s" % (ops, m.group(4)))
        elif event == "device_pm_callback_end":
            m = PM_CALLBACK_END.match(args)
            if m and (m.group(1), m.group(2)) in started:
                start, what = started.pop((m.group(1), m.group(2)))
                out.append((start, t, m.group(2), "%s (%s)" % (what, m.group(3))))
    return out


IRQ_ENTRY = re.compile(r"^irq=(\d+) name=(.*)$")
IRQ_EXIT = re.compile(r"^irq=(\d+) ret=(\w+)$")
WAKEUP_SOURCE = re.compile(r"^(.*) state=0x[0-9a-f]+$")


def ftrace_handlers(events: List[FtraceEvent]
                    ) -> Tuple[List[Callback], List[Tuple[float, str]]]:
    """irq:irq_handler_entry/exit as (start, end, name, "irq N (ret)"), and
    power:wakeup_source_activate/deactivate as marks."""
    started: Dict[str, Tuple[float, str]] = {}
    handlers: List[Callback] = []
    wakeups: List[Tuple[float, str]] = []
    for t, event, args in events:
        if event == "irq_handler_entry":
            m = IRQ_ENTRY.match(args)
            if m:
                started[m.group(1)] = (t, m.group(2))
        elif event == "irq_handler_exit":
            m = IRQ_EXIT.match(args)
            if m and m.group(1) in started:
                start, name = started.pop(m.group(1))
                handlers.append((start, t, name, "irq %s (%s)" % (m.group(1), m.group(2))))
        elif event in ("wakeup_source_activate", "wakeup_source_deactivate"):
            m = WAKEUP_SOURCE.match(args)
            if m:
                wakeups.append((t, "%s %s" % (m.group(1), event.rsplit("_", 1)[1])))
    return handlers, wakeups


def ftrace_phases(events: List[FtraceEvent]) -> List[Tuple[float, str]]:
    """The PM core's steps of power:suspend_resume (dpm_suspend_noirq,
    machine_suspend, ...) as phase marks: where each begins."""
    out = []
    for t, event, args in events:
        m = SUSPEND_RESUME.match(args) if event == "suspend_resume" else None
        if m and m.group(2) == "begin":
            out.append((t, "ftrace: %s" % m.group(1)))
    return out


def intervals(changes: List[Level], t_end: float) -> List[Tuple[float, float]]:
    """[(t, level)] -> [(start, end)] where level was true."""
    out = []
    since: Optional[float] = None
    for t, level in changes:
        if level and since is None:
            since = t
        elif not level and since is not None:
            out.append((since, t))
            since = None
    if since is not None:
        out.append((since, t_end))
    return out


def domain_states(trace: Trace) -> Dict[str, List[Tuple[float, int]]]:
    """The PRM's power domain transitions of DOMAIN_LANES: domain -> (time,
    the state entered: 0 OFF, 1 RET, 2 INA, 3 ON)."""
    out: Dict[str, List[Tuple[float, int]]] = {}
    for t, event, args in trace.events:
        m = re.match(r"(\w+)_pwrdm state \d -> (\d)", args) \
            if event == "omap3_prcm_pwrdm_state" else None
        if m and m.group(1) in DOMAIN_LANES:
            out.setdefault(m.group(1), []).append((t, int(m.group(2))))
    return out


class Lanes:  # pylint: disable=too-few-public-methods
    """
    A builder: build() once.

    The lanes of the window [t0, t1] of a trace.  Levels are collected over
    the whole log, so that a state entered before the window is drawn from
    its left edge; marks only inside the window.
    """

    def __init__(self, trace: Trace, t0: float, t1: float):
        self.trace, self.t0, self.t1 = trace, t0, t1
        self.lanes: Dict[str, Lane] = {}
        for name in LEVEL_LANES:
            self._lane(name)
            # the kernel's device callbacks under its phases, when it printed them
            if name == "suspend phases" and any(end >= t0 and start <= t1
                                                for start, end, _d, _c in trace.callbacks):
                self._lane("kernel callbacks")
            # the guest's own irq handlers and wake-up sources (ftrace)
            if name == "suspend phases" and (
                    any(end >= t0 and start <= t1 for start, end, _n, _i in trace.handlers)
                    or any(t0 <= t <= t1 for t, _w in trace.wakeups)):
                self._lane("kernel irq handlers")
        # the SIHs' INT1 halves (INT2 is not wired on the GTA04): PWR and BCI
        # always, the others when something latched in the window
        sihs = ["pwr-sih", "bci-sih"]
        for t, event, args in trace.events:
            m = re.match(r"(\S+) ISR1 (?:latches )?source", args) \
                if event.startswith("twl4030_sih_") else None
            if m and t0 <= t <= t1 and m.group(1) not in sihs:
                sihs.append(m.group(1))
        for sih in sihs:
            self._lane("SIH %s ISR1" % sih.replace("-sih", ""))
        for name in CHAIN_LANES:
            self._lane(name)
        self.pwrst = domain_states(trace)
        for name in DOMAIN_LANES:
            if name in self.pwrst:
                self._lane("%s power" % name)
        self.levels: Dict[str, List[Level]] = {
            k: [] for k in ("rtc_it", "pwron", "cable", "vbus", "vusb3v1", "usbchg", "acchg",
                            "int1", "intc7", "mir7")}
        self.pending: Dict[Tuple[str, ...], List[Level]] = {}    # (sih, n, src) -> latched
        self.imr: Dict[Tuple[str, str], List[Tuple[float, int]]] = {}  # (sih, n) -> IMR values
        self.pih: List[Tuple[float, int]] = []
        self.activity: List[float] = []
        handlers: Dict[str, Callable[[float, str, str], None]] = {
            "twl4030_rtc_irq": self._rtc_irq, "twl4030_rtc_alarm": self._rtc_alarm,
            "twl4030_rtc_alarm_armed": self._rtc_alarm,
            "twl4030_stimulus": self._stimulus, "twl4030_usb_vbus_present": self._vbus,
            "twl4030_regulators_rail": self._rail, "twl4030_bci_detect": self._bci_detect,
            "twl4030_bci_source": self._bci_source, "twl4030_sih_latch": self._sih,
            "twl4030_sih_relatch": self._sih, "twl4030_sih_clear": self._sih,
            "twl4030_sih_mask": self._sih_mask, "twl4030_pih_update": self._pih,
            "twl4030_int1": self._int1, "omap3_intc_input": self._intc_input,
            "omap3_intc_sir_read": self._sir_read, "omap3_i2c_start": self._i2c_start,
            "twl4030_read": self._twl_read, "omap3_intc_mask": self._intc_mask,
        }
        for t, event, args in trace.events:
            handler = handlers.get(event)
            if handler:
                handler(t, event, args)
            if event in ACTIVITY:
                self.activity.append(t)

    def _lane(self, name: str) -> Lane:
        if name not in self.lanes:
            self.lanes[name] = {"name": name, "bars": [], "marks": []}
        return self.lanes[name]

    def _inside(self, t: float) -> bool:
        return self.t0 <= t <= self.t1

    # -- one handler per kind of event: (time, event, arguments)
    def _rtc_irq(self, t: float, _event: str, args: str) -> None:
        m = re.match(r"RTC_IT (\d)", args)
        self.levels["rtc_it"].append((t, bool(m and m.group(1) == "1")))

    def _rtc_alarm(self, t: float, event: str, args: str) -> None:
        if not self._inside(t):
            return
        if event == "twl4030_rtc_alarm":
            self.lanes["RTC alarm"]["marks"].append((t, "alarm", "event"))
        else:
            self.lanes["RTC alarm"]["marks"].append(
                (t, "armed " + args.replace("alarm in ", "+"), "info"))

    def _stimulus(self, t: float, _event: str, args: str) -> None:
        m = re.match(r"input signal (\d) level (\d)", args)
        if m:
            key = {"0": "pwron", "1": "cable"}.get(m.group(1))
            if key:
                self.levels[key].append((t, m.group(2) == "1"))

    def _vbus(self, t: float, _event: str, args: str) -> None:
        m = re.match(r"VBUS comparator: cable (\d) VUSB3V1 (\d) -> vbus-present (\d)", args)
        if m:
            self.levels["cable"].append((t, m.group(1) == "1"))
            self.levels["vbus"].append((t, m.group(3) == "1"))

    def _rail(self, t: float, _event: str, args: str) -> None:
        m = re.match(r"(\w+) on=(\d)", args)
        if m and m.group(1) == "vusb3v1":
            self.levels["vusb3v1"].append((t, m.group(2) == "1"))

    def _bci_detect(self, t: float, _event: str, args: str) -> None:
        m = re.match(r"(\w+) charger detected (\d)", args)
        if m:
            self.levels["usbchg" if m.group(1) == "usb" else "acchg"].append((t, m.group(2) == "1"))
            if self._inside(t):
                self.lanes["BCI"]["marks"].append(
                    (t, "%s %s" % (m.group(1), "in" if m.group(2) == "1" else "lost"), "event"))

    def _bci_source(self, t: float, _event: str, args: str) -> None:
        m = re.match(r"interrupt source (\d+) level (\d)", args)
        if self._inside(t) and m and m.group(2) == "1":
            self.lanes["BCI"]["marks"].append((t, "irq src %s" % m.group(1), "event"))

    def _sih(self, t: float, event: str, args: str) -> None:
        m = re.match(r"(\S+) ISR(\d) (?:latches )?source (\d+)", args)
        if m:
            self.pending.setdefault(m.groups(), []).append((t, event != "twl4030_sih_clear"))

    def _sih_mask(self, t: float, _event: str, args: str) -> None:
        m = re.match(r"(\S+) IMR(\d) = 0x([0-9a-f]+)", args)
        if m:
            self.imr.setdefault((m.group(1), m.group(2)), []).append((t, int(m.group(3), 16)))

    def _pih(self, t: float, _event: str, args: str) -> None:
        m = re.match(r"PIH_ISR_P1 0x([0-9a-f]+)", args)
        if m:
            self.pih.append((t, int(m.group(1), 16)))

    def _int1(self, t: float, _event: str, args: str) -> None:
        self.levels["int1"].append((t, args.strip() == "INT1 1"))

    def _intc_input(self, t: float, _event: str, args: str) -> None:
        m = re.match(r"line (\d+) level (\d)", args)
        if m and m.group(1) == "7":
            self.levels["intc7"].append((t, m.group(2) == "1"))

    def _sir_read(self, t: float, _event: str, args: str) -> None:
        m = re.match(r"SIR_irq read \(ack\) 0x([0-9a-f]+)", args, re.I)
        if self._inside(t) and m and int(m.group(1), 16) == 7:
            self.lanes["CPU"]["marks"].append((t, "takes INTC 7", "event"))

    def _i2c_start(self, t: float, _event: str, args: str) -> None:
        m = re.match(r"(i2c\.\d): start addr 0x([0-9a-f]+) (\w+)", args)
        if self._inside(t) and m and m.group(1) == "i2c.1":
            self.lanes["I2C1"]["marks"].append((t, "", "tick"))

    def _twl_read(self, t: float, _event: str, args: str) -> None:
        m = re.match(r"0x([0-9a-f]+):0x([0-9a-f]+) -> 0x([0-9a-f]+)", args)
        if self._inside(t) and m:
            reg = STATUS_REGS.get((int(m.group(1), 16), int(m.group(2), 16)))
            if reg:
                self.lanes["I2C1"]["marks"].append((t, "%s=%s" % (reg, m.group(3)), "status"))

    def _intc_mask(self, t: float, _event: str, args: str) -> None:
        m = re.match(r"MIR0 = 0x([0-9a-f]+)", args)
        if m:
            self.levels["mir7"].append((t, bool(int(m.group(1), 16) & 0x80)))

    # -- the bars, from the levels collected
    def _bars(self, name: str, key: str, label: str, style: str = "on") -> None:
        for start, end in intervals(self.levels[key], self.t1):
            if end >= self.t0 and start <= self.t1:
                self.lanes[name]["bars"].append((max(start, self.t0), min(end, self.t1), label, style))

    def _sih_bars(self) -> None:
        t0, t1 = self.t0, self.t1
        for (sih, n, src), changes in self.pending.items():
            if n != "1":
                continue
            name = "SIH %s ISR%s" % (sih.replace("-sih", ""), n)
            names = SIH_SOURCES.get(sih, ())
            label = names[int(src)] if int(src) < len(names) else "src %s" % src
            for start, end in intervals(changes, t1):
                if end < t0 or start > t1:
                    continue
                style = "masked" if self._masked_at(sih, n, int(src), start) else "event"
                if name in self.lanes:
                    self.lanes[name]["bars"].append((max(start, t0), min(end, t1), label, style))

    def _masked_at(self, sih: str, n: str, src: int, when: float) -> bool:
        """Whether source `src` of SIH ISR n was masked in its IMR at `when`."""
        imr = 0
        for changed, value in self.imr.get((sih, n), []):
            if changed <= when:
                imr = value
        return bool(imr >> src & 1)

    def _imr_marks(self) -> None:
        t0, t1 = self.t0, self.t1
        for (sih, n), masks in self.imr.items():
            name = "SIH %s ISR%s" % (sih.replace("-sih", ""), n)
            if name not in self.lanes:
                continue
            for when, value in masks:
                if t0 <= when <= t1:
                    self.lanes[name]["marks"].append((when, "IMR 0x%02x" % value, "info"))

    def _pih_bars(self) -> None:
        t0, t1 = self.t0, self.t1
        prev_t: Optional[float] = None
        prev_v = 0
        for t, value in self.pih + [(t1, 0)]:
            if prev_v and prev_t is not None and t >= t0 and prev_t <= t1:
                bits = "+".join(PIH_BITS[b] for b in range(8) if prev_v >> b & 1 and PIH_BITS[b])
                self.lanes["PIH"]["bars"].append((max(prev_t, t0), min(t, t1),
                                                  bits or "0x%02x" % prev_v, "event"))
            prev_t, prev_v = t, value

    def _domain_bars(self) -> None:
        """Each domain's time below ON: OFF, RET or INA (PM_PWSTST)."""
        t0, t1 = self.t0, self.t1
        for name, changes in self.pwrst.items():
            for (start, state), (end, _next) in zip(changes, changes[1:] + [(t1, 3)]):
                if state in PWRST and end >= t0 and start <= t1:
                    label, style = PWRST[state]
                    self.lanes["%s power" % name]["bars"].append(
                        (max(start, t0), min(end, t1), label, style))

    def _cpu_bars(self, idle_ms: float) -> None:
        """Running where guest accesses are closer than idle_ms, else idle."""
        t0, t1 = self.t0, self.t1
        bars = self.lanes["CPU"]["bars"]
        gap = idle_ms / 1000.0 if self.trace.timed else idle_ms
        acts = [t for t in self.activity if t0 - gap <= t <= t1]
        if not acts:
            return
        start: Optional[float] = acts[0]
        prev = acts[0]
        for t in acts[1:] + [None]:
            if t is None or t - prev > gap:
                bars.append((max(start or 0.0, t0), min(prev, t1), "running", "light"))
                if t is not None:
                    bars.append((max(prev, t0), min(t, t1), "idle", "idle"))
                start = t
            if t is not None:
                prev = t
        if t1 - prev > gap:
            bars.append((max(prev, t0), t1, "idle", "idle"))

    def build(self, idle_ms: float) -> List[Lane]:
        """The lanes, top to bottom, with their bars and marks."""
        for t, text in self.trace.phases:
            if self._inside(t) and "completed" not in text:
                self.lanes["suspend phases"]["marks"].append(
                    (t, text.replace("PM: ", "")[:48], "phase"))
        for start, end, device, callback in self.trace.callbacks:
            if end >= self.t0 and start <= self.t1 and "kernel callbacks" in self.lanes:
                self.lanes["kernel callbacks"]["bars"].append(
                    (max(start, self.t0), min(end, self.t1), "%s %s" % (device, callback), "light"))
        if "kernel irq handlers" in self.lanes:
            lane = self.lanes["kernel irq handlers"]
            for start, end, name, irq in self.trace.handlers:
                if end >= self.t0 and start <= self.t1:
                    lane["bars"].append((max(start, self.t0), min(end, self.t1),
                                         "%s %s" % (name, irq), "event"))
            lane["marks"] += [(t, text, "phase") for t, text in self.trace.wakeups if self._inside(t)]
        self._bars("RTC alarm", "rtc_it", "RTC_IT", "event")
        self._bars("PWRON", "pwron", "held")
        self._bars("VBUS", "cable", "cable in", "light")
        self._bars("VBUS", "vbus", "vbus-present")
        self._bars("VUSB3V1", "vusb3v1", "on")
        self._bars("BCI", "usbchg", "USB charger", "light")
        self._bars("BCI", "acchg", "AC charger", "light")
        self._sih_bars()
        self._imr_marks()
        self._pih_bars()
        self._bars("INT1", "int1", "asserted", "event")
        self._bars("INTC 7 input", "intc7", "asserted", "event")
        self._bars("INTC 7 masked", "mir7", "masked (MIR0 bit 7)", "masked")
        self._cpu_bars(idle_ms)
        self._domain_bars()
        return list(self.lanes.values())


def lanes(trace: Trace, t0: float, t1: float, idle_ms: float) -> List[Lane]:
    """The lanes of the window [t0, t1]: name, bars and marks, top to bottom."""
    return Lanes(trace, t0, t1).build(idle_ms)


def i2c_accesses(trace: Trace, t0: float, t1: float) -> List[Mark]:
    """The TWL4030 register reads and writes in [t0, t1]: (time, what,
    "status" for a read of an interrupt status register, else "i2c")."""
    out: List[Mark] = []
    for t, event, args in trace.events:
        if event not in ("twl4030_read", "twl4030_write") or not t0 <= t <= t1:
            continue
        m = re.match(r"0x([0-9a-f]+):0x([0-9a-f]+) (->|<-) 0x([0-9a-f]+)", args)
        if not m:
            continue
        reg = STATUS_REGS.get((int(m.group(1), 16), int(m.group(2), 16)), "")
        what = "%s 0x%s:0x%s%s %s 0x%s" % ("read" if m.group(3) == "->" else "write",
                                          m.group(1), m.group(2), " " + reg if reg else "",
                                          m.group(3), m.group(4))
        out.append((t, what, "status" if reg and m.group(3) == "->" else "i2c"))
    return out
