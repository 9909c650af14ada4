/*
 * qtest for the TWL4030 power master (PM_MASTER 0x4B:0x36-0x5A), the TWL
 * watchdog, the chip's user-facing inputs and its core registers (IDCODE,
 * audio, storage windows, the per-address I2C register pointer).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include "qemu/bswap.h"
#include GTA04_QOBJECT_QDICT_H
#include "twl4030-qtest.h"
#include "gta04-migrate.h"

#define PM                  TWL_POWER
#define CFG_P1_TRANSITION   0x36
#define CFG_P123_TRANSITION 0x39
#define CFG_BOOT            0x3b
#define BGAP_TRIM           0x40
#define P1_SW_EVENTS        0x46
#define STS_P123_STATE      0x49
#define SEQ_ADD_A2S         0x55
#define MEMORY_ADDRESS      0x59
#define MEMORY_DATA         0x5a

#define STS_PWON            0x01
#define STS_USB_ID          0x04
#define STS_CHG             0x08

#define SRC_CHG_PRES        0x02
#define SRC_USB_PRES        0x04

#define MS                  1000000LL
#define SEC                 1000000000LL
/* TPS65950 TRM table 14-1: the power block's debounce times */
#define PWRON_DEBOUNCE_NS   (31250 * 1000LL)
#define VBUS_DEBOUNCE_NS    (30 * MS)           /* VBUS_PRES and ID_PRES */
#define CHG_DEBOUNCE_NS     125600LL

static void unlock(QTestState *qts)
{
    twl_set(qts, PM, PROTECT_KEY, 0xc0);
    twl_set(qts, PM, PROTECT_KEY, 0x0c);
}

static void lock(QTestState *qts)
{
    twl_set(qts, PM, PROTECT_KEY, 0x00);
}

/* The PWR SIH with only the sources in "unmasked" reaching INT1 */
static void pwr_sih_only(QTestState *qts, uint8_t unmasked)
{
    static const uint8_t ff[3] = { 0xff, 0xff, 0xff };

    twl_write(qts, 0x49, 0xb4, ff, 3);
    twl_set(qts, 0x4a, 0xe4, 0xff);
    twl_write(qts, 0x4a, 0xbb, ff, 2);
    twl_set(qts, 0x4a, 0x62, 0xff);
    twl_set(qts, PM, PWR_SIH_CTRL, 0x06);           /* COR, PENDDIS */
    twl_set(qts, PM, PWR_IMR1, (uint8_t)~unmasked);
}

/* Switch the transceiver's VUSB3V1 supply, if the transceiver is modelled */
static void vusb3v1(QTestState *qts, bool on)
{
    if (twl_has_child(qts, "usb")) {
        twl_set(qts, PM, VUSB3V1_DEV_GRP, on ? 0x20 : 0x00);
    }
}

/* STS_HW_CONDITIONS follows the chip's inputs and ignores writes */
static void test_hw_conditions(void)
{
    QTestState *qts = twl_start(NULL);

    g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS), ==, 0);
    twl_prop(qts, "pwron", true);
    g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS), ==, STS_PWON);
    twl_prop(qts, "usb-id", true);
    twl_prop(qts, "ac", true);
    g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS), ==,
                    STS_PWON | STS_USB_ID | STS_CHG);
    /* VBUS_PRES does not need the transceiver's VUSB3V1 */
    vusb3v1(qts, false);
    twl_prop(qts, "vbus", true);
    g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS), ==,
                    STS_PWON | STS_USB_ID | STS_CHG | STS_VBUS);
    g_assert_true(qtest_qom_get_bool(qts, TWL_PATH, "vbus"));
    twl_set(qts, PM, STS_HW_CONDITIONS, 0x00);
    g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS), ==,
                    STS_PWON | STS_USB_ID | STS_CHG | STS_VBUS);
    twl_prop(qts, "pwron", false);
    twl_prop(qts, "usb-id", false);
    twl_prop(qts, "ac", false);
    twl_prop(qts, "vbus", false);
    g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS), ==, 0);
    qtest_quit(qts);
}

/*
 * STS_HW_CONDITIONS.VBUS and USB_PRES come from the power block's VBUS_PRES
 * comparator, supplied from VBUS: phy-twl4030-usb (twl4030_usb_linkstat)
 * sees a plug through them while it is suspended with VUSB3V1 off, and
 * switching VUSB3V1 with the cable plugged makes no USB_PRES edge.
 */
