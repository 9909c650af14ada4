/*
 * qtest for the OMAP3 MPU interrupt controller (omap3-intc) on -M gta04
 *
 * The INTC outputs are observed at the Cortex-A8's IRQ/FIQ inputs
 * (irq_intercept_in on the CPU: line 0 = IRQ, 1 = FIQ).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include "dm3730-qtest.h"

#define INTC            dm3730_addr(DM3730_DEV_INTC)
#define REVISION        (INTC + 0x00)
#define SYSCONFIG       (INTC + 0x10)
#define SYSSTATUS       (INTC + 0x14)
#define SIR_IRQ         (INTC + 0x40)
#define SIR_FIQ         (INTC + 0x44)
#define CONTROL         (INTC + 0x48)
#define PROTECTION      (INTC + 0x4c)
#define IDLE            (INTC + 0x50)
#define IRQ_PRIORITY    (INTC + 0x60)
#define FIQ_PRIORITY    (INTC + 0x64)
#define THRESHOLD       (INTC + 0x68)
#define BANK(n)         (INTC + 0x80 + 0x20 * (n))
#define ITR(n)          (BANK(n) + 0x00)
#define MIR(n)          (BANK(n) + 0x04)
#define MIR_CLEAR(n)    (BANK(n) + 0x08)
#define MIR_SET(n)      (BANK(n) + 0x0c)
#define ISR_SET(n)      (BANK(n) + 0x10)
#define ISR_CLEAR(n)    (BANK(n) + 0x14)
#define PENDING_IRQ(n)  (BANK(n) + 0x18)
#define PENDING_FIQ(n)  (BANK(n) + 0x1c)
#define ILR(m)          (INTC + 0x100 + 4 * (m))

#define NEWIRQAGR       1
#define NEWFIQAGR       2
#define SPURIOUS        0xffffff80u
#define ILR_PRIO(p)     ((p) << 2)
#define ILR_FIQ         1

#define CPU_IRQ         0
#define CPU_FIQ         1

#define BIT(line)       (1u << ((line) % 32))
#define BANK_OF(line)   ((line) / 32)

#define GPT1            dm3730_addr(DM3730_DEV_GPT1)
#define GPT1_LINE       dm3730_irq(DM3730_DEV_GPT1)
#define SYS_NIRQ_LINE   dm3730_irq(DM3730_DEV_SYS_NIRQ)

#define SRAM_BASE       dm3730_addr(DM3730_DEV_SRAM)

static QTestState *intc_start(void)
{
    QTestState *qts = qtest_init("-M gta04");

    qtest_irq_intercept_in(qts, "/machine/soc/cpu");
    return qts;
}

/* raise software interrupt @line and unmask it */
static void swi(QTestState *qts, int line)
{
    qtest_writel(qts, ISR_SET(BANK_OF(line)), BIT(line));
    qtest_writel(qts, MIR_CLEAR(BANK_OF(line)), BIT(line));
}

static void test_reset_values(void)
{
    QTestState *qts = intc_start();
    int n;

    g_assert_cmphex(qtest_readl(qts, REVISION), ==, 0x40);
    g_assert_cmphex(qtest_readl(qts, SYSCONFIG), ==, 0);
    g_assert_cmphex(qtest_readl(qts, SYSSTATUS), ==, 1);
    g_assert_cmphex(qtest_readl(qts, THRESHOLD), ==, 0xff);
    g_assert_cmphex(qtest_readl(qts, PROTECTION), ==, 0);
    g_assert_cmphex(qtest_readl(qts, IDLE), ==, 0);
    for (n = 0; n < 3; n++) {
        g_assert_cmphex(qtest_readl(qts, MIR(n)), ==, 0xffffffff);
        g_assert_cmphex(qtest_readl(qts, ISR_SET(n)), ==, 0);
        g_assert_cmphex(qtest_readl(qts, PENDING_IRQ(n)), ==, 0);
        g_assert_cmphex(qtest_readl(qts, PENDING_FIQ(n)), ==, 0);
    }
    g_assert_cmphex(qtest_readl(qts, ILR(0)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, ILR(95)), ==, 0);
    /* nothing sorted: the spurious flag bits are set */
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ) & SPURIOUS, ==, SPURIOUS);
    g_assert_cmphex(qtest_readl(qts, SIR_FIQ) & SPURIOUS, ==, SPURIOUS);
    g_assert_cmphex(qtest_readl(qts, IRQ_PRIORITY) & SPURIOUS, ==, SPURIOUS);
    g_assert_false(qtest_get_irq(qts, CPU_IRQ));
    g_assert_false(qtest_get_irq(qts, CPU_FIQ));
    qtest_quit(qts);
}

