/*
 * TI TWL4030 (TPS65950) power-management companion chip: the chip
 *
 * Its cells as typed children, their register windows (the address map),
 * the wires between them, the user's stimuli (the input pins) and the I2C
 * front end.  TPS65950 TRM SWCS032E "I2C interface"; Linux
 * drivers/mfd/twl-core.c agrees on the slave addresses and the blocks.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "qemu/log.h"
#include "qemu/error-report.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "hw/irq.h"
#include "hw/qdev-core.h"
#include "hw/qdev-properties.h"
#include "hw/misc/twl4030/twl4030.h"
#include "migration/vmstate.h"
#include GTA04_SYSTEM_RUNSTATE_H
#include "trace.h"

/* ---- the address map ---- */

/* Registers [first, last] of slave address addr belong to cell */
typedef struct TWL4030Window {
    uint8_t addr;
    uint8_t first;
    uint8_t last;
    TWL4030CellId cell;
} TWL4030Window;

/*
 * The chip's one address map (TPS65950 TRM SWCS032E register maps per
 * slave address; include/linux/mfd/twl.h TWL4030_BASEADD_* agree).  A
 * register no window holds reads 0, ignores writes and is logged under
 * -d guest_errors.
 */
static const TWL4030Window twl4030_memmap[] = {
    /* ID1 0x48: the USB transceiver owns the whole address */
    { TWL4030_ADDR_USB, 0x00, 0xff, TWL4030_CELL_USB },

    /* ID2 0x49 */
    { TWL4030_ADDR_INTBR, TWL4030_AUDIO_FIRST, TWL4030_AUDIO_LAST,
      TWL4030_CELL_AUDIO },
    { TWL4030_ADDR_INTBR, 0x4c, 0x7f, TWL4030_CELL_TEST },
    { TWL4030_ADDR_INTBR, A_TWL4030_PIH_REVISION, A_TWL4030_PIH_RESERVED,
      TWL4030_CELL_PIH },
    { TWL4030_ADDR_INTBR, TWL4030_INTBR_FIRST, TWL4030_INTBR_LAST,
      TWL4030_CELL_INTBR },
    { TWL4030_ADDR_INTBR, TWL4030_GPIO_BASE,
      TWL4030_GPIO_BASE + TWL4030_GPIO_SIZE - 1, TWL4030_CELL_GPIO },
    { TWL4030_ADDR_INTBR, 0xb1, 0xc5, TWL4030_CELL_GPIO_SIH },

    /* ID3 0x4a */
    { TWL4030_ADDR_AUX, 0x00, TWL4030_MADC_SIZE - 1, TWL4030_CELL_MADC },
    { TWL4030_ADDR_AUX, 0x61, 0x67, TWL4030_CELL_MADC_SIH },
    { TWL4030_ADDR_AUX, TWL4030_BCI_BASE,
      TWL4030_BCI_BASE + TWL4030_BCI_SIZE - 1, TWL4030_CELL_BCI },
    { TWL4030_ADDR_AUX, 0xb9, 0xc6, TWL4030_CELL_BCI_SIH },
    { TWL4030_ADDR_AUX, TWL4030_KEYPAD_BASE,
      TWL4030_KEYPAD_BASE + TWL4030_KEYPAD_SIZE - 1, TWL4030_CELL_KEYPAD },
    { TWL4030_ADDR_AUX, 0xe3, 0xe9, TWL4030_CELL_KEYPAD_SIH },
    /* LEDEN..PWMBOFF, PWM0ON/OFF, PWM1ON/OFF: the rest is reserved */
    { TWL4030_ADDR_AUX, 0xee, 0xf2, TWL4030_CELL_LEDPWM },
    { TWL4030_ADDR_AUX, 0xf8, 0xf9, TWL4030_CELL_LEDPWM },
    { TWL4030_ADDR_AUX, 0xfb, 0xfc, TWL4030_CELL_LEDPWM },

    /* ID4 0x4b */
    { TWL4030_ADDR_POWER, 0x00, 0x13, TWL4030_CELL_SECURED },
    { TWL4030_ADDR_POWER, 0x14, 0x1b, TWL4030_CELL_BACKUP },
    { TWL4030_ADDR_POWER, TWL4030_RTC_FIRST, TWL4030_RTC_LAST,
      TWL4030_CELL_RTC },
    { TWL4030_ADDR_POWER, 0x2e, 0x35, TWL4030_CELL_PWR_SIH },
    { TWL4030_ADDR_POWER, TWL4030_PM_MASTER_FIRST, TWL4030_PM_MASTER_LAST,
      TWL4030_CELL_POWER },
    /* PM_RECEIVER, with the power master's WATCHDOG_CFG in the middle */
    { TWL4030_ADDR_POWER, TWL4030_PMR_BASE, A_TWL4030_WATCHDOG_CFG - 1,
      TWL4030_CELL_REGULATORS },
    { TWL4030_ADDR_POWER, A_TWL4030_WATCHDOG_CFG, A_TWL4030_WATCHDOG_CFG,
      TWL4030_CELL_POWER },
    { TWL4030_ADDR_POWER, A_TWL4030_WATCHDOG_CFG + 1,
      TWL4030_PMR_BASE + TWL4030_PMR_SIZE - 1, TWL4030_CELL_REGULATORS },
};

