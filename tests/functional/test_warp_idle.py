#!/usr/bin/env python3
"""Warp mode's stalled verdict comes from the board, not from host time.

In warp mode (icount, `Guest(warp=True)`) a guest suspended with nothing
pending never runs again by itself.  The board says so: `qom-get
/machine/stimuli idle` is true once every vCPU is halted with nothing
requested and no timer pending on the virtual clock.  The test suspends a
warp board to `mem` with no wake source, waits for `idle` (the host bound is
a timeout, never the verdict), checks that the guest's 32 kHz clock then
stands still, schedules the power button on the virtual clock (a timer:
`idle` false at once) and sees the board wake by the PIH.

What the test types goes on the virtual clock too (UART3's rx-text, the
board's side of the wire): typed while the board holds at the prompt, none
of it reaches the guest, and the guest's clock stands still, however long
the host takes; it arrives once the VM runs again."""

import time

from gta04.board import CONSOLE_UART, STIMULI, TWL
from gta04.errors import TestFailure
from gta04.guest import Guest
from gta04.testing import GTA04Test


def wait_idle(g: Guest, bound: float = 120.0) -> None:
    """Wait until the board says it is idle; a host bound only as a timeout."""
    deadline = time.monotonic() + bound
    while not g.monitor.qom_get(STIMULI, "idle"):
        if time.monotonic() > deadline:
            raise TestFailure("the suspended board never became idle in %.0f host s" % bound)
        g.console.poll()


def wait_held(g: Guest, bound: float = 60.0) -> None:
    """Wait until the board holds at the shell's prompt."""
    deadline = time.monotonic() + bound
    while not g.monitor.held():
        if time.monotonic() > deadline:
            raise TestFailure("the board did not hold at the prompt in %.0f host s" % bound)
        g.console.poll()


class WarpIdleTest(GTA04Test):
    def test_typed_on_the_virtual_clock(self) -> None:
        with Guest(warp=True) as g:
            g.boot()
            line = "echo __TYPED\"\"__\n"
            wait_held(g)
            before = g.guest_clock()
            g.monitor.type_on_console(line)
            time.sleep(0.5)     # host time: none of it may reach the guest
            waiting = g.monitor.qom_get(CONSOLE_UART, "rx-text")
            still = g.guest_clock()
            print("  held at guest %.6f s; 0.5 host s later %.6f s, %d of %d characters "
                  "still on the wire" % (before, still, len(waiting), len(line)))
            if waiting != line or still != before:
                raise TestFailure("typed while held: %r still to arrive, guest clock %.6f -> %.6f"
                                  % (waiting, before, still))
            g.monitor.release_hold()
            g.wait_for("__TYPED__", 30)
            wait_held(g)
            after = g.guest_clock()
            print("  the line ran, next prompt at guest %.6f s (%.1f ms on)"
                  % (after, (after - before) * 1e3))
            if g.monitor.qom_get(CONSOLE_UART, "rx-text"):
                raise TestFailure("text left on the wire after the line ran")

    def test_idle_is_the_stall(self) -> None:
        with Guest(warp=True) as g:
            g.boot()
            if g.monitor.qom_get(STIMULI, "idle"):
                raise TestFailure("idle at the shell prompt")
            virq = g.pih_virq()
            g.ok("echo 0 > /sys/class/rtc/rtc0/wakealarm")
            g.send('echo __IDLE""S__; echo mem > /sys/power/state; echo __IDLE""E__$?\n')
            g.wait_for("Suspending console", 60)
            wait_idle(g)
            first = g.guest_clock()
            second = g.guest_clock()
            print("  suspended, idle: guest clock %.6f s, then %.6f s" % (first, second))
            if first != second:
                raise TestFailure("idle, yet the guest's clock moved: %.6f -> %.6f" % (first, second))
            g.monitor.stimulus_at(1.0, TWL, "pwron", "true")
            if g.monitor.qom_get(STIMULI, "idle"):
                raise TestFailure("idle with a stimulus pending on the virtual clock")
            m = g.wait_for(r"__IDLEE__(\d+)", 60)
            g.monitor.qom_set(TWL, "pwron", False)
            irq = g.value("cat /sys/power/pm_wakeup_irq")
            print("  the button on the virtual clock woke it: status %s, wakeup irq %s (PIH %s)"
                  % (m.group(1), irq, virq))
            if m.group(1) != "0" or irq != virq:
                raise TestFailure("woke with status %s by irq %s, not the PIH %s"
                                  % (m.group(1), irq, virq))


if __name__ == "__main__":
    GTA04Test.main()
