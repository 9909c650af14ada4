/*
 * qtest for the TWL4030 secondary interrupt handlers (SIH) and the PIH:
 * clear-on-read vs write-1-to-clear, per-source masking, the missing module
 * mask, EDR edge selection, SIR, EXCLEN, PENDDIS buffering and the single
 * re-latch, and the INT1 level seen by the SoC's interrupt controller.
 *
 * The PWR SIH (0x4B:0x2E-0x35) is driven through the chip's "pwron" (source
 * 0 PWRON) and "ac" (source 1 CHG_PRES) properties, like a user would.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include "twl4030-qtest.h"

#define PWR             TWL_POWER
#define PWR_ISR2        0x30
#define PWR_IMR2        0x31
#define PWR_SIR         0x32
#define PWR_EDR2        0x34

#define PIH             TWL_INTBR
#define PIH_ISR_P2      0x82
#define PIH_SIR         0x83

/* The INTC bank of INT1 */
#define INTC_MIR_CLEAR_INT1     DM3730_INTC_MIR_CLEAR(TWL_INT1_LINE / 32)
#define INTC_PENDING_IRQ_INT1   DM3730_INTC_PENDING_IRQ(TWL_INT1_LINE / 32)

#define CTRL_EXCLEN     0x01
#define CTRL_PENDDIS    0x02
#define CTRL_COR        0x04

#define SRC_CHG_PRES    0x02

/* Mask line 1 of the GPIO, keypad, BCI and MADC SIHs, as Linux's init does */
static void mask_other_sihs(QTestState *qts)
{
    static const uint8_t ff[3] = { 0xff, 0xff, 0xff };

    twl_write(qts, 0x49, 0xb4, ff, 3);          /* GPIO_IMR1A */
    twl_set(qts, 0x4a, 0xe4, 0xff);             /* KEYP_IMR1 */
    twl_write(qts, 0x4a, 0xbb, ff, 2);          /* BCIIMR1A/2A */
    twl_set(qts, 0x4a, 0x62, 0xff);             /* MADC_IMR1 */
}

/*
 * Machine with the PWR SIH set to "ctrl", only line 1 in use, and the
 * other modules masked (the charger model raises BCI events on "ac")
 */
static QTestState *pwr_start(uint8_t ctrl)
{
    QTestState *qts = twl_start(NULL);

    mask_other_sihs(qts);

    twl_set(qts, PWR, PWR_SIH_CTRL, ctrl);
    twl_set(qts, PWR, PWR_IMR1, 0x00);
    twl_set(qts, PWR, PWR_IMR2, 0xff);
    return qts;
}

/* Reset values of the five SIH blocks */
static void test_reset_values(void)
{
    QTestState *qts = twl_start(NULL);
    uint8_t b[8];

    twl_read(qts, PWR, PWR_ISR1, b, 8);
    g_assert_cmphex(b[0], ==, 0x00);    /* ISR1 */
    g_assert_cmphex(b[1], ==, 0x00);    /* IMR1 */
    g_assert_cmphex(b[2], ==, 0x00);    /* ISR2 */
    g_assert_cmphex(b[3], ==, 0x00);    /* IMR2 */
    g_assert_cmphex(b[5], ==, 0xff);    /* EDR1: both edges */
    g_assert_cmphex(b[6], ==, 0xff);    /* EDR2 */
    g_assert_cmphex(b[7], ==, 0x00);    /* SIH_CTRL */
    /* GPIO: no trigger; BCI and MADC: rising; keypad: none */
    twl_read(qts, 0x49, 0xc0, b, 6);
    g_assert_cmphex(b[0] | b[1] | b[2] | b[3] | b[4], ==, 0);
    g_assert_cmphex(b[5], ==, 0x00);    /* GPIO_SIH_CTRL */
    twl_read(qts, 0x4a, 0xc3, b, 4);
    g_assert_cmphex(b[0], ==, 0xaa);
    g_assert_cmphex(b[1], ==, 0xaa);
    g_assert_cmphex(b[2], ==, 0xaa);
    g_assert_cmphex(b[3], ==, 0x00);    /* BCISIHCTRL */
    g_assert_cmphex(twl_get(qts, 0x4a, 0x66), ==, 0xaa);    /* MADC_EDR */
    g_assert_cmphex(twl_get(qts, 0x4a, 0xe8), ==, 0x00);    /* KEYP_EDR */
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PIH, PIH_ISR_P1), ==, 0);
    qtest_quit(qts);
}

