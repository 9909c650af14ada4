#!/usr/bin/env python3
"""Harness case: QEMU crashes (SIGSEGV from the host) while the test waits
for a suspend that is *expected not to return* - the shape of a "bug
reproduced: the board did not wake" verdict.  A harness that took "QEMU is
gone" for "the guest did not answer" would pass this; ours must fail it."""
import os
import signal
import threading

from gta04.errors import TestFailure
from gta04.guest import Guest
from gta04.testing import GTA04Test


class CaseCrashTest(GTA04Test):
    def test_crash_while_expecting_no_answer(self) -> None:
        with Guest() as g:
            g.boot(240)
            pid = g.vm.get_pid()
            threading.Timer(2.0, os.kill, (pid, signal.SIGSEGV)).start()
            try:
                g.run("sleep 30", timeout=8)
            except TestFailure:
                return          # "it did not answer": the verdict a crash must never give
            raise TestFailure("the command returned")


if __name__ == "__main__":
    GTA04Test.main()
