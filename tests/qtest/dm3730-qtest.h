/*
 * qtest helpers for the DM3730 of the GTA04: its memory map and interrupt
 * lines (the SoC's own tables), the registers several tests look at, and
 * bare-metal images that run from -kernel.
 *
 * Addresses and INTC lines come from dm3730_addr()/dm3730_irq() only; a
 * test names a register as base + offset.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef DM3730_QTEST_H
#define DM3730_QTEST_H

#include "qemu/bswap.h"
#include "libqtest.h"
/* the overlay is <qemu>/gta04: QEMU's -iquote of its source root finds it */
#include "gta04/include/hw/arm/dm3730_memmap.h"

/* MPU INTC (DM37x TRM 12.6): per bank of 32 lines */
#define DM3730_INTC_BANK(n)         (dm3730_addr(DM3730_DEV_INTC) + 0x80 + 0x20 * (n))
#define DM3730_INTC_ITR(n)          (DM3730_INTC_BANK(n) + 0x00)
#define DM3730_INTC_MIR(n)          (DM3730_INTC_BANK(n) + 0x04)
#define DM3730_INTC_MIR_CLEAR(n)    (DM3730_INTC_BANK(n) + 0x08)
#define DM3730_INTC_MIR_SET(n)      (DM3730_INTC_BANK(n) + 0x0c)
#define DM3730_INTC_PENDING_IRQ(n)  (DM3730_INTC_BANK(n) + 0x18)

/* Is @dev's INTC line raised (ITR: the raw input, before masking)? */
static inline bool dm3730_intc_raw(QTestState *qts, DM3730Device dev)
{
    int line = dm3730_irq(dev);

    return qtest_readl(qts, DM3730_INTC_ITR(line / 32)) & (1u << (line % 32));
}

/* GPTIMER registers (DM37x TRM 16.3.4), offsets from a GPTn base */
#define GPT_TIDR            0x00
#define GPT_TIOCP_CFG       0x10
#define GPT_TISTAT          0x14
#define GPT_TISR            0x18
#define GPT_TIER            0x1c
#define GPT_TWER            0x20
#define GPT_TCLR            0x24
#define GPT_TCRR            0x28
#define GPT_TLDR            0x2c
#define GPT_TTGR            0x30
#define GPT_TWPS            0x34
#define GPT_TMAR            0x38
#define GPT_TCAR1           0x3c
#define GPT_TSICR           0x40
#define GPT_TCAR2           0x44
#define GPT_TPIR            0x48
#define GPT_TNIR            0x4c
#define GPT_TCVR            0x50
#define GPT_TOCR            0x54
#define GPT_TOWR            0x58

/* PRM and SCM registers of the I/O wake-up path (DM37x TRM 3.7.3, 13.6) */
#define PRM_IRQSTATUS_MPU   (dm3730_addr(DM3730_DEV_PRM) + 0x818)
#define PM_WKEN_WKUP        (dm3730_addr(DM3730_DEV_PRM) + 0xca0)
#define PM_MPUGRPSEL_WKUP   (dm3730_addr(DM3730_DEV_PRM) + 0xca4)
#define PM_WKST_WKUP        (dm3730_addr(DM3730_DEV_PRM) + 0xcb0)
#define PADCONF_UART3_RX    (dm3730_addr(DM3730_DEV_SCM) + 0x19e)

/*
 * Write a bare-metal image to a new temporary file (g_free the name) for
 * -kernel, loaded as a raw binary: QEMU's boot loader enters it in SVC
 * mode with IRQ and FIQ masked, like a zImage.  Two instructions come
 * before @code,
 *
 *      movw r0, #(SRAM & 0xffff)
 *      movt r0, #(SRAM >> 16)      @ r0 = the on-chip SRAM
 *
 * so that @code can report through [r0].
 */
static inline char *dm3730_sram_image(const uint32_t *code, int n)
{
    uint32_t sram = dm3730_addr(DM3730_DEV_SRAM);
    uint32_t lo = sram & 0xffff, hi = sram >> 16;
    g_autofree uint32_t *le = g_new(uint32_t, n + 2);
    char *path = NULL;
    GError *err = NULL;
    int fd = g_file_open_tmp("dm3730-bare-XXXXXX.bin", &path, &err);
    int i;

    g_assert_no_error(err);
    /* ARM encoding A2 of MOVW / MOVT: imm4 at 19:16, Rd at 15:12, imm12 */
    le[0] = cpu_to_le32(0xe3000000 | (lo >> 12) << 16 | (lo & 0xfff));
    le[1] = cpu_to_le32(0xe3400000 | (hi >> 12) << 16 | (hi & 0xfff));
    for (i = 0; i < n; i++) {
        le[i + 2] = cpu_to_le32(code[i]);
    }
    g_assert_cmpint(write(fd, le, (n + 2) * 4), ==, (n + 2) * 4);
    close(fd);
    return path;
}

#endif /* DM3730_QTEST_H */
