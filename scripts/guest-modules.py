#!/usr/bin/env python3
"""Copy kernel modules and their dependencies into an initramfs tree.

usage: guest-modules.py SRC_MODULE_DIR DST_MODULE_DIR MODULE...
       guest-modules.py --release SRC_MODULE_DIR
           (the kernel release the modules are for: their vermagic)

Dependencies come from each module's .modinfo "depends=" field (so no host
depmod/kmod is needed).  A module compressed with xz (.ko.xz, Debian's since
6.x) is copied decompressed: busybox's insmod passes the file to
init_module(), which takes only an uncompressed image.  Writes DST/modules.dep
(the format busybox modprobe reads) and prints the load order (dependencies first), one path per line,
relative to DST.
"""
import lzma
import os
import re
import shutil
import sys
from typing import Dict, List, Set


def dest(rel: str) -> str:
    """Where a module goes in DST: decompressed."""
    return rel[:-3] if rel.endswith(".xz") else rel


class ModuleTree:
    """The modules of SRC_MODULE_DIR: by name, their images and dependencies."""

    def __init__(self, src: str):
        self.src = src
        self.index: Dict[str, str] = {}      # name -> path relative to src
        for dirpath, _, files in os.walk(os.path.join(src, "kernel")):
            for file in files:
                for ext in (".ko", ".ko.xz"):
                    if file.endswith(ext):
                        name = file[:-len(ext)].replace("-", "_")
                        self.index[name] = os.path.relpath(os.path.join(dirpath, file), src)
        self.builtin: Set[str] = set()
        if os.path.exists(os.path.join(src, "modules.builtin")):
            with open(os.path.join(src, "modules.builtin"), encoding="utf-8") as fh:
                self.builtin = {os.path.basename(line.strip())[:-3].replace("-", "_")
                                for line in fh if line.strip()}
        self.order: List[str] = []           # load order, dependencies first
        self.deps: Dict[str, List[str]] = {}

    def image(self, rel: str) -> bytes:
        """The module's ELF image (decompressed)."""
        with open(os.path.join(self.src, rel), "rb") as fh:
            data = fh.read()
        return lzma.decompress(data) if rel.endswith(".xz") else data

    def depends(self, rel: str) -> List[str]:
        """The names in the module's .modinfo depends= field."""
        m = re.search(rb"\x00depends=([^\x00]*)\x00", self.image(rel))
        if not m or not m.group(1):
            return []
        return [dep.decode().replace("-", "_") for dep in m.group(1).split(b",")]

    def visit(self, name: str, chain: List[str]) -> None:
        """Add `name` and what it needs to the load order."""
        name = name.replace("-", "_")
        if name in self.deps:
            return
        if name not in self.index and name in self.builtin:
            return   # built into this kernel: nothing to load
        if name not in self.index:
            sys.exit("guest-modules: no module %s (needed by %s)" % (name, " <- ".join(chain) or "list"))
        self.deps[name] = self.depends(self.index[name])
        for dep in self.deps[name]:
            self.visit(dep, chain + [name])
        self.order.append(name)

    def closure(self, name: str, acc: List[str]) -> List[str]:
        """Every module `name` needs, for modules.dep."""
        for dep in self.deps[name]:
            if dep not in self.deps:
                continue   # built in
            if dest(self.index[dep]) not in acc:
                acc.append(dest(self.index[dep]))
                self.closure(dep, acc)
        return acc


    def release(self) -> str:
        """The kernel release of the tree: the first word of a module's vermagic."""
        for rel in self.index.values():
            m = re.search(rb"\x00vermagic=([^ \x00]+)", self.image(rel))
            if m:
                return m.group(1).decode()
        raise SystemExit("guest-modules.py: no module with a vermagic in %s" % self.src)


def main() -> None:
    """Copy the modules named and their dependencies; print the load order."""
    if sys.argv[1:2] == ["--release"]:
        print(ModuleTree(sys.argv[2]).release())
        return
    src, dst, wanted = sys.argv[1], sys.argv[2], sys.argv[3:]
    tree = ModuleTree(src)
    for name in wanted:
        tree.visit(name, [])
    for name in tree.order:
        out = os.path.join(dst, dest(tree.index[name]))
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "wb") as fh:
            fh.write(tree.image(tree.index[name]))
    with open(os.path.join(dst, "modules.dep"), "w", encoding="utf-8") as fh:
        for name in tree.order:
            fh.write("%s: %s\n" % (dest(tree.index[name]), " ".join(tree.closure(name, []))))
    for extra in ("modules.builtin", "modules.order"):
        if os.path.exists(os.path.join(src, extra)):
            shutil.copy2(os.path.join(src, extra), os.path.join(dst, extra))
    for name in tree.order:
        print(dest(tree.index[name]))


if __name__ == "__main__":
    main()
