/*
 * TI TWL4030 (TPS65950) battery charger interface (BCI):
 * MAIN_CHARGE 0x4A:0x74-0xA9 and PRECHARGE 0x4A:0xAA-0xB8
 *
 * Register names and bits follow the TPS65950 TRM as used by
 * drivers/power/supply/twl4030_charger.c.  What is modelled:
 *
 *  - BCIMDKEY: the mode keys 0x25..0x2A (EKEY1..EKEY6) select BCIMDEN:
 *    0x25 AC linear, 0x26 USB linear, 0x27 AC constant voltage, 0x28 AC
 *    auto, 0x29 USB auto, 0x2A off (the values are those of qemu-linaro's
 *    TPS65950 model; Linux uses 0x26 "linear charge, USB path" and 0x2A
 *    "off mode").  BCIMDEN bit 0 = USB path, bit 1 = AC path.  Other key
 *    values are ignored.
 *  - The main charge FSM, simplified to the states Linux tells apart
 *    (BCIMSTATEC[3:0]): 0x0 no charging device, 0x1 off (a charger is
 *    present but charging is disabled), 0x2 quick charge 1 (charging),
 *    0xB charge complete 1 (battery at 4.2 V or more).  A source charges
 *    when it is present and enabled, either automatically (PM_MASTER
 *    BOOT_BCI BCIAUTOUSB / BCIAUTOAC, inputs from the power module) or by
 *    the BCIMDEN path bit.  BCIMSTATEC bit 4 = USB charger present (the
 *    USB transceiver's VUSB3V1-supplied VBUS comparator, "vbus-present",
 *    so it drops when VUSB3V1 goes off even with the cable plugged; the
 *    power block's STS_HW_CONDITIONS.VBUS does not), bit 5 = AC charger
 *    present.
 *  - Charger detection is debounced (TPS65950 TRM SWCS032E, table 14-1
 *    "Debouncing Time"): the BCI samples the comparators on a 50 ms tick;
 *    a plug (USB "VBUS precharge" or AC charger) is seen after 9 ticks, an
 *    unplug after 1 tick, counted from the tick after the change (the
 *    table's footnote: 50 ms + dT, 0 < dT < 50 ms, "event captured on a
 *    50 ms tick").  A level that goes back before then is never seen.  So
 *    the FSM change that VUSB3V1 going off makes with the cable plugged
 *    (SWCS032E 8.1.1: the BCI's VBUS detection) comes 50-100 ms after it,
 *    not at once.  The tick runs on the virtual clock from 0 (a free
 *    running divider of the 32 kHz clock).  The ADC readings (BCIVBUS,
 *    BCIVAC) are not debounced.
 *  - Interrupts: every change of BCIMSTATEC is an "FSM state change",
 *    which twl4030_charger.c takes from ICHGLOW (BCIISR1A bit 3, "Battery
 *    cc. low / FSM state change"): we pulse that source (1 then 0), so the
 *    BCI SIH latches it on the edge its EDR selects.  This is the
 *    interrupt that tells twl4030_charger.c the board runs on battery
 *    again when VUSB3V1 and with it vbus-present go away.  Level sources (our
 *    thresholds): ICHGEOC = charge complete, TBATOR1 = battery below
 *    0 degC, TBATOR2 = above 45 degC, BATSTS = no battery (below 2.5 V),
 *    VBATLVL = below 3.0 V, VBATOV = above 4.5 V.  WOVF, TMOVF, ICHGHIGH,
 *    VBUSOV and ACCHGOV never assert (no watchdog/timers, ideal 5 V).
 *  - ADC results (10 bit, LSB at the lower address, the 2 MSBs in bits
 *    1:0 of the next register), computed when read, with the scales of
 *    twl4030_charger.c / twl4030-madc.c: BCIVBAT (ADCIN12, 6 V full
 *    scale), BCITBAT (ADCIN1, NTC), BCIICHG (charge current, the
 *    regval2ua() scale with CGAIN; the current is the BCIIREF limit while
 *    charging), BCIVAC (9.775 mV/step), BCIVBUS (6.843 mV/step, 0 while the
 *    comparator sees no VBUS).
 *  - BCIMFKEY: one key unlocks one write of the monitoring function
 *    registers: MFKEY1..4 = 0x57 0x73 0x9C 0x3E for BCIMFEN1..4, MFKEY5..13
 *    = 0xD2 0x7F 0x6D 0xEA 0xC4 0xBC 0xC3 0xF4 0xE7 for BCIMFTH1..9, and
 *    0xE7 for BCIIREF1/2 (0x9C, 0xF4 and 0xE7 are what Linux uses; the
 *    others are from the TRM key table as we remember it).  Any write to
 *    a protected register consumes the key; without the right key the
 *    write is ignored.
 *  - The PRECHARGE block and the other registers are storage.
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
#include "qemu/module.h"
#include "hw/irq.h"
#include "hw/qdev-core.h"
#include "hw/registerfields.h"
#include "hw/misc/twl4030/bci.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "trace.h"

REG8(BCIMDEN, 0x74)
    FIELD(BCIMDEN, USB, 0, 1)
    FIELD(BCIMDEN, AC, 1, 1)
REG8(BCIMDKEY, 0x75)
REG8(BCIMSTATEC, 0x76)
    FIELD(BCIMSTATEC, STATE, 0, 4)
    FIELD(BCIMSTATEC, USB, 4, 1)
    FIELD(BCIMSTATEC, AC, 5, 1)
REG8(BCIMSTATEP, 0x77)
REG8(BCIVBAT1, 0x78)
REG8(BCIVBAT2, 0x79)
REG8(BCITBAT1, 0x7a)
REG8(BCITBAT2, 0x7b)
REG8(BCIICHG1, 0x7c)
REG8(BCIICHG2, 0x7d)
REG8(BCIVAC1, 0x7e)
REG8(BCIVAC2, 0x7f)
REG8(BCIVBUS1, 0x80)
REG8(BCIVBUS2, 0x81)
REG8(BCIMFSTS2, 0x82)
REG8(BCIMFSTS3, 0x83)
REG8(BCIMFSTS4, 0x84)
REG8(BCIMFKEY, 0x85)
REG8(BCIMFEN1, 0x86)
REG8(BCIMFEN4, 0x89)
REG8(BCIMFTH1, 0x8a)
REG8(BCIMFTH9, 0x92)
REG8(BCICTL1, 0x97)
    FIELD(BCICTL1, CGAIN, 5, 1)
REG8(BCICTL2, 0x98)
    FIELD(BCICTL2, ITHSENS, 0, 3)
REG8(BCIIREF1, 0x9b)
REG8(BCIIREF2, 0x9c)
REG8(BCIMNTEST3, 0xa9)


/* FSM states (BCIMSTATEC[3:0]) */
enum {
    FSM_NO_CHARGING_DEV = 0x0,
    FSM_OFF = 0x1,
    FSM_QUICK1 = 0x2,
    FSM_COMPLETE1 = 0xb,
};

