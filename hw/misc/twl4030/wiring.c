/*
 * TI TWL4030 (TPS65950): the chip's composition -- which modules it has,
 * where the configurable ones sit in the address map, and every connection
 * between them, as tables
 *
 * include/hw/misc/twl4030/twl4030.h lists the same wiring in prose, and
 * docs/gta04.md ("The TWL4030's modules and wires") as a table; change all
 * three together.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "hw/qdev-core.h"
#include "hw/qdev-properties.h"
#include "hw/misc/twl4030/twl4030.h"

/* ---- modules, in creation (and realize, and vmstate) order ---- */

#define MODULE(field, qname, type) \
    { qname, type, offsetof(TWL4030State, field), sizeof_field(TWL4030State, field) }

static const struct {
    const char *name;
    const char *type;
    size_t offset;
    size_t size;
} twl4030_modules[] = {
    MODULE(inputs, "inputs", TYPE_TWL4030_INPUTS),
    MODULE(battery, "battery", TYPE_TWL4030_BATTERY),
    MODULE(pih, "pih", TYPE_TWL4030_PIH),
    MODULE(intbr, "intbr", TYPE_TWL4030_INTBR),
    MODULE(rtc, "rtc", TYPE_TWL4030_RTC),
    MODULE(power, "power", TYPE_TWL4030_POWER),
    MODULE(sih[TWL4030_SIH_PWR], "pwr-sih", TYPE_TWL4030_SIH),
    MODULE(sih[TWL4030_SIH_GPIO], "gpio-sih", TYPE_TWL4030_SIH),
    MODULE(sih[TWL4030_SIH_BCI], "bci-sih", TYPE_TWL4030_SIH),
    MODULE(sih[TWL4030_SIH_MADC], "madc-sih", TYPE_TWL4030_SIH),
    MODULE(sih[TWL4030_SIH_KEYPAD], "keypad-sih", TYPE_TWL4030_SIH),
    MODULE(audio, "audio", TYPE_TWL4030_AUDIO),
    MODULE(regfile[TWL4030_REGFILE_TEST], "test", TYPE_TWL4030_REGFILE),
    MODULE(regfile[TWL4030_REGFILE_SECURED], "secured", TYPE_TWL4030_REGFILE),
    MODULE(regfile[TWL4030_REGFILE_BACKUP], "backup", TYPE_TWL4030_REGFILE),
    MODULE(regulators, "regulators", TYPE_TWL4030_REGULATORS),
    MODULE(usb, "usb", TYPE_TWL4030_USB),
    MODULE(bci, "bci", TYPE_TWL4030_BCI),
    MODULE(madc, "madc", TYPE_TWL4030_MADC),
    MODULE(gpio, "gpio", TYPE_TWL4030_GPIO),
    MODULE(keypad, "keypad", TYPE_TWL4030_KEYPAD),
    MODULE(ledpwm, "ledpwm", TYPE_TWL4030_LEDPWM),
};

/* ---- the address map of the modules that are configured by the chip ---- */

/*
 * The SIHs: register block, EDR reset.  EDR reset values are not all known
 * to us.  PWR: both edges of everything (CHG_PRES is requested by the
 * charger without a trigger type, so the default must let it latch;
 * qemu-linaro used 0xff too).  GPIO: none ("all of these IRQs default to
 * no-trigger", twl4030-irq.c).  BCI and MADC: rising edges (their drivers
 * never write the EDR).  Keypad: none (its driver writes KEYP_EDR).
 * MADC: "COR=1 means clear on write" (twl4030-irq.c).
 */
static const struct {
    uint8_t num_sources;
    uint8_t addr;
    uint8_t base;
    uint64_t edr_reset;
    bool cor_inverted;
} twl4030_sih_info[TWL4030_NUM_SIH] = {
    [TWL4030_SIH_PWR] = { 8, TWL4030_ADDR_POWER, 0x2e, 0xffff, false },
    [TWL4030_SIH_GPIO] = { 18, TWL4030_ADDR_INTBR, 0xb1, 0, false },
    [TWL4030_SIH_BCI] = { 12, TWL4030_ADDR_AUX, 0xb9, 0xaaaaaa, false },
    [TWL4030_SIH_MADC] = { 4, TWL4030_ADDR_AUX, 0x61, 0xaa, true },
    [TWL4030_SIH_KEYPAD] = { 4, TWL4030_ADDR_AUX, 0xe3, 0, false },
};

