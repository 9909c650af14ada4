#!/usr/bin/env python3
"""The set-up on an ordinary day of the Debian archive, and the tests with no
network at all.

A local archive stands in for a mirror in sync: two file: sources, `good`
(a complete index) and `mirror`.  As on the day this was written: the
lists were last updated before armhf was an architecture here (Sources
known, no armhf Packages); then armhf is added and the mirror is caught
mid-sync, its armhf Packages index not what its Release file says (apt's
"Hash Sum mismatch" / "File has unexpected size ... Mirror sync in
progress?"), so apt keeps that source's old lists.  apt runs on a private
configuration (APT_CONFIG) that holds only these two; the host's apt state
is not touched.  The functions are scripts/lib.sh's own.

  test_update_survives_a_broken_index  apt_update_once retries (no wait
                          here), then warns naming the broken index and
                          goes on; what the good index has is installable
                          (apt-get -s), what only the broken one has is not
  test_pinned_deb_from_the_pool        fetch_pinned_deb of a package whose
                          binary index is broken: taken from the pool where
                          the Sources index says it lies, SHA-256 checked
  test_checksum_mismatch_is_fatal      the same with the wrong SHA-256: one
                          error line, non-zero, no file left
  test_offline_refuses_downloads       under the tests (GTA04_OFFLINE=1) a
                          download or install is an error that says so
  test_setup_with_the_network_cut      scripts/setup.sh --all in a network
                          namespace with no network (unshare -n) on this
                          machine's warm cache: everything `make check`
                          needs is there, so it passes (root only)
"""

import gzip
import hashlib
import os
import shutil
import subprocess
import tempfile
from typing import List, Sequence, Tuple

from gta04.errors import TestFailure
from gta04.paths import REPO
from gta04.testing import GTA04Test


LIB = os.path.join(REPO, "scripts", "lib.sh")


def sha256(path: str) -> str:
    """The SHA-256 of a file, hex."""
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


def make_deb(pool: str, name: str, version: str) -> str:
    """A tiny armhf .deb in `pool`; returns its path."""
    root = tempfile.mkdtemp(dir=pool)
    os.makedirs(os.path.join(root, "DEBIAN"))
    with open(os.path.join(root, "DEBIAN", "control"), "w", encoding="utf-8") as fh:
        fh.write("Package: %s\nVersion: %s\nArchitecture: armhf\nMaintainer: qemu-gta04 <none>\n"
                "Description: test fixture\n" % (name, version))
    deb = os.path.join(pool, "%s_%s_armhf.deb" % (name, version))
    subprocess.run(["dpkg-deb", "--root-owner-group", "-b", root, deb], check=True,
                   stdout=subprocess.DEVNULL)
    shutil.rmtree(root)
    return deb


