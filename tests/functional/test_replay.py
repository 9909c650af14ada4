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
from typing import List, Sequence

from gta04.board import INTC_ITR0, INTC_MIR0
from gta04.errors import TestFailure
from gta04.guest import RECORD_SHIFT, Guest
from gta04.kernels import make_kernel
from gta04.paths import BUILD, REPO
from gta04.testing import GTA04Test


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


def kernel_bug1() -> str:
    """The bug-1 kernel of the bug table (our config + bug1), its vmlinuz."""
    return os.path.join(make_kernel("bug1", os.path.join(REPO, "guest", "kernel-patches",
                                                         "bug1-pih-not-a-wakeup-source.patch")),
                        "vmlinuz")


def events(path: str) -> List[str]:
    """The trace's event lines without the PID@time prefix."""
    with open(path, encoding="utf-8", errors="replace") as fh:
        return [re.sub(r"^\d+@\d+\.\d+:", "", line) for line in fh]


class Monitor:
    """HMP over run.sh's unix socket."""

    def __init__(self, path: str, bound: float = 30):
        deadline = time.monotonic() + bound
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(path)
                break
            except OSError as ex:
                if time.monotonic() > deadline:
                    raise TestFailure("no monitor at " + path) from ex
                time.sleep(0.1)
        self.sock.settimeout(5)
        self._until_prompt()

    def _until_prompt(self) -> str:
        buf = b""
        while not buf.endswith(b"(qemu) "):
            data = self.sock.recv(65536)
            if not data:
                raise TestFailure("monitor closed")
            buf += data
        # the monitor echoes with terminal escapes; keep the last lines
        return re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", buf.decode(errors="replace"))

    def cmd(self, line: str) -> str:
        """Run an HMP command line; what it printed."""
        self.sock.sendall((line + "\n").encode())
        out = self._until_prompt()
        return out.split("\n", 1)[1].rsplit("(qemu)", 1)[0].strip() if "\n" in out else ""

    def word(self, addr: int) -> int:
        """A 32-bit word of physical memory."""
        return int(self.cmd("xp /1wx 0x%x" % addr).split(":")[1].split()[0], 16)

    def icount(self) -> int:
        """The replay's instruction count."""
        m = re.search(r"instruction count = (\d+)", self.cmd("info replay"))
        if not m:
            raise TestFailure("info replay shows no instruction count")
        return int(m.group(1))

    def status(self) -> str:
        """info status."""
        return self.cmd("info status")


def record(rec_dir: str, kernel: str) -> str:
    """The bug-1 row under rr=record (Guest's record: qemu-args and icount
    for run.sh --replay too); returns what the record saw."""
    t0 = time.monotonic()
    with Guest(kernel=kernel, record=rec_dir,
               extra_args=[*TRACE, "-D", os.path.join(rec_dir, "trace-record.log")]) as vm:
        vm.boot(240)
        vm.ok("echo 0 > /sys/class/rtc/rtc0/wakealarm; echo +5 > /sys/class/rtc/rtc0/wakealarm")
        sleep = vm.suspend("freeze", wake_within=10)
        if sleep.woke:
            raise TestFailure("the bug-1 kernel woke in the recording: %s" % sleep)
        if not (sleep.qemu_status == "running" and (sleep.itr0 or 0) & 0x80 and (sleep.mir0 or 0) & 0x80):
            raise TestFailure("recording: asleep but INTC 7 not asserted+masked: %s" % sleep)
        icount = vm.qmp("query-replay")["icount"]
        console = vm.log
    elapsed = time.monotonic() - t0
    with open(os.path.join(rec_dir, "console-record.log"), "w", encoding="utf-8", newline="") as fh:
        fh.write(console)
    print("record: %.1f s host, %d instructions (%.1f guest s), replay.bin %d bytes; %s"
          % (elapsed, icount, icount * (1 << RECORD_SHIFT) / 1e9,
             os.path.getsize(os.path.join(rec_dir, "replay.bin")), sleep))
    return console


