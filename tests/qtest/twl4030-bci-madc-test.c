/*
 * qtest for the TWL4030 monitoring ADC (MADC, 0x4A:0x00-0x60) and battery
 * charger interface (BCI, 0x4A:0x74-0xB8), through the OMAP3 I2C1
 * controller with the sequences of Linux's twl4030-madc and
 * twl4030_charger
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include "twl4030-qtest.h"
#include "gta04-migrate.h"
#include "gta04-late-timers.h"

/* MADC */
#define MADC_CTRL1          0x00
#define SW1SELECT_LSB       0x06
#define SW1AVERAGE_LSB      0x08
#define SW2SELECT_LSB       0x0a
#define CTRL_SW1            0x12
#define CTRL_SW2            0x13
#define GPCH0_LSB           0x37
#define BCICH0_LSB          0x57
#define MADCON              0x01
#define SW_START            0x20
#define BUSY                0x01
#define EOC_SW              0x02
#define MADC_SW1            (1 << 1)
#define MADC_SW2            (1 << 2)

/* BCI */
#define BCIMDEN             0x74
#define BCIMDKEY            0x75
#define BCIVBAT             0x78
#define BCITBAT             0x7a
#define BCIICHG             0x7c
#define BCIVAC              0x7e
#define BCIVBUS             0x80
#define BCIMFKEY            0x85
#define BCIMFEN3            0x88
#define BCIMFTH8            0x91
#define BCIMFTH9            0x92
#define BCICTL1             0x97
#define BCICTL2             0x98
#define BCIIREF1            0x9b
#define BCIIREF2            0x9c

#define BCI_BATSTS          (1 << 7)
#define BCI_VBATOV          (1 << 1)        /* BCIISR2A */
#define MSTATEC_AC          (1 << 5)
#define FSM_NONE            0x0
#define FSM_OFF             0x1
#define FSM_QUICK1          0x2
#define FSM_COMPLETE1       0xb

/* Conversion time (TPS65950 table 9-3): 6 us + 26 us per channel (x4 avg) */
#define CONV_NS(n)          ((6 + 26 * (n)) * 1000)

static void madc_select(QTestState *qts, uint8_t sel_lsb, uint16_t channels)
{
    uint8_t v[2] = { channels & 0xff, channels >> 8 };

    g_assert_cmpint(gta04_i2c_write_reg(qts, TWL_I2C, TWL_AUX,
                                        sel_lsb, v, 2), ==, 0);
}

/* twl4030_madc_channel_raw_read(): LE16 >> 6 */
static unsigned madc_result(QTestState *qts, int ch)
{
    uint8_t v[2];

    g_assert_cmpint(gta04_i2c_read_reg(qts, TWL_I2C, TWL_AUX,
                                       GPCH0_LSB + 2 * ch, v, 2), ==, 0);
    g_assert_cmphex(v[0] & 0x3f, ==, 0);
    return (v[0] | v[1] << 8) >> 6;
}

/* One SW1 conversion of the given channels, waiting like Linux polls */
static void madc_convert(QTestState *qts, uint16_t channels)
{
    int i;

    madc_select(qts, SW1SELECT_LSB, channels);
    twl_set(qts, TWL_AUX, CTRL_SW1, SW_START);
    for (i = 0; i < 10; i++) {
        uint8_t st = twl_get(qts, TWL_AUX, CTRL_SW1);

        if (!(st & BUSY) && (st & EOC_SW)) {
            return;
        }
        qtest_clock_step(qts, 500 * 1000);  /* usleep_range(500, 2000) */
    }
    g_assert_not_reached();
}

/*
 * A conversion (tens of us) is over before one register read over a timed
 * bus (about 95 us at 400 kHz) has sampled its status: the tests of the
 * MADC's and the BCI debounce's own timing read them through an untimed
 * bus, which samples at the ns they choose.
 */
#define BUS_UNTIMED    "-global omap3-i2c.bus-timing=off"

