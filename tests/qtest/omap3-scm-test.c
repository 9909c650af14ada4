/*
 * qtest for the OMAP3 system control module (omap3-scm) in the gta04
 * machine: identification, the padconf save handshake, pad register masks,
 * the I/O pad wake-up path to the PRCM and the bandgap temperature sensor.
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

#define SCM                     dm3730_addr(DM3730_DEV_SCM)
#define SCM_ID                  dm3730_addr(DM3730_DEV_SCM_ID)

#define CONTROL_IDCODE          (SCM_ID + 0x204)
#define CONTROL_PRODUCTION_ID_0 (SCM_ID + 0x208)
#define CONTROL_DIE_ID_0        (SCM_ID + 0x218)
#define CONTROL_DIE_ID_3        (SCM_ID + 0x224)

#define PADCONF_SYS_NIRQ        (SCM + 0x1e0)
#define PADCONF_SYS_CLKREQ      (SCM + 0x1e2)
#define PADCONF_ETK_D14         (SCM + 0x5f8)
#define PADCONF_WKUP_FIRST      (SCM + 0xa00)
#define CONTROL_PADCONF_OFF     (SCM + 0x270)
#define CONTROL_DEVCONF0        (SCM + 0x274)
#define CONTROL_STATUS          (SCM + 0x2f0)
#define CONTROL_GP_STATUS       (SCM + 0x2f4)
#define CONTROL_FUSE_OPP100_VDD1 (SCM + 0x388)
#define CONTROL_MEM_RTA_CTRL    (SCM + 0x40c)
#define CONTROL_OMAP_STATUS     (SCM + 0x44c)
#define CONTROL_PBIAS_LITE      (SCM + 0x520)
#define CONTROL_TEMP_SENSOR     (SCM + 0x524)
#define TEMP_EOCZ               (1 << 8)
#define TEMP_SOC                (1 << 9)
#define TEMP_CONTCONV           (1 << 10)
/* omap3_scm.c's assumption: 12 cycles of 32.768 kHz */
#define TEMP_CONV_NS            (12 * 1000000000LL / 32768)
#define CONTROL_SCRATCHPAD      (SCM + 0x910)
#define CONTROL_MEM_WKUP_ETK    (SCM + 0x600 + 0x2a0)

#define INTC_ITR0               (dm3730_addr(DM3730_DEV_INTC) + 0x80)
#define MACHINE                 "-M gta04"

/* CONTROL_IDCODE, CONTROL_OMAP_STATUS, CONTROL_STATUS as id.c decodes them */
static void test_id(void)
{
    QTestState *qts = qtest_init(MACHINE);
    uint32_t idcode = qtest_readl(qts, CONTROL_IDCODE);
    uint32_t status = qtest_readl(qts, CONTROL_OMAP_STATUS);

    g_assert_cmphex(idcode, ==, 0x2b89102f);
    g_assert_cmphex((idcode >> 12) & 0xffff, ==, 0xb891);  /* 36xx hawkeye */
    g_assert_cmphex(idcode >> 28, ==, 2);                  /* ES1.2 */
    /* features: L2 256K, IVA, SGX, NEON, ISP; not speed-binned */
    g_assert_cmphex(status, ==, 0x00000c00);
    g_assert_cmphex((status >> 10) & 3, ==, 3);
    g_assert_cmphex(status & (1 << 12 | 3 << 13 | 1 << 5 | 1 << 4 | 1 << 9),
                    ==, 0);
    /* GP device */
    g_assert_cmphex((qtest_readl(qts, CONTROL_STATUS) >> 8) & 7, ==, 3);
    g_assert_cmphex(qtest_readl(qts, CONTROL_PRODUCTION_ID_0), ==, 0);
    g_assert_cmphex(qtest_readl(qts, CONTROL_DIE_ID_0), !=, 0);
    g_assert_cmphex(qtest_readl(qts, CONTROL_DIE_ID_3), !=, 0);

    /* all read-only */
    qtest_writel(qts, CONTROL_IDCODE, 0);
    qtest_writel(qts, CONTROL_OMAP_STATUS, 0xffffffff);
    qtest_writel(qts, CONTROL_STATUS, 0);
    g_assert_cmphex(qtest_readl(qts, CONTROL_IDCODE), ==, 0x2b89102f);
    g_assert_cmphex(qtest_readl(qts, CONTROL_OMAP_STATUS), ==, 0x00000c00);
    g_assert_cmphex((qtest_readl(qts, CONTROL_STATUS) >> 8) & 7, ==, 3);
    /* omap_ctrl_readw() style narrow reads */
    g_assert_cmphex(qtest_readw(qts, CONTROL_OMAP_STATUS), ==, 0x0c00);
    g_assert_cmphex(qtest_readb(qts, CONTROL_OMAP_STATUS + 1), ==, 0x0c);
    /* eFuses are not fused: SmartReflex finds no nvalues */
    g_assert_cmphex(qtest_readl(qts, CONTROL_FUSE_OPP100_VDD1), ==, 0);
    qtest_quit(qts);
}

