#!/usr/bin/env python3
"""Harness case: QEMU crashes (SIGSEGV from the host) while the test waits
for a suspend that is *expected not to return* - the shape of a "bug
reproduced: the board did not wake" verdict.  A harness that took "QEMU is
gone" for "the guest did not answer" would pass this; ours must fail it."""
import os
import signal
import sys
import threading
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from gta04lib import Guest, TestFailure, main  # noqa: E402


def test_crash_while_expecting_no_answer():
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
    main([test_crash_while_expecting_no_answer])
