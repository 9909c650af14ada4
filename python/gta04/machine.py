"""
QEMU's own ``qemu.machine`` package, from the unpacked source of the chosen
base (paths.QEMU_PYTHON): the one place that puts it on the path, since
where it lies is only known at run time (GTA04_BUILD, GTA04_QEMU).
"""

import glob
import os
import sys
from typing import Any, Callable

from .paths import BASE_VENV, QEMU_PYTHON


if QEMU_PYTHON not in sys.path:
    sys.path.insert(0, QEMU_PYTHON)
# qemu.qmp, which qemu.machine imports: in the tree's python/ as far as
# 10.2; otherwise Debian's python3-qemu-qmp in the base's venv
# (scripts/setup.sh), after the tree
if BASE_VENV and not os.path.isdir(os.path.join(QEMU_PYTHON, "qemu", "qmp")):
    sys.path[1:1] = glob.glob(os.path.join(BASE_VENV, "lib", "python3*", "site-packages"))

# pylint: disable=wrong-import-position,wrong-import-order
from qemu.machine import QEMUMachine  # noqa: E402


__all__ = ["QEMUMachine", "qmp_command"]


def qmp_command(vm: QEMUMachine, cmd: str, **args: Any) -> Any:
    """
    Run a QMP command and return its result (raising on an error reply):
    QEMUMachine.command() of QEMU 7.2's python/qemu is cmd() in 10.0.
    """
    # by name: each base's python/qemu has only one of them
    run: Callable[..., Any] = getattr(vm, "cmd", None) or getattr(vm, "command")
    return run(cmd, **args)
