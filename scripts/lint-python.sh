#!/usr/bin/env bash
# scripts/lint-python.sh: mypy --strict and pylint (Debian 12's packages,
# group python-lint of scripts/host-packages) on the gta04 package
# (python/gta04) and on the scripts and tests written with it, with the
# settings of python/setup.cfg (python/README.rst).  QEMU's python/qemu
# package, which gta04.machine uses, is read from the base's unpacked source
# ($GTA04_BUILD/qemu-$GTA04_QEMU/python), as at run time.  Exit status 0 only
# if both are clean.  make check runs it as the test python/lint.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
need_group python-lint

QEMU_PYTHON="$SRC/python"
[ -d "$QEMU_PYTHON/qemu/machine" ] || die "no QEMU python package in $QEMU_PYTHON: run scripts/setup.sh"
CFG="$REPO/python/setup.cfg"

# the Python scripts and tests (each a module of its own) and the scripts
# without .py, which are all "__main__" to mypy and so checked one by one
files=("$REPO"/tests/functional/*.py "$REPO"/tests/functional/harness/*.py
       "$REPO"/tests/bugs/*.py "$REPO"/tests/soak/*.py)
files+=("$REPO"/scripts/*.py)
mains=("$REPO/scripts/gta04-bisect-run" "$REPO/scripts/irq-timeline" "$REPO/contrib/lava/lab-submit"
       "$REPO/contrib/lava/lab-bisect-demo")

rc=0
step "mypy --strict: python/gta04, ${#files[@]} scripts and tests, ${mains[*]##*/}"
export MYPYPATH="$REPO/python:$QEMU_PYTHON"
(cd "$REPO/python" && mypy --config-file "$CFG" --cache-dir "$GTA04_BUILD/mypy-cache" \
    gta04 "${files[@]}") || rc=1
for f in "${mains[@]}"; do
    (cd "$REPO/python" && mypy --config-file "$CFG" --cache-dir "$GTA04_BUILD/mypy-cache" "$f") || rc=1
done
step "pylint: python/gta04 and the same files"
PYTHONPATH="$REPO/python:$QEMU_PYTHON:$REPO/tests/bugs" \
    pylint --rcfile "$CFG" "$REPO/python/gta04" "${files[@]}" "${mains[@]}" || rc=1
# the worker's helper is stdlib-only and untyped (it runs where the package
# is not): compiled at least, so a bad escape in it fails here, not in a job
step "py_compile: contrib/lava/gta04-stimuli"
python3 -c 'import sys; compile(open(sys.argv[1]).read(), sys.argv[1], "exec")' \
    "$REPO/contrib/lava/gta04-stimuli" || rc=1
[ $rc -eq 0 ] && echo "python lint: clean"
exit $rc
