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
"""

import json
import os
import re
import subprocess

from gta04lib import BUILD, REPO, Guest, TestFailure, interrupts, main

# each kernel's facts for docs/gta04.md's compatibility table, which
# scripts/compat-table.py makes from them at the end of make check (only
# from this run's: scripts/check.sh names the run)
COMPAT = os.path.join(BUILD, "compat")
RUN_ID = os.environ.get("GTA04_CHECK_RUN", "")


def record(kernel, **facts):
    os.makedirs(COMPAT, exist_ok=True)
    with open(os.path.join(COMPAT, kernel + ".json"), "w") as f:
        json.dump(dict(facts, run=RUN_ID), f)


def boot_facts(g):
    """The console the kernel is on, and how it idles here."""
    cmdline = g.ok("cat /proc/cmdline").split()
    console = [a.split("=")[1].split(",")[0] for a in cmdline if a.startswith("console=")]
    return {"console": console[-1] if console else "?",
            "idle": "with nohlt" if "nohlt" in cmdline else "yes"}

TWL = "/machine/twl4030"
BAD = re.compile(r"Oops|\bBUG\b|WARNING|Unhandled fault|Internal error|\berror|fail|unbalanced", re.I)

# (kernel, pattern, reason): lines each kernel may print here
ALLOWED = [
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
    ("*", r"spi spi0.0: Unbalanced pm_runtime_enable!",
     "the panel's SPI device on resume: pm_runtime_enable() is runtime-PM bookkeeping "
     "with no register access, so no model behaviour can cause it; not yet analysed "
     "further (docs/gta04.md \"Kernels\")"),
]


def allowed(kernel, line):
    return any(k in ("*", kernel) and re.search(p, line) for k, p, _why in ALLOWED)


def stimulus(g, name):
    """The host side of a wake source: a function for Guest.suspend, or None
    for the RTC alarm (armed in the guest)."""
    if name == "rtc":
        g.ok("echo 0 > /sys/class/rtc/rtc0/wakealarm; echo +3 > /sys/class/rtc/rtc0/wakealarm")
        return None
    if name == "pwron":
        return lambda: g.qom_set(TWL, "pwron", True)
    if name == "plug":
        g.qom_set(TWL, "vbus", False)
        g.ok("sleep 1")
        return lambda: g.qom_set(TWL, "vbus", True)
    if name == "unplug":
        g.qom_set(TWL, "vbus", True)
        g.ok("sleep 1")
        return lambda: g.qom_set(TWL, "vbus", False)
    raise ValueError(name)


OMAP_DEVICE_FIX_72 = os.path.join(REPO, "guest", "kernel-patches", "7.2",
                                  "omap-device-force-suspended.patch")


def last_line(cmd):
    out = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True).stdout
    return out.strip().splitlines()[-1]


def kernel_72_source():
    """Our config on linux-source-7.2 with the omap_device fix (the bug
    table's 7.2-base: built by make check's set-up, cached)."""
    return os.path.join(last_line([os.path.join(REPO, "scripts", "make-kernel.sh"), "--source", "7.2",
                                   "7.2-base", OMAP_DEVICE_FIX_72]), "vmlinuz")


def guest_omap2plus_72():
    """linux-source-7.2's omap2plus_defconfig with the omap_device fix, its
    modules in the guest's initramfs (make check-kernels: a long build)."""
    kdir = last_line([os.path.join(REPO, "scripts", "make-kernel.sh"), "--config", "omap2plus",
                      "--source", "7.2", "omap2plus-7.2", OMAP_DEVICE_FIX_72])
    return last_line([os.path.join(REPO, "scripts", "make-guest.sh"), "--kernel", kdir])


def guest(kernel, **kw):
    if kernel == "7.2-source":
        return Guest(kernel=kernel_72_source(), **kw)
    if kernel == "omap2plus-7.2":
        return Guest(guest=guest_omap2plus_72(), **kw)
    return Guest(debian=kernel, **kw)


