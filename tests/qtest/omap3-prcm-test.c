/*
 * qtest for the OMAP3 PRCM (omap3-cm, omap3-prm) in the gta04 machine: the
 * status bits Linux 6.1 polls (DPLL locks, module IDLEST, power states, reset
 * done), the reset request, the I/O daisy chain and the PRCM_MPU interrupt.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include "libqtest.h"
#include GTA04_QOBJECT_QDICT_H
#include "gta04-migrate.h"
#include "dm3730-qtest.h"

#define OMAP3_SIDLE_NO          1   /* SYSC.IDLEMODE no-idle */
#define OMAP3_SIDLE_SMART       2   /* smart-idle */

#define CM          dm3730_addr(DM3730_DEV_CM)
#define PRM         dm3730_addr(DM3730_DEV_PRM)

/* CM (TRM 3.7.x): module + register */
#define CM_IDLEST_PLL_IVA2      (CM + 0x024)
#define CM_CLKEN_PLL_MPU        (CM + 0x904)
#define CM_CLKSTCTRL_MPU        (CM + 0x948)
#define CM_IDLEST_PLL_MPU       (CM + 0x924)
#define CM_CLKSEL1_PLL_MPU      (CM + 0x940)
#define CM_FCLKEN1_CORE         (CM + 0xa00)
#define CM_ICLKEN1_CORE         (CM + 0xa10)
#define CM_IDLEST1_CORE         (CM + 0xa20)
#define CM_CLKSEL_CORE          (CM + 0xa40)
#define CM_FCLKEN_WKUP          (CM + 0xc00)
#define CM_ICLKEN_WKUP          (CM + 0xc10)
#define CM_IDLEST_WKUP          (CM + 0xc20)
#define CM_CLKEN_PLL            (CM + 0xd00)
#define CM_IDLEST_CKGEN         (CM + 0xd20)
#define CM_CLKSEL1_PLL          (CM + 0xd40)
#define CM_FCLKEN_DSS           (CM + 0xe00)
#define CM_IDLEST_DSS           (CM + 0xe20)
#define CM_CLKSTST_DSS          (CM + 0xe4c)
#define CM_IDLEST_PER           (CM + 0x1020)
#define CM_CLKSEL_PER           (CM + 0x1040)
#define CM_FCLKEN_IVA2          (CM + 0x000)
#define CM_IDLEST_IVA2          (CM + 0x020)
#define CM_CLKSTST_IVA2         (CM + 0x04c)

#define RM_RSTCTRL_IVA2         (PRM + 0x050)
#define RM_RSTST_IVA2           (PRM + 0x058)
#define PRM_REVISION            (PRM + 0x804)
#define PRM_IRQENABLE_MPU       (PRM + 0x81c)
#define RM_RSTST_MPU            (PRM + 0x958)
#define PM_PWSTCTRL_MPU         (PRM + 0x9e0)
#define PRM_VOLTCTRL            (PRM + 0x1260)
#define PM_PWSTST_MPU           (PRM + 0x9e4)
#define PM_PREPWSTST_MPU        (PRM + 0x9e8)
#define PM_PWSTCTRL_CORE        (PRM + 0xae0)
#define PM_PWSTST_CORE          (PRM + 0xae4)
#define PM_PREPWSTST_CORE       (PRM + 0xae8)
#define PRM_CLKSEL              (PRM + 0xd40)
#define PRM_RSTCTRL             (PRM + 0x1250)
#define PRM_RSTST               (PRM + 0x1258)
#define PRM_CLKSRC_CTRL         (PRM + 0x1270)
#define PRM_VP1_CONFIG          (PRM + 0x12b0)
#define PRM_VP1_VOLTAGE         (PRM + 0x12c0)
#define PRM_VP1_STATUS          (PRM + 0x12c4)
#define PRM_LDO_ABB_SETUP       (PRM + 0x12f0)

#define IRQ_PRCM_MPU            dm3730_irq(DM3730_DEV_PRM)

#define MACHINE                 "-M gta04"

static uint32_t rd(QTestState *qts, uint64_t addr)
{
    return qtest_readl(qts, addr);
}

static void wr(QTestState *qts, uint64_t addr, uint32_t val)
{
    qtest_writel(qts, addr, val);
}

/* DPLL lock bits follow the enable mode: 7 = locked, others = bypass/stop */
static void test_dpll(void)
{
    QTestState *qts = qtest_init(MACHINE);

    /* u-boot state: every DPLL locked, sane M/N/M2 */
    g_assert_cmphex(rd(qts, CM_IDLEST_CKGEN) & 0x3, ==, 0x3);
    g_assert_cmphex(rd(qts, CM_IDLEST_PLL_MPU), ==, 1);
    g_assert_cmphex(rd(qts, CM_IDLEST_PLL_IVA2), ==, 1);
    g_assert_cmphex(rd(qts, CM_CLKSEL1_PLL), ==, 0x08c80c00);  /* 400 MHz */
    g_assert_cmphex(rd(qts, CM_CLKSEL1_PLL_MPU) & 0x7ffff, ==,
                    (300 << 8) | 12);                          /* 600 MHz */
    g_assert_cmphex(rd(qts, CM_CLKSEL_CORE) & 0xf, ==, 0xa);   /* L3/2, L4/2 */
    g_assert_cmphex(rd(qts, PRM_CLKSEL), ==, 3);               /* 26 MHz */
    g_assert_cmphex((rd(qts, PRM_CLKSRC_CTRL) >> 6) & 3, ==, 1);

    /* DPLL1 to low-power bypass and back */
    wr(qts, CM_CLKEN_PLL_MPU, 5);
    g_assert_cmphex(rd(qts, CM_IDLEST_PLL_MPU), ==, 0);
    wr(qts, CM_CLKEN_PLL_MPU, 7);
    g_assert_cmphex(rd(qts, CM_IDLEST_PLL_MPU), ==, 1);

    /* DPLL4 stopped: ST_PERIPH_CLK and its outputs go, DPLL3 stays */
    wr(qts, CM_CLKEN_PLL, (1 << 16) | 7);
    g_assert_cmphex(rd(qts, CM_IDLEST_CKGEN), ==, 0x1);
    wr(qts, CM_CLKEN_PLL, (7 << 16) | 5);
    g_assert_cmphex(rd(qts, CM_IDLEST_CKGEN), ==, 0x3e);
    wr(qts, CM_CLKEN_PLL, (7 << 16) | 7);
    g_assert_cmphex(rd(qts, CM_IDLEST_CKGEN), ==, 0x3f);

    /* read-only status ignores writes */
    wr(qts, CM_IDLEST_CKGEN, 0);
    g_assert_cmphex(rd(qts, CM_IDLEST_CKGEN), ==, 0x3f);
    g_assert_cmphex(rd(qts, PRM_REVISION), ==, 0x10);
    qtest_quit(qts);
}

