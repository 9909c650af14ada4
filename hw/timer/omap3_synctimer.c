/*
 * TI OMAP3 (DM37x / OMAP3630) 32-kHz synchronized timer (counter_32k)
 *
 * A free-running 32-bit counter at 32768 Hz in the always-on WKUP domain
 * (DM37x TRM SPRUGN4 section 16.4).  Linux 6.1 uses it as its clocksource
 * and sched_clock (drivers/clocksource/timer-ti-32k.c, flagged
 * CLOCK_SOURCE_SUSPEND_NONSTOP), so it counts at all times, also while the
 * guest suspends, and is derived from QEMU_CLOCK_VIRTUAL: it matches qtest
 * clock_step exactly and stops only while the VM is stopped.  The counter
 * restarts from 0 at a machine reset.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/host-utils.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "hw/timer/omap3_synctimer.h"
#include "hw/registerfields.h"
#include "migration/vmstate.h"
#include "trace.h"

REG32(REV, 0x00)
REG32(SYSCONFIG, 0x04)
    FIELD(SYSCONFIG, IDLEMODE, 3, 2)
REG32(CR, 0x10)

/*
 * 32KSYNCNT_REV: bits 31:30 = 0 select Linux's legacy layout (counter at
 * 0x10).  The revision number itself is [unverified] for the DM3730.
 */
#define SYNCTIMER_REV_VALUE     0x00000011

static int64_t synctimer_ticks_now(void)
{
    return muldiv64(qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL),
                    OMAP3_SYNCTIMER_FREQ, NANOSECONDS_PER_SECOND);
}

static uint32_t synctimer_count(OMAP3SyncTimerState *s)
{
    return synctimer_ticks_now() - s->tick_offset;
}

static uint64_t synctimer_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3SyncTimerState *s = opaque;
    uint32_t value = 0;

    switch (addr) {
    case A_REV:
        value = SYNCTIMER_REV_VALUE;
        break;
    case A_SYSCONFIG:
        value = s->sysconfig;
        break;
    case A_CR:
        value = synctimer_count(s);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "omap3-32ksync: read of unknown register 0x%02"
                      HWADDR_PRIx "\n", addr);
        break;
    }
    trace_omap3_synctimer_read(addr, value);
    return value;
}

static void synctimer_write(void *opaque, hwaddr addr, uint64_t data,
                            unsigned size)
{
    OMAP3SyncTimerState *s = opaque;

    trace_omap3_synctimer_write(addr, data);
    switch (addr) {
    case A_SYSCONFIG:
        /* only the idle mode is there; the counter never stops */
        s->sysconfig = data & R_SYSCONFIG_IDLEMODE_MASK;
        break;
    case A_REV:
    case A_CR:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "omap3-32ksync: write to read-only register 0x%02"
                      HWADDR_PRIx "\n", addr);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "omap3-32ksync: write to unknown register 0x%02"
                      HWADDR_PRIx "\n", addr);
        break;
    }
}

static const MemoryRegionOps synctimer_ops = {
    .read = synctimer_read,
    .write = synctimer_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void synctimer_reset_enter(Object *obj, ResetType type)
{
    OMAP3SyncTimerState *s = OMAP3_SYNCTIMER(obj);

    /* [SYSCONFIG reset value unverified] */
    s->sysconfig = 0;
    s->tick_offset = synctimer_ticks_now();
}

static void synctimer_init(Object *obj)
{
    OMAP3SyncTimerState *s = OMAP3_SYNCTIMER(obj);

    memory_region_init_io(&s->iomem, obj, &synctimer_ops, s,
                          TYPE_OMAP3_SYNCTIMER, OMAP3_SYNCTIMER_MMIO_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
}

/*
 * QEMU_CLOCK_VIRTUAL is itself migrated and continues on the destination
 * from the value it had on the source, so the offset alone keeps CR
 * continuous across savevm/loadvm and migration.
 */
static const VMStateDescription vmstate_omap3_synctimer = {
    .name = TYPE_OMAP3_SYNCTIMER,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(sysconfig, OMAP3SyncTimerState),
        VMSTATE_INT64(tick_offset, OMAP3SyncTimerState),
        VMSTATE_END_OF_LIST()
    }
};

static void synctimer_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);

    dc->desc = "OMAP3 32-kHz synchronized timer";
    dc->vmsd = &vmstate_omap3_synctimer;
    rc->phases.enter = synctimer_reset_enter;
    dc->user_creatable = false;
}
GTA04_CLASS_INIT_COMPAT(synctimer_class_init);

static const TypeInfo synctimer_info = {
    .name = TYPE_OMAP3_SYNCTIMER,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3SyncTimerState),
    .instance_init = synctimer_init,
    .class_init = GTA04_CLASS_INIT(synctimer_class_init),
};

static void synctimer_register_types(void)
{
    type_register_static(&synctimer_info);
}

type_init(synctimer_register_types)
