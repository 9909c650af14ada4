/*
 * TI OMAP3 (DM37x / OMAP3630) SDRAM Memory Scheduler (SMS) registers
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_OMAP3_SMS_H
#define HW_MISC_OMAP3_SMS_H

#include "hw/sysbus.h"
#include "hw/misc/omap3_regfile.h"
#include "qom/object.h"

#define TYPE_OMAP3_SMS "omap3-sms"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3SMSState, OMAP3_SMS)

/* the register window at the start of the 16 MiB SMS configuration space */
#define OMAP3_SMS_MMIO_SIZE     0x1000
#define OMAP3_SMS_NUM_REGS      (0x240 / 4)

struct OMAP3SMSState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    uint32_t regs[OMAP3_SMS_NUM_REGS];
    RegisterInfo regs_info[OMAP3_SMS_NUM_REGS];
    OMAP3RegFile rf;                    /* its reg_array: the MMIO */
};

#endif /* HW_MISC_OMAP3_SMS_H */
