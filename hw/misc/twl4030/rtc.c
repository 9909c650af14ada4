/*
 * TI TWL4030 (TPS65950) real-time clock
 *
 * TWL4030/TPS65950 TRM "RTC" chapter; Linux drivers/rtc/rtc-twl.c.
 * The counter is derived from QEMU's rtc_clock plus an offset (like
 * pl031), never from a copy of the host time, so -rtc base=/clock=vm,
 * qtest clock_step, stop/cont and migration behave.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qapi/error.h"
#include "qapi/qapi-events-misc.h"
#include "qemu/cutils.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "hw/irq.h"
#include "hw/resettable.h"
#include "hw/misc/twl4030/rtc.h"
#include "migration/vmstate.h"
#include GTA04_SYSTEM_RTC_H
#include GTA04_SYSTEM_SYSTEM_H
#include "trace.h"

#define NS_PER_SEC  NANOSECONDS_PER_SECOND

/* Index of each time register in tc[] / snapshot[] */
enum { TC_SEC, TC_MIN, TC_HOUR, TC_DAY, TC_MON, TC_YEAR, TC_WEEK };

/* Period of each EVERY value, in seconds */
static const int64_t rtc_every_period[4] = { 1, 60, 3600, 86400 };

static bool rtc_running(TWL4030RTCState *s)
{
    return FIELD_EX8(s->ctrl, TWL4030_RTC_CTRL, STOP_RTC);
}

static bool rtc_12h(TWL4030RTCState *s)
{
    return FIELD_EX8(s->ctrl, TWL4030_RTC_CTRL, MODE_12_24);
}

static uint8_t to_bcd(int v)
{
    return ((v / 10) << 4) | (v % 10);
}

/* BCD register to binary; false (and a guest error) for a non-BCD value */
static bool from_bcd(uint8_t v, int *out, int min, int max, const char *what)
{
    int hi = v >> 4, lo = v & 0xf;

    if (hi > 9 || lo > 9 || hi * 10 + lo < min || hi * 10 + lo > max) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030-rtc: invalid BCD %s 0x%02x\n", what, v);
        return false;
    }
    *out = hi * 10 + lo;
    return true;
}

static uint8_t encode_hours(TWL4030RTCState *s, int hour)
{
    if (rtc_12h(s)) {
        int h12 = hour % 12 ? hour % 12 : 12;

        return to_bcd(h12) | (hour >= 12 ? R_TWL4030_RTC_HOURS_PM_NAM_MASK : 0);
    }
    return to_bcd(hour);
}

static bool decode_hours(TWL4030RTCState *s, uint8_t v, int *hour)
{
    if (rtc_12h(s)) {
        bool pm = v & R_TWL4030_RTC_HOURS_PM_NAM_MASK;
        int h12;

        if (!from_bcd(v & ~R_TWL4030_RTC_HOURS_PM_NAM_MASK, &h12, 1, 12,
                      "hours (12h)")) {
            return false;
        }
        *hour = (h12 % 12) + (pm ? 12 : 0);
        return true;
    }
    return from_bcd(v, hour, 0, 23, "hours");
}

/*
 * Registers seconds..years (6 bytes) to seconds since 1970; years 00..99
 * are 2000..2099.  Day 31 of a 30-day month etc. rolls over like mktime.
 */
static bool regs_to_time(TWL4030RTCState *s, const uint8_t *r, int64_t *t)
{
    struct tm tm = { 0 };
    int year;

    if (!from_bcd(r[TC_SEC], &tm.tm_sec, 0, 59, "seconds") ||
        !from_bcd(r[TC_MIN], &tm.tm_min, 0, 59, "minutes") ||
        !decode_hours(s, r[TC_HOUR], &tm.tm_hour) ||
        !from_bcd(r[TC_DAY], &tm.tm_mday, 1, 31, "days") ||
        !from_bcd(r[TC_MON], &tm.tm_mon, 1, 12, "months") ||
        !from_bcd(r[TC_YEAR], &year, 0, 99, "years")) {
        return false;
    }
    tm.tm_mon -= 1;
    tm.tm_year = 100 + year;
    *t = mktimegm(&tm);
    return true;
}