/* BUSY / EOC_SW timing and the VBAT (ADCIN12, 1/4 prescaler) result */
static void test_madc_vbat(void)
{
    QTestState *qts = twl_start(BUS_UNTIMED);

    /* powered off: SW_START does nothing */
    madc_select(qts, SW1SELECT_LSB, 1 << 12);
    twl_set(qts, TWL_AUX, CTRL_SW1, SW_START);
    g_assert_cmphex(twl_get(qts, TWL_AUX, CTRL_SW1) & (BUSY | EOC_SW), ==, 0);

    twl_set(qts, TWL_AUX, MADC_CTRL1, MADCON);
    g_assert_cmphex(twl_get(qts, TWL_AUX, MADC_CTRL1), ==, MADCON);
    twl_set(qts, TWL_AUX, CTRL_SW1, SW_START);
    g_assert_cmphex(twl_get(qts, TWL_AUX, CTRL_SW1) &
                    (BUSY | EOC_SW | SW_START), ==, BUSY);
    qtest_clock_step(qts, CONV_NS(1) - 1000);
    g_assert_cmphex(twl_get(qts, TWL_AUX, CTRL_SW1) & (BUSY | EOC_SW), ==,
                    BUSY);
    qtest_clock_step(qts, 1000);
    g_assert_cmphex(twl_get(qts, TWL_AUX, CTRL_SW1) & (BUSY | EOC_SW), ==,
                    EOC_SW);
    /* 3800 mV / 4 on a 1.5 V, 10-bit scale */
    g_assert_cmpuint(madc_result(qts, 12), ==, 3800 * 1023 / 6000);
    /* twl4030-madc: mV = code * 3000 * 4 / 2046, within one step */
    g_assert_cmpuint(madc_result(qts, 12) * 3000 * 4 / 2046, >=, 3790);

    /* a new battery voltage from the chip's property */
    twl_qom_set_int(qts, TWL_PATH, "battery-mv", 4100);
    g_assert_cmpuint(madc_result(qts, 12), ==, 3800 * 1023 / 6000);
    madc_convert(qts, 1 << 12);
    g_assert_cmpuint(madc_result(qts, 12), ==, 4100 * 1023 / 6000);

    /* averaging takes four times longer per channel */
    madc_select(qts, SW1AVERAGE_LSB, 1 << 12);
    twl_set(qts, TWL_AUX, CTRL_SW1, SW_START);
    qtest_clock_step(qts, CONV_NS(4) - 1000);
    g_assert_cmphex(twl_get(qts, TWL_AUX, CTRL_SW1) & BUSY, ==, BUSY);
    qtest_clock_step(qts, 1000);
    g_assert_cmphex(twl_get(qts, TWL_AUX, CTRL_SW1) & (BUSY | EOC_SW), ==,
                    EOC_SW);
    qtest_quit(qts);
}

/* The other channels, and the end-of-conversion interrupts */
static void test_madc_channels_irq(void)
{
    QTestState *qts = twl_start(BUS_UNTIMED);
    unsigned code, mv, ohm;

    twl_set(qts, TWL_AUX, MADC_CTRL1, MADCON);
    twl_set(qts, TWL_AUX, MADC_IMR1, (uint8_t)~(MADC_SW1 | MADC_SW2));
    twl_rd_isr(qts, TWL_AUX, MADC_ISR1);

    madc_convert(qts, 1 << 1 | 1 << 8 | 1 << 9 | 1 << 10 | 1 << 11);
    /* SW1 end of conversion -> MADC SIH -> PIH bit 3 */
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_MADC, ==,
                    PIH_MADC);
    g_assert_cmphex(twl_rd_isr(qts, TWL_AUX, MADC_ISR1), ==, MADC_SW1);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_MADC, ==, 0);

    /* no cable, no charger: VBUS (ADCIN8) and VAC (ADCIN11) 0 */
    g_assert_cmpuint(madc_result(qts, 8), ==, 0);
    g_assert_cmpuint(madc_result(qts, 11), ==, 0);
    /* backup battery 3.2 V, 1/3 prescaler */
    g_assert_cmpuint(madc_result(qts, 9), ==, 3200 * 1023 / 4500);
    /* no charge current: twl4030-madc reads code * 147 / 88 - 750 = 0 */
    code = madc_result(qts, 10);
    g_assert_cmpint((int)(code * 147 / 88) - 750, >=, -2);
    g_assert_cmpint((int)(code * 147 / 88) - 750, <=, 0);
    /*
     * ADCIN1 at 25.0 degC, 10 uA bias (BCICTL2.ITHSENS 0): twl4030-madc
     * turns it into a resistance that its table maps to 25 degC, i.e.
     * more than its 26 degC entry (10000) and at most the 25 one (10400)
     */
    code = madc_result(qts, 1);
    mv = code * 147 / 100;
    ohm = mv * 1000 / 10;
    g_assert_cmpuint(ohm, >, 10000);
    g_assert_cmpuint(ohm, <=, 10400);
    /* colder is a higher NTC resistance */
    twl_qom_set_int(qts, TWL_PATH, "battery-temp", 0);
    madc_convert(qts, 1 << 1);
    g_assert_cmpuint(madc_result(qts, 1), >, 2 * code);
    g_assert_cmphex(twl_rd_isr(qts, TWL_AUX, MADC_ISR1), ==, MADC_SW1);

    /* cable and charger plugged: VBUS 5 V (3/14), VAC 5 V (15/100) */
    twl_qom_set_bool(qts, TWL_PATH, "vbus", true);
    twl_qom_set_bool(qts, TWL_PATH, "ac", true);
    madc_select(qts, SW2SELECT_LSB, 1 << 8 | 1 << 11);
    twl_set(qts, TWL_AUX, CTRL_SW2, SW_START);
    qtest_clock_step(qts, CONV_NS(2));
    g_assert_cmphex(twl_get(qts, TWL_AUX, CTRL_SW2) & (BUSY | EOC_SW), ==,
                    EOC_SW);
    g_assert_cmpuint(madc_result(qts, 8), ==, 5000 * 1023 * 3 / (1500 * 14));
    g_assert_cmpuint(madc_result(qts, 11), ==, 5000 * 1023 * 15 / 150000);
    /* twl4030_charger's ac_available(): VAC above 4.5 V */
    g_assert_cmpuint(madc_result(qts, 11) * 3000 * 100 / (2046 * 15), >, 4500);
    g_assert_cmphex(twl_rd_isr(qts, TWL_AUX, MADC_ISR1), ==, MADC_SW2);
    /* the BCI's own conversions, BCICH0 = VBAT, left-aligned like GPCH */
    {
        uint8_t v[2];

        g_assert_cmpint(gta04_i2c_read_reg(qts, TWL_I2C, TWL_AUX,
                                           BCICH0_LSB, v, 2), ==, 0);
        g_assert_cmpuint((v[0] | v[1] << 8) >> 6, ==, 3800 * 1023 / 6000);
    }
    qtest_quit(qts);
}

