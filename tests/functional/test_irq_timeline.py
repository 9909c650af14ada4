#!/usr/bin/env python3
"""scripts/irq-timeline on two recorded traces (tests/fixtures/irq-timeline/):
the bug-1 kernel staying asleep in s2idle and the same tree with fix1 woken
by the RTC alarm.  Both were recorded by `make bugs` (the bug1_rtc rows) and
trimmed to the last suspend cycle, with the tick's MIR writes and the other
INTC lines thinned out.  No QEMU is started.

Checks the lanes the picture must have and what they show (through --json),
that the SVG names every lane as text, the PNG, the side-by-side pair, the
QEMU options (every event it enables exists in a hw/**/trace-events) and that a
log without those events is refused.
"""

import atexit
import glob
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from typing import Any, Dict, List, Sequence, Tuple

from gta04 import ftrace
from gta04.errors import TestFailure
from gta04.guest import Guest
from gta04.paths import REPO
from gta04.scenarios import arm_alarm
from gta04.testing import GTA04Test
from gta04.timeline import qemu_args


TIMELINE = os.path.join(REPO, "scripts", "irq-timeline")
FIX = os.path.join(REPO, "tests", "fixtures", "irq-timeline")
BUG1 = os.path.join(FIX, "bug1-freeze-rtc.log.gz")
FIX1 = os.path.join(FIX, "bug1-fix1-freeze-rtc.log.gz")
LANES = ["suspend phases", "RTC alarm", "PWRON", "VBUS", "VUSB3V1", "BCI", "SIH pwr ISR1",
         "SIH bci ISR1", "PIH", "INT1", "INTC 7 input", "INTC 7 masked", "CPU", "I2C1"]
TMP = tempfile.mkdtemp(prefix="gta04-timeline-")
atexit.register(shutil.rmtree, TMP, True)


def check(cond: object, what: str) -> None:
    """A verdict: TestFailure(what) unless cond."""
    if not cond:
        raise TestFailure(what)


