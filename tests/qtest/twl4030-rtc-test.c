/*
 * qtest for the TWL4030 RTC (0x4B:0x1C-0x2D) through the OMAP3 I2C1
 * controller: counting from -rtc base with clock=vm, GET_TIME snapshots,
 * setting the time, 12-hour mode, ROUND_30S, the alarm and its interrupt
 * through PWR_ISR1.RTC_IT and INT1, the ALARM handshake with rtc-twl's
 * second PWR_ISR1 read, periodic interrupts and migration.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include GTA04_QOBJECT_QDICT_H
#include "twl4030-qtest.h"
#include "gta04-migrate.h"
#include "gta04-late-timers.h"

#define RTC             TWL_POWER
#define SECONDS         0x1c
#define WEEKS           0x22
#define ALARM_SECONDS   0x23
#define RTC_CTRL        0x29
#define RTC_STATUS      0x2a
#define RTC_INTERRUPTS  0x2b
#define COMP_LSB        0x2c

#define CTRL_RUN        0x01
#define CTRL_ROUND_30S  0x02
#define CTRL_12H        0x08
#define CTRL_GET_TIME   0x40

#define STATUS_RUN      0x02
#define STATUS_1S       0x04
#define STATUS_1M       0x08
#define STATUS_ALARM    0x40
#define STATUS_POWER_UP 0x80

#define IT_TIMER        0x04
#define IT_ALARM        0x08

#define RTC_IT          0x08

#define SEC             1000000000LL

#define BASE_ARGS       "-rtc base=2026-03-14T15:09:26,clock=vm"

/* rtc-twl's twl_rtc_read_time(): GET_TIME, then 6 bytes from SECONDS */
static void rtc_read_time(QTestState *qts, uint8_t *t)
{
    uint8_t ctrl = twl_get(qts, RTC, RTC_CTRL);

    twl_set(qts, RTC, RTC_CTRL, ctrl | CTRL_GET_TIME);
    twl_read(qts, RTC, SECONDS, t, 6);
}

static void assert_time(const uint8_t *t, uint8_t y, uint8_t mo, uint8_t d,
                        uint8_t h, uint8_t mi, uint8_t s)
{
    g_assert_cmphex(t[0], ==, s);
    g_assert_cmphex(t[1], ==, mi);
    g_assert_cmphex(t[2], ==, h);
    g_assert_cmphex(t[3], ==, d);
    g_assert_cmphex(t[4], ==, mo);
    g_assert_cmphex(t[5], ==, y);
}

/* rtc-twl's twl_rtc_set_time(): stop, write 6 bytes, start */
static void rtc_set_time(QTestState *qts, const uint8_t *t)
{
    uint8_t ctrl = twl_get(qts, RTC, RTC_CTRL);

    twl_set(qts, RTC, RTC_CTRL, ctrl & ~CTRL_RUN);
    twl_write(qts, RTC, SECONDS, t, 6);
    twl_set(qts, RTC, RTC_CTRL, ctrl | CTRL_RUN);
}

/*
 * The PWR SIH as Linux leaves it with only rtc0 requested: COR, RTC_IT
 * rising (IRQF_TRIGGER_RISING), everything else masked
 */
static void pwr_sih_like_linux(QTestState *qts)
{
    static const uint8_t ff[3] = { 0xff, 0xff, 0xff };

    twl_write(qts, 0x49, 0xb4, ff, 3);
    twl_set(qts, 0x4a, 0xe4, 0xff);
    twl_write(qts, 0x4a, 0xbb, ff, 2);
    twl_set(qts, 0x4a, 0x62, 0xff);
    twl_set(qts, RTC, PWR_SIH_CTRL, 0x04);
    twl_set(qts, RTC, PWR_EDR1, (twl_get(qts, RTC, PWR_EDR1) & ~0xc0) | 0x80);
    twl_set(qts, RTC, PWR_IMR1, (uint8_t)~RTC_IT);
}

