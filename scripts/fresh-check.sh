#!/usr/bin/env bash
# make fresh-check: the README's two commands on a truly minimal Debian 12, so
# that a host tool the project forgets to install fails here and not on a
# user's fresh machine.  Run as root (debootstrap, chroot, mounts).
#
#   1. a pristine Debian 12 root: debootstrap --variant=minbase bookworm, once;
#      cached as a tarball in $GTA04_CACHE/fresh/, keyed by the debootstrap inputs
#   2. a fresh copy of it for this run (under $GTA04_CACHE/fresh or /var/tmp),
#      with the HOST's apt configuration copied in at run time: its Debian
#      sources (deb entries only, as on a stock image: the project enables
#      deb-src itself), the apt.conf.d entries that set Acquire:: options, and
#      /etc/resolv.conf.  The archive itself is read from the host's sources;
#      this script names none.
#   3. a `git clone` of the current HEAD of this repository into /root/qemu-gta04,
#      so UNCOMMITTED CHANGES ARE NOT INCLUDED: commit first (GTA04_FRESH_REV=REV
#      checks another commit or branch of this repository instead).  The chroot's
#      GTA04_CACHE is empty, as on a fresh machine: the QEMU source and the
#      guest's .debs come from the Debian archive.
#   4. in the chroot, as a new user would: `apt-get install make` (a minimal
#      Debian has no make, see the README), then `make run` on a pty up to the
#      guest's shell prompt, `poweroff` typed there, QEMU must exit 0 on its own;
#      then `make check` (stdin /dev/null, as in CI) to "N passed, N failed",
#      exit status 0.
#   5. the copy is deleted (also on failure or Ctrl-C): every mount lives in a
#      private mount namespace of its phase and dies with it; before deleting,
#      findmnt/mountpoint must show nothing mounted below the copy.
#
# Logs: $GTA04_CACHE/fresh/logs/<time>-*.log (and the chroot's own logs in
# <time>-chroot/).  Environment: GTA04_FRESH_RUN_TIMEOUT (s to the guest's
# prompt, default 2400), GTA04_FRESH_CHECK_TIMEOUT (default 3600),
# GTA04_FRESH_KEEP=1 (keep the copy, unmounted, for a look).
set -euo pipefail

SELF="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
CHROOT_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

# --enter ROOT HOST_MNTNS TERM CMD: run inside `unshare --mount --propagation
# private` (never directly): mount the pseudo file systems into ROOT, then
# chroot and run CMD in a login shell.  The mounts vanish with the namespace.
if [ "${1:-}" = "--enter" ]; then
    root=$2 host_ns=$3 term=$4 cmd=$5
    if [ "$(readlink /proc/self/ns/mnt)" = "$host_ns" ]; then
        echo "fresh-check --enter: not in a private mount namespace; refusing to mount" >&2
        exit 1
    fi
    for d in proc sys dev; do [ -d "$root/$d" ] || { echo "no $root/$d" >&2; exit 1; }; done
    mount -t proc proc "$root/proc"
    mount -t sysfs sysfs "$root/sys"
    mount --bind /dev "$root/dev"          # no submounts: /dev/pts, /dev/shm below
    [ -d "$root/dev/pts" ] && [ -d "$root/dev/shm" ] || { echo "no /dev/pts or /dev/shm" >&2; exit 1; }
    mount --bind /dev/pts "$root/dev/pts"  # the host's: the pty fresh-check.py made
    mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs "$root/dev/shm"
    exec chroot "$root" /usr/bin/env -i HOME=/root PATH="$CHROOT_PATH" LANG=C.UTF-8 \
        TERM="$term" /bin/bash -lc "$cmd"
fi

if [ "$(id -u)" -ne 0 ]; then
    echo "error: make fresh-check must run as root (it runs debootstrap, chroot and mounts)" >&2
    exit 1
fi

. "$(dirname "$0")/lib.sh"

SUITE=bookworm
FRESH="$GTA04_CACHE/fresh"
LOGS="$FRESH/logs"
NEED_MB=12288     # free space for one run (QEMU source + build + guest + packages)
RUN_TIMEOUT="${GTA04_FRESH_RUN_TIMEOUT:-2400}"
CHECK_TIMEOUT="${GTA04_FRESH_CHECK_TIMEOUT:-3600}"
HELPER="$REPO/scripts/fresh-check.py"
STAMP=$(date +%Y%m%d-%H%M%S)
HOST_NS=$(readlink /proc/self/ns/mnt)
mkdir -p "$FRESH" "$LOGS"

