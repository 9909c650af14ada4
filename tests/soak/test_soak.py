#!/usr/bin/env python3
"""Soak: many suspend/wake cycles on Debian's unmodified kernel, `mem` and
`freeze` mixed, wake sources mixed (RTC alarm, power button, cable plug and
unplug, a key on the serial console), in a seeded random order printed at
the start.  Every wake must arrive, by the right irq (the PIH for the
PMIC's sources, the UART for the key), the handler behind it must run
exactly as often as the event says, and dmesg must gain no error line.
Each cycle is also audited (gta04.audit): the first wake source the board's
own trace shows must be the one the kernel names (pm_wakeup_irq, the
handler that ran); a lost, spurious or misattributed wake fails the soak.

    make soak                                  (100 cycles)
    make soak-warp                             (288 RTC cycles of 5 min: 24 guest hours)
    python3 tests/soak/test_soak.py [--cycles N] [--seed S] [--sources rtc,pwron,cable,uart]
                                    [--states mem,freeze] [--period S] [--warp] [--power-states]

--power-states turns the PRM's power states on: each mem cycle must then take
CORE and PER to OFF (pm_debug's counts at the end), and every wake comes
through an I/O pad (the INTC is off).

An RTC cycle arms the alarm --period seconds ahead (default 4) and must wake
at that guest time: the RTC then reads the alarm's second or the next one,
and the guest's system clock (`date`) agrees with the RTC within a second.
--warp runs the board in warp mode (gta04.guest.WARP_ARGS: icount with
sleep=off, the RTC on the virtual clock), where a suspended board's wait
costs no host time: the button and the cable are then put on the virtual
clock by the board, 3 guest s after the guest's last line before it sleeps
(gta04.suspend.BoardWrite), and the console key comes once the board's time
stands still (docs/gta04.md "Hours in minutes").  `make
soak-warp` suspends to mem only: in s2idle Debian's 6.1 keeps its 250 Hz
tick going (14833 clockevent interrupts in 60 guest s, against 8 a second
idle awake; why is not settled yet), so a freeze cycle of 5 minutes still
costs some 30 host seconds where a mem cycle costs a fraction of one.

Not part of `make check` (about 10 minutes for 100 cycles; the warp soak's
24 guest hours take a few minutes).
"""

import argparse
import os
import random
import re
import sys
import tempfile
import time
from typing import Dict, List, Tuple

from gta04.audit import WakeAudit, qemu_args as audit_args
from gta04.dmesg import bad_lines
from gta04.errors import QemuDied, TestFailure
from gta04.guest import Guest
from gta04.scenario_file import WakeCase, load_wake_case
from gta04.scenarios import alarm_pending, irq_counts, uart_wake_irqs
from gta04.suspend import Sleep
from gta04.wake_case import run_cycle


TWL = "/machine/twl4030"
# The soak's wake sources: one cycle of a wake case of tests/scenarios/ each
CASES = {"rtc": "rtc-wake", "pwron": "pwron-wake", "cable": "usb-toggle-wake", "uart": "uart-wake"}
SOURCES = tuple(CASES)
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


# run by the guest the moment the write to /sys/power/state returns (Sleep.then_output)
RTC_AND_DATE = "echo $(cat /sys/class/rtc/rtc0/since_epoch) $(date +%s)"


def check_rtc_time(what: str, sleep: Sleep, alarm: int) -> None:
    """After an RTC wake: the RTC read at once by the guest says the alarm's
    second or the next (the board woke at the alarm's guest time, not
    before, not later), and the system clock agrees with it within a second."""
    try:
        rtc, sys_time = (int(v) for v in sleep.then_output.split()[-2:])
    except ValueError:
        raise TestFailure("%s: no RTC and date after the wake: %r"
                          % (what, sleep.then_output)) from None
    if not alarm <= rtc <= alarm + 1:
        raise TestFailure("%s: the RTC reads %d after the wake, the alarm was for %d"
                          % (what, rtc, alarm))
    if abs(sys_time - rtc) > 1:
        raise TestFailure("%s: date says %d, the RTC %d" % (what, sys_time, rtc))