/* Counting from -rtc base, with the virtual clock */
static void test_counting(void)
{
    QTestState *qts = twl_start(BASE_ARGS);
    uint8_t t[6];

    g_assert_cmphex(twl_get(qts, RTC, RTC_CTRL), ==, CTRL_RUN);
    g_assert_cmphex(twl_get(qts, RTC, RTC_STATUS) & ~0x3c, ==,
                    STATUS_POWER_UP | STATUS_RUN);
    rtc_read_time(qts, t);
    assert_time(t, 0x26, 0x03, 0x14, 0x15, 0x09, 0x26);
    g_assert_cmphex(twl_get(qts, RTC, WEEKS), ==, 6);       /* Saturday */

    qtest_clock_step(qts, 61 * SEC);
    rtc_read_time(qts, t);
    assert_time(t, 0x26, 0x03, 0x14, 0x15, 0x10, 0x27);
    /* to the next day */
    qtest_clock_step(qts, (8 * 3600 + 49 * 60 + 40) * SEC);
    rtc_read_time(qts, t);
    assert_time(t, 0x26, 0x03, 0x15, 0x00, 0x00, 0x07);
    g_assert_cmphex(twl_get(qts, RTC, WEEKS), ==, 0);       /* Sunday */
    qtest_quit(qts);
}

/* Year and leap-day roll-over */
static void test_rollover(void)
{
    QTestState *qts = twl_start("-rtc base=2026-12-31T23:59:58,clock=vm");
    uint8_t t[6];

    qtest_clock_step(qts, 3 * SEC);
    rtc_read_time(qts, t);
    assert_time(t, 0x27, 0x01, 0x01, 0x00, 0x00, 0x01);
    g_assert_cmphex(twl_get(qts, RTC, WEEKS), ==, 5);       /* Friday */
    qtest_quit(qts);

    qts = twl_start("-rtc base=2024-02-28T23:59:59,clock=vm");
    qtest_clock_step(qts, SEC);
    rtc_read_time(qts, t);
    assert_time(t, 0x24, 0x02, 0x29, 0x00, 0x00, 0x00);
    qtest_clock_step(qts, 86400 * SEC);
    rtc_read_time(qts, t);
    assert_time(t, 0x24, 0x03, 0x01, 0x00, 0x00, 0x00);
    qtest_quit(qts);
}

/* The time registers read the GET_TIME snapshot, not the running counter */
static void test_get_time_snapshot(void)
{
    QTestState *qts = twl_start(BASE_ARGS);
    uint8_t t[6];

    rtc_read_time(qts, t);
    qtest_clock_step(qts, 5 * SEC);
    twl_read(qts, RTC, SECONDS, t, 6);
    assert_time(t, 0x26, 0x03, 0x14, 0x15, 0x09, 0x26);
    /* GET_TIME reads back 0 (an action, not a mode) */
    twl_set(qts, RTC, RTC_CTRL, CTRL_RUN | CTRL_GET_TIME);
    g_assert_cmphex(twl_get(qts, RTC, RTC_CTRL), ==, CTRL_RUN);
    twl_read(qts, RTC, SECONDS, t, 6);
    assert_time(t, 0x26, 0x03, 0x14, 0x15, 0x09, 0x31);
    qtest_quit(qts);
}

