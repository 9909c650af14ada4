#!/usr/bin/env python3
"""The Cortex-A8's WFI reaches the PRCM: the CPU's STANDBYWFI output (a
named GPIO of QEMU's ARM CPU, patches/<base>/*standbywfi*) is wired to the
PRM, which shows the MPU power domain INACTIVE while the CPU is halted in
WFI (CM_CLKSTCTRL_MPU is HW_AUTO under Linux).  Debian's 6.1 idles at its
shell prompt: the VM stopped from the monitor finds PM_PWSTST_MPU reading
INACTIVE (0x36) in WFI, the guest's own read (the CPU runs) finds ON
(0x37), and -trace omap3_prcm_mpu_standbywfi shows the edges, rising and
falling in turn.  The board's stimuli see the same wire: a stimulus
`on-line "standbywfi:1|..."` applies after the MPU's next WFI."""

import os
import re
import tempfile
import time

from gta04.board import STIMULI, TWL
from gta04.errors import TestFailure
from gta04.guest import Guest
from gta04.testing import GTA04Test

PM_PWSTST_MPU = 0x483069e4
ON, INACTIVE = 0x37, 0x36


def pwstst_mpu(g: Guest) -> int:
    """PM_PWSTST_MPU read from the monitor (the bus, as the CPU would)."""
    out = g.hmp("xp /1wx 0x%x" % PM_PWSTST_MPU)
    m = re.search(r":\s*(0x[0-9a-f]+)", out)
    if not m:
        raise TestFailure("xp: unexpected reply %r" % out)
    return int(m.group(1), 16)


class StandbyWfiTest(GTA04Test):
    def test_idle_mpu_inactive(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            trace = os.path.join(tmp, "trace.log")
            g = Guest(extra_args=("-trace", "omap3_prcm_mpu_standbywfi", "-D", trace))
            try:
                g.boot()
                running = int(g.value("devmem 0x%x 32" % PM_PWSTST_MPU), 16)
                seen = []
                for _ in range(20):
                    g.qmp("stop")
                    seen.append(pwstst_mpu(g))
                    g.qmp("cont")
                    time.sleep(0.05)
            finally:
                g.shutdown()
            with open(trace, encoding="utf-8") as log:
                edges = [int(line.split()[-1]) for line in log if "MPU STANDBYWFI" in line]
        print("  PM_PWSTST_MPU read by the guest: 0x%x; stopped from the monitor: %s"
              % (running, " ".join("0x%x" % v for v in seen)))
        print("  STANDBYWFI edges: %d" % len(edges))
        if running != ON:
            raise TestFailure("the running CPU reads PM_PWSTST_MPU 0x%x, not ON (0x%x)" % (running, ON))
        if INACTIVE not in seen or set(seen) - {ON, INACTIVE}:
            raise TestFailure("the idle guest, stopped 20 times, read %s: never INACTIVE (0x%x)"
                              % (seen, INACTIVE))
        if len(edges) < 20 or any(a == b for a, b in zip(edges, edges[1:])) or edges[0] != 1:
            raise TestFailure("STANDBYWFI edges do not alternate from a rise: %s" % edges[:40])

    def test_stimulus_on_wfi(self) -> None:
        # the board's stimuli wait for the same wire (SoC output
        # mpu-standbywfi -> /machine/stimuli lines[1]): a stimulus 3 ms
        # after the MPU next enters WFI, here as the idle shell waits
        with Guest() as g:
            g.boot()
            fired = g.qom_get(STIMULI, "fired")
            g.monitor.stimulus_on_line("standbywfi", True, 0.003, TWL, "vbus", "true")
            g.ok("sleep 1")
            if g.qom_get(STIMULI, "fired") != fired + 1 or not g.qom_get(TWL, "vbus"):
                raise TestFailure("no stimulus 3 ms after a WFI: fired %s -> %s, vbus %s"
                                  % (fired, g.qom_get(STIMULI, "fired"), g.qom_get(TWL, "vbus")))
            print("  on-line standbywfi:1 + 3 ms: applied at %.6f guest s"
                  % (g.qom_get(STIMULI, "applied-ns") / 1e9))


if __name__ == "__main__":
    GTA04Test.main()
