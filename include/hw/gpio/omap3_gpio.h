/*
 * TI OMAP3 / DM3730 GPIO bank (one of GPIO1..GPIO6, 32 lines each)
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_GPIO_OMAP3_GPIO_H
#define HW_GPIO_OMAP3_GPIO_H

#include "hw/sysbus.h"
#include "qom/object.h"

#define TYPE_OMAP3_GPIO "omap3-gpio"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3GPIOState, OMAP3_GPIO)

#define OMAP3_GPIO_MMIO_SIZE    0x1000
#define OMAP3_GPIO_LINES        32

/* sysbus IRQs */
#define OMAP3_GPIO_IRQ_MPU      0       /* IRQSTATUS1 & IRQENABLE1 */
#define OMAP3_GPIO_IRQ_IVA      1       /* IRQSTATUS2 & IRQENABLE2 */

/*
 * Named qdev GPIO output: the bank's wake-up request (SWAKEUP) to the
 * PRCM, high from a wake-up event until the bank is next accessed
 */
#define OMAP3_GPIO_WAKEUP       "wakeup"

/*
 * qdev GPIOs: 32 unnamed inputs (the pins as the board drives them) and
 * 32 unnamed outputs (DATAOUT on lines configured as outputs in OE).
 */
struct OMAP3GPIOState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    MemoryRegion iomem;
    qemu_irq irq[2];
    qemu_irq wakeup;
    qemu_irq out[OMAP3_GPIO_LINES];
    const char *id;             /* QOM child name, for trace events */

    uint32_t sysconfig;
    uint32_t irqstatus[2];
    uint32_t irqenable[2];
    uint32_t wakeupenable;
    uint32_t ctrl;
    uint32_t oe;
    uint32_t dataout;
    uint32_t leveldetect[2];    /* LEVELDETECT0 (low), LEVELDETECT1 (high) */
    uint32_t risingdetect;
    uint32_t fallingdetect;
    uint32_t debounceenable;
    uint32_t debouncingtime;

    uint32_t inputs;            /* levels on the input pins */
    uint32_t out_level;         /* levels driven on out[] */
    bool wake_request;          /* the "wakeup" output's level */

    /* derived from the above, recomputed after migration */
    uint32_t level_events;      /* lines whose level detector matches */
    bool irq_level[2];
};

#endif /* HW_GPIO_OMAP3_GPIO_H */