#define BATTERY_FULL_MV         4200
#define BATTERY_ABSENT_MV       2500
#define BATTERY_LOW_MV          3000
#define BATTERY_OV_MV           4500
#define CHARGER_MV              5000

/* The battery's figures, through the "battery" link */
static uint32_t bci_battery_mv(TWL4030BCIState *s)
{
    return twl4030_battery_mv(s->battery);
}

static int32_t bci_battery_temp(TWL4030BCIState *s)
{
    return twl4030_battery_temp(s->battery);
}

/* BCIMFKEY values unlocking one write of BCIMFEN1..4, BCIMFTH1..9 */
static const uint8_t mf_keys[] = {
    0x57, 0x73, 0x9c, 0x3e,
    0xd2, 0x7f, 0x6d, 0xea, 0xc4, 0xbc, 0xc3, 0xf4, 0xe7,
};
#define IREF_KEY    0xe7

/* Reset values other than 0 (TPS65950 reset table via qemu-linaro) */
static const TWL4030RegReset bci_reset[] = {
    { 0x84, 0x20 }, { 0x89, 0x68 },
    { 0x8a, 0x9b }, { 0x8b, 0x86 }, { 0x8c, 0x48 }, { 0x8d, 0x2a },
    { 0x8e, 0x07 }, { 0x8f, 0x28 }, { 0x90, 0x09 }, { 0x91, 0x69 },
    { 0x92, 0x90 }, { 0x94, 0x2a }, { 0x96, 0x02 }, { 0x98, 0x10 },
    { 0x99, 0xcd }, { 0x9a, 0x02 }, { 0x9b, 0x68 }, { 0x9c, 0x03 },
    { 0xac, 0x70 },
};

