#!/usr/bin/env python3
"""The TWL4030's wire table in docs/gta04.md is the running QEMU's: every
GPIO connection and link of the chip and its cells, read over QMP by
scripts/twl4030-wiring.py --check (no guest: -M gta04 -S)."""

import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

if __name__ == "__main__":
    sys.exit(subprocess.run([sys.executable,
                             os.path.join(REPO, "scripts", "twl4030-wiring.py"),
                             "--check"], check=False).returncode)
