/*
 * Helpers for the qtests of the TWL4030 modules (regulators, USB, BCI,
 * MADC): register access over the OMAP3 I2C1 controller like Linux does,
 * and the QOM stimuli of /machine/twl4030.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef TWL4030_MODULES_QTEST_H
#define TWL4030_MODULES_QTEST_H

#include "libqtest.h"
#include "qapi/qmp/qdict.h"
#include "gta04-i2c.h"
#include "dm3730-qtest.h"

#define TWL_USB     0x48
#define TWL_INTBR   0x49
#define TWL_AUX     0x4a
#define TWL_POWER   0x4b

/* Registers of other modules the tests look at */
#define PIH_ISR_P1              0x81    /* 0x49 */
#define PWR_ISR1                0x2e    /* 0x4b */
#define PWR_IMR1                0x2f
#define PWR_EDR1                0x33
#define PWR_SIH_CTRL            0x35
#define PROTECT_KEY             0x44
#define STS_HW_CONDITIONS       0x45
#define P3_SW_EVENTS            0x48
#define PB_CFG                  0x4a
#define PB_WORD_MSB             0x4b
#define PB_WORD_LSB             0x4c
#define BCIISR1A                0xb9    /* 0x4a */
#define BCIISR2A                0xba
#define BCIIMR1A                0xbb
#define BCIIMR2A                0xbc
#define MADC_ISR1               0x61
#define MADC_IMR1               0x62

#define PIH_BCI                 (1 << 2)
#define PIH_MADC                (1 << 3)
#define PIH_USB                 (1 << 4)
#define PIH_PWR                 (1 << 5)
#define PWR_USB_PRES            (1 << 2)
#define STS_VBUS                (1 << 7)

static inline QTestState *twl_start(void)
{
    QTestState *qts = qtest_init("-M gta04");

    gta04_i2c_init(qts, GTA04_I2C1_BASE);
    return qts;
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

static inline uint8_t twl_rd(QTestState *qts, uint8_t addr, uint8_t reg)
{
    return gta04_i2c_get8(qts, GTA04_I2C1_BASE, addr, reg);
}

static inline void twl_wr(QTestState *qts, uint8_t addr, uint8_t reg,
                          uint8_t value)
{
    gta04_i2c_set8(qts, GTA04_I2C1_BASE, addr, reg, value);
}

/* 10-bit ADC value of a register pair, LSB at reg, 2 MSBs at reg + 1 */
static inline unsigned twl_rd10(QTestState *qts, uint8_t addr, uint8_t reg)
{
    uint8_t v[2];

    g_assert_cmpint(gta04_i2c_read_reg(qts, GTA04_I2C1_BASE, addr, reg, v, 2),
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
    uint8_t first = twl_rd(qts, addr, reg);
    int i;

    for (i = 0; i < 4 && twl_rd(qts, addr, reg); i++) {
        /* drain */
    }
    g_assert_cmpint(i, <, 4);
    return first;
}

/* Unlock the PM_MASTER configuration registers like twl-core does */
static inline void twl_unlock(QTestState *qts)
{
    twl_wr(qts, TWL_POWER, PROTECT_KEY, 0xc0);
    twl_wr(qts, TWL_POWER, PROTECT_KEY, 0x0c);
}

#endif /* TWL4030_MODULES_QTEST_H */
