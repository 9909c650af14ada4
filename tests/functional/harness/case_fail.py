#!/usr/bin/env python3
"""Harness case: a functional test that fails on a guest fact (a command that
exits 1).  The runner must count it as failed."""
from gta04.guest import Guest
from gta04.testing import GTA04Test


class CaseFailTest(GTA04Test):
    def test_guest_command_fails(self) -> None:
        with Guest() as g:
            g.boot(240)
            g.ok("false")


if __name__ == "__main__":
    GTA04Test.main()
