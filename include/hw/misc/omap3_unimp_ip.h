/*
 * An OMAP3 IP block that the board does not model, except for its OCP
 * interface registers (REVISION, SYSCONFIG, SYSSTATUS)
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_OMAP3_UNIMP_IP_H
#define HW_MISC_OMAP3_UNIMP_IP_H

#include "hw/sysbus.h"
#include "qom/object.h"

#define TYPE_OMAP3_UNIMP_IP "omap3-unimplemented-ip"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3UnimpIPState, OMAP3_UNIMP_IP)

/* No such register in this IP's OCP interface */
#define OMAP3_UNIMP_IP_NONE     UINT32_MAX

struct OMAP3UnimpIPState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    uint32_t sysconfig;

    /* properties */
    char *name;
    uint64_t size;
    uint32_t rev_offset;
    uint32_t revision;
    uint32_t sysc_offset;
    uint32_t syss_offset;
    bool omap4_sysc;
};

/* Create and map one (the board's helper, like create_unimplemented_device()) */
DeviceState *omap3_create_unimp_ip(const char *name, hwaddr base, hwaddr size,
                                   uint32_t rev_offset, uint32_t revision,
                                   uint32_t sysc_offset, uint32_t syss_offset,
                                   bool omap4_sysc);

#endif /* HW_MISC_OMAP3_UNIMP_IP_H */
