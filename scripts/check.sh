#!/usr/bin/env bash
# Run every test: the qtests of the meson suite 'gta04' (ours, and QEMU's
# generic tests that must stay green with the board built in), then the
# functional Linux boot tests, then the seed article's bug table
# (tests/bugs/test_seed_bugs.py, what `make bugs` runs).
#
#   scripts/check.sh                            everything
#   scripts/check.sh --qtest                    only the qtests
#   scripts/check.sh --functional [TEST.py...]  only the functional tests
#                                               (default: tests/functional/test_*.py)
#
# Every test runs under a timeout of its own, and its exit status is taken on
# the line that runs it, before anything else can reset $?.  A test that exits
# 77 is skipped (its last line says why).  Ends with the line
# "N passed, N failed" (", N skipped" if any); exit status 0 only if none failed.
#
# Environment: GTA04_QTEST_TIMEOUT (s, default 300), GTA04_FUNCTIONAL_TIMEOUT
# (s per test file, default 1200), GTA04_BUGS_TIMEOUT (s for the bug table with
# its kernel builds, default 2400), GTA04_QTEST_SUITE (default gta04: the meta-
# test points it at an empty suite to see the runner refuse).
set -uo pipefail
. "$(dirname "$0")/lib.sh"

QTEST_SUITE="${GTA04_QTEST_SUITE:-gta04}"
QTEST_TIMEOUT="${GTA04_QTEST_TIMEOUT:-300}"
FUNCTIONAL_TIMEOUT="${GTA04_FUNCTIONAL_TIMEOUT:-1200}"

what=all
functional_tests=()
case "${1:-}" in
    --qtest) what=qtest ;;
    --functional) what=functional; shift; functional_tests=("$@") ;;
    "") ;;
    *) die "usage: $0 [--qtest | --functional [TEST.py...]]" ;;
esac
if [ "$what" = functional ] && [ ${#functional_tests[@]} -eq 0 ]; then
    functional_tests=("$REPO"/tests/functional/test_*.py)
fi

"$REPO/scripts/setup.sh" || die "build failed"
mkdir -p "$OBJ/check-logs"

passed=0
failed=0
skipped=0
failures=()
skips=()

# describe RC TIMEOUT: what an exit status means
describe() {
    case "$1" in
        124) echo "timed out after $2 s" ;;
        137) echo "timed out after $2 s, killed" ;;
        *) if [ "$1" -gt 128 ]; then echo "killed by signal $(($1 - 128))"
           else echo "exit status $1"; fi ;;
    esac
}

# record NAME RC TIMEOUT LOG: count one test by the status it ended with
record() {
    case "$2" in
        0) passed=$((passed + 1)) ;;
        77) skipped=$((skipped + 1))
            skips+=("$1: $(grep -i 'skip' "$4" | tail -1)") ;;
        *) failed=$((failed + 1))
           failures+=("$1 ($(describe "$2" "$3"))") ;;
    esac
}

