/*
 * The OMAP3 register files on QEMU's register API (hw/register.h): one
 * builder (hw/misc/omap3_regfile.c) and a direct register lookup
 *
 * Building: omap3_regfile_begin(), then the registers in order, from
 * static const RegisterAccessInfo tables (omap3_regfile_add(): the hooks
 * are in the table), runs of numbered registers (omap3_regfile_add_runs())
 * or one at a time with a made-up name (omap3_regfile_add_named()); then
 * omap3_regfile_init() creates the register block, the device's MMIO
 * (rf->reg_array->mem).  omap3_regfile_finalize() frees it all.
 *
 * Lookup:
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
 * The registers info.name at info.addr + stride * k for k = first..last,
 * each a copy of info.  A name with a printf conversion gets k ("%d"):
 * "SMS_RG_ATT%d"; one without is the name of every register of the run.
 */
typedef struct OMAP3RegRun {
    RegisterAccessInfo info;
    hwaddr stride;
    int first, last;
} OMAP3RegRun;

/* A register file under construction and, from omap3_regfile_init(), built */
typedef struct OMAP3RegFile {
    GArray *access;                 /* of RegisterAccessInfo, in order */
    GPtrArray *names;               /* the names the builder made */
    unsigned long *used;            /* words with a register (building) */
    hwaddr size;                    /* of the MMIO window */
    RegisterInfoArray *reg_array;   /* its mem: the device's MMIO */
} OMAP3RegFile;

void omap3_regfile_begin(OMAP3RegFile *rf, hwaddr size);
void omap3_regfile_add(OMAP3RegFile *rf, const RegisterAccessInfo *regs,
                       unsigned n);
/* A run fills only the words that have no register yet */
void omap3_regfile_add_runs(OMAP3RegFile *rf, const OMAP3RegRun *runs,
                            unsigned n);
void omap3_regfile_add_named(OMAP3RegFile *rf, const RegisterAccessInfo *info,
                             const char *fmt, ...) G_GNUC_PRINTF(3, 4);
/* The entries added so far: a device may still change their hooks */
RegisterAccessInfo *omap3_regfile_entries(OMAP3RegFile *rf, unsigned *n);
/*
 * The register block on @ri and @data, @n_ri entries each, indexed by
 * offset / 4; MMIO @ops (their opaque: rf->reg_array); each register's
 * opaque is @opaque
 */
void omap3_regfile_init(OMAP3RegFile *rf, DeviceState *owner,
                        RegisterInfo *ri, uint32_t *data, unsigned n_ri,
                        const MemoryRegionOps *ops, void *opaque);
/* Every register of @ri[0..n) to its reset value */
void omap3_regfile_reset(RegisterInfo *ri, unsigned n);
void omap3_regfile_finalize(OMAP3RegFile *rf);

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
