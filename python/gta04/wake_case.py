"""
Run a wake case (gta04.scenario_file.WakeCase) on a booted guest: its
set-up, its suspend cycles, its checks awake.  Every judgement is a guest
fact (the write to /sys/power/state returned by guest time or not,
/sys/power/pm_wakeup_irq, /proc/interrupts counts, a PMIC register the
guest reads) with QEMU alive.
"""

from typing import Any, Dict, List, NamedTuple, Optional, Tuple

from .board import CONSOLE_KEY, CONSOLE_UART
from .guest import Guest
from .scenario_file import Awake, Cycle, IrqCheck, WakeCase, Write
from .scenarios import arm_alarm, irq_counts, uart_wake_irqs
from .suspend import BoardWrite, Sleep, Stimulus


class Outcome:  # pylint: disable=too-few-public-methods
    """What a run of a case saw: good or not, a line per cycle, the
    Sleep of each suspend."""

    def __init__(self) -> None:
        self.good = True
        self.seen: List[str] = []
        self.sleeps: List[Sleep] = []

    def fail(self, what: str) -> "Outcome":
        """The case failed: `what` ends the account."""
        self.good = False
        self.seen.append(what)
        return self

    def __str__(self) -> str:
        return "; ".join(self.seen)


def _value(g: Guest, write: Write, before: Dict[Tuple[str, str], Any]) -> Any:
    """The value a write sets (a toggle remembers the old value for "restore")."""
    if write.value == "toggle":
        old = g.qom_get(write.path, write.prop)
        before[(write.path, write.prop)] = old
        return not old
    if write.value == "restore":
        return before.get((write.path, write.prop), g.qom_get(write.path, write.prop))
    if write.value in ("true", "false"):
        return write.value == "true"
    try:
        return int(write.value, 0)
    except ValueError:
        return write.value


def _stimulus(g: Guest, cycle: Cycle, before: Dict[Tuple[str, str], Any]) -> Optional[Stimulus]:
    stim = cycle.stimulus
    if stim is None:
        return None
    when = "" if stim.when == "asleep" else stim.when
    if stim.key:
        # typed on the console's RX wire by the board, at its moment
        return BoardWrite(CONSOLE_UART, "rx-text", CONSOLE_KEY, when)
    assert stim.write is not None
    return BoardWrite(stim.write.path, stim.write.prop, _value(g, stim.write, before), when)


def _irq_runs(checks: Tuple[IrqCheck, ...], before: Dict[str, int], after: Dict[str, int]) -> str:
    """"" if every handler ran as often as it must, else what did not."""
    for c in checks:
        runs = after.get(c.handler, 0) - before.get(c.handler, 0)
        if not c.runs <= runs <= c.most:
            want = str(c.runs) if c.runs == c.most else "%d to %d" % (c.runs, c.most)
            return "%s ran %d times, not %s" % (c.handler, runs, want)
    return ""


def _woken_as_expected(g: Guest, cycle: Cycle, sleep: Sleep) -> bool:
    if cycle.expect == "asleep":
        return not sleep.woke
    if not sleep.woke:
        return False
    if cycle.expect == "pmic":
        return sleep.wakeup_irq == g.pih_virq()
    if cycle.expect == "uart":
        return sleep.wakeup_irq in uart_wake_irqs(g)
    return True


class CycleResult(NamedTuple):
    """One suspend cycle of a case: its Sleep, "" if it went as the case
    says (else what went wrong), the handler counts before the suspend
    and right after the wake (before `then`), and the alarm's time (the
    RTC's seconds since the epoch; 0: none)."""
    sleep: Sleep
    wrong: str
    before: Dict[str, int]
    after: Dict[str, int]
    alarm_at: int


