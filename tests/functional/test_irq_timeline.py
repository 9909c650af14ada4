#!/usr/bin/env python3
"""scripts/irq-timeline on two recorded traces (tests/fixtures/irq-timeline/):
the bug-1 kernel staying asleep in s2idle and the same tree with fix1 woken
by the RTC alarm.  Both were recorded by `make bugs` (the bug1_rtc rows) and
trimmed to the last suspend cycle, with the tick's MIR writes and the other
INTC lines thinned out.  No QEMU is started.

Checks the lanes the picture must have and what they show (through --json),
that the SVG names every lane as text, the PNG, the side-by-side pair, the
QEMU options (every event it enables exists in hw/*/trace-events) and that a
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

from gta04.errors import TestFailure
from gta04.paths import REPO
from gta04.testing import GTA04Test


TIMELINE = os.path.join(REPO, "scripts", "irq-timeline")
FIX = os.path.join(REPO, "tests", "fixtures", "irq-timeline")
BUG1 = os.path.join(FIX, "bug1-freeze-rtc.log.gz")
FIX1 = os.path.join(FIX, "bug1-fix1-freeze-rtc.log.gz")
LANES = ["suspend phases", "RTC alarm", "PWRON", "VBUS", "VUSB3V1", "BCI", "SIH pwr ISR1",
         "SIH bci ISR1", "PIH", "INT1", "INTC 7 input", "INTC 7 masked", "CPU", "I2C1"]
TMP = tempfile.mkdtemp(prefix="gta04-timeline-")
atexit.register(shutil.rmtree, TMP, True)


def check(cond, what):
    if not cond:
        raise TestFailure(what)


def draw(*logs, name="out", titles=()):
    out = os.path.join(TMP, name)
    cmd = [sys.executable, TIMELINE, *logs, "-o", out, "--json", out + ".json"]
    for t in titles:
        cmd += ["--title", t]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    check(p.returncode == 0, "irq-timeline failed (%d):\n%s" % (p.returncode, p.stdout))
    with open(out + ".json") as f:
        panels = json.load(f)
    return out, panels


def lanes_of(panel):
    return {ln["name"]: ln for ln in panel["lanes"]}


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    check(head[:8] == b"\x89PNG\r\n\x1a\n", "%s is not a PNG" % path)
    return struct.unpack(">II", head[16:24])


class IrqTimelineTest(GTA04Test):
    def test_help(self) -> None:
        p = subprocess.run([sys.executable, TIMELINE, "--help"], stdout=subprocess.PIPE, text=True)
        check(p.returncode == 0, "--help exit status %d" % p.returncode)
        for lane in ("suspend phases", "RTC alarm", "PWRON", "VBUS", "VUSB3V1", "BCI", "PIH",
                     "INT1", "INTC 7 input", "INTC 7 masked", "CPU", "I2C1", "--qemu-args"):
            check(lane in p.stdout, "--help does not describe %r" % lane)

    def test_bug1_stays_asleep(self) -> None:
        out, panels = draw(BUG1, name="bug1", titles=["bug1"])
        check(len(panels) == 1, "one log, %d panels" % len(panels))
        p = panels[0]
        check([ln["name"] for ln in p["lanes"]] == LANES,
              "lanes %s, expected %s" % ([ln["name"] for ln in p["lanes"]], LANES))
        L = lanes_of(p)
        end = p["window"][1]
        phases = [m[1] for m in L["suspend phases"]["marks"]]
        check(phases and "suspend entry" in phases[0] and any("Suspending console" in x for x in phases),
              "phases %s" % phases)
        alarms = [m[0] for m in L["RTC alarm"]["marks"] if m[1] == "alarm"]
        check(len(alarms) == 1 and 3.5 < alarms[0] < 5.0, "RTC alarm marks %s" % alarms)
        t = alarms[0]
        # every stage of the chain rises at the alarm and stays up to the end
        for lane in ("SIH pwr ISR1", "PIH", "INT1", "INTC 7 input", "INTC 7 masked"):
            bars = [b for b in L[lane]["bars"] if b[1] > t]
            check(bars and abs(bars[-1][0] - t) < 0.005 and abs(bars[-1][1] - end) < 1e-6,
                  "%s after the alarm at %.3f: %s (window end %.3f)" % (lane, t, bars, end))
        check(L["SIH pwr ISR1"]["bars"][-1][2] == "RTC_IT", "PWR ISR1 source %s" % L["SIH pwr ISR1"]["bars"])
        check(L["PIH"]["bars"][-1][2] == "PWR", "PIH bits %s" % L["PIH"]["bars"])
        check(L["INTC 7 masked"]["bars"][-1][0] >= L["INTC 7 input"]["bars"][-1][0],
              "INTC 7 masked before it was asserted")
        takes = [m[0] for m in L["CPU"]["marks"] if m[1] == "takes INTC 7"]
        check(len(takes) == 1 and takes[0] >= t, "the CPU took INTC 7 at %s (alarm %.3f)" % (takes, t))
        check(not [m for m in L["I2C1"]["marks"] if m[0] > t],
              "I2C reads after the mask: %s" % L["I2C1"]["marks"])
        check(L["I2C1"]["ticks"] > 0, "no I2C transfers before the suspend")
        check(any(b[2] == "running" for b in L["CPU"]["bars"] if b[1] > t),
              "the CPU is not running (s2idle polls) after the alarm: %s" % L["CPU"]["bars"][-3:])
        with open(out + ".svg") as f:
            svg = f.read()
        texts = set(re.findall(r"<text[^>]*>([^<]*)</text>", svg)) | \
            set(re.findall(r"<!-- ([^>]*?) -->", svg))
        for lane in LANES:
            check(any(lane == x.strip() for x in texts), "the SVG has no text %r" % lane)
        w, h = png_size(out + ".png")
        check(w > 600 and h > 400, "PNG %dx%d" % (w, h))

    def test_fix1_wakes(self) -> None:
        out, panels = draw(FIX1, name="fix1")
        L = lanes_of(panels[0])
        alarms = [m[0] for m in L["RTC alarm"]["marks"] if m[1] == "alarm" and m[0] > 0]
        check(len(alarms) == 1, "RTC alarm marks %s" % L["RTC alarm"]["marks"])
        t = alarms[0]
        int1 = [b for b in L["INT1"]["bars"] if b[0] >= t - 0.001]
        check(int1 and all(b[1] - b[0] < 0.05 for b in int1), "INT1 after the alarm %s" % int1)
        reads = [m[1] for m in L["I2C1"]["marks"] if m[0] >= t]
        check("PIH_ISR=20" in reads and "PWR_ISR1=08" in reads, "status reads after the alarm %s" % reads)
        check(not [b for b in L["INTC 7 masked"]["bars"] if b[0] >= t and b[1] - b[0] > 0.05],
              "INTC 7 stays masked: %s" % L["INTC 7 masked"]["bars"])
        phases = [m for m in L["suspend phases"]["marks"] if m[0] > t]
        check(any("suspend exit" in m[1] for m in phases), "no suspend exit after the alarm: %s" % phases)

    def test_pair_side_by_side(self) -> None:
        single = png_size(draw(BUG1, name="one")[0] + ".png")
        out, panels = draw(BUG1, FIX1, name="pair", titles=["bug1", "bug1+fix1"])
        check([p["title"] for p in panels] == ["bug1", "bug1+fix1"], "titles %s" % panels)
        w, h = png_size(out + ".png")
        check(1.8 < w / single[0] < 2.2 and h == single[1], "pair %dx%d vs one %dx%d" % (w, h, *single))

    def test_qemu_args(self) -> None:
        p = subprocess.run([sys.executable, TIMELINE, "--qemu-args", "/tmp/t.log"],
                           stdout=subprocess.PIPE, text=True, check=True)
        args = p.stdout.split()
        check(args[:4] == ["-msg", "timestamp=on", "-D", "/tmp/t.log"], "args %s" % args[:4])
        declared = set()
        for path in glob.glob(os.path.join(REPO, "hw", "*", "trace-events")):
            with open(path) as f:
                declared |= set(re.findall(r"^(\w+)\(", f.read(), re.M))
        enabled = [a.split("=", 1)[1] for a in args if a.startswith("enable=")]
        check(len(enabled) > 15, "only %d events" % len(enabled))
        missing = [e for e in enabled if e not in declared]
        check(not missing, "events not in hw/*/trace-events: %s" % missing)

    def test_refuses_other_logs(self) -> None:
        path = os.path.join(TMP, "empty.log")
        with open(path, "w") as f:
            f.write("123@1.000000:some_other_event x 1\n")
        p = subprocess.run([sys.executable, TIMELINE, path, "-o", os.path.join(TMP, "x")],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check(p.returncode != 0 and "none of the trace events" in p.stdout,
              "accepted a log without its events: %d %s" % (p.returncode, p.stdout))


if __name__ == "__main__":
    GTA04Test.main()