static TWL4030Cell *twl4030_cell(TWL4030State *s, TWL4030CellId id)
{
    switch (id) {
    case TWL4030_CELL_USB:
        return TWL4030_CELL(&s->usb);
    case TWL4030_CELL_AUDIO:
        return TWL4030_CELL(&s->audio);
    case TWL4030_CELL_TEST:
        return TWL4030_CELL(&s->regfile[TWL4030_REGFILE_TEST]);
    case TWL4030_CELL_PIH:
        return TWL4030_CELL(&s->pih);
    case TWL4030_CELL_INTBR:
        return TWL4030_CELL(&s->intbr);
    case TWL4030_CELL_GPIO:
        return TWL4030_CELL(&s->gpio);
    case TWL4030_CELL_GPIO_SIH:
        return TWL4030_CELL(&s->sih[TWL4030_SIH_GPIO]);
    case TWL4030_CELL_MADC:
        return TWL4030_CELL(&s->madc);
    case TWL4030_CELL_MADC_SIH:
        return TWL4030_CELL(&s->sih[TWL4030_SIH_MADC]);
    case TWL4030_CELL_BCI:
        return TWL4030_CELL(&s->bci);
    case TWL4030_CELL_BCI_SIH:
        return TWL4030_CELL(&s->sih[TWL4030_SIH_BCI]);
    case TWL4030_CELL_KEYPAD:
        return TWL4030_CELL(&s->keypad);
    case TWL4030_CELL_KEYPAD_SIH:
        return TWL4030_CELL(&s->sih[TWL4030_SIH_KEYPAD]);
    case TWL4030_CELL_LEDPWM:
        return TWL4030_CELL(&s->ledpwm);
    case TWL4030_CELL_SECURED:
        return TWL4030_CELL(&s->regfile[TWL4030_REGFILE_SECURED]);
    case TWL4030_CELL_BACKUP:
        return TWL4030_CELL(&s->regfile[TWL4030_REGFILE_BACKUP]);
    case TWL4030_CELL_RTC:
        return TWL4030_CELL(&s->rtc);
    case TWL4030_CELL_PWR_SIH:
        return TWL4030_CELL(&s->sih[TWL4030_SIH_PWR]);
    case TWL4030_CELL_POWER:
        return TWL4030_CELL(&s->power);
    case TWL4030_CELL_REGULATORS:
        return TWL4030_CELL(&s->regulators);
    default:
        g_assert_not_reached();
    }
}

