#!/usr/bin/env bash
# make lab-check: the lab of scripts/lab.sh (make lab) at work, every job
# through LAVA's API (contrib/lava/lab-submit: lavacli jobs submit, jobs show,
# results):
#   1. the wake matrix: one job, every case of contrib/lava/tests/gta04-wake.yaml
#      a LAVA test case, all passed
#      (the wake cases of tests/scenarios/, gta04.lava_job), the board's trace
#      and timeline kept with the job
#   2. two boards at once: two jobs, one on each device, running at the same
#      time (LAVA's start and end times overlap), both passed
#   3. bad input, each reported by the job (or the API) and nothing left
#      running: a job for a device type the lab does not have (refused), a
#      kernel URL that does not exist (Incomplete), a worker that is offline
#      (not started, cancelled)
#   4. seed-bug rows as jobs (lab-submit --bug): bug 1 and bug 2, each the
#      bug kernel (a case fails: the lost alarm) and its fixed tree (every
#      case passes), both as the row must be; bug 1's kernel sleeps on, so
#      its job ends by the test's 3 min timeout
#   5. a bisect through the lab: contrib/lava/lab-bisect-demo
#      (gta04-bisect-run --lab names the bug commit of the demo tree; a
#      kernel build per step, about 15 min; --no-bisect leaves it out)
#
#   scripts/lab-check.sh [--no-bisect]
# One line per check ("ok" or "FAIL") with its time; exit 0 only if all passed.
# Artefacts of every job in $GTA04_CACHE/lab/jobs/JOB.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

bisect=1
[ "${1:-}" = --no-bisect ] && bisect=0
LAB="$GTA04_CACHE/lab"
SUBMIT="$REPO/contrib/lava/lab-submit"
LABSH="$REPO/scripts/lab.sh"
OUT="$LAB/check"
rm -rf "$OUT"; mkdir -p "$OUT"
"$LABSH" status >/dev/null 2>&1 || die "the lab is not up: make lab (scripts/lab.sh start) first"

failed=0
result() {   # NAME T0 OK|FAIL TEXT
    local secs=$(( $(date +%s) - $2 ))
    printf '%-4s %-34s %4d s  %s\n' "$3" "$1" "$secs" "$4"
    [ "$3" = ok ] || failed=$((failed + 1))
}
show() {     # JOB FIELD: a field of lavacli jobs show --yaml
    "$LABSH" lavacli jobs show "$1" --yaml | /usr/bin/python3 -c \
        'import sys, yaml; print(yaml.safe_load(sys.stdin)[sys.argv[1]])' "$2"
}
job_of() { sed -n 's/^lab-submit: job \([0-9]*\) .*/\1/p' "$1" | tail -1; }
nothing_left() {   # no lava-run of the lab's worker, both devices idle
    ! pgrep -f "$LAB/devices/" >/dev/null &&   # QEMU and the helper of a device
        "$LABSH" lavacli devices list | grep -c ': Idle,' | grep -qx 2
}
wait_worker() {    # STATE: until LAVA says the worker is in STATE (it sees offline 60 s after the last ping)
    local i
    for i in $(seq 60); do
        "$LABSH" lavacli workers show gta04-lab | grep -q "^state *: $1" && return 0
        sleep 2
    done
    return 1
}

# 1. the wake matrix
t0=$(date +%s)
if "$SUBMIT" --name "lab-check: wake matrix" >"$OUT/matrix.txt" 2>&1; then
    n=$(grep -c ' pass$' "$OUT/matrix.txt" || true)
    j=$(job_of "$OUT/matrix.txt")
    missing=""
    for f in trace.log.gz timeline.html timeline.svg; do
        [ -s "$LAB/jobs/$j/$f" ] || missing="$missing $f"
    done
    if [ -z "$missing" ]; then
        result "wake matrix (1 job)" "$t0" ok "$n cases passed, job $j (trace and timeline kept)"
    else
        result "wake matrix (1 job)" "$t0" FAIL "job $j passed, but it lacks:$missing"
    fi
else
    result "wake matrix (1 job)" "$t0" FAIL "$(tail -3 "$OUT/matrix.txt" | tr '\n' ' ')"
fi