/* SYSCONFIG.SOFTRESET self-clears, back to the reset values; SYSSTATUS = 1 */
static void test_softreset(void)
{
    QTestState *qts = intc_start();

    qtest_writel(qts, ILR(12), ILR_PRIO(9) | ILR_FIQ);
    qtest_writel(qts, THRESHOLD, 0x10);
    qtest_writel(qts, IDLE, 2);
    qtest_writel(qts, SYSCONFIG, 1);
    swi(qts, 3);
    g_assert_true(qtest_get_irq(qts, CPU_IRQ));
    g_assert_cmphex(qtest_readl(qts, SYSCONFIG), ==, 1);

    qtest_writel(qts, SYSCONFIG, 2);
    g_assert_cmphex(qtest_readl(qts, SYSCONFIG), ==, 0);
    g_assert_cmphex(qtest_readl(qts, SYSSTATUS), ==, 1);
    g_assert_cmphex(qtest_readl(qts, ILR(12)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, THRESHOLD), ==, 0xff);
    g_assert_cmphex(qtest_readl(qts, IDLE), ==, 0);
    g_assert_cmphex(qtest_readl(qts, MIR(0)), ==, 0xffffffff);
    g_assert_cmphex(qtest_readl(qts, ISR_SET(0)), ==, 0);
    g_assert_false(qtest_get_irq(qts, CPU_IRQ));
    qtest_quit(qts);
}

/* MIR, MIR_CLEAR/SET, ISR_SET/CLEAR, PENDING_IRQ, SIR_IRQ and NEWIRQAGR */
static void test_mask_and_swi(void)
{
    QTestState *qts = intc_start();
    int line = 37;

    qtest_writel(qts, ISR_SET(1), BIT(line));
    g_assert_cmphex(qtest_readl(qts, ISR_SET(1)), ==, BIT(line));
    /* software interrupts are not input lines */
    g_assert_cmphex(qtest_readl(qts, ITR(1)), ==, 0);
    /* masked: not pending, no IRQ */
    g_assert_cmphex(qtest_readl(qts, PENDING_IRQ(1)), ==, 0);
    g_assert_false(qtest_get_irq(qts, CPU_IRQ));

    qtest_writel(qts, MIR_CLEAR(1), BIT(line));
    g_assert_cmphex(qtest_readl(qts, MIR(1)), ==, ~BIT(line));
    g_assert_cmphex(qtest_readl(qts, PENDING_IRQ(1)), ==, BIT(line));
    g_assert_cmphex(qtest_readl(qts, PENDING_FIQ(1)), ==, 0);
    g_assert_true(qtest_get_irq(qts, CPU_IRQ));
    g_assert_false(qtest_get_irq(qts, CPU_FIQ));
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ), ==, line);
    g_assert_cmphex(qtest_readl(qts, IRQ_PRIORITY), ==, 0);
    /* reading SIR is not an acknowledge */
    g_assert_true(qtest_get_irq(qts, CPU_IRQ));

    /* Linux's mask_ack: MIR_SET then NEWIRQAGR */
    qtest_writel(qts, MIR_SET(1), BIT(line));
    g_assert_cmphex(qtest_readl(qts, MIR(1)), ==, 0xffffffff);
    g_assert_cmphex(qtest_readl(qts, PENDING_IRQ(1)), ==, 0);
    /* the output stays asserted until the new agreement */
    g_assert_true(qtest_get_irq(qts, CPU_IRQ));
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ), ==, line);
    qtest_writel(qts, CONTROL, NEWIRQAGR);
    g_assert_false(qtest_get_irq(qts, CPU_IRQ));
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ), ==, SPURIOUS | line);
    /* CONTROL is write-only */
    g_assert_cmphex(qtest_readl(qts, CONTROL), ==, 0);

    /* unmask again: the software interrupt is still set */
    qtest_writel(qts, MIR(1), ~BIT(line));
    g_assert_true(qtest_get_irq(qts, CPU_IRQ));
    qtest_writel(qts, ISR_CLEAR(1), BIT(line));
    g_assert_cmphex(qtest_readl(qts, ISR_SET(1)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, PENDING_IRQ(1)), ==, 0);
    qtest_writel(qts, CONTROL, NEWIRQAGR);
    g_assert_false(qtest_get_irq(qts, CPU_IRQ));
    qtest_quit(qts);
}

