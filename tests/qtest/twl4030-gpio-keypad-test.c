/*
 * qtest for the TWL4030 GPIO module (0x49:0x98-0xB0), the keypad
 * controller (0x4A:0xD2-0xE2) and the LED/PWM registers (0x4A:0xEE-0xFC),
 * through the OMAP3 I2C1 controller; pins and keys are driven through
 * their qdev inputs
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include "twl4030-qtest.h"

#define GPIO        "/machine/twl4030/gpio"
#define KEYPAD      "/machine/twl4030/keypad"

/* GPIO (0x49) */
#define GPIODATAIN1         0x98
#define GPIODATAIN3         0x9a
#define GPIODATADIR1        0x9b
#define GPIODATADIR3        0x9d
#define GPIODATAOUT1        0x9e
#define GPIODATAOUT3        0xa0
#define CLEARGPIODATAOUT1   0xa1
#define SETGPIODATAOUT1     0xa4
#define SETGPIODATAOUT3     0xa6
#define GPIO_DEBEN1         0xa7
#define GPIO_CTRL           0xaa
#define GPIOPUPDCTR1        0xab
#define GPIOPUPDCTR5        0xaf
#define GPIO_ISR1A          0xb1
#define GPIO_IMR1A          0xb4
#define GPIO_EDR1           0xc0
#define GPIO_SIH_CTRL       0xc5
#define PIH_GPIO            (1 << 0)

/* keypad (0x4A) */
#define KEYP_CTRL           0xd2
#define KEY_DEB             0xd3
#define LK_PTV              0xd5
#define KBC                 0xd8
#define KBR                 0xd9
#define KEYP_SMS            0xda
#define FULL_CODE_7_0       0xdb
#define KEYP_ISR1           0xe3
#define KEYP_IMR1           0xe4
#define KEYP_EDR            0xe8
#define KEYP_SIH_CTRL       0xe9
#define PIH_KEYPAD          (1 << 1)

/* LED / PWM (0x4A) */
#define LEDEN               0xee
#define PWMAON              0xef
#define PWMBOFF             0xf2
#define PWM0ON              0xf8
#define PWM1OFF             0xfc

static void test_gpio_registers(void)
{
    QTestState *qts = twl_start(NULL);
    uint8_t pupd[5];
    int i;

    /* every pull-down on at reset, nothing driven: all pins read 0 */
    g_assert_cmpint(gta04_i2c_read_reg(qts, TWL_I2C, TWL_INTBR,
                                       GPIOPUPDCTR1, pupd, 5), ==, 0);
    for (i = 0; i < 4; i++) {
        g_assert_cmphex(pupd[i], ==, 0x55);
    }
    g_assert_cmphex(pupd[4], ==, 0x05);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIODATAIN1), ==, 0);

    /* gpio_twl4030_pulls() for the GTA04: pull-up on GPIO2 */
    pupd[0] = 0x25;
    g_assert_cmpint(gta04_i2c_write_reg(qts, TWL_I2C, TWL_INTBR,
                                        GPIOPUPDCTR1, pupd, 5), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIODATAIN1), ==, 0x04);

    /* outputs: DATADIR, SET/CLEAR (write-only, read 0), DATAIN follows */
    twl_set(qts, TWL_INTBR, GPIODATADIR1, 0x81);
    twl_set(qts, TWL_INTBR, SETGPIODATAOUT1, 0x81);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIODATAOUT1), ==, 0x81);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, SETGPIODATAOUT1), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIODATAIN1), ==, 0x85);
    twl_set(qts, TWL_INTBR, CLEARGPIODATAOUT1, 0x01);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIODATAOUT1), ==, 0x80);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIODATAIN1), ==, 0x84);
    /* DATAOUT of an input pin does not show on DATAIN */
    twl_set(qts, TWL_INTBR, SETGPIODATAOUT1, 0x10);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIODATAIN1), ==, 0x84);
    /* bank 3 has GPIO16 and GPIO17 only */
    twl_set(qts, TWL_INTBR, GPIODATADIR3, 0xff);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIODATADIR3), ==, 0x03);
    twl_set(qts, TWL_INTBR, SETGPIODATAOUT3, 0xff);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIODATAOUT3), ==, 0x03);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIODATAIN3), ==, 0x03);
    /* DATAIN is read-only; DEBEN and GPIO_CTRL store */
    twl_set(qts, TWL_INTBR, GPIODATAIN1, 0x00);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIODATAIN1), ==, 0x84);
    twl_set(qts, TWL_INTBR, GPIO_DEBEN1, 0x5a);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIO_DEBEN1), ==, 0x5a);
    twl_set(qts, TWL_INTBR, GPIO_CTRL, 0xff);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIO_CTRL), ==, 0x07);
    qtest_quit(qts);
}

