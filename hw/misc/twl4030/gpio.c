/*
 * TI TWL4030 (TPS65950) GPIO module, 0x49:0x98-0xB0
 *
 * Registers (include/linux/mfd/twl.h REG_GPIO*, drivers/gpio/
 * gpio-twl4030.c), three banks of 8, 8 and 2 pins:
 *   DATAIN1-3       pin levels, read-only
 *   DATADIR1-3      1 = output
 *   DATAOUT1-3      output levels
 *   CLEAR/SETGPIODATAOUT1-3  write 1s to clear/set DATAOUT bits; read 0
 *   GPIO_DEBEN1-3   debounce enables (stored; inputs change at once)
 *   GPIO_CTRL       GPIO_ON, GPIO0CD1, GPIO1CD2 (stored: the module clock
 *                   gating and the VMMC card-detect links are not modelled)
 *   GPIOPUPDCTR1-5  two bits per pin, the higher one = pull-up, the lower
 *                   one = pull-down (gpio-twl4030.c gpio_twl4030_pulls)
 * 0xB0 is reserved.
 *
 * A pin's level is DATAOUT when it is an output, else the level driven on
 * its input line, else (never driven) its pull: up reads 1, down or none
 * reads 0.  Pin levels are the GPIO SIH sources (edge detection there).
 *
 * Reset values: every pull-down on (gpio-twl4030.c: "For most pins, a
 * pulldown was enabled by default"; the exact TRM table is not known to
 * us), everything else 0.
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
#include "hw/misc/twl4030/gpio.h"
#include "migration/vmstate.h"
#include "trace.h"

REG8(GPIODATAIN1, 0x98)
REG8(GPIODATADIR1, 0x9b)
REG8(GPIODATAOUT1, 0x9e)
REG8(CLEARGPIODATAOUT1, 0xa1)
REG8(SETGPIODATAOUT1, 0xa4)
REG8(GPIO_DEBEN1, 0xa7)
REG8(GPIO_CTRL, 0xaa)
    FIELD(GPIO_CTRL, GPIO0CD1, 0, 1)
    FIELD(GPIO_CTRL, GPIO1CD2, 1, 1)
    FIELD(GPIO_CTRL, GPIO_ON, 2, 1)
REG8(GPIOPUPDCTR1, 0xab)
REG8(GPIOPUPDCTR5, 0xaf)
REG8(RESERVED, 0xb0)

#define PIN_MASK        ((1u << TWL4030_GPIO_NUM_PINS) - 1)

/* Implemented bits of bank b (pins 16, 17 only in bank 3) */
static uint8_t bank_mask(int bank)
{
    return bank == 2 ? 0x03 : 0xff;
}

static uint32_t gpio_bank_bits(TWL4030GPIOState *s, uint8_t first)
{
    const uint8_t *r = &s->regs[first];

    return r[0] | r[1] << 8 | r[2] << 16;
}

static uint32_t gpio_pull_ups(TWL4030GPIOState *s)
{
    uint32_t ups = 0;
    int pin;

    for (pin = 0; pin < TWL4030_GPIO_NUM_PINS; pin++) {
        uint8_t pupd = s->regs[A_GPIOPUPDCTR1 + pin / 4];

        if (pupd & (2 << (2 * (pin % 4)))) {
            ups |= 1u << pin;
        }
    }
    return ups;
}

static uint32_t gpio_pin_levels(TWL4030GPIOState *s)
{
    uint32_t dir = gpio_bank_bits(s, A_GPIODATADIR1);
    uint32_t out = gpio_bank_bits(s, A_GPIODATAOUT1);
    uint32_t in = (s->ext_level & s->ext_driven) |
                  (gpio_pull_ups(s) & ~s->ext_driven);

    return ((out & dir) | (in & ~dir)) & PIN_MASK;
}

/* Send the levels that changed to the SIH and the output lines */
static void gpio_update(TWL4030GPIOState *s)
{
    uint32_t levels = gpio_pin_levels(s);
    uint32_t outs = gpio_bank_bits(s, A_GPIODATAOUT1) &
                    gpio_bank_bits(s, A_GPIODATADIR1) & PIN_MASK;
    uint32_t changed;
    int pin;

    changed = levels ^ s->pin_level;
    s->pin_level = levels;
    for (pin = 0; pin < TWL4030_GPIO_NUM_PINS; pin++) {
        if (changed & (1u << pin)) {
            trace_twl4030_gpio_pin(pin, (levels >> pin) & 1);
            qemu_set_irq(s->sih[pin], (levels >> pin) & 1);
        }
    }
    changed = outs ^ s->out_level;
    s->out_level = outs;
    for (pin = 0; pin < TWL4030_GPIO_NUM_PINS; pin++) {
        if (changed & (1u << pin)) {
            qemu_set_irq(s->out[pin], (outs >> pin) & 1);
        }
    }
}

static uint8_t twl4030_gpio_read(TWL4030Cell *m, uint8_t addr, uint8_t reg)
{
    TWL4030GPIOState *s = TWL4030_GPIO(m);

    switch (reg) {
    case A_GPIODATAIN1 ... A_GPIODATAIN1 + 2:
        return gpio_pin_levels(s) >> (8 * (reg - A_GPIODATAIN1));
    case A_CLEARGPIODATAOUT1 ... A_SETGPIODATAOUT1 + 2:
        return 0;
    case A_GPIODATADIR1 ... A_GPIODATAOUT1 + 2:
    case A_GPIO_DEBEN1 ... A_GPIOPUPDCTR5:
        return s->regs[reg];
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-gpio: read of reserved "
                      "register 0x%02x:0x%02x\n", addr, reg);
        return 0;
    }
}

