/*
 * Direct register lookup for the OMAP3 register files on QEMU's register
 * API (hw/register.h)
 *
 * register_read_memory() and register_write_memory() find the register of
 * an access by searching the whole block; the PRCM spaces have hundreds of
 * registers and Linux's OFF-mode idle saves and restores them on every
 * idle entry.  register_init_block32() puts the RegisterInfo of offset o at
 * ri[o / 4] (an offset without a register keeps access == NULL), so a
 * 32-bit access is found by indexing, and so is a hole (Linux's idle path
 * reads the power-state registers of its DPLL, WKUP and EMU "power
 * domains", which have none: a guest error, reading 0, as before).  A
 * narrow or misaligned access takes the generic path.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_OMAP3_REGFILE_H
#define HW_MISC_OMAP3_REGFILE_H

#include "hw/register.h"
#include "qemu/log.h"

/*
 * The register of a 32-bit access; *hole is set when the offset has none.
 * NULL with *hole clear: an access the generic path handles (narrow,
 * misaligned, outside the block).
 */
static inline RegisterInfo *omap3_regfile_find(RegisterInfo *ri, unsigned n,
                                               hwaddr offset, unsigned size,
                                               bool *hole)
{
    *hole = false;
    if (size != 4 || (offset & 3) || offset / 4 >= n) {
        return NULL;
    }
    if (!ri[offset / 4].access) {
        *hole = true;
        return NULL;
    }
    return &ri[offset / 4];
}

static inline uint64_t omap3_regfile_read(RegisterInfoArray *ra,
                                          RegisterInfo *ri, unsigned n,
                                          hwaddr offset, unsigned size)
{
    bool hole;
    RegisterInfo *reg = omap3_regfile_find(ri, n, offset, size, &hole);

    if (hole) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: read of 0x%04" HWADDR_PRIx
                      ": no register there\n", ra->prefix, offset);
        return 0;
    }
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
    bool hole;
    RegisterInfo *reg = omap3_regfile_find(ri, n, offset, size, &hole);

    if (hole) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: write of 0x%08" PRIx64 " to 0x%04"
                      HWADDR_PRIx ": no register there\n", ra->prefix,
                      value, offset);
        return;
    }
    if (!reg) {
        register_write_memory(ra, offset, value, size);
        return;
    }
    register_write(reg, value, UINT32_MAX, ra->prefix, ra->debug);
}

#endif /* HW_MISC_OMAP3_REGFILE_H */
