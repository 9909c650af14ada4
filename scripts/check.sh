#!/usr/bin/env bash
# Run every test: the qtests of the meson suite 'gta04' (ours, and QEMU's
# generic tests that must stay green with the board built in), the
# functional Linux boot tests, and the rows of the seed article's bug table
# on the small config (tests/bugs/test_seed_bugs.py --check), then the table
# itself and docs/gta04.md's compatibility table; and mypy --strict and
# pylint on the Python (scripts/lint-python.sh).
#
#   scripts/check.sh                            everything
#   scripts/check.sh --qtest                    only the qtests
#   scripts/check.sh --functional [TEST.py...]  only the functional tests
#                                               (default: tests/functional/test_*.py)
#   scripts/check.sh --bugs                     every row of the bug table,
#                                               the article table (make bugs)
#
# Two phases.  Set-up (scripts/setup.sh --all: host packages, QEMU, the
# guest, the bug table's kernels) is the only one that may use the network.
# The tests then run with GTA04_OFFLINE=1: nothing is installed or downloaded
# (lib.sh says so and fails), and they run as a pool of GTA04_CHECK_JOBS
# (default: the CPUs + 1) at once, longest first (the durations of the
# last run, $LOGS/durations), each with its own QEMU, sockets and logs.
#
# Every test runs under a timeout of its own, and its exit status is taken
# from `wait` for its process, before anything else can reset it.  A test
# that exits 77 is skipped (its last line says why).  Ends with the line
# "N passed, N failed" (", N skipped" if any); exit status 0 only if none failed.
#
# Environment: GTA04_CHECK_JOBS (tests at once), GTA04_QTEST_TIMEOUT (s,
# default 300), GTA04_FUNCTIONAL_TIMEOUT (s per test file, default 1200),
# GTA04_BUGS_TIMEOUT (s per row of the bug table, default 900),
# GTA04_QTEST_SUITE (default gta04: the meta-test points it at an empty suite
# to see the runner refuse).
set -uo pipefail
. "$(dirname "$0")/lib.sh"

QTEST_SUITE="${GTA04_QTEST_SUITE:-gta04}"
QTEST_TIMEOUT="${GTA04_QTEST_TIMEOUT:-300}"
FUNCTIONAL_TIMEOUT="${GTA04_FUNCTIONAL_TIMEOUT:-1200}"
BUGS_TIMEOUT="${GTA04_BUGS_TIMEOUT:-900}"
# one more than the CPUs: a guest waiting in suspend or on its console leaves
# a CPU idle (2 cores, warm cache: 51 tests in 6 m 11 s, set-up included)
JOBS="${GTA04_CHECK_JOBS:-$(( $(nproc) + 1 ))}"
BUGS="$REPO/tests/bugs/test_seed_bugs.py"
bugs_set=--check     # make check: the rows on the small config (make bugs: all)

what=all
functional_tests=()
case "${1:-}" in
    --qtest) what=qtest ;;
    --functional) what=functional; shift; functional_tests=("$@") ;;
    --bugs) what=bugs; bugs_set= ;;
    "") ;;
    *) die "usage: $0 [--qtest | --functional [TEST.py...] | --bugs]" ;;
