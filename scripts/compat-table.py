#!/usr/bin/env python3
"""docs/gta04.md's tables made from the results of one run: the
compatibility table (kernel x boot, idle, suspend, wake sources, bug rows),
from a `make check`, and the article table (the seed article's claims,
python/gta04/article.py, x the bug-table rows that show them and their
outcomes), from a `make bugs` (every row).

    scripts/compat-table.py --check TABLE  the table of this run's results must
                                           be the one in docs/gta04.md (exit 1
                                           and the new one in .build/TABLE.md if not)
    scripts/compat-table.py --write TABLE  put this run's table into docs/gta04.md

TABLE is compat-table or article-table.

The facts come from tests/functional/test_kernels.py ($GTA04_BUILD/compat/
<kernel>.json) and the bug table's rows ($GTA04_BUILD/bugs-timeline/
<row>.json), each stamped with the run's name (GTA04_CHECK_RUN, which
scripts/check.sh sets): results of another run are not used, so a kernel or
row that did not run here shows as "no result" and the check fails.  The
versions come from guest/debian-kernels and guest/kernel-sources.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import subprocess
import sys
from typing import Any, Optional

from gta04.article import CLAIMS
from gta04.compat import COMPAT, RUN_ID
from gta04.paths import BUILD, REPO


BUGS_OUT = os.environ.get("GTA04_TIMELINE_DIR") or os.path.join(BUILD, "bugs-timeline")
DOC = os.path.join(REPO, "docs", "gta04.md")
NO = "no result"


def table_rows(path: str) -> list[list[str]]:
    """The rows of one of our whitespace tables (# comments)."""
    with open(path, encoding="utf-8") as fh:
        return [line.split() for line in fh if line.strip() and not line.startswith("#")]


def host_package_version(pkg: str) -> str:
    """The version scripts/host-packages pins pkg to, or "?"."""
    for row in table_rows(os.path.join(REPO, "scripts", "host-packages")):
        for spec in row[1:]:
            if spec.startswith(pkg + "="):
                return spec.split("=", 1)[1]
    return "?"


def load(path: str) -> Optional[dict[str, Any]]:
    """A result file of this run, or None."""
    try:
        with open(path, encoding="utf-8") as fh:
            facts: dict[str, Any] = json.load(fh)
    except (OSError, ValueError):
        return None
    return facts if facts.get("run") == RUN_ID else None


def kernel_cells(name: str) -> list[str]:
    """The table's cells of a kernel of test_kernels' matrix."""
    facts = load(os.path.join(COMPAT, name + ".json"))
    if facts is None:
        return [NO] * 5
    idle = facts["idle"] + (" (kernel bug 1)" if facts["idle"] != "yes" else "")
    return [facts["console"], idle, facts["suspend"], facts["pmic_wakes"], facts["key_wakes"]]


def bug_rows() -> dict[str, str]:
    """Per source: rows as expected / rows, from this run's results of the
    rows make check runs."""
    names = subprocess.run([sys.executable, os.path.join(REPO, "tests", "bugs", "test_seed_bugs.py"),
                            "--list", "--check"], check=True, stdout=subprocess.PIPE,
                           text=True).stdout.split()
    counts: dict[str, list[int]] = {}
    for n in names:
        source = "7.2" if "-7.2-" in n else "6.1"
        facts = load(os.path.join(BUGS_OUT, n + ".json"))
        c = counts.setdefault(source, [0, 0, 0])
        c[0] += bool(facts and facts.get("ok"))
        c[1] += 1
        c[2] += facts is None
    return {s: "%d/%d as expected%s" % (ok, total, ", %d no result" % none if none else "")
            for s, (ok, total, none) in counts.items()}


def make_table() -> str:
    """The table, Markdown."""
    bugs = bug_rows()
    head = ["kernel", "built as", "console", "idle", "mem, freeze",
            "PMIC wakes (rtc, pwron, plug, unplug x mem, freeze x 2)",
            "console key (mem, freeze x 2)", "bug table rows"]
    lines = []
    for name, _rel, kver, *_ in table_rows(os.path.join(REPO, "guest", "debian-kernels")):
        lines.append([name, "Debian's image %s, unmodified" % kver] + kernel_cells(name) + ["-"])
    for name, _rel, pkg, version, _sha in table_rows(os.path.join(REPO, "guest", "kernel-sources")):
        if version == "-":   # installed from the host's archive: scripts/host-packages pins it
            version = host_package_version(pkg)
        built = "%s %s, our config" % (pkg, version)
        if name == "7.2":
            # test_kernels' matrix runs on this source too (kernel "7.2-source")
            built += " + omap_device fix (kernel bug 3)"
            cells = kernel_cells("7.2-source")
        else:
            cells = ["-"] * 5
        lines.append([name, built] + cells + [bugs.get(name, "-")])
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(line) + " |" for line in lines]
    return "\n".join(out) + "\n"


