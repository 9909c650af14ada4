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
import time
import traceback

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("GTA04_BUILD", os.path.join(REPO, ".build"))
QEMU = os.path.join(BUILD, "obj", "qemu-system-arm")
sys.path.insert(0, os.path.join(BUILD, "qemu-7.2", "python"))

from qemu.machine import QEMUMachine  # noqa: E402

PROMPT = "gta04:"
VERBOSE = os.environ.get("GTA04_TEST_VERBOSE") == "1"


def guest_dir(kernel=None):
    """Directory with vmlinuz, omap3-gta04a5.dtb, initramfs.cpio.gz."""
    out = subprocess.run([os.path.join(REPO, "scripts", "make-guest.sh")],
                         check=True, stdout=subprocess.PIPE, text=True).stdout
    return out.strip().splitlines()[-1]


def stock_qemu():
    """Debian's own qemu-system-arm (the benchmark's reference; it also runs
    the kernel on -M vexpress-a9 for kallsyms), installed if missing."""
    subprocess.run([os.path.join(REPO, "scripts", "need-packages.sh"),
                    "stock QEMU (-M vexpress-a9 reference)", "qemu-system-arm"], check=True)
    return "/usr/bin/qemu-system-arm"


class TestFailure(Exception):
    pass


class Guest:
    """One GTA04 VM running the Debian guest."""

    def __init__(self, extra_args=(), append="", guest=None, name="gta04",
                 binary=QEMU, machine="gta04", dtb="omap3-gta04a5.dtb",
                 console="ttyO2,115200n8", kernel=None):
        self.guest = guest or guest_dir()
        self.vm = QEMUMachine(binary, name=name)
        self.vm.set_machine(machine)
        self.vm.set_console()
        self.vm.add_args(
            "-m", "512",
            "-kernel", kernel or os.path.join(self.guest, "vmlinuz"),
            "-dtb", os.path.join(self.guest, dtb),
            "-initrd", os.path.join(self.guest, "initramfs.cpio.gz"),
            "-append", ("console=%s " % console) + append,
            *extra_args)
        self.log = ""          # everything the console printed
        self._pos = 0          # how far wait_for has consumed self.log
        self.boot_time = None

    # -- lifecycle
    def launch(self):
        self.t0 = time.monotonic()
        self.vm.launch()
        self.sock = self.vm.console_socket
        self.sock.settimeout(0.2)

    def shutdown(self):
        try:
            self.vm.shutdown(hard=True)
        except Exception:
            pass

    def __enter__(self):
        self.launch()
        return self

    def __exit__(self, *exc):
        self.shutdown()

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
            if time.monotonic() > deadline:
                raise TestFailure("timeout (%ds) waiting for %r; console tail:\n%s"
                                  % (timeout, pattern, self.log[-3000:]))
            if not self.vm.is_running():
                self._read()
                raise TestFailure("QEMU exited (%s) waiting for %r; console tail:\n%s"
                                  % (self.vm.exitcode(), pattern, self.log[-3000:]))
            self._read()

    def boot(self, timeout=180):
        """Launch (unless a `with` block did) and wait for the shell."""
        if not self.vm.is_running():
            self.launch()
        self.wait_for("GTA04-GUEST-READY", timeout)
        self.wait_for(PROMPT, 30)
        self.boot_time = time.monotonic() - self.t0
        return self

    def send(self, text):
        self.sock.sendall(text.encode())

    def run(self, cmd, timeout=60):
        """Run a shell command; return its output (stdout+stderr) and check nothing.

        The output is framed by two markers that the shell prints; the typed
        command line (which the terminal echoes, wrapped at 80 columns) shows
        them split by "" so it never matches."""
        self._seq = getattr(self, "_seq", 0) + 1
        start, end = "__GTA04S%d__" % self._seq, "__GTA04E%d__" % self._seq
        split = lambda tag: tag[:6] + '""' + tag[6:]
        self.send("echo %s; %s; echo %s$?\n" % (split(start), cmd, split(end)))
        m0 = self.wait_for(re.escape(start) + "\n", timeout)
        m = self.wait_for(re.escape(end) + r"(\d+)\n", timeout)
        body = self.log[m0.end():m.start()]
        self.last_status = int(m.group(1))
        self.wait_for(PROMPT, 10)
        return body

    def ok(self, cmd, timeout=60):
        out = self.run(cmd, timeout)
        if self.last_status != 0:
            raise TestFailure("guest command failed (%d): %s\n%s" % (self.last_status, cmd, out))
        return out

    # -- QMP
    def qmp(self, cmd, **args):
        return self.vm.command(cmd, **args)

    def qom_set(self, path, prop, value):
        return self.qmp("qom-set", path=path, property=prop, value=value)

    def qom_get(self, path, prop):
        return self.qmp("qom-get", path=path, property=prop)

    def hmp(self, line):
        return self.qmp("human-monitor-command", **{"command-line": line})


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
            if isinstance(e, TestFailure):
                print(str(e))
            else:
                traceback.print_exc()
        sys.stdout.flush()
    sys.exit(1 if failed else 0)
