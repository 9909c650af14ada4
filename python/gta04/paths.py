"""
Where things are: the repository, the build directory, the QEMU base and its
binary.  The same rules as scripts/lib.sh (GTA04_BUILD, GTA04_QEMU,
GTA04_SANITIZE).
"""

import os


REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
BUILD = os.environ.get("GTA04_BUILD", os.path.join(REPO, ".build"))
# GTA04_QEMU=7.2|10.0|11.1 picks the QEMU base as in scripts/lib.sh: its
# build directory (.build/obj for 7.2, .build/obj-<base>) and its
# python/qemu package (docs/qemu-bases.md)
QEMU_BASES = ("7.2", "10.0", "11.1")
QEMU_BASE = os.environ.get("GTA04_QEMU", "7.2")
if QEMU_BASE not in QEMU_BASES:
    raise SystemExit("error: GTA04_QEMU=%s: the bases are %s" % (QEMU_BASE, ", ".join(QEMU_BASES)))
_OBJ = "obj" if QEMU_BASE == "7.2" else "obj-" + QEMU_BASE
QEMU = os.path.join(BUILD, _OBJ + "-sanitize" if os.environ.get("GTA04_SANITIZE") == "1" else _OBJ,
                    "qemu-system-arm")
# QEMU's own python/qemu package, in the unpacked source of the base
QEMU_PYTHON = os.path.join(BUILD, "qemu-" + QEMU_BASE, "python")
# The base's venv of Debian's Python packages (scripts/lib.sh: base_venv;
# 11.1's holds qemu.qmp, for a tree whose python/ no longer carries it)
BASE_VENV = {"7.2": "", "10.0": os.path.join(BUILD, "meson-venv")}.get(
    QEMU_BASE, os.path.join(BUILD, "meson-venv-" + QEMU_BASE))


def script(name: str) -> str:
    """The path of one of our scripts/."""
    return os.path.join(REPO, "scripts", name)
