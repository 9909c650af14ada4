/*
 * TI TWL4030 (TPS65950) keypad controller (8x8 matrix)
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_KEYPAD_H
#define HW_MISC_TWL4030_KEYPAD_H

#include "hw/misc/twl4030/cell.h"
#include "qom/object.h"

/*
 * Interface for the chip (its wiring, hw/misc/twl4030/twl4030.c):
 *
 * TYPE_TWL4030_KEYPAD, child "keypad" of the chip.
 * Window: 0x4A:0xD2-0xE2.  The keypad SIH (0x4A:0xE3-0xE9) is a separate
 *   TYPE_TWL4030_SIH.
 * GPIO inputs:  "key"[64]  key at row r, column c (index 8 * r + c) held
 * GPIO outputs: "sih"[4]   keypad SIH sources: [0] KP (a pulse on every
 *                          change of the scanned matrix), [1] LK (long key),
 *                          [2] TO (time-out), [3] MIS (miss); LK, TO and MIS
 *                          never fire (no scan timers modelled)
 */

#define TYPE_TWL4030_KEYPAD "twl4030-keypad"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030KeypadState, TWL4030_KEYPAD)

#define TWL4030_KEYPAD_BASE     0xd2
#define TWL4030_KEYPAD_SIZE     (0xe2 - TWL4030_KEYPAD_BASE + 1)
#define TWL4030_KEYPAD_NUM_SOURCES 4    /* KP, LK, TO, MIS */
#define TWL4030_KEYPAD_ROWS     8
#define TWL4030_KEYPAD_COLS     8

struct TWL4030KeypadState {
    TWL4030Cell parent_obj;

    uint8_t regs[TWL4030_NUM_REGS];     /* by register number */
    uint8_t keys[TWL4030_KEYPAD_ROWS];  /* bit c of row r: key held */

    qemu_irq sih[TWL4030_KEYPAD_NUM_SOURCES];
};

#endif /* HW_MISC_TWL4030_KEYPAD_H */
