/*
 * TI TWL4030 (TPS65950) monitoring ADC (MADC), 0x4A:0x00-0x60
 *
 * Registers as in drivers/iio/adc/twl4030-madc.c: CTRL1 (MADCON), CTRL2,
 * RT/SW1/SW2 channel select and averaging masks (LSB, MSB), CTRL_SW1/2
 * (SW_START starts a software conversion: BUSY is set and EOC_SW cleared,
 * and after the conversion time on QEMU_CLOCK_VIRTUAL BUSY clears, EOC_SW
 * sets, the results of the selected channels are in GPCH0..15 and the
 * SW1/SW2 interrupt source pulses).  Results are 10-bit codes stored
 * left-aligned in a little-endian pair (code << 6).
 *
 * The end of a conversion is a deadline on the virtual clock
 * (conv_done_ns), not the run of a timer callback: before every access to
 * the chip the conversions whose deadline has passed complete (results,
 * BUSY/EOC_SW, the interrupt pulse), so a driver polling BUSY/EOC_SW sees
 * the state the chip has at the virtual time of its read however late the
 * main loop runs timers on a loaded host (twl4030-madc gives up after 5 ms
 * of guest time).  The timer only ends a conversion nobody looks at; either
 * way it ends once.
 *
 * Conversion time: TPS65950 data manual (SWCS032E) table 9-3, typical:
 * Tstart 4 us + N * (1 + Tsettling 12 + Tstartsar 1 + Tadc 10 + Tcapture 2)
 * + Tstop 2 us, i.e. 6 us + 26 us per selected channel, four times that per
 * channel when averaged [the factor is ours] (at most ~1.7 ms for 16
 * averaged channels; Linux polls for up to 5 ms).  On the board a register
 * read over I2C (four bytes, ~90 us at 400 kHz) takes longer than one
 * channel, so twl4030-madc's first poll of a one-channel conversion finds
 * it done; our bus is instantaneous, but the driver's transfer takes tens
 * of microseconds of virtual time (70 or more measured on a loaded host).
 *
 * Channel values (codes on the 1.5 V full scale, with the prescalers of
 * twl4030-madc.c so that Linux reads back the intended voltages):
 *   ADCIN0, 2..7  general purpose inputs: a fixed mid-scale 0.75 V at the
 *                 converter, code 511 (Linux shows 1.25 V on ADCIN2..7,
 *                 undoing their 0.6 prescaler)
 *   ADCIN1        battery temperature: 10 kOhm NTC (beta 3380) fed with the
 *                 BCI bias current (BCICTL2.ITHSENS); twl4030-madc's table
 *                 conversion reads it back within about 1 degC
 *   ADCIN8        VBUS at the connector: 5 V or 0 (input "vbus")
 *   ADCIN9        backup battery: 3.2 V (the GTA04 charges it to 3.2 V)
 *   ADCIN10       charge current from the BCI (0.88 mV/mA, 0.44 with CGAIN,
 *                 750 mA offset, as twl4030-madc converts it)
 *   ADCIN11       VAC: 5 V or 0 (input "ac")
 *   ADCIN12       VBAT: battery-mv
 *   ADCIN13..15   reserved / unused: 0
 * RT conversions (started by a hardware signal) are not modelled: RTCH
 * reads 0.  The BCI result registers BCICH0..4 read the BCI's channels
 * VBAT, TBAT, ICHG, VAC, VBUS (ADCIN12, 1, 10, 11, 8) [order assumed].
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
#include "hw/qdev-properties.h"
#include "hw/registerfields.h"
#include "hw/misc/twl4030/madc.h"
#include "migration/vmstate.h"
#include "trace.h"

REG8(CTRL1, 0x00)
    FIELD(CTRL1, MADCON, 0, 1)
REG8(CTRL2, 0x01)
REG8(RTSELECT_LSB, 0x02)
REG8(SW1SELECT_LSB, 0x06)
REG8(SW1AVERAGE_LSB, 0x08)
REG8(SW2SELECT_LSB, 0x0a)
REG8(SW2AVERAGE_LSB, 0x0c)
REG8(CTRL_SW1, 0x12)
    FIELD(CTRL_SW, BUSY, 0, 1)
    FIELD(CTRL_SW, EOC_SW, 1, 1)
    FIELD(CTRL_SW, SW_START, 5, 1)
REG8(CTRL_SW2, 0x13)
REG8(RTCH0_LSB, 0x17)
REG8(GPCH0_LSB, 0x37)
REG8(BCICH0_LSB, 0x57)
REG8(BCICH4_MSB, 0x60)

#define CONV_BASE_NS        (6 * SCALE_US)      /* Tstart + Tstop */
#define CONV_CHANNEL_NS     (26 * SCALE_US)
#define CONV_AVERAGE        4

