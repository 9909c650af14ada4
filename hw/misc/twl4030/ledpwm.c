/*
 * TI TWL4030 (TPS65950) LED drivers and PWM registers, 0x4A:0xEE-0xFC
 *
 * LED module (base 0xEE, drivers/gpio/gpio-twl4030.c, pwm-twl-led.c):
 *   LEDEN    b0 LEDAON, b1 LEDBON, b2 LEDAEXT, b3 LEDBEXT, b4 LEDAPWM,
 *            b5 LEDBPWM, b6 PWM_LENGTHA, b7 PWM_LENGTHB
 *   PWMAON, PWMAOFF, PWMBON, PWMBOFF   on/off cycle of the LED PWMs
 * PWM module (base 0xF8, pwm-twl.c): PWM0ON, PWM0OFF (0xF8, 0xF9), PWM1ON,
 *   PWM1OFF (0xFB, 0xFC); the PWM0/1 enables and pin muxing live in the
 *   INTBR GPBR1/PMBR1 registers of the chip core.
 * The PWM waveforms are not generated: the registers are storage, and the
 * "led" outputs follow LEDxON.
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
#include "hw/misc/twl4030/ledpwm.h"
#include "migration/vmstate.h"
#include "trace.h"

REG8(LEDEN, 0xee)
    FIELD(LEDEN, LEDAON, 0, 1)
    FIELD(LEDEN, LEDBON, 1, 1)
REG8(PWMAON, 0xef)
REG8(PWMBOFF, 0xf2)
REG8(PWM0ON, 0xf8)
REG8(PWM0OFF, 0xf9)
REG8(PWM1ON, 0xfb)
REG8(PWM1OFF, 0xfc)


static bool ledpwm_is_reg(uint8_t reg)
{
    return (reg >= A_LEDEN && reg <= A_PWMBOFF) ||
           reg == A_PWM0ON || reg == A_PWM0OFF ||
           reg == A_PWM1ON || reg == A_PWM1OFF;
}

static void ledpwm_update(TWL4030LedPwmState *s)
{
    uint8_t leden = s->regs[A_LEDEN];
    bool level[2] = {
        FIELD_EX8(leden, LEDEN, LEDAON),
        FIELD_EX8(leden, LEDEN, LEDBON),
    };
    int i;

    for (i = 0; i < 2; i++) {
        if (level[i] != s->led_level[i]) {
            s->led_level[i] = level[i];
            trace_twl4030_ledpwm_led(i ? 'B' : 'A', level[i]);
            qemu_set_irq(s->led[i], level[i]);
        }
    }
}

static uint8_t twl4030_ledpwm_read(TWL4030Cell *m, uint8_t addr,
                                   uint8_t reg)
{
    TWL4030LedPwmState *s = TWL4030_LEDPWM(m);

    if (!ledpwm_is_reg(reg)) {
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-ledpwm: read of reserved "
                      "register 0x%02x:0x%02x\n", addr, reg);
        return 0;
    }
    return s->regs[reg];
}

static void twl4030_ledpwm_write(TWL4030Cell *m, uint8_t addr, uint8_t reg,
                                 uint8_t value)
{
    TWL4030LedPwmState *s = TWL4030_LEDPWM(m);

    if (!ledpwm_is_reg(reg)) {
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-ledpwm: write 0x%02x to "
                      "reserved register 0x%02x:0x%02x\n", value, addr, reg);
        return;
    }
    trace_twl4030_ledpwm_write(reg, value);
    s->regs[reg] = value;
    if (reg == A_LEDEN) {
        ledpwm_update(s);
    }
}

static void twl4030_ledpwm_reset_hold(Object *obj, ResetType type)
{
    TWL4030LedPwmState *s = TWL4030_LEDPWM(obj);

    memset(s->regs, 0, sizeof(s->regs));
    ledpwm_update(s);
}
GTA04_RESET_PHASE_COMPAT(twl4030_ledpwm_reset_hold);

static void twl4030_ledpwm_init(Object *obj)
{
    TWL4030LedPwmState *s = TWL4030_LEDPWM(obj);

    qdev_init_gpio_out_named(DEVICE(obj), s->led, "led", 2);
}

static const VMStateDescription vmstate_twl4030_ledpwm = {
    .name = TYPE_TWL4030_LEDPWM,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_SUB_ARRAY(regs, TWL4030LedPwmState,
                                TWL4030_LEDPWM_BASE, TWL4030_LEDPWM_SIZE),
        VMSTATE_BOOL_ARRAY(led_level, TWL4030LedPwmState, 2),
        VMSTATE_END_OF_LIST()
    }
};

static void twl4030_ledpwm_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);
    TWL4030CellClass *mc = TWL4030_CELL_CLASS(klass);

    dc->desc = "TWL4030 LED drivers and PWM registers";
    dc->vmsd = &vmstate_twl4030_ledpwm;
    rc->phases.hold = GTA04_RESET_PHASE(twl4030_ledpwm_reset_hold);
    mc->read = twl4030_ledpwm_read;
    mc->write = twl4030_ledpwm_write;
}
GTA04_CLASS_INIT_COMPAT(twl4030_ledpwm_class_init);

static const TypeInfo twl4030_ledpwm_info = {
    .name = TYPE_TWL4030_LEDPWM,
    .parent = TYPE_TWL4030_CELL,
    .instance_size = sizeof(TWL4030LedPwmState),
    .instance_init = twl4030_ledpwm_init,
    .class_init = GTA04_CLASS_INIT(twl4030_ledpwm_class_init),
};

static void twl4030_ledpwm_register_types(void)
{
    type_register_static(&twl4030_ledpwm_info);
}

type_init(twl4030_ledpwm_register_types)