/* omap3_ctrl_save_padconf: START_PADCONF_SAVE, then poll SAVE_DONE */
static void test_padconf_save(void)
{
    QTestState *qts = qtest_init(MACHINE);

    g_assert_cmphex(qtest_readl(qts, CONTROL_GP_STATUS), ==, 0);
    qtest_writel(qts, CONTROL_PADCONF_OFF,
                 qtest_readl(qts, CONTROL_PADCONF_OFF) | 1 << 1);
    g_assert_cmphex(qtest_readl(qts, CONTROL_GP_STATUS) & 1, ==, 1);
    /* the start bit is done with; another save completes too */
    g_assert_cmphex(qtest_readl(qts, CONTROL_PADCONF_OFF) & 1 << 1, ==, 0);
    qtest_writel(qts, CONTROL_PADCONF_OFF, 1 << 1);
    g_assert_cmphex(qtest_readl(qts, CONTROL_GP_STATUS) & 1, ==, 1);
    qtest_writel(qts, CONTROL_GP_STATUS, 0);
    g_assert_cmphex(qtest_readl(qts, CONTROL_GP_STATUS) & 1, ==, 1);
    qtest_quit(qts);
}

/* 16-bit pads: bits 7:5 reserved, bit 15 WAKEUPEVENT read-only */
static void test_pads(void)
{
    QTestState *qts = qtest_init(MACHINE);

    g_assert_cmphex(qtest_readw(qts, PADCONF_SYS_NIRQ), ==, 0x0007);
    qtest_writew(qts, PADCONF_SYS_NIRQ, 0xffff);
    g_assert_cmphex(qtest_readw(qts, PADCONF_SYS_NIRQ), ==, 0x7f1f);
    /* its neighbour in the same word is untouched */
    g_assert_cmphex(qtest_readw(qts, PADCONF_SYS_CLKREQ), ==, 0x0007);
    /* Linux's value: PIN_INPUT_PULLUP | WAKEUP_EN | mode 0 */
    qtest_writew(qts, PADCONF_SYS_NIRQ, 0x4118);
    g_assert_cmphex(qtest_readw(qts, PADCONF_SYS_NIRQ), ==, 0x4118);
    /* a 32-bit write sets two pads */
    qtest_writel(qts, PADCONF_SYS_NIRQ, 0x81008118);
    g_assert_cmphex(qtest_readl(qts, PADCONF_SYS_NIRQ), ==, 0x01000118);
    /* byte writes merge */
    qtest_writeb(qts, PADCONF_SYS_NIRQ + 1, 0x41);
    g_assert_cmphex(qtest_readw(qts, PADCONF_SYS_NIRQ), ==, 0x4118);

    /* the 3630 pads and the wake-up pads behave the same */
    qtest_writew(qts, PADCONF_ETK_D14, 0xffff);
    g_assert_cmphex(qtest_readw(qts, PADCONF_ETK_D14), ==, 0x7f1f);
    qtest_writew(qts, PADCONF_WKUP_FIRST, 0x8104);
    g_assert_cmphex(qtest_readw(qts, PADCONF_WKUP_FIRST), ==, 0x0104);
    qtest_quit(qts);
}