/* Input voltages (mV) */
enum {
    GP_INPUT_MV = 750,          /* at the converter */
    BACKUP_BATTERY_MV = 3200,
    CHARGER_MV = 5000,
};

/* The battery's figures, through the "battery" link */
static uint32_t madc_battery_mv(TWL4030MADCState *s)
{
    return twl4030_battery_mv(s->battery);
}

static int32_t madc_battery_temp(TWL4030MADCState *s)
{
    return twl4030_battery_temp(s->battery);
}

/* Prescaler ratios (num/den) of twl4030-madc.c twl4030_divider_ratios */
static const struct {
    uint8_t num;
    uint8_t den;
} madc_prescaler[TWL4030_MADC_NUM_CHANNELS] = {
    { 1, 1 }, { 1, 1 }, { 6, 10 }, { 6, 10 }, { 6, 10 }, { 6, 10 },
    { 6, 10 }, { 6, 10 }, { 3, 14 }, { 1, 3 }, { 1, 1 }, { 15, 100 },
    { 1, 4 }, { 1, 1 }, { 1, 1 }, { 5, 11 },
};

/* BCI result slot n -> ADCIN channel */
static const uint8_t bci_channels[5] = { 12, 1, 10, 11, 8 };

static uint16_t madc_clamp(int64_t code)
{
    return MIN(MAX(code, 0), 1023);
}

/* The code for mv at the input of channel ch */
static uint16_t madc_code_for_mv(int ch, int64_t mv)
{
    return madc_clamp(mv * 1023 * madc_prescaler[ch].num /
                      (1500 * madc_prescaler[ch].den));
}

static uint16_t madc_channel_code(TWL4030MADCState *s, int ch)
{
    int ma;
    bool cgain;

    switch (ch) {
    case 1:
        return twl4030_battery_ntc_code(madc_battery_temp(s),
                                       s->bci ? twl4030_bci_ithsens(s->bci)
                                              : 0);
    case 0:
    case 2 ... 7:
        return madc_clamp((int64_t)GP_INPUT_MV * 1023 / 1500);
    case 8:
        return madc_code_for_mv(ch, s->vbus ? CHARGER_MV : 0);
    case 9:
        return madc_code_for_mv(ch, BACKUP_BATTERY_MV);
    case 10:
        /* twl4030-madc: mA = code * 147 / (CGAIN ? 44 : 88) - 750 */
        ma = s->bci ? twl4030_bci_charge_current_ua(s->bci) / 1000 : 0;
        cgain = s->bci && twl4030_bci_cgain(s->bci);
        return madc_clamp((int64_t)(ma + 750) * (cgain ? 44 : 88) / 147);
    case 11:
        return madc_code_for_mv(ch, s->ac ? CHARGER_MV : 0);
    case 12:
        return madc_code_for_mv(ch, madc_battery_mv(s));
    default:
        return 0;
    }
}

static uint16_t madc_reg16(TWL4030MADCState *s, uint8_t lsb)
{
    return s->regs[lsb] | s->regs[lsb + 1] << 8;
}