def row_outcome(name: str) -> str:
    """A bug-table row's outcome in this run, as the article table says it."""
    facts = load(os.path.join(BUGS_OUT, name + ".json"))
    if facts is None:
        return "`%s`: %s" % (name, NO)
    return "`%s`: %s%s" % (name, facts.get("outcome"),
                           " (as expected)" if facts.get("ok") else " (NOT as expected)")


def make_article_table() -> str:
    """The article table, Markdown."""
    out = ["| section | the article says | rows: outcome this run |", "|---|---|---|"]
    for claim in CLAIMS:
        shown = "; ".join(row_outcome(r) for r in claim.rows)
        if claim.elsewhere:
            shown = (shown + "; " if shown else "") + claim.elsewhere
        out.append("| %s | %s | %s |" % (claim.section, claim.says, shown))
    return "\n".join(out) + "\n"


# name -> (what, the run that makes it, maker): each table sits between its
# markers in docs/gta04.md
TABLES = {"compat-table": ("compatibility table", "make check", make_table),
          "article-table": ("article table", "make bugs", make_article_table)}


def markers(name: str) -> tuple[str, str]:
    """The table's begin and end markers."""
    return ("<!-- %s: made by %s (scripts/compat-table.py --write %s); do not edit -->"
            % (name, TABLES[name][1], name), "<!-- /%s -->" % name)


def doc_parts(name: str) -> tuple[str, str, str]:
    """docs/gta04.md before the table, the table, after it."""
    begin, end = markers(name)
    with open(DOC, encoding="utf-8") as fh:
        text = fh.read()
    i, j = text.find(begin), text.find(end)
    if i < 0 or j < i:
        sys.exit("%s has no %s ... %s section" % (DOC, begin, end))
    i += len(begin) + 1
    return text[:i], text[i:j], text[j:]


def main() -> int:
    """--check or --write; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", maxsplit=1)[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--check", metavar="TABLE", choices=sorted(TABLES))
    group.add_argument("--write", metavar="TABLE", choices=sorted(TABLES))
    args = parser.parse_args()
    if not RUN_ID:
        sys.exit("GTA04_CHECK_RUN is not set: run this from make check or make bugs "
                 "(scripts/check.sh), or set it to the name of the run whose results to use")
    name = args.check or args.write
    what, maker = TABLES[name][0], TABLES[name][2]
    new = maker()
    before, old, after = doc_parts(name)
    print(new, end="")
    if args.write:
        with open(DOC, "w", encoding="utf-8") as fh:
            fh.write(before + new + after)
        return 0
    if old == new:
        print("docs/gta04.md's %s is this run's" % what)
        return 0
    os.makedirs(BUILD, exist_ok=True)
    cand = os.path.join(BUILD, name + ".md")
    with open(cand, "w", encoding="utf-8") as fh:
        fh.write(new)
    sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                               "docs/gta04.md", "this run"))
    print("docs/gta04.md's %s is not this run's (this run's: %s; "
          "GTA04_CHECK_RUN=%s scripts/compat-table.py --write %s puts it there)"
          % (what, cand, RUN_ID, name))
    return 1


if __name__ == "__main__":
    sys.exit(main())
