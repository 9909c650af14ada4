"""
One suspend of the guest, observed by guest time: did it wake, when, by
which irq; or, still asleep, what the board shows.
"""

import re
import time
from functools import partial
from typing import Callable, NamedTuple, Optional, Tuple, Union

from .board import INTC_ITR0, INTC_MIR0, PROMPT, STIMULI
from .console import Console
from .errors import Timeout
from .monitor import Monitor, qom_text
from .shell import STATUS, Shell, typed


class BoardWrite(NamedTuple):
    """
    An outside event as a QOM property write (the power button, the cable):
    a stimulus for Suspender.suspend that the board itself can apply.  In
    warp mode it does (/machine/stimuli on-console, started by the guest's
    own line that says it is asleep); at host speed the host sets it.
    `at` names another moment, and the board applies it then in either
    mode: "console:TEXT" (the next console line holding TEXT),
    "line:WIRE:LEVEL" (the board's wire int1 or standbywfi changing to
    LEVEL) or "write:ADDR:MASK:VALUE" (the guest's next 32-bit write to the
    register at ADDR with those bits), the stimulus delay counting from
    there.
    """
    path: str
    prop: str
    value: Union[bool, int, str]
    at: str = ""

    def apply(self, monitor: Monitor) -> None:
        """Set it now, from the host."""
        monitor.qom_set(self.path, self.prop, self.value)

    def text(self) -> str:
        """The value as the board's stimuli take it (QOM's string form)."""
        return qom_text(self.value)

    def arm(self, monitor: Monitor, asleep_line: str, delay: float) -> None:
        """Have the board apply it `delay` guest seconds after its moment
        (`asleep_line`: the guest's last line before it sleeps, when `at`
        names no other)."""
        kind, _, rest = self.at.partition(":")
        if kind == "line":
            wire, _, level = rest.rpartition(":")
            monitor.stimulus_on_line(wire, level == "1", delay, self.path, self.prop, self.text())
        elif kind == "write":
            addr, mask, value = (int(v, 0) for v in rest.split(":"))
            monitor.stimulus_on_write(addr, mask, value, delay, self.path, self.prop, self.text())
        else:
            monitor.stimulus_on_console(rest if kind == "console" else asleep_line, delay,
                                        self.path, self.prop, self.text())


# What Suspender.suspend takes as a stimulus: a board write, or any host action
Stimulus = Union[BoardWrite, Callable[[], object]]


class Sleep:  # pylint: disable=too-few-public-methods
    """What one suspend saw.  Times are guest seconds (32 kHz counter)."""

    def __init__(self, state: str):
        self.state = state
        self.woke: Optional[bool] = None    # True: the write returned; False: asleep when observed
        self.status: Optional[int] = None   # exit status of the write
        self.wakeup_irq: Optional[str] = None   # /sys/power/pm_wakeup_irq after the wake
        self.entered = 0.0                  # console suspended (console up: tasks frozen)
        self.asleep: Optional[float] = None     # console up: the noirq phase ended (else = entered)
        self.stimulated: Optional[float] = None     # stimulus applied
        self.returned: Optional[float] = None   # write returned
        self.then_output = ""               # what suspend(then=...) printed after the write returned
        self.observed: Optional[float] = None   # found still asleep (woke False)
        self.stalled = False                # warp mode: found asleep with nothing pending
        self.qemu_status: Optional[str] = None  # QMP query-status when found asleep
        self.itr0: Optional[int] = None     # INTC raw input when found asleep
        self.mir0: Optional[int] = None     # INTC mask when found asleep
        # warp mode: entered and returned are when the host read the clock,
        # no measure of the guest's (a stimulus's time, stimulated, is)
        self.host_paced = False

    def woke_after_stimulus(self) -> bool:
        """Whether it woke, with a stimulus applied no later than the write returned."""
        return bool(self.woke) and self.stimulated is not None and self.returned is not None \
            and self.returned >= self.stimulated

    def __str__(self) -> str:
        if self.woke and self.host_paced:
            # warp mode: the host read both times when it got to it, while
            # an awake guest's time jumped on (docs/gta04.md "Hours in minutes")
            return "woke, status %s, wakeup irq %s" % (self.status, self.wakeup_irq)
        if self.woke:
            return "woke %.1f guest s after the console suspended, status %s, wakeup irq %s" % (
                (self.returned or 0.0) - self.entered, self.status, self.wakeup_irq)
        itr0, mir0 = self.itr0 or 0, self.mir0 or 0
        return ("still asleep %.1f guest s after the console suspended%s (QEMU %s; INTC 7 %s, %s)"
                % ((self.observed or 0.0) - self.entered,
                   ", its time standing still: nothing pending" if self.stalled else "",
                   self.qemu_status,
                   "asserted" if itr0 & 0x80 else "idle",
                   "masked" if mir0 & 0x80 else "unmasked"))


# A console line of the way back from a sleep (the PM core's resume phases,
# with the console up; the thaw and the exit otherwise)
RESUMING = re.compile(r"resume of devices|Restarting tasks|PM: suspend exit")


