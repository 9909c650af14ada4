"""
Writing guest memory through QEMU's gdbstub (the monitor can read memory
but not write it): the few packets of the GDB remote serial protocol that
takes.
"""

import os
import socket

from .errors import TestFailure
from .monitor import Monitor
from .paths import BUILD


class GdbRemote:
    """A GDB remote protocol connection on a unix socket."""

    def __init__(self, path: str):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(10)
        self.sock.connect(path)
        self.buf = b""

    def _recv(self) -> None:
        data = self.sock.recv(4096)
        if not data:
            raise TestFailure("gdbstub closed the connection")
        self.buf += data

    def command(self, payload: str) -> str:
        """Send one packet; return the first reply packet that is not a stop."""
        body = payload.encode()
        self.sock.sendall(b"$%s#%02x" % (body, sum(body) & 0xff))
        while True:   # skip acks, take the first whole reply packet
            start = self.buf.find(b"$")
            end = self.buf.find(b"#", start)
            if start >= 0 and end >= 0 and len(self.buf) >= end + 3:
                reply, self.buf = self.buf[start + 1:end], self.buf[end + 3:]
                self.sock.sendall(b"+")
                # the stub announces the stop that attaching caused ("T02...")
                if reply[:1] not in (b"T", b"S"):
                    return reply.decode()
                continue
            self._recv()

    def read_word(self, vaddr: int) -> int:
        """A 32-bit little-endian word of guest virtual memory."""
        reply = self.command("m%x,4" % vaddr)
        if len(reply) != 8:
            raise TestFailure("gdbstub: read of 0x%x: %r" % (vaddr, reply))
        return int.from_bytes(bytes.fromhex(reply), "little")

    def write_word(self, vaddr: int, value: int) -> None:
        """Write a 32-bit little-endian word of guest virtual memory."""
        reply = self.command("M%x,4:%s" % (vaddr, value.to_bytes(4, "little").hex()))
        if reply != "OK":
            raise TestFailure("gdbstub: write of 0x%x: %r" % (vaddr, reply))

    def detach(self) -> None:
        """Detach (the VM runs on) and close."""
        try:
            self.command("D")
        finally:
            self.sock.close()


def write_word(monitor: Monitor, vaddr: int, value: int) -> int:
    """
    Write a 32-bit word of guest virtual memory through the gdbstub; return
    the old value.  The VM stops while the stub is attached and runs again
    afterwards.
    """
    path = os.path.join(BUILD, "gdb-%d.sock" % os.getpid())
    if os.path.exists(path):
        os.unlink(path)
    monitor.hmp("gdbserver unix:%s,server=on,wait=off" % path)
    gdb = GdbRemote(path)
    try:
        old = gdb.read_word(vaddr)
        gdb.write_word(vaddr, value)
        if gdb.read_word(vaddr) != value:
            raise TestFailure("gdbstub: the write to 0x%x did not stick" % vaddr)
    finally:
        gdb.detach()
        monitor.hmp("gdbserver none")
        if monitor.status() != "running":
            monitor.qmp("cont")
    return old
