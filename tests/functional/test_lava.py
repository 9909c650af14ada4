#!/usr/bin/env python3
"""The LAVA job of contrib/lava/, run by Debian's lava-run (lava-dispatcher
2023.01, no LAVA server) through contrib/lava/run-local.sh, on Debian's
kernel and our QEMU.

  test_wake_cases_pass       the job as a lab would run it (gta04.lava_job):
                             every wake case of tests/scenarios/ a lab can
                             run, in mem and freeze, is a lava-test-case in
                             the job's results, each passed, and each passed
                             by the guest's own verdict lines; the power
                             button and cable were armed by the helper on
                             the VM held at the guest's request, once per
                             cycle
  test_failures_are_reported the same job without the stimulus helper and
                             with a scenario file of the test's own whose
                             handler never runs: the RTC case still passes,
                             the button case fails (the guest's fall-back
                             alarm woke it, not the button), the file's case
                             fails by its count, and run-local.sh exits
                             non-zero

Results are read from run-local.sh's results.yaml (the records of
lava-run's own log, in the shape a LAVA server exports) and from that log.
lava-run is installed by scripts/setup.sh; missing (a user not root who did
not install it), the test is skipped (exit 77) and says why.
"""

import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest
from typing import Any, Dict, List, Tuple

from gta04 import lava_job
from gta04.errors import TestFailure
from gta04.paths import BUILD, REPO
from gta04.testing import GTA04Test


LAVA = os.path.join(REPO, "contrib", "lava")
RUN_LOCAL = os.path.join(LAVA, "run-local.sh")
SUITE = "0_gta04-wake"


# lava-run is set up by scripts/setup.sh (scripts/host-packages, group
# lava); a test installs nothing, so without it the tests are skipped and
# say why (a user not root who did not install it)
NO_LAVA_RUN = None if shutil.which("lava-run") else \
    "lava-run (Debian's lava-dispatcher) is not installed: scripts/setup.sh installs it (as root)"


def yaml_file(path: str) -> Any:
    """A YAML file as Python data, by Debian's python3 (python3-yaml comes
    with lava-dispatcher; the interpreter running this test may lack it)."""
    out = subprocess.run(["/usr/bin/python3", "-c",
                          "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))",
                          path], check=True, stdout=subprocess.PIPE, text=True).stdout
    return json.loads(out)


def default_cases() -> List[str]:
    """The cases the job runs by default: every wake case of tests/scenarios/
    a lab can run (not the console key's), in mem and freeze."""
    return [c.name for c in lava_job.lab_cases("")]


def run_local(out: str, *args: str) -> Tuple["subprocess.CompletedProcess[str]", List[Any], str]:
    """contrib/lava/run-local.sh --out OUT ARGS: its process, results.yaml and lava-run's log."""
    t0 = time.monotonic()
    proc = subprocess.run([RUN_LOCAL, "--out", out, *args], check=False, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=900)
    secs = time.monotonic() - t0
    print("  run-local.sh %s: exit %d in %.0f s" % (" ".join(args), proc.returncode, secs))
    for line in proc.stdout.splitlines():
        if not line.startswith("==>") and "ninja" not in line and not line.startswith("["):
            print("    " + line)
    results = yaml_file(os.path.join(out, "results.yaml")) if \
        os.path.exists(os.path.join(out, "results.yaml")) else []
    if not os.path.exists(os.path.join(out, "lava-run.log")):
        # run-local.sh stopped before lava-run ran the job (its error line is above)
        validate = os.path.join(out, "lava-validate.log")
        if os.path.exists(validate):
            with open(validate, encoding="utf-8", errors="replace") as fh:
                print("    lava-validate.log, last lines:\n      " +
                      "\n      ".join(fh.read().splitlines()[-5:]))
        raise TestFailure("run-local.sh %s: no job was run (exit %d)"
                          % (" ".join(args), proc.returncode))
    with open(os.path.join(out, "lava-run.log"), encoding="utf-8", errors="replace") as fh:
        log = fh.read()
    return proc, results, log


def cases(results: List[Dict[str, str]]) -> Dict[str, str]:
    """The results of the test definition's cases, by name."""
    return {r["name"]: r["result"] for r in results if r["suite"] == SUITE}


def job_result(results: List[Dict[str, str]]) -> List[str]:
    """The job's own result (one, if the job ran)."""
    return [r["result"] for r in results if r["suite"] == "lava" and r["name"] == "job"]


def guest_lines(log: str) -> List[str]:
    """The guest's own gta04-wake lines, as lava-run logged the console."""
    lines: List[str] = re.findall(r"gta04-wake: ([^\"\\]+)", log)
    return lines


