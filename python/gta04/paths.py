"""
Where things are: the repository, the build directory, the QEMU base and its
binary.  The same rules as scripts/lib.sh (GTA04_BUILD, GTA04_QEMU,
GTA04_SANITIZE).
"""

import os


REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
BUILD = os.environ.get("GTA04_BUILD", os.path.join(REPO, ".build"))
# GTA04_QEMU=7.2|10.0 picks the QEMU base as in scripts/lib.sh: its build
# directory (.build/obj for 7.2, .build/obj-10.0) and its python/qemu package
QEMU_BASE = os.environ.get("GTA04_QEMU", "7.2")
if QEMU_BASE not in ("7.2", "10.0"):
    raise SystemExit("GTA04_QEMU=%s: the bases are 7.2 and 10.0" % QEMU_BASE)
_OBJ = "obj" if QEMU_BASE == "7.2" else "obj-" + QEMU_BASE
QEMU = os.path.join(BUILD, _OBJ + "-sanitize" if os.environ.get("GTA04_SANITIZE") == "1" else _OBJ,
                    "qemu-system-arm")
# QEMU's own python/qemu package, in the unpacked source of the base
QEMU_PYTHON = os.path.join(BUILD, "qemu-" + QEMU_BASE, "python")


def script(name: str) -> str:
    """The path of one of our scripts/."""
    return os.path.join(REPO, "scripts", name)