static void test_vbus_comparator(void)
{
    QTestState *qts = twl_start(NULL);

    pwr_sih_only(qts, SRC_USB_PRES);
    vusb3v1(qts, false);                            /* PHY suspended */
    g_assert_false(twl_int1(qts));
    twl_prop(qts, "vbus", true);
    g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS) & STS_VBUS, ==,
                    STS_VBUS);
    g_assert_true(twl_int1(qts));                   /* USB_PRES rising */
    g_assert_cmphex(twl_get(qts, PM, PWR_ISR1), ==, SRC_USB_PRES);
    g_assert_false(twl_int1(qts));
    vusb3v1(qts, true);                             /* runtime_resume */
    g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS) & STS_VBUS, ==,
                    STS_VBUS);
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PM, PWR_ISR1), ==, 0);
    vusb3v1(qts, false);                            /* runtime_suspend */
    g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS) & STS_VBUS, ==,
                    STS_VBUS);
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PM, PWR_ISR1), ==, 0);
    twl_prop(qts, "vbus", false);
    g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS) & STS_VBUS, ==, 0);
    g_assert_true(twl_int1(qts));                   /* USB_PRES falling */
    g_assert_cmphex(twl_get(qts, PM, PWR_ISR1), ==, SRC_USB_PRES);
    g_assert_false(twl_int1(qts));
    qtest_quit(qts);
}

/* Power button: both edges latch PWR_ISR1.PWRON, STS_PWON is the level */
static void test_pwron_edges(void)
{
    QTestState *qts = twl_start(NULL);

    pwr_sih_only(qts, SRC_PWRON);
    twl_prop(qts, "pwron", true);
    g_assert_true(twl_int1(qts));
    /* twl4030-pwrbutton's handler: read STS_HW_CONDITIONS */
    g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS) & STS_PWON, ==, STS_PWON);
    g_assert_cmphex(twl_get(qts, PM, PWR_ISR1), ==, SRC_PWRON);
    g_assert_false(twl_int1(qts));
    twl_prop(qts, "pwron", false);
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS) & STS_PWON, ==, 0);
    g_assert_cmphex(twl_get(qts, PM, PWR_ISR1), ==, SRC_PWRON);
    g_assert_false(twl_int1(qts));
    /* USB_PRES: ID grounded is enough (phy-twl4030-usb) */
    twl_set(qts, PM, PWR_IMR1, (uint8_t)~SRC_USB_PRES);
    twl_prop(qts, "usb-id", true);
    g_assert_cmphex(twl_get(qts, PM, PWR_ISR1), ==, SRC_USB_PRES);
    qtest_quit(qts);
}

/* Step the virtual clock to absolute time @t (I2C accesses take bus time) */
static void step_to(QTestState *qts, int64_t t)
{
    int64_t now = qtest_clock_step(qts, 0);

    g_assert_cmpint(now, <=, t);
    qtest_clock_step(qts, t - now);
}

/*
 * system_powerdown presses the button for 200 ms; the power block sees the
 * press and the release each 31.25 ms later (its debounce)
 */
static void test_powerdown(void)
{
    QTestState *qts = twl_start(NULL);
    int64_t t0;

    pwr_sih_only(qts, SRC_PWRON);
    t0 = qtest_clock_step(qts, 0);
    qtest_qmp_assert_success(qts, "{ 'execute': 'system_powerdown' }");
    step_to(qts, t0 + PWRON_DEBOUNCE_NS - 1);
    g_assert_false(twl_int1(qts));
    step_to(qts, t0 + PWRON_DEBOUNCE_NS);
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS) & STS_PWON, ==, STS_PWON);
    g_assert_cmphex(twl_get(qts, PM, PWR_ISR1), ==, SRC_PWRON);
    step_to(qts, t0 + 200 * MS + 1);            /* released at 200 ms */
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS) & STS_PWON, ==, STS_PWON);
    step_to(qts, t0 + 200 * MS + PWRON_DEBOUNCE_NS - 1);
    g_assert_false(twl_int1(qts));
    step_to(qts, t0 + 200 * MS + PWRON_DEBOUNCE_NS);
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS) & STS_PWON, ==, 0);
    /* the user's "pwron" was never set */
    g_assert_false(qtest_qom_get_bool(qts, TWL_PATH, "pwron"));
    qtest_quit(qts);
}