/* COR = 1: reading ISR1 clears it; writes do not */
static void test_clear_on_read(void)
{
    QTestState *qts = pwr_start(CTRL_COR | CTRL_PENDDIS);

    /* INT1's INTC line unmasked: the CPU side sees it pending (PENDING_IRQ) */
    qtest_writel(qts, INTC_MIR_CLEAR_INT1, TWL_INT1_BIT);
    twl_prop(qts, "pwron", true);
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(qtest_readl(qts, INTC_PENDING_IRQ_INT1) & TWL_INT1_BIT, ==,
                    TWL_INT1_BIT);
    g_assert_cmphex(twl_get(qts, PIH, PIH_ISR_P1), ==, PIH_PWR);
    /* a write of 1s does not clear in COR mode */
    twl_set(qts, PWR, PWR_ISR1, 0xff);
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_PWRON);
    /* the read was the acknowledge */
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(qtest_readl(qts, INTC_PENDING_IRQ_INT1) & TWL_INT1_BIT,
                    ==, 0);
    g_assert_cmphex(twl_get(qts, PIH, PIH_ISR_P1), ==, 0);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, 0);
    qtest_quit(qts);
}

/* COR = 0: reads leave ISR1 alone, writing 1s clears those bits only */
static void test_write_one_to_clear(void)
{
    QTestState *qts = pwr_start(CTRL_PENDDIS);

    twl_prop(qts, "pwron", true);
    twl_prop(qts, "ac", true);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_PWRON | SRC_CHG_PRES);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_PWRON | SRC_CHG_PRES);
    g_assert_true(twl_int1(qts));
    twl_set(qts, PWR, PWR_ISR1, SRC_CHG_PRES);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_PWRON);
    g_assert_true(twl_int1(qts));
    twl_set(qts, PWR, PWR_ISR1, SRC_PWRON);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, 0);
    g_assert_false(twl_int1(qts));
    qtest_quit(qts);
}

/*
 * IMR1: a masked source does not latch (the event is lost, unmasking does
 * not bring it back); a bit latched before it was masked stays in ISR1 but
 * no longer asserts INT1.
 */
static void test_masking(void)
{
    QTestState *qts = pwr_start(CTRL_COR | CTRL_PENDDIS);

    twl_set(qts, PWR, PWR_IMR1, SRC_PWRON);
    twl_prop(qts, "pwron", true);
    g_assert_false(twl_int1(qts));
    twl_set(qts, PWR, PWR_IMR1, 0x00);
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, 0);

    /* other sources of the same module are not affected by that mask */
    twl_set(qts, PWR, PWR_IMR1, SRC_PWRON);
    twl_prop(qts, "ac", true);
    g_assert_true(twl_int1(qts));
    /* masked after it latched: INT1 drops, the bit stays */
    twl_set(qts, PWR, PWR_IMR1, SRC_PWRON | SRC_CHG_PRES);
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PIH, PIH_ISR_P1), ==, 0);
    twl_set(qts, PWR, PWR_IMR1, SRC_PWRON);
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_CHG_PRES);
    g_assert_false(twl_int1(qts));
    qtest_quit(qts);
}

/*
 * There is no module-level mask: nothing but the per-source IMR bits stops
 * a latched PWR event from asserting INT1 (the hardware fact behind bug 1).
 * PIH_ISR_P1/P2 are read-only, line 2's mask only masks line 2.
 */
static void test_no_module_mask(void)
{
    QTestState *qts = pwr_start(CTRL_COR | CTRL_PENDDIS);
    int reg;

    twl_prop(qts, "pwron", true);
    g_assert_true(twl_int1(qts));
    for (reg = 0x80; reg <= 0x82; reg++) {
        twl_set(qts, PIH, reg, 0xff);
    }
    twl_set(qts, PIH, 0x84, 0xff);
    twl_set(qts, PWR, PWR_IMR2, 0xff);
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PIH, PIH_ISR_P1), ==, PIH_PWR);
    g_assert_cmphex(twl_get(qts, PIH, PIH_ISR_P2), ==, 0);
    qtest_quit(qts);
}