/* An input pin driven from outside, and its edge in the GPIO SIH */
static void test_gpio_input_irq(void)
{
    QTestState *qts = twl_start(NULL);

    /* gpio-twl4030: COR; GPIO3 rising edge (EDR1 bits 7:6 = 10) */
    twl_set(qts, TWL_INTBR, GPIO_SIH_CTRL, 0x04);
    twl_set(qts, TWL_INTBR, GPIO_EDR1, 0x80);
    twl_set(qts, TWL_INTBR, GPIO_IMR1A, (uint8_t)~0x08);
    twl_rd_isr(qts, TWL_INTBR, GPIO_ISR1A);

    qtest_set_irq_in(qts, GPIO, NULL, 3, 1);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIODATAIN1), ==, 0x08);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_GPIO, ==,
                    PIH_GPIO);
    g_assert_cmphex(twl_rd_isr(qts, TWL_INTBR, GPIO_ISR1A), ==, 0x08);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_GPIO, ==, 0);
    /* the falling edge is not selected */
    qtest_set_irq_in(qts, GPIO, NULL, 3, 0);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIODATAIN1), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIO_ISR1A), ==, 0);
    /* a driven pin no longer follows its pull-up */
    twl_set(qts, TWL_INTBR, GPIOPUPDCTR1, 0x80);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, GPIODATAIN1), ==, 0);
    qtest_quit(qts);
}

static void test_gpio_outputs(void)
{
    QTestState *qts = twl_start(NULL);

    qtest_irq_intercept_out(qts, GPIO);
    twl_set(qts, TWL_INTBR, GPIODATADIR1, 0x20);
    g_assert_false(qtest_get_irq(qts, 5));
    twl_set(qts, TWL_INTBR, SETGPIODATAOUT1, 0x20);
    g_assert_true(qtest_get_irq(qts, 5));
    /* back to input: the pin is no longer driven */
    twl_set(qts, TWL_INTBR, GPIODATADIR1, 0x00);
    g_assert_false(qtest_get_irq(qts, 5));
    qtest_quit(qts);
}

static void keypad_press(QTestState *qts, int row, int col, bool held)
{
    qtest_set_irq_in(qts, KEYPAD, "key", 8 * row + col, held);
}