/*
 * TRM table 14-1: each input reaches STS_HW_CONDITIONS and the PWR SIH only
 * after holding its level for its debounce time, on both edges (the edge
 * rule and the glitch rule are assumptions, docs/gta04.md); a change back
 * within the time is a glitch, never seen.  INT1 is checked at the ns;
 * STS_HW_CONDITIONS, read over I2C (bus time), where no edge is near.
 */
static void check_debounce(QTestState *qts, const char *pin, uint8_t sts,
                           uint8_t src, int64_t debounce_ns)
{
    int64_t t;
    int edge;

    pwr_sih_only(qts, src);
    for (edge = 0; edge < 2; edge++) {
        bool level = edge == 0;
        uint8_t want = level ? sts : 0;

        t = qtest_clock_step(qts, 0);
        qtest_qom_set_bool(qts, TWL_PATH, pin, level);
        if (debounce_ns >= 10 * MS) {
            g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS) & sts, ==,
                            want ^ sts);
        }
        step_to(qts, t + debounce_ns - 1000);
        g_assert_false(twl_int1(qts));
        step_to(qts, t + debounce_ns);
        g_assert_true(twl_int1(qts));
        g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS) & sts, ==, want);
        g_assert_cmphex(twl_get(qts, PM, PWR_ISR1), ==, src);
    }
    /* a glitch: back within the time, never seen */
    t = qtest_clock_step(qts, 0);
    qtest_qom_set_bool(qts, TWL_PATH, pin, true);
    step_to(qts, t + debounce_ns / 2);
    qtest_qom_set_bool(qts, TWL_PATH, pin, false);
    qtest_clock_step(qts, 2 * debounce_ns);
    g_assert_false(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PM, STS_HW_CONDITIONS) & sts, ==, 0);
    /* the time starts again at each change */
    qtest_qom_set_bool(qts, TWL_PATH, pin, true);
    qtest_clock_step(qts, debounce_ns / 2);
    qtest_qom_set_bool(qts, TWL_PATH, pin, false);
    t = qtest_clock_step(qts, 0);
    qtest_qom_set_bool(qts, TWL_PATH, pin, true);
    step_to(qts, t + debounce_ns - 1000);
    g_assert_false(twl_int1(qts));
    step_to(qts, t + debounce_ns);
    g_assert_true(twl_int1(qts));
    g_assert_cmphex(twl_get(qts, PM, PWR_ISR1), ==, src);
}

static void test_debounce_pwron(void)
{
    QTestState *qts = twl_start(NULL);

    check_debounce(qts, "pwron", STS_PWON, SRC_PWRON, PWRON_DEBOUNCE_NS);
    qtest_quit(qts);
}

static void test_debounce_vbus(void)
{
    QTestState *qts = twl_start(NULL);

    check_debounce(qts, "vbus", STS_VBUS, SRC_USB_PRES, VBUS_DEBOUNCE_NS);
    qtest_quit(qts);
}

static void test_debounce_usb_id(void)
{
    QTestState *qts = twl_start(NULL);

    check_debounce(qts, "usb-id", STS_USB_ID, SRC_USB_PRES, VBUS_DEBOUNCE_NS);
    qtest_quit(qts);
}

static void test_debounce_ac(void)
{
    QTestState *qts = twl_start(NULL);

    check_debounce(qts, "ac", STS_CHG, SRC_CHG_PRES, CHG_DEBOUNCE_NS);
    qtest_quit(qts);
}

