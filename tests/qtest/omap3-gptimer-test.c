/*
 * qtest for the OMAP3 general-purpose timers (omap3-gptimer) on -M gta04
 *
 * Times are in ticks of the default 32768 Hz functional clock, counted from
 * virtual time 0 (QEMU starts there under qtest): tick n has happened from
 * ceil(n * 1e9 / 32768) ns on.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include "libqtest.h"
#include "omap3-timer-qtest.h"
#include "dm3730-qtest.h"

#define GPT1            dm3730_addr(DM3730_DEV_GPT1)    /* 1-ms tick */
#define GPT3            dm3730_addr(DM3730_DEV_GPT3)
/* the clock manager's GPT2..9 clock selects */
#define CM              dm3730_addr(DM3730_DEV_CM)
#define CM_CLKSEL_PER   0x1040
#define CLKSEL_GPT3     (1 << 1)
#define GPT12           dm3730_addr(DM3730_DEV_GPT12)

#define IT_MAT          1
#define IT_OVF          2
#define IT_TCAR         4
#define TCLR_ST         1
#define TCLR_AR         2
#define TCLR_PTV(n)     ((n) << 2)
#define TCLR_PRE        (1 << 5)
#define TCLR_CE         (1 << 6)
#define TSICR_SFT       2
#define TSICR_POSTED    4

static uint64_t rd(QTestState *qts, uint64_t base, uint64_t reg)
{
    return qtest_readl(qts, base + reg);
}

static void wr(QTestState *qts, uint64_t base, uint64_t reg, uint32_t val)
{
    qtest_writel(qts, base + reg, val);
}

/* GPT1's line as the interrupt controller sees it */
static bool gpt1_line(QTestState *qts)
{
    return dm3730_intc_raw(qts, DM3730_DEV_GPT1);
}

static void test_reset_values(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint64_t bases[] = { GPT1, GPT3, GPT12 };
    int i;

    for (i = 0; i < ARRAY_SIZE(bases); i++) {
        /* v1 register layout for Linux: TIDR[31:16] == 0 */
        g_assert_cmphex(rd(qts, bases[i], GPT_TIDR) >> 16, ==, 0);
        g_assert_cmphex(rd(qts, bases[i], GPT_TIDR), !=, 0);
        g_assert_cmphex(rd(qts, bases[i], GPT_TIOCP_CFG), ==, 0);
        g_assert_cmphex(rd(qts, bases[i], GPT_TISTAT), ==, 1);
        g_assert_cmphex(rd(qts, bases[i], GPT_TISR), ==, 0);
        g_assert_cmphex(rd(qts, bases[i], GPT_TIER), ==, 0);
        g_assert_cmphex(rd(qts, bases[i], GPT_TCLR), ==, 0);
        g_assert_cmphex(rd(qts, bases[i], GPT_TCRR), ==, 0);
        g_assert_cmphex(rd(qts, bases[i], GPT_TLDR), ==, 0);
        g_assert_cmphex(rd(qts, bases[i], GPT_TTGR), ==, 0xffffffff);
        g_assert_cmphex(rd(qts, bases[i], GPT_TWPS), ==, 0);
        g_assert_cmphex(rd(qts, bases[i], GPT_TMAR), ==, 0);
        g_assert_cmphex(rd(qts, bases[i], GPT_TSICR), ==, TSICR_POSTED);
    }
    /* the 1-ms tick registers exist on GPTIMER1 only of these three */
    wr(qts, GPT1, GPT_TPIR, 232000);
    g_assert_cmphex(rd(qts, GPT1, GPT_TPIR), ==, 232000);
    wr(qts, GPT3, GPT_TPIR, 232000);
    g_assert_cmphex(rd(qts, GPT3, GPT_TPIR), ==, 0);
    /* stopped: the counter does not move */
    qtest_clock_step(qts, 1000000000);
    g_assert_cmphex(rd(qts, GPT1, GPT_TCRR), ==, 0);
    qtest_quit(qts);
}

