/*
 * qtest for the TWL4030 power resources (PM_RECEIVER, 0x4B:0x5B-0xF1),
 * through the OMAP3 I2C1 controller like Linux's twl-regulator and
 * phy-twl4030-usb access them
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include "twl4030-qtest.h"

#define REGULATORS  "/machine/twl4030/regulators"

#define VAUX1_DEV_GRP       0x72
#define VAUX1_TYPE          0x73
#define VAUX1_REMAP         0x74
#define VAUX1_DEDICATED     0x75
#define VAUX2_DEV_GRP       0x76
#define VAUX2_REMAP         0x78
#define VMMC1_DEDICATED     0x85
#define VDD1_DEV_GRP        0xb0
#define VDD1_VSEL           0xb9
#define VUSB3V1_TYPE        0xd3
#define VUSB_DEDICATED1     0xd8
#define DCDC_GLOBAL_CFG     0x61
#define BB_CFG              0x6d

#define GRP_P3      0x80
#define ST_OFF      0x0
#define ST_SLEEP    0x8
#define ST_ACTIVE   0xe

/* Reset values, states and the QOM view of them */
static void test_reset(void)
{
    QTestState *qts = twl_start(NULL);

    /* VAUX1: in no group -> off */
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX1_DEV_GRP), ==, ST_OFF);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX1_REMAP), ==, 0x08);
    g_assert_false(twl_qom_get_bool(qts, REGULATORS, "vaux1"));
    /* VAUX2: P3, P3 active -> ACTIVE */
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX2_DEV_GRP), ==,
                    GRP_P3 | ST_ACTIVE);
    g_assert_true(twl_qom_get_bool(qts, REGULATORS, "vaux2"));
    /* VDD1 in P1 at 1.3 V */
    g_assert_cmphex(twl_get(qts, TWL_POWER, VDD1_DEV_GRP), ==,
                    GRP_P1 | ST_ACTIVE);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VDD1_VSEL), ==, 0x38);
    /* VUSB3V1: P123, but VUSB_DEDICATED2.VUSB3V1_SLEEP remaps to SLEEP */
    g_assert_cmphex(twl_get(qts, TWL_POWER, VUSB_DEDICATED2), ==, 0x08);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VUSB_DEDICATED1), ==, 0x14);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VUSB3V1_DEV_GRP), ==,
                    GRP_P123 | ST_SLEEP);
    g_assert_true(twl_qom_get_bool(qts, REGULATORS, "vusb3v1"));
    g_assert_false(twl_qom_get_bool(qts, REGULATORS, "vusb1v5"));
    g_assert_false(twl_qom_get_bool(qts, REGULATORS, "vusb1v8"));
    g_assert_true(twl_qom_get_bool(qts, REGULATORS, "32kclkout"));
    /* plain storage registers */
    g_assert_cmphex(twl_get(qts, TWL_POWER, BB_CFG), ==, 0x00);
    twl_set(qts, TWL_POWER, BB_CFG, 0x1d);
    g_assert_cmphex(twl_get(qts, TWL_POWER, BB_CFG), ==, 0x1d);
    twl_set(qts, TWL_POWER, DCDC_GLOBAL_CFG,
           twl_get(qts, TWL_POWER, DCDC_GLOBAL_CFG) | 0x08);
    g_assert_cmphex(twl_get(qts, TWL_POWER, DCDC_GLOBAL_CFG), ==, 0x08);
    qtest_quit(qts);
}

/* twl-regulator enable/disable: DEV_GRP |= P1 / &= ~(P1|P2|P3) */
static void test_dev_grp(void)
{
    QTestState *qts = twl_start(NULL);
    QDict *rsp;
    uint8_t grp;

    grp = twl_get(qts, TWL_POWER, VAUX1_DEV_GRP);
    twl_set(qts, TWL_POWER, VAUX1_DEV_GRP, grp | GRP_P1);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX1_DEV_GRP), ==,
                    GRP_P1 | ST_ACTIVE);
    g_assert_true(twl_qom_get_bool(qts, REGULATORS, "vaux1"));

    /* the state nibble is read-only */
    twl_set(qts, TWL_POWER, VAUX1_DEV_GRP, GRP_P1 | 0x01);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX1_DEV_GRP), ==,
                    GRP_P1 | ST_ACTIVE);

    grp = twl_get(qts, TWL_POWER, VAUX1_DEV_GRP);
    twl_set(qts, TWL_POWER, VAUX1_DEV_GRP, grp & ~GRP_P123);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX1_DEV_GRP), ==, ST_OFF);
    g_assert_false(twl_qom_get_bool(qts, REGULATORS, "vaux1"));

    /* the properties are read-only */
    rsp = qtest_qmp(qts, "{ 'execute': 'qom-set', 'arguments': { 'path': %s, "
                    "'property': 'vaux1', 'value': true } }", REGULATORS);
    g_assert(qdict_haskey(rsp, "error"));
    qobject_unref(rsp);
    qtest_quit(qts);
}