def console_key(kernel):
    """A key on the console wakes `mem` and `freeze` (twice each) with the
    console kept up, by the UART's wake irq."""
    with guest(kernel, console_up=True) as g:
        g.boot(240)
        # the console's port (a kernel with both UART drivers has both names)
        tty = boot_facts(g)["console"]
        g.ok("echo enabled > /sys/class/tty/%s/power/wakeup" % tty)
        cells = 0
        for state in ("mem", "freeze"):
            for cycle in (1, 2):
                # ^U: if the shell gets the key, it only clears its line.  The
                # write returns once every device's resume line has gone out at
                # 115200 baud: some 20-40 guest s on Debian's kernels
                r = g.suspend(state, stimulus=lambda: g.send("\x15"), wake_within=120)
                what = "%s %s console key #%d" % (kernel, state, cycle)
                if not r.woke or r.status != 0:
                    raise TestFailure("%s: not woken: %s" % (what, r))
                names = [n for n, (c, line) in interrupts(g.ok("cat /proc/interrupts")).items()
                         if line.split(":")[0].strip() == r.wakeup_irq]
                if not any("serial" in n or "UART" in n for n in names):
                    raise TestFailure("%s: woken by irq %s (%s), not the UART's" % (what, r.wakeup_irq, names))
                if r.stimulated is None or r.returned < r.stimulated:
                    raise TestFailure("%s: woke before the key: %s" % (what, r))
                cells += 1
        return cells


def wake_matrix(kernel):
    with guest(kernel) as g:
        g.boot(240)
        facts = boot_facts(g)
        virq = g.pih_virq()
        # as a user at the shell: the PHY, with no cable, has runtime-suspended
        # (2 s after its last use); how soon the first suspend comes decides
        # whether item 4's warning is printed, so it is always the same here
        g.ok("sleep 4")
        cells = 0
        for state in ("mem", "freeze"):
            for source in ("rtc", "pwron", "plug", "unplug"):
                for cycle in (1, 2):
                    stim = stimulus(g, source)
                    r = g.suspend(state, stimulus=stim, wake_within=20)
                    g.qom_set(TWL, "pwron", False)
                    what = "%s %s %s #%d" % (kernel, state, source, cycle)
                    if not r.woke or r.status != 0:
                        raise TestFailure("%s: not woken: %s" % (what, r))
                    if r.wakeup_irq != virq:
                        raise TestFailure("%s: woken by irq %s, not the PMIC's %s" % (what, r.wakeup_irq, virq))
                    if stim and (r.stimulated is None or r.returned < r.stimulated):
                        raise TestFailure("%s: woke before the stimulus: %s" % (what, r))
                    cells += 1
        g.qom_set(TWL, "vbus", False)
        dmesg = g.ok("dmesg").splitlines()
        bad = [i for i, l in enumerate(dmesg) if BAD.search(l) and not allowed(kernel, l)]
        if bad:
            # with the 40 lines before the first: what the kernel was doing
            raise TestFailure("%s: error lines in dmesg:\n%s\n-- dmesg before the first:\n%s"
                              % (kernel, "\n".join(dmesg[i] for i in bad),
                                 "\n".join(dmesg[max(0, bad[0] - 40):bad[0] + 12])))
    keys = console_key(kernel)
    record(kernel, suspend="yes", pmic_wakes="%d/16" % cells, key_wakes="%d/4" % keys, **facts)
    print("  %s: %d of 16 wakes by the PMIC (rtc, pwron, plug, unplug x mem, freeze x 2), dmesg clean;"
          " %d of 4 by the console key (mem, freeze x 2)" % (kernel, cells, keys))


def test_wake_matrix_6_1():
    wake_matrix("6.1")


def test_wake_matrix_6_12():
    wake_matrix("6.12")


def test_wake_matrix_7_2_source():
    wake_matrix("7.2-source")


if __name__ == "__main__":
    main([test_wake_matrix_6_1, test_wake_matrix_6_12, test_wake_matrix_7_2_source])
