"""Helpers for the GTA04 functional tests: boot Debian's kernel on -M gta04,
talk to the guest shell on the serial console, and to QEMU over QMP.

Stdlib plus QEMU's own python/qemu package from the pinned source tree.
Each test file is a script: `python3 tests/functional/test_x.py`; it exits
non-zero on failure.  Environment: GTA04_BUILD / GTA04_CACHE as for the
scripts; GTA04_TEST_VERBOSE=1 echoes the console.
"""

import os
import re
import socket
import subprocess
import sys
import signal
import time
import traceback

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("GTA04_BUILD", os.path.join(REPO, ".build"))
# GTA04_QEMU=7.2|10.0|11.1 picks the QEMU base as in scripts/lib.sh: its
# build directory (.build/obj for 7.2, .build/obj-<base>) and its python/qemu
# package; qemu.qmp, which QEMU's python/ dropped after 10.0, from the base's
# venv (.build/meson-venv-11.1: Debian's python3-qemu-qmp, scripts/setup.sh)
QEMU_BASES = ("7.2", "10.0", "11.1")
QEMU_BASE = os.environ.get("GTA04_QEMU", "7.2")
if QEMU_BASE not in QEMU_BASES:
    raise SystemExit("error: GTA04_QEMU=%s: the bases are %s" % (QEMU_BASE, ", ".join(QEMU_BASES)))
_OBJ = "obj" if QEMU_BASE == "7.2" else "obj-" + QEMU_BASE
QEMU = os.path.join(BUILD, _OBJ + "-sanitize" if os.environ.get("GTA04_SANITIZE") == "1" else _OBJ,
                    "qemu-system-arm")
sys.path.insert(0, os.path.join(BUILD, "qemu-" + QEMU_BASE, "python"))
if not os.path.isdir(os.path.join(BUILD, "qemu-" + QEMU_BASE, "python", "qemu", "qmp")):
    import glob
    sys.path[1:1] = glob.glob(os.path.join(BUILD, "meson-venv-" + QEMU_BASE, "lib", "python3*",
                                           "site-packages"))

from qemu.machine import QEMUMachine  # noqa: E402

PROMPT = "gta04:"
PIH = "TWL4030-PIH"          # /proc/interrupts name of INT1's chained handler
SYNCTIMER_CR = 0x48320010     # 32KSYNCNT REG_32KSYNCNT_CR
INTC_ITR0 = 0x48200080        # raw input of INTC lines 0..31 (bit 7: TWL4030 INT1)
INTC_MIR0 = 0x48200084        # their masks
VERBOSE = os.environ.get("GTA04_TEST_VERBOSE") == "1"
# Kernel console lines that the UART's paced output can splice into a line
# of the shell's: printk writes the port directly while the tty's own
# output still waits in its buffer, as on the real board.
KLINES = r"(?:\[ *\d+\.\d+\] [^\n]*\n)*"
KLINE = r"\[ *\d+\.\d+\] [^\n]*\n"
# The status the shell prints after an end marker, and its newline: kernel
# lines may come before it, and also between it and its newline (seen:
# "__GTA04E1__0[   12.62] power_supply ...\n\n")
STATUS = KLINES + r"(\d+)" + KLINES + r"\n"


def guest_dir(kernel=None):
    """Directory with vmlinuz, omap3-gta04a5.dtb, initramfs.cpio.gz and
    cmdline, for Debian's kernel `kernel` (a name of guest/debian-kernels;
    default 6.1)."""
    out = subprocess.run([os.path.join(REPO, "scripts", "make-guest.sh")] + ([kernel] if kernel else []),
                         check=True, stdout=subprocess.PIPE, text=True).stdout
    return out.strip().splitlines()[-1]