/* PROTECT_KEY: 0xC0 0x0C unlocks CFG, 0xE0 0x0E TST, 0xCE 0xEC both */
static void test_protect_key(void)
{
    QTestState *qts = twl_start(NULL);

    g_assert_cmphex(twl_get(qts, PM, CFG_BOOT), ==, 0);
    twl_set(qts, PM, CFG_BOOT, 0x0a);               /* locked: ignored */
    g_assert_cmphex(twl_get(qts, PM, CFG_BOOT), ==, 0);
    twl_set(qts, PM, PROTECT_KEY, 0x0c);            /* wrong order */
    twl_set(qts, PM, PROTECT_KEY, 0xc0);
    twl_set(qts, PM, CFG_BOOT, 0x0a);
    g_assert_cmphex(twl_get(qts, PM, CFG_BOOT), ==, 0);

    /* twl-core's clocks_init */
    unlock(qts);
    g_assert_cmphex(twl_get(qts, PM, PROTECT_KEY), ==, 0x01);
    twl_set(qts, PM, CFG_BOOT, 0x0a);
    lock(qts);
    g_assert_cmphex(twl_get(qts, PM, PROTECT_KEY), ==, 0x00);
    g_assert_cmphex(twl_get(qts, PM, CFG_BOOT), ==, 0x0a);
    twl_set(qts, PM, CFG_BOOT, 0x00);
    g_assert_cmphex(twl_get(qts, PM, CFG_BOOT), ==, 0x0a);

    /* unprotected: BOOT_BCI (the charger writes it locked) */
    twl_set(qts, PM, BOOT_BCI, 0x31);
    g_assert_cmphex(twl_get(qts, PM, BOOT_BCI), ==, 0x31);

    /* TST key: test registers only */
    twl_set(qts, PM, PROTECT_KEY, 0xe0);
    twl_set(qts, PM, PROTECT_KEY, 0x0e);
    g_assert_cmphex(twl_get(qts, PM, PROTECT_KEY), ==, 0x02);
    twl_set(qts, PM, BGAP_TRIM, 0x55);
    twl_set(qts, PM, CFG_BOOT, 0x09);
    g_assert_cmphex(twl_get(qts, PM, BGAP_TRIM), ==, 0x55);
    g_assert_cmphex(twl_get(qts, PM, CFG_BOOT), ==, 0x0a);
    /* both */
    twl_set(qts, PM, PROTECT_KEY, 0xce);
    twl_set(qts, PM, PROTECT_KEY, 0xec);
    g_assert_cmphex(twl_get(qts, PM, PROTECT_KEY), ==, 0x03);
    twl_set(qts, PM, CFG_BOOT, 0x09);
    g_assert_cmphex(twl_get(qts, PM, CFG_BOOT), ==, 0x09);
    lock(qts);
    twl_set(qts, PM, BGAP_TRIM, 0x00);
    g_assert_cmphex(twl_get(qts, PM, BGAP_TRIM), ==, 0x55);
    /* SEQ_OFFSYNC is set at reset (twl4030-power relies on it) */
    g_assert_cmphex(twl_get(qts, PM, CFG_P123_TRANSITION) & 1, ==, 1);
    qtest_quit(qts);
}

/* twl4030_power_off(): P1_SW_EVENTS.DEVOFF ends the machine */
static void test_devoff(void)
{
    QTestState *qts = twl_start("-no-shutdown");
    QDict *ev, *data;
    int i;

    /* twl4030_starton_mask_and_set(STARTON_VBUS | STARTON_CHG, 0) */
    unlock(qts);
    for (i = 0; i < 3; i++) {
        uint8_t v = twl_get(qts, PM, CFG_P1_TRANSITION + i);

        twl_set(qts, PM, CFG_P1_TRANSITION + i, v & ~0x22);
    }
    lock(qts);
    twl_set(qts, PM, P1_SW_EVENTS, 0x01);
    ev = qtest_qmp_eventwait_ref(qts, "SHUTDOWN");
    data = qdict_get_qdict(ev, "data");
    g_assert_true(qdict_get_bool(data, "guest"));
    g_assert_cmpstr(qdict_get_str(data, "reason"), ==, "guest-shutdown");
    qobject_unref(ev);
    qtest_quit(qts);
}

/* P1..P3_SW_EVENTS: DEVSLP/DEVACT move a group, the config bits stay */
static void test_sw_events(void)
{
    QTestState *qts = twl_start(NULL);

    g_assert_cmphex(twl_get(qts, PM, STS_P123_STATE), ==, 0);
    twl_set(qts, PM, P3_SW_EVENTS, 0x08 | 0x02);    /* LVL_WAKEUP, DEVSLP */
    g_assert_cmphex(twl_get(qts, PM, P3_SW_EVENTS), ==, 0x08);
    g_assert_cmphex(twl_get(qts, PM, STS_P123_STATE), ==, 0x10);
    twl_set(qts, PM, P3_SW_EVENTS, 0x08 | 0x04);    /* DEVACT */
    g_assert_cmphex(twl_get(qts, PM, STS_P123_STATE), ==, 0x00);
    /* twl4030-power: P1 LVL_WAKEUP | ENABLE_WARMRESET */
    twl_set(qts, PM, P1_SW_EVENTS, 0x18);
    g_assert_cmphex(twl_get(qts, PM, P1_SW_EVENTS), ==, 0x18);
    qtest_quit(qts);
}