exec 8>"$FRESH/.lock"
flock -n 8 || die "another fresh-check is running (lock $FRESH/.lock)"

T0=$(date +%s)
RUN=""       # this run's directory (deleted by cleanup)
phase_start() { PHASE="$1"; PT0=$(date +%s); step "fresh-check: $1"; }
phase_end()   { PHASE_S=$(( $(date +%s) - PT0 )); step "fresh-check: $PHASE: ${PHASE_S} s"; }

# mounts_below DIR: mount points at or below DIR in this (the host's) namespace
mounts_below() {
    findmnt -rn -o TARGET | awk -v d="$1" '$0 == d || index($0, d "/") == 1' | sort -r
}

# kill_inside DIR: end the processes whose root is DIR or below (ours: started by this run)
kill_inside() {
    local sig p r
    for sig in TERM KILL; do
        for p in /proc/[0-9]*; do
            r=$(readlink "$p/root" 2>/dev/null) || continue
            case "$r" in "$1"|"$1"/*) kill -"$sig" "${p#/proc/}" 2>/dev/null || true ;; esac
        done
        sleep 1
    done
}

# safe_rm DIR: unmount whatever is below DIR, check that nothing is, then delete
safe_rm() {
    local d="$1" m
    [ -n "$d" ] && [ -d "$d" ] || return 0
    case "$d" in "$FRESH"/*|/var/tmp/*) ;; *) echo "error: refusing to delete $d" >&2; return 1 ;; esac
    kill_inside "$d"
    for m in $(mounts_below "$d"); do
        umount "$m" 2>/dev/null || umount -l "$m" || true
    done
    if [ -n "$(mounts_below "$d")" ]; then
        echo "error: still mounted below $d, NOT deleting it:" >&2; mounts_below "$d" >&2
        return 1
    fi
    for m in "$d"/root/proc "$d"/root/sys "$d"/root/dev/pts "$d"/root/dev/shm "$d"/root/dev; do
        if mountpoint -q "$m" 2>/dev/null; then
            echo "error: $m is a mount point, NOT deleting $d" >&2; return 1
        fi
    done
    rm -rf --one-file-system "$d"
}

save_chroot_logs() {
    local r="$RUN/root" out="$LOGS/$STAMP-chroot"
    [ -d "$r/root" ] || return 0
    mkdir -p "$out"
    cp "$r"/root/.cache/qemu-gta04/*.log "$r"/root/.cache/qemu-gta04/*/*.log \
       "$r"/root/qemu-gta04/.build/obj/*.log "$r"/root/qemu-gta04/.build/*.log "$out"/ 2>/dev/null || true
    cp "$r"/root/qemu-gta04/.build/obj/check-logs/durations "$out"/check-durations 2>/dev/null || true
}

cleanup() {
    local rc=$?
    trap - EXIT INT TERM HUP
    if [ -n "${HELPER_PID:-}" ]; then
        kill -TERM "$HELPER_PID" 2>/dev/null || true
        wait "$HELPER_PID" 2>/dev/null || true
    fi
    if [ -n "$RUN" ] && [ -d "$RUN" ]; then
        save_chroot_logs
        if [ "${GTA04_FRESH_KEEP:-0}" = 1 ]; then
            kill_inside "$RUN"
            [ -z "$(mounts_below "$RUN")" ] || echo "warning: still mounted below $RUN" >&2
            step "fresh-check: kept $RUN (GTA04_FRESH_KEEP=1; nothing mounted there)"
        else
            local t=$SECONDS
            step "fresh-check: deleting $RUN ($(du -sh --one-file-system "$RUN" 2>/dev/null | cut -f1))"
            safe_rm "$RUN" || rc=1
            step "fresh-check: cleaned up in $((SECONDS - t)) s"
        fi
    fi
    [ -z "${BOOT_TMP:-}" ] || safe_rm "$BOOT_TMP" || rc=1
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

fail() {  # LOG MESSAGE
    echo >&2
    echo "---- last 40 lines of $1 ----" >&2
    tail -n 40 "$1" | tr -d '\r' >&2 || true
    echo "----" >&2
    die "fresh-check: $2 (full log: $1)"
}

need_group fresh-check

# -- 1. the pristine root ----------------------------------------------------
MIRROR=$(python3 "$HELPER" mirror) || die "cannot tell the Debian archive from the host's apt sources"
ARCH=$(dpkg --print-architecture)
INCLUDE=""
case "$MIRROR" in https:*) INCLUDE=ca-certificates ;; esac   # apt needs it for https
INPUTS="suite=$SUITE variant=minbase arch=$ARCH mirror=$MIRROR include=$INCLUDE debootstrap=$(dpkg-query -W -f='${Version}' debootstrap)"
KEY=$(printf '%s\n' "$INPUTS" | sha256sum | cut -c1-16)
TARBALL="$FRESH/debian12-minbase-$ARCH-$KEY.tar.gz"

phase_start "pristine Debian 12 root"
if [ -f "$TARBALL" ]; then
    step "cached: $TARBALL"
else
    BOOT_TMP=$(mktemp -d "$FRESH/debootstrap.XXXXXX")
    log="$LOGS/$STAMP-debootstrap.log"
    step "debootstrap --variant=minbase $SUITE (log: $log)"
    proxy=""; eval "$(apt-config shell proxy Acquire::http::Proxy)"
    # debootstrap mounts /proc and /sys in the target: keep them in a private namespace
    if ! env ${proxy:+http_proxy="$proxy"} unshare --mount --propagation private \
            debootstrap --variant=minbase --arch="$ARCH" ${INCLUDE:+--include="$INCLUDE"} \
            "$SUITE" "$BOOT_TMP/root" "$MIRROR" >"$log" 2>&1; then
        fail "$log" "debootstrap failed"
    fi
    [ -z "$(mounts_below "$BOOT_TMP")" ] || die "debootstrap left mounts below $BOOT_TMP"
    tar --numeric-owner -C "$BOOT_TMP/root" -czf "$TARBALL.tmp" .
    printf '%s\n' "$INPUTS" >"$TARBALL.inputs"
    mv "$TARBALL.tmp" "$TARBALL"
    safe_rm "$BOOT_TMP"; BOOT_TMP=""
fi
phase_end; T_ROOT=$PHASE_S

# -- 2. this run's copy, with the host's apt configuration ---------------------
phase_start "fresh copy + host apt configuration + clean clone"
base="$FRESH"
avail_mb() { df -Pm "$1" | awk 'NR == 2 { print $4 }'; }
if [ "$(avail_mb "$base")" -lt "$NEED_MB" ]; then
    base=/var/tmp
    [ "$(avail_mb "$base")" -ge "$NEED_MB" ] ||
        die "need ${NEED_MB} MB free in $FRESH or /var/tmp (df shows $(avail_mb "$FRESH") / $(avail_mb /var/tmp) MB)"
fi
RUN=$(mktemp -d "$base/fresh-run.XXXXXX")
ROOT="$RUN/root"
mkdir "$ROOT"
tar --numeric-owner -C "$ROOT" -xzf "$TARBALL"

rm -f "$ROOT/etc/apt/sources.list" "$ROOT"/etc/apt/sources.list.d/*
keyrings=$(python3 "$HELPER" apt-sources "$ROOT") || die "cannot copy the host's Debian apt sources"
for k in $keyrings; do
    [ -e "$ROOT$k" ] || { [ -f "$k" ] && install -D -m 644 "$k" "$ROOT$k"; } ||
        die "the host's apt sources name keyring $k, which neither the root nor the host has"
done
for f in /etc/apt/apt.conf.d/*; do
    [ -f "$f" ] && grep -q '^[[:space:]]*Acquire::' "$f" || continue
    cp "$f" "$ROOT/etc/apt/apt.conf.d/"
    step "apt.conf.d: $(basename "$f")"
done
cp -L --remove-destination /etc/resolv.conf "$ROOT/etc/resolv.conf"

HEAD=$(git -C "$REPO" rev-parse --verify "${GTA04_FRESH_REV:-HEAD}^{commit}") ||
    die "GTA04_FRESH_REV=${GTA04_FRESH_REV:-} is no commit of $REPO"
[ -n "${GTA04_FRESH_REV:-}" ] || [ -z "$(git -C "$REPO" status --porcelain --untracked-files=no)" ] ||
    step "note: $REPO has uncommitted changes; they are NOT part of this check (HEAD $HEAD is)"
git clone -q --no-hardlinks "$REPO" "$ROOT/root/qemu-gta04"
git -C "$ROOT/root/qemu-gta04" checkout -q --detach "$HEAD"
[ ! -e "$ROOT/root/.cache" ] || die "the pristine root has a /root/.cache"
step "clone of $HEAD in $ROOT/root/qemu-gta04; GTA04_CACHE in the chroot is empty"
phase_end; T_COPY=$PHASE_S

# helper ARGS...: fresh-check.py in the background, so that a signal to this
# script runs its trap at once (which ends the helper, and the helper its child)
HELPER_PID=""
helper() {
    python3 "$HELPER" "$@" &
    HELPER_PID=$!
    wait "$HELPER_PID" || true
    HELPER_PID=""
}

in_chroot() {  # TERM CMD: the argv that runs CMD in the chroot
    printf '%s\0' unshare --mount --propagation private -- "$SELF" --enter "$ROOT" "$HOST_NS" "$1" "$2"
}

# -- 3. what the README says to install first -----------------------------------
phase_start "apt-get install make (the README's prerequisite)"
log="$LOGS/$STAMP-prerequisite.log"
if ! timeout 900 unshare --mount --propagation private -- "$SELF" --enter "$ROOT" "$HOST_NS" dumb \
        'if command -v make; then echo "make: already there"; else echo "make: missing, installing it";
         apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends make; fi' \
        </dev/null >"$log" 2>&1; then
    fail "$log" "installing make in the chroot failed"
fi
phase_end; T_PRE=$PHASE_S

RESULT="$LOGS/$STAMP-result.txt"
: >"$RESULT"

# -- 4. make run: to the guest's shell, then poweroff -----------------------------
phase_start "make run (to the guest's shell prompt, then poweroff)"
log="$LOGS/$STAMP-make-run.log"
mapfile -d '' argv < <(in_chroot xterm 'cd /root/qemu-gta04 && make run')
helper run "$log" "$RESULT" "$RUN_TIMEOUT" -- "${argv[@]}"
phase_end; T_RUN=$PHASE_S
get() { sed -n "s/^$1=//p" "$RESULT" | tail -1; }
echo
if [ "$(get run_status)" != ok ]; then
    fail "$log" "make run: $(get run_status) (prompt after $(get run_prompt_s) s, exit status $(get run_rc))"
fi
step "make run: shell prompt after $(get run_prompt_s) s; poweroff: QEMU exited 0 after $(get run_poweroff_s) s"

# -- 5. make check ----------------------------------------------------------------
phase_start "make check"
log="$LOGS/$STAMP-make-check.log"
mapfile -d '' argv < <(in_chroot dumb 'cd /root/qemu-gta04 && make check')
helper check "$log" "$RESULT" "$CHECK_TIMEOUT" -- "${argv[@]}"
phase_end; T_CHECK=$PHASE_S
if [ "$(get check_status)" != ok ]; then
    fail "$log" "make check: $(get check_status), closing line '$(get check_closing)'"
fi

# -- summary --------------------------------------------------------------------------
installed=$(cat "$LOGS/$STAMP"-*.log | tr '\r' '\n' | sed -n 's/^==> installing for \(.*\)$/  \1/p')
step "what the project's scripts installed into the minimal root:"
printf '%s\n' "${installed:-  (nothing)}" >&2
step "phases: root ${T_ROOT} s, copy+clone ${T_COPY} s, make ${T_PRE} s, make run ${T_RUN} s, make check ${T_CHECK} s"
echo "fresh-check: $(git -C "$REPO" log -1 --format='%h %s' "$HEAD" | cut -c1-72)"
echo "fresh-check: make run reached the shell in $(get run_prompt_s) s and powered off;" \
     "make check: $(get check_closing) in ${T_CHECK} s; total $(( $(date +%s) - T0 )) s"
