/*
 * qtest for the OMAP3 watchdog timers (omap3-wdt) on -M gta04:
 * WDT2 (MPU watchdog, resets the chip) and WDT3 (interrupt only, INTC 36)
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include GTA04_QOBJECT_QDICT_H
#include "libqtest.h"
#include "omap3-timer-qtest.h"
#include "dm3730-qtest.h"

#define WDT2            dm3730_addr(DM3730_DEV_WDT2)
#define WDT3            dm3730_addr(DM3730_DEV_WDT3)

#define WIDR            0x00
#define WD_SYSCONFIG    0x10
#define WD_SYSSTATUS    0x14
#define WISR            0x18
#define WIER            0x1c
#define WCLR            0x24
#define WCRR            0x28
#define WLDR            0x2c
#define WTGR            0x30
#define WWPS            0x34
#define WSPR            0x48

#define WCLR_PRE        (1 << 5)
#define WCLR_PTV(n)     ((n) << 2)
#define WLDR_RESET      0xfffb0000

#define NS_PER_SEC      1000000000LL

static uint32_t rd(QTestState *qts, uint64_t base, uint64_t reg)
{
    return qtest_readl(qts, base + reg);
}

static void wr(QTestState *qts, uint64_t base, uint64_t reg, uint32_t val)
{
    qtest_writel(qts, base + reg, val);
}

/* omap_wdt.c: omap_wdt_disable() */
static void wdt_disable(QTestState *qts, uint64_t base)
{
    wr(qts, base, WSPR, 0xaaaa);
    g_assert_cmphex(rd(qts, base, WWPS), ==, 0);
    wr(qts, base, WSPR, 0x5555);
    g_assert_cmphex(rd(qts, base, WWPS), ==, 0);
}

/* omap_wdt.c: omap_wdt_start() with a timeout in 32-kHz ticks */
static void wdt_start(QTestState *qts, uint64_t base, uint32_t ticks)
{
    static uint32_t pattern = 0x1234;

    wdt_disable(qts, base);
    wr(qts, base, WCLR, WCLR_PRE | WCLR_PTV(0));
    wr(qts, base, WLDR, 0xffffffff - ticks + 1);
    pattern = ~pattern;
    wr(qts, base, WTGR, pattern);
    wr(qts, base, WSPR, 0xbbbb);
    wr(qts, base, WSPR, 0x4444);
}

/* omap_wdt.c: omap_wdt_reload() */
static void wdt_ping(QTestState *qts, uint64_t base)
{
    wr(qts, base, WTGR, rd(qts, base, WTGR) ^ 0xffffffff);
}

static void test_reset_values(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint64_t bases[] = { WDT2, WDT3 };
    int i;

    for (i = 0; i < ARRAY_SIZE(bases); i++) {
        g_assert_cmphex(rd(qts, bases[i], WIDR) & 0xff, !=, 0);
        g_assert_cmphex(rd(qts, bases[i], WD_SYSCONFIG), ==, 0);
        g_assert_cmphex(rd(qts, bases[i], WD_SYSSTATUS), ==, 1);
        g_assert_cmphex(rd(qts, bases[i], WISR), ==, 0);
        g_assert_cmphex(rd(qts, bases[i], WIER), ==, 0);
        g_assert_cmphex(rd(qts, bases[i], WCLR), ==, WCLR_PRE);
        g_assert_cmphex(rd(qts, bases[i], WLDR), ==, WLDR_RESET);
        g_assert_cmphex(rd(qts, bases[i], WCRR), ==, WLDR_RESET);
        g_assert_cmphex(rd(qts, bases[i], WWPS), ==, 0);
        g_assert_cmphex(rd(qts, bases[i], WSPR), ==, 0);
    }
    /*
     * The boot firmware that stops WDT2 is not there, so the SoC starts it
     * stopped (see omap3_wdt.c): a board without a kernel idles.
     */
    qtest_clock_step(qts, 60 * NS_PER_SEC);
    g_assert_cmphex(rd(qts, WDT2, WCRR), ==, WLDR_RESET);
    qtest_quit(qts);
}

