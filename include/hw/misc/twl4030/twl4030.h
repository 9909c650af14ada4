/*
 * TI TWL4030 (TPS65950) power-management companion chip
 *
 * The chip answers on four I2C addresses (0x48..0x4b).  twl4030.c is its
 * I2C front end and address decode, nothing else: every block of the chip
 * is a module (TYPE_TWL4030_CELL, hw/misc/twl4030/cell.h), a device on
 * the chip's "twl4030-bus" (`info qtree` shows them) that claims windows
 * of registers, keeps its own state and vmstate, and is connected to the
 * other modules only by the wiring of hw/misc/twl4030/wiring.c.
 *
 * I2C: the first byte of a write is the register pointer; the following
 * bytes of the write, and the bytes of reads, go to the pointer, which then
 * increments (it wraps at 0xff).  The pointer is kept per slave address
 * (a repeated start to read keeps it).  Registers no module owns read 0,
 * ignore writes and log under -d guest_errors.  Before every access the
 * modules are brought up to the current virtual time (twl4030_bus_sync).
 *
 * Modules (QOM children /machine/twl4030/<name> on the GTA04, in the order
 * they are created and realized; hw/misc/twl4030/wiring.c twl4030_modules[]):
 *   "inputs"       TYPE_TWL4030_INPUTS   PWRON/VBUS/ID/CHG pins: the QOM
 *                                        stimuli and system_powerdown
 *   "battery"      TYPE_TWL4030_BATTERY  VBAT/BTEMP: battery-mv/-temp
 *   "pih"          TYPE_TWL4030_PIH      0x49:0x80-0x84
 *   "intbr"        TYPE_TWL4030_INTBR    0x49:0x85-0x97
 *   "pwr-sih", "gpio-sih", "bci-sih", "madc-sih", "keypad-sih"
 *                  TYPE_TWL4030_SIH      (windows: hw/misc/twl4030/sih.h)
 *   "rtc", "power", "regulators", "usb", "bci", "madc", "gpio", "keypad",
 *   "ledpwm", "audio"                    one module each
 *   "test", "secured", "backup"  TYPE_TWL4030_REGFILE  plain storage
 *
 * The chip's own QOM properties "pwron", "vbus", "usb-id", "ac",
 * "battery-mv", "battery-temp" are aliases of the "inputs" and "battery"
 * modules' properties.
 *
 * Wiring (hw/misc/twl4030/wiring.c, applied at realize; a name that does
 * not exist fails realize).  Levels and edges are named qdev GPIOs:
 *   inputs "pwron"[0]              -> power "pwron"
 *   inputs "vbus"[0..2]            -> power "vbus" (VBUS_PRES, supplied from
 *                                     VBUS: STS_HW_CONDITIONS.VBUS and
 *                                     USB_PRES see the cable with VUSB3V1
 *                                     off), usb "vbus", madc "vbus" (ADCIN8)
 *   inputs "usb-id"[0..1]          -> power "usb-id", usb "usb-id"
 *   inputs "ac"[0..2]              -> power "ac", bci "ac", madc "ac"
 *   battery "changed"              -> bci "battery-changed"
 *   rtc "irq"                      -> pwr-sih "source"[3] (RTC_IT)
 *   power "sih"[0..2,4..7]         -> pwr-sih "source"[same index]
 *   gpio "sih"[0..17]              -> gpio-sih "source"[0..17]
 *   keypad "sih"[0..3]             -> keypad-sih "source"[0..3]
 *   madc "sih"[0..3]               -> madc-sih "source"[0..3]
 *   bci "sih"[0..11]               -> bci-sih "source"[0..11]
 *                                     (BCIISR1A bits 0-7 = sources 0-7,
 *                                      BCIISR2A bits 0-3 = sources 8-11)
 *   <x>-sih "int1"/"int2"          -> pih "p1"/"p2"[PIH bit of module x]
 *   usb "pih"[0]/[1]               -> pih "p1"/"p2"[4] (USB)
 *   power "group-state"[0..2]      -> regulators "group-state"[0..2]
 *                                     (the only path of the P1..P3 states)
 *   regulators "vusb3v1", "vusb1v5", "vusb1v8" -> usb inputs of that name
 *   usb "vbus-present"             -> bci "vbus-present" (the transceiver's
 *                                     VUSB3V1-supplied VBUS comparator: the
 *                                     USB charge path)
 *   power "bciautoac", "bciautousb" -> bci inputs of that name (BOOT_BCI)
 * Values are read through link properties:
 *   power "regulators"  -> regulators (power-bus messages, PB_WORD)
 *   madc "bci"          -> bci (charge current, CGAIN, ITHSENS)
 *   madc "battery", bci "battery" -> battery (VBAT, BTEMP)
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
#include "qom/object.h"
#include "hw/misc/twl4030/cell.h"
#include "hw/misc/twl4030/inputs.h"
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

struct TWL4030State {
    /*< private >*/
    I2CSlave parent_obj;
    /*< public >*/

    TWL4030Bus bus;

    /* modules (hw/misc/twl4030/wiring.c creates and wires them) */
    TWL4030InputsState inputs;
    TWL4030Battery battery;
    TWL4030PIHState pih;
    TWL4030INTBRState intbr;
    TWL4030SIHState sih[TWL4030_NUM_SIH];
    TWL4030RTCState rtc;
    TWL4030PowerState power;
    TWL4030Regulators regulators;
    TWL4030USB usb;
    TWL4030BCI bci;
    TWL4030MADC madc;
    TWL4030GPIO gpio;
    TWL4030Keypad keypad;
    TWL4030LedPwm ledpwm;
    TWL4030AudioState audio;
    TWL4030RegfileState regfile[TWL4030_NUM_REGFILE];

    /* address decode: (address, register) -> module, built at realize */
    TWL4030Cell *map[TWL4030_NUM_ADDRS][256];

    /* I2C front end */
    int8_t cur;                 /* address index of the transfer, -1 none */
    bool expect_pointer;        /* next written byte is the register pointer */
    uint8_t pointer[TWL4030_NUM_ADDRS];
};

/*
 * The chip's composition (hw/misc/twl4030/wiring.c): create the modules on
 * the chip's bus (instance_init), realize them, set the links and connect
 * the GPIOs from the wiring table (realize; fails on a missing name).
 */
void twl4030_create_modules(TWL4030State *s);
bool twl4030_realize_modules(TWL4030State *s, Error **errp);

#endif /* HW_MISC_TWL4030_H */