/* Lowest PRIORITY wins, ties go to the highest line number */
static void test_priority(void)
{
    QTestState *qts = intc_start();

    qtest_writel(qts, ILR(10), ILR_PRIO(5));
    qtest_writel(qts, ILR(40), ILR_PRIO(2));
    qtest_writel(qts, ILR(70), ILR_PRIO(2));
    g_assert_cmphex(qtest_readl(qts, ILR(40)), ==, ILR_PRIO(2));
    /* raise them while the IRQ output is held by a first sorting */
    swi(qts, 90);
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ), ==, 90);
    qtest_writel(qts, MIR_SET(2), BIT(90));
    swi(qts, 10);
    swi(qts, 40);
    swi(qts, 70);
    /* no new sorting before NEWIRQAGR */
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ), ==, 90);

    qtest_writel(qts, CONTROL, NEWIRQAGR);
    g_assert_true(qtest_get_irq(qts, CPU_IRQ));
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ), ==, 70);
    g_assert_cmphex(qtest_readl(qts, IRQ_PRIORITY), ==, 2);

    qtest_writel(qts, ISR_CLEAR(2), BIT(70));
    qtest_writel(qts, CONTROL, NEWIRQAGR);
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ), ==, 40);
    g_assert_cmphex(qtest_readl(qts, IRQ_PRIORITY), ==, 2);

    qtest_writel(qts, ISR_CLEAR(1), BIT(40));
    qtest_writel(qts, CONTROL, NEWIRQAGR);
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ), ==, 10);
    g_assert_cmphex(qtest_readl(qts, IRQ_PRIORITY), ==, 5);

    qtest_writel(qts, ISR_CLEAR(0), BIT(10));
    qtest_writel(qts, CONTROL, NEWIRQAGR);
    g_assert_false(qtest_get_irq(qts, CPU_IRQ));
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ) & SPURIOUS, ==, SPURIOUS);
    g_assert_cmphex(qtest_readl(qts, IRQ_PRIORITY) & SPURIOUS, ==, SPURIOUS);
    qtest_quit(qts);
}