/* The first window of a cell (an SIH has exactly one) */
static const TWL4030Window *twl4030_window_of(TWL4030CellId id)
{
    int i;

    for (i = 0; i < ARRAY_SIZE(twl4030_memmap); i++) {
        if (twl4030_memmap[i].cell == id) {
            return &twl4030_memmap[i];
        }
    }
    g_assert_not_reached();
}

/* (address, register) -> cell; two windows claiming a register is a bug */
static bool twl4030_build_map(TWL4030State *s, Error **errp)
{
    int i, reg;

    memset(s->map, 0, sizeof(s->map));
    for (i = 0; i < ARRAY_SIZE(twl4030_memmap); i++) {
        const TWL4030Window *w = &twl4030_memmap[i];
        TWL4030Cell *c = twl4030_cell(s, w->cell);

        for (reg = w->first; reg <= w->last; reg++) {
            TWL4030Cell **slot = &s->map[w->addr - TWL4030_ADDR_USB][reg];

            if (*slot) {
                error_setg(errp, "twl4030: register 0x%02x:0x%02x of %s is "
                           "already owned by %s", w->addr, reg,
                           object_get_canonical_path_component(OBJECT(c)),
                           object_get_canonical_path_component(
                               OBJECT(*slot)));
                return false;
            }
            *slot = c;
        }
    }
    return true;
}

/* ---- the SIHs ---- */

/*
 * Sources and EDR reset of each SIH (their windows are in the address
 * map).  EDR reset values are not all known to us (an assumption, chosen
 * so that Linux 6.1 works).  PWR: both edges of everything (CHG_PRES is
 * requested by the charger without a trigger type, so the default must
 * let it latch; qemu-linaro used 0xff too).  GPIO: none ("all of these
 * IRQs default to no-trigger", twl4030-irq.c).  BCI and MADC: rising
 * edges (their drivers never write the EDR).  Keypad: none (its driver
 * writes KEYP_EDR).  MADC: "COR=1 means clear on write" (twl4030-irq.c).
 */
static const struct {
    const char *name;
    TWL4030CellId cell;
    uint8_t num_sources;
    uint64_t edr_reset;
    bool cor_inverted;
} twl4030_sih_info[TWL4030_NUM_SIH] = {
    [TWL4030_SIH_PWR] = { "pwr-sih", TWL4030_CELL_PWR_SIH,
                          TWL4030_PWR_NUM_SOURCES, 0xffff, false },
    [TWL4030_SIH_GPIO] = { "gpio-sih", TWL4030_CELL_GPIO_SIH,
                           TWL4030_GPIO_NUM_PINS, 0, false },
    [TWL4030_SIH_BCI] = { "bci-sih", TWL4030_CELL_BCI_SIH,
                          TWL4030_BCI_NUM_SOURCES, 0xaaaaaa, false },
    [TWL4030_SIH_MADC] = { "madc-sih", TWL4030_CELL_MADC_SIH,
                           TWL4030_MADC_NUM_SOURCES, 0xaa, true },
    [TWL4030_SIH_KEYPAD] = { "keypad-sih", TWL4030_CELL_KEYPAD_SIH,
                             TWL4030_KEYPAD_NUM_SOURCES, 0, false },
};

/* ---- the input pins: the user's stimuli ---- */

static const struct {
    const char *name;
    const char *desc;
    int fanout;         /* lines of the chip's GPIO output of that name */
} twl4030_pin_info[TWL4030_NUM_PINS] = {
    [TWL4030_PIN_PWRON] = { "pwron", "power button held", 1 },
    [TWL4030_PIN_VBUS] = { "vbus", "5 V present on the USB connector", 3 },
    [TWL4030_PIN_USB_ID] = { "usb-id", "USB ID pin grounded (A cable)", 2 },
    [TWL4030_PIN_AC] = { "ac", "AC charger present", 3 },
};

