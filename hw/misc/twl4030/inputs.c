/*
 * The TWL4030's external input pins (QOM stimuli) and system_powerdown
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "hw/irq.h"
#include "hw/qdev-core.h"
#include "hw/misc/twl4030/inputs.h"
#include "migration/vmstate.h"
#include GTA04_SYSTEM_RUNSTATE_H
#include "trace.h"

static const struct {
    const char *name;
    const char *desc;
} inputs_info[TWL4030_NUM_SIG] = {
    [TWL4030_SIG_PWRON] = { "pwron", "power button held" },
    [TWL4030_SIG_VBUS] = { "vbus", "5 V present on the USB connector" },
    [TWL4030_SIG_USB_ID] = { "usb-id", "USB ID pin grounded (A cable)" },
    [TWL4030_SIG_AC] = { "ac", "AC charger present" },
};

static int inputs_level(TWL4030InputsState *s, int sig)
{
    if (sig == TWL4030_SIG_PWRON) {
        return s->level[sig] || s->powerdown_pressed;
    }
    return s->level[sig];
}

static void inputs_drive(TWL4030InputsState *s, int sig)
{
    int level = inputs_level(s, sig);
    int i;

    if (!DEVICE(s)->realized) {
        return;     /* the chip drives them once wired */
    }
    /* what ended before the change saw the old input */
    twl4030_module_sync_chip(TWL4030_CELL(s));
    trace_twl4030_stimulus(sig, level);
    for (i = 0; i < TWL4030_INPUTS_FANOUT; i++) {
        qemu_set_irq(s->out[sig][i], level);
    }
}

void twl4030_inputs_drive_all(TWL4030InputsState *s)
{
    int sig;

    for (sig = 0; sig < TWL4030_NUM_SIG; sig++) {
        inputs_drive(s, sig);
    }
}

static void inputs_get(Object *obj, Visitor *v, const char *name,
                       void *opaque, Error **errp)
{
    bool *field = opaque;
    bool value = *field;

    visit_type_bool(v, name, &value, errp);
}

static void inputs_set(Object *obj, Visitor *v, const char *name,
                       void *opaque, Error **errp)
{
    TWL4030InputsState *s = TWL4030_INPUTS(obj);
    bool *field = opaque;
    bool value;

    if (!visit_type_bool(v, name, &value, errp)) {
        return;
    }
    *field = value;
    inputs_drive(s, field - s->level);
}

/* QEMU's system_powerdown: a short press of the power button */
static void inputs_powerdown_release(void *opaque)
{
    TWL4030InputsState *s = opaque;

    s->powerdown_pressed = false;
    inputs_drive(s, TWL4030_SIG_PWRON);
}

static void inputs_powerdown(Notifier *n, void *data)
{
    TWL4030InputsState *s = container_of(n, TWL4030InputsState,
                                         powerdown_notifier);

    trace_twl4030_powerdown();
    s->powerdown_pressed = true;
    inputs_drive(s, TWL4030_SIG_PWRON);
    timer_mod(s->powerdown_timer, qemu_clock_get_ms(QEMU_CLOCK_VIRTUAL) +
              TWL4030_POWERDOWN_PRESS_MS);
}

static void inputs_realize(DeviceState *dev, Error **errp)
{
    TWL4030InputsState *s = TWL4030_INPUTS(dev);

    s->powerdown_notifier.notify = inputs_powerdown;
    qemu_register_powerdown_notifier(&s->powerdown_notifier);
}

static void inputs_init(Object *obj)
{
    TWL4030InputsState *s = TWL4030_INPUTS(obj);
    int sig;

    for (sig = 0; sig < TWL4030_NUM_SIG; sig++) {
        qdev_init_gpio_out_named(DEVICE(obj), s->out[sig],
                                 inputs_info[sig].name, TWL4030_INPUTS_FANOUT);
        object_property_add(obj, inputs_info[sig].name, "bool", inputs_get,
                            inputs_set, NULL, &s->level[sig]);
        object_property_set_description(obj, inputs_info[sig].name,
                                        inputs_info[sig].desc);
    }
    s->powerdown_timer = timer_new_ms(QEMU_CLOCK_VIRTUAL,
                                      inputs_powerdown_release, s);
}

static void inputs_finalize(Object *obj)
{
    TWL4030InputsState *s = TWL4030_INPUTS(obj);

    timer_free(s->powerdown_timer);
}

/* The levels are the user's: a reset of the chip keeps them */
static const VMStateDescription vmstate_twl4030_inputs = {
    .name = TYPE_TWL4030_INPUTS,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_BOOL_ARRAY(level, TWL4030InputsState, TWL4030_NUM_SIG),
        VMSTATE_BOOL(powerdown_pressed, TWL4030InputsState),
        VMSTATE_TIMER_PTR(powerdown_timer, TWL4030InputsState),
        VMSTATE_END_OF_LIST()
    }
};

static void inputs_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);

    dc->desc = "TWL4030 input pins (user stimuli)";
    dc->realize = inputs_realize;
    dc->vmsd = &vmstate_twl4030_inputs;
}

static const TypeInfo inputs_type_info = {
    .name = TYPE_TWL4030_INPUTS,
    .parent = TYPE_TWL4030_CELL,
    .instance_size = sizeof(TWL4030InputsState),
    .instance_init = inputs_init,
    .instance_finalize = inputs_finalize,
    .class_init = inputs_class_init,
};

static void inputs_register_types(void)
{
    type_register_static(&inputs_type_info);
}

type_init(inputs_register_types)
