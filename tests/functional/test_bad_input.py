#!/usr/bin/env python3
"""Bad user input gets a clear message and a non-zero exit, never a backtrace:
machine options, -m, -cpu, a missing kernel file, a -global on a property the
board sets, and the build script given a QEMU tree of the wrong version or a
file that is not a tarball.  Input QEMU can run but that cannot boot Linux
is QEMU's to accept (hw/arm/boot.c); scripts/run.sh warns of a -kernel that
is no kernel image."""

import os
import random
import subprocess
import tempfile
from typing import Dict, List, Optional

from gta04.errors import TestFailure
from gta04.kernels import guest_dir
from gta04.paths import QEMU, QEMU_BASE, REPO
from gta04.testing import GTA04Test


def expect_error(argv: List[str], message: str, env: Optional[Dict[str, str]] = None) -> None:
    """argv must fail, with `message` in its output, without dying or a backtrace."""
    proc = subprocess.run(argv, check=False, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=120, env=env)
    if proc.returncode == 0:
        raise TestFailure("%s succeeded, expected an error" % " ".join(argv))
    if proc.returncode < 0:
        raise TestFailure("%s died with signal %d:\n%s" % (" ".join(argv), -proc.returncode, proc.stdout))
    if message not in proc.stdout:
        raise TestFailure("%s: expected %r in:\n%s" % (" ".join(argv), message, proc.stdout))
    if "Traceback" in proc.stdout or "Aborted" in proc.stdout:
        raise TestFailure("%s: backtrace/abort:\n%s" % (" ".join(argv), proc.stdout))


def expect_warning(argv: List[str], message: Optional[str]) -> None:
    """QEMU starts (stopped, -S), prints `message` (if any) on stderr and ends
    with status 0 on QMP quit: a warning, not an error."""
    proc = subprocess.run(argv + ["-qmp", "stdio", "-monitor", "none"], check=False,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120,
                          input='{"execute": "qmp_capabilities"}\n{"execute": "quit"}\n')
    if proc.returncode != 0:
        raise TestFailure("%s: exit status %d, expected a warning and 0:\n%s"
                          % (" ".join(argv), proc.returncode, proc.stderr))
    if message is not None and message not in proc.stderr:
        raise TestFailure("%s: expected the warning %r in:\n%s" % (" ".join(argv), message, proc.stderr))


def expect_script_warning(kernel: str, message: Optional[str]) -> None:
    """scripts/run.sh's check of a GTA04_KERNEL file (lib.sh check_kernel_image):
    `message` as a warning, or no output when None; status 0 either way."""
    proc = subprocess.run(["bash", "-c", '. "$1/scripts/lib.sh" && check_kernel_image "$2"',
                           "check", REPO, kernel], check=False, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=60)
    if proc.returncode != 0:
        raise TestFailure("check_kernel_image %s: exit status %d:\n%s"
                          % (kernel, proc.returncode, proc.stdout))
    if message is None and proc.stdout:
        raise TestFailure("check_kernel_image %s: expected no warning, got:\n%s" % (kernel, proc.stdout))
    if message is not None and message not in proc.stdout:
        raise TestFailure("check_kernel_image %s: expected %r in:\n%s" % (kernel, message, proc.stdout))


# the first 1 KiB of an ARM zImage: its magic 0x016f2818 little-endian at 0x24
ZIMAGE_HEADER = bytes(0x24) + (0x016f2818).to_bytes(4, "little") + bytes(0x3d8)


def qemu(*args: str) -> List[str]:
    """Our QEMU, stopped (-S), with args."""
    return [QEMU, "-display", "none", "-S", *args]