static void twl4030_drive_pin(TWL4030State *s, TWL4030Pin pin)
{
    int level = s->pin[pin];
    int i;

    if (pin == TWL4030_PIN_PWRON) {
        level |= s->powerdown_pressed;
    }
    trace_twl4030_stimulus(pin, level);
    for (i = 0; i < twl4030_pin_info[pin].fanout; i++) {
        qemu_set_irq(s->pin_out[pin][i], level);
    }
}

static void twl4030_get_pin(Object *obj, Visitor *v, const char *name,
                            void *opaque, Error **errp)
{
    bool *pin = opaque;
    bool value = *pin;

    visit_type_bool(v, name, &value, errp);
}

static void twl4030_set_pin(Object *obj, Visitor *v, const char *name,
                            void *opaque, Error **errp)
{
    TWL4030State *s = TWL4030(obj);
    bool *pin = opaque;
    bool value;

    if (!visit_type_bool(v, name, &value, errp)) {
        return;
    }
    *pin = value;
    if (DEVICE(s)->realized) {
        twl4030_drive_pin(s, pin - s->pin);
    }
}

/* QEMU's system_powerdown: a short press of the power button */
static void twl4030_powerdown_release(void *opaque)
{
    TWL4030State *s = opaque;

    s->powerdown_pressed = false;
    twl4030_drive_pin(s, TWL4030_PIN_PWRON);
}

static void twl4030_powerdown(Notifier *n, void *data)
{
    TWL4030State *s = container_of(n, TWL4030State, powerdown_notifier);

    trace_twl4030_powerdown();
    s->powerdown_pressed = true;
    twl4030_drive_pin(s, TWL4030_PIN_PWRON);
    /* in ns: the press lasts 200 ms from now, not from the last whole ms */
    timer_mod(s->powerdown_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
              TWL4030_POWERDOWN_PRESS_MS * SCALE_MS);
}

/* ---- the wires ---- */

/* Line out_n of output "out" of from drives line in_n of input "in" of to */
static void twl4030_wire(DeviceState *from, const char *out, int out_n,
                         DeviceState *to, const char *in, int in_n)
{
    qdev_connect_gpio_out_named(from, out, out_n,
                                qdev_get_gpio_in_named(to, in, in_n));
}

/*
 * Every connection between the cells: levels and edges as qdev GPIOs
 * (docs/gta04.md has them as a table, which make check compares with the
 * running QEMU through scripts/twl4030-wiring.py --check).
 */