class Suspender:  # pylint: disable=too-few-public-methods
    """
    Suspends the guest on a console, shell and monitor.

    ``console_up``: a developer watching suspend on the serial console (see
    Guest): the stimulus and the wait then count from the end of the noirq
    phase.  ``console_suspends``: the kernel suspends its console (no
    no_console_suspend), and says so, as the last line before the devices
    suspend.
    """

    def __init__(self, console: Console, shell: Shell, monitor: Monitor,
                 console_up: bool, console_suspends: bool, warp: bool = False):
        self.console = console
        self.shell = shell
        self.monitor = monitor
        self.console_up = console_up
        self.console_suspends = console_suspends
        # warp mode: a board asleep with nothing pending has a clock that
        # stands still, so wake_within never passes; its stalled clock is
        # the verdict instead (Monitor.clock_stalled)
        self.warp = warp

    def _asleep_line(self) -> str:
        """The guest's last line before it sleeps, as it prints it: with the
        console up the end of the noirq phase, else what _write waits for."""
        if self.console_up:
            return "noirq suspend of devices complete"
        if self.console_suspends:
            return "Suspending console"
        return "Freezing remaining freezable tasks completed"

    def suspend(self, state: str, stimulus: Optional[Stimulus] = None,
                stimulus_after: float = 3.0, wake_within: float = 30.0,
                bound: float = 300, then: str = "") -> Sleep:
        """
        Write `state` to /sys/power/state and observe what happens, by guest
        time.  `stimulus` (a function) is called once the console has been
        suspended and `stimulus_after` more seconds have passed on the
        guest's 32 kHz counter.  A BoardWrite is applied at that time; in
        warp mode by the board, `stimulus_after` guest seconds after the
        guest printed that line (the host cannot time it there: the guest's
        time jumps while the host waits), and in either mode by the board
        `stimulus_after` s after the moment its `at` names; another function as soon as
        the board's time stands still (asleep, nothing pending), or at that
        time if it comes first.  The guest counts as woken when the write
        returns; as not woken when `wake_within` guest seconds pass after
        that point with QEMU alive and the write still pending.  `bound`
        (host seconds) only limits the waiting: reaching it is a Timeout,
        never a verdict.  `then`: a shell command the guest runs as soon as
        the write returns, on the same command line (its output goes to
        Sleep.then_output): what the guest sees at the moment it woke, with
        no host in between (in warp mode the guest's time runs on while the
        host reads, gta04.guest.WARP_ARGS).
        """
        on_board = isinstance(stimulus, BoardWrite) and (self.warp or bool(stimulus.at))
        if on_board and isinstance(stimulus, BoardWrite):
            stimulus.arm(self.monitor, self._asleep_line(), stimulus_after)
        fired = self.monitor.qom_get(STIMULI, "fired") if on_board else 0
        end = self._write(state, bound, then)
        sleep = Sleep(state)
        sleep.host_paced = self.warp
        sleep.entered = self.monitor.guest_clock()
        host: Optional[Callable[[], object]]
        if isinstance(stimulus, BoardWrite):
            host = None if on_board else partial(stimulus.apply, self.monitor)
        else:
            host = stimulus
        if on_board:
            woke = self._observe_board(sleep, re.compile(re.escape(end) + STATUS), fired,
                                       (stimulus_after, wake_within), bound)
        else:
            woke = self._observe(sleep, re.compile(re.escape(end) + STATUS),
                                 host, stimulus_after, wake_within, bound)
        if on_board and sleep.stimulated is None:
            # its line never came, or it woke before the stimulus: none of it later
            self.monitor.qom_set(STIMULI, "drop", "all")
        if woke:
            sleep.wakeup_irq = self.shell.value(
                "cat /sys/power/pm_wakeup_irq 2>/dev/null || echo none")
        return sleep

    def _write(self, state: str, bound: float, then: str) -> str:
        """Start the write to /sys/power/state (then `then`); wait until the
        devices begin to suspend; return the marker the shell prints when
        the write returns."""
        con = self.console
        start, end = self.shell.markers()
        con.send("echo %s; echo %s > /sys/power/state; echo %s$?%s\n"
                 % (typed(start), state, typed(end), "; " + then if then else ""))
        con.wait_for(re.escape(start), 30)   # the kernel lines that follow are ours to read
        con.wait_for(r"PM: suspend entry", 60)
        # the last line before the devices suspend; with no_console_suspend
        # the kernel skips "Suspending console(s)" and prints on
        con.wait_for(r"Suspending console" if self.console_suspends
                     else r"Freezing remaining freezable tasks completed", bound)
        return end

    def _stalled(self, done: "re.Pattern[str]") -> bool:
        """Warp mode: asleep with its time standing still (nothing pending
        can wake it), and the write has not returned meanwhile."""
        if not self.warp or not self.monitor.clock_stalled():
            return False
        self.console.poll()
        return not done.search(self.console.log, self.console.pos)

    def _woke(self, sleep: Sleep, done: "re.Pattern[str]") -> bool:
        """Whether the write returned (`done`: its end marker and status
        on the console); if it did, what the guest said then."""
        con = self.console
        m = done.search(con.log, con.pos)
        if not m:
            return False
        sleep.woke, sleep.status = True, int(m.group(1))
        sleep.returned = self.monitor.guest_clock()
        con.pos = m.end()
        prompt = con.wait_for(PROMPT, 10)
        sleep.then_output = con.log[m.end():prompt.start()].strip()
        return True

    def _not_woken(self, sleep: Sleep, now: float, stalled: bool) -> None:
        """Not woken: say so only from what the board shows."""
        mon = self.monitor
        mon.alive("observing the suspended guest")
        sleep.stalled = stalled
        sleep.woke = False
        sleep.qemu_status = mon.status()
        sleep.itr0, sleep.mir0 = mon.xp(INTC_ITR0), mon.xp(INTC_MIR0)
        sleep.observed = now

    def _observe(self, sleep: Sleep, done: "re.Pattern[str]",
                 stimulus: Optional[Callable[[], object]], stimulus_after: float,
                 wake_within: float, bound: float) -> bool:
        """Watch the suspended guest until it wakes (True) or has slept
        long enough to say it did not (False)."""
        con = self.console
        deadline = time.monotonic() + bound
        # With the console up the devices take seconds to suspend: the
        # stimulus and the wait then count from the end of the noirq phase
        # (WFI or the s2idle loop follow within milliseconds)
        asleep_line = re.compile(r"noirq suspend of devices complete") if self.console_up else None
        sleep.asleep = None if asleep_line else sleep.entered
        asleep_at = len(con.log)    # where the console stood when it slept
        last = -1.0
        while True:
            con.poll()
            if self._woke(sleep, done):
                return True
            now = self.monitor.guest_clock()
            if sleep.asleep is None:
                if asleep_line and asleep_line.search(con.log, con.pos):
                    sleep.asleep = now
                    asleep_at = len(con.log)
                elif time.monotonic() > deadline:
                    raise Timeout("suspend to %s: no end of the noirq phase within %d s"
                                  % (sleep.state, bound))
                else:
                    continue
            quiet_until = sleep.asleep + stimulus_after if stimulus else sleep.asleep
            # warp mode: asleep with nothing pending (its clock stood still since the last look)
            stalled = now == last and self._stalled(done)
            last = now
            if stimulus and sleep.stimulated is None and (now >= quiet_until or stalled):
                # (a stalled clock would never get there: the host's event is the next one)
                sleep.stimulated = now
                stimulus()
                continue
            # the kernel on its way back (a resume line came since it slept)
            # gets the window once more: a host short of CPU makes it slow,
            # not asleep (a resume that hangs is still found not woken)
            if stalled or now >= quiet_until + wake_within * (
                    2 if RESUMING.search(con.log, asleep_at) else 1):
                self._not_woken(sleep, now, stalled)
                return False
            if time.monotonic() > deadline:
                raise Timeout("suspend to %s: neither woke nor passed %.0f guest seconds "
                              "within %d s (guest clock at %.1f)"
                              % (sleep.state, wake_within, bound, now - sleep.entered))

    def _observe_board(self, sleep: Sleep, done: "re.Pattern[str]", fired: int,
                       waits: Tuple[float, float], bound: float) -> bool:
        """The stimulus on the board (warp mode, or at a named moment):
        watch until the guest wakes (True), or sleeps on with the stimulus
        applied and its time standing still, or `wake_within` guest seconds
        after it (False).  `waits`: (stimulus_after, wake_within)."""
        stimulus_after, wake_within = waits
        deadline = time.monotonic() + bound
        sleep.asleep = sleep.entered
        while True:
            self.console.poll()
            if self._woke(sleep, done):
                self._stimulated(sleep, fired)
                return True
            now = self.monitor.guest_clock()
            if self._stimulated(sleep, fired) and sleep.stimulated is not None and (
                    now >= sleep.stimulated + wake_within or self._stalled(done)):
                self._not_woken(sleep, now, now < sleep.stimulated + wake_within)
                return False
            if sleep.stimulated is None and (now >= sleep.entered + stimulus_after + wake_within
                                             + 60 or self._stalled(done)):
                if self._stimulated(sleep, fired):
                    # it came while the board was looked at (in warp mode its
                    # seconds pass between two reads): judged from here on
                    continue
                # asleep, and the stimulus's moment never came: no verdict
                raise Timeout("suspend to %s: asleep %.0f guest s without the board's stimulus "
                              "(its moment never came)" % (sleep.state, now - sleep.entered))
            if time.monotonic() > deadline:
                raise Timeout("suspend to %s (warp): neither woke nor stood still within %d s "
                              "(guest clock at %.1f, the board's stimulus %s)"
                              % (sleep.state, bound, now - sleep.entered,
                                 "applied" if sleep.stimulated is not None else "not applied"))

    def _stimulated(self, sleep: Sleep, fired: int) -> bool:
        """Whether the board applied the stimulus (fired went up): its time
        then, on the guest's clock, goes to sleep.stimulated."""
        if sleep.stimulated is None and self.monitor.qom_get(STIMULI, "fired") > fired:
            sleep.stimulated = self.monitor.qom_get(STIMULI, "applied-ns") / 1e9
        return sleep.stimulated is not None