class BadInputTest(GTA04Test):
    def test_unknown_machine_option(self) -> None:
        expect_error(qemu("-M", "gta04,foo=bar"), "Property 'gta04-machine.foo' not found")

    def test_ram_too_large(self) -> None:
        expect_error(qemu("-M", "gta04", "-m", "2G"), "more than the DM3730 SDRC can address (1024 MiB)")

    def test_wrong_cpu(self) -> None:
        # 7.2: "Invalid CPU type", 10.0 and 10.2: "Invalid CPU model"
        expect_error(qemu("-M", "gta04", "-cpu", "cortex-a15"), "Invalid CPU")

    def test_missing_kernel(self) -> None:
        expect_error(qemu("-M", "gta04", "-kernel", "/nonexistent/vmlinuz"), "/nonexistent/vmlinuz")

    def test_global_on_board_property(self) -> None:
        # the SoC sets the SCM's wake-up pad list itself: a one-line error, no abort
        expect_error(qemu("-M", "gta04", "-global", "omap3-scm.len-wakeup-pads=3"),
                     "len-wakeup-pads")

    def test_ram_too_small_for_linux(self) -> None:
        # the board does not judge what Linux needs: -m 16 starts (docs/gta04.md)
        with tempfile.TemporaryDirectory() as tmp:
            kernel = os.path.join(tmp, "zImage")
            with open(kernel, "wb") as fh:      # a zImage header (magic at 0x24)
                fh.write(ZIMAGE_HEADER)
            expect_warning(qemu("-M", "gta04", "-m", "16", "-kernel", kernel), None)

    def test_kernel_not_an_image(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            garbage = os.path.join(tmp, "garbage")
            with open(garbage, "wb") as fh:
                fh.write(random.Random(1).randbytes(1024))
            zimage = os.path.join(tmp, "zImage")
            with open(zimage, "wb") as fh:
                fh.write(ZIMAGE_HEADER)
            expect_script_warning(garbage, "is neither a zImage, a uImage nor an ELF file")
            expect_script_warning(zimage, None)
            # QEMU itself loads it as a raw image, as hw/arm/boot.c does
            expect_warning(qemu("-M", "gta04", "-kernel", garbage), None)

    def test_rng_seed_option(self) -> None:
        # -machine rng-seed=on|off (docs/gta04.md "Verdicts that hold"): a
        # bad value is one line; on, the loader's device tree gains
        # /chosen/rng-seed (dumpdtb writes it as the kernel would get it)
        expect_error(qemu("-M", "gta04,rng-seed=maybe"), "rng-seed")
        dtb = os.path.join(guest_dir(), "omap3-gta04a5.dtb")
        with tempfile.TemporaryDirectory() as tmp:
            kernel = os.path.join(tmp, "zImage")
            with open(kernel, "wb") as fh:
                fh.write(ZIMAGE_HEADER)
            for seeded in (False, True):
                out = os.path.join(tmp, "dump-%s.dtb" % ("on" if seeded else "off"))
                proc = subprocess.run(qemu("-M", "gta04,dumpdtb=%s%s"
                                           % (out, ",rng-seed=on" if seeded else ""),
                                           "-kernel", kernel, "-dtb", dtb),
                                      check=False, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                      text=True, timeout=120)
                if proc.returncode != 0 or not os.path.exists(out):
                    raise TestFailure("dumpdtb (rng-seed=%s): exit %d:\n%s"
                                      % (seeded, proc.returncode, proc.stdout))
                with open(out, "rb") as fh:
                    has = b"rng-seed\0" in fh.read()
                if has != seeded:
                    raise TestFailure("rng-seed=%s: /chosen/rng-seed %s in the dumped tree"
                                      % ("on" if seeded else "off (default)", "present" if has else "absent"))

    def test_setup_wrong_qemu_version(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            tree = os.path.join(tmp, "qemu-6.0.0")
            os.makedirs(tree)
            with open(os.path.join(tree, "VERSION"), "w", encoding="ascii") as fh:
                fh.write("6.0.0\n")
            env = dict(os.environ, GTA04_QEMU_SRC=tree, GTA04_BUILD=os.path.join(tmp, "build"))
            expect_error([os.path.join(REPO, "scripts", "setup.sh")],
                         "QEMU version 6.0.0 found, this overlay needs %s.x" % QEMU_BASE, env)

    def test_unknown_qemu_base(self) -> None:
        # one line naming the bases, from the scripts and from our Python package
        env = dict(os.environ, GTA04_QEMU="12.0",
                   PYTHONPATH=os.path.join(REPO, "python"))
        want = "GTA04_QEMU=12.0: the bases are 7.2, 10.0, 11.1"
        for argv in ([os.path.join(REPO, "scripts", "setup.sh")],
                     [os.path.join(REPO, "scripts", "check.sh"), "--qtest"],
                     ["python3", "-c", "import gta04.paths"]):
            expect_error(argv, want, env)

    def test_setup_not_a_tarball(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            bogus = os.path.join(tmp, "qemu.tar.xz")
            with open(bogus, "w", encoding="ascii") as fh:
                fh.write("not a tarball\n")
            env = dict(os.environ, GTA04_QEMU_SRC=bogus, GTA04_BUILD=os.path.join(tmp, "build"))
            expect_error([os.path.join(REPO, "scripts", "setup.sh")], "cannot extract", env)

    def test_setup_no_network(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            env = fake_apt(tmp, "echo 'E: Failed to fetch: Temporary failure resolving' >&2; exit 100")
            expect_error([os.path.join(REPO, "scripts", "setup.sh")],
                         "could not download qemu=1:7.2+dfsg-7+deb12u18", env)

    def test_setup_checksum_mismatch(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            env = fake_apt(tmp, "for f in qemu_7.2+dfsg.orig.tar.xz qemu_7.2+dfsg-7+deb12u18.debian.tar.xz "
                              "qemu_7.2+dfsg-7+deb12u18.dsc; do echo tampered > $f; done")
            expect_error([os.path.join(REPO, "scripts", "setup.sh")],
                         "qemu_7.2+dfsg.orig.tar.xz: SHA-256 mismatch", env)


def fake_apt(tmp: str, body: str) -> Dict[str, str]:
    """A PATH with an apt-get that does `body` (a shell snippet) instead."""
    bindir = os.path.join(tmp, "bin")
    os.makedirs(bindir)
    with open(os.path.join(bindir, "apt-get"), "w", encoding="ascii") as fh:
        fh.write("#!/bin/sh\n"
                "case \"$*\" in *print-uris*) echo \"'x' qemu_7.2.dsc 1 SHA256:0\"; exit 0;; esac\n"
                + body + "\n")
    os.chmod(os.path.join(bindir, "apt-get"), 0o755)
    # the 7.2 download path (Debian 12's package from the host's apt
    # sources) whatever GTA04_QEMU says: 10.0's goes through its own apt
    # configuration and fetches meson first, with the same checks
    # as the set-up runs it (the network allowed), with no wait between tries
    env = dict(os.environ, PATH=bindir + ":" + os.environ["PATH"], GTA04_QEMU="7.2",
               GTA04_CACHE=os.path.join(tmp, "cache"), GTA04_BUILD=os.path.join(tmp, "build"),
               GTA04_APT_RETRY_DELAYS="0 0")
    env.pop("GTA04_OFFLINE", None)
    return env


if __name__ == "__main__":
    GTA04Test.main()