static void madc_store_result(TWL4030MADCState *s, uint8_t lsb, uint16_t code)
{
    uint16_t v = code << 6;

    s->regs[lsb] = v & 0xff;
    s->regs[lsb + 1] = v >> 8;
}

static uint8_t madc_ctrl_reg(int method)
{
    return method == TWL4030_MADC_SW1 ? A_CTRL_SW1 : A_CTRL_SW2;
}

static uint8_t madc_select_reg(int method)
{
    return method == TWL4030_MADC_SW1 ? A_SW1SELECT_LSB : A_SW2SELECT_LSB;
}

static uint8_t madc_average_reg(int method)
{
    return method == TWL4030_MADC_SW1 ? A_SW1AVERAGE_LSB : A_SW2AVERAGE_LSB;
}

static void madc_conversion_done(TWL4030MADCState *s, int method)
{
    uint16_t channels = madc_reg16(s, madc_select_reg(method));
    uint8_t ctrl = madc_ctrl_reg(method);
    int i = method - TWL4030_MADC_SW1;
    int ch;

    s->conv_done_ns[i] = -1;
    timer_del(s->conv_timer[i]);
    for (ch = 0; ch < TWL4030_MADC_NUM_CHANNELS; ch++) {
        if (channels & (1 << ch)) {
            madc_store_result(s, A_GPCH0_LSB + 2 * ch,
                              madc_channel_code(s, ch));
        }
    }
    s->regs[ctrl] = FIELD_DP8(s->regs[ctrl], CTRL_SW, BUSY, 0);
    s->regs[ctrl] = FIELD_DP8(s->regs[ctrl], CTRL_SW, EOC_SW, 1);
    trace_twl4030_madc_eoc(method, channels);
    /* End of conversion is an event: a pulse the MADC SIH latches */
    qemu_irq_pulse(s->irq[method]);
}

/*
 * Complete the conversions whose end is at or before the current virtual
 * time.  The conversion timer does it when nobody looks; on a loaded host
 * the main loop runs that timer late while the vCPU's accesses happen at
 * their own virtual time, so every MADC register access and every change
 * of a level the MADC measures first calls this: a driver polling BUSY /
 * EOC_SW with a timeout in guest time (twl4030-madc, 5 ms) sees the
 * conversion end when its time has come, and a conversion that ended
 * before an input or a battery figure changed measured the old one.  (A
 * charge current the guest changes through the BCI between the end of a
 * conversion and its late timer is measured new: an assumption of ours,
 * within one main-loop delay.)
 */
static void madc_sync(TWL4030MADCState *s)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    int i;

    for (i = 0; i < 2; i++) {
        if (s->conv_done_ns[i] >= 0 && now >= s->conv_done_ns[i]) {
            madc_conversion_done(s, TWL4030_MADC_SW1 + i);
        }
    }
}

static void madc_conv_timer_cb(void *opaque)
{
    madc_sync(opaque);
}

static void madc_start(TWL4030MADCState *s, int method)
{
    uint16_t channels = madc_reg16(s, madc_select_reg(method));
    uint16_t average = madc_reg16(s, madc_average_reg(method));
    uint8_t ctrl = madc_ctrl_reg(method);
    int i = method - TWL4030_MADC_SW1;
    int64_t ns = CONV_BASE_NS;
    int ch;

    if (!FIELD_EX8(s->regs[A_CTRL1], CTRL1, MADCON)) {
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-madc: SW%d conversion "
                      "started with the MADC off (CTRL1.MADCON = 0)\n",
                      method);
        return;
    }
    if (FIELD_EX8(s->regs[ctrl], CTRL_SW, BUSY)) {
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-madc: SW%d conversion "
                      "restarted while busy\n", method);
    }
    for (ch = 0; ch < TWL4030_MADC_NUM_CHANNELS; ch++) {
        if (channels & (1 << ch)) {
            ns += CONV_CHANNEL_NS * ((average & (1 << ch)) ? CONV_AVERAGE : 1);
        }
    }
    s->regs[ctrl] = FIELD_DP8(s->regs[ctrl], CTRL_SW, BUSY, 1);
    s->regs[ctrl] = FIELD_DP8(s->regs[ctrl], CTRL_SW, EOC_SW, 0);
    trace_twl4030_madc_start(method, channels, ns);
    s->conv_done_ns[i] = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + ns;
    timer_mod(s->conv_timer[i], s->conv_done_ns[i]);
}