/* Sequencer memory (MEMORY_ADDRESS/DATA, protected), power-bus port */
static void test_sequencer_and_pb(void)
{
    QTestState *qts = twl_start(NULL);
    static const uint8_t ins[4] = { 0x15, 0x2e, 0x02, 0x2c };
    int i;

    /* twl4030_write_script_ins(0x2b, ...): address = 4 * index + byte */
    unlock(qts);
    for (i = 0; i < 4; i++) {
        twl_set(qts, PM, MEMORY_ADDRESS, 4 * 0x2b + i);
        twl_set(qts, PM, MEMORY_DATA, ins[i]);
    }
    /* the address also advances by itself */
    twl_set(qts, PM, MEMORY_ADDRESS, 4 * 0x2b);
    for (i = 0; i < 4; i++) {
        g_assert_cmphex(twl_get(qts, PM, MEMORY_DATA), ==, ins[i]);
    }
    g_assert_cmphex(twl_get(qts, PM, MEMORY_ADDRESS), ==, 4 * 0x2b + 4);
    twl_set(qts, PM, SEQ_ADD_A2S, 0x2b);
    lock(qts);
    twl_set(qts, PM, MEMORY_ADDRESS, 0);            /* locked: ignored */
    twl_set(qts, PM, SEQ_ADD_A2S, 0x3f);
    g_assert_cmphex(twl_get(qts, PM, MEMORY_ADDRESS), ==, 4 * 0x2b + 4);
    g_assert_cmphex(twl_get(qts, PM, SEQ_ADD_A2S), ==, 0x2b);

    /* twl4030reg_write_pb(): BWEN, MSB, LSB, BUSY is never seen */
    twl_set(qts, PM, PB_CFG, 0x02);
    twl_set(qts, PM, PB_WORD_MSB, 0x03);
    twl_set(qts, PM, PB_WORD_LSB, 0xfe);
    g_assert_cmphex(twl_get(qts, PM, PB_CFG), ==, 0x02);
    g_assert_cmphex(twl_get(qts, PM, PB_WORD_MSB), ==, 0x03);
    qtest_quit(qts);
}

#define SEQ_ADD_S2A12       0x56
#define VAUX2_DEV_GRP       0x76
#define GRP_P3_SLEEP        (0x80 | 0x8)
#define GRP_P3_ACTIVE       (0x80 | 0xe)

/* An instruction of the sequencer: power-bus message, delay, next */
static void seq_ins(QTestState *qts, uint8_t index, uint16_t msg, uint8_t next)
{
    const uint8_t ins[4] = { msg >> 8, msg & 0xff, 2, next };
    int i;

    twl_set(qts, PM, MEMORY_ADDRESS, 4 * index);
    for (i = 0; i < 4; i++) {
        twl_set(qts, PM, MEMORY_DATA, ins[i]);
    }
}

/*
 * nSLEEP1 (the SoC's SYS_OFF_MODE on the GTA04): asserted, P1 sleeps after
 * the active-to-sleep script ran; released, P1 is active and the
 * sleep-to-active script of P1/P2 runs.  With no script loaded (reset:
 * every SEQ_ADD_* at the end address) only P1's state changes.  The
 * scripts are twl4030-power.c's for "ti,twl4030-power-idle": broadcast
 * SLEEP, broadcast ACTIVE (every group, every type, type2 0).
 */
