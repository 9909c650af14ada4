/*
 * TI TWL4030 (TPS65950): plain register storage
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/module.h"
#include "hw/misc/twl4030/regfile.h"
#include "hw/resettable.h"
#include "migration/vmstate.h"
#include "trace.h"

#define REGFILE_INDEX(addr, reg)    ((((addr) - 0x48) & 3) * 256 + (reg))

static uint8_t regfile_read(TWL4030Cell *m, uint8_t addr, uint8_t reg)
{
    return TWL4030_REGFILE(m)->regs[REGFILE_INDEX(addr, reg)];
}

static void regfile_write(TWL4030Cell *m, uint8_t addr, uint8_t reg,
                          uint8_t value)
{
    TWL4030RegfileState *s = TWL4030_REGFILE(m);

    trace_twl4030_regfile_write(object_get_canonical_path_component(OBJECT(m)),
                                addr, reg, value);
    s->regs[REGFILE_INDEX(addr, reg)] = value;
}

static void regfile_reset_enter(Object *obj, ResetType type)
{
    TWL4030RegfileState *s = TWL4030_REGFILE(obj);

    memset(s->regs, 0, sizeof(s->regs));
}

static const VMStateDescription vmstate_twl4030_regfile = {
    .name = "twl4030-regfile",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_ARRAY(regs, TWL4030RegfileState, TWL4030_NUM_ADDRS * 256),
        VMSTATE_END_OF_LIST()
    }
};

static void regfile_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    TWL4030CellClass *mc = TWL4030_CELL_CLASS(oc);

    dc->desc = "TWL4030 register storage";
    dc->vmsd = &vmstate_twl4030_regfile;
    rc->phases.enter = regfile_reset_enter;
    mc->read = regfile_read;
    mc->write = regfile_write;
}
GTA04_CLASS_INIT_COMPAT(regfile_class_init);

static const TypeInfo regfile_type_info = {
    .name = TYPE_TWL4030_REGFILE,
    .parent = TYPE_TWL4030_CELL,
    .instance_size = sizeof(TWL4030RegfileState),
    .class_init = GTA04_CLASS_INIT(regfile_class_init),
};

static void regfile_register_types(void)
{
    type_register_static(&regfile_type_info);
}

type_init(regfile_register_types)