/* CM_IDLEST: 0 (accessible) while a clock of the module is enabled */
static void test_idlest(void)
{
    QTestState *qts = qtest_init(MACHINE);

    /* u-boot left UART1/2, I2C1-3, MMC1/2 and the SDRC clocked */
    g_assert_cmphex(rd(qts, CM_IDLEST1_CORE) & 0x0303e002, ==, 0);
    /* MMC3 (b30) and McSPI1 (b18) are not */
    g_assert_cmphex(rd(qts, CM_IDLEST1_CORE) & (1u << 30 | 1 << 18), ==,
                    1u << 30 | 1 << 18);
    g_assert_cmphex(rd(qts, CM_IDLEST_WKUP) & 0x2d, ==, 0);
    g_assert_cmphex(rd(qts, CM_IDLEST_PER) & (1 << 11), ==, 0);  /* UART3 */

    /* the interface clock alone is enough (hwmod enables it first) */
    wr(qts, CM_ICLKEN1_CORE, rd(qts, CM_ICLKEN1_CORE) | 1u << 30);
    g_assert_cmphex(rd(qts, CM_IDLEST1_CORE) & 1u << 30, ==, 0);
    /* UART1 with both clocks off is idle */
    wr(qts, CM_FCLKEN1_CORE, rd(qts, CM_FCLKEN1_CORE) & ~(1 << 13));
    g_assert_cmphex(rd(qts, CM_IDLEST1_CORE) & 1 << 13, ==, 0);
    wr(qts, CM_ICLKEN1_CORE, rd(qts, CM_ICLKEN1_CORE) & ~(1 << 13));
    g_assert_cmphex(rd(qts, CM_IDLEST1_CORE) & 1 << 13, ==, 1 << 13);
    /* GPT1 in WKUP */
    wr(qts, CM_FCLKEN_WKUP, 0);
    wr(qts, CM_ICLKEN_WKUP, 0);
    g_assert_cmphex(rd(qts, CM_IDLEST_WKUP) & 0x2fd, ==, 0x2fd);

    /* DSS: IDLE (b1) and STDBY (b0) follow DSS1_ALWON_FCLK */
    g_assert_cmphex(rd(qts, CM_IDLEST_DSS), ==, 0x3);
    g_assert_cmphex(rd(qts, CM_CLKSTST_DSS), ==, 0);
    wr(qts, CM_FCLKEN_DSS, 1);
    g_assert_cmphex(rd(qts, CM_IDLEST_DSS), ==, 0);
    g_assert_cmphex(rd(qts, CM_CLKSTST_DSS), ==, 1);

    /* IVA2 is active only clocked and out of reset */
    g_assert_cmphex(rd(qts, CM_IDLEST_IVA2), ==, 1);
    wr(qts, CM_FCLKEN_IVA2, 1);
    g_assert_cmphex(rd(qts, CM_CLKSTST_IVA2), ==, 1);
    g_assert_cmphex(rd(qts, CM_IDLEST_IVA2), ==, 1);
    wr(qts, RM_RSTCTRL_IVA2, 0x6);
    g_assert_cmphex(rd(qts, CM_IDLEST_IVA2), ==, 0);
    qtest_quit(qts);
}

/* Power domains stay ON, never in transition; PWSTCTRL/PREPWSTST are R/W */
static void test_pwst(void)
{
    QTestState *qts = qtest_init(MACHINE);

    g_assert_cmphex(rd(qts, PM_PWSTST_CORE), ==, 0xf7);    /* ON, 2 banks */
    g_assert_cmphex(rd(qts, PM_PWSTST_MPU), ==, 0x37);
    g_assert_cmphex(rd(qts, PM_PWSTCTRL_CORE) & 3, ==, 3);

    /* Linux programs OFF for idle: the target is stored, the state stays ON */
    wr(qts, PM_PWSTCTRL_CORE, rd(qts, PM_PWSTCTRL_CORE) & ~3);
    wr(qts, PM_PWSTCTRL_MPU, (rd(qts, PM_PWSTCTRL_MPU) & ~3) | 1);
    g_assert_cmphex(rd(qts, PM_PWSTCTRL_CORE) & 3, ==, 0);
    g_assert_cmphex(rd(qts, PM_PWSTCTRL_MPU) & 3, ==, 1);
    g_assert_cmphex(rd(qts, PM_PWSTST_CORE) & (1 << 20 | 3), ==, 3);
    wr(qts, PM_PWSTST_CORE, 0);
    g_assert_cmphex(rd(qts, PM_PWSTST_CORE) & 3, ==, 3);

    wr(qts, PM_PREPWSTST_CORE, 0x3);
    g_assert_cmphex(rd(qts, PM_PREPWSTST_CORE), ==, 0x3);
    wr(qts, PM_PREPWSTST_CORE, 0);
    g_assert_cmphex(rd(qts, PM_PREPWSTST_CORE), ==, 0);
    qtest_quit(qts);
}

/*
 * The Cortex-A8's STANDBYWFI ("mpu-standbywfi", from the CPU's WFI): the
 * MPU power domain reads INACTIVE while the CPU stands by and
 * CM_CLKSTCTRL_MPU lets the CM cut its clock (HW_AUTO, the reset value, or
 * SW_SLEEP), ON under NO_SLEEP/SW_WKUP and once the CPU runs again.  It
 * goes no lower whatever its target; the other domains stay ON.
 */
static void test_mpu_standbywfi(void)
{
    QTestState *qts = qtest_init(MACHINE);

    g_assert_cmphex(rd(qts, CM_CLKSTCTRL_MPU), ==, 3);
    g_assert_cmphex(rd(qts, PM_PWSTST_MPU), ==, 0x37);
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-standbywfi", 0, 1);
    g_assert_cmphex(rd(qts, PM_PWSTST_MPU), ==, 0x36);
    g_assert_cmphex(rd(qts, PM_PWSTST_CORE), ==, 0xf7);

    /* RET or OFF as the target: still INACTIVE, PREPWSTST untouched */
    wr(qts, PM_PREPWSTST_MPU, 0);
    wr(qts, PM_PWSTCTRL_MPU, rd(qts, PM_PWSTCTRL_MPU) & ~3);
    g_assert_cmphex(rd(qts, PM_PWSTST_MPU), ==, 0x36);
    g_assert_cmphex(rd(qts, PM_PREPWSTST_MPU), ==, 0);

    /* the clock domain's transition control decides */
    wr(qts, CM_CLKSTCTRL_MPU, 0);                       /* NO_SLEEP */
    g_assert_cmphex(rd(qts, PM_PWSTST_MPU), ==, 0x37);
    wr(qts, CM_CLKSTCTRL_MPU, 2);                       /* SW_WKUP */
    g_assert_cmphex(rd(qts, PM_PWSTST_MPU), ==, 0x37);
    wr(qts, CM_CLKSTCTRL_MPU, 1);                       /* SW_SLEEP */
    g_assert_cmphex(rd(qts, PM_PWSTST_MPU), ==, 0x36);
    wr(qts, CM_CLKSTCTRL_MPU, 3);                       /* HW_AUTO */

    /* the wake-up */
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-standbywfi", 0, 0);
    g_assert_cmphex(rd(qts, PM_PWSTST_MPU), ==, 0x37);

    /* migrated while standing by */
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-standbywfi", 0, 1);
    qts = gta04_migrate(qts, MACHINE);
    g_assert_cmphex(rd(qts, PM_PWSTST_MPU), ==, 0x36);

    /* a reset ends it */
    qtest_qmp_assert_success(qts, "{ 'execute': 'system_reset' }");
    qtest_qmp_eventwait(qts, "RESET");
    g_assert_cmphex(rd(qts, PM_PWSTST_MPU), ==, 0x37);
    qtest_quit(qts);
}

/* "power-states": the registers of domain module @m */
#define CM_(m, r)           (CM + (m) + (r))
#define PRM_(m, r)          (PRM + (m) + (r))
#define MOD_IVA2            0x000
#define MOD_MPU             0x900
#define MOD_CORE            0xa00
#define MOD_SGX             0xb00
#define MOD_PER             0x1000
#define MOD_NEON            0x1300
#define FCLKEN              0x00
#define ICLKEN              0x10
#define AUTOIDLE            0x30
#define SLEEPDEP            0x44
#define CLKSTCTRL           0x48
#define PWSTCTRL            0xe0
#define PWSTST              0xe4
#define PREPWSTST           0xe8

static void wfi(QTestState *qts, int level)
{
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-standbywfi", 0, level);
}

