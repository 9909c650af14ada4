"""
The bisect demos' kernel repositories (tests/bugs/test_bisect.py,
contrib/lava/lab-bisect-demo): a throw-away git repository of Debian's
linux-source-6.1 as scripts/make-kernel.sh unpacks it (hard-linked, so it
costs little disk), with a few commits on top, one of them the culprit.
"""

import os
import subprocess
from typing import Callable, List, Tuple, Union

from .paths import REPO

CACHE = os.environ.get("GTA04_CACHE", os.path.expanduser("~/.cache/qemu-gta04"))
SOURCE = os.path.join(CACHE, "kbuild", "source")
PATCHES = os.path.join(REPO, "guest", "kernel-patches")
CHAIN_A = os.path.join(PATCHES, "chain-a-usb-phy-ldos-off-in-suspend.patch")
BUG1 = os.path.join(PATCHES, "bug1-pih-not-a-wakeup-source.patch")
FLAKY = os.path.join(PATCHES, "flaky-pih-wakeup-one-boot-in-three.patch")
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
