/*
 * The register files of the OMAP3 devices on QEMU's register API
 *
 * One builder for every omap3 device whose registers are RegisterAccessInfo
 * entries (omap3-cm and omap3-prm through omap3_prcm.c, omap3-gpmc,
 * omap3-sms, omap3-scm): a device describes its registers in static const
 * tables (the per-register hooks included) and runs of numbered registers,
 * adds them in order, and omap3_regfile_init() puts them on the register
 * API.  The names the builder makes are freed by omap3_regfile_finalize().
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/bitmap.h"
#include "hw/misc/omap3_regfile.h"

void omap3_regfile_begin(OMAP3RegFile *rf, hwaddr size)
{
    rf->access = g_array_new(false, true, sizeof(RegisterAccessInfo));
    rf->names = g_ptr_array_new_with_free_func(g_free);
    rf->used = bitmap_new(size / 4);
    rf->size = size;
}

/*
 * The builder's one way in.  A register of a table or a named one must be
 * alone at its word; a run only fills the words that have none yet.
 */
static void omap3_regfile_add_one(OMAP3RegFile *rf,
                                  const RegisterAccessInfo *info, bool fill)
{
    assert(!rf->reg_array && !(info->addr & 3) && info->addr < rf->size);
    if (test_and_set_bit(info->addr / 4, rf->used)) {
        assert(fill);
        return;
    }
    g_array_append_val(rf->access, *info);
}

void omap3_regfile_add(OMAP3RegFile *rf, const RegisterAccessInfo *regs,
                       unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        omap3_regfile_add_one(rf, &regs[i], false);
    }
}

void omap3_regfile_add_runs(OMAP3RegFile *rf, const OMAP3RegRun *runs,
                            unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        const OMAP3RegRun *run = &runs[i];

        for (int k = run->first; k <= run->last; k++) {
            RegisterAccessInfo info = run->info;

            info.addr = run->info.addr + run->stride * k;
            if (test_bit(info.addr / 4, rf->used)) {
                continue;
            }
            if (strchr(run->info.name, '%')) {
                char *name = g_strdup_printf(run->info.name, k);

                g_ptr_array_add(rf->names, name);
                info.name = name;
            }
            omap3_regfile_add_one(rf, &info, true);
        }
    }
}

void omap3_regfile_add_named(OMAP3RegFile *rf, const RegisterAccessInfo *info,
                             const char *fmt, ...)
{
    RegisterAccessInfo named = *info;
    va_list ap;
    char *name;

    va_start(ap, fmt);
    name = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_ptr_array_add(rf->names, name);
    named.name = name;
    omap3_regfile_add_one(rf, &named, false);
}

RegisterAccessInfo *omap3_regfile_entries(OMAP3RegFile *rf, unsigned *n)
{
    *n = rf->access->len;
    return (RegisterAccessInfo *)rf->access->data;
}

void omap3_regfile_init(OMAP3RegFile *rf, DeviceState *owner,
                        RegisterInfo *ri, uint32_t *data, unsigned n_ri,
                        const MemoryRegionOps *ops, void *opaque)
{
    unsigned n;
    RegisterAccessInfo *rai = omap3_regfile_entries(rf, &n);

    /* ri[] and data[] are indexed by offset / 4 */
    assert(find_next_bit(rf->used, rf->size / 4, n_ri) >= rf->size / 4);
    rf->reg_array = register_init_block32(owner, rai, n, ri, data, ops, false,
                                          rf->size);
    /* the hooks find their device (or what it says) in reg->opaque */
    for (unsigned i = 0; i < n; i++) {
        rf->reg_array->r[i]->opaque = opaque;
    }
    g_free(rf->used);
    rf->used = NULL;
}

void omap3_regfile_reset(RegisterInfo *ri, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        register_reset(&ri[i]);
    }
}

void omap3_regfile_finalize(OMAP3RegFile *rf)
{
    if (rf->reg_array) {
        gta04_register_finalize_block(rf->reg_array);
    }
    g_array_free(rf->access, true);
    g_ptr_array_free(rf->names, true);
    g_free(rf->used);
}