/* MADCON, the SW1 end-of-conversion interrupt unmasked, nothing pending */
static void madc_setup_sw1_irq(QTestState *qts)
{
    twl_set(qts, TWL_AUX, MADC_CTRL1, MADCON);
    twl_set(qts, TWL_AUX, MADC_IMR1, (uint8_t)~MADC_SW1);
    twl_rd_isr(qts, TWL_AUX, MADC_ISR1);
}

static uint8_t madc_sw1_status(QTestState *qts)
{
    return twl_get(qts, TWL_AUX, CTRL_SW1) & (BUSY | EOC_SW);
}

/*
 * With the timers held (a loaded host's main loop is late), a read of the
 * MADC at the end of the conversion finds it over: BUSY clear, EOC_SW set,
 * the results in GPCH, and the interrupt latched, once; the timer, when it
 * runs at last, adds nothing.  The MADC is brought up to its time by its
 * own accesses (and its timer), not by those of other cells: until one of
 * them, the PIH has not seen the end of conversion yet.
 */
static void test_madc_read_at_deadline(void)
{
    QTestState *qts = twl_start(BUS_UNTIMED);

    madc_setup_sw1_irq(qts);
    madc_select(qts, SW1SELECT_LSB, 1 << 12 | 1 << 9);
    twl_set(qts, TWL_AUX, CTRL_SW1, SW_START);
    gta04_timers_hold(qts);
    qtest_clock_step(qts, CONV_NS(2) - 1);
    g_assert_cmphex(madc_sw1_status(qts), ==, BUSY);
    g_assert_cmpuint(madc_result(qts, 12), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_MADC, ==, 0);

    qtest_clock_step(qts, 1);
    /* held indeed: no timer has ended it (INT1 is read off the chip) */
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_MADC, ==, 0);
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(madc_sw1_status(qts), ==, EOC_SW);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_MADC, ==,
                    PIH_MADC);
    g_assert_true(twl_int1(qts));
    g_assert_cmpuint(madc_result(qts, 12), ==, 3800 * 1023 / 6000);
    g_assert_cmpuint(madc_result(qts, 9), ==, 3200 * 1023 / 4500);
    /* COR: one event, nothing buffered behind it */
    g_assert_cmphex(twl_get(qts, TWL_AUX, MADC_ISR1), ==, MADC_SW1);
    g_assert_cmphex(twl_get(qts, TWL_AUX, MADC_ISR1), ==, 0);

    gta04_timers_release(qts);
    qtest_clock_step(qts, 1000 * 1000);
    g_assert_cmphex(twl_get(qts, TWL_AUX, MADC_ISR1), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_MADC, ==, 0);
    g_assert_cmphex(madc_sw1_status(qts), ==, EOC_SW);
    qtest_quit(qts);
}

/*
 * The inputs are sampled at the end of the conversion: a battery change
 * during the conversion is measured, one after its end is not, even if no
 * timer and no read has ended it yet (timers held).
 */
