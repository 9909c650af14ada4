/*
 * The battery on the TWL4030's VBAT and BTEMP pins
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include <math.h>
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "qemu/module.h"
#include "hw/irq.h"
#include "hw/qdev-core.h"
#include "hw/misc/twl4030/battery.h"
#include "migration/vmstate.h"

uint32_t twl4030_battery_mv(TWL4030BatteryState *b)
{
    return b ? b->mv : TWL4030_BATTERY_MV_DEFAULT;
}

int32_t twl4030_battery_temp(TWL4030BatteryState *b)
{
    return b ? b->temp : TWL4030_BATTERY_TEMP_DEFAULT;
}

static void battery_changing(TWL4030BatteryState *b, int level)
{
    int i;

    for (i = 0; i < TWL4030_BATTERY_FANOUT; i++) {
        qemu_set_irq(b->changed[i], level);
    }
}

void twl4030_battery_changed(TWL4030BatteryState *b)
{
    battery_changing(b, 1);
    battery_changing(b, 0);
}

uint16_t twl4030_battery_ntc_code(int32_t ddegc, uint8_t ithsens)
{
    /*
     * R(T) = 10 kOhm * exp(B (1/T - 1/298.15 K)), B = 3380 K, evaluated
     * half a degree below T so that Linux's table lookup (which returns
     * the warmer of two neighbouring entries) lands on T.
     */
    double t = ddegc / 10.0 - 0.5 + 273.15;
    double ohm = 10000.0 * exp(3380.0 * (1.0 / t - 1.0 / 298.15));
    double ua = (ithsens + 1) * 10.0;
    double mv = ohm * ua / 1000.0;

    /* twl4030-madc: mV = code * 147 / 100 */
    return MIN(MAX(lround(mv * 100.0 / 147.0), 0), 1023);
}

/*
 * A new figure, as a level on "changed": what ended before the change saw
 * the old figure (the rising edge), the comparators see the new one (the
 * falling edge)
 */
static void battery_set(TWL4030BatteryState *b, void *field, int64_t value)
{
    bool wired = DEVICE(b)->realized;

    if (wired) {
        battery_changing(b, 1);
    }
    if (field == &b->mv) {
        b->mv = value;
    } else {
        b->temp = value;
    }
    if (wired) {
        battery_changing(b, 0);
    }
}

static void battery_get_mv(Object *obj, Visitor *v, const char *name,
                           void *opaque, Error **errp)
{
    visit_type_uint32(v, name, &TWL4030_BATTERY(obj)->mv, errp);
}

static void battery_set_mv(Object *obj, Visitor *v, const char *name,
                           void *opaque, Error **errp)
{
    TWL4030BatteryState *b = TWL4030_BATTERY(obj);
    uint32_t value;

    if (!visit_type_uint32(v, name, &value, errp)) {
        return;
    }
    if (value > 10000) {
        error_setg(errp, "battery-mv %u is not a Li-ion cell voltage "
                   "(0..10000 mV)", value);
        return;
    }
    battery_set(b, &b->mv, value);
}

static void battery_get_temp(Object *obj, Visitor *v, const char *name,
                             void *opaque, Error **errp)
{
    visit_type_int32(v, name, &TWL4030_BATTERY(obj)->temp, errp);
}

static void battery_set_temp(Object *obj, Visitor *v, const char *name,
                             void *opaque, Error **errp)
{
    TWL4030BatteryState *b = TWL4030_BATTERY(obj);
    int32_t value;

    if (!visit_type_int32(v, name, &value, errp)) {
        return;
    }
    if (value < -400 || value > 1250) {
        error_setg(errp, "battery-temp %d is outside -400..1250 "
                   "(deci-degrees Celsius)", value);
        return;
    }
    battery_set(b, &b->temp, value);
}

static void battery_init(Object *obj)
{
    TWL4030BatteryState *b = TWL4030_BATTERY(obj);

    b->mv = TWL4030_BATTERY_MV_DEFAULT;
    b->temp = TWL4030_BATTERY_TEMP_DEFAULT;
    qdev_init_gpio_out_named(DEVICE(obj), b->changed, "changed",
                             TWL4030_BATTERY_FANOUT);
}

/* The figures are stimuli: a reset of the chip does not change them */
static const VMStateDescription vmstate_twl4030_battery = {
    .name = TYPE_TWL4030_BATTERY,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(mv, TWL4030BatteryState),
        VMSTATE_INT32(temp, TWL4030BatteryState),
        VMSTATE_END_OF_LIST()
    }
};

static void battery_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);

    dc->desc = "battery on the TWL4030's VBAT/BTEMP pins";
    dc->vmsd = &vmstate_twl4030_battery;
    /* the chip's BCI and MADC measure it: no -device */
    dc->user_creatable = false;
    object_class_property_add(oc, "mv", "uint32", battery_get_mv,
                              battery_set_mv, NULL, NULL);
    object_class_property_set_description(oc, "mv",
                                          "battery voltage in mV (3800)");
    object_class_property_add(oc, "temp", "int32", battery_get_temp,
                              battery_set_temp, NULL, NULL);
    object_class_property_set_description(oc, "temp",
                                          "battery temperature in "
                                          "deci-degrees Celsius (250)");
}
GTA04_CLASS_INIT_COMPAT(battery_class_init);

static const TypeInfo battery_type_info = {
    .name = TYPE_TWL4030_BATTERY,
    .parent = TYPE_DEVICE,
    .instance_size = sizeof(TWL4030BatteryState),
    .instance_init = battery_init,
    .class_init = GTA04_CLASS_INIT(battery_class_init),
};

static void battery_register_types(void)
{
    type_register_static(&battery_type_info);
}

type_init(battery_register_types)
