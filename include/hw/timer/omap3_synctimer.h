/*
 * TI OMAP3 (DM37x / OMAP3630) 32-kHz synchronized timer (counter_32k)
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_TIMER_OMAP3_SYNCTIMER_H
#define HW_TIMER_OMAP3_SYNCTIMER_H

#include "hw/sysbus.h"
#include "qom/object.h"

#define TYPE_OMAP3_SYNCTIMER "omap3-32ksync"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3SyncTimerState, OMAP3_SYNCTIMER)

#define OMAP3_SYNCTIMER_MMIO_SIZE   0x1000
#define OMAP3_SYNCTIMER_FREQ        32768

struct OMAP3SyncTimerState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    MemoryRegion iomem;

    /* 32KSYNCNT_SYSCONFIG */
    uint32_t sysconfig;
    /*
     * 32-kHz ticks of QEMU_CLOCK_VIRTUAL (since virtual time 0) at which the
     * counter was 0, i.e. CR = ticks(now) - tick_offset.
     */
    int64_t tick_offset;
};

#endif /* HW_TIMER_OMAP3_SYNCTIMER_H */
