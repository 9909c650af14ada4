#!/usr/bin/env bash
# scripts/need-packages.sh WHAT PKG[=VERSION]...: install what a Python
# script or make target needs, the same way the shell scripts do (lib.sh).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 2 ] || die "usage: $0 WHAT PKG[=VERSION]..."
need_packages "$@"
