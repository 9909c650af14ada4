/*
 * TI TWL4030 (TPS65950) primary interrupt handler (PIH)
 *
 * TWL4030/TPS65950 TRM "Interrupts (PIH/SIH)"; Linux
 * drivers/mfd/twl4030-irq.c.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/irq.h"
#include "hw/qdev-core.h"
#include "hw/resettable.h"
#include "hw/misc/twl4030/pih.h"
#include "migration/vmstate.h"
#include "trace.h"

static uint8_t pih_isr(TWL4030PIHState *s, int line)
{
    return s->in[line] | s->sir;
}

static void pih_update(TWL4030PIHState *s)
{
    int line;

    trace_twl4030_pih_update(pih_isr(s, 0), pih_isr(s, 1));
    for (line = 0; line < TWL4030_PIH_LINES; line++) {
        /* INTn is a level: asserted while any PIH_ISR_Pn bit is set */
        bool level = pih_isr(s, line) != 0;

        if (level != s->int_level[line]) {
            s->int_level[line] = level;
            if (line == 0) {
                trace_twl4030_int1(level);
            } else {
                trace_twl4030_int2(level);
            }
            qemu_set_irq(s->int_out[line], level);
        }
    }
}

static void pih_in(TWL4030PIHState *s, int line, int bit, int level)
{
    uint8_t old = s->in[line];

    s->in[line] = deposit32(old, bit, 1, !!level);
    if (s->in[line] != old) {
        pih_update(s);
    }
}

static void pih_p1_in(void *opaque, int bit, int level)
{
    pih_in(opaque, 0, bit, level);
}

static void pih_p2_in(void *opaque, int bit, int level)
{
    pih_in(opaque, 1, bit, level);
}

static uint8_t pih_read(TWL4030Cell *m, uint8_t addr, uint8_t reg)
{
    TWL4030PIHState *s = TWL4030_PIH(m);

    switch (reg) {
    case A_TWL4030_PIH_ISR_P1:
        return pih_isr(s, 0);
    case A_TWL4030_PIH_ISR_P2:
        return pih_isr(s, 1);
    case A_TWL4030_PIH_SIR:
        return s->sir;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030: read of reserved PIH register 0x49:0x%02x\n",
                      reg);
        return 0;
    }
}

static void pih_write(TWL4030Cell *m, uint8_t addr, uint8_t reg,
                      uint8_t value)
{
    TWL4030PIHState *s = TWL4030_PIH(m);

    if (reg != A_TWL4030_PIH_SIR) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030: write 0x%02x to read-only/reserved register "
                      "0x49:0x%02x\n", value, reg);
        return;
    }
    /*
     * PIH_SIR is a test register: our reading is that its bits force the
     * PIH_ISR bits of both lines until written 0 again.
     */
    s->sir = value;
    pih_update(s);
}

static void pih_reset_enter(Object *obj, ResetType type)
{
    /* the module lines ("in") follow the SIHs: kept */
    TWL4030_PIH(obj)->sir = 0;
}

static void pih_reset_hold(Object *obj, ResetType type)
{
    pih_update(TWL4030_PIH(obj));
}
GTA04_RESET_PHASE_COMPAT(pih_reset_hold);

static void pih_init(Object *obj)
{
    TWL4030PIHState *s = TWL4030_PIH(obj);
    DeviceState *dev = DEVICE(obj);

    qdev_init_gpio_in_named(dev, pih_p1_in, "p1", TWL4030_PIH_NUM);
    qdev_init_gpio_in_named(dev, pih_p2_in, "p2", TWL4030_PIH_NUM);
    qdev_init_gpio_out_named(dev, &s->int_out[0], "int1", 1);
    qdev_init_gpio_out_named(dev, &s->int_out[1], "int2", 1);
}

static const VMStateDescription vmstate_twl4030_pih = {
    .name = TYPE_TWL4030_PIH,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_ARRAY(in, TWL4030PIHState, TWL4030_PIH_LINES),
        VMSTATE_UINT8(sir, TWL4030PIHState),
        VMSTATE_BOOL_ARRAY(int_level, TWL4030PIHState, TWL4030_PIH_LINES),
        VMSTATE_END_OF_LIST()
    }
};

static void pih_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    TWL4030CellClass *mc = TWL4030_CELL_CLASS(oc);

    dc->desc = "TWL4030 primary interrupt handler";
    dc->vmsd = &vmstate_twl4030_pih;
    rc->phases.enter = pih_reset_enter;
    rc->phases.hold = GTA04_RESET_PHASE(pih_reset_hold);
    mc->read = pih_read;
    mc->write = pih_write;
}
GTA04_CLASS_INIT_COMPAT(pih_class_init);

static const TypeInfo pih_type_info = {
    .name = TYPE_TWL4030_PIH,
    .parent = TYPE_TWL4030_CELL,
    .instance_size = sizeof(TWL4030PIHState),
    .instance_init = pih_init,
    .class_init = GTA04_CLASS_INIT(pih_class_init),
};

static void pih_register_types(void)
{
    type_register_static(&pih_type_info);
}

type_init(pih_register_types)
