/*
 * TI TWL4030 (TPS65950) power-management companion chip: I2C front end,
 * register dispatch, primary interrupt handler (PIH), INTBR, and the base
 * type of the chip's modules
 *
 * TWL4030/TPS65950 TRM "I2C interface", "Interrupts (PIH/SIH)", "INTBR";
 * Linux drivers/mfd/twl-core.c and twl4030-irq.c.  The wiring between the
 * modules is documented in include/hw/misc/twl4030.h.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "qemu/log.h"
#include "qemu/error-report.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "hw/irq.h"
#include "hw/qdev-core.h"
#include "hw/qdev-properties.h"
#include "hw/resettable.h"
#include "hw/misc/twl4030.h"
#include "migration/vmstate.h"
#include "sysemu/runstate.h"
#include "trace.h"

/* ---- the chip ---- */

/*
 * IDCODE: type 0x09002F (Linux TWL_SIL_5030, the TPS65950/TWL5030 family)
 * and revision byte 0x10, the value a DM3730 board with a TPS65950 reads
 * (TI E2E thread 101596).  DIEID: any fixed value.
 */
#define TWL4030_IDCODE          0x1009002fu
static const uint8_t twl4030_dieid[8] = {
    0x47, 0x54, 0x41, 0x30, 0x34, 0x51, 0x45, 0x4d,
};

static const struct {
    const char *name;
    uint8_t num_sources;
    uint8_t addr;
    uint8_t base;
    uint64_t edr_reset;
    bool cor_inverted;
    uint8_t pih_bit;
} twl4030_sih_info[TWL4030_NUM_SIH] = {
    /*
     * EDR reset values are not all known to us.  PWR: both edges of
     * everything (CHG_PRES is requested by the charger without a trigger
     * type, so the default must let it latch; qemu-linaro used 0xff too).
     * GPIO: none ("all of these IRQs default to no-trigger", twl4030-irq.c).
     * BCI and MADC: rising edges (their drivers never write the EDR).
     * Keypad: none (its driver writes KEYP_EDR).
     */
    [TWL4030_SIH_PWR] = { "pwr-sih", 8, 0x4b, 0x2e, 0xffff, false,
                          TWL4030_PIH_PWR },
    [TWL4030_SIH_GPIO] = { "gpio-sih", 18, 0x49, 0xb1, 0, false,
                           TWL4030_PIH_GPIO },
    [TWL4030_SIH_BCI] = { "bci-sih", 12, 0x4a, 0xb9, 0xaaaaaa, false,
                          TWL4030_PIH_BCI },
    /* MADC: "COR=1 means clear on write" (twl4030-irq.c) */
    [TWL4030_SIH_MADC] = { "madc-sih", 4, 0x4a, 0x61, 0xaa, true,
                           TWL4030_PIH_MADC },
    [TWL4030_SIH_KEYPAD] = { "keypad-sih", 4, 0x4a, 0xe3, 0, false,
                             TWL4030_PIH_KEYPAD },
};

static const struct {
    const char *name;
    const char *type;
} twl4030_ext_info[TWL4030_NUM_EXT] = {
    [TWL4030_EXT_REGULATORS] = { "regulators", "twl4030-regulators" },
    [TWL4030_EXT_USB] = { "usb", "twl4030-usb" },
    [TWL4030_EXT_BCI] = { "bci", "twl4030-bci" },
    [TWL4030_EXT_MADC] = { "madc", "twl4030-madc" },
    [TWL4030_EXT_GPIO] = { "gpio", "twl4030-gpio" },
    [TWL4030_EXT_KEYPAD] = { "keypad", "twl4030-keypad" },
    [TWL4030_EXT_LEDPWM] = { "ledpwm", "twl4030-ledpwm" },
};

/* Which module's SIH each "sih" output of an external module goes to */
static const struct {
    int ext;
    int sih;
} twl4030_ext_sih[] = {
    { TWL4030_EXT_GPIO, TWL4030_SIH_GPIO },
    { TWL4030_EXT_KEYPAD, TWL4030_SIH_KEYPAD },
    { TWL4030_EXT_MADC, TWL4030_SIH_MADC },
    { TWL4030_EXT_BCI, TWL4030_SIH_BCI },
};

