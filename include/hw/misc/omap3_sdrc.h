/*
 * TI OMAP3 (DM37x / OMAP3630) SDRAM controller (SDRC) configuration registers
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_OMAP3_SDRC_H
#define HW_MISC_OMAP3_SDRC_H

#include "hw/sysbus.h"
#include "hw/misc/omap3_regfile.h"
#include "qom/object.h"

#define TYPE_OMAP3_SDRC "omap3-sdrc"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3SDRCState, OMAP3_SDRC)

/* the register window at the start of the 16 MiB SDRC configuration space */
#define OMAP3_SDRC_MMIO_SIZE    0x1000
#define OMAP3_SDRC_NUM_REGS     (0x100 / 4)

struct OMAP3SDRCState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    uint32_t regs[OMAP3_SDRC_NUM_REGS];
    RegisterInfo regs_info[OMAP3_SDRC_NUM_REGS];
    OMAP3RegFile rf;                    /* its reg_array: the MMIO */
};

#endif /* HW_MISC_OMAP3_SDRC_H */