/* The plain register files: test 0x49:0x4C-0x7F, SECURED_REG, BACKUP_REG */
static const TWL4030RegWindow twl4030_regfile_window[TWL4030_NUM_REGFILE] = {
    [TWL4030_REGFILE_TEST] = { TWL4030_ADDR_INTBR, 0x4c, 0x7f },
    [TWL4030_REGFILE_SECURED] = { TWL4030_ADDR_POWER, 0x00, 0x13 },
    [TWL4030_REGFILE_BACKUP] = { TWL4030_ADDR_POWER, 0x14, 0x1b },
};

/* ---- connections ---- */

/* Values: link property "prop" of module "from" points at module "to" */
static const struct {
    const char *from;
    const char *prop;
    const char *to;
} twl4030_links[] = {
    { "power", "regulators", "regulators" },    /* power-bus messages */
    { "madc", "bci", "bci" },                   /* ADCIN10, ADCIN1 bias */
    { "madc", "battery", "battery" },           /* ADCIN12, ADCIN1 */
    { "bci", "battery", "battery" },            /* BCIVBAT, BCITBAT */
};

/*
 * Levels and edges: "lines" consecutive lines from output from.out[out_n]
 * to input to.in[in_n]
 */
typedef struct TWL4030Wire {
    const char *from;
    const char *out;
    int out_n;
    const char *to;
    const char *in;
    int in_n;
    int lines;
} TWL4030Wire;

#define WIRE(from, out, out_n, to, in, in_n, lines) \
    { from, out, out_n, to, in, in_n, lines }

