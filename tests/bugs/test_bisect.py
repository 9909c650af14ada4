#!/usr/bin/env python3
"""`git bisect run scripts/gta04-bisect-run` names the commit that brought
bug 1 back.  A throw-away git repository is made from Debian's
linux-source-6.1 (as unpacked by scripts/make-kernel.sh, hard-linked, so it
costs little disk), with six commits on top of it: first the 2012 USB PHY
behaviour of the seed article's chain (chain-a: the PHY's LDOs off in the
noirq phase, cable or not), then four harmless ones with, fourth, the bug-1
patch (the PIH line no longer a wake-up irq) among them.  Bisecting between
the base (good) and the top (bad) with the article's scenario (cable in,
`mem`, the power button, the console up so the BCI interrupt lands before
WFI) must end on exactly the bug commit.

    python3 tests/bugs/test_bisect.py      (slow the first time: a kernel build)
"""

import hashlib
import os
import shutil
import subprocess
import tempfile
import time
from typing import Callable, List, Tuple, Union

from gta04.errors import TestFailure
from gta04.paths import REPO
from gta04.testing import GTA04Test


CACHE = os.environ.get("GTA04_CACHE", os.path.expanduser("~/.cache/qemu-gta04"))
SOURCE = os.path.join(CACHE, "kbuild", "source")
PATCHES = os.path.join(REPO, "guest", "kernel-patches")
CHAIN_A = os.path.join(PATCHES, "chain-a-usb-phy-ldos-off-in-suspend.patch")
BUG1 = os.path.join(PATCHES, "bug1-pih-not-a-wakeup-source.patch")
SCENARIO = ["--scenario", "pwron-wake", "--state", "mem", "--cable", "--console-up"]


def git(tree: str, *args: str) -> str:
    """git -C TREE ARGS (as qemu-gta04); its output."""
    return subprocess.run(["git", "-C", tree, "-c", "user.name=qemu-gta04", "-c",
                           "user.email=qemu-gta04@localhost", *args],
                          check=True, stdout=subprocess.PIPE, text=True).stdout


def rewrite(tree: str, rel: str, edit: Callable[[str], str]) -> None:
    """Change one file without touching the hard-linked original."""
    path = os.path.join(tree, rel)
    with open(path, encoding="utf-8", errors="surrogateescape") as fh:
        text = fh.read()
    os.unlink(path)
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as fh:
        fh.write(edit(text))


def make_repo(tree: str) -> Tuple[List[str], str]:
    """A git repository of linux-source-6.1 with the steps below, one commit
    each; returns the commits and the one that brings the bug."""
    if not os.path.exists(os.path.join(SOURCE, ".unpacked")):
        # make-kernel.sh unpacks the pinned source on first use
        subprocess.run([os.path.join(REPO, "scripts", "make-kernel.sh"), "plain"], check=True,
                       stdout=subprocess.DEVNULL)
    subprocess.run(["cp", "-al", SOURCE, tree], check=True)
    git(tree, "init", "-q")
    git(tree, "add", "-A", "-f")   # Debian's .gitignore ignores the whole top level
    git(tree, "commit", "-q", "-m", "linux-source-6.1 6.1.192-3")
    commits = [git(tree, "rev-parse", "HEAD").strip()]
    steps: List[Tuple[str, Union[str, Callable[[], None]]]] = [
        ("twl4030-usb: LDOs off in the noirq phase, cable or not (2012)", CHAIN_A),
        ("Documentation: a note",
         lambda: rewrite(tree, "README", lambda t: t + "\nqemu-gta04 bisect demo 1\n")),
        ("rtc-twl: a comment",
         lambda: rewrite(tree, "drivers/rtc/rtc-twl.c",
                         lambda t: t.replace("#ifdef CONFIG_PM_SLEEP\n",
                                             "#ifdef CONFIG_PM_SLEEP\n/* demo */\n", 1))),
        ("twl4030-irq: PIH not a wake-up irq (bug 1)", BUG1),
        ("Documentation: another note", lambda: rewrite(tree, "README", lambda t: t + "demo 2\n")),
        ("twl4030-power: a comment", lambda: rewrite(tree, "drivers/mfd/twl4030-power.c",
                                                    lambda t: t + "/* demo */\n")),
    ]
    bug = ""
    for title, change in steps:
        if isinstance(change, str):     # a patch of ours
            with open(change, encoding="utf-8") as fh:
                files = [line.split()[1].split("/", 1)[1] for line in fh if line.startswith("+++ ")]
            for rel in files:
                rewrite(tree, rel, lambda t: t)   # unshare before patching
            with open(change, encoding="utf-8") as fh:
                subprocess.run(["patch", "-d", tree, "-p1", "--quiet"], stdin=fh, check=True)
        else:
            change()
        git(tree, "commit", "-q", "-a", "-m", title)
        commits.append(git(tree, "rev-parse", "HEAD").strip())
        if change == BUG1:
            bug = commits[-1]
    return commits, bug


class BisectTest(GTA04Test):
    def test_bisect_names_the_bug_commit(self) -> None:
        tmp = tempfile.mkdtemp(prefix="gta04-bisect-")
        tree = os.path.join(tmp, "linux")
        try:
            t0 = time.monotonic()
            commits, bug = make_repo(tree)
            print("  repository with %d commits in %.0f s; bug commit %s"
                  % (len(commits), time.monotonic() - t0, bug[:12]))
            t0 = time.monotonic()
            git(tree, "bisect", "start", commits[-1], commits[0])
            proc = subprocess.run(["git", "-C", tree, "bisect", "run",
                                   os.path.join(REPO, "scripts", "gta04-bisect-run"), tree] + SCENARIO,
                                  check=False, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                  timeout=3600)
            steps = [line for line in proc.stdout.splitlines() if line.startswith("gta04-bisect-run:")]
            for line in steps:
                print("   ", line[:160])
            print("  git bisect run: exit %d, %d steps, %.0f s"
                  % (proc.returncode, len(steps), time.monotonic() - t0))
            first_bad = git(tree, "rev-parse", "refs/bisect/bad").strip()
            if proc.returncode != 0 or first_bad != bug:
                raise TestFailure("bisect ended on %s, not the bug commit %s:\n%s"
                                  % (first_bad[:12], bug[:12], proc.stdout[-3000:]))
            if "is the first bad commit" not in proc.stdout:
                raise TestFailure("git bisect run did not name a first bad commit:\n" + proc.stdout[-3000:])
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
            # make-kernel.sh's object tree for this throw-away tree (keyed by its path)
            key = hashlib.sha256(tree.encode()).hexdigest()[:12]
            shutil.rmtree(os.path.join(CACHE, "kbuild", "obj", "gta04-" + key), ignore_errors=True)


if __name__ == "__main__":
    GTA04Test.main()
