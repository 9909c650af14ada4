/*
 * TI TWL4030 (TPS65950): the base type of the chip's functional modules
 *
 * Every block of the chip (RTC, power master, regulators, USB PHY, BCI,
 * MADC, GPIO, keypad, the SIH interrupt controllers ...) is a child device
 * of the chip derived from TYPE_TWL4030_CELL, on the chip's bus
 * (TYPE_TWL4030_BUS; hw/misc/twl4030/module.c).  A module claims windows of
 * registers with twl4030_module_add_window() (in its instance_init or
 * realize, i.e. before the chip finishes realizing) and the chip's I2C front
 * end dispatches every access in a window to the module's class read/write.
 * Modules never call each other through the chip: levels and edges are
 * named qdev GPIOs, values are read through link properties, both set up
 * by the chip's wiring.
 *
 * Module headers include this file; boards and tests include
 * "hw/misc/twl4030/twl4030.h" (the chip), which includes this one.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_CELL_H
#define HW_MISC_TWL4030_CELL_H

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

/* ---- the chip's internal bus and its modules ---- */

/*
 * The bus the modules sit on (a child of the chip, "twl4030-bus"): it makes
 * them visible in `info qtree` and resets them with the chip.  It carries
 * no signals: the modules are wired to each other with named qdev GPIOs
 * and link properties from the chip's wiring table (hw/misc/twl4030/wiring.c).
 */
#define TYPE_TWL4030_BUS "twl4030-bus"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030Bus, TWL4030_BUS)

struct TWL4030Bus {
    BusState parent_obj;
};

#define TYPE_TWL4030_CELL "twl4030-cell"
OBJECT_DECLARE_TYPE(TWL4030Cell, TWL4030CellClass, TWL4030_CELL)

/* A window of registers [first, last] on one slave address */
typedef struct TWL4030RegWindow {
    uint8_t addr;       /* 0x48..0x4b */
    uint8_t first;
    uint8_t last;
} TWL4030RegWindow;

#define TWL4030_MODULE_MAX_WINDOWS 4
#define TWL4030_MODULE_MAX_INPUTS  8

/*
 * A named single-line level input of a module (twl4030_module_init_inputs):
 * the level is stored in the module's bool at offset "field" (or nowhere:
 * -1), and the module's handler runs when it changed.
 */
typedef struct TWL4030Input {
    const char *name;
    ptrdiff_t field;
} TWL4030Input;

#define TWL4030_INPUT(name, State, member) { name, offsetof(State, member) }
#define TWL4030_INPUT_EVENT(name)          { name, -1 }

/* Input "input" (index in the table) changed to level */
typedef void TWL4030InputHandler(TWL4030Cell *m, int input, int level);

/* What the qdev GPIO of one table input carries back to the module */
typedef struct TWL4030InputBinding {
    TWL4030Cell *m;
    const TWL4030Input *in;
    int input;
} TWL4030InputBinding;

struct TWL4030Cell {
    DeviceState parent_obj;

    /* Register windows this module answers (set before the chip realizes) */
    TWL4030RegWindow windows[TWL4030_MODULE_MAX_WINDOWS];
    int num_windows;

    /* Named level inputs created by twl4030_module_init_inputs() */
    TWL4030InputBinding inputs[TWL4030_MODULE_MAX_INPUTS];
    TWL4030InputHandler *input_handler;
};

/*
 * Claim registers [first, last] of slave address addr for module m.
 * Call it from the module's instance_init or realize; the chip builds its
 * address decode after realizing its modules and fails to realize if two
 * modules claim the same register.
 */
void twl4030_module_add_window(TWL4030Cell *m, uint8_t addr,
                               uint8_t first, uint8_t last);

/*
 * Create one single-line named GPIO input per entry of inputs[n] (in the
 * module's instance_init).  A level on input i is stored in its field; if
 * it differs from the stored one (always, for a -1 field), handler(m, i,
 * level) runs (handler may be NULL).  The table replaces one qemu_irq
 * handler per input.
 */
void twl4030_module_init_inputs(TWL4030Cell *m, const TWL4030Input *inputs,
                                int n, TWL4030InputHandler *handler);

/*
 * What the chip's front end calls on a module (the register interface of
 * the bus); modules talk to each other only through GPIOs and links.
 */
struct TWL4030CellClass {
    DeviceClass parent_class;

    /*
     * Register access from the I2C front end.  reg is the absolute register
     * number on slave address addr.  Reads may have side effects (clear on
     * read); they are called once per byte the master really reads.
     */
    uint8_t (*read)(TWL4030Cell *m, uint8_t addr, uint8_t reg);
    void (*write)(TWL4030Cell *m, uint8_t addr, uint8_t reg, uint8_t value);

    /*
     * Optional: bring what depends on the time up to the current time,
     * e.g. finish a conversion whose end has passed but whose timer has not
     * run yet (on a loaded host the main loop runs timers late, while the
     * vCPU's accesses happen at their own virtual time).  Called for every
     * module of the bus before each register access and before an input of
     * the chip changes (twl4030_bus_sync), so every access sees the chip as
     * it is at that time.  It must be idempotent with the module's timer
     * callbacks.
     */
    void (*sync)(TWL4030Cell *m);
};

/* Every module of the bus up to the current virtual time */
void twl4030_bus_sync(TWL4030Bus *bus);

/*
 * For the modules that take the chip's external inputs (pins, battery):
 * sync the whole chip before an input changes, so that what ended before
 * the change saw the old input.  No-op before realize.
 */
void twl4030_module_sync_chip(TWL4030Cell *m);

#endif /* HW_MISC_TWL4030_CELL_H */
