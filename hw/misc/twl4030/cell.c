/*
 * TI TWL4030 (TPS65950): the base type of the chip's functional modules
 * and the internal bus they sit on
 *
 * A module claims windows of registers; the chip's I2C front end
 * (hw/misc/twl4030/twl4030.c) decodes an access to the module whose window holds
 * it and calls the module's class read/write.  The modules are devices on
 * the chip's "twl4030-bus", so that `info qtree` shows them and the chip's
 * reset reaches them through the bus.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/module.h"
#include "hw/qdev-core.h"
#include "hw/misc/twl4030/cell.h"

void twl4030_module_add_window(TWL4030Cell *m, uint8_t addr,
                               uint8_t first, uint8_t last)
{
    /* programming errors of the model, not guest input */
    assert(m->num_windows < TWL4030_MODULE_MAX_WINDOWS);
    assert(addr >= TWL4030_ADDR_USB && addr <= TWL4030_ADDR_POWER);
    assert(first <= last);
    m->windows[m->num_windows++] = (TWL4030RegWindow) {
        .addr = addr, .first = first, .last = last,
    };
}

static void twl4030_module_input(void *opaque, int n, int level)
{
    TWL4030InputBinding *b = opaque;

    if (b->in->field >= 0) {
        bool *field = (bool *)((char *)b->m + b->in->field);

        if (*field == !!level) {
            return;
        }
        *field = level;
    }
    if (b->m->input_handler) {
        b->m->input_handler(b->m, b->input, level);
    }
}

void twl4030_module_init_inputs(TWL4030Cell *m, const TWL4030Input *inputs,
                                int n, TWL4030InputHandler *handler)
{
    int i;

    assert(n <= TWL4030_MODULE_MAX_INPUTS);
    m->input_handler = handler;
    for (i = 0; i < n; i++) {
        m->inputs[i] = (TWL4030InputBinding) {
            .m = m, .in = &inputs[i], .input = i,
        };
        qdev_init_gpio_in_named_with_opaque(DEVICE(m), twl4030_module_input,
                                            &m->inputs[i], inputs[i].name, 1);
    }
}

void twl4030_bus_sync(TWL4030Bus *bus)
{
    BusChild *kid;

    QTAILQ_FOREACH(kid, &BUS(bus)->children, sibling) {
        TWL4030CellClass *mc = TWL4030_CELL_GET_CLASS(kid->child);

        if (mc->sync) {
            mc->sync(TWL4030_CELL(kid->child));
        }
    }
}

void twl4030_module_sync_chip(TWL4030Cell *m)
{
    BusState *bus = qdev_get_parent_bus(DEVICE(m));

    if (bus && DEVICE(m)->realized) {
        twl4030_bus_sync(TWL4030_BUS(bus));
    }
}

static uint8_t module_default_read(TWL4030Cell *m, uint8_t addr, uint8_t reg)
{
    return 0;
}

static void module_default_write(TWL4030Cell *m, uint8_t addr, uint8_t reg,
                                 uint8_t value)
{
}

static void twl4030_module_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    TWL4030CellClass *mc = TWL4030_CELL_CLASS(oc);

    dc->bus_type = TYPE_TWL4030_BUS;
    /* a module is part of a chip; alone it has no bus to be reached from */
    dc->user_creatable = false;
    mc->read = module_default_read;
    mc->write = module_default_write;
}

static const TypeInfo twl4030_module_types[] = {
    {
        .name = TYPE_TWL4030_BUS,
        .parent = TYPE_BUS,
        .instance_size = sizeof(TWL4030Bus),
    }, {
        .name = TYPE_TWL4030_CELL,
        .parent = TYPE_DEVICE,
        .instance_size = sizeof(TWL4030Cell),
        .class_size = sizeof(TWL4030CellClass),
        .class_init = twl4030_module_class_init,
        .abstract = true,
    },
};

DEFINE_TYPES(twl4030_module_types)
