#!/usr/bin/env python3
"""Record/replay of a failing wake (QEMU 7.2's icount record/replay).

The bug-1 row of `make bugs` (kernel bug1: the PIH line is not a wake-up
irq), no cable, s2idle, the RTC alarm: recorded once with the guest driven
over its console, then replayed three times with scripts/run.sh --replay:

  replay 1  plain, to the end of the recording
  replay 2  with -s -S and gdb-multiarch: an access watchpoint on the INTC's
            MIR_SET0 stops the guest right after genirq's mask of INTC 7
            (the only write to MIR_SET0 in this run), where the monitor must
            read INTC 7 asserted and masked; the icount there is noted
  replay 3  -S and the monitor's replay_break at that icount, no gdb: the
            same moment, the same registers

Every run must end on its own with exit status 0 and leave the same trace
event sequence (twl4030_* and omap3_intc_*, time stamps stripped; INTC
register reads are left out because the monitor's and gdb's reads of ITR0
and MIR0 take the same path at host-chosen moments) and the same console
output; the recording itself must show the guest asleep with INTC 7
asserted and masked.  The alarm is set by the guest (`echo +5 >
.../wakealarm`), so no host stimulus (qom-set is not recorded) is needed.
"""

import os
import re
import shutil
import socket
import subprocess
import tempfile
import time

from gta04.board import INTC_ITR0, INTC_MIR0
from gta04.errors import TestFailure
from gta04.guest import Guest
from gta04.kernels import guest_dir
from gta04.paths import BUILD, REPO
from gta04.testing import GTA04Test


SHIFT = 3
# The kernel's static mapping of the L4-Core (OMAP2_L4_IO_ADDRESS: +0xb2000000)
INTC_VIRT = 0xfa200000
MIR_SET0_VIRT = INTC_VIRT + 0x8c
TRACE = ["-trace", "twl4030_*", "-trace", "omap3_intc_*", "-trace", "-omap3_intc_read"]
RUN = os.path.join(REPO, "scripts", "run.sh")

GDB_SCRIPT = r'''
import gdb, os, time
gdb.execute("set pagination off")
gdb.execute("set architecture armv7")
gdb.execute("target remote :%(port)d")
gdb.Breakpoint("*(unsigned int *)0x%(mir_set0)x", gdb.BP_WATCHPOINT, gdb.WP_ACCESS)
gdb.execute("continue")
pc = int(gdb.parse_and_eval("$pc")) & 0xffffffff
words = gdb.execute("x/2wx 0x%(intc)x", to_string=True).split(":")[1].split()
print("STOPPED pc=0x%%08x ITR0=%%s MIR0=%%s" %% (pc, words[0], words[1]), flush=True)
while not os.path.exists("%(go)s"):
    time.sleep(0.1)
gdb.execute("delete")
gdb.execute("detach")
'''


def kernel_bug1():
    out = subprocess.run([os.path.join(REPO, "scripts", "make-kernel.sh"), "bug1",
                          os.path.join(REPO, "guest", "kernel-patches",
                                       "bug1-pih-not-a-wakeup-source.patch")],
                         check=True, stdout=subprocess.PIPE, text=True).stdout
    return os.path.join(out.strip().splitlines()[-1], "vmlinuz")


def events(path):
    """The trace's event lines without the PID@time prefix."""
    with open(path, errors="replace") as f:
        return [re.sub(r"^\d+@\d+\.\d+:", "", line) for line in f]


class Monitor:
    """HMP over run.sh's unix socket."""

    def __init__(self, path, bound=30):
        deadline = time.monotonic() + bound
        while True:
            try:
                self.s = socket.socket(socket.AF_UNIX)
                self.s.connect(path)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise TestFailure("no monitor at " + path)
                time.sleep(0.1)
        self.s.settimeout(5)
        self._until_prompt()

    def _until_prompt(self):
        buf = b""
        while not buf.endswith(b"(qemu) "):
            data = self.s.recv(65536)
            if not data:
                raise TestFailure("monitor closed")
            buf += data
        # the monitor echoes with terminal escapes; keep the last lines
        return re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", buf.decode(errors="replace"))

    def cmd(self, line):
        self.s.sendall((line + "\n").encode())
        out = self._until_prompt()
        return out.split("\n", 1)[1].rsplit("(qemu)", 1)[0].strip() if "\n" in out else ""

    def word(self, addr):
        return int(self.cmd("xp /1wx 0x%x" % addr).split(":")[1].split()[0], 16)

    def icount(self):
        m = re.search(r"instruction count = (\d+)", self.cmd("info replay"))
        return int(m.group(1))

    def status(self):
        return self.cmd("info status")