static void test_madc_sample_at_end(void)
{
    QTestState *qts = twl_start(BUS_UNTIMED);

    madc_setup_sw1_irq(qts);
    madc_select(qts, SW1SELECT_LSB, 1 << 12);
    twl_set(qts, TWL_AUX, CTRL_SW1, SW_START);
    gta04_timers_hold(qts);
    qtest_clock_step(qts, CONV_NS(1) - 1000);
    twl_qom_set_int(qts, TWL_PATH, "battery-mv", 4000);
    qtest_clock_step(qts, 1000);
    twl_qom_set_int(qts, TWL_PATH, "battery-mv", 3500);
    g_assert_cmphex(madc_sw1_status(qts), ==, EOC_SW);
    g_assert_cmpuint(madc_result(qts, 12), ==, 4000 * 1023 / 6000);
    g_assert_cmphex(twl_get(qts, TWL_AUX, MADC_ISR1), ==, MADC_SW1);
    g_assert_cmphex(twl_get(qts, TWL_AUX, MADC_ISR1), ==, 0);
    gta04_timers_release(qts);
    qtest_clock_step(qts, 1000 * 1000);
    g_assert_cmphex(twl_get(qts, TWL_AUX, MADC_ISR1), ==, 0);
    qtest_quit(qts);
}

/*
 * With the timers running and nobody reading, the timer ends the
 * conversion at its deadline and not before: the interrupt reaches the PIH
 * and INT1 (INTC ITR0 bit 7, read without touching the TWL4030), once.
 * Two conversions, two events.  (This passed before reads computed the
 * state too: it checks the timer's half.)
 */
static void test_madc_timer_eoc_once(void)
{
    QTestState *qts = twl_start(BUS_UNTIMED);
    int n;

    madc_setup_sw1_irq(qts);
    madc_select(qts, SW1SELECT_LSB, 1 << 12);
    for (n = 0; n < 2; n++) {
        twl_set(qts, TWL_AUX, CTRL_SW1, SW_START);
        qtest_clock_step(qts, CONV_NS(1) - 1);
        g_assert_false(twl_int1(qts));
        qtest_clock_step(qts, 1);
        g_assert_true(twl_int1(qts));
        qtest_clock_step(qts, 1000 * 1000);
        g_assert_cmphex(madc_sw1_status(qts), ==, EOC_SW);
        g_assert_cmphex(twl_get(qts, TWL_AUX, MADC_ISR1), ==, MADC_SW1);
        g_assert_cmphex(twl_get(qts, TWL_AUX, MADC_ISR1), ==, 0);
        g_assert_false(twl_int1(qts));
    }
    qtest_quit(qts);
}

/*
 * Migration with a conversion whose deadline has passed but that nobody
 * has ended yet (timers held): the deadline travels in the stream, and the
 * new machine (paused, like the old one) ends it at the first read.
 */
static void test_madc_migrate_past_deadline(void)
{
    QTestState *qts = twl_start(BUS_UNTIMED);
    QDict *rsp;
    int64_t t;

    madc_setup_sw1_irq(qts);
    madc_select(qts, SW1SELECT_LSB, 1 << 12);
    twl_set(qts, TWL_AUX, CTRL_SW1, SW_START);
    gta04_timers_hold(qts);
    qtest_clock_step(qts, CONV_NS(1) + 1000);

    /* the qtest clock is not migrated: catch up in the new machine */
    t = qtest_clock_step(qts, 0);
    qts = gta04_migrate(qts, "-M gta04 " BUS_UNTIMED);
    rsp = qtest_qmp(qts, "{ 'execute': 'query-status' }");
    g_assert_false(qdict_get_bool(qdict_get_qdict(rsp, "return"), "running"));
    qobject_unref(rsp);
    qtest_clock_step(qts, t - qtest_clock_step(qts, 0));

    g_assert_cmphex(madc_sw1_status(qts), ==, EOC_SW);
    g_assert_cmpuint(madc_result(qts, 12), ==, 3800 * 1023 / 6000);
    g_assert_cmphex(twl_get(qts, TWL_AUX, MADC_ISR1), ==, MADC_SW1);
    g_assert_cmphex(twl_get(qts, TWL_AUX, MADC_ISR1), ==, 0);
    gta04_timers_release(qts);
    qtest_clock_step(qts, 1000 * 1000);
    g_assert_cmphex(twl_get(qts, TWL_AUX, MADC_ISR1), ==, 0);
    qtest_quit(qts);
}

/* Read BCIMSTATEC and check one FSM change interrupt was latched */
static uint8_t bci_state_after_event(QTestState *qts)
{
    g_assert_cmphex(twl_rd_isr(qts, TWL_AUX, BCIISR1A) & BCI_ICHGLOW, ==,
                    BCI_ICHGLOW);
    return twl_get(qts, TWL_AUX, BCIMSTATEC);
}