/* PIH */

static void twl4030_pih_update(TWL4030State *s)
{
    int line;

    trace_twl4030_pih_update(s->pih_in[0] | s->pih_sir,
                             s->pih_in[1] | s->pih_sir);
    for (line = 0; line < 2; line++) {
        /* INTn is a level: asserted while any PIH_ISR_Pn bit is set */
        bool level = (s->pih_in[line] | s->pih_sir) != 0;

        if (level != s->int_level[line]) {
            s->int_level[line] = level;
            if (line == 0) {
                trace_twl4030_int1(level);
            } else {
                trace_twl4030_int2(level);
            }
            qemu_set_irq(s->int_out[line], level);
        }
    }
}

static void twl4030_pih_in(TWL4030State *s, int line, int bit, int level)
{
    uint8_t old = s->pih_in[line];

    s->pih_in[line] = deposit32(old, bit, 1, !!level);
    if (s->pih_in[line] != old) {
        twl4030_pih_update(s);
    }
}

static void twl4030_pih_int1_in(void *opaque, int bit, int level)
{
    twl4030_pih_in(opaque, 0, bit, level);
}

static void twl4030_pih_int2_in(void *opaque, int bit, int level)
{
    twl4030_pih_in(opaque, 1, bit, level);
}

/* Registers of the core: PIH 0x49:0x80-0x84 and INTBR 0x49:0x85-0x97 */

static bool twl4030_core_reg(uint8_t addr, uint8_t reg)
{
    return addr == TWL4030_ADDR_INTBR &&
           reg >= TWL4030_PIH_FIRST && reg <= TWL4030_INTBR_LAST;
}

static bool twl4030_idcode_unlocked(TWL4030State *s)
{
    return s->intbr[A_TWL4030_UNLOCK_TEST_REG - TWL4030_INTBR_FIRST] ==
           TWL4030_EEPROM_R_UNLOCK;
}

static uint8_t twl4030_core_read(TWL4030State *s, uint8_t reg)
{
    switch (reg) {
    case A_TWL4030_PIH_ISR_P1:
        return s->pih_in[0] | s->pih_sir;
    case A_TWL4030_PIH_ISR_P2:
        return s->pih_in[1] | s->pih_sir;
    case A_TWL4030_PIH_SIR:
        return s->pih_sir;
    case A_TWL4030_IDCODE_7_0 ... A_TWL4030_IDCODE_31_24:
        /* readable only after UNLOCK_TEST_REG = 0x49 (twl-core.c) */
        if (!twl4030_idcode_unlocked(s)) {
            return 0;
        }
        return extract32(TWL4030_IDCODE, 8 * (reg - A_TWL4030_IDCODE_7_0), 8);
    case A_TWL4030_DIEID_7_0 ... A_TWL4030_DIEID_63_56:
        if (!twl4030_idcode_unlocked(s)) {
            return 0;
        }
        return twl4030_dieid[reg - A_TWL4030_DIEID_7_0];
    case A_TWL4030_GPBR1 ... A_TWL4030_UNLOCK_TEST_REG:
        return s->intbr[reg - TWL4030_INTBR_FIRST];
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030: read of reserved PIH register 0x49:0x%02x\n",
                      reg);
        return 0;
    }
}

static void twl4030_core_write(TWL4030State *s, uint8_t reg, uint8_t value)
{
    switch (reg) {
    case A_TWL4030_PIH_SIR:
        /*
         * Test register: our reading is that its bits force the PIH_ISR
         * bits of both lines until written 0 again.
         */
        s->pih_sir = value;
        twl4030_pih_update(s);
        break;
    case A_TWL4030_GPBR1 ... A_TWL4030_UNLOCK_TEST_REG:
        s->intbr[reg - TWL4030_INTBR_FIRST] = value;
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030: write 0x%02x to read-only/reserved register "
                      "0x49:0x%02x\n", value, reg);
        break;
    }
}

