#!/usr/bin/env python3
"""scripts/irq-timeline --html looked at as a person would: the page of the
two recorded traces test_irq_timeline.py draws (the bug-1 kernel asleep in
s2idle above, the same tree with fix1 woken by the RTC alarm below), opened
in Debian's headless Chromium through chromedriver (gta04.webdriver).

Checks that the page needs nothing from outside and carries --json's data,
that both logs' lanes and their suspend phase markers are drawn, that
hovering shows a register value, an I2C access and a phase, that the wheel
zooms, a drag scrolls and "fit" comes back.  The page and its screenshots
are kept in OUT ($GTA04_BUILD/irq-timeline-page).  No QEMU is started.
Without Chromium (scripts/host-packages group browser) the browser tests
are skipped, except under make check (GTA04_OFFLINE=1), where set-up has
installed it and its absence is a failure.
"""

import json
import os
import re
import struct
import subprocess
import sys
from typing import Any, Dict, List, Optional

from gta04.errors import TestFailure
from gta04.paths import BUILD, REPO
from gta04.testing import GTA04Test
from gta04.webdriver import Browser, browser_missing


TIMELINE = os.path.join(REPO, "scripts", "irq-timeline")
FIX = os.path.join(REPO, "tests", "fixtures", "irq-timeline")
BUG1 = os.path.join(FIX, "bug1-freeze-rtc.log.gz")
FIX1 = os.path.join(FIX, "bug1-fix1-freeze-rtc.log.gz")
LANES = ["suspend phases", "RTC alarm", "PWRON", "VBUS", "VUSB3V1", "BCI", "SIH pwr ISR1",
         "SIH bci ISR1", "PIH", "INT1", "INTC 7 input", "INTC 7 masked", "CPU", "I2C1"]
OUT = os.path.join(BUILD, "irq-timeline-page")
PAGE = os.path.join(OUT, "bug1-vs-fix1.html")


def check(cond: object, what: str) -> None:
    """A verdict: TestFailure(what) unless cond."""
    if not cond:
        raise TestFailure(what)


