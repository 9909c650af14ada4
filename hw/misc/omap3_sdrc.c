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
 * The register file is QEMU's register API (hw/register.h).
 * Reset values are what u-boot leaves for a 2 x 256 MiB LPDDR at 200 MHz
 * (illustrative: Linux does not derive anything from the timings).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/module.h"
#include "hw/misc/omap3_sdrc.h"
#include "hw/misc/omap3_prcm.h"
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
    FIELD(SDRC_POWER, SRFRONIDLEREQ, 6, 1)
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

#define SDRC_REVISION_VALUE     0x40    /* [unverified] */

static void omap3_sdrc_sysconfig_write(RegisterInfo *reg, uint64_t val)
{
    OMAP3SDRCState *s = OMAP3_SDRC(reg->opaque);
    int i;

    /* OCP soft reset: registers back to reset, done at once */
    if (FIELD_EX32(val, SDRC_SYSCONFIG, SOFTRESET)) {
        trace_omap3_sdrc_softreset();
        for (i = 0; i < ARRAY_SIZE(s->regs_info); i++) {
            register_reset(&s->regs_info[i]);
        }
    }
}

/* SDRC_DLLx_STATUS.LOCKSTATUS: the DLL locks at once whenever it is enabled */
static uint64_t omap3_sdrc_dll_status(RegisterInfo *reg, uint64_t val)
{
    OMAP3SDRCState *s = OMAP3_SDRC(reg->opaque);
    /* SDRC_DLLx_CTRL is the word before SDRC_DLLx_STATUS */
    bool on = FIELD_EX32(s->regs[(reg->access->addr >> 2) - 1],
                         SDRC_DLL_CTRL, ENADLL);

    return FIELD_DP32(0, SDRC_DLL_STATUS, LOCKSTATUS, on);
}

#define SDRC_REG(reg)   .name = #reg, .addr = A_ ## reg

static const RegisterAccessInfo omap3_sdrc_regs_info[] = {
    { SDRC_REG(SDRC_REVISION),  .reset = SDRC_REVISION_VALUE, .ro = ~0ull },
    { SDRC_REG(SDRC_SYSCONFIG), .reset = 0x00000010,         /* smart idle */
      .post_write = omap3_sdrc_sysconfig_write },
    { SDRC_REG(SDRC_SYSSTATUS), .reset = R_SDRC_SYSSTATUS_RESETDONE_MASK,
      .ro = ~0ull },
    { SDRC_REG(SDRC_CS_CFG),    .reset = 0x00000002 },     /* CS1 at +256 MiB */
    { SDRC_REG(SDRC_SHARING),   .reset = 0x00000100 },
    { SDRC_REG(SDRC_ERR_ADDR),  .ro = ~0ull },
    { SDRC_REG(SDRC_ERR_TYPE) },
    { SDRC_REG(SDRC_DLLA_CTRL), .reset = 0x0000000a },     /* ENADLL, 90 deg */
    { SDRC_REG(SDRC_DLLA_STATUS), .ro = ~0ull,
      .post_read = omap3_sdrc_dll_status },
    { SDRC_REG(SDRC_DLLB_CTRL), .reset = 0x0000000a },
    { SDRC_REG(SDRC_DLLB_STATUS), .ro = ~0ull,
      .post_read = omap3_sdrc_dll_status },
    /* PAGEPOLICY, SRFRONRESET */
    { SDRC_REG(SDRC_POWER),     .reset = 0x00000081 },
    { SDRC_REG(SDRC_MCFG_0),    .reset = 0x03588099 },
    { SDRC_REG(SDRC_MR_0),      .reset = 0x00000032 },     /* CL 3, burst 4 */
    { SDRC_REG(SDRC_EMR2_0) },
    { SDRC_REG(SDRC_ACTIM_CTRLA_0), .reset = 0x629db4c6 },
    { SDRC_REG(SDRC_ACTIM_CTRLB_0), .reset = 0x00012214 },
    { SDRC_REG(SDRC_RFR_CTRL_0), .reset = 0x0005e601 },
    { SDRC_REG(SDRC_MANUAL_0) },
    { SDRC_REG(SDRC_MCFG_1),    .reset = 0x03588099 },
    { SDRC_REG(SDRC_MR_1),      .reset = 0x00000032 },
    { SDRC_REG(SDRC_EMR2_1) },
    { SDRC_REG(SDRC_ACTIM_CTRLA_1), .reset = 0x629db4c6 },
    { SDRC_REG(SDRC_ACTIM_CTRLB_1), .reset = 0x00012214 },
    { SDRC_REG(SDRC_RFR_CTRL_1), .reset = 0x0005e601 },
    { SDRC_REG(SDRC_MANUAL_1) },
};