def check_passed(case: str, result: str, log: str, lines: List[str]) -> None:
    """The case passed, by LAVA's signal and by the guest's own lines."""
    if result != "pass":
        raise TestFailure("%s: %s" % (case, result))
    if "<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=%s RESULT=pass>" % case not in log:
        raise TestFailure("%s: no lava-test-case signal in the log" % case)
    if "%s: pass" % case not in lines:
        raise TestFailure("%s: the guest never printed its pass line" % case)
    facts = [line for line in lines if line.startswith(case + ": cycle ")]
    if not facts or not all("wakeup irq" in line for line in facts):
        raise TestFailure("%s: no line of what the guest saw" % case)
    print("  %-26s pass  %s" % (case, facts[-1].split(": ", 1)[1]))


@unittest.skipIf(NO_LAVA_RUN, NO_LAVA_RUN or "")
class LavaTest(GTA04Test):
    def test_wake_cases_pass(self) -> None:
        out = tempfile.mkdtemp(prefix="gta04-lava-", dir=BUILD)
        try:
            proc, results, log = run_local(out)
            want = default_cases()
            got = cases(results)
            if proc.returncode != 0:
                raise TestFailure("run-local.sh exited %d:\n%s" % (proc.returncode, proc.stdout[-3000:]))
            if job_result(results) != ["pass"]:
                raise TestFailure("the job's own result is %s, not pass" % job_result(results))
            if sorted(got) != sorted(want):
                raise TestFailure("test cases %s, not the scenario files' %s" % (sorted(got), sorted(want)))
            if "uart-wake-mem" not in want or len(want) < 14:
                raise TestFailure("the default cases %s: expected every wake case, the "
                                  "console key's included, in two states" % want)
            lines = guest_lines(log)
            with open(os.path.join(out, "state", "gta04-stimuli.log"), encoding="utf-8") as fh:
                helper = fh.read()
            for c in want:
                check_passed(c, got[c], log, lines)
            # each board stimulus armed on the held VM, once per cycle of its cases
            for what, times in (("armed /machine/twl4030 pwron true, 3 s after asleep", 4),
                                ("armed /machine/twl4030 vbus ", 6),
                                ("armed /machine/soc/uart3 rx-text \\x15, 3 s after asleep", 2)):
                if helper.count(what) != times:
                    raise TestFailure("the helper's log has %r %d times, not %d:\n%s"
                                      % (what, helper.count(what), times, helper))
        finally:
            shutil.rmtree(out, True)

    def test_failures_are_reported(self) -> None:
        tmp = tempfile.mkdtemp(prefix="gta04-lava-fail-", dir=BUILD)
        out = os.path.join(tmp, "out")     # run-local.sh empties it first
        try:
            bogus = os.path.join(tmp, "bogus-wake.toml")
            with open(bogus, "w", encoding="utf-8") as fh:
                # a case that asks the guest for what its kernel cannot do
                fh.write('description = "a handler that never runs"\n[cycle]\nalarm = 3\n'
                         'expect = "pmic"\nirqs = { no_such_handler = 1 }\n')
            proc, results, log = run_local(out, "--no-helper", "--scenarios",
                                           "rtc-wake-mem pwron-wake-mem %s:mem" % bogus)
            got = cases(results)
            if proc.returncode == 0:
                raise TestFailure("run-local.sh exited 0 with failing cases: %s" % got)
            want = {"rtc-wake-mem": "pass", "pwron-wake-mem": "fail", "bogus-wake-mem": "fail"}
            if got != want:
                raise TestFailure("test cases %s, not %s" % (got, want))
            if job_result(results) != ["pass"]:
                raise TestFailure("the job itself should complete (its cases fail): %s"
                                  % job_result(results))
            lines = guest_lines(log)
            why = {c: [line for line in lines if line.startswith(c + ": FAIL")]
                   for c in ("pwron-wake-mem", "bogus-wake-mem")}
            if not any("fall-back RTC alarm" in line for line in why["pwron-wake-mem"]):
                raise TestFailure("pwron-wake-mem did not fail by the fall-back alarm: %s" % why)
            if not any("no_such_handler ran 0 times, not 1" in line
                       for line in why["bogus-wake-mem"]):
                raise TestFailure("bogus-wake-mem did not fail by its handler count: %s" % why)
            for c, fails in why.items():
                print("  %-26s fail  %s" % (c, fails[0].split(": FAIL: ", 1)[1]))
        finally:
            shutil.rmtree(tmp, True)


if __name__ == "__main__":
    GTA04Test.main()
