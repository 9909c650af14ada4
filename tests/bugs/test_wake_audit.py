#!/usr/bin/env python3
"""The wake audit (gta04.audit) catches a kernel that misreports its wakes.

Our config on Debian's linux-source-6.1, as it is and with
guest/kernel-patches/broken-wake-irq-record-cleared.patch (the PM core
wakes on the PMIC's irq, but /sys/power/pm_wakeup_irq then says nothing):
the soak in warp mode, RTC and power-button wakes from mem and freeze.  The
plain kernel must pass with 0 disagreements; the broken one must fail on
its first cycle with the audit's "wrong source" (the board raised the RTC
or the button, the kernel named no irq), not with some other failure.

    python3 tests/bugs/test_wake_audit.py     (a kernel build the first time)
"""

import subprocess
import sys

from gta04.errors import TestFailure
from gta04.kernels import make_kernel
from gta04.paths import REPO
from gta04.testing import GTA04Test

BROKEN = REPO + "/guest/kernel-patches/broken-wake-irq-record-cleared.patch"
SOAK = [sys.executable, REPO + "/tests/soak/test_soak.py", "--warp", "--cycles", "6",
        "--seed", "1", "--sources", "rtc,pwron", "--states", "mem,freeze"]


def soak(vmlinuz: str) -> subprocess.CompletedProcess:  # type: ignore[type-arg]
    """The short soak on this kernel; its output printed."""
    proc = subprocess.run(SOAK + ["--kernel", vmlinuz], check=False, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=1800)
    for line in proc.stdout.splitlines()[-3:]:
        print("   ", line[:200])
    return proc


class WakeAuditTest(GTA04Test):
    def test_plain_kernel_agrees(self) -> None:
        proc = soak(make_kernel("plain") + "/vmlinuz")
        if proc.returncode != 0 or "wake audit: 6 cycles, 0 disagreements" not in proc.stdout:
            raise TestFailure("the plain kernel's soak did not pass the audit:\n" + proc.stdout[-2000:])

    def test_broken_kernel_is_caught(self) -> None:
        proc = soak(make_kernel("audit-broken", BROKEN) + "/vmlinuz")
        if proc.returncode == 0:
            raise TestFailure("the audit passed a kernel that reports no wake irq:\n"
                              + proc.stdout[-2000:])
        if "FAIL after 0/6 cycles: cycle 1:" not in proc.stdout or \
                "wake audit: wrong source: the board raised" not in proc.stdout or \
                "pm_wakeup_irq none" not in proc.stdout:
            raise TestFailure("the broken kernel failed, but not by the audit's verdict on its "
                              "first wake:\n" + proc.stdout[-2000:])


if __name__ == "__main__":
    GTA04Test.main()
