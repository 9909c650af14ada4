"""
The wake matrix a kernel must pass on -M gta04 (tests/functional/test_kernels.py,
kernels_omap2plus.py): the RTC alarm, the power button, plugging and
unplugging the USB cable, each in `mem` and `freeze`, two cycles each, then
dmesg against the allowance list; and the console key, on a second boot
with the console kept up.
"""

from typing import Any

from . import compat
from .board import TWL
from .dmesg import WAKE_BAD, wake_allowed
from .errors import TestFailure
from .guest import Guest
from .kernels import guest_omap2plus_72, kernel_72_source
from .procfs import interrupts
from .scenarios import stimulus


def guest(kernel: str, **kw: Any) -> Guest:
    """
    The Guest of a kernel of the matrix: 7.2-source (our config), omap2plus-7.2
    (make check-kernels), or a name of Debian's (guest/debian-kernels).
    """
    if kernel == "7.2-source":
        return Guest(kernel=kernel_72_source(), **kw)
    if kernel == "omap2plus-7.2":
        return Guest(guest=guest_omap2plus_72(), **kw)
    return Guest(debian=kernel, **kw)


def console_key(kernel: str) -> int:
    """
    A key on the console wakes `mem` and `freeze` (twice each) with the
    console kept up, by the UART's wake irq; returns the wakes.
    """
    with guest(kernel, console_up=True) as g:
        g.boot(240)
        # the console's port (a kernel with both UART drivers has both names)
        tty = compat.boot_facts(g)["console"]
        g.ok("echo enabled > /sys/class/tty/%s/power/wakeup" % tty)
        cells = 0
        for state in ("mem", "freeze"):
            for cycle in (1, 2):
                # ^U: if the shell gets the key, it only clears its line.  The
                # write returns once every device's resume line has gone out at
                # 115200 baud: some 20-40 guest s on Debian's kernels
                sleep = g.suspend(state, stimulus=lambda: g.send("\x15"), wake_within=120)
                what = "%s %s console key #%d" % (kernel, state, cycle)
                if not sleep.woke or sleep.status != 0:
                    raise TestFailure("%s: not woken: %s" % (what, sleep))
                names = [n for n, (_count, line) in
                         interrupts(g.ok("cat /proc/interrupts")).items()
                         if line.split(":")[0].strip() == sleep.wakeup_irq]
                if not any("serial" in n or "UART" in n for n in names):
                    raise TestFailure("%s: woken by irq %s (%s), not the UART's"
                                      % (what, sleep.wakeup_irq, names))
                if not sleep.woke_after_stimulus():
                    raise TestFailure("%s: woke before the key: %s" % (what, sleep))
                cells += 1
        return cells


def _pmic_wakes(g: Guest, kernel: str, virq: str) -> int:
    """Every PMIC source in both states, twice; returns the wakes."""
    cells = 0
    for state in ("mem", "freeze"):
        for source in ("rtc", "pwron", "plug", "unplug"):
            for cycle in (1, 2):
                stim = stimulus(g, source)
                sleep = g.suspend(state, stimulus=stim, wake_within=20)
                g.qom_set(TWL, "pwron", False)
                what = "%s %s %s #%d" % (kernel, state, source, cycle)
                if not sleep.woke or sleep.status != 0:
                    raise TestFailure("%s: not woken: %s" % (what, sleep))
                if sleep.wakeup_irq != virq:
                    raise TestFailure("%s: woken by irq %s, not the PMIC's %s"
                                      % (what, sleep.wakeup_irq, virq))
                if stim and not sleep.woke_after_stimulus():
                    raise TestFailure("%s: woke before the stimulus: %s" % (what, sleep))
                cells += 1
    return cells


def wake_matrix(kernel: str) -> None:
    """Run the matrix on `kernel`; record its facts for the compatibility table."""
    with guest(kernel) as g:
        g.boot(240)
        facts = compat.boot_facts(g)
        virq = g.pih_virq()
        # as a user at the shell: the PHY, with no cable, has runtime-suspended
        # (2 s after its last use); how soon the first suspend comes decides
        # whether item 4's warning is printed, so it is always the same here
        g.ok("sleep 4")
        cells = _pmic_wakes(g, kernel, virq)
        g.qom_set(TWL, "vbus", False)
        dmesg = g.ok("dmesg").splitlines()
        bad = [i for i, line in enumerate(dmesg)
               if WAKE_BAD.search(line) and not wake_allowed(kernel, line)]
        if bad:
            # with the 40 lines before the first: what the kernel was doing
            raise TestFailure("%s: error lines in dmesg:\n%s\n-- dmesg before the first:\n%s"
                              % (kernel, "\n".join(dmesg[i] for i in bad),
                                 "\n".join(dmesg[max(0, bad[0] - 40):bad[0] + 12])))
    keys = console_key(kernel)
    compat.record(kernel, suspend="yes", pmic_wakes="%d/16" % cells, key_wakes="%d/4" % keys,
                  **facts)
    print("  %s: %d of 16 wakes by the PMIC (rtc, pwron, plug, unplug x mem, freeze x 2),"
          " dmesg clean; %d of 4 by the console key (mem, freeze x 2)" % (kernel, cells, keys))
