#!/usr/bin/env python3
"""`git bisect run scripts/gta04-bisect-run` names the commit that brought
bug 1 back, and a flaky commit does not fool it.

A throw-away git repository is made from Debian's linux-source-6.1 (as
unpacked by scripts/make-kernel.sh, hard-linked, so it costs little disk),
with commits on top of it: first the 2012 USB PHY behaviour of the seed
article's chain (chain-a: the PHY's LDOs off in the noirq phase, cable or
not), then harmless ones with the bug-1 patch (the PIH line no longer a
wake-up irq) among them.  The scenario is the article's (cable in, `mem`,
the power button, the console up so the BCI interrupt lands before WFI).

1. One run per step: bisecting between the base (good) and the top (bad)
   must end on exactly the bug commit.
2. A flaky commit before the bug one (guest/kernel-patches/flaky-pih-
   wakeup-one-boot-in-three.patch: bug 1 in one boot of three), four runs
   per step in warp mode (run k seeded with -seed k: reproducible): a step
   whose runs disagree says "flaky" with its counts and is skipped, and git
   never names a commit other than the bug one as the first bad commit (it
   names the bug commit, or lists it among the skipped candidates).
3. Demo 1 by `gta04-bisect-run --bisect GOOD BAD --jobs K --runs 3` (K from
   GTA04_BISECT_JOBS, default 2): K commits a round on K boards, each step
   three runs; it must name the bug commit.  Its lines give each step's
   [build, boot, scenario] seconds and the wall time.

    python3 tests/bugs/test_bisect.py      (slow the first time: a kernel build)
"""

import contextlib
import os
import re
import shutil
import subprocess
import time
from typing import Callable, Iterator, List, Tuple, Union

from gta04.errors import TestFailure
from gta04.paths import REPO
from gta04.testing import GTA04Test


CACHE = os.environ.get("GTA04_CACHE", os.path.expanduser("~/.cache/qemu-gta04"))
SOURCE = os.path.join(CACHE, "kbuild", "source")
PATCHES = os.path.join(REPO, "guest", "kernel-patches")
CHAIN_A = os.path.join(PATCHES, "chain-a-usb-phy-ldos-off-in-suspend.patch")
BUG1 = os.path.join(PATCHES, "bug1-pih-not-a-wakeup-source.patch")
FLAKY = os.path.join(PATCHES, "flaky-pih-wakeup-one-boot-in-three.patch")
SCENARIO = ["--scenario", "pwron-wake", "--state", "mem", "--cable", "--console-up"]
# the flaky demo: four runs a step, run k seeded with -seed k, the board on
# icount (seeds 1-3 all draw the lost wake-up: measured, see the docs)
FLAKY_RUNS = ["--runs", "4", "--flaky", "skip", "--warp"]
TWL_IRQ = "drivers/mfd/twl4030-irq.c"
Step = Tuple[str, Union[str, Callable[[], None]]]


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


