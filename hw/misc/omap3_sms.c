/*
 * TI OMAP3 (DM37x / OMAP3630) SDRAM Memory Scheduler (SMS) registers
 *
 * DM37x TRM SPRUGN4 chapter 10.2.  The SMS firewall, arbitration and VRFB
 * rotation engine have no effect here: every initiator sees the SDRAM
 * unrotated.  Linux 6.1 writes SMS_SYSCONFIG (sdrc.c, saved and restored
 * around OFF) and opens SMS_RG_ATT0 (sram.c); both are storage, and so are
 * the other configuration registers.  The register file is QEMU's register
 * API (hw/register.h): one RegisterAccessInfo per TRM register.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/module.h"
#include "hw/misc/omap3_regfile.h"
#include "hw/misc/omap3_sms.h"
#include "migration/vmstate.h"
#include "trace.h"

REG32(SMS_REVISION,             0x000)
REG32(SMS_SYSCONFIG,            0x010)
    FIELD(SMS_SYSCONFIG, AUTOIDLE, 0, 1)
    FIELD(SMS_SYSCONFIG, SOFTRESET, 1, 1)
REG32(SMS_SYSSTATUS,            0x014)
    FIELD(SMS_SYSSTATUS, RESETDONE, 0, 1)
REG32(SMS_SECURITY_CONTROL,     0x148)
REG32(SMS_CLASS_ARBITER0,       0x150)
REG32(SMS_CLASS_ARBITER1,       0x154)
REG32(SMS_CLASS_ARBITER2,       0x158)
REG32(SMS_INTERCLASS_ARBITER,   0x160)
REG32(SMS_CLASS_ROTATION0,      0x164)
REG32(SMS_CLASS_ROTATION1,      0x168)
REG32(SMS_CLASS_ROTATION2,      0x16c)
REG32(SMS_ERR_ADDR,             0x170)
REG32(SMS_ERR_TYPE,             0x174)
REG32(SMS_POW_CTRL,             0x178)

#define SMS_REVISION_VALUE      0x30    /* [unverified] */

#define SMS_REG(reg)    .name = #reg, .addr = A_ ## reg

static void omap3_sms_sysconfig_write(RegisterInfo *reg, uint64_t val)
{
    OMAP3SMSState *s = OMAP3_SMS(reg->opaque);

    /* OCP soft reset: the registers are back to reset at once */
    if (FIELD_EX32(val, SMS_SYSCONFIG, SOFTRESET)) {
        omap3_regfile_reset(s->regs_info, ARRAY_SIZE(s->regs_info));
    }
}

/* The registers there is one of */
static const RegisterAccessInfo omap3_sms_regs_info[] = {
    { SMS_REG(SMS_REVISION), .reset = SMS_REVISION_VALUE, .ro = ~0ull },
    { SMS_REG(SMS_SYSCONFIG), .reset = R_SMS_SYSCONFIG_AUTOIDLE_MASK,
      .post_write = omap3_sms_sysconfig_write },
    { SMS_REG(SMS_SYSSTATUS), .reset = R_SMS_SYSSTATUS_RESETDONE_MASK,
      .ro = ~0ull },
    { SMS_REG(SMS_SECURITY_CONTROL) },
    { SMS_REG(SMS_CLASS_ARBITER0) },
    { SMS_REG(SMS_CLASS_ARBITER1) },
    { SMS_REG(SMS_CLASS_ARBITER2) },
    { SMS_REG(SMS_INTERCLASS_ARBITER) },
    { SMS_REG(SMS_CLASS_ROTATION0) },
    { SMS_REG(SMS_CLASS_ROTATION1) },
    { SMS_REG(SMS_CLASS_ROTATION2) },
    { SMS_REG(SMS_ERR_ADDR), .ro = ~0ull },
    { SMS_REG(SMS_ERR_TYPE) },
    { SMS_REG(SMS_POW_CTRL) },
};

