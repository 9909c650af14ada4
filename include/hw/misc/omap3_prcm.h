/*
 * TI OMAP3 (DM37x / OMAP3630) Power, Reset and Clock Management (PRCM)
 *
 * One IP with two register spaces: the Clock Manager (CM, L4-core
 * 0x48004000) and the Power and Reset Manager (PRM, L4-wakeup 0x48306000).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_OMAP3_PRCM_H
#define HW_MISC_OMAP3_PRCM_H

#include "hw/sysbus.h"
#include "qom/object.h"

#define TYPE_OMAP3_PRCM "omap3-prcm"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3PRCMState, OMAP3_PRCM)

/* DM37x TRM SPRUGN4 table 2-3/2-4: CM and PRM are 8 KiB each (plus an L4 TA) */
#define OMAP3_PRCM_CM_SIZE      0x2000
#define OMAP3_PRCM_PRM_SIZE     0x2000

/* sysbus MMIO regions */
#define OMAP3_PRCM_MMIO_CM      0
#define OMAP3_PRCM_MMIO_PRM     1

/*
 * Named GPIO outputs "gpt-clksel"[0..11]: the functional clock source of
 * GPTIMER1..12 (CM_CLKSEL_WKUP.CLKSEL_GPT1, CM_CLKSEL_PER.CLKSEL_GPT2..9,
 * CM_CLKSEL_CORE.CLKSEL_GPT10/11; GPT12 always runs from the secure 32 kHz
 * clock).  Level 0 = 32 kHz, 1 = SYS_CLK.
 */
#define OMAP3_PRCM_GPT_CLKSEL   "gpt-clksel"
#define OMAP3_PRCM_NUM_GPT      12

/*
 * Named GPIO output "io-chain": PM_WKEN_WKUP.EN_IO_CHAIN, the I/O daisy-chain
 * clock (WUCLKIN).  The system control module clears its pad WAKEUPEVENT
 * latches on the rising edge.
 */
#define OMAP3_PRCM_IO_CHAIN     "io-chain"

/*
 * Named GPIO input "io-wakeup": high while an I/O pad wake-up event is
 * latched in the control module.  A rising edge sets PM_WKST_WKUP.ST_IO
 * (if PM_WKEN_WKUP.EN_IO) and PRM_IRQSTATUS_MPU.IO_ST.
 */
#define OMAP3_PRCM_IO_WAKEUP    "io-wakeup"

struct OMAP3PRCMState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    MemoryRegion cm_iomem;
    MemoryRegion prm_iomem;
    qemu_irq irq;                               /* PRCM_MPU_IRQ, INTC 11 */
    qemu_irq gpt_clksel[OMAP3_PRCM_NUM_GPT];
    qemu_irq io_chain;

    /* properties */
    uint32_t osc_hz;            /* sys_clkin: 12, 13, 16.8, 19.2, 26, 38.4 MHz */

    /* register files, indexed by offset / 4 */
    uint32_t cm[OMAP3_PRCM_CM_SIZE / 4];
    uint32_t prm[OMAP3_PRCM_PRM_SIZE / 4];

    bool irq_level;
    bool io_wakeup_level;
    /* a global software reset was requested: the next reset reports it */
    bool sw_reset_pending;
};

#endif /* HW_MISC_OMAP3_PRCM_H */
