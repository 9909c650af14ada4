#!/bin/sh
# gta04-wake NAME STATE [OPTION...]: one wake case of the qemu-gta04 board,
# run in the guest (busybox sh) by the LAVA test definition gta04-wake.yaml,
# one lava-test-case per case.  The options are a scenario file's keys
# (tests/scenarios/NAME.toml, docs/gta04.md "Scenario files"), written by
# gta04.lava_job when it makes the job; nobody needs to type them:
#   --setup CMD          a set-up shell line (setup.shell), run once
#   --setup-write W      a set-up board write (setup.write), by the host
#   --repeat N           suspend cycles (cycle.repeat)
#   --alarm S            the RTC alarm S s ahead (cycle.alarm)
#   --stimulus W         a board write that wakes it (cycle.stimulus.write)
#   --when M --after S   its moment (cycle.stimulus.when, .after)
#   --expect E           pmic, uart, any or asleep (cycle.expect)
#   --aborted yes|no|either   (cycle.aborted)
#   --irq H=N|H=N-M      handler H ran N (to M) times per cycle (cycle.irqs)
#   --then W             a board write once it woke (cycle.then)
#   --settle S           s slept after each cycle (cycle.settle)
#   --wake-within S      (cycle.wake_within)
#   --awake              the checks awake follow (the [awake] table):
#   --awake-i2c A:R:M:V  PMIC register A:R under mask M holds V (awake.i2c)
#   --awake-alarm S --awake-wait S --awake-irq H=N   (awake.*)
# A board write W is "QOM-PATH PROPERTY VALUE" (VALUE true, false, a
# number, toggle, restore or text, \xHH for a byte: a key typed on the
# console is "/machine/soc/uart3 rx-text \x15", ^U on its RX wire).  Exit 0 if every cycle went as the file says;
# the verdicts are the guest's own (the write's status, suspend_stats,
# /sys/power/pm_wakeup_irq, /proc/interrupts, i2cget), as gta04.wake_case
# judges them on a board the harness drives.
#
# The board's writes are the host's: the script asks for each on the
# kernel log, one line
#   GTA04-STIMULUS: now|arm AFTER PATH PROPERTY VALUE MOMENT;
# and contrib/lava/gta04-stimuli on the worker has the board hold the VM at
# that line's ';' (/machine/stimuli hold-at), then applies the write ("now")
# or arms the board to apply it AFTER guest seconds past MOMENT ("arm":
# "asleep" is the console's last line before the sleep, "Suspending
# console"), and runs the VM again.  So the request is served before the
# guest's next instruction, and the stimulus comes at the same guest moment
# on a loaded worker as on an idle one.  Without the helper nothing holds,
# nothing comes: a stimulus case then ends by its fall-back RTC alarm and
# fails ("the host never applied").

name="$1"
state="$2"
shift 2 2>/dev/null
RTC=/sys/class/rtc/rtc0
c="$name-$state"

say() { echo "gta04-wake: $c: $*"; }
fail() { say "FAIL: $*"; exit 1; }

# irq count of the /proc/interrupts line whose action is $1 (0 if none)
count() { awk -v n="$1" '$NF == n { s = $2 } END { print s + 0 }' /proc/interrupts; }
pih() { awk '$NF == "TWL4030-PIH" { sub(":", "", $1); print $1 }' /proc/interrupts; }
# the console UART's irqs: its own ("OMAP UART2") and its RX pad's wake-up
# irq ("49020000.serial:wakeup"), as gta04.scenarios.uart_wake_irqs
uart_irqs() {
    awk '/OMAP UART2|49020000.serial:wakeup/ { sub(":", "", $1); printf "%s ", $1 }' /proc/interrupts
}
now() { cat $RTC/since_epoch; }
exits() { dmesg | grep -c 'PM: suspend exit'; }
# ask the host for a board write: KIND AFTER "PATH PROP VALUE" MOMENT
request() { printf "gta04-wake: GTA04-STIMULUS: %s %s %s %s;\n" "$1" "$2" "$3" "$4" > /dev/kmsg; }

