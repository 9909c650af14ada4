"""
The lanes of gta04.timeline as one self-contained HTML page
(scripts/irq-timeline --html): the panels' data as --json writes it, drawn
as SVG by a small script in the page (timeline_html.js, timeline_html.css),
zoomable and scrollable, with hover details; several logs are stacked on
one time axis.  No network: everything is inlined.
"""

import html
import json
import os
from typing import Any, List


HERE = os.path.dirname(os.path.realpath(__file__))

TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>@TITLE@</title>
<style>
@CSS@</style>
</head>
<body>
<h1>@TITLE@</h1>
<p class="note">QEMU trace of the TWL4030 interrupt path; time @CLOCK@ from each
log's "PM: suspend entry". Wheel: zoom; shift+wheel or drag: scroll; hover: details.</p>
<div class="controls">
<button id="zoom-in" title="zoom in">+</button>
<button id="zoom-out" title="zoom out">&minus;</button>
<button id="fit" title="the whole window">fit</button>
<button id="left" title="scroll left">&#9664;</button>
<button id="right" title="scroll right">&#9654;</button>
<input id="scroll" type="range" min="0" max="1000" value="0" title="scroll">
<span id="view"></span>
</div>
<div id="panels"></div>
<p class="legend">
<span><i style="background:#2b8cbe"></i>on</span>
<span><i style="background:#a6cee3"></i>present / running</span>
<span><i style="background:#e34a33"></i>interrupt asserted / latched</span>
<span><i style="border:1px dashed #444"></i>masked</span>
<span><i style="background:#ddd"></i>CPU idle</span>
<span><i style="background:#4d004b;width:3px"></i>suspend phase (numbered)</span>
<span><i style="background:#e34a33;width:3px"></i>I2C read of a status register</span>
<span><i style="background:#888;width:3px"></i>other TWL4030 access</span>
</p>
<div id="tip" hidden></div>
<script type="application/json" id="timeline-data">@DATA@</script>
<script>
@JS@</script>
</body>
</html>
"""


def _asset(name: str) -> str:
    with open(os.path.join(HERE, name), encoding="utf-8") as fh:
        return fh.read()


CLOCK_WORDS = {
    "virtual": "in guest seconds, on the board's virtual clock (the 32 kHz counter's "
               "reads in the log pin the trace's host stamps to it)",
    "host": "in host seconds (the log's time stamps: it has no 32 kHz counter reads)",
    "index": "as the trace event index",
    "mixed": "in each panel's own clock (see its axis)",
}


def page(panels: List[Any], title: str) -> str:
    """The page of these panels (as scripts/irq-timeline's --json)."""
    data = json.dumps({"title": title, "panels": panels}, separators=(",", ":"))
    # inside <script>: no "</script>" or "<!--" from a console line
    data = data.replace("<", "\\u003c")
    clocks = {p.get("clock", "host" if p.get("unit") == "s" else "index") for p in panels}
    clock = clocks.pop() if len(clocks) == 1 else "mixed"
    parts = {"@TITLE@": html.escape(title), "@CSS@": _asset("timeline_html.css"),
             "@CLOCK@": CLOCK_WORDS[clock],
             "@JS@": _asset("timeline_html.js"), "@DATA@": data}
    out = TEMPLATE
    for key in ("@TITLE@", "@CSS@", "@CLOCK@", "@JS@"):
        out = out.replace(key, parts[key])
    return out.replace("@DATA@", parts["@DATA@"])


def write_page(path: str, panels: List[Any], title: str) -> None:
    """Write the page of these panels to path."""
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page(panels, title))
