/*
 * qtest for the DM3730 GPIO banks (omap3-gpio) on the gta04 machine
 *
 * Register semantics from the DM37x TRM chapter 25 as Linux's gpio-omap
 * driver uses them; the pins are driven with set_irq_in on the bank's
 * QOM path and observed with irq_intercept_out.
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

#define GPIO1_BASE  dm3730_addr(DM3730_DEV_GPIO1)
#define GPIO2_BASE  dm3730_addr(DM3730_DEV_GPIO2)
#define GPIO1_IRQ   dm3730_irq(DM3730_DEV_GPIO1)    /* INTC line */
#define GPIO2_IRQ   dm3730_irq(DM3730_DEV_GPIO2)

#define REVISION        0x00
#define SYSCONFIG       0x10
#define SYSSTATUS       0x14
#define IRQSTATUS1      0x18
#define IRQENABLE1      0x1c
#define WAKEUPENABLE    0x20
#define IRQSTATUS2      0x28
#define IRQENABLE2      0x2c
#define CTRL            0x30
#define OE              0x34
#define DATAIN          0x38
#define DATAOUT         0x3c
#define LEVELDETECT0    0x40
#define LEVELDETECT1    0x44
#define RISINGDETECT    0x48
#define FALLINGDETECT   0x4c
#define DEBOUNCENABLE   0x50
#define DEBOUNCINGTIME  0x54
#define CLEARIRQENABLE1 0x60
#define SETIRQENABLE1   0x64
#define CLEARIRQENABLE2 0x70
#define SETIRQENABLE2   0x74
#define CLEARWKUENA     0x80
#define SETWKUENA       0x84
#define CLEARDATAOUT    0x90
#define SETDATAOUT      0x94

static uint32_t bank_base(int n)
{
    return n == 1 ? GPIO1_BASE : GPIO2_BASE + 0x2000 * (n - 2);
}

static uint32_t rd(QTestState *qts, uint32_t base, uint32_t reg)
{
    return qtest_readl(qts, base + reg);
}

static void wr(QTestState *qts, uint32_t base, uint32_t reg, uint32_t val)
{
    qtest_writel(qts, base + reg, val);
}

static void set_pin(QTestState *qts, int bank, int line, int level)
{
    g_autofree char *path = g_strdup_printf("/machine/soc/gpio%d", bank);

    qtest_set_irq_in(qts, path, NULL, line, level);
}

/* Reset values of the six banks, REVISION also with 16-bit reads */
static void test_reset_values(void)
{
    QTestState *qts = qtest_init("-M gta04");
    int n;

    for (n = 1; n <= 6; n++) {
        uint32_t b = bank_base(n);

        g_assert_cmphex(rd(qts, b, REVISION), ==, 0x25);
        g_assert_cmphex(qtest_readw(qts, b + REVISION), ==, 0x25);
        g_assert_cmphex(rd(qts, b, SYSSTATUS), ==, 0x1);
        g_assert_cmphex(rd(qts, b, SYSCONFIG), ==, 0);
        g_assert_cmphex(rd(qts, b, CTRL), ==, 0x2);
        g_assert_cmphex(rd(qts, b, OE), ==, 0xffffffff);
        g_assert_cmphex(rd(qts, b, DATAOUT), ==, 0);
        g_assert_cmphex(rd(qts, b, DATAIN), ==, 0);
        g_assert_cmphex(rd(qts, b, IRQENABLE1), ==, 0);
        g_assert_cmphex(rd(qts, b, IRQENABLE2), ==, 0);
        g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 0);
        g_assert_cmphex(rd(qts, b, IRQSTATUS2), ==, 0);
        g_assert_cmphex(rd(qts, b, LEVELDETECT0), ==, 0);
        g_assert_cmphex(rd(qts, b, RISINGDETECT), ==, 0);
    }
    qtest_quit(qts);
}

