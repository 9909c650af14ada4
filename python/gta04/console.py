"""
The guest's serial console: everything it printed, waiting for a pattern in
it, typing on it.
"""

import fcntl
import os
import re
import select
import socket
import sys
import time
from typing import Callable, Optional, Protocol, Tuple

from .board import PROMPT, PROMPT_END
from .errors import TestFailure, Timeout


VERBOSE = os.environ.get("GTA04_TEST_VERBOSE") == "1"
F_SETPIPE_SZ = 1031     # Linux's fcntl command (the fcntl module names it from Python 3.10)


class Stream(Protocol):
    """The socket methods the console uses (a socket, or a PipeStream)."""

    # (positional-only, as socket.socket's)
    def settimeout(self, __value: Optional[float]) -> None:
        """Bound each recv()."""

    def recv(self, __bufsize: int) -> bytes:
        """Up to bufsize bytes; socket.timeout if none came."""

    def sendall(self, __data: bytes) -> None:
        """Write all of data."""


class PipeStream:
    """
    The console as a QEMU ``-chardev pipe`` (FIFOs BASE.in, BASE.out), with
    the socket methods Console uses.

    For record/replay: QEMU 7.2 records each console write's result but not
    errno, and the 16550 core retries a write that failed with EAGAIN from a
    main-loop watch at a host-chosen moment, so a console that ever pushes
    back makes the recording unreplayable.  A socket does after ~200
    one-byte writes nobody has read yet; this pipe takes 1 MiB.  Input is
    typed one echoed character at a time (Console with echo_typing): record
    mode delivers console input at its next checkpoint without asking the
    UART for room, and characters that arrive together overrun the receiver.
    """

    def __init__(self, base: str):
        self.rfd = os.open(base + ".out", os.O_RDONLY | os.O_NONBLOCK)
        fcntl.fcntl(self.rfd, F_SETPIPE_SZ, 1 << 20)
        self.wfd = os.open(base + ".in", os.O_WRONLY)
        self.timeout: Optional[float] = 0.2

    @staticmethod
    def make_fifos(base: str) -> None:
        """Create BASE.in and BASE.out (before QEMU opens them)."""
        for ext in (".in", ".out"):
            if not os.path.exists(base + ext):
                os.mkfifo(base + ext)

    def settimeout(self, value: Optional[float]) -> None:
        """Bound each recv()."""
        self.timeout = value

    def recv(self, bufsize: int) -> bytes:
        """Up to bufsize bytes; socket.timeout if none came in time."""
        ready, _, _ = select.select([self.rfd], [], [], self.timeout)
        if not ready:
            raise socket.timeout()
        return os.read(self.rfd, bufsize)

    def sendall(self, data: bytes) -> None:
        """Write data to QEMU."""
        os.write(self.wfd, data)


class Console:
    """
    What the console printed (``log``), how far waiting has consumed it
    (``pos``), and typing.

    ``alive(what)`` raises QemuDied if QEMU is gone: every wait asks it, so
    no wait outlives QEMU.  With ``echo_typing`` each character is sent only
    once the guest has echoed the one before (record/replay, PipeStream).
    ``hold``, in warp mode: Monitor's (held, release_hold) for a board that
    pauses at the shell's prompt.  Typing runs it on; so does waiting for
    something the held guest cannot print.  ``typer``, in warp mode too:
    Monitor.type_on_console, what is typed goes on the board's side of the
    wire (on the virtual clock) instead of through the stream.
    """

    def __init__(self, alive: Callable[[str], None], echo_typing: bool = False,
                 hold: Optional[Tuple[Callable[[], bool], Callable[[], None]]] = None,
                 typer: Optional[Callable[[str], None]] = None):
        self.alive = alive
        self.echo_typing = echo_typing
        self.hold = hold
        self.typer = typer
        self.stream: Optional[Stream] = None
        self.log = ""           # everything the console printed
        self.pos = 0            # how far wait_for has consumed the log

    def attach(self, stream: Stream) -> None:
        """Read and write through stream from now on (QEMU has started)."""
        self.stream = stream
        stream.settimeout(0.2)

    def _stream(self) -> Stream:
        if self.stream is None:
            raise RuntimeError("the console is used before QEMU started")
        return self.stream

    def unread(self) -> str:
        """What the console printed after the last match."""
        return self.log[self.pos:]

    def poll(self) -> bool:
        """Read what came within 0.2 s into the log; False if nothing did."""
        if self.stream is None:
            return False
        try:
            data = self.stream.recv(65536)
        except OSError:     # socket.timeout included
            return False
        if not data:
            return False
        text = data.decode("utf-8", "replace").replace("\r", "")
        if VERBOSE:
            sys.stdout.write(text)
            sys.stdout.flush()
        self.log += text
        return True

    def drain(self) -> None:
        """Read what the console has already sent (QEMU may be gone)."""
        for _ in range(50):
            if not self.poll():
                break

    def wait_for(self, pattern: str, timeout: float = 60,
                 fail: Optional[str] = None) -> "re.Match[str]":
        """Wait until regex pattern appears after the last match; return the match."""
        deadline = time.monotonic() + timeout
        rx = re.compile(pattern)
        frx = re.compile(fail) if fail else None
        while True:
            m = rx.search(self.log, self.pos)
            if m:
                self.pos = m.end()
                return m
            if frx and frx.search(self.log, self.pos):
                raise TestFailure("console showed %r while waiting for %r" % (fail, pattern))
            self.alive("waiting for %r" % pattern)
            if time.monotonic() > deadline:
                raise Timeout("timeout (%ds) waiting for %r; console tail:\n%s"
                              % (timeout, pattern, self.log[-3000:]))
            if not self.poll():
                self._run_on_unless(rx)

    def _run_on_unless(self, rx: "re.Pattern[str]") -> None:
        """The console was quiet: if the board holds at the prompt, what it
        wrote before is all there will be; unless that holds rx, run on."""
        if self.hold is None or not self.hold[0]():
            return
        self.drain()
        if not rx.search(self.log, self.pos):
            self.hold[1]()

    def send(self, text: str) -> None:
        """Type text on the console."""
        self.alive("typing %r" % text)
        stream = self._stream()
        if not self.echo_typing:
            self._sendall(stream, text)
            return
        for ch in text:
            n = len(self.log)
            self._sendall(stream, ch)
            deadline = time.monotonic() + 10
            while ch not in self.log[n:]:
                self.alive("typing %r" % text)
                if time.monotonic() > deadline:
                    raise Timeout("the guest did not echo %r of %r" % (ch, text))
                self.poll()

    def _sendall(self, stream: Stream, text: str) -> None:
        if self.hold:
            self._prompt_whole()
        if self.typer:
            self.typer(text)
        else:
            stream.sendall(text.encode())
        if self.hold:
            self.hold[1]()

    def _prompt_whole(self, bound: float = 2.0) -> None:
        """A prompt begun on the console's last line: wait (a little) for
        its end, the moment the board holds, so that what is typed now
        releases that hold and not the one before."""
        deadline = time.monotonic() + bound
        while time.monotonic() < deadline:
            tail = self.log[self.log.rfind("\n") + 1:]
            if not tail.startswith(PROMPT) or tail.endswith(PROMPT_END):
                return
            self.poll()
