/*
 * TI OMAP3 (DM37x / OMAP3630) 32-kHz watchdog timer (WDT2, WDT3)
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_WATCHDOG_OMAP3_WDT_H
#define HW_WATCHDOG_OMAP3_WDT_H

#include "hw/sysbus.h"
#include "hw/clock.h"
#include "qemu/timer.h"
#include "hw/timer/omap3_counter.h"
#include "qom/object.h"

#define TYPE_OMAP3_WDT "omap3-wdt"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3WDTState, OMAP3_WDT)

#define OMAP3_WDT_MMIO_SIZE     0x1000
/* Clock input "fclk": the 32 kHz functional clock from the CM */

struct OMAP3WDTState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    MemoryRegion iomem;
    qemu_irq irq;
    QEMUTimer *timer;
    Clock *fclk;

    /* properties */
    bool running_at_reset;      /* counts out of reset (WDT2 silicon) */
    bool reset_on_expiry;       /* overflow resets the chip (WDT2 -> PRCM) */

    /* registers (DM37x TRM SPRUGN4 section 16.5) */
    uint32_t sysconfig;
    uint32_t wisr;
    uint32_t wier;
    uint32_t wclr;
    uint32_t wcrr;              /* as of counter.ref_ticks */
    uint32_t wldr;
    uint32_t wtgr;
    uint32_t wspr;              /* last value written: start/stop sequence */

    bool running;
    /* WCRR's steps at the fclk rate (epoch: its last rate change) */
    OMAP3Counter counter;
    bool irq_level;
};

#endif /* HW_WATCHDOG_OMAP3_WDT_H */
