/*
 * TI TWL4030 (TPS65950) primary interrupt handler (PIH), 0x49:0x80-0x84
 *
 * PIH_ISR_P1/P2 bit m is the OR of module m's pending, unmasked sources
 * (its SIH's "int1"/"int2", the USB PHY's own lines): there is no mask for
 * a module as a whole, only each source can be masked in its SIH.  INT1
 * and INT2 are levels, asserted while any bit of PIH_ISR_P1/P2 is set
 * (TWL4030 TRM "Interrupts"; Linux twl4030-irq.c).
 *
 * TYPE_TWL4030_PIH, child "pih" of the chip.
 * GPIO inputs:  "p1"[8], "p2"[8]: module m's line into PIH_ISR_P1/P2 bit m
 *               (TWL4030_PIH_GPIO .. TWL4030_PIH_PWR)
 * GPIO outputs: "int1", "int2": the chip's interrupt pins, level 1 =
 *               asserted (the pins are active low; QEMU lines are not).
 *               The chip passes them on as its own "int1"/"int2".
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_PIH_H
#define HW_MISC_TWL4030_PIH_H

#include "hw/misc/twl4030/cell.h"
#include "hw/registerfields.h"

#define TYPE_TWL4030_PIH "twl4030-pih"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030PIHState, TWL4030_PIH)

/* PIH registers, slave 0x49 (twl4030-irq.c REG_PIH_*) */
REG8(TWL4030_PIH_REVISION, 0x80)
REG8(TWL4030_PIH_ISR_P1, 0x81)
REG8(TWL4030_PIH_ISR_P2, 0x82)
REG8(TWL4030_PIH_SIR, 0x83)
REG8(TWL4030_PIH_RESERVED, 0x84)

#define TWL4030_PIH_LINES       2

struct TWL4030PIHState {
    TWL4030Cell parent_obj;

    uint8_t in[TWL4030_PIH_LINES];      /* module lines, bit = TWL4030_PIH_* */
    uint8_t sir;
    bool int_level[TWL4030_PIH_LINES];
    qemu_irq int_out[TWL4030_PIH_LINES];
};

#endif /* HW_MISC_TWL4030_PIH_H */