static void twl4030_gpio_write(TWL4030Cell *m, uint8_t addr, uint8_t reg,
                               uint8_t value)
{
    TWL4030GPIOState *s = TWL4030_GPIO(m);
    int bank;

    trace_twl4030_gpio_write(reg, value);
    switch (reg) {
    case A_GPIODATAIN1 ... A_GPIODATAIN1 + 2:
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-gpio: write 0x%02x to "
                      "read-only GPIODATAIN%d\n", value,
                      reg - A_GPIODATAIN1 + 1);
        return;
    case A_GPIODATADIR1 ... A_GPIODATAOUT1 + 2:
    case A_GPIO_DEBEN1 ... A_GPIO_DEBEN1 + 2:
        bank = (reg - A_GPIODATAIN1) % 3;
        s->regs[reg] = value & bank_mask(bank);
        break;
    case A_CLEARGPIODATAOUT1 ... A_CLEARGPIODATAOUT1 + 2:
        bank = reg - A_CLEARGPIODATAOUT1;
        s->regs[A_GPIODATAOUT1 + bank] &= ~value;
        break;
    case A_SETGPIODATAOUT1 ... A_SETGPIODATAOUT1 + 2:
        bank = reg - A_SETGPIODATAOUT1;
        s->regs[A_GPIODATAOUT1 + bank] |= value & bank_mask(bank);
        break;
    case A_GPIO_CTRL:
        s->regs[reg] = value & (R_GPIO_CTRL_GPIO0CD1_MASK |
                                      R_GPIO_CTRL_GPIO1CD2_MASK |
                                      R_GPIO_CTRL_GPIO_ON_MASK);
        return;
    case A_GPIOPUPDCTR1 ... A_GPIOPUPDCTR5:
        s->regs[reg] = reg == A_GPIOPUPDCTR5 ? value & 0x0f : value;
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-gpio: write 0x%02x to "
                      "reserved register 0x%02x:0x%02x\n", value, addr, reg);
        return;
    }
    gpio_update(s);
}

static void twl4030_gpio_set_input(void *opaque, int pin, int level)
{
    TWL4030GPIOState *s = TWL4030_GPIO(opaque);

    s->ext_driven |= 1u << pin;
    if (level) {
        s->ext_level |= 1u << pin;
    } else {
        s->ext_level &= ~(1u << pin);
    }
    gpio_update(s);
}

static void twl4030_gpio_reset_hold(Object *obj, ResetType type)
{
    TWL4030GPIOState *s = TWL4030_GPIO(obj);
    int i;

    memset(s->regs, 0, sizeof(s->regs));
    for (i = 0; i < 4; i++) {
        s->regs[A_GPIOPUPDCTR1 + i] = 0x55;
    }
    s->regs[A_GPIOPUPDCTR5] = 0x05;
    /* The external levels are inputs and persist; outputs follow */
    gpio_update(s);
}
GTA04_RESET_PHASE_COMPAT(twl4030_gpio_reset_hold);

static void twl4030_gpio_init(Object *obj)
{
    TWL4030GPIOState *s = TWL4030_GPIO(obj);
    DeviceState *dev = DEVICE(obj);

    qdev_init_gpio_in(dev, twl4030_gpio_set_input, TWL4030_GPIO_NUM_PINS);
    qdev_init_gpio_out(dev, s->out, TWL4030_GPIO_NUM_PINS);
    qdev_init_gpio_out_named(dev, s->sih, "sih", TWL4030_GPIO_NUM_PINS);
}

static const VMStateDescription vmstate_twl4030_gpio = {
    .name = TYPE_TWL4030_GPIO,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_SUB_ARRAY(regs, TWL4030GPIOState, TWL4030_GPIO_BASE,
                                TWL4030_GPIO_SIZE),
        VMSTATE_UINT32(ext_level, TWL4030GPIOState),
        VMSTATE_UINT32(ext_driven, TWL4030GPIOState),
        VMSTATE_UINT32(pin_level, TWL4030GPIOState),
        VMSTATE_UINT32(out_level, TWL4030GPIOState),
        VMSTATE_END_OF_LIST()
    }
};

static void twl4030_gpio_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);
    TWL4030CellClass *mc = TWL4030_CELL_CLASS(klass);

    dc->desc = "TWL4030 GPIO module";
    dc->vmsd = &vmstate_twl4030_gpio;
    rc->phases.hold = GTA04_RESET_PHASE(twl4030_gpio_reset_hold);
    mc->read = twl4030_gpio_read;
    mc->write = twl4030_gpio_write;
}
GTA04_CLASS_INIT_COMPAT(twl4030_gpio_class_init);

static const TypeInfo twl4030_gpio_info = {
    .name = TYPE_TWL4030_GPIO,
    .parent = TYPE_TWL4030_CELL,
    .instance_size = sizeof(TWL4030GPIOState),
    .instance_init = twl4030_gpio_init,
    .class_init = GTA04_CLASS_INIT(twl4030_gpio_class_init),
};

static void twl4030_gpio_register_types(void)
{
    type_register_static(&twl4030_gpio_info);
}

type_init(twl4030_gpio_register_types)