/* Every module up to the current time (TWL4030ModuleClass.sync) */
static void twl4030_sync(TWL4030State *s)
{
    int i;

    for (i = 0; i < s->num_modules; i++) {
        TWL4030ModuleClass *mc = TWL4030_MODULE_GET_CLASS(s->modules[i]);

        if (mc->sync) {
            mc->sync(s->modules[i]);
        }
    }
}

/* Register dispatch */

static uint8_t twl4030_reg_read(TWL4030State *s, int idx, uint8_t reg)
{
    uint8_t addr = TWL4030_ADDR_USB + idx;
    TWL4030Module *m = s->map[idx][reg];
    uint8_t val;

    twl4030_sync(s);
    if (twl4030_core_reg(addr, reg)) {
        val = twl4030_core_read(s, reg);
    } else if (m) {
        val = TWL4030_MODULE_GET_CLASS(m)->read(m, addr, reg);
    } else {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030: read of unimplemented register 0x%02x:0x%02x\n",
                      addr, reg);
        val = 0;
    }
    trace_twl4030_read(addr, reg, val);
    return val;
}

static void twl4030_reg_write(TWL4030State *s, int idx, uint8_t reg,
                              uint8_t value)
{
    uint8_t addr = TWL4030_ADDR_USB + idx;
    TWL4030Module *m = s->map[idx][reg];

    trace_twl4030_write(addr, reg, value);
    twl4030_sync(s);
    if (twl4030_core_reg(addr, reg)) {
        twl4030_core_write(s, reg, value);
    } else if (m) {
        TWL4030_MODULE_GET_CLASS(m)->write(m, addr, reg, value);
    } else {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030: write 0x%02x to unimplemented register "
                      "0x%02x:0x%02x\n", value, addr, reg);
    }
}

/* I2C front end */

static bool twl4030_match_and_add(I2CSlave *candidate, uint8_t address,
                                  bool broadcast, I2CNodeList *current_devs)
{
    TWL4030State *s = TWL4030(candidate);
    I2CNode *node;

    if (broadcast) {
        /* the chip does not take part in a general call */
        s->cur = -1;
    } else if (address >= candidate->address &&
               address < candidate->address + TWL4030_NUM_ADDRS) {
        s->cur = address - candidate->address;
    } else {
        return false;
    }
    node = g_new(I2CNode, 1);
    node->elt = candidate;
    QLIST_INSERT_HEAD(current_devs, node, next);
    return true;
}

static int twl4030_event(I2CSlave *i2c, enum i2c_event event)
{
    TWL4030State *s = TWL4030(i2c);

    switch (event) {
    case I2C_START_SEND:
    case I2C_START_SEND_ASYNC:
        s->expect_pointer = true;
        break;
    case I2C_START_RECV:
    case I2C_FINISH:
    case I2C_NACK:
        s->expect_pointer = false;
        break;
    }
    return 0;
}

static int twl4030_send(I2CSlave *i2c, uint8_t data)
{
    TWL4030State *s = TWL4030(i2c);

    if (s->cur < 0) {
        return 0;
    }
    if (s->expect_pointer) {
        s->pointer[s->cur] = data;
        s->expect_pointer = false;
        return 0;
    }
    twl4030_reg_write(s, s->cur, s->pointer[s->cur]++, data);
    return 0;
}

static uint8_t twl4030_recv(I2CSlave *i2c)
{
    TWL4030State *s = TWL4030(i2c);

    if (s->cur < 0) {
        return 0xff;
    }
    return twl4030_reg_read(s, s->cur, s->pointer[s->cur]++);
}

/* User-facing stimuli */

static int twl4030_sig_level(TWL4030State *s, int sig)
{
    switch (sig) {
    case TWL4030_SIG_PWRON:
        return s->pwron || s->powerdown_pressed;
    case TWL4030_SIG_VBUS:
        return s->vbus;
    case TWL4030_SIG_USB_ID:
        return s->usb_id;
    case TWL4030_SIG_AC:
        return s->ac;
    }
    g_assert_not_reached();
}

static void twl4030_drive(TWL4030State *s, int sig)
{
    int level = twl4030_sig_level(s, sig);
    int i;

    if (!DEVICE(s)->realized) {
        return;     /* driven at the end of realize */
    }
    twl4030_sync(s);    /* what ended before the change saw the old input */
    trace_twl4030_stimulus(sig, level);
    for (i = 0; i < s->num_fanout[sig]; i++) {
        qemu_set_irq(s->fanout[sig][i], level);
    }
}

