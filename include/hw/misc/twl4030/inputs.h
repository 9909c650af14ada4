/*
 * The TWL4030's external input pins as QEMU's user drives them: the power
 * button (PWRON), the USB connector's VBUS and ID pins and the AC charger
 * (CHG), and QEMU's system_powerdown (a 200 ms press of the button)
 *
 * TYPE_TWL4030_INPUTS, child "inputs" of the chip, on its bus with no
 * registers.  It is where the chip's user-facing properties live:
 * "pwron", "vbus", "usb-id", "ac" of /machine/twl4030 are aliases of its
 * properties of the same name (qom-set, -global twl4030.<p>=<v>).
 *
 * GPIO outputs, one fan-out line per consumer, all at the pin's level
 * (1 = button held / 5 V present / ID grounded / charger present):
 *   "pwron"[TWL4030_INPUTS_FANOUT]   -> power "pwron"
 *   "vbus"[...]                      -> power "vbus" (VBUS_PRES), usb "vbus"
 *                                       (the transceiver), madc "vbus"
 *                                       (ADCIN8)
 *   "usb-id"[...]                    -> power "usb-id", usb "usb-id"
 *   "ac"[...]                        -> power "ac", bci "ac", madc "ac"
 * A change first brings the chip's modules up to the current time
 * (twl4030_module_sync_chip): what ended before the change saw the old
 * level.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_INPUTS_H
#define HW_MISC_TWL4030_INPUTS_H

#include "hw/misc/twl4030/cell.h"
#include "qemu/notify.h"
#include "qemu/timer.h"
#include "qom/object.h"

#define TYPE_TWL4030_INPUTS "twl4030-inputs"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030InputsState, TWL4030_INPUTS)

/* The pins, in the order of their trace number (twl4030_stimulus) */
enum {
    TWL4030_SIG_PWRON,
    TWL4030_SIG_VBUS,
    TWL4030_SIG_USB_ID,
    TWL4030_SIG_AC,
    TWL4030_NUM_SIG,
};

/* Lines per output: the most consumers a pin has */
#define TWL4030_INPUTS_FANOUT       3

/* How long system_powerdown holds the power button */
#define TWL4030_POWERDOWN_PRESS_MS  200

struct TWL4030InputsState {
    TWL4030Cell parent_obj;

    bool level[TWL4030_NUM_SIG];        /* as the user set them */
    bool powerdown_pressed;
    QEMUTimer *powerdown_timer;
    Notifier powerdown_notifier;

    qemu_irq out[TWL4030_NUM_SIG][TWL4030_INPUTS_FANOUT];
};

/* Drive every output with its level (the chip does it once wired) */
void twl4030_inputs_drive_all(TWL4030InputsState *s);

#endif /* HW_MISC_TWL4030_INPUTS_H */