def replay(rec_dir: str, n: int, extra: Sequence[str] = ()) -> "subprocess.Popen[bytes]":
    """scripts/run.sh --replay; returns the Popen (console to a file)."""
    env = dict(os.environ, GTA04_RR_SERIAL="file:%s/console-replay%d.log" % (rec_dir, n))
    sock = os.path.join(rec_dir, "monitor-replay.sock")
    if os.path.exists(sock):
        os.unlink(sock)
    # the replay's own output file, open while it runs (closed with this process)
    log = open(os.path.join(rec_dir, "replay%d.out" % n), "w", encoding="utf-8")
    return subprocess.Popen([RUN, "--replay", rec_dir, *TRACE,
                             "-D", os.path.join(rec_dir, "trace-replay%d.log" % n), *extra],
                            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                            env=env)


def finish(rec_dir: str, n: int, proc: "subprocess.Popen[bytes]", t0: float, bound: float = 300) -> float:
    """Wait for replay n to end, cleanly; return its host seconds since t0."""
    try:
        rc = proc.wait(bound)
    except subprocess.TimeoutExpired as ex:
        proc.kill()
        raise TestFailure("replay %d did not end within %d s" % (n, bound)) from ex
    with open(os.path.join(rec_dir, "replay%d.out" % n), encoding="utf-8", errors="replace") as fh:
        out = fh.read()
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


def check_same(rec_dir: str, n: int, ref_events: List[str], ref_console: str) -> int:
    """Replay n's trace and console are the recording's; returns its events."""
    trace_events = events(os.path.join(rec_dir, "trace-replay%d.log" % n))
    tail = len(ref_events) - len(trace_events)
    if 0 < tail <= MAX_UNREPLAYED_TAIL and trace_events == ref_events[:len(trace_events)] \
            and asleep_in_trace(trace_events):
        print("replay %d: ends %d trace events before the recording (its last: %s)"
              % (n, tail, ref_events[-1].strip()))
        ref_events = ref_events[:len(trace_events)]
    if trace_events != ref_events:
        i = next((i for i, (a, b) in enumerate(zip(trace_events, ref_events)) if a != b),
                 min(len(trace_events), len(ref_events)))
        raise TestFailure("replay %d: trace differs from the recording at event %d of %d/%d:\n"
                          "  record: %s  replay: %s"
                          % (n, i, len(ref_events), len(trace_events),
                             ref_events[i] if i < len(ref_events) else "(end)",
                             trace_events[i] if i < len(trace_events) else "(end)"))
    with open(os.path.join(rec_dir, "console-replay%d.log" % n), encoding="utf-8", errors="replace",
              newline="") as fh:
        console = fh.read().replace("\r", "")
    if console != ref_console:
        raise TestFailure("replay %d: console output differs from the recording" % n)
    return len(trace_events)


def asleep_in_trace(trace_events: List[str]) -> bool:
    """After the console suspended: INT1 rose, MIR0 got bit 7, INT1 never fell."""
    int1 = [i for i, e in enumerate(trace_events) if e.startswith("twl4030_int1 INT1 1")]
    if not int1:
        return False
    last = int1[-1]
    masked = any(e.startswith("omap3_intc_mask MIR0 = ") and int(e.split()[-1], 16) & 0x80
                 for e in trace_events[last:])
    return masked and not any(e.startswith("twl4030_int1 INT1 0") for e in trace_events[last:])