static void time_to_regs(TWL4030RTCState *s, int64_t t, uint8_t *r)
{
    time_t tt = t;
    struct tm tm;

    gmtime_r(&tt, &tm);
    r[TC_SEC] = to_bcd(tm.tm_sec);
    r[TC_MIN] = to_bcd(tm.tm_min);
    r[TC_HOUR] = encode_hours(s, tm.tm_hour);
    r[TC_DAY] = to_bcd(tm.tm_mday);
    r[TC_MON] = to_bcd(tm.tm_mon + 1);
    r[TC_YEAR] = to_bcd((tm.tm_year + 1900) % 100);
    r[TC_WEEK] = (tm.tm_wday + s->week_offset) % 7;
}

static int weekday_of(int64_t t)
{
    time_t tt = t;
    struct tm tm;

    gmtime_r(&tt, &tm);
    return tm.tm_wday;
}

static int64_t clock_ns(void)
{
    return qemu_clock_get_ns(rtc_clock);
}

/* Guest time in ns (running or stopped) */
static int64_t rtc_now_ns(TWL4030RTCState *s)
{
    int64_t t;

    if (rtc_running(s)) {
        return clock_ns() + s->offset_ns;
    }
    if (!regs_to_time(s, s->tc, &t)) {
        t = 0;
    }
    return t * NS_PER_SEC + s->stopped_subsec_ns;
}

static int64_t rtc_now_sec(TWL4030RTCState *s)
{
    return rtc_now_ns(s) / NS_PER_SEC;
}

/* The time registers as the chip shows them now */
static void rtc_current_regs(TWL4030RTCState *s, uint8_t *r)
{
    if (rtc_running(s)) {
        time_to_regs(s, rtc_now_sec(s), r);
    } else {
        memcpy(r, s->tc, TWL4030_RTC_TIME_REGS);
    }
}

/* Events 1S..1D for the boundaries crossed since the last STATUS read */
static uint8_t rtc_events(TWL4030RTCState *s)
{
    int64_t now = rtc_now_sec(s);
    int64_t then = s->events_since;
    uint8_t ev = 0;

    if (now <= then) {
        return 0;
    }
    ev |= R_TWL4030_RTC_STATUS_EVENT_1S_MASK;
    if (now / 60 != then / 60) {
        ev |= R_TWL4030_RTC_STATUS_EVENT_1M_MASK;
    }
    if (now / 3600 != then / 3600) {
        ev |= R_TWL4030_RTC_STATUS_EVENT_1H_MASK;
    }
    if (now / 86400 != then / 86400) {
        ev |= R_TWL4030_RTC_STATUS_EVENT_1D_MASK;
    }
    return ev;
}

/*
 * The RTC interrupt is a level while a request is pending.  The alarm
 * request comes from the alarm event: the ALARM bit going 0 -> 1 with
 * IT_ALARM set (TPS65950 data manual SWCS032E 5.1 "RTC": an interrupt at
 * a precise time, the alarm function; RTC_STATUS_REG.ALARM is write 1 to
 * clear).  While ALARM stays set (not acknowledged) there is no new event,
 * and re-enabling IT_ALARM does not make one, although rtc-twl toggles
 * IT_ALARM on every new alarm: a driver that leaves ALARM set sees no
 * other RTC interrupt.
 */
