"""make bugs' timelines: the QEMU options that record a row's trace log, and
after the row, its picture (scripts/irq-timeline) next to its fixed twin.

    trace_args(log)          -> the -trace/-D/-msg options for a Guest
    draw_row(row, log, rows) -> keeps the log as OUT/<case>-<kernel>.log,
                                draws OUT/<case>-<kernel>.png (and .html, the
                                interactive page) and, once both rows of a
                                bug/fix pair have run, OUT/<case>-<bug>-vs-<fix>
                                .png side by side (.html stacked)

OUT is $GTA04_BUILD/bugs-timeline (default .build/bugs-timeline).  Stdlib
only: the drawing runs in scripts/irq-timeline (Debian's matplotlib).
"""

import os
import re
import shutil
import subprocess
import sys
from typing import List, Optional, Protocol, Sequence

from gta04.paths import BUILD, REPO
from gta04.audit import EVENTS as AUDIT_EVENTS
from gta04.timeline import qemu_args


TIMELINE = os.path.join(REPO, "scripts", "irq-timeline")
OUT = os.environ.get("GTA04_TIMELINE_DIR") or os.path.join(BUILD, "bugs-timeline")


class Row(Protocol):  # pylint: disable=too-few-public-methods
    """What a picture needs of a row of the bug table (test_seed_bugs.Row)."""
    case: str
    kname: str
    outcome: Optional[str]


def trace_args(log: str) -> List[str]:
    """The QEMU options that record `log` for irq-timeline and the wake
    audit (gta04.audit)."""
    args = qemu_args(log)
    for event in AUDIT_EVENTS:
        if "enable=" + event not in args:
            args += ["-trace", "enable=" + event]
    return args


def _draw(logs: List[str], titles: List[str], out: str) -> str:
    cmd = [sys.executable, TIMELINE, *logs, "-o", out, "--html", out + ".html"]
    for title in titles:
        cmd += ["--title", title]
    proc = subprocess.run(cmd, check=False, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0 or not os.path.exists(out + ".png"):
        raise RuntimeError("irq-timeline failed (%d): %s" % (proc.returncode, proc.stdout.strip()[-300:]))
    return out + ".png"


def _base(row: Row) -> str:
    return os.path.join(OUT, "%s-%s" % (row.case, row.kname))


def draw_row(row: Row, log: str, rows: Sequence[Row]) -> List[str]:
    """Draw the row's timeline, and its pair picture if the other row of
    the pair (in `rows`) has run; return the PNG paths written (raises if
    the script failed, or the row left no trace log)."""
    os.makedirs(OUT, exist_ok=True)
    if not os.path.exists(log):
        raise RuntimeError("the row left no trace log %s" % log)
    kept = _base(row) + ".log"
    shutil.copyfile(log, kept)
    title = "%s: %s (%s)" % (row.kname, row.outcome, row.case)
    return [_draw([kept], [title], _base(row))] + draw_pairs(row, rows)


def draw_pairs(row: Row, rows: Sequence[Row]) -> List[str]:
    """A bug kernel K and the same tree with its fix, K-fixN, in one picture,
    for every row of `rows` that pairs with `row` and has run (its outcome
    known, its log kept in OUT); return the PNG paths written."""
    pngs = []
    for other in rows:
        if other is row or other.case != row.case or other.outcome is None:
            continue
        if re.fullmatch(re.escape(other.kname) + r"-fix\d+", row.kname):
            bug, fix = other, row
        elif re.fullmatch(re.escape(row.kname) + r"-fix\d+", other.kname):
            bug, fix = row, other
        else:
            continue
        if not os.path.exists(_base(other) + ".log"):
            continue
        pngs.append(_draw([_base(bug) + ".log", _base(fix) + ".log"],
                          ["%s: %s" % (bug.kname, bug.outcome), "%s: %s" % (fix.kname, fix.outcome)],
                          os.path.join(OUT, "%s-%s-vs-%s" % (row.case, bug.kname,
                                                             fix.kname))))
    return pngs