def stock_qemu():
    """Debian's own qemu-system-arm (the benchmark's reference; it also runs
    the kernel on -M vexpress-a9 for kallsyms), from scripts/host-packages."""
    subprocess.run([os.path.join(REPO, "scripts", "need-packages.sh"), "stock-qemu"], check=True)
    return "/usr/bin/qemu-system-arm"


class TestFailure(Exception):
    """The guest or the board did something other than the test expects."""


class Timeout(TestFailure):
    """Nothing matched within the bound on waiting (QEMU still running)."""


class QemuDied(Exception):
    """QEMU exited or was killed while the test needed it.  Deliberately not a
    TestFailure: a test that catches TestFailure to observe "the guest did not
    answer" can never take a crash for that observation."""


def describe_exit(code):
    if code is None:
        return "still running"
    if code < 0:
        try:
            return "killed by %s" % signal.Signals(-code).name
        except ValueError:
            return "killed by signal %d" % -code
    return "exit status %d" % code


class Guest:
    """One GTA04 VM running the Debian guest.

    Every step (console wait, send, QMP) first checks that QEMU is alive and
    raises QemuDied with QEMU's own output if it is not; leaving a `with`
    block shuts QEMU down with QMP quit and requires exit status 0 (a
    sanitizer build's leak report at exit is a failure too)."""

    def __init__(self, extra_args=(), append="", guest=None, name="gta04",
                 binary=QEMU, machine="gta04", dtb="omap3-gta04a5.dtb",
                 console=None, kernel=None, console_pipe=None,
                 console_up=False, debian=None):
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
        if console_up:
            append = (append + " no_console_suspend loglevel=8").strip()
            extra_args = list(extra_args) + ["-global", "omap3-uart.line-rate=on"]
        self.vm = QEMUMachine(binary, name=name)
        self.vm.set_machine(machine)
        # console_pipe=BASE: the console on the FIFOs BASE.in/BASE.out (a
        # chardev pipe) instead of a socket; see PipeConsole
        self.console_pipe = console_pipe
        if console_pipe:
            for ext in (".in", ".out"):
                if not os.path.exists(console_pipe + ext):
                    os.mkfifo(console_pipe + ext)
            self.vm.add_args("-chardev", "pipe,id=console,path=%s" % console_pipe,
                             "-serial", "chardev:console")
        else:
            self.vm.set_console()
        self.vm.add_args(
            "-m", "512",
            "-kernel", kernel or os.path.join(self.guest, "vmlinuz"),
            "-dtb", self.dtb_for(kernel, dtb),
            "-initrd", os.path.join(self.guest, "initramfs.cpio.gz"),
            "-append", "%s %s" % (self.cmdline(console), append),
            *extra_args)
        self.log = ""          # everything the console printed
        self._pos = 0          # how far wait_for has consumed self.log
        self.boot_time = None
        self.console_suspends = "no_console_suspend" not in append.split()
        self.expect_exit = False   # the guest powered off: QEMU ends by itself
        self.type_echoed = bool(console_pipe)   # send() waits for each echo
        self.exit_checked = False

    # -- lifecycle
    def dtb_for(self, kernel, dtb):
        """A kernel of ours (scripts/make-kernel.sh) boots with the device
        tree built from its own tree, next to its vmlinuz; others with the
        guest's (Debian's, of the guest's kernel)."""
        own = os.path.join(os.path.dirname(kernel), dtb) if kernel else None
        return own if own and os.path.exists(own) else os.path.join(self.guest, dtb)

    def cmdline(self, console):
        if console:
            return "console=" + console
        path = os.path.join(self.guest, "cmdline")
        if os.path.exists(path):
            with open(path) as f:
                return f.read().strip()
        return "console=ttyO2,115200n8"

    def launch(self):
        self.t0 = time.monotonic()
        self.vm.launch()
        self.sock = PipeConsole(self.console_pipe) if self.console_pipe else self.vm.console_socket
        self.sock.settimeout(0.2)

    def stderr_tail(self, lines=40):
        """The last lines QEMU wrote to its stdout/stderr (sanitizer reports,
        aborts, error messages)."""
        path = getattr(self.vm, "_qemu_log_path", None)
        text = None
        if path and os.path.exists(path):
            with open(path, "r", errors="replace") as f:
                text = f.read()
        elif self.vm.get_log() is not None:
            text = self.vm.get_log()
        if not text:
            return "(QEMU printed nothing)"
        return "\n".join(text.splitlines()[-lines:])

    def died(self, what):
        """QemuDied for a QEMU that is no longer running, with its output."""
        self._read_all()
        return QemuDied("QEMU %s while %s\n--- QEMU output (tail):\n%s\n--- console (tail):\n%s"
                        % (describe_exit(self.vm.exitcode()), what, self.stderr_tail(),
                           self.log[-2000:]))

    def alive(self, what):
        """Raise QemuDied unless QEMU is running."""
        if not self.vm.is_running():
            raise self.died(what)

    def wait_exit(self, timeout=60):
        """After the guest powered off: wait (bounded) for QEMU to end on its
        own and require exit status 0."""
        self.expect_exit = True
        deadline = time.monotonic() + timeout
        while self.vm.is_running() and time.monotonic() < deadline:
            self._read()
        if self.vm.is_running():
            raise Timeout("QEMU still running %d s after the guest powered off:\n%s"
                          % (timeout, self.log[-2000:]))
        code = self.vm.exitcode()
        self.exit_checked = True
        if code != 0:
            raise self.died("exiting after poweroff")
        return code

    def shutdown(self):
        """Stop QEMU: QMP quit, then require exit status 0.  A QEMU that had
        already died (and was not expected to exit) raises QemuDied."""
        if not getattr(self.vm, "_launched", False):
            return
        err = None
        if not self.vm.is_running():
            if not (self.expect_exit and self.vm.exitcode() == 0) and not self.exit_checked:
                err = self.died("the test ran")
            try:
                self.vm.shutdown(hard=True)
            except Exception:
                pass
        else:
            try:
                self.vm.shutdown(timeout=30)
            except Exception as e:   # AbnormalShutdown: quit did not end it
                err = QemuDied("QEMU did not end on QMP quit (%s); killed\n%s"
                               % (e, self.stderr_tail()))
            else:
                code = self.vm.exitcode()
                if code != 0:
                    err = QemuDied("QEMU ended with %s on QMP quit\n--- QEMU output (tail):\n%s"
                                   % (describe_exit(code), self.stderr_tail()))
        if err:
            raise err

    def __enter__(self):
        self.launch()
        return self

    def __exit__(self, etype, exc, tb):
        if etype is not None:
            # a verdict reached while QEMU was dead is not a verdict
            dead = None if isinstance(exc, QemuDied) or self.vm.is_running() \
                else self.died("the test failed")
            try:
                self.shutdown()
            except QemuDied:
                pass
            if dead:
                raise dead from exc
            return False
        self.shutdown()
        return False

    # -- console
    def _read(self):
        try:
            data = self.sock.recv(65536)
        except socket.timeout:
            return False
        except OSError:
            return False
        if not data:
            return False
        text = data.decode("utf-8", "replace").replace("\r", "")
        if VERBOSE:
            sys.stdout.write(text)
            sys.stdout.flush()
        self.log += text
        return True

    def wait_for(self, pattern, timeout=60, fail=None):
        """Wait until regex pattern appears after the last match; return the match."""
        deadline = time.monotonic() + timeout
        rx = re.compile(pattern)
        frx = re.compile(fail) if fail else None
        while True:
            m = rx.search(self.log, self._pos)
            if m:
                self._pos = m.end()
                return m
            if frx and frx.search(self.log, self._pos):
                raise TestFailure("console showed %r while waiting for %r" % (fail, pattern))
            if not self.vm.is_running():
                raise self.died("waiting for %r" % pattern)
            if time.monotonic() > deadline:
                raise Timeout("timeout (%ds) waiting for %r; console tail:\n%s"
                              % (timeout, pattern, self.log[-3000:]))
            self._read()

    def boot(self, timeout=180):
        """Launch (unless a `with` block did) and wait for the shell."""
        if not self.vm.is_running():
            self.launch()
        self.wait_for("GTA04-GUEST-READY", timeout)
        self.wait_for(PROMPT, 30)
        self.boot_time = time.monotonic() - self.t0
        if self.console_up:
            self.ok("echo 1 > /sys/power/pm_print_times; echo 1 > /sys/power/pm_debug_messages")
        return self

    def _read_all(self):
        """Drain what the console has already sent (QEMU may be gone)."""
        for _ in range(50):
            if not self._read():
                break

    def send(self, text):
        self.alive("typing %r" % text)
        if not self.type_echoed:
            self.sock.sendall(text.encode())
            return
        # one character at a time, each only once the guest has echoed the
        # one before (record/replay: see PipeConsole)
        for ch in text:
            n = len(self.log)
            self.sock.sendall(ch.encode())
            deadline = time.monotonic() + 10
            while ch not in self.log[n:]:
                if not self.vm.is_running():
                    raise self.died("typing %r" % text)
                if time.monotonic() > deadline:
                    raise Timeout("the guest did not echo %r of %r" % (ch, text))
                self._read()

    def run(self, cmd, timeout=60):
        """Run a shell command; return its output (stdout+stderr) and check nothing.

        The output is framed by two markers that the shell prints; the typed
        command line (which the terminal echoes, wrapped at 80 columns) shows
        them split by "" so it never matches."""
        self._seq = getattr(self, "_seq", 0) + 1
        start, end = "__GTA04S%d__" % self._seq, "__GTA04E%d__" % self._seq
        split = lambda tag: tag[:6] + '""' + tag[6:]
        self.send("echo %s; %s; echo %s$?\n" % (split(start), cmd, split(end)))
        m0 = self.wait_for(re.escape(start) + KLINES + "\n", timeout)
        m = self.wait_for(re.escape(end) + STATUS, timeout)
        body = self.log[m0.end():m.start()]
        self.last_status = int(m.group(1))
        self.wait_for(PROMPT, 10)
        return body

    def value(self, cmd, timeout=60):
        """ok() for a command that prints one value, stripped, without the
        kernel console lines printk spliced into it (e.g. the charger's
        "driver failed to report `current_now'" a plugged cable prints
        about 0.5 s after the plug, see tests/soak/test_soak.py ALLOWED)."""
        return re.sub(KLINE, "", self.ok(cmd, timeout)).strip()

    def ok(self, cmd, timeout=60):
        out = self.run(cmd, timeout)
        if self.last_status != 0:
            raise TestFailure("guest command failed (%d): %s\n%s" % (self.last_status, cmd, out))
        return out

    # -- guest time and suspend
    def xp(self, addr):
        """One 32-bit word of the physical address space, read by the monitor."""
        out = self.hmp("xp /1wx 0x%x" % addr)
        return int(out.split(":")[1].split()[0], 16)

    def guest_clock(self):
        """Seconds on the DM3730 32 kHz sync counter (REG_32KSYNCNT_CR): the
        guest's own time base, which runs through suspend."""
        return self.xp(SYNCTIMER_CR) / 32768.0

    def suspend(self, state, stimulus=None, stimulus_after=3.0, wake_within=30.0,
                bound=300):
        """Write `state` to /sys/power/state and observe what happens, by guest
        time.  `stimulus` (a function) is called once the console has been
        suspended and `stimulus_after` more seconds have passed on the guest's
        32 kHz counter.  The guest counts as woken when the write returns;
        as not woken when `wake_within` guest seconds pass after that point
        with QEMU alive and the write still pending.  `bound` (host seconds) only
        limits the waiting: reaching it is a Timeout, never a verdict.
        Returns a Sleep."""
        self._seq = getattr(self, "_seq", 0) + 1
        start, end = "__GTA04S%d__" % self._seq, "__GTA04E%d__" % self._seq
        split = lambda tag: tag[:6] + '""' + tag[6:]
        self.send("echo %s; echo %s > /sys/power/state; echo %s$?\n"
                  % (split(start), state, split(end)))
        self.wait_for(re.escape(start), 30)   # the kernel lines that follow are ours to read
        self.wait_for(r"PM: suspend entry", 60)
        # the last line before the devices suspend; with no_console_suspend
        # the kernel skips "Suspending console(s)" and prints on
        self.wait_for(r"Suspending console" if self.console_suspends
                      else r"Freezing remaining freezable tasks completed", bound)
        r = Sleep(state)
        r.entered = self.guest_clock()
        deadline = time.monotonic() + bound
        done = re.compile(re.escape(end) + STATUS)
        # With the console up the devices take seconds to suspend: the
        # stimulus and the wait then count from the end of the noirq phase
        # (WFI or the s2idle loop follow within milliseconds)
        asleep_line = re.compile(r"noirq suspend of devices complete") if self.console_up else None
        r.asleep = None if asleep_line else r.entered
        while True:
            self._read()
            m = done.search(self.log, self._pos)
            if m:
                r.woke, r.status = True, int(m.group(1))
                r.returned = self.guest_clock()
                self._pos = m.end()
                self.wait_for(PROMPT, 10)
                break
            now = self.guest_clock()
            if r.asleep is None:
                if asleep_line.search(self.log, self._pos):
                    r.asleep = now
                elif time.monotonic() > deadline:
                    raise Timeout("suspend to %s: no end of the noirq phase within %d s"
                                  % (state, bound))
                else:
                    continue
            quiet_until = r.asleep + stimulus_after if stimulus else r.asleep
            if stimulus and r.stimulated is None and now >= quiet_until:
                r.stimulated = now
                stimulus()
            if now >= quiet_until + wake_within:
                # Not woken: say so only from what the board shows
                self.alive("observing the suspended guest")
                r.woke = False
                r.qemu_status = self.qmp("query-status")["status"]
                r.itr0, r.mir0 = self.xp(INTC_ITR0), self.xp(INTC_MIR0)
                r.observed = now
                return r
            if time.monotonic() > deadline:
                raise Timeout("suspend to %s: neither woke nor passed %.0f guest seconds "
                              "within %d s (guest clock at %.1f)"
                              % (state, wake_within, bound, now - r.entered))
        r.wakeup_irq = self.value("cat /sys/power/pm_wakeup_irq 2>/dev/null || echo none")
        return r

    def pih_virq(self):
        """The Linux irq number of TWL4030 INT1 (the PIH's chained handler on INTC 7)."""
        return interrupts(self.ok("cat /proc/interrupts"))[PIH][1].split(":")[0].strip()

    # -- QMP
    def qmp(self, cmd, **args):
        self.alive("sending QMP %s" % cmd)
        try:
            # QEMUMachine.command() of QEMU 7.2's python/qemu is cmd() in 10.0
            run = getattr(self.vm, "cmd", None) or self.vm.command
            return run(cmd, **args)
        except Exception:
            self.alive("running QMP %s" % cmd)   # a dead QEMU says so first
            raise

    def qom_set(self, path, prop, value):
        return self.qmp("qom-set", path=path, property=prop, value=value)

    def qom_get(self, path, prop):
        return self.qmp("qom-get", path=path, property=prop)

    def save_to_file(self, path, bound=60):
        """Stop the VM and migrate it to path (restore with -incoming "exec:cat path")."""
        self.qmp("stop")
        self.qmp("migrate", uri="exec:cat > %s" % path)
        deadline = time.monotonic() + bound
        while self.qmp("query-migrate").get("status") != "completed":
            if time.monotonic() > deadline:
                raise TestFailure("migration to file did not complete")
            time.sleep(0.2)

    def hmp(self, line):
        return self.qmp("human-monitor-command", **{"command-line": line})

    # -- guest kernel data, for the benchmark's diagnostics
    def kernel_words(self, vaddr, n):
        """n 32-bit words at a kernel virtual address, read by the monitor."""
        out = self.hmp("x /%dwx 0x%x" % (n, vaddr))
        return [int(w, 16) for line in out.splitlines() for w in line.split(":")[1].split()]

    def kernel_variable(self, function):
        """Address of the kernel variable that `function` (a symbol of the
        cached kallsyms) reads first.  Debian's kernel has no
        CONFIG_KALLSYMS_ALL, so data symbols are found through the code that
        uses them: the ARM movw/movt pair that builds an address in a register
        and the first immediate-offset ldr through that register."""
        path = os.path.join(self.guest, "kallsyms")
        if not os.path.exists(path):
            raise TestFailure("no %s: run scripts/guest-kallsyms.py once" % path)
        with open(path) as f:
            addrs = [int(line.split()[0], 16) for line in f
                     if line.split()[2:3] == [function] and line.split()[1] in "tT"]
        if len(addrs) != 1:
            raise TestFailure("kallsyms: %d symbols named %s" % (len(addrs), function))
        regs, high = {}, set()
        for w in self.kernel_words(addrs[0], 16):
            rd, imm16 = (w >> 12) & 15, ((w >> 4) & 0xf000) | (w & 0xfff)
            if w & 0x0ff00000 == 0x03000000:                  # movw rd, #imm16
                regs[rd] = imm16
                high.discard(rd)
            elif w & 0x0ff00000 == 0x03400000 and rd in regs:  # movt rd, #imm16
                regs[rd] = (regs[rd] & 0xffff) | (imm16 << 16)
                high.add(rd)
            elif w & 0x0f700000 == 0x05100000 and (w >> 16) & 15 in high:
                # ldr rt, [rn, #+/-imm12]
                off = w & 0xfff
                return regs[(w >> 16) & 15] + (off if w & (1 << 23) else -off)
        raise TestFailure("%s: no movw/movt + ldr in its first 16 instructions" % function)

    def gdb_write_word(self, vaddr, value):
        """Write a 32-bit word of guest virtual memory through QEMU's gdbstub
        (the monitor can read memory but not write it); returns the old value.
        The VM stops while the stub is attached and runs again afterwards."""
        path = os.path.join(BUILD, "gdb-%d.sock" % os.getpid())
        if os.path.exists(path):
            os.unlink(path)
        self.hmp("gdbserver unix:%s,server=on,wait=off" % path)
        gdb = GdbRemote(path)
        try:
            old = gdb.read_word(vaddr)
            gdb.write_word(vaddr, value)
            if gdb.read_word(vaddr) != value:
                raise TestFailure("gdbstub: the write to 0x%x did not stick" % vaddr)
        finally:
            gdb.detach()
            self.hmp("gdbserver none")
            if self.qmp("query-status")["status"] != "running":
                self.qmp("cont")
        return old


