#!/usr/bin/env python3
"""The seed article's two bugs, reproduced on -M gta04 with Debian's 6.1
kernel patched to reintroduce them (guest/kernel-patches/), and shown fixed
with the unmodified kernel.  Long: the first run builds the kernel from
linux-source-6.1 (scripts/make-kernel.sh; tens of minutes on 2 cores, cached
afterwards).  Run with `make bugs`, not part of `make check`.

Bug 1 - "nothing from the PMIC wakes the system": with enable_irq_wake()
reverted, the PIH line (INTC 7) is an ordinary device interrupt in suspend.
The RTC alarm asserts TWL4030 INT1, INTC 7 fires once, genirq masks it (lazy
disable) and s2idle goes back to sleep: the system never wakes.  From the
host we see INTC 7 asserted and masked (ITR0/MIR0 bit 7) and RTC_IT pending.

Bug 2 - "the RTC alarm is lost for good on resume": with rtc-twl disabling
its nested irq over suspend, the first alarm still wakes the board (INTC 7
is armed), but the PWR SIH handler clears RTC_IT while the RTC irq is
disabled; the nested irq is never resent, RTC_STATUS.ALARM is never
acknowledged, and no alarm fires again, asleep or awake.
"""

import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "functional"))
from gta04lib import REPO, Guest, TestFailure, interrupts, main  # noqa: E402

PATCHES = os.path.join(REPO, "guest", "kernel-patches")


def kernel(name, *patches):
    """A kernel built with patches, or (no patches) Debian's unmodified one."""
    if not patches:
        return None
    out = subprocess.run([os.path.join(REPO, "scripts", "make-kernel.sh"), name] +
                         [os.path.join(PATCHES, p) for p in patches],
                         check=True, stdout=subprocess.PIPE, text=True).stdout
    return os.path.join(out.strip().splitlines()[-1], "vmlinuz")


def xp(g, addr):
    out = g.hmp("xp /1wx 0x%x" % addr)
    return int(out.split(":")[1].split()[0], 16)


def rtc_count(g):
    return interrupts(g.ok("cat /proc/interrupts"))["rtc0"][0]


def arm_alarm(g, seconds):
    g.ok("echo 0 > /sys/class/rtc/rtc0/wakealarm; echo +%d > /sys/class/rtc/rtc0/wakealarm" % seconds)


def suspend_returns(g, state, within):
    """True if writing state to /sys/power/state returns within `within` s."""
    try:
        g.run("echo %s > /sys/power/state" % state, timeout=within)
        return True
    except TestFailure:
        return False


def test_bug1_pmic_cannot_wake():
    for name, patches, expect_wake in (("debian", (), True),
                                       ("bug1", ("bug1-pih-not-a-wakeup-source.patch",), False)):
        with Guest(kernel=kernel(name, *patches)) as g:
            g.boot(240)
            arm_alarm(g, 5)
            t0 = time.monotonic()
            woke = suspend_returns(g, "freeze", 25)
            itr0, mir0 = xp(g, 0x48200080), xp(g, 0x48200084)
            print("  %-5s s2idle + RTC alarm in 5 s: %s after %.0f s; INTC 7 %s, %s"
                  % (name, "woke" if woke else "still asleep", time.monotonic() - t0,
                     "asserted" if itr0 & 0x80 else "idle",
                     "masked" if mir0 & 0x80 else "unmasked"))
            if woke != expect_wake:
                raise TestFailure("%s kernel: expected %s" % (name, "a wake" if expect_wake else "no wake"))
            if not expect_wake and not (itr0 & 0x80 and mir0 & 0x80):
                raise TestFailure("bug 1 should leave INTC 7 asserted and masked: ITR0 %08x MIR0 %08x"
                                  % (itr0, mir0))


def test_bug2_rtc_alarm_lost():
    for name, patches, lost in (("debian", (), False),
                                ("bug2", ("bug2-rtc-irq-lost-on-resume.patch",), True)):
        with Guest(kernel=kernel(name, *patches)) as g:
            g.boot(240)
            before = rtc_count(g)
            arm_alarm(g, 5)
            if not suspend_returns(g, "mem", 30):
                raise TestFailure("%s kernel: the first alarm did not wake the board" % name)
            wake = g.ok("cat /sys/power/pm_wakeup_irq").strip()
            after = rtc_count(g)
            status = int(g.ok("i2cget -f -y 0 0x4b 0x2a").strip(), 16)
            arm_alarm(g, 2)
            g.ok("sleep 4")
            awake = rtc_count(g)
            arm_alarm(g, 5)
            second = suspend_returns(g, "mem", 25)
            print("  %-5s wake 1 by irq %s; rtc0 %d -> %d; RTC_STATUS 0x%02x (ALARM %d); "
                  "awake alarm -> rtc0 %d; second suspend %s"
                  % (name, wake, before, after, status, status >> 6 & 1, awake,
                     "woke" if second else "never woke"))
            if not lost:
                if after != before + 1 or awake != after + 1 or not second:
                    raise TestFailure("Debian's kernel lost an RTC alarm")
            else:
                if after != before:
                    raise TestFailure("bug 2 kernel: the RTC handler ran on resume")
                if not status & 0x40:
                    raise TestFailure("bug 2 kernel: RTC_STATUS.ALARM should stay set")
                if awake != after or second:
                    raise TestFailure("bug 2 kernel: a later alarm fired")


if __name__ == "__main__":
    main([test_bug1_pmic_cannot_wake, test_bug2_rtc_alarm_lost])
