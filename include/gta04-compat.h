/*
 * qemu-gta04: one source tree for three QEMU bases, 7.2, 10.0 and 11.1
 *
 * Our code is written against the newest base's API (what upstream review
 * asks for); this header shims the older bases, one #if per difference,
 * each on the version that introduced it.  docs/qemu-bases.md lists the
 * differences.  Include it after "qemu/osdep.h" (which gives
 * QEMU_VERSION_MAJOR and _MINOR through config-host.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef GTA04_COMPAT_H
#define GTA04_COMPAT_H

/*
 * 1. Headers: include/sysemu/ became include/system/ (sysemu/sysemu.h is
 * system/system.h) and include/qapi/qmp/ (QDict, QList) include/qobject/
 * (QEMU 10.0).  Write #include GTA04_SYSTEM_RUNSTATE_H and so on: one name
 * per header we use.
 */
#define GTA04_QEMU_VERSION (QEMU_VERSION_MAJOR * 100 + QEMU_VERSION_MINOR)

#if QEMU_VERSION_MAJOR >= 10
#define GTA04_SYSTEM_DEVICE_TREE_H "system/device_tree.h"
#define GTA04_SYSTEM_RTC_H      "system/rtc.h"
#define GTA04_SYSTEM_RUNSTATE_H "system/runstate.h"
#define GTA04_SYSTEM_SYSTEM_H   "system/system.h"
#define GTA04_SYSTEM_WATCHDOG_H "system/watchdog.h"
#define GTA04_QOBJECT_QDICT_H   "qobject/qdict.h"
#define GTA04_QOBJECT_QLIST_H   "qobject/qlist.h"
#else
#define GTA04_SYSTEM_DEVICE_TREE_H "sysemu/device_tree.h"
#define GTA04_SYSTEM_RTC_H      "sysemu/rtc.h"
#define GTA04_SYSTEM_RUNSTATE_H "sysemu/runstate.h"
#define GTA04_SYSTEM_SYSTEM_H   "sysemu/sysemu.h"
#define GTA04_SYSTEM_WATCHDOG_H "sysemu/watchdog.h"
#define GTA04_QOBJECT_QDICT_H   "qapi/qmp/qdict.h"
#define GTA04_QOBJECT_QLIST_H   "qapi/qmp/qlist.h"
#endif

/*
 * 8. include/exec/address-spaces.h became include/system/address-spaces.h
 * after 10.0's branch (10.0.13 has the first, 10.2.2 only the second):
 * keyed on 10.1, the earlier possible release.
 */
#if GTA04_QEMU_VERSION >= 1001
#define GTA04_SYSTEM_ADDRESS_SPACES_H "system/address-spaces.h"
#else
#define GTA04_SYSTEM_ADDRESS_SPACES_H "exec/address-spaces.h"
#endif

#ifdef GTA04_COMPAT_QTEST   /* qtests define it before including us */

#include "libqtest.h"

/*
 * 5. qtest's "clock_step 0" fails since QEMU 9.1 ("could not advance time"),
 * and libqtest has no other way to read the virtual clock; but under qtest
 * only qtest moves it, from 0 at start, and every qtest_clock_step()
 * returns the new time.  So from 9.1 on qtest_clock_step(qts, 0) returns the
 * time the last step of this QTestState returned (qtest_quit forgets it).
 */
#if GTA04_QEMU_VERSION >= 901
typedef struct GTA04QtestClock {
    QTestState *qts;
    int64_t now;
} GTA04QtestClock;

static GTA04QtestClock gta04_qtest_clocks[16];

static inline GTA04QtestClock *gta04_qtest_clock(QTestState *qts, bool add)
{
    GTA04QtestClock *free_slot = NULL;
    size_t i;

    for (i = 0; i < ARRAY_SIZE(gta04_qtest_clocks); i++) {
        if (gta04_qtest_clocks[i].qts == qts) {
            return &gta04_qtest_clocks[i];
        }
        if (!free_slot && !gta04_qtest_clocks[i].qts) {
            free_slot = &gta04_qtest_clocks[i];
        }
    }
    if (!add) {
        return NULL;
    }
    g_assert(free_slot);
    free_slot->qts = qts;
    free_slot->now = 0;
    return free_slot;
}