static uint8_t twl4030_madc_read(TWL4030Cell *m, uint8_t addr, uint8_t reg)
{
    TWL4030MADCState *s = TWL4030_MADC(m);
    uint16_t v;

    madc_sync(s);
    if (reg >= TWL4030_MADC_SIZE) {
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-madc: read of 0x%02x:0x%02x "
                      "outside the MADC\n", addr, reg);
        return 0;
    }
    if (reg >= A_BCICH0_LSB && reg <= A_BCICH4_MSB) {
        /* The BCI converts its channels continuously */
        v = madc_channel_code(s, bci_channels[(reg - A_BCICH0_LSB) / 2]) << 6;
        return (reg - A_BCICH0_LSB) & 1 ? v >> 8 : v & 0xff;
    }
    return s->regs[reg];
}

static void twl4030_madc_write(TWL4030Cell *m, uint8_t addr, uint8_t reg,
                               uint8_t value)
{
    TWL4030MADCState *s = TWL4030_MADC(m);

    if (reg >= TWL4030_MADC_SIZE) {
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-madc: write of 0x%02x:0x%02x "
                      "outside the MADC\n", addr, reg);
        return;
    }
    trace_twl4030_madc_write(reg, value);
    madc_sync(s);
    switch (reg) {
    case A_CTRL_SW1:
    case A_CTRL_SW2:
        /* BUSY and EOC_SW are status; SW_START is a command */
        s->regs[reg] = (s->regs[reg] & (R_CTRL_SW_BUSY_MASK |
                                        R_CTRL_SW_EOC_SW_MASK)) |
                       (value & ~(R_CTRL_SW_BUSY_MASK | R_CTRL_SW_EOC_SW_MASK |
                                  R_CTRL_SW_SW_START_MASK));
        if (FIELD_EX8(value, CTRL_SW, SW_START)) {
            madc_start(s, reg == A_CTRL_SW1 ? TWL4030_MADC_SW1
                                            : TWL4030_MADC_SW2);
        }
        return;
    case A_RTCH0_LSB ... A_BCICH4_MSB:
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-madc: write 0x%02x to "
                      "result register 0x%02x\n", value, reg);
        return;
    default:
        s->regs[reg] = value;
        return;
    }
}

/* Levels the next conversion measures (ADCIN8 VBUS, ADCIN11 charger) */
static void madc_vbus_in(void *opaque, int n, int level)
{
    TWL4030MADCState *s = opaque;

    madc_sync(s);
    s->vbus = level;
}

static void madc_ac_in(void *opaque, int n, int level)
{
    TWL4030MADCState *s = opaque;

    madc_sync(s);
    s->ac = level;
}

/*
 * The start of a battery figure's change (the figures are still the old
 * ones): a conversion that ended by now measured them
 */
static void madc_battery_in(void *opaque, int n, int level)
{
    if (level) {
        madc_sync(opaque);
    }
}

static void twl4030_madc_reset_hold(Object *obj, ResetType type)
{
    TWL4030MADCState *s = TWL4030_MADC(obj);
    int i;

    for (i = 0; i < 2; i++) {
        timer_del(s->conv_timer[i]);
        s->conv_done_ns[i] = -1;
    }
    memset(s->regs, 0, sizeof(s->regs));
    s->regs[A_CTRL2] = 0x01;    /* TPS65950 reset table via qemu-linaro */
}
GTA04_RESET_PHASE_COMPAT(twl4030_madc_reset_hold);

