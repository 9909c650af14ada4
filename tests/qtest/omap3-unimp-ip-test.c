/*
 * qtest for the OCP sockets of DM3730 IP blocks that have no model
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include "dm3730-qtest.h"

#define MMC1        dm3730_addr(DM3730_DEV_MMC1)
#define MCBSP1      dm3730_addr(DM3730_DEV_MCBSP1)
#define USB_OTG     dm3730_addr(DM3730_DEV_USB_OTG)
#define SDMA        dm3730_addr(DM3730_DEV_SDMA)

/* hwmod-style soft reset: SOFTRESET self-clears, RESETDONE reads 1 */
static void test_softreset(void)
{
    QTestState *qts = qtest_init("-M gta04");

    qtest_writel(qts, MMC1 + 0x10, 0x2 | 0x1);
    g_assert_cmphex(qtest_readl(qts, MMC1 + 0x10), ==, 0);
    g_assert_cmphex(qtest_readl(qts, MMC1 + 0x14), ==, 1);
    /* other SYSCONFIG bits are kept (idle modes written after the reset) */
    qtest_writel(qts, MMC1 + 0x10, 0x0311);
    g_assert_cmphex(qtest_readl(qts, MMC1 + 0x10), ==, 0x0311);
    /* the rest of the block is not modelled: reads 0, writes ignored */
    qtest_writel(qts, MMC1 + 0x12c, 0xffffffff);
    g_assert_cmphex(qtest_readl(qts, MMC1 + 0x12c), ==, 0);

    /* class offsets differ: USB OTG socket at 0x400 */
    qtest_writel(qts, USB_OTG + 0x404, 0x2);
    g_assert_cmphex(qtest_readl(qts, USB_OTG + 0x404), ==, 0);
    g_assert_cmphex(qtest_readl(qts, USB_OTG + 0x408), ==, 1);
    g_assert_cmphex(qtest_readl(qts, USB_OTG + 0x014), ==, 0);

    /* sDMA: SYSSTATUS before SYSCONFIG (ti-sysc reg entries) */
    g_assert_cmphex(qtest_readl(qts, SDMA + 0x28), ==, 1);
    qtest_writel(qts, SDMA + 0x2c, 0x2);
    g_assert_cmphex(qtest_readl(qts, SDMA + 0x2c), ==, 0);

    /* McBSP: SYSCONFIG at 0x8c, no SYSSTATUS */
    qtest_writel(qts, MCBSP1 + 0x8c, 0x2);
    g_assert_cmphex(qtest_readl(qts, MCBSP1 + 0x8c), ==, 0);
    qtest_writel(qts, MCBSP1 + 0x8c, 0x8);
    g_assert_cmphex(qtest_readl(qts, MCBSP1 + 0x8c), ==, 0x8);
    qtest_quit(qts);
}

/* Device reset brings SYSCONFIG back to 0 */
static void test_system_reset(void)
{
    QTestState *qts = qtest_init("-M gta04");

    qtest_writel(qts, MMC1 + 0x10, 0x0011);
    qtest_qmp_assert_success(qts, "{ 'execute': 'system_reset' }");
    qtest_qmp_eventwait(qts, "RESET");
    g_assert_cmphex(qtest_readl(qts, MMC1 + 0x10), ==, 0);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("omap3-unimp-ip/softreset", test_softreset);
    qtest_add_func("omap3-unimp-ip/system-reset", test_system_reset);
    return g_test_run();
}
