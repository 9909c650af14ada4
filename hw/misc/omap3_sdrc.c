/*
 * TI OMAP3 (DM37x / OMAP3630) SDRAM controller (SDRC) configuration registers
 *
 * DM37x TRM SPRUGN4 chapter 10.  The SDRAM itself is plain RAM on the
 * board; this models the register file Linux 6.1 reads and writes:
 *  - sleep34xx.S omap3_do_wfi sets SDRC_POWER.SRFRONIDLEREQ around every
 *    WFI and, after it, polls SDRC_DLLA_STATUS.LOCKSTATUS unless
 *    SDRC_DLLA_CTRL says the DLL is in lock mode (and "kicks" the DLL by
 *    toggling ENADLL while it does not lock): the DLL locks whenever it is
 *    enabled;
 *  - control.c omap3_save_scratchpad_contents() copies SYSCONFIG, CS_CFG,
 *    SHARING, ERR_TYPE, DLLA_CTRL, POWER, MCFG, MR, ACTIM, RFR_CTRL into
 *    the scratchpad; sdrc.c omap2_sdrc_init() sets the idle modes and POWER.
 * Reset values are what u-boot leaves for a 2 x 256 MiB LPDDR at 200 MHz
 * (illustrative: Linux does not derive anything from the timings).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/registerfields.h"
#include "hw/misc/omap3_sdrc.h"
#include "migration/vmstate.h"
#include "trace.h"

REG32(SDRC_REVISION,        0x00)
REG32(SDRC_SYSCONFIG,       0x10)
    FIELD(SDRC_SYSCONFIG, SOFTRESET, 1, 1)
REG32(SDRC_SYSSTATUS,       0x14)
    FIELD(SDRC_SYSSTATUS, RESETDONE, 0, 1)
REG32(SDRC_CS_CFG,          0x40)
REG32(SDRC_SHARING,         0x44)
REG32(SDRC_ERR_ADDR,        0x48)
REG32(SDRC_ERR_TYPE,        0x4c)
REG32(SDRC_DLLA_CTRL,       0x60)
    FIELD(SDRC_DLL_CTRL, LOCKDLL, 2, 1)
    FIELD(SDRC_DLL_CTRL, ENADLL, 3, 1)
REG32(SDRC_DLLA_STATUS,     0x64)
    FIELD(SDRC_DLL_STATUS, LOCKSTATUS, 2, 1)
REG32(SDRC_DLLB_CTRL,       0x68)
REG32(SDRC_DLLB_STATUS,     0x6c)
REG32(SDRC_POWER,           0x70)
REG32(SDRC_MCFG_0,          0x80)
REG32(SDRC_MR_0,            0x84)
REG32(SDRC_EMR2_0,          0x8c)
REG32(SDRC_ACTIM_CTRLA_0,   0x9c)
REG32(SDRC_ACTIM_CTRLB_0,   0xa0)
REG32(SDRC_RFR_CTRL_0,      0xa4)
REG32(SDRC_MANUAL_0,        0xa8)
REG32(SDRC_MCFG_1,          0xb0)
REG32(SDRC_MR_1,            0xb4)
REG32(SDRC_EMR2_1,          0xbc)
REG32(SDRC_ACTIM_CTRLA_1,   0xc4)
REG32(SDRC_ACTIM_CTRLB_1,   0xc8)
REG32(SDRC_RFR_CTRL_1,      0xd4)
REG32(SDRC_MANUAL_1,        0xd8)

typedef struct {
    uint8_t offset;
    bool ro;
    uint32_t reset;
} OMAP3SDRCReg;

static const OMAP3SDRCReg omap3_sdrc_regs[] = {
    { A_SDRC_REVISION,      true,  0x00000040 },    /* [unverified] */
    { A_SDRC_SYSCONFIG,     false, 0x00000010 },    /* smart idle */
    { A_SDRC_SYSSTATUS,     true,  0 },
    { A_SDRC_CS_CFG,        false, 0x00000002 },    /* CS1 at +256 MiB */
    { A_SDRC_SHARING,       false, 0x00000100 },
    { A_SDRC_ERR_ADDR,      true,  0 },
    { A_SDRC_ERR_TYPE,      false, 0 },
    { A_SDRC_DLLA_CTRL,     false, 0x0000000a },    /* ENADLL, 90 degrees */
    { A_SDRC_DLLA_STATUS,   true,  0 },
    { A_SDRC_DLLB_CTRL,     false, 0x0000000a },
    { A_SDRC_DLLB_STATUS,   true,  0 },
    /* PAGEPOLICY, SRFRONRESET */
    { A_SDRC_POWER,         false, 0x00000081 },
    { A_SDRC_MCFG_0,        false, 0x03588099 },
    { A_SDRC_MR_0,          false, 0x00000032 },    /* CL 3, burst 4 */
    { A_SDRC_EMR2_0,        false, 0 },
    { A_SDRC_ACTIM_CTRLA_0, false, 0x629db4c6 },
    { A_SDRC_ACTIM_CTRLB_0, false, 0x00012214 },
    { A_SDRC_RFR_CTRL_0,    false, 0x0005e601 },
    { A_SDRC_MANUAL_0,      false, 0 },
    { A_SDRC_MCFG_1,        false, 0x03588099 },
    { A_SDRC_MR_1,          false, 0x00000032 },
    { A_SDRC_EMR2_1,        false, 0 },
    { A_SDRC_ACTIM_CTRLA_1, false, 0x629db4c6 },
    { A_SDRC_ACTIM_CTRLB_1, false, 0x00012214 },
    { A_SDRC_RFR_CTRL_1,    false, 0x0005e601 },
    { A_SDRC_MANUAL_1,      false, 0 },
};