static void bci_sih_setup(QTestState *qts)
{
    /* twl4030_charger probe: COR, unmask ICHGLOW..BATSTS, VBATOV.. */
    twl_set(qts, TWL_AUX, BCISIHCTRL, 0x04);
    twl_set(qts, TWL_AUX, BCIIMR1A, 0x07);
    twl_set(qts, TWL_AUX, BCIIMR2A, 0xf1);
    twl_rd_isr(qts, TWL_AUX, BCIISR1A);
    twl_rd_isr(qts, TWL_AUX, BCIISR2A);
}

/* The charger FSM follows vbus-present, AC and the charge enables */
static void test_bci_fsm(void)
{
    QTestState *qts = twl_start(NULL);

    bci_sih_setup(qts);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMSTATEC), ==, FSM_NONE);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1), ==, 0);

    /* USB cable, automatic USB charging off (BOOT_BCI reset) */
    twl_qom_set_bool(qts, TWL_PATH, "vbus", true);
    bci_settle(qts);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_BCI, ==, PIH_BCI);
    g_assert_cmphex(bci_state_after_event(qts), ==, MSTATEC_USB | FSM_OFF);
    g_assert_cmpuint(twl_rd10(qts, TWL_AUX, BCIVBUS), ==, 5000000 / 6843);

    /* twl4030_charger_enable_usb(true), auto mode: BOOT_BCI |= BCIAUTOUSB */
    twl_set(qts, TWL_POWER, BOOT_BCI, twl_get(qts, TWL_POWER, BOOT_BCI) | 0x32);
    g_assert_cmphex(bci_state_after_event(qts), ==, MSTATEC_USB | FSM_QUICK1);

    /*
     * the seed article: VUSB3V1 off with the cable plugged -> event.  The
     * charger's USB path sees VBUS through the transceiver's comparator;
     * the power block's VBUS_PRES (STS_HW_CONDITIONS.VBUS) still sees it
     */
    twl_unlock(qts);
    twl_set(qts, TWL_POWER, VUSB3V1_DEV_GRP, 0);
    bci_settle(qts);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_BCI, ==, PIH_BCI);
    g_assert_cmphex(bci_state_after_event(qts), ==, FSM_NONE);
    g_assert_cmpuint(twl_rd10(qts, TWL_AUX, BCIVBUS), ==, 0);
    g_assert_true(twl_get(qts, TWL_POWER, STS_HW_CONDITIONS) & STS_VBUS);
    /* re-plugging with VUSB3V1 off: no USB bit, no FSM event */
    twl_qom_set_bool(qts, TWL_PATH, "vbus", false);
    twl_qom_set_bool(qts, TWL_PATH, "vbus", true);
    bci_settle(qts);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIISR1A), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMSTATEC), ==, FSM_NONE);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_BCI, ==, 0);
    g_assert_true(twl_get(qts, TWL_POWER, STS_HW_CONDITIONS) & STS_VBUS);
    /* VUSB3V1 on again: the charger sees VBUS, with an event */
    twl_set(qts, TWL_POWER, VUSB3V1_DEV_GRP, 0x20);
    bci_settle(qts);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_BCI, ==, PIH_BCI);
    g_assert_cmphex(bci_state_after_event(qts), ==, MSTATEC_USB | FSM_QUICK1);
    g_assert_cmpuint(twl_rd10(qts, TWL_AUX, BCIVBUS), ==, 5000000 / 6843);

    /* full battery: charge complete */
    twl_qom_set_int(qts, TWL_PATH, "battery-mv", 4200);
    g_assert_cmphex(bci_state_after_event(qts), ==,
                    MSTATEC_USB | FSM_COMPLETE1);
    twl_qom_set_int(qts, TWL_PATH, "battery-mv", 3800);
    g_assert_cmphex(bci_state_after_event(qts), ==, MSTATEC_USB | FSM_QUICK1);

    /* enable_usb(false): clear BCIAUTOUSB, BCIMDKEY = 0x2A (off mode) */
    twl_set(qts, TWL_POWER, BOOT_BCI,
            twl_get(qts, TWL_POWER, BOOT_BCI) & ~0x02);
    twl_set(qts, TWL_AUX, BCIMDKEY, 0x2a);
    g_assert_cmphex(bci_state_after_event(qts), ==, MSTATEC_USB | FSM_OFF);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMDEN), ==, 0x00);

    /* unplug: no charging device; no further event without a change */
    twl_qom_set_bool(qts, TWL_PATH, "vbus", false);
    bci_settle(qts);
    g_assert_cmphex(bci_state_after_event(qts), ==, FSM_NONE);
    twl_qom_set_bool(qts, TWL_PATH, "vbus", false);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIISR1A), ==, 0);

    /* AC charger, BCIAUTOAC set at reset: charging from AC */
    twl_qom_set_bool(qts, TWL_PATH, "ac", true);
    bci_settle(qts);
    g_assert_cmphex(bci_state_after_event(qts), ==, MSTATEC_AC | FSM_QUICK1);
    g_assert_cmpuint(twl_rd10(qts, TWL_AUX, BCIVAC), ==, 5000000 / 9775);
    qtest_quit(qts);
}

