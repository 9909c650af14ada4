/*
 * TI TWL4030 (TPS65950) power-management companion chip: the I2C front end
 * and the address decode
 *
 * TWL4030/TPS65950 TRM "I2C interface"; Linux drivers/mfd/twl-core.c.
 * The modules, the address map of the configurable ones and the wiring
 * between them are in hw/misc/twl4030/wiring.c (documented in
 * include/hw/misc/twl4030/twl4030.h).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/log.h"
#include "qemu/error-report.h"
#include "qemu/module.h"
#include "hw/qdev-core.h"
#include "hw/misc/twl4030/twl4030.h"
#include "migration/vmstate.h"
#include "trace.h"

/* ---- address decode ---- */

/* Build the (address, register) -> module map from the modules' windows */
static bool twl4030_build_map(TWL4030State *s, Error **errp)
{
    BusChild *kid;
    int w, reg;

    memset(s->map, 0, sizeof(s->map));
    QTAILQ_FOREACH(kid, &BUS(&s->bus)->children, sibling) {
        TWL4030Cell *m = TWL4030_CELL(kid->child);

        for (w = 0; w < m->num_windows; w++) {
            TWL4030RegWindow *win = &m->windows[w];
            int idx = win->addr - TWL4030_ADDR_USB;

            for (reg = win->first; reg <= win->last; reg++) {
                TWL4030Cell *other = s->map[idx][reg];

                if (other) {
                    error_setg(errp, "twl4030: register 0x%02x:0x%02x of %s "
                               "is already owned by %s", win->addr, reg,
                               object_get_canonical_path_component(OBJECT(m)),
                               object_get_canonical_path_component(
                                   OBJECT(other)));
                    return false;
                }
                s->map[idx][reg] = m;
            }
        }
    }
    return true;
}

static uint8_t twl4030_reg_read(TWL4030State *s, int idx, uint8_t reg)
{
    uint8_t addr = TWL4030_ADDR_USB + idx;
    TWL4030Cell *m = s->map[idx][reg];
    uint8_t val;

    twl4030_bus_sync(&s->bus);
    if (m) {
        val = TWL4030_CELL_GET_CLASS(m)->read(m, addr, reg);
    } else {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030: read of unimplemented register 0x%02x:0x%02x\n",
                      addr, reg);
        val = 0;
    }
    trace_twl4030_read(addr, reg, val);
    return val;
}

static void twl4030_reg_write(TWL4030State *s, int idx, uint8_t reg,
                              uint8_t value)
{
    uint8_t addr = TWL4030_ADDR_USB + idx;
    TWL4030Cell *m = s->map[idx][reg];

    trace_twl4030_write(addr, reg, value);
    twl4030_bus_sync(&s->bus);
    if (m) {
        TWL4030_CELL_GET_CLASS(m)->write(m, addr, reg, value);
    } else {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030: write 0x%02x to unimplemented register "
                      "0x%02x:0x%02x\n", value, addr, reg);
    }
}

/* ---- I2C front end ---- */

static bool twl4030_match_and_add(I2CSlave *candidate, uint8_t address,
                                  bool broadcast, I2CNodeList *current_devs)
{
    TWL4030State *s = TWL4030(candidate);
    I2CNode *node;

    if (broadcast) {
        /* the chip does not take part in a general call */
        s->cur = -1;
    } else if (address >= candidate->address &&
               address < candidate->address + TWL4030_NUM_ADDRS) {
        s->cur = address - candidate->address;
    } else {
        return false;
    }
    node = g_new(I2CNode, 1);
    node->elt = candidate;
    QLIST_INSERT_HEAD(current_devs, node, next);
    return true;
}

static int twl4030_event(I2CSlave *i2c, enum i2c_event event)
{
    TWL4030State *s = TWL4030(i2c);

    switch (event) {
    case I2C_START_SEND:
    case I2C_START_SEND_ASYNC:
        s->expect_pointer = true;
        break;
    case I2C_START_RECV:
    case I2C_FINISH:
    case I2C_NACK:
        s->expect_pointer = false;
        break;
    }
    return 0;
}