/* SYSCONFIG.SOFTRESET self-clears and resets the registers */
static void test_softreset(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint32_t b = bank_base(3);

    wr(qts, b, SYSCONFIG, 0x15);
    g_assert_cmphex(rd(qts, b, SYSCONFIG), ==, 0x15);
    wr(qts, b, OE, 0xffff0000);
    wr(qts, b, DATAOUT, 0x1234);
    wr(qts, b, IRQENABLE1, 0xff);
    wr(qts, b, RISINGDETECT, 0xf0);
    wr(qts, b, DEBOUNCINGTIME, 0x1ff);
    g_assert_cmphex(rd(qts, b, DEBOUNCINGTIME), ==, 0xff);
    wr(qts, b, CTRL, 0);

    wr(qts, b, SYSCONFIG, 0x2);
    g_assert_cmphex(rd(qts, b, SYSCONFIG), ==, 0);
    g_assert_cmphex(rd(qts, b, SYSSTATUS), ==, 1);
    g_assert_cmphex(rd(qts, b, OE), ==, 0xffffffff);
    g_assert_cmphex(rd(qts, b, DATAOUT), ==, 0);
    g_assert_cmphex(rd(qts, b, IRQENABLE1), ==, 0);
    g_assert_cmphex(rd(qts, b, RISINGDETECT), ==, 0);
    g_assert_cmphex(rd(qts, b, DEBOUNCINGTIME), ==, 0);
    g_assert_cmphex(rd(qts, b, CTRL), ==, 0x2);
    qtest_quit(qts);
}

/* OE, DATAOUT, SET/CLEARDATAOUT and the output pins */
static void test_dataout(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint32_t b = bank_base(1);

    qtest_irq_intercept_out(qts, "/machine/soc/gpio1");

    wr(qts, b, SETDATAOUT, 0x5);
    g_assert_cmphex(rd(qts, b, DATAOUT), ==, 0x5);
    wr(qts, b, CLEARDATAOUT, 0x1);
    g_assert_cmphex(rd(qts, b, DATAOUT), ==, 0x4);
    /* SET/CLEAR read back DATAOUT */
    g_assert_cmphex(rd(qts, b, SETDATAOUT), ==, 0x4);
    /* inputs: the pins are not driven, DATAIN shows the (low) inputs */
    g_assert_false(qtest_get_irq(qts, 2));
    g_assert_cmphex(rd(qts, b, DATAIN), ==, 0);

    /* lines 0..3 become outputs */
    wr(qts, b, OE, 0xfffffff0);
    g_assert_true(qtest_get_irq(qts, 2));
    g_assert_false(qtest_get_irq(qts, 0));
    g_assert_cmphex(rd(qts, b, DATAIN), ==, 0x4);   /* the pads follow */
    wr(qts, b, SETDATAOUT, 0x1);
    g_assert_true(qtest_get_irq(qts, 0));
    wr(qts, b, DATAOUT, 0x0);
    g_assert_false(qtest_get_irq(qts, 0));
    g_assert_false(qtest_get_irq(qts, 2));
    /* line 4 is an input: its DATAOUT bit does not reach the pin */
    wr(qts, b, SETDATAOUT, 0x10);
    g_assert_false(qtest_get_irq(qts, 4));

    /* byte writes act on their byte lane: SETDATAOUT bit 8 */
    qtest_writeb(qts, b + SETDATAOUT + 1, 0x01);
    g_assert_cmphex(rd(qts, b, DATAOUT), ==, 0x110);
    qtest_writew(qts, b + CLEARDATAOUT, 0x0010);
    g_assert_cmphex(rd(qts, b, DATAOUT), ==, 0x100);
    qtest_quit(qts);
}

/* DATAIN follows the input pins of input lines */
static void test_datain(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint32_t b = bank_base(2);

    set_pin(qts, 2, 7, 1);
    g_assert_cmphex(rd(qts, b, DATAIN), ==, 1u << 7);
    set_pin(qts, 2, 31, 1);
    g_assert_cmphex(rd(qts, b, DATAIN), ==, (1u << 7) | (1u << 31));
    set_pin(qts, 2, 7, 0);
    g_assert_cmphex(rd(qts, b, DATAIN), ==, 1u << 31);
    /* an output line reads its DATAOUT bit, whatever the pin input */
    wr(qts, b, OE, ~(1u << 31));
    g_assert_cmphex(rd(qts, b, DATAIN), ==, 0);
    wr(qts, b, OE, 0xffffffff);
    g_assert_cmphex(rd(qts, b, DATAIN), ==, 1u << 31);
    /* other banks are not affected */
    g_assert_cmphex(rd(qts, bank_base(3), DATAIN), ==, 0);
    qtest_quit(qts);
}

