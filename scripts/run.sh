#!/usr/bin/env bash
# The main job: build QEMU with the GTA04 board, make the Debian guest, and
# boot it to a shell on the emulated GTA04 (serial console on this terminal;
# quit with Ctrl-A X).  Extra arguments go to qemu-system-arm, e.g.
#   scripts/run.sh -rtc base=2026-01-01T00:00:00 -trace 'twl4030_*'
set -euo pipefail
. "$(dirname "$0")/lib.sh"

"$REPO/scripts/setup.sh"
guest=$("$REPO/scripts/make-guest.sh")
step "booting Debian's $(basename "$guest") kernel on -M gta04 (Ctrl-A X quits)"
exec "$QEMU" -M gta04 -m 512 \
    -kernel "$guest/vmlinuz" -dtb "$guest/omap3-gta04a5.dtb" -initrd "$guest/initramfs.cpio.gz" \
    -append "console=ttyO2,115200n8 ${GTA04_APPEND:-}" \
    -nographic "$@"
