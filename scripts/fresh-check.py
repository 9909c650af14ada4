#!/usr/bin/env python3
"""Host-side helpers of scripts/fresh-check.sh (run on the host, not in the
chroot: the minimal root has no python3).

    fresh-check.py mirror                print the host's Debian archive URI for bookworm
    fresh-check.py apt-sources DESTDIR   write the host's Debian sources into DESTDIR/etc/apt
                                         (deb entries only; print the keyrings they name)
    fresh-check.py run LOG RESULT TIMEOUT -- ARGV...
                                         run ARGV on a pty until the guest's shell prompt,
                                         type poweroff, wait for ARGV to exit
    fresh-check.py check LOG RESULT TIMEOUT -- ARGV...
                                         run ARGV (stdin /dev/null) and pick its closing line

The apt configuration is read from the host at run time: no archive is named here.
RESULT gets key=value lines (status, times, exit code, closing line).
"""
import fcntl
import glob
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from types import FrameType
from typing import Dict, List, Optional, Tuple, Union, cast

SUITE = "bookworm"
READY = b"GTA04-GUEST-READY"
PROMPT = re.compile(rb"gta04:[^\r\n]*# ")
POWEROFF_TIMEOUT = 120   # s from typing poweroff to QEMU exiting
CLOSING = re.compile(r"^(?:\w+: )?\d+ passed, \d+ failed(?:, \d+ skipped)?$")


# -- the host's apt sources -------------------------------------------------

Stanza = Tuple[Dict[str, str], List[str]]     # a deb822 stanza: fields, raw lines
ListEntry = Tuple[str, str, str, str, str]      # type, options, uri, suite, components
# an apt source entry: its file, "deb822" or "list", and the stanza or entry
Entry = Tuple[str, str, Union[Stanza, ListEntry]]


def _deb822_stanzas(text: str) -> List[Stanza]:
    """[(fields dict, raw lines)] of a deb822 .sources file."""
    stanzas: List[Stanza] = []
    fields: Dict[str, str] = {}
    raw: List[str] = []
    key: Optional[str] = None
    for line in text.splitlines() + [""]:
        if not line.strip():
            if fields:
                stanzas.append((fields, raw))
            fields, raw, key = {}, [], None
            continue
        raw.append(line)
        if line.startswith("#"):
            continue
        if line[0] in " \t" and key:
            fields[key] += " " + line.strip()
            continue
        if ":" in line:
            key, val = line.split(":", 1)
            key = key.strip().lower()
            fields[key] = val.strip()
    return stanzas


def _enabled(fields: Dict[str, str]) -> bool:
    """Whether a deb822 stanza is enabled."""
    return fields.get("enabled", "yes").lower() not in ("no", "false", "0")


def _is_debian(suites: List[str]) -> bool:
    """Whether any of the suites is bookworm's (or bookworm-*, bookworm/*)."""
    return any(text == SUITE or text.startswith(SUITE + "-") or text.startswith(SUITE + "/")
               for text in suites)


def _list_entries(text: str) -> List[ListEntry]:
    """(type, options, uri, suite, components) of each active one-line entry."""
    out = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.match(r"^(deb|deb-src)\s+(\[[^\]]*\]\s+)?(\S+)\s+(\S+)(.*)$", line)
        if m:
            out.append((m.group(1), (m.group(2) or "").strip(), m.group(3), m.group(4),
                        m.group(5).strip()))
    return out


def host_source_files() -> List[str]:
    """The host's active apt source files: *.sources and *.list in sources.list.d
    (a renamed, disabled file matches neither) and sources.list."""
    files = sorted(glob.glob("/etc/apt/sources.list.d/*.sources"))
    files += sorted(glob.glob("/etc/apt/sources.list.d/*.list"))
    if os.path.isfile("/etc/apt/sources.list"):
        files.append("/etc/apt/sources.list")
    return files


def debian_entries() -> List[Entry]:
    """[(file, kind, data)] for every enabled deb entry of a bookworm suite."""
    out: List[Entry] = []
    for path in host_source_files():
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        if path.endswith(".sources"):
            for fields, raw in _deb822_stanzas(text):
                types = fields.get("types", "").split()
                if _enabled(fields) and "deb" in types and \
                        _is_debian(fields.get("suites", "").split()):
                    out.append((path, "deb822", (fields, raw)))
        else:
            for entry in _list_entries(text):
                if entry[0] == "deb" and _is_debian([entry[3]]):
                    out.append((path, "list", entry))
    return out