static void rtc_update_irq(TWL4030RTCState *s)
{
    bool alarm = s->alarm_irq_req;
    bool timer = false;
    bool level;

    if (FIELD_EX8(s->interrupts, TWL4030_RTC_INTERRUPTS, IT_TIMER)) {
        int every = FIELD_EX8(s->interrupts, TWL4030_RTC_INTERRUPTS, EVERY);

        timer = rtc_events(s) & (R_TWL4030_RTC_STATUS_EVENT_1S_MASK << every);
    }
    level = alarm || timer;
    if (level != s->irq_level) {
        s->irq_level = level;
        trace_twl4030_rtc_irq(level, alarm, timer);
        qemu_set_irq(s->irq, level);
    }
}

/* Re-arm the alarm and periodic timers after anything they depend on */
static void rtc_rearm(TWL4030RTCState *s)
{
    int64_t now, alarm;

    timer_del(s->alarm_timer);
    timer_del(s->tick_timer);
    if (!rtc_running(s)) {
        return;
    }
    now = rtc_now_sec(s);
    if (regs_to_time(s, s->alarm, &alarm) && alarm > now) {
        trace_twl4030_rtc_alarm_armed(alarm - now);
        timer_mod(s->alarm_timer, alarm * NS_PER_SEC - s->offset_ns);
    }
    if (FIELD_EX8(s->interrupts, TWL4030_RTC_INTERRUPTS, IT_TIMER)) {
        int64_t p = rtc_every_period[FIELD_EX8(s->interrupts,
                                               TWL4030_RTC_INTERRUPTS, EVERY)];
        int64_t next = (now / p + 1) * p;

        timer_mod(s->tick_timer, next * NS_PER_SEC - s->offset_ns);
    }
}

static void rtc_alarm_cb(void *opaque)
{
    TWL4030RTCState *s = opaque;

    /* The alarm matches when the counter reaches the alarm time */
    if (!FIELD_EX8(s->status, TWL4030_RTC_STATUS, ALARM)) {
        s->status = FIELD_DP8(s->status, TWL4030_RTC_STATUS, ALARM, 1);
        s->alarm_irq_req = FIELD_EX8(s->interrupts, TWL4030_RTC_INTERRUPTS,
                                     IT_ALARM);
    }
    trace_twl4030_rtc_alarm();
    rtc_update_irq(s);
    rtc_rearm(s);
}

static void rtc_tick_cb(void *opaque)
{
    TWL4030RTCState *s = opaque;

    rtc_update_irq(s);
    rtc_rearm(s);
}

/*
 * The alarm and periodic events happen at the virtual time their timers
 * are armed for (that expiry is migrated with the timer); the timers
 * alone raise the RTC interrupt.  On a loaded host the main loop runs a
 * timer late while the vCPU's accesses happen at their own virtual time,
 * so an RTC register access first does what a timer due by then would
 * have done: a read at or after the alarm time sees RTC_STATUS.ALARM, and
 * a register write that re-arms the timers (GET_TIME, a new alarm) cannot
 * drop an alarm whose time has come.
 */
static bool rtc_timer_due(QEMUTimer *t, int64_t now)
{
    return timer_pending(t) && timer_expire_time_ns(t) <= now;
}

static void rtc_catch_up(TWL4030RTCState *s)
{
    int64_t now = clock_ns();

    if (rtc_timer_due(s->alarm_timer, now)) {
        rtc_alarm_cb(s);
    }
    if (rtc_timer_due(s->tick_timer, now)) {
        rtc_tick_cb(s);
    }
}

static void rtc_report_change(TWL4030RTCState *s)
{
    g_autofree char *path = object_get_canonical_path(OBJECT(s));
    time_t tt = rtc_now_sec(s);
    struct tm tm;

    gmtime_r(&tt, &tm);
    trace_twl4030_rtc_set_time((int64_t)tt);
    qapi_event_send_rtc_change(qemu_timedate_diff(&tm), path);
}

/*
 * Set the running counter to t seconds, keeping the phase of the current
 * second (a register write) or starting a new second now (ROUND_30S)
 */
