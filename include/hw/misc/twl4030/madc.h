/*
 * TI TWL4030 (TPS65950) monitoring ADC (MADC)
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_MADC_H
#define HW_MISC_TWL4030_MADC_H

#include "hw/misc/twl4030/cell.h"
#include "hw/misc/twl4030/battery.h"
#include "hw/misc/twl4030/bci.h"
#include "qemu/timer.h"
#include "qom/object.h"

/*
 * Interface for the chip (its wiring, hw/misc/twl4030/twl4030.c):
 *
 * TYPE_TWL4030_MADC, child "madc" of the chip.
 * Window: 0x4A:0x00-0x60.  The MADC SIH (0x4A:0x61-0x67) is a separate
 *   TYPE_TWL4030_SIH.
 * GPIO inputs (levels):
 *   "vbus"   5 V on the USB connector (the chip's "vbus" property): ADCIN8
 *            measures the connector, not the VUSB3V1-powered comparator
 *   "ac"     AC charger plugged (the chip's "ac" property): ADCIN11
 *   "battery-changed"  the battery's "changed": its rising edge (the old
 *            figures) finishes the conversions that ended by then
 * GPIO outputs:
 *   "sih"[4]  MADC SIH sources: [0] RT, [1] SW1, [2] SW2 end of
 *                    conversion, [3] USB (never).  A conversion end is a
 *                    1-then-0 pulse.
 * Link property "bci" (TYPE_TWL4030_BCI, optional): charge current,
 *   CGAIN and the thermistor bias current for ADCIN10/ADCIN1.
 * Link property "battery" (TYPE_TWL4030_BATTERY, optional): VBAT (ADCIN12)
 *   and the thermistor (ADCIN1).
 */

#define TYPE_TWL4030_MADC "twl4030-madc"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030MADCState, TWL4030_MADC)

#define TWL4030_MADC_NUM_SOURCES    4
#define TWL4030_MADC_NUM_CHANNELS   16
#define TWL4030_MADC_SIZE           0x61    /* 0x4A:0x00..0x60 */

/* Conversion methods, also the MADC SIH source numbers */
enum {
    TWL4030_MADC_RT = 0,
    TWL4030_MADC_SW1 = 1,
    TWL4030_MADC_SW2 = 2,
    TWL4030_MADC_USB = 3,
};

struct TWL4030MADCState {
    TWL4030Cell parent_obj;

    uint8_t regs[TWL4030_NUM_REGS];     /* by register number */
    /* End of the SW1, SW2 conversion in progress (virtual ns), or -1 */
    int64_t conv_done_ns[2];
    QEMUTimer *conv_timer[2];       /* wakes up at conv_done_ns */

    /* inputs */
    bool vbus;
    bool ac;
    TWL4030BCIState *bci;
    TWL4030BatteryState *battery;

    qemu_irq irq[TWL4030_MADC_NUM_SOURCES];
};


#endif /* HW_MISC_TWL4030_MADC_H */