static void twl4030_madc_init(Object *obj)
{
    TWL4030MADCState *s = TWL4030_MADC(obj);
    DeviceState *dev = DEVICE(obj);

    qdev_init_gpio_in_named(dev, madc_vbus_in, "vbus", 1);
    qdev_init_gpio_in_named(dev, madc_ac_in, "ac", 1);
    qdev_init_gpio_in_named(dev, madc_battery_in, "battery-changed", 1);
    qdev_init_gpio_out_named(dev, s->irq, "sih",
                             TWL4030_MADC_NUM_SOURCES);
    s->conv_timer[0] = timer_new_ns(QEMU_CLOCK_VIRTUAL, madc_conv_timer_cb, s);
    s->conv_timer[1] = timer_new_ns(QEMU_CLOCK_VIRTUAL, madc_conv_timer_cb, s);
    s->conv_done_ns[0] = s->conv_done_ns[1] = -1;
}

static void twl4030_madc_finalize(Object *obj)
{
    TWL4030MADCState *s = TWL4030_MADC(obj);

    timer_free(s->conv_timer[0]);
    timer_free(s->conv_timer[1]);
}

static const Property twl4030_madc_properties[] = {
    DEFINE_PROP_LINK("bci", TWL4030MADCState, bci, TYPE_TWL4030_BCI,
                     struct TWL4030BCIState *),
    DEFINE_PROP_LINK("battery", TWL4030MADCState, battery, TYPE_TWL4030_BATTERY,
                     TWL4030BatteryState *),
};

static int twl4030_madc_post_load(void *opaque, int version_id)
{
    TWL4030MADCState *s = TWL4030_MADC(opaque);
    int i;

    for (i = 0; i < 2; i++) {
        if (version_id < 2) {
            /* version 1 had only the timer: its expiry is the deadline */
            s->conv_done_ns[i] = timer_expire_time_ns(s->conv_timer[i]);
        } else if (s->conv_done_ns[i] >= 0) {
            timer_mod(s->conv_timer[i], s->conv_done_ns[i]);
        } else {
            timer_del(s->conv_timer[i]);
        }
    }
    return 0;
}

static const VMStateDescription vmstate_twl4030_madc = {
    .name = TYPE_TWL4030_MADC,
    .version_id = 2,
    .minimum_version_id = 1,
    .post_load = twl4030_madc_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_SUB_ARRAY(regs, TWL4030MADCState, 0,
                                TWL4030_MADC_SIZE),
        VMSTATE_TIMER_PTR_ARRAY(conv_timer, TWL4030MADCState, 2),
        VMSTATE_BOOL(vbus, TWL4030MADCState),
        VMSTATE_BOOL(ac, TWL4030MADCState),
        VMSTATE_INT64_ARRAY_V(conv_done_ns, TWL4030MADCState, 2, 2),
        VMSTATE_END_OF_LIST()
    }
};

static void twl4030_madc_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);
    TWL4030CellClass *mc = TWL4030_CELL_CLASS(klass);

    dc->desc = "TWL4030 monitoring ADC";
    dc->vmsd = &vmstate_twl4030_madc;
    device_class_set_props(dc, twl4030_madc_properties);
    rc->phases.hold = GTA04_RESET_PHASE(twl4030_madc_reset_hold);
    mc->read = twl4030_madc_read;
    mc->write = twl4030_madc_write;
}
GTA04_CLASS_INIT_COMPAT(twl4030_madc_class_init);

static const TypeInfo twl4030_madc_info = {
    .name = TYPE_TWL4030_MADC,
    .parent = TYPE_TWL4030_CELL,
    .instance_size = sizeof(TWL4030MADCState),
    .instance_init = twl4030_madc_init,
    .instance_finalize = twl4030_madc_finalize,
    .class_init = GTA04_CLASS_INIT(twl4030_madc_class_init),
};

static void twl4030_madc_register_types(void)
{
    type_register_static(&twl4030_madc_info);
}

type_init(twl4030_madc_register_types)
