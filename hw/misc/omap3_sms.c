/*
 * TI OMAP3 (DM37x / OMAP3630) SDRAM Memory Scheduler (SMS) registers
 *
 * DM37x TRM SPRUGN4 chapter 10.2.  The SMS firewall, arbitration and VRFB
 * rotation engine have no effect here: every initiator sees the SDRAM
 * unrotated.  Linux 6.1 writes SMS_SYSCONFIG (sdrc.c, saved and restored
 * around OFF) and opens SMS_RG_ATT0 (sram.c); both are storage, and so are
 * the other configuration registers.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/registerfields.h"
#include "hw/misc/omap3_sms.h"
#include "migration/vmstate.h"
#include "trace.h"

REG32(SMS_REVISION,             0x000)
REG32(SMS_SYSCONFIG,            0x010)
    FIELD(SMS_SYSCONFIG, SOFTRESET, 1, 1)
REG32(SMS_SYSSTATUS,            0x014)
    FIELD(SMS_SYSSTATUS, RESETDONE, 0, 1)
/*
 * Firewall regions i = 0..7, 0x20 apart: RG_ATTi 0x48, RG_RDPERMi 0x50,
 * RG_WRPERMi 0x58; regions 1..7 also have RG_STARTi 0x40, RG_ENDi 0x44.
 */
REG32(SMS_RG_START1,            0x060)
REG32(SMS_RG_ATT0,              0x048)
REG32(SMS_RG_WRPERM7,           0x118)
REG32(SMS_SECURITY_CONTROL,     0x148)
REG32(SMS_CLASS_ARBITER0,       0x150)
REG32(SMS_CLASS_ROTATION2,      0x16c)
REG32(SMS_ERR_ADDR,             0x170)
REG32(SMS_ERR_TYPE,             0x174)
REG32(SMS_POW_CTRL,             0x178)
/* VRFB contexts n = 0..11: ROT_CONTROLn, ROT_SIZEn, ROT_PHYSICAL_BAn */
REG32(SMS_ROT_CONTROL0,         0x180)
REG32(SMS_ROT_PHYSICAL_BA11,    0x238)

typedef enum {
    SMS_NONE,
    SMS_RW,
    SMS_RO,
} OMAP3SMSKind;

static OMAP3SMSKind omap3_sms_kind(hwaddr offset)
{
    switch (offset) {
    case A_SMS_REVISION:
    case A_SMS_SYSSTATUS:
    case A_SMS_ERR_ADDR:
        return SMS_RO;
    case A_SMS_SYSCONFIG:
    case A_SMS_SECURITY_CONTROL:
    case A_SMS_ERR_TYPE:
    case A_SMS_POW_CTRL:
        return SMS_RW;
    default:
        break;
    }
    if (offset >= A_SMS_RG_ATT0 && offset <= A_SMS_RG_WRPERM7) {
        unsigned r = (offset - 0x40) & 0x1f;

        if (r == 0x08 || r == 0x10 || r == 0x18 ||
            (offset >= A_SMS_RG_START1 && (r == 0x00 || r == 0x04))) {
            return SMS_RW;
        }
        return SMS_NONE;
    }
    if (offset >= A_SMS_CLASS_ARBITER0 && offset <= A_SMS_CLASS_ROTATION2 &&
        offset != 0x15c) {
        return SMS_RW;
    }
    if (offset >= A_SMS_ROT_CONTROL0 && offset <= A_SMS_ROT_PHYSICAL_BA11 &&
        (offset & 0xf) <= 0x8) {
        return SMS_RW;
    }
    return SMS_NONE;
}

static void omap3_sms_reset_regs(OMAP3SMSState *s)
{
    memset(s->regs, 0, sizeof(s->regs));
    s->regs[R_SMS_SYSCONFIG] = 0x1;             /* AUTOIDLE */
}

static uint64_t omap3_sms_read(void *opaque, hwaddr offset, unsigned size)
{
    OMAP3SMSState *s = opaque;
    uint32_t v;

    switch (omap3_sms_kind(offset)) {
    case SMS_NONE:
        qemu_log_mask(LOG_UNIMP, "%s: unknown register 0x%03" HWADDR_PRIx
                      "\n", __func__, offset);
        return 0;
    case SMS_RO:
        v = offset == A_SMS_REVISION ? 0x30 :      /* [unverified] */
            offset == A_SMS_SYSSTATUS ? R_SMS_SYSSTATUS_RESETDONE_MASK : 0;
        break;
    default:
        v = s->regs[offset >> 2];
        break;
    }
    trace_omap3_sms_read(offset, v);
    return v;
}

static void omap3_sms_write(void *opaque, hwaddr offset, uint64_t value,
                            unsigned size)
{
    OMAP3SMSState *s = opaque;

    trace_omap3_sms_write(offset, value);
    switch (omap3_sms_kind(offset)) {
    case SMS_NONE:
        qemu_log_mask(LOG_UNIMP, "%s: unknown register 0x%03" HWADDR_PRIx
                      " = 0x%08" PRIx64 "\n", __func__, offset, value);
        return;
    case SMS_RO:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: read-only register 0x%03"
                      HWADDR_PRIx "\n", __func__, offset);
        return;
    default:
        break;
    }
    if (offset == A_SMS_SYSCONFIG &&
        FIELD_EX32(value, SMS_SYSCONFIG, SOFTRESET)) {
        omap3_sms_reset_regs(s);
        return;
    }
    s->regs[offset >> 2] = value;
}

static const MemoryRegionOps omap3_sms_ops = {
    .read = omap3_sms_read,
    .write = omap3_sms_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
};

static void omap3_sms_reset(DeviceState *dev)
{
    omap3_sms_reset_regs(OMAP3_SMS(dev));
}

static void omap3_sms_init(Object *obj)
{
    OMAP3SMSState *s = OMAP3_SMS(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_sms_ops, s, "omap3-sms",
                          OMAP3_SMS_MMIO_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
}

static const VMStateDescription vmstate_omap3_sms = {
    .name = "omap3-sms",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, OMAP3SMSState, OMAP3_SMS_NUM_REGS),
        VMSTATE_END_OF_LIST()
    }
};

static void omap3_sms_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    dc->reset = omap3_sms_reset;
    dc->vmsd = &vmstate_omap3_sms;
}

static const TypeInfo omap3_sms_info = {
    .name = TYPE_OMAP3_SMS,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3SMSState),
    .instance_init = omap3_sms_init,
    .class_init = omap3_sms_class_init,
};

static void omap3_sms_register_types(void)
{
    type_register_static(&omap3_sms_info);
}

type_init(omap3_sms_register_types)