static uint8_t bci_reg(TWL4030BCIState *s, uint8_t reg)
{
    return s->regs[reg];
}

bool twl4030_bci_cgain(TWL4030BCIState *s)
{
    return FIELD_EX8(bci_reg(s, A_BCICTL1), BCICTL1, CGAIN);
}

uint8_t twl4030_bci_ithsens(TWL4030BCIState *s)
{
    return FIELD_EX8(bci_reg(s, A_BCICTL2), BCICTL2, ITHSENS);
}

/* twl4030_charger.c regval2ua() and its inverse */
static int bci_code_to_ua(int code, bool cgain)
{
    return (code * 16618 - 8500 * 1000) / (cgain ? 5 : 10);
}

static int bci_ua_to_code(int ua, bool cgain)
{
    int code = (ua * (cgain ? 5 : 10) + 8500 * 1000 + 16618 / 2) / 16618;

    return MIN(MAX(code, 0), 0x3ff);
}

/*
 * BCIMDKEY's mode keys EKEY1..EKEY6 and the BCIMDEN each one selects (bits
 * 0/1 the USB/AC path, bits 2..4 the charge mode), as listed above
 */
static const struct {
    uint8_t key;
    uint8_t mden;
} bci_mode_keys[] = {
    { 0x25, 0x12 },     /* EKEY1: AC linear */
    { 0x26, 0x11 },     /* EKEY2: USB linear (Linux's "linear charge, USB path") */
    { 0x27, 0x0a },     /* EKEY3: AC constant voltage */
    { 0x28, 0x06 },     /* EKEY4: AC automatic */
    { 0x29, 0x05 },     /* EKEY5: USB automatic */
    { 0x2a, 0x00 },     /* EKEY6: off */
};

static uint8_t bci_mdkey_to_mden(uint8_t key, bool *valid)
{
    size_t i;

    for (i = 0; i < ARRAY_SIZE(bci_mode_keys); i++) {
        if (bci_mode_keys[i].key == key) {
            *valid = true;
            return bci_mode_keys[i].mden;
        }
    }
    *valid = false;
    return 0;
}

/* TRM table 14-1: the BCI's charger-detection debounce */
#define BCI_DEBOUNCE_TICK_NS    (50 * SCALE_MS)
#define BCI_PLUG_TICKS          9
#define BCI_UNPLUG_TICKS        1

static const char *const bci_charger_name[TWL4030_BCI_NUM_CHARGERS] = {
    [TWL4030_BCI_USB] = "usb",
    [TWL4030_BCI_AC] = "ac",
};

static bool bci_detected(TWL4030BCIState *s, int n)
{
    return s->charger[n].detected;
}

static bool bci_usb_charging(TWL4030BCIState *s)
{
    return bci_detected(s, TWL4030_BCI_USB) &&
           (s->auto_usb || FIELD_EX8(bci_reg(s, A_BCIMDEN), BCIMDEN, USB));
}

static bool bci_ac_charging(TWL4030BCIState *s)
{
    return bci_detected(s, TWL4030_BCI_AC) &&
           (s->auto_ac || FIELD_EX8(bci_reg(s, A_BCIMDEN), BCIMDEN, AC));
}