/* Edge detection latches; W1C clears for good */
static void test_edge_detect(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint32_t b = bank_base(1);

    wr(qts, b, RISINGDETECT, 1u << 3);
    wr(qts, b, FALLINGDETECT, 1u << 4);
    wr(qts, b, SETIRQENABLE1, (1u << 3) | (1u << 4));

    set_pin(qts, 1, 3, 1);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 1u << 3);
    set_pin(qts, 1, 3, 0);                      /* falling: not selected */
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 1u << 3);
    wr(qts, b, IRQSTATUS1, 1u << 3);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 0);

    set_pin(qts, 1, 4, 1);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 0);
    set_pin(qts, 1, 4, 0);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 1u << 4);
    /* W1C of another bit leaves it */
    wr(qts, b, IRQSTATUS1, 1u << 3);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 1u << 4);
    wr(qts, b, IRQSTATUS1, 0xffffffff);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 0);

    /* no events while CTRL.DISABLEMODULE gates the clocks */
    wr(qts, b, CTRL, 0x1);
    set_pin(qts, 1, 3, 1);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 0);
    set_pin(qts, 1, 3, 0);
    wr(qts, b, CTRL, 0x0);
    set_pin(qts, 1, 3, 1);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 1u << 3);
    qtest_quit(qts);
}

/* Level detection stays pending while the level holds */
static void test_level_detect(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint32_t b = bank_base(4);

    wr(qts, b, LEVELDETECT1, 1u << 5);
    wr(qts, b, IRQENABLE1, 1u << 5);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 0);
    set_pin(qts, 4, 5, 1);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 1u << 5);
    wr(qts, b, IRQSTATUS1, 1u << 5);            /* still high: re-set */
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 1u << 5);
    set_pin(qts, 4, 5, 0);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 1u << 5);
    wr(qts, b, IRQSTATUS1, 1u << 5);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 0);

    /*
     * Level low on a low pin triggers when written, like the software
     * interrupt of Linux's omap_gpio_unidle (LEVELDETECT0 | LEVELDETECT1)
     */
    wr(qts, b, SETIRQENABLE1, 1u << 6);
    wr(qts, b, LEVELDETECT0, 1u << 6);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 1u << 6);
    wr(qts, b, LEVELDETECT0, 0);
    wr(qts, b, IRQSTATUS1, 1u << 6);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 0);

    /* enabling a line whose level is already there raises it */
    wr(qts, b, CLEARIRQENABLE1, 1u << 5);
    set_pin(qts, 4, 5, 1);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 0);
    wr(qts, b, SETIRQENABLE1, 1u << 5);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 1u << 5);
    qtest_quit(qts);
}

/* IRQENABLE1/2 with their SET/CLEAR aliases; the two status registers */
static void test_irqenable(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint32_t b = bank_base(5);

    wr(qts, b, SETIRQENABLE1, 0x3);
    g_assert_cmphex(rd(qts, b, IRQENABLE1), ==, 0x3);
    wr(qts, b, CLEARIRQENABLE1, 0x1);
    g_assert_cmphex(rd(qts, b, IRQENABLE1), ==, 0x2);
    g_assert_cmphex(rd(qts, b, CLEARIRQENABLE1), ==, 0x2);
    wr(qts, b, SETIRQENABLE2, 0x30);
    wr(qts, b, CLEARIRQENABLE2, 0x10);
    g_assert_cmphex(rd(qts, b, IRQENABLE2), ==, 0x20);
    g_assert_cmphex(rd(qts, b, IRQENABLE1), ==, 0x2);
    wr(qts, b, SETWKUENA, 0x0f);
    wr(qts, b, CLEARWKUENA, 0x03);
    g_assert_cmphex(rd(qts, b, WAKEUPENABLE), ==, 0x0c);

    /* events are recorded per status register, for its enabled lines */
    wr(qts, b, RISINGDETECT, 0x22);
    set_pin(qts, 5, 5, 1);
    g_assert_cmphex(rd(qts, b, IRQSTATUS2), ==, 0x20);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 0);
    set_pin(qts, 5, 1, 1);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 0x2);
    g_assert_cmphex(rd(qts, b, IRQSTATUS2), ==, 0x20);
    wr(qts, b, IRQSTATUS2, 0x20);
    g_assert_cmphex(rd(qts, b, IRQSTATUS2), ==, 0);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 0x2);
    qtest_quit(qts);
}

