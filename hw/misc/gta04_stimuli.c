/*
 * Stimuli at a virtual time: QOM property writes the board makes itself
 *
 * Not a part of the GTA04: the board's way to let a test or a developer
 * put an outside event (the power button, the USB cable, any settable
 * QOM property) at a moment of the guest's time instead of the host's
 * (include/hw/misc/gta04_stimuli.h).  `qom-set /machine/stimuli at
 * "NS PATH PROPERTY VALUE"` schedules object_property_parse(PATH, PROPERTY,
 * VALUE) NS nanoseconds of QEMU_CLOCK_VIRTUAL from now; stimuli due at the
 * same time apply in the order they were scheduled.  A bad request is
 * refused when it is made (qom-set returns the error); a write that fails
 * when it is due (a value the property refuses) is reported once on stderr
 * and dropped.  The pending stimuli are migrated; a system reset drops
 * them, as it would end a test's run of the board.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "qemu/cutils.h"
#include "qemu/error-report.h"
#include "qemu/module.h"
#include "hw/sysbus.h"
#include "hw/misc/gta04_stimuli.h"
#include "migration/vmstate.h"
#include "trace.h"

static bool slot_free(const GTA04Stimulus *st)
{
    return st->when_ns < 0;
}

/* The pending stimulus to apply first, or NULL */
static GTA04Stimulus *gta04_stimuli_first(GTA04StimuliState *s)
{
    GTA04Stimulus *first = NULL;
    int i;

    for (i = 0; i < GTA04_STIMULI_SLOTS; i++) {
        GTA04Stimulus *st = &s->slot[i];

        if (!slot_free(st) &&
            (!first || st->when_ns < first->when_ns ||
             (st->when_ns == first->when_ns && st->seq < first->seq))) {
            first = st;
        }
    }
    return first;
}

static void gta04_stimuli_rearm(GTA04StimuliState *s)
{
    GTA04Stimulus *first = gta04_stimuli_first(s);

    if (first) {
        timer_mod(s->timer, first->when_ns);
    } else {
        timer_del(s->timer);
    }
}

static void gta04_stimuli_apply(GTA04StimuliState *s, GTA04Stimulus *st)
{
    Object *obj = object_resolve_path(st->path, NULL);
    Error *err = NULL;

    if (!obj) {
        error_setg(&err, "no object %s", st->path);
    } else {
        object_property_parse(obj, st->property, st->value, &err);
    }
    if (err) {
        trace_gta04_stimuli_failed(st->path, st->property, st->value);
        error_prepend(&err, "gta04-stimuli: %s %s = %s: ", st->path,
                      st->property, st->value);
        warn_report_err(err);
    } else {
        s->fired++;
        trace_gta04_stimuli_applied(st->when_ns, st->path, st->property,
                                    st->value);
    }
    st->when_ns = -1;
}

static void gta04_stimuli_due(void *opaque)
{
    GTA04StimuliState *s = opaque;
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    GTA04Stimulus *st;

    while ((st = gta04_stimuli_first(s)) && st->when_ns <= now) {
        gta04_stimuli_apply(s, st);
    }
    gta04_stimuli_rearm(s);
}

/* "NS PATH PROPERTY VALUE": checked now, applied NS ns of virtual time on */
static void gta04_stimuli_set_at(Object *obj, const char *str, Error **errp)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);
    g_auto(GStrv) words = g_strsplit(str, " ", 4);
    GTA04Stimulus *st = NULL;
    ObjectProperty *prop;
    Object *target;
    int64_t ns;
    int i;

    if (g_strv_length(words) != 4 || qemu_strtoi64(words[0], NULL, 10, &ns) ||
        ns < 0) {
        error_setg(errp, "at: expected \"NS PATH PROPERTY VALUE\" with NS a "
                   "delay in nanoseconds, not \"%s\"", str);
        return;
    }
    if (strlen(words[1]) >= GTA04_STIMULI_PATH_LEN ||
        strlen(words[2]) >= GTA04_STIMULI_NAME_LEN ||
        strlen(words[3]) >= GTA04_STIMULI_NAME_LEN) {
        error_setg(errp, "at: a path of %d characters at most, a property and "
                   "a value of %d at most", GTA04_STIMULI_PATH_LEN - 1,
                   GTA04_STIMULI_NAME_LEN - 1);
        return;
    }
    target = object_resolve_path(words[1], NULL);
    if (!target) {
        error_setg(errp, "at: no object %s", words[1]);
        return;
    }
    prop = object_property_find(target, words[2]);
    if (!prop || !prop->set) {
        error_setg(errp, "at: %s has no settable property '%s'", words[1],
                   words[2]);
        return;
    }
    for (i = 0; i < GTA04_STIMULI_SLOTS && !st; i++) {
        if (slot_free(&s->slot[i])) {
            st = &s->slot[i];
        }
    }
    if (!st) {
        error_setg(errp, "at: %d stimuli wait already", GTA04_STIMULI_SLOTS);
        return;
    }
    st->when_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + ns;
    st->seq = s->next_seq++;
    pstrcpy(st->path, sizeof(st->path), words[1]);
    pstrcpy(st->property, sizeof(st->property), words[2]);
    pstrcpy(st->value, sizeof(st->value), words[3]);
    trace_gta04_stimuli_scheduled(st->when_ns, st->path, st->property,
                                  st->value);
    gta04_stimuli_rearm(s);
}

