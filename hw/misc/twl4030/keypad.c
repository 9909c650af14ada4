/*
 * TI TWL4030 (TPS65950) keypad controller, 0x4A:0xD2-0xE2
 *
 * Registers (drivers/input/keyboard/twl4030_keypad.c offsets):
 *   KEYP_CTRL_REG  b0 SOFT_NRST, b1 SOFTMODEN, b2 LK_EN, b3 TOE_EN,
 *                  b4 TOLE_EN, b5 RP_EN, b6 KBD_ON
 *   KEY_DEB, LONG_KEY, LK_PTV, TIME_OUT_L/H   scan timing (stored)
 *   KBC            column drive in software mode: bit c = 0 drives
 *                  column c low
 *   KBR            row read (read-only): bit r = 0 when a held key of row r
 *                  sits on a column driven low
 *   KEYP_SMS       state machine status (bits 5:4 writable, as qemu-linaro)
 *   FULL_CODE_7_0 .. FULL_CODE_63_56   the hardware scan result: bit c of
 *                  register r = key (r, c) held; valid while the scanner
 *                  runs (KBD_ON and SOFT_NRST), 0 otherwise
 * The keypad is disabled in the GTA04 device tree; this is a faithful
 * register file with the matrix reads.  Debounce, long-key, time-out and
 * repeat timers are not modelled.  A change of the scanned matrix while
 * the scanner runs pulses the KP interrupt source.
 *
 * Reset values: KEYP_CTRL 0x03, LK_PTV 0xE0, KBC 0xFF, KBR 0xFF, KEYP_SMS
 * 0x01 (TPS65950 reset table as transcribed in qemu-linaro), others 0.
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
#include "hw/registerfields.h"
#include "hw/misc/twl4030/keypad.h"
#include "migration/vmstate.h"
#include "trace.h"

REG8(KEYP_CTRL, 0xd2)
    FIELD(KEYP_CTRL, SOFT_NRST, 0, 1)
    FIELD(KEYP_CTRL, SOFTMODEN, 1, 1)
    FIELD(KEYP_CTRL, KBD_ON, 6, 1)
REG8(KEY_DEB, 0xd3)
REG8(LONG_KEY, 0xd4)
REG8(LK_PTV, 0xd5)
REG8(TIME_OUT_L, 0xd6)
REG8(TIME_OUT_H, 0xd7)
REG8(KBC, 0xd8)
REG8(KBR, 0xd9)
REG8(KEYP_SMS, 0xda)
REG8(FULL_CODE_7_0, 0xdb)
REG8(FULL_CODE_63_56, 0xe2)

#define KEYP_SMS_WRITABLE   0x30

enum {
    KEYPAD_SRC_KP = 0,
    KEYPAD_SRC_LK,
    KEYPAD_SRC_TO,
    KEYPAD_SRC_MIS,
};

static bool keypad_scanning(TWL4030KeypadState *s)
{
    uint8_t ctrl = s->regs[A_KEYP_CTRL];

    return FIELD_EX8(ctrl, KEYP_CTRL, KBD_ON) &&
           FIELD_EX8(ctrl, KEYP_CTRL, SOFT_NRST);
}

static uint8_t keypad_kbr(TWL4030KeypadState *s)
{
    uint8_t driven_low = ~s->regs[A_KBC];
    uint8_t rows = 0xff;
    int r;

    for (r = 0; r < TWL4030_KEYPAD_ROWS; r++) {
        if (s->keys[r] & driven_low) {
            rows &= ~(1 << r);
        }
    }
    return rows;
}

static uint8_t twl4030_keypad_read(TWL4030Cell *m, uint8_t addr,
                                   uint8_t reg)
{
    TWL4030KeypadState *s = TWL4030_KEYPAD(m);

    switch (reg) {
    case A_KBR:
        return keypad_kbr(s);
    case A_FULL_CODE_7_0 ... A_FULL_CODE_63_56:
        return keypad_scanning(s) ? s->keys[reg - A_FULL_CODE_7_0] : 0;
    case A_KEYP_CTRL ... A_KBC:
    case A_KEYP_SMS:
        return s->regs[reg];
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-keypad: read of 0x%02x:0x%02x "
                      "outside the keypad\n", addr, reg);
        return 0;
    }
}

static void twl4030_keypad_write(TWL4030Cell *m, uint8_t addr, uint8_t reg,
                                 uint8_t value)
{
    TWL4030KeypadState *s = TWL4030_KEYPAD(m);

    trace_twl4030_keypad_write(reg, value);
    switch (reg) {
    case A_KEYP_CTRL:
        s->regs[reg] = value & 0x7f;
        return;
    case A_KEY_DEB:
        s->regs[reg] = value & 0x3f;
        return;
    case A_LK_PTV:
        s->regs[reg] = value & 0xef;
        return;
    case A_LONG_KEY:
    case A_TIME_OUT_L:
    case A_TIME_OUT_H:
    case A_KBC:
        s->regs[reg] = value;
        return;
    case A_KEYP_SMS:
        s->regs[reg] = (s->regs[reg] & ~KEYP_SMS_WRITABLE) |
                               (value & KEYP_SMS_WRITABLE);
        return;
    case A_KBR:
    case A_FULL_CODE_7_0 ... A_FULL_CODE_63_56:
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-keypad: write 0x%02x to "
                      "read-only register 0x%02x\n", value, reg);
        return;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-keypad: write of "
                      "0x%02x:0x%02x outside the keypad\n", addr, reg);
        return;
    }
}

static void twl4030_keypad_set_key(void *opaque, int n, int level)
{
    TWL4030KeypadState *s = TWL4030_KEYPAD(opaque);
    int row = n / TWL4030_KEYPAD_COLS;
    uint8_t bit = 1 << (n % TWL4030_KEYPAD_COLS);
    uint8_t old = s->keys[row];

    if (level) {
        s->keys[row] |= bit;
    } else {
        s->keys[row] &= ~bit;
    }
    if (s->keys[row] != old) {
        trace_twl4030_keypad_key(row, n % TWL4030_KEYPAD_COLS, level);
        if (keypad_scanning(s)) {
            qemu_irq_pulse(s->sih[KEYPAD_SRC_KP]);
        }
    }
}

static void twl4030_keypad_reset_hold(Object *obj, ResetType type)
{
    TWL4030KeypadState *s = TWL4030_KEYPAD(obj);

    memset(s->regs, 0, sizeof(s->regs));
    s->regs[A_KEYP_CTRL] = 0x03;
    s->regs[A_LK_PTV] = 0xe0;
    s->regs[A_KBC] = 0xff;
    s->regs[A_KBR] = 0xff;
    s->regs[A_KEYP_SMS] = 0x01;
    /* keys are inputs and stay held across reset */
}
GTA04_RESET_PHASE_COMPAT(twl4030_keypad_reset_hold);