/* Setting the time: stopped counter, registers kept as written, RTC_CHANGE */
static void test_set_time(void)
{
    QTestState *qts = twl_start(BASE_ARGS);
    static const uint8_t new_time[6] = { 0x00, 0x00, 0x12, 0x15, 0x06, 0x30 };
    uint8_t t[6];
    QDict *ev;

    /* stopped: frozen, STATUS.RUN clear */
    twl_set(qts, RTC, RTC_CTRL, 0);
    g_assert_cmphex(twl_get(qts, RTC, RTC_STATUS) & STATUS_RUN, ==, 0);
    qtest_clock_step(qts, 10 * SEC);
    rtc_read_time(qts, t);
    assert_time(t, 0x26, 0x03, 0x14, 0x15, 0x09, 0x26);
    twl_set(qts, RTC, RTC_CTRL, CTRL_RUN);

    rtc_set_time(qts, new_time);
    ev = qtest_qmp_eventwait_ref(qts, "RTC_CHANGE");
    g_assert_true(qdict_haskey(qdict_get_qdict(ev, "data"), "offset"));
    qobject_unref(ev);
    g_assert_cmphex(twl_get(qts, RTC, RTC_STATUS) & STATUS_RUN, ==, STATUS_RUN);
    rtc_read_time(qts, t);
    assert_time(t, 0x30, 0x06, 0x15, 0x12, 0x00, 0x00);
    g_assert_cmphex(twl_get(qts, RTC, WEEKS), ==, 6);       /* Saturday */
    qtest_clock_step(qts, 2 * SEC);
    rtc_read_time(qts, t);
    assert_time(t, 0x30, 0x06, 0x15, 0x12, 0x00, 0x02);

    /* one register at a time: Jan 31 -> Feb 28 goes through "Feb 31" */
    twl_set(qts, RTC, RTC_CTRL, 0);
    twl_set(qts, RTC, 0x1f, 0x31);                  /* DAYS */
    twl_set(qts, RTC, 0x20, 0x01);                  /* MONTHS */
    twl_set(qts, RTC, 0x21, 0x31);                  /* YEARS */
    twl_set(qts, RTC, 0x20, 0x02);
    twl_set(qts, RTC, 0x1f, 0x28);
    twl_set(qts, RTC, RTC_CTRL, CTRL_RUN);
    rtc_read_time(qts, t);
    assert_time(t, 0x31, 0x02, 0x28, 0x12, 0x00, 0x02);
    /* WEEKS is a counter of its own: writing the date leaves it alone */
    g_assert_cmphex(twl_get(qts, RTC, WEEKS), ==, 6);
    twl_set(qts, RTC, WEEKS, 5);                    /* Friday */
    g_assert_cmphex(twl_get(qts, RTC, WEEKS), ==, 5);
    /* and it advances at midnight with the date */
    qtest_clock_step(qts, (12 * 3600 - 2) * SEC);
    rtc_read_time(qts, t);
    assert_time(t, 0x31, 0x03, 0x01, 0x00, 0x00, 0x00);
    g_assert_cmphex(twl_get(qts, RTC, WEEKS), ==, 6);
    qtest_quit(qts);
}

/* 12-hour mode and ROUND_30S */
static void test_12h_round(void)
{
    QTestState *qts = twl_start(BASE_ARGS);
    uint8_t t[6];

    twl_set(qts, RTC, RTC_CTRL, CTRL_RUN | CTRL_12H);
    rtc_read_time(qts, t);
    g_assert_cmphex(t[2], ==, 0x83);                /* 3 PM */
    twl_set(qts, RTC, RTC_CTRL, CTRL_RUN);
    rtc_read_time(qts, t);
    g_assert_cmphex(t[2], ==, 0x15);

    /* 15:09:26 rounds down, 15:09:46 up */
    twl_set(qts, RTC, RTC_CTRL, CTRL_RUN | CTRL_ROUND_30S);
    g_assert_cmphex(twl_get(qts, RTC, RTC_CTRL), ==, CTRL_RUN);
    rtc_read_time(qts, t);
    assert_time(t, 0x26, 0x03, 0x14, 0x15, 0x09, 0x00);
    qtest_clock_step(qts, 46 * SEC);
    twl_set(qts, RTC, RTC_CTRL, CTRL_RUN | CTRL_ROUND_30S);
    rtc_read_time(qts, t);
    assert_time(t, 0x26, 0x03, 0x14, 0x15, 0x10, 0x00);

    /* compensation registers are plain storage */
    twl_set(qts, RTC, COMP_LSB, 0x34);
    twl_set(qts, RTC, COMP_LSB + 1, 0x12);
    g_assert_cmphex(twl_get(qts, RTC, COMP_LSB), ==, 0x34);
    g_assert_cmphex(twl_get(qts, RTC, COMP_LSB + 1), ==, 0x12);
    qtest_quit(qts);
}

static int from_bcd(uint8_t v)
{
    return (v >> 4) * 10 + (v & 0xf);
}

static uint8_t to_bcd(int v)
{
    return (v / 10) << 4 | v % 10;
}

/* Alarm 5 s ahead (the tests stay clear of hour boundaries) */
static void set_alarm_in_5s(QTestState *qts, uint8_t *now)
{
    uint8_t alarm[6];
    int sec, min;

    rtc_read_time(qts, now);
    memcpy(alarm, now, 6);
    sec = from_bcd(now[0]) + 5;
    min = from_bcd(now[1]) + sec / 60;
    g_assert_cmpint(min, <, 60);
    alarm[0] = to_bcd(sec % 60);
    alarm[1] = to_bcd(min);
    twl_write(qts, RTC, ALARM_SECONDS, alarm, 6);
}