/* The silicon behaviour on request: WDT2 runs from reset, 10 s to expiry */
static void test_running_at_reset(void)
{
    QTestState *qts = qtest_init("-M gta04 -action watchdog=pause "
                                 "-global dm3730.wdt2-running-at-reset=on");
    QDict *ev;

    qtest_clock_step(qts, 5 * NS_PER_SEC);
    g_assert_cmphex(rd(qts, WDT2, WCRR), ==, WLDR_RESET + 5 * 32768);
    omap3_goto_before_tick(qts, 10 * 32768);
    g_assert_cmphex(rd(qts, WDT2, WCRR), ==, 0xffffffff);
    omap3_goto_tick(qts, 10 * 32768);
    ev = qtest_qmp_eventwait_ref(qts, "WATCHDOG");
    g_assert_cmpstr(qdict_get_str(qdict_get_qdict(ev, "data"), "action"), ==,
                    "pause");
    qobject_unref(ev);
    /* it reloads from WLDR and counts on */
    g_assert_cmphex(rd(qts, WDT2, WCRR), ==, WLDR_RESET);
    qtest_quit(qts);
}

/* Linux's omap_wdt: start, ping, stop, and expiry -> watchdog action */
static void test_linux_sequence(void)
{
    QTestState *qts = qtest_init("-M gta04 -action watchdog=pause");
    QDict *ev;
    int i;

    /* probe: omap_wdt_disable(), WWPS never pending */
    wdt_disable(qts, WDT2);
    /* 1 s timeout */
    wdt_start(qts, WDT2, 32768);
    g_assert_cmphex(rd(qts, WDT2, WCRR), ==, 0xffff8000);
    omap3_goto_tick(qts, 1000);
    g_assert_cmphex(rd(qts, WDT2, WCRR), ==, 0xffff8000 + 1000);
    /* get_timeleft */
    g_assert_cmpuint((0xffffffff - rd(qts, WDT2, WCRR) + 1) / 32768, ==, 0);

    /* pinged every 0.5 s it never fires */
    for (i = 1; i <= 6; i++) {
        omap3_goto_tick(qts, 1000 + i * 16384);
        wdt_ping(qts, WDT2);
        g_assert_cmphex(rd(qts, WDT2, WCRR), ==, 0xffff8000);
    }
    /* the same WTGR value again is not a trigger */
    omap3_goto_tick(qts, 1000 + 6 * 16384 + 100);
    wr(qts, WDT2, WTGR, rd(qts, WDT2, WTGR));
    g_assert_cmphex(rd(qts, WDT2, WCRR), ==, 0xffff8000 + 100);

    /* registers do not take writes while it runs */
    wr(qts, WDT2, WLDR, 0x12345678);
    g_assert_cmphex(rd(qts, WDT2, WLDR), ==, 0xffff8000);
    wr(qts, WDT2, WCLR, WCLR_PRE | WCLR_PTV(3));
    g_assert_cmphex(rd(qts, WDT2, WCLR), ==, WCLR_PRE);

    /* stopped, it freezes */
    wdt_disable(qts, WDT2);
    omap3_goto_tick(qts, 1000 + 6 * 16384 + 100 + 65536);
    g_assert_cmphex(rd(qts, WDT2, WCRR), ==, 0xffff8000 + 100);

    /* started again and left alone: expiry after the remaining ticks */
    wr(qts, WDT2, WSPR, 0xbbbb);
    wr(qts, WDT2, WSPR, 0x4444);
    g_assert_cmphex(rd(qts, WDT2, WSPR), ==, 0x4444);
    omap3_goto_tick(qts, 1000 + 6 * 16384 + 100 + 65536 + 32768 - 100);
    ev = qtest_qmp_eventwait_ref(qts, "WATCHDOG");
    g_assert_cmpstr(qdict_get_str(qdict_get_qdict(ev, "data"), "action"), ==,
                    "pause");
    qobject_unref(ev);
    qtest_quit(qts);
}

