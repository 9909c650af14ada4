/*
 * TI OMAP3 (DM37x / OMAP3630) PRCM: the register file of a CM or PRM space
 *
 * Not a device: what omap3-cm and omap3-prm (omap3_cm.c, omap3_prm.c) share
 * to build their register files on QEMU's register API.  A space's
 * RegisterAccessInfo table is generated per instance from the domain table
 * (omap3_prcm_domains[]) and the device's list of the other registers.
 * Read-only registers are computed by the device (OMAP3PRCMSpace.computed),
 * every other register tells the device the old and the new value after a
 * guest write (OMAP3PRCMSpace.written).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "hw/register.h"
#include "hw/misc/omap3_prcm.h"
#include "hw/misc/omap3_regfile.h"
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
    uint64_t v = omap3_regfile_read(reg_array, sp->regs_info,
                                    ARRAY_SIZE(sp->regs_info), offset, size);

    trace_omap3_prcm_read(sp->name, offset, v);
    return v;
}

static void omap3_prcm_write(void *opaque, hwaddr offset, uint64_t value,
                             unsigned size)
{
    RegisterInfoArray *reg_array = opaque;
    OMAP3PRCMSpace *sp = reg_array->r[0]->opaque;

    trace_omap3_prcm_write(sp->name, offset, value);
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
    int i, r, n = 0;

    rai = g_new0(RegisterAccessInfo,
                 ARRAY_SIZE(omap3_prcm_domains) * (last - first + 1) + nregs);
    for (i = 0; i < ARRAY_SIZE(omap3_prcm_domains); i++) {
        const OMAP3PRCMDomain *d = &omap3_prcm_domains[i];

        for (r = first; r <= last; r++) {
            if (d->regs & OMAP3_PRCM_HAS(r)) {
                rai[n].name = g_strdup_printf("%s_%s",
                                              omap3_prcm_domain_reg_name[r],
                                              d->name);
                rai[n].addr = d->module + omap3_prcm_domain_reg_offset[r];
                rai[n].reset = d->reset[r];
                rai[n].ro = (OMAP3_PRCM_DOMAIN_RO >> r) & 1 ? ~0ull : 0;
                rai[n].w1c = (OMAP3_PRCM_DOMAIN_W1C >> r) & 1 ? ~0ull : 0;
                n++;
            }
        }
    }
    for (i = 0; i < nregs; i++) {
        rai[n] = regs[i];
        rai[n].name = g_strdup(regs[i].name);
        n++;
    }
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
    sp->access = rai;
    sp->num_access = n;
    sp->reg_array = register_init_block32(owner, rai, n, sp->regs_info,
                                          sp->regs, &omap3_prcm_ops, false,
                                          OMAP3_PRCM_SPACE_SIZE);
    /* the hooks above find the space (and from it the device) here */
    for (i = 0; i < n; i++) {
        sp->reg_array->r[i]->opaque = sp;
    }
}

void omap3_prcm_space_reset(OMAP3PRCMSpace *sp)
{
    int i;

    for (i = 0; i < ARRAY_SIZE(sp->regs_info); i++) {
        register_reset(&sp->regs_info[i]);
    }
}

void omap3_prcm_space_finalize(OMAP3PRCMSpace *sp)
{
    int i;

    register_finalize_block(sp->reg_array);
    for (i = 0; i < sp->num_access; i++) {
        g_free((char *)sp->access[i].name);
    }
    g_free(sp->access);
}