static void rtc_set_running_time(TWL4030RTCState *s, int64_t t,
                                 bool keep_phase)
{
    int64_t now = clock_ns();
    int64_t subsec = keep_phase ? (now + s->offset_ns) % NS_PER_SEC : 0;

    s->offset_ns = t * NS_PER_SEC + subsec - now;
    s->events_since = t;
    s->snapshot_valid = false;
}

static void rtc_start(TWL4030RTCState *s)
{
    int64_t t;

    if (!regs_to_time(s, s->tc, &t)) {
        /* the chip would count from garbage; we count from 2000-01-01 */
        t = 946684800;
    }
    s->week_offset = (s->tc[TC_WEEK] % 7 + 7 - weekday_of(t)) % 7;
    s->offset_ns = t * NS_PER_SEC + s->stopped_subsec_ns - clock_ns();
    if (s->time_written) {
        s->time_written = false;
        s->events_since = t;
        rtc_report_change(s);
    }
}

static void rtc_stop(TWL4030RTCState *s)
{
    int64_t ns = clock_ns() + s->offset_ns;

    time_to_regs(s, ns / NS_PER_SEC, s->tc);
    s->stopped_subsec_ns = ns % NS_PER_SEC;
}

static void rtc_write_time(TWL4030RTCState *s, int idx, uint8_t value)
{
    int dummy;

    /* The chip stores what is written; a bad value is worth a log */
    switch (idx) {
    case TC_SEC:
    case TC_MIN:
        from_bcd(value, &dummy, 0, 59, "seconds/minutes");
        break;
    case TC_HOUR:
        decode_hours(s, value, &dummy);
        break;
    case TC_DAY:
        from_bcd(value, &dummy, 1, 31, "days");
        break;
    case TC_MON:
        from_bcd(value, &dummy, 1, 12, "months");
        break;
    case TC_YEAR:
        from_bcd(value, &dummy, 0, 99, "years");
        break;
    case TC_WEEK:
        if (value > 6) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "twl4030-rtc: invalid weekday %d\n", value);
        }
        value &= 7;
        break;
    }
    s->snapshot_valid = false;
    if (rtc_running(s)) {
        /* not what rtc-twl does (it stops the RTC first), but allowed */
        uint8_t r[TWL4030_RTC_TIME_REGS];
        int64_t t;

        time_to_regs(s, rtc_now_sec(s), r);
        r[idx] = value;
        if (idx == TC_WEEK) {
            s->week_offset = (value % 7 + 7 -
                              weekday_of(rtc_now_sec(s))) % 7;
        } else if (regs_to_time(s, r, &t)) {
            rtc_set_running_time(s, t, true);
        }
        rtc_report_change(s);
    } else {
        s->tc[idx] = value;
        s->time_written = true;
    }
}