static void gta04_stimuli_get_pending(Object *obj, Visitor *v,
                                      const char *name, void *opaque,
                                      Error **errp)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);
    uint32_t n = 0;
    int i;

    for (i = 0; i < GTA04_STIMULI_SLOTS; i++) {
        n += !slot_free(&s->slot[i]);
    }
    visit_type_uint32(v, name, &n, errp);
}

static void gta04_stimuli_reset_enter(Object *obj, ResetType type)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);
    int i;

    for (i = 0; i < GTA04_STIMULI_SLOTS; i++) {
        s->slot[i].when_ns = -1;
    }
    s->fired = 0;
    timer_del(s->timer);
}

static void gta04_stimuli_init(Object *obj)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);
    int i;

    for (i = 0; i < GTA04_STIMULI_SLOTS; i++) {
        s->slot[i].when_ns = -1;
    }
    s->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, gta04_stimuli_due, s);
    object_property_add_str(obj, "at", NULL, gta04_stimuli_set_at);
    object_property_set_description(obj, "at",
        "\"NS PATH PROPERTY VALUE\": set PROPERTY of PATH to VALUE NS "
        "nanoseconds of virtual time from now");
    object_property_add(obj, "pending", "uint32", gta04_stimuli_get_pending,
                        NULL, NULL, NULL);
    object_property_add_uint32_ptr(obj, "fired", &s->fired,
                                   OBJ_PROP_FLAG_READ);
}

static void gta04_stimuli_finalize(Object *obj)
{
    timer_free(GTA04_STIMULI(obj)->timer);
}

static int gta04_stimuli_post_load(void *opaque, int version_id)
{
    GTA04StimuliState *s = opaque;
    int i;

    /* a stream may hold anything: strings end in the slot, times are sane */
    for (i = 0; i < GTA04_STIMULI_SLOTS; i++) {
        GTA04Stimulus *st = &s->slot[i];

        st->path[sizeof(st->path) - 1] = '\0';
        st->property[sizeof(st->property) - 1] = '\0';
        st->value[sizeof(st->value) - 1] = '\0';
        if (st->when_ns < -1) {
            st->when_ns = -1;
        }
    }
    gta04_stimuli_rearm(s);
    return 0;
}

static const VMStateDescription vmstate_gta04_stimulus = {
    .name = "gta04-stimulus",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_INT64(when_ns, GTA04Stimulus),
        VMSTATE_UINT64(seq, GTA04Stimulus),
        /* char arrays (VMSTATE_BUFFER takes uint8_t): post_load ends them */
        VMSTATE_BUFFER_UNSAFE(path, GTA04Stimulus, 0, GTA04_STIMULI_PATH_LEN),
        VMSTATE_BUFFER_UNSAFE(property, GTA04Stimulus, 0,
                              GTA04_STIMULI_NAME_LEN),
        VMSTATE_BUFFER_UNSAFE(value, GTA04Stimulus, 0, GTA04_STIMULI_NAME_LEN),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_gta04_stimuli = {
    .name = TYPE_GTA04_STIMULI,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = gta04_stimuli_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(slot, GTA04StimuliState, GTA04_STIMULI_SLOTS, 1,
                             vmstate_gta04_stimulus, GTA04Stimulus),
        VMSTATE_UINT64(next_seq, GTA04StimuliState),
        VMSTATE_UINT32(fired, GTA04StimuliState),
        VMSTATE_END_OF_LIST()
    }
};

static void gta04_stimuli_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "GTA04 stimuli at a virtual time (QOM property writes)";
    dc->vmsd = &vmstate_gta04_stimuli;
    /* made by the board only: one per machine, at /machine/stimuli */
    dc->user_creatable = false;
    rc->phases.enter = gta04_stimuli_reset_enter;
}
GTA04_CLASS_INIT_COMPAT(gta04_stimuli_class_init);

static const TypeInfo gta04_stimuli_info = {
    .name = TYPE_GTA04_STIMULI,
    /* on the system bus for its reset: it has no registers */
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(GTA04StimuliState),
    .instance_init = gta04_stimuli_init,
    .instance_finalize = gta04_stimuli_finalize,
    .class_init = GTA04_CLASS_INIT(gta04_stimuli_class_init),
};

static void gta04_stimuli_register_types(void)
{
    type_register_static(&gta04_stimuli_info);
}

type_init(gta04_stimuli_register_types)
