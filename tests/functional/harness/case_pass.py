#!/usr/bin/env python3
"""Harness case (run by test_harness.py, not by make check directly): boots
the guest and passes."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from gta04lib import Guest, TestFailure, main  # noqa: E402


def test_boots_and_answers():
    with Guest() as g:
        g.boot(240)
        if g.ok("echo alive").strip() != "alive":
            raise TestFailure("the shell did not answer")


if __name__ == "__main__":
    main([test_boots_and_answers])