static bool bci_charging(TWL4030BCIState *s)
{
    return bci_usb_charging(s) || bci_ac_charging(s);
}

int twl4030_bci_charge_current_ua(TWL4030BCIState *s)
{
    int iref = bci_reg(s, A_BCIIREF1) | (bci_reg(s, A_BCIIREF2) & 3) << 8;

    if (!bci_charging(s) || bci_battery_mv(s) >= BATTERY_FULL_MV) {
        return 0;
    }
    return MAX(bci_code_to_ua(iref, twl4030_bci_cgain(s)), 0);
}

static uint8_t bci_compute_mstatec(TWL4030BCIState *s)
{
    uint8_t state;

    if (!bci_detected(s, TWL4030_BCI_USB) && !bci_detected(s, TWL4030_BCI_AC)) {
        state = FSM_NO_CHARGING_DEV;
    } else if (!bci_charging(s)) {
        state = FSM_OFF;
    } else if (bci_battery_mv(s) >= BATTERY_FULL_MV) {
        state = FSM_COMPLETE1;
    } else {
        state = FSM_QUICK1;
    }
    state = FIELD_DP8(state, BCIMSTATEC, USB, bci_detected(s, TWL4030_BCI_USB));
    return FIELD_DP8(state, BCIMSTATEC, AC, bci_detected(s, TWL4030_BCI_AC));
}

/* The SIH keeps our source levels across reset: send changes only */
static void bci_set_source(TWL4030BCIState *s, int n, bool level)
{
    if (level != s->source[n]) {
        trace_twl4030_bci_source(n, level);
        s->source[n] = level;
        qemu_set_irq(s->irq[n], level);
    }
}

/*
 * Recompute the FSM and the interrupt sources.  A reset (reset true) does
 * not count as an FSM change event.
 */
static void bci_update(TWL4030BCIState *s, bool reset)
{
    uint8_t mstatec = bci_compute_mstatec(s);
    int temp = bci_battery_temp(s);

    if (mstatec != s->mstatec) {
        trace_twl4030_bci_fsm(s->mstatec, mstatec);
        s->mstatec = mstatec;
        if (!reset) {
            trace_twl4030_bci_source(TWL4030_BCI_SRC_ICHGLOW, 1);
            qemu_irq_pulse(s->irq[TWL4030_BCI_SRC_ICHGLOW]);
        }
    }
    bci_set_source(s, TWL4030_BCI_SRC_WOVF, false);
    bci_set_source(s, TWL4030_BCI_SRC_TMOVF, false);
    bci_set_source(s, TWL4030_BCI_SRC_ICHGHIGH, false);
    bci_set_source(s, TWL4030_BCI_SRC_ICHGLOW, false);
    bci_set_source(s, TWL4030_BCI_SRC_ICHGEOC,
                   FIELD_EX8(mstatec, BCIMSTATEC, STATE) == FSM_COMPLETE1);
    bci_set_source(s, TWL4030_BCI_SRC_TBATOR2, temp > 450);
    bci_set_source(s, TWL4030_BCI_SRC_TBATOR1, temp < 0);
    bci_set_source(s, TWL4030_BCI_SRC_BATSTS,
                   bci_battery_mv(s) < BATTERY_ABSENT_MV);
    bci_set_source(s, TWL4030_BCI_SRC_VBATLVL,
                   bci_battery_mv(s) < BATTERY_LOW_MV);
    bci_set_source(s, TWL4030_BCI_SRC_VBATOV,
                   bci_battery_mv(s) > BATTERY_OV_MV);
    bci_set_source(s, TWL4030_BCI_SRC_VBUSOV, false);
    bci_set_source(s, TWL4030_BCI_SRC_ACCHGOV, false);
}