/* One-shot: overflow after exactly 2^32 - TCRR ticks, then stop at 0 */
static void test_oneshot_overflow(void)
{
    QTestState *qts = qtest_init("-M gta04");

    wr(qts, GPT1, GPT_TIER, IT_OVF);
    wr(qts, GPT1, GPT_TCRR, 0xffffffff - 31);
    wr(qts, GPT1, GPT_TCLR, TCLR_ST);
    g_assert_cmphex(rd(qts, GPT1, GPT_TCLR), ==, TCLR_ST);

    omap3_goto_before_tick(qts, 32);
    g_assert_cmphex(rd(qts, GPT1, GPT_TCRR), ==, 0xffffffff);
    g_assert_cmphex(rd(qts, GPT1, GPT_TISR), ==, 0);
    g_assert_false(gpt1_line(qts));

    omap3_goto_tick(qts, 32);
    g_assert_cmphex(rd(qts, GPT1, GPT_TISR), ==, IT_OVF);
    g_assert_true(gpt1_line(qts));
    /* the counter stays at 0 and ST clears itself */
    g_assert_cmphex(rd(qts, GPT1, GPT_TCRR), ==, 0);
    g_assert_cmphex(rd(qts, GPT1, GPT_TCLR), ==, 0);
    omap3_goto_tick(qts, 100);
    g_assert_cmphex(rd(qts, GPT1, GPT_TCRR), ==, 0);

    /* TISR is write-1-to-clear */
    wr(qts, GPT1, GPT_TISR, 0);
    g_assert_cmphex(rd(qts, GPT1, GPT_TISR), ==, IT_OVF);
    wr(qts, GPT1, GPT_TISR, IT_OVF);
    g_assert_cmphex(rd(qts, GPT1, GPT_TISR), ==, 0);
    g_assert_false(gpt1_line(qts));
    qtest_quit(qts);
}

/*
 * Writes to a running timer that leave its next event where it was (TCLR
 * with ST again, TIER, TISR) keep the event's time; a TCRR write moves it,
 * earlier or later.
 */
static void test_rewrite_while_running(void)
{
    QTestState *qts = qtest_init("-M gta04");

    wr(qts, GPT1, GPT_TIER, IT_OVF);
    wr(qts, GPT1, GPT_TCRR, 0xffffffff - 63);
    wr(qts, GPT1, GPT_TCLR, TCLR_ST);
    omap3_goto_tick(qts, 20);
    wr(qts, GPT1, GPT_TCLR, TCLR_ST);
    wr(qts, GPT1, GPT_TIER, IT_OVF);
    wr(qts, GPT1, GPT_TISR, 0);
    omap3_goto_before_tick(qts, 64);
    g_assert_false(gpt1_line(qts));
    omap3_goto_tick(qts, 64);
    g_assert_true(gpt1_line(qts));
    wr(qts, GPT1, GPT_TISR, IT_OVF);

    /* running again for 100 ticks, then TCRR set to 10 before the overflow */
    wr(qts, GPT1, GPT_TCRR, 0xffffffff - 99);
    wr(qts, GPT1, GPT_TCLR, TCLR_ST);
    omap3_goto_tick(qts, 70);
    wr(qts, GPT1, GPT_TCRR, 0xffffffff - 9);
    omap3_goto_before_tick(qts, 80);
    g_assert_false(gpt1_line(qts));
    omap3_goto_tick(qts, 80);
    g_assert_true(gpt1_line(qts));
    wr(qts, GPT1, GPT_TISR, IT_OVF);

    /* and later: 100 ticks, at tick 150 back to 50 to go */
    wr(qts, GPT1, GPT_TCRR, 0xffffffff - 99);
    wr(qts, GPT1, GPT_TCLR, TCLR_ST);
    omap3_goto_tick(qts, 150);
    wr(qts, GPT1, GPT_TCRR, 0xffffffff - 49);
    omap3_goto_before_tick(qts, 200);
    g_assert_false(gpt1_line(qts));
    omap3_goto_tick(qts, 200);
    g_assert_true(gpt1_line(qts));
    qtest_quit(qts);
}

