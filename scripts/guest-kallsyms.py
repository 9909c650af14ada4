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


def make(path):
    g = Guest(binary=stock_qemu(),
              machine="vexpress-a9", dtb="vexpress-v2p-ca9.dtb", console="ttyAMA0,115200")
    try:
        g.boot(300)
        g.ok("echo 0 > /proc/sys/kernel/kptr_restrict")
        out = g.ok("grep -v '\\[' /proc/kallsyms", timeout=600)
    finally:
        g.shutdown()
    with open(path + ".tmp", "w") as f:
        f.write(out)
    os.rename(path + ".tmp", path)


def main():
    path = os.path.join(guest_dir(), "kallsyms")
    if not os.path.exists(path):
        make(path)
    syms = []
    for line in open(path):
        p = line.split()
        if len(p) >= 3 and p[1] in "tTwW":
            syms.append((int(p[0], 16), p[2]))
    syms.sort()
    addrs = [a for a, _ in syms]
    for a in sys.argv[1:]:
        v = int(a, 16)
        i = bisect.bisect_right(addrs, v) - 1
        print("%s %s+0x%x" % (a, syms[i][1], v - syms[i][0]) if i >= 0 else "%s ?" % a)
    if len(sys.argv) == 1:
        print(path)


if __name__ == "__main__":
    main()