/* EDR: rising only, falling only, none */
static void test_edge_select(void)
{
    QTestState *qts = pwr_start(CTRL_COR | CTRL_PENDDIS);

    /* PWRON = EDR1 bits 1:0, higher = rising */
    twl_set(qts, PWR, PWR_EDR1, 0xfe);          /* rising only */
    twl_prop(qts, "pwron", true);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_PWRON);
    twl_prop(qts, "pwron", false);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, 0);
    g_assert_false(twl_int1(qts));

    twl_set(qts, PWR, PWR_EDR1, 0xfd);          /* falling only */
    twl_prop(qts, "pwron", true);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, 0);
    twl_prop(qts, "pwron", false);
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_PWRON);

    twl_set(qts, PWR, PWR_EDR1, 0xfc);          /* no edge: never latches */
    twl_prop(qts, "pwron", true);
    twl_prop(qts, "pwron", false);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, 0);
    g_assert_false(twl_int1(qts));

    /* CHG_PRES = EDR1 bits 3:2: both edges by default */
    twl_set(qts, PWR, PWR_EDR1, 0x0c);
    twl_prop(qts, "ac", true);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_CHG_PRES);
    twl_prop(qts, "ac", false);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_CHG_PRES);
    g_assert_cmphex(twl_get(qts, PWR, PWR_EDR1), ==, 0x0c);
    qtest_quit(qts);
}

/* SIR sets ISR bits, subject to masking; it reads 0 */
static void test_sir(void)
{
    QTestState *qts = pwr_start(CTRL_COR | CTRL_PENDDIS);

    twl_set(qts, PWR, PWR_SIR, 0x10);           /* HOT_DIE */
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PWR, PWR_SIR), ==, 0);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, 0x10);
    /* masked in line 1, unmasked in line 2: only ISR2 gets it */
    twl_set(qts, PWR, PWR_IMR1, 0x20);
    twl_set(qts, PWR, PWR_IMR2, 0x00);
    twl_set(qts, PWR, PWR_SIR, 0x20);
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, 0);
    g_assert_cmphex(twl_get(qts, PIH, PIH_ISR_P2), ==, PIH_PWR);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR2), ==, 0x20);
    g_assert_cmphex(twl_get(qts, PIH, PIH_ISR_P2), ==, 0);

    /* PIH_SIR forces PIH bits (test register) */
    twl_set(qts, PIH, PIH_SIR, PIH_BCI);
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PIH, PIH_ISR_P1), ==, PIH_BCI);
    twl_set(qts, PIH, PIH_SIR, 0);
    g_assert_false(twl_int1(qts));
    qtest_quit(qts);
}

/* EXCLEN: ISR1 if unmasked there, else ISR2, never both; else both */
static void test_exclusive(void)
{
    QTestState *qts = pwr_start(CTRL_COR | CTRL_PENDDIS);

    twl_set(qts, PWR, PWR_IMR2, 0x00);
    twl_prop(qts, "pwron", true);               /* EXCLEN = 0: both lines */
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_PWRON);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR2), ==, SRC_PWRON);

    twl_set(qts, PWR, PWR_SIH_CTRL, CTRL_COR | CTRL_PENDDIS | CTRL_EXCLEN);
    twl_prop(qts, "pwron", false);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR2), ==, 0);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_PWRON);

    twl_set(qts, PWR, PWR_IMR1, SRC_PWRON);
    twl_prop(qts, "pwron", true);
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, 0);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR2), ==, SRC_PWRON);
    qtest_quit(qts);
}

/*
 * PENDDIS = 0 (Linux's SIH_CTRL = 0x04): an edge arriving while its bit is
 * set is remembered and latches again when the bit is cleared, and a
 * source still at its latched level re-latches once, only once.
 */
static void test_pending_buffer(void)
{
    QTestState *qts = pwr_start(CTRL_COR);

    /* press and release while the press is still latched */
    twl_prop(qts, "pwron", true);
    twl_prop(qts, "pwron", false);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_PWRON);  /* press */
    g_assert_true(twl_int1(qts));                   /* the release, buffered */
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_PWRON);
    g_assert_true(twl_int1(qts));         /* released is still the level */
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_PWRON);
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, 0);

    /* PENDDIS = 1: nothing is remembered */
    twl_set(qts, PWR, PWR_SIH_CTRL, CTRL_COR | CTRL_PENDDIS);
    twl_prop(qts, "pwron", true);
    twl_prop(qts, "pwron", false);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_PWRON);
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, 0);
    qtest_quit(qts);
}