def draw(*logs: str, name: str = "out", titles: Sequence[str] = ()) -> Tuple[str, List[Any]]:
    """Draw the logs to TMP/NAME; return that path and the panels of its JSON."""
    out = os.path.join(TMP, name)
    cmd = [sys.executable, TIMELINE, *logs, "-o", out, "--json", out + ".json"]
    for title in titles:
        cmd += ["--title", title]
    proc = subprocess.run(cmd, check=False, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    check(proc.returncode == 0, "irq-timeline failed (%d):\n%s" % (proc.returncode, proc.stdout))
    with open(out + ".json", encoding="utf-8") as fh:
        panels: List[Any] = json.load(fh)
    return out, panels


def lanes_of(panel: Dict[str, Any]) -> Dict[str, Any]:
    """The panel's lanes by name."""
    return {ln["name"]: ln for ln in panel["lanes"]}


def png_size(path: str) -> Tuple[int, int]:
    """Width and height of a PNG."""
    with open(path, "rb") as fh:
        head = fh.read(24)
    check(head[:8] == b"\x89PNG\r\n\x1a\n", "%s is not a PNG" % path)
    width, height = struct.unpack(">II", head[16:24])
    return width, height


class IrqTimelineTest(GTA04Test):
    def test_help(self) -> None:
        proc = subprocess.run([sys.executable, TIMELINE, "--help"], check=False, stdout=subprocess.PIPE,
                              text=True)
        check(proc.returncode == 0, "--help exit status %d" % proc.returncode)
        for lane in ("suspend phases", "RTC alarm", "PWRON", "VBUS", "VUSB3V1", "BCI", "PIH",
                     "INT1", "INTC 7 input", "INTC 7 masked", "CPU", "I2C1", "--qemu-args"):
            check(lane in proc.stdout, "--help does not describe %r" % lane)

    def test_bug1_stays_asleep(self) -> None:  # pylint: disable=too-many-locals
        out, panels = draw(BUG1, name="bug1", titles=["bug1"])
        check(len(panels) == 1, "one log, %d panels" % len(panels))
        panel = panels[0]
        check([ln["name"] for ln in panel["lanes"]] == LANES,
              "lanes %s, expected %s" % ([ln["name"] for ln in panel["lanes"]], LANES))
        by_name = lanes_of(panel)
        end = panel["window"][1]
        phases = [m[1] for m in by_name["suspend phases"]["marks"]]
        check(phases and "suspend entry" in phases[0] and any("Suspending console" in x for x in phases),
              "phases %s" % phases)
        alarms = [m[0] for m in by_name["RTC alarm"]["marks"] if m[1] == "alarm"]
        check(len(alarms) == 1 and 3.5 < alarms[0] < 5.0, "RTC alarm marks %s" % alarms)
        alarm = alarms[0]
        # every stage of the chain rises at the alarm and stays up to the end
        for lane in ("SIH pwr ISR1", "PIH", "INT1", "INTC 7 input", "INTC 7 masked"):
            bars = [b for b in by_name[lane]["bars"] if b[1] > alarm]
            check(bars and abs(bars[-1][0] - alarm) < 0.005 and abs(bars[-1][1] - end) < 1e-6,
                  "%s after the alarm at %.3f: %s (window end %.3f)" % (lane, alarm, bars, end))
        check(by_name["SIH pwr ISR1"]["bars"][-1][2] == "RTC_IT",
              "PWR ISR1 source %s" % by_name["SIH pwr ISR1"]["bars"])
        check(by_name["PIH"]["bars"][-1][2] == "PWR", "PIH bits %s" % by_name["PIH"]["bars"])
        check(by_name["INTC 7 masked"]["bars"][-1][0] >= by_name["INTC 7 input"]["bars"][-1][0],
              "INTC 7 masked before it was asserted")
        takes = [m[0] for m in by_name["CPU"]["marks"] if m[1] == "takes INTC 7"]
        check(len(takes) == 1 and takes[0] >= alarm,
              "the CPU took INTC 7 at %s (alarm %.3f)" % (takes, alarm))
        check(not [m for m in by_name["I2C1"]["marks"] if m[0] > alarm],
              "I2C reads after the mask: %s" % by_name["I2C1"]["marks"])
        check(by_name["I2C1"]["ticks"] > 0, "no I2C transfers before the suspend")
        check(any(b[2] == "running" for b in by_name["CPU"]["bars"] if b[1] > alarm),
              "the CPU is not running (s2idle polls) after the alarm: %s" % by_name["CPU"]["bars"][-3:])
        with open(out + ".svg", encoding="utf-8") as fh:
            svg = fh.read()
        texts = set(re.findall(r"<text[^>]*>([^<]*)</text>", svg)) | \
            set(re.findall(r"<!-- ([^>]*?) -->", svg))
        for lane in LANES:
            check(any(lane == x.strip() for x in texts), "the SVG has no text %r" % lane)
        width, height = png_size(out + ".png")
        check(width > 600 and height > 400, "PNG %dx%d" % (width, height))

    def test_fix1_wakes(self) -> None:
        _, panels = draw(FIX1, name="fix1")
        by_name = lanes_of(panels[0])
        alarms = [m[0] for m in by_name["RTC alarm"]["marks"] if m[1] == "alarm" and m[0] > 0]
        check(len(alarms) == 1, "RTC alarm marks %s" % by_name["RTC alarm"]["marks"])
        alarm = alarms[0]
        int1 = [b for b in by_name["INT1"]["bars"] if b[0] >= alarm - 0.001]
        check(int1 and all(b[1] - b[0] < 0.05 for b in int1), "INT1 after the alarm %s" % int1)
        reads = [m[1] for m in by_name["I2C1"]["marks"] if m[0] >= alarm]
        check("PIH_ISR=20" in reads and "PWR_ISR1=08" in reads, "status reads after the alarm %s" % reads)
        check(not [b for b in by_name["INTC 7 masked"]["bars"] if b[0] >= alarm and b[1] - b[0] > 0.05],
              "INTC 7 stays masked: %s" % by_name["INTC 7 masked"]["bars"])
        phases = [m for m in by_name["suspend phases"]["marks"] if m[0] > alarm]
        check(any("suspend exit" in m[1] for m in phases), "no suspend exit after the alarm: %s" % phases)

    def test_ftrace_on_the_virtual_clock(self) -> None:
        # Debian's kernel records its own suspend events (gta04.ftrace),
        # dumped after the wake: the page gets the device callbacks and the
        # PM core's steps, on the board's clock, in the kernel's order
        log = os.path.join(TMP, "ftrace.log")
        with Guest(extra_args=qemu_args(log)) as g:
            g.boot()
            check(ftrace.enable(g, (g.pih_virq(),)), "Debian's kernel has no ftrace events")
            arm_alarm(g, 3)
            sleep = g.suspend("mem", wake_within=15)
            check(sleep.woke, "the alarm did not wake it: %s" % sleep)
            dumped = ftrace.dump(g)
        _, panels = draw(log, name="ftrace")
        by_name = lanes_of(panels[0])
        steps = [m[1] for m in by_name["suspend phases"]["marks"] if m[1].startswith("ftrace: ")]
        order = ["ftrace: dpm_suspend", "ftrace: dpm_suspend_noirq", "ftrace: machine_suspend",
                 "ftrace: dpm_resume_noirq", "ftrace: dpm_resume"]
        check([x for x in steps if x in order] == order,
              "the PM core's steps %s, not in the order %s" % (steps, order))
        bars = by_name.get("kernel callbacks", {}).get("bars", [])
        phy = [b for b in bars if "twl4030-usb" in b[2] or "twl4030_usb" in b[2]]
        check(len(bars) > 100 and phy, "%d callbacks (%d lines dumped), the PHY's: %s"
              % (len(bars), len(dumped.splitlines()), phy))
        noirq = [m[0] for m in by_name["suspend phases"]["marks"]
                 if m[1] == "ftrace: dpm_suspend_noirq"][0]
        suspended = [m[0] for m in by_name["suspend phases"]["marks"]
                     if m[1] == "ftrace: machine_suspend"][0]
        inside = [b for b in bars if noirq <= b[0] <= b[1] <= suspended]
        check(inside, "no callback between dpm_suspend_noirq (%.4f) and machine_suspend (%.4f)"
              % (noirq, suspended))
        # sched_clock stood still while the board slept: the steps before the
        # sleep stay before it (milliseconds apart), the resume comes after it
        resumed = [m[0] for m in by_name["suspend phases"]["marks"]
                   if m[1] == "ftrace: dpm_resume_noirq"][0]
        check(suspended - noirq < 0.5 and resumed - suspended > 1.0,
              "dpm_suspend_noirq %.4f, machine_suspend %.4f, dpm_resume_noirq %.4f: the sleep "
              "misplaced" % (noirq, suspended, resumed))
        print("  %d callbacks, %d in the noirq phase (%.1f ms); PHY: %s"
              % (len(bars), len(inside), (suspended - noirq) * 1e3, phy[0][2]))

    def test_pair_side_by_side(self) -> None:
        single = png_size(draw(BUG1, name="one")[0] + ".png")
        out, panels = draw(BUG1, FIX1, name="pair", titles=["bug1", "bug1+fix1"])
        check([panel["title"] for panel in panels] == ["bug1", "bug1+fix1"], "titles %s" % panels)
        width, height = png_size(out + ".png")
        check(1.8 < width / single[0] < 2.2 and height == single[1],
              "pair %dx%d vs one %dx%d" % (width, height, *single))

    def test_qemu_args(self) -> None:
        proc = subprocess.run([sys.executable, TIMELINE, "--qemu-args", "/tmp/t.log"],
                           stdout=subprocess.PIPE, text=True, check=True)
        args = proc.stdout.split()
        check(args[:4] == ["-msg", "timestamp=on", "-D", "/tmp/t.log"], "args %s" % args[:4])
        declared = set()
        for path in glob.glob(os.path.join(REPO, "hw", "**", "trace-events"), recursive=True):
            with open(path, encoding="utf-8") as fh:
                declared |= set(re.findall(r"^(\w+)\(", fh.read(), re.M))
        enabled = [a.split("=", 1)[1] for a in args if a.startswith("enable=")]
        check(len(enabled) > 15, "only %d events" % len(enabled))
        missing = [e for e in enabled if e not in declared]
        check(not missing, "events not in hw/**/trace-events: %s" % missing)

    def test_refuses_other_logs(self) -> None:
        path = os.path.join(TMP, "empty.log")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write("123@1.000000:some_other_event x 1\n")
        proc = subprocess.run([sys.executable, TIMELINE, path, "-o", os.path.join(TMP, "x")], check=False,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check(proc.returncode != 0 and "none of the trace events" in proc.stdout,
              "accepted a log without its events: %d %s" % (proc.returncode, proc.stdout))


if __name__ == "__main__":
    GTA04Test.main()
