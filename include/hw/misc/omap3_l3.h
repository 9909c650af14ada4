/*
 * TI OMAP3 (DM37x / OMAP3630) L3 interconnect configuration registers
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_OMAP3_L3_H
#define HW_MISC_OMAP3_L3_H

#include "hw/sysbus.h"
#include "qom/object.h"

#define TYPE_OMAP3_L3 "omap3-l3"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3L3State, OMAP3_L3)

/* DM37x TRM table 2-1: L3 configuration registers 0x68000000 - 0x68FFFFFF */
#define OMAP3_L3_MMIO_SIZE      0x01000000
/* protection mechanisms (firewalls): RT, GPMC, OCM RAM, OCM ROM, MAD2D, IVA */
#define OMAP3_L3_NUM_PM         6
#define OMAP3_L3_PM_REGS        (0x100 / 4)

struct OMAP3L3State {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    MemoryRegion iomem;
    uint32_t pm[OMAP3_L3_NUM_PM][OMAP3_L3_PM_REGS];
};

#endif /* HW_MISC_OMAP3_L3_H */