esac
if [ "$what" = functional ] && [ ${#functional_tests[@]} -eq 0 ]; then
    functional_tests=("$REPO"/tests/functional/test_*.py)
fi

# A check run by a test of this check (test_harness) is already set up and
# offline: it skips the set-up and keeps its logs apart
if [ "${GTA04_OFFLINE:-0}" = 1 ]; then
    nested=1
    LOGS=$(mktemp -d "${TMPDIR:-/tmp}/gta04-check-logs.XXXXXX")
else
    nested=0
    LOGS="$OBJ/check-logs"
fi
mkdir -p "$LOGS"

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

# --- phase 1: set-up (the network, if anything is missing)
setup_phase() {
    # the log lives beside the build, not in it: a first set-up makes $OBJ
    # (and so $LOGS) anew
    local log="$GTA04_BUILD/check-setup.log" arg=--all
    [ "$what" = qtest ] && arg=
    [ "$what" = bugs ] && arg=--bugs
    step "set-up (scripts/setup.sh $arg; log $log)"
    mkdir -p "$GTA04_BUILD"
    local t0=$SECONDS
    if ! "$REPO/scripts/setup.sh" $arg >"$log" 2>&1; then
        tail -30 "$log"
        die "set-up failed (see $log)"
    fi
    # what a set-up from an empty cache spends its time on: the kernels say it
    grep -E "^==> kernel '.*' in .* \([0-9]+ s\)$" "$log" | sed 's/ in [^ ]* (/ (/' || true
    step "set-up done in $((SECONDS - t0)) s"
    mkdir -p "$LOGS"
    cp "$log" "$LOGS/setup.log"
}

# The qtests: the list comes from meson itself.  Every tests/qtest/*-test.c
# of ours must be in it (a test file the build forgot is an error, as is an
# empty list).  Prints the names.
qtest_names() {
    local list rc names t missing=() f
    list=$(cd "$OBJ" && "$(meson_bin)" test --no-rebuild --list --suite "$QTEST_SUITE" \
           2>"$LOGS/qtest-list.err")
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
        cat "$LOGS/qtest-list.err" >&2
        return 1
    fi
    local targets=()
    for t in $names; do targets+=("tests/qtest/$t"); done
    "$REPO/scripts/build.sh" qemu-system-arm "${targets[@]}" >"$LOGS/qtest-build.log" 2>&1 ||
        { tail -30 "$LOGS/qtest-build.log" >&2; return 2; }
    echo $names
}

# --- the job pool.  A job is NAME, KIND (qtest, functional, bugs), TIMEOUT
# and a command; its output goes to $LOGS/NAME.log (slashes made dashes).
job_names=(); job_kinds=(); job_timeouts=(); job_cmds=()
add_job() {   # NAME KIND TIMEOUT CMD...
    job_names+=("$1"); job_kinds+=("$2"); job_timeouts+=("$3")
    shift 3
    job_cmds+=("$(printf '%q ' "$@")")
}
job_log() { echo "$LOGS/${job_names[$1]//\//-}.log"; }

# The last run's duration of each job (seconds), for longest-first order;
# unknown jobs count as long (a new test is not left to the end)
declare -A last_secs=()
if [ -f "$LOGS/durations" ]; then
    while read -r secs name; do last_secs["$name"]=$secs; done <"$LOGS/durations"
fi

# qtest rc fix-up: meson exits 0 when it ran nothing; require its own count
qtest_verdict() {   # RC LOG NAME
    local rc=$1 log=$2
    if [ "$rc" -eq 0 ] && grep -Eq '^Skipped: +1 *$' "$log"; then
        rc=77
    elif [ "$rc" -eq 0 ] && ! grep -Eq '^Ok: +1 *$' "$log"; then
        echo "meson did not report $3 as Ok" >>"$log"
        rc=1
    fi
    echo "$rc"
}

# report I RC SECS: a finished job, counted
report() {
    local i=$1 rc=$2 secs=$3 log name kind
    log=$(job_log "$i"); name=${job_names[$i]}; kind=${job_kinds[$i]}
    [ "$kind" = qtest ] && rc=$(qtest_verdict "$rc" "$log" "$name")
    case "$kind" in
        qtest) printf '==> %-44s %s (%d s)\n' "$name" "$( [ "$rc" = 0 ] && echo ok || describe "$rc" "${job_timeouts[$i]}")" "$secs"
               [ "$rc" -eq 0 ] || tail -40 "$log" ;;
        *)     printf '==> %s (%d s, %s)\n' "$name" "$secs" "$( [ "$rc" = 0 ] && echo ok || describe "$rc" "${job_timeouts[$i]}")"
               [ "$kind" = bugs ] && [ "$rc" -eq 0 ] && { grep -E '^(ok|FAIL) ' "$log"; true; } ||
                   sed 's/^/    /' "$log" ;;
    esac
    record "$name" "$rc" "${job_timeouts[$i]}" "$log"
    printf '%d %s\n' "$secs" "$name" >>"$LOGS/durations.new"
}

