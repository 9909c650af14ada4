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

SUITE = "bookworm"
READY = b"GTA04-GUEST-READY"
PROMPT = re.compile(rb"gta04:[^\r\n]*# ")
POWEROFF_TIMEOUT = 120   # s from typing poweroff to QEMU exiting
CLOSING = re.compile(r"^(?:\w+: )?\d+ passed, \d+ failed(?:, \d+ skipped)?$")


# -- the host's apt sources -------------------------------------------------

def _deb822_stanzas(text):
    """[(fields dict, raw lines)] of a deb822 .sources file."""
    stanzas, fields, raw, key = [], {}, [], None
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


def _enabled(fields):
    return fields.get("enabled", "yes").lower() not in ("no", "false", "0")


def _is_debian(suites):
    return any(s == SUITE or s.startswith(SUITE + "-") or s.startswith(SUITE + "/")
               for s in suites)


def _list_entries(text):
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


def host_source_files():
    """The host's active apt source files: *.sources and *.list in sources.list.d
    (a renamed, disabled file matches neither) and sources.list."""
    files = sorted(glob.glob("/etc/apt/sources.list.d/*.sources"))
    files += sorted(glob.glob("/etc/apt/sources.list.d/*.list"))
    if os.path.isfile("/etc/apt/sources.list"):
        files.append("/etc/apt/sources.list")
    return files


def debian_entries():
    """[(file, kind, data)] for every enabled deb entry of a bookworm suite."""
    out = []
    for f in host_source_files():
        text = open(f).read()
        if f.endswith(".sources"):
            for fields, raw in _deb822_stanzas(text):
                types = fields.get("types", "").split()
                if _enabled(fields) and "deb" in types and \
                        _is_debian(fields.get("suites", "").split()):
                    out.append((f, "deb822", (fields, raw)))
        else:
            for e in _list_entries(text):
                if e[0] == "deb" and _is_debian([e[3]]):
                    out.append((f, "list", e))
    return out


def cmd_mirror():
    """The archive URI serving the bookworm suite itself (what debootstrap needs)."""
    for _f, kind, data in debian_entries():
        if kind == "deb822":
            fields, _raw = data
            if SUITE in fields.get("suites", "").split():
                for uri in fields.get("uris", "").split():
                    if re.match(r"^(https?|file):", uri):
                        print(uri)
                        return 0
        else:
            if data[3] == SUITE and re.match(r"^(https?|file):", data[2]):
                print(data[2])
                return 0
    print("no enabled 'deb' entry for suite %s (http/https/file) in the host's apt sources"
          % SUITE, file=sys.stderr)
    return 1


def cmd_apt_sources(dest):
    """Write the host's Debian entries as DEST/etc/apt/sources.list.d/*, deb only:
    a stock Debian 12 image has no deb-src, so the project's own step that enables
    them (ensure_deb_src in scripts/lib.sh) is exercised.  Prints the keyring
    files (Signed-By) the entries name, one a line."""
    per_file, keyrings = {}, []
    for f, kind, data in debian_entries():
        if kind == "deb822":
            fields, raw = data
            lines = []
            for line in raw:
                if re.match(r"(?i)^types:", line):
                    line = "Types: deb"
                lines.append(line)
            per_file.setdefault(f, []).append("\n".join(lines))
            sb = fields.get("signed-by", "")
            if sb.startswith("/"):
                keyrings.append(sb.split()[0])
        else:
            typ, opts, uri, suite, comps = data
            per_file.setdefault(f, []).append(
                " ".join(x for x in (typ, opts, uri, suite, comps) if x))
            m = re.search(r"signed-by=([^\s\]]+)", opts)
            if m:
                keyrings.append(m.group(1))
    if not per_file:
        print("no Debian bookworm entries in the host's apt sources", file=sys.stderr)
        return 1
    d = os.path.join(dest, "etc/apt/sources.list.d")
    os.makedirs(d, exist_ok=True)
    for f, chunks in per_file.items():
        name = os.path.basename(f)
        if f == "/etc/apt/sources.list":
            name = "host-sources.list"
        sep = "\n\n" if name.endswith(".sources") else "\n"
        with open(os.path.join(d, name), "w") as out:
            out.write(sep.join(chunks) + "\n")
        print("apt source: %s" % name, file=sys.stderr)
    for k in sorted(set(keyrings)):
        print(k)
    return 0