static void test_sleep1_scripts(void)
{
    QTestState *qts = twl_start(NULL);

    g_assert_cmphex(twl_get(qts, PM, SEQ_ADD_A2S), ==, 0x3f);
    qtest_set_irq_in(qts, "/machine/twl4030", "sleep1", 0, 1);
    g_assert_cmphex(twl_get(qts, PM, STS_P123_STATE), ==, 0x01);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX2_DEV_GRP), ==, GRP_P3_ACTIVE);
    qtest_set_irq_in(qts, "/machine/twl4030", "sleep1", 0, 0);
    g_assert_cmphex(twl_get(qts, PM, STS_P123_STATE), ==, 0);

    unlock(qts);
    seq_ins(qts, 0x2b, 0x1e78, 0x3f);               /* broadcast SLEEP */
    seq_ins(qts, 0x2c, 0x1e7e, 0x3f);               /* broadcast ACTIVE */
    twl_set(qts, PM, SEQ_ADD_A2S, 0x2b);
    twl_set(qts, PM, SEQ_ADD_S2A12, 0x2c);
    lock(qts);
    qtest_set_irq_in(qts, "/machine/twl4030", "sleep1", 0, 1);
    g_assert_cmphex(twl_get(qts, PM, STS_P123_STATE), ==, 0x01);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX2_DEV_GRP), ==, GRP_P3_SLEEP);
    qtest_set_irq_in(qts, "/machine/twl4030", "sleep1", 0, 0);
    g_assert_cmphex(twl_get(qts, PM, STS_P123_STATE), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX2_DEV_GRP), ==, GRP_P3_ACTIVE);

    /* a script that loops ends (a guest error), the chip carries on */
    unlock(qts);
    seq_ins(qts, 0x2b, 0x1e78, 0x2b);
    lock(qts);
    qtest_set_irq_in(qts, "/machine/twl4030", "sleep1", 0, 1);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX2_DEV_GRP), ==, GRP_P3_SLEEP);
    qtest_quit(qts);
}

/* TWL watchdog: WATCHDOG_CFG seconds, 0 stops, expiry resets the machine */
static void test_watchdog(void)
{
    QTestState *qts = twl_start(NULL);

    g_assert_cmphex(twl_get(qts, PM, WATCHDOG_CFG), ==, 0);
    twl_set(qts, PM, WATCHDOG_CFG, 3);
    g_assert_cmphex(twl_get(qts, PM, WATCHDOG_CFG), ==, 3);
    qtest_clock_step(qts, 1500 * MS);
    g_assert_cmphex(twl_get(qts, PM, WATCHDOG_CFG), ==, 2);
    twl_set(qts, PM, WATCHDOG_CFG, 0);               /* stopped */
    qtest_clock_step(qts, 10 * SEC);
    g_assert_cmphex(twl_get(qts, PM, WATCHDOG_CFG), ==, 0);

    twl_set(qts, PM, WATCHDOG_CFG, 2);
    qtest_clock_step(qts, 2 * SEC);
    qtest_qmp_eventwait(qts, "RESET");
    gta04_i2c_init(qts, TWL_I2C);
    g_assert_cmphex(twl_get(qts, PM, WATCHDOG_CFG), ==, 0);
    qtest_quit(qts);
}

/* The expiry follows -action watchdog=... like the SoC's WDT2 */
static void test_watchdog_action(void)
{
    QTestState *qts = twl_start("-action watchdog=pause");
    QDict *ev, *rsp;

    twl_set(qts, PM, WATCHDOG_CFG, 2);
    qtest_clock_step(qts, 2 * SEC);
    /* the expiry stops the VM at once (the event is queued by then) */
    rsp = qtest_qmp(qts, "{ 'execute': 'query-status' }");
    g_assert_cmpstr(qdict_get_str(qdict_get_qdict(rsp, "return"), "status"),
                    ==, "watchdog");
    qobject_unref(rsp);
    ev = qtest_qmp_eventwait_ref(qts, "WATCHDOG");
    g_assert_cmpstr(qdict_get_str(qdict_get_qdict(ev, "data"), "action"), ==,
                    "pause");
    qobject_unref(ev);
    /* paused, not reset: the chip's registers are as the guest left them */
    g_assert_cmphex(twl_get(qts, 0x49, 0x94), ==, 0x55);
    twl_set(qts, 0x49, 0x94, 0x00);
    g_assert_cmphex(twl_get(qts, 0x49, 0x94), ==, 0x00);
    qtest_quit(qts);
}

