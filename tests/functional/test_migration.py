#!/usr/bin/env python3
"""The whole board migrates: save a running guest to a file with an RTC
alarm pending, restore it in a new QEMU, and check that the guest carries on
(shell, timer tick, I2C to the TWL4030) and that the alarm set before the
save fires after the restore."""

import os
import tempfile
import time

from gta04.errors import TestFailure
from gta04.guest import Guest
from gta04.procfs import interrupts
from gta04.testing import GTA04Test


class MigrationTest(GTA04Test):
    def test_migrate_to_file_and_back(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            state = os.path.join(tmp, "gta04.state")
            src = Guest(name="gta04-src")
            try:
                src.boot(240)
                src.ok("echo 0 > /sys/class/rtc/rtc0/wakealarm; echo +8 > /sys/class/rtc/rtc0/wakealarm")
                before = interrupts(src.ok("cat /proc/interrupts"))
                src.monitor.save_to_file(state)
            finally:
                src.shutdown()

            dst = Guest(name="gta04-dst", extra_args=("-incoming", "exec:cat %s" % state))
            try:
                dst.launch()
                deadline = time.monotonic() + 60
                while dst.qmp("query-status")["status"] != "paused":
                    if time.monotonic() > deadline:
                        raise TestFailure("incoming migration did not complete")
                    time.sleep(0.2)
                dst.qmp("cont")
                dst.send("\n")
                dst.wait_for("gta04:", 30)
                if dst.ok("echo alive").strip() != "alive":
                    raise TestFailure("guest shell does not answer after restore")
                # I2C1 + TWL4030 still work: read the RTC through the driver
                if "20" not in dst.ok("hwclock -r -u"):
                    raise TestFailure("hwclock fails after restore")
                dst.ok("sleep 10")
                after = interrupts(dst.ok("cat /proc/interrupts"))
                for name in ("clockevent", "rtc0"):
                    saved, restored = before.get(name), after.get(name)
                    print("  %s: %s before save, %s after restore + 10 s"
                          % (name, saved and saved[0], restored and restored[0]))
                    if saved is None or restored is None or restored[0] <= saved[0]:
                        raise TestFailure("%s did not advance across the restore: %s -> %s"
                                          % (name, saved and saved[0], restored and restored[0]))
            finally:
                dst.shutdown()


if __name__ == "__main__":
    GTA04Test.main()
