#!/usr/bin/env python3
"""Harness case: every check of the test passed, then QEMU aborts before the
test ends (as a sanitizer build does at exit).  Still a failure."""
import os
import signal
import time

from gta04.guest import Guest
from gta04.testing import GTA04Test


class CaseCrashLateTest(GTA04Test):
    def test_abort_after_the_checks(self) -> None:
        with Guest() as g:
            g.boot(240)
            g.ok("true")
            pid = g.vm.get_pid()
            assert pid is not None      # launched
            os.kill(pid, signal.SIGABRT)
            time.sleep(1)


if __name__ == "__main__":
    GTA04Test.main()
