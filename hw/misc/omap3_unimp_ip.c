/*
 * An OMAP3 IP block that the board does not model, except for its OCP
 * interface registers
 *
 * Linux resets every IP block that has a hwmod or ti-sysc node at boot,
 * whether its driver is loaded or not: it sets SYSCONFIG.SOFTRESET and polls
 * SYSSTATUS.RESETDONE (omap_hwmod.c _ocp_softreset, ti-sysc.c
 * sysc_reset), and it reads REVISION.  A plain unimplemented-device reads 0
 * there and the kernel logs "softreset failed".  This device answers those
 * three registers as the OCP socket does (SOFTRESET self-clears, RESETDONE
 * reads 1) and treats everything else like TYPE_UNIMPLEMENTED_DEVICE:
 * LOG_UNIMP, reads 0, writes ignored.  It is not a model of the IP itself.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "hw/misc/omap3_unimp_ip.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "trace.h"

/* SYSCONFIG.SOFTRESET: bit 1 on OMAP2-type sockets, bit 0 on OMAP4-type (SGX) */
#define SYSCONFIG_SOFTRESET_OMAP2   (1 << 1)
#define SYSCONFIG_SOFTRESET_OMAP4   (1 << 0)
#define SYSSTATUS_RESETDONE         (1 << 0)

static uint64_t omap3_unimp_ip_read(void *opaque, hwaddr offset, unsigned size)
{
    OMAP3UnimpIPState *s = opaque;

    if (offset == s->rev_offset) {
        return s->revision;
    }
    if (offset == s->sysc_offset) {
        return s->sysconfig;
    }
    if (offset == s->syss_offset) {
        return SYSSTATUS_RESETDONE;
    }
    qemu_log_mask(LOG_UNIMP, "%s: unimplemented device read  "
                  "(size %d, offset 0x%" HWADDR_PRIx ")\n",
                  s->name, size, offset);
    return 0;
}

static void omap3_unimp_ip_write(void *opaque, hwaddr offset,
                                 uint64_t value, unsigned size)
{
    OMAP3UnimpIPState *s = opaque;

    if (offset == s->sysc_offset) {
        if (value & (s->omap4_sysc ? SYSCONFIG_SOFTRESET_OMAP4
                                   : SYSCONFIG_SOFTRESET_OMAP2)) {
            /* The reset completes at once; SOFTRESET reads back 0 */
            trace_omap3_unimp_ip_softreset(s->name);
            s->sysconfig = 0;
        } else {
            s->sysconfig = value;
        }
        return;
    }
    if (offset == s->rev_offset || offset == s->syss_offset) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: write to read-only register "
                      "0x%" HWADDR_PRIx "\n", s->name, offset);
        return;
    }
    qemu_log_mask(LOG_UNIMP, "%s: unimplemented device write "
                  "(size %d, offset 0x%" HWADDR_PRIx ", value 0x%" PRIx64 ")\n",
                  s->name, size, offset, value);
}

static const MemoryRegionOps omap3_unimp_ip_ops = {
    .read = omap3_unimp_ip_read,
    .write = omap3_unimp_ip_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 4,
    .impl.max_access_size = 4,
};

static void omap3_unimp_ip_reset(DeviceState *dev)
{
    OMAP3_UNIMP_IP(dev)->sysconfig = 0;
}

static void omap3_unimp_ip_realize(DeviceState *dev, Error **errp)
{
    OMAP3UnimpIPState *s = OMAP3_UNIMP_IP(dev);

    if (!s->name || !s->size) {
        error_setg(errp, "omap3-unimplemented-ip: 'name' and 'size' must be set");
        return;
    }
    memory_region_init_io(&s->iomem, OBJECT(s), &omap3_unimp_ip_ops, s,
                          s->name, s->size);
    sysbus_init_mmio(SYS_BUS_DEVICE(s), &s->iomem);
}

static const VMStateDescription vmstate_omap3_unimp_ip = {
    .name = TYPE_OMAP3_UNIMP_IP,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(sysconfig, OMAP3UnimpIPState),
        VMSTATE_END_OF_LIST()
    }
};

static const Property omap3_unimp_ip_properties[] = {
    DEFINE_PROP_STRING("name", OMAP3UnimpIPState, name),
    DEFINE_PROP_UINT64("size", OMAP3UnimpIPState, size, 0),
    DEFINE_PROP_UINT32("rev-offset", OMAP3UnimpIPState, rev_offset, 0),
    DEFINE_PROP_UINT32("revision", OMAP3UnimpIPState, revision, 0),
    DEFINE_PROP_UINT32("sysc-offset", OMAP3UnimpIPState, sysc_offset, 0x10),
    DEFINE_PROP_UINT32("syss-offset", OMAP3UnimpIPState, syss_offset, 0x14),
    DEFINE_PROP_BOOL("omap4-sysc", OMAP3UnimpIPState, omap4_sysc, false),
};

static void omap3_unimp_ip_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    dc->realize = omap3_unimp_ip_realize;
    device_class_set_legacy_reset(dc, omap3_unimp_ip_reset);
    dc->vmsd = &vmstate_omap3_unimp_ip;
    device_class_set_props(dc, omap3_unimp_ip_properties);
}
GTA04_CLASS_INIT_COMPAT(omap3_unimp_ip_class_init);

static const TypeInfo omap3_unimp_ip_info = {
    .name = TYPE_OMAP3_UNIMP_IP,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3UnimpIPState),
    .class_init = GTA04_CLASS_INIT(omap3_unimp_ip_class_init),
};

static void omap3_unimp_ip_register_types(void)
{
    type_register_static(&omap3_unimp_ip_info);
}

type_init(omap3_unimp_ip_register_types)

DeviceState *omap3_create_unimp_ip(const char *name, hwaddr base, hwaddr size,
                                   uint32_t rev_offset, uint32_t revision,
                                   uint32_t sysc_offset, uint32_t syss_offset,
                                   bool omap4_sysc)
{
    DeviceState *dev = qdev_new(TYPE_OMAP3_UNIMP_IP);

    qdev_prop_set_bit(dev, "omap4-sysc", omap4_sysc);
    qdev_prop_set_string(dev, "name", name);
    qdev_prop_set_uint64(dev, "size", size);
    qdev_prop_set_uint32(dev, "rev-offset", rev_offset);
    qdev_prop_set_uint32(dev, "revision", revision);
    qdev_prop_set_uint32(dev, "sysc-offset", sysc_offset);
    qdev_prop_set_uint32(dev, "syss-offset", syss_offset);
    sysbus_realize_and_unref(SYS_BUS_DEVICE(dev), &error_fatal);
    /* above the coarse L4 background (-1000), below every real model (0) */
    sysbus_mmio_map_overlap(SYS_BUS_DEVICE(dev), 0, base, -500);
    return dev;
}
