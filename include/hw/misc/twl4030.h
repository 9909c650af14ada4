/*
 * TI TWL4030 (TPS65950) power-management companion chip
 *
 * The chip answers on four I2C addresses (0x48..0x4b).  It is split the way
 * the chip is split: the core (this header, hw/misc/twl4030.c) owns the I2C
 * front end, the register pointers, the primary interrupt handler (PIH) and
 * the INTBR registers; every functional module (RTC, power master,
 * regulators, USB PHY, BCI, MADC, GPIO, keypad, the SIH interrupt
 * controllers) is a child device derived from TYPE_TWL4030_MODULE
 * (hw/misc/twl4030_module.h) that claims windows of registers.
 *
 * I2C: the first byte of a write is the register pointer; the following
 * bytes of the write, and the bytes of reads, go to the pointer, which then
 * increments (it wraps at 0xff).  The pointer is kept per slave address
 * (a repeated start to read keeps it).  Registers no module owns read 0,
 * ignore writes and log under -d guest_errors.
 *
 * Children of the chip (QOM names; /machine/twl4030/<name> on the GTA04):
 *   created by the chip itself:
 *     "rtc" (TYPE_TWL4030_RTC), "power" (TYPE_TWL4030_POWER),
 *     "pwr-sih", "gpio-sih", "bci-sih", "madc-sih", "keypad-sih"
 *     (TYPE_TWL4030_SIH), "audio" (TYPE_TWL4030_AUDIO),
 *     "test", "secured", "backup" (TYPE_TWL4030_REGFILE);
 *   created if their type is compiled in (by type name, so the chip does
 *   not depend on their code):
 *     "regulators" "twl4030-regulators", "usb" "twl4030-usb",
 *     "bci" "twl4030-bci", "madc" "twl4030-madc", "gpio" "twl4030-gpio",
 *     "keypad" "twl4030-keypad", "ledpwm" "twl4030-ledpwm".
 *
 * The modules sit on the chip's "twl4030-bus" (info qtree).
 * Wiring done by the chip's realize (named qdev GPIOs; a line is connected
 * only if both ends exist):
 *   rtc "irq"                  -> pwr-sih "source"[3] (RTC_IT)
 *   power "sih"[0..2,4..7]     -> pwr-sih "source"[same index]
 *   gpio "sih"[18]             -> gpio-sih "source"[0..17]
 *   keypad "sih"[4]            -> keypad-sih "source"[0..3]
 *   madc "sih"[4]              -> madc-sih "source"[0..3]
 *   bci "sih"[12]              -> bci-sih "source"[0..11]
 *                                 (BCIISR1A bits 0-7 = sources 0-7,
 *                                  BCIISR2A bits 0-3 = sources 8-11)
 *   <x>-sih "int1"/"int2"      -> PIH_ISR_P1/P2 bit of module x
 *   usb "pih"[0]/[1]           -> PIH_ISR_P1/P2 bit 4 (USB)
 *   power "group-state"[3]     -> regulators "group-state"[3]
 *   regulators "vusb3v1", "vusb1v5", "vusb1v8" -> usb inputs of that name
 *   usb "vbus-present"         -> bci "vbus-present" (the transceiver's
 *                                 VUSB3V1-supplied VBUS comparator: the
 *                                 USB charge path)
 *   power "bciautoac", "bciautousb" -> bci inputs of that name (BOOT_BCI)
 *   madc link "bci"            =  the bci module
 *   chip property "vbus"       -> power "vbus" (always: the PM block's
 *                                 VBUS_PRES comparator is supplied from
 *                                 VBUS, STS_HW_CONDITIONS.VBUS/USB_PRES
 *                                 see the cable with VUSB3V1 off),
 *                                 usb "vbus" (no usb module: straight to
 *                                 bci "vbus-present"), madc "vbus"
 *   chip property "usb-id"     -> power "usb-id", usb "usb-id"
 *   chip property "ac"         -> power "ac", bci "ac", madc "ac"
 *   chip property "pwron"      -> power "pwron" (also pressed for 200 ms by
 *                                 QEMU's system_powerdown)
 *   battery "changed"          -> bci "battery-changed" (the chip's
 *                                 "battery-mv"/"battery-temp" are aliases
 *                                 of the "battery" module's "mv"/"temp")
 *   links: power "regulators" (power-bus messages), madc "bci", madc and
 *          bci "battery" (values read through them)
 *
 * Outputs of the chip: "int1" (-> the SoC's sys_nirq) and "int2", level
 * 1 = asserted (the pins are active low; QEMU lines are not).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_H
#define HW_MISC_TWL4030_H

#include "hw/i2c/i2c.h"
#include "hw/qdev-core.h"
#include "hw/registerfields.h"
#include "qemu/notify.h"
#include "qemu/timer.h"
#include "qom/object.h"
#include "hw/misc/twl4030_module.h"
#include "hw/intc/twl4030_sih.h"
#include "hw/misc/twl4030_audio.h"
#include "hw/misc/twl4030_battery.h"
#include "hw/misc/twl4030_power.h"
#include "hw/misc/twl4030_regfile.h"
#include "hw/rtc/twl4030_rtc.h"

#define TYPE_TWL4030 "twl4030"
OBJECT_DECLARE_TYPE(TWL4030State, TWL4030Class, TWL4030)

/* PIH registers, slave 0x49 (twl4030-irq.c REG_PIH_*) */
REG8(TWL4030_PIH_ISR_P1, 0x81)
REG8(TWL4030_PIH_ISR_P2, 0x82)
REG8(TWL4030_PIH_SIR, 0x83)