/* THRESHOLD masks priorities >= threshold, but never priority 0 */
static void test_threshold(void)
{
    QTestState *qts = intc_start();

    qtest_writel(qts, ILR(10), ILR_PRIO(5));
    qtest_writel(qts, THRESHOLD, 5);
    g_assert_cmphex(qtest_readl(qts, THRESHOLD), ==, 5);
    swi(qts, 10);
    /* pending, but below the threshold */
    g_assert_cmphex(qtest_readl(qts, PENDING_IRQ(0)), ==, BIT(10));
    g_assert_false(qtest_get_irq(qts, CPU_IRQ));
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ) & SPURIOUS, ==, SPURIOUS);

    /* raising the threshold lets it through */
    qtest_writel(qts, THRESHOLD, 6);
    g_assert_true(qtest_get_irq(qts, CPU_IRQ));
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ), ==, 10);
    qtest_writel(qts, ISR_CLEAR(0), BIT(10));
    qtest_writel(qts, CONTROL, NEWIRQAGR);
    g_assert_false(qtest_get_irq(qts, CPU_IRQ));

    /* threshold 0 acts as 1: priority 0 still gets through, 1 does not */
    qtest_writel(qts, THRESHOLD, 0);
    qtest_writel(qts, ILR(12), ILR_PRIO(1));
    swi(qts, 12);
    g_assert_false(qtest_get_irq(qts, CPU_IRQ));
    swi(qts, 11);
    g_assert_true(qtest_get_irq(qts, CPU_IRQ));
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ), ==, 11);

    /* 0xff disables the threshold */
    qtest_writel(qts, ISR_CLEAR(0), BIT(11));
    qtest_writel(qts, THRESHOLD, 0xff);
    qtest_writel(qts, CONTROL, NEWIRQAGR);
    g_assert_true(qtest_get_irq(qts, CPU_IRQ));
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ), ==, 12);
    qtest_quit(qts);
}

/* ILR.FIQNIRQ routes a line to nFIQ: SIR_FIQ, FIQ_PRIORITY, NEWFIQAGR */
static void test_fiq(void)
{
    QTestState *qts = intc_start();

    qtest_writel(qts, ILR(20), ILR_PRIO(3) | ILR_FIQ);
    swi(qts, 20);
    swi(qts, 21);
    g_assert_cmphex(qtest_readl(qts, PENDING_FIQ(0)), ==, BIT(20));
    g_assert_cmphex(qtest_readl(qts, PENDING_IRQ(0)), ==, BIT(21));
    g_assert_true(qtest_get_irq(qts, CPU_FIQ));
    g_assert_true(qtest_get_irq(qts, CPU_IRQ));
    g_assert_cmphex(qtest_readl(qts, SIR_FIQ), ==, 20);
    g_assert_cmphex(qtest_readl(qts, FIQ_PRIORITY), ==, 3);
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ), ==, 21);

    /* NEWFIQAGR only releases nFIQ */
    qtest_writel(qts, ISR_CLEAR(0), BIT(20));
    qtest_writel(qts, CONTROL, NEWFIQAGR);
    g_assert_false(qtest_get_irq(qts, CPU_FIQ));
    g_assert_true(qtest_get_irq(qts, CPU_IRQ));
    g_assert_cmphex(qtest_readl(qts, SIR_FIQ) & SPURIOUS, ==, SPURIOUS);
    qtest_quit(qts);
}

/*
 * Rewriting ILRs moves a line between nIRQ and nFIQ, in any bank, and
 * leaves the other lines where they are (Linux rewrites all 96 ILRs on
 * every return from an OFF-mode idle)
 */
static void test_fiq_reroute(void)
{
    QTestState *qts = intc_start();

    qtest_writel(qts, ILR(20), ILR_PRIO(3) | ILR_FIQ);
    qtest_writel(qts, ILR(52), ILR_PRIO(4) | ILR_FIQ);
    swi(qts, 20);
    swi(qts, 52);
    g_assert_cmphex(qtest_readl(qts, PENDING_FIQ(0)), ==, BIT(20));
    g_assert_cmphex(qtest_readl(qts, PENDING_FIQ(1)), ==, BIT(52));
    g_assert_cmphex(qtest_readl(qts, PENDING_IRQ(1)), ==, 0);

    /* 52 back to nIRQ: 20 stays on nFIQ */
    qtest_writel(qts, ILR(52), ILR_PRIO(4));
    g_assert_cmphex(qtest_readl(qts, PENDING_FIQ(1)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, PENDING_IRQ(1)), ==, BIT(52));
    g_assert_cmphex(qtest_readl(qts, PENDING_FIQ(0)), ==, BIT(20));
    g_assert_true(qtest_get_irq(qts, CPU_IRQ));
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ), ==, 52);

    /* the same value again changes nothing */
    qtest_writel(qts, ILR(20), ILR_PRIO(3) | ILR_FIQ);
    g_assert_cmphex(qtest_readl(qts, PENDING_FIQ(0)), ==, BIT(20));
    g_assert_cmphex(qtest_readl(qts, SIR_FIQ), ==, 20);
    qtest_quit(qts);
}