/* TCRR reads back while counting; ST=0 freezes it; the prescaler divides */
static void test_count_and_prescaler(void)
{
    QTestState *qts = qtest_init("-M gta04");

    wr(qts, GPT3, GPT_TCLR, TCLR_ST);
    omap3_goto_tick(qts, 1000);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 1000);
    omap3_goto_tick(qts, 1500);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 1500);

    wr(qts, GPT3, GPT_TCLR, 0);
    omap3_goto_tick(qts, 3000);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 1500);

    /* restart from the frozen value, now at 32768 / 2^(PTV+1) = 32768 / 8 */
    wr(qts, GPT3, GPT_TCLR, TCLR_ST | TCLR_PRE | TCLR_PTV(2));
    omap3_goto_tick(qts, 3000 + 8 * 100 - 1);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 1500 + 99);
    omap3_goto_tick(qts, 3000 + 8 * 100);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 1500 + 100);

    /* writing TCRR while running loads it and counts on from there */
    wr(qts, GPT3, GPT_TCLR, TCLR_ST);
    wr(qts, GPT3, GPT_TCRR, 0x10000);
    omap3_goto_tick(qts, 3000 + 8 * 100 + 5);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 0x10005);
    qtest_quit(qts);
}

/* Auto-reload: TCRR = TLDR after each overflow, every 2^32 - TLDR ticks */
static void test_autoreload(void)
{
    QTestState *qts = qtest_init("-M gta04");

    wr(qts, GPT3, GPT_TIER, IT_OVF);
    wr(qts, GPT3, GPT_TLDR, 0xffffff00);
    wr(qts, GPT3, GPT_TTGR, 0);         /* TCRR = TLDR */
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 0xffffff00);
    wr(qts, GPT3, GPT_TCLR, TCLR_ST | TCLR_AR);

    omap3_goto_before_tick(qts, 256);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, 0);
    omap3_goto_tick(qts, 256);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, IT_OVF);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 0xffffff00);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCLR), ==, TCLR_ST | TCLR_AR);
    wr(qts, GPT3, GPT_TISR, IT_OVF);

    omap3_goto_tick(qts, 256 + 10);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 0xffffff0a);
    omap3_goto_before_tick(qts, 512);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, 0);
    omap3_goto_tick(qts, 512);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, IT_OVF);
    wr(qts, GPT3, GPT_TISR, IT_OVF);

    /* TTGR reloads on the fly, whatever is written */
    omap3_goto_tick(qts, 600);
    wr(qts, GPT3, GPT_TTGR, 0x12345678);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 0xffffff00);
    omap3_goto_before_tick(qts, 600 + 256);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, 0);
    omap3_goto_tick(qts, 600 + 256);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, IT_OVF);
    qtest_quit(qts);
}