/* INTBR registers, slave 0x49 (include/linux/mfd/twl.h, base 0x85) */
REG8(TWL4030_IDCODE_7_0, 0x85)
REG8(TWL4030_IDCODE_31_24, 0x88)
REG8(TWL4030_DIEID_7_0, 0x89)
REG8(TWL4030_DIEID_63_56, 0x90)
REG8(TWL4030_GPBR1, 0x91)
    FIELD(TWL4030_GPBR1, MADC_HFCLK_EN, 7, 1)
REG8(TWL4030_PMBR1, 0x92)
REG8(TWL4030_PMBR2, 0x93)
REG8(TWL4030_GPPUPDCTR1, 0x94)
REG8(TWL4030_GPPUPDCTR2, 0x95)
REG8(TWL4030_GPPUPDCTR3, 0x96)
REG8(TWL4030_UNLOCK_TEST_REG, 0x97)

#define TWL4030_PIH_FIRST       0x80
#define TWL4030_INTBR_FIRST     0x85
#define TWL4030_INTBR_LAST      0x97
#define TWL4030_INTBR_SIZE      (TWL4030_INTBR_LAST - TWL4030_INTBR_FIRST + 1)

/* UNLOCK_TEST_REG value that unlocks IDCODE/DIEID (TWL_EEPROM_R_UNLOCK) */
#define TWL4030_EEPROM_R_UNLOCK 0x49

/* The SIH instances of the chip */
enum {
    TWL4030_SIH_PWR,
    TWL4030_SIH_GPIO,
    TWL4030_SIH_BCI,
    TWL4030_SIH_MADC,
    TWL4030_SIH_KEYPAD,
    TWL4030_NUM_SIH,
};

/* Modules of other files, created by type name (see above) */
enum {
    TWL4030_EXT_REGULATORS,
    TWL4030_EXT_USB,
    TWL4030_EXT_BCI,
    TWL4030_EXT_MADC,
    TWL4030_EXT_GPIO,
    TWL4030_EXT_KEYPAD,
    TWL4030_EXT_LEDPWM,
    TWL4030_NUM_EXT,
};

/* User-facing input signals the chip fans out to its modules */
enum {
    TWL4030_SIG_PWRON,
    TWL4030_SIG_VBUS,
    TWL4030_SIG_USB_ID,
    TWL4030_SIG_AC,
    TWL4030_NUM_SIG,
};
#define TWL4030_MAX_FANOUT      4

#define TWL4030_MAX_MODULES     24

/* How long system_powerdown holds the power button */
#define TWL4030_POWERDOWN_PRESS_MS  200

struct TWL4030State {
    /*< private >*/
    I2CSlave parent_obj;
    /*< public >*/

    TWL4030Bus bus;

    /* modules */
    TWL4030RTCState rtc;
    TWL4030PowerState power;
    TWL4030SIHState sih[TWL4030_NUM_SIH];
    TWL4030Battery battery;
    TWL4030AudioState audio;
    TWL4030RegfileState test;
    TWL4030RegfileState secured;
    TWL4030RegfileState backup;
    Object *ext[TWL4030_NUM_EXT];       /* NULL when not compiled in */

    TWL4030Module *modules[TWL4030_MAX_MODULES];
    int num_modules;
    TWL4030Module *map[TWL4030_NUM_ADDRS][256];    /* rebuilt at realize */

    /* I2C front end */
    int8_t cur;                 /* address index of the transfer, -1 none */
    bool expect_pointer;        /* next written byte is the register pointer */
    uint8_t pointer[TWL4030_NUM_ADDRS];

    /* PIH */
    uint8_t pih_in[2];          /* module lines, bit = TWL4030_PIH_* */
    uint8_t pih_sir;
    bool int_level[2];
    qemu_irq int_out[2];

    /* INTBR */
    uint8_t intbr[TWL4030_INTBR_SIZE];

    /* user-facing stimuli (QOM properties) */
    bool pwron;
    bool vbus;
    bool usb_id;
    bool ac;
    bool powerdown_pressed;
    QEMUTimer *powerdown_timer;
    Notifier powerdown_notifier;

    qemu_irq fanout[TWL4030_NUM_SIG][TWL4030_MAX_FANOUT];
    int num_fanout[TWL4030_NUM_SIG];
};

struct TWL4030Class {
    I2CSlaveClass parent_class;
};

#endif /* HW_MISC_TWL4030_H */
