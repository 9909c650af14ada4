/*
 * qtest for the OMAP3 32-kHz synchronized timer (omap3-32ksync) on -M gta04
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

#define SYNCTIMER       dm3730_addr(DM3730_DEV_SYNCTIMER)
#define REV             (SYNCTIMER + 0x00)
#define SYSCONFIG       (SYNCTIMER + 0x04)
#define CR              (SYNCTIMER + 0x10)

#define NS_PER_SEC      1000000000LL

static void test_registers(void)
{
    QTestState *qts = qtest_init("-M gta04");

    /* Linux's counter-32k: REV[31:30] = 0 -> the counter is at 0x10 */
    g_assert_cmphex(qtest_readl(qts, REV) >> 30, ==, 0);
    g_assert_cmphex(qtest_readl(qts, SYSCONFIG), ==, 0);
    /* only IDLEMODE (bits 4:3) is there */
    qtest_writel(qts, SYSCONFIG, 0xffffffff);
    g_assert_cmphex(qtest_readl(qts, SYSCONFIG), ==, 0x18);
    /* timer-ti-32k writes 0 */
    qtest_writel(qts, SYSCONFIG, 0);
    g_assert_cmphex(qtest_readl(qts, SYSCONFIG), ==, 0);
    /* REV and CR are read-only */
    qtest_writel(qts, REV, 0xffffffff);
    g_assert_cmphex(qtest_readl(qts, REV) >> 30, ==, 0);
    qtest_writel(qts, CR, 0x12345678);
    g_assert_cmphex(qtest_readl(qts, CR), ==, 0);
    qtest_quit(qts);
}

/* CR counts 32768 per second of virtual time, exactly */
static void test_counting(void)
{
    QTestState *qts = qtest_init("-M gta04");

    g_assert_cmphex(qtest_readl(qts, CR), ==, 0);
    omap3_goto_before_tick(qts, 1);
    g_assert_cmphex(qtest_readl(qts, CR), ==, 0);
    omap3_goto_tick(qts, 1);
    g_assert_cmphex(qtest_readl(qts, CR), ==, 1);
    qtest_clock_step(qts, NS_PER_SEC - omap3_tick_time(1));
    g_assert_cmphex(qtest_readl(qts, CR), ==, 32768);
    qtest_clock_step(qts, NS_PER_SEC * 3 / 2);
    g_assert_cmphex(qtest_readl(qts, CR), ==, 32768 * 5 / 2);
    /* writes to SYSCONFIG do not stop it (the kernel's suspend does those) */
    qtest_writel(qts, SYSCONFIG, 0x8);
    qtest_clock_step(qts, NS_PER_SEC / 2);
    g_assert_cmphex(qtest_readl(qts, CR), ==, 32768 * 3);
    qtest_quit(qts);
}

/* 32 bits at 32768 Hz wrap after 131072 s (36.4 h) */
static void test_wrap(void)
{
    QTestState *qts = qtest_init("-M gta04");

    qtest_clock_step(qts, 131072 * NS_PER_SEC - NS_PER_SEC);
    g_assert_cmphex(qtest_readl(qts, CR), ==, 0xffff8000);
    qtest_clock_step(qts, NS_PER_SEC + NS_PER_SEC / 4);
    g_assert_cmphex(qtest_readl(qts, CR), ==, 8192);
    qtest_quit(qts);
}

/* The count survives migration without a jump */
static void test_migration(void)
{
    QTestState *src = qtest_init("-M gta04"), *dst;

    qtest_writel(src, SYSCONFIG, 0x10);
    qtest_clock_step(src, 7 * NS_PER_SEC);
    g_assert_cmphex(qtest_readl(src, CR), ==, 7 * 32768);

    dst = omap3_migrate_with_clock(src, "-M gta04");
    g_assert_cmphex(qtest_readl(dst, CR), ==, 7 * 32768);
    g_assert_cmphex(qtest_readl(dst, SYSCONFIG), ==, 0x10);
    qtest_clock_step(dst, NS_PER_SEC);
    g_assert_cmphex(qtest_readl(dst, CR), ==, 8 * 32768);
    qtest_quit(dst);
}

/* A machine reset restarts the counter from 0 */
static void test_system_reset(void)
{
    QTestState *qts = qtest_init("-M gta04");

    qtest_clock_step(qts, 2 * NS_PER_SEC);
    g_assert_cmphex(qtest_readl(qts, CR), ==, 2 * 32768);
    qtest_qmp_assert_success(qts, "{ 'execute': 'system_reset' }");
    qtest_qmp_eventwait(qts, "RESET");
    g_assert_cmphex(qtest_readl(qts, CR), ==, 0);
    qtest_clock_step(qts, NS_PER_SEC);
    g_assert_cmphex(qtest_readl(qts, CR), ==, 32768);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("omap3-32ksync/registers", test_registers);
    qtest_add_func("omap3-32ksync/counting", test_counting);
    qtest_add_func("omap3-32ksync/wrap", test_wrap);
    qtest_add_func("omap3-32ksync/migration", test_migration);
    qtest_add_func("omap3-32ksync/system-reset", test_system_reset);

    return g_test_run();
}