/*
 * TRM table 14-1: the FSM sees charger presence on a 50 ms tick, a plug
 * 9 ticks and an unplug 1 tick after the tick that follows the change; a
 * change that goes back before then is never seen.  The ADC is not
 * debounced.
 */
#define BCI_TICK_NS         (50 * 1000 * 1000LL)

/* Step to the debounce deadline of a change made now, minus 1 ns */
static int64_t bci_step_to_deadline(QTestState *qts, int ticks)
{
    int64_t now = qtest_clock_step(qts, 0);
    int64_t deadline = (now / BCI_TICK_NS + 1 + ticks) * BCI_TICK_NS;

    qtest_clock_step(qts, deadline - now - 1);
    return deadline - now;
}

static void test_bci_debounce(void)
{
    QTestState *qts = twl_start(BUS_UNTIMED);
    int64_t delay;

    bci_sih_setup(qts);
    /* off the tick, so the jitter shows: plug 30 ms into a tick */
    qtest_clock_step(qts, BCI_TICK_NS - qtest_clock_step(qts, 0) % BCI_TICK_NS
                     + 30 * 1000 * 1000);
    twl_qom_set_bool(qts, TWL_PATH, "vbus", true);
    g_assert_cmpuint(twl_rd10(qts, TWL_AUX, BCIVBUS), ==, 5000000 / 6843);
    delay = bci_step_to_deadline(qts, 9);
    g_assert_cmpint(delay, ==, 20 * 1000 * 1000 + 9 * BCI_TICK_NS);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMSTATEC), ==, FSM_NONE);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_BCI, ==, 0);
    qtest_clock_step(qts, 1);
    g_assert_cmphex(bci_state_after_event(qts), ==, MSTATEC_USB | FSM_OFF);

    /* unplug: 50 ms + the rest of the current tick */
    twl_qom_set_bool(qts, TWL_PATH, "vbus", false);
    delay = bci_step_to_deadline(qts, 1);
    g_assert_cmpint(delay, >, BCI_TICK_NS);
    g_assert_cmpint(delay, <=, 2 * BCI_TICK_NS);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMSTATEC), ==,
                    MSTATEC_USB | FSM_OFF);
    qtest_clock_step(qts, 1);
    g_assert_cmphex(bci_state_after_event(qts), ==, FSM_NONE);

    /* a plug shorter than the debounce is never seen */
    twl_qom_set_bool(qts, TWL_PATH, "vbus", true);
    qtest_clock_step(qts, 8 * BCI_TICK_NS);
    twl_qom_set_bool(qts, TWL_PATH, "vbus", false);
    bci_settle(qts);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIISR1A), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMSTATEC), ==, FSM_NONE);

    /* nor is a short dip of VUSB3V1 with the cable in */
    twl_qom_set_bool(qts, TWL_PATH, "vbus", true);
    bci_settle(qts);
    g_assert_cmphex(bci_state_after_event(qts), ==, MSTATEC_USB | FSM_OFF);
    twl_unlock(qts);
    twl_set(qts, TWL_POWER, VUSB3V1_DEV_GRP, 0);
    twl_set(qts, TWL_POWER, VUSB3V1_DEV_GRP, 0x20);
    bci_settle(qts);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIISR1A), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMSTATEC), ==,
                    MSTATEC_USB | FSM_OFF);

    /* the AC charger the same way: plug 9 ticks */
    twl_qom_set_bool(qts, TWL_PATH, "ac", true);
    bci_step_to_deadline(qts, 9);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMSTATEC) & MSTATEC_AC, ==, 0);
    qtest_clock_step(qts, 1);
    g_assert_cmphex(bci_state_after_event(qts) & MSTATEC_AC, ==, MSTATEC_AC);
    qtest_quit(qts);
}

