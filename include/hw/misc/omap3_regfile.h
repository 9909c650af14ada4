/*
 * Direct register lookup for the OMAP3 register files on QEMU's register
 * API (hw/register.h)
 *
 * register_read_memory() and register_write_memory() find the register of
 * an access by searching the whole block; the PRCM spaces have hundreds of
 * registers and Linux's OFF-mode idle saves and restores them on every
 * idle entry.  register_init_block32() puts the RegisterInfo of offset o at
 * ri[o / 4] (an offset without a register keeps access == NULL), so a
 * 32-bit access to a register is found by indexing.  Anything else (a
 * hole, a narrow access) takes the generic path, which logs it as before.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_OMAP3_REGFILE_H
#define HW_MISC_OMAP3_REGFILE_H

#include "hw/register.h"

static inline RegisterInfo *omap3_regfile_find(RegisterInfo *ri, unsigned n,
                                               hwaddr offset, unsigned size)
{
    if (size != 4 || (offset & 3) || offset / 4 >= n ||
        !ri[offset / 4].access) {
        return NULL;
    }
    return &ri[offset / 4];
}

static inline uint64_t omap3_regfile_read(RegisterInfoArray *ra,
                                          RegisterInfo *ri, unsigned n,
                                          hwaddr offset, unsigned size)
{
    RegisterInfo *reg = omap3_regfile_find(ri, n, offset, size);

    if (!reg) {
        return register_read_memory(ra, offset, size);
    }
    return (uint32_t)register_read(reg, UINT32_MAX, ra->prefix, ra->debug);
}

static inline void omap3_regfile_write(RegisterInfoArray *ra,
                                       RegisterInfo *ri, unsigned n,
                                       hwaddr offset, uint64_t value,
                                       unsigned size)
{
    RegisterInfo *reg = omap3_regfile_find(ri, n, offset, size);

    if (!reg) {
        register_write_memory(ra, offset, value, size);
        return;
    }
    register_write(reg, value, UINT32_MAX, ra->prefix, ra->debug);
}

#endif /* HW_MISC_OMAP3_REGFILE_H */
