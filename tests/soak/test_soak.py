#!/usr/bin/env python3
"""Soak: many suspend/wake cycles on Debian's unmodified kernel, `mem` and
`freeze` mixed, wake sources mixed (RTC alarm, power button, cable plug and
unplug, a key on the serial console), in a seeded random order printed at
the start.  Every wake must arrive, by the right irq (the PIH for the
PMIC's sources, the UART for the key), the handler behind it must run
exactly as often as the event says, and dmesg must gain no error line.

    make soak                                  (100 cycles)
    python3 tests/soak/test_soak.py [--cycles N] [--seed S]

Not part of `make check` (about 10 minutes for 100 cycles).
"""

import argparse
import random
import re
import sys
import time
from typing import Dict, Tuple

from gta04.dmesg import bad_lines
from gta04.errors import QemuDied, TestFailure
from gta04.guest import Guest
from gta04.procfs import interrupts
from gta04.suspend import Sleep


TWL = "/machine/twl4030"
SOURCES = ("rtc", "pwron", "cable", "uart")
PHY_VBUS = "cat /sys/bus/platform/devices/*twl4030-usb/vbus"
# Lines a plugged cable legitimately prints, each with the reason
ALLOWED = [
    (r"power_supply twl4030_usb: driver failed to report `current_now' property: -\d+",
     "cable in, not charging (twl4030_charger's allow_usb is off): BCIICHG reads the code "
     "nearest 0 A, 511, which regval2ua() makes -820 uA, and the driver returns a negative "
     "current as if it were an errno; real boards print it too"),
    (r"WARNING: .*drivers/regulator/core\.c:\d+ (at )?_regulator_disable|"
     r"unbalanced disables for VUSB(1V5|1V8|3V1)",
     "phy-twl4030-usb's resume marks a runtime-suspended PHY active, so a later suspend "
     "disables its LDOs again: the kernel's bug (docs/gta04.md \"Kernels\" item 4)"),
]


def counts(g: Guest) -> Dict[str, int]:
    """Each handler's count of /proc/interrupts, by name."""
    return {k: v[0] for k, v in interrupts(g.ok("cat /proc/interrupts")).items()}


def suspend_woken_by(g: Guest, state: str, source: str, plugged: bool) -> Tuple[Sleep, bool]:
    """Suspend to `state`, the wake coming from `source`; returns what the
    suspend saw and the new cable state."""
    if source == "rtc":
        g.ok("echo 0 > /sys/class/rtc/rtc0/wakealarm; echo +4 > /sys/class/rtc/rtc0/wakealarm")
        return g.suspend(state, wake_within=20), plugged
    if source == "pwron":
        def press() -> None:
            g.qom_set(TWL, "pwron", True)
            time.sleep(0.3)     # how long the finger stays on it, not a verdict
            g.qom_set(TWL, "pwron", False)
        return g.suspend(state, press, wake_within=20), plugged
    if source == "cable":
        return g.suspend(state, lambda: g.qom_set(TWL, "vbus", not plugged), wake_within=20), not plugged
    return g.suspend(state, lambda: g.send("\n"), wake_within=20), plugged


def one_cycle(g: Guest, n: int, state: str, source: str, virq: str, uart_irq: str,
              plugged: bool) -> bool:
    """Return the new cable state; raise TestFailure on anything wrong."""
    before = counts(g)
    sleep, plugged = suspend_woken_by(g, state, source, plugged)
    what = "cycle %d: %s, %s" % (n, state, source)
    if not sleep.woke or sleep.status != 0:
        raise TestFailure("%s: %s" % (what, sleep))
    want = uart_irq if source == "uart" else virq
    if sleep.wakeup_irq != want:
        raise TestFailure("%s: woken by irq %s, not %s" % (what, sleep.wakeup_irq, want))
    if sleep.stimulated is not None and not sleep.woke_after_stimulus():
        raise TestFailure("%s: woke before the stimulus" % what)
    after = counts(g)
    if source == "rtc" and after["rtc0"] != before["rtc0"] + 1:
        raise TestFailure("%s: rtc0 %d -> %d, not one more" % (what, before["rtc0"], after["rtc0"]))
    if source == "pwron":
        # press and release: one latch per edge (PWRON is both-edge in
        # PWR_EDR1), and the SIH re-latches a cleared source once while it
        # is still at its level (hw/intc/twl4030_sih.c, the behaviour
        # rtc-twl's double PWR_ISR1 read relies on): 2 to 4 handler runs
        runs = after["twl4030_pwrbutton"] - before["twl4030_pwrbutton"]
        if not 2 <= runs <= 4:
            raise TestFailure("%s: twl4030_pwrbutton ran %d times for one press and release"
                              % (what, runs))
    if source == "cable":
        # phy-twl4030-usb re-reads the cable by hand on resume (its own irq
        # was disabled over suspend): its verdict is the PHY's vbus file
        g.ok("sleep 1")
        seen = g.ok(PHY_VBUS).strip()
        if seen != ("on" if plugged else "off"):
            raise TestFailure("%s: the PHY says vbus %s with the cable %s"
                              % (what, seen, "in" if plugged else "out"))
    if source != "pwron" and after.get("twl4030_pwrbutton") != before.get("twl4030_pwrbutton"):
        raise TestFailure("%s: the power button handler ran" % what)
    return plugged


def main() -> None:  # pylint: disable=too-many-locals
    """Boot once, run the seeded plan of cycles, check dmesg at the end."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", maxsplit=1)[0])
    parser.add_argument("--cycles", type=int, default=100)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else int(time.time())
    rnd = random.Random(seed)
    plan = [(rnd.choice(("mem", "freeze")), rnd.choice(SOURCES)) for _ in range(args.cycles)]
    print("soak: %d cycles, seed %d (rerun: --seed %d)" % (args.cycles, seed, seed))
    print("plan: " + " ".join("%s/%s" % p for p in plan))
    sys.stdout.flush()
    done = 0
    t0 = time.monotonic()
    try:
        with Guest() as g:
            g.boot(240)
            virq = g.pih_virq()
            g.ok("echo enabled > /sys/class/tty/ttyO2/power/wakeup")
            uart_irq = [line.split(":")[0].strip()
                        for name, (c, line) in interrupts(g.ok("cat /proc/interrupts")).items()
                        if name == "UART2" or "OMAP UART2" in line][0]
            dmesg0 = set(g.ok("dmesg").splitlines())
            plugged = False
            for n, (state, source) in enumerate(plan, 1):
                plugged = one_cycle(g, n, state, source, virq, uart_irq, plugged)
                done += 1
                if n % 10 == 0:
                    print("  %d/%d cycles ok (%.0f s)" % (n, len(plan), time.monotonic() - t0))
                    sys.stdout.flush()
            new = [l for l in g.ok("dmesg").splitlines() if l not in dmesg0]
            bad = [l for l in bad_lines("\n".join(new))
                   if not any(re.search(a, l) for a, _why in ALLOWED)]
            if bad:
                raise TestFailure("dmesg gained error lines:\n  " + "\n  ".join(bad))
    except (TestFailure, QemuDied) as ex:
        print("FAIL after %d/%d cycles: %s" % (done, len(plan), ex))
        print("%d passed, 1 failed" % done)
        sys.exit(1)
    print("%d/%d cycles woke as they should, in %.0f s" % (done, len(plan), time.monotonic() - t0))
    print("%d passed, 0 failed" % done)


if __name__ == "__main__":
    main()
