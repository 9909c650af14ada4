/*
 * TI TWL4030 (TPS65950) power-management companion chip
 *
 * The chip answers on four I2C addresses (0x48..0x4b).  It is split the way
 * the chip is split: the core (this header, hw/misc/twl4030.c) owns the I2C
 * front end, the register pointer and the primary interrupt handler (PIH);
 * every functional module (RTC, power master, regulators, USB PHY, BCI, MADC,
 * GPIO, keypad, the SIH interrupt controllers) is a child device derived from
 * TYPE_TWL4030_MODULE that claims windows of registers.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_H
#define HW_MISC_TWL4030_H

#include "hw/i2c/i2c.h"
#include "hw/qdev-core.h"
#include "qom/object.h"

/* I2C slave addresses (TWL4030 TRM "I2C interface": ID1..ID4) */
#define TWL4030_ADDR_USB        0x48    /* ID1: USB PHY */
#define TWL4030_ADDR_INTBR      0x49    /* ID2: audio, PIH, INTBR, GPIO, test */
#define TWL4030_ADDR_AUX        0x4a    /* ID3: MADC, BCI, keypad, LED, PWM */
#define TWL4030_ADDR_POWER      0x4b    /* ID4: backup, RTC, PWR SIH, PM master/receiver */
#define TWL4030_NUM_ADDRS       4

/* PIH bit of each module (PIH_ISR_P1/P2) */
enum {
    TWL4030_PIH_GPIO = 0,
    TWL4030_PIH_KEYPAD = 1,
    TWL4030_PIH_BCI = 2,
    TWL4030_PIH_MADC = 3,
    TWL4030_PIH_USB = 4,
    TWL4030_PIH_PWR = 5,
    TWL4030_PIH_NUM = 8,
};

/* ---- functional modules ---- */

#define TYPE_TWL4030_MODULE "twl4030-module"
OBJECT_DECLARE_TYPE(TWL4030Module, TWL4030ModuleClass, TWL4030_MODULE)

/* A window of registers [first, last] on one slave address */
typedef struct TWL4030RegWindow {
    uint8_t addr;       /* 0x48..0x4b */
    uint8_t first;
    uint8_t last;
} TWL4030RegWindow;

#define TWL4030_MODULE_MAX_WINDOWS 4

struct TWL4030Module {
    DeviceState parent_obj;

    /* Register windows this module answers (set before the chip realizes) */
    TWL4030RegWindow windows[TWL4030_MODULE_MAX_WINDOWS];
    int num_windows;
};

/* Claim registers [first, last] of slave address addr for module m */
void twl4030_module_add_window(TWL4030Module *m, uint8_t addr,
                               uint8_t first, uint8_t last);

struct TWL4030ModuleClass {
    DeviceClass parent_class;

    /* reg is the absolute register number on slave address addr */
    uint8_t (*read)(TWL4030Module *m, uint8_t addr, uint8_t reg);
    void (*write)(TWL4030Module *m, uint8_t addr, uint8_t reg, uint8_t value);
};

#endif /* HW_MISC_TWL4030_H */