/* The MPU interrupt line of GPIO1 at the INTC */
static void test_irq_line(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint32_t b = bank_base(1);

    qtest_irq_intercept_in(qts, "/machine/soc/intc");
    wr(qts, b, RISINGDETECT, 1u << 9);
    set_pin(qts, 1, 9, 1);
    /* status without enable: no event recorded, no interrupt */
    g_assert_false(qtest_get_irq(qts, GPIO1_IRQ));
    set_pin(qts, 1, 9, 0);
    wr(qts, b, IRQENABLE1, 1u << 9);
    set_pin(qts, 1, 9, 1);
    g_assert_true(qtest_get_irq(qts, GPIO1_IRQ));
    /* masking in IRQENABLE1 lowers the line, unmasking raises it again */
    wr(qts, b, IRQENABLE1, 0);
    g_assert_false(qtest_get_irq(qts, GPIO1_IRQ));
    wr(qts, b, IRQENABLE1, 1u << 9);
    g_assert_true(qtest_get_irq(qts, GPIO1_IRQ));
    wr(qts, b, IRQSTATUS1, 1u << 9);
    g_assert_false(qtest_get_irq(qts, GPIO1_IRQ));
    g_assert_false(qtest_get_irq(qts, GPIO2_IRQ));
    qtest_quit(qts);
}

/* Registers, pin levels and pending events survive savevm/loadvm */
static void test_migration(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint32_t b = bank_base(6);

    wr(qts, b, SYSCONFIG, 0x15);
    wr(qts, b, OE, 0xffff0000);
    wr(qts, b, DATAOUT, 0xabcd);
    wr(qts, b, LEVELDETECT1, 1u << 20);
    wr(qts, b, RISINGDETECT, 1u << 21);
    wr(qts, b, FALLINGDETECT, 1u << 22);
    wr(qts, b, IRQENABLE1, (1u << 20) | (1u << 21));
    wr(qts, b, IRQENABLE2, 1u << 22);
    wr(qts, b, WAKEUPENABLE, 0x00700000);
    wr(qts, b, DEBOUNCENABLE, 0x0f000000);
    wr(qts, b, DEBOUNCINGTIME, 0x7f);
    wr(qts, b, CTRL, 0x4);
    set_pin(qts, 6, 20, 1);
    set_pin(qts, 6, 21, 1);
    set_pin(qts, 6, 23, 1);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, (1u << 20) | (1u << 21));

    qts = gta04_migrate(qts, "-M gta04");

    g_assert_cmphex(rd(qts, b, SYSCONFIG), ==, 0x15);
    g_assert_cmphex(rd(qts, b, OE), ==, 0xffff0000);
    g_assert_cmphex(rd(qts, b, DATAOUT), ==, 0xabcd);
    g_assert_cmphex(rd(qts, b, DATAIN), ==, 0x00b0abcd);
    g_assert_cmphex(rd(qts, b, LEVELDETECT1), ==, 1u << 20);
    g_assert_cmphex(rd(qts, b, RISINGDETECT), ==, 1u << 21);
    g_assert_cmphex(rd(qts, b, FALLINGDETECT), ==, 1u << 22);
    g_assert_cmphex(rd(qts, b, IRQENABLE1), ==, (1u << 20) | (1u << 21));
    g_assert_cmphex(rd(qts, b, IRQENABLE2), ==, 1u << 22);
    g_assert_cmphex(rd(qts, b, WAKEUPENABLE), ==, 0x00700000);
    g_assert_cmphex(rd(qts, b, DEBOUNCENABLE), ==, 0x0f000000);
    g_assert_cmphex(rd(qts, b, DEBOUNCINGTIME), ==, 0x7f);
    g_assert_cmphex(rd(qts, b, CTRL), ==, 0x4);
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, (1u << 20) | (1u << 21));
    /* the edge clears, the level (pin 20 still high) stays */
    wr(qts, b, IRQSTATUS1, (1u << 20) | (1u << 21));
    g_assert_cmphex(rd(qts, b, IRQSTATUS1), ==, 1u << 20);
    /* and the edge detectors still know the pin levels */
    set_pin(qts, 6, 22, 1);
    g_assert_cmphex(rd(qts, b, IRQSTATUS2), ==, 0);
    set_pin(qts, 6, 22, 0);
    g_assert_cmphex(rd(qts, b, IRQSTATUS2), ==, 1u << 22);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("/omap3-gpio/reset-values", test_reset_values);
    qtest_add_func("/omap3-gpio/softreset", test_softreset);
    qtest_add_func("/omap3-gpio/dataout", test_dataout);
    qtest_add_func("/omap3-gpio/datain", test_datain);
    qtest_add_func("/omap3-gpio/edge-detect", test_edge_detect);
    qtest_add_func("/omap3-gpio/level-detect", test_level_detect);
    qtest_add_func("/omap3-gpio/irqenable", test_irqenable);
    qtest_add_func("/omap3-gpio/irq-line", test_irq_line);
    qtest_add_func("/omap3-gpio/migration", test_migration);

    return g_test_run();
}