static void rtc_write_ctrl(TWL4030RTCState *s, uint8_t value)
{
    bool was_running = rtc_running(s);
    bool run = FIELD_EX8(value, TWL4030_RTC_CTRL, STOP_RTC);
    bool mode_change = (value ^ s->ctrl) & R_TWL4030_RTC_CTRL_MODE_12_24_MASK;

    if (value & R_TWL4030_RTC_CTRL_TEST_MODE_MASK) {
        qemu_log_mask(LOG_UNIMP, "twl4030-rtc: TEST_MODE not modelled\n");
    }
    if (value & R_TWL4030_RTC_CTRL_SET_32_COUNTER_MASK) {
        qemu_log_mask(LOG_UNIMP, "twl4030-rtc: SET_32_COUNTER not modelled\n");
    }
    if (value & 0x80) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030-rtc: RTC_CTRL bit 7 is reserved on TWL4030\n");
    }

    if (was_running && !run) {
        rtc_stop(s);
    }
    if (mode_change && !(was_running && run)) {
        /* tc[] holds the time: its hours change format with the mode */
        int hour;

        if (decode_hours(s, s->tc[TC_HOUR], &hour)) {
            s->ctrl ^= R_TWL4030_RTC_CTRL_MODE_12_24_MASK;
            s->tc[TC_HOUR] = encode_hours(s, hour);
            s->ctrl ^= R_TWL4030_RTC_CTRL_MODE_12_24_MASK;
        }
    }
    /* GET_TIME and ROUND_30S are actions: they read back 0 */
    s->ctrl = value & (R_TWL4030_RTC_CTRL_STOP_RTC_MASK |
                       R_TWL4030_RTC_CTRL_AUTO_COMP_MASK |
                       R_TWL4030_RTC_CTRL_MODE_12_24_MASK |
                       R_TWL4030_RTC_CTRL_TEST_MODE_MASK |
                       R_TWL4030_RTC_CTRL_SET_32_COUNTER_MASK);
    if (!was_running && run) {
        rtc_start(s);
    }
    if (was_running != run) {
        trace_twl4030_rtc_run(run);
    }

    if (value & R_TWL4030_RTC_CTRL_ROUND_30S_MASK) {
        /* TRM: round the time to the closest minute */
        int64_t t = rtc_now_sec(s);
        int sec = t % 60;

        t += sec >= 30 ? 60 - sec : -sec;
        if (rtc_running(s)) {
            rtc_set_running_time(s, t, false);
        } else {
            time_to_regs(s, t, s->tc);
            s->stopped_subsec_ns = 0;
            s->time_written = true;
        }
        rtc_report_change(s);
    }
    if (value & R_TWL4030_RTC_CTRL_GET_TIME_MASK) {
        rtc_current_regs(s, s->snapshot);
        s->snapshot_valid = true;
        trace_twl4030_rtc_get_time(s->snapshot[TC_YEAR], s->snapshot[TC_MON],
                                   s->snapshot[TC_DAY], s->snapshot[TC_HOUR],
                                   s->snapshot[TC_MIN], s->snapshot[TC_SEC]);
    }
    rtc_rearm(s);
    rtc_update_irq(s);
}

static uint8_t rtc_read(TWL4030Cell *m, uint8_t addr, uint8_t reg)
{
    TWL4030RTCState *s = TWL4030_RTC(m);
    uint8_t r[TWL4030_RTC_TIME_REGS];
    uint8_t val = 0;

    rtc_catch_up(s);
    switch (reg) {
    case A_TWL4030_RTC_SECONDS ... A_TWL4030_RTC_WEEKS:
        if (s->snapshot_valid) {
            val = s->snapshot[reg - A_TWL4030_RTC_SECONDS];
        } else {
            rtc_current_regs(s, r);
            val = r[reg - A_TWL4030_RTC_SECONDS];
        }
        break;
    case A_TWL4030_RTC_ALARM_SECONDS ... A_TWL4030_RTC_ALARM_YEARS:
        val = s->alarm[reg - A_TWL4030_RTC_ALARM_SECONDS];
        break;
    case A_TWL4030_RTC_CTRL:
        val = s->ctrl;
        break;
    case A_TWL4030_RTC_STATUS:
        val = s->status | rtc_events(s) |
              (rtc_running(s) ? R_TWL4030_RTC_STATUS_RUN_MASK : 0);
        /* reading the status consumes the 1S..1D events */
        s->events_since = rtc_now_sec(s);
        rtc_update_irq(s);
        break;
    case A_TWL4030_RTC_INTERRUPTS:
        val = s->interrupts;
        break;
    case A_TWL4030_RTC_COMP_LSB:
        val = s->comp_lsb;
        break;
    case A_TWL4030_RTC_COMP_MSB:
        val = s->comp_msb;
        break;
    }
    trace_twl4030_rtc_read(reg, val);
    return val;
}

