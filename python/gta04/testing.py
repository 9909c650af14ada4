"""
Functional tests as unittest cases, run with the guarantees scripts/check.sh
relies on.

A test file defines GTA04Test subclasses with ``test_*`` methods and ends
with ``GTA04Test.main()``.  The runner:

- runs the tests in the order they are written (optionally only the ones
  named on the command line), one line each: ``ok   NAME  SECS`` or
  ``FAIL NAME  SECS`` followed by why;
- counts a test whose QEMU died as failed, saying there is no verdict
  (errors.QemuDied), whatever the test did with it;
- skips nothing silently: a skipped test prints ``SKIP NAME: REASON``;
- exits 1 if any test failed or none ran, else 77 if any was skipped
  (scripts/check.sh counts that file as skipped), else 0.
"""

import sys
import time
import traceback
from types import ModuleType, TracebackType
from typing import Iterator, List, NoReturn, Optional, Tuple, Type, Union
import unittest

from .errors import QemuDied, TestFailure


ExcInfo = Union[Tuple[Type[BaseException], BaseException, TracebackType],
                Tuple[None, None, None]]
EXIT_SKIPPED = 77       # scripts/check.sh: the test file was skipped


class GTA04Test(unittest.TestCase):
    """A functional test of -M gta04; its assertions raise TestFailure."""

    failureException = TestFailure

    @staticmethod
    def main() -> NoReturn:
        """Run the tests of the __main__ module and exit with the verdict."""
        main()


def _name(test: unittest.TestCase) -> str:
    method = getattr(test, "_testMethodName", None)
    return method if isinstance(method, str) else str(test)


class Result(unittest.TestResult):
    """Prints one line per test, as scripts/check.sh shows them."""

    def __init__(self) -> None:
        super().__init__()
        self.t0 = time.monotonic()
        self.ran_ok = 0

    def _line(self, word: str, test: unittest.TestCase) -> None:
        print("%-4s %-40s %6.1fs" % (word, _name(test), time.monotonic() - self.t0))
        sys.stdout.flush()

    def startTest(self, test: unittest.TestCase) -> None:
        super().startTest(test)
        self.t0 = time.monotonic()

    def addSuccess(self, test: unittest.TestCase) -> None:
        super().addSuccess(test)
        self.ran_ok += 1
        self._line("ok", test)

    def _failed(self, test: unittest.TestCase, err: ExcInfo) -> None:
        self._line("FAIL", test)
        exc = err[1]
        if isinstance(exc, QemuDied):
            print("QEMU crashed, so there is no verdict: " + str(exc))
        elif isinstance(exc, TestFailure):
            print(str(exc))
        else:
            traceback.print_exception(*err)
        sys.stdout.flush()

    def addError(self, test: unittest.TestCase, err: ExcInfo) -> None:
        super().addError(test, err)
        self._failed(test, err)

    def addFailure(self, test: unittest.TestCase, err: ExcInfo) -> None:
        super().addFailure(test, err)
        self._failed(test, err)

    def addSubTest(self, test: unittest.TestCase, subtest: unittest.TestCase,
                   err: Optional[ExcInfo]) -> None:
        super().addSubTest(test, subtest, err)
        if err is not None:
            self._failed(subtest, err)

    def addSkip(self, test: unittest.TestCase, reason: str) -> None:
        super().addSkip(test, reason)
        print("SKIP %s: %s" % (_name(test), reason))
        sys.stdout.flush()

    def addUnexpectedSuccess(self, test: unittest.TestCase) -> None:
        super().addUnexpectedSuccess(test)
        self._line("FAIL", test)
        print("passed, but is marked as an expected failure")


def tests_of(module: ModuleType) -> Iterator[unittest.TestCase]:
    """The module's test methods, in the order they are written."""
    for cls in list(vars(module).values()):
        if isinstance(cls, type) and issubclass(cls, unittest.TestCase) \
                and cls.__module__ == module.__name__:
            for attr in list(vars(cls)):
                if attr.startswith("test") and callable(getattr(cls, attr)):
                    yield cls(attr)


def main(names: Optional[List[str]] = None) -> NoReturn:
    """
    Run the tests of the __main__ module (only those in `names`, default
    the command line's arguments, if any); exit with the verdict.
    """
    names = sys.argv[1:] if names is None else names
    tests = [t for t in tests_of(sys.modules["__main__"]) if not names or _name(t) in names]
    unknown = set(names) - {_name(t) for t in tests}
    if unknown:
        print("FAIL no such test: %s" % ", ".join(sorted(unknown)))
        sys.exit(1)
    if not tests:
        print("FAIL no test to run")
        sys.exit(1)
    result = Result()
    unittest.TestSuite(tests).run(result)
    if result.errors or result.failures or result.unexpectedSuccesses:
        sys.exit(1)
    sys.exit(EXIT_SKIPPED if result.skipped else 0)
