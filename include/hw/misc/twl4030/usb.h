/*
 * TI TWL4030 (TPS65950) USB transceiver: ULPI PHY registers on I2C
 * address 0x48 and the VBUS comparator
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_USB_H
#define HW_MISC_TWL4030_USB_H

#include "hw/misc/twl4030/cell.h"
#include "qom/object.h"

/*
 * Interface for the chip (its wiring, hw/misc/twl4030/twl4030.c):
 *
 * TYPE_TWL4030_USB, child "usb" of the chip.
 * Window: 0x48:0x00-0xFF.
 * GPIO inputs (levels):
 *   "vbus"      5 V on the connector (the chip's "vbus" property)
 *   "usb-id"    ID pin grounded (the chip's "usb-id" property)
 *   "vusb3v1"   regulators "vusb3v1": powers the transceiver's VBUS and ID
 *               comparators
 *   "vusb1v5", "vusb1v8"  regulators "vusb1v5"/"vusb1v8": PHY supplies
 *               (the PHY DPLL clock only runs with both on)
 * GPIO outputs:
 *   "vbus-present"     the transceiver's VBUS comparator: vbus && vusb3v1
 *                      on -> BCI "vbus-present" (the USB charge path).
 *                      STS_HW_CONDITIONS.VBUS and the PWR SIH USB_PRES
 *                      source come from the power block's own VBUS_PRES
 *                      comparator instead (power "vbus", fed from the
 *                      cable: it works with VUSB3V1 off).
 *   "pih"[2]           the USB module's bit in PIH_ISR_P1 ([0], INT1) and
 *                      PIH_ISR_P2 ([1], INT2): pending, enabled PHY
 *                      interrupt latches, when routed to the TWL interrupt
 *                      lines (see twl4030_usb.c).
 */

#define TYPE_TWL4030_USB "twl4030-usb"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030USBState, TWL4030_USB)

struct TWL4030USBState {
    TWL4030Cell parent_obj;

    uint8_t regs[TWL4030_NUM_REGS];     /* by register number */

    /* input levels */
    bool vbus;
    bool usb_id;
    bool vusb3v1;
    bool vusb1v5;
    bool vusb1v8;

    /* derived state, kept to detect edges */
    bool vbus_present;
    uint8_t usb_int_sts;
    uint8_t other_int_sts;
    uint8_t id_int_sts;
    bool pih_level[2];

    qemu_irq vbus_present_out;
    qemu_irq pih[2];
};

#endif /* HW_MISC_TWL4030_USB_H */