/* The 10-bit value behind an ADC register pair */
static uint16_t bci_adc_code(TWL4030BCIState *s, uint8_t lsb_reg)
{
    switch (lsb_reg) {
    case A_BCIVBAT1:        /* ADCIN12: VBAT / 4 on a 1.5 V scale */
        return MIN(bci_battery_mv(s) * 1023 / 6000, 1023);
    case A_BCITBAT1:
        return twl4030_battery_ntc_code(bci_battery_temp(s),
                                       twl4030_bci_ithsens(s));
    case A_BCIICHG1:
        return bci_ua_to_code(twl4030_bci_charge_current_ua(s),
                              twl4030_bci_cgain(s));
    case A_BCIVAC1:
        return s->charger[TWL4030_BCI_AC].input ? CHARGER_MV * 1000 / 9775 : 0;
    case A_BCIVBUS1:
        return s->charger[TWL4030_BCI_USB].input ?
               CHARGER_MV * 1000 / 6843 : 0;
    default:
        return 0;
    }
}

/* The key a protected register needs, or 0 */
static uint8_t bci_needed_key(uint8_t reg)
{
    if (reg >= A_BCIMFEN1 && reg <= A_BCIMFTH9) {
        return mf_keys[reg - A_BCIMFEN1];
    }
    if (reg == A_BCIIREF1 || reg == A_BCIIREF2) {
        return IREF_KEY;
    }
    return 0;
}

static uint8_t twl4030_bci_read(TWL4030Cell *m, uint8_t addr, uint8_t reg)
{
    TWL4030BCIState *s = TWL4030_BCI(m);

    if (reg < TWL4030_BCI_BASE || reg >= TWL4030_BCI_BASE + TWL4030_BCI_SIZE) {
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-bci: read of 0x%02x:0x%02x "
                      "outside the BCI\n", addr, reg);
        return 0;
    }
    switch (reg) {
    case A_BCIMSTATEC:
        return s->mstatec;
    case A_BCIVBAT1 ... A_BCIVBUS2:
        if ((reg - A_BCIVBAT1) & 1) {
            return bci_adc_code(s, reg - 1) >> 8;
        }
        return bci_adc_code(s, reg) & 0xff;
    default:
        return s->regs[reg];
    }
}

static void twl4030_bci_write(TWL4030Cell *m, uint8_t addr, uint8_t reg,
                              uint8_t value)
{
    TWL4030BCIState *s = TWL4030_BCI(m);
    uint8_t key;
    bool valid;

    if (reg < TWL4030_BCI_BASE || reg >= TWL4030_BCI_BASE + TWL4030_BCI_SIZE) {
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-bci: write of 0x%02x:0x%02x "
                      "outside the BCI\n", addr, reg);
        return;
    }
    trace_twl4030_bci_write(reg, value);
    switch (reg) {
    case A_BCIMDKEY:
        s->regs[reg] = value;
        value = bci_mdkey_to_mden(value, &valid);
        if (!valid) {
            qemu_log_mask(LOG_GUEST_ERROR, "twl4030-bci: BCIMDKEY 0x%02x "
                          "is no mode key\n", s->regs[reg]);
            return;
        }
        s->regs[A_BCIMDEN] = value;
        bci_update(s, false);
        return;
    case A_BCIMDEN:
    case A_BCIMSTATEC:
    case A_BCIMSTATEP:
    case A_BCIVBAT1 ... A_BCIMFSTS3:
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-bci: write 0x%02x to "
                      "read-only register 0x%02x\n", value, reg);
        return;
    case A_BCIMFKEY:
        s->regs[reg] = value;
        s->mfkey = value;
        return;
    case A_BCIIREF1:
    case A_BCIIREF2:
    case A_BCIMFEN1 ... A_BCIMFTH9:
        key = bci_needed_key(reg);
        if (s->mfkey != key) {
            qemu_log_mask(LOG_GUEST_ERROR, "twl4030-bci: write 0x%02x to "
                          "0x%02x without BCIMFKEY 0x%02x: ignored\n",
                          value, reg, key);
        } else {
            s->regs[reg] = reg == A_BCIIREF2 ? value & 3 : value;
        }
        s->mfkey = 0;
        bci_update(s, false);
        return;
    default:
        s->regs[reg] = value;
        return;
    }
}