/* The SoC's sys_nirq input (TWL4030 INT1) is an INTC line, level-sensitive */
static void test_sys_nirq(void)
{
    QTestState *qts = intc_start();
    const int line = SYS_NIRQ_LINE, bank = BANK_OF(line);

    qtest_set_irq_in(qts, "/machine/soc", "sys_nirq", 0, 1);
    g_assert_cmphex(qtest_readl(qts, ITR(bank)), ==, BIT(line));
    g_assert_false(qtest_get_irq(qts, CPU_IRQ));
    qtest_writel(qts, MIR_CLEAR(bank), BIT(line));
    g_assert_cmphex(qtest_readl(qts, PENDING_IRQ(bank)), ==, BIT(line));
    g_assert_true(qtest_get_irq(qts, CPU_IRQ));
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ), ==, line);

    /* still asserted after the acknowledge: sorted again at once */
    qtest_writel(qts, CONTROL, NEWIRQAGR);
    g_assert_true(qtest_get_irq(qts, CPU_IRQ));
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ), ==, line);

    /* released by the PMIC: no longer pending, output free after NEWIRQAGR */
    qtest_set_irq_in(qts, "/machine/soc", "sys_nirq", 0, 0);
    g_assert_cmphex(qtest_readl(qts, ITR(bank)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, PENDING_IRQ(bank)), ==, 0);
    qtest_writel(qts, CONTROL, NEWIRQAGR);
    g_assert_false(qtest_get_irq(qts, CPU_IRQ));
    qtest_quit(qts);
}

/* A hardware line: the GPTIMER1 overflow interrupt */
static void test_gptimer_line(void)
{
    QTestState *qts = intc_start();
    const int line = GPT1_LINE, bank = BANK_OF(line);

    qtest_writel(qts, MIR_CLEAR(bank), BIT(line));
    qtest_writel(qts, GPT1 + GPT_TIER, 2);          /* OVF */
    qtest_writel(qts, GPT1 + GPT_TCRR, 0xfffffff0);
    qtest_writel(qts, GPT1 + GPT_TCLR, 1);          /* ST, one-shot */
    g_assert_cmphex(qtest_readl(qts, ITR(bank)), ==, 0);
    g_assert_false(qtest_get_irq(qts, CPU_IRQ));

    /* 16 ticks of 32768 Hz */
    qtest_clock_step(qts, 16 * 30518);
    g_assert_cmphex(qtest_readl(qts, ITR(bank)), ==, BIT(line));
    g_assert_true(qtest_get_irq(qts, CPU_IRQ));
    g_assert_cmphex(qtest_readl(qts, SIR_IRQ), ==, line);

    /* the handler clears TISR.OVF, then acknowledges */
    qtest_writel(qts, GPT1 + GPT_TISR, 2);
    g_assert_cmphex(qtest_readl(qts, ITR(bank)), ==, 0);
    qtest_writel(qts, CONTROL, NEWIRQAGR);
    g_assert_false(qtest_get_irq(qts, CPU_IRQ));
    qtest_quit(qts);
}