static inline int64_t gta04_qtest_clock_step(QTestState *qts, int64_t step)
{
    GTA04QtestClock *c = gta04_qtest_clock(qts, true);

    if (step) {
        c->now = (qtest_clock_step)(qts, step);
    }
    return c->now;
}

static inline void gta04_qtest_quit(QTestState *qts)
{
    GTA04QtestClock *c = gta04_qtest_clock(qts, false);

    if (c) {
        c->qts = NULL;
    }
    (qtest_quit)(qts);
}
#define qtest_clock_step gta04_qtest_clock_step
#define qtest_quit gta04_qtest_quit
#endif

#else /* device code */

#include "hw/qdev-core.h"
#include "hw/qdev-properties.h"
#include "hw/register.h"
#include "hw/resettable.h"
#include GTA04_QOBJECT_QLIST_H
#include "qom/qom-qobject.h"

/*
 * 2. Resettable hold and exit phases take the ResetType since QEMU 9.0
 * (the enter phase always did).  Write the phase in that form, then
 * GTA04_RESET_PHASE_COMPAT(fn); after it, and assign GTA04_RESET_PHASE(fn):
 * on 7.2 that is a one-argument trampoline passing RESET_TYPE_COLD.
 */
#if QEMU_VERSION_MAJOR >= 9
#define GTA04_RESET_PHASE_COMPAT(fn) QEMU_BUILD_BUG_ON(0)
#define GTA04_RESET_PHASE(fn) (fn)
#else
#define GTA04_RESET_PHASE_COMPAT(fn)                                        \
    static void fn##_compat72(Object *obj) { fn(obj, RESET_TYPE_COLD); }    \
    QEMU_BUILD_BUG_ON(0)
#define GTA04_RESET_PHASE(fn) (fn##_compat72)
#endif

/*
 * A device's own cold reset, its class's three phases in order, without
 * the devices on its buses (device_cold_reset() resets those too).
 */
static inline void gta04_device_reset_self(DeviceState *dev)
{
    Object *obj = OBJECT(dev);
    ResettableClass *rc = RESETTABLE_GET_CLASS(obj);

    if (rc->phases.enter) {
        rc->phases.enter(obj, RESET_TYPE_COLD);
    }
#if QEMU_VERSION_MAJOR >= 9
    if (rc->phases.hold) {
        rc->phases.hold(obj, RESET_TYPE_COLD);
    }
    if (rc->phases.exit) {
        rc->phases.exit(obj, RESET_TYPE_COLD);
    }
#else
    if (rc->phases.hold) {
        rc->phases.hold(obj);
    }
    if (rc->phases.exit) {
        rc->phases.exit(obj);
    }
#endif
}

/*
 * 3. Property arrays are const and have no DEFINE_PROP_END_OF_LIST() since
 * QEMU 10.0 (device_class_set_props() takes the array's size from the
 * array).  On 7.2 a zero-terminated copy is made once per class.
 */
#if QEMU_VERSION_MAJOR < 10
static inline void gta04_device_class_set_props_n(DeviceClass *dc,
                                                  const Property *props,
                                                  size_t n)
{
    Property *p = g_new0(Property, n + 1);   /* + DEFINE_PROP_END_OF_LIST() */

    memcpy(p, props, n * sizeof(*p));
    device_class_set_props(dc, p);
}
#define device_class_set_props(dc, props) \
    gta04_device_class_set_props_n((dc), (props), ARRAY_SIZE(props))
#endif

/*
 * 4. DeviceClass::reset is set through device_class_set_legacy_reset()
 * since QEMU 9.1 (the field is legacy_reset now).
 */
