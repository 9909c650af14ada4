/*
 * TI OMAP3 (DM37x / OMAP3630) general-purpose timer (GPTIMER1..12)
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_TIMER_OMAP3_GPTIMER_H
#define HW_TIMER_OMAP3_GPTIMER_H

#include "hw/sysbus.h"
#include "hw/clock.h"
#include "qemu/timer.h"
#include "hw/timer/omap3_counter.h"
#include "qom/object.h"

#define TYPE_OMAP3_GPTIMER "omap3-gptimer"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3GPTimerState, OMAP3_GPTIMER)

#define OMAP3_GPTIMER_MMIO_SIZE     0x1000

/*
 * Clock input "fclk": the functional clock GPTn_FCLK, 32 kHz or sys_clk as
 * the CM selects (CM_CLKSEL_WKUP/PER/CORE CLKSEL_GPTn).
 */

/*
 * Named qdev GPIO output: the module's wake-up request (SWAKEUP) to the
 * PRCM, high from an event TWER enables (with TIOCP_CFG.ENAWAKEUP, not in
 * no-idle mode) until the module is next accessed
 */
#define OMAP3_GPTIMER_WAKEUP    "wakeup"

struct OMAP3GPTimerState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    MemoryRegion iomem;
    qemu_irq irq;
    qemu_irq wakeup;
    QEMUTimer *timer;

    /* properties */
    bool has_1ms_tick;          /* GPTIMER1, 2, 10: TPIR..TOWR */

    Clock *fclk;
    /* TCRR's steps; its epoch is the last rate change */
    OMAP3Counter counter;

    /* registers (DM37x TRM SPRUGN4 section 16.3) */
    uint32_t tiocp_cfg;
    uint32_t tisr;
    uint32_t tier;
    uint32_t twer;
    uint32_t tclr;
    uint32_t tcrr;              /* as of counter.ref_ticks */
    uint32_t tldr;
    uint32_t tmar;
    uint32_t tcar1;
    uint32_t tcar2;
    uint32_t tsicr;
    uint32_t tpir;
    uint32_t tnir;
    uint32_t tcvr;
    uint32_t tocr;
    uint32_t towr;

    bool irq_level;
    bool wake_request;          /* the "wakeup" output's level */
};

#endif /* HW_TIMER_OMAP3_GPTIMER_H */
