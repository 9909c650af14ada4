/*
 * qtest helpers for the TWL4030 on the GTA04: register access through the
 * emulated OMAP3 I2C1 controller (like Linux's twl-core), the chip's QOM
 * stimuli and the INT1 line as the SoC's interrupt controller sees it.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef TWL4030_QTEST_H
#define TWL4030_QTEST_H

#include "libqtest.h"
#include "qapi/qmp/qdict.h"
#include "qapi/qmp/qlist.h"
#include "gta04-i2c.h"
#include "dm3730-qtest.h"

#define TWL_I2C         GTA04_I2C1_BASE
#define TWL_PATH        "/machine/twl4030"

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

static inline void twl_prop(QTestState *qts, const char *name, bool value)
{
    qtest_qom_set_bool(qts, TWL_PATH, name, value);
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

#endif /* TWL4030_QTEST_H */