static void twl4030_connect_cells(TWL4030State *s)
{
    DeviceState *chip = DEVICE(s);
    DeviceState *pih = DEVICE(&s->pih);
    DeviceState *power = DEVICE(&s->power);
    DeviceState *regulators = DEVICE(&s->regulators);
    DeviceState *usb = DEVICE(&s->usb);
    DeviceState *bci = DEVICE(&s->bci);
    DeviceState *madc = DEVICE(&s->madc);
    DeviceState *pwr_sih = DEVICE(&s->sih[TWL4030_SIH_PWR]);
    int i;

    /* the input pins: levels */
    twl4030_wire(chip, "pwron", 0, power, "pwron", 0);
    /*
     * VBUS: the power block's VBUS_PRES comparator runs from VBUS itself,
     * not from VUSB3V1, so STS_HW_CONDITIONS.VBUS / USB_PRES see the cable
     * while the PHY is suspended (phy-twl4030-usb.c twl4030_usb_linkstat);
     * only the charger goes through the transceiver's VUSB3V1-supplied
     * comparator (usb "vbus-present" below).  The MADC measures the
     * connector (ADCIN8).
     */
    twl4030_wire(chip, "vbus", 0, power, "vbus", 0);
    twl4030_wire(chip, "vbus", 1, usb, "vbus", 0);
    twl4030_wire(chip, "vbus", 2, madc, "vbus", 0);
    twl4030_wire(chip, "usb-id", 0, power, "usb-id", 0);
    twl4030_wire(chip, "usb-id", 1, usb, "usb-id", 0);
    twl4030_wire(chip, "ac", 0, power, "ac", 0);
    twl4030_wire(chip, "ac", 1, bci, "ac", 0);
    twl4030_wire(chip, "ac", 2, madc, "ac", 0);
    /*
     * a battery figure changes: the MADC first finishes what ended before
     * (rising edge), the BCI's comparators then see it (falling edge)
     */
    twl4030_wire(DEVICE(&s->battery), "changed", 0, bci, "battery-changed", 0);
    twl4030_wire(DEVICE(&s->battery), "changed", 1,
                 madc, "battery-changed", 0);

    /* interrupt sources into the SIHs: levels, or pulses for events */
    for (i = 0; i < TWL4030_PWR_NUM_SOURCES; i++) {
        if (i != TWL4030_PWR_SRC_RTC_IT) {
            twl4030_wire(power, "sih", i, pwr_sih, "source", i);
        }
    }
    twl4030_wire(DEVICE(&s->rtc), "irq", 0,
                 pwr_sih, "source", TWL4030_PWR_SRC_RTC_IT);
    for (i = 0; i < TWL4030_GPIO_NUM_PINS; i++) {
        twl4030_wire(DEVICE(&s->gpio), "sih", i,
                     DEVICE(&s->sih[TWL4030_SIH_GPIO]), "source", i);
    }
    for (i = 0; i < TWL4030_KEYPAD_NUM_SOURCES; i++) {
        twl4030_wire(DEVICE(&s->keypad), "sih", i,
                     DEVICE(&s->sih[TWL4030_SIH_KEYPAD]), "source", i);
    }
    for (i = 0; i < TWL4030_MADC_NUM_SOURCES; i++) {
        twl4030_wire(madc, "sih", i,
                     DEVICE(&s->sih[TWL4030_SIH_MADC]), "source", i);
    }
    /* BCIISR1A bits 0-7 = sources 0-7, BCIISR2A bits 0-3 = sources 8-11 */
    for (i = 0; i < TWL4030_BCI_NUM_SOURCES; i++) {
        twl4030_wire(bci, "sih", i,
                     DEVICE(&s->sih[TWL4030_SIH_BCI]), "source", i);
    }

    /* the SIHs and the USB PHY into PIH_ISR_P1/P2: levels */
    twl4030_wire(pwr_sih, "int1", 0, pih, "p1", TWL4030_PIH_PWR);
    twl4030_wire(pwr_sih, "int2", 0, pih, "p2", TWL4030_PIH_PWR);
    twl4030_wire(DEVICE(&s->sih[TWL4030_SIH_GPIO]), "int1", 0,
                 pih, "p1", TWL4030_PIH_GPIO);
    twl4030_wire(DEVICE(&s->sih[TWL4030_SIH_GPIO]), "int2", 0,
                 pih, "p2", TWL4030_PIH_GPIO);
    twl4030_wire(DEVICE(&s->sih[TWL4030_SIH_BCI]), "int1", 0,
                 pih, "p1", TWL4030_PIH_BCI);
    twl4030_wire(DEVICE(&s->sih[TWL4030_SIH_BCI]), "int2", 0,
                 pih, "p2", TWL4030_PIH_BCI);
    twl4030_wire(DEVICE(&s->sih[TWL4030_SIH_MADC]), "int1", 0,
                 pih, "p1", TWL4030_PIH_MADC);
    twl4030_wire(DEVICE(&s->sih[TWL4030_SIH_MADC]), "int2", 0,
                 pih, "p2", TWL4030_PIH_MADC);
    twl4030_wire(DEVICE(&s->sih[TWL4030_SIH_KEYPAD]), "int1", 0,
                 pih, "p1", TWL4030_PIH_KEYPAD);
    twl4030_wire(DEVICE(&s->sih[TWL4030_SIH_KEYPAD]), "int2", 0,
                 pih, "p2", TWL4030_PIH_KEYPAD);
    twl4030_wire(usb, "pih", 0, pih, "p1", TWL4030_PIH_USB);
    twl4030_wire(usb, "pih", 1, pih, "p2", TWL4030_PIH_USB);

    /* P1..P3 ACTIVE/SLEEP/OFF as a level: the only path of group states */
    for (i = 0; i < TWL4030_NUM_GROUPS; i++) {
        twl4030_wire(power, "group-state", i, regulators, "group-state", i);
    }
    /* the PHY's supplies; VUSB3V1 also powers its VBUS comparator */
    twl4030_wire(regulators, "vusb3v1", 0, usb, "vusb3v1", 0);
    twl4030_wire(regulators, "vusb1v5", 0, usb, "vusb1v5", 0);
    twl4030_wire(regulators, "vusb1v8", 0, usb, "vusb1v8", 0);
    /* the transceiver's VBUS comparator: the USB charge path */
    twl4030_wire(usb, "vbus-present", 0, bci, "vbus-present", 0);
    /* PM_MASTER BOOT_BCI BCIAUTOAC / BCIAUTOUSB */
    twl4030_wire(power, "bciautoac", 0, bci, "bciautoac", 0);
    twl4030_wire(power, "bciautousb", 0, bci, "bciautousb", 0);
}

