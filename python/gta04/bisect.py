"""
Multi-section bisection: K commits of the remaining range tested at once,
one board each, so a round cuts the range into K+1 parts.

The answers go to git as a sequential ``git bisect run`` gives them (``git
bisect good|bad|skip COMMIT``), so ``git bisect log`` is git's own log and
``git bisect replay`` replays it.  The bisect is started with
``--no-checkout``: the user's tree is never checked out; each job has a
worktree of its own (its own kernel object tree, one ccache for all), kept
under the cache so that a later bisect of the same tree builds
incrementally.  History is taken as git lists it (``rev-list
--topo-order``); on a history with merges the parts are uneven, never wrong:
git decides what remains after each answer.
"""

import hashlib
import os
import re
import shutil
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Dict, List, NamedTuple, Optional, Tuple


# git bisect run's codes (scripts/gta04-bisect-run)
GOOD, BAD, SKIP = 0, 1, 125
WORDS = {GOOD: "good", BAD: "bad", SKIP: "skip"}


class StepResult(NamedTuple):
    """One commit tested: its exit code, the line it printed, host seconds."""
    commit: str
    code: int
    line: str
    secs: float


def git(tree: str, *args: str, check: bool = True) -> str:
    """git -C TREE ARGS: its output (stdout and stderr)."""
    proc = subprocess.run(["git", "-C", tree, *args], check=False, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    if check and proc.returncode != 0:
        raise RuntimeError("git %s: %s" % (" ".join(args), proc.stdout.strip()))
    return proc.stdout


def refs(tree: str, prefix: str) -> List[str]:
    """The commits of refs/bisect/PREFIX*."""
    out = git(tree, "for-each-ref", "--format=%(objectname)", "refs/bisect/%s*" % prefix)
    return out.split()


def untested(tree: str) -> List[str]:
    """The commits still to test, oldest first: those between the good ones
    and the bad one, neither the bad one nor skipped."""
    bad = git(tree, "rev-parse", "refs/bisect/bad").strip()
    goods = ["^" + c for c in refs(tree, "good-")]
    skipped = set(refs(tree, "skip-"))
    revs = git(tree, "rev-list", "--topo-order", "--reverse", bad, *goods).split()
    return [c for c in revs if c != bad and c not in skipped]


def sections(commits: List[str], k: int) -> List[str]:
    """K commits that cut `commits` into K+1 parts as even as they can be."""
    n = len(commits)
    if n <= k:
        return list(commits)
    picked = [commits[(i * (n + 1)) // (k + 1) - 1] for i in range(1, k + 1)]
    return sorted(set(picked), key=commits.index)


def finished(out: str) -> Optional[str]:
    """What git said when the bisect is over, or None."""
    match = re.search(r"^([0-9a-f]{40}) is the first bad commit$", out, re.M)
    if match:
        return match.group(0)
    if "We cannot bisect more!" in out or "only 'skip'ped commits left" in out:
        return out[out.index("There are only"):].strip() if "There are only" in out else out.strip()
    return None


class Bisect:
    """A bisect of `tree` between `good` and `bad` with K jobs; `step(dir)`
    tests the commit checked out in worktree `dir` (gta04-bisect-run)."""

    def __init__(self, tree: str, good: str, bad: str, jobs: int, cache: str,
                 step: Callable[[str], Tuple[int, str]]):
        self.tree, self.good, self.bad, self.jobs = tree, good, bad, jobs
        self.step = step
        key = hashlib.sha256(os.path.realpath(tree).encode()).hexdigest()[:12]
        self.workdirs = [os.path.join(cache, "bisect-jobs", key, "job%d" % (j + 1))
                         for j in range(jobs)]
        self.results: List[StepResult] = []
        self.rounds = 0
        self._lock = threading.Lock()

    def _worktree(self, j: int, commit: str) -> str:
        """Job j's worktree, checked out at `commit`."""
        path = self.workdirs[j]
        if os.path.exists(path) and not self._ours(path):
            # a worktree of a repository that was since made anew at the
            # same path (the demos do): not ours to check out
            shutil.rmtree(path)
        if os.path.exists(path):
            git(path, "checkout", "-q", "--detach", "--force", commit)
        else:
            git(self.tree, "worktree", "prune")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            git(self.tree, "worktree", "add", "-q", "--detach", "--force", path, commit)
        return path

    def _ours(self, path: str) -> bool:
        """Whether `path` is a worktree of this bisect's repository."""
        common = git(path, "rev-parse", "--path-format=absolute", "--git-common-dir",
                     check=False).strip()
        mine = git(self.tree, "rev-parse", "--path-format=absolute", "--git-common-dir",
                   check=False).strip()
        return bool(common) and os.path.realpath(common) == os.path.realpath(mine) \
            and os.path.isdir(common)

    def _test(self, j: int, commit: str) -> StepResult:
        t0 = time.monotonic()
        code, line = self.step(self._worktree(j, commit))
        return StepResult(commit, code, line, time.monotonic() - t0)

    def run(self, say: Callable[[str], None]) -> Tuple[bool, str]:
        """Bisect to the end; (whether git named a first bad commit, git's words)."""
        git(self.tree, "bisect", "reset", check=False)
        git(self.tree, "bisect", "start", "--no-checkout", self.bad, self.good)
        try:
            while True:
                todo = untested(self.tree)
                if not todo:
                    return False, "no commit left to test and git named none"
                picks = sections(todo, self.jobs)
                if any(r.commit in picks for r in self.results):
                    # git was told about these already: it must not ask again
                    return False, "git still lists a commit it was given: %s" % picks[0]
                self.rounds += 1
                say("round %d: %d commits left, testing %s"
                    % (self.rounds, len(todo) + 1, " ".join(c[:12] for c in picks)))
                with ThreadPoolExecutor(max_workers=len(picks)) as pool:
                    done = list(pool.map(lambda jc: self._test(*jc), enumerate(picks)))
                for res in done:
                    self.results.append(res)
                    say("  %s %s (%.0f s): %s" % (res.commit[:12], WORDS.get(res.code, "stop"),
                                                  res.secs, res.line))
                    if res.code not in WORDS:
                        raise RuntimeError("%s: the step stopped the bisect (exit %d): %s"
                                           % (res.commit[:12], res.code, res.line))
                # `git bisect bad X` moves refs/bisect/bad to X whatever it
                # was: the good and skipped ones first, then the bad ones
                # newest first, so that the oldest bad one is the last word
                def order(res: StepResult) -> Tuple[bool, int]:
                    pos = todo.index(res.commit)
                    return res.code == BAD, -pos if res.code == BAD else pos
                for res in sorted(done, key=order):
                    out = git(self.tree, "bisect", WORDS[res.code], res.commit, check=False)
                    end = finished(out)
                    if end:
                        return end.endswith("is the first bad commit"), end
        finally:
            git(self.tree, "worktree", "prune", check=False)

    def summary(self) -> Dict[str, float]:
        """Counts and host seconds of the steps."""
        return {"steps": len(self.results), "rounds": self.rounds,
                "step_secs": sum(r.secs for r in self.results)}