static void rtc_write(TWL4030Cell *m, uint8_t addr, uint8_t reg,
                      uint8_t value)
{
    TWL4030RTCState *s = TWL4030_RTC(m);

    trace_twl4030_rtc_write(reg, value);
    rtc_catch_up(s);
    switch (reg) {
    case A_TWL4030_RTC_SECONDS ... A_TWL4030_RTC_WEEKS:
        rtc_write_time(s, reg - A_TWL4030_RTC_SECONDS, value);
        rtc_rearm(s);
        rtc_update_irq(s);
        break;
    case A_TWL4030_RTC_ALARM_SECONDS ... A_TWL4030_RTC_ALARM_YEARS:
        s->alarm[reg - A_TWL4030_RTC_ALARM_SECONDS] = value;
        rtc_rearm(s);
        break;
    case A_TWL4030_RTC_CTRL:
        rtc_write_ctrl(s, value);
        break;
    case A_TWL4030_RTC_STATUS:
        /* ALARM and POWER_UP are write-1-to-clear; the rest is read-only */
        s->status &= ~(value & (R_TWL4030_RTC_STATUS_ALARM_MASK |
                                R_TWL4030_RTC_STATUS_POWER_UP_MASK));
        if (!FIELD_EX8(s->status, TWL4030_RTC_STATUS, ALARM)) {
            s->alarm_irq_req = false;
        }
        rtc_update_irq(s);
        break;
    case A_TWL4030_RTC_INTERRUPTS:
        if (value & 0xf0) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "twl4030-rtc: reserved RTC_INTERRUPTS bits 0x%02x\n",
                          value);
        }
        s->interrupts = value & 0x0f;
        if (!FIELD_EX8(s->interrupts, TWL4030_RTC_INTERRUPTS, IT_ALARM)) {
            s->alarm_irq_req = false;
        }
        rtc_rearm(s);
        rtc_update_irq(s);
        break;
    case A_TWL4030_RTC_COMP_LSB:
    case A_TWL4030_RTC_COMP_MSB:
        if (reg == A_TWL4030_RTC_COMP_LSB) {
            s->comp_lsb = value;
        } else {
            s->comp_msb = value;
        }
        if ((s->comp_lsb || s->comp_msb) &&
            FIELD_EX8(s->ctrl, TWL4030_RTC_CTRL, AUTO_COMP)) {
            /* the emulated 32 kHz oscillator is exact: nothing to correct */
            qemu_log_mask(LOG_UNIMP,
                          "twl4030-rtc: drift compensation not modelled\n");
        }
        break;
    }
}

static void rtc_reset_enter(Object *obj, ResetType type)
{
    TWL4030RTCState *s = TWL4030_RTC(obj);

    /*
     * The RTC is in the backup domain: the time survives a reset of the
     * chip (a QEMU system reset); the registers go to their reset values.
     * It comes up counting (as after the boot loader started it), with
     * POWER_UP set, and the alarm at 2000-01-01 00:00:00.
     */
    if (!rtc_running(s)) {
        rtc_start(s);
    }
    s->ctrl = R_TWL4030_RTC_CTRL_STOP_RTC_MASK;
    s->status = R_TWL4030_RTC_STATUS_POWER_UP_MASK;
    s->interrupts = 0;
    s->comp_lsb = 0;
    s->comp_msb = 0;
    s->alarm[TC_SEC] = 0x00;
    s->alarm[TC_MIN] = 0x00;
    s->alarm[TC_HOUR] = 0x00;
    s->alarm[TC_DAY] = 0x01;
    s->alarm[TC_MON] = 0x01;
    s->alarm[TC_YEAR] = 0x00;
    s->snapshot_valid = false;
    s->time_written = false;
    s->alarm_irq_req = false;
    s->events_since = rtc_now_sec(s);
    timer_del(s->alarm_timer);
    timer_del(s->tick_timer);
}

/* Outputs settle in "hold", while the SIH is in reset and ignores edges */
static void rtc_reset_hold(Object *obj, ResetType type)
{
    TWL4030RTCState *s = TWL4030_RTC(obj);

    rtc_rearm(s);
    rtc_update_irq(s);
}
GTA04_RESET_PHASE_COMPAT(rtc_reset_hold);

