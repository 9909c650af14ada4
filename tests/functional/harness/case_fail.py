#!/usr/bin/env python3
"""Harness case: a functional test that fails on a guest fact (a command that
exits 1).  The runner must count it as failed."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from gta04lib import Guest, main  # noqa: E402


def test_guest_command_fails():
    with Guest() as g:
        g.boot(240)
        g.ok("false")


if __name__ == "__main__":
    main([test_guest_command_fails])
