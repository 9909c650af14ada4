/*
 * TI TWL4030 (TPS65950) battery charger interface (BCI)
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_BCI_H
#define HW_MISC_TWL4030_BCI_H

#include "hw/misc/twl4030/cell.h"
#include "hw/misc/twl4030/battery.h"
#include "qemu/timer.h"
#include "qom/object.h"

/*
 * Interface for the chip (its wiring, hw/misc/twl4030/twl4030.c):
 *
 * TYPE_TWL4030_BCI, child "bci" of the chip.
 * Windows: 0x4A:0x74-0xA9 (MAIN_CHARGE) and 0x4A:0xAA-0xB8 (PRECHARGE).
 *   The BCI SIH (0x4A:0xB9-0xC6) is a separate TYPE_TWL4030_SIH.
 * GPIO inputs (levels):
 *   "vbus-present"  USB module "vbus-present" (the transceiver's VBUS
 *                   comparator: cable && VUSB3V1 on)
 *   "ac"            AC charger plugged (the chip's "ac" property)
 *                   Both are seen by the FSM after the TRM's debounce:
 *                   50-100 ms for an unplug, 450-500 ms for a plug.
 *   "bciautoac", "bciautousb"  PM_MASTER BOOT_BCI bits 0 and 1, from the
 *                   power module.  Unconnected they stay at BOOT_BCI's
 *                   reset value: BCIAUTOAC 1, BCIAUTOUSB 0.
 * GPIO outputs:
 *   "sih"[12]  the BCI SIH sources: [0..7] = BCIISR1A bits WOVF,
 *                     TMOVF, ICHGHIGH, ICHGLOW, ICHGEOC, TBATOR2, TBATOR1,
 *                     BATSTS; [8..11] = BCIISR2A bits VBATLVL, VBATOV,
 *                     VBUSOV, ACCHGOV.  Wire [n] to the SIH "source"[n].
 *   "battery-changed"  battery "changed": a pulse after the battery's
 *                   voltage or temperature changed (its comparators).
 * Link property "battery" (TYPE_TWL4030_BATTERY): the battery's figures
 *   (without it: 3800 mV, 25.0 degC).
 *   The MADC reads the charge state through
 *   twl4030_bci_charge_current_ua() / _cgain() / _ithsens().
 */

#define TYPE_TWL4030_BCI "twl4030-bci"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030BCIState, TWL4030_BCI)

#define TWL4030_BCI_NUM_SOURCES 12

/* Source numbers (bit n of BCIISR1A, or bit n - 8 of BCIISR2A) */
enum {
    TWL4030_BCI_SRC_WOVF = 0,
    TWL4030_BCI_SRC_TMOVF,
    TWL4030_BCI_SRC_ICHGHIGH,
    TWL4030_BCI_SRC_ICHGLOW,    /* also "FSM state change" */
    TWL4030_BCI_SRC_ICHGEOC,
    TWL4030_BCI_SRC_TBATOR2,
    TWL4030_BCI_SRC_TBATOR1,
    TWL4030_BCI_SRC_BATSTS,
    TWL4030_BCI_SRC_VBATLVL,
    TWL4030_BCI_SRC_VBATOV,
    TWL4030_BCI_SRC_VBUSOV,
    TWL4030_BCI_SRC_ACCHGOV,
};

/* MAIN_CHARGE + PRECHARGE: 0x4A:0x74..0xB8 */
#define TWL4030_BCI_BASE    0x74
#define TWL4030_BCI_SIZE    (0xb8 - TWL4030_BCI_BASE + 1)

/* The two charger inputs the BCI watches */
enum {
    TWL4030_BCI_USB = 0,        /* VBUS, through the transceiver's comparator */
    TWL4030_BCI_AC,             /* the AC charger input */
    TWL4030_BCI_NUM_CHARGERS,
};

/*
 * Charger presence as the BCI's FSM sees it: the comparator level is
 * debounced on the BCI's 50 ms tick (hw/misc/twl4030/bci.c)
 */
typedef struct TWL4030BCICharger {
    bool input;                 /* comparator level now */
    bool detected;              /* debounced: what the FSM and BCIMSTATEC see */
    QEMUTimer *debounce;        /* pending change of detected */
} TWL4030BCICharger;

struct TWL4030BCIState {
    TWL4030Cell parent_obj;

    uint8_t regs[TWL4030_NUM_REGS];     /* by register number */
    uint8_t mfkey;              /* pending BCIMFKEY key */
    uint8_t mstatec;            /* last BCIMSTATEC, to see FSM changes */
    bool source[TWL4030_BCI_NUM_SOURCES];

    /* inputs */
    TWL4030BCICharger charger[TWL4030_BCI_NUM_CHARGERS];
    bool auto_ac;
    bool auto_usb;
    TWL4030BatteryState *battery;    /* link: the battery's figures */

    qemu_irq irq[TWL4030_BCI_NUM_SOURCES];
};


/* Battery charge current in uA (0 when not charging) */
int twl4030_bci_charge_current_ua(TWL4030BCIState *s);
/* BCICTL1.CGAIN: current measurement gain doubled */
bool twl4030_bci_cgain(TWL4030BCIState *s);
/* BCICTL2.ITHSENS: thermistor bias current = (ITHSENS + 1) * 10 uA */
uint8_t twl4030_bci_ithsens(TWL4030BCIState *s);

#endif /* HW_MISC_TWL4030_BCI_H */
