/*
 * qtest helpers for the TWL4030 on the GTA04: register access through the
 * emulated OMAP3 I2C1 controller (like Linux's twl-core), the registers
 * several tests look at, the chip's QOM stimuli and the INT1 line as the
 * SoC's interrupt controller sees it.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef TWL4030_QTEST_H
#define TWL4030_QTEST_H

#include "gta04/include/gta04-compat.h"   /* GTA04_QOBJECT_*_H */
#include "libqtest.h"
#include GTA04_QOBJECT_QDICT_H
#include GTA04_QOBJECT_QLIST_H
#include "gta04-i2c.h"
#include "dm3730-qtest.h"

#define TWL_I2C         GTA04_I2C1_BASE
#define TWL_PATH        "/machine/twl4030"

/* The chip's four I2C addresses */
#define TWL_USB         0x48
#define TWL_INTBR       0x49
#define TWL_AUX         0x4a
#define TWL_POWER       0x4b

/* Registers of several modules the tests look at (TPS65950 TRM) */
#define PIH_ISR_P1              0x81    /* 0x49 */
#define PWR_ISR1                0x2e    /* 0x4b */
#define PWR_IMR1                0x2f
#define PWR_EDR1                0x33
#define PWR_SIH_CTRL            0x35
#define BOOT_BCI                0x3d    /* PM_MASTER, 0x4b */
#define PROTECT_KEY             0x44
#define STS_HW_CONDITIONS       0x45
#define P3_SW_EVENTS            0x48
#define PB_CFG                  0x4a
#define PB_WORD_MSB             0x4b
#define PB_WORD_LSB             0x4c
#define WATCHDOG_CFG            0x5e
#define VUSB1V8_DEV_GRP         0xcf    /* PM_RECEIVER, 0x4b */
#define VUSB3V1_DEV_GRP         0xd2
#define VUSB_DEDICATED2         0xd9
#define BCIMSTATEC              0x76    /* 0x4a */
#define BCIISR1A                0xb9
#define BCIISR2A                0xba
#define BCIIMR1A                0xbb
#define BCIIMR2A                0xbc
#define BCISIHCTRL              0xc6
#define MADC_ISR1               0x61
#define MADC_IMR1               0x62

#define PIH_BCI                 (1 << 2)
#define PIH_MADC                (1 << 3)
#define PIH_USB                 (1 << 4)
#define PIH_PWR                 (1 << 5)
#define SRC_PWRON               0x01    /* PWR_ISR1 */
#define PWR_USB_PRES            (1 << 2)
#define STS_VBUS                (1 << 7)
#define GRP_P1                  0x20    /* DEV_GRP */
#define GRP_P123                0xe0
#define BCI_ICHGLOW             (1 << 3)
#define MSTATEC_USB             (1 << 4)

/* INT1 at the INTC (the SoC's sys_nirq) */
#define TWL_INT1_LINE   dm3730_irq(DM3730_DEV_SYS_NIRQ)
#define TWL_INT1_BIT    (1u << (TWL_INT1_LINE % 32))

/* A gta04 machine with the I2C controller initialised like Linux does */
static inline QTestState *twl_start(const char *extra)
{
    QTestState *qts = qtest_initf("-M gta04 %s", extra ? extra : "");

    gta04_i2c_init(qts, TWL_I2C);
    return qts;
}

static inline uint8_t twl_get(QTestState *qts, uint8_t addr, uint8_t reg)
{
    return gta04_i2c_get8(qts, TWL_I2C, addr, reg);
}

static inline void twl_set(QTestState *qts, uint8_t addr, uint8_t reg,
                           uint8_t value)
{
    gta04_i2c_set8(qts, TWL_I2C, addr, reg, value);
}

/* Multi-byte access with the chip's auto-increment */
static inline void twl_read(QTestState *qts, uint8_t addr, uint8_t reg,
                            uint8_t *buf, int len)
{
    g_assert_cmpint(gta04_i2c_read_reg(qts, TWL_I2C, addr, reg, buf, len),
                    ==, 0);
}

static inline void twl_write(QTestState *qts, uint8_t addr, uint8_t reg,
                             const uint8_t *buf, int len)
{
    g_assert_cmpint(gta04_i2c_write_reg(qts, TWL_I2C, addr, reg, buf, len),
                    ==, 0);
}

