#!/bin/sh
# gta04-wake CASE: one wake scenario of the qemu-gta04 board, run in the
# guest (busybox sh) by the LAVA test definition gta04-wake.yaml, one
# lava-test-case per CASE.  Exit 0 if the board woke as it must; the verdict
# is the guest's own, from what the kernel shows:
#   - the write to /sys/power/state returned 0, and suspend_stats/success
#     and dmesg's "PM: suspend exit" each grew by one (a real suspend)
#   - /sys/power/pm_wakeup_irq is the TWL4030-PIH line (INTC 7): the PMIC
#     woke it, not something else
#   - the handler behind the source ran (/proc/interrupts): rtc0 +1 for the
#     RTC alarm, twl4030_pwrbutton for the button, and no other source's
#   - the RTC alarm woke it no earlier than the alarm time; a host stimulus
#     woke it after at least a second asleep and before the fall-back alarm
#   - for the cable, the USB PHY's vbus file follows the plug (the driver
#     re-reads the cable by hand on resume)
#
# CASE is SOURCE-wake-STATE or alarm-after-resume-STATE, STATE mem|freeze:
#   rtc-wake-STATE         the RTC alarm (+3 s, set here)
#   pwron-wake-STATE       the power button, pressed by the host
#   usb-plug-wake-STATE    the USB cable plugged by the host
#   usb-unplug-wake-STATE  the USB cable pulled by the host (plug it first)
#   alarm-after-resume-STATE  an RTC wake, then an alarm while awake still
#                          fires (rtc0 +1, RTC_STATUS alarm bit cleared)
# A host stimulus is asked for on the kernel log ("GTA04-STIMULUS: KIND for
# CASE" through /dev/kmsg, so it reaches the console before the suspend
# does); contrib/lava/gta04-stimuli on the worker reads the console log,
# waits until the guest has suspended and 2 guest seconds more, and applies
# it over QMP.  A fall-back RTC alarm (GTA04_WAKE_FALLBACK s, default 12)
# ends the sleep if nobody does: the case then fails (woken by rtc0, not by
# the stimulus) instead of hanging.

