/*
 * TI TWL4030 (TPS65950): plain register storage for blocks without
 * behaviour that matters to the guest (the test registers 0x49:0x4C-0x7F,
 * SECURED_REG 0x4B:0x00-0x13, BACKUP_REG_A..H 0x4B:0x14-0x1B).
 *
 * The chip's address map gives it its windows; every register of them
 * reads back what was written (reset 0).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_REGFILE_H
#define HW_MISC_TWL4030_REGFILE_H

#include "hw/misc/twl4030/cell.h"

#define TYPE_TWL4030_REGFILE "twl4030-regfile"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030RegfileState, TWL4030_REGFILE)

struct TWL4030RegfileState {
    TWL4030Cell parent_obj;

    uint8_t regs[TWL4030_NUM_ADDRS * 256];
};

#endif /* HW_MISC_TWL4030_REGFILE_H */
