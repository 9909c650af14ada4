/*
 * qtest for the OMAP3 memory controllers and interconnect of the gta04
 * machine: SDRC (omap3-sdrc), SMS (omap3-sms), GPMC (omap3-gpmc) and the
 * L3 firewalls (omap3-l3) - the bits Linux 6.1 polls or reads back.
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

#define SDRC                    dm3730_addr(DM3730_DEV_SDRC)
#define SDRC_SYSCONFIG          (SDRC + 0x10)
#define SDRC_SYSSTATUS          (SDRC + 0x14)
#define SDRC_CS_CFG             (SDRC + 0x40)
#define SDRC_DLLA_CTRL          (SDRC + 0x60)
#define SDRC_DLLA_STATUS        (SDRC + 0x64)
#define SDRC_POWER              (SDRC + 0x70)
#define SDRC_MCFG_0             (SDRC + 0x80)
#define SDRC_MR_0               (SDRC + 0x84)
#define SDRC_RFR_CTRL_1         (SDRC + 0xd4)

#define SMS                     dm3730_addr(DM3730_DEV_SMS)
#define SMS_SYSCONFIG           (SMS + 0x10)
#define SMS_SYSSTATUS           (SMS + 0x14)
#define SMS_RG_ATT0             (SMS + 0x48)
#define SMS_RG_START1           (SMS + 0x60)

#define GPMC                    dm3730_addr(DM3730_DEV_GPMC)
#define GPMC_REVISION           (GPMC + 0x000)
#define GPMC_SYSCONFIG          (GPMC + 0x010)
#define GPMC_SYSSTATUS          (GPMC + 0x014)
#define GPMC_IRQSTATUS          (GPMC + 0x018)
#define GPMC_IRQENABLE          (GPMC + 0x01c)
#define GPMC_CONFIG             (GPMC + 0x050)
#define GPMC_STATUS             (GPMC + 0x054)
#define GPMC_CONFIG1(cs)        (GPMC + 0x060 + 0x30 * (cs))
#define GPMC_CONFIG7(cs)        (GPMC + 0x078 + 0x30 * (cs))
#define GPMC_NAND_COMMAND(cs)   (GPMC + 0x07c + 0x30 * (cs))
#define GPMC_NAND_ADDRESS(cs)   (GPMC + 0x080 + 0x30 * (cs))
#define GPMC_NAND_DATA(cs)      (GPMC + 0x084 + 0x30 * (cs))

#define L3                      dm3730_addr(DM3730_DEV_L3)
#define L3_PM_OCM_RAM           (L3 + 0x12800)
#define L3_SI_FLAG_STATUS_0     (L3 + 0x510)

#define IRQ_GPMC                dm3730_irq(DM3730_DEV_GPMC)
#define MACHINE                 "-M gta04"

/* sleep34xx.S after WFI: DLL in lock mode, or LOCKSTATUS within 8 polls */
static void test_sdrc(void)
{
    QTestState *qts = qtest_init(MACHINE);
    uint32_t power;

    g_assert_cmphex(qtest_readl(qts, SDRC_SYSSTATUS) & 1, ==, 1);
    g_assert_cmphex(qtest_readl(qts, SDRC_DLLA_CTRL) & (1 << 3), ==, 1 << 3);
    g_assert_cmphex(qtest_readl(qts, SDRC_DLLA_STATUS) & (1 << 2), ==, 1 << 2);
    /* "kick_dll": disable, the lock goes; enable, it is back */
    qtest_writel(qts, SDRC_DLLA_CTRL, 0x2);
    g_assert_cmphex(qtest_readl(qts, SDRC_DLLA_STATUS) & (1 << 2), ==, 0);
    qtest_writel(qts, SDRC_DLLA_CTRL, 0xa);
    g_assert_cmphex(qtest_readl(qts, SDRC_DLLA_STATUS) & (1 << 2), ==, 1 << 2);

    /* omap3_do_wfi: POWER |= SRFRONIDLEREQ, then clears it */
    power = qtest_readl(qts, SDRC_POWER);
    qtest_writel(qts, SDRC_POWER, power | 0x40);
    g_assert_cmphex(qtest_readl(qts, SDRC_POWER), ==, power | 0x40);
    qtest_writel(qts, SDRC_POWER, power & ~0x40);
    g_assert_cmphex(qtest_readl(qts, SDRC_POWER), ==, power & ~0x40);

    /* the scratchpad copy reads sane, u-boot-like values */
    g_assert_cmphex(qtest_readl(qts, SDRC_MCFG_0), !=, 0);
    g_assert_cmphex(qtest_readl(qts, SDRC_MR_0), ==, 0x32);
    g_assert_cmphex(qtest_readl(qts, SDRC_RFR_CTRL_1) & 1, ==, 1);
    qtest_writel(qts, SDRC_CS_CFG, 0x4);
    g_assert_cmphex(qtest_readl(qts, SDRC_CS_CFG), ==, 0x4);

    /* status is read-only; soft reset restores the reset values */
    qtest_writel(qts, SDRC_DLLA_STATUS, 0);
    qtest_writel(qts, SDRC_SYSSTATUS, 0);
    g_assert_cmphex(qtest_readl(qts, SDRC_SYSSTATUS) & 1, ==, 1);
    qtest_writel(qts, SDRC_SYSCONFIG, 1 << 1);
    g_assert_cmphex(qtest_readl(qts, SDRC_CS_CFG), ==, 0x2);
    g_assert_cmphex(qtest_readl(qts, SDRC_SYSCONFIG), ==, 0x10);
    qtest_quit(qts);
}