static uint64_t omap3_sdrc_read(void *opaque, hwaddr offset, unsigned size)
{
    uint64_t v = register_read_memory(opaque, offset, size);

    trace_omap3_sdrc_read(offset, v);
    return v;
}

static void omap3_sdrc_write(void *opaque, hwaddr offset, uint64_t value,
                             unsigned size)
{
    trace_omap3_sdrc_write(offset, value);
    register_write_memory(opaque, offset, value, size);
}

static const MemoryRegionOps omap3_sdrc_ops = {
    .read = omap3_sdrc_read,
    .write = omap3_sdrc_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
};

static void omap3_sdrc_reset_enter(Object *obj, ResetType type)
{
    OMAP3SDRCState *s = OMAP3_SDRC(obj);

    omap3_regfile_reset(s->regs_info, ARRAY_SIZE(s->regs_info));
}

static void omap3_sdrc_init(Object *obj)
{
    OMAP3SDRCState *s = OMAP3_SDRC(obj);

    omap3_regfile_begin(&s->rf, OMAP3_SDRC_MMIO_SIZE);
    omap3_regfile_add(&s->rf, omap3_sdrc_regs_info,
                      ARRAY_SIZE(omap3_sdrc_regs_info));
    omap3_regfile_init(&s->rf, DEVICE(obj), s->regs_info, s->regs,
                       ARRAY_SIZE(s->regs_info), &omap3_sdrc_ops, s);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->rf.reg_array->mem);
}

static void omap3_sdrc_finalize(Object *obj)
{
    omap3_regfile_finalize(&OMAP3_SDRC(obj)->rf);
}

/* Version 2: the register API (RO registers hold their value in regs[]) */
static const VMStateDescription vmstate_omap3_sdrc = {
    .name = "omap3-sdrc",
    .version_id = 2,
    .minimum_version_id = 2,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, OMAP3SDRCState, OMAP3_SDRC_NUM_REGS),
        VMSTATE_END_OF_LIST()
    }
};

/*
 * OMAP3IdleAckClass::idle_ack: with SDRC_POWER.SRFRONIDLEREQ the SDRC puts
 * the SDRAM in self-refresh on the PRCM's idle request and acknowledges
 * it (Linux's omap3_do_wfi sets it around WFI for this).  ASSUMPTION:
 * without it the SDRC does not acknowledge, and CORE stays up.
 */
static bool omap3_sdrc_idle_ack(Object *obj)
{
    OMAP3SDRCState *s = OMAP3_SDRC(obj);

    return FIELD_EX32(s->regs[R_SDRC_POWER], SDRC_POWER, SRFRONIDLEREQ);
}

static void omap3_sdrc_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    OMAP3_IDLE_ACK_CLASS(klass)->idle_ack = omap3_sdrc_idle_ack;

    dc->vmsd = &vmstate_omap3_sdrc;
    rc->phases.enter = omap3_sdrc_reset_enter;
}
GTA04_CLASS_INIT_COMPAT(omap3_sdrc_class_init);

static const TypeInfo omap3_sdrc_info = {
    .name = TYPE_OMAP3_SDRC,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3SDRCState),
    .instance_init = omap3_sdrc_init,
    .instance_finalize = omap3_sdrc_finalize,
    .class_init = GTA04_CLASS_INIT(omap3_sdrc_class_init),
    .interfaces = (InterfaceInfo[]) {
        { TYPE_OMAP3_IDLE_ACK },
        { }
    },
};

static void omap3_sdrc_register_types(void)
{
    type_register_static(&omap3_sdrc_info);
}

type_init(omap3_sdrc_register_types)