/* IDCODE 0x49:0x85-0x88 reads 0 until UNLOCK_TEST_REG = 0x49 */
static void test_idcode(void)
{
    QTestState *qts = twl_start(NULL);
    uint8_t id[4];

    twl_read(qts, 0x49, 0x85, id, 4);
    g_assert_cmphex(id[0] | id[1] | id[2] | id[3], ==, 0);
    twl_set(qts, 0x49, 0x97, 0x49);
    twl_read(qts, 0x49, 0x85, id, 4);
    g_assert_cmphex(ldl_le_p(id), ==, 0x1009002f);
    g_assert_cmphex(ldl_le_p(id) & 0xffffff, ==, 0x09002f);   /* TWL_SIL_5030 */
    twl_set(qts, 0x49, 0x97, 0x00);
    twl_read(qts, 0x49, 0x85, id, 4);
    g_assert_cmphex(id[0] | id[1] | id[2] | id[3], ==, 0);
    twl_set(qts, 0x49, 0x85, 0xff);                 /* read-only */

    /* twl-core: GPPUPDCTR1 clears the I2C pull-ups (bits 0, 2, 4, 6) */
    g_assert_cmphex(twl_get(qts, 0x49, 0x94), ==, 0x55);
    twl_set(qts, 0x49, 0x94, 0x00);
    g_assert_cmphex(twl_get(qts, 0x49, 0x94), ==, 0x00);
    /* GPBR1 keeps MADC_HFCLK_EN */
    twl_set(qts, 0x49, 0x91, 0x80);
    g_assert_cmphex(twl_get(qts, 0x49, 0x91), ==, 0x80);
    qtest_quit(qts);
}

/* Audio registers, storage windows, unowned registers */
static void test_audio_and_storage(void)
{
    QTestState *qts = twl_start(NULL);

    g_assert_cmphex(twl_get(qts, 0x49, 0x3a), ==, 0x06);    /* APLL_CTL */
    g_assert_cmphex(twl_get(qts, 0x49, 0x1f), ==, 0x55);    /* BTPGA */
    twl_set(qts, 0x49, 0x3a, 0x16);                 /* APLL_EN | 26 MHz */
    g_assert_cmphex(twl_get(qts, 0x49, 0x3a), ==, 0x16);
    /* ANAMICL.CNCL_OFFSET_START self-clears (the codec polls it) */
    twl_set(qts, 0x49, 0x05, 0x91);
    g_assert_cmphex(twl_get(qts, 0x49, 0x05), ==, 0x11);
    /* 0x03 does not exist */
    twl_set(qts, 0x49, 0x03, 0xaa);
    g_assert_cmphex(twl_get(qts, 0x49, 0x03), ==, 0x00);

    /* test registers and BACKUP_REG_A are storage */
    twl_set(qts, 0x49, 0x4c, 0xa5);
    twl_set(qts, 0x4b, 0x14, 0x5a);
    g_assert_cmphex(twl_get(qts, 0x49, 0x4c), ==, 0xa5);
    g_assert_cmphex(twl_get(qts, 0x4b, 0x14), ==, 0x5a);
    /* nothing at 0x49:0x4a: reads 0, writes are dropped */
    twl_set(qts, 0x49, 0x4a, 0xff);
    g_assert_cmphex(twl_get(qts, 0x49, 0x4a), ==, 0x00);
    qtest_quit(qts);
}

/* The register pointer is per slave address and auto-increments */
static void test_register_pointer(void)
{
    QTestState *qts = twl_start(NULL);
    static const uint8_t data[3] = { 0x11, 0x22, 0x33 };
    uint8_t ptr, buf[2];

    twl_write(qts, 0x49, 0x4c, data, 3);            /* 0x4c, 0x4d, 0x4e */
    twl_set(qts, 0x4b, 0x14, 0x99);
    twl_read(qts, 0x49, 0x4c, buf, 2);
    g_assert_cmphex(buf[0], ==, 0x11);
    g_assert_cmphex(buf[1], ==, 0x22);

    /* set each address's pointer with a pointer-only write */
    ptr = 0x4d;
    g_assert_cmpint(gta04_i2c_write(qts, TWL_I2C, 0x49, &ptr, 1), ==, 0);
    ptr = 0x14;
    g_assert_cmpint(gta04_i2c_write(qts, TWL_I2C, 0x4b, &ptr, 1), ==, 0);
    /* reads without a pointer continue where each address left off */
    g_assert_cmpint(gta04_i2c_read(qts, TWL_I2C, 0x49, buf, 2), ==, 0);
    g_assert_cmphex(buf[0], ==, 0x22);
    g_assert_cmphex(buf[1], ==, 0x33);
    g_assert_cmpint(gta04_i2c_read(qts, TWL_I2C, 0x4b, buf, 1), ==, 0);
    g_assert_cmphex(buf[0], ==, 0x99);
    /* other addresses do not answer */
    g_assert_cmpint(gta04_i2c_read(qts, TWL_I2C, 0x4c, buf, 1), ==,
                    -EREMOTEIO);
    qtest_quit(qts);
}