/* sdrc.c / sram.c: SMS_SYSCONFIG idle mode, SMS_RG_ATT0 opened */
static void test_sms(void)
{
    QTestState *qts = qtest_init(MACHINE);
    uint32_t l;

    g_assert_cmphex(qtest_readl(qts, SMS_SYSSTATUS) & 1, ==, 1);
    l = qtest_readl(qts, SMS_SYSCONFIG);
    qtest_writel(qts, SMS_SYSCONFIG, (l & ~(3 << 3)) | 2 << 3);
    g_assert_cmphex(qtest_readl(qts, SMS_SYSCONFIG), ==,
                    (l & ~(3 << 3)) | 2 << 3);
    qtest_writel(qts, SMS_RG_ATT0, 0xffffffff);
    g_assert_cmphex(qtest_readl(qts, SMS_RG_ATT0), ==, 0xffffffff);
    qtest_writel(qts, SMS_RG_START1, 0x01000000);
    g_assert_cmphex(qtest_readl(qts, SMS_RG_START1), ==, 0x01000000);
    /* no RG_START0: region 0 is the whole SDRAM */
    qtest_writel(qts, SMS + 0x40, 0x1234);
    g_assert_cmphex(qtest_readl(qts, SMS + 0x40), ==, 0);
    qtest_quit(qts);
}