def cmd_mirror() -> int:
    """The archive URI serving the bookworm suite itself (what debootstrap needs)."""
    for _path, kind, data in debian_entries():
        if kind == "deb822":
            fields, _raw = cast(Stanza, data)
            if SUITE in fields.get("suites", "").split():
                for uri in fields.get("uris", "").split():
                    if re.match(r"^(https?|file):", uri):
                        print(uri)
                        return 0
        else:
            entry = cast(ListEntry, data)
            if entry[3] == SUITE and re.match(r"^(https?|file):", entry[2]):
                print(entry[2])
                return 0
    print("no enabled 'deb' entry for suite %s (http/https/file) in the host's apt sources"
          % SUITE, file=sys.stderr)
    return 1


def cmd_apt_sources(dest: str) -> int:
    """Write the host's Debian entries as DEST/etc/apt/sources.list.d/*, deb only:
    a stock Debian 12 image has no deb-src, so the project's own step that enables
    them (ensure_deb_src in scripts/lib.sh) is exercised.  Prints the keyring
    files (Signed-By) the entries name, one a line."""
    per_file: Dict[str, List[str]] = {}
    keyrings: List[str] = []
    for path, kind, data in debian_entries():
        if kind == "deb822":
            fields, raw = cast(Stanza, data)
            lines = []
            for line in raw:
                if re.match(r"(?i)^types:", line):
                    line = "Types: deb"
                lines.append(line)
            per_file.setdefault(path, []).append("\n".join(lines))
            signed_by = fields.get("signed-by", "")
            if signed_by.startswith("/"):
                keyrings.append(signed_by.split()[0])
        else:
            entry = cast(ListEntry, data)      # type, options, uri, suite, components
            per_file.setdefault(path, []).append(" ".join(x for x in entry if x))
            m = re.search(r"signed-by=([^\s\]]+)", entry[1])
            if m:
                keyrings.append(m.group(1))
    if not per_file:
        print("no Debian bookworm entries in the host's apt sources", file=sys.stderr)
        return 1
    _write_sources(os.path.join(dest, "etc/apt/sources.list.d"), per_file)
    for k in sorted(set(keyrings)):
        print(k)
    return 0


def _write_sources(sources_dir: str, per_file: Dict[str, List[str]]) -> None:
    """The entries of each host file, as a file of that name in sources_dir."""
    os.makedirs(sources_dir, exist_ok=True)
    for path, chunks in per_file.items():
        name = os.path.basename(path)
        if path == "/etc/apt/sources.list":
            name = "host-sources.list"
        sep = "\n\n" if name.endswith(".sources") else "\n"
        with open(os.path.join(sources_dir, name), "w", encoding="utf-8") as out:
            out.write(sep.join(chunks) + "\n")
        print("apt source: %s" % name, file=sys.stderr)


# -- driving the chroot --------------------------------------------------------

def _write_result(path: str, **kv: object) -> None:
    """Append KEY=VALUE lines to the result file."""
    with open(path, "a", encoding="utf-8") as fh:
        for k, value in kv.items():
            fh.write("%s=%s\n" % (k, value))