static void test_alarm(void)
{
    QTestState *qts = twl_start(BASE_ARGS);
    uint8_t t[6], a[6];

    pwr_sih_like_linux(qts);
    /* reset values: 2000-01-01 00:00:00 */
    twl_read(qts, RTC, ALARM_SECONDS, a, 6);
    assert_time(a, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00);

    set_alarm_in_5s(qts, t);                        /* 15:09:31 */
    twl_set(qts, RTC, RTC_INTERRUPTS, IT_ALARM);
    qtest_clock_step(qts, 4 * SEC);
    g_assert_cmphex(twl_get(qts, RTC, RTC_STATUS) & STATUS_ALARM, ==, 0);
    g_assert_false(twl_int1(qts));
    qtest_clock_step(qts, SEC);
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, 0x49, 0x81), ==, 0x20);    /* PIH: PWR */
    g_assert_cmphex(twl_get(qts, RTC, RTC_STATUS) & STATUS_ALARM, ==,
                    STATUS_ALARM);
    rtc_read_time(qts, t);
    assert_time(t, 0x26, 0x03, 0x14, 0x15, 0x09, 0x31);

    /* ALARM latches even with IT_ALARM clear, but RTC_IT needs IT_ALARM */
    twl_set(qts, RTC, RTC_INTERRUPTS, 0);
    twl_get(qts, RTC, PWR_ISR1);
    twl_get(qts, RTC, PWR_ISR1);
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, RTC, RTC_STATUS) & STATUS_ALARM, ==,
                    STATUS_ALARM);
    twl_set(qts, RTC, RTC_STATUS, STATUS_ALARM | STATUS_POWER_UP);
    g_assert_cmphex(twl_get(qts, RTC, RTC_STATUS) &
                    (STATUS_ALARM | STATUS_POWER_UP), ==, 0);
    qtest_quit(qts);
}

/*
 * rtc-twl's interrupt: PIH read, PWR_ISR1 read (COR) -> RTC_IT re-latches
 * while ALARM is still set, STATUS read, ALARM ack, second PWR_ISR1 read
 * consumes the re-latch: INT1 is down.  Without the ack (the handler never
 * ran: bug 2) no later alarm can raise RTC_IT again until ALARM is cleared.
 */
static void test_alarm_handshake(void)
{
    QTestState *qts = twl_start(BASE_ARGS);
    uint8_t t[6];

    pwr_sih_like_linux(qts);
    set_alarm_in_5s(qts, t);
    twl_set(qts, RTC, RTC_INTERRUPTS, IT_ALARM);
    qtest_clock_step(qts, 5 * SEC);

    /* the stock 6.1 handler sequence */
    g_assert_cmphex(twl_get(qts, 0x49, 0x81), ==, 0x20);
    g_assert_cmphex(twl_get(qts, RTC, PWR_ISR1), ==, RTC_IT);
    g_assert_true(twl_int1(qts));                   /* re-latched */
    g_assert_cmphex(twl_get(qts, RTC, RTC_STATUS) & STATUS_ALARM, ==,
                    STATUS_ALARM);
    twl_set(qts, RTC, RTC_STATUS, STATUS_ALARM);
    g_assert_cmphex(twl_get(qts, RTC, PWR_ISR1), ==, RTC_IT);
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, RTC, PWR_ISR1), ==, 0);

    /* next alarm: works again */
    set_alarm_in_5s(qts, t);
    qtest_clock_step(qts, 5 * SEC);
    g_assert_true(twl_int1(qts));

    /* lost handshake: the PWR SIH is read, the RTC handler never runs */
    g_assert_cmphex(twl_get(qts, RTC, PWR_ISR1), ==, RTC_IT);
    g_assert_cmphex(twl_get(qts, RTC, PWR_ISR1), ==, RTC_IT);
    g_assert_false(twl_int1(qts));                  /* once, not a level */
    g_assert_cmphex(twl_get(qts, RTC, PWR_ISR1), ==, 0);
    /*
     * what rtc-twl's set_alarm does: IT_ALARM off, new alarm, IT_ALARM on.
     * With ALARM still set that is no new alarm event (seed article, bug 2:
     * "no other interrupt is ever seen from the RTC").
     */
    twl_set(qts, RTC, RTC_INTERRUPTS, 0);
    set_alarm_in_5s(qts, t);
    twl_set(qts, RTC, RTC_INTERRUPTS, IT_ALARM);
    g_assert_false(twl_int1(qts));
    qtest_clock_step(qts, 10 * SEC);
    g_assert_false(twl_int1(qts));                  /* no new edge */
    g_assert_cmphex(twl_get(qts, RTC, PWR_ISR1), ==, 0);
    /* acking ALARM late is a falling edge: nothing latches (rising only) */
    twl_set(qts, RTC, RTC_STATUS, STATUS_ALARM);
    g_assert_false(twl_int1(qts));
    set_alarm_in_5s(qts, t);
    qtest_clock_step(qts, 5 * SEC);
    g_assert_true(twl_int1(qts));
    qtest_quit(qts);
}

