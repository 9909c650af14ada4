/*
 * TI TWL4030 (TPS65950): the base type of the chip's functional modules
 *
 * Every block of the chip (RTC, power master, regulators, USB PHY, BCI,
 * MADC, GPIO, keypad, the SIH interrupt controllers ...) is a child device
 * of the chip derived from TYPE_TWL4030_MODULE.  A module claims windows of
 * registers with twl4030_module_add_window() (in its instance_init or
 * realize, i.e. before the chip finishes realizing) and the chip's I2C front
 * end dispatches every access in a window to the module's class read/write.
 *
 * Module headers include this file; boards and tests include
 * "hw/misc/twl4030.h" (the chip), which includes this one.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_MODULE_H
#define HW_MISC_TWL4030_MODULE_H

#include "hw/qdev-core.h"
#include "qom/object.h"

/* I2C slave addresses (TWL4030 TRM "I2C interface": ID1..ID4) */
#define TWL4030_ADDR_USB        0x48    /* ID1: USB PHY */
#define TWL4030_ADDR_INTBR      0x49    /* ID2: audio, PIH, INTBR, GPIO, test */
#define TWL4030_ADDR_AUX        0x4a    /* ID3: MADC, BCI, keypad, LED, PWM */
#define TWL4030_ADDR_POWER      0x4b    /* ID4: backup, RTC, PWR SIH, PM */
#define TWL4030_NUM_ADDRS       4

/* PIH bit of each module (PIH_ISR_P1/P2) */
enum {
    TWL4030_PIH_GPIO = 0,
    TWL4030_PIH_KEYPAD = 1,
    TWL4030_PIH_BCI = 2,
    TWL4030_PIH_MADC = 3,
    TWL4030_PIH_USB = 4,
    TWL4030_PIH_PWR = 5,
    TWL4030_PIH_NUM = 8,
};

/*
 * State of a processor group (P1 = application processor, P2 = modem,
 * P3 = peripherals), owned by the power master (PM_MASTER P1..P3_SW_EVENTS,
 * STS_P123_STATE) and used by the regulators to decide whether a resource
 * that belongs to a group is in its ACTIVE or its SLEEP (REMAP) state.
 */
typedef enum TWL4030GroupState {
    TWL4030_GROUP_ACTIVE = 0,
    TWL4030_GROUP_SLEEP = 1,
    TWL4030_GROUP_OFF = 2,
} TWL4030GroupState;

#define TWL4030_NUM_GROUPS      3       /* P1, P2, P3 */

/* ---- functional modules ---- */

#define TYPE_TWL4030_MODULE "twl4030-module"
OBJECT_DECLARE_TYPE(TWL4030Module, TWL4030ModuleClass, TWL4030_MODULE)

/* A window of registers [first, last] on one slave address */
typedef struct TWL4030RegWindow {
    uint8_t addr;       /* 0x48..0x4b */
    uint8_t first;
    uint8_t last;
} TWL4030RegWindow;

#define TWL4030_MODULE_MAX_WINDOWS 4

struct TWL4030Module {
    DeviceState parent_obj;

    /* Register windows this module answers (set before the chip realizes) */
    TWL4030RegWindow windows[TWL4030_MODULE_MAX_WINDOWS];
    int num_windows;
};

/*
 * Claim registers [first, last] of slave address addr for module m.
 * Call it from the module's instance_init or realize; the chip builds its
 * dispatch map after realizing its children and fails to realize if two
 * modules claim the same register.
 */
void twl4030_module_add_window(TWL4030Module *m, uint8_t addr,
                               uint8_t first, uint8_t last);

struct TWL4030ModuleClass {
    DeviceClass parent_class;

    /*
     * Register access from the I2C front end.  reg is the absolute register
     * number on slave address addr.  Reads may have side effects (clear on
     * read); they are called once per byte the master really reads.
     */
    uint8_t (*read)(TWL4030Module *m, uint8_t addr, uint8_t reg);
    void (*write)(TWL4030Module *m, uint8_t addr, uint8_t reg, uint8_t value);

    /*
     * Optional: a power-bus message (PM_MASTER PB_WORD_MSB/LSB, TRM
     * "Power bus") was sent; msg = MSB << 8 | LSB.  Delivered to every
     * module of the chip that implements it (the regulators do).
     */
    void (*pb_message)(TWL4030Module *m, uint16_t msg);

    /*
     * Optional: processor group "group" (0 = P1 .. 2 = P3) changed state.
     * Delivered to every module of the chip that implements it.
     */
    void (*group_state_changed)(TWL4030Module *m, int group,
                                TWL4030GroupState state);

    /*
     * Optional: the chip's battery figures ("battery-mv", "battery-temp")
     * changed; read them with twl4030_module_battery_*().
     */
    void (*battery_changed)(TWL4030Module *m);

    /*
     * Optional: bring what depends on the time up to the current time,
     * e.g. finish a conversion whose end has passed but whose timer has not
     * run yet (on a loaded host the main loop runs timers late, while the
     * vCPU's accesses happen at their own virtual time).  The chip calls it
     * for every module before each register access and before it changes
     * an input, so every access sees the chip as it is at that time.  It
     * must be idempotent with the module's timer callbacks.
     */
    void (*sync)(TWL4030Module *m);
};

/*
 * Services of the chip for its modules (no-ops / defaults when a module is
 * used outside a chip, e.g. under -device for introspection).
 */

/* Send a power-bus message to every module's pb_message hook */
void twl4030_module_pb_broadcast(TWL4030Module *from, uint16_t msg);

/* Tell every module's group_state_changed hook about a group transition */
void twl4030_module_group_broadcast(TWL4030Module *from, int group,
                                    TWL4030GroupState state);

/* State of processor group "group" (ACTIVE without a power module) */
TWL4030GroupState twl4030_module_group_state(TWL4030Module *m, int group);

/* True while the PM_MASTER PROTECT_KEY has the CFG registers unlocked */
bool twl4030_module_cfg_unlocked(TWL4030Module *m);

/*
 * The battery, as the chip's user-facing properties set it (one copy, in
 * the chip): voltage in mV, temperature in 0.1 degC.  Outside a chip:
 * 3800 mV, 25.0 degC.
 */
#define TWL4030_BATTERY_MV_DEFAULT      3800
#define TWL4030_BATTERY_TEMP_DEFAULT    250
uint32_t twl4030_module_battery_mv(TWL4030Module *m);
int32_t twl4030_module_battery_temp(TWL4030Module *m);

#endif /* HW_MISC_TWL4030_MODULE_H */