def make_page() -> List[Any]:
    """The pair's page in OUT; return the panels of its --json."""
    os.makedirs(OUT, exist_ok=True)
    proc = subprocess.run([sys.executable, TIMELINE, BUG1, FIX1, "--title", "bug1", "--title", "bug1+fix1",
                           "--html", PAGE, "--json", PAGE + ".json"],
                          check=False, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    check(proc.returncode == 0, "irq-timeline --html failed (%d):\n%s" % (proc.returncode, proc.stdout))
    with open(PAGE + ".json", encoding="utf-8") as fh:
        panels: List[Any] = json.load(fh)
    return panels


def png_size(path: str) -> List[int]:
    """Width and height of a PNG."""
    with open(path, "rb") as fh:
        head = fh.read(24)
    check(head[:8] == b"\x89PNG\r\n\x1a\n", "%s is not a PNG" % path)
    return list(struct.unpack(">II", head[16:24]))


class PageFileTest(GTA04Test):
    def test_self_contained(self) -> None:
        panels = make_page()
        with open(PAGE, encoding="utf-8") as fh:
            page = fh.read()
        # nothing fetched: no src/href, no url() but the page's own clip paths,
        # and the only address the SVG namespace's name
        check(not re.search(r"\b(src|href)\s*=", page), "the page loads something")
        check(set(re.findall(r"url\(([^)]*)\)", page)) <= {'#" + clipId + "'},
              "url() in the page: %s" % re.findall(r"url\([^)]*\)", page))
        check(set(re.findall(r"\w+://[^\s\"'<]*", page)) == {"http://www.w3.org/2000/svg"},
              "addresses in the page: %s" % set(re.findall(r"\w+://[^\s\"'<]*", page)))
        m = re.search(r'<script type="application/json" id="timeline-data">(.*?)</script>', page, re.S)
        check(m, "no timeline data in the page")
        assert m is not None
        data = json.loads(m.group(1))
        check(data["panels"] == panels, "the page's data differs from --json's")
        check(data["title"] == "bug1 vs bug1+fix1", "title %r" % data["title"])
        i2c = [a[1] for a in panels[1]["i2c"]]
        check("read 0x4b:0x2e PWR_ISR1 -> 0x08" in i2c and any(a.startswith("write ") for a in i2c),
              "the fix1 panel's TWL4030 accesses %s" % i2c[:8])


class PageInBrowserTest(GTA04Test):
    browser: Optional[Browser] = None
    missing: Optional[str] = None

    @classmethod
    def setUpClass(cls) -> None:
        cls.missing = browser_missing()
        if cls.missing:
            return
        if not os.path.exists(PAGE):
            make_page()
        cls.browser = Browser()
        cls.browser.open("file://" + PAGE)

    @classmethod
    def tearDownClass(cls) -> None:
        if cls.browser:
            cls.browser.close()

    def setUp(self) -> None:
        if self.missing and os.environ.get("GTA04_OFFLINE") == "1":
            raise TestFailure(self.missing + ": scripts/setup.sh installs it")
        if self.missing:
            self.skipTest(self.missing)

    @property
    def web(self) -> Browser:
        """The session (setUpClass made it)."""
        assert self.browser is not None
        return self.browser

    def view(self) -> List[float]:
        """The time window the page shows."""
        return [float(v) for v in self.web.run("return document.body.dataset.view").split()]

    def element(self, panel: int, css: str, tip: str) -> Dict[str, str]:
        """The last element of a panel matching css whose hover text has tip."""
        found: Optional[Dict[str, str]] = self.web.run(
            "return [...document.querySelectorAll('svg.lanes')[arguments[0]].querySelectorAll(arguments[1])]"
            ".filter(e => (e.dataset.tip || '').includes(arguments[2])).pop() || null;", panel, css, tip)
        check(found, "panel %d has no %s with %r" % (panel, css, tip))
        assert found is not None
        return found

    def hover_text(self, element: Dict[str, str]) -> str:
        """What the page shows when the mouse rests on the element."""
        self.web.hover(element)
        shown, text = self.web.run("const t = document.getElementById('tip');"
                                 "return [!t.hidden, t.textContent];")
        check(shown, "no hover box over %s" % element)
        return str(text)

    def point_at(self, panel: int, css: str, tip: str) -> str:
        """Zoom in with the wheel on an element (from the whole window) until
        its neighbours stand apart, rest the mouse on it: the hover text."""
        self.web.click(self.web.find_all("#fit")[0])
        self.zoom_on(panel, css, tip)
        return self.hover_text(self.element(panel, css, tip))

    def zoom_on(self, panel: int, css: str, tip: str) -> None:
        """Wheel 20 clicks in on an element, looking where it is after
        every 5 (the mouse is on whole pixels, the zoom magnifies the rest)."""
        for _ in range(4):
            self.web.wheel(self.element(panel, css, tip), -100, 5)

    def test_lanes_and_phases(self) -> None:
        page = self.web.run("""
            return {ready: document.body.dataset.ready,
                    titles: [...document.querySelectorAll('.pane h2')].map(h => h.textContent),
                    panes: [...document.querySelectorAll('svg.lanes')].map(svg => ({
                      names: [...svg.querySelectorAll('.lane-name')].map(t => t.textContent),
                      phases: svg.querySelectorAll('[data-lane="suspend phases"] .mark.phase').length,
                      lines: svg.querySelectorAll('.phaseline').length,
                      bars: svg.querySelectorAll('.bar').length,
                      untipped: svg.querySelectorAll('.bar:not([data-tip]), .mark:not([data-tip])').length,
                      i2c: svg.querySelectorAll('[data-lane="I2C1"] .i2c').length}))};""")
        with open(PAGE + ".json", encoding="utf-8") as fh:
            panels = json.load(fh)
        check(page["ready"] == "1", "the page's script did not finish (an error?)")
        check(page["titles"] == ["bug1", "bug1+fix1"], "titles %s" % page["titles"])
        for pane, panel in zip(page["panes"], panels):
            check(pane["names"] == LANES, "%s: lanes %s" % (panel["title"], pane["names"]))
            phases = [ln for ln in panel["lanes"] if ln["name"] == "suspend phases"][0]["marks"]
            check(pane["phases"] == len(phases) > 0 and pane["lines"] == len(phases),
                  "%s: %d phase markers, %d lines, %d in the data"
                  % (panel["title"], pane["phases"], pane["lines"], len(phases)))
            check(pane["bars"] > 5 and pane["untipped"] == 0,
                  "%s: %d bars, %d shapes without hover text" % (panel["title"], pane["bars"],
                                                                 pane["untipped"]))
            check(pane["i2c"] == len(panel["i2c"]) > 0, "%s: %d I2C ticks for %d accesses"
                  % (panel["title"], pane["i2c"], len(panel["i2c"])))
        shot = os.path.join(OUT, "bug1-vs-fix1.png")
        self.web.screenshot(shot)
        width, height = png_size(shot)
        check(width >= 1200 and height >= 800, "screenshot %dx%d" % (width, height))
        print("page %s, screenshot %s" % (PAGE, shot))

    def test_hover(self) -> None:
        phase = self.point_at(0, ".mark.phase", "suspend entry")
        check(phase.startswith("suspend phases #1: suspend entry"), "phase marker: %r" % phase)
        masked = self.point_at(0, ".bar.masked", "INTC 7 masked")
        check("MIR0 bit 7" in masked and "→" in masked, "INTC 7 masked bar: %r" % masked)
        imr = self.point_at(0, ".mark.info", "IMR")
        check(re.search(r"IMR 0x[0-9a-f]+", imr), "IMR mark: %r" % imr)
        alarm = self.point_at(1, ".mark.event", "RTC alarm: alarm")
        check(alarm.startswith("RTC alarm: alarm"), "RTC alarm mark: %r" % alarm)

    def test_zoom_scroll_and_hover_a_transfer(self) -> None:
        self.web.click(self.web.find_all("#fit")[0])
        full = self.view()
        # zoom in with the wheel on the fix1 panel's read of PWR_ISR1 after
        # the alarm, until the I2C accesses stand apart, then point at it
        read = "read 0x4b:0x2e PWR_ISR1 -> 0x08"
        self.zoom_on(1, ".i2c.status", read)
        zoomed = self.view()
        check(zoomed[1] - zoomed[0] < (full[1] - full[0]) / 50, "the wheel did not zoom: %s" % zoomed)
        text = self.hover_text(self.element(1, ".i2c.status", read))
        check(read in text and " ms" in text, "hover on the PWR_ISR1 read: %r" % text)
        self.web.screenshot(os.path.join(OUT, "bug1-vs-fix1-zoomed.png"))
        self.web.drag(self.element(1, ".bar", "CPU"), -300)
        moved = self.view()
        check(moved[0] > zoomed[0] and abs((moved[1] - moved[0]) - (zoomed[1] - zoomed[0])) < 1e-9,
              "a drag to the left did not scroll right: %s -> %s" % (zoomed, moved))
        self.web.click(self.web.find_all("#fit")[0])
        check(self.view() == full, "fit: %s, the window %s" % (self.view(), full))


if __name__ == "__main__":
    GTA04Test.main()