/* Compare: MAT when the counter reaches TMAR with TCLR.CE set */
static void test_match(void)
{
    QTestState *qts = qtest_init("-M gta04");

    wr(qts, GPT3, GPT_TIER, IT_MAT | IT_OVF);
    wr(qts, GPT3, GPT_TMAR, 100);
    wr(qts, GPT3, GPT_TCLR, TCLR_ST | TCLR_CE);
    omap3_goto_before_tick(qts, 100);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, 0);
    omap3_goto_tick(qts, 100);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, IT_MAT);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 100);
    wr(qts, GPT3, GPT_TISR, IT_MAT);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, 0);

    /* no match without CE */
    wr(qts, GPT3, GPT_TMAR, 200);
    wr(qts, GPT3, GPT_TCLR, TCLR_ST);
    omap3_goto_tick(qts, 300);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, 0);

    /* a disabled event does not latch in TISR (its TIER bit is clear) */
    wr(qts, GPT3, GPT_TIER, IT_OVF);
    wr(qts, GPT3, GPT_TMAR, 400);
    wr(qts, GPT3, GPT_TCLR, TCLR_ST | TCLR_CE);
    omap3_goto_tick(qts, 500);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, 0);

    /* match and overflow in auto-reload: MAT comes again every period */
    wr(qts, GPT3, GPT_TIER, IT_MAT | IT_OVF);
    wr(qts, GPT3, GPT_TLDR, 0xfffff000);
    wr(qts, GPT3, GPT_TMAR, 0xfffff800);
    wr(qts, GPT3, GPT_TTGR, 1);
    wr(qts, GPT3, GPT_TCLR, TCLR_ST | TCLR_AR | TCLR_CE);
    omap3_goto_tick(qts, 500 + 0x800);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, IT_MAT);
    omap3_goto_tick(qts, 500 + 0x1000);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, IT_MAT | IT_OVF);
    wr(qts, GPT3, GPT_TISR, IT_MAT | IT_OVF);
    omap3_goto_before_tick(qts, 500 + 0x1800);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, 0);
    omap3_goto_tick(qts, 500 + 0x1800);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, IT_MAT);
    qtest_quit(qts);
}

/*
 * What Linux 6.1's clockevent does with GPTIMER1 (timer-ti-dm-systimer.c):
 * setup, one-shot events, the interrupt handler, shutdown and periodic mode.
 */
static void test_linux_clockevent(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint64_t t;
    int i;

    /* dmtimer_systimer_type1_reset */
    wr(qts, GPT1, GPT_TIOCP_CFG, 0x215);
    wr(qts, GPT1, GPT_TSICR, TSICR_SFT | TSICR_POSTED);
    g_assert_cmphex(rd(qts, GPT1, GPT_TISTAT) & 1, ==, 1);
    g_assert_cmphex(rd(qts, GPT1, GPT_TSICR), ==, TSICR_POSTED);
    wr(qts, GPT1, GPT_TIOCP_CFG, 0x215);
    g_assert_cmphex(rd(qts, GPT1, GPT_TIOCP_CFG), ==, 0x215);
    /* dmtimer_clkevt_init_common */
    wr(qts, GPT1, GPT_TSICR, TSICR_POSTED);
    wr(qts, GPT1, GPT_TIER, IT_OVF);
    wr(qts, GPT1, GPT_TWER, IT_OVF);
    g_assert_cmphex(rd(qts, GPT1, GPT_TWER), ==, IT_OVF);

    /* dmtimer_set_next_event(327): posted writes never pend */
    t = 10;
    omap3_goto_tick(qts, t);
    g_assert_cmphex(rd(qts, GPT1, GPT_TWPS), ==, 0);
    wr(qts, GPT1, GPT_TCRR, 0xffffffff - 327);
    g_assert_cmphex(rd(qts, GPT1, GPT_TWPS), ==, 0);
    wr(qts, GPT1, GPT_TCLR, TCLR_ST);
    omap3_goto_before_tick(qts, t + 328);
    g_assert_false(gpt1_line(qts));
    omap3_goto_tick(qts, t + 328);
    g_assert_true(gpt1_line(qts));
    /* dmtimer_clockevent_interrupt */
    wr(qts, GPT1, GPT_TISR, IT_OVF);
    g_assert_false(gpt1_line(qts));

    /* shutdown of a running timer: clear ST, read back, clear TISR */
    wr(qts, GPT1, GPT_TCRR, 0xffffffff - 1000);
    wr(qts, GPT1, GPT_TCLR, TCLR_ST);
    g_assert_cmphex(rd(qts, GPT1, GPT_TCLR) & TCLR_ST, ==, TCLR_ST);
    wr(qts, GPT1, GPT_TCLR, 0);
    g_assert_cmphex(rd(qts, GPT1, GPT_TCLR), ==, 0);
    wr(qts, GPT1, GPT_TISR, IT_OVF);
    omap3_goto_tick(qts, t + 328 + 2000);
    g_assert_cmphex(rd(qts, GPT1, GPT_TISR), ==, 0);
    g_assert_false(gpt1_line(qts));

    /* dmtimer_set_periodic at HZ = 250: period 0xffffffff - 131 */
    t += 328 + 2000;
    wr(qts, GPT1, GPT_TLDR, 0xffffffff - 131);
    wr(qts, GPT1, GPT_TCRR, 0xffffffff - 131);
    wr(qts, GPT1, GPT_TCLR, TCLR_AR | TCLR_ST);
    for (i = 1; i <= 3; i++) {
        omap3_goto_before_tick(qts, t + 132 * i);
        g_assert_false(gpt1_line(qts));
        omap3_goto_tick(qts, t + 132 * i);
        g_assert_true(gpt1_line(qts));
        wr(qts, GPT1, GPT_TISR, IT_OVF);
    }
    qtest_quit(qts);
}

