/*
 * TI TWL4030 (TPS65950): the cells' base type and the bus they sit on
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/qdev-core.h"
#include "hw/misc/twl4030/cell.h"

void twl4030_regs_reset(uint8_t *regs, const TWL4030RegReset *table,
                        size_t n)
{
    size_t i;

    memset(regs, 0, TWL4030_NUM_REGS);
    for (i = 0; i < n; i++) {
        regs[table[i].reg] = table[i].value;
    }
}

/* Only reached for a cell that the address map lists but that has no hook */
static uint8_t twl4030_cell_default_read(TWL4030Cell *c, uint8_t addr,
                                         uint8_t reg)
{
    qemu_log_mask(LOG_UNIMP, "%s: read of 0x%02x:0x%02x\n",
                  object_get_typename(OBJECT(c)), addr, reg);
    return 0;
}

static void twl4030_cell_default_write(TWL4030Cell *c, uint8_t addr,
                                       uint8_t reg, uint8_t value)
{
    qemu_log_mask(LOG_UNIMP, "%s: write 0x%02x to 0x%02x:0x%02x\n",
                  object_get_typename(OBJECT(c)), value, addr, reg);
}

static void twl4030_cell_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    TWL4030CellClass *cc = TWL4030_CELL_CLASS(oc);

    dc->bus_type = TYPE_TWL4030_BUS;
    /* a cell is part of the chip; alone nothing could reach its registers */
    dc->user_creatable = false;
    cc->read = twl4030_cell_default_read;
    cc->write = twl4030_cell_default_write;
}
GTA04_CLASS_INIT_COMPAT(twl4030_cell_class_init);

static const TypeInfo twl4030_cell_types[] = {
    {
        .name = TYPE_TWL4030_BUS,
        .parent = TYPE_BUS,
        .instance_size = sizeof(TWL4030Bus),
    }, {
        .name = TYPE_TWL4030_CELL,
        .parent = TYPE_DEVICE,
        .instance_size = sizeof(TWL4030Cell),
        .class_size = sizeof(TWL4030CellClass),
        .class_init = GTA04_CLASS_INIT(twl4030_cell_class_init),
        .abstract = true,
    },
};

DEFINE_TYPES(twl4030_cell_types)