def record(d, kernel):
    """The bug-1 row under rr=record; returns what the record saw."""
    g = guest_dir()
    machine = ["-M", "gta04", "-m", "512", "-kernel", kernel,
               "-dtb", os.path.join(g, "omap3-gta04a5.dtb"),
               "-initrd", os.path.join(g, "initramfs.cpio.gz"),
               "-append", "console=ttyO2,115200n8 ",
               "-rtc", "base=2026-01-01T00:00:00,clock=vm", "-net", "none"]
    # what run.sh --record writes, so run.sh --replay starts the same machine
    with open(os.path.join(d, "qemu-args"), "w") as f:
        f.write("".join(a + "\0" for a in machine))
    with open(os.path.join(d, "icount"), "w") as f:
        f.write("shift=%d\n" % SHIFT)
    t0 = time.monotonic()
    # -S: the console pipe is open (and 1 MiB large) before the guest runs
    with Guest(kernel=kernel, console_pipe=os.path.join(d, "console"),
               extra_args=["-rtc", "base=2026-01-01T00:00:00,clock=vm", "-net", "none",
                           "-icount", "shift=%d,rr=record,rrfile=%s/replay.bin" % (SHIFT, d),
                           "-S", *TRACE, "-D", os.path.join(d, "trace-record.log")]) as vm:
        vm.qmp("cont")
        vm.boot(240)
        vm.ok("echo 0 > /sys/class/rtc/rtc0/wakealarm; echo +5 > /sys/class/rtc/rtc0/wakealarm")
        r = vm.suspend("freeze", wake_within=10)
        if r.woke:
            raise TestFailure("the bug-1 kernel woke in the recording: %s" % r)
        if not (r.qemu_status == "running" and r.itr0 & 0x80 and r.mir0 & 0x80):
            raise TestFailure("recording: asleep but INTC 7 not asserted+masked: %s" % r)
        icount = vm.qmp("query-replay")["icount"]
        console = vm.log
    elapsed = time.monotonic() - t0
    with open(os.path.join(d, "console-record.log"), "w", newline="") as f:
        f.write(console)
    print("record: %.1f s host, %d instructions (%.1f guest s), replay.bin %d bytes; %s"
          % (elapsed, icount, icount * (1 << SHIFT) / 1e9,
             os.path.getsize(os.path.join(d, "replay.bin")), r))
    return console


def replay(d, n, extra=(), bound=300):
    """scripts/run.sh --replay; returns the Popen (console to a file)."""
    env = dict(os.environ, GTA04_RR_SERIAL="file:%s/console-replay%d.log" % (d, n))
    sock = os.path.join(d, "monitor-replay.sock")
    if os.path.exists(sock):
        os.unlink(sock)
    log = open(os.path.join(d, "replay%d.out" % n), "w")
    return subprocess.Popen([RUN, "--replay", d, *TRACE,
                             "-D", os.path.join(d, "trace-replay%d.log" % n), *extra],
                            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                            env=env)


def finish(d, n, p, t0, bound=300):
    try:
        rc = p.wait(bound)
    except subprocess.TimeoutExpired:
        p.kill()
        raise TestFailure("replay %d did not end within %d s" % (n, bound))
    with open(os.path.join(d, "replay%d.out" % n)) as f:
        out = f.read()
    # QEMU's replay errors ("Missing character write event in the replay
    # log", "replay file is over") are messages, not always an exit status
    if rc != 0 or "qemu-system-arm:" in out:
        raise TestFailure("replay %d ended with %d:\n%s" % (n, rc, out[-2000:]))
    return time.monotonic() - t0


# QEMU 7.2 ends a replay where its log ends, and the log of a recording
# quit while the vCPU runs (the bug-1 guest spins in s2idle's poll loop) can
# end a few instructions before the recording did: seen here, the last
# MIR_CLEAR1 write of the tick handler (2 trace events) in about one run of
# two, with or without a QMP stop first.  The replay must be an exact prefix
# of the recording, short by at most this many events, and show the bug on
# its own.
MAX_UNREPLAYED_TAIL = 8


def check_same(d, n, ref_events, ref_console):
    ev = events(os.path.join(d, "trace-replay%d.log" % n))
    tail = len(ref_events) - len(ev)
    if 0 < tail <= MAX_UNREPLAYED_TAIL and ev == ref_events[:len(ev)] and asleep_in_trace(ev):
        print("replay %d: ends %d trace events before the recording (its last: %s)"
              % (n, tail, ref_events[-1].strip()))
        ref_events = ref_events[:len(ev)]
    if ev != ref_events:
        i = next((i for i, (a, b) in enumerate(zip(ev, ref_events)) if a != b),
                 min(len(ev), len(ref_events)))
        raise TestFailure("replay %d: trace differs from the recording at event %d of %d/%d:\n"
                          "  record: %s  replay: %s" % (n, i, len(ref_events), len(ev),
                                                        ref_events[i] if i < len(ref_events) else "(end)",
                                                        ev[i] if i < len(ev) else "(end)"))
    with open(os.path.join(d, "console-replay%d.log" % n), errors="replace", newline="") as f:
        console = f.read().replace("\r", "")
    if console != ref_console:
        raise TestFailure("replay %d: console output differs from the recording" % n)
    return len(ev)


