#!/usr/bin/env python3
"""The single-machine LAVA lab (scripts/lab.sh, make lab): a job through
the server's API.

  test_job_through_the_api   starts the lab if it is not up (and stops it
                             again afterwards), submits the wake job with two
                             cases (rtc-wake-mem, pwron-wake-mem) with
                             `lavacli jobs submit` (contrib/lava/lab-submit),
                             and reads it back through the API: the job
                             Complete on one of the lab's two devices, both
                             cases passed in the test suite, each by the
                             guest's own verdict lines in the job's log (two
                             cycles each), the power button pressed by the
                             device's helper at the guest's request (armed,
                             then released, once per cycle), the board's
                             trace and its timeline kept with the job; no
                             lava-run of the lab left running

Skipped, saying why, when not root (PostgreSQL runs as its own user and
LAVA's dispatcher as root), when the lab's packages are absent
(contrib/lava/lab-packages: make lab installs them; a test installs
nothing: the lab is started with GTA04_OFFLINE=1), and under make check
(GTA04_OFFLINE=1) unless GTA04_LAB_CHECK=1: a LAVA server brought up next
to the other tests on two cores takes minutes (make lab-check runs it).
"""

import json
import os
import subprocess
import tempfile
import time
from typing import Any, List, Optional

from gta04.errors import TestFailure
from gta04.testing import GTA04Test

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
LAB_SH = os.path.join(REPO, "scripts", "lab.sh")
SUBMIT = os.path.join(REPO, "contrib", "lava", "lab-submit")
PACKAGES = os.path.join(REPO, "contrib", "lava", "lab-packages")
CACHE = os.environ.get("GTA04_CACHE", os.path.expanduser("~/.cache/qemu-gta04"))
CASES = ["rtc-wake-mem", "pwron-wake-mem"]
SUITE = "0_gta04-wake"


def missing_packages() -> List[str]:
    """The packages of contrib/lava/lab-packages that are not installed."""
    with open(PACKAGES, encoding="utf-8") as fh:
        wanted = [p for line in fh if line.strip() and not line.startswith("#")
                  for p in line.split()[1:]]
    return [p for p in wanted if subprocess.run(
        ["dpkg-query", "-W", "-f=${Status}", p], check=False, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True).stdout != "install ok installed"]


def skip_reason() -> Optional[str]:
    """Why this test cannot run here, or None."""
    if os.geteuid() != 0:
        return "not root: the lab runs PostgreSQL as its own user and LAVA's dispatcher as root"
    missing = missing_packages()
    if missing:
        return "the lab's packages are absent (%s): make lab installs them" % " ".join(missing)
    if os.environ.get("GTA04_OFFLINE") == "1" and os.environ.get("GTA04_LAB_CHECK") != "1":
        return ("under make check: a LAVA server started next to the other tests takes minutes; "
                "make lab-check runs this test (or GTA04_LAB_CHECK=1)")
    return None


def lab(*args: str, timeout: int = 600) -> "subprocess.CompletedProcess[str]":
    """scripts/lab.sh ARGS, never installing anything (GTA04_OFFLINE=1)."""
    return subprocess.run([LAB_SH, *args], check=False, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=timeout,
                          env=dict(os.environ, GTA04_OFFLINE="1"))


def lavacli_yaml(*args: str) -> Any:
    """scripts/lab.sh lavacli ARGS --yaml, parsed by Debian's python3 (its yaml)."""
    out = lab("lavacli", *args, "--yaml", timeout=120)
    if out.returncode != 0:
        raise TestFailure("lavacli %s: exit %d: %s" % (" ".join(args), out.returncode, out.stdout))
    return json.loads(subprocess.run(
        ["/usr/bin/python3", "-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))"],
        input=out.stdout, check=True, stdout=subprocess.PIPE, text=True).stdout)


def lab_jobs_running() -> List[str]:
    """What runs of a job on the lab's devices: QEMU and the stimulus helper
    name the device's state directory (lava-run's title is only its job)."""
    return subprocess.run(["pgrep", "-af", "%s/lab/devices/" % CACHE], check=False,
                          stdout=subprocess.PIPE, text=True).stdout.splitlines()


class LabTest(GTA04Test):
    def test_job_through_the_api(self) -> None:
        reason = skip_reason()
        if reason:
            self.skipTest(reason)
        was_up = lab("status").returncode == 0
        try:
            if not was_up:
                t0 = time.monotonic()
                started = lab("start")
                print("  scripts/lab.sh start: exit %d in %.0f s"
                      % (started.returncode, time.monotonic() - t0))
                if started.returncode != 0:
                    raise TestFailure("the lab did not start:\n" + started.stdout[-3000:])
            self.run_job()
        finally:
            if not was_up:
                lab("stop")
        left = lab_jobs_running()
        if left:
            raise TestFailure("a job still running on the lab's devices:\n" + "\n".join(left))

    def run_job(self) -> None:
        """Submit, wait, read back through the API, check."""
        with tempfile.TemporaryDirectory(prefix="gta04-lab-") as out:
            t0 = time.monotonic()
            proc = subprocess.run([SUBMIT, "--cases", " ".join(CASES), "--out", out,
                                   "--name", "tests/functional/test_lab.py"], check=False,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                  timeout=1500)
            print("  lab-submit: exit %d in %.0f s" % (proc.returncode, time.monotonic() - t0))
            for line in proc.stdout.splitlines():
                print("    " + line)
            job = [line.split()[2] for line in proc.stdout.splitlines()
                   if line.startswith("lab-submit: job ") and line.split()[2].isdigit()]
            if proc.returncode != 0 or not job:
                raise TestFailure("the job did not pass (exit %d)" % proc.returncode)
            show = lavacli_yaml("jobs", "show", job[-1])
            self.assertEqual(show["health"], "Complete", show)
            self.assertIn(show["device"], ("gta04-01", "gta04-02"))
            results = lavacli_yaml("results", job[-1])
            ours = {r["name"]: r["result"] for r in results if r["suite"] == SUITE}
            self.assertEqual(ours, {c: "pass" for c in CASES}, results)
            lava_job = [r for r in results if r["suite"] == "lava" and r["name"] == "job"]
            self.assertEqual([r["result"] for r in lava_job], ["pass"], results)
            with open(os.path.join(out, "lava.log"), encoding="utf-8", errors="replace") as fh:
                log = fh.read()
            for case in CASES:
                for line in ("gta04-wake: %s: cycle 2: slept" % case, "gta04-wake: %s: pass" % case):
                    if line not in log:
                        raise TestFailure("no line %r of the guest in the job's log" % line)
            check_artefacts(out)


def check_artefacts(out: str) -> None:
    """The job's artefacts: the helper's log and the board's trace and timeline."""
    with open(os.path.join(out, "gta04-stimuli.log"), encoding="utf-8") as fh:
        stimuli = fh.read()
    # the press armed on the held VM for each suspend, the release after each wake
    for line, times in (("armed /machine/twl4030 pwron true, 3 s after asleep", 2),
                        ("set /machine/twl4030 pwron false", 2)):
        if stimuli.count(line) != times:
            raise TestFailure("the helper's log has %r %d times, not %d:\n%s"
                              % (line, stimuli.count(line), times, stimuli))
    for name in ("trace.log.gz", "timeline.html", "timeline.svg"):
        path = os.path.join(out, name)
        if not os.path.exists(path) or not os.path.getsize(path):
            raise TestFailure("the job's %s is missing or empty" % name)


if __name__ == "__main__":
    GTA04Test.main()
