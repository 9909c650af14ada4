#!/usr/bin/env python3
"""The kernels a bisect crosses on -M gta04: the wake matrix, and the dmesg
each is allowed to print.

  test_wake_matrix_6_1    Debian 12's 6.1, unmodified (guest/debian-kernels)
  test_wake_matrix_6_12   Debian 13's 6.12, unmodified (with nohlt: the
                          kernel's idle bug, docs/gta04.md "Kernels")
  test_wake_matrix_7_2_source  sid's linux-source-7.2 with our small config
                          and the omap_device fix 7.x needs to resume
                          (guest/kernel-patches/7.2/)

Debian's 7.2 image, whose suspend the kernel breaks, is in
test_kernel_bugs.py with the other kernel bugs found here.

The matrix: the RTC alarm, the power button, plugging and unplugging the USB
cable, each in `mem` and `freeze`, two cycles each.  A wake counts when the
write to /sys/power/state returned with status 0, /sys/power/pm_wakeup_irq
names the PMIC's line (INTC 7, TWL4030-PIH), and a host stimulus was applied
before it (the guest's 32 kHz counter); dmesg then has no error line beyond
the kernel's allowance list (each line with its reason).  The console key is
the matrix's last row, on a second boot with the console kept up
(no_console_suspend): it wakes the board only then (docs/gta04.md, "The serial
console as a wake source"); its wake irq is the UART's.

The matrix is python/gta04/wake_matrix.py, the allowance list
gta04.dmesg.WAKE_ALLOWED (kernels_omap2plus.py runs the same matrix).
"""

from gta04.testing import GTA04Test
from gta04.wake_matrix import wake_matrix


class KernelsTest(GTA04Test):
    def test_wake_matrix_6_1(self) -> None:
        wake_matrix("6.1")

    def test_wake_matrix_6_12(self) -> None:
        wake_matrix("6.12")

    def test_wake_matrix_7_2_source(self) -> None:
        wake_matrix("7.2-source")


if __name__ == "__main__":
    GTA04Test.main()