#define PWST(qts, m)        rd(qts, PRM_(m, PWSTST))
#define PREPWST(qts, m)     rd(qts, PRM_(m, PREPWSTST))

/*
 * "power-states": a domain goes to its PM_PWSTCTRL target (ON: INACTIVE)
 * when its clock domain idles and back ON when it no longer does;
 * PM_PWSTST shows it (POWERSTATEST [1:0], LOGICSTATEST [2], a 2-bit state
 * per bank from bit 4), a completed sleep transition latches PM_PREPWSTST,
 * a write to PM_PREPWSTST loads the present state, and reads and wake-ups
 * leave it alone (docs/notes/omap3-power-states.md 2.2).
 */
static void test_power_states(void)
{
    QTestState *qts = qtest_init(MACHINE
                                 " -global omap3-prm.power-states=on");

    /* unclocked domains under HW_AUTO are clock-gated at once: INACTIVE */
    g_assert_cmphex(PWST(qts, MOD_IVA2), ==, 0xff6);
    g_assert_cmphex(PREPWST(qts, MOD_IVA2), ==, 0xff6);
    g_assert_cmphex(PWST(qts, MOD_SGX), ==, 0x36);
    /* clocked ones, and the running MPU with NEON, are ON */
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0xf7);
    g_assert_cmphex(PWST(qts, MOD_PER), ==, 0x37);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0x37);
    g_assert_cmphex(PWST(qts, MOD_NEON), ==, 0x7);

    /* a write loads the present state, whatever is written */
    g_assert_cmphex(PREPWST(qts, MOD_CORE), ==, 0);
    wr(qts, PRM_(MOD_CORE, PREPWSTST), 0);
    g_assert_cmphex(PREPWST(qts, MOD_CORE), ==, 0xf7);
    wr(qts, PRM_(MOD_MPU, PREPWSTST), 0x3);
    g_assert_cmphex(PREPWST(qts, MOD_MPU), ==, 0x37);

    /* WFI with the MPU's target ON: MPU and NEON INACTIVE, CORE stays ON */
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0x36);
    g_assert_cmphex(PREPWST(qts, MOD_MPU), ==, 0x36);
    g_assert_cmphex(PWST(qts, MOD_NEON), ==, 0x6);
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0xf7);
    /* the wake-up: ON again, PREPWSTST keeps the state entered */
    wfi(qts, 0);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0x37);
    g_assert_cmphex(PWST(qts, MOD_NEON), ==, 0x7);
    g_assert_cmphex(PREPWST(qts, MOD_MPU), ==, 0x36);
    g_assert_cmphex(PREPWST(qts, MOD_MPU), ==, 0x36);

    /* NO_SLEEP on the MPU clock domain: WFI changes nothing */
    wr(qts, CM_(MOD_MPU, CLKSTCTRL), 0);
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0x37);
    wfi(qts, 0);
    wr(qts, CM_(MOD_MPU, CLKSTCTRL), 3);

    /*
     * Targets RET for the MPU and for CORE, whose modules idle (no
     * functional clock, interface clocks under auto-idle): both go to RET,
     * logic and banks retained (CORE's OFF: test_core_off)
     */
    wr(qts, PRM_(MOD_MPU, PWSTCTRL), 0x00030105);
    wr(qts, PRM_(MOD_CORE, PWSTCTRL), 0x000f0305);
    wr(qts, CM_(MOD_CORE, FCLKEN), 0);
    wr(qts, CM_(MOD_CORE, 0x08), 0);                    /* CM_FCLKEN3 */
    wr(qts, CM_(MOD_CORE, AUTOIDLE), 0xffffffff);
    wr(qts, CM_(MOD_CORE, AUTOIDLE + 4), 0xffffffff);
    wr(qts, CM_(MOD_CORE, AUTOIDLE + 8), 0xffffffff);
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0xf7);    /* the MPU runs */
    wr(qts, PRM_(MOD_CORE, PREPWSTST), 0);
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0x15);
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0x55);
    g_assert_cmphex(PREPWST(qts, MOD_CORE), ==, 0x55);
    wfi(qts, 0);
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0xf7);
    g_assert_cmphex(PREPWST(qts, MOD_CORE), ==, 0x55);
    g_assert_cmphex(PREPWST(qts, MOD_MPU), ==, 0x15);
    /* RET with the logic off (LOGICRETSTATE 0) and bank 2 off */
    wr(qts, PRM_(MOD_CORE, PWSTCTRL), 0x000f0101);
    wfi(qts, 1);
    g_assert_cmphex(PREPWST(qts, MOD_CORE), ==, 0x11);
    wfi(qts, 0);

    /*
     * PER with its clocks off and no sleep dependency goes down while the
     * MPU runs; with CM_SLEEPDEP_PER.EN_MPU only while the MPU sleeps
     */
    wr(qts, PRM_(MOD_PER, PWSTCTRL), 0x00030105);
    wr(qts, CM_(MOD_PER, FCLKEN), 0);
    wr(qts, CM_(MOD_PER, ICLKEN), 0);
    g_assert_cmphex(PWST(qts, MOD_PER), ==, 0x15);
    wr(qts, CM_(MOD_PER, SLEEPDEP), 1 << 1);
    g_assert_cmphex(PWST(qts, MOD_PER), ==, 0x37);
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_PER), ==, 0x15);
    wfi(qts, 0);
    g_assert_cmphex(PWST(qts, MOD_PER), ==, 0x37);
    /* an interface clock without auto-idle (GPIO2's) keeps it up */
    wr(qts, CM_(MOD_PER, ICLKEN), 1 << 13);
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_PER), ==, 0x37);
    wr(qts, CM_(MOD_PER, AUTOIDLE), 1 << 13);
    g_assert_cmphex(PWST(qts, MOD_PER), ==, 0x15);
    wfi(qts, 0);

    /* SGX to OFF: SW_WKUP wakes it, HW_AUTO lets it go to its target */
    wr(qts, CM_(MOD_SGX, CLKSTCTRL), 2);
    g_assert_cmphex(PWST(qts, MOD_SGX), ==, 0x37);
    wr(qts, PRM_(MOD_SGX, PWSTCTRL), 0x00030100);
    wr(qts, CM_(MOD_SGX, CLKSTCTRL), 3);
    g_assert_cmphex(PWST(qts, MOD_SGX), ==, 0);
    g_assert_cmphex(PREPWST(qts, MOD_SGX), ==, 0);
    wr(qts, PRM_(MOD_SGX, PREPWSTST), 0x3);
    g_assert_cmphex(PREPWST(qts, MOD_SGX), ==, 0);
    /* SW_SLEEP forces the sleep even with a clock on */
    wr(qts, CM_(MOD_SGX, CLKSTCTRL), 2);
    wr(qts, CM_(MOD_SGX, FCLKEN), 1 << 1);
    g_assert_cmphex(PWST(qts, MOD_SGX), ==, 0x37);
    wr(qts, CM_(MOD_SGX, CLKSTCTRL), 1);
    g_assert_cmphex(PWST(qts, MOD_SGX), ==, 0);

    /* the WKUP domain has no PM_PREPWSTST: 0 (Linux's suspend check) */
    g_assert_cmphex(rd(qts, PRM + 0xce8), ==, 0);

    /* migrated asleep; a reset brings everything back ON */
    wfi(qts, 1);
    qts = gta04_migrate(qts, MACHINE " -global omap3-prm.power-states=on");
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0x15);
    g_assert_cmphex(PREPWST(qts, MOD_CORE), ==, 0x11);
    qtest_qmp_assert_success(qts, "{ 'execute': 'system_reset' }");
    qtest_qmp_eventwait(qts, "RESET");
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0x37);
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0xf7);
    g_assert_cmphex(PREPWST(qts, MOD_MPU), ==, 0);
    qtest_quit(qts);
}

