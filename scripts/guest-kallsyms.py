#!/usr/bin/env python3
"""Symbols of the guest kernel, for finding where a booting kernel is stuck.

Debian's linux-image package ships a stub System.map (the real one is in the
-dbg package, which is huge).  ARM32 has no KASLR, so the built-in symbols
are the same on every machine: this boots the same vmlinuz on stock QEMU's
vexpress-a9 once and saves /proc/kallsyms into the guest cache.

    scripts/guest-kallsyms.py                 make the cache (once, ~20 s)
    scripts/guest-kallsyms.py c0337b58 ...    name the function of each address
    (e.g. the PC/LR that 'info registers' in the QEMU monitor shows)
"""
import bisect
import os
import sys

from gta04.guest import Guest
from gta04.kernels import guest_dir, stock_qemu


def make(path: str) -> None:
    """Boot the kernel on stock QEMU's vexpress-a9; save its /proc/kallsyms to path."""
    g = Guest(binary=stock_qemu(),
              machine="vexpress-a9", dtb="vexpress-v2p-ca9.dtb", console="ttyAMA0,115200")
    try:
        g.boot(300)
        g.ok("echo 0 > /proc/sys/kernel/kptr_restrict")
        out = g.ok("grep -v '\\[' /proc/kallsyms", timeout=600)
    finally:
        g.shutdown()
    with open(path + ".tmp", "w", encoding="utf-8") as fh:
        fh.write(out)
    os.rename(path + ".tmp", path)


def main() -> None:
    """Make the cache if needed; name each address given."""
    path = os.path.join(guest_dir(), "kallsyms")
    if not os.path.exists(path):
        make(path)
    syms = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            fields = line.split()
            if len(fields) >= 3 and fields[1] in "tTwW":
                syms.append((int(fields[0], 16), fields[2]))
    syms.sort()
    addrs = [start for start, _ in syms]
    for arg in sys.argv[1:]:
        addr = int(arg, 16)
        i = bisect.bisect_right(addrs, addr) - 1
        print("%s %s+0x%x" % (arg, syms[i][1], addr - syms[i][0]) if i >= 0 else "%s ?" % arg)
    if len(sys.argv) == 1:
        print(path)


if __name__ == "__main__":
    main()
