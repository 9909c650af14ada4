/*
 * qtest for the OMAP3 MMC/SD host controllers (omap3-mmchs) of the gta04
 * machine, slots empty: what omap_hsmmc does at probe and in mmc_rescan
 * (soft reset, internal clock, bus power, commands that no card answers),
 * the interrupt to the INTC and migration with a command on the bus.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include "libqtest.h"
#include "gta04-migrate.h"
#include "dm3730-qtest.h"

#define MACHINE         "-M gta04"

#define SYSCONFIG       0x010
#define SYSSTATUS       0x014
#define CON             0x02c
#define CMD             0x10c
#define RSP10           0x110
#define PSTATE          0x124
#define HCTL            0x128
#define SYSCTL          0x12c
#define STAT            0x130
#define IE              0x134
#define ISE             0x138
#define CAPA            0x140

#define SDBP            (1 << 8)
#define SDVS_18V        (5 << 9)
#define SDVS_30V        (6 << 9)
#define SDVS_33V        (7 << 9)
#define VS18            (1 << 26)
#define VS30            (1 << 25)
#define ICE             (1 << 0)
#define ICS             (1 << 1)
#define CEN             (1 << 2)
#define CLKD(d)         ((d) << 6)
#define SRC             (1 << 25)
#define SRA             (1 << 24)
#define CC              (1 << 0)
#define ERRI            (1 << 15)
#define CTO             (1 << 16)
#define CMDI            (1 << 0)
#define INIT            (1 << 1)
#define INT_EN_MASK     0x317f0033      /* omap_hsmmc's, with CC and CTO */
/* CMD8 (R7: 48-bit response, type 2), CMD0 (no response) */
#define CMD8            (8 << 24 | 2 << 16)
#define CMD0            0
/* the card clock at 400 kHz: CLKD 240 of 96 MHz, 2.5 us a clock */
#define CLOCK_NS        2500

static uint64_t mmc1(uint32_t off)
{
    return dm3730_addr(DM3730_DEV_MMC1) + off;
}

/* omap_hsmmc_context_restore() and set_sd_bus_power(): clock, voltage, power */
static void power_up(QTestState *qts)
{
    qtest_writel(qts, mmc1(SYSCTL), ICE | CLKD(240));
    g_assert_cmphex(qtest_readl(qts, mmc1(SYSCTL)) & ICS, ==, ICS);
    qtest_writel(qts, mmc1(SYSCTL), ICE | CEN | CLKD(240));
    qtest_writel(qts, mmc1(CAPA), qtest_readl(qts, mmc1(CAPA)) | VS18 | VS30);
    qtest_writel(qts, mmc1(HCTL), SDVS_30V);
    qtest_writel(qts, mmc1(HCTL), SDVS_30V | SDBP);
    g_assert_cmphex(qtest_readl(qts, mmc1(HCTL)), ==, SDVS_30V | SDBP);
}

static void test_probe(QTestState *qts)
{
    /* ti-sysc's soft reset */
    qtest_writel(qts, mmc1(CON), 0x1234);
    qtest_writel(qts, mmc1(SYSCONFIG), 1 << 1);
    g_assert_cmphex(qtest_readl(qts, mmc1(SYSSTATUS)), ==, 1);
    g_assert_cmphex(qtest_readl(qts, mmc1(CON)), ==, 0);
    /* no voltage declared yet: the bus cannot be powered */
    qtest_writel(qts, mmc1(HCTL), SDVS_33V | SDBP);
    g_assert_cmphex(qtest_readl(qts, mmc1(HCTL)) & SDBP, ==, 0);
    power_up(qts);
    /* 3.3 V is not declared (VS33): SDBP falls */
    qtest_writel(qts, mmc1(HCTL), SDVS_33V | SDBP);
    g_assert_cmphex(qtest_readl(qts, mmc1(HCTL)) & SDBP, ==, 0);
    qtest_writel(qts, mmc1(HCTL), SDVS_18V | SDBP);
    g_assert_cmphex(qtest_readl(qts, mmc1(HCTL)) & SDBP, ==, SDBP);
    /* idle lines: CMD and DAT[3:0] high, no command in progress */
    g_assert_cmphex(qtest_readl(qts, mmc1(PSTATE)), ==, 0x01f00000);
}

static void test_controller(void)
{
    QTestState *qts = qtest_init(MACHINE);

    test_probe(qts);
    qtest_quit(qts);
}

/*
 * mmc_rescan on an empty slot: the init stream and CMD0 complete, CMD8
 * gets no response and ends in a command timeout after its 48 bits and the
 * 64-clock response window; SRC clears the command line.
 */