/* The Cortex-A8's program counter, once the vCPU ran the queued work */
static uint32_t cpu_pc_when(QTestState *qts, uint32_t want)
{
    uint32_t pc = ~want;
    int i;

    for (i = 0; i < 100 && pc != want; i++) {
        g_autofree char *regs = qtest_hmp(qts, "info registers");
        const char *r15 = strstr(regs, "R15=");

        g_assert_nonnull(r15);
        pc = strtoul(r15 + 4, NULL, 16);
        if (pc != want) {
            g_usleep(10 * 1000);
        }
    }
    return pc;
}

#define SCRATCHPAD          (dm3730_addr(DM3730_DEV_SCM) + 0x910)

/*
 * "power-states": the MPU domain in OFF, or in RET with its logic off,
 * loses the Cortex-A8 ("mpu-power" to the boot ROM); an interrupt request
 * for the MPU wakes it, and the ROM boots the CPU to the public restore
 * pointer in the wake-up memory (scratchpad word 1), or to its reset
 * vector when there is none.  NEON, whose registers are the CPU's, goes
 * OFF with it and no lower than RET while the MPU keeps its logic.
 */
static void test_mpu_off(void)
{
    QTestState *qts = qtest_init(MACHINE
                                 " -global omap3-prm.power-states=on");

    wr(qts, SCRATCHPAD + 4, 0x80123450);
    wr(qts, PRM_(MOD_MPU, PWSTCTRL), 0x00030100);      /* OFF */
    wr(qts, PRM_(MOD_NEON, PWSTCTRL), 0);               /* OFF */
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0);
    g_assert_cmphex(PWST(qts, MOD_NEON), ==, 0);
    /* an interrupt for the MPU: ON, the CPU booted at the restore pointer */
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-irq", 0, 1);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0x37);
    g_assert_cmphex(PREPWST(qts, MOD_MPU), ==, 0);
    g_assert_cmphex(PREPWST(qts, MOD_NEON), ==, 0);
    g_assert_cmphex(cpu_pc_when(qts, 0x80123450), ==, 0x80123450);
    /* still requested: the MPU stays ON through the next WFI */
    wfi(qts, 0);
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0x37);
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-irq", 0, 0);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0);
    /* a new pointer, so that the PC of the last boot is not taken for this one */
    wr(qts, SCRATCHPAD + 4, 0x80234560);
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-irq", 1, 1);  /* FIQ */
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0x37);
    /* the boot is the vCPU's work: done before the pointer changes */
    g_assert_cmphex(cpu_pc_when(qts, 0x80234560), ==, 0x80234560);
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-irq", 1, 0);
    wfi(qts, 0);

    /* RET keeping the logic: the CPU keeps its state, NEON stops at RET */
    wr(qts, PRM_(MOD_MPU, PWSTCTRL), 0x00030105);
    wr(qts, SCRATCHPAD + 4, 0x80555550);
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0x15);
    g_assert_cmphex(PWST(qts, MOD_NEON), ==, 0x1);
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-irq", 0, 1);
    g_assert_cmphex(cpu_pc_when(qts, 0x80234560), ==, 0x80234560);
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-irq", 0, 0);
    wfi(qts, 0);

    /* RET with the logic off loses it like OFF; NEON goes OFF with it */
    wr(qts, PRM_(MOD_MPU, PWSTCTRL), 0x00030101);
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0x11);
    g_assert_cmphex(PWST(qts, MOD_NEON), ==, 0);
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-irq", 0, 1);
    g_assert_cmphex(cpu_pc_when(qts, 0x80555550), ==, 0x80555550);
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-irq", 0, 0);
    wfi(qts, 0);

    /* no restore pointer: a cold boot, from the reset vector in the ROM */
    wr(qts, SCRATCHPAD + 4, 0);
    wr(qts, PRM_(MOD_MPU, PWSTCTRL), 0x00030100);
    wfi(qts, 1);
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-irq", 0, 1);
    g_assert_cmphex(cpu_pc_when(qts, 0), ==, 0);
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-irq", 0, 0);
    wfi(qts, 0);

    /* migrated with the CPU powered down, woken on the other side */
    wr(qts, SCRATCHPAD + 4, 0x80123450);
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0);
    qts = gta04_migrate(qts, MACHINE " -global omap3-prm.power-states=on");
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0);
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-irq", 0, 1);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0x37);
    g_assert_cmphex(cpu_pc_when(qts, 0x80123450), ==, 0x80123450);
    qtest_quit(qts);
}

#define GPIO_OE(n)          (dm3730_addr(DM3730_DEV_GPIO1 + (n) - 1) + 0x34)
#define UART_SCR(n)         (dm3730_addr(DM3730_DEV_UART1 + (n) - 1) + 0x40)

#define SCM                 dm3730_addr(DM3730_DEV_SCM)
#define SDRC                dm3730_addr(DM3730_DEV_SDRC)
#define INTC_MIR0           (dm3730_addr(DM3730_DEV_INTC) + 0x84)
#define SRAM                dm3730_addr(DM3730_DEV_SRAM)
#define PAD_SYS_NIRQ        (SCM + 0x1e0)
#define PAD_WAKEUPENABLE    (1 << 14)
#define PAD_WAKEUPEVENT     (1 << 15)

/* Everything CORE OFF lets go of, and the way only a wake-up ends it */
static void core_off_prepare(QTestState *qts)
{
    /* the modules idle: no functional clock, interface clocks auto-idle */
    wr(qts, CM_(MOD_CORE, FCLKEN), 0);
    wr(qts, CM_(MOD_CORE, 0x08), 0);                    /* CM_FCLKEN3 */
    wr(qts, CM_(MOD_CORE, AUTOIDLE), 0xffffffff);
    wr(qts, CM_(MOD_CORE, AUTOIDLE + 4), 0xffffffff);
    wr(qts, CM_(MOD_CORE, AUTOIDLE + 8), 0xffffffff);
    wr(qts, PRM_(MOD_MPU, PWSTCTRL), 0x00030100);      /* OFF */
    wr(qts, PRM_(MOD_CORE, PWSTCTRL), 0x000f0300);     /* OFF */
    /* the pads as the kernel leaves them, saved (Linux's CORE-OFF path) */
    qtest_writew(qts, PAD_SYS_NIRQ, 0x0118 | PAD_WAKEUPENABLE);
    wr(qts, SCM + 0x270, 1 << 1);                       /* START_PADCONF_SAVE */
    /* the I/O chain re-armed: the pads' wake-up latches cleared */
    wr(qts, PM_WKEN_WKUP, rd(qts, PM_WKEN_WKUP) | 1 << 16);
    wr(qts, PM_WKEN_WKUP, rd(qts, PM_WKEN_WKUP) & ~(1u << 16));
}

/*
 * "power-states": CORE in OFF loses what is in it (docs/notes/
 * omap3-core-off.md 3, 6): its modules (UART1's SCR back to 0), the CM
 * (its clock enables at their reset values), the INTC (every line masked),
 * CONTROL_GENERAL (CONTROL_MEM_RTA_CTRL back to 1), the OCM RAM (zeroes);
 * the saved core pads, the wake-up memory, the PRM and WKUP's GPIO1 keep
 * theirs.  An INTC line cannot end it, a PRCM wake-up event does: the
 * TWL4030's INT1 on sys_nirq through its pad's I/O wake-up.  The boot ROM
 * restores the CM's clock set-up and the SDRC from the scratchpad's blocks
 * before the jump to the restore pointer.  A wake-up event still pending at
 * the next WFI lets the domains go down and wakes them at once.
 */