/* Default -action watchdog=reset: the expiry resets the machine */
static void test_expiry_resets(void)
{
    QTestState *qts = qtest_init("-M gta04");
    QDict *ev;

    wdt_start(qts, WDT2, 3 * 32768);
    wr(qts, WDT2, WD_SYSCONFIG, 0x8);
    qtest_clock_step(qts, 3 * NS_PER_SEC + NS_PER_SEC / 10);
    ev = qtest_qmp_eventwait_ref(qts, "WATCHDOG");
    g_assert_cmpstr(qdict_get_str(qdict_get_qdict(ev, "data"), "action"), ==,
                    "reset");
    qobject_unref(ev);
    ev = qtest_qmp_eventwait_ref(qts, "RESET");
    g_assert_true(qdict_get_bool(qdict_get_qdict(ev, "data"), "guest"));
    qobject_unref(ev);
    /* back in its reset state, stopped */
    g_assert_cmphex(rd(qts, WDT2, WD_SYSCONFIG), ==, 0);
    g_assert_cmphex(rd(qts, WDT2, WLDR), ==, WLDR_RESET);
    g_assert_cmphex(rd(qts, WDT2, WCRR), ==, WLDR_RESET);
    qtest_clock_step(qts, NS_PER_SEC);
    g_assert_cmphex(rd(qts, WDT2, WCRR), ==, WLDR_RESET);
    qtest_quit(qts);
}

/* WSPR: only the two-write sequences in order start or stop it */
static void test_start_stop_sequence(void)
{
    QTestState *qts = qtest_init("-M gta04");

    wr(qts, WDT3, WSPR, 0x4444);
    omap3_goto_tick(qts, 10);
    g_assert_cmphex(rd(qts, WDT3, WCRR), ==, WLDR_RESET);
    wr(qts, WDT3, WSPR, 0xbbbb);
    wr(qts, WDT3, WSPR, 0x1111);
    wr(qts, WDT3, WSPR, 0x4444);
    omap3_goto_tick(qts, 20);
    g_assert_cmphex(rd(qts, WDT3, WCRR), ==, WLDR_RESET);

    wr(qts, WDT3, WSPR, 0xbbbb);
    wr(qts, WDT3, WSPR, 0x4444);
    omap3_goto_tick(qts, 30);
    g_assert_cmphex(rd(qts, WDT3, WCRR), ==, WLDR_RESET + 10);
    /* a lone 0x5555 does not stop it */
    wr(qts, WDT3, WSPR, 0x5555);
    omap3_goto_tick(qts, 40);
    g_assert_cmphex(rd(qts, WDT3, WCRR), ==, WLDR_RESET + 20);
    wr(qts, WDT3, WSPR, 0xaaaa);
    wr(qts, WDT3, WSPR, 0x5555);
    omap3_goto_tick(qts, 50);
    g_assert_cmphex(rd(qts, WDT3, WCRR), ==, WLDR_RESET + 20);

    /* the prescaler: 2^PTV */
    wr(qts, WDT3, WCLR, WCLR_PRE | WCLR_PTV(2));
    wr(qts, WDT3, WCRR, 0);
    wr(qts, WDT3, WSPR, 0xbbbb);
    wr(qts, WDT3, WSPR, 0x4444);
    omap3_goto_tick(qts, 50 + 4 * 25);
    g_assert_cmphex(rd(qts, WDT3, WCRR), ==, 25);
    qtest_quit(qts);
}