/*
 * The numbered registers, all plain storage.  Firewall region k (0..7),
 * 0x20 apart; region 0 is the whole space and has no START/END.  VRFB
 * rotation context k (0..11), 0x10 apart.
 */
#define SMS_RUN(nm, a, stride, first, last) \
    { { .name = nm "%d", .addr = (a) }, (stride), (first), (last) }
static const OMAP3RegRun omap3_sms_numbered[] = {
    SMS_RUN("SMS_RG_START",         0x040, 0x20, 1, 7),
    SMS_RUN("SMS_RG_END",           0x044, 0x20, 1, 7),
    SMS_RUN("SMS_RG_ATT",           0x048, 0x20, 0, 7),
    SMS_RUN("SMS_RG_RDPERM",        0x050, 0x20, 0, 7),
    SMS_RUN("SMS_RG_WRPERM",        0x058, 0x20, 0, 7),
    SMS_RUN("SMS_ROT_CONTROL",      0x180, 0x10, 0, 11),
    SMS_RUN("SMS_ROT_SIZE",         0x184, 0x10, 0, 11),
    SMS_RUN("SMS_ROT_PHYSICAL_BA",  0x188, 0x10, 0, 11),
};

static uint64_t omap3_sms_read(void *opaque, hwaddr offset, unsigned size)
{
    uint64_t v = register_read_memory(opaque, offset, size);

    trace_omap3_sms_read(offset, v);
    return v;
}

static void omap3_sms_write(void *opaque, hwaddr offset, uint64_t value,
                            unsigned size)
{
    trace_omap3_sms_write(offset, value);
    register_write_memory(opaque, offset, value, size);
}

static const MemoryRegionOps omap3_sms_ops = {
    .read = omap3_sms_read,
    .write = omap3_sms_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
};

static void omap3_sms_reset_enter(Object *obj, ResetType type)
{
    OMAP3SMSState *s = OMAP3_SMS(obj);

    omap3_regfile_reset(s->regs_info, ARRAY_SIZE(s->regs_info));
}

static void omap3_sms_init(Object *obj)
{
    OMAP3SMSState *s = OMAP3_SMS(obj);

    omap3_regfile_begin(&s->rf, OMAP3_SMS_MMIO_SIZE);
    omap3_regfile_add(&s->rf, omap3_sms_regs_info,
                      ARRAY_SIZE(omap3_sms_regs_info));
    omap3_regfile_add_runs(&s->rf, omap3_sms_numbered,
                           ARRAY_SIZE(omap3_sms_numbered));
    omap3_regfile_init(&s->rf, DEVICE(obj), s->regs_info, s->regs,
                       ARRAY_SIZE(s->regs_info), &omap3_sms_ops, s);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->rf.reg_array->mem);
}

static void omap3_sms_finalize(Object *obj)
{
    omap3_regfile_finalize(&OMAP3_SMS(obj)->rf);
}

/* Version 2: the register API (RO registers hold their value in regs[]) */
static const VMStateDescription vmstate_omap3_sms = {
    .name = "omap3-sms",
    .version_id = 2,
    .minimum_version_id = 2,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, OMAP3SMSState, OMAP3_SMS_NUM_REGS),
        VMSTATE_END_OF_LIST()
    }
};

static void omap3_sms_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->vmsd = &vmstate_omap3_sms;
    rc->phases.enter = omap3_sms_reset_enter;
}
GTA04_CLASS_INIT_COMPAT(omap3_sms_class_init);

static const TypeInfo omap3_sms_info = {
    .name = TYPE_OMAP3_SMS,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3SMSState),
    .instance_init = omap3_sms_init,
    .instance_finalize = omap3_sms_finalize,
    .class_init = GTA04_CLASS_INIT(omap3_sms_class_init),
};

static void omap3_sms_register_types(void)
{
    type_register_static(&omap3_sms_info);
}

type_init(omap3_sms_register_types)
