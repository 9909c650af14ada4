#!/usr/bin/env python3
"""Print the TWL4030's wiring as the Markdown tables of docs/gta04.md, read
from a running QEMU: every GPIO output (link<irq> property) and every link
property of the chip (/machine/twl4030) and its children, and where it
points, over QMP (-M gta04 -S: nothing runs).

    scripts/twl4030-wiring.py            print the tables
    scripts/twl4030-wiring.py --check    exit 1 if docs/gta04.md does not hold them

The C code (hw/misc/twl4030/twl4030.c) is the source: change it, then paste
this output into docs/gta04.md.  make check runs --check
(tests/functional/test_twl4030_wiring.py).  The QEMU is the one scripts/lib.sh
and the tests use (GTA04_BUILD, GTA04_QEMU, GTA04_SANITIZE), or --qemu PATH.
"""

import json
import os
import re
import subprocess
import sys
from typing import Any, Dict, Iterator, List, Tuple

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(REPO, "docs", "gta04.md")
CHIP = "/machine/twl4030"
LINE = re.compile(r"^(?P<name>.+)\[(?P<n>\d+)\]$")

# one row: (from, output, line, to, input, line)
Wire = Tuple[str, str, int, str, str, int]


def default_qemu() -> str:
    """The qemu-system-arm of this tree's build (as scripts/lib.sh picks it)."""
    build = os.environ.get("GTA04_BUILD", os.path.join(REPO, ".build"))
    base = os.environ.get("GTA04_QEMU", "7.2")
    obj = "obj" if base == "7.2" else "obj-" + base
    if os.environ.get("GTA04_SANITIZE") == "1":
        obj += "-sanitize"
    return os.path.join(build, obj, "qemu-system-arm")


class QMP:
    """QMP over the stdio of a stopped -M gta04."""

    def __init__(self, qemu: str) -> None:
        self.proc = subprocess.Popen(
            [qemu, "-M", "gta04", "-S", "-display", "none", "-nodefaults",
             "-qmp", "stdio"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.read()                                 # the greeting
        self.cmd("qmp_capabilities")

    def read(self) -> Dict[str, Any]:
        """The next message that is not an event."""
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit("QEMU exited during QMP")
            msg: Dict[str, Any] = json.loads(line)
            if "event" not in msg:
                return msg

    def cmd(self, name: str, **args: object) -> object:
        """Run a command; its "return", or exit with its error."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"execute": name, "arguments": args}) + "\n")
        self.proc.stdin.flush()
        msg = self.read()
        if "error" in msg:
            raise SystemExit("QMP %s %s: %s" % (name, args, msg["error"]["desc"]))
        return msg["return"]

    def close(self) -> None:
        """Quit QEMU."""
        self.cmd("quit")
        self.proc.wait(timeout=30)


def short(path: str) -> str:
    """A cell by its name, the chip as twl4030, the rest by its QOM path."""
    if path == CHIP:
        return "twl4030"
    if path.startswith(CHIP + "/"):
        return path[len(CHIP) + 1:]
    return path


def walk(qmp: QMP) -> Tuple[List[Wire], List[Tuple[str, str, str]]]:
    """Every wire (link<irq>) and link of the chip and its cells."""
    objs = [CHIP] + sorted(CHIP + "/" + prop["name"]
                           for prop in qmp.cmd("qom-list", path=CHIP)   # type: ignore
                           if prop["type"].startswith("child<") and "[" not in prop["name"]
                           and prop["type"] != "child<twl4030-bus>")
    wires: List[Wire] = []
    links: List[Tuple[str, str, str]] = []
    for obj in objs:
        for prop in qmp.cmd("qom-list", path=obj):                  # type: ignore
            name, ptype = prop["name"], prop["type"]
            if not ptype.startswith("link<") or name == "parent_bus":
                continue
            target = qmp.cmd("qom-get", path=obj, property=name)
            if not target:
                continue                        # an output nothing listens to
            assert isinstance(target, str)
            if ptype == "link<irq>":
                src, dst = LINE.match(name), LINE.match(target.rsplit("/", 1)[1])
                assert src and dst, (obj, name, target)
                wires.append((short(obj), src["name"], int(src["n"]),
                              short(target.rsplit("/", 1)[0]), dst["name"], int(dst["n"])))
            else:
                links.append((short(obj), name, short(target)))
    return sorted(wires), sorted(links)


def runs(wires: List[Wire]) -> Iterator[Tuple[Wire, int]]:
    """Consecutive lines of one output to consecutive lines of one input."""
    i = 0
    while i < len(wires):
        n = 1
        while (i + n < len(wires) and wires[i + n][:2] == wires[i][:2]
               and wires[i + n][3:5] == wires[i][3:5]
               and wires[i + n][2] == wires[i][2] + n and wires[i + n][5] == wires[i][5] + n):
            n += 1
        yield wires[i], n
        i += n


def lines(name: str, first: int, count: int) -> str:
    """GPIO lines as the table writes them."""
    if count == 1:
        return "`%s`[%d]" % (name, first)
    return "`%s`[%d-%d]" % (name, first, first + count - 1)


def render(qemu: str) -> str:
    """The two Markdown tables of this QEMU."""
    qmp = QMP(qemu)
    try:
        wires, links = walk(qmp)
    finally:
        qmp.close()
    out = ["| from (cell, output) | to (cell, input) |", "|---|---|"]
    out += ["| %s %s | %s %s |" % (w[0], lines(w[1], w[2], n), w[3], lines(w[4], w[5], n))
            for w, n in runs(wires)]
    out += ["", "| cell | link property | points at |", "|---|---|---|"]
    out += ["| %s | `%s` | %s |" % link for link in links]
    return "\n".join(out) + "\n"


def main(argv: List[str]) -> int:
    """The command line (see the module's docstring)."""
    qemu = default_qemu()
    if argv[:1] == ["--qemu"] and len(argv) > 1:
        qemu, argv = argv[1], argv[2:]
    if argv not in ([], ["--check"]):
        sys.stderr.write(__doc__)
        return 2
    if not os.access(qemu, os.X_OK):
        sys.stderr.write("no QEMU at %s: build it first (scripts/setup.sh)\n" % qemu)
        return 2
    tables = render(qemu)
    if argv == ["--check"]:
        with open(DOC, encoding="utf-8") as doc:
            if tables not in doc.read():
                sys.stderr.write("docs/gta04.md does not hold the TWL4030's wiring of this "
                                 "QEMU: run scripts/twl4030-wiring.py and paste its output\n")
                return 1
        return 0
    sys.stdout.write(tables)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
