#!/usr/bin/env bash
# QEMU's generic-fuzz (libFuzzer, ASan+UBSan) on -M gta04: make fuzz
#
#   scripts/fuzz.sh [TARGET...]            fuzz each target for FUZZ_SECONDS (default 120)
#   scripts/fuzz.sh --repro TARGET FILE    run one input once, print the qtest trace of it
#                                          (QTEST_LOG) and the sanitizer report, if any
#   scripts/fuzz.sh --list                 the targets
#
# Targets (predefined configs, patches/7.2/0004-*): gta04-i2c-twl4030 (the I2C
# controllers, the TWL4030 behind I2C1), gta04-intc-timers, gta04-prcm-memctrl,
# gta04-uart-gpio, gta04 (every DM3730 region).  Each keeps a growing corpus in
# .build/fuzz/corpus/TARGET, starts from the seeds of scripts/fuzz-corpus.py,
# and writes a crashing input to .build/fuzz/crashes/TARGET/.  One line per run
# goes to .build/fuzz/summary.log (seconds, executions, coverage, crashes).
# Exit status: 0 if no run found a crash, 1 otherwise.
#
# Environment: FUZZ_SECONDS per target (default 120), FUZZ_ARGS extra libFuzzer
# options (e.g. -seed=1).
set -euo pipefail
export GTA04_FUZZ=1
. "$(dirname "$0")/lib.sh"

TARGETS=(gta04-i2c-twl4030 gta04-intc-timers gta04-prcm-memctrl gta04-uart-gpio gta04)
FUZZER="$OBJ/qemu-fuzz-arm"
FUZZDIR="$GTA04_BUILD/fuzz"

build() {
    "$REPO/scripts/setup.sh"
    [ -x "$FUZZER" ] || die "no $FUZZER after the build"
}

known_target() {
    local t
    for t in "${TARGETS[@]}"; do [ "$t" = "$1" ] && return 0; done
    die "unknown fuzz target '$1' (scripts/fuzz.sh --list)"
}

# One input, once, with the qtest commands it turns into on stderr: the
# reproducer to paste into a qtest (tests/qtest/gta04-fuzz-test.c).
repro() {
    local target="$1" input="$2"
    known_target "$target"
    [ -f "$input" ] || die "no such input: $input"
    build
    local rc=0
    QTEST_LOG=1 QEMU_FUZZ_TIMEOUT=0 "$FUZZER" --fuzz-target="generic-fuzz-$target" \
        -runs=1 "$input" || rc=$?
    echo "exit status $rc" >&2
    return "$rc"
}

fuzz_one() {
    local target="$1" seconds="$2"
    local corpus="$FUZZDIR/corpus/$target" seed="$FUZZDIR/seed/$target"
    local crashes="$FUZZDIR/crashes/$target" log="$FUZZDIR/logs/$target-$(date +%Y%m%d-%H%M%S).log"
    mkdir -p "$corpus" "$crashes" "$FUZZDIR/logs"
    rm -rf "$seed" && python3 "$REPO/scripts/fuzz-corpus.py" "$seed" "$target" >/dev/null
    local before; before=$(find "$crashes" -type f | wc -l)
    step "fuzzing $target for ${seconds}s (log $log)"
    local rc=0
    # -fork/-jobs would lose the crash's exit status; one process, libFuzzer's
    # own time limit; a crash stops the run with a non-zero status
    (cd "$FUZZDIR" && "$FUZZER" --fuzz-target="generic-fuzz-$target" \
        -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 \
        -artifact_prefix="$crashes/" -print_final_stats=1 ${FUZZ_ARGS:-} \
        "$corpus" "$seed") >"$log" 2>&1 || rc=$?
    local after; after=$(find "$crashes" -type f | wc -l)
    local execs cov
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    printf '%s %s seconds=%s execs=%s cov=%s exit=%s new_crashes=%s\n' \
        "$(date -u +%FT%TZ)" "$target" "$seconds" "${execs:-?}" "${cov:-?}" "$rc" \
        "$((after - before))" | tee -a "$FUZZDIR/summary.log"
    if [ "$rc" -ne 0 ] || [ "$after" -ne "$before" ]; then
        grep -m1 -E 'ERROR: (AddressSanitizer|libFuzzer)|runtime error|SUMMARY' "$log" >&2 || true
        step "$target: crash input(s) in $crashes; reproduce with: scripts/fuzz.sh --repro $target FILE"
        return 1
    fi
}

case "${1:-}" in
    --list) printf '%s\n' "${TARGETS[@]}"; exit 0 ;;
    --repro) [ $# -eq 3 ] || die "usage: scripts/fuzz.sh --repro TARGET FILE"; repro "$2" "$3"; exit ;;
    -*) die "usage: scripts/fuzz.sh [TARGET...] | --repro TARGET FILE | --list" ;;
esac

want=("$@")
[ ${#want[@]} -gt 0 ] || want=("${TARGETS[@]}")
for t in "${want[@]}"; do known_target "$t"; done
seconds="${FUZZ_SECONDS:-120}"
case "$seconds" in ''|*[!0-9]*) die "FUZZ_SECONDS must be a number of seconds" ;; esac
build
failed=0
for t in "${want[@]}"; do
    fuzz_one "$t" "$seconds" || failed=1
done
exit "$failed"
