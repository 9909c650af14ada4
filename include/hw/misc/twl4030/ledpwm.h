/*
 * TI TWL4030 (TPS65950) LED drivers (LEDA/LEDB with PWMA/PWMB) and the
 * general purpose PWM0/PWM1 registers
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_LEDPWM_H
#define HW_MISC_TWL4030_LEDPWM_H

#include "hw/misc/twl4030/cell.h"
#include "qom/object.h"

/*
 * Interface for the chip (its wiring, hw/misc/twl4030/twl4030.c):
 *
 * TYPE_TWL4030_LEDPWM, child "ledpwm" of the chip.
 * Windows: 0x4A:0xEE-0xF2 (LED: LEDEN, PWMAON/OFF, PWMBON/OFF) and
 *   0x4A:0xF8-0xF9, 0x4A:0xFB-0xFC (PWM0ON/OFF, PWM1ON/OFF).
 * GPIO outputs: "led"[2]  LEDA, LEDB driver on (LEDEN.LEDxON), i.e. the
 *   open-drain output pulls low.
 */

#define TYPE_TWL4030_LEDPWM "twl4030-ledpwm"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030LedPwmState, TWL4030_LEDPWM)

#define TWL4030_LEDPWM_BASE     0xee
#define TWL4030_LEDPWM_SIZE     (0xfc - TWL4030_LEDPWM_BASE + 1)

struct TWL4030LedPwmState {
    TWL4030Cell parent_obj;

    uint8_t regs[TWL4030_NUM_REGS];     /* by register number */
    bool led_level[2];

    qemu_irq led[2];
};

#endif /* HW_MISC_TWL4030_LEDPWM_H */
