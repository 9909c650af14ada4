#!/usr/bin/env bash
# scripts/need-packages.sh GROUP...: the host packages of these groups of
# scripts/host-packages, for a Python script or make target, the same way the
# shell scripts ask (lib.sh: need_group).  scripts/setup.sh has installed them
# all; if one is missing this installs it (as root), except during the tests
# of `make check` (GTA04_OFFLINE=1), where it is an error that says so.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || die "usage: $0 GROUP... (the groups of scripts/host-packages)"
need_group "$@"