/* INT1 as the SoC sees it (sys_nirq at the INTC, before masking) */
static inline bool twl_int1(QTestState *qts)
{
    return dm3730_intc_raw(qts, DM3730_DEV_SYS_NIRQ);
}

/*
 * The power block sees an input after its debounce (TPS65950 TRM table
 * 14-1; the longest, 31.25 ms, is the power button's): a stimulus, then
 * time enough for the PWR SIH to see it.
 */
#define TWL_PWR_DEBOUNCE_MAX_NS     (31250 * 1000LL)

static inline void twl_prop(QTestState *qts, const char *name, bool value)
{
    qtest_qom_set_bool(qts, TWL_PATH, name, value);
    qtest_clock_step(qts, TWL_PWR_DEBOUNCE_MAX_NS);
}

/* Does the chip have child "name" (modules of other files are optional)? */
static inline bool twl_has_child(QTestState *qts, const char *name)
{
    QDict *rsp = qtest_qmp(qts, "{ 'execute': 'qom-list', "
                           "'arguments': { 'path': %s } }", TWL_PATH);
    QList *list = qdict_get_qlist(rsp, "return");
    const QListEntry *e;
    bool found = false;

    for (e = qlist_first(list); e; e = qlist_next(e)) {
        QDict *prop = qobject_to(QDict, qlist_entry_obj(e));

        if (!strcmp(qdict_get_str(prop, "name"), name)) {
            found = true;
        }
    }
    qobject_unref(rsp);
    return found;
}

/*
 * The BCI's FSM sees a charger plug or unplug after its debounce
 * (TPS65950 TRM table 14-1, 50 ms ticks): 450-500 ms for a plug, 50-100 ms
 * for an unplug.  Wait for the longer.
 */
#define BCI_PLUG_DEBOUNCE_MAX_NS    (500 * 1000 * 1000LL)

static inline void bci_settle(QTestState *qts)
{
    qtest_clock_step(qts, BCI_PLUG_DEBOUNCE_MAX_NS);
}

/* 10-bit ADC value of a register pair, LSB at reg, 2 MSBs at reg + 1 */
static inline unsigned twl_rd10(QTestState *qts, uint8_t addr, uint8_t reg)
{
    uint8_t v[2];

    g_assert_cmpint(gta04_i2c_read_reg(qts, TWL_I2C, addr, reg, v, 2),
                    ==, 0);
    return v[0] | (v[1] & 3) << 8;
}

static inline bool twl_qom_get_bool(QTestState *qts, const char *path,
                                    const char *prop)
{
    QDict *rsp = qtest_qmp(qts, "{ 'execute': 'qom-get', 'arguments': "
                           "{ 'path': %s, 'property': %s } }", path, prop);
    bool value;

    g_assert(qdict_haskey(rsp, "return"));
    value = qdict_get_bool(rsp, "return");
    qobject_unref(rsp);
    return value;
}

static inline void twl_qom_set_bool(QTestState *qts, const char *path,
                                    const char *prop, bool value)
{
    qtest_qmp_assert_success(qts, "{ 'execute': 'qom-set', 'arguments': "
                             "{ 'path': %s, 'property': %s, 'value': %i } }",
                             path, prop, value);
}

static inline void twl_qom_set_int(QTestState *qts, const char *path,
                                   const char *prop, int64_t value)
{
    qtest_qmp_assert_success(qts, "{ 'execute': 'qom-set', 'arguments': "
                             "{ 'path': %s, 'property': %s, 'value': %"
                             PRId64 " } }", path, prop, value);
}

/*
 * Read a clear-on-read SIH status register until it reads 0 (the SIH may
 * re-latch a still-active source once after a clear, like the TWL does);
 * returns the first value read.
 */
static inline uint8_t twl_rd_isr(QTestState *qts, uint8_t addr, uint8_t reg)
{
    uint8_t first = twl_get(qts, addr, reg);
    int i;

    for (i = 0; i < 4 && twl_get(qts, addr, reg); i++) {
        /* drain */
    }
    g_assert_cmpint(i, <, 4);
    return first;
}

/* Unlock the PM_MASTER configuration registers like twl-core does */
static inline void twl_unlock(QTestState *qts)
{
    twl_set(qts, TWL_POWER, PROTECT_KEY, 0xc0);
    twl_set(qts, TWL_POWER, PROTECT_KEY, 0x0c);
}

#endif /* TWL4030_QTEST_H */