static void test_core_off(void)
{
    QTestState *qts = qtest_init(MACHINE
                                 " -global omap3-prm.power-states=on");

    /* the scratchpad: restore pointer, PRCM block at 0x2c, SDRC at 0x64 */
    wr(qts, SCRATCHPAD + 0x04, 0x80123450);
    wr(qts, SCRATCHPAD + 0x10, 0x2c);
    wr(qts, SCRATCHPAD + 0x14, 0x64);
    wr(qts, SCRATCHPAD + 0x2c + 0x08, 0x0000020a);      /* CM_CLKSEL_CORE */
    wr(qts, SCRATCHPAD + 0x64 + 0x18, 0x02584099);      /* SDRC_MCFG_0 */
    wr(qts, SCRATCHPAD + 0x64 + 0x10, 0x00000009);      /* SDRC_POWER */

    qtest_writeb(qts, UART_SCR(1), 0x80);
    wr(qts, GPIO_OE(1), 0xffff0000);
    wr(qts, INTC_MIR0, ~(1u << 7));                     /* sys_nirq unmasked */
    wr(qts, SCM + 0x40c, 0);                            /* MEM_RTA_CTRL */
    wr(qts, SRAM, 0xdeadbeef);
    wr(qts, PM_WKEN_WKUP, rd(qts, PM_WKEN_WKUP) | 1 << 8);     /* EN_IO */
    /* SYS_OFF_MODE on CORE OFF: AUTO_OFF, SEL_OFF (Linux's CORE-OFF idle) */
    wr(qts, PRM_VOLTCTRL, 0xc);
    /* Linux's PM_MPUGRPSEL_WKUP: GPIO1, GPT1, GPT12; GRPSEL_IO stays */
    wr(qts, PM_MPUGRPSEL_WKUP, 0xb);
    g_assert_cmphex(rd(qts, PM_MPUGRPSEL_WKUP), ==, 0x10b);
    core_off_prepare(qts);

    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0);
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0);
    g_assert_cmphex(PREPWST(qts, MOD_CORE), ==, 0);
    /* the INTC is off: an interrupt line it had unmasked wakes nothing */
    g_assert_cmphex(rd(qts, INTC_MIR0), ==, 0xffffffff);
    qtest_set_irq_in(qts, "/machine/soc/intc", NULL, 7, 1);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0);
    qtest_set_irq_in(qts, "/machine/soc/intc", NULL, 7, 0);
    /* the CM came back at its reset values, but CORE stays down */
    g_assert_cmphex(rd(qts, CM_(MOD_CORE, FCLKEN)), ==, 0x0303e000);
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0);

    /* INT1 on sys_nirq: its pad's wake-up event ends CORE OFF */
    qtest_set_irq_in(qts, "/machine/soc", "sys_nirq", 0, 1);
    g_assert_cmphex(rd(qts, PM_WKST_WKUP) & 1 << 8, ==, 1 << 8);
    g_assert_cmphex(rd(qts, PRM_IRQSTATUS_MPU) & 1 << 9, ==, 1 << 9);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0x37);
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0xf7);
    g_assert_cmphex(PREPWST(qts, MOD_CORE), ==, 0);
    g_assert_cmphex(PREPWST(qts, MOD_MPU), ==, 0);
    g_assert_cmphex(cpu_pc_when(qts, 0x80123450), ==, 0x80123450);
    /* the ROM's restore, before the jump */
    g_assert_cmphex(rd(qts, CM_CLKSEL_CORE), ==, 0x0000020a);
    g_assert_cmphex(rd(qts, SDRC + 0x80), ==, 0x02584099);
    g_assert_cmphex(rd(qts, SDRC + 0x70), ==, 0x00000009);
    /* lost */
    g_assert_cmphex(qtest_readb(qts, UART_SCR(1)), ==, 0);
    g_assert_cmphex(rd(qts, SCM + 0x40c), ==, 1);
    g_assert_cmphex(rd(qts, SRAM), ==, 0);
    /* kept: the saved pad (its event latched), GPIO1, the scratchpad */
    g_assert_cmphex(qtest_readw(qts, PAD_SYS_NIRQ), ==,
                    0x0118 | PAD_WAKEUPENABLE | PAD_WAKEUPEVENT);
    g_assert_cmphex(rd(qts, GPIO_OE(1)), ==, 0xffff0000);
    g_assert_cmphex(rd(qts, SCRATCHPAD + 0x04), ==, 0x80123450);
    qtest_set_irq_in(qts, "/machine/soc", "sys_nirq", 0, 0);

    /* ST_IO still pending at the next WFI: down and up again at once */
    wr(qts, SCRATCHPAD + 0x04, 0x80555550);
    core_off_prepare(qts);
    wfi(qts, 0);
    wr(qts, PRM_(MOD_CORE, PREPWSTST), 0);
    wfi(qts, 1);
    g_assert_cmphex(cpu_pc_when(qts, 0x80555550), ==, 0x80555550);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0x37);
    g_assert_cmphex(PREPWST(qts, MOD_CORE), ==, 0);
    /* acknowledged (W1C), the next WFI stays down */
    wr(qts, PM_WKST_WKUP, 1 << 8);
    core_off_prepare(qts);
    wfi(qts, 0);
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0);

    /*
     * migrated in CORE OFF, woken on the other side, restored there; a new
     * restore pointer first, so that the PC the CPU stopped at (the old
     * one) is not taken for the boot being done: the ROM restores the CM
     * and the SDRC before it starts the CPU, on the vCPU, after the wake
     */
    qts = gta04_migrate(qts, MACHINE " -global omap3-prm.power-states=on");
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0);
    wr(qts, SCRATCHPAD + 0x04, 0x80666660);
    qtest_set_irq_in(qts, "/machine/soc", "sys_nirq", 0, 1);
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0xf7);
    g_assert_cmphex(cpu_pc_when(qts, 0x80666660), ==, 0x80666660);
    g_assert_cmphex(rd(qts, CM_CLKSEL_CORE), ==, 0x0000020a);
    g_assert_cmphex(rd(qts, SDRC + 0x80), ==, 0x02584099);
    qtest_quit(qts);
}

/*
 * "power-states": PER in OFF, or in RET with its logic off, loses the state
 * of its modules (UART3/4, GPIO2-6, GPT2-9, WDT3: dm3730_pwrdm[]), which
 * are back at their reset values when it returns; RET keeping the logic
 * keeps it.  WKUP's GPIO1 and CORE's UART1 keep theirs throughout.
 */