/* omap-gpmc.c probe: revision 5.0, u-boot's CS0, IRQ clear, wait pins */
static void test_gpmc(void)
{
    QTestState *qts = qtest_init(MACHINE);
    uint32_t cfg7;

    g_assert_cmphex(qtest_readl(qts, GPMC_REVISION), ==, 0x50);
    g_assert_cmphex(qtest_readl(qts, GPMC_SYSSTATUS) & 1, ==, 1);
    /* CS0: valid, 16 MiB NAND at 0x30000000, 16-bit */
    cfg7 = qtest_readl(qts, GPMC_CONFIG7(0));
    g_assert_cmphex(cfg7 & (1 << 6), ==, 1 << 6);
    g_assert_cmphex((cfg7 & 0x3f) << 24, ==, 0x30000000);
    g_assert_cmphex((cfg7 >> 8) & 0xf, ==, 0xf);
    g_assert_cmphex((qtest_readl(qts, GPMC_CONFIG1(0)) >> 10) & 3, ==, 2);
    /* the others are not valid */
    g_assert_cmphex(qtest_readl(qts, GPMC_CONFIG7(1)) & (1 << 6), ==, 0);
    /* gpmc_cs_remap(): CONFIG7 is storage */
    qtest_writel(qts, GPMC_CONFIG7(1), 0x00000c48);
    g_assert_cmphex(qtest_readl(qts, GPMC_CONFIG7(1)), ==, 0x00000c48);
    /* no NAND chip answers */
    g_assert_cmphex(qtest_readl(qts, GPMC_NAND_DATA(0)), ==, 0);

    /* the wait pins: pulled up, edge-detected into IRQSTATUS */
    g_assert_cmphex(qtest_readl(qts, GPMC_STATUS), ==, 0xf01);
    qtest_irq_intercept_in(qts, "/machine/soc/intc");
    qtest_writel(qts, GPMC_IRQENABLE, 0);
    qtest_writel(qts, GPMC_IRQSTATUS, qtest_readl(qts, GPMC_IRQSTATUS));
    g_assert_cmphex(qtest_readl(qts, GPMC_IRQSTATUS), ==, 0);
    /* WAIT0 active high: the rising edge after a busy period */
    qtest_writel(qts, GPMC_CONFIG, qtest_readl(qts, GPMC_CONFIG) | 1 << 8);
    qtest_set_irq_in(qts, "/machine/soc/gpmc", "wait", 0, 0);
    g_assert_cmphex(qtest_readl(qts, GPMC_STATUS), ==, 0xe01);
    g_assert_cmphex(qtest_readl(qts, GPMC_IRQSTATUS), ==, 0);
    qtest_set_irq_in(qts, "/machine/soc/gpmc", "wait", 0, 1);
    g_assert_cmphex(qtest_readl(qts, GPMC_IRQSTATUS), ==, 1 << 8);
    g_assert_false(qtest_get_irq(qts, IRQ_GPMC));
    qtest_writel(qts, GPMC_IRQENABLE, 1 << 8);
    g_assert_true(qtest_get_irq(qts, IRQ_GPMC));
    qtest_writel(qts, GPMC_IRQSTATUS, 1 << 8);
    g_assert_false(qtest_get_irq(qts, IRQ_GPMC));

    /* soft reset: CS0 back as u-boot left it, interrupts off */
    qtest_writel(qts, GPMC_CONFIG7(0), 0);
    qtest_writel(qts, GPMC_SYSCONFIG, 1 << 1);
    g_assert_cmphex(qtest_readl(qts, GPMC_CONFIG7(0)), ==, cfg7);
    g_assert_cmphex(qtest_readl(qts, GPMC_IRQENABLE), ==, 0);
    qtest_quit(qts);
}

/*
 * omap2-nand's probe (built in by omap2plus_defconfig): RESET and READ ID as
 * byte cycles on the NAND ports, which take 8- and 16-bit accesses; no chip
 * answers.  The configuration registers still take 32-bit accesses only.
 */
static void test_gpmc_nand_ports(void)
{
    QTestState *qts = qtest_init(MACHINE);
    uint32_t cfg7 = qtest_readl(qts, GPMC_CONFIG7(0));

    qtest_writeb(qts, GPMC_NAND_COMMAND(0), 0xff);          /* RESET */
    qtest_writeb(qts, GPMC_NAND_COMMAND(0), 0x90);          /* READ ID */
    qtest_writeb(qts, GPMC_NAND_ADDRESS(0), 0x00);
    g_assert_cmphex(qtest_readb(qts, GPMC_NAND_DATA(0)), ==, 0);
    g_assert_cmphex(qtest_readw(qts, GPMC_NAND_DATA(0)), ==, 0);
    qtest_writew(qts, GPMC_NAND_DATA(7), 0x1234);
    g_assert_cmphex(qtest_readb(qts, GPMC_NAND_DATA(7) + 1), ==, 0);
    /* the ports are write-only: nothing landed in a neighbour */
    g_assert_cmphex(qtest_readl(qts, GPMC_CONFIG7(0)), ==, cfg7);
    /* a byte write to a configuration register is refused */
    qtest_writeb(qts, GPMC_CONFIG7(1), 0x48);
    g_assert_cmphex(qtest_readl(qts, GPMC_CONFIG7(1)), ==, 0x00000f00);
    qtest_quit(qts);
}

