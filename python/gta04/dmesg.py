"""
What the kernel may print on -M gta04, each allowance with its reason: the
boot's (errors of the drivers of DM3730 blocks the kernel uses at boot) and
the wake matrix's (any error line, per kernel).  Keep these lists short and
honest.
"""

import re
from typing import List, Tuple


# dmesg lines that would show a broken model of the DM3730 blocks the kernel
# uses at boot (INTC, timers, clocks, hwmod/ti-sysc, I2C, serial, PRCM).
BOOT_BAD = re.compile(r"Oops|BUG|WARNING|Unhandled fault|Internal error|"
                      r"(timeout|timed out|failed|didn't enable|waited too long)", re.I)
BOOT_DRIVERS = re.compile(r"omap|intc|irq|timer|clock|clk|hwmod|sysc|i2c|serial|ttyO|"
                          r"prcm|prm|cm:|powerdomain|clockdomain|dpll|gpio|pinctrl|sdrc|gpmc|"
                          r"twl|rtc|regulator", re.I)

# (pattern, reason): boot lines that are allowed
BOOT_ALLOWED: List[Tuple[str, str]] = [
    (r"ti-sysc: probe of 48318000.target-module failed with error -16",
     "GPT1 is the system clockevent; ti-sysc refuses it with -EBUSY on 36xx by design "
     "(sysc_check_active_timer), as on real boards"),
    (r"smartreflex.*(No Voltage table|probe of .* failed with error -61)",
     "SmartReflex needs the per-chip eFuse n-value calibration (CONTROL_FUSE_*), which we "
     "do not have; the kernel runs without AVS, as on an unfused part"),
]


def bad_lines(dmesg: str) -> List[str]:
    """The boot's error lines of the DM3730 drivers that BOOT_ALLOWED does not allow."""
    out = []
    for line in dmesg.splitlines():
        if BOOT_BAD.search(line) and BOOT_DRIVERS.search(line):
            if not any(re.search(a, line) for a, _why in BOOT_ALLOWED):
                out.append(line)
    return out


# Any error line, after the wake matrix
WAKE_BAD = re.compile(r"Oops|\bBUG\b|WARNING|Unhandled fault|Internal error|"
                      r"\berror|fail|unbalanced", re.I)

# (kernel, pattern, reason): lines each kernel may print in the wake matrix
# ("*": every kernel)
WAKE_ALLOWED: List[Tuple[str, str, str]] = [
    ("*", r"ti-sysc: probe of 48318000.target-module failed with error -16|"
          r"ti-sysc 48318000.target-module: probe with driver ti-sysc failed with error -16",
     "GPT1 is the system clockevent; ti-sysc refuses to manage it with -EBUSY "
     "(sysc_check_active_timer), as on real boards"),
    ("*", r"smartreflex.*(No Voltage table|probe .*failed with error -61)",
     "SmartReflex needs the eFuse n-values (CONTROL_FUSE_*) we do not have"),
    ("*", r"twl4030_usb: driver failed to report `current_now' property",
     "printed about 0.5 s after a plug: the charger reports no current while the "
     "cable's current is not modelled (tests/soak/test_soak.py ALLOWED)"),
    # 6.x: "WARNING: CPU: 0 PID: N at drivers/regulator/core.c:L _regulator_disable+...",
    # 7.x: "WARNING: .../drivers/regulator/core.c:L at _regulator_disable+..., CPU#0: ..."
    ("*", r"WARNING: .*drivers/regulator/core\.c:\d+ (at )?_regulator_disable|"
          r"unbalanced disables for VUSB(1V5|1V8|3V1)",
     "phy-twl4030-usb's system resume marks the runtime-suspended PHY active, so the second "
     "suspend disables its LDOs again: the kernel's bug, every kernel here has that code "
     "(docs/gta04.md \"Kernels\" item 4; test_kernel_bugs.py reproduces it and shows "
     "our fix)"),
    ("omap2plus-7.2", r"mmc\d: Failed to initialize a non-removable card",
     "omap2plus_defconfig builds omap_hsmmc in; no card is modelled (the MMCHS slots are "
     "empty, docs/gta04.md) and the GTA04 DT declares its slots non-removable, so the MMC "
     "core says so once per slot at boot"),
    ("omap2plus-7.2", r"mtdoops: mtd device \(mtddev=name/number\) must be supplied",
     "omap2plus_defconfig builds mtdoops in, which logs oopses to the MTD device named by its "
     "mtddev= parameter; we name none (and the board has no NAND chip): a configuration "
     "message, matched only because 'mtdoops' contains 'oops'"),
    ("*", r"spi spi0.0: Unbalanced pm_runtime_enable!",
     "the panel's SPI device on resume: pm_runtime_enable() is runtime-PM bookkeeping "
     "with no register access, so no model behaviour can cause it; not yet analysed "
     "further (docs/gta04.md \"Kernels\")"),
]


def wake_allowed(kernel: str, line: str) -> bool:
    """Whether `kernel` may print `line` in the wake matrix."""
    return any(k in ("*", kernel) and re.search(p, line) for k, p, _why in WAKE_ALLOWED)