static void test_per_off(void)
{
    QTestState *qts = qtest_init(MACHINE
                                 " -global omap3-prm.power-states=on");
    uint32_t fclken = rd(qts, CM_(MOD_PER, FCLKEN));
    uint32_t iclken = rd(qts, CM_(MOD_PER, ICLKEN));

    wr(qts, GPIO_OE(2), 0xffff0000);
    wr(qts, GPIO_OE(1), 0xffff0000);
    qtest_writeb(qts, UART_SCR(3), 0x80);
    qtest_writeb(qts, UART_SCR(1), 0x80);

    /* RET with the logic on: everything kept */
    wr(qts, PRM_(MOD_PER, PWSTCTRL), 0x00030105);
    wr(qts, CM_(MOD_PER, FCLKEN), 0);
    wr(qts, CM_(MOD_PER, ICLKEN), 0);
    g_assert_cmphex(PWST(qts, MOD_PER), ==, 0x15);
    wr(qts, CM_(MOD_PER, FCLKEN), fclken);
    wr(qts, CM_(MOD_PER, ICLKEN), iclken);
    g_assert_cmphex(PWST(qts, MOD_PER), ==, 0x37);
    g_assert_cmphex(rd(qts, GPIO_OE(2)), ==, 0xffff0000);
    g_assert_cmphex(qtest_readb(qts, UART_SCR(3)), ==, 0x80);

    /* OFF: PER's modules at their reset values, the others untouched */
    wr(qts, PRM_(MOD_PER, PWSTCTRL), 0x00030100);
    wr(qts, CM_(MOD_PER, FCLKEN), 0);
    wr(qts, CM_(MOD_PER, ICLKEN), 0);
    g_assert_cmphex(PWST(qts, MOD_PER), ==, 0);
    g_assert_cmphex(PREPWST(qts, MOD_PER), ==, 0);
    wr(qts, CM_(MOD_PER, FCLKEN), fclken);
    wr(qts, CM_(MOD_PER, ICLKEN), iclken);
    g_assert_cmphex(PWST(qts, MOD_PER), ==, 0x37);
    g_assert_cmphex(rd(qts, GPIO_OE(2)), ==, 0xffffffff);
    g_assert_cmphex(qtest_readb(qts, UART_SCR(3)), ==, 0);
    g_assert_cmphex(rd(qts, GPIO_OE(1)), ==, 0xffff0000);
    g_assert_cmphex(qtest_readb(qts, UART_SCR(1)), ==, 0x80);

    /* RET with the logic off loses it too */
    wr(qts, GPIO_OE(2), 0xffff0000);
    wr(qts, PRM_(MOD_PER, PWSTCTRL), 0x00030101);
    wr(qts, CM_(MOD_PER, FCLKEN), 0);
    wr(qts, CM_(MOD_PER, ICLKEN), 0);
    g_assert_cmphex(PWST(qts, MOD_PER), ==, 0x11);
    wr(qts, CM_(MOD_PER, FCLKEN), fclken);
    wr(qts, CM_(MOD_PER, ICLKEN), iclken);
    g_assert_cmphex(PWST(qts, MOD_PER), ==, 0x37);
    g_assert_cmphex(rd(qts, GPIO_OE(2)), ==, 0xffffffff);
    qtest_quit(qts);
}

/*
 * "power-states": a module behind one of the CM's links keeps its clock
 * domain up with its clocks enabled only while it would not acknowledge an
 * idle request: UART and I2C per SYSC.IDLEMODE (force-idle at reset:
 * acknowledges; no-idle: never; smart-idle: when it has nothing to do),
 * the SDRC with SDRC_POWER.SRFRONIDLEREQ (Linux's omap3_do_wfi sets it).
 * CORE with UART1, UART2 and I2C1 clocked, the rest of its clocks off or
 * under auto-idle except the SDRC's interface clock, as Debian's 6.1
 * leaves it at its suspend WFI.
 */
static void test_idle_ack(void)
{
    QTestState *qts = qtest_init(MACHINE
                                 " -global omap3-prm.power-states=on");
    const uint64_t uart1 = dm3730_addr(DM3730_DEV_UART1);
    const uint64_t i2c1 = dm3730_addr(DM3730_DEV_I2C1);
    const uint64_t sdrc_power = dm3730_addr(DM3730_DEV_SDRC) + 0x70;

    wr(qts, PRM_(MOD_CORE, PWSTCTRL), 0x000f0305);      /* target RET */
    wr(qts, CM_(MOD_CORE, FCLKEN), 0xe000);
    wr(qts, CM_(MOD_CORE, AUTOIDLE), ~0x2u);
    wr(qts, CM_(MOD_CORE, AUTOIDLE + 4), 0xffffffff);
    wr(qts, CM_(MOD_CORE, AUTOIDLE + 8), 0xffffffff);

    /* the SDRC without self-refresh on idle request: CORE stays ON */
    g_assert_cmphex(rd(qts, sdrc_power) & 0x40, ==, 0);
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_MPU), ==, 0x36);
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0xf7);
    wfi(qts, 0);
    wr(qts, sdrc_power, rd(qts, sdrc_power) | 0x40);
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0x55);
    wfi(qts, 0);

    /* UART1 in no-idle, then smart-idle with nothing to send */
    qtest_writew(qts, uart1 + 0x54, OMAP3_SIDLE_NO << 3);
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0xf7);
    wfi(qts, 0);
    qtest_writew(qts, uart1 + 0x54, OMAP3_SIDLE_SMART << 3);
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0x55);
    wfi(qts, 0);

    /* I2C1 in no-idle; its clock off, it no longer matters */
    qtest_writew(qts, i2c1 + 0x20, OMAP3_SIDLE_NO << 3);
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0xf7);
    wfi(qts, 0);
    wr(qts, CM_(MOD_CORE, FCLKEN), 0x6000);
    wr(qts, CM_(MOD_CORE, ICLKEN), rd(qts, CM_(MOD_CORE, ICLKEN)) &
       ~(1 << 15));
    wfi(qts, 1);
    g_assert_cmphex(PWST(qts, MOD_CORE), ==, 0x55);
    wfi(qts, 0);
    qtest_quit(qts);
}

/*
 * Linux's idle path reads PM_PWSTST/PM_PREPWSTST and clears PM_PREPWSTST of
 * its dpll3/4/5 (PLL module), wkup and emu powerdomains, which have no such
 * registers: holes read 0 and ignore writes, next to real registers.
 */
static void test_holes(void)
{
    QTestState *qts = qtest_init(MACHINE);
    static const uint32_t holes[] = { 0xde0, 0xde4, 0xde8, 0xce4, 0xce8 };
    int i;

    for (i = 0; i < ARRAY_SIZE(holes); i++) {
        g_assert_cmphex(rd(qts, PRM + holes[i]), ==, 0);
        wr(qts, PRM + holes[i], 0xffffffff);
        g_assert_cmphex(rd(qts, PRM + holes[i]), ==, 0);
    }
    g_assert_cmphex(rd(qts, CM + 0xd08), ==, 0);    /* a CM hole too */
    /* the registers around them are untouched */
    g_assert_cmphex(rd(qts, PRM_CLKSEL), ==, 3);    /* 26 MHz */
    g_assert_cmphex(rd(qts, PM_PWSTST_CORE), ==, 0xf7);
    wr(qts, PM_PREPWSTST_CORE, 0x3);
    g_assert_cmphex(rd(qts, PM_PREPWSTST_CORE), ==, 0x3);
    qtest_quit(qts);
}

/* omap2_prm_deassert_hardreset: clear RSTST, release RSTCTRL, poll RSTST */
static void test_hardreset(void)
{
    QTestState *qts = qtest_init(MACHINE);

    g_assert_cmphex(rd(qts, RM_RSTCTRL_IVA2), ==, 0x7);
    g_assert_cmphex(rd(qts, RM_RSTST_IVA2), ==, 0x1);     /* GLOBALCOLD_RST */
    wr(qts, RM_RSTST_IVA2, 0xffffffff);
    g_assert_cmphex(rd(qts, RM_RSTST_IVA2), ==, 0);

    /* RST2_IVA2 released -> IVA2_SW_RST2 (b9) */
    wr(qts, RM_RSTCTRL_IVA2, 0x5);
    g_assert_cmphex(rd(qts, RM_RSTST_IVA2), ==, 1 << 9);
    /* asserting again sets nothing; W1C clears just that bit */
    wr(qts, RM_RSTCTRL_IVA2, 0x7);
    g_assert_cmphex(rd(qts, RM_RSTST_IVA2), ==, 1 << 9);
    wr(qts, RM_RSTCTRL_IVA2, 0x0);
    g_assert_cmphex(rd(qts, RM_RSTST_IVA2), ==, 0x7 << 8);
    wr(qts, RM_RSTST_IVA2, 1 << 8);
    g_assert_cmphex(rd(qts, RM_RSTST_IVA2), ==, 0x6 << 8);
    qtest_quit(qts);
}