# -- driving the chroot --------------------------------------------------------

def _write_result(path, **kv):
    with open(path, "a") as f:
        for k, v in kv.items():
            f.write("%s=%s\n" % (k, v))


def _kill(p):
    """End the child's whole session (it was started in a new one), then reap it."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(p.pid, sig)
        except ProcessLookupError:
            break
        try:
            p.wait(10)
            break
        except subprocess.TimeoutExpired:
            pass


def cmd_run(log, result, timeout, argv):
    """make run on a pty: wait for READY then the prompt, type poweroff, and
    wait (bounded) for it to exit on its own."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))

    def ctty():
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave,
                         start_new_session=True, preexec_fn=ctty, close_fds=True)
    os.close(slave)
    buf, ready, prompt_t, off_t = b"", False, None, None
    deadline = t0 + timeout
    with open(log, "wb") as lf:
        try:
            while time.monotonic() < deadline:
                r, _, _ = select.select([master], [], [], 1.0)
                if not r:
                    if p.poll() is not None:
                        break              # exited, and nothing more to read
                    continue
                try:
                    data = os.read(master, 65536)
                except OSError:            # EIO: every writer of the pty is gone
                    data = b""
                if not data:
                    break
                lf.write(data)
                lf.flush()
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
                p.wait(10 if time.monotonic() < deadline else 0.1)
            except subprocess.TimeoutExpired:
                pass
        finally:
            exited = p.poll() is not None
            if not exited:
                _kill(p)
            os.close(master)
    rc = p.returncode
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


def cmd_check(log, result, timeout, argv):
    """make check: stdin /dev/null as in CI, output to LOG and here."""
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, start_new_session=True)
    closing, status = "", "timeout"
    fd = p.stdout.fileno()
    pending = b""
    with open(log, "wb") as lf:
        try:
            while time.monotonic() - t0 < timeout:
                r, _, _ = select.select([fd], [], [], 1.0)
                if not r:
                    continue
                data = os.read(fd, 65536)
                if not data:
                    status = "done"
                    break
                lf.write(data)
                lf.flush()
                sys.stdout.buffer.write(data)
                sys.stdout.flush()
                pending += data
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    s = line.decode("utf-8", "replace").strip()
                    if CLOSING.match(s):
                        closing = s
        finally:
            if status == "done":
                try:
                    p.wait(60)
                except subprocess.TimeoutExpired:
                    status = "timeout"
            _kill(p)
            p.stdout.close()
    rc = p.returncode
    if status == "done":
        status = "ok" if rc == 0 and closing else ("no-closing-line" if rc == 0
                                                     else "exit-%s" % rc)
    _write_result(result, check_status=status, check_rc=rc, check_closing=closing,
                  check_total_s="%.0f" % (time.monotonic() - t0))
    return 0 if status == "ok" else 1


def _on_signal(signum, _frame):
    raise SystemExit(128 + signum)   # so the finally blocks end the child's session


def main(args):
    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGHUP, _on_signal)
    if args[:1] == ["mirror"]:
        return cmd_mirror()
    if args[:1] == ["apt-sources"] and len(args) == 2:
        return cmd_apt_sources(args[1])
    if args[:1] in (["run"], ["check"]) and len(args) > 5 and args[4] == "--":
        fn = cmd_run if args[0] == "run" else cmd_check
        return fn(args[1], args[2], float(args[3]), args[5:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