/*
 * phy-twl4030-usb: ldo_init writes VUSB3V1_DEV_GRP = 0, which resets
 * VUSB_DEDICATED2 (VUSB3V1_SLEEP set); runtime_resume enables the LDO
 * (SLEEP because of that bit) and writes VUSB_DEDICATED2 = 0 (ACTIVE).
 */
static void test_vusb3v1_quirk(void)
{
    QTestState *qts = twl_start(NULL);

    twl_unlock(qts);
    twl_set(qts, TWL_POWER, VUSB_DEDICATED2, 0x00);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VUSB3V1_DEV_GRP), ==,
                    GRP_P123 | ST_ACTIVE);

    /* leaving every group: off, and DEDICATED2 back to 0x08 */
    twl_set(qts, TWL_POWER, VUSB_DEDICATED1, 0x14);
    twl_set(qts, TWL_POWER, VUSB3V1_DEV_GRP, 0x00);
    twl_set(qts, TWL_POWER, VUSB3V1_TYPE, 0x00);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VUSB_DEDICATED2), ==, 0x08);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VUSB3V1_DEV_GRP), ==, ST_OFF);
    g_assert_false(twl_qom_get_bool(qts, REGULATORS, "vusb3v1"));

    /* regulator_enable: on, but only in SLEEP */
    twl_set(qts, TWL_POWER, VUSB3V1_DEV_GRP,
           twl_get(qts, TWL_POWER, VUSB3V1_DEV_GRP) | GRP_P1);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VUSB3V1_DEV_GRP), ==,
                    GRP_P1 | ST_SLEEP);
    g_assert_true(twl_qom_get_bool(qts, REGULATORS, "vusb3v1"));
    twl_set(qts, TWL_POWER, VUSB_DEDICATED2, 0x00);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VUSB3V1_DEV_GRP), ==,
                    GRP_P1 | ST_ACTIVE);

    /* the quirk is VUSB3V1's only: disabling VUSB1V8 leaves DEDICATED2 */
    twl_set(qts, TWL_POWER, VUSB1V8_DEV_GRP, GRP_P1);
    g_assert_true(twl_qom_get_bool(qts, REGULATORS, "vusb1v8"));
    twl_set(qts, TWL_POWER, VUSB1V8_DEV_GRP, 0x00);
    g_assert_false(twl_qom_get_bool(qts, REGULATORS, "vusb1v8"));
    g_assert_cmphex(twl_get(qts, TWL_POWER, VUSB_DEDICATED2), ==, 0x00);

    /* runtime_suspend: DEV_GRP &= ~P123 -> off, DEDICATED2 reset again */
    twl_set(qts, TWL_POWER, VUSB3V1_DEV_GRP,
           twl_get(qts, TWL_POWER, VUSB3V1_DEV_GRP) & ~GRP_P123);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VUSB_DEDICATED2), ==, 0x08);
    g_assert_false(twl_qom_get_bool(qts, REGULATORS, "vusb3v1"));
    qtest_quit(qts);
}

/* Voltage selection registers keep their implemented bits */
static void test_vsel(void)
{
    QTestState *qts = twl_start(NULL);

    /* VAUX1: 3-bit VSEL (twl-regulator's 8-entry table) */
    twl_set(qts, TWL_POWER, VAUX1_DEDICATED, 0x03);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX1_DEDICATED), ==, 0x03);
    twl_set(qts, TWL_POWER, VAUX1_DEDICATED, 0xff);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX1_DEDICATED), ==, 0x07);
    /* VMMC1: 2 bits */
    twl_set(qts, TWL_POWER, VMMC1_DEDICATED, 0xfe);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VMMC1_DEDICATED), ==, 0x02);
    /* VDD1 SMPS: 600 mV + 12.5 mV * VSEL, 7 bits; 1.2 V = 48 */
    twl_set(qts, TWL_POWER, VDD1_VSEL, 48);
    g_assert_cmpuint(twl_get(qts, TWL_POWER, VDD1_VSEL), ==, 48);
    twl_set(qts, TWL_POWER, VDD1_VSEL, 0xff);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VDD1_VSEL), ==, 0x7f);
    /* TYPE: TYPE2[4:3] TYPE[2:0] */
    twl_set(qts, TWL_POWER, VAUX1_TYPE, 0xff);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX1_TYPE), ==, 0x1f);
    /* the power module, not us, answers WATCHDOG_CFG in the middle */
    twl_set(qts, TWL_POWER, WATCHDOG_CFG, 0);
    g_assert_cmphex(twl_get(qts, TWL_POWER, WATCHDOG_CFG), ==, 0);
    qtest_quit(qts);
}