/* BCIMDKEY mode keys, BCIMFKEY write protection, ICHG/IREF, ADCs */
static void test_bci_keys(void)
{
    QTestState *qts = twl_start(NULL);
    unsigned tbat;
    uint8_t th8;

    /* linear USB charging (EKEY2) */
    twl_qom_set_bool(qts, TWL_PATH, "vbus", true);
    bci_settle(qts);
    twl_set(qts, TWL_AUX, BCIMDKEY, 0x26);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMDEN), ==, 0x11);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMSTATEC), ==,
                    MSTATEC_USB | FSM_QUICK1);
    /* not a key: BCIMDEN unchanged */
    twl_set(qts, TWL_AUX, BCIMDKEY, 0x55);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMDEN), ==, 0x11);
    /* BCIMDEN is read-only */
    twl_set(qts, TWL_AUX, BCIMDEN, 0x00);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMDEN), ==, 0x11);

    /* BCIMFTH8 needs the 0xF4 key, for one write */
    th8 = twl_get(qts, TWL_AUX, BCIMFTH8);
    g_assert_cmphex(th8, ==, 0x69);
    twl_set(qts, TWL_AUX, BCIMFTH8, 0x5a);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMFTH8), ==, th8);
    twl_set(qts, TWL_AUX, BCIMFKEY, 0xf4);
    twl_set(qts, TWL_AUX, BCIMFTH8, 0x5a);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMFTH8), ==, 0x5a);
    twl_set(qts, TWL_AUX, BCIMFTH8, 0x11);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMFTH8), ==, 0x5a);
    /* the wrong key does not open BCIMFTH9; 0xE7 does */
    twl_set(qts, TWL_AUX, BCIMFKEY, 0xf4);
    twl_set(qts, TWL_AUX, BCIMFTH9, 0x30);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMFTH9), ==, 0x90);
    twl_set(qts, TWL_AUX, BCIMFKEY, 0xe7);
    twl_set(qts, TWL_AUX, BCIMFTH9, 0x30);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMFTH9), ==, 0x30);
    /* BCIMFEN3 with 0x9C (twl4030_charger linear mode) */
    twl_set(qts, TWL_AUX, BCIMFKEY, 0x9c);
    twl_set(qts, TWL_AUX, BCIMFEN3, 0xf0);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMFEN3), ==, 0xf0);

    /*
     * twl4030_charger_update_current: 100 mA = code 0x23B (CGAIN 0),
     * written with one 0xE7 key per register
     */
    twl_set(qts, TWL_AUX, BCIMFKEY, 0xe7);
    twl_set(qts, TWL_AUX, BCIIREF2, 0x02);
    twl_set(qts, TWL_AUX, BCIMFKEY, 0xe7);
    twl_set(qts, TWL_AUX, BCIIREF1, 0x3b);
    g_assert_cmpuint(twl_rd10(qts, TWL_AUX, BCIIREF1), ==, 0x23b);
    twl_set(qts, TWL_AUX, BCIIREF1, 0x00);
    g_assert_cmpuint(twl_rd10(qts, TWL_AUX, BCIIREF1), ==, 0x23b);
    /* charging at that limit: BCIICHG reads it back (regval2ua scale) */
    g_assert_cmpuint(twl_rd10(qts, TWL_AUX, BCIICHG), ==, 0x23b);
    /* ... and the MADC's ADCIN10 sees ~100 mA: code * 147 / 88 - 750 */
    twl_set(qts, TWL_AUX, MADC_CTRL1, MADCON);
    madc_convert(qts, 1 << 10);
    g_assert_cmpint((int)(madc_result(qts, 10) * 147 / 88) - 750, >=, 94);
    g_assert_cmpint((int)(madc_result(qts, 10) * 147 / 88) - 750, <=, 101);
    /* off mode: no charge current, the code nearest 0 A: 511 (-0.8 mA) */
    twl_set(qts, TWL_AUX, BCIMDKEY, 0x2a);
    g_assert_cmpuint(twl_rd10(qts, TWL_AUX, BCIICHG), ==, 511);

    /* VBAT: 3800 mV on the ADCIN12 scale, LSB first */
    g_assert_cmpuint(twl_rd10(qts, TWL_AUX, BCIVBAT), ==, 3800 * 1023 / 6000);
    /* TBAT grows with the bias current (BCICTL2.ITHSENS) */
    tbat = twl_rd10(qts, TWL_AUX, BCITBAT);
    g_assert_cmpuint(tbat, >, 0);
    twl_set(qts, TWL_AUX, BCICTL2, 0x03);
    g_assert_cmpuint(twl_rd10(qts, TWL_AUX, BCITBAT), >=, 4 * tbat - 2);
    g_assert_cmpuint(twl_rd10(qts, TWL_AUX, BCITBAT), <=, 4 * tbat + 4);
    qtest_quit(qts);
}

