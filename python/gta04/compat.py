"""
Each kernel's facts for docs/gta04.md's compatibility table, which
scripts/compat-table.py makes from them at the end of make check (only from
this run's: scripts/check.sh names the run in GTA04_CHECK_RUN).
"""

import json
import os
from typing import TYPE_CHECKING, Dict

from .paths import BUILD


if TYPE_CHECKING:
    # only for the annotation: scripts/compat-table.py reads the facts
    # without QEMU's python package
    from .guest import Guest


COMPAT = os.path.join(BUILD, "compat")
RUN_ID = os.environ.get("GTA04_CHECK_RUN", "")


def record(kernel: str, **facts: str) -> None:
    """Write the facts of `kernel` ($GTA04_BUILD/compat/KERNEL.json), with this run's name."""
    os.makedirs(COMPAT, exist_ok=True)
    with open(os.path.join(COMPAT, kernel + ".json"), "w", encoding="utf-8") as fh:
        json.dump(dict(facts, run=RUN_ID), fh)


def boot_facts(g: "Guest") -> Dict[str, str]:
    """The console the kernel is on, and how it idles here."""
    cmdline = g.ok("cat /proc/cmdline").split()
    console = [a.split("=")[1].split(",")[0] for a in cmdline if a.startswith("console=")]
    return {"console": console[-1] if console else "?",
            "idle": "with nohlt" if "nohlt" in cmdline else "yes"}