c="$1"
FALLBACK="${GTA04_WAKE_FALLBACK:-12}"
RTC=/sys/class/rtc/rtc0
PHY_VBUS=$(ls /sys/bus/platform/devices/*twl4030-usb/vbus 2>/dev/null | head -n 1)

say() { echo "gta04-wake: $c: $*"; }
fail() { say "FAIL: $*"; exit 1; }

# irq count of the /proc/interrupts line whose action is $1 (0 if none)
count() { awk -v n="$1" '$NF == n { s = $2 } END { print s + 0 }' /proc/interrupts; }
pih() { awk '$NF == "TWL4030-PIH" { sub(":", "", $1); print $1 }' /proc/interrupts; }
now() { cat $RTC/since_epoch; }
exits() { dmesg | grep -c 'PM: suspend exit'; }
vbus() { cat "$PHY_VBUS"; }

case "$c" in
    *-mem) state=mem ;;
    *-freeze) state=freeze ;;
    *) fail "no state (mem or freeze) at the end of the case name" ;;
esac
case "$c" in
    rtc-wake-$state) src=rtc ;;
    pwron-wake-$state) src=pwron ;;
    usb-plug-wake-$state) src=usb-plug ;;
    usb-unplug-wake-$state) src=usb-unplug ;;
    alarm-after-resume-$state) src=alarm-after-resume ;;
    *) fail "unknown scenario (rtc-wake, pwron-wake, usb-plug-wake, usb-unplug-wake, alarm-after-resume)" ;;
esac
grep -qw "$state" /sys/power/state || fail "the kernel offers no '$state' ($(cat /sys/power/state))"
PIH=$(pih)
[ -n "$PIH" ] || fail "no TWL4030-PIH line in /proc/interrupts"

# suspend KIND: write $state to /sys/power/state after arming the RTC
# (KIND rtc: the alarm in 3 s; else the fall-back alarm, and the host is asked
# for KIND), and note what the kernel says happened
suspend() {
    echo 0 > $RTC/wakealarm
    if [ "$1" = rtc ]; then
        echo +3 > $RTC/wakealarm
    else
        echo +"$FALLBACK" > $RTC/wakealarm
    fi
    alarm=$(cat $RTC/wakealarm)
    rtc0=$(count rtc0); btn=$(count twl4030_pwrbutton)
    ok0=$(cat /sys/power/suspend_stats/success); ex0=$(exits)
    [ "$1" = rtc ] || echo "gta04-wake: GTA04-STIMULUS: $1 for $c" > /dev/kmsg
    t0=$(now)
    echo "$state" > /sys/power/state
    st=$?
    t1=$(now)
    echo 0 > $RTC/wakealarm
    # the host releases the button 0.3 s after the press that woke us: count
    # the handler's runs once that edge is in too (else it lands in the next
    # case, whose suspend it would end at once)
    [ "$1" = pwron ] && sleep 2
    wirq=$(cat /sys/power/pm_wakeup_irq 2>/dev/null || echo none)
    d_rtc0=$(( $(count rtc0) - rtc0 )); d_btn=$(( $(count twl4030_pwrbutton) - btn ))
    d_ok=$(( $(cat /sys/power/suspend_stats/success) - ok0 )); d_ex=$(( $(exits) - ex0 ))
    slept=$((t1 - t0))
    seen="slept $slept s, write status $st, wakeup irq $wirq (PIH $PIH), rtc0 +$d_rtc0,"
    seen="$seen twl4030_pwrbutton +$d_btn, suspend_stats/success +$d_ok, 'PM: suspend exit' +$d_ex"
    say "$seen"
    [ "$st" = 0 ] || fail "the write to /sys/power/state failed"
    [ "$d_ok" = 1 ] && [ "$d_ex" = 1 ] || fail "no complete suspend/resume cycle"
    [ "$wirq" = "$PIH" ] || fail "not woken by the PMIC (TWL4030-PIH)"
    if [ "$1" = rtc ]; then
        [ "$t1" -ge "$alarm" ] || fail "awake at RTC $t1, before the alarm time $alarm"
        [ "$d_rtc0" = 1 ] || fail "the rtc0 handler did not run once"
        [ "$d_btn" = 0 ] || fail "the power button handler ran"
    else
        [ "$d_rtc0" = 0 ] || fail "woken by the fall-back RTC alarm after $FALLBACK s: the host never applied '$1' (is gta04-stimuli running?)"
        [ "$slept" -ge 1 ] || fail "woke within a second: before the host's stimulus"
        [ "$slept" -lt "$FALLBACK" ] || fail "slept until the fall-back alarm"
    fi
}

case $src in
rtc)
    suspend rtc ;;
pwron)
    suspend pwron
    # press and release: one latch per edge, and the SIH re-latches a
    # cleared source once while it is still at its level: 2 to 4 runs
    [ "$d_btn" -ge 2 ] && [ "$d_btn" -le 4 ] ||
        fail "twl4030_pwrbutton ran $d_btn times for one press and release" ;;
usb-plug|usb-unplug)
    [ -n "$PHY_VBUS" ] || fail "no twl4030-usb PHY (phy-twl4030-usb not loaded?)"
    if [ $src = usb-plug ]; then before=off; after=on; kind=vbus-on
    else before=on; after=off; kind=vbus-off; fi
    [ "$(vbus)" = $before ] || fail "the PHY says vbus $(vbus) before the cable is ${src#usb-}ged"
    suspend $kind
    [ "$d_btn" = 0 ] || fail "the power button handler ran"
    sleep 1
    [ "$(vbus)" = $after ] || fail "the PHY says vbus $(vbus) after the cable was ${src#usb-}ged" ;;
alarm-after-resume)
    suspend rtc
    rtc0=$(count rtc0)
    status=$(i2cget -f -y 0 0x4b 0x2a) || fail "cannot read RTC_STATUS_REG over i2c-dev"
    [ $((status & 0x40)) = 0 ] || fail "RTC_STATUS $status: the alarm bit is still set after the wake"
    echo +2 > $RTC/wakealarm
    sleep 4
    echo 0 > $RTC/wakealarm
    [ $(( $(count rtc0) - rtc0 )) = 1 ] ||
        fail "an alarm while awake after the wake: rtc0 +$(( $(count rtc0) - rtc0 )), not +1"
    say "then, awake, RTC_STATUS $status and an alarm in 2 s: rtc0 +1" ;;
esac
say "pass"
exit 0