/*
 * The tick train of a CPU polling in idle (Linux 6.1 in s2idle on OMAP3:
 * omap_pm_begin() forces cpu_idle_poll(), which keeps the HZ = 250 tick):
 * the handler clears TISR and at once re-arms a one-shot of 128 cycles,
 * TCRR = 0xffffff7f, in the tick of the overflow or later in it.  Each
 * event comes 129 ticks after its start (2^32 - TCRR), never earlier: the
 * trace of issue 10 (one-shot overflows back to back) is this train, 250
 * events per second of guest time, not a timer that expires at once.
 */
static void test_oneshot_rearm_train(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint64_t start = 5;
    int i;

    wr(qts, GPT1, GPT_TSICR, TSICR_POSTED);
    wr(qts, GPT1, GPT_TIER, IT_OVF);
    wr(qts, GPT1, GPT_TWER, IT_OVF);
    omap3_goto_tick(qts, start);
    for (i = 0; i < 100; i++) {
        /* every other event is re-armed in the middle of its tick */
        int64_t late = (i & 1) ? 10000 : 0;

        qtest_clock_step(qts, late);
        wr(qts, GPT1, GPT_TCRR, 0xffffff7f);
        wr(qts, GPT1, GPT_TCLR, TCLR_ST);
        omap3_goto_before_tick(qts, start + 129);
        g_assert_false(gpt1_line(qts));
        g_assert_cmphex(rd(qts, GPT1, GPT_TCRR), ==, 0xffffffff);
        g_assert_cmphex(rd(qts, GPT1, GPT_TCLR), ==, TCLR_ST);
        omap3_goto_tick(qts, start + 129);
        g_assert_true(gpt1_line(qts));
        g_assert_cmphex(rd(qts, GPT1, GPT_TCLR), ==, 0);
        wr(qts, GPT1, GPT_TISR, IT_OVF);
        g_assert_false(gpt1_line(qts));
        start += 129;
    }
    /* and nothing more happens until the next re-arm */
    omap3_goto_tick(qts, start + 100000);
    g_assert_cmphex(rd(qts, GPT1, GPT_TISR), ==, 0);
    g_assert_false(gpt1_line(qts));
    qtest_quit(qts);
}