run_pool() {
    local order=() i n=${#job_names[@]} next=0 pid rc
    declare -A pid_job=() pid_t0=()
    # longest first by the last run (unknown: first of all)
    mapfile -t order < <(for ((i = 0; i < n; i++)); do
        printf '%s %d\n' "${last_secs[${job_names[$i]}]:-100000}" "$i"; done | sort -rn | cut -d' ' -f2)
    step "running ${n} tests, ${JOBS} at a time (logs in $LOGS)"
    : >"$LOGS/durations.new"
    while [ "$next" -lt "$n" ] || [ ${#pid_job[@]} -gt 0 ]; do
        while [ "$next" -lt "$n" ] && [ ${#pid_job[@]} -lt "$JOBS" ]; do
            i=${order[$next]}; next=$((next + 1))
            eval "exec timeout -k 30 ${job_timeouts[$i]} ${job_cmds[$i]}" >"$(job_log "$i")" 2>&1 </dev/null &
            pid_job[$!]=$i; pid_t0[$!]=$SECONDS
        done
        wait -n -p pid "${!pid_job[@]}"
        rc=$?
        [ -n "${pid_job[$pid]:-}" ] || continue
        report "${pid_job[$pid]}" "$rc" $((SECONDS - pid_t0[$pid]))
        unset "pid_job[$pid]" "pid_t0[$pid]"
    done
    # the durations of this run order the next (a partial run keeps the rest)
    if [ -f "$LOGS/durations" ]; then
        awk 'NR == FNR { seen[$2] = 1; print; next } !($2 in seen)' \
            "$LOGS/durations.new" "$LOGS/durations" >"$LOGS/durations.tmp"
    else
        cp "$LOGS/durations.new" "$LOGS/durations.tmp"
    fi
    mv "$LOGS/durations.tmp" "$LOGS/durations"; rm -f "$LOGS/durations.new"
}

[ "$nested" = 1 ] || setup_phase
export GTA04_OFFLINE=1
# this run's name: the bug table (--table) and the compatibility table
# (scripts/compat-table.py) read only results of this run
export GTA04_CHECK_RUN="$$-$(date +%s%N)"
export GTA04_BUGS_RUN="$GTA04_CHECK_RUN"

if [ "$what" = all ] || [ "$what" = qtest ]; then
    if names=$(qtest_names); then
        # QEMU's 'slow' test setup (G_TEST_SLOW=1): the generic tests then
        # cover -M gta04 itself, not only -M none: device-introspect-test
        # lists every device type's properties with the board up
        # (concrete/defaults/gta04, concrete/nodefaults/gta04), qom-test lists
        # gta04-machine's properties.  Our own qtests do not look at it.
        for t in $names; do
            # (meson's own per-test timeouts, 30 s for most, times 10:
            # QTEST_TIMEOUT is the bound; a loaded host slows the tests
            # that run beside each other)
            add_job "qtest-arm/$t" qtest "$QTEST_TIMEOUT" env -C "$OBJ" "$(meson_bin)" test \
                --no-rebuild --setup slow --timeout-multiplier 10 --print-errorlogs \
                --suite "$QTEST_SUITE" "qtest-arm/$t"
        done
    elif [ $? -eq 2 ]; then
        failed=$((failed + 1)); failures+=("building the qtests")
    else
        failed=$((failed + 1)); failures+=("qtest list of suite '$QTEST_SUITE' (empty or short)")
    fi
fi
if [ "$what" = all ] || [ "$what" = functional ]; then
    [ "$what" = all ] && functional_tests=("$REPO"/tests/functional/test_*.py)
    for t in "${functional_tests[@]}"; do
        if [ ! -f "$t" ]; then
            failed=$((failed + 1)); failures+=("functional/$(basename "$t") (no such file)"); continue
        fi
        add_job "functional/$(basename "$t")" functional "$FUNCTIONAL_TIMEOUT" python3 "$t"
    done
fi
if [ "$what" = all ]; then
    # the Python package and the scripts and tests written with it: mypy
    # --strict and pylint (python/README.rst)
    add_job "python/lint" lint 600 "$REPO/scripts/lint-python.sh"
fi
if [ "$what" = all ] || [ "$what" = bugs ]; then
    # each row of the seed article's table is a test of its own (its kernel
    # was built in the set-up); the table and its pictures come after
    for row in $(python3 "$BUGS" --list $bugs_set); do
        add_job "bugs/$row" bugs "$BUGS_TIMEOUT" python3 "$BUGS" --row "$row"
    done
fi
[ ${#job_names[@]} -eq 0 ] || run_pool
if [ "$what" = all ] || [ "$what" = bugs ]; then
    # the table from the rows' results, with the bug-vs-fix pictures: every
    # row must have left a result (a row that crashed its runner is missing)
    step "tests/bugs/test_seed_bugs.py --table"
    python3 "$BUGS" --table $bugs_set 2>&1 | tee "$LOGS/bugs-table.log"
    record "bugs/table" "${PIPESTATUS[0]}" 0 "$LOGS/bugs-table.log"
fi
if [ "$what" = all ] || [ "$what" = bugs ]; then
    # docs/gta04.md's table of this run (make check: the kernel x board
    # table; make bugs: the article's claims x rows): it must be what the
    # docs say (the new one in .build/<table>.md otherwise)
    doc_table=compat-table
    [ "$what" = bugs ] && doc_table=article-table
    step "scripts/compat-table.py --check $doc_table"
    python3 "$REPO/scripts/compat-table.py" --check "$doc_table" 2>&1 | tee "$LOGS/$doc_table.log"
    record "docs/$doc_table" "${PIPESTATUS[0]}" 0 "$LOGS/$doc_table.log"
fi

[ ${#failures[@]} -eq 0 ] || printf 'failed: %s\n' "${failures[@]}"
[ ${#skips[@]} -eq 0 ] || printf 'skipped: %s\n' "${skips[@]}"
[ "$nested" = 0 ] || rm -rf "$LOGS"
if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
