"""
The LAVA job of the board (contrib/lava): the wake cases of the scenario
files (tests/scenarios/, gta04.scenario_file), each a LAVA test case that
runs the guest's gta04-wake (contrib/lava/tests/gta04-wake.sh) with the
file's keys as its options, in the job of contrib/lava/jobs/gta04-wake.yaml.
contrib/lava/lab-submit and run-local.sh make their jobs here; a lab admin
makes one with

    python3 -m gta04.lava_job --kernel URL --dtb URL --ramdisk URL --wake URL

A case the lab cannot run is refused with its reason.  A key on the console
is a board write like the others: the board types it on UART3's RX wire
(rx-text), not LAVA's connection, which nothing types into while the guest
sleeps.
"""

import argparse
import os
import shlex
import sys
from typing import Any, Dict, List, NamedTuple, Optional, Sequence

from .board import CONSOLE_KEY, CONSOLE_UART
from .paths import REPO
from .scenario_file import (ScenarioError, WakeCase, Write, load_wake_case, wake_case_names)

LAVA = os.path.join(REPO, "contrib", "lava")
JOB = os.path.join(LAVA, "jobs", "gta04-wake.yaml")
DEFINITION = os.path.join(LAVA, "tests", "gta04-wake.yaml")
WAKE_SCRIPT = os.path.join(LAVA, "tests", "gta04-wake.sh")
STATES = ("mem", "freeze")


class LabCase(NamedTuple):
    """A wake case in one suspend state: one LAVA test case."""
    case: WakeCase
    state: str

    @property
    def name(self) -> str:
        """The test case's name: NAME-STATE."""
        return "%s-%s" % (self.case.name, self.state)


def unsupported(case: WakeCase) -> str:
    """Why a lab job cannot run the case ("" if it can)."""
    for text in case.setup_shell:
        if "\n" in text:
            return "a set-up shell line of more than one line"
    return ""


def lab_cases(spec: str = "") -> List[LabCase]:
    """The cases a job runs: `spec` is words NAME-STATE, NAME (both
    states) or a wake case FILE[:STATE]; "" is every wake case of
    tests/scenarios/ the lab can run, in both states."""
    out: List[LabCase] = []
    if not spec.strip():
        for name in wake_case_names():
            case = load_wake_case(name)
            if not unsupported(case):
                out += [LabCase(case, state) for state in STATES]
        return out
    for word in spec.split():
        name, state = word, ""
        if ":" in word and word.rsplit(":", 1)[1] in STATES:
            name, state = word.rsplit(":", 1)
        elif not word.endswith(".toml") and word.rsplit("-", 1)[-1] in STATES:
            name, state = word.rsplit("-", 1)
        case = load_wake_case(name)
        why = unsupported(case)
        if why:
            raise ScenarioError("%s: a lab job cannot run it: %s" % (case.path, why))
        out += [LabCase(case, s) for s in ([state] if state else STATES)]
    return out


def _write(write: Write) -> str:
    return "%s %s %s" % (write.path, write.prop, write.value)


def _irq(handler: str, least: int, most: int) -> str:
    return "%s=%d" % (handler, least) if least == most else "%s=%d-%d" % (handler, least, most)


def wake_argv(lab_case: LabCase) -> List[str]:
    """gta04-wake's command line for the case (its options: the file's keys)."""
    case, cycle = lab_case.case, lab_case.case.cycle
    argv = [case.name, lab_case.state]
    for line in case.setup_shell:
        argv += ["--setup", line]
    for write in case.setup_writes:
        argv += ["--setup-write", _write(write)]
    argv += ["--repeat", str(cycle.repeat), "--expect", cycle.expect,
             "--aborted", {True: "yes", False: "no", None: "either"}[cycle.aborted],
             "--settle", "%g" % cycle.settle, "--wake-within", "%g" % cycle.wake_within]
    if cycle.alarm:
        argv += ["--alarm", str(cycle.alarm)]
    stim = cycle.stimulus
    if stim is not None:
        if ";" in stim.when:
            raise ScenarioError("%s: cycle.stimulus.when: a lab job's request cannot hold ';'"
                                % case.path)
        # the key: its byte as \xHH, which the worker's gta04-stimuli decodes
        board_write = (_write(stim.write) if stim.write is not None else
                       "%s rx-text \\x%02x" % (CONSOLE_UART, ord(CONSOLE_KEY)))
        argv += ["--stimulus", board_write, "--when", stim.when, "--after", "%g" % stim.after]
    for c in cycle.irqs:
        argv += ["--irq", _irq(c.handler, c.runs, c.most)]
    for write in cycle.then:
        argv += ["--then", _write(write)]
    if case.awake is not None:
        argv.append("--awake")
        for i in case.awake.i2c:
            argv += ["--awake-i2c", "0x%x:0x%x:0x%x:0x%x" % (i.addr, i.reg, i.mask, i.value)]
        if case.awake.alarm:
            argv += ["--awake-alarm", str(case.awake.alarm)]
        if case.awake.wait:
            argv += ["--awake-wait", "%g" % case.awake.wait]
        for c in case.awake.irqs:
            argv += ["--awake-irq", _irq(c.handler, c.runs, c.most)]
    return argv