def run_cycle(g: Guest, case: WakeCase, state: str, n: int = 1, alarm: Optional[int] = None,
              on_wake: str = "") -> CycleResult:
    """One suspend cycle of the case (`alarm`: another alarm time in s than
    the case's; `on_wake`: a shell command the guest runs the moment the
    write returns, its output in Sleep.then_output)."""
    cycle = case.cycle
    alarm = cycle.alarm if alarm is None else alarm
    # console up: an alarm armed before suspending needs the lead
    alarm = alarm + g.wfi_lead if alarm else 0
    restore: Dict[Tuple[str, str], Any] = {}
    before = irq_counts(g)
    alarm_at = arm_alarm(g, alarm) if alarm else 0
    stim = _stimulus(g, cycle, restore)
    # an alarm's wake comes `alarm` s after the write, not after the stimulus time
    sleep = g.suspend(state, stimulus=stim,
                      stimulus_after=cycle.stimulus.after if cycle.stimulus else 3.0,
                      wake_within=cycle.wake_within + (alarm if not stim else 0),
                      bound=600, then=on_wake)
    counts = irq_counts(g) if sleep.woke else before
    what = _judge(g, cycle, sleep, (before, counts))
    if sleep.woke:
        for write in cycle.then:
            g.qom_set(write.path, write.prop, _value(g, write, restore))
        if cycle.settle:
            g.ok("sleep %g" % cycle.settle)
    return CycleResult(sleep, "cycle %d: %s" % (n, what) if what else "", before, counts, alarm_at)


def _judge(g: Guest, cycle: Cycle, sleep: Sleep,
           counts: Tuple[Dict[str, int], Dict[str, int]]) -> str:
    """"" if the cycle's suspend went as the case says, else what went
    wrong (`counts`: the handler counts before and after)."""
    if not _woken_as_expected(g, cycle, sleep):
        return "expected %s: %s" % ("asleep" if cycle.expect == "asleep"
                                    else "a wake by " + cycle.expect, sleep)
    if sleep.woke and cycle.aborted is not None and (sleep.status != 0) != cycle.aborted:
        return "expected the suspend %s: %s" % ("aborted" if cycle.aborted else "not aborted",
                                                sleep)
    return _irq_runs(cycle.irqs, *counts) if sleep.woke else ""


def run(g: Guest, case: WakeCase, state: str) -> Outcome:
    """The whole case on a booted guest, in `state` (mem or freeze)."""
    out = Outcome()
    for line in case.setup_shell:
        g.ok(line)
    for write in case.setup_writes:
        g.qom_set(write.path, write.prop, _value(g, write, {}))
    for n in range(1, case.cycle.repeat + 1):
        sleep, wrong, *_ = run_cycle(g, case, state, n)
        out.sleeps.append(sleep)
        if wrong:
            return out.fail(wrong)
        out.seen.append(str(sleep))
        if not sleep.woke:     # expected asleep: nothing more to do with it
            return out
    if case.awake:
        return _awake(g, case.awake, out)
    return out


def _awake(g: Guest, awake: Awake, out: Outcome) -> Outcome:
    """The checks awake after the cycles: the PMIC registers first (the
    state the wake left), then the alarm, the wait and the handlers."""
    for c in awake.i2c:
        value = int(g.value("i2cget -f -y 0 0x%02x 0x%02x" % (c.addr, c.reg)), 16)
        if value & c.mask != c.value:
            return out.fail("awake: PMIC 0x%02x:0x%02x = 0x%02x, not 0x%02x under mask 0x%02x"
                            % (c.addr, c.reg, value, c.value, c.mask))
        out.seen.append("PMIC 0x%02x:0x%02x 0x%02x" % (c.addr, c.reg, value))
    counts = irq_counts(g)
    if awake.alarm:
        arm_alarm(g, awake.alarm)
    if awake.wait:
        g.ok("sleep %g" % awake.wait)
    wrong = _irq_runs(awake.irqs, counts, irq_counts(g))
    if wrong:
        return out.fail("awake: " + wrong)
    out.seen.append("awake: " + ", ".join("%s ran" % c.handler for c in awake.irqs))
    return out
