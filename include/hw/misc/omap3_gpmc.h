/*
 * TI OMAP3 (DM37x / OMAP3630) General-Purpose Memory Controller (GPMC)
 * configuration registers
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_OMAP3_GPMC_H
#define HW_MISC_OMAP3_GPMC_H

#include "hw/sysbus.h"
#include "hw/misc/omap3_regfile.h"
#include "qom/object.h"

#define TYPE_OMAP3_GPMC "omap3-gpmc"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3GPMCState, OMAP3_GPMC)

#define OMAP3_GPMC_MMIO_SIZE    0x1000
#define OMAP3_GPMC_NUM_REGS     (0x300 / 4)
#define OMAP3_GPMC_NUM_CS       8
#define OMAP3_GPMC_NUM_WAIT     4

/* Named GPIO inputs "wait"[0..3]: the gpmc_wait0..3 pins (NAND R/B on 0) */
#define OMAP3_GPMC_WAIT         "wait"

struct OMAP3GPMCState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    qemu_irq irq;                   /* GPMC_IRQ, INTC 20 */
    uint32_t regs[OMAP3_GPMC_NUM_REGS];
    RegisterInfo regs_info[OMAP3_GPMC_NUM_REGS];
    OMAP3RegFile rf;                /* its reg_array: the MMIO */
    uint8_t wait_levels;            /* bit n: gpmc_waitn pin */
    bool irq_level;
};

#endif /* HW_MISC_OMAP3_GPMC_H */