static void twl4030_keypad_init(Object *obj)
{
    TWL4030KeypadState *s = TWL4030_KEYPAD(obj);
    DeviceState *dev = DEVICE(obj);

    qdev_init_gpio_in_named(dev, twl4030_keypad_set_key, "key",
                            TWL4030_KEYPAD_ROWS * TWL4030_KEYPAD_COLS);
    qdev_init_gpio_out_named(dev, s->sih, "sih", TWL4030_KEYPAD_NUM_SOURCES);
}

static const VMStateDescription vmstate_twl4030_keypad = {
    .name = TYPE_TWL4030_KEYPAD,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_SUB_ARRAY(regs, TWL4030KeypadState,
                                TWL4030_KEYPAD_BASE, TWL4030_KEYPAD_SIZE),
        VMSTATE_UINT8_ARRAY(keys, TWL4030KeypadState, TWL4030_KEYPAD_ROWS),
        VMSTATE_END_OF_LIST()
    }
};

static void twl4030_keypad_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);
    TWL4030CellClass *mc = TWL4030_CELL_CLASS(klass);

    dc->desc = "TWL4030 keypad controller";
    dc->vmsd = &vmstate_twl4030_keypad;
    rc->phases.hold = GTA04_RESET_PHASE(twl4030_keypad_reset_hold);
    mc->read = twl4030_keypad_read;
    mc->write = twl4030_keypad_write;
}
GTA04_CLASS_INIT_COMPAT(twl4030_keypad_class_init);

static const TypeInfo twl4030_keypad_info = {
    .name = TYPE_TWL4030_KEYPAD,
    .parent = TYPE_TWL4030_CELL,
    .instance_size = sizeof(TWL4030KeypadState),
    .instance_init = twl4030_keypad_init,
    .class_init = GTA04_CLASS_INIT(twl4030_keypad_class_init),
};

static void twl4030_keypad_register_types(void)
{
    type_register_static(&twl4030_keypad_info);
}

type_init(twl4030_keypad_register_types)