static const TWL4030Wire twl4030_wires[] = {
    /* the chip's input pins: levels */
    WIRE("inputs", "pwron", 0, "power", "pwron", 0, 1),
    /*
     * VBUS: the power block's VBUS_PRES comparator runs from VBUS itself,
     * not from VUSB3V1, so STS_HW_CONDITIONS.VBUS / USB_PRES see the cable
     * while the PHY is suspended (phy-twl4030-usb.c twl4030_usb_linkstat);
     * only the charger goes through the transceiver's VUSB3V1-supplied
     * comparator (usb "vbus-present" below).  The MADC measures the
     * connector (ADCIN8).
     */
    WIRE("inputs", "vbus", 0, "power", "vbus", 0, 1),
    WIRE("inputs", "vbus", 1, "usb", "vbus", 0, 1),
    WIRE("inputs", "vbus", 2, "madc", "vbus", 0, 1),
    WIRE("inputs", "usb-id", 0, "power", "usb-id", 0, 1),
    WIRE("inputs", "usb-id", 1, "usb", "usb-id", 0, 1),
    WIRE("inputs", "ac", 0, "power", "ac", 0, 1),
    WIRE("inputs", "ac", 1, "bci", "ac", 0, 1),
    WIRE("inputs", "ac", 2, "madc", "ac", 0, 1),
    /* an edge: a battery figure changed (the BCI's comparators) */
    WIRE("battery", "changed", 0, "bci", "battery-changed", 0, 1),

    /* interrupt sources into the SIHs: levels, or pulses for events */
    WIRE("power", "sih", TWL4030_PWR_SRC_PWRON, "pwr-sih", "source",
         TWL4030_PWR_SRC_PWRON, TWL4030_PWR_SRC_RTC_IT),
    WIRE("rtc", "irq", 0, "pwr-sih", "source", TWL4030_PWR_SRC_RTC_IT, 1),
    WIRE("power", "sih", TWL4030_PWR_SRC_HOT_DIE, "pwr-sih", "source",
         TWL4030_PWR_SRC_HOT_DIE,
         TWL4030_PWR_NUM_SOURCES - TWL4030_PWR_SRC_HOT_DIE),
    WIRE("gpio", "sih", 0, "gpio-sih", "source", 0, TWL4030_GPIO_NUM_PINS),
    WIRE("keypad", "sih", 0, "keypad-sih", "source", 0, 4),
    WIRE("madc", "sih", 0, "madc-sih", "source", 0, TWL4030_MADC_NUM_SOURCES),
    WIRE("bci", "sih", 0, "bci-sih", "source", 0, TWL4030_BCI_NUM_SOURCES),

    /* the SIHs and the USB PHY into PIH_ISR_P1/P2: levels */
    WIRE("pwr-sih", "int1", 0, "pih", "p1", TWL4030_PIH_PWR, 1),
    WIRE("pwr-sih", "int2", 0, "pih", "p2", TWL4030_PIH_PWR, 1),
    WIRE("gpio-sih", "int1", 0, "pih", "p1", TWL4030_PIH_GPIO, 1),
    WIRE("gpio-sih", "int2", 0, "pih", "p2", TWL4030_PIH_GPIO, 1),
    WIRE("bci-sih", "int1", 0, "pih", "p1", TWL4030_PIH_BCI, 1),
    WIRE("bci-sih", "int2", 0, "pih", "p2", TWL4030_PIH_BCI, 1),
    WIRE("madc-sih", "int1", 0, "pih", "p1", TWL4030_PIH_MADC, 1),
    WIRE("madc-sih", "int2", 0, "pih", "p2", TWL4030_PIH_MADC, 1),
    WIRE("keypad-sih", "int1", 0, "pih", "p1", TWL4030_PIH_KEYPAD, 1),
    WIRE("keypad-sih", "int2", 0, "pih", "p2", TWL4030_PIH_KEYPAD, 1),
    WIRE("usb", "pih", 0, "pih", "p1", TWL4030_PIH_USB, 1),
    WIRE("usb", "pih", 1, "pih", "p2", TWL4030_PIH_USB, 1),

    /* P1..P3 ACTIVE/SLEEP/OFF as a level: the only path of group states */
    WIRE("power", "group-state", 0, "regulators", "group-state", 0,
         TWL4030_NUM_GROUPS),
    /* the PHY's supplies; VUSB3V1 also powers its VBUS comparator */
    WIRE("regulators", "vusb3v1", 0, "usb", "vusb3v1", 0, 1),
    WIRE("regulators", "vusb1v5", 0, "usb", "vusb1v5", 0, 1),
    WIRE("regulators", "vusb1v8", 0, "usb", "vusb1v8", 0, 1),
    /* the transceiver's VBUS comparator: the USB charge path */
    WIRE("usb", "vbus-present", 0, "bci", "vbus-present", 0, 1),
    /* PM_MASTER BOOT_BCI BCIAUTOAC / BCIAUTOUSB */
    WIRE("power", "bciautoac", 0, "bci", "bciautoac", 0, 1),
    WIRE("power", "bciautousb", 0, "bci", "bciautousb", 0, 1),
};

/* ---- applying the tables ---- */

static DeviceState *twl4030_module(TWL4030State *s, const char *name,
                                   Error **errp)
{
    Object *o = object_resolve_path_component(OBJECT(s), name);

    if (!o || !object_dynamic_cast(o, TYPE_TWL4030_CELL)) {
        error_setg(errp, "twl4030: the wiring names module \"%s\", which the "
                   "chip does not have", name);
        return NULL;
    }
    return DEVICE(o);
}

static NamedGPIOList *twl4030_gpio_list(DeviceState *dev, const char *name)
{
    NamedGPIOList *ngl;

    QLIST_FOREACH(ngl, &dev->gpios, node) {
        if (!g_strcmp0(name, ngl->name)) {
            return ngl;
        }
    }
    return NULL;
}

/* Does dev have lines [n, n + lines) of GPIO "name" (an output if out)? */
static bool twl4030_check_gpio(DeviceState *dev, const char *name, bool out,
                               int n, int lines, Error **errp)
{
    NamedGPIOList *ngl = twl4030_gpio_list(dev, name);
    int num = ngl ? (out ? ngl->num_out : ngl->num_in) : 0;

    if (n < 0 || lines < 1 || n + lines > num) {
        error_setg(errp, "twl4030: module \"%s\" has no GPIO %s \"%s\"[%d..%d] "
                   "(it has %d lines)",
                   object_get_canonical_path_component(OBJECT(dev)),
                   out ? "output" : "input", name, n, n + lines - 1, num);
        return false;
    }
    return true;
}

