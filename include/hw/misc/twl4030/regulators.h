/*
 * TI TWL4030 (TPS65950) power resources: LDOs, SMPS, clocks and resets
 * (the PM_RECEIVER register block)
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_REGULATORS_H
#define HW_MISC_TWL4030_REGULATORS_H

#include "hw/misc/twl4030/cell.h"
#include "qom/object.h"

/*
 * Interface for the chip (its wiring, hw/misc/twl4030/twl4030.c):
 *
 * TYPE_TWL4030_REGULATORS, child "regulators" of the chip.
 * Window: 0x4B:0x5B-0x5D and 0x4B:0x5F-0xF1 (PM_RECEIVER; 0x5E
 *         WATCHDOG_CFG belongs to the power module).
 * GPIO inputs:
 *   "group-state"[3]  state of processor group P1, P2, P3 as driven by the
 *                     power module, a TWL4030GroupState level (0 active,
 *                     the default when unconnected, 1 sleep, 2 off): the
 *                     only way the group states reach this module.
 * GPIO outputs (level 1 = the resource is on, i.e. ACTIVE or SLEEP):
 *   one single-line output per resource, named like the resource in lower
 *   case: "vaux1" .. "vaux4", "vmmc1", "vmmc2", "vpll1", "vpll2", "vsim",
 *   "vdac", "vintana1", "vintana2", "vintdig", "vio", "vdd1", "vdd2",
 *   "vusb1v5", "vusb1v8", "vusb3v1", "vusbcp", "regen", "nrespwron",
 *   "clken", "sysen", "hfclkout", "32kclkout", "reset", "mainref".
 *   The USB module needs "vusb3v1" (its VBUS comparator's supply), "vusb1v5"
 *   and "vusb1v8" (PHY supplies).
 * QOM properties: a read-only bool with the same name per resource
 *   (e.g. qom-get /machine/twl4030/regulators vusb3v1).
 * Power bus: twl4030_regulators_pb_message(), called by the power module
 *   through its "regulators" link (PB_WORD_MSB/LSB writes).
 */

#define TYPE_TWL4030_REGULATORS "twl4030-regulators"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030RegulatorsState, TWL4030_REGULATORS)

/* Resource IDs, as used in power bus messages (TWL4030 TRM "Resources") */
enum {
    TWL4030_RES_VAUX1 = 1,
    TWL4030_RES_VAUX2,
    TWL4030_RES_VAUX3,
    TWL4030_RES_VAUX4,
    TWL4030_RES_VMMC1,
    TWL4030_RES_VMMC2,
    TWL4030_RES_VPLL1,
    TWL4030_RES_VPLL2,
    TWL4030_RES_VSIM,
    TWL4030_RES_VDAC,
    TWL4030_RES_VINTANA1,
    TWL4030_RES_VINTANA2,
    TWL4030_RES_VINTDIG,
    TWL4030_RES_VIO,
    TWL4030_RES_VDD1,
    TWL4030_RES_VDD2,
    TWL4030_RES_VUSB1V5,
    TWL4030_RES_VUSB1V8,
    TWL4030_RES_VUSB3V1,
    TWL4030_RES_VUSBCP,
    TWL4030_RES_REGEN,
    TWL4030_RES_NRESPWRON,
    TWL4030_RES_CLKEN,
    TWL4030_RES_SYSEN,
    TWL4030_RES_HFCLKOUT,
    TWL4030_RES_32KCLKOUT,
    TWL4030_RES_RESET,
    TWL4030_RES_MAINREF,
    TWL4030_RES_NUM,            /* 29: index 0 is unused */
};

/* Resource states (the 4-bit codes of power bus messages and REMAP) */
#define TWL4030_RES_STATE_OFF       0x0
#define TWL4030_RES_STATE_SLEEP     0x8
#define TWL4030_RES_STATE_ACTIVE    0xe
#define TWL4030_RES_STATE_WRST      0xf

/* PM_RECEIVER spans 0x4B:0x5B..0xF1 */
#define TWL4030_PMR_BASE            0x5b
#define TWL4030_PMR_SIZE            (0xf1 - TWL4030_PMR_BASE + 1)

typedef struct TWL4030Resource {
    uint8_t state;      /* TWL4030_RES_STATE_*, before the VUSB3V1 remap */
    bool on;            /* what the output line and the property say */
} TWL4030Resource;

struct TWL4030RegulatorsState {
    TWL4030Cell parent_obj;

    uint8_t regs[TWL4030_NUM_REGS];     /* by register number */
    TWL4030Resource res[TWL4030_RES_NUM];
    uint8_t group_state[TWL4030_NUM_GROUPS];    /* TWL4030GroupState */

    qemu_irq rail[TWL4030_RES_NUM];
};

/*
 * Deliver a 16-bit power bus message (TWL4030 TRM "Power bus messages",
 * the MSG_SINGULAR/MSG_BROADCAST format of include/linux/mfd/twl.h).
 */
void twl4030_regulators_pb_message(TWL4030RegulatorsState *s, uint16_t msg);

#endif /* HW_MISC_TWL4030_REGULATORS_H */