def bug1_steps(tree: str) -> List[Step]:
    """Demo 1: the bug commit fourth of six."""
    return [
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


def flaky_steps(tree: str) -> List[Step]:
    """Demo 2: a flaky commit third, the bug commit (which drops the flaky
    draw with the wake-up) sixth of seven."""
    def no_wakeup() -> None:
        rewrite(tree, TWL_IRQ, lambda t: t.replace(
            "\tif (get_random_u32() % 3)\n\t\tenable_irq_wake(irq_num);\n", "", 1))
    return [
        ("twl4030-usb: LDOs off in the noirq phase, cable or not (2012)", CHAIN_A),
        ("Documentation: a note",
         lambda: rewrite(tree, "README", lambda t: t + "\nqemu-gta04 bisect demo 2\n")),
        ("twl4030-irq: the PIH a wake-up irq on two boots of three (flaky)", FLAKY),
        ("rtc-twl: a comment",
         lambda: rewrite(tree, "drivers/rtc/rtc-twl.c",
                         lambda t: t.replace("#ifdef CONFIG_PM_SLEEP\n",
                                             "#ifdef CONFIG_PM_SLEEP\n/* demo */\n", 1))),
        ("Documentation: another note", lambda: rewrite(tree, "README", lambda t: t + "demo 2\n")),
        ("twl4030-irq: PIH not a wake-up irq (bug 1)", no_wakeup),
        ("twl4030-power: a comment", lambda: rewrite(tree, "drivers/mfd/twl4030-power.c",
                                                    lambda t: t + "/* demo */\n")),
    ]


def make_repo(tree: str, steps: Callable[[str], List[Step]],
              bug_title: str) -> Tuple[List[str], str]:
    """A git repository of linux-source-6.1 with `steps`, one commit each;
    returns the commits and the one titled `bug_title`."""
    if not os.path.exists(os.path.join(SOURCE, ".unpacked")):
        # make-kernel.sh unpacks the pinned source on first use
        subprocess.run([os.path.join(REPO, "scripts", "make-kernel.sh"), "plain"], check=True,
                       stdout=subprocess.DEVNULL)
    subprocess.run(["cp", "-al", SOURCE, tree], check=True)
    git(tree, "init", "-q")
    git(tree, "add", "-A", "-f")   # Debian's .gitignore ignores the whole top level
    git(tree, "commit", "-q", "-m", "linux-source-6.1 6.1.192-3")
    commits = [git(tree, "rev-parse", "HEAD").strip()]
    bug = ""
    for title, change in steps(tree):
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
        if title == bug_title:
            bug = commits[-1]
    return commits, bug


def bisect(tree: str, commits: List[str], args: List[str]) -> Tuple[int, str, List[str]]:
    """git bisect run gta04-bisect-run between the first commit (good) and
    the last (bad): its exit status, output and step lines (printed)."""
    t0 = time.monotonic()
    git(tree, "bisect", "start", commits[-1], commits[0])
    proc = subprocess.run(["git", "-C", tree, "bisect", "run",
                           os.path.join(REPO, "scripts", "gta04-bisect-run"), tree] + args,
                          check=False, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=7200)
    steps = [line for line in proc.stdout.splitlines() if line.startswith("gta04-bisect-run:")]
    for line in steps:
        print("   ", line[:200])
    print("  git bisect run: exit %d, %d steps, %.0f s"
          % (proc.returncode, len(steps), time.monotonic() - t0))
    return proc.returncode, proc.stdout, steps


@contextlib.contextmanager
def demo_tree() -> Iterator[str]:
    """The place of a demo repository: always the same path under the cache,
    so that make-kernel.sh's object tree for it (keyed by the tree's path)
    is kept from one run to the next and a step rebuilds only what changed
    (a first build of our config is minutes, far more on a loaded host)."""
    tree = os.path.join(CACHE, "bisect-demo", "linux")
    shutil.rmtree(tree, ignore_errors=True)
    os.makedirs(os.path.dirname(tree), exist_ok=True)
    try:
        yield tree
    finally:
        shutil.rmtree(tree, ignore_errors=True)


class BisectTest(GTA04Test):
    def test_bisect_names_the_bug_commit(self) -> None:
        with demo_tree() as tree:
            t0 = time.monotonic()
            commits, bug = make_repo(tree, bug1_steps, "twl4030-irq: PIH not a wake-up irq (bug 1)")
            print("  repository with %d commits in %.0f s; bug commit %s"
                  % (len(commits), time.monotonic() - t0, bug[:12]))
            code, out, _steps = bisect(tree, commits, SCENARIO)
            first_bad = git(tree, "rev-parse", "refs/bisect/bad").strip()
            if code != 0 or first_bad != bug:
                raise TestFailure("bisect ended on %s, not the bug commit %s:\n%s"
                                  % (first_bad[:12], bug[:12], out[-3000:]))
            if "is the first bad commit" not in out:
                raise TestFailure("git bisect run did not name a first bad commit:\n" + out[-3000:])

    def test_flaky_commit_is_flagged(self) -> None:
        with demo_tree() as tree:
            commits, bug = make_repo(tree, flaky_steps,
                                     "twl4030-irq: PIH not a wake-up irq (bug 1)")
            flaky = commits[3]
            print("  repository with %d commits; flaky commit %s, bug commit %s"
                  % (len(commits), flaky[:12], bug[:12]))
            _code, out, steps = bisect(tree, commits, SCENARIO + FLAKY_RUNS)
            if not any(": flaky, " in line for line in steps):
                raise TestFailure("no step said flaky:\n" + out[-3000:])
            named = re.findall(r"^([0-9a-f]{40}) is the first bad commit", out, re.M)
            if named and named != [bug]:
                raise TestFailure("git blamed %s, not the bug commit %s:\n%s"
                                  % (named[0][:12], bug[:12], out[-3000:]))
            if not named:
                # only skipped commits left: the bug commit must be among them,
                # and none before the flaky one
                listed = re.findall(r"^([0-9a-f]{40})$", out.split("could be any of:")[-1], re.M)
                if "could be any of:" not in out or bug not in listed or \
                        set(listed) - set(commits[3:commits.index(bug) + 1]):
                    raise TestFailure("the bisect neither named the bug commit nor left it "
                                      "among the flaky candidates:\n" + out[-3000:])
                print("  git: the first bad commit is one of %d skipped candidates, the bug "
                      "commit among them" % len(listed))

    def test_parallel_bisect(self) -> None:
        # demo 1 again, the whole bisect by gta04-bisect-run itself, K commits
        # a round on K boards (GTA04_BISECT_JOBS, default 2), three runs a step
        jobs = int(os.environ.get("GTA04_BISECT_JOBS", "2"))
        with demo_tree() as tree:
            commits, bug = make_repo(tree, bug1_steps, "twl4030-irq: PIH not a wake-up irq (bug 1)")
            print("  repository with %d commits; bug commit %s; --jobs %d --runs 3"
                  % (len(commits), bug[:12], jobs))
            t0 = time.monotonic()
            proc = subprocess.run([os.path.join(REPO, "scripts", "gta04-bisect-run"), tree,
                                   "--bisect", commits[0], commits[-1], "--jobs", str(jobs),
                                   "--runs", "3"] + SCENARIO,
                                  check=False, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, timeout=7200)
            for line in proc.stdout.splitlines():
                if line.startswith(("gta04-bisect-run:", "round", "  ")) or "first bad" in line:
                    print("   ", line[:220])
            print("  --bisect --jobs %d: exit %d in %.0f s" % (jobs, proc.returncode,
                                                           time.monotonic() - t0))
            named = re.findall(r"^([0-9a-f]{40}) is the first bad commit", proc.stdout, re.M)
            if proc.returncode != 0 or named != [bug]:
                raise TestFailure("the parallel bisect named %s, not the bug commit %s:\n%s"
                                  % (named, bug[:12], proc.stdout[-3000:]))


if __name__ == "__main__":
    GTA04Test.main()
