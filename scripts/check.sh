#!/usr/bin/env bash
# Run every test: our qtests and QEMU's generic machine tests (built by
# QEMU's meson, run with meson test), then the functional Linux boot tests.
#
#   scripts/check.sh                 everything
#   scripts/check.sh --qtest         only the qtests
#   scripts/check.sh --functional    only the functional tests
#
# Ends with the line "N passed, N failed"; exit status 0 only if all passed.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

what=all
case "${1:-}" in
    --qtest) what=qtest ;;
    --functional) what=functional ;;
    "") ;;
    *) die "usage: $0 [--qtest|--functional]" ;;
esac

"$REPO/scripts/setup.sh" || die "build failed"

# QEMU's generic tests that must stay green for -M gta04
GENERIC_QTESTS="qom-test test-hmp device-introspect-test machine-none-test qmp-test"

passed=0
failed=0
failures=()

count() {  # NAME RC
    if [ "$2" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$1"); fi
}

if [ "$what" != functional ]; then
    names=$(python3 - "$REPO/meson.build" <<'EOF'
import re, sys
src = open(sys.argv[1]).read()
block = src[src.index('gta04_qtests = {'):]
block = block[:block.index('}')]
print(' '.join(re.findall(r"'([\w-]+)':", block)))
EOF
)
    targets=""
    for t in $names $GENERIC_QTESTS; do targets="$targets tests/qtest/$t"; done
    "$REPO/scripts/build.sh" qemu-system-arm $targets || die "building the qtests failed"
    for t in $names $GENERIC_QTESTS; do
        step "qtest $t"
        (cd "$OBJ" && meson test --no-rebuild --print-errorlogs "qtest-arm/$t" >"$OBJ/check-$t.log" 2>&1)
        rc=$?
        grep -E '^ *[0-9]+/[0-9]+ ' "$OBJ/check-$t.log" | tail -1
        [ $rc -eq 0 ] || tail -40 "$OBJ/check-$t.log"
        count "qtest-arm/$t" $rc
    done
fi

if [ "$what" != qtest ] && [ -d "$REPO/tests/functional" ]; then
    for t in "$REPO"/tests/functional/test_*.py; do
        [ -f "$t" ] || continue
        step "functional $(basename "$t")"
        python3 "$t"
        count "functional/$(basename "$t")" $?
    done
fi

if [ ${#failures[@]} -gt 0 ]; then
    printf 'failed: %s\n' "${failures[@]}"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