/* rtc-twl's handler after the PIH: PWR_ISR1, STATUS, ack, PWR_ISR1 again */
static void rtc_handle_alarm(QTestState *qts)
{
    g_assert_cmphex(twl_get(qts, RTC, PWR_ISR1), ==, RTC_IT);
    g_assert_cmphex(twl_get(qts, RTC, RTC_STATUS) & STATUS_ALARM, ==,
                    STATUS_ALARM);
    twl_set(qts, RTC, RTC_STATUS, STATUS_ALARM);
    g_assert_cmphex(twl_get(qts, RTC, PWR_ISR1), ==, RTC_IT);
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, RTC, PWR_ISR1), ==, 0);
}

/*
 * The alarm happens at its time, whether or not the timer has run (timers
 * held, as on a loaded host).  1. rtc-twl's read_time (GET_TIME re-arms the
 * RTC's timers) at the alarm time must not lose the alarm; 2. a STATUS
 * read at the alarm time shows ALARM and INT1 is up.  The timer, when it
 * runs at last, raises nothing more.
 */
static void test_alarm_timer_late(void)
{
    QTestState *qts = twl_start(BASE_ARGS);
    uint8_t t[6];

    pwr_sih_like_linux(qts);
    set_alarm_in_5s(qts, t);                        /* 15:09:31 */
    twl_set(qts, RTC, RTC_INTERRUPTS, IT_ALARM);
    gta04_timers_hold(qts);
    qtest_clock_step(qts, 4 * SEC);
    g_assert_cmphex(twl_get(qts, RTC, RTC_STATUS) & STATUS_ALARM, ==, 0);
    qtest_clock_step(qts, SEC);
    rtc_read_time(qts, t);
    assert_time(t, 0x26, 0x03, 0x14, 0x15, 0x09, 0x31);
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, 0x49, 0x81), ==, 0x20);    /* PIH: PWR */
    rtc_handle_alarm(qts);

    set_alarm_in_5s(qts, t);                        /* 15:09:36 */
    qtest_clock_step(qts, 4 * SEC);
    g_assert_false(twl_int1(qts));
    qtest_clock_step(qts, SEC);
    g_assert_false(twl_int1(qts));      /* held indeed: no timer ran */
    g_assert_cmphex(twl_get(qts, RTC, RTC_STATUS) & STATUS_ALARM, ==,
                    STATUS_ALARM);
    g_assert_true(twl_int1(qts));
    rtc_handle_alarm(qts);

    gta04_timers_release(qts);
    qtest_clock_step(qts, 10 * SEC);
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, RTC, PWR_ISR1), ==, 0);
    g_assert_cmphex(twl_get(qts, RTC, RTC_STATUS) & STATUS_ALARM, ==, 0);
    qtest_quit(qts);
}

