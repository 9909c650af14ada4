/*
 * TI TWL4030 (TPS65950) INTBR registers: chip identification and the
 * general purpose / pull-up control registers
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/resettable.h"
#include "hw/misc/twl4030/intbr.h"
#include "migration/vmstate.h"

/*
 * IDCODE: type 0x09002F (Linux TWL_SIL_5030, the TPS65950/TWL5030 family)
 * and revision byte 0x10, the value a DM3730 board with a TPS65950 reads
 * (TI E2E thread 101596).  DIEID: any fixed value.
 */
#define TWL4030_IDCODE          0x1009002fu
static const uint8_t twl4030_dieid[8] = {
    0x47, 0x54, 0x41, 0x30, 0x34, 0x51, 0x45, 0x4d,
};


static bool intbr_idcode_unlocked(TWL4030INTBRState *s)
{
    return s->regs[A_TWL4030_UNLOCK_TEST_REG] == TWL4030_EEPROM_R_UNLOCK;
}

static uint8_t intbr_read(TWL4030Cell *m, uint8_t addr, uint8_t reg)
{
    TWL4030INTBRState *s = TWL4030_INTBR(m);

    switch (reg) {
    case A_TWL4030_IDCODE_7_0 ... A_TWL4030_IDCODE_31_24:
        /* readable only after UNLOCK_TEST_REG = 0x49 (twl-core.c) */
        if (!intbr_idcode_unlocked(s)) {
            return 0;
        }
        return extract32(TWL4030_IDCODE, 8 * (reg - A_TWL4030_IDCODE_7_0), 8);
    case A_TWL4030_DIEID_7_0 ... A_TWL4030_DIEID_63_56:
        if (!intbr_idcode_unlocked(s)) {
            return 0;
        }
        return twl4030_dieid[reg - A_TWL4030_DIEID_7_0];
    default:
        return s->regs[reg];
    }
}

static void intbr_write(TWL4030Cell *m, uint8_t addr, uint8_t reg,
                        uint8_t value)
{
    TWL4030INTBRState *s = TWL4030_INTBR(m);

    if (reg < A_TWL4030_GPBR1) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030: write 0x%02x to read-only/reserved register "
                      "0x49:0x%02x\n", value, reg);
        return;
    }
    s->regs[reg] = value;
}

static void intbr_reset_enter(Object *obj, ResetType type)
{
    TWL4030INTBRState *s = TWL4030_INTBR(obj);

    memset(s->regs, 0, sizeof(s->regs));
    /*
     * GPPUPDCTR1: the I2C1/I2C4 (SmartReflex) pull-ups (bits 0, 2, 4, 6)
     * come up enabled; twl-core clears them.  Other INTBR resets: 0.
     */
    s->regs[A_TWL4030_GPPUPDCTR1] = 0x55;
}

static const VMStateDescription vmstate_twl4030_intbr = {
    .name = TYPE_TWL4030_INTBR,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_SUB_ARRAY(regs, TWL4030INTBRState,
                                TWL4030_INTBR_FIRST, TWL4030_INTBR_SIZE),
        VMSTATE_END_OF_LIST()
    }
};

static void intbr_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    TWL4030CellClass *mc = TWL4030_CELL_CLASS(oc);

    dc->desc = "TWL4030 INTBR (IDCODE, DIEID, pull-up controls)";
    dc->vmsd = &vmstate_twl4030_intbr;
    rc->phases.enter = intbr_reset_enter;
    mc->read = intbr_read;
    mc->write = intbr_write;
}
GTA04_CLASS_INIT_COMPAT(intbr_class_init);

static const TypeInfo intbr_type_info = {
    .name = TYPE_TWL4030_INTBR,
    .parent = TYPE_TWL4030_CELL,
    .instance_size = sizeof(TWL4030INTBRState),
    .class_init = GTA04_CLASS_INIT(intbr_class_init),
};

static void intbr_register_types(void)
{
    type_register_static(&intbr_type_info);
}

type_init(intbr_register_types)