def one_cycle(g: Guest, n: int, plan: Tuple[str, str], cases: Dict[str, WakeCase],
              plugged: bool, period: int, audit: WakeAudit) -> bool:
    """Cycle n of the plan, (state, source): one cycle of the source's wake
    case (CASES), the RTC's alarm `period` s ahead.  Return the new cable
    state; raise TestFailure on anything wrong, the wake audit's
    disagreement first."""
    state, source = plan
    what = "cycle %d: %s, %s" % (n, state, source)
    audit.start()
    res = run_cycle(g, cases[source], state, n, alarm=period if source == "rtc" else None,
                    on_wake=RTC_AND_DATE if source == "rtc" else "")
    verdict = audit.judge(bool(res.sleep.woke), res.sleep.wakeup_irq,
                          {k: res.after[k] - res.before.get(k, 0) for k in res.after},
                          alarm_pending(g) if res.sleep.woke else None)
    if not verdict.agreed:
        raise TestFailure("%s: wake audit: %s" % (what, verdict.line))
    if res.wrong or not res.sleep.woke or res.sleep.status != 0:
        raise TestFailure("%s: %s" % (what, res.wrong or res.sleep))
    if res.sleep.stimulated is not None and not res.sleep.woke_after_stimulus():
        raise TestFailure("%s: woke before the stimulus" % what)
    if source == "cable":
        plugged = not plugged
    if source == "rtc":
        check_rtc_time(what, res.sleep, res.alarm_at)
    check_handlers(g, what, source, (res.before, irq_counts(g)), plugged)
    return plugged


def check_handlers(g: Guest, what: str, source: str,
                   before_after: Tuple[Dict[str, int], Dict[str, int]], plugged: bool) -> None:
    """After a wake by `source`: the handlers behind it ran as often as the
    event says (`before_after`: the counts before the suspend and after the
    wake), and no other."""
    before, after = before_after
    if source == "rtc" and after["rtc0"] != before["rtc0"] + 1:
        raise TestFailure("%s: rtc0 %d -> %d, not one more" % (what, before["rtc0"], after["rtc0"]))
    if source == "pwron":
        # press and release: one latch per edge (PWRON is both-edge in
        # PWR_EDR1), and the SIH re-latches a cleared source once while it
        # is still at its level (hw/misc/twl4030/sih.c, the behaviour
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


POWER_STATES_ARGS = ["-global", "omap3-prm.power-states=on"]


def core_per_off(g: Guest) -> Dict[str, int]:
    """pm_debug's OFF count of core_pwrdm and per_pwrdm."""
    g.ok("mount -t debugfs none /sys/kernel/debug 2>/dev/null; true")
    out = {}
    for line in g.ok("cat /sys/kernel/debug/pm_debug/count").splitlines():
        m = re.match(r"(core|per)_pwrdm \(\w+\),OFF:(\d+),", line.strip())
        if m:
            out[m.group(1)] = int(m.group(2))
    return out


def check_off(before: Dict[str, int], after: Dict[str, int], mem_cycles: int) -> None:
    """With power states, each mem cycle took CORE and PER to OFF once."""
    for dom in ("core", "per"):
        n = after.get(dom, 0) - before.get(dom, 0)
        print("  %s_pwrdm: %d OFF entries over %d mem cycles" % (dom, n, mem_cycles))
        if n != mem_cycles:
            raise TestFailure("%s_pwrdm went OFF %d times in %d mem cycles" % (dom, n, mem_cycles))