static bool *twl4030_sig_field(TWL4030State *s, const char *name)
{
    if (!strcmp(name, "pwron")) {
        return &s->pwron;
    } else if (!strcmp(name, "vbus")) {
        return &s->vbus;
    } else if (!strcmp(name, "usb-id")) {
        return &s->usb_id;
    }
    return &s->ac;
}

static int twl4030_sig_of(const char *name)
{
    if (!strcmp(name, "pwron")) {
        return TWL4030_SIG_PWRON;
    } else if (!strcmp(name, "vbus")) {
        return TWL4030_SIG_VBUS;
    } else if (!strcmp(name, "usb-id")) {
        return TWL4030_SIG_USB_ID;
    }
    return TWL4030_SIG_AC;
}

static void twl4030_get_sig(Object *obj, Visitor *v, const char *name,
                            void *opaque, Error **errp)
{
    bool value = *twl4030_sig_field(TWL4030(obj), name);

    visit_type_bool(v, name, &value, errp);
}

static void twl4030_set_sig(Object *obj, Visitor *v, const char *name,
                            void *opaque, Error **errp)
{
    TWL4030State *s = TWL4030(obj);
    bool value;

    if (!visit_type_bool(v, name, &value, errp)) {
        return;
    }
    *twl4030_sig_field(s, name) = value;
    twl4030_drive(s, twl4030_sig_of(name));
}

/* QEMU's system_powerdown: a short press of the power button */
static void twl4030_powerdown_release(void *opaque)
{
    TWL4030State *s = opaque;

    s->powerdown_pressed = false;
    twl4030_drive(s, TWL4030_SIG_PWRON);
}

static void twl4030_powerdown(Notifier *n, void *data)
{
    TWL4030State *s = container_of(n, TWL4030State, powerdown_notifier);

    trace_twl4030_powerdown();
    s->powerdown_pressed = true;
    twl4030_drive(s, TWL4030_SIG_PWRON);
    timer_mod(s->powerdown_timer, qemu_clock_get_ms(QEMU_CLOCK_VIRTUAL) +
              TWL4030_POWERDOWN_PRESS_MS);
}

/* Wiring helpers: named GPIOs are connected only where both ends exist */

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

static qemu_irq twl4030_in(Object *o, const char *name, int n)
{
    NamedGPIOList *ngl;

    if (!o) {
        return NULL;
    }
    ngl = twl4030_gpio_list(DEVICE(o), name);
    if (!ngl || n >= ngl->num_in) {
        trace_twl4030_unwired(object_get_canonical_path_component(o), name, n);
        return NULL;
    }
    return qdev_get_gpio_in_named(DEVICE(o), name, n);
}

static void twl4030_connect(Object *src, const char *name, int n, qemu_irq in)
{
    NamedGPIOList *ngl;

    if (!src || !in) {
        return;
    }
    ngl = twl4030_gpio_list(DEVICE(src), name);
    if (!ngl || n >= ngl->num_out) {
        trace_twl4030_unwired(object_get_canonical_path_component(src),
                              name, n);
        return;
    }
    qdev_connect_gpio_out_named(DEVICE(src), name, n, in);
}

static void twl4030_add_fanout(TWL4030State *s, int sig, qemu_irq in)
{
    if (in) {
        assert(s->num_fanout[sig] < TWL4030_MAX_FANOUT);
        s->fanout[sig][s->num_fanout[sig]++] = in;
    }
}

