#!/usr/bin/env python3
"""Copy kernel modules and their dependencies into an initramfs tree.

usage: guest-modules.py SRC_MODULE_DIR DST_MODULE_DIR MODULE...

Dependencies come from each module's .modinfo "depends=" field (so no host
depmod/kmod is needed).  A module compressed with xz (.ko.xz, Debian's since
6.x) is copied decompressed: busybox's insmod passes the file to
init_module(), which takes only an uncompressed image.  Writes DST/modules.dep (the format busybox modprobe
reads) and prints the load order (dependencies first), one path per line,
relative to DST.
"""
import lzma
import os
import re
import shutil
import sys


def main():
    src, dst, wanted = sys.argv[1], sys.argv[2], sys.argv[3:]
    index = {}
    for dirpath, _, files in os.walk(os.path.join(src, "kernel")):
        for f in files:
            for ext in (".ko", ".ko.xz"):
                if f.endswith(ext):
                    name = f[:-len(ext)].replace("-", "_")
                    index[name] = os.path.relpath(os.path.join(dirpath, f), src)

    def image(rel):
        """The module's ELF image (decompressed)."""
        with open(os.path.join(src, rel), "rb") as f:
            data = f.read()
        return lzma.decompress(data) if rel.endswith(".xz") else data

    def dest(rel):
        return rel[:-3] if rel.endswith(".xz") else rel

    def depends(rel):
        data = image(rel)
        m = re.search(rb"\x00depends=([^\x00]*)\x00", data)
        if not m or not m.group(1):
            return []
        return [d.decode().replace("-", "_") for d in m.group(1).split(b",")]

    builtin = set()
    if os.path.exists(os.path.join(src, "modules.builtin")):
        with open(os.path.join(src, "modules.builtin")) as f:
            builtin = {os.path.basename(l.strip())[:-3].replace("-", "_") for l in f if l.strip()}
    order, seen, deps = [], set(), {}

    def visit(name, chain):
        name = name.replace("-", "_")
        if name in seen:
            return
        if name not in index and name in builtin:
            return   # built into this kernel: nothing to load
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
        out = os.path.join(dst, dest(index[name]))
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "wb") as f:
            f.write(image(index[name]))

    def closure(name, acc):
        for d in deps[name]:
            if d not in deps:
                continue   # built in
            if dest(index[d]) not in acc:
                acc.append(dest(index[d]))
                closure(d, acc)
        return acc

    with open(os.path.join(dst, "modules.dep"), "w") as f:
        for name in order:
            f.write("%s: %s\n" % (dest(index[name]), " ".join(closure(name, []))))
    for extra in ("modules.builtin", "modules.order"):
        if os.path.exists(os.path.join(src, extra)):
            shutil.copy2(os.path.join(src, extra), os.path.join(dst, extra))
    for name in order:
        print(dest(index[name]))


if __name__ == "__main__":
    main()
