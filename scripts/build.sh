#!/usr/bin/env bash
# Incremental build of the configured tree: scripts/build.sh [ninja targets...]
# Serialised with a lock, so several shells (or helpers) can call it at once.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ -f "$OBJ/build.ninja" ] || die "no configured build in $OBJ: run scripts/setup.sh first"
# the repo may have moved since the tree was unpacked
if [ "$(readlink -f "$SRC/gta04")" != "$(readlink -f "$REPO")" ]; then
    ln -sfn "$(relpath "$REPO" "$SRC")" "$SRC/gta04"
fi
exec 9>"$OBJ/.build.lock"   # one ninja per build directory
flock 9
step "compiling ${*:-all}"
# ninja prints one status line per step: show every 100th (progress) and all diagnostics
set +e
ninja -C "$OBJ" -j"${GTA04_JOBS:-$(nproc)}" "$@" |
    awk '/^\[[0-9]+\/[0-9]+\] /{ if (n++ % 100 == 0) { print; fflush() } next } { print; fflush() }'
rc=${PIPESTATUS[0]}
set -e
[ "$rc" -eq 0 ] || die "build failed"