static void twl4030_wire(TWL4030State *s)
{
    Object *power = OBJECT(&s->power);
    Object *pwr_sih = OBJECT(&s->sih[TWL4030_SIH_PWR]);
    Object *usb = s->ext[TWL4030_EXT_USB];
    Object *bci = s->ext[TWL4030_EXT_BCI];
    Object *regulators = s->ext[TWL4030_EXT_REGULATORS];
    Object *madc = s->ext[TWL4030_EXT_MADC];
    static const char *const usb_rails[] = { "vusb3v1", "vusb1v5", "vusb1v8" };
    int i, k;

    /* PWR SIH sources */
    for (k = 0; k < TWL4030_PWR_NUM_SOURCES; k++) {
        if (k != TWL4030_PWR_SRC_RTC_IT) {
            twl4030_connect(power, "sih", k, twl4030_in(pwr_sih, "source", k));
        }
    }
    twl4030_connect(OBJECT(&s->rtc), "irq", 0,
                    twl4030_in(pwr_sih, "source", TWL4030_PWR_SRC_RTC_IT));

    /* the other modules' SIH sources */
    for (i = 0; i < ARRAY_SIZE(twl4030_ext_sih); i++) {
        Object *m = s->ext[twl4030_ext_sih[i].ext];
        int n = twl4030_ext_sih[i].sih;
        Object *sih = OBJECT(&s->sih[n]);

        for (k = 0; k < twl4030_sih_info[n].num_sources; k++) {
            twl4030_connect(m, "sih", k, twl4030_in(sih, "source", k));
        }
    }

    /* SIH lines and the USB PHY into the PIH */
    for (i = 0; i < TWL4030_NUM_SIH; i++) {
        int bit = twl4030_sih_info[i].pih_bit;

        twl4030_connect(OBJECT(&s->sih[i]), "int1", 0,
                        qdev_get_gpio_in_named(DEVICE(s), "pih-int1", bit));
        twl4030_connect(OBJECT(&s->sih[i]), "int2", 0,
                        qdev_get_gpio_in_named(DEVICE(s), "pih-int2", bit));
    }
    twl4030_connect(usb, "pih", 0, qdev_get_gpio_in_named(DEVICE(s),
                    "pih-int1", TWL4030_PIH_USB));
    twl4030_connect(usb, "pih", 1, qdev_get_gpio_in_named(DEVICE(s),
                    "pih-int2", TWL4030_PIH_USB));

    /* processor groups, USB supplies, the transceiver's VBUS comparator */
    for (k = 0; k < TWL4030_NUM_GROUPS; k++) {
        twl4030_connect(power, "group-state", k,
                        twl4030_in(regulators, "group-state", k));
    }
    for (i = 0; i < ARRAY_SIZE(usb_rails); i++) {
        twl4030_connect(regulators, usb_rails[i], 0,
                        twl4030_in(usb, usb_rails[i], 0));
    }
    twl4030_connect(usb, "vbus-present", 0, twl4030_in(bci, "vbus-present", 0));
    twl4030_connect(power, "bciautoac", 0, twl4030_in(bci, "bciautoac", 0));
    twl4030_connect(power, "bciautousb", 0, twl4030_in(bci, "bciautousb", 0));
    twl4030_connect(OBJECT(&s->battery), "changed", 0,
                    twl4030_in(bci, "battery-changed", 0));

    /* the chip's user-facing inputs */
    twl4030_add_fanout(s, TWL4030_SIG_PWRON, twl4030_in(power, "pwron", 0));
    /*
     * STS_HW_CONDITIONS.VBUS / USB_PRES: the power block's VBUS_PRES
     * comparator runs from VBUS itself, not from VUSB3V1, so it sees the
     * cable while the PHY is suspended (phy-twl4030-usb.c,
     * twl4030_usb_linkstat); only the charger goes through the
     * transceiver's VUSB3V1-supplied comparator.
     */
    twl4030_add_fanout(s, TWL4030_SIG_VBUS, twl4030_in(power, "vbus", 0));
    if (usb) {
        twl4030_add_fanout(s, TWL4030_SIG_VBUS, twl4030_in(usb, "vbus", 0));
    } else {
        /* no transceiver model: the charger sees the cable directly */
        twl4030_add_fanout(s, TWL4030_SIG_VBUS,
                           twl4030_in(bci, "vbus-present", 0));
    }
    /* the MADC measures the connector's VBUS (ADCIN8), not the comparator */
    twl4030_add_fanout(s, TWL4030_SIG_VBUS, twl4030_in(madc, "vbus", 0));
    twl4030_add_fanout(s, TWL4030_SIG_USB_ID, twl4030_in(power, "usb-id", 0));
    twl4030_add_fanout(s, TWL4030_SIG_USB_ID, twl4030_in(usb, "usb-id", 0));
    twl4030_add_fanout(s, TWL4030_SIG_AC, twl4030_in(power, "ac", 0));
    twl4030_add_fanout(s, TWL4030_SIG_AC, twl4030_in(bci, "ac", 0));
    twl4030_add_fanout(s, TWL4030_SIG_AC, twl4030_in(madc, "ac", 0));
}

