#!/usr/bin/env python3
"""Scenario files (tests/scenarios/, gta04.scenario_file): every file of
ours loads, the bug table comes from them, a mistake in a file is one
clear line naming the file and the key, and a wake case a developer
writes runs on the board with its stimulus at the moment it names.

test_stimulus_at_a_register_write runs tests/scenarios/pwron-while-pih-masked:
the power button pressed the moment the kernel masks INTC 7 (a write of
MIR_SET0 bit 7) to take the RTC alarm that woke the board: both handlers
run.

The named-moment case is a file of the kind docs/gta04.md "Scenario files" shows:
the power button pressed as the guest prints "late suspend of devices
complete" (the console up: pm_debug_messages), that is as the noirq phase
begins.  Debian's 6.1 has the PIH as a wake-up irq, so the press, pending
before WFI, must abort the suspend to mem (the write fails, pm_wakeup_irq
the PIH's) where the same press 3 s after the board sleeps wakes it.  In
warp mode, so that the moment is the same every run (icount).
"""

import os
import subprocess
import sys
import tempfile
from typing import List

from gta04.errors import TestFailure
from gta04.guest import Guest
from gta04.paths import REPO
from gta04.scenario_file import (ScenarioError, load_bug_cases, load_wake_case,
                                 wake_case_names)
from gta04.testing import GTA04Test
from gta04.wake_case import run

BISECT_RUN = os.path.join(REPO, "scripts", "gta04-bisect-run")
SEED_BUGS = os.path.join(REPO, "tests", "bugs", "test_seed_bugs.py")
PROCEDURES = ("chain", "plug_asleep", "bug1_rtc", "bug2_rtc", "article_rtc", "storm",
              "core_off_idle")

AT_NOIRQ = """
description = "the power button as the noirq phase begins: the suspend aborts"
[cycle]
stimulus = { write = "pmic pwron true", when = "console:late suspend of devices complete", after = 0 }
expect = "pmic"
aborted = "yes"
then = ["pmic pwron false"]
"""

# (file text, what the one error line must say)
BAD_FILES = [
    ("description = 'x'\n", "a wake case needs a [cycle]"),
    ("description = 'x'\n[cycle]\nexpect = 'pmic'\nalarm = 5\nrepaet = 2\n", "unknown key cycle.repaet"),
    ("description = 'x'\n[cycle]\nexpect = 'pmic'\n", "nothing wakes the board"),
    ("description = 'x'\n[cycle]\nexpect = 'pmic'\n"
     "stimulus = { write = 'pmic pwron true', when = 'line:int2:1' }\n", "cycle.stimulus.when must be"),
    ("description = 'x'\n[cycle]\nexpect = 'soon'\nalarm = 5\n", "cycle.expect must be one of"),
    ("description = 'x'\n[cycle]\nexpect = 'pmic'\nstimulus = { write = 'twl pwron true' }\n",
     "'twl' is neither a QOM path nor one of pmic"),
    ("description = 'x'\n[cycle]\nexpect = 'pmic'\nalarm = 'soon'\n", "cycle.alarm must be int"),
    ("description = [\n", "not TOML"),
]


def files_of(text: str, tmp: str, n: int) -> str:
    """`text` as the file tmp/case<n>.toml."""
    path = os.path.join(tmp, "case%d.toml" % n)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    return path


class ScenarioFilesTest(GTA04Test):
    def test_our_files_load(self) -> None:
        names = wake_case_names()
        for name in names:
            load_wake_case(name)
        cases = load_bug_cases(PROCEDURES)
        rows = sum(len(c.rows) for c in cases)
        proc = subprocess.run([sys.executable, SEED_BUGS, "--list"], check=False,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        listed = proc.stdout.split()
        if proc.returncode != 0 or len(listed) != len(set(listed)) or len(listed) < rows:
            raise TestFailure("the bug table from the files: exit %d, %d rows listed for %d file "
                              "rows:\n%s" % (proc.returncode, len(listed), rows, proc.stdout[-2000:]))
        print("  %d wake cases (%s); %d bug cases, %d rows, %d in the table"
              % (len(names), ", ".join(names), len(cases), rows, len(listed)))

    def test_bad_files_are_one_clear_line(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            for n, (text, said) in enumerate(BAD_FILES):
                path = files_of(text, tmp, n)
                try:
                    load_wake_case(path)
                except ScenarioError as ex:
                    if said not in str(ex) or path not in str(ex):
                        raise TestFailure("%r: the error %r does not say %r and the file"
                                          % (text, str(ex), said)) from None
                else:
                    raise TestFailure("%r loaded without an error" % text)
                # and the bisect script says it in one line, exit 2 (git bisect run stops)
                proc = subprocess.run([BISECT_RUN, tmp, "--scenario", path], check=False,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                errors = [l for l in proc.stderr.splitlines() if l.startswith("gta04-bisect-run: error")]
                if proc.returncode != 2 or len(errors) != 1 or said not in errors[0] \
                        or "Traceback" in proc.stderr:
                    raise TestFailure("gta04-bisect-run --scenario %r: exit %d, stderr:\n%s"
                                      % (text, proc.returncode, proc.stderr))
            print("  %d bad files: each one line naming the file and the key" % len(BAD_FILES))

    def test_stimulus_at_a_named_moment(self) -> None:
        # warp mode: the console's lag behind the kernel (line rate, console
        # up) decides whether the press comes before the PIH's line is
        # suspended; under icount it is the same every run, at host speed
        # it is the host's (a loaded CI host once had the press handled
        # before the noirq phase, and the board slept on)
        with tempfile.TemporaryDirectory() as tmp, Guest(console_up=True, warp=True) as g:
            case = load_wake_case(files_of(AT_NOIRQ, tmp, 0))
            g.boot()
            seen: List[str] = []
            out = run(g, case, "mem")
            seen.append(str(out))
            if not out.good:
                raise TestFailure("the press as the noirq phase begins: " + str(out))
            sleep = out.sleeps[0]
            print("  press at 'late suspend of devices complete' + 0 s: %s (applied %.3f guest s)"
                  % (sleep, sleep.stimulated or -1))


    def test_stimulus_at_a_register_write(self) -> None:
        # tests/scenarios/pwron-while-pih-masked.toml: the press the moment
        # genirq masks INTC 7 (MIR_SET0 bit 7) for the alarm's PIH handler;
        # warp mode, so the write is the same instruction every run
        with Guest(warp=True) as g:
            case = load_wake_case("pwron-while-pih-masked")
            g.boot()
            out = run(g, case, "mem")
            if not out.good:
                raise TestFailure("the press as the PIH's line is masked: " + str(out))
            sleep = out.sleeps[0]
            if sleep.stimulated is None:
                raise TestFailure("the board never saw the write it waited for: %s" % sleep)
            print("  press at the write of MIR_SET0 bit 7 + 0 s: %s (applied %.3f guest s)"
                  % (sleep, sleep.stimulated))


if __name__ == "__main__":
    GTA04Test.main()
