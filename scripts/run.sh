#!/usr/bin/env bash
# The main job: build QEMU with the GTA04 board, make the Debian guest, and
# boot it to a shell on the emulated GTA04 (serial console on this terminal;
# quit with Ctrl-A X).  Extra arguments go to qemu-system-arm, e.g.
#   scripts/run.sh -rtc base=2026-01-01T00:00:00 -trace 'twl4030_*'
#
# Record and replay (QEMU 7.2's icount record/replay, docs/system/arm/gta04.rst):
#   scripts/run.sh --record DIR [qemu args...]   record a run into DIR
#   scripts/run.sh --replay DIR [qemu args...]   replay it (e.g. -s -S, -trace, -D)
# --record saves the machine's arguments (DIR/qemu-args, with the extra ones)
# and the icount setting (DIR/icount) next to the event log DIR/replay.bin;
# --replay starts QEMU with exactly those, so the two command lines agree.
# In both modes the console is `-serial stdio` without the monitor mux (the
# mux's input bypasses the recording), the HMP monitor is the unix socket
# DIR/monitor.sock (record) or DIR/monitor-replay.sock, the RTC runs on the
# virtual clock from a fixed date, there is no -snapshot and no network.
# Ctrl-C ends either.  In replay what you type is ignored: the recorded input
# is played back.  Environment: GTA04_KERNEL (one of Debian's kernels by name,
# guest/debian-kernels: 6.1, the default, 6.12 or 7.2, each with its own dtb,
# modules and console; or a directory with your own kernel: vmlinuz or
# zImage, omap3-gta04a5.dtb and modules/ if it has any, as
# scripts/make-kernel.sh leaves them, made into a guest by
# scripts/make-guest.sh --kernel; or the path of another vmlinuz, booted with
# the 6.1 guest's dtb and initramfs),
# GTA04_APPEND (more kernel arguments),
# GTA04_RR_SHIFT (icount shift, default 3: 8 ns per instruction),
# GTA04_RR_SERIAL (console backend, default stdio; e.g. file:PATH),
# GTA04_RR_SNAPSHOT=NAME (--record: also keep the VM state at the start in
# DIR/snapshots.qcow2, needs qemu-img, for reverse debugging in replay).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

mode=
case "${1:-}" in
    --record|--replay)
        [ $# -ge 2 ] || die "usage: $0 $1 DIR [qemu args...]"
        mode="${1#--}"; dir="$2"; shift 2 ;;
esac

"$REPO/scripts/setup.sh"
# GTA04_KERNEL: a name of guest/debian-kernels, a kernel's directory, or a vmlinuz
if [ -z "${GTA04_KERNEL:-}" ] || grep -qx -- "$GTA04_KERNEL" <<<"$("$REPO/scripts/make-guest.sh" --list)"; then
    guest=$("$REPO/scripts/make-guest.sh" ${GTA04_KERNEL:-})
    kernel="$guest/vmlinuz"
elif [ -d "$GTA04_KERNEL" ]; then
    guest=$("$REPO/scripts/make-guest.sh" --kernel "$GTA04_KERNEL")
    kernel="$guest/vmlinuz"
else
    [ -f "$GTA04_KERNEL" ] || die "GTA04_KERNEL=$GTA04_KERNEL: neither a kernel of guest/debian-kernels ($("$REPO/scripts/make-guest.sh" --list | xargs)), a directory, nor a file"
    guest=$("$REPO/scripts/make-guest.sh")
    kernel="$GTA04_KERNEL"
    check_kernel_image "$kernel"
fi
cmdline=$(cat "$guest/cmdline")

if [ -z "$mode" ]; then
    step "booting $(basename "$guest") kernel $kernel on -M gta04 (Ctrl-A X quits)"
    exec "$QEMU" -M gta04 -m 512 \
        -kernel "$kernel" -dtb "$guest/omap3-gta04a5.dtb" -initrd "$guest/initramfs.cpio.gz" \
        -append "$cmdline ${GTA04_APPEND:-}" \
        -nographic "$@"
fi

# What record/replay cannot take (docs/system/arm/gta04.rst, "Record/replay")
for a in "$@"; do
    case "$a" in
        -nographic|-snapshot|-serial|-monitor|-mon|-qmp|-icount|-loadvm|-incoming|-S)
            [ "$mode" = replay ] && [ "$a" = -S ] && continue
            die "--$mode: $a is not allowed here (the wrapper sets the console, monitor and icount; see docs/system/arm/gta04.rst)" ;;
    esac
done

if [ "$mode" = record ]; then
    mkdir -p "$dir"
    rm -f "$dir/replay.bin" "$dir/qemu-args" "$dir/icount"
    args=(-M gta04 -m 512
          -kernel "$kernel" -dtb "$guest/omap3-gta04a5.dtb" -initrd "$guest/initramfs.cpio.gz"
          -append "$cmdline ${GTA04_APPEND:-}"
          -rtc base=2026-01-01T00:00:00,clock=vm -net none "$@")
    icount="shift=${GTA04_RR_SHIFT:-3}"
    if [ -n "${GTA04_RR_SNAPSHOT:-}" ]; then
        command -v qemu-img >/dev/null ||
            "$REPO/scripts/need-packages.sh" replay
        qemu-img create -q -f qcow2 "$dir/snapshots.qcow2" 64M
        args+=(-drive "file=$dir/snapshots.qcow2,if=none,id=rr")
        icount="$icount,rrsnapshot=$GTA04_RR_SNAPSHOT"
    fi
    printf '%s\0' "${args[@]}" >"$dir/qemu-args"
    printf '%s\n' "$icount" >"$dir/icount"
    step "recording into $dir (Ctrl-C or the monitor's quit ends the recording)"
    monitor="$dir/monitor.sock"
else
    [ -f "$dir/replay.bin" ] && [ -f "$dir/qemu-args" ] && [ -f "$dir/icount" ] ||
        die "--replay: $dir has no recording (replay.bin, qemu-args, icount from --record)"
    mapfile -d '' args <"$dir/qemu-args"
    icount=$(cat "$dir/icount")
    args+=("$@")
    step "replaying $dir (input is ignored; the recorded one is played back)"
    monitor="$dir/monitor-replay.sock"
fi
# the console first: it is serial0 (UART3), and a recording's qemu-args may
# hold more serials after it (the stimuli's chardev input, as null)
exec "$QEMU" -serial "${GTA04_RR_SERIAL:-stdio}" "${args[@]}" \
    -icount "$icount,rr=$mode,rrfile=$dir/replay.bin" \
    -display none \
    -monitor "unix:$monitor,server=on,wait=off"