/* Build the (address, register) -> module map from the modules' windows */
static bool twl4030_build_map(TWL4030State *s, Error **errp)
{
    int i, w, reg;

    memset(s->map, 0, sizeof(s->map));
    for (i = 0; i < s->num_modules; i++) {
        TWL4030Module *m = s->modules[i];

        for (w = 0; w < m->num_windows; w++) {
            TWL4030RegWindow *win = &m->windows[w];
            int idx = win->addr - TWL4030_ADDR_USB;

            for (reg = win->first; reg <= win->last; reg++) {
                TWL4030Module *other = s->map[idx][reg];

                if (twl4030_core_reg(win->addr, reg) || other) {
                    error_setg(errp, "twl4030: register 0x%02x:0x%02x of %s "
                               "is already owned by %s", win->addr, reg,
                               object_get_canonical_path_component(OBJECT(m)),
                               other ? object_get_canonical_path_component(
                                           OBJECT(other)) : "the core");
                    return false;
                }
                s->map[idx][reg] = m;
            }
        }
    }
    return true;
}

static void twl4030_realize(DeviceState *dev, Error **errp)
{
    TWL4030State *s = TWL4030(dev);
    int i, sig;

    /* the MADC reads the charger's state (charge current, CGAIN) */
    if (s->ext[TWL4030_EXT_MADC] && s->ext[TWL4030_EXT_BCI] &&
        object_property_find(s->ext[TWL4030_EXT_MADC], "bci")) {
        if (!object_property_set_link(s->ext[TWL4030_EXT_MADC], "bci",
                                      s->ext[TWL4030_EXT_BCI], errp)) {
            return;
        }
    }
    if (s->ext[TWL4030_EXT_MADC] &&
        !object_property_set_link(s->ext[TWL4030_EXT_MADC], "battery",
                                  OBJECT(&s->battery), errp)) {
        return;
    }
    if (s->ext[TWL4030_EXT_BCI] &&
        !object_property_set_link(s->ext[TWL4030_EXT_BCI], "battery",
                                  OBJECT(&s->battery), errp)) {
        return;
    }
    if (s->ext[TWL4030_EXT_REGULATORS] &&
        !object_property_set_link(OBJECT(&s->power), "regulators",
                                  s->ext[TWL4030_EXT_REGULATORS], errp)) {
        return;
    }
    for (i = 0; i < s->num_modules; i++) {
        if (!qdev_realize(DEVICE(s->modules[i]), BUS(&s->bus), errp)) {
            return;
        }
    }
    if (!twl4030_build_map(s, errp)) {
        return;
    }
    twl4030_wire(s);

    s->powerdown_notifier.notify = twl4030_powerdown;
    qemu_register_powerdown_notifier(&s->powerdown_notifier);

    for (sig = 0; sig < TWL4030_NUM_SIG; sig++) {
        twl4030_drive(s, sig);
    }
    twl4030_battery_changed(&s->battery);
}

static void twl4030_add_module(TWL4030State *s, TWL4030Module *m)
{
    assert(s->num_modules < TWL4030_MAX_MODULES);
    s->modules[s->num_modules++] = m;
}

