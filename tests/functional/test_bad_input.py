#!/usr/bin/env python3
"""Bad user input gets a clear message and a non-zero exit, never a backtrace:
machine options, -m, -cpu, a missing kernel file, a -global on a property the
board sets, and the build script given a QEMU tree of the wrong version or a
file that is not a tarball.  Input QEMU can run but that cannot boot Linux
(too little RAM, a -kernel that is no kernel image) gets a warning."""

import os
import random
import subprocess
import tempfile

from gta04lib import QEMU, QEMU_BASE, REPO, TestFailure, main


def expect_error(argv, message, env=None):
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=120, env=env)
    if p.returncode == 0:
        raise TestFailure("%s succeeded, expected an error" % " ".join(argv))
    if p.returncode < 0:
        raise TestFailure("%s died with signal %d:\n%s" % (" ".join(argv), -p.returncode, p.stdout))
    if message not in p.stdout:
        raise TestFailure("%s: expected %r in:\n%s" % (" ".join(argv), message, p.stdout))
    if "Traceback" in p.stdout or "Aborted" in p.stdout:
        raise TestFailure("%s: backtrace/abort:\n%s" % (" ".join(argv), p.stdout))


def expect_warning(argv, message):
    """QEMU starts (stopped, -S), prints `message` on stderr and ends with
    status 0 on QMP quit: a warning, not an error."""
    p = subprocess.run(argv + ["-qmp", "stdio", "-monitor", "none"], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=120,
                       input='{"execute": "qmp_capabilities"}\n{"execute": "quit"}\n')
    if p.returncode != 0:
        raise TestFailure("%s: exit status %d, expected a warning and 0:\n%s"
                          % (" ".join(argv), p.returncode, p.stderr))
    if message not in p.stderr:
        raise TestFailure("%s: expected the warning %r in:\n%s" % (" ".join(argv), message, p.stderr))


def qemu(*args):
    return [QEMU, "-display", "none", "-S", *args]


def test_unknown_machine_option():
    expect_error(qemu("-M", "gta04,foo=bar"), "Property 'gta04-machine.foo' not found")


def test_ram_too_large():
    expect_error(qemu("-M", "gta04", "-m", "2G"), "more than the DM3730 SDRC can address (1024 MiB)")


def test_wrong_cpu():
    # 7.2: "Invalid CPU type", 10.0 and 11.1: "Invalid CPU model"
    expect_error(qemu("-M", "gta04", "-cpu", "cortex-a15"), "Invalid CPU")


def test_missing_kernel():
    expect_error(qemu("-M", "gta04", "-kernel", "/nonexistent/vmlinuz"), "/nonexistent/vmlinuz")


def test_global_on_board_property():
    # the SoC sets the SCM's wake-up pad list itself: a one-line error, no abort
    expect_error(qemu("-M", "gta04", "-global", "omap3-scm.len-wakeup-pads=3"),
                 "len-wakeup-pads")


def test_ram_too_small_for_linux():
    with tempfile.TemporaryDirectory() as d:
        kernel = os.path.join(d, "zImage")
        with open(kernel, "wb") as f:      # a zImage header (magic at 0x24)
            f.write(bytes(0x24) + (0x016f2818).to_bytes(4, "little") + bytes(0x3d8))
        expect_warning(qemu("-M", "gta04", "-m", "16", "-kernel", kernel),
                       "-m 16 MiB is less than the 64 MiB")


def test_kernel_not_an_image():
    with tempfile.TemporaryDirectory() as d:
        kernel = os.path.join(d, "garbage")
        with open(kernel, "wb") as f:
            f.write(random.Random(1).randbytes(1024))
        expect_warning(qemu("-M", "gta04", "-kernel", kernel),
                       "is neither a zImage, a uImage nor an ELF file")