/* General registers, PBIAS, scratchpad, and a hole */
static void test_general(void)
{
    QTestState *qts = qtest_init(MACHINE);

    /* pm34xx copies ETK_D14 into the wake-up scratchpad */
    qtest_writel(qts, CONTROL_MEM_WKUP_ETK, 0x12345678);
    g_assert_cmphex(qtest_readl(qts, CONTROL_MEM_WKUP_ETK), ==, 0x12345678);
    qtest_writel(qts, CONTROL_SCRATCHPAD, 0x80123456);
    qtest_writel(qts, CONTROL_SCRATCHPAD + 0xec, 0xcafe);
    g_assert_cmphex(qtest_readl(qts, CONTROL_SCRATCHPAD), ==, 0x80123456);
    g_assert_cmphex(qtest_readl(qts, CONTROL_SCRATCHPAD + 0xec), ==, 0xcafe);

    /* erratum i608: Linux disables the RTA */
    g_assert_cmphex(qtest_readl(qts, CONTROL_MEM_RTA_CTRL), ==, 1);
    qtest_writel(qts, CONTROL_MEM_RTA_CTRL, 0);
    g_assert_cmphex(qtest_readl(qts, CONTROL_MEM_RTA_CTRL), ==, 0);
    qtest_writel(qts, CONTROL_DEVCONF0, 0x01000054);
    g_assert_cmphex(qtest_readl(qts, CONTROL_DEVCONF0), ==, 0x01000054);

    /* PBIAS: VMODE/PWRDNZ/SPEEDCTRL R/W, supply status follows VMODE */
    qtest_writel(qts, CONTROL_PBIAS_LITE, 0xffff);
    g_assert_cmphex(qtest_readl(qts, CONTROL_PBIAS_LITE), ==, 0xf7f7);
    qtest_writel(qts, CONTROL_PBIAS_LITE, 0x0606);
    g_assert_cmphex(qtest_readl(qts, CONTROL_PBIAS_LITE), ==, 0x0606);
    qtest_writel(qts, CONTROL_PBIAS_LITE, 0x0003);
    g_assert_cmphex(qtest_readl(qts, CONTROL_PBIAS_LITE), ==, 0x0083);

    /* no register there */
    qtest_writel(qts, SCM + 0xc00, 0xffffffff);
    g_assert_cmphex(qtest_readl(qts, SCM + 0xc00), ==, 0);
    qtest_quit(qts);
}

/* A pad wake-up: WAKEUPEVENT, PRCM ST_IO / IO_ST; the I/O chain re-arms */
static void test_wakeup(void)
{
    QTestState *qts = qtest_init(MACHINE);

    qtest_writel(qts, PM_WKEN_WKUP, 1 << 8);                /* EN_IO */
    /* input 0 is sys_nirq: no WAKEUPENABLE, no event */
    qtest_writew(qts, PADCONF_SYS_NIRQ, 0x0118);
    qtest_set_irq_in(qts, "/machine/soc/scm", "pad-wakeup", 0, 1);
    qtest_set_irq_in(qts, "/machine/soc/scm", "pad-wakeup", 0, 0);
    g_assert_cmphex(qtest_readw(qts, PADCONF_SYS_NIRQ), ==, 0x0118);
    g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP), ==, 0);

    qtest_writew(qts, PADCONF_SYS_NIRQ, 0x4118);
    qtest_set_irq_in(qts, "/machine/soc/scm", "pad-wakeup", 0, 1);
    g_assert_cmphex(qtest_readw(qts, PADCONF_SYS_NIRQ), ==, 0xc118);
    g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP), ==, 1 << 8);
    g_assert_cmphex(qtest_readl(qts, PRM_IRQSTATUS_MPU), ==, 1 << 9);
    /* software cannot clear it, only the daisy chain can */
    qtest_writew(qts, PADCONF_SYS_NIRQ, 0x4118);
    g_assert_cmphex(qtest_readw(qts, PADCONF_SYS_NIRQ), ==, 0xc118);
    /* input 1 is UART3 RX: its pad is not wake-up enabled */
    qtest_set_irq_in(qts, "/machine/soc/scm", "pad-wakeup", 1, 1);
    g_assert_cmphex(qtest_readw(qts, PADCONF_UART3_RX) & 0x8000, ==, 0);

    /* omap3_prm_reconfigure_io_chain() */
    qtest_writel(qts, PRM_IRQSTATUS_MPU, 1 << 9);
    qtest_writel(qts, PM_WKEN_WKUP, 1 << 8 | 1 << 16);
    qtest_writel(qts, PM_WKEN_WKUP, 1 << 8);
    qtest_writel(qts, PM_WKST_WKUP, 1 << 16 | 1 << 8);
    g_assert_cmphex(qtest_readw(qts, PADCONF_SYS_NIRQ), ==, 0x4118);
    g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP), ==, 0);
    /* the next edge is a new event */
    qtest_set_irq_in(qts, "/machine/soc/scm", "pad-wakeup", 0, 0);
    qtest_set_irq_in(qts, "/machine/soc/scm", "pad-wakeup", 0, 1);
    g_assert_cmphex(qtest_readw(qts, PADCONF_SYS_NIRQ), ==, 0xc118);
    g_assert_cmphex(qtest_readl(qts, PRM_IRQSTATUS_MPU), ==, 1 << 9);
    qtest_quit(qts);
}