static void twl4030_init(Object *obj)
{
    TWL4030State *s = TWL4030(obj);
    DeviceState *dev = DEVICE(obj);
    int i;

    /* the modules sit on the chip's bus: info qtree, reset with the chip */
    qbus_init(&s->bus, sizeof(s->bus), TYPE_TWL4030_BUS, dev, "twl4030-bus");

    object_initialize_child(obj, "rtc", &s->rtc, TYPE_TWL4030_RTC);
    twl4030_add_module(s, TWL4030_MODULE(&s->rtc));
    object_initialize_child(obj, "power", &s->power, TYPE_TWL4030_POWER);
    twl4030_add_module(s, TWL4030_MODULE(&s->power));

    for (i = 0; i < TWL4030_NUM_SIH; i++) {
        DeviceState *sih;

        object_initialize_child(obj, twl4030_sih_info[i].name, &s->sih[i],
                                TYPE_TWL4030_SIH);
        sih = DEVICE(&s->sih[i]);
        qdev_prop_set_uint8(sih, "num-sources", twl4030_sih_info[i].num_sources);
        qdev_prop_set_uint8(sih, "addr", twl4030_sih_info[i].addr);
        qdev_prop_set_uint8(sih, "base", twl4030_sih_info[i].base);
        qdev_prop_set_uint64(sih, "edr-reset", twl4030_sih_info[i].edr_reset);
        qdev_prop_set_bit(sih, "cor-inverted", twl4030_sih_info[i].cor_inverted);
        twl4030_add_module(s, TWL4030_MODULE(sih));
    }

    object_initialize_child(obj, "battery", &s->battery, TYPE_TWL4030_BATTERY);
    twl4030_add_module(s, TWL4030_MODULE(&s->battery));
    object_property_add_alias(obj, "battery-mv", OBJECT(&s->battery), "mv");
    object_property_add_alias(obj, "battery-temp", OBJECT(&s->battery), "temp");

    object_initialize_child(obj, "audio", &s->audio, TYPE_TWL4030_AUDIO);
    twl4030_add_module(s, TWL4030_MODULE(&s->audio));

    object_initialize_child(obj, "test", &s->test, TYPE_TWL4030_REGFILE);
    twl4030_module_add_window(TWL4030_MODULE(&s->test), 0x49, 0x4c, 0x7f);
    twl4030_add_module(s, TWL4030_MODULE(&s->test));
    object_initialize_child(obj, "secured", &s->secured, TYPE_TWL4030_REGFILE);
    twl4030_module_add_window(TWL4030_MODULE(&s->secured), 0x4b, 0x00, 0x13);
    twl4030_add_module(s, TWL4030_MODULE(&s->secured));
    object_initialize_child(obj, "backup", &s->backup, TYPE_TWL4030_REGFILE);
    twl4030_module_add_window(TWL4030_MODULE(&s->backup), 0x4b, 0x14, 0x1b);
    twl4030_add_module(s, TWL4030_MODULE(&s->backup));

    /* modules of other files, if they are compiled in */
    for (i = 0; i < TWL4030_NUM_EXT; i++) {
        ObjectClass *oc = object_class_by_name(twl4030_ext_info[i].type);
        Object *m;

        if (!oc || object_class_is_abstract(oc) ||
            !object_class_dynamic_cast(oc, TYPE_TWL4030_MODULE)) {
            continue;
        }
        m = object_new(twl4030_ext_info[i].type);
        object_property_add_child(obj, twl4030_ext_info[i].name, m);
        object_unref(m);
        s->ext[i] = m;
        twl4030_add_module(s, TWL4030_MODULE(m));
    }

    qdev_init_gpio_in_named(dev, twl4030_pih_int1_in, "pih-int1", TWL4030_PIH_NUM);
    qdev_init_gpio_in_named(dev, twl4030_pih_int2_in, "pih-int2", TWL4030_PIH_NUM);
    qdev_init_gpio_out_named(dev, &s->int_out[0], "int1", 1);
    qdev_init_gpio_out_named(dev, &s->int_out[1], "int2", 1);

    s->cur = -1;
    s->powerdown_timer = timer_new_ms(QEMU_CLOCK_VIRTUAL,
                                      twl4030_powerdown_release, s);
}

static void twl4030_finalize(Object *obj)
{
    TWL4030State *s = TWL4030(obj);

    timer_free(s->powerdown_timer);
}

