/*
 * TI OMAP3 (DM37x / OMAP3630) MMC/SD/SDIO host controller (MMCHS) with an
 * empty slot
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_SD_OMAP3_MMCHS_H
#define HW_SD_OMAP3_MMCHS_H

#include "hw/sysbus.h"
#include "qom/object.h"

#define TYPE_OMAP3_MMCHS "omap3-mmchs"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3MMCHSState, OMAP3_MMCHS)

#define OMAP3_MMCHS_MMIO_SIZE   0x200
#define OMAP3_MMCHS_NUM_REGS    (OMAP3_MMCHS_MMIO_SIZE / 4)

struct OMAP3MMCHSState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    MemoryRegion iomem;
    qemu_irq irq;
    QEMUTimer *cmd_timer;           /* the end of the command on the bus */

    uint32_t regs[OMAP3_MMCHS_NUM_REGS];    /* offset / 4 */
    bool cmd_pending;               /* PSTATE.CMDI: a command on the bus */
    int64_t cmd_end_ns;             /* QEMU_CLOCK_VIRTUAL */
    uint32_t cmd_result;            /* the MMCHS_STAT bits it ends with */
    bool irq_level;
};

#endif /* HW_SD_OMAP3_MMCHS_H */