setup="" setup_writes="" repeat=1 alarm=0 stimulus="" when=asleep after=3
expect="" aborted=either irqs="" thens="" settle=1 wake_within=10
awake=0 awake_i2c="" awake_alarm=0 awake_wait=0 awake_irqs=""
NL='
'
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || [ "$1" = --awake ] || fail "option $1 without its value"
    case "$1" in
        --setup) setup="$setup$2$NL" ;;
        --setup-write) setup_writes="$setup_writes$2$NL" ;;
        --repeat) repeat=$2 ;;
        --alarm) alarm=$2 ;;
        --stimulus) stimulus=$2 ;;
        --when) when=$2 ;;
        --after) after=$2 ;;
        --expect) expect=$2 ;;
        --aborted) aborted=$2 ;;
        --irq) irqs="$irqs $2" ;;
        --then) thens="$thens$2$NL" ;;
        --settle) settle=$2 ;;
        --wake-within) wake_within=$2 ;;
        --awake) awake=1; shift; continue ;;
        --awake-i2c) awake_i2c="$awake_i2c $2" ;;
        --awake-alarm) awake_alarm=$2 ;;
        --awake-wait) awake_wait=$2 ;;
        --awake-irq) awake_irqs="$awake_irqs $2" ;;
        *) fail "unknown option $1" ;;
    esac
    shift 2
done
case "$state" in mem|freeze) ;; *) fail "state '$state': mem or freeze" ;; esac
case "$expect" in pmic|uart|any|asleep) ;; *) fail "--expect pmic, uart, any or asleep, not '$expect'" ;; esac
[ -n "$stimulus" ] || [ "$alarm" -gt 0 ] || fail "nothing wakes the board (no --stimulus, no --alarm)"
grep -qw "$state" /sys/power/state || fail "the kernel offers no '$state' ($(cat /sys/power/state))"
PIH=$(pih)
[ -n "$PIH" ] || fail "no TWL4030-PIH line in /proc/interrupts"
# the requests must all reach the console: no rate limit on /dev/kmsg
echo on > /proc/sys/kernel/printk_devkmsg 2>/dev/null