static void test_empty_slot(void)
{
    QTestState *qts = qtest_init(MACHINE);
    int irq = dm3730_irq(DM3730_DEV_MMC1);

    qtest_irq_intercept_in(qts, "/machine/soc/intc");
    power_up(qts);
    qtest_writel(qts, mmc1(IE), INT_EN_MASK);

    /* send_init_stream(): 80 clocks, polled with the line disabled */
    qtest_writel(qts, mmc1(CON), INIT);
    qtest_writel(qts, mmc1(CMD), CMD0);
    g_assert_cmphex(qtest_readl(qts, mmc1(PSTATE)) & CMDI, ==, CMDI);
    qtest_clock_step(qts, 80 * CLOCK_NS - 1);
    g_assert_cmphex(qtest_readl(qts, mmc1(STAT)), ==, 0);
    qtest_clock_step(qts, 1);
    g_assert_cmphex(qtest_readl(qts, mmc1(STAT)), ==, CC);
    g_assert_false(qtest_get_irq(qts, irq));        /* ISE 0 */
    qtest_writel(qts, mmc1(CON), 0);
    qtest_writel(qts, mmc1(STAT), 0xffffffff);
    g_assert_cmphex(qtest_readl(qts, mmc1(PSTATE)) & CMDI, ==, 0);

    /* CMD0: no response expected, done after its 48 bits, interrupt */
    qtest_writel(qts, mmc1(ISE), INT_EN_MASK);
    qtest_writel(qts, mmc1(CMD), CMD0);
    qtest_clock_step(qts, 48 * CLOCK_NS);
    g_assert_true(qtest_get_irq(qts, irq));
    g_assert_cmphex(qtest_readl(qts, mmc1(STAT)), ==, CC);
    qtest_writel(qts, mmc1(STAT), CC);
    g_assert_false(qtest_get_irq(qts, irq));

    /* CMD8: nobody answers */
    qtest_writel(qts, mmc1(CMD), CMD8);
    qtest_clock_step(qts, (48 + 64) * CLOCK_NS - 1);
    g_assert_false(qtest_get_irq(qts, irq));
    qtest_clock_step(qts, 1);
    g_assert_true(qtest_get_irq(qts, irq));
    g_assert_cmphex(qtest_readl(qts, mmc1(STAT)), ==, CTO | ERRI);
    g_assert_cmphex(qtest_readl(qts, mmc1(RSP10)), ==, 0);
    /* omap_hsmmc_do_irq(): SRC, then the status written back */
    qtest_writel(qts, mmc1(SYSCTL), qtest_readl(qts, mmc1(SYSCTL)) | SRC);
    g_assert_cmphex(qtest_readl(qts, mmc1(SYSCTL)) & SRC, ==, 0);
    qtest_writel(qts, mmc1(STAT), CTO | ERRI);
    g_assert_cmphex(qtest_readl(qts, mmc1(STAT)), ==, 0);
    g_assert_false(qtest_get_irq(qts, irq));

    /* an event IE masks leaves no status; SRC cancels a command */
    qtest_writel(qts, mmc1(IE), 0);
    qtest_writel(qts, mmc1(CMD), CMD8);
    qtest_clock_step(qts, 200 * CLOCK_NS);
    g_assert_cmphex(qtest_readl(qts, mmc1(STAT)), ==, 0);
    qtest_writel(qts, mmc1(IE), INT_EN_MASK);
    qtest_writel(qts, mmc1(CMD), CMD8);
    qtest_writel(qts, mmc1(SYSCTL), qtest_readl(qts, mmc1(SYSCTL)) | SRC);
    g_assert_cmphex(qtest_readl(qts, mmc1(PSTATE)) & CMDI, ==, 0);
    qtest_clock_step(qts, 200 * CLOCK_NS);
    g_assert_cmphex(qtest_readl(qts, mmc1(STAT)), ==, 0);

    /* SRA: the host controller's registers back to reset */
    qtest_writel(qts, mmc1(SYSCTL), SRA);
    g_assert_cmphex(qtest_readl(qts, mmc1(SYSCTL)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, mmc1(IE)), ==, 0);
    qtest_quit(qts);
}

/* A command on the bus goes along and ends on the target */
static void test_migration(void)
{
    QTestState *qts = qtest_init(MACHINE);

    power_up(qts);
    qtest_writel(qts, mmc1(IE), INT_EN_MASK);
    qtest_writel(qts, mmc1(ISE), INT_EN_MASK);
    qtest_writel(qts, mmc1(CMD), CMD8);
    qtest_clock_step(qts, 10 * CLOCK_NS);
    qts = gta04_migrate(qts, MACHINE);
    qtest_irq_intercept_in(qts, "/machine/soc/intc");
    g_assert_cmphex(qtest_readl(qts, mmc1(PSTATE)) & CMDI, ==, CMDI);
    g_assert_cmphex(qtest_readl(qts, mmc1(HCTL)), ==, SDVS_30V | SDBP);
    /* (qtest's virtual clock restarts on the target: step a whole command) */
    qtest_clock_step(qts, (48 + 64) * CLOCK_NS);
    g_assert_true(qtest_get_irq(qts, dm3730_irq(DM3730_DEV_MMC1)));
    g_assert_cmphex(qtest_readl(qts, mmc1(STAT)), ==, CTO | ERRI);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("omap3-mmchs/controller", test_controller);
    qtest_add_func("omap3-mmchs/empty-slot", test_empty_slot);
    qtest_add_func("omap3-mmchs/migration", test_migration);
    return g_test_run();
}