/* ---- register access ---- */

static uint8_t twl4030_reg_read(TWL4030State *s, int idx, uint8_t reg)
{
    uint8_t addr = TWL4030_ADDR_USB + idx;
    TWL4030Cell *c = s->map[idx][reg];
    uint8_t val;

    if (c) {
        val = TWL4030_CELL_GET_CLASS(c)->read(c, addr, reg);
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
    TWL4030Cell *c = s->map[idx][reg];

    trace_twl4030_write(addr, reg, value);
    if (c) {
        TWL4030_CELL_GET_CLASS(c)->write(c, addr, reg, value);
    } else {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030: write 0x%02x to unimplemented register "
                      "0x%02x:0x%02x\n", value, addr, reg);
    }
}

/*
 * ---- I2C front end ----
 *
 * The first byte of a write is the register pointer; the following bytes
 * of the write, and the bytes of reads, go to the pointer, which then
 * increments (it wraps at 0xff).  The pointer is kept per slave address (a
 * repeated start to read keeps it).
 */

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

/* ---- the device ---- */

static void twl4030_init(Object *obj)
{
    TWL4030State *s = TWL4030(obj);
    int i;

    qbus_init(&s->bus, sizeof(s->bus), TYPE_TWL4030_BUS, DEVICE(obj),
              "twl4030-bus");

    /* the cells, in realize (and reset, and vmstate instance) order */
    object_initialize_child(obj, "pih", &s->pih, TYPE_TWL4030_PIH);
    object_initialize_child(obj, "intbr", &s->intbr, TYPE_TWL4030_INTBR);
    object_initialize_child(obj, "rtc", &s->rtc, TYPE_TWL4030_RTC);
    object_initialize_child(obj, "power", &s->power, TYPE_TWL4030_POWER);
    for (i = 0; i < TWL4030_NUM_SIH; i++) {
        const TWL4030Window *w = twl4030_window_of(twl4030_sih_info[i].cell);
        DeviceState *sih;

        object_initialize_child(obj, twl4030_sih_info[i].name, &s->sih[i],
                                TYPE_TWL4030_SIH);
        sih = DEVICE(&s->sih[i]);
        qdev_prop_set_uint8(sih, "num-sources",
                            twl4030_sih_info[i].num_sources);
        qdev_prop_set_uint8(sih, "addr", w->addr);
        qdev_prop_set_uint8(sih, "base", w->first);
        qdev_prop_set_uint64(sih, "edr-reset", twl4030_sih_info[i].edr_reset);
        qdev_prop_set_bit(sih, "cor-inverted",
                          twl4030_sih_info[i].cor_inverted);
    }
    object_initialize_child(obj, "audio", &s->audio, TYPE_TWL4030_AUDIO);
    object_initialize_child(obj, "test", &s->regfile[TWL4030_REGFILE_TEST],
                            TYPE_TWL4030_REGFILE);
    object_initialize_child(obj, "secured",
                            &s->regfile[TWL4030_REGFILE_SECURED],
                            TYPE_TWL4030_REGFILE);
    object_initialize_child(obj, "backup", &s->regfile[TWL4030_REGFILE_BACKUP],
                            TYPE_TWL4030_REGFILE);
    object_initialize_child(obj, "regulators", &s->regulators,
                            TYPE_TWL4030_REGULATORS);
    object_initialize_child(obj, "usb", &s->usb, TYPE_TWL4030_USB);
    object_initialize_child(obj, "bci", &s->bci, TYPE_TWL4030_BCI);
    object_initialize_child(obj, "madc", &s->madc, TYPE_TWL4030_MADC);
    object_initialize_child(obj, "gpio", &s->gpio, TYPE_TWL4030_GPIO);
    object_initialize_child(obj, "keypad", &s->keypad, TYPE_TWL4030_KEYPAD);
    object_initialize_child(obj, "ledpwm", &s->ledpwm, TYPE_TWL4030_LEDPWM);
    object_initialize_child(obj, "battery", &s->battery, TYPE_TWL4030_BATTERY);

    /* the user's stimuli: the input pins, and the battery's figures */
    for (i = 0; i < TWL4030_NUM_PINS; i++) {
        object_property_add(obj, twl4030_pin_info[i].name, "bool",
                            twl4030_get_pin, twl4030_set_pin, NULL,
                            &s->pin[i]);
        object_property_set_description(obj, twl4030_pin_info[i].name,
                                        twl4030_pin_info[i].desc);
        qdev_init_gpio_out_named(DEVICE(obj), s->pin_out[i],
                                 twl4030_pin_info[i].name,
                                 twl4030_pin_info[i].fanout);
    }
    object_property_add_alias(obj, "battery-mv", OBJECT(&s->battery), "mv");
    object_property_add_alias(obj, "battery-temp", OBJECT(&s->battery),
                              "temp");
    s->powerdown_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                      twl4030_powerdown_release, s);

    /* the outputs of the chip are the PIH's */
    qdev_pass_gpios(DEVICE(&s->pih), DEVICE(s), "int1");
    qdev_pass_gpios(DEVICE(&s->pih), DEVICE(s), "int2");
    /* the input from the SoC: nSLEEP1 (its SYS_OFF_MODE on the GTA04) */
    qdev_pass_gpios(DEVICE(&s->power), DEVICE(s), TWL4030_POWER_SLEEP1);

    s->cur = -1;
}