def step(lab_case: LabCase) -> str:
    """The test definition's run step of the case (lava-test-case runs
    `eval "$*"` of what follows --shell: the command goes as one word)."""
    return shlex.join(["lava-test-case", lab_case.name, "--shell",
                       shlex.join(["sh", "/usr/bin/gta04-wake", *wake_argv(lab_case)])])


def definition(cases: Sequence[LabCase]) -> Dict[str, Any]:
    """The Lava-Test Test Definition (tests/gta04-wake.yaml) with a step per case."""
    import yaml  # pylint: disable=import-outside-toplevel  # LAVA's python3-yaml: only to make a job
    with open(DEFINITION, encoding="utf-8") as fh:
        spec: Dict[str, Any] = yaml.safe_load(fh)
    spec["run"]["steps"] = list(spec["run"]["steps"]) + [step(c) for c in cases]
    return spec


def url(path: str) -> str:
    """A URL as it is, a local path as file://."""
    return path if "://" in path else "file://" + os.path.abspath(path)


def job(images: Dict[str, str], cases: Sequence[LabCase], name: str = "",
        device_type: str = "qemu-gta04", helper: bool = True,
        qemu_options: Sequence[str] = (), test_minutes: Optional[int] = None) -> Dict[str, Any]:
    """The job: jobs/gta04-wake.yaml with `images` (kernel, dtb, ramdisk,
    wake: URLs or paths), the test definition inlined, without the helper's
    command action if `helper` is false, `qemu_options` as the job's
    extra_options, and the test action's timeout."""
    import yaml  # pylint: disable=import-outside-toplevel
    with open(JOB, encoding="utf-8") as fh:
        text = fh.read()
    for key in ("kernel", "dtb", "ramdisk", "wake"):
        text = text.replace(key.upper() + "_URL", url(images[key]))
    j: Dict[str, Any] = yaml.safe_load(text)
    j["device_type"] = device_type
    if name:
        j["job_name"] = name
    if qemu_options:
        j["context"]["extra_options"] = list(qemu_options)
    for action in j["actions"]:
        test = action.get("test")
        if test is None:
            continue
        if test_minutes:
            test["timeout"] = {"minutes": test_minutes}
        for entry in test.get("definitions", []):
            if entry.get("repository") == "GTA04_WAKE_DEFINITION":
                entry["repository"] = definition(cases)
    if not helper:
        j["actions"] = [a for a in j["actions"] if "command" not in a]
    return j


def dump(j: Dict[str, Any]) -> str:
    """The job as YAML text."""
    import yaml  # pylint: disable=import-outside-toplevel
    return str(yaml.safe_dump(j, sort_keys=False, width=100))


def main(argv: Optional[List[str]] = None) -> int:
    """Print a job (python3 -m gta04.lava_job --help)."""
    parser = argparse.ArgumentParser(prog="python3 -m gta04.lava_job",
                                     description="Print the LAVA job of the board's wake cases.")
    for key in ("kernel", "dtb", "ramdisk"):
        parser.add_argument("--" + key, required=True, help="its URL (or a local path)")
    parser.add_argument("--wake", default=WAKE_SCRIPT,
                        help="URL of contrib/lava/tests/gta04-wake.sh (default: this tree's)")
    parser.add_argument("--cases", default="",
                        help="NAME-STATE, NAME or FILE[:STATE] words (default: every case)")
    parser.add_argument("--device-type", default="qemu-gta04")
    parser.add_argument("--no-helper", action="store_true")
    args = parser.parse_args(argv)
    try:
        cases = lab_cases(args.cases)
    except ScenarioError as ex:
        print("error: %s" % ex, file=sys.stderr)
        return 2
    print(dump(job({"kernel": args.kernel, "dtb": args.dtb, "ramdisk": args.ramdisk,
                    "wake": args.wake}, cases, device_type=args.device_type,
                   helper=not args.no_helper)), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