static void rtc_realize(DeviceState *dev, Error **errp)
{
    TWL4030RTCState *s = TWL4030_RTC(dev);
    struct tm tm;

    /* Start at the time -rtc gives, like every QEMU RTC */
    qemu_get_timedate(&tm, 0);
    s->ctrl = R_TWL4030_RTC_CTRL_STOP_RTC_MASK;
    s->offset_ns = mktimegm(&tm) * NS_PER_SEC - clock_ns();
    s->events_since = rtc_now_sec(s);
}

static void rtc_init(Object *obj)
{
    TWL4030RTCState *s = TWL4030_RTC(obj);

    qdev_init_gpio_out_named(DEVICE(obj), &s->irq, "irq", 1);
    s->alarm_timer = timer_new_ns(rtc_clock, rtc_alarm_cb, s);
    s->tick_timer = timer_new_ns(rtc_clock, rtc_tick_cb, s);
}

static void rtc_finalize(Object *obj)
{
    TWL4030RTCState *s = TWL4030_RTC(obj);

    timer_free(s->alarm_timer);
    timer_free(s->tick_timer);
}

static const VMStateDescription vmstate_twl4030_rtc = {
    .name = "twl4030-rtc",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_INT64(offset_ns, TWL4030RTCState),
        VMSTATE_UINT8_ARRAY(tc, TWL4030RTCState, TWL4030_RTC_TIME_REGS),
        VMSTATE_INT64(stopped_subsec_ns, TWL4030RTCState),
        VMSTATE_UINT8(week_offset, TWL4030RTCState),
        VMSTATE_BOOL(time_written, TWL4030RTCState),
        VMSTATE_UINT8_ARRAY(alarm, TWL4030RTCState, TWL4030_RTC_ALARM_REGS),
        VMSTATE_UINT8(ctrl, TWL4030RTCState),
        VMSTATE_UINT8(status, TWL4030RTCState),
        VMSTATE_UINT8(interrupts, TWL4030RTCState),
        VMSTATE_UINT8(comp_lsb, TWL4030RTCState),
        VMSTATE_UINT8(comp_msb, TWL4030RTCState),
        VMSTATE_UINT8_ARRAY(snapshot, TWL4030RTCState, TWL4030_RTC_TIME_REGS),
        VMSTATE_BOOL(snapshot_valid, TWL4030RTCState),
        VMSTATE_INT64(events_since, TWL4030RTCState),
        VMSTATE_TIMER_PTR(alarm_timer, TWL4030RTCState),
        VMSTATE_TIMER_PTR(tick_timer, TWL4030RTCState),
        VMSTATE_BOOL(irq_level, TWL4030RTCState),
        VMSTATE_BOOL(alarm_irq_req, TWL4030RTCState),
        VMSTATE_END_OF_LIST()
    }
};

static void rtc_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    TWL4030CellClass *mc = TWL4030_CELL_CLASS(oc);

    dc->desc = "TWL4030 real-time clock";
    dc->realize = rtc_realize;
    dc->vmsd = &vmstate_twl4030_rtc;
    rc->phases.enter = rtc_reset_enter;
    rc->phases.hold = GTA04_RESET_PHASE(rtc_reset_hold);
    mc->read = rtc_read;
    mc->write = rtc_write;
}
GTA04_CLASS_INIT_COMPAT(rtc_class_init);

static const TypeInfo rtc_type_info = {
    .name = TYPE_TWL4030_RTC,
    .parent = TYPE_TWL4030_CELL,
    .instance_size = sizeof(TWL4030RTCState),
    .instance_init = rtc_init,
    .instance_finalize = rtc_finalize,
    .class_init = GTA04_CLASS_INIT(rtc_class_init),
};

static void rtc_register_types(void)
{
    type_register_static(&rtc_type_info);
}

type_init(rtc_register_types)
