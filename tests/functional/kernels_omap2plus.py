#!/usr/bin/env python3
"""make check-kernels: the kernel upstream OMAP developers build, on -M gta04.

  test_wake_matrix_omap2plus_7_2  linux-source-7.2 with its own
                          omap2plus_defconfig (debug info off), its modules
                          in the initramfs, and the omap_device fix every 7.x
                          needs to resume (docs/gta04.md "Kernels" item 3):
                          test_kernels' wake matrix and console key

Not in make check: its first build compiles omap2plus_defconfig's modules
(docs/gta04.md gives the time), which does not fit next to everything else.
"""

from gta04.testing import GTA04Test
from gta04.wake_matrix import wake_matrix


class KernelsOmap2plusTest(GTA04Test):
    def test_wake_matrix_omap2plus_7_2(self) -> None:
        wake_matrix("omap2plus-7.2")


if __name__ == "__main__":
    GTA04Test.main()