/* TIOCP_CFG.SOFTRESET and TSICR.SFT return the timer to its reset state */
static void test_softreset(void)
{
    QTestState *qts = qtest_init("-M gta04");

    wr(qts, GPT3, GPT_TIOCP_CFG, 0x215);
    wr(qts, GPT3, GPT_TLDR, 0x1234);
    wr(qts, GPT3, GPT_TMAR, 0x5678);
    wr(qts, GPT3, GPT_TIER, IT_OVF);
    wr(qts, GPT3, GPT_TCLR, TCLR_ST | TCLR_AR);
    wr(qts, GPT3, GPT_TSICR, 0);
    wr(qts, GPT3, GPT_TIOCP_CFG, 2);
    g_assert_cmphex(rd(qts, GPT3, GPT_TIOCP_CFG), ==, 0);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISTAT), ==, 1);
    g_assert_cmphex(rd(qts, GPT3, GPT_TLDR), ==, 0);
    g_assert_cmphex(rd(qts, GPT3, GPT_TMAR), ==, 0);
    g_assert_cmphex(rd(qts, GPT3, GPT_TIER), ==, 0);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCLR), ==, 0);
    g_assert_cmphex(rd(qts, GPT3, GPT_TSICR), ==, TSICR_POSTED);

    /* SFT keeps the OCP configuration and takes POSTED from the write */
    wr(qts, GPT3, GPT_TIOCP_CFG, 0x215);
    wr(qts, GPT3, GPT_TLDR, 0x1234);
    wr(qts, GPT3, GPT_TCLR, TCLR_ST);
    wr(qts, GPT3, GPT_TSICR, TSICR_SFT);
    g_assert_cmphex(rd(qts, GPT3, GPT_TSICR), ==, 0);
    g_assert_cmphex(rd(qts, GPT3, GPT_TIOCP_CFG), ==, 0x215);
    g_assert_cmphex(rd(qts, GPT3, GPT_TLDR), ==, 0);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCLR), ==, 0);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 0);
    qtest_quit(qts);
}

/*
 * The 1-ms tick of GPTIMER1 (TRM 16.2.4.2.1): with the TRM's values for
 * 32768 Hz the periods mix 32 and 33 ticks; TOWR = 999 lets only every
 * 1000th overflow through, which comes one second (within a tick) later.
 */
static void test_1ms_tick(void)
{
    QTestState *qts = qtest_init("-M gta04");

    wr(qts, GPT1, GPT_TPIR, 232000);
    wr(qts, GPT1, GPT_TNIR, (uint32_t)-768000);
    wr(qts, GPT1, GPT_TLDR, 0xffffffe0);
    wr(qts, GPT1, GPT_TTGR, 0);
    wr(qts, GPT1, GPT_TOWR, 999);
    wr(qts, GPT1, GPT_TIER, IT_OVF);
    wr(qts, GPT1, GPT_TCLR, TCLR_ST | TCLR_AR);

    /* the first overflows: 32, 65, 98, 130 ticks */
    omap3_goto_tick(qts, 130);
    g_assert_cmphex(rd(qts, GPT1, GPT_TOCR), ==, 4);
    g_assert_cmphex(rd(qts, GPT1, GPT_TISR), ==, 0);

    omap3_goto_before_tick(qts, 32767);
    g_assert_cmphex(rd(qts, GPT1, GPT_TOCR), ==, 999);
    g_assert_cmphex(rd(qts, GPT1, GPT_TISR), ==, 0);
    omap3_goto_tick(qts, 32767);
    g_assert_cmphex(rd(qts, GPT1, GPT_TISR), ==, IT_OVF);
    g_assert_cmphex(rd(qts, GPT1, GPT_TOCR), ==, 0);
    g_assert_cmphex(rd(qts, GPT1, GPT_TCVR), ==, 0);
    wr(qts, GPT1, GPT_TISR, IT_OVF);
    /* and the next 1000 periods add up to 32768 ticks */
    omap3_goto_before_tick(qts, 32767 + 32768);
    g_assert_cmphex(rd(qts, GPT1, GPT_TISR), ==, 0);
    omap3_goto_tick(qts, 32767 + 32768);
    g_assert_cmphex(rd(qts, GPT1, GPT_TISR), ==, IT_OVF);
    qtest_quit(qts);
}

