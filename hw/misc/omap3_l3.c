/*
 * TI OMAP3 (DM37x / OMAP3630) L3 interconnect configuration registers
 *
 * DM37x TRM SPRUGN4 chapter 9.  What Linux 6.1 does with the L3:
 *  - sram.c is_sram_locked() (GP device) opens the OCM RAM firewall:
 *    PM_OCM_RAM REQ_INFO_PERMISSION_0, READ/WRITE_PERMISSION_0 and
 *    ADDR_MATCH_2 (0x68012848/50/58/80);
 *  - drivers/bus/omap_l3_smx.c reads the agents' error logs
 *    (L3_SI_FLAG_STATUS_0/1, ERROR_LOG) only from its interrupt handler.
 * The protection mechanisms are stored (not enforced: every initiator may
 * access everything); every other register reads 0, i.e. no error was
 * logged and no flag is set, and ignores writes.  The L3 error interrupts
 * (INTC 9, 10) are never raised.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/misc/omap3_l3.h"
#include "migration/vmstate.h"
#include "trace.h"

/* Protection mechanism agents (TRM table 9-x "L3 PM register mapping") */
static const struct {
    const char *name;
    hwaddr base;
} omap3_l3_pm[OMAP3_L3_NUM_PM] = {
    { "pm_rt",      0x010000 },
    { "pm_gpmc",    0x012400 },
    { "pm_ocm_ram", 0x012800 },
    { "pm_ocm_rom", 0x012c00 },
    { "pm_mad2d",   0x013000 },
    { "pm_iva",     0x014000 },
};

/*
 * Registers of a PM agent: ERROR_LOG 0x20 and CONTROL 0x28 (kept 0),
 * region i = 0..7, 0x20 apart: REQ_INFO_PERMISSION_i 0x48,
 * READ_PERMISSION_i 0x50, WRITE_PERMISSION_i 0x58, and for i >= 1
 * ADDR_MATCH_i 0x40 (Linux: ADDR_MATCH2 at 0x80).
 */
#define PM_REQ_INFO_PERMISSION_0    0x48
#define PM_READ_PERMISSION_0        0x50
#define PM_WRITE_PERMISSION_0       0x58

static bool omap3_l3_pm_reg(hwaddr r)
{
    unsigned sub = (r - 0x40) & 0x1f;

    if (r < 0x40 || r >= 0x140) {
        return false;
    }
    return sub == 0x08 || sub == 0x10 || sub == 0x18 ||
           (sub == 0x00 && r >= 0x60);
}

static uint32_t *omap3_l3_find(OMAP3L3State *s, hwaddr offset, int *pm)
{
    int i;

    for (i = 0; i < OMAP3_L3_NUM_PM; i++) {
        hwaddr r = offset - omap3_l3_pm[i].base;

        if (offset >= omap3_l3_pm[i].base && r < 0x400 && omap3_l3_pm_reg(r)) {
            *pm = i;
            return &s->pm[i][(r - 0x40) >> 2];
        }
    }
    return NULL;
}

static uint64_t omap3_l3_read(void *opaque, hwaddr offset, unsigned size)
{
    OMAP3L3State *s = opaque;
    int pm;
    uint32_t *reg = omap3_l3_find(s, offset & ~3, &pm);
    uint32_t v = reg ? *reg : 0;

    trace_omap3_l3_read(offset, v);
    return v;
}

static void omap3_l3_write(void *opaque, hwaddr offset, uint64_t value,
                           unsigned size)
{
    OMAP3L3State *s = opaque;
    int pm;
    uint32_t *reg = omap3_l3_find(s, offset & ~3, &pm);

    if (!reg) {
        qemu_log_mask(LOG_UNIMP, "%s: register 0x%06" HWADDR_PRIx " not "
                      "modelled, write 0x%08" PRIx64 " ignored\n", __func__,
                      offset, value);
        return;
    }
    trace_omap3_l3_firewall(omap3_l3_pm[pm].name,
                            offset - omap3_l3_pm[pm].base, value);
    *reg = value;
}

static const MemoryRegionOps omap3_l3_ops = {
    .read = omap3_l3_read,
    .write = omap3_l3_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    /* the error logs are 64-bit registers (omap_l3_smx.c __raw_readll) */
    .valid.min_access_size = 4,
    .valid.max_access_size = 8,
    .impl.min_access_size = 4,
    .impl.max_access_size = 4,
};

static void omap3_l3_reset(DeviceState *dev)
{
    OMAP3L3State *s = OMAP3_L3(dev);
    int i;

    memset(s->pm, 0, sizeof(s->pm));
    /* region 0 (everything) open to all initiators, as on a GP device */
    for (i = 0; i < OMAP3_L3_NUM_PM; i++) {
        s->pm[i][(PM_REQ_INFO_PERMISSION_0 - 0x40) >> 2] = 0xffff;
        s->pm[i][(PM_READ_PERMISSION_0 - 0x40) >> 2] = 0xffff;
        s->pm[i][(PM_WRITE_PERMISSION_0 - 0x40) >> 2] = 0xffff;
    }
}

static void omap3_l3_init(Object *obj)
{
    OMAP3L3State *s = OMAP3_L3(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_l3_ops, s, "omap3-l3",
                          OMAP3_L3_MMIO_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
}

static const VMStateDescription vmstate_omap3_l3 = {
    .name = "omap3-l3",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_2DARRAY(pm, OMAP3L3State, OMAP3_L3_NUM_PM,
                               OMAP3_L3_PM_REGS),
        VMSTATE_END_OF_LIST()
    }
};

static void omap3_l3_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    device_class_set_legacy_reset(dc, omap3_l3_reset);
    dc->vmsd = &vmstate_omap3_l3;
}
GTA04_CLASS_INIT_COMPAT(omap3_l3_class_init);

static const TypeInfo omap3_l3_info = {
    .name = TYPE_OMAP3_L3,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3L3State),
    .instance_init = omap3_l3_init,
    .class_init = GTA04_CLASS_INIT(omap3_l3_class_init),
};

static void omap3_l3_register_types(void)
{
    type_register_static(&omap3_l3_info);
}

type_init(omap3_l3_register_types)