def _kill(proc: "subprocess.Popen[bytes]") -> None:
    """End the child's whole session (it was started in a new one), then reap it."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        try:
            proc.wait(10)
            break
        except subprocess.TimeoutExpired:
            pass


# a pty, a child session, a state machine over its output: one loop, read in order
def cmd_run(log: str, result: str, timeout: float,  # pylint: disable=too-many-locals,too-many-branches,too-many-statements
            argv: List[str]) -> int:
    """make run on a pty: wait for READY then the prompt, type poweroff, and
    wait (bounded) for it to exit on its own."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))

    def ctty() -> None:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    t0 = time.monotonic()
    # preexec_fn: the pty must become the new session's controlling terminal
    # (no threads here)
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave,  # pylint: disable=subprocess-popen-preexec-fn
                            start_new_session=True, preexec_fn=ctty, close_fds=True)
    os.close(slave)
    buf, ready = b"", False
    prompt_t: Optional[float] = None
    off_t: Optional[float] = None
    deadline = t0 + timeout
    with open(log, "wb") as log_file:
        try:
            while time.monotonic() < deadline:
                ready_fds, _, _ = select.select([master], [], [], 1.0)
                if not ready_fds:
                    if proc.poll() is not None:
                        break              # exited, and nothing more to read
                    continue
                try:
                    data = os.read(master, 65536)
                except OSError:            # EIO: every writer of the pty is gone
                    data = b""
                if not data:
                    break
                log_file.write(data)
                log_file.flush()
                sys.stdout.buffer.write(data)
                sys.stdout.flush()
                buf = (buf + data)[-65536:]
                if not ready and READY in buf:
                    ready = True
                    buf = buf[buf.rindex(READY):]
                if ready and prompt_t is None and PROMPT.search(buf):
                    prompt_t = time.monotonic() - t0
                    time.sleep(1)
                    os.write(master, b"poweroff\r")
                    off_t = time.monotonic()
                    deadline = off_t + POWEROFF_TIMEOUT
            try:
                proc.wait(10 if time.monotonic() < deadline else 0.1)
            except subprocess.TimeoutExpired:
                pass
        finally:
            exited = proc.poll() is not None
            if not exited:
                _kill(proc)
            os.close(master)
    rc = proc.returncode
    if prompt_t is None:
        status = "exited-before-prompt" if exited else "timeout-prompt"
    elif not exited:
        status = "timeout-poweroff"
    else:
        status = "ok" if rc == 0 else "exit-%s" % rc
    _write_result(result, run_status=status, run_rc=rc if exited else "",
                  run_prompt_s="%.0f" % prompt_t if prompt_t is not None else "",
                  run_poweroff_s="%.1f" % (time.monotonic() - off_t) if off_t else "",
                  run_total_s="%.0f" % (time.monotonic() - t0))
    return 0 if status == "ok" else 1


def cmd_check(log: str, result: str, timeout: float, argv: List[str]) -> int:  # pylint: disable=too-many-locals
    """make check: stdin /dev/null as in CI, output to LOG and here."""
    t0 = time.monotonic()
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, start_new_session=True)
    assert proc.stdout is not None      # stdout=PIPE
    closing, status = "", "timeout"
    fd = proc.stdout.fileno()
    pending = b""
    with open(log, "wb") as log_file:
        try:
            while time.monotonic() - t0 < timeout:
                ready_fds, _, _ = select.select([fd], [], [], 1.0)
                if not ready_fds:
                    continue
                data = os.read(fd, 65536)
                if not data:
                    status = "done"
                    break
                log_file.write(data)
                log_file.flush()
                sys.stdout.buffer.write(data)
                sys.stdout.flush()
                pending += data
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    text = line.decode("utf-8", "replace").strip()
                    if CLOSING.match(text):
                        closing = text
        finally:
            if status == "done":
                try:
                    proc.wait(60)
                except subprocess.TimeoutExpired:
                    status = "timeout"
            _kill(proc)
            proc.stdout.close()
    rc = proc.returncode
    if status == "done":
        status = "ok" if rc == 0 and closing else ("no-closing-line" if rc == 0
                                                     else "exit-%s" % rc)
    _write_result(result, check_status=status, check_rc=rc, check_closing=closing,
                  check_total_s="%.0f" % (time.monotonic() - t0))
    return 0 if status == "ok" else 1


def _on_signal(signum: int, _frame: Optional[FrameType]) -> None:
    raise SystemExit(128 + signum)   # so the finally blocks end the child's session


def main(args: List[str]) -> int:
    """The subcommand of args; its exit status."""
    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGHUP, _on_signal)
    if args[:1] == ["mirror"]:
        return cmd_mirror()
    if args[:1] == ["apt-sources"] and len(args) == 2:
        return cmd_apt_sources(args[1])
    if args[:1] in (["run"], ["check"]) and len(args) > 5 and args[4] == "--":
        command = cmd_run if args[0] == "run" else cmd_check
        return command(args[1], args[2], float(args[3]), args[5:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
