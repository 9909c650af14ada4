#!/usr/bin/env python3
"""Print the TWL4030's wiring as the Markdown tables of docs/gta04.md, read
from the tables in hw/misc/twl4030/wiring.c (twl4030_wires[], twl4030_links[]).

    scripts/twl4030-wiring.py            print the tables
    scripts/twl4030-wiring.py --check    exit 1 if docs/gta04.md does not hold them

The C file is the source: change it, then paste this output into docs/gta04.md.
"""

import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(REPO, "hw", "misc", "twl4030", "wiring.c")
DOC = os.path.join(REPO, "docs", "gta04.md")

# the symbolic numbers the table uses, as their values
CONSTANTS = {
    "TWL4030_PWR_SRC_PWRON": 0, "TWL4030_PWR_SRC_RTC_IT": 3,
    "TWL4030_PWR_SRC_HOT_DIE": 4, "TWL4030_PWR_NUM_SOURCES": 8,
    "TWL4030_GPIO_NUM_PINS": 18, "TWL4030_MADC_NUM_SOURCES": 4,
    "TWL4030_BCI_NUM_SOURCES": 12, "TWL4030_NUM_GROUPS": 3,
    "TWL4030_PIH_GPIO": 0, "TWL4030_PIH_KEYPAD": 1, "TWL4030_PIH_BCI": 2,
    "TWL4030_PIH_MADC": 3, "TWL4030_PIH_USB": 4, "TWL4030_PIH_PWR": 5,
}


def value(expr):
    return int(eval(expr.strip(), {}, CONSTANTS))


def args(text):
    return [a.strip() for a in re.sub(r"\s+", " ", text).split(",")]


def table(name, text):
    m = re.search(r"\b%s\[\] = \{(.*?)\n\};" % name, text, re.S)
    return re.sub(r"/\*.*?\*/", "", m.group(1), flags=re.S)


def lines(name, n, count):
    return "`%s`[%d]" % (name, n) if count == 1 else "`%s`[%d-%d]" % (name, n, n + count - 1)


def wires(text):
    rows = []
    body = table("twl4030_wires", text)
    for a in re.findall(r"\bWIRE\((.*?)\)\s*,", body, re.S):
        a = args(a)
        src, out, out_n, dst, inp, in_n, count = a
        count = value(count)
        rows.append((src.strip('"'), lines(out.strip('"'), value(out_n), count),
                     dst.strip('"'), lines(inp.strip('"'), value(in_n), count)))
    return rows


def links(text):
    body = table("twl4030_links", text)
    return [tuple(x.strip('"') for x in args(a))
            for a in re.findall(r"\{\s*(\"[^}]*?)\s*\}", body)]


def render():
    text = open(SRC).read()
    out = ["| from (module, output) | to (module, input) |", "|---|---|"]
    out += ["| %s %s | %s %s |" % r for r in wires(text)]
    out += ["", "| module | link property | points at |", "|---|---|---|"]
    out += ["| %s | `%s` | %s |" % l for l in links(text)]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    tables = render()
    if sys.argv[1:] == ["--check"]:
        if tables not in open(DOC).read():
            sys.exit("docs/gta04.md does not hold the wiring of %s: run %s and paste it"
                     % (os.path.relpath(SRC, REPO), os.path.relpath(__file__, REPO)))
        sys.exit(0)
    sys.stdout.write(tables)