static int twl4030_send(I2CSlave *i2c, uint8_t data)
{
    TWL4030State *s = TWL4030(i2c);

    if (s->cur < 0) {
        return 0;
    }
    if (s->expect_pointer) {
        s->pointer[s->cur] = data;
        s->expect_pointer = false;
        return 0;
    }
    twl4030_reg_write(s, s->cur, s->pointer[s->cur]++, data);
    return 0;
}

static uint8_t twl4030_recv(I2CSlave *i2c)
{
    TWL4030State *s = TWL4030(i2c);

    if (s->cur < 0) {
        return 0xff;
    }
    return twl4030_reg_read(s, s->cur, s->pointer[s->cur]++);
}

/* ---- the device ---- */

static void twl4030_realize(DeviceState *dev, Error **errp)
{
    TWL4030State *s = TWL4030(dev);

    if (!twl4030_realize_modules(s, errp)) {
        return;
    }
    twl4030_build_map(s, errp);
}

static void twl4030_init(Object *obj)
{
    TWL4030State *s = TWL4030(obj);

    /* the modules sit on the chip's bus: info qtree, reset with the chip */
    qbus_init(&s->bus, sizeof(s->bus), TYPE_TWL4030_BUS, DEVICE(obj),
              "twl4030-bus");
    twl4030_create_modules(s);
    s->cur = -1;
}

static void twl4030_reset_enter(Object *obj, ResetType type)
{
    TWL4030State *s = TWL4030(obj);

    s->cur = -1;
    s->expect_pointer = false;
    memset(s->pointer, 0, sizeof(s->pointer));
}

/*
 * "cur" (the slave address of the transfer, -1: none) indexes pointer[]
 * and map[]: a stream must not point it outside them.
 */
static int twl4030_post_load(void *opaque, int version_id)
{
    TWL4030State *s = opaque;

    if (s->cur < -1 || s->cur >= TWL4030_NUM_ADDRS) {
        error_report("twl4030: migrated slave index %d out of range "
                     "(-1..%d)", s->cur, TWL4030_NUM_ADDRS - 1);
        return -EINVAL;
    }
    return 0;
}

/*
 * The I2C front end only: every module migrates its own state (version 3:
 * the PIH, INTBR, the input pins and the battery moved to their modules).
 */
static const VMStateDescription vmstate_twl4030 = {
    .name = "twl4030",
    .version_id = 3,
    .minimum_version_id = 3,
    .post_load = twl4030_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_I2C_SLAVE(parent_obj, TWL4030State),
        VMSTATE_INT8(cur, TWL4030State),
        VMSTATE_BOOL(expect_pointer, TWL4030State),
        VMSTATE_UINT8_ARRAY(pointer, TWL4030State, TWL4030_NUM_ADDRS),
        VMSTATE_END_OF_LIST()
    }
};

static void twl4030_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    I2CSlaveClass *sc = I2C_SLAVE_CLASS(oc);

    dc->desc = "TI TWL4030/TPS65950 power management companion";
    dc->realize = twl4030_realize;
    dc->vmsd = &vmstate_twl4030;
    /* the board wires int1 to the SoC: no -device */
    dc->user_creatable = false;
    rc->phases.enter = twl4030_reset_enter;
    sc->match_and_add = twl4030_match_and_add;
    sc->event = twl4030_event;
    sc->send = twl4030_send;
    sc->recv = twl4030_recv;
}

static const TypeInfo twl4030_type_info = {
    .name = TYPE_TWL4030,
    .parent = TYPE_I2C_SLAVE,
    .instance_size = sizeof(TWL4030State),
    .instance_init = twl4030_init,
    .class_init = twl4030_class_init,
};

static void twl4030_register_types(void)
{
    type_register_static(&twl4030_type_info);
}

type_init(twl4030_register_types)
