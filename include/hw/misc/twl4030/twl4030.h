/*
 * TI TWL4030 (TPS65950) power-management companion chip
 *
 * The chip answers on four I2C addresses (0x48..0x4b).  It is built like
 * QEMU's other multi-function chips (hw/misc/macio/): hw/misc/twl4030/
 * twl4030.c creates its cells as typed children, gives them their register
 * windows from one address-map table, wires them with typed qdev GPIO calls
 * and link properties, and is the I2C front end.  Each cell
 * (TYPE_TWL4030_CELL, include/hw/misc/twl4030/cell.h) keeps its own state,
 * reset and vmstate.  `info qtree` shows the cells on the chip's
 * "twl4030-bus"; docs/gta04.md has the address map and the wire table
 * (scripts/twl4030-wiring.py prints the wires from a running QEMU, and
 * make check compares them with the docs).
 *
 * QOM children of the chip (/machine/twl4030/<name> on the GTA04):
 *   "pih" "intbr" "pwr-sih" "gpio-sih" "bci-sih" "madc-sih" "keypad-sih"
 *   "rtc" "power" "regulators" "usb" "bci" "madc" "gpio" "keypad" "ledpwm"
 *   "audio" "test" "secured" "backup"    the cells
 *   "battery"                            the battery on VBAT/BTEMP (not a
 *                                        cell: no registers, no bus)
 *
 * User stimuli, properties of the chip (qom-set /machine/twl4030 <p> <v>,
 * -global twl4030.<p>=<v>): the input pins "pwron" (power button held),
 * "vbus" (5 V on the USB connector), "usb-id" (ID grounded), "ac" (AC
 * charger present), and "battery-mv", "battery-temp" (aliases of the
 * battery's "mv" and "temp").  QEMU's system_powerdown holds PWRON for
 * TWL4030_POWERDOWN_PRESS_MS.
 *
 * Outputs of the chip: "int1" (-> the SoC's sys_nirq) and "int2", passed
 * through from the PIH: level 1 = asserted (the pins are active low; QEMU
 * lines are not).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_H
#define HW_MISC_TWL4030_H

#include "hw/i2c/i2c.h"
#include "qemu/notify.h"
#include "qemu/timer.h"
#include "qom/object.h"
#include "hw/misc/twl4030/cell.h"
#include "hw/misc/twl4030/battery.h"
#include "hw/misc/twl4030/pih.h"
#include "hw/misc/twl4030/intbr.h"
#include "hw/misc/twl4030/sih.h"
#include "hw/misc/twl4030/rtc.h"
#include "hw/misc/twl4030/power.h"
#include "hw/misc/twl4030/regulators.h"
#include "hw/misc/twl4030/usb.h"
#include "hw/misc/twl4030/bci.h"
#include "hw/misc/twl4030/madc.h"
#include "hw/misc/twl4030/gpio.h"
#include "hw/misc/twl4030/keypad.h"
#include "hw/misc/twl4030/ledpwm.h"
#include "hw/misc/twl4030/audio.h"
#include "hw/misc/twl4030/regfile.h"

#define TYPE_TWL4030 "twl4030"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030State, TWL4030)

/* The SIH instances of the chip */
enum {
    TWL4030_SIH_PWR,
    TWL4030_SIH_GPIO,
    TWL4030_SIH_BCI,
    TWL4030_SIH_MADC,
    TWL4030_SIH_KEYPAD,
    TWL4030_NUM_SIH,
};

/* The plain register files */
enum {
    TWL4030_REGFILE_TEST,
    TWL4030_REGFILE_SECURED,
    TWL4030_REGFILE_BACKUP,
    TWL4030_NUM_REGFILE,
};

/* The cells, as the address map names them */
typedef enum TWL4030CellId {
    TWL4030_CELL_USB,
    TWL4030_CELL_AUDIO,
    TWL4030_CELL_TEST,
    TWL4030_CELL_PIH,
    TWL4030_CELL_INTBR,
    TWL4030_CELL_GPIO,
    TWL4030_CELL_GPIO_SIH,
    TWL4030_CELL_MADC,
    TWL4030_CELL_MADC_SIH,
    TWL4030_CELL_BCI,
    TWL4030_CELL_BCI_SIH,
    TWL4030_CELL_KEYPAD,
    TWL4030_CELL_KEYPAD_SIH,
    TWL4030_CELL_LEDPWM,
    TWL4030_CELL_SECURED,
    TWL4030_CELL_BACKUP,
    TWL4030_CELL_RTC,
    TWL4030_CELL_PWR_SIH,
    TWL4030_CELL_POWER,
    TWL4030_CELL_REGULATORS,
    TWL4030_NUM_CELLS,
} TWL4030CellId;

/* The chip's input pins, in the order of their trace number */
typedef enum TWL4030Pin {
    TWL4030_PIN_PWRON,
    TWL4030_PIN_VBUS,
    TWL4030_PIN_USB_ID,
    TWL4030_PIN_AC,
    TWL4030_NUM_PINS,
} TWL4030Pin;

/* Lines of a pin's GPIO output of the chip: the most consumers a pin has */
#define TWL4030_PIN_FANOUT          3

/* How long system_powerdown holds the power button */
#define TWL4030_POWERDOWN_PRESS_MS  200

struct TWL4030State {
    /*< private >*/
    I2CSlave parent_obj;
    /*< public >*/

    TWL4030Bus bus;

    /* the cells */
    TWL4030PIHState pih;
    TWL4030INTBRState intbr;
    TWL4030SIHState sih[TWL4030_NUM_SIH];
    TWL4030RTCState rtc;
    TWL4030PowerState power;
    TWL4030RegulatorsState regulators;
    TWL4030USBState usb;
    TWL4030BCIState bci;
    TWL4030MADCState madc;
    TWL4030GPIOState gpio;
    TWL4030KeypadState keypad;
    TWL4030LedPwmState ledpwm;
    TWL4030AudioState audio;
    TWL4030RegfileState regfile[TWL4030_NUM_REGFILE];

    /* outside the chip */
    TWL4030BatteryState battery;

    /* the input pins as the user set them (a reset keeps them) */
    bool pin[TWL4030_NUM_PINS];
    bool powerdown_pressed;
    qemu_irq pin_out[TWL4030_NUM_PINS][TWL4030_PIN_FANOUT];
    QEMUTimer *powerdown_timer;
    Notifier powerdown_notifier;

    /* address decode: (address, register) -> cell, from the address map */
    TWL4030Cell *map[TWL4030_NUM_ADDRS][256];

    /* I2C front end */
    int8_t cur;                 /* address index of the transfer, -1 none */
    bool expect_pointer;        /* next written byte is the register pointer */
    uint8_t pointer[TWL4030_NUM_ADDRS];
};

#endif /* HW_MISC_TWL4030_H */