# 2. two jobs at once
t0=$(date +%s)
"$SUBMIT" --name "lab-check: concurrent A" >"$OUT/a.txt" 2>&1 & pa=$!
"$SUBMIT" --name "lab-check: concurrent B" >"$OUT/b.txt" 2>&1 & pb=$!
ra=0 rb=0
wait "$pa" || ra=$?
wait "$pb" || rb=$?
ja=$(job_of "$OUT/a.txt") jb=$(job_of "$OUT/b.txt")
if [ "$ra" = 0 ] && [ "$rb" = 0 ] && [ -n "$ja" ] && [ -n "$jb" ]; then
    # the intervals [start, end] of the two jobs overlap, on two devices
    read -r da sa ea <<<"$(show "$ja" device) $(show "$ja" start_time | tr ' ' T) $(show "$ja" end_time | tr ' ' T)"
    read -r db sb eb <<<"$(show "$jb" device) $(show "$jb" start_time | tr ' ' T) $(show "$jb" end_time | tr ' ' T)"
    if [ "$da" != "$db" ] && [[ "$sa" < "$eb" ]] && [[ "$sb" < "$ea" ]]; then
        result "two jobs at once" "$t0" ok "job $ja on $da $sa..$ea, job $jb on $db $sb..$eb, both passed"
    else
        result "two jobs at once" "$t0" FAIL "not concurrent: job $ja on $da $sa..$ea, job $jb on $db $sb..$eb"
    fi
else
    result "two jobs at once" "$t0" FAIL "exit $ra and $rb: $(tail -1 "$OUT/a.txt"); $(tail -1 "$OUT/b.txt")"
fi

# 3. bad input
t0=$(date +%s)
rc=0; "$SUBMIT" --device-type no-such-board --scenarios rtc-wake-mem >"$OUT/no-type.txt" 2>&1 || rc=$?
if [ "$rc" = 2 ] && grep -q "refused.*no-such-board" "$OUT/no-type.txt" && nothing_left; then
    result "missing device type" "$t0" ok "$(grep refused "$OUT/no-type.txt")"
else
    result "missing device type" "$t0" FAIL "exit $rc: $(tail -1 "$OUT/no-type.txt")"
fi

t0=$(date +%s)
rc=0; "$SUBMIT" --kernel /nonexistent/vmlinuz --scenarios rtc-wake-mem >"$OUT/no-kernel.txt" 2>&1 || rc=$?
if [ "$rc" = 3 ] && grep -q "Incomplete.*nonexistent/vmlinuz" "$OUT/no-kernel.txt" && nothing_left; then
    result "kernel URL that does not exist" "$t0" ok "$(grep '^lab-submit: job' "$OUT/no-kernel.txt" | tail -1)"
else
    result "kernel URL that does not exist" "$t0" FAIL "exit $rc: $(tail -1 "$OUT/no-kernel.txt")"
fi

t0=$(date +%s)
"$LABSH" worker-stop >/dev/null 2>&1
if wait_worker Offline; then
    rc=0; "$SUBMIT" --scenarios rtc-wake-mem --start-timeout 20 >"$OUT/offline.txt" 2>&1 || rc=$?
    j=$(job_of "$OUT/offline.txt")
    if [ "$rc" = 3 ] && grep -q "Canceled.*worker gta04-lab offline" "$OUT/offline.txt" &&
       [ "$(show "$j" state)" = Finished ] && nothing_left; then
        result "worker offline" "$t0" ok "$(grep '^lab-submit: job' "$OUT/offline.txt" | tail -1)"
    else
        result "worker offline" "$t0" FAIL "exit $rc: $(tail -1 "$OUT/offline.txt")"
    fi
else
    result "worker offline" "$t0" FAIL "LAVA did not see the worker offline in 120 s"
fi
"$LABSH" worker-start >/dev/null 2>&1
wait_worker Online || { result "worker back online" "$(date +%s)" FAIL "not online in 120 s"; }

# 4. seed-bug rows as jobs
for row in bug2-rtc:bug2 bug2-rtc:bug2-fix2 bug1-rtc:bug1-fix1 bug1-rtc:bug1; do
    t0=$(date +%s)
    f="$OUT/row-${row/:/-}.txt"
    if "$SUBMIT" --bug "$row" >"$f" 2>&1; then
        result "seed-bug row $row" "$t0" ok "$(grep -o 'every case passed.*\|a case failed.*' "$f" | tail -1), job $(job_of "$f")"
    else
        result "seed-bug row $row" "$t0" FAIL "$(tail -2 "$f" | tr '\n' ' ')"
    fi
done

# 5. a bisect through the lab
if [ "$bisect" = 1 ]; then
    t0=$(date +%s)
    rc=0
    PYTHONPATH="$REPO/python${PYTHONPATH:+:$PYTHONPATH}" "$REPO/contrib/lava/lab-bisect-demo" \
        >"$OUT/bisect.txt" 2>&1 || rc=$?
    if [ "$rc" = 0 ]; then
        result "bisect through the lab" "$t0" ok "$(grep -m1 'git bisect run:' "$OUT/bisect.txt")"
    else
        result "bisect through the lab" "$t0" FAIL "exit $rc: $(tail -3 "$OUT/bisect.txt" | tr '\n' ' ')"
    fi
fi

if [ "$failed" = 0 ]; then echo "lab-check: all passed (logs in $OUT)"; else echo "lab-check: $failed failed (logs in $OUT)"; fi
[ "$failed" = 0 ]