/* WDT3 expires into WISR.OVF and its INTC line, without a reset */
static void test_wdt3_interrupt(void)
{
    QTestState *qts = qtest_init("-M gta04");

    wr(qts, WDT3, WIER, 1);
    wdt_start(qts, WDT3, 100);
    omap3_goto_before_tick(qts, 100);
    g_assert_cmphex(rd(qts, WDT3, WISR), ==, 0);
    g_assert_false(dm3730_intc_raw(qts, DM3730_DEV_WDT3));
    omap3_goto_tick(qts, 100);
    g_assert_cmphex(rd(qts, WDT3, WISR), ==, 1);
    g_assert_true(dm3730_intc_raw(qts, DM3730_DEV_WDT3));
    /* reloaded, counting on */
    omap3_goto_tick(qts, 110);
    g_assert_cmphex(rd(qts, WDT3, WCRR), ==, 0xffffffff - 100 + 1 + 10);
    /* write 1 to clear */
    wr(qts, WDT3, WISR, 1);
    g_assert_cmphex(rd(qts, WDT3, WISR), ==, 0);
    g_assert_false(dm3730_intc_raw(qts, DM3730_DEV_WDT3));
    qtest_quit(qts);
}

/* WD_SYSCONFIG.SOFTRESET (Linux's hwmod reset, then it stops the watchdog) */
static void test_softreset(void)
{
    QTestState *qts = qtest_init("-M gta04");

    wr(qts, WDT3, WIER, 1);
    wr(qts, WDT3, WD_SYSCONFIG, 0x215);
    g_assert_cmphex(rd(qts, WDT3, WD_SYSCONFIG), ==, 0x215);
    wdt_start(qts, WDT3, 1000);
    wr(qts, WDT3, WD_SYSCONFIG, 2);
    g_assert_cmphex(rd(qts, WDT3, WD_SYSSTATUS), ==, 1);
    g_assert_cmphex(rd(qts, WDT3, WD_SYSCONFIG), ==, 0);
    g_assert_cmphex(rd(qts, WDT3, WIER), ==, 0);
    g_assert_cmphex(rd(qts, WDT3, WLDR), ==, WLDR_RESET);
    g_assert_cmphex(rd(qts, WDT3, WCRR), ==, WLDR_RESET);
    omap3_goto_tick(qts, 10);
    g_assert_cmphex(rd(qts, WDT3, WCRR), ==, WLDR_RESET);
    qtest_quit(qts);
}

/* vmstate: a running watchdog keeps its count and its deadline */
static void test_migration(void)
{
    QTestState *src = qtest_init("-M gta04"), *dst;

    wr(src, WDT3, WIER, 1);
    wdt_start(src, WDT3, 1000);
    omap3_goto_tick(src, 400);
    g_assert_cmphex(rd(src, WDT3, WCRR), ==, 0xffffffff - 1000 + 1 + 400);

    dst = omap3_migrate_with_clock(src, "-M gta04");
    g_assert_cmphex(rd(dst, WDT3, WCRR), ==, 0xffffffff - 1000 + 1 + 400);
    omap3_goto_before_tick(dst, 1000);
    g_assert_cmphex(rd(dst, WDT3, WISR), ==, 0);
    omap3_goto_tick(dst, 1000);
    g_assert_cmphex(rd(dst, WDT3, WISR), ==, 1);
    qtest_quit(dst);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("omap3-wdt/reset-values", test_reset_values);
    qtest_add_func("omap3-wdt/running-at-reset", test_running_at_reset);
    qtest_add_func("omap3-wdt/linux-sequence", test_linux_sequence);
    qtest_add_func("omap3-wdt/expiry-resets", test_expiry_resets);
    qtest_add_func("omap3-wdt/start-stop-sequence", test_start_stop_sequence);
    qtest_add_func("omap3-wdt/wdt3-interrupt", test_wdt3_interrupt);
    qtest_add_func("omap3-wdt/softreset", test_softreset);
    qtest_add_func("omap3-wdt/migration", test_migration);

    return g_test_run();
}