static const OMAP3SDRCReg *omap3_sdrc_reg(hwaddr offset)
{
    int i;

    for (i = 0; i < ARRAY_SIZE(omap3_sdrc_regs); i++) {
        if (omap3_sdrc_regs[i].offset == offset) {
            return &omap3_sdrc_regs[i];
        }
    }
    return NULL;
}

static void omap3_sdrc_reset_regs(OMAP3SDRCState *s)
{
    int i;

    memset(s->regs, 0, sizeof(s->regs));
    for (i = 0; i < ARRAY_SIZE(omap3_sdrc_regs); i++) {
        s->regs[omap3_sdrc_regs[i].offset >> 2] = omap3_sdrc_regs[i].reset;
    }
}

/* The DLL locks at once whenever it is enabled */
static uint32_t omap3_sdrc_dll_status(OMAP3SDRCState *s, hwaddr ctrl)
{
    bool on = FIELD_EX32(s->regs[ctrl >> 2], SDRC_DLL_CTRL, ENADLL);

    return FIELD_DP32(0, SDRC_DLL_STATUS, LOCKSTATUS, on);
}

static uint64_t omap3_sdrc_read(void *opaque, hwaddr offset, unsigned size)
{
    OMAP3SDRCState *s = opaque;
    const OMAP3SDRCReg *r = offset < 0x100 ? omap3_sdrc_reg(offset) : NULL;
    uint32_t v;

    if (!r) {
        qemu_log_mask(LOG_UNIMP, "%s: unknown register 0x%03" HWADDR_PRIx
                      "\n", __func__, offset);
        return 0;
    }
    switch (offset) {
    case A_SDRC_SYSSTATUS:
        v = R_SDRC_SYSSTATUS_RESETDONE_MASK;
        break;
    case A_SDRC_DLLA_STATUS:
        v = omap3_sdrc_dll_status(s, A_SDRC_DLLA_CTRL);
        break;
    case A_SDRC_DLLB_STATUS:
        v = omap3_sdrc_dll_status(s, A_SDRC_DLLB_CTRL);
        break;
    default:
        v = s->regs[offset >> 2];
        break;
    }
    trace_omap3_sdrc_read(offset, v);
    return v;
}

static void omap3_sdrc_write(void *opaque, hwaddr offset, uint64_t value,
                             unsigned size)
{
    OMAP3SDRCState *s = opaque;
    const OMAP3SDRCReg *r = offset < 0x100 ? omap3_sdrc_reg(offset) : NULL;

    trace_omap3_sdrc_write(offset, value);
    if (!r) {
        qemu_log_mask(LOG_UNIMP, "%s: unknown register 0x%03" HWADDR_PRIx
                      " = 0x%08" PRIx64 "\n", __func__, offset, value);
        return;
    }
    if (r->ro) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: read-only register 0x%03"
                      HWADDR_PRIx "\n", __func__, offset);
        return;
    }
    if (offset == A_SDRC_SYSCONFIG &&
        FIELD_EX32(value, SDRC_SYSCONFIG, SOFTRESET)) {
        /* OCP soft reset: registers back to reset, done at once */
        trace_omap3_sdrc_softreset();
        omap3_sdrc_reset_regs(s);
        return;
    }
    s->regs[offset >> 2] = value;
}

static const MemoryRegionOps omap3_sdrc_ops = {
    .read = omap3_sdrc_read,
    .write = omap3_sdrc_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
};

static void omap3_sdrc_reset(DeviceState *dev)
{
    omap3_sdrc_reset_regs(OMAP3_SDRC(dev));
}

static void omap3_sdrc_init(Object *obj)
{
    OMAP3SDRCState *s = OMAP3_SDRC(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_sdrc_ops, s, "omap3-sdrc",
                          OMAP3_SDRC_MMIO_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
}

static const VMStateDescription vmstate_omap3_sdrc = {
    .name = "omap3-sdrc",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, OMAP3SDRCState, OMAP3_SDRC_NUM_REGS),
        VMSTATE_END_OF_LIST()
    }
};

static void omap3_sdrc_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    dc->reset = omap3_sdrc_reset;
    dc->vmsd = &vmstate_omap3_sdrc;
}

static const TypeInfo omap3_sdrc_info = {
    .name = TYPE_OMAP3_SDRC,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3SDRCState),
    .instance_init = omap3_sdrc_init,
    .class_init = omap3_sdrc_class_init,
};

static void omap3_sdrc_register_types(void)
{
    type_register_static(&omap3_sdrc_info);
}

type_init(omap3_sdrc_register_types)