static void twl4030_reset_enter(Object *obj, ResetType type)
{
    TWL4030State *s = TWL4030(obj);

    s->cur = -1;
    s->expect_pointer = false;
    memset(s->pointer, 0, sizeof(s->pointer));
    s->pih_sir = 0;
    memset(s->intbr, 0, sizeof(s->intbr));
    /*
     * GPPUPDCTR1: the I2C1/I2C4 (SmartReflex) pull-ups (bits 0, 2, 4, 6)
     * come up enabled; twl-core clears them.  Other INTBR resets: 0.
     */
    s->intbr[A_TWL4030_GPPUPDCTR1 - TWL4030_INTBR_FIRST] = 0x55;
    /* pih_in follows the module lines, the stimuli are wires: kept */
}

static void twl4030_reset_hold(Object *obj)
{
    twl4030_pih_update(TWL4030(obj));
}

/*
 * "cur" (the slave address of the transfer, -1: none) indexes pointer[]
 * and map[]: a stream must not point it outside them.
 */
static int twl4030_post_load(void *opaque, int version_id)
{
    TWL4030State *s = opaque;

    if (s->cur < -1 || s->cur >= TWL4030_NUM_ADDRS) {
        error_report("twl4030: migrated slave index %d out of range "
                     "(-1..%d)", s->cur, TWL4030_NUM_ADDRS - 1);
        return -EINVAL;
    }
    return 0;
}

static const VMStateDescription vmstate_twl4030 = {
    .name = "twl4030",
    .version_id = 2,
    .minimum_version_id = 2,
    .post_load = twl4030_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_I2C_SLAVE(parent_obj, TWL4030State),
        VMSTATE_INT8(cur, TWL4030State),
        VMSTATE_BOOL(expect_pointer, TWL4030State),
        VMSTATE_UINT8_ARRAY(pointer, TWL4030State, TWL4030_NUM_ADDRS),
        VMSTATE_UINT8_ARRAY(pih_in, TWL4030State, 2),
        VMSTATE_UINT8(pih_sir, TWL4030State),
        VMSTATE_BOOL_ARRAY(int_level, TWL4030State, 2),
        VMSTATE_UINT8_ARRAY(intbr, TWL4030State, TWL4030_INTBR_SIZE),
        VMSTATE_BOOL(pwron, TWL4030State),
        VMSTATE_BOOL(vbus, TWL4030State),
        VMSTATE_BOOL(usb_id, TWL4030State),
        VMSTATE_BOOL(ac, TWL4030State),
        VMSTATE_BOOL(powerdown_pressed, TWL4030State),
        VMSTATE_TIMER_PTR(powerdown_timer, TWL4030State),
        VMSTATE_END_OF_LIST()
    }
};

static void twl4030_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    I2CSlaveClass *sc = I2C_SLAVE_CLASS(oc);
    static const char *const sigs[] = { "pwron", "vbus", "usb-id", "ac" };
    static const char *const sig_desc[] = {
        "power button held",
        "5 V present on the USB connector",
        "USB ID pin grounded (A cable)",
        "AC charger present",
    };
    int i;

    dc->desc = "TI TWL4030/TPS65950 power management companion";
    dc->realize = twl4030_realize;
    dc->vmsd = &vmstate_twl4030;
    /* the board wires int1 to the SoC: no -device */
    dc->user_creatable = false;
    rc->phases.enter = twl4030_reset_enter;
    rc->phases.hold = twl4030_reset_hold;
    sc->match_and_add = twl4030_match_and_add;
    sc->event = twl4030_event;
    sc->send = twl4030_send;
    sc->recv = twl4030_recv;

    for (i = 0; i < ARRAY_SIZE(sigs); i++) {
        object_class_property_add(oc, sigs[i], "bool", twl4030_get_sig,
                                  twl4030_set_sig, NULL, NULL);
        object_class_property_set_description(oc, sigs[i], sig_desc[i]);
    }
}

static const TypeInfo twl4030_type_info = {
    .name = TYPE_TWL4030,
    .parent = TYPE_I2C_SLAVE,
    .instance_size = sizeof(TWL4030State),
    .instance_init = twl4030_init,
    .instance_finalize = twl4030_finalize,
    .class_size = sizeof(TWL4030Class),
    .class_init = twl4030_class_init,
};

static void twl4030_register_types(void)
{
    type_register_static(&twl4030_type_info);
}

type_init(twl4030_register_types)
