#!/usr/bin/env python3
"""Harness case: every check of the test passed, then QEMU aborts before the
test ends (as a sanitizer build does at exit).  Still a failure."""
import os
import signal
import sys
import time
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from gta04lib import Guest, main  # noqa: E402


def test_abort_after_the_checks():
    with Guest() as g:
        g.boot(240)
        g.ok("true")
        os.kill(g.vm.get_pid(), signal.SIGABRT)
        time.sleep(1)


if __name__ == "__main__":
    main([test_abort_after_the_checks])
