#!/usr/bin/env python3
"""Copy kernel modules and their dependencies into an initramfs tree.

usage: guest-modules.py SRC_MODULE_DIR DST_MODULE_DIR MODULE...

Dependencies come from each module's .modinfo "depends=" field (so no host
depmod/kmod is needed).  Writes DST/modules.dep (the format busybox modprobe
reads) and prints the load order (dependencies first), one path per line,
relative to DST.
"""
import os
import re
import shutil
import sys


def main():
    src, dst, wanted = sys.argv[1], sys.argv[2], sys.argv[3:]
    index = {}
    for dirpath, _, files in os.walk(os.path.join(src, "kernel")):
        for f in files:
            if f.endswith(".ko"):
                name = f[:-3].replace("-", "_")
                index[name] = os.path.relpath(os.path.join(dirpath, f), src)

    def depends(rel):
        data = open(os.path.join(src, rel), "rb").read()
        m = re.search(rb"\x00depends=([^\x00]*)\x00", data)
        if not m or not m.group(1):
            return []
        return [d.decode().replace("-", "_") for d in m.group(1).split(b",")]

    order, seen, deps = [], set(), {}

    def visit(name, chain):
        name = name.replace("-", "_")
        if name in seen:
            return
        if name not in index:
            sys.exit("guest-modules: no module %s (needed by %s)" % (name, " <- ".join(chain) or "list"))
        seen.add(name)
        deps[name] = depends(index[name])
        for d in deps[name]:
            visit(d, chain + [name])
        order.append(name)

    for w in wanted:
        visit(w, [])

    for name in order:
        out = os.path.join(dst, index[name])
        os.makedirs(os.path.dirname(out), exist_ok=True)
        shutil.copy2(os.path.join(src, index[name]), out)

    def closure(name, acc):
        for d in deps[name]:
            if index[d] not in acc:
                acc.append(index[d])
                closure(d, acc)
        return acc

    with open(os.path.join(dst, "modules.dep"), "w") as f:
        for name in order:
            f.write("%s: %s\n" % (index[name], " ".join(closure(name, []))))
    for extra in ("modules.builtin", "modules.order"):
        if os.path.exists(os.path.join(src, extra)):
            shutil.copy2(os.path.join(src, extra), os.path.join(dst, extra))
    for name in order:
        print(index[name])


if __name__ == "__main__":
    main()
