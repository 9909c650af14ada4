"""
One GTA04 VM running a Linux guest: QEMU's lifecycle with the verdict
rules of our tests, and the console, shell and monitor of that VM.
"""

import os
import re
import shlex
import shutil
import socket
import tempfile
import time
from types import TracebackType
from typing import Any, List, Optional, Sequence, Type

from .board import PIH, PROMPT, PROMPT_END, READY
from .console import Console, PipeStream, Stream
from .errors import QemuDied, Timeout, describe_exit
from .kernels import boot_args, guest_dir
from .machine import QEMUMachine
from .monitor import Monitor
from .paths import QEMU
from .procfs import interrupts
from .shell import Shell
from .suspend import Sleep, Stimulus, Suspender


# Warp mode (docs/gta04.md "Hours in minutes"): QEMU's icount with
# sleep=off.  Virtual time advances by the instructions run (shift 3: 8 ns
# each) and, whenever the CPU idles (WFI), jumps at once to the next timer on
# the virtual clock; the RTC runs on that clock too (clock=vm, from a fixed
# date), so a board asleep until its alarm wakes as soon as it sleeps and
# the guest's clocks (sync counter, GP timers, RTC) stay consistent.  Only
# a stimulus on the virtual clock has a place in that time: the guest's own
# RTC alarm, or one the board applies itself (Guest.stimulus_at); a host's
# "3 s after suspend" never comes while nothing is pending.
# record=DIR (Guest): the icount shift, what makes the machine's time
# replayable, and the serials up to the stimuli's chardev input, the first
# -serial after the SoC's four UARTs' (the console is serial0)
RECORD_SHIFT = 3
# the RTC from a fixed date on the virtual clock: the same guest time every run
RTC_VM = ("-rtc", "base=2026-01-01T00:00:00,clock=vm")
RECORD_ARGS = RTC_VM + ("-net", "none")
SERIAL_PADS = 3
WARP_ARGS = ("-icount", "shift=3,sleep=off") + RTC_VM
# ... and in a test, a guest idle at its prompt would jump its time to each
# next timer for as long as the host takes to type the next command: guest
# seconds that depend on the host (a PHY's autosuspend done or not when a
# cycle begins).  The board pauses as the prompt is written (/machine/stimuli
# hold-at) and runs on once the next command is typed (Console.hold), so a
# guest's time runs only while it has work from the test.
HOLD_ARGS = ("-global", "gta04-stimuli.hold-at=%s*%s" % (PROMPT, PROMPT_END))