#if GTA04_QEMU_VERSION < 901
static inline void device_class_set_legacy_reset(DeviceClass *dc,
                                                 DeviceReset fn)
{
    dc->reset = fn;
}
#endif

/*
 * 6. Array properties (DEFINE_PROP_ARRAY) take one QList since QEMU 8.2
 * (what qdev_prop_set_array() sets; it aborts on an error, we want the
 * error: a -global on the property collides with the SoC's own setting).
 * 7.2 has a "len-<name>" property, then one "<name>[<i>]" per element.
 * Takes the reference to @values.
 */
static inline bool gta04_object_property_set_array(Object *obj,
                                                   const char *name,
                                                   QList *values,
                                                   Error **errp)
{
    bool ok;
#if GTA04_QEMU_VERSION >= 802
    ok = object_property_set_qobject(obj, name, QOBJECT(values), errp);
#else
    g_autofree char *len_name = g_strdup_printf("len-%s", name);
    const QListEntry *e;
    int i = 0;

    ok = object_property_set_uint(obj, len_name, qlist_size(values), errp);
    QLIST_FOREACH_ENTRY(values, e) {
        g_autofree char *elem = g_strdup_printf("%s[%d]", name, i++);

        if (!ok) {
            break;
        }
        ok = object_property_set_qobject(obj, elem, qlist_entry_obj(e), errp);
    }
#endif
    qobject_unref(values);
    return ok;
}

/*
 * 7. TypeInfo's class_init (and class_base_init) take the class data as
 * "const void *" since QEMU 10.1.  Write the function in that form,
 *     static void x_class_init(ObjectClass *oc, const void *data)
 * then GTA04_CLASS_INIT_COMPAT(x_class_init); after it, and set
 * .class_init = GTA04_CLASS_INIT(x_class_init): before 10.1 that is a
 * trampoline of the old type (no function-pointer casts).
 */
#if GTA04_QEMU_VERSION >= 1001
#define GTA04_CLASS_INIT_COMPAT(fn) QEMU_BUILD_BUG_ON(0)
#define GTA04_CLASS_INIT(fn) (fn)
#else
#define GTA04_CLASS_INIT_COMPAT(fn)                                         \
    static void fn##_compat(ObjectClass *oc, void *data) { fn(oc, data); }  \
    QEMU_BUILD_BUG_ON(0)
#define GTA04_CLASS_INIT(fn) (fn##_compat)
#endif

/*
 * 9. The register API's RegisterInfoArray is a QOM child of its owner
 * since QEMU 10.2 ("reg-array[*]"), finalized with it, and
 * register_finalize_block() is gone (the series was posted after 10.1's
 * release; 10.0.13 has the function, 10.2.2 not).  Our finalizers call
 * gta04_register_finalize_block(): nothing to do from 10.2 on.
 */
static inline void gta04_register_finalize_block(RegisterInfoArray *r_array)
{
#if GTA04_QEMU_VERSION < 1002
    register_finalize_block(r_array);
#endif
}

/*
 * 10. qemu-system-arm offers only the machines that implement its
 * target's machine interface since QEMU 10.2 (the single-binary work,
 * "hw/core: Filter machine list available for a particular target
 * binary", pulled in October 2025; a board without it is an
 * "unsupported machine type").  A board's TypeInfo says
 * .interfaces = GTA04_ARM_MACHINE_INTERFACES: arm_machine_interfaces of
 * hw/arm/machines-qom.h from 10.2 on, none before.
 */
#if GTA04_QEMU_VERSION >= 1002
#include "hw/arm/machines-qom.h"
#define GTA04_ARM_MACHINE_INTERFACES arm_machine_interfaces
#else
#define GTA04_ARM_MACHINE_INTERFACES NULL
#endif

#endif /* GTA04_COMPAT_QTEST */

#endif /* GTA04_COMPAT_H */
