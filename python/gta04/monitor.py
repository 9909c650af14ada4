"""
QEMU's monitor, QMP and HMP, and what the board shows through it: physical
memory, the guest's 32 kHz clock, kernel memory, migration to a file.
"""

import time
from typing import Any, Callable, Dict, List, Optional

from .board import CONSOLE_UART, RX_TEXT_MAX, STIMULI, SYNCTIMER_CR
from .errors import TestFailure
from .machine import QEMUMachine, qmp_command


def qom_text(value: Any) -> str:
    """A property value in QOM's string form, as the board's stimuli take it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class Monitor:
    """
    QMP of one QEMUMachine.  ``alive(what)`` raises QemuDied if QEMU is
    gone: asked before each command and after one that failed, so that a
    dead QEMU says so first.
    """

    def __init__(self, vm: QEMUMachine, alive: Callable[[str], None]):
        self.vm = vm
        self.alive = alive
        # a recording's request line writer (Guest's record), or None
        self.requests: Optional[Callable[[str], None]] = None

    def qmp(self, cmd: str, **args: Any) -> Any:
        """Run a QMP command; return its result."""
        self.alive("sending QMP %s" % cmd)
        try:
            return qmp_command(self.vm, cmd, **args)
        except Exception:
            self.alive("running QMP %s" % cmd)
            raise

    def hmp(self, line: str) -> str:
        """Run an HMP command line; return what it printed."""
        out: str = self.qmp("human-monitor-command", **{"command-line": line})
        return out

    # /machine/stimuli's properties that its chardev input takes
    REQUESTS = ("at", "on-console", "on-line", "on-write", "drop")

    def qom_set(self, path: str, prop: str, value: Any) -> Any:
        """qom-set PATH PROP VALUE.  With `requests` (a recording: Guest's
        record) a write that changes the board goes as a line to the
        board's stimuli chardev instead, which the recording holds: the
        stimuli's own requests as they are, any other property as "at 0"
        (applied on the virtual clock as the line is read)."""
        if self.requests is not None and not (path == STIMULI and prop not in self.REQUESTS):
            if path == STIMULI:
                self.requests("%s %s\n" % (prop, value))
            else:
                self.requests("at 0 %s %s %s\n" % (path, prop, qom_text(value)))
            return None
        return self.qmp("qom-set", path=path, property=prop, value=value)

    def qom_get(self, path: str, prop: str) -> Any:
        """qom-get PATH PROP."""
        return self.qmp("qom-get", path=path, property=prop)

    def type_on_console(self, text: str) -> None:
        """Type text on the console from the board's side of the wire
        (UART3's rx-text): one character per frame time on the virtual
        clock, so the guest reads it at the same guest moment in every run,
        where the host's console socket delivers it whenever the main loop
        reads it."""
        for k in range(0, len(text), RX_TEXT_MAX):
            chunk = text[k:k + RX_TEXT_MAX]
            deadline = time.monotonic() + 60
            while len(self.qom_get(CONSOLE_UART, "rx-text")) + len(chunk) > RX_TEXT_MAX:
                if time.monotonic() > deadline:
                    raise TestFailure("the console's RX wire stayed full for 60 s")
                time.sleep(0.05)
            self.qom_set(CONSOLE_UART, "rx-text", chunk)

    def stimulus_at(self, delay: float, path: str, prop: str, value: str) -> None:
        """Set `prop` of `path` to `value` `delay` guest seconds from now, on
        the virtual clock (the board's /machine/stimuli): in warp mode the
        only way to put an outside event at a moment of the guest's time."""
        self.qom_set(STIMULI, "at", "%d %s %s %s" % (round(delay * 1e9), path, prop, value))

    def stimulus_on_console(self, text: str, delay: float, path: str, prop: str,
                            value: str) -> None:
        """Set `prop` of `path` to `value` `delay` guest seconds after the
        next console line (UART3) that contains `text`: a moment the guest
        names, at the virtual time it wrote the line (/machine/stimuli
        on-console), wherever the host is then."""
        self.qom_set(STIMULI, "on-console",
                     "%s|%d %s %s %s" % (text, round(delay * 1e9), path, prop, value))

    def stimulus_on_line(self, line: str, level: bool, delay: float, path: str, prop: str,
                         value: str) -> None:
        """Set `prop` of `path` to `value` `delay` guest seconds after the
        board's wire `line` (int1) next changes to `level` (/machine/stimuli
        on-line): a moment the chip names, e.g. 3 ms after INT1 rises."""
        self.qom_set(STIMULI, "on-line", "%s:%d|%d %s %s %s"
                     % (line, level, round(delay * 1e9), path, prop, value))

    def stimulus_on_write(self, addr: int, mask: int, value: int, delay: float, path: str,
                          prop: str, pvalue: str) -> None:
        """Set `prop` of `path` to `pvalue` `delay` guest seconds after the
        guest's next 32-bit write to the register at physical `addr` with
        (data & mask) == value (/machine/stimuli on-write), e.g. genirq
        masking INTC line 7 (MIR_SET0, bit 7)."""
        self.qom_set(STIMULI, "on-write", "0x%x:0x%x:0x%x|%d %s %s %s"
                     % (addr, mask, value, round(delay * 1e9), path, prop, pvalue))

    def held(self) -> bool:
        """Whether the board holds the VM at the shell's prompt (hold-at)."""
        return bool(self.qom_get(STIMULI, "held"))

    def release_hold(self, bound: float = 30.0) -> None:
        """
        Run the VM again if the board holds it at the shell's prompt
        (/machine/stimuli hold-at, set in warp mode by gta04.guest.Guest):
        called once something has been typed.  The board asks for its
        pause from the vCPU, the main loop makes it: wait until it has, so
        that the `cont` cannot come first and be lost.
        """
        if not self.held():
            return
        deadline = time.monotonic() + bound
        while self.status() != "paused":
            if time.monotonic() > deadline:
                raise TestFailure("the board held at the prompt, yet QEMU did not pause "
                                  "within %.0f s (status %s)" % (bound, self.status()))
            time.sleep(0.01)
        self.qmp("cont")

    def status(self) -> str:
        """The run state (query-status): running, paused, suspended, ..."""
        state: Dict[str, Any] = self.qmp("query-status")
        return str(state["status"])

    def clock_stalled(self, settle: float = 1.0) -> bool:
        """
        In warp mode (gta04.guest.WARP_ARGS) only: whether the guest's time
        stands still for good while the VM runs.  Under icount an executing
        CPU moves virtual time with every instruction, and QEMU jumps a CPU
        halted in WFI to the next timer at once; a halted CPU with nothing
        requested and no timer pending waits for an outside event.  Both
        the board's word for that (/machine/stimuli "idle") and the 32 kHz
        counter are asked, three looks `settle` host seconds apart:
        - idle alone, at one look, is also true for the moment a key the
          host typed is still on its way through the chardev (no timer
          waits for it);
        - the counter alone stands still while the host does not schedule
          the vCPU thread (seen in a CI run: a guest awake at its prompt
          taken for asleep); idle is then false, since that CPU is not
          halted.
        """
        first = self.xp(SYNCTIMER_CR)
        for look in range(3):
            if look:
                time.sleep(settle)
            if self.status() != "running" or not self.qom_get(STIMULI, "idle") \
                    or self.xp(SYNCTIMER_CR) != first:
                return False
        return True

    def xp(self, addr: int) -> int:
        """One 32-bit word of the physical address space."""
        out = self.hmp("xp /1wx 0x%x" % addr)
        return int(out.split(":")[1].split()[0], 16)

    def guest_clock(self) -> float:
        """
        Seconds on the DM3730 32 kHz sync counter (REG_32KSYNCNT_CR): the
        guest's own time base, which runs through suspend.
        """
        return self.xp(SYNCTIMER_CR) / 32768.0

    def kernel_words(self, vaddr: int, n: int) -> List[int]:
        """n 32-bit words at a kernel virtual address."""
        out = self.hmp("x /%dwx 0x%x" % (n, vaddr))
        return [int(w, 16) for line in out.splitlines() for w in line.split(":")[1].split()]

    def save_to_file(self, path: str, bound: float = 60) -> None:
        """Stop the VM and migrate it to path (restore with -incoming "exec:cat path")."""
        self.qmp("stop")
        self.qmp("migrate", uri="exec:cat > %s" % path)
        deadline = time.monotonic() + bound
        while self.qmp("query-migrate").get("status") != "completed":
            if time.monotonic() > deadline:
                raise TestFailure("migration to file did not complete")
            time.sleep(0.2)
