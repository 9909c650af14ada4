#!/usr/bin/env python3
"""Kernel bugs the board found, each reproduced and, where we carry a fix,
shown fixed on the same tree (docs/gta04.md "Kernels").

  test_twl4030_usb_double_disable  item 4: phy-twl4030-usb's system resume
                          marks a runtime-suspended PHY active, so the second
                          suspend disables its LDOs again ("unbalanced
                          disables", three WARNINGs); our 6.1 kernel prints
                          them, the same tree with
                          fix-twl4030-usb-resume-bookkeeping.patch does not
  test_7_2_debian_kernel_bug  item 3: sid's 7.2 image, unmodified, reaches
                          the shell on ttyS2 and idles; its first suspend idles
                          the I2C controllers twice (the fix is
                          guest/kernel-patches/7.2/, test_kernels' 7.2 matrix
                          runs with it)
"""

import os
import re
from typing import List

from gta04 import compat
from gta04.errors import TestFailure
from gta04.guest import Guest
from gta04.kernels import make_kernel
from gta04.paths import REPO
from gta04.testing import GTA04Test


PHY_FIX = os.path.join(REPO, "guest", "kernel-patches", "fix-twl4030-usb-resume-bookkeeping.patch")
UNBALANCED = re.compile(r"unbalanced disables for (VUSB1V5|VUSB1V8|VUSB3V1)")


def our_kernel(name: str, *patches: str) -> str:
    """The vmlinuz of our config on Debian's 6.1 source with these patches."""
    return os.path.join(make_kernel(name, *patches), "vmlinuz")


def two_suspends_after_autosuspend(kernel: str) -> List[str]:
    """No cable; 4 s at the shell (the PHY runtime-suspends 2 s after its
    last use, as on a board whose user types the command), then two RTC
    wakes from `mem`.  Returns the LDOs with an unbalanced disable."""
    with Guest(kernel=kernel) as g:
        g.boot(240)
        g.ok("sleep 4")
        for cycle in (1, 2):
            g.ok("echo 0 > /sys/class/rtc/rtc0/wakealarm; echo +3 > /sys/class/rtc/rtc0/wakealarm")
            sleep = g.suspend("mem", wake_within=20)
            if not sleep.woke or sleep.status != 0:
                raise TestFailure("%s: suspend %d not woken: %s" % (kernel, cycle, sleep))
        return sorted(set(UNBALANCED.findall(g.ok("dmesg"))))


class KernelBugsTest(GTA04Test):
    def test_twl4030_usb_double_disable(self) -> None:
        bug = two_suspends_after_autosuspend(our_kernel("plain"))
        fixed = two_suspends_after_autosuspend(our_kernel("plain-phyfix", PHY_FIX))
        if bug != ["VUSB1V5", "VUSB1V8", "VUSB3V1"]:
            raise TestFailure("our 6.1 kernel did not disable all three LDOs once too often "
                              "(the bug of docs/gta04.md \"Kernels\" item 4): %s" % bug)
        if fixed:
            raise TestFailure("with the fix, still unbalanced disables for %s" % fixed)
        print("  6.1 (our config): second suspend after the PHY autosuspended -> unbalanced "
              "disables for %s; the same tree with the fix -> none" % ", ".join(bug))

    def test_7_2_debian_kernel_bug(self) -> None:
        with Guest(debian="7.2", append="no_console_suspend") as g:
            g.boot(240)
            facts = compat.boot_facts(g)
            if facts["console"] != "ttyS2":
                raise TestFailure("7.2 not on ttyS2")
            t0 = g.guest_clock()
            g.ok("sleep 3")
            idle = g.guest_clock() - t0
            # the double idle is printed in the noirq phase of the way down,
            # before any wake: whatever the resume then does, this line is there
            g.send("echo freeze > /sys/power/state\n")
            g.wait_for(r"PM: suspend entry", 60)
            try:
                g.wait_for(DOUBLE_IDLE.pattern, 60)
            except TestFailure as ex:
                raise TestFailure("Debian's 7.2 suspended without omap_device's double idle of the I2C "
                                  "controllers: the kernel bug of docs/gta04.md \"Kernels\" item 3 is "
                                  "gone; run the wake matrix on Debian's 7.2 and update the docs") from ex
            compat.record("7.2", suspend="no: kernel bug 3", pmic_wakes="-", key_wakes="-", **facts)
            print("  7.2 (Debian, unmodified): shell on ttyS2, idle 3 s (%.1f guest s on the 32 kHz "
                  "counter); its first suspend printed omap_device's double idle of the I2C controllers "
                  "(the kernel bug test_wake_matrix_7_2_source's fix removes)" % idle)


# what Debian's 7.2 prints on the way down, for each I2C controller (the
# second omap_device_idle() of a controller pm_runtime_force_suspend() idled)
DOUBLE_IDLE = re.compile(r"omap_i2c 4807[02]000\.i2c: omap_device: omap_device_idle\(\) "
                         r"called from invalid state 2")


if __name__ == "__main__":
    GTA04Test.main()
