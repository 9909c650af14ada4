"""
The guest images and kernels: Debian's (scripts/make-guest.sh), ours
(scripts/make-kernel.sh), and Debian's stock QEMU for reference.
"""

import os
import subprocess
from typing import List, Optional, Sequence

from .paths import REPO, script


# Linux 7.x needs this to resume at all (docs/gta04.md "Kernels" item 3)
OMAP_DEVICE_FIX_72 = os.path.join(REPO, "guest", "kernel-patches", "7.2",
                                  "omap-device-force-suspended.patch")


def last_line(cmd: Sequence[str]) -> str:
    """Run a script that prints a path as its last line; return the line."""
    out = subprocess.run(list(cmd), check=True, stdout=subprocess.PIPE, text=True).stdout
    return out.strip().splitlines()[-1]


def guest_dir(kernel: Optional[str] = None) -> str:
    """
    Directory with vmlinuz, omap3-gta04a5.dtb, initramfs.cpio.gz and
    cmdline, for Debian's kernel `kernel` (a name of guest/debian-kernels;
    default 6.1).
    """
    return last_line([script("make-guest.sh")] + ([kernel] if kernel else []))


def make_kernel(*args: str) -> str:
    """scripts/make-kernel.sh ARGS...: the directory of the kernel it built (cached)."""
    return last_line([script("make-kernel.sh"), *args])


def kernel_72_source() -> str:
    """
    Our config on linux-source-7.2 with the omap_device fix (the bug
    table's 7.2-base: built by make check's set-up, cached); its vmlinuz.
    """
    return os.path.join(make_kernel("--source", "7.2", "7.2-base", OMAP_DEVICE_FIX_72), "vmlinuz")


def guest_omap2plus_72() -> str:
    """
    linux-source-7.2's omap2plus_defconfig with the omap_device fix, its
    modules in the guest's initramfs (make check-kernels: a long build).
    """
    kdir = make_kernel("--config", "omap2plus", "--source", "7.2", "omap2plus-7.2",
                       OMAP_DEVICE_FIX_72)
    return last_line([script("make-guest.sh"), "--kernel", kdir])


def stock_qemu() -> str:
    """
    Debian's own qemu-system-arm (the benchmark's reference; it also runs
    the kernel on -M vexpress-a9 for kallsyms), from scripts/host-packages.
    """
    subprocess.run([script("need-packages.sh"), "stock-qemu"], check=True)
    return "/usr/bin/qemu-system-arm"


def dtb_for(guest: str, kernel: Optional[str], dtb: str) -> str:
    """
    A kernel of ours (scripts/make-kernel.sh) boots with the device tree
    built from its own tree, next to its vmlinuz; others with the guest's
    (Debian's, of the guest's kernel).
    """
    own = os.path.join(os.path.dirname(kernel), dtb) if kernel else None
    return own if own and os.path.exists(own) else os.path.join(guest, dtb)


def cmdline(guest: str, console: Optional[str]) -> str:
    """
    The kernel command line: console=CONSOLE if given, else the guest's
    cmdline file (the console and what else its kernel needs on this board).
    """
    if console:
        return "console=" + console
    path = os.path.join(guest, "cmdline")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            return fh.read().strip()
    return "console=ttyO2,115200n8"


def boot_args(guest: str, kernel: Optional[str], dtb: str, console: Optional[str],
              append: str) -> List[str]:
    """The QEMU options that boot the guest image (with `kernel` instead of its own)."""
    return ["-m", "512",
            "-kernel", kernel or os.path.join(guest, "vmlinuz"),
            "-dtb", dtb_for(guest, kernel, dtb),
            "-initrd", os.path.join(guest, "initramfs.cpio.gz"),
            "-append", "%s %s" % (cmdline(guest, console), append)]