/* The single re-latch of a source that stays active (twl4030-irq's double read) */
static void test_single_relatch(void)
{
    QTestState *qts = pwr_start(CTRL_COR);

    twl_prop(qts, "pwron", true);               /* held down */
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_PWRON);
    g_assert_true(twl_int1(qts));               /* re-latched once */
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_PWRON);
    g_assert_false(twl_int1(qts));              /* not a stuck level */
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, 0);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, 0);

    /* W1C mode behaves the same */
    twl_set(qts, PWR, PWR_SIH_CTRL, 0);
    twl_prop(qts, "ac", true);
    twl_set(qts, PWR, PWR_ISR1, 0xff);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_CHG_PRES);
    twl_set(qts, PWR, PWR_ISR1, 0xff);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, 0);
    g_assert_false(twl_int1(qts));

    /* the source deasserts and asserts again: a new latch */
    twl_set(qts, PWR, PWR_EDR1, 0xfa);          /* both sources rising only */
    twl_prop(qts, "pwron", false);
    twl_prop(qts, "pwron", true);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, SRC_PWRON);
    qtest_quit(qts);
}

/* Multi-byte SIH (BCI, 12 sources) and MADC's inverted COR polarity */
static void test_bci_madc(void)
{
    QTestState *qts = twl_start(NULL);
    uint8_t b[2];

    mask_other_sihs(qts);
    twl_set(qts, 0x4a, 0xc6, CTRL_COR | CTRL_PENDDIS);      /* BCISIHCTRL */
    b[0] = b[1] = 0;
    twl_write(qts, 0x4a, 0xbb, b, 2);                       /* BCIIMR1A/2A */
    twl_set(qts, 0x4a, 0xc2, 0xf8);     /* BCISIR2: source 11 + unused bits */
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PIH, PIH_ISR_P1), ==, PIH_BCI);
    twl_read(qts, 0x4a, 0xb9, b, 2);    /* BCIISR1A, BCIISR2A in one read */
    g_assert_cmphex(b[0], ==, 0x00);
    g_assert_cmphex(b[1], ==, 0x08);
    g_assert_false(twl_int1(qts));
    twl_read(qts, 0x4a, 0xb9, b, 2);
    g_assert_cmphex(b[1], ==, 0x00);

    /* MADC: SIH_CTRL 0 means clear on read */
    twl_set(qts, 0x4a, 0x62, 0x00);                         /* MADC_IMR1 */
    twl_set(qts, 0x4a, 0x65, 0x02);                         /* MADC_SIR */
    g_assert_cmphex(twl_get(qts, PIH, PIH_ISR_P1), ==, PIH_MADC);
    twl_set(qts, 0x4a, 0x61, 0xff);     /* Linux's init write: no effect */
    g_assert_cmphex(twl_get(qts, 0x4a, 0x61), ==, 0x02);
    g_assert_cmphex(twl_get(qts, 0x4a, 0x61), ==, 0x00);
    g_assert_false(twl_int1(qts));
    /* and COR = 1 means clear on write */
    twl_set(qts, 0x4a, 0x67, CTRL_COR);
    twl_set(qts, 0x4a, 0x65, 0x02);
    g_assert_cmphex(twl_get(qts, 0x4a, 0x61), ==, 0x02);
    g_assert_cmphex(twl_get(qts, 0x4a, 0x61), ==, 0x02);
    twl_set(qts, 0x4a, 0x61, 0x02);
    g_assert_cmphex(twl_get(qts, 0x4a, 0x61), ==, 0x00);
    g_assert_false(twl_int1(qts));
    qtest_quit(qts);
}

/* Linux's init: mask all, SIH_CTRL = COR, read ISR twice; then a reset */
static void test_linux_init_and_reset(void)
{
    QTestState *qts = twl_start(NULL);

    mask_other_sihs(qts);
    /* an event pending from before Linux (IMR unmasked at reset) */
    twl_prop(qts, "pwron", true);
    g_assert_true(twl_int1(qts));
    twl_set(qts, PWR, PWR_IMR1, 0xff);
    twl_set(qts, PWR, PWR_SIH_CTRL, CTRL_COR);
    g_assert_false(twl_int1(qts));      /* masked: not asserting */
    twl_get(qts, PWR, PWR_ISR1);
    twl_get(qts, PWR, PWR_ISR1);
    /* nothing left once unmasked */
    twl_set(qts, PWR, PWR_IMR1, 0xf7);
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, 0);
    g_assert_false(twl_int1(qts));

    /* a system reset brings the registers back, INT1 down */
    twl_set(qts, PWR, PWR_IMR1, 0x00);
    twl_set(qts, PWR, PWR_SIR, 0x01);
    g_assert_true(twl_int1(qts));
    qtest_qmp_assert_success(qts, "{ 'execute': 'system_reset' }");
    qtest_qmp_eventwait(qts, "RESET");
    gta04_i2c_init(qts, TWL_I2C);
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PWR, PWR_ISR1), ==, 0);
    g_assert_cmphex(twl_get(qts, PWR, PWR_IMR1), ==, 0);
    g_assert_cmphex(twl_get(qts, PWR, PWR_SIH_CTRL), ==, 0);
    qtest_quit(qts);
}