# counts H=N|H=N-M... BEFORE-FILE: "" if every handler ran as often as it
# must since the counts in BEFORE-FILE were taken, else what did not
runs_wrong() {
    for spec in $1; do
        h=${spec%%=*} want=${spec#*=}
        least=${want%-*} most=${want#*-}
        ran=$(( $(count "$h") - $(was "$h" "$2") ))
        if [ "$ran" -lt "$least" ] || [ "$ran" -gt "$most" ]; then
            echo "$h ran $ran times, not $want"
            return
        fi
    done
}
was() { awk -v h="$1" '$1 == h { print $2; exit }' "$2"; }   # H FILE: its count there
snapshot() {   # HANDLERS FILE: their counts now
    : > "$2"
    for spec in $1; do echo "${spec%%=*} $(count "${spec%%=*}")" >> "$2"; done
}
writes_now() {  # the board writes, one a line, applied by the host now
    echo "$1" | while read -r w; do [ -n "$w" ] && request now 0 "$w" -; done
}

echo "$setup" | while read -r line; do [ -n "$line" ] && eval "$line"; done
writes_now "$setup_writes"

# the fall-back alarm when a board write is to wake it: the stimulus's
# moment, its delay and the case's wake_within past it, and a margin
fallback=0
[ -n "$stimulus" ] && [ "$alarm" = 0 ] &&
    fallback=$(awk -v a="$after" -v w="$wake_within" 'BEGIN { printf "%d", a + w + 5.999 }')
BEFORE=/tmp/gta04-wake.counts
n=1
while [ "$n" -le "$repeat" ]; do
    echo 0 > $RTC/wakealarm
    if [ "$alarm" -gt 0 ]; then echo +"$alarm" > $RTC/wakealarm
    elif [ "$fallback" -gt 0 ]; then echo +"$fallback" > $RTC/wakealarm; fi
    at=$(cat $RTC/wakealarm)
    snapshot "$irqs rtc0=0" $BEFORE
    ok0=$(cat /sys/power/suspend_stats/success); ex0=$(exits)
    [ -n "$stimulus" ] && request arm "$after" "$stimulus" "$when"
    t0=$(now)
    echo "$state" > /sys/power/state
    st=$?
    t1=$(now)
    echo 0 > $RTC/wakealarm
    wirq=$(cat /sys/power/pm_wakeup_irq 2>/dev/null || echo none)
    d_ok=$(( $(cat /sys/power/suspend_stats/success) - ok0 )); d_ex=$(( $(exits) - ex0 ))
    d_rtc0=$(( $(count rtc0) - $(was rtc0 $BEFORE) ))
    say "cycle $n: slept $((t1 - t0)) s, write status $st, wakeup irq $wirq (PIH $PIH)," \
        "rtc0 +$d_rtc0, suspend_stats/success +$d_ok, 'PM: suspend exit' +$d_ex"
    if [ "$expect" = asleep ]; then
        # only the fall-back alarm may have ended it (else it never would)
        [ "$fallback" -gt 0 ] && [ "$t1" -ge "$at" ] ||
            fail "cycle $n: woken at RTC $t1 before the fall-back alarm $at: expected asleep"
        say "cycle $n: asleep until the fall-back alarm, as expected"
        say "pass"
        exit 0
    fi
    case "$aborted" in
        yes) [ "$st" != 0 ] || fail "cycle $n: expected the suspend aborted" ;;
        no) [ "$st" = 0 ] || fail "cycle $n: expected the suspend not aborted" ;;
    esac
    if [ "$st" = 0 ]; then
        [ "$d_ok" = 1 ] && [ "$d_ex" = 1 ] || fail "cycle $n: no complete suspend/resume cycle"
    fi
    if [ "$fallback" -gt 0 ] && [ "$t1" -ge "$at" ]; then
        fail "cycle $n: woken by the fall-back RTC alarm after $fallback s: the host never applied '$stimulus' (is gta04-stimuli running?)"
    fi
    [ "$alarm" -gt 0 ] && [ "$st" = 0 ] && [ "$t1" -lt "$at" ] &&
        fail "cycle $n: awake at RTC $t1, before the alarm time $at"
    [ "$expect" = pmic ] && [ "$st" = 0 ] && [ "$wirq" != "$PIH" ] &&
        fail "cycle $n: not woken by the PMIC (TWL4030-PIH, irq $PIH)"
    if [ "$expect" = uart ] && [ "$st" = 0 ]; then
        case " $(uart_irqs)" in
            *" $wirq "*) ;;
            *) fail "cycle $n: not woken by the console UART (irqs $(uart_irqs))" ;;
        esac
    fi
    wrong=$(runs_wrong "$irqs" $BEFORE)
    [ -z "$wrong" ] || fail "cycle $n: $wrong"
    writes_now "$thens"
    [ "$settle" != 0 ] && sleep "$settle"
    n=$((n + 1))
done

if [ "$awake" = 1 ]; then
    for spec in $awake_i2c; do
        set -- $(echo "$spec" | tr : ' ')
        a=$1 r=$2 m=$3 v=$4
        got=$(i2cget -f -y 0 "$a" "$r") || fail "awake: cannot read PMIC $a:$r over i2c-dev"
        [ $((got & m)) = $((v)) ] ||
            fail "awake: PMIC $a:$r = $got, not $v under mask $m"
        say "awake: PMIC $a:$r $got"
    done
    snapshot "$awake_irqs" $BEFORE
    [ "$awake_alarm" -gt 0 ] && echo +"$awake_alarm" > $RTC/wakealarm
    [ "$awake_wait" != 0 ] && sleep "$awake_wait"
    echo 0 > $RTC/wakealarm
    wrong=$(runs_wrong "$awake_irqs" $BEFORE)
    [ -z "$wrong" ] || fail "awake: $wrong"
    say "awake: handlers ran as they must:$awake_irqs"
fi
say "pass"
exit 0