class ReplayTest(GTA04Test):
    # one recording and its three replays, in the order they build on each other
    def test_record_replay_bug1(self) -> None:  # pylint: disable=too-many-locals,too-many-statements
        # installed by scripts/setup.sh (scripts/host-packages); never here
        subprocess.run([os.path.join(REPO, "scripts", "need-packages.sh"), "replay"], check=True)
        gdb = shutil.which("gdb-multiarch")
        kernel = kernel_bug1()
        os.makedirs(BUILD, exist_ok=True)
        rec_dir = tempfile.mkdtemp(prefix="replay-", dir=BUILD)
        try:
            console = record(rec_dir, kernel)
            ref = events(os.path.join(rec_dir, "trace-record.log"))
            if "Suspending console" not in console or "suspend exit" in console:
                raise TestFailure("recording: no suspend, or a resume, on the console")
            if not asleep_in_trace(ref):
                raise TestFailure("recording: the trace does not show INTC 7 masked with INT1 high")

            # 1: plain
            t0 = time.monotonic()
            took = finish(rec_dir, 1, replay(rec_dir, 1), t0)
            n = check_same(rec_dir, 1, ref, console)
            print("replay 1: %.1f s host, %d trace events identical to the recording" % (took, n))

            # 2: gdb at the mask of INTC 7
            port = 20000 + os.getpid() % 20000
            go_file = os.path.join(rec_dir, "gdb-go")
            script = os.path.join(rec_dir, "watch.py")
            with open(script, "w", encoding="utf-8") as fh:
                fh.write(GDB_SCRIPT % {"port": port, "mir_set0": MIR_SET0_VIRT, "intc": INTC_VIRT + 0x80,
                                       "go": go_file})
            t0 = time.monotonic()
            proc = replay(rec_dir, 2, ["-gdb", "tcp:127.0.0.1:%d" % port, "-S"])
            mon = Monitor(os.path.join(rec_dir, "monitor-replay.sock"))
            assert gdb is not None      # need-packages.sh installed it
            gdb_proc = subprocess.Popen([gdb, "-batch", "-nx", "-x", script], stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True)
            assert gdb_proc.stdout is not None
            line = ""
            deadline = time.monotonic() + 120
            while not line.startswith("STOPPED"):
                line = gdb_proc.stdout.readline()
                if not line or time.monotonic() > deadline:
                    proc.kill()
                    gdb_proc.kill()
                    raise TestFailure("gdb did not stop at the MIR_SET0 write: %r" % line)
            itr0, mir0 = mon.word(INTC_ITR0), mon.word(INTC_MIR0)
            stop_icount = mon.icount()
            with open(go_file, "w", encoding="ascii"):
                pass
            gdb_proc.wait(60)
            mon.sock.close()
            took = finish(rec_dir, 2, proc, t0)
            if not (itr0 & 0x80 and mir0 & 0x80):
                raise TestFailure("gdb stop (%s): INTC 7 not asserted+masked (ITR0 0x%08x MIR0 0x%08x)"
                                  % (line.strip(), itr0, mir0))
            n = check_same(rec_dir, 2, ref, console)
            print("replay 2: %.1f s host, gdb %s, icount %d: INTC 7 asserted and masked "
                  "(ITR0 0x%08x MIR0 0x%08x); %d trace events identical"
                  % (took, line.strip(), stop_icount, itr0, mir0, n))

            # 3: replay_break at that icount, no gdb
            t0 = time.monotonic()
            proc = replay(rec_dir, 3, ["-S"])
            mon = Monitor(os.path.join(rec_dir, "monitor-replay.sock"))
            mon.cmd("replay_break %d" % stop_icount)
            mon.cmd("cont")
            deadline = time.monotonic() + 120
            while "paused" not in mon.status():
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise TestFailure("replay_break %d: the replay did not stop there" % stop_icount)
                time.sleep(0.1)
            stopped, itr0, mir0 = mon.icount(), mon.word(INTC_ITR0), mon.word(INTC_MIR0)
            mon.cmd("cont")
            mon.sock.close()
            took = finish(rec_dir, 3, proc, t0)
            if stopped != stop_icount or not (itr0 & 0x80 and mir0 & 0x80):
                raise TestFailure("replay_break: stopped at %d (wanted %d), ITR0 0x%08x MIR0 0x%08x"
                                  % (stopped, stop_icount, itr0, mir0))
            n = check_same(rec_dir, 3, ref, console)
            print("replay 3: %.1f s host, replay_break %d: INTC 7 asserted and masked; "
                  "%d trace events identical" % (took, stop_icount, n))
        except Exception:
            print("recording and logs kept in " + rec_dir)
            raise
        shutil.rmtree(rec_dir)


if __name__ == "__main__":
    GTA04Test.main()
