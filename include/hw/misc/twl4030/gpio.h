/*
 * TI TWL4030 (TPS65950) GPIO module: 18 general purpose pins
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_GPIO_H
#define HW_MISC_TWL4030_GPIO_H

#include "hw/misc/twl4030/cell.h"
#include "qom/object.h"

/*
 * Interface for the chip (its wiring, hw/misc/twl4030/twl4030.c):
 *
 * TYPE_TWL4030_GPIO, child "gpio" of the chip.
 * Window: 0x49:0x98-0xB0.  The GPIO SIH (0x49:0xB1-0xC5) is a separate
 *   TYPE_TWL4030_SIH.
 * GPIO inputs:  unnamed [18]   level driven on pin n from outside (the
 *                              board); a pin nobody drives follows its
 *                              pull-up/pull-down (GPIOPUPDCTRx)
 * GPIO outputs: unnamed [18]   level pin n drives when it is an output
 *                              (DATADIR), 0 while it is an input
 *               "sih"[18]      pin levels (DATAIN) for the GPIO SIH
 *                              "source"[0..17]
 */

#define TYPE_TWL4030_GPIO "twl4030-gpio"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030GPIOState, TWL4030_GPIO)

#define TWL4030_GPIO_NUM_PINS   18
#define TWL4030_GPIO_BASE       0x98
#define TWL4030_GPIO_SIZE       (0xb0 - TWL4030_GPIO_BASE + 1)

struct TWL4030GPIOState {
    TWL4030Cell parent_obj;

    uint8_t regs[TWL4030_NUM_REGS];     /* by register number */
    uint32_t ext_level;                 /* levels driven from outside */
    uint32_t ext_driven;                /* pins something drives */
    uint32_t pin_level;                 /* last levels sent to the SIH */
    uint32_t out_level;                 /* last levels sent on the outputs */

    qemu_irq out[TWL4030_GPIO_NUM_PINS];
    qemu_irq sih[TWL4030_GPIO_NUM_PINS];
};

#endif /* HW_MISC_TWL4030_GPIO_H */
