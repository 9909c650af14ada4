#!/usr/bin/env python3
"""Boot Debian's unmodified 6.1 armmp kernel on -M gta04 to a shell and check
what Linux sees of the DM3730: SoC identification, CPU, interrupts, timers,
drivers that probe without errors, and that reboot restarts the board."""

import re
import time

from gta04.dmesg import bad_lines
from gta04.errors import TestFailure
from gta04.guest import Guest
from gta04.procfs import interrupts
from gta04.testing import GTA04Test


class BootTest(GTA04Test):
    def test_boot_to_shell(self) -> None:
        with Guest() as g:
            g.wait_for("GTA04-GUEST-READY", 240)
            g.wait_for("gta04:", 30)
            boot = time.monotonic() - g.t0

            dmesg = g.ok("dmesg")
            soc = re.search(r"OMAP3630/DM3730 ES(\d\.\d)", dmesg)
            if not soc:
                raise TestFailure("no OMAP3630/DM3730 SoC line in dmesg:\n" + dmesg[:3000])
            print("  SoC: %s, boot to shell %.1f s" % (soc.group(0), boot))
            if "Machine model: Goldelico GTA04A5" not in dmesg:
                raise TestFailure("device tree model not reported")
            if not re.search(r"INTC at 0x\S+ \(revision 4\.0\) with 96 interrupts", dmesg):
                raise TestFailure("INTC not found as OMAP3 revision 4.0 with 96 lines")
            bad = bad_lines(dmesg)
            if bad:
                raise TestFailure("error lines in dmesg:\n" + "\n".join(bad))

            cpuinfo = g.ok("cat /proc/cpuinfo")
            if not re.search(r"CPU part\s*:\s*0xc08", cpuinfo) or "ARMv7" not in cpuinfo:
                raise TestFailure("not a Cortex-A8 in /proc/cpuinfo:\n" + cpuinfo)

            # The GPT1 clockevent ticks: its count grows
            irq1 = interrupts(g.ok("cat /proc/interrupts"))
            g.ok("sleep 2")
            irq2 = interrupts(g.ok("cat /proc/interrupts"))
            timers = [k for k in irq2 if k in ("clockevent", "gp_timer")]
            if not timers:
                raise TestFailure("no timer interrupt in /proc/interrupts")
            timer = timers[0]
            if irq2[timer][0] <= irq1.get(timer, (0, ""))[0]:
                raise TestFailure("timer interrupt count does not grow: %s -> %s"
                                  % (irq1.get(timer), irq2[timer]))
            print("  %s: %d -> %d" % (timer, irq1.get(timer, (0,))[0], irq2[timer][0]))

            # reboot resets the board and Linux comes back to the shell
            g.send("reboot\n")
            g.wait_for("Booting Linux on physical CPU", 60)
            g.wait_for("GTA04-GUEST-READY", 240)
            g.wait_for("gta04:", 30)


if __name__ == "__main__":
    GTA04Test.main()