/* Battery level sources: BATSTS (no battery), VBATOV (over-voltage) */
static void test_bci_battery_sources(void)
{
    QTestState *qts = twl_start(NULL);

    bci_sih_setup(qts);
    twl_qom_set_int(qts, TWL_PATH, "battery-mv", 4600);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_BCI, ==, PIH_BCI);
    g_assert_cmphex(twl_rd_isr(qts, TWL_AUX, BCIISR2A), ==, BCI_VBATOV);
    twl_qom_set_int(qts, TWL_PATH, "battery-mv", 3800);
    g_assert_cmphex(twl_rd_isr(qts, TWL_AUX, BCIISR2A), ==, 0);
    /* battery pulled: BATSTS; VBATLVL stays masked (BCIIMR2A bit 0) */
    twl_qom_set_int(qts, TWL_PATH, "battery-mv", 2000);
    g_assert_cmphex(twl_rd_isr(qts, TWL_AUX, BCIISR1A), ==, BCI_BATSTS);
    g_assert_cmphex(twl_rd_isr(qts, TWL_AUX, BCIISR2A), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_BCI, ==, 0);
    qtest_quit(qts);
}

/*
 * savevm/loadvm in the middle of things: a conversion in progress, the
 * charger state, VUSB3V1 off with its DEDICATED2 reset, a pending
 * BCIMFKEY key
 */
static void test_migration(void)
{
    QTestState *qts = twl_start(BUS_UNTIMED);
    int64_t t;

    twl_qom_set_bool(qts, TWL_PATH, "vbus", true);
    bci_settle(qts);
    twl_qom_set_int(qts, TWL_PATH, "battery-mv", 3900);
    twl_set(qts, TWL_AUX, BCIMDKEY, 0x26);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMSTATEC), ==,
                    MSTATEC_USB | FSM_QUICK1);
    twl_set(qts, TWL_AUX, BCIMFKEY, 0xf4);
    twl_set(qts, TWL_AUX, MADC_CTRL1, MADCON);
    madc_select(qts, SW1SELECT_LSB, 1 << 12 | 1 << 8);
    twl_set(qts, TWL_AUX, CTRL_SW1, SW_START);
    qtest_clock_step(qts, 20 * 1000);
    g_assert_cmphex(twl_get(qts, TWL_AUX, CTRL_SW1) & BUSY, ==, BUSY);

    /*
     * The conversion's deadline migrates as an absolute time; under qtest
     * the new machine's virtual clock starts again from 0, so catch up.
     */
    t = qtest_clock_step(qts, 0);
    qts = gta04_migrate(qts, "-M gta04 " BUS_UNTIMED);
    t -= qtest_clock_step(qts, 0);

    g_assert_cmphex(twl_get(qts, TWL_AUX, CTRL_SW1) & (BUSY | EOC_SW), ==,
                    BUSY);
    qtest_clock_step(qts, t + CONV_NS(2) - 20 * 1000 - 1000);
    g_assert_cmphex(twl_get(qts, TWL_AUX, CTRL_SW1) & (BUSY | EOC_SW), ==,
                    BUSY);
    qtest_clock_step(qts, 1000);
    g_assert_cmphex(twl_get(qts, TWL_AUX, CTRL_SW1) & (BUSY | EOC_SW), ==,
                    EOC_SW);
    g_assert_cmpuint(madc_result(qts, 12), ==, 3900 * 1023 / 6000);
    g_assert_cmpuint(madc_result(qts, 8), ==, 5000 * 1023 * 3 / (1500 * 14));
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMSTATEC), ==,
                    MSTATEC_USB | FSM_QUICK1);
    /* the key survived: one write of BCIMFTH8 goes through */
    twl_set(qts, TWL_AUX, BCIMFTH8, 0x12);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMFTH8), ==, 0x12);
    /* and the charger's comparator still follows VUSB3V1 */
    twl_unlock(qts);
    twl_set(qts, TWL_POWER, VUSB3V1_DEV_GRP, 0);
    bci_settle(qts);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMSTATEC), ==, FSM_NONE);
    g_assert_true(twl_get(qts, TWL_POWER, STS_HW_CONDITIONS) & STS_VBUS);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("twl4030/madc/vbat-conversion", test_madc_vbat);
    qtest_add_func("twl4030/bci/debounce", test_bci_debounce);
    qtest_add_func("twl4030/madc/channels-and-irq", test_madc_channels_irq);
    qtest_add_func("twl4030/madc/read-at-deadline",
                   test_madc_read_at_deadline);
    qtest_add_func("twl4030/madc/sample-at-end", test_madc_sample_at_end);
    qtest_add_func("twl4030/madc/timer-eoc-once", test_madc_timer_eoc_once);
    qtest_add_func("twl4030/madc/migrate-past-deadline",
                   test_madc_migrate_past_deadline);
    qtest_add_func("twl4030/bci/fsm", test_bci_fsm);
    qtest_add_func("twl4030/bci/keys-and-adc", test_bci_keys);
    qtest_add_func("twl4030/bci/battery-sources", test_bci_battery_sources);
    qtest_add_func("twl4030/bci-madc/migration", test_migration);

    return g_test_run();
}