def parse_args() -> Tuple[argparse.Namespace, List[Tuple[str, str]]]:
    """The command line, and the seeded plan of cycles: (state, source) each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", maxsplit=1)[0])
    parser.add_argument("--cycles", type=int, default=100)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--sources", default=",".join(SOURCES),
                        help="the wake sources to draw from (default: all of %s)" % ",".join(SOURCES))
    parser.add_argument("--states", default="mem,freeze",
                        help="the suspend states to draw from (default: mem,freeze)")
    parser.add_argument("--period", type=int, default=4,
                        help="an RTC cycle's alarm, in seconds from the suspend (default 4)")
    parser.add_argument("--warp", action="store_true",
                        help="warp mode: a suspended board's wait costs no host time")
    parser.add_argument("--power-states", action="store_true",
                        help="the PRM's power states (-global omap3-prm.power-states=on): "
                             "every mem cycle must take CORE and PER to OFF")
    parser.add_argument("--kernel", metavar="VMLINUZ",
                        help="this kernel (scripts/make-kernel.sh) instead of Debian's")
    args = parser.parse_args()
    sources = args.sources.split(",")
    unknown = [src for src in sources if src not in SOURCES]
    if unknown or not sources:
        parser.error("--sources: %s is not one of %s" % (",".join(unknown) or "(none)", ",".join(SOURCES)))
    states = args.states.split(",")
    if not states or any(st not in ("mem", "freeze") for st in states):
        parser.error("--states: a comma-separated list of mem and freeze, not %r" % args.states)
    if not 1 <= args.period <= 86400 or args.cycles < 1:
        parser.error("--period must be 1..86400 s and --cycles at least 1")
    if args.seed is None:
        args.seed = int(time.time())
    rnd = random.Random(args.seed)
    return args, [(rnd.choice(states), rnd.choice(sources)) for _ in range(args.cycles)]


def main() -> None:  # pylint: disable=too-many-locals
    """Boot once, run the seeded plan of cycles, check dmesg at the end."""
    args, plan = parse_args()
    print("soak: %d cycles, seed %d (rerun: --seed %d)%s" % (args.cycles, args.seed, args.seed,
                                                            ", warp mode" if args.warp else ""))
    print("plan: " + " ".join("%s/%s" % p for p in plan))
    sys.stdout.flush()
    done = 0
    t0 = time.monotonic()
    try:
        with tempfile.TemporaryDirectory(prefix="gta04-soak-") as tmp, \
                Guest(warp=args.warp, kernel=args.kernel,
                      extra_args=audit_args(os.path.join(tmp, "audit.log"))
                      + (POWER_STATES_ARGS if args.power_states else [])) as g:
            g.boot(240)
            off0 = core_per_off(g) if args.power_states else {}
            clock0 = g.guest_clock()
            virq = g.pih_virq()
            g.ok("echo enabled > /sys/class/tty/ttyO2/power/wakeup")
            dmesg0 = set(g.ok("dmesg").splitlines())
            plugged = False
            audit = WakeAudit(os.path.join(tmp, "audit.log"),
                              {"pmic": (virq,), "uart": uart_wake_irqs(g)})
            cases = {source: load_wake_case(name) for source, name in CASES.items()}
            for n, cycle in enumerate(plan, 1):
                plugged = one_cycle(g, n, cycle, cases, plugged, args.period, audit)
                done += 1
                if n % 10 == 0 or n == len(plan):
                    # the sync counter wraps after 36 h (2^32 / 32768 s)
                    guest_s = (g.guest_clock() - clock0) % (2 ** 32 / 32768)
                    print("  %d/%d cycles ok (%.0f s host, %.2f h guest)"
                          % (n, len(plan), time.monotonic() - t0, guest_s / 3600))
                    sys.stdout.flush()
            if args.power_states:
                check_off(off0, core_per_off(g), sum(1 for st, _ in plan if st == "mem"))
            new = [l for l in g.ok("dmesg").splitlines() if l not in dmesg0]
            bad = [l for l in bad_lines("\n".join(new))
                   if not any(re.search(a, l) for a, _why in ALLOWED)]
            if bad:
                raise TestFailure("dmesg gained error lines:\n  " + "\n  ".join(bad))
    except (TestFailure, QemuDied) as ex:
        print("FAIL after %d/%d cycles: %s" % (done, len(plan), ex))
        print("%d passed, 1 failed" % done)
        sys.exit(1)
    print("%d/%d cycles woke as they should, in %.0f s; wake audit: %d cycles, 0 disagreements"
          % (done, len(plan), time.monotonic() - t0, done))
    print("%d passed, 0 failed" % done)


if __name__ == "__main__":
    main()