/* sram.c is_sram_locked(): the OCM RAM firewall; no L3 error is logged */
static void test_l3(void)
{
    QTestState *qts = qtest_init(MACHINE);

    g_assert_cmphex(qtest_readl(qts, L3_PM_OCM_RAM + 0x48), ==, 0xffff);
    qtest_writel(qts, L3_PM_OCM_RAM + 0x48, 0xffff);
    qtest_writel(qts, L3_PM_OCM_RAM + 0x50, 0xffff);
    qtest_writel(qts, L3_PM_OCM_RAM + 0x58, 0xffff);
    qtest_writel(qts, L3_PM_OCM_RAM + 0x80, 0);
    g_assert_cmphex(qtest_readl(qts, L3_PM_OCM_RAM + 0x50), ==, 0xffff);
    qtest_writel(qts, L3_PM_OCM_RAM + 0x68, 0x1234);     /* REQ_INFO_1 */
    g_assert_cmphex(qtest_readl(qts, L3_PM_OCM_RAM + 0x68), ==, 0x1234);
    g_assert_cmphex(qtest_readl(qts, L3_PM_OCM_RAM + 0x80), ==, 0);
    /* error logs and flags read 0, writes there are ignored */
    g_assert_cmphex(qtest_readl(qts, L3_SI_FLAG_STATUS_0), ==, 0);
    qtest_writel(qts, L3_SI_FLAG_STATUS_0, 0xffffffff);
    g_assert_cmphex(qtest_readl(qts, L3_SI_FLAG_STATUS_0), ==, 0);
    g_assert_cmphex(qtest_readq(qts, L3_PM_OCM_RAM + 0x20), ==, 0);
    qtest_quit(qts);
}

/* The IP blocks without a model are mapped (no bus error), RAZ/WI */
static void test_unimplemented(void)
{
    QTestState *qts = qtest_init(MACHINE);
    const uint64_t addrs[] = {
        dm3730_addr(DM3730_DEV_ISP),
        dm3730_addr(DM3730_DEV_USB_HOST_EHCI),
        dm3730_addr(DM3730_DEV_SGX),
        /* GPMC CS0 window (NAND data; u-boot's CS0 base on the GTA04) */
        dm3730_addr(DM3730_DEV_GPMC_CS) + 0x30000000,
        SDRC + 0x1000,  /* SDRC space beyond the registers */
        dm3730_addr(DM3730_DEV_L4_EMU) + 0x10000,
    };
    int i;

    for (i = 0; i < ARRAY_SIZE(addrs); i++) {
        qtest_writel(qts, addrs[i], 0xdeadbeef);
        g_assert_cmphex(qtest_readl(qts, addrs[i]), ==, 0);
    }
    /* the boot ROM alias still wins at 0 */
    g_assert_cmphex(qtest_readl(qts, dm3730_addr(DM3730_DEV_BOOT_ALIAS) + 0x20),
                    ==, 0xe320f003);
    qtest_quit(qts);
}

static void test_migration(void)
{
    QTestState *qts = qtest_init(MACHINE);

    qtest_writel(qts, SDRC_DLLA_CTRL, 0x2);
    qtest_writel(qts, SMS_RG_ATT0, 0x0000ffff);
    qtest_writel(qts, GPMC_CONFIG7(2), 0x00000e44);
    qtest_set_irq_in(qts, "/machine/soc/gpmc", "wait", 1, 0);
    qtest_writel(qts, L3_PM_OCM_RAM + 0x80, 0x12340000);
    qts = gta04_migrate(qts, MACHINE);
    g_assert_cmphex(qtest_readl(qts, SDRC_DLLA_STATUS) & (1 << 2), ==, 0);
    g_assert_cmphex(qtest_readl(qts, SMS_RG_ATT0), ==, 0x0000ffff);
    g_assert_cmphex(qtest_readl(qts, GPMC_CONFIG7(2)), ==, 0x00000e44);
    g_assert_cmphex(qtest_readl(qts, GPMC_STATUS), ==, 0xd01);
    g_assert_cmphex(qtest_readl(qts, L3_PM_OCM_RAM + 0x80), ==, 0x12340000);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("omap3-memctrl/sdrc", test_sdrc);
    qtest_add_func("omap3-memctrl/sms", test_sms);
    qtest_add_func("omap3-memctrl/gpmc", test_gpmc);
    qtest_add_func("omap3-memctrl/gpmc-nand-ports", test_gpmc_nand_ports);
    qtest_add_func("omap3-memctrl/l3", test_l3);
    qtest_add_func("omap3-memctrl/unimplemented", test_unimplemented);
    qtest_add_func("omap3-memctrl/migration", test_migration);

    return g_test_run();
}