static void twl4030_finalize(Object *obj)
{
    TWL4030State *s = TWL4030(obj);

    timer_free(s->powerdown_timer);
}

static void twl4030_realize(DeviceState *dev, Error **errp)
{
    TWL4030State *s = TWL4030(dev);
    BusState *bus = BUS(&s->bus);
    int i;

    /* values read through links */
    object_property_set_link(OBJECT(&s->power), "regulators",
                             OBJECT(&s->regulators), &error_abort);
    object_property_set_link(OBJECT(&s->madc), "bci", OBJECT(&s->bci),
                             &error_abort);
    object_property_set_link(OBJECT(&s->madc), "battery", OBJECT(&s->battery),
                             &error_abort);
    object_property_set_link(OBJECT(&s->bci), "battery", OBJECT(&s->battery),
                             &error_abort);

    if (!qdev_realize(DEVICE(&s->battery), NULL, errp) ||
        !qdev_realize(DEVICE(&s->pih), bus, errp) ||
        !qdev_realize(DEVICE(&s->intbr), bus, errp) ||
        !qdev_realize(DEVICE(&s->rtc), bus, errp) ||
        !qdev_realize(DEVICE(&s->power), bus, errp)) {
        return;
    }
    for (i = 0; i < TWL4030_NUM_SIH; i++) {
        if (!qdev_realize(DEVICE(&s->sih[i]), bus, errp)) {
            return;
        }
    }
    if (!qdev_realize(DEVICE(&s->audio), bus, errp)) {
        return;
    }
    for (i = 0; i < TWL4030_NUM_REGFILE; i++) {
        if (!qdev_realize(DEVICE(&s->regfile[i]), bus, errp)) {
            return;
        }
    }
    if (!qdev_realize(DEVICE(&s->regulators), bus, errp) ||
        !qdev_realize(DEVICE(&s->usb), bus, errp) ||
        !qdev_realize(DEVICE(&s->bci), bus, errp) ||
        !qdev_realize(DEVICE(&s->madc), bus, errp) ||
        !qdev_realize(DEVICE(&s->gpio), bus, errp) ||
        !qdev_realize(DEVICE(&s->keypad), bus, errp) ||
        !qdev_realize(DEVICE(&s->ledpwm), bus, errp)) {
        return;
    }

    twl4030_connect_cells(s);
    if (!twl4030_build_map(s, errp)) {
        return;
    }

    s->powerdown_notifier.notify = twl4030_powerdown;
    qemu_register_powerdown_notifier(&s->powerdown_notifier);

    /* wired: the input pins and the battery give their levels once */
    for (i = 0; i < TWL4030_NUM_PINS; i++) {
        twl4030_drive_pin(s, i);
    }
    twl4030_battery_changed(&s->battery);
}