/* Processor group sleep applies REMAP; back to active restores */
static void test_group_sleep_remap(void)
{
    QTestState *qts = twl_start(NULL);

    /* P3 to sleep (P3_SW_EVENTS.DEVSLP): VAUX2 (P3, REMAP sleep=SLEEP) */
    twl_set(qts, TWL_POWER, P3_SW_EVENTS, 0x02);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX2_DEV_GRP), ==,
                    GRP_P3 | ST_SLEEP);
    g_assert_true(twl_qom_get_bool(qts, REGULATORS, "vaux2"));
    /* VUSB3V1 is also in P1 and P2, which stay active */
    twl_set(qts, TWL_POWER, VUSB_DEDICATED2, 0x00);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VUSB3V1_DEV_GRP), ==,
                    GRP_P123 | ST_ACTIVE);
    /* P3 active again (DEVACT) */
    twl_set(qts, TWL_POWER, P3_SW_EVENTS, 0x04);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX2_DEV_GRP), ==,
                    GRP_P3 | ST_ACTIVE);

    /* with REMAP sleep = OFF the LDO switches off while P3 sleeps */
    twl_set(qts, TWL_POWER, VAUX2_REMAP, 0x00);
    twl_set(qts, TWL_POWER, P3_SW_EVENTS, 0x02);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX2_DEV_GRP), ==, GRP_P3);
    g_assert_false(twl_qom_get_bool(qts, REGULATORS, "vaux2"));
    twl_set(qts, TWL_POWER, P3_SW_EVENTS, 0x04);
    g_assert_true(twl_qom_get_bool(qts, REGULATORS, "vaux2"));
    qtest_quit(qts);
}

static void pb_send(QTestState *qts, uint16_t msg)
{
    twl_set(qts, TWL_POWER, PB_CFG, 0x02);                   /* BWEN */
    twl_set(qts, TWL_POWER, PB_WORD_MSB, msg >> 8);
    twl_set(qts, TWL_POWER, PB_WORD_LSB, msg & 0xff);
    twl_set(qts, TWL_POWER, PB_CFG, 0x00);
}

/* Power bus messages (twl4030reg_set_mode, sequencer broadcasts) */
static void test_pb_messages(void)
{
    QTestState *qts = twl_start(NULL);

    twl_set(qts, TWL_POWER, VAUX1_DEV_GRP, GRP_P1);
    /* singular, P1, VAUX1 (id 1), SLEEP: REMAP sleep = 8 -> SLEEP */
    pb_send(qts, 1 << 13 | 1 << 4 | 0x8);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX1_DEV_GRP), ==,
                    GRP_P1 | ST_SLEEP);
    /* singular ACTIVE */
    pb_send(qts, 1 << 13 | 1 << 4 | 0xe);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX1_DEV_GRP), ==,
                    GRP_P1 | ST_ACTIVE);
    /* addressed to P2 only: VAUX1 (P1) ignores it */
    pb_send(qts, 2 << 13 | 1 << 4 | 0x0);
    g_assert_true(twl_qom_get_bool(qts, REGULATORS, "vaux1"));
    /* singular OFF -> REMAP off state (0) */
    pb_send(qts, 1 << 13 | 1 << 4 | 0x0);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX1_DEV_GRP), ==, GRP_P1);
    g_assert_false(twl_qom_get_bool(qts, REGULATORS, "vaux1"));

    /*
     * Broadcast to all resource groups, TYPE all, TYPE2 0, SLEEP (the
     * omap3_idle sleep script): every type2-0 resource in a group sleeps.
     */
    pb_send(qts, 0 << 13 | 1 << 12 | 7 << 9 | 0 << 7 | 7 << 4 | 0x8);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX2_DEV_GRP), ==,
                    GRP_P3 | ST_SLEEP);
    /* a resource in no group ignores the bus */
    twl_set(qts, TWL_POWER, VAUX1_DEV_GRP, 0);
    pb_send(qts, 0 << 13 | 1 << 12 | 7 << 9 | 0 << 7 | 7 << 4 | 0xe);
    g_assert_false(twl_qom_get_bool(qts, REGULATORS, "vaux1"));
    g_assert_cmphex(twl_get(qts, TWL_POWER, VAUX2_DEV_GRP), ==,
                    GRP_P3 | ST_ACTIVE);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("twl4030/regulators/reset", test_reset);
    qtest_add_func("twl4030/regulators/dev-grp", test_dev_grp);
    qtest_add_func("twl4030/regulators/vusb3v1-dedicated2-quirk",
                   test_vusb3v1_quirk);
    qtest_add_func("twl4030/regulators/vsel", test_vsel);
    qtest_add_func("twl4030/regulators/group-sleep-remap",
                   test_group_sleep_remap);
    qtest_add_func("twl4030/regulators/power-bus", test_pb_messages);

    return g_test_run();
}