/* PRM_RSTCTRL.RST_DPLL3 (Linux's reboot) resets the machine */
static void test_global_reset(void)
{
    QTestState *qts = qtest_init(MACHINE);
    QDict *ev;

    g_assert_cmphex(rd(qts, PRM_RSTST), ==, 0x1);         /* GLOBAL_COLD_RST */
    g_assert_cmphex(rd(qts, RM_RSTST_MPU), ==, 0x1);
    wr(qts, PRM_RSTST, 0x1);
    g_assert_cmphex(rd(qts, PRM_RSTST), ==, 0);
    wr(qts, PRM_IRQENABLE_MPU, 0x201);
    wr(qts, PM_PWSTCTRL_CORE, 0);

    wr(qts, PRM_RSTCTRL, 1 << 2);
    ev = qtest_qmp_eventwait_ref(qts, "RESET");
    g_assert_true(qdict_get_bool(qdict_get_qdict(ev, "data"), "guest"));
    qobject_unref(ev);

    /* GLOBAL_SW_RST, and the registers are back to their reset values */
    g_assert_cmphex(rd(qts, PRM_RSTST), ==, 0x2);
    g_assert_cmphex(rd(qts, RM_RSTST_MPU), ==, 0x2);      /* GLOBALWARM_RST */
    g_assert_cmphex(rd(qts, PRM_IRQENABLE_MPU), ==, 0);
    g_assert_cmphex(rd(qts, PM_PWSTCTRL_CORE), ==, 0x000f0307);
    g_assert_cmphex(rd(qts, PRM_RSTCTRL), ==, 0);

    /* a reset from outside (not the guest's PRM_RSTCTRL) reads as power-on */
    qtest_qmp_assert_success(qts, "{ 'execute': 'system_reset' }");
    qtest_qmp_eventwait(qts, "RESET");
    g_assert_cmphex(rd(qts, PRM_RSTST), ==, 0x1);
    qtest_quit(qts);
}

/* omap3_prm_reconfigure_io_chain: EN_IO_CHAIN -> ST_IO_CHAIN (W1C) */
static void test_io_chain(void)
{
    QTestState *qts = qtest_init(MACHINE);

    g_assert_cmphex(rd(qts, PM_WKST_WKUP), ==, 0);
    wr(qts, PM_WKEN_WKUP, 0x10b);
    wr(qts, PM_WKEN_WKUP, 0x10b | 1 << 16);
    g_assert_cmphex(rd(qts, PM_WKST_WKUP), ==, 1 << 16);
    wr(qts, PM_WKEN_WKUP, 0x10b);
    g_assert_cmphex(rd(qts, PM_WKST_WKUP), ==, 1 << 16);
    wr(qts, PM_WKST_WKUP, 1 << 16);
    g_assert_cmphex(rd(qts, PM_WKST_WKUP), ==, 0);
    qtest_quit(qts);
}

/* PRCM_MPU_IRQ (INTC 11) = IRQSTATUS & IRQENABLE; VP/ABB completion */
static void test_irq(void)
{
    QTestState *qts = qtest_init(MACHINE);

    qtest_irq_intercept_in(qts, "/machine/soc/intc");
    g_assert_false(qtest_get_irq(qts, IRQ_PRCM_MPU));

    /* VP1 force update: TRANXDONE (b15), new voltage, VP idle */
    wr(qts, PRM_VP1_CONFIG, 0x30 << 8);
    wr(qts, PRM_VP1_CONFIG, 0x30 << 8 | 1 << 1);
    g_assert_cmphex(rd(qts, PRM_IRQSTATUS_MPU), ==, 1 << 15);
    g_assert_cmphex(rd(qts, PRM_VP1_VOLTAGE), ==, 0x30);
    g_assert_cmphex(rd(qts, PRM_VP1_STATUS), ==, 1);
    g_assert_false(qtest_get_irq(qts, IRQ_PRCM_MPU));  /* not enabled */
    wr(qts, PRM_IRQENABLE_MPU, 1 << 15);
    g_assert_true(qtest_get_irq(qts, IRQ_PRCM_MPU));
    wr(qts, PRM_IRQSTATUS_MPU, 1 << 15);
    g_assert_cmphex(rd(qts, PRM_IRQSTATUS_MPU), ==, 0);
    g_assert_false(qtest_get_irq(qts, IRQ_PRCM_MPU));
    /* no new edge: FORCEUPDATE still set does not re-raise */
    wr(qts, PRM_VP1_CONFIG, 0x31 << 8 | 1 << 1);
    g_assert_cmphex(rd(qts, PRM_IRQSTATUS_MPU), ==, 0);

    /* ABB OPP change: ABB_LDO_TRANXDONE (b26); OPP_CHANGE self-clears */
    wr(qts, PRM_LDO_ABB_SETUP, 1 << 2 | 1);
    g_assert_cmphex(rd(qts, PRM_IRQSTATUS_MPU), ==, 1 << 26);
    g_assert_cmphex(rd(qts, PRM_LDO_ABB_SETUP), ==, 1);
    wr(qts, PRM_IRQSTATUS_MPU, 0xffffffff);
    g_assert_cmphex(rd(qts, PRM_IRQSTATUS_MPU), ==, 0);
    qtest_quit(qts);
}

/* I/O pad wake-up (from the control module) -> ST_IO -> IO_ST -> INTC 11 */
static void test_io_wakeup(void)
{
    QTestState *qts = qtest_init(MACHINE);

    qtest_irq_intercept_in(qts, "/machine/soc/intc");
    wr(qts, PRM_IRQENABLE_MPU, 1 << 9 | 1);

    /* EN_IO off: nothing latched */
    qtest_set_irq_in(qts, "/machine/soc/prm", "io-wakeup", 0, 1);
    qtest_set_irq_in(qts, "/machine/soc/prm", "io-wakeup", 0, 0);
    g_assert_cmphex(rd(qts, PM_WKST_WKUP), ==, 0);
    g_assert_false(qtest_get_irq(qts, IRQ_PRCM_MPU));

    wr(qts, PM_WKEN_WKUP, 1 << 8);
    qtest_set_irq_in(qts, "/machine/soc/prm", "io-wakeup", 0, 1);
    g_assert_cmphex(rd(qts, PM_WKST_WKUP), ==, 1 << 8);
    g_assert_cmphex(rd(qts, PRM_IRQSTATUS_MPU), ==, 1 << 9);
    g_assert_true(qtest_get_irq(qts, IRQ_PRCM_MPU));
    /* acked while the level stays: no new event */
    wr(qts, PRM_IRQSTATUS_MPU, 1 << 9);
    wr(qts, PM_WKST_WKUP, 1 << 8);
    g_assert_false(qtest_get_irq(qts, IRQ_PRCM_MPU));
    qtest_set_irq_in(qts, "/machine/soc/prm", "io-wakeup", 0, 0);
    qtest_set_irq_in(qts, "/machine/soc/prm", "io-wakeup", 0, 1);
    g_assert_true(qtest_get_irq(qts, IRQ_PRCM_MPU));
    qtest_quit(qts);
}

/* GPTIMER counts after 1 ms of virtual time, started from 0 */
static uint32_t gpt_ticks_per_ms(QTestState *qts, uint64_t gpt)
{
    wr(qts, gpt + GPT_TCLR, 0);         /* stop */
    wr(qts, gpt + GPT_TCRR, 0);
    wr(qts, gpt + GPT_TCLR, 1);         /* ST */
    qtest_clock_step(qts, 1000 * 1000);
    return rd(qts, gpt + GPT_TCRR);
}