/* The debounce has run out: the FSM sees the comparator's level */
static void bci_charger_detect(TWL4030BCIState *s, int n)
{
    TWL4030BCICharger *c = &s->charger[n];

    c->detected = c->input;
    trace_twl4030_bci_detect(bci_charger_name[n], c->detected);
    bci_update(s, false);
}

static void bci_usb_debounce_done(void *opaque)
{
    bci_charger_detect(TWL4030_BCI(opaque), TWL4030_BCI_USB);
}

static void bci_ac_debounce_done(void *opaque)
{
    bci_charger_detect(TWL4030_BCI(opaque), TWL4030_BCI_AC);
}

/*
 * A comparator changed: the FSM sees it on the 50 ms tick after next (an
 * unplug) or 9 ticks later (a plug); going back first cancels it
 */
static void bci_charger_set_input(TWL4030BCIState *s, int n, bool level)
{
    TWL4030BCICharger *c = &s->charger[n];
    int64_t now, deadline;

    if (level == c->input) {
        return;
    }
    c->input = level;
    if (level == c->detected) {
        timer_del(c->debounce);
        trace_twl4030_bci_debounce(bci_charger_name[n], level, -1);
        return;
    }
    now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    deadline = (now / BCI_DEBOUNCE_TICK_NS + 1 +
                (level ? BCI_PLUG_TICKS : BCI_UNPLUG_TICKS)) *
               BCI_DEBOUNCE_TICK_NS;
    trace_twl4030_bci_debounce(bci_charger_name[n], level, deadline - now);
    timer_mod(c->debounce, deadline);
}

/* The charger comparators are debounced; the rest act at once */
static void bci_vbus_present_in(void *opaque, int n, int level)
{
    bci_charger_set_input(opaque, TWL4030_BCI_USB, level);
}

static void bci_ac_in(void *opaque, int n, int level)
{
    bci_charger_set_input(opaque, TWL4030_BCI_AC, level);
}

/* PM_MASTER BOOT_BCI BCIAUTOAC / BCIAUTOUSB */
static void bci_set_auto(TWL4030BCIState *s, bool *input, int level)
{
    if (*input == !!level) {
        return;
    }
    *input = level;
    bci_update(s, false);
}

static void bci_auto_ac_in(void *opaque, int n, int level)
{
    TWL4030BCIState *s = opaque;

    bci_set_auto(s, &s->auto_ac, level);
}

static void bci_auto_usb_in(void *opaque, int n, int level)
{
    TWL4030BCIState *s = opaque;

    bci_set_auto(s, &s->auto_usb, level);
}

/* The end of a battery figure's change: the comparators see the new one */
static void bci_battery_changed_in(void *opaque, int n, int level)
{
    if (!level) {
        bci_update(opaque, false);
    }
}

static void twl4030_bci_reset_hold(Object *obj, ResetType type)
{
    TWL4030BCIState *s = TWL4030_BCI(obj);
    int i;

    TWL4030_REGS_RESET(s, bci_reset);
    s->mfkey = 0;
    /* Inputs keep their levels; the FSM starts from them, settled */
    for (i = 0; i < TWL4030_BCI_NUM_CHARGERS; i++) {
        timer_del(s->charger[i].debounce);
        s->charger[i].detected = s->charger[i].input;
    }
    bci_update(s, true);
}
GTA04_RESET_PHASE_COMPAT(twl4030_bci_reset_hold);