static void test_keypad(void)
{
    QTestState *qts = twl_start(NULL);
    uint8_t code[8];

    g_assert_cmphex(twl_get(qts, TWL_AUX, KEYP_CTRL), ==, 0x03);
    g_assert_cmphex(twl_get(qts, TWL_AUX, LK_PTV), ==, 0xe0);
    g_assert_cmphex(twl_get(qts, TWL_AUX, KBC), ==, 0xff);
    g_assert_cmphex(twl_get(qts, TWL_AUX, KBR), ==, 0xff);
    g_assert_cmphex(twl_get(qts, TWL_AUX, KEYP_SMS), ==, 0x01);
    twl_set(qts, TWL_AUX, KEY_DEB, 0xff);
    g_assert_cmphex(twl_get(qts, TWL_AUX, KEY_DEB), ==, 0x3f);

    /* twl4030_kp_program(): hardware scan on, KP on both edges, COR */
    twl_set(qts, TWL_AUX, KEYP_CTRL, 0x40 | 0x01);
    twl_set(qts, TWL_AUX, KEYP_EDR, 0x03);
    twl_set(qts, TWL_AUX, KEYP_SIH_CTRL, 0x04);
    twl_set(qts, TWL_AUX, KEYP_IMR1, (uint8_t)~0x01);
    twl_rd_isr(qts, TWL_AUX, KEYP_ISR1);

    keypad_press(qts, 2, 3, true);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_KEYPAD, ==,
                    PIH_KEYPAD);
    g_assert_cmphex(twl_rd_isr(qts, TWL_AUX, KEYP_ISR1), ==, 0x01);
    g_assert_cmpint(gta04_i2c_read_reg(qts, TWL_I2C, TWL_AUX,
                                       FULL_CODE_7_0, code, 8), ==, 0);
    g_assert_cmphex(code[2], ==, 0x08);
    g_assert_cmphex(code[0] | code[1] | code[3] | code[7], ==, 0);
    /* row read: column 3 driven low shows row 2; another column does not */
    twl_set(qts, TWL_AUX, KBC, (uint8_t)~0x08);
    g_assert_cmphex(twl_get(qts, TWL_AUX, KBR), ==, (uint8_t)~0x04);
    twl_set(qts, TWL_AUX, KBC, (uint8_t)~0x01);
    g_assert_cmphex(twl_get(qts, TWL_AUX, KBR), ==, 0xff);
    /* KBR is read-only */
    twl_set(qts, TWL_AUX, KBR, 0);
    g_assert_cmphex(twl_get(qts, TWL_AUX, KBR), ==, 0xff);

    keypad_press(qts, 2, 3, false);
    g_assert_cmphex(twl_rd_isr(qts, TWL_AUX, KEYP_ISR1), ==, 0x01);
    g_assert_cmphex(twl_get(qts, TWL_AUX, FULL_CODE_7_0 + 2), ==, 0);

    /* scanner off: no event, no code */
    twl_set(qts, TWL_AUX, KEYP_CTRL, 0x01);
    keypad_press(qts, 0, 0, true);
    g_assert_cmphex(twl_get(qts, TWL_AUX, KEYP_ISR1), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_AUX, FULL_CODE_7_0), ==, 0);
    qtest_quit(qts);
}

static void test_ledpwm(void)
{
    QTestState *qts = twl_start(NULL);
    uint8_t pwm[2] = { 0x7f, 0x7f };

    g_assert_cmphex(twl_get(qts, TWL_AUX, LEDEN), ==, 0);
    /* twl_request() for LEDA: PWMAOFF then PWMAON, LEDEN */
    g_assert_cmpint(gta04_i2c_write_reg(qts, TWL_I2C, TWL_AUX,
                                        PWMAON, pwm, 2), ==, 0);
    twl_set(qts, TWL_AUX, LEDEN, 0x11);
    g_assert_cmphex(twl_get(qts, TWL_AUX, LEDEN), ==, 0x11);
    g_assert_cmphex(twl_get(qts, TWL_AUX, PWMAON), ==, 0x7f);
    twl_set(qts, TWL_AUX, PWMBOFF, 0x22);
    g_assert_cmphex(twl_get(qts, TWL_AUX, PWMBOFF), ==, 0x22);
    /* pwm-twl: PWM0 at 0xF8/0xF9, PWM1 at 0xFB/0xFC */
    pwm[0] = 1;
    pwm[1] = 64;
    g_assert_cmpint(gta04_i2c_write_reg(qts, TWL_I2C, TWL_AUX,
                                        PWM0ON, pwm, 2), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_AUX, PWM0ON + 1), ==, 64);
    twl_set(qts, TWL_AUX, PWM1OFF, 0x33);
    g_assert_cmphex(twl_get(qts, TWL_AUX, PWM1OFF), ==, 0x33);
    /* 0xFA is no register */
    twl_set(qts, TWL_AUX, 0xfa, 0x44);
    g_assert_cmphex(twl_get(qts, TWL_AUX, 0xfa), ==, 0);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("twl4030/gpio/registers", test_gpio_registers);
    qtest_add_func("twl4030/gpio/input-irq", test_gpio_input_irq);
    qtest_add_func("twl4030/gpio/outputs", test_gpio_outputs);
    qtest_add_func("twl4030/keypad/matrix", test_keypad);
    qtest_add_func("twl4030/ledpwm/registers", test_ledpwm);

    return g_test_run();
}
