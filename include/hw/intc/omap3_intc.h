/*
 * TI OMAP3 (DM37x / OMAP3630) MPU subsystem interrupt controller (INTCPS)
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_INTC_OMAP3_INTC_H
#define HW_INTC_OMAP3_INTC_H

#include "hw/sysbus.h"
#include "qom/object.h"

#define TYPE_OMAP3_INTC "omap3-intc"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3IntcState, OMAP3_INTC)

/* 96 level-sensitive input lines in 3 banks of 32 (DM37x TRM table 12-3) */
#define OMAP3_INTC_NUM_IRQS     96
#define OMAP3_INTC_NUM_BANKS    (OMAP3_INTC_NUM_IRQS / 32)
#define OMAP3_INTC_MMIO_SIZE    0x1000
/* INTCPS_REVISION: Linux prints it as "revision 4.0" */
#define OMAP3_INTC_REVISION     0x40

/* The two outputs, also the sysbus IRQ numbers */
enum {
    OMAP3_INTC_OUT_IRQ = 0,     /* to the Cortex-A8 nIRQ */
    OMAP3_INTC_OUT_FIQ = 1,     /* to the Cortex-A8 nFIQ */
    OMAP3_INTC_NUM_OUTPUTS,
};

struct OMAP3IntcState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    MemoryRegion iomem;
    qemu_irq out[OMAP3_INTC_NUM_OUTPUTS];

    /* registers (DM37x TRM SPRUGN4 section 12.6) */
    uint32_t sysconfig;         /* AUTOIDLE */
    uint32_t protection;
    uint32_t idle;              /* FUNCIDLE, TURBO */
    uint32_t threshold;         /* PRIORITYTHRESHOLD, 0xff = disabled */
    uint32_t mir[OMAP3_INTC_NUM_BANKS];
    uint32_t isr[OMAP3_INTC_NUM_BANKS];     /* software interrupts (ISR_SET) */
    uint32_t ilr[OMAP3_INTC_NUM_IRQS];

    /* input line levels (INTCPS_ITRn): the wires, not reset by SOFTRESET */
    uint32_t itr[OMAP3_INTC_NUM_BANKS];

    /*
     * Result of the last priority sorting, per output: while 'sorted' is set
     * the output is asserted and SIR/PRIORITY hold the winner, until the
     * guest writes NEWIRQAGR/NEWFIQAGR.
     */
    bool sorted[OMAP3_INTC_NUM_OUTPUTS];
    uint8_t active_irq[OMAP3_INTC_NUM_OUTPUTS];
    uint8_t active_prio[OMAP3_INTC_NUM_OUTPUTS];

    /* derived from ilr[] (FIQNIRQ bits), recomputed after migration */
    uint32_t fiq_sel[OMAP3_INTC_NUM_BANKS];
};

#endif /* HW_INTC_OMAP3_INTC_H */