/* The GP timer clock selects reach the timers: 32 kHz or 26 MHz sys_clk */
static void test_gpt_clksel(void)
{
    QTestState *qts = qtest_init(MACHINE);
    const uint64_t gpt10 = dm3730_addr(DM3730_DEV_GPT10);
    const uint64_t gpt11 = dm3730_addr(DM3730_DEV_GPT11);
    const uint64_t gpt1 = dm3730_addr(DM3730_DEV_GPT1);
    const uint64_t gpt2 = dm3730_addr(DM3730_DEV_GPT2);
    uint32_t t;

    /* GPT2: CM_CLKSEL_PER b0 = 1 at reset (u-boot), the others 32 kHz */
    g_assert_cmphex(rd(qts, CM_CLKSEL_PER), ==, 0x01);
    t = gpt_ticks_per_ms(qts, gpt2);
    g_assert_cmpuint(t, >, 25000);
    g_assert_cmpuint(t, <, 27000);
    t = gpt_ticks_per_ms(qts, gpt1);
    g_assert_cmpuint(t, >=, 32);
    g_assert_cmpuint(t, <=, 34);

    /* GPT10 to sys_clk (CM_CLKSEL_CORE b6), GPT11 stays on 32 kHz */
    wr(qts, CM_CLKSEL_CORE, rd(qts, CM_CLKSEL_CORE) | 1 << 6);
    t = gpt_ticks_per_ms(qts, gpt10);
    g_assert_cmpuint(t, >, 25000);
    g_assert_cmpuint(t, <, 27000);
    t = gpt_ticks_per_ms(qts, gpt11);
    g_assert_cmpuint(t, <=, 34);

    /* and GPT2 back to 32 kHz */
    wr(qts, CM_CLKSEL_PER, 0);
    t = gpt_ticks_per_ms(qts, gpt2);
    g_assert_cmpuint(t, <=, 34);
    qtest_quit(qts);
}

/*
 * osc-hz is the one knob of the clock tree.  At 19.2 MHz GPT2 (on SYS_CLK)
 * counts 19200 per ms instead of 26000; the UARTs' 48 MHz comes from DPLL4,
 * locked from SYS_CLK with u-boot's 26 MHz M/N, so it runs at 19.2/26 of
 * that and a 115200-baud frame (86.7 us at 48 MHz) takes 117.4 us.
 */
static void test_osc_hz(void)
{
    QTestState *qts = qtest_init(MACHINE " -serial null"
                                 " -global omap3-prm.osc-hz=19200000"
                                 " -global omap3-uart.line-rate=on");
    const uint64_t gpt2 = dm3730_addr(DM3730_DEV_GPT2);
    const uint64_t uart3 = dm3730_addr(DM3730_DEV_UART3);
    uint32_t t;

    g_assert_cmphex(rd(qts, PRM_CLKSEL), ==, 2);    /* SYS_CLKIN_SEL 19.2 */
    t = gpt_ticks_per_ms(qts, gpt2);
    g_assert_cmpuint(t, >, 19100);
    g_assert_cmpuint(t, <, 19300);

    /* UART3 at divisor 26, 8N1, 16x mode: one character */
    qtest_writew(qts, uart3 + 0x0c, 0x80);          /* LCR: configuration A */
    qtest_writew(qts, uart3 + 0x00, 26);            /* DLL */
    qtest_writew(qts, uart3 + 0x04, 0);             /* DLH */
    qtest_writew(qts, uart3 + 0x0c, 0x03);          /* LCR: 8N1 */
    qtest_writew(qts, uart3 + 0x20, 0);             /* MDR1: UART 16x */
    qtest_writew(qts, uart3 + 0x00, 'U');           /* THR */
    /* LSR.TX_SR_E: the frame is out */
    qtest_clock_step(qts, 110 * 1000);
    g_assert_cmphex(qtest_readw(qts, uart3 + 0x14) & 0x40, ==, 0);
    qtest_clock_step(qts, 10 * 1000);
    g_assert_cmphex(qtest_readw(qts, uart3 + 0x14) & 0x40, ==, 0x40);
    qtest_quit(qts);
}

/* All of it survives savevm/loadvm */
static void test_migration(void)
{
    QTestState *qts = qtest_init(MACHINE);

    wr(qts, CM_CLKEN_PLL_MPU, 5);
    wr(qts, RM_RSTCTRL_IVA2, 0x3);
    wr(qts, PRM_IRQENABLE_MPU, 1 << 15);
    wr(qts, PRM_VP1_CONFIG, 0x2c << 8 | 1 << 1);
    qts = gta04_migrate(qts, MACHINE);
    qtest_irq_intercept_in(qts, "/machine/soc/intc");

    g_assert_cmphex(rd(qts, CM_IDLEST_PLL_MPU), ==, 0);
    g_assert_cmphex(rd(qts, RM_RSTST_IVA2) & 0x700, ==, 1 << 10);
    g_assert_cmphex(rd(qts, PRM_VP1_VOLTAGE), ==, 0x2c);
    g_assert_cmphex(rd(qts, PRM_IRQSTATUS_MPU), ==, 1 << 15);
    wr(qts, PRM_IRQENABLE_MPU, 0);
    wr(qts, PRM_IRQENABLE_MPU, 1 << 15);
    g_assert_true(qtest_get_irq(qts, IRQ_PRCM_MPU));
    qtest_quit(qts);
}

/* A bad oscillator frequency is a user error, not a crash */
static void test_bad_osc(void)
{
    g_autofree char *out = NULL, *err = NULL;
    int status;
    gchar *argv[] = {
        (gchar *)getenv("QTEST_QEMU_BINARY"), (gchar *)"-M", (gchar *)"gta04",
        (gchar *)"-global", (gchar *)"omap3-prm.osc-hz=25000000",
        (gchar *)"-display", (gchar *)"none", (gchar *)"-S", NULL
    };

    g_assert_nonnull(argv[0]);
    g_assert_true(g_spawn_sync(NULL, argv, NULL, 0, NULL, NULL, &out, &err,
                               &status, NULL));
    g_assert_true(WIFEXITED(status) && WEXITSTATUS(status) != 0);
    g_assert_nonnull(strstr(err, "not a DM37x sys_clkin frequency"));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("omap3-prcm/dpll", test_dpll);
    qtest_add_func("omap3-prcm/idlest", test_idlest);
    qtest_add_func("omap3-prcm/pwst", test_pwst);
    qtest_add_func("omap3-prcm/mpu-standbywfi", test_mpu_standbywfi);
    qtest_add_func("omap3-prcm/power-states", test_power_states);
    qtest_add_func("omap3-prcm/mpu-off", test_mpu_off);
    qtest_add_func("omap3-prcm/per-off", test_per_off);
    qtest_add_func("omap3-prcm/core-off", test_core_off);
    qtest_add_func("omap3-prcm/idle-ack", test_idle_ack);
    qtest_add_func("omap3-prcm/holes", test_holes);
    qtest_add_func("omap3-prcm/hardreset", test_hardreset);
    qtest_add_func("omap3-prcm/global-reset", test_global_reset);
    qtest_add_func("omap3-prcm/io-chain", test_io_chain);
    qtest_add_func("omap3-prcm/irq", test_irq);
    qtest_add_func("omap3-prcm/io-wakeup", test_io_wakeup);
    qtest_add_func("omap3-prcm/gpt-clksel", test_gpt_clksel);
    qtest_add_func("omap3-prcm/osc-hz", test_osc_hz);
    qtest_add_func("omap3-prcm/migration", test_migration);
    qtest_add_func("omap3-prcm/bad-osc", test_bad_osc);

    return g_test_run();
}