/* IT_TIMER: an event every second / minute, cleared by reading STATUS */
static void test_periodic(void)
{
    QTestState *qts = twl_start(BASE_ARGS);
    uint8_t t[6];
    int s0;

    pwr_sih_like_linux(qts);
    twl_get(qts, RTC, RTC_STATUS);                  /* consume old events */
    twl_set(qts, RTC, RTC_INTERRUPTS, IT_TIMER | 0);        /* every second */
    g_assert_false(twl_int1(qts));
    qtest_clock_step(qts, SEC);
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, RTC, PWR_ISR1), ==, RTC_IT);
    g_assert_cmphex(twl_get(qts, RTC, RTC_STATUS) & STATUS_1S, ==, STATUS_1S);
    twl_set(qts, RTC, RTC_STATUS, STATUS_ALARM);    /* the driver's ack */
    g_assert_cmphex(twl_get(qts, RTC, PWR_ISR1), ==, RTC_IT);
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, RTC, RTC_STATUS) & STATUS_1S, ==, 0);
    qtest_clock_step(qts, SEC);
    g_assert_true(twl_int1(qts));
    twl_get(qts, RTC, PWR_ISR1);
    twl_get(qts, RTC, RTC_STATUS);
    twl_get(qts, RTC, PWR_ISR1);
    g_assert_false(twl_int1(qts));

    /* every minute */
    twl_set(qts, RTC, RTC_INTERRUPTS, IT_TIMER | 1);
    rtc_read_time(qts, t);
    s0 = from_bcd(t[0]);
    qtest_clock_step(qts, (59 - s0) * SEC);
    g_assert_false(twl_int1(qts));
    qtest_clock_step(qts, SEC);
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, RTC, RTC_STATUS) & (STATUS_1S | STATUS_1M),
                    ==, STATUS_1S | STATUS_1M);

    /* IT_TIMER off: nothing */
    twl_get(qts, RTC, PWR_ISR1);
    twl_get(qts, RTC, PWR_ISR1);
    twl_set(qts, RTC, RTC_INTERRUPTS, 0);
    qtest_clock_step(qts, 120 * SEC);
    g_assert_false(twl_int1(qts));
    qtest_quit(qts);
}

/* The counter, the alarm timer and the registers survive a migration */
static void test_migration(void)
{
    QTestState *qts = twl_start(BASE_ARGS);
    uint8_t t[6];

    pwr_sih_like_linux(qts);
    qtest_clock_step(qts, 10 * SEC);
    set_alarm_in_5s(qts, t);                        /* 15:09:41 */
    twl_set(qts, RTC, RTC_INTERRUPTS, IT_ALARM);
    twl_set(qts, RTC, RTC_STATUS, STATUS_POWER_UP);

    qts = gta04_migrate(qts, "-M gta04 " BASE_ARGS);
    /*
     * The qtest accelerator's virtual clock is not part of the migration
     * stream (a TCG guest's is): bring the new instance's clock to where
     * the old one was before looking at the time.
     */
    qtest_clock_step(qts, 10 * SEC);
    gta04_i2c_init(qts, TWL_I2C);
    g_assert_cmphex(twl_get(qts, RTC, RTC_INTERRUPTS), ==, IT_ALARM);
    g_assert_cmphex(twl_get(qts, RTC, RTC_STATUS) & STATUS_POWER_UP, ==, 0);
    rtc_read_time(qts, t);
    assert_time(t, 0x26, 0x03, 0x14, 0x15, 0x09, 0x36);
    qtest_clock_step(qts, 4 * SEC);
    g_assert_false(twl_int1(qts));
    qtest_clock_step(qts, SEC);
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, RTC, PWR_ISR1), ==, RTC_IT);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("twl4030/rtc/counting", test_counting);
    qtest_add_func("twl4030/rtc/rollover", test_rollover);
    qtest_add_func("twl4030/rtc/get-time-snapshot", test_get_time_snapshot);
    qtest_add_func("twl4030/rtc/set-time", test_set_time);
    qtest_add_func("twl4030/rtc/12h-round", test_12h_round);
    qtest_add_func("twl4030/rtc/alarm", test_alarm);
    qtest_add_func("twl4030/rtc/alarm-handshake", test_alarm_handshake);
    qtest_add_func("twl4030/rtc/alarm-timer-late", test_alarm_timer_late);
    qtest_add_func("twl4030/rtc/periodic", test_periodic);
    qtest_add_func("twl4030/rtc/migration", test_migration);

    return g_test_run();
}
