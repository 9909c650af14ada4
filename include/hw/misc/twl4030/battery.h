/*
 * The battery on the TWL4030's VBAT and BTEMP pins: outside the chip, not
 * one of its cells
 *
 * TYPE_TWL4030_BATTERY, child "battery" of the chip (a plain device: no
 * bus, no registers).  It holds the two figures the chip's user-facing
 * properties set ("battery-mv", "battery-temp" of /machine/twl4030 are
 * aliases of its "mv" and "temp") and the thermistor model both the BCI
 * (BCITBAT) and the MADC (ADCIN1) measure.
 *
 * Values: read through the link properties "battery" of the BCI and the
 *   MADC with twl4030_battery_mv()/_temp().
 * GPIO output "changed"[TWL4030_BATTERY_FANOUT]: high while a figure
 *   changes.  On the rising edge the figures are still the old ones (the
 *   MADC's "battery": a conversion that ended by then measured them), on
 *   the falling edge they are the new ones (the BCI's "battery-changed":
 *   its comparators VBATLVL, BATSTS, ...).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_BATTERY_H
#define HW_MISC_TWL4030_BATTERY_H

#include "hw/qdev-core.h"
#include "qom/object.h"

#define TYPE_TWL4030_BATTERY "twl4030-battery"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030BatteryState, TWL4030_BATTERY)

/* Lines of "changed": the BCI and the MADC */
#define TWL4030_BATTERY_FANOUT          2

#define TWL4030_BATTERY_MV_DEFAULT      3800
#define TWL4030_BATTERY_TEMP_DEFAULT    250     /* 25.0 degC */

struct TWL4030BatteryState {
    DeviceState parent_obj;

    uint32_t mv;            /* cell voltage */
    int32_t temp;           /* deci-degrees Celsius */

    qemu_irq changed[TWL4030_BATTERY_FANOUT];
};

/* The figures; without a battery (NULL link) the defaults */
uint32_t twl4030_battery_mv(TWL4030BatteryState *b);
int32_t twl4030_battery_temp(TWL4030BatteryState *b);

/* Pulse "changed", figures unchanged (the chip does it once wired) */
void twl4030_battery_changed(TWL4030BatteryState *b);

/*
 * 10-bit ADCIN1 code for a 10 kOhm NTC at ddegc (deci-degC) fed with
 * (ithsens + 1) * 10 uA (BCICTL2.ITHSENS); the BCI's BCITBAT and the MADC's
 * ADCIN1 both read it.
 */
uint16_t twl4030_battery_ntc_code(int32_t ddegc, uint8_t ithsens);

#endif /* HW_MISC_TWL4030_BATTERY_H */