/* CM_CLKSEL_PER.CLKSEL_GPT3: sys_clk (26 MHz) instead of 32 kHz, count kept */
static void test_clksel(void)
{
    QTestState *qts = qtest_init("-M gta04");

    wr(qts, GPT3, GPT_TCLR, TCLR_ST);
    omap3_goto_tick(qts, 100);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 100);

    wr(qts, CM, CM_CLKSEL_PER, rd(qts, CM, CM_CLKSEL_PER) | CLKSEL_GPT3);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 100);
    /* 10 us at 26 MHz */
    qtest_clock_step(qts, 10000);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 100 + 260);
    /* an overflow interrupt at sys_clk rate */
    wr(qts, GPT3, GPT_TIER, IT_OVF);
    wr(qts, GPT3, GPT_TCRR, 0xffffffff - 2599);
    qtest_clock_step(qts, 99999);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, 0);
    qtest_clock_step(qts, 1);
    g_assert_cmphex(rd(qts, GPT3, GPT_TISR), ==, IT_OVF);
    g_assert_true(dm3730_intc_raw(qts, DM3730_DEV_GPT3));

    /* one-shot: stopped at 0; back to 32 kHz, one tick is 30.5 us again */
    g_assert_cmphex(rd(qts, GPT3, GPT_TCLR), ==, 0);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 0);
    wr(qts, GPT3, GPT_TCLR, TCLR_ST);
    wr(qts, CM, CM_CLKSEL_PER, rd(qts, CM, CM_CLKSEL_PER) & ~CLKSEL_GPT3);
    qtest_clock_step(qts, omap3_tick_time(3) - 1);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 2);
    qtest_clock_step(qts, 1);
    g_assert_cmphex(rd(qts, GPT3, GPT_TCRR), ==, 3);
    qtest_quit(qts);
}

/* vmstate: a running one-shot still fires at its tick after migration */
static void test_migration(void)
{
    QTestState *src = qtest_init("-M gta04"), *dst;

    wr(src, GPT1, GPT_TIER, IT_OVF);
    wr(src, GPT1, GPT_TCRR, 0xffffffff - 999);
    wr(src, GPT1, GPT_TCLR, TCLR_ST);
    omap3_goto_tick(src, 400);
    g_assert_cmphex(rd(src, GPT1, GPT_TCRR), ==, 0xffffffff - 999 + 400);

    dst = omap3_migrate_with_clock(src, "-M gta04");
    g_assert_cmphex(rd(dst, GPT1, GPT_TCRR), ==, 0xffffffff - 999 + 400);
    g_assert_cmphex(rd(dst, GPT1, GPT_TCLR), ==, TCLR_ST);
    omap3_goto_before_tick(dst, 1000);
    g_assert_cmphex(rd(dst, GPT1, GPT_TISR), ==, 0);
    omap3_goto_tick(dst, 1000);
    g_assert_cmphex(rd(dst, GPT1, GPT_TISR), ==, IT_OVF);
    g_assert_true(gpt1_line(dst));
    qtest_quit(dst);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("omap3-gptimer/reset-values", test_reset_values);
    qtest_add_func("omap3-gptimer/oneshot-overflow", test_oneshot_overflow);
    qtest_add_func("omap3-gptimer/count-and-prescaler",
                   test_count_and_prescaler);
    qtest_add_func("omap3-gptimer/rewrite-while-running",
                   test_rewrite_while_running);
    qtest_add_func("omap3-gptimer/autoreload", test_autoreload);
    qtest_add_func("omap3-gptimer/match", test_match);
    qtest_add_func("omap3-gptimer/linux-clockevent", test_linux_clockevent);
    qtest_add_func("omap3-gptimer/oneshot-rearm-train",
                   test_oneshot_rearm_train);
    qtest_add_func("omap3-gptimer/softreset", test_softreset);
    qtest_add_func("omap3-gptimer/1ms-tick", test_1ms_tick);
    qtest_add_func("omap3-gptimer/clksel", test_clksel);
    qtest_add_func("omap3-gptimer/migration", test_migration);

    return g_test_run();
}
