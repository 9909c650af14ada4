#!/usr/bin/env python3
"""Boot Debian's unmodified kernel while every host core is kept busy, and
check that the guest sees no timeouts: a driver that polls a status bit with
a timeout in guest time (twl4030-madc's BUSY/EOC_SW, 5 ms) must find the bit
in the state the chip has at that virtual time, however late QEMU's main loop
runs its timers on a starved host.

The load is one busy loop per host core at the test's own priority; each loop
is killed when the test ends, and ends by itself LOAD_S_PER_BOOT seconds per
boot after it started if the test could not kill it.
GTA04_HOST_LOAD_BOOTS=N boots N times (default 1) and fails if any boot
printed a line the idle-host allowance list of test_boot does not allow, a
timeout, or could not read the battery voltage through the MADC."""

import os
import re
import subprocess
import sys
import time
from typing import List, Tuple

from gta04.dmesg import bad_lines
from gta04.errors import TestFailure
from gta04.guest import Guest
from gta04.testing import GTA04Test


LOAD_S_PER_BOOT = 120   # bounds a loop outliving a killed test
READS = 100             # MADC conversions per boot, besides the kernel's own
IIO = "/sys/bus/iio/devices/iio:device0"
BATTERY_MV = 3800       # the board's default battery-mv
TIMEOUT = re.compile(r"timeout|timed out", re.I)


def start_load(seconds: int) -> List["subprocess.Popen[bytes]"]:
    """One busy loop per host CPU, for `seconds` at most."""
    code = ("import time\n"
            "end = time.monotonic() + %d\n"
            "while time.monotonic() < end:\n"
            "    pass\n" % seconds)
    return [subprocess.Popen([sys.executable, "-c", code])
            for _ in range(os.cpu_count() or 2)]


def stop_load(procs: List["subprocess.Popen[bytes]"]) -> None:
    """End the busy loops."""
    for proc in procs:
        proc.kill()
    for proc in procs:
        proc.wait()


def dmesg_problems(dmesg: str) -> List[str]:
    """Lines the idle-host allowance list does not allow, and any timeout"""
    bad = bad_lines(dmesg)
    return bad + [line for line in dmesg.splitlines() if TIMEOUT.search(line) and line not in bad]


def one_boot(n: int) -> Tuple[List[str], List[str]]:
    """Boot once under load; return (problems at boot, problems after)."""
    problems = []
    with Guest(name="gta04-load%d" % n) as g:
        g.boot(300)
        at_boot = ["dmesg at boot: " + line for line in dmesg_problems(g.ok("dmesg"))]
        # The battery voltage through twl4030-madc (ADCIN12, SW1), many
        # times; kernel messages stay in dmesg, off the console output
        g.ok("dmesg -n 1")
        out = g.run("for i in $(seq %d); do cat %s/in_voltage12_input "
                    "|| echo READ-FAILED; done 2>&1" % (READS, IIO), timeout=300)
        values = out.split()
        millivolts = [int(v) for v in values if v.isdigit()]
        if len(millivolts) != READS:
            problems.append("%d of %d MADC reads failed: %s"
                            % (READS - len(millivolts), READS,
                               " ".join(v for v in values if not v.isdigit())[:200]))
        wrong = [v for v in millivolts if abs(v - BATTERY_MV) > 20]
        if wrong:
            problems.append("battery voltage reads %r, not ~%d mV" % (wrong[:5], BATTERY_MV))
        seen = set(line[len("dmesg at boot: "):] for line in at_boot)
        problems += ["dmesg after the reads: " + line
                     for line in dmesg_problems(g.ok("dmesg")) if line not in seen]
        print("  boot %d: %.1f s to shell, %d problem(s) at boot; %d MADC reads"
              " (%s mV), %d problem(s)"
              % (n, g.boot_time or 0.0, len(at_boot), len(millivolts), millivolts[0] if millivolts else "-",
                 len(problems)))
    return at_boot, problems


class HostLoadTest(GTA04Test):
    def test_boot_under_host_load(self) -> None:
        boots = int(os.environ.get("GTA04_HOST_LOAD_BOOTS", "1"))
        failed = []
        failed_at_boot = []
        load = start_load(60 + LOAD_S_PER_BOOT * boots)
        try:
            time.sleep(1)
            for n in range(1, boots + 1):
                at_boot, after = one_boot(n)
                if at_boot:
                    failed_at_boot.append(n)
                if at_boot or after:
                    failed.append(n)
                for proc in at_boot + after:
                    print("    " + proc)
                sys.stdout.flush()
        finally:
            stop_load(load)
        print("  under load (%d busy loops): %d/%d boots printed a new dmesg line "
              "by the shell prompt, %d/%d had a problem by the end of %d MADC reads"
              % (len(load), len(failed_at_boot), boots, len(failed), boots, READS))
        if failed:
            raise TestFailure("boots %r under host load showed problems (above)" % failed)


if __name__ == "__main__":
    GTA04Test.main()