/*
 * A snapshot whose TWL4030 state has the current slave index "cur" out of
 * range (it indexes pointer[] and the register map): loadvm must refuse it
 * (the chip's post_load) and QEMU carry on, not write past the chip's state
 * at the next I2C byte.  The snapshot is a real one, patched in its image.
 */
static void test_crafted_snapshot(void)
{
    g_autofree char *dir = g_dir_make_tmp("gta04-snap-XXXXXX", NULL);
    g_autofree char *path = g_strdup_printf("%s/disk.qcow2", dir);
    g_autofree char *args = gta04_snapshot_disk_args(path);
    g_autofree char *out = NULL;
    g_autofree uint8_t *img = NULL;
    QTestState *qts = twl_start(NULL);
    GError *err = NULL;
    gsize len;
    long at;

    gta04_snapshot_disk_create(qts, path);
    twl_set(qts, PM, WATCHDOG_CFG, 0);      /* the chip's state is in use */
    out = qtest_hmp(qts, "savevm crafted");
    g_assert_cmpstr(out, ==, "");
    qtest_quit(qts);

    /*
     * the chip's section (vmstate "twl4030" version 4: the I2C front end
     * and the input pins; its cells have sections of their own):
     * I2CSlave.address (0x48), then cur (int8)
     */
    g_assert_true(g_file_get_contents(path, (gchar **)&img, &len, &err));
    g_assert_no_error(err);
    at = gta04_find_section(img, len, "twl4030", 4);
    g_assert_cmpint(at, >=, 0);
    g_assert_cmphex(img[at], ==, 0x48);
    g_assert_cmpint((int8_t)img[at + 1], >=, -1);
    g_assert_cmpint((int8_t)img[at + 1], <, 4);
    img[at + 1] = 100;
    g_assert_true(g_file_set_contents(path, (gchar *)img, len, &err));
    g_assert_no_error(err);

    qts = twl_start(args);
    g_free(out);
    out = qtest_hmp(qts, "loadvm crafted");
    g_test_message("loadvm: %s", out);
    /* the load fails (QEMU 10.2 reports only the device's own reason) */
    g_assert_true(strstr(out, "Error -22 while loading VM state") ||
                  strstr(out, "out of range"));
    /* QEMU is alive, and the chip (reset by the failed load) answers */
    qtest_qmp_assert_success(qts, "{ 'execute': 'query-status' }");
    qtest_qmp_assert_success(qts, "{ 'execute': 'system_reset' }");
    qtest_qmp_eventwait(qts, "RESET");
    gta04_i2c_init(qts, TWL_I2C);
    twl_set(qts, PM, WATCHDOG_CFG, 0);
    g_assert_cmphex(twl_get(qts, 0x49, 0x94), ==, 0x55);    /* GPPUPDCTR1 */
    qtest_quit(qts);
    unlink(path);
    rmdir(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("twl4030/power/hw-conditions", test_hw_conditions);
    qtest_add_func("twl4030/power/vbus-comparator", test_vbus_comparator);
    qtest_add_func("twl4030/power/pwron-edges", test_pwron_edges);
    qtest_add_func("twl4030/power/powerdown", test_powerdown);
    qtest_add_func("twl4030/power/debounce-pwron", test_debounce_pwron);
    qtest_add_func("twl4030/power/debounce-vbus", test_debounce_vbus);
    qtest_add_func("twl4030/power/debounce-usb-id", test_debounce_usb_id);
    qtest_add_func("twl4030/power/debounce-ac", test_debounce_ac);
    qtest_add_func("twl4030/power/protect-key", test_protect_key);
    qtest_add_func("twl4030/power/devoff", test_devoff);
    qtest_add_func("twl4030/power/sleep1-scripts", test_sleep1_scripts);
    qtest_add_func("twl4030/power/sw-events", test_sw_events);
    qtest_add_func("twl4030/power/sequencer-and-pb", test_sequencer_and_pb);
    qtest_add_func("twl4030/power/watchdog", test_watchdog);
    qtest_add_func("twl4030/power/watchdog-action", test_watchdog_action);
    qtest_add_func("twl4030/core/idcode", test_idcode);
    qtest_add_func("twl4030/core/audio-and-storage", test_audio_and_storage);
    qtest_add_func("twl4030/core/register-pointer", test_register_pointer);
    qtest_add_func("twl4030/core/crafted-snapshot", test_crafted_snapshot);

    return g_test_run();
}
