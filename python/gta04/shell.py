"""
Commands typed at the guest's shell on the console, each framed by two
markers the shell prints, so that its output and exit status are read back
exactly.
"""

import re
from typing import Tuple

from .board import PROMPT
from .console import Console
from .errors import TestFailure


# Kernel console lines that the UART's paced output can splice into a line
# of the shell's: printk writes the port directly while the tty's own
# output still waits in its buffer, as on the real board.
KLINES = r"(?:\[ *\d+\.\d+\] [^\n]*\n)*"
KLINE = r"\[ *\d+\.\d+\] [^\n]*\n"
# The status the shell prints after an end marker, and its newline: kernel
# lines may come before it, and also between it and its newline (seen:
# "__GTA04E1__0[   12.62] power_supply ...\n\n")
STATUS = KLINES + r"(\d+)" + KLINES + r"\n"


def typed(marker: str) -> str:
    """
    A marker as typed: split by "" so that the command line the terminal
    echoes (wrapped at 80 columns) never matches it; the shell prints it whole.
    """
    return marker[:6] + '""' + marker[6:]


class Shell:
    """The guest's busybox shell on a Console."""

    def __init__(self, console: Console):
        self.console = console
        self.seq = 0
        self.last_status = 0

    def markers(self, prefix: str = "GTA04") -> Tuple[str, str]:
        """A new pair of start and end markers, __<prefix>S<n>__ and __<prefix>E<n>__."""
        self.seq += 1
        return "__%sS%d__" % (prefix, self.seq), "__%sE%d__" % (prefix, self.seq)

    def run(self, cmd: str, timeout: float = 60) -> str:
        """Run a shell command; return its output (stdout+stderr) and check nothing."""
        start, end = self.markers()
        self.console.send("echo %s; %s; echo %s$?\n" % (typed(start), cmd, typed(end)))
        begin = self.console.wait_for(re.escape(start) + KLINES + "\n", timeout)
        m = self.console.wait_for(re.escape(end) + STATUS, timeout)
        body = self.console.log[begin.end():m.start()]
        self.last_status = int(m.group(1))
        self.console.wait_for(PROMPT, 10)
        return body

    def ok(self, cmd: str, timeout: float = 60) -> str:
        """run() a command that must exit 0."""
        out = self.run(cmd, timeout)
        if self.last_status != 0:
            raise TestFailure("guest command failed (%d): %s\n%s" % (self.last_status, cmd, out))
        return out

    def value(self, cmd: str, timeout: float = 60) -> str:
        """
        ok() for a command that prints one value, stripped, without the
        kernel console lines printk spliced into it (e.g. the charger's
        "driver failed to report `current_now'" a plugged cable prints
        about 0.5 s after the plug, see tests/soak/test_soak.py ALLOWED).
        """
        return re.sub(KLINE, "", self.ok(cmd, timeout)).strip()