def asleep_in_trace(ev):
    """After the console suspended: INT1 rose, MIR0 got bit 7, INT1 never fell."""
    int1 = [i for i, e in enumerate(ev) if e.startswith("twl4030_int1 INT1 1")]
    if not int1:
        return False
    last = int1[-1]
    masked = any(e.startswith("omap3_intc_mask MIR0 = ") and int(e.split()[-1], 16) & 0x80
                 for e in ev[last:])
    return masked and not any(e.startswith("twl4030_int1 INT1 0") for e in ev[last:])


class ReplayTest(GTA04Test):
    def test_record_replay_bug1(self) -> None:
        # installed by scripts/setup.sh (scripts/host-packages); never here
        subprocess.run([os.path.join(REPO, "scripts", "need-packages.sh"), "replay"], check=True)
        gdb = shutil.which("gdb-multiarch")
        kernel = kernel_bug1()
        os.makedirs(BUILD, exist_ok=True)
        d = tempfile.mkdtemp(prefix="replay-", dir=BUILD)
        try:
            console = record(d, kernel)
            ref = events(os.path.join(d, "trace-record.log"))
            if "Suspending console" not in console or "suspend exit" in console:
                raise TestFailure("recording: no suspend, or a resume, on the console")
            if not asleep_in_trace(ref):
                raise TestFailure("recording: the trace does not show INTC 7 masked with INT1 high")

            # 1: plain
            t0 = time.monotonic()
            took = finish(d, 1, replay(d, 1), t0)
            n = check_same(d, 1, ref, console)
            print("replay 1: %.1f s host, %d trace events identical to the recording" % (took, n))

            # 2: gdb at the mask of INTC 7
            port = 20000 + os.getpid() % 20000
            go = os.path.join(d, "gdb-go")
            script = os.path.join(d, "watch.py")
            with open(script, "w") as f:
                f.write(GDB_SCRIPT % dict(port=port, mir_set0=MIR_SET0_VIRT, intc=INTC_VIRT + 0x80,
                                          go=go))
            t0 = time.monotonic()
            p = replay(d, 2, ["-gdb", "tcp:127.0.0.1:%d" % port, "-S"])
            mon = Monitor(os.path.join(d, "monitor-replay.sock"))
            g = subprocess.Popen([gdb, "-batch", "-nx", "-x", script], stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True)
            line = ""
            deadline = time.monotonic() + 120
            while not line.startswith("STOPPED"):
                line = g.stdout.readline()
                if not line or time.monotonic() > deadline:
                    p.kill()
                    g.kill()
                    raise TestFailure("gdb did not stop at the MIR_SET0 write: %r" % line)
            itr0, mir0 = mon.word(INTC_ITR0), mon.word(INTC_MIR0)
            at = mon.icount()
            open(go, "w").close()
            g.wait(60)
            mon.s.close()
            took = finish(d, 2, p, t0)
            if not (itr0 & 0x80 and mir0 & 0x80):
                raise TestFailure("gdb stop (%s): INTC 7 not asserted+masked (ITR0 0x%08x MIR0 0x%08x)"
                                  % (line.strip(), itr0, mir0))
            n = check_same(d, 2, ref, console)
            print("replay 2: %.1f s host, gdb %s, icount %d: INTC 7 asserted and masked "
                  "(ITR0 0x%08x MIR0 0x%08x); %d trace events identical"
                  % (took, line.strip(), at, itr0, mir0, n))

            # 3: replay_break at that icount, no gdb
            t0 = time.monotonic()
            p = replay(d, 3, ["-S"])
            mon = Monitor(os.path.join(d, "monitor-replay.sock"))
            mon.cmd("replay_break %d" % at)
            mon.cmd("cont")
            deadline = time.monotonic() + 120
            while "paused" not in mon.status():
                if time.monotonic() > deadline or p.poll() is not None:
                    raise TestFailure("replay_break %d: the replay did not stop there" % at)
                time.sleep(0.1)
            stopped, itr0, mir0 = mon.icount(), mon.word(INTC_ITR0), mon.word(INTC_MIR0)
            mon.cmd("cont")
            mon.s.close()
            took = finish(d, 3, p, t0)
            if stopped != at or not (itr0 & 0x80 and mir0 & 0x80):
                raise TestFailure("replay_break: stopped at %d (wanted %d), ITR0 0x%08x MIR0 0x%08x"
                                  % (stopped, at, itr0, mir0))
            n = check_same(d, 3, ref, console)
            print("replay 3: %.1f s host, replay_break %d: INTC 7 asserted and masked; "
                  "%d trace events identical" % (took, at, n))
        except Exception:
            print("recording and logs kept in " + d)
            raise
        shutil.rmtree(d)


if __name__ == "__main__":
    GTA04Test.main()