class Guest:
    """
    One GTA04 VM running the Debian guest.

    Every step (console wait, send, QMP) first checks that QEMU is alive and
    raises QemuDied with QEMU's own output if it is not; leaving a ``with``
    block shuts QEMU down with QMP quit and requires exit status 0 (a
    sanitizer build's leak report at exit is a failure too).

    ``console``, ``shell`` and ``monitor`` are the serial line, the guest's
    shell on it and QMP; the methods here are the ones most tests use.
    """

    def __init__(self, extra_args: Sequence[str] = (), append: str = "",
                 guest: Optional[str] = None, name: str = "gta04",
                 binary: str = QEMU, machine: str = "gta04", dtb: str = "omap3-gta04a5.dtb",
                 console: Optional[str] = None, kernel: Optional[str] = None,
                 console_pipe: Optional[str] = None, console_up: bool = False,
                 debian: Optional[str] = None, warp: bool = False, record: str = ""):
        # debian: which of Debian's kernels (guest/debian-kernels) the guest
        # is made with; its cmdline file names the console and what else that
        # kernel needs on this board (console= overrides it, e.g. vexpress)
        self.guest = guest or guest_dir(debian)
        # console_up: a developer watching suspend on the serial console.  The
        # console stays live (no_console_suspend), boot() turns on printing of
        # every device callback (pm_print_times, pm_debug_messages) and the
        # UART sends at its line rate (115200 baud in virtual time), so each
        # step of a suspend takes the time it takes on a real serial console:
        # some 8 guest seconds from freezing the tasks to WFI on our kernels,
        # more on Debian's.  suspend() then starts its stimulus and its wait
        # at the end of the noirq phase; wfi_lead is what a guest-side alarm
        # armed before the suspend needs on top, to fire once the board sleeps.
        self.console_up = console_up
        self.wfi_lead = 40 if console_up else 0
        # warp: hours of suspend in minutes (WARP_ARGS).  The board holds
        # still at each shell prompt until something is typed (HOLD_ARGS)
        self.warp = warp
        if warp:
            extra_args = list(extra_args) + list(WARP_ARGS) + list(HOLD_ARGS)
        if console_up:
            append = (append + " no_console_suspend loglevel=8").strip()
            extra_args = list(extra_args) + ["-global", "omap3-uart.line-rate=on"]
        self.vm = QEMUMachine(binary, name=name)
        self.vm.set_machine(machine)
        # console_pipe=BASE: the console on the FIFOs BASE.in/BASE.out (a
        # chardev pipe) instead of a socket; see PipeStream
        self.console_pipe = console_pipe
        # record=DIR: the run is an icount recording in DIR (replay.bin, and
        # qemu-args and icount for scripts/run.sh --replay DIR); the console
        # on a pipe there, and every write that changes the board through
        # the stimuli's chardev, which the recording holds (not QMP)
        self.record = record
        self._requests: Optional[socket.socket] = None
        if record:
            console_pipe = self.console_pipe = os.path.join(record, "console")
            extra_args = list(extra_args) + list(RECORD_ARGS) + [
                "-icount", "shift=%d,rr=record,rrfile=%s"
                % (RECORD_SHIFT, os.path.join(record, "replay.bin")),
                "-chardev", "socket,id=stimuli,path=%s,server=on,wait=off"
                % os.path.join(record, "stimuli.sock"),
                *["-serial", "null"] * SERIAL_PADS, "-serial", "chardev:stimuli", "-S"]
        # warp mode: a console socket pushes back after some 200 bytes the
        # host has not read yet, the UART then waits for the host, the CPU
        # idles and icount jumps the guest's time to its next timer: seconds
        # that never were.  A pipe takes 1 MiB before it pushes back.
        self._pipe_dir = ""
        if warp and not console_pipe:
            self._pipe_dir = tempfile.mkdtemp(prefix="gta04-console-")
            console_pipe = os.path.join(self._pipe_dir, "console")
            self.console_pipe = console_pipe
        if console_pipe:
            PipeStream.make_fifos(console_pipe)
            self.vm.add_args("-chardev", "pipe,id=console,path=%s" % console_pipe,
                             "-serial", "chardev:console")
        else:
            self.vm.set_console()
        # GTA04_QEMU_EXTRA: more QEMU options for every -M gta04 a test
        # starts, e.g. the whole bug table with the PRM's power states on
        if machine == "gta04":
            extra_args = list(extra_args) + shlex.split(os.environ.get("GTA04_QEMU_EXTRA", ""))
        # the machine as booted, without the harness's connections: what a
        # recording's qemu-args holds (scripts/run.sh --replay)
        self.machine_args = ["-M", machine, *boot_args(self.guest, kernel, dtb, console, append)]
        self.vm.add_args(*self.machine_args[2:], *extra_args)
        if record:
            self._write_replay_files(list(extra_args))
        # typing one echoed character at a time: record/replay's pipe (PipeStream)
        self.monitor = Monitor(self.vm, self.alive)
        self.console = Console(self.alive, echo_typing=bool(console_pipe) and not self._pipe_dir,
                               hold=(self.monitor.held, self.monitor.release_hold) if warp
                               else None,
                               typer=self.monitor.type_on_console if warp else None)
        self.shell = Shell(self.console)
        # a recording runs on icount too: asleep with no timer pending, the
        # guest's clock stands still as in warp mode, so the board applies
        # the stimuli on its clock and a stalled clock is the verdict
        self.suspender = Suspender(self.console, self.shell, self.monitor, console_up,
                                   console_suspends="no_console_suspend" not in append.split(),
                                   warp=warp or bool(record))
        self.t0 = 0.0
        self.boot_time: Optional[float] = None
        self.expect_exit = False    # the guest powered off: QEMU ends by itself
        self.exit_checked = False

    def _write_replay_files(self, extra_args: List[str]) -> None:
        """DIR/qemu-args and DIR/icount of a recording: the machine as the
        run had it, without the harness's connections (the console, the
        stimuli's socket: null serials in their places, run.sh adds the
        console first), the recording's own options and the logs."""
        keep: List[str] = []
        args = iter(extra_args)
        for arg in args:
            if arg in ("-chardev", "-serial", "-icount", "-D", "-trace", "-msg", "-d"):
                next(args, None)
            elif arg != "-S":
                keep.append(arg)
        with open(os.path.join(self.record, "qemu-args"), "w", encoding="utf-8") as fh:
            fh.write("".join(a + "\0" for a in self.machine_args + keep
                             + ["-serial", "null"] * (SERIAL_PADS + 1)))
        with open(os.path.join(self.record, "icount"), "w", encoding="ascii") as fh:
            fh.write("shift=%d\n" % RECORD_SHIFT)

    # -- lifecycle
    def launch(self) -> None:
        """Start QEMU and connect to its console (recording: and to the
        stimuli's chardev, then run the VM, started stopped)."""
        self.t0 = time.monotonic()
        self.vm.launch()
        stream: Stream
        if self.console_pipe:
            stream = PipeStream(self.console_pipe)
        else:
            stream = self.vm.console_socket
        self.console.attach(stream)
        if self.record:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.connect(os.path.join(self.record, "stimuli.sock"))
            self._requests = sock
            self.monitor.requests = lambda line: sock.sendall(line.encode())
            self.monitor.qmp("cont")

    def _stderr_tail(self, lines: int = 40) -> str:
        """
        The last lines QEMU wrote to its stdout/stderr (sanitizer reports,
        aborts, error messages).
        """
        # QEMUMachine keeps QEMU's output in this file until shutdown, and
        # says nothing of it before: the tail of a QEMU still dying is here
        path = getattr(self.vm, "_qemu_log_path", None)
        text = None
        if path and os.path.exists(path):
            with open(path, "r", encoding="utf-8", errors="replace") as fh:
                text = fh.read()
        elif self.vm.get_log() is not None:
            text = self.vm.get_log()
        if not text:
            return "(QEMU printed nothing)"
        return "\n".join(text.splitlines()[-lines:])

    def _died(self, what: str) -> QemuDied:
        """QemuDied for a QEMU that is no longer running, with its output."""
        self.console.drain()
        return QemuDied("QEMU %s while %s\n--- QEMU output (tail):\n%s\n--- console (tail):\n%s"
                        % (describe_exit(self.vm.exitcode()), what, self._stderr_tail(),
                           self.console.log[-2000:]))

    def alive(self, what: str) -> None:
        """Raise QemuDied unless QEMU is running."""
        if not self.vm.is_running():
            raise self._died(what)

    def wait_exit(self, timeout: float = 60) -> int:
        """
        After the guest powered off: wait (bounded) for QEMU to end on its
        own and require exit status 0.
        """
        self.expect_exit = True
        deadline = time.monotonic() + timeout
        while self.vm.is_running() and time.monotonic() < deadline:
            self.console.poll()
        if self.vm.is_running():
            raise Timeout("QEMU still running %d s after the guest powered off:\n%s"
                          % (timeout, self.console.log[-2000:]))
        code = self.vm.exitcode()
        self.exit_checked = True
        if code != 0:
            raise self._died("exiting after poweroff")
        return code

    def shutdown(self) -> None:
        """
        Stop QEMU: QMP quit, then require exit status 0.  A QEMU that had
        already died (and was not expected to exit) raises QemuDied.
        """
        try:
            self._stop()
        finally:
            if self._requests is not None:
                self._requests.close()
                self._requests = None
            if self._pipe_dir:
                shutil.rmtree(self._pipe_dir, ignore_errors=True)

    def _stop(self) -> None:
        """shutdown(), but for the console's FIFOs."""
        # whether launch() got as far as starting QEMU: QEMUMachine has no
        # public word for it, and shutdown() of one never launched raises
        if not getattr(self.vm, "_launched", False):
            return
        err = None
        if not self.vm.is_running():
            if not (self.expect_exit and self.vm.exitcode() == 0) and not self.exit_checked:
                err = self._died("the test ran")
            try:
                self.vm.shutdown(hard=True)
            except Exception:  # pylint: disable=broad-except
                pass    # the verdict is err's; cleaning up a dead QEMU has none
        else:
            try:
                self.vm.shutdown(timeout=30)
            except Exception as ex:  # pylint: disable=broad-except
                # AbnormalShutdown: quit did not end it
                err = QemuDied("QEMU did not end on QMP quit (%s); killed\n%s"
                               % (ex, self._stderr_tail()))
            else:
                code = self.vm.exitcode()
                if code != 0:
                    err = QemuDied("QEMU ended with %s on QMP quit\n--- QEMU output (tail):\n%s"
                                   % (describe_exit(code), self._stderr_tail()))
        if err:
            raise err

    def __enter__(self) -> "Guest":
        self.launch()
        return self

    def __exit__(self, etype: Optional[Type[BaseException]], exc: Optional[BaseException],
                 tb: Optional[TracebackType]) -> None:
        if etype is not None:
            # a verdict reached while QEMU was dead is not a verdict
            dead = None if isinstance(exc, QemuDied) or self.vm.is_running() \
                else self._died("the test failed")
            try:
                self.shutdown()
            except QemuDied:
                pass
            if dead:
                raise dead from exc
            return
        self.shutdown()

    def boot(self, timeout: float = 180) -> "Guest":
        """Launch (unless a ``with`` block did) and wait for the shell."""
        if not self.vm.is_running():
            self.launch()
        self.wait_for(READY, timeout)
        self.wait_for(PROMPT, 30)
        self.boot_time = time.monotonic() - self.t0
        if self.console_up:
            self.ok("echo 1 > /sys/power/pm_print_times; echo 1 > /sys/power/pm_debug_messages")
        return self

    # -- the console and the shell
    @property
    def log(self) -> str:
        """Everything the console printed."""
        return self.console.log

    @property
    def last_status(self) -> int:
        """The exit status of the last run()."""
        return self.shell.last_status

    def wait_for(self, pattern: str, timeout: float = 60,
                 fail: Optional[str] = None) -> "re.Match[str]":
        """Console.wait_for."""
        return self.console.wait_for(pattern, timeout, fail)

    def send(self, text: str) -> None:
        """Console.send."""
        self.console.send(text)

    def run(self, cmd: str, timeout: float = 60) -> str:
        """Shell.run."""
        return self.shell.run(cmd, timeout)

    def ok(self, cmd: str, timeout: float = 60) -> str:
        """Shell.ok."""
        return self.shell.ok(cmd, timeout)

    def value(self, cmd: str, timeout: float = 60) -> str:
        """Shell.value."""
        return self.shell.value(cmd, timeout)

    def suspend(self, state: str, stimulus: Optional[Stimulus] = None,
                stimulus_after: float = 3.0, wake_within: float = 30.0,
                bound: float = 300, then: str = "") -> Sleep:
        """Suspender.suspend."""
        return self.suspender.suspend(state, stimulus, stimulus_after, wake_within, bound, then)

    def pih_virq(self) -> str:
        """The Linux irq number of TWL4030 INT1 (the PIH's chained handler on INTC 7)."""
        return interrupts(self.ok("cat /proc/interrupts"))[PIH][1].split(":")[0].strip()

    # -- the monitor
    def qmp(self, cmd: str, **args: Any) -> Any:
        """Monitor.qmp."""
        return self.monitor.qmp(cmd, **args)

    def hmp(self, line: str) -> str:
        """Monitor.hmp."""
        return self.monitor.hmp(line)

    def qom_set(self, path: str, prop: str, value: Any) -> Any:
        """Monitor.qom_set."""
        return self.monitor.qom_set(path, prop, value)

    def qom_get(self, path: str, prop: str) -> Any:
        """Monitor.qom_get."""
        return self.monitor.qom_get(path, prop)

    def stimulus_at(self, delay: float, path: str, prop: str, value: str) -> None:
        """Monitor.stimulus_at."""
        self.monitor.stimulus_at(delay, path, prop, value)

    def guest_clock(self) -> float:
        """Monitor.guest_clock."""
        return self.monitor.guest_clock()