/*
 * The GPIO SIH (18 sources) has 3 bytes per ISR/IMR/SIR group but 5 EDR
 * bytes: GPIO_EDR5 (0x49:0xC4) is byte 4 of its group, past the ISR width.
 * Issue 15's reproducer, as raw I2C1 register accesses (a one-byte write
 * of 0x00 to 0xC4): an undefined shift by 32 in the SIH (UBSan).
 */
static void test_gpio_edr5_reproducer(void)
{
    QTestState *qts = qtest_init("-M gta04");

    qtest_writew(qts, TWL_I2C + GTA04_I2C_SA, 0x49);
    qtest_writew(qts, TWL_I2C + GTA04_I2C_CNT, 0x2);
    /* EN MST TRX STP STT */
    qtest_writew(qts, TWL_I2C + GTA04_I2C_CON, 0x8603);
    qtest_writeb(qts, TWL_I2C + GTA04_I2C_DATA, 0xc4);  /* register 0xC4 */
    qtest_writeb(qts, TWL_I2C + GTA04_I2C_DATA, 0x0);   /* value 0 */
    /* QEMU is still there and the chip answers */
    gta04_i2c_init(qts, TWL_I2C);
    g_assert_cmphex(twl_get(qts, 0x49, 0xc4), ==, 0x00);
    qtest_quit(qts);
}

/*
 * GPIO_EDR5: GPIO16 falling/rising in bits 1:0, GPIO17 in bits 3:2; bits
 * 7:4 (sources 18, 19) do not exist and read 0.  A GPIO17 rising edge
 * latches GPIO_ISR1A byte 2 (0xB3) bit 1.
 */
static void test_gpio_edr5(void)
{
    QTestState *qts = twl_start(NULL);

    twl_set(qts, 0x49, 0xc5, CTRL_COR | CTRL_PENDDIS);  /* GPIO_SIH_CTRL */
    twl_set(qts, 0x49, 0xc4, 0xff);
    g_assert_cmphex(twl_get(qts, 0x49, 0xc4), ==, 0x0f);
    twl_set(qts, 0x49, 0xc4, 0x08);                     /* GPIO17 rising */
    g_assert_cmphex(twl_get(qts, 0x49, 0xc4), ==, 0x08);
    /* the other EDR bytes are untouched */
    g_assert_cmphex(twl_get(qts, 0x49, 0xc3), ==, 0x00);

    qtest_set_irq_in(qts, TWL_PATH "/gpio-sih", "source", 16, 1);
    qtest_set_irq_in(qts, TWL_PATH "/gpio-sih", "source", 17, 1);
    g_assert_cmphex(twl_get(qts, PIH, PIH_ISR_P1) & 0x01, ==, 0x01);
    g_assert_cmphex(twl_get(qts, 0x49, 0xb3), ==, 0x02);
    g_assert_cmphex(twl_get(qts, 0x49, 0xb3), ==, 0x00);
    qtest_set_irq_in(qts, TWL_PATH "/gpio-sih", "source", 17, 0);
    g_assert_cmphex(twl_get(qts, 0x49, 0xb3), ==, 0x00);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("twl4030/sih/reset-values", test_reset_values);
    qtest_add_func("twl4030/sih/clear-on-read", test_clear_on_read);
    qtest_add_func("twl4030/sih/write-one-to-clear", test_write_one_to_clear);
    qtest_add_func("twl4030/sih/masking", test_masking);
    qtest_add_func("twl4030/sih/no-module-mask", test_no_module_mask);
    qtest_add_func("twl4030/sih/edge-select", test_edge_select);
    qtest_add_func("twl4030/sih/sir", test_sir);
    qtest_add_func("twl4030/sih/exclusive", test_exclusive);
    qtest_add_func("twl4030/sih/pending-buffer", test_pending_buffer);
    qtest_add_func("twl4030/sih/single-relatch", test_single_relatch);
    qtest_add_func("twl4030/sih/bci-madc", test_bci_madc);
    qtest_add_func("twl4030/sih/linux-init-and-reset", test_linux_init_and_reset);
    qtest_add_func("twl4030/sih/gpio-edr5-reproducer",
                   test_gpio_edr5_reproducer);
    qtest_add_func("twl4030/sih/gpio-edr5", test_gpio_edr5);

    return g_test_run();
}