class GdbRemote:
    """The few packets of the GDB remote serial protocol gdb_write_word needs."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(10)
        self.sock.connect(path)
        self.buf = b""

    def _recv(self):
        data = self.sock.recv(4096)
        if not data:
            raise TestFailure("gdbstub closed the connection")
        self.buf += data

    def command(self, payload):
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

    def read_word(self, vaddr):
        reply = self.command("m%x,4" % vaddr)
        if len(reply) != 8:
            raise TestFailure("gdbstub: read of 0x%x: %r" % (vaddr, reply))
        return int.from_bytes(bytes.fromhex(reply), "little")

    def write_word(self, vaddr, value):
        reply = self.command("M%x,4:%s" % (vaddr, value.to_bytes(4, "little").hex()))
        if reply != "OK":
            raise TestFailure("gdbstub: write of 0x%x: %r" % (vaddr, reply))

    def detach(self):
        try:
            self.command("D")
        finally:
            self.sock.close()


class PipeConsole:
    """The console as a QEMU `-chardev pipe` (FIFOs BASE.in, BASE.out), with
    the socket methods Guest uses.  For record/replay: QEMU 7.2 records each
    console write's result but not errno, and the 16550 core retries a write
    that failed with EAGAIN from a main-loop watch at a host-chosen moment, so
    a console that ever pushes back makes the recording unreplayable.  A
    socket does after ~200 one-byte writes nobody has read yet; this pipe
    takes 1 MiB.  Input is typed one echoed character at a time (Guest.send
    with type_echoed): record mode delivers console input at its next
    checkpoint without asking the UART for room, and characters that arrive
    together overrun the receiver."""

    def __init__(self, base):
        import fcntl
        self.rfd = os.open(base + ".out", os.O_RDONLY | os.O_NONBLOCK)
        fcntl.fcntl(self.rfd, 1031, 1 << 20)   # F_SETPIPE_SZ
        self.wfd = os.open(base + ".in", os.O_WRONLY)
        self.timeout = 0.2

    def settimeout(self, t):
        self.timeout = t

    def recv(self, n):
        import select
        r, _, _ = select.select([self.rfd], [], [], self.timeout)
        if not r:
            raise socket.timeout()
        return os.read(self.rfd, n)

    def sendall(self, data):
        os.write(self.wfd, data)


class Sleep:
    """What one Guest.suspend saw.  Times are guest seconds (32 kHz counter)."""

    def __init__(self, state):
        self.state = state
        self.woke = None          # True: the write returned; False: asleep when observed
        self.status = None        # exit status of the write
        self.wakeup_irq = None    # /sys/power/pm_wakeup_irq after the wake
        self.entered = None       # console suspended (console up: tasks frozen)
        self.asleep = None        # console up: the noirq phase ended (else = entered)
        self.stimulated = None    # stimulus applied
        self.returned = None      # write returned
        self.observed = None      # found still asleep (woke False)
        self.qemu_status = None   # QMP query-status when found asleep
        self.itr0 = self.mir0 = None  # INTC raw input and mask when found asleep

    def __str__(self):
        if self.woke:
            return "woke %.1f guest s after the console suspended, status %s, wakeup irq %s" % (
                self.returned - self.entered, self.status, self.wakeup_irq)
        return ("still asleep %.1f guest s after the console suspended (QEMU %s; INTC 7 %s, %s)"
                % (self.observed - self.entered, self.qemu_status,
                   "asserted" if self.itr0 & 0x80 else "idle",
                   "masked" if self.mir0 & 0x80 else "unmasked"))


def interrupts(text):
    """Parse /proc/interrupts: {name: (count, line)} keyed by action name."""
    res = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[0].endswith(":"):
            try:
                count = int(parts[1])
            except ValueError:
                continue
            res[parts[-1]] = (count, line)
    return res


def main(tests):
    """Run test functions; print one line per test; exit 1 if any failed."""
    failed = 0
    for t in tests:
        t0 = time.monotonic()
        try:
            t()
            print("ok   %-40s %6.1fs" % (t.__name__, time.monotonic() - t0))
        except Exception as e:  # report and go on with the next test
            failed += 1
            print("FAIL %-40s %6.1fs" % (t.__name__, time.monotonic() - t0))
            if isinstance(e, QemuDied):
                print("QEMU crashed, so there is no verdict: " + str(e))
            elif isinstance(e, TestFailure):
                print(str(e))
            else:
                traceback.print_exc()
        sys.stdout.flush()
    sys.exit(1 if failed else 0)