def test_setup_wrong_qemu_version():
    with tempfile.TemporaryDirectory() as d:
        tree = os.path.join(d, "qemu-6.0.0")
        os.makedirs(tree)
        open(os.path.join(tree, "VERSION"), "w").write("6.0.0\n")
        env = dict(os.environ, GTA04_QEMU_SRC=tree, GTA04_BUILD=os.path.join(d, "build"))
        expect_error([os.path.join(REPO, "scripts", "setup.sh")],
                     "QEMU version 6.0.0 found, this overlay needs %s.x" % QEMU_BASE, env)


def test_unknown_qemu_base():
    # one line naming the bases, from the scripts and from the tests' library
    env = dict(os.environ, GTA04_QEMU="12.0")
    want = "GTA04_QEMU=12.0: the bases are 7.2, 10.0, 11.1"
    for argv in ([os.path.join(REPO, "scripts", "setup.sh")],
                 [os.path.join(REPO, "scripts", "check.sh"), "--qtest"],
                 ["python3", "-c", "import gta04lib"]):
        expect_error(argv, want, dict(env, PYTHONPATH=os.path.dirname(os.path.abspath(__file__))))


def test_setup_not_a_tarball():
    with tempfile.TemporaryDirectory() as d:
        bogus = os.path.join(d, "qemu.tar.xz")
        open(bogus, "w").write("not a tarball\n")
        env = dict(os.environ, GTA04_QEMU_SRC=bogus, GTA04_BUILD=os.path.join(d, "build"))
        expect_error([os.path.join(REPO, "scripts", "setup.sh")], "cannot extract", env)


def fake_apt(d, body):
    """A PATH with an apt-get that does `body` (a shell snippet) instead."""
    bindir = os.path.join(d, "bin")
    os.makedirs(bindir)
    with open(os.path.join(bindir, "apt-get"), "w") as f:
        f.write("#!/bin/sh\n"
                "case \"$*\" in *print-uris*) echo \"'x' qemu_7.2.dsc 1 SHA256:0\"; exit 0;; esac\n"
                + body + "\n")
    os.chmod(os.path.join(bindir, "apt-get"), 0o755)
    # the 7.2 download path (Debian 12's package from the host's apt
    # sources) whatever GTA04_QEMU says: 10.0's goes through its own apt
    # configuration and fetches meson first, with the same checks
    # as the set-up runs it (the network allowed), with no wait between tries
    env = dict(os.environ, PATH=bindir + ":" + os.environ["PATH"], GTA04_QEMU="7.2",
               GTA04_CACHE=os.path.join(d, "cache"), GTA04_BUILD=os.path.join(d, "build"),
               GTA04_APT_RETRY_DELAYS="0 0")
    env.pop("GTA04_OFFLINE", None)
    return env


def test_setup_no_network():
    with tempfile.TemporaryDirectory() as d:
        env = fake_apt(d, "echo 'E: Failed to fetch: Temporary failure resolving' >&2; exit 100")
        expect_error([os.path.join(REPO, "scripts", "setup.sh")],
                     "could not download qemu=1:7.2+dfsg-7+deb12u18", env)


def test_setup_checksum_mismatch():
    with tempfile.TemporaryDirectory() as d:
        env = fake_apt(d, "for f in qemu_7.2+dfsg.orig.tar.xz qemu_7.2+dfsg-7+deb12u18.debian.tar.xz "
                          "qemu_7.2+dfsg-7+deb12u18.dsc; do echo tampered > $f; done")
        expect_error([os.path.join(REPO, "scripts", "setup.sh")],
                     "qemu_7.2+dfsg.orig.tar.xz: SHA-256 mismatch", env)


if __name__ == "__main__":
    main([test_unknown_machine_option, test_ram_too_large, test_wrong_cpu, test_missing_kernel,
          test_global_on_board_property, test_ram_too_small_for_linux, test_kernel_not_an_image,
          test_setup_wrong_qemu_version, test_unknown_qemu_base, test_setup_not_a_tarball,
          test_setup_no_network, test_setup_checksum_mismatch])
