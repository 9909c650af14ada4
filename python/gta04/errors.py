"""
What a test can conclude, and what it cannot.
"""

import signal
from typing import Optional


class TestFailure(Exception):
    """The guest or the board did something other than the test expects."""


class Timeout(TestFailure):
    """Nothing matched within the bound on waiting (QEMU still running)."""


class QemuDied(Exception):
    """
    QEMU exited or was killed while the test needed it.

    Deliberately not a TestFailure: a test that catches TestFailure to
    observe "the guest did not answer" can never take a crash for that
    observation.
    """


def describe_exit(code: Optional[int]) -> str:
    """An exit status as a reader wants it: "exit status 1", "killed by SIGSEGV"."""
    if code is None:
        return "still running"
    if code < 0:
        try:
            return "killed by %s" % signal.Signals(-code).name
        except ValueError:
            return "killed by signal %d" % -code
    return "exit status %d" % code
