#!/usr/bin/env python3
"""Boot time benchmark: start to shell prompt, the same Debian kernel and
initramfs on our -M gta04 and on stock Debian qemu-system-arm -M vexpress-a9,
N runs each (default 5), in the same run.  Prints a table; no pass/fail.

    scripts/bench-boot.py [N]
"""
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "functional"))
from gta04lib import Guest, guest_dir, stock_qemu, QEMU  # noqa: E402


def boot_once(**kw):
    g = Guest(**kw)
    try:
        g.boot(timeout=300)
        t = g.boot_time
        g.ok("true")
        return t
    finally:
        g.shutdown()


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    guest = guest_dir()
    stock = stock_qemu()
    configs = [
        ("gta04 (ours)", dict(binary=QEMU, machine="gta04")),
        ("vexpress-a9 (stock Debian QEMU)", dict(binary=stock, machine="vexpress-a9",
                                                 dtb="vexpress-v2p-ca9.dtb",
                                                 console="ttyAMA0,115200")),
    ]
    print("boot to shell prompt, %d runs each (s)" % n)
    for name, kw in configs:
        times = [boot_once(guest=guest, **kw) for _ in range(n)]
        print("%-34s  " % name + " ".join("%5.1f" % t for t in times) +
              "   median %5.1f  min %5.1f" % (statistics.median(times), min(times)))


if __name__ == "__main__":
    main()