static bool twl4030_connect(TWL4030State *s, const TWL4030Wire *w,
                            Error **errp)
{
    DeviceState *from = twl4030_module(s, w->from, errp);
    DeviceState *to = from ? twl4030_module(s, w->to, errp) : NULL;
    int i;

    if (!to ||
        !twl4030_check_gpio(from, w->out, true, w->out_n, w->lines, errp) ||
        !twl4030_check_gpio(to, w->in, false, w->in_n, w->lines, errp)) {
        return false;
    }
    for (i = 0; i < w->lines; i++) {
        qdev_connect_gpio_out_named(from, w->out, w->out_n + i,
                                    qdev_get_gpio_in_named(to, w->in,
                                                           w->in_n + i));
    }
    return true;
}

void twl4030_create_modules(TWL4030State *s)
{
    Object *obj = OBJECT(s);
    int i;

    for (i = 0; i < ARRAY_SIZE(twl4030_modules); i++) {
        object_initialize_child_with_props(obj, twl4030_modules[i].name,
                                           (char *)s + twl4030_modules[i].offset,
                                           twl4030_modules[i].size,
                                           twl4030_modules[i].type,
                                           &error_abort, NULL);
    }
    for (i = 0; i < TWL4030_NUM_SIH; i++) {
        DeviceState *sih = DEVICE(&s->sih[i]);

        qdev_prop_set_uint8(sih, "num-sources", twl4030_sih_info[i].num_sources);
        qdev_prop_set_uint8(sih, "addr", twl4030_sih_info[i].addr);
        qdev_prop_set_uint8(sih, "base", twl4030_sih_info[i].base);
        qdev_prop_set_uint64(sih, "edr-reset", twl4030_sih_info[i].edr_reset);
        qdev_prop_set_bit(sih, "cor-inverted", twl4030_sih_info[i].cor_inverted);
    }
    for (i = 0; i < TWL4030_NUM_REGFILE; i++) {
        const TWL4030RegWindow *w = &twl4030_regfile_window[i];

        twl4030_module_add_window(TWL4030_CELL(&s->regfile[i]), w->addr,
                                  w->first, w->last);
    }

    /* the outputs of the chip are the PIH's */
    qdev_pass_gpios(DEVICE(&s->pih), DEVICE(s), "int1");
    qdev_pass_gpios(DEVICE(&s->pih), DEVICE(s), "int2");

    /* the user-facing stimuli are the input pins' and the battery's */
    object_property_add_alias(obj, "pwron", OBJECT(&s->inputs), "pwron");
    object_property_add_alias(obj, "vbus", OBJECT(&s->inputs), "vbus");
    object_property_add_alias(obj, "usb-id", OBJECT(&s->inputs), "usb-id");
    object_property_add_alias(obj, "ac", OBJECT(&s->inputs), "ac");
    object_property_add_alias(obj, "battery-mv", OBJECT(&s->battery), "mv");
    object_property_add_alias(obj, "battery-temp", OBJECT(&s->battery),
                              "temp");
}

bool twl4030_realize_modules(TWL4030State *s, Error **errp)
{
    int i;

    for (i = 0; i < ARRAY_SIZE(twl4030_links); i++) {
        DeviceState *from = twl4030_module(s, twl4030_links[i].from, errp);
        DeviceState *to = from ? twl4030_module(s, twl4030_links[i].to, errp)
                               : NULL;

        if (!to || !object_property_set_link(OBJECT(from),
                                             twl4030_links[i].prop,
                                             OBJECT(to), errp)) {
            return false;
        }
    }
    for (i = 0; i < ARRAY_SIZE(twl4030_modules); i++) {
        DeviceState *m = DEVICE((char *)s + twl4030_modules[i].offset);

        if (!qdev_realize(m, BUS(&s->bus), errp)) {
            return false;
        }
    }
    for (i = 0; i < ARRAY_SIZE(twl4030_wires); i++) {
        if (!twl4030_connect(s, &twl4030_wires[i], errp)) {
            return false;
        }
    }
    /* wired: the input pins and the battery give their levels once */
    twl4030_inputs_drive_all(&s->inputs);
    twl4030_battery_changed(&s->battery);
    return true;
}