/* The pins are the user's: a reset keeps them */
static void twl4030_reset_enter(Object *obj, ResetType type)
{
    TWL4030State *s = TWL4030(obj);

    s->cur = -1;
    s->expect_pointer = false;
    memset(s->pointer, 0, sizeof(s->pointer));
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

/*
 * The I2C front end and the input pins; every cell migrates its own
 * state.  Version 4: the pins moved here from the "twl4030-inputs"
 * section (gone with its device), so a version 3 stream does not load.
 */
static const VMStateDescription vmstate_twl4030 = {
    .name = "twl4030",
    .version_id = 4,
    .minimum_version_id = 4,
    .post_load = twl4030_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_I2C_SLAVE(parent_obj, TWL4030State),
        VMSTATE_INT8(cur, TWL4030State),
        VMSTATE_BOOL(expect_pointer, TWL4030State),
        VMSTATE_UINT8_ARRAY(pointer, TWL4030State, TWL4030_NUM_ADDRS),
        VMSTATE_BOOL_ARRAY(pin, TWL4030State, TWL4030_NUM_PINS),
        VMSTATE_BOOL(powerdown_pressed, TWL4030State),
        VMSTATE_TIMER_PTR(powerdown_timer, TWL4030State),
        VMSTATE_END_OF_LIST()
    }
};

static void twl4030_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    I2CSlaveClass *sc = I2C_SLAVE_CLASS(oc);

    dc->desc = "TI TWL4030/TPS65950 power management companion";
    dc->realize = twl4030_realize;
    dc->vmsd = &vmstate_twl4030;
    /* the board wires int1 to the SoC: no -device */
    dc->user_creatable = false;
    rc->phases.enter = twl4030_reset_enter;
    sc->match_and_add = twl4030_match_and_add;
    sc->event = twl4030_event;
    sc->send = twl4030_send;
    sc->recv = twl4030_recv;
}
GTA04_CLASS_INIT_COMPAT(twl4030_class_init);

static const TypeInfo twl4030_type_info = {
    .name = TYPE_TWL4030,
    .parent = TYPE_I2C_SLAVE,
    .instance_size = sizeof(TWL4030State),
    .instance_init = twl4030_init,
    .instance_finalize = twl4030_finalize,
    .class_init = GTA04_CLASS_INIT(twl4030_class_init),
};

static void twl4030_register_types(void)
{
    type_register_static(&twl4030_type_info);
}

type_init(twl4030_register_types)
