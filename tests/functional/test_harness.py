#!/usr/bin/env python3
"""The runner tests itself: scripts/check.sh run on deliberately failing
functional tests (tests/functional/harness/case_*.py) must count each as a
failure, print the closing "N passed, N failed" line with the right numbers
and exit non-zero; an empty qtest suite is refused.  A runner that reports
green for a failed guest command, a QEMU killed by SIGSEGV while the test
waited for "no answer", a QEMU that aborts after the last check, or a test
that hangs, fails here."""

import os
import re
import subprocess
from typing import Dict, List, Optional, Tuple

from gta04.errors import TestFailure
from gta04.paths import REPO
from gta04.testing import GTA04Test


CHECK = os.path.join(REPO, "scripts", "check.sh")
CASES = os.path.join(REPO, "tests", "functional", "harness")


def runner(*args: str, env: Optional[Dict[str, str]] = None) -> Tuple[int, Optional[str], str]:
    """Run scripts/check.sh ARGS; return its exit status, closing line and output."""
    proc = subprocess.run([CHECK, *args], check=False, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=1200, env=dict(os.environ, **(env or {})))
    lines = [line for line in proc.stdout.splitlines() if re.match(r"^\d+ passed, \d+ failed", line)]
    closing = lines[-1] if lines else None
    print("  check.sh %s -> exit %d, %r" % (" ".join(os.path.basename(a) for a in args),
                                          proc.returncode, closing))
    return proc.returncode, closing, proc.stdout


def expect(args: List[str], closing: str, failed_names: List[str],
           env: Optional[Dict[str, str]] = None) -> str:
    """check.sh ARGS must end with `closing`, exit non-zero and list each of failed_names."""
    rc, line, out = runner(*args, env=env)
    if line != closing:
        raise TestFailure("expected closing line %r, got %r:\n%s" % (closing, line, out[-3000:]))
    if rc == 0:
        raise TestFailure("the runner exited 0 with failures:\n" + out[-3000:])
    for name in failed_names:
        if not re.search(r"^failed: .*%s" % re.escape(name), out, re.M):
            raise TestFailure("%s is not listed as failed:\n%s" % (name, out[-3000:]))
    return out


def case(name: str) -> str:
    """The path of a harness case."""
    return os.path.join(CASES, name)


class HarnessTest(GTA04Test):
    def test_failing_test_is_counted(self) -> None:
        expect(["--functional", case("case_pass.py"), case("case_fail.py")],
               "1 passed, 1 failed", ["functional/case_fail.py"])

    def test_qemu_crash_is_a_failure(self) -> None:
        out = expect(["--functional", case("case_pass.py"), case("case_crash.py"),
                      case("case_crash_late.py")],
                     "1 passed, 2 failed", ["functional/case_crash.py", "functional/case_crash_late.py"])
        for sig in ("SIGSEGV", "SIGABRT"):
            if "killed by %s" % sig not in out:
                raise TestFailure("the report does not say QEMU was killed by %s:\n%s" % (sig, out[-3000:]))

    def test_hanging_test_times_out(self) -> None:
        expect(["--functional", case("case_hang.py")], "0 passed, 1 failed",
               ["functional/case_hang.py (timed out after 5 s"],
               env={"GTA04_FUNCTIONAL_TIMEOUT": "5"})

    def test_empty_qtest_suite_is_an_error(self) -> None:
        expect(["--qtest"], "0 passed, 1 failed", ["qtest list of suite 'no-such-suite'"],
               env={"GTA04_QTEST_SUITE": "no-such-suite"})


if __name__ == "__main__":
    GTA04Test.main()