/* Registers past the 96 lines: bank 3 and ILR96..127 hold nothing */
static void test_reserved(void)
{
    QTestState *qts = intc_start();

    /* Linux saves and restores MIR3 around OFF mode */
    qtest_writel(qts, MIR(3), 0x12345678);
    g_assert_cmphex(qtest_readl(qts, MIR(3)), ==, 0);
    qtest_writel(qts, ISR_SET(3), 1);
    g_assert_cmphex(qtest_readl(qts, PENDING_IRQ(3)), ==, 0);
    /* QEMU's omap2-intc stored this one out of bounds */
    qtest_writel(qts, INTC + 0x280, 0xfd);
    g_assert_cmphex(qtest_readl(qts, INTC + 0x280), ==, 0);
    qtest_writel(qts, ILR(96), 0xfd);
    g_assert_cmphex(qtest_readl(qts, ILR(96)), ==, 0);
    g_assert_false(qtest_get_irq(qts, CPU_IRQ));
    /* only PRIORITY and FIQNIRQ are kept */
    qtest_writel(qts, ILR(95), 0xffffffff);
    g_assert_cmphex(qtest_readl(qts, ILR(95)), ==, 0xfd);
    qtest_quit(qts);
}

/*
 * The CPU leaves WFI when an unmasked line is pending, with CPSR.I set (as
 * Linux's idle does).  Bare-metal image, run by TCG from -kernel (IRQs
 * masked by the boot protocol), for dm3730_sram_image() (r0 = SRAM):
 *
 *      mov  r1, #1
 *      str  r1, [r0]           @ SRAM[0] = 1: about to sleep
 *      dsb
 *  1:  wfi
 *      add  r1, r1, #1
 *      str  r1, [r0]           @ SRAM[0] = 1 + number of wake-ups
 *      b    1b
 */
static const uint32_t wfi_image[] = {
    0xe3a01001,     /* mov r1, #1 */
    0xe5801000,     /* str r1, [r0] */
    0xf57ff04f,     /* dsb sy */
    0xe320f003,     /* 1: wfi */
    0xe2811001,     /* add r1, r1, #1 */
    0xe5801000,     /* str r1, [r0] */
    0xeafffffb,     /* b 1b */
};

static void test_wfi_wakeup(void)
{
    char *path = dm3730_sram_image(wfi_image, ARRAY_SIZE(wfi_image));
    QTestState *qts;
    uint32_t sleeping;
    int i;

    qts = qtest_initf("-M gta04 -accel tcg -kernel %s", path);
    for (i = 0; i < 500 && qtest_readl(qts, SRAM_BASE) == 0; i++) {
        g_usleep(10 * 1000);
    }
    sleeping = qtest_readl(qts, SRAM_BASE);
    g_assert_cmpuint(sleeping, >=, 1);
    /* a masked software interrupt does not wake it */
    qtest_writel(qts, ISR_SET(2), BIT(80));
    g_usleep(100 * 1000);
    sleeping = qtest_readl(qts, SRAM_BASE);
    g_usleep(100 * 1000);
    g_assert_cmpuint(qtest_readl(qts, SRAM_BASE), ==, sleeping);

    /* unmasked: WFI returns (and keeps returning while it is pending) */
    qtest_writel(qts, MIR_CLEAR(2), BIT(80));
    for (i = 0; i < 500 && qtest_readl(qts, SRAM_BASE) == sleeping; i++) {
        g_usleep(10 * 1000);
    }
    g_assert_cmpuint(qtest_readl(qts, SRAM_BASE), >, sleeping);

    qtest_quit(qts);
    unlink(path);
    g_free(path);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("omap3-intc/reset-values", test_reset_values);
    qtest_add_func("omap3-intc/softreset", test_softreset);
    qtest_add_func("omap3-intc/mask-and-swi", test_mask_and_swi);
    qtest_add_func("omap3-intc/priority", test_priority);
    qtest_add_func("omap3-intc/threshold", test_threshold);
    qtest_add_func("omap3-intc/fiq", test_fiq);
    qtest_add_func("omap3-intc/fiq-reroute", test_fiq_reroute);
    qtest_add_func("omap3-intc/sys-nirq", test_sys_nirq);
    qtest_add_func("omap3-intc/gptimer-line", test_gptimer_line);
    qtest_add_func("omap3-intc/reserved", test_reserved);
    qtest_add_func("omap3-intc/wfi-wakeup", test_wfi_wakeup);

    return g_test_run();
}