/*
 * The SoC's sys_nirq (the TWL4030's INT1, 1 = asserted) is INTC line 7 and
 * the I/O wake-up of its pad: the assertion latches WAKEUPEVENT when
 * WAKEUPENABLE is set, the release does not (docs/gta04.md, "The serial
 * console as a wake source": the edge is an assumption)
 */
static void test_sys_nirq_wakeup(void)
{
    QTestState *qts = qtest_init(MACHINE);

    qtest_writel(qts, PM_WKEN_WKUP, 1 << 8);                /* EN_IO */
    qtest_writew(qts, PADCONF_SYS_NIRQ, 0x4118);            /* WAKEUPENABLE */
    qtest_set_irq_in(qts, "/machine/soc", "sys_nirq", 0, 1);
    g_assert_cmphex(qtest_readl(qts, INTC_ITR0) & (1 << 7), ==, 1 << 7);
    g_assert_cmphex(qtest_readw(qts, PADCONF_SYS_NIRQ), ==, 0xc118);
    g_assert_cmphex(qtest_readl(qts, PRM_IRQSTATUS_MPU), ==, 1 << 9);

    /* re-armed while INT1 stays asserted, then released: no new event */
    qtest_writel(qts, PRM_IRQSTATUS_MPU, 1 << 9);
    qtest_writel(qts, PM_WKEN_WKUP, 1 << 8 | 1 << 16);
    qtest_writel(qts, PM_WKEN_WKUP, 1 << 8);
    qtest_writel(qts, PM_WKST_WKUP, 1 << 16 | 1 << 8);
    qtest_set_irq_in(qts, "/machine/soc", "sys_nirq", 0, 0);
    g_assert_cmphex(qtest_readl(qts, INTC_ITR0) & (1 << 7), ==, 0);
    g_assert_cmphex(qtest_readw(qts, PADCONF_SYS_NIRQ), ==, 0x4118);
    g_assert_cmphex(qtest_readl(qts, PRM_IRQSTATUS_MPU), ==, 0);

    /* without WAKEUPENABLE only the INTC sees it */
    qtest_writew(qts, PADCONF_SYS_NIRQ, 0x0118);
    qtest_set_irq_in(qts, "/machine/soc", "sys_nirq", 0, 1);
    g_assert_cmphex(qtest_readl(qts, INTC_ITR0) & (1 << 7), ==, 1 << 7);
    g_assert_cmphex(qtest_readw(qts, PADCONF_SYS_NIRQ), ==, 0x0118);
    g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP), ==, 0);
    qtest_quit(qts);
}

static void set_temperature(QTestState *qts, int mc)
{
    qtest_qmp_assert_success(qts, "{ 'execute': 'qom-set', 'arguments': {"
                             " 'path': '/machine/soc/scm',"
                             " 'property': 'temperature', 'value': %d } }", mc);
}

/*
 * ti-soc-thermal's single read on the 36xx: SOC up, EOCZ rises (converting),
 * SOC down, EOCZ falls when the conversion ends; TEMP is the ADC code of
 * the temperature at that moment (Linux's 36xx table: code 48 = 25 C,
 * 57 = 40 C, 13 = -38 C, 106 = 125 C).
 */