def write_release(dist: str, files: List[str], lie_about: Sequence[str] = ()) -> None:
    """dists/gta04/Release with the SHA-256 and size of each index; those
    named in `lie_about` are listed 7 bytes longer than they are (a mirror
    that has the new Release but not yet the new index)."""
    lines = ["Origin: qemu-gta04 test", "Suite: gta04", "Codename: gta04",
             "Architectures: amd64 armhf", "Components: main", "Date: Sat, 05 Dec 2026 00:00:00 UTC",
             "SHA256:"]
    for rel in files:
        size = os.path.getsize(os.path.join(dist, rel)) + (7 if rel in lie_about else 0)
        lines.append(" %s %d %s" % (sha256(os.path.join(dist, rel)), size, rel))
    with open(os.path.join(dist, "Release"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")


def archive(base: str) -> Tuple[str, str]:  # pylint: disable=too-many-locals
    """The two sources; returns the APT_CONFIG file and the fixture's SHA-256."""
    entries = []
    releases = []
    for name, pkg, broken in (("good", "gta04-good", False), ("mirror", "gta04-fixture", True)):
        top = os.path.join(base, name)
        pooldir = os.path.join("pool", "main", "g", pkg)
        os.makedirs(os.path.join(top, pooldir))
        deb = make_deb(os.path.join(top, pooldir), pkg, "1.0")
        dist = os.path.join(top, "dists", "gta04")
        os.makedirs(os.path.join(dist, "main", "binary-armhf"))
        os.makedirs(os.path.join(dist, "main", "binary-amd64"))
        os.makedirs(os.path.join(dist, "main", "source"))
        info = subprocess.run(["dpkg-deb", "-f", deb], check=True, stdout=subprocess.PIPE,
                              text=True).stdout
        packages = "%sFilename: %s\nSize: %d\nSHA256: %s\n\n" % (
            info, os.path.join(pooldir, os.path.basename(deb)), os.path.getsize(deb), sha256(deb))
        sources = ("Package: %s\nBinary: %s\nVersion: 1.0\nMaintainer: qemu-gta04 <none>\n"
                   "Architecture: any\nFormat: 3.0 (native)\nDirectory: %s\n"
                   "Checksums-Sha256:\n %s 1 %s_1.0.dsc\n\n" % (pkg, pkg, pooldir, "0" * 64, pkg))
        # each index plain and gzipped, both in the Release file, as Debian's
        indexes = (("main/binary-armhf/Packages", packages), ("main/binary-amd64/Packages", ""),
                   ("main/source/Sources", sources))
        for rel, text in indexes:
            with open(os.path.join(dist, rel), "w", encoding="utf-8") as fh:
                fh.write(text)
            with gzip.open(os.path.join(dist, rel + ".gz"), "wt", encoding="utf-8") as gzipped:
                gzipped.write(text)
        files = [rel + ext for rel, _ in indexes for ext in ("", ".gz")]
        write_release(dist, files)
        if broken:
            releases.append((dist, files))
        entries.append("deb [trusted=yes] file:%s gta04 main\n"
                       "deb-src [trusted=yes] file:%s gta04 main\n" % (top, top))
        if broken:
            fixture_sum = sha256(deb)
    etc = os.path.join(base, "etc")
    os.makedirs(os.path.join(etc, "sources.list.d"))
    with open(os.path.join(etc, "sources.list.d", "test.list"), "w", encoding="utf-8") as fh:
        fh.write("".join(entries))
    for data in ("lists/partial", "cache/archives/partial"):
        os.makedirs(os.path.join(base, data))
    conf = os.path.join(base, "apt.conf")

    def config(arch: str) -> None:
        with open(conf, "w", encoding="utf-8") as fh:
            fh.write('Dir::Etc::SourceList "/dev/null";\n'
                    'Dir::Etc::SourceParts "%s/sources.list.d";\n'
                    'Dir::Etc::Parts "/dev/null";\n'
                    'Dir::State::Lists "%s/lists";\n'
                    'Dir::Cache "%s/cache";\n'
                    'APT::Architectures { "%s"; };\n'
                    'Acquire::Languages "none";\n'
                    'APT::Sandbox::User "root";\n' % (etc, base, base, arch))
    # the lists of yesterday: before armhf, a consistent mirror
    config("amd64")
    subprocess.run(["apt-get", "update", "-q"], check=True, stdout=subprocess.DEVNULL,
                   env=dict(os.environ, APT_CONFIG=conf))
    # today: armhf added (dpkg --add-architecture), the mirror mid-sync
    config("armhf")
    for dist, files in releases:
        write_release(dist, files, [rel for rel in files if "binary-armhf" in rel])
    return conf, fixture_sum


def lib(script: str, base: str, conf: str, **env: str) -> Tuple[int, str]:
    """Run `script` after sourcing lib.sh, with apt on the test archive and
    no waiting between tries; returns (status, stdout+stderr)."""
    lib_env = dict(os.environ, APT_CONFIG=conf, GTA04_APT_RETRY_DELAYS="0 0",
                   GTA04_CACHE=os.path.join(base, "cache-gta04"))
    lib_env.pop("GTA04_OFFLINE", None)
    lib_env.update(env)
    proc = subprocess.run(["bash", "-c", 'set -euo pipefail; . "%s"; %s' % (LIB, script)], check=False,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=lib_env)
    return proc.returncode, proc.stdout


class SetupTest(GTA04Test):
    def test_update_survives_a_broken_index(self) -> None:
        with tempfile.TemporaryDirectory() as base:
            conf, _ = archive(base)
            rc, out = lib("apt_update_once; echo UPDATED; apt_installable gta04-good && echo GOOD; "
                          "apt_installable gta04-fixture || echo FIXTURE-NOT-INSTALLABLE", base, conf)
            print("\n".join("  | " + line for line in out.splitlines()
                             if "warning" in line or "retrying" in line))
            if rc != 0 or "UPDATED" not in out:
                raise TestFailure("apt_update_once did not survive the broken index (%d):\n%s"
                                  % (rc, out))
            if out.count("retrying in 0 s") != 2:
                raise TestFailure("the update was not tried 3 times:\n" + out)
            if "some indexes failed after 3 tries" not in out \
                    or "mirror gta04/main armhf Packages" not in out:
                raise TestFailure("no warning naming the broken index:\n" + out)
            if "GOOD" not in out or "FIXTURE-NOT-INSTALLABLE" not in out:
                raise TestFailure("installability not as the indexes say:\n" + out)

    def test_pinned_deb_from_the_pool(self) -> None:
        with tempfile.TemporaryDirectory() as base:
            conf, fixture_sum = archive(base)
            dest = os.path.join(base, "debs")
            rc, out = lib('fetch_pinned_deb host "%s" gta04-fixture 1.0 armhf %s' % (dest, fixture_sum),
                          base, conf)
            got = os.path.join(dest, "gta04-fixture_1.0_armhf.deb")
            if rc != 0 or not os.path.exists(got) or sha256(got) != fixture_sum:
                raise TestFailure("no verified .deb from the pool (%d):\n%s" % (rc, out))
            if "from the pool, by the Sources index" not in out:
                raise TestFailure("the .deb did not come by the pool path:\n" + out)
            print("  gta04-fixture_1.0_armhf.deb from the pool, SHA-256 ok")

    def test_checksum_mismatch_is_fatal(self) -> None:
        with tempfile.TemporaryDirectory() as base:
            conf, _ = archive(base)
            dest = os.path.join(base, "debs")
            rc, out = lib('fetch_pinned_deb host "%s" gta04-fixture 1.0 armhf %s' % (dest, "1" * 64),
                          base, conf)
            errors = [line for line in out.splitlines() if line.startswith("error:")]
            if rc == 0 or len(errors) != 1 or "SHA-256 mismatch" not in errors[0]:
                raise TestFailure("a wrong checksum was not one fatal error line (%d):\n%s" % (rc, out))
            print("  " + errors[0])

    def test_offline_refuses_downloads(self) -> None:
        with tempfile.TemporaryDirectory() as base:
            conf, fixture_sum = archive(base)
            dest = os.path.join(base, "debs")
            rc, out = lib('fetch_pinned_deb host "%s" gta04-fixture 1.0 armhf %s' % (dest, fixture_sum),
                          base, conf, GTA04_OFFLINE="1")
            if rc == 0 or "needed during the tests, after set-up" not in out:
                raise TestFailure("a download under GTA04_OFFLINE=1 was not refused (%d):\n%s"
                                  % (rc, out))
            rc, out = lib('need_packages "a test" gta04-no-such-package', base, conf, GTA04_OFFLINE="1")
            if rc == 0 or "nothing is installed during the tests" not in out:
                raise TestFailure("an install under GTA04_OFFLINE=1 was not refused (%d):\n%s" % (rc, out))

    def test_setup_with_the_network_cut(self) -> None:
        if os.geteuid() != 0 or not shutil.which("unshare"):
            print("SKIP test_setup_with_the_network_cut: needs root and unshare (a network namespace)")
            return
        env = dict(os.environ)
        env.pop("GTA04_OFFLINE", None)   # let it try: only the namespace stops it
        proc = subprocess.run(["unshare", "-n", os.path.join(REPO, "scripts", "setup.sh"), "--all"],
                              check=False, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              env=env, timeout=1800)
        if proc.returncode != 0:
            raise TestFailure("scripts/setup.sh --all with no network failed (%d):\n%s"
                              % (proc.returncode, proc.stdout[-3000:]))
        print("  scripts/setup.sh --all in a namespace with no network: ok")


if __name__ == "__main__":
    GTA04Test.main()
