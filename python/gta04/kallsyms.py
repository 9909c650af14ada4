"""
Kernel variables of the guest, by the symbols of its kallsyms
(scripts/guest-kallsyms.py caches them next to the guest image).
"""

import os

from .armdecode import first_loaded_address
from .errors import TestFailure
from .monitor import Monitor


def function_address(guest_dir: str, function: str) -> int:
    """The address of a text symbol in the guest's cached kallsyms."""
    path = os.path.join(guest_dir, "kallsyms")
    if not os.path.exists(path):
        raise TestFailure("no %s: run scripts/guest-kallsyms.py once" % path)
    with open(path, encoding="utf-8") as fh:
        addrs = [int(line.split()[0], 16) for line in fh
                 if line.split()[2:3] == [function] and line.split()[1] in "tT"]
    if len(addrs) != 1:
        raise TestFailure("kallsyms: %d symbols named %s" % (len(addrs), function))
    return addrs[0]


def kernel_variable(monitor: Monitor, guest_dir: str, function: str) -> int:
    """Address of the kernel variable that `function` reads first."""
    code = monitor.kernel_words(function_address(guest_dir, function), 16)
    addr = first_loaded_address(code)
    if addr is None:
        raise TestFailure("%s: no movw/movt + ldr in its first 16 instructions" % function)
    return addr