static void test_temp_sensor(void)
{
    QTestState *qts = qtest_init(MACHINE);
    uint32_t v;

    /* nothing converted since reset */
    g_assert_cmphex(qtest_readl(qts, CONTROL_TEMP_SENSOR), ==, 0);
    qtest_writel(qts, CONTROL_TEMP_SENSOR, TEMP_SOC);
    v = qtest_readl(qts, CONTROL_TEMP_SENSOR);
    g_assert_cmphex(v, ==, TEMP_SOC | TEMP_EOCZ);       /* TEMP not yet */
    qtest_writel(qts, CONTROL_TEMP_SENSOR, 0);
    qtest_clock_step(qts, TEMP_CONV_NS - 1);
    g_assert_cmphex(qtest_readl(qts, CONTROL_TEMP_SENSOR), ==, TEMP_EOCZ);
    qtest_clock_step(qts, 1);
    /* the default die temperature, 40 C */
    g_assert_cmphex(qtest_readl(qts, CONTROL_TEMP_SENSOR), ==, 57);

    /* a change after the conversion shows at the next one only */
    set_temperature(qts, 25000);
    g_assert_cmphex(qtest_readl(qts, CONTROL_TEMP_SENSOR), ==, 57);
    qtest_writel(qts, CONTROL_TEMP_SENSOR, TEMP_SOC);
    /* TEMP and EOCZ are read-only; holding SOC starts nothing new */
    qtest_writel(qts, CONTROL_TEMP_SENSOR, TEMP_SOC | 0xff);
    qtest_clock_step(qts, TEMP_CONV_NS);
    g_assert_cmphex(qtest_readl(qts, CONTROL_TEMP_SENSOR), ==, TEMP_SOC | 48);
    /* a change before the conversion ends is what it measures */
    qtest_writel(qts, CONTROL_TEMP_SENSOR, 0);
    qtest_writel(qts, CONTROL_TEMP_SENSOR, TEMP_SOC);
    set_temperature(qts, -38000);
    qtest_clock_step(qts, TEMP_CONV_NS);
    g_assert_cmphex(qtest_readl(qts, CONTROL_TEMP_SENSOR) & 0xff, ==, 13);
    set_temperature(qts, 125000);
    qtest_writel(qts, CONTROL_TEMP_SENSOR, 0);
    qtest_writel(qts, CONTROL_TEMP_SENSOR, TEMP_SOC);
    qtest_clock_step(qts, TEMP_CONV_NS);
    g_assert_cmphex(qtest_readl(qts, CONTROL_TEMP_SENSOR) & 0xff, ==, 106);

    /* continuous conversion: TEMP follows, EOCZ stays up (an assumption) */
    qtest_writel(qts, CONTROL_TEMP_SENSOR, TEMP_CONTCONV);
    set_temperature(qts, 40000);
    g_assert_cmphex(qtest_readl(qts, CONTROL_TEMP_SENSOR), ==,
                    TEMP_CONTCONV | TEMP_EOCZ | 57);

    /* out of the sensor's range: refused, the temperature unchanged */
    g_assert_true(qmp_rsp_is_err(qtest_qmp(qts,
        "{ 'execute': 'qom-set', 'arguments': { 'path': '/machine/soc/scm',"
        " 'property': 'temperature', 'value': 126000 } }")));
    qtest_quit(qts);
}

static void test_migration(void)
{
    QTestState *qts = qtest_init(MACHINE);

    qtest_writew(qts, PADCONF_SYS_NIRQ, 0x4118);
    qtest_set_irq_in(qts, "/machine/soc/scm", "pad-wakeup", 0, 1);
    qtest_writel(qts, CONTROL_PADCONF_OFF, 1 << 1);
    qtest_writel(qts, CONTROL_SCRATCHPAD, 0x600dcafe);
    /* a conversion under way, of a temperature set by the user */
    set_temperature(qts, 25000);
    qtest_writel(qts, CONTROL_TEMP_SENSOR, TEMP_SOC);
    qts = gta04_migrate(qts, MACHINE);
    g_assert_cmphex(qtest_readl(qts, CONTROL_TEMP_SENSOR), ==,
                    TEMP_SOC | TEMP_EOCZ);
    qtest_clock_step(qts, TEMP_CONV_NS);
    g_assert_cmphex(qtest_readl(qts, CONTROL_TEMP_SENSOR), ==, TEMP_SOC | 48);
    g_assert_cmphex(qtest_readw(qts, PADCONF_SYS_NIRQ), ==, 0xc118);
    g_assert_cmphex(qtest_readl(qts, CONTROL_GP_STATUS) & 1, ==, 1);
    g_assert_cmphex(qtest_readl(qts, CONTROL_SCRATCHPAD), ==, 0x600dcafe);
    /* the input level came along: holding it high is no new event */
    qtest_writel(qts, PM_WKEN_WKUP, 1 << 8 | 1 << 16);
    qtest_writel(qts, PM_WKEN_WKUP, 0);
    qtest_set_irq_in(qts, "/machine/soc/scm", "pad-wakeup", 0, 1);
    g_assert_cmphex(qtest_readw(qts, PADCONF_SYS_NIRQ), ==, 0x4118);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("omap3-scm/id", test_id);
    qtest_add_func("omap3-scm/padconf-save", test_padconf_save);
    qtest_add_func("omap3-scm/pads", test_pads);
    qtest_add_func("omap3-scm/general", test_general);
    qtest_add_func("omap3-scm/wakeup", test_wakeup);
    qtest_add_func("omap3-scm/sys-nirq-wakeup", test_sys_nirq_wakeup);
    qtest_add_func("omap3-scm/temp-sensor", test_temp_sensor);
    qtest_add_func("omap3-scm/migration", test_migration);

    return g_test_run();
}
