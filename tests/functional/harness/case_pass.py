#!/usr/bin/env python3
"""Harness case (run by test_harness.py, not by make check directly): boots
the guest and passes."""
from gta04.errors import TestFailure
from gta04.guest import Guest
from gta04.testing import GTA04Test


class CasePassTest(GTA04Test):
    def test_boots_and_answers(self) -> None:
        with Guest() as g:
            g.boot(240)
            if g.ok("echo alive").strip() != "alive":
                raise TestFailure("the shell did not answer")


if __name__ == "__main__":
    GTA04Test.main()
