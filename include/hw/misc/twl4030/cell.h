/*
 * TI TWL4030 (TPS65950): what every cell of the chip shares
 *
 * A cell is one block of the chip (RTC, power master, regulators, USB PHY,
 * BCI, MADC, GPIO, keypad, an SIH ...): a device of type TYPE_TWL4030_CELL
 * with its own state, reset and vmstate, a child of the chip
 * (hw/misc/twl4030/twl4030.c) on the chip's bus.  It implements the register
 * accesses of the windows the chip's address map gives it; it does not know
 * where those windows are, nor which cells it is wired to: levels and edges
 * are plain named qdev GPIOs, values are read through link properties, and
 * the chip connects both.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_CELL_H
#define HW_MISC_TWL4030_CELL_H

#include "hw/qdev-core.h"
#include "qom/object.h"

/* I2C slave addresses (TPS65950 TRM SWCS032E "I2C interface": ID1..ID4) */
#define TWL4030_ADDR_USB        0x48    /* ID1: USB PHY */
#define TWL4030_ADDR_INTBR      0x49    /* ID2: audio, PIH, INTBR, GPIO, test */
#define TWL4030_ADDR_AUX        0x4a    /* ID3: MADC, BCI, keypad, LED, PWM */
#define TWL4030_ADDR_POWER      0x4b    /* ID4: backup, RTC, PWR SIH, PM */
#define TWL4030_NUM_ADDRS       4

/* PIH bit of each cell that interrupts (PIH_ISR_P1/P2) */
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

/*
 * The bus the cells sit on (child "twl4030-bus" of the chip), as
 * hw/misc/macio/ has its macio bus: `info qtree` shows the cells under the
 * chip and a reset of the chip reaches them.  It carries no signals.
 */
#define TYPE_TWL4030_BUS "twl4030-bus"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030Bus, TWL4030_BUS)

struct TWL4030Bus {
    BusState parent_obj;
};

#define TYPE_TWL4030_CELL "twl4030-cell"
OBJECT_DECLARE_TYPE(TWL4030Cell, TWL4030CellClass, TWL4030_CELL)

struct TWL4030Cell {
    DeviceState parent_obj;
};

/*
 * Register access from the chip's I2C front end, for the registers of the
 * windows the chip's address map gives the cell.  reg is the register
 * number on slave address addr, as the TRM numbers it.  Reads may have
 * side effects (clear on read): the chip calls read once per byte the
 * master really reads.
 */
struct TWL4030CellClass {
    DeviceClass parent_class;

    uint8_t (*read)(TWL4030Cell *c, uint8_t addr, uint8_t reg);
    void (*write)(TWL4030Cell *c, uint8_t addr, uint8_t reg, uint8_t value);
};

/*
 * A cell's registers: "uint8_t regs[TWL4030_NUM_REGS]" in its state,
 * indexed by the register number on the cell's slave address as the TRM
 * numbers it (s->regs[A_FOO]); only the cell's own block is used, and only
 * it migrates (VMSTATE_UINT8_SUB_ARRAY).  A reset table lists the
 * registers whose reset value is not 0.
 */
#define TWL4030_NUM_REGS                256

typedef struct TWL4030RegReset {
    uint8_t reg;
    uint8_t value;
} TWL4030RegReset;

/* regs[TWL4030_NUM_REGS]: 0, then the table's values */
void twl4030_regs_reset(uint8_t *regs, const TWL4030RegReset *table,
                        size_t n);

#define TWL4030_REGS_RESET(s, table) do {                               \
        QEMU_BUILD_BUG_ON(sizeof((s)->regs) != TWL4030_NUM_REGS);       \
        twl4030_regs_reset((s)->regs, (table), ARRAY_SIZE(table));      \
    } while (0)

#endif /* HW_MISC_TWL4030_CELL_H */