static void twl4030_bci_init(Object *obj)
{
    TWL4030BCIState *s = TWL4030_BCI(obj);
    DeviceState *dev = DEVICE(obj);

    qdev_init_gpio_in_named(dev, bci_vbus_present_in, "vbus-present", 1);
    qdev_init_gpio_in_named(dev, bci_ac_in, "ac", 1);
    qdev_init_gpio_in_named(dev, bci_auto_ac_in, "bciautoac", 1);
    qdev_init_gpio_in_named(dev, bci_auto_usb_in, "bciautousb", 1);
    qdev_init_gpio_in_named(dev, bci_battery_changed_in, "battery-changed", 1);
    qdev_init_gpio_out_named(dev, s->irq, "sih",
                             TWL4030_BCI_NUM_SOURCES);

    s->charger[TWL4030_BCI_USB].debounce =
        timer_new_ns(QEMU_CLOCK_VIRTUAL, bci_usb_debounce_done, s);
    s->charger[TWL4030_BCI_AC].debounce =
        timer_new_ns(QEMU_CLOCK_VIRTUAL, bci_ac_debounce_done, s);

    /* Input defaults: BOOT_BCI reset value, the chip's property defaults */
    s->auto_ac = true;
    s->auto_usb = false;
}

static void twl4030_bci_finalize(Object *obj)
{
    TWL4030BCIState *s = TWL4030_BCI(obj);
    int i;

    for (i = 0; i < TWL4030_BCI_NUM_CHARGERS; i++) {
        timer_free(s->charger[i].debounce);
    }
}

static const VMStateDescription vmstate_twl4030_bci_charger = {
    .name = TYPE_TWL4030_BCI "-charger",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_BOOL(input, TWL4030BCICharger),
        VMSTATE_BOOL(detected, TWL4030BCICharger),
        VMSTATE_TIMER_PTR(debounce, TWL4030BCICharger),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_twl4030_bci = {
    .name = TYPE_TWL4030_BCI,
    .version_id = 2,
    .minimum_version_id = 2,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_SUB_ARRAY(regs, TWL4030BCIState, TWL4030_BCI_BASE,
                                TWL4030_BCI_SIZE),
        VMSTATE_UINT8(mfkey, TWL4030BCIState),
        VMSTATE_UINT8(mstatec, TWL4030BCIState),
        VMSTATE_BOOL_ARRAY(source, TWL4030BCIState, TWL4030_BCI_NUM_SOURCES),
        VMSTATE_STRUCT_ARRAY(charger, TWL4030BCIState,
                             TWL4030_BCI_NUM_CHARGERS, 1,
                             vmstate_twl4030_bci_charger, TWL4030BCICharger),
        VMSTATE_BOOL(auto_ac, TWL4030BCIState),
        VMSTATE_BOOL(auto_usb, TWL4030BCIState),
        VMSTATE_END_OF_LIST()
    }
};

static const Property twl4030_bci_properties[] = {
    DEFINE_PROP_LINK("battery", TWL4030BCIState, battery, TYPE_TWL4030_BATTERY,
                     TWL4030BatteryState *),
};

static void twl4030_bci_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);
    TWL4030CellClass *mc = TWL4030_CELL_CLASS(klass);

    dc->desc = "TWL4030 battery charger interface";
    dc->vmsd = &vmstate_twl4030_bci;
    rc->phases.hold = GTA04_RESET_PHASE(twl4030_bci_reset_hold);
    mc->read = twl4030_bci_read;
    mc->write = twl4030_bci_write;
    device_class_set_props(dc, twl4030_bci_properties);
}
GTA04_CLASS_INIT_COMPAT(twl4030_bci_class_init);

static const TypeInfo twl4030_bci_info = {
    .name = TYPE_TWL4030_BCI,
    .parent = TYPE_TWL4030_CELL,
    .instance_size = sizeof(TWL4030BCIState),
    .instance_init = twl4030_bci_init,
    .instance_finalize = twl4030_bci_finalize,
    .class_init = GTA04_CLASS_INIT(twl4030_bci_class_init),
};

static void twl4030_bci_register_types(void)
{
    type_register_static(&twl4030_bci_info);
}

type_init(twl4030_bci_register_types)