# The qtests: the list comes from meson itself.  Every tests/qtest/*-test.c
# of ours must be in it (a test file the build forgot is an error, as is an
# empty list).
run_qtests() {
    local list rc names t log missing=() f
    list=$(cd "$OBJ" && "$(meson_bin)" test --no-rebuild --list --suite "$QTEST_SUITE" \
           2>"$OBJ/check-logs/qtest-list.err")
    rc=$?
    names=$(printf '%s\n' "$list" | sed -n 's|^.* / qtest-arm/||p')
    for f in "$REPO"/tests/qtest/*-test.c; do
        t=$(basename "$f" .c)
        grep -qx -- "$t" <<<"$names" || missing+=("$t")
    done
    if [ $rc -ne 0 ] || [ -z "$names" ] || [ ${#missing[@]} -gt 0 ]; then
        printf 'error: meson suite %s lists %d qtests (meson status %d); missing: %s\n' \
            "$QTEST_SUITE" "$(printf '%s' "$names" | grep -c .)" "$rc" "${missing[*]:-none}" >&2
        printf '  listed: %s\n' $names >&2
        cat "$OBJ/check-logs/qtest-list.err" >&2
        failed=$((failed + 1))
        failures+=("qtest list of suite '$QTEST_SUITE' (empty or short)")
        return
    fi
    local targets=()
    for t in $names; do targets+=("tests/qtest/$t"); done
    if ! "$REPO/scripts/build.sh" qemu-system-arm "${targets[@]}"; then
        failed=$((failed + 1)); failures+=("building the qtests"); return
    fi
    # QEMU's 'slow' test setup (G_TEST_SLOW=1): the generic tests then cover
    # -M gta04 itself, not only -M none: device-introspect-test lists every
    # device type's properties with the board up (concrete/defaults/gta04,
    # concrete/nodefaults/gta04), qom-test lists gta04-machine's properties.
    # Our own qtests do not look at it.
    for t in $names; do
        step "qtest $t"
        log="$OBJ/check-logs/qtest-$t.log"
        (cd "$OBJ" && exec timeout -k 10 "$QTEST_TIMEOUT" "$(meson_bin)" test --no-rebuild \
            --setup slow --print-errorlogs --suite "$QTEST_SUITE" "qtest-arm/$t") >"$log" 2>&1
        rc=$?
        # meson exits 0 when it ran nothing: require its own count of one Ok
        if [ $rc -eq 0 ] && grep -Eq '^Skipped: +1 *$' "$log"; then
            rc=77
        elif [ $rc -eq 0 ] && ! grep -Eq '^Ok: +1 *$' "$log"; then
            echo "meson did not report qtest-arm/$t as Ok" >>"$log"
            rc=1
        fi
        grep -E '^ *[0-9]+/[0-9]+ ' "$log" | tail -1
        [ $rc -eq 0 ] || tail -40 "$log"
        record "qtest-arm/$t" $rc "$QTEST_TIMEOUT" "$log"
    done
}

run_functional() {
    local t name log rc
    for t in "$@"; do
        name="functional/$(basename "$t")"
        if [ ! -f "$t" ]; then
            failed=$((failed + 1)); failures+=("$name (no such file)"); continue
        fi
        step "$name"
        log="$OBJ/check-logs/$(basename "$t" .py).log"
        timeout -k 30 "$FUNCTIONAL_TIMEOUT" python3 "$t" 2>&1 | tee "$log"
        rc=${PIPESTATUS[0]}
        record "$name" "$rc" "$FUNCTIONAL_TIMEOUT" "$log"
    done
}

# The guest and the kernels the tests boot (the bug table's, test_replay's
# bug1) are built before any timed test: a first kernel build takes minutes
# (more on a loaded host), which is no test's time to spend
prepare_guests() {
    step "the guest and the test kernels"
    local log="$OBJ/check-logs/prepare-guests.log"
    if ! { "$REPO/scripts/make-guest.sh" &&
           python3 "$REPO/tests/bugs/test_seed_bugs.py" --build-only; } >"$log" 2>&1; then
        tail -30 "$log"
        failed=$((failed + 1)); failures+=("building the guest and test kernels (see $log)")
    fi
}

[ "$what" = functional ] || run_qtests
[ "$what" = qtest ] || prepare_guests
if [ "$what" = functional ]; then
    run_functional "${functional_tests[@]}"
elif [ "$what" = all ]; then
    run_functional "$REPO"/tests/functional/test_*.py
    # the seed article's table (make bugs): builds our small-config kernels
    # once (about 3 min on 2 cores), then seconds per patch set
    FUNCTIONAL_TIMEOUT="${GTA04_BUGS_TIMEOUT:-2400}" run_functional "$REPO"/tests/bugs/test_seed_bugs.py
fi

[ ${#failures[@]} -eq 0 ] || printf 'failed: %s\n' "${failures[@]}"
[ ${#skips[@]} -eq 0 ] || printf 'skipped: %s\n' "${skips[@]}"
if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
