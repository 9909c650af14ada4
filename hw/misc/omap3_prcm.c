/*
 * TI OMAP3 (DM37x / OMAP3630) PRCM: the register file of a CM or PRM space
 *
 * Not a device: what omap3-cm and omap3-prm (omap3_cm.c, omap3_prm.c) share
 * to build their register files on QEMU's register API with the OMAP3
 * register builder (omap3_regfile.c): a space's registers are those of the
 * domain table (omap3_prcm_domains[]) and the device's static list of the
 * other registers.
 * Read-only registers are computed by the device (OMAP3PRCMSpace.computed),
 * every other register tells the device the old and the new value after a
 * guest write (OMAP3PRCMSpace.written).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/module.h"
#include "hw/misc/omap3_prcm.h"
#include "trace.h"

static uint64_t omap3_prcm_pre_write(RegisterInfo *reg, uint64_t val)
{
    OMAP3PRCMSpace *sp = reg->opaque;

    sp->old_value = *(uint32_t *)reg->data;
    return val;
}

static void omap3_prcm_post_write(RegisterInfo *reg, uint64_t val)
{
    OMAP3PRCMSpace *sp = reg->opaque;

    /* register_reset(): the reset's hold phase does what follows from it */
    if (!device_is_in_reset(sp->owner)) {
        sp->written(sp->owner, reg->access->addr, sp->old_value, val);
    }
}

static uint64_t omap3_prcm_post_read(RegisterInfo *reg, uint64_t val)
{
    OMAP3PRCMSpace *sp = reg->opaque;

    return sp->computed(sp->owner, reg->access->addr);
}

static uint64_t omap3_prcm_read(void *opaque, hwaddr offset, unsigned size)
{
    RegisterInfoArray *reg_array = opaque;
    OMAP3PRCMSpace *sp = reg_array->r[0]->opaque;
    uint64_t v;

    if (sp->accessed) {
        sp->accessed(sp->owner);
    }
    v = omap3_regfile_read(reg_array, sp->regs_info, ARRAY_SIZE(sp->regs_info),
                           offset, size);
    trace_omap3_prcm_read(sp->name, offset, v);
    return v;
}

static void omap3_prcm_write(void *opaque, hwaddr offset, uint64_t value,
                             unsigned size)
{
    RegisterInfoArray *reg_array = opaque;
    OMAP3PRCMSpace *sp = reg_array->r[0]->opaque;

    trace_omap3_prcm_write(sp->name, offset, value);
    if (sp->accessed) {
        sp->accessed(sp->owner);
    }
    omap3_regfile_write(reg_array, sp->regs_info, ARRAY_SIZE(sp->regs_info),
                        offset, value, size);
}

static const MemoryRegionOps omap3_prcm_ops = {
    .read = omap3_prcm_read,
    .write = omap3_prcm_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    /* TRM: the PRCM registers are 32-bit, 32-bit access only */
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
};

void omap3_prcm_space_init(OMAP3PRCMSpace *sp, DeviceState *owner,
                           const char *name, OMAP3PRCMDomainReg first,
                           OMAP3PRCMDomainReg last,
                           const RegisterAccessInfo *regs, int nregs)
{
    RegisterAccessInfo *rai;
    unsigned i, n;
    int r;

    omap3_regfile_begin(&sp->rf, OMAP3_PRCM_SPACE_SIZE);
    for (i = 0; i < ARRAY_SIZE(omap3_prcm_domains); i++) {
        const OMAP3PRCMDomain *d = &omap3_prcm_domains[i];

        for (r = first; r <= last; r++) {
            RegisterAccessInfo info = {
                .addr = d->module + omap3_prcm_domain_reg_offset[r],
                .reset = d->reset[r],
                .ro = (OMAP3_PRCM_DOMAIN_RO >> r) & 1 ? ~0ull : 0,
                .w1c = (OMAP3_PRCM_DOMAIN_W1C >> r) & 1 ? ~0ull : 0,
            };

            if (d->regs & OMAP3_PRCM_HAS(r)) {
                omap3_regfile_add_named(&sp->rf, &info, "%s_%s",
                                        omap3_prcm_domain_reg_name[r],
                                        d->name);
            }
        }
    }
    omap3_regfile_add(&sp->rf, regs, nregs);
    /* every register goes to the device: computed, or told it was written */
    rai = omap3_regfile_entries(&sp->rf, &n);
    for (i = 0; i < n; i++) {
        if (rai[i].ro) {
            rai[i].post_read = omap3_prcm_post_read;
        } else {
            rai[i].pre_write = omap3_prcm_pre_write;
            rai[i].post_write = omap3_prcm_post_write;
        }
    }

    sp->name = name;
    sp->owner = owner;
    /* the hooks above find the space (and from it the device) as opaque */
    omap3_regfile_init(&sp->rf, owner, sp->regs_info, sp->regs,
                       ARRAY_SIZE(sp->regs_info), &omap3_prcm_ops, sp);
}

static const TypeInfo omap3_idle_ack_info = {
    .name = TYPE_OMAP3_IDLE_ACK,
    .parent = TYPE_INTERFACE,
    .class_size = sizeof(OMAP3IdleAckClass),
};

static void omap3_prcm_register_types(void)
{
    type_register_static(&omap3_idle_ack_info);
}

type_init(omap3_prcm_register_types)
