#!/usr/bin/env python3
"""The gta04 package's own pieces, without QEMU: the test runner's verdicts
(exit status 0, 1 and 77, one line per test in the order written, a crash
never a pass, nothing skipped silently), the A32 decoder that finds kernel
variables, /proc/interrupts parsing, the shell's markers and the lanes'
intervals."""

import os
import subprocess
import sys
import tempfile
import textwrap
from typing import List, Tuple

from gta04.armdecode import first_loaded_address
from gta04.paths import REPO
from gta04.procfs import interrupts
from gta04.shell import typed
from gta04.suspend import Sleep
from gta04.testing import EXIT_SKIPPED, GTA04Test
from gta04.timeline import intervals


PACKAGE = os.path.join(REPO, "python", "gta04")


def run_tests(body: str, *args: str) -> Tuple[int, List[str]]:
    """A test file of `body` (after the imports) run as check.sh runs one:
    its exit status and output lines."""
    with tempfile.TemporaryDirectory(prefix="gta04-case-") as tmp:
        # the package beside the test file, as in every test directory
        os.symlink(PACKAGE, os.path.join(tmp, "gta04"))
        case = os.path.join(tmp, "test_case.py")
        with open(case, "w", encoding="utf-8") as fh:
            fh.write("import unittest\n"
                     "from gta04.errors import QemuDied, TestFailure\n"
                     "from gta04.testing import GTA04Test\n\n\n"
                     + textwrap.dedent(body) + "\n\nif __name__ == '__main__':\n    GTA04Test.main()\n")
        proc = subprocess.run([sys.executable, case, *args], check=False, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=60)
    return proc.returncode, proc.stdout.splitlines()


def verdicts(lines: List[str]) -> List[str]:
    """The runner's per-test lines: word and name."""
    return [" ".join(line.split()[:2]) for line in lines
            if line.split()[:1] in (["ok"], ["FAIL"], ["SKIP"])]


class PackageTest(GTA04Test):
    def test_runner_passes_in_order(self) -> None:
        rc, lines = run_tests('''
            class T(GTA04Test):
                def test_b(self) -> None:
                    pass

                def test_a(self) -> None:
                    self.assertEqual(1, 1)
            ''')
        self.assertEqual(rc, 0, lines)
        self.assertEqual(verdicts(lines), ["ok test_b", "ok test_a"])

    def test_runner_fails_and_goes_on(self) -> None:
        rc, lines = run_tests('''
            class T(GTA04Test):
                def test_verdict(self) -> None:
                    raise TestFailure("the guest said no")

                def test_assert(self) -> None:
                    self.assertEqual(1, 2)

                def test_bug(self) -> None:
                    raise KeyError("x")

                def test_ok(self) -> None:
                    pass
            ''')
        self.assertEqual(rc, 1, lines)
        self.assertEqual(verdicts(lines), ["FAIL test_verdict", "FAIL test_assert", "FAIL test_bug",
                                           "ok test_ok"])
        self.assertIn("the guest said no", lines)
        self.assertTrue(any("Traceback" in line for line in lines), lines)

    def test_crash_is_no_verdict(self) -> None:
        # a test that swallows TestFailure still cannot swallow a dead QEMU
        rc, lines = run_tests('''
            class T(GTA04Test):
                def test_crash(self) -> None:
                    try:
                        raise QemuDied("QEMU killed by SIGSEGV while waiting")
                    except TestFailure:
                        pass
            ''')
        self.assertEqual(rc, 1, lines)
        self.assertEqual(verdicts(lines), ["FAIL test_crash"])
        self.assertIn("QEMU crashed, so there is no verdict: QEMU killed by SIGSEGV while waiting",
                      lines)

    def test_skip_says_why(self) -> None:
        rc, lines = run_tests('''
            @unittest.skipIf(True, "no lava-run here")
            class T(GTA04Test):
                def test_lab(self) -> None:
                    pass
            ''')
        self.assertEqual(rc, EXIT_SKIPPED, lines)
        self.assertIn("SKIP test_lab: no lava-run here", lines)

    def test_names_select_and_typos_fail(self) -> None:
        body = '''
            class T(GTA04Test):
                def test_one(self) -> None:
                    pass

                def test_two(self) -> None:
                    raise TestFailure("two")
            '''
        rc, lines = run_tests(body, "test_one")
        self.assertEqual((rc, verdicts(lines)), (0, ["ok test_one"]), lines)
        rc, lines = run_tests(body, "test_onee")
        self.assertEqual(rc, 1, lines)
        self.assertIn("FAIL no such test: test_onee", lines)
        rc, lines = run_tests("")
        self.assertEqual((rc, lines), (1, ["FAIL no test to run"]))

    def test_armdecode(self) -> None:
        # movw r3, #0x1234; movt r3, #0xc0ff; nop; ldr r0, [r3, #0x10]
        code = [0xe3013234, 0xe34c30ff, 0xe320f000, 0xe5930010]
        self.assertEqual(first_loaded_address(code), 0xc0ff1244)
        # the same with a negative offset (U clear): ldr r0, [r3, #-8]
        self.assertEqual(first_loaded_address(code[:3] + [0xe5130008]), 0xc0ff122c)
        # an ldr through a register whose upper half was never set is no answer
        self.assertIsNone(first_loaded_address([0xe3013234, 0xe5930010]))
        # a later movw of the register starts over
        self.assertEqual(first_loaded_address(code[:2] + [0xe3003000, 0xe5930010]), None)

    def test_interrupts(self) -> None:
        text = ("           CPU0       \n"
                " 23:          5      INTC   7 Level     TWL4030-PIH\n"
                " 24:        123      INTC  37 Level     gp_timer\n"
                "Err:          0\n")
        irqs = interrupts(text)
        self.assertEqual(irqs["TWL4030-PIH"][0], 5)
        self.assertEqual(irqs["gp_timer"][0], 123)
        self.assertNotIn("Err:", irqs)

    def test_markers_and_sleep(self) -> None:
        self.assertEqual(typed("__GTA04E12__"), '__GTA0""4E12__')
        sleep = Sleep("mem")
        sleep.woke, sleep.status, sleep.wakeup_irq = True, 0, "23"
        sleep.entered, sleep.returned = 1.0, 5.5
        self.assertEqual(str(sleep), "woke 4.5 guest s after the console suspended, status 0, "
                                     "wakeup irq 23")
        self.assertFalse(sleep.woke_after_stimulus())
        sleep.stimulated = 4.0
        self.assertTrue(sleep.woke_after_stimulus())

    def test_intervals(self) -> None:
        changes = [(1.0, True), (2.0, True), (3.0, False), (4.0, True)]
        self.assertEqual(intervals(changes, 9.0), [(1.0, 3.0), (4.0, 9.0)])


if __name__ == "__main__":
    GTA04Test.main()
