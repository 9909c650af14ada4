"""
What a host process (QEMU) costs: CPU time of all its threads, its RSS.
"""

import glob
import re
import time


def cpu_seconds(pid: int) -> float:
    """Host CPU time of every thread of pid so far (ns resolution)."""
    total = 0
    for path in glob.glob("/proc/%d/task/*/schedstat" % pid):
        try:
            with open(path, encoding="ascii") as fh:
                total += int(fh.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass   # a thread that ended meanwhile
    return total / 1e9


def cpu_percent(pid: int, seconds: float) -> float:
    """The CPU pid uses over the next `seconds`, in percent of one CPU."""
    cpu0, t0 = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    return 100.0 * (cpu_seconds(pid) - cpu0) / (time.monotonic() - t0)


def rss_mib(pid: int) -> float:
    """pid's resident set (VmRSS), MiB."""
    with open("/proc/%d/status" % pid, encoding="ascii") as fh:
        m = re.search(r"VmRSS:\s+(\d+) kB", fh.read())
    if not m:
        raise RuntimeError("no VmRSS for pid %d" % pid)
    return int(m.group(1)) / 1024.0
