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
board's side of the wire), the board holding still at each prompt: two boots
that type the same commands reach each prompt at the same guest time, to the
tick of the 32 kHz counter."""

import time
from typing import List

from gta04.board import STIMULI, TWL
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


def prompt_times(g: Guest, commands: int = 3, bound: float = 60.0) -> List[float]:
    """The guest's 32 kHz clock at the prompt after boot and after each of
    `commands` `sleep 1`, read while the board holds there."""
    times = []
    for k in range(commands + 1):
        if k:
            g.ok("sleep 1")
        deadline = time.monotonic() + bound
        while not g.monitor.held():
            if time.monotonic() > deadline:
                raise TestFailure("the board did not hold at the prompt in %.0f host s" % bound)
            g.console.poll()
        times.append(g.guest_clock())
    return times


class WarpIdleTest(GTA04Test):
    def test_typed_on_the_virtual_clock(self) -> None:
        runs = []
        for _ in range(2):
            with Guest(warp=True) as g:
                g.boot()
                runs.append(prompt_times(g))
            print("  prompts at guest %s s" % ", ".join("%.6f" % t for t in runs[-1]))
        if runs[0] != runs[1]:
            raise TestFailure("two boots typing the same reached their prompts at different "
                              "guest times: %s / %s" % (runs[0], runs[1]))


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
