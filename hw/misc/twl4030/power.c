/*
 * TI TWL4030 (TPS65950) power master (PM_MASTER) and TWL watchdog
 *
 * TWL4030/TPS65950 TRM "Power management" chapter; Linux
 * drivers/mfd/twl4030-power.c, twl-core.c, drivers/watchdog/twl4030_wdt.c,
 * drivers/input/misc/twl4030-pwrbutton.c, drivers/phy/ti/phy-twl4030-usb.c.
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
#include "qemu/timer.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/resettable.h"
#include "hw/misc/twl4030/power.h"
#include "migration/vmstate.h"
#include GTA04_SYSTEM_RUNSTATE_H
#include GTA04_SYSTEM_WATCHDOG_H
#include "trace.h"


static const char *const group_state_name[] = {
    [TWL4030_GROUP_ACTIVE] = "active",
    [TWL4030_GROUP_SLEEP] = "sleep",
    [TWL4030_GROUP_OFF] = "off",
};

/*
 * Registers that only accept writes while PROTECT_KEY has them unlocked.
 * Linux unlocks (0xC0, 0x0C) around every write of these, and only of
 * these: BOOT_BCI (charger), P1_SW_EVENTS (power off) and the PM_RECEIVER
 * resources (regulators) are written locked.  The exact TRM list is not
 * known to us: this is the "CFG_*" registers and the sequencer set-up.
 */
static bool reg_needs_cfg_key(uint8_t reg)
{
    switch (reg) {
    case A_TWL4030_CFG_P1_TRANSITION:
    case A_TWL4030_CFG_P2_TRANSITION:
    case A_TWL4030_CFG_P3_TRANSITION:
    case A_TWL4030_CFG_P123_TRANSITION:
    case A_TWL4030_CFG_BOOT:
    case A_TWL4030_CFG_PWRANA1:
    case A_TWL4030_CFG_PWRANA2:
    case A_TWL4030_SEQ_ADD_W2P ... A_TWL4030_MEMORY_DATA:
        return true;
    default:
        return false;
    }
}

/* Test registers: the 0xE0, 0x0E (TST) key */
static bool reg_needs_tst_key(uint8_t reg)
{
    return reg == A_TWL4030_BGAP_TRIM || reg == A_TWL4030_BACKUP_MISC_TST;
}

/*
 * The power block's inputs and their debounce times: TPS65950 TRM SWCS032E
 * table 14-1 (power button 31.25 ms, VBUS and ID comparators 30 ms, the
 * charger's CHG 125.6 us); TI's answer on its TPS65950 forum agrees for the
 * button (a PWRON pulse of at least 31.25 ms starts the chip).
 *
 * Assumptions (the table gives one time per input, not its mechanism):
 * both edges are debounced alike; a level must hold for the whole time, so
 * a change back within it is a glitch and never seen; STS_HW_CONDITIONS
 * shows the debounced level, the one that raised the interrupt (Linux's
 * twl4030-pwrbutton reads it in its handler to report press or release);
 * a reset takes the levels as they are, with nothing pending.
 */
static const struct {
    const char *name;
    int64_t debounce_ns;
} power_input_info[TWL4030_POWER_NUM_INPUTS] = {
    [TWL4030_POWER_IN_PWRON] = { "pwron", 31250 * SCALE_US },
    [TWL4030_POWER_IN_VBUS] = { "vbus", 30 * SCALE_MS },
    [TWL4030_POWER_IN_USB_ID] = { "usb-id", 30 * SCALE_MS },
    [TWL4030_POWER_IN_AC] = { "ac", 125600 },
};

/*
 * STS_HW_CONDITIONS: bits 7 (VBUS) and 2 (USB ID) are the power block's
 * VBUS_PRES and ID_PRES comparators, which work "except when using only
 * battery backup power" (phy-twl4030-usb.c, twl4030_usb_linkstat): they
 * do not depend on the transceiver's VUSB3V1 supply, so the PHY driver
 * reads a plugged cable here while its LDOs are off.
 */
static uint8_t hw_conditions(TWL4030PowerState *s)
{
    const bool *in = s->debounced;
    uint8_t v = 0;

    v = FIELD_DP8(v, TWL4030_STS_HW_CONDITIONS, STS_PWON,
                  in[TWL4030_POWER_IN_PWRON]);
    v = FIELD_DP8(v, TWL4030_STS_HW_CONDITIONS, STS_USB_ID,
                  in[TWL4030_POWER_IN_USB_ID]);
    v = FIELD_DP8(v, TWL4030_STS_HW_CONDITIONS, STS_CHG,
                  in[TWL4030_POWER_IN_AC]);
    v = FIELD_DP8(v, TWL4030_STS_HW_CONDITIONS, STS_VBUS,
                  in[TWL4030_POWER_IN_VBUS]);
    return v;
}

/* BOOT_BCI's automatic charge enables, for the charger model */
static void power_update_boot_bci(TWL4030PowerState *s)
{
    uint8_t v = s->regs[A_TWL4030_BOOT_BCI];

    qemu_set_irq(s->bciautoac, FIELD_EX8(v, TWL4030_BOOT_BCI, BCIAUTOAC));
    qemu_set_irq(s->bciautousb, FIELD_EX8(v, TWL4030_BOOT_BCI, BCIAUTOUSB));
}

/*
 * Drive the PWR SIH source lines from the debounced levels.  USB_PRES is
 * VBUS_PRES || ID_PRES ("If either is true the USB_PRES signal is active,
 * the OTG module is activated, and its interrupt may be raised (may wake
 * the system)", twl4030_usb_linkstat): the interrupt phy-twl4030-usb
 * relies on to notice a plug while runtime-suspended with VUSB3V1 off.
 */
static void power_update_sources(TWL4030PowerState *s)
{
    const bool *in = s->debounced;

    qemu_set_irq(s->sih[TWL4030_PWR_SRC_PWRON], in[TWL4030_POWER_IN_PWRON]);
    qemu_set_irq(s->sih[TWL4030_PWR_SRC_CHG_PRES], in[TWL4030_POWER_IN_AC]);
    qemu_set_irq(s->sih[TWL4030_PWR_SRC_USB_PRES],
                 in[TWL4030_POWER_IN_VBUS] || in[TWL4030_POWER_IN_USB_ID]);
}

/*
 * Let every change whose debounce has run out by now through, and arm the
 * timer for the next one.  Run from the timer and before every register
 * access, so what the guest reads follows virtual time.
 */
static void power_debounce_catch_up(TWL4030PowerState *s)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    int64_t next = INT64_MAX;
    bool changed = false;
    int i;

    for (i = 0; i < TWL4030_POWER_NUM_INPUTS; i++) {
        if (s->debounce_end_ns[i] <= now) {
            s->debounce_end_ns[i] = INT64_MAX;
            s->debounced[i] = s->input[i];
            trace_twl4030_power_debounced(power_input_info[i].name,
                                          s->debounced[i]);
            changed = true;
        }
        next = MIN(next, s->debounce_end_ns[i]);
    }
    if (changed) {
        power_update_sources(s);
    }
    if (next == INT64_MAX) {
        timer_del(s->debounce_timer);
    } else {
        timer_mod(s->debounce_timer, next);
    }
}

static void power_debounce_expired(void *opaque)
{
    power_debounce_catch_up(opaque);
}

/*
 * An input pin changed: its debounce starts again; back at the level the
 * block already sees, it was a glitch and nothing is pending.
 */
static void power_set_input(TWL4030PowerState *s, TWL4030PowerInput n,
                            int level)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);

    if (s->input[n] == !!level) {
        return;
    }
    s->input[n] = level;
    if (s->input[n] == s->debounced[n]) {
        s->debounce_end_ns[n] = INT64_MAX;
        trace_twl4030_power_input(power_input_info[n].name, level, -1);
    } else {
        s->debounce_end_ns[n] = now + power_input_info[n].debounce_ns;
        trace_twl4030_power_input(power_input_info[n].name, level,
                                  power_input_info[n].debounce_ns);
    }
    power_debounce_catch_up(s);
}

static void power_pwron_in(void *opaque, int n, int level)
{
    power_set_input(opaque, TWL4030_POWER_IN_PWRON, level);
}

static void power_vbus_in(void *opaque, int n, int level)
{
    power_set_input(opaque, TWL4030_POWER_IN_VBUS, level);
}

static void power_usb_id_in(void *opaque, int n, int level)
{
    power_set_input(opaque, TWL4030_POWER_IN_USB_ID, level);
}

static void power_ac_in(void *opaque, int n, int level)
{
    power_set_input(opaque, TWL4030_POWER_IN_AC, level);
}

static void power_set_group(TWL4030PowerState *s, int group,
                            TWL4030GroupState state)
{
    if (s->group[group] == state) {
        return;
    }
    s->group[group] = state;
    trace_twl4030_power_group(group + 1, group_state_name[state]);
    qemu_set_irq(s->group_out[group], state);
}

/* The sequencer's end-of-script address (Linux twl4030-power.c) */
#define SEQ_END_OF_SCRIPT       0x3f
/* a script longer than the memory loops: stop there */
#define SEQ_MAX_STEPS           (TWL4030_SEQ_MEM_SIZE / 4)

/*
 * Run the sequencer script whose first instruction register @start holds:
 * instructions of four bytes (power-bus message MSB, LSB, delay, next
 * instruction), as twl4030-power.c writes them through MEMORY_ADDRESS/DATA,
 * each message sent to the resources as a PB_WORD message would be.
 * ASSUMPTION: the delays take no time.
 */
static void power_run_script(TWL4030PowerState *s, uint8_t start,
                             const char *name)
{
    uint8_t ins = s->regs[start];
    int steps;

    trace_twl4030_power_script(name, ins);
    for (steps = 0; ins != SEQ_END_OF_SCRIPT && steps < SEQ_MAX_STEPS;
         steps++) {
        unsigned a = ins * 4;
        uint16_t msg;

        if (a + 3 >= TWL4030_SEQ_MEM_SIZE) {
            qemu_log_mask(LOG_GUEST_ERROR, "twl4030-power: %s script: "
                          "instruction 0x%02x beyond the sequencer memory\n",
                          name, ins);
            return;
        }
        msg = s->seq_mem[a] << 8 | s->seq_mem[a + 1];
        trace_twl4030_power_pb_message(msg);
        if (s->regulators) {
            twl4030_regulators_pb_message(s->regulators, msg);
        }
        ins = s->seq_mem[a + 3];
    }
    if (ins != SEQ_END_OF_SCRIPT) {
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-power: %s script does not "
                      "end in %d instructions\n", name, SEQ_MAX_STEPS);
    }
}

/*
 * P1's sleep request, the nSLEEP1 pin (active low on the chip; 1 here =
 * asserted): on the GTA04 the DM3730's SYS_OFF_MODE.  Asserted, P1 goes to
 * SLEEP after the active-to-sleep script (SEQ_ADD_A2S) ran; released, P1
 * goes ACTIVE and the sleep-to-active script of P1/P2 (SEQ_ADD_S2A12)
 * runs.  What twl4030-power.c's "ti,twl4030-power-idle" set-up loads for
 * it (broadcast SLEEP, then ACTIVE) says this; ASSUMPTIONS (the TRM's
 * power state machine is not in our sources): the pin alone starts them,
 * whatever CFG_P1_TRANSITION holds, and P2/P3 follow only through the
 * scripts' broadcasts.
 */
static void power_sleep1_in(void *opaque, int n, int level)
{
    TWL4030PowerState *s = opaque;

    if (s->sleep1 == !!level) {
        return;
    }
    s->sleep1 = level;
    trace_twl4030_power_sleep1(level);
    if (level) {
        power_run_script(s, A_TWL4030_SEQ_ADD_A2S, "active-to-sleep");
        power_set_group(s, 0, TWL4030_GROUP_SLEEP);
    } else {
        power_set_group(s, 0, TWL4030_GROUP_ACTIVE);
        power_run_script(s, A_TWL4030_SEQ_ADD_S2A12, "sleep-to-active P1/P2");
    }
}

/* P1/P2/P3_SW_EVENTS: DEVOFF, DEVSLP, DEVACT are actions, the rest is kept */
static void power_sw_events(TWL4030PowerState *s, int group, uint8_t value)
{
    uint8_t *reg = &s->regs[A_TWL4030_P1_SW_EVENTS + group];

    *reg = value & (R_TWL4030_SW_EVENTS_LVL_WAKEUP_MASK |
                    R_TWL4030_SW_EVENTS_ENABLE_WARMRESET_MASK |
                    R_TWL4030_SW_EVENTS_STOPON_SYSEN_MASK |
                    R_TWL4030_SW_EVENTS_STOPON_PWRON_MASK);
    if (value & 0x80) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030-power: P%d_SW_EVENTS bit 7 is reserved\n",
                      group + 1);
    }
    if (FIELD_EX8(value, TWL4030_SW_EVENTS, DEVOFF)) {
        power_set_group(s, group, TWL4030_GROUP_OFF);
        if (group == 0) {
            /* P1 (the OMAP) off: the device goes off (twl4030_power_off) */
            trace_twl4030_power_devoff();
            qemu_system_shutdown_request(SHUTDOWN_CAUSE_GUEST_SHUTDOWN);
        }
    } else if (FIELD_EX8(value, TWL4030_SW_EVENTS, DEVSLP)) {
        power_set_group(s, group, TWL4030_GROUP_SLEEP);
    } else if (FIELD_EX8(value, TWL4030_SW_EVENTS, DEVACT)) {
        power_set_group(s, group, TWL4030_GROUP_ACTIVE);
    }
}

static void power_key_write(TWL4030PowerState *s, uint8_t value)
{
    bool cfg = false, tst = false;

    if (s->key_first == TWL4030_KEY_CFG1 && value == TWL4030_KEY_CFG2) {
        cfg = true;
    } else if (s->key_first == TWL4030_KEY_TST1 && value == TWL4030_KEY_TST2) {
        tst = true;
    } else if (s->key_first == TWL4030_KEY_BOTH1 &&
               value == TWL4030_KEY_BOTH2) {
        cfg = tst = true;
    }
    if (cfg || tst) {
        s->key_first = 0;
    } else {
        /* anything else locks, and may start a new sequence */
        s->key_first = (value == TWL4030_KEY_CFG1 ||
                        value == TWL4030_KEY_TST1 ||
                        value == TWL4030_KEY_BOTH1) ? value : 0;
        if (value && !s->key_first) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "twl4030-power: bad PROTECT_KEY byte 0x%02x\n",
                          value);
        }
    }
    if (cfg != s->cfg_unlocked || tst != s->tst_unlocked) {
        trace_twl4030_power_key(cfg, tst);
    }
    s->cfg_unlocked = cfg;
    s->tst_unlocked = tst;
}

static void watchdog_expired(void *opaque)
{
    TWL4030PowerState *s = opaque;

    /*
     * TWL watchdog expiry: the chip runs its warm reset; QEMU's
     * -action watchdog=... policy decides (default: reset), as for WDT2
     */
    trace_twl4030_power_watchdog_expired();
    s->watchdog_cfg = 0;
    watchdog_perform_action();
}

static void watchdog_write(TWL4030PowerState *s, uint8_t value)
{
    /* twl4030_wdt writes timeout + 1 to start, 0 to stop: 1 s ticks */
    s->watchdog_cfg = value;
    trace_twl4030_power_watchdog(value);
    if (value) {
        timer_mod(s->watchdog_timer,
                  qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                  value * NANOSECONDS_PER_SECOND);
    } else {
        timer_del(s->watchdog_timer);
    }
}

static uint8_t watchdog_read(TWL4030PowerState *s)
{
    int64_t left;

    if (!s->watchdog_cfg || !timer_pending(s->watchdog_timer)) {
        return 0;
    }
    /* the counter: seconds still to go, rounded up */
    left = timer_expire_time_ns(s->watchdog_timer) -
           qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    return MAX(DIV_ROUND_UP(left, NANOSECONDS_PER_SECOND), 1);
}

static uint8_t power_read(TWL4030Cell *m, uint8_t addr, uint8_t reg)
{
    TWL4030PowerState *s = TWL4030_POWER(m);
    uint8_t val;
    int g;

    power_debounce_catch_up(s);
    switch (reg) {
    case A_TWL4030_WATCHDOG_CFG:
        val = watchdog_read(s);
        break;
    case A_TWL4030_PROTECT_KEY:
        /* our choice: the unlock state (b0 CFG, b1 TST); TRM value unknown */
        val = (s->cfg_unlocked ? 1 : 0) | (s->tst_unlocked ? 2 : 0);
        break;
    case A_TWL4030_STS_HW_CONDITIONS:
        val = hw_conditions(s);
        break;
    case A_TWL4030_STS_P123_STATE:
        /* our encoding: 2 bits per group, 0 active, 1 sleep, 2 off */
        val = 0;
        for (g = 0; g < TWL4030_NUM_GROUPS; g++) {
            val |= s->group[g] << (2 * g);
        }
        break;
    case A_TWL4030_PB_CFG:
        /* messages go out at once: BUSY is never seen set */
        val = s->regs[reg] & ~R_TWL4030_PB_CFG_BUSY_MASK;
        break;
    case A_TWL4030_MEMORY_DATA:
        val = s->seq_mem[s->regs[A_TWL4030_MEMORY_ADDRESS]];
        s->regs[A_TWL4030_MEMORY_ADDRESS]++;
        break;
    default:
        val = s->regs[reg];
        break;
    }
    trace_twl4030_power_read(reg, val);
    return val;
}

static void power_write(TWL4030Cell *m, uint8_t addr, uint8_t reg,
                        uint8_t value)
{
    TWL4030PowerState *s = TWL4030_POWER(m);

    trace_twl4030_power_write(reg, value);
    if (reg_needs_cfg_key(reg) && !s->cfg_unlocked) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030-power: write 0x%02x to protected register "
                      "0x4b:0x%02x while PROTECT_KEY is locked: ignored\n",
                      value, reg);
        return;
    }
    if (reg_needs_tst_key(reg) && !s->tst_unlocked) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030-power: write 0x%02x to test register "
                      "0x4b:0x%02x without the TST key: ignored\n", value, reg);
        return;
    }

    switch (reg) {
    case A_TWL4030_WATCHDOG_CFG:
        watchdog_write(s, value);
        break;
    case A_TWL4030_PROTECT_KEY:
        power_key_write(s, value);
        break;
    case A_TWL4030_STS_HW_CONDITIONS:
    case A_TWL4030_STS_P123_STATE:
    case A_TWL4030_BACKUP_MISC_STS:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030-power: write to read-only register 0x4b:0x%02x\n",
                      reg);
        break;
    case A_TWL4030_P1_SW_EVENTS:
    case A_TWL4030_P2_SW_EVENTS:
    case A_TWL4030_P3_SW_EVENTS:
        power_sw_events(s, reg - A_TWL4030_P1_SW_EVENTS, value);
        break;
    case A_TWL4030_PB_CFG:
        s->regs[reg] = value & ~R_TWL4030_PB_CFG_BUSY_MASK;
        break;
    case A_TWL4030_PB_WORD_LSB:
        s->regs[reg] = value;
        if (FIELD_EX8(s->regs[A_TWL4030_PB_CFG], TWL4030_PB_CFG, BWEN)) {
            uint16_t msg = s->regs[A_TWL4030_PB_WORD_MSB] << 8 | value;

            trace_twl4030_power_pb_message(msg);
            if (s->regulators) {
                twl4030_regulators_pb_message(s->regulators, msg);
            }
        } else {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "twl4030-power: PB_WORD written without PB_CFG.BWEN\n");
        }
        break;
    case A_TWL4030_MEMORY_DATA:
        /* sequencer memory; MEMORY_ADDRESS advances after each byte */
        s->seq_mem[s->regs[A_TWL4030_MEMORY_ADDRESS]] = value;
        s->regs[A_TWL4030_MEMORY_ADDRESS]++;
        break;
    case A_TWL4030_BOOT_BCI:
        s->regs[reg] = value;
        power_update_boot_bci(s);
        break;
    case 0x4d ... 0x51:
        qemu_log_mask(LOG_UNIMP,
                      "twl4030-power: reserved register 0x4b:0x%02x\n", reg);
        s->regs[reg] = value;
        break;
    default:
        s->regs[reg] = value;
        break;
    }
}

static void power_reset_enter(Object *obj, ResetType type)
{
    TWL4030PowerState *s = TWL4030_POWER(obj);
    int g;

    /* TRM reset values are boot-mode dependent and mostly unknown to us: 0 */
    memset(s->regs, 0, sizeof(s->regs));
    /* twl4030-power.c: "Default for SEQ_OFFSYNC is set" */
    s->regs[A_TWL4030_CFG_P123_TRANSITION] =
        R_TWL4030_CFG_P123_TRANSITION_SEQ_OFFSYNC_MASK;
    /* BCIAUTOAC set (the charger model's reset assumption; TRM unverified) */
    s->regs[A_TWL4030_BOOT_BCI] = R_TWL4030_BOOT_BCI_BCIAUTOAC_MASK;
    memset(s->seq_mem, 0, sizeof(s->seq_mem));
    /*
     * ASSUMPTION: no script until software loads one (the TRM's reset
     * values and any default scripts are not in our sources)
     */
    for (g = A_TWL4030_SEQ_ADD_W2P; g <= A_TWL4030_SEQ_ADD_WARM; g++) {
        s->regs[g] = SEQ_END_OF_SCRIPT;
    }
    s->key_first = 0;
    s->cfg_unlocked = false;
    s->tst_unlocked = false;
    for (g = 0; g < TWL4030_NUM_GROUPS; g++) {
        s->group[g] = TWL4030_GROUP_ACTIVE;
    }
    s->watchdog_cfg = 0;
    timer_del(s->watchdog_timer);
    /* the inputs are wires: their levels survive, as the block sees them */
    for (g = 0; g < TWL4030_POWER_NUM_INPUTS; g++) {
        s->debounced[g] = s->input[g];
        s->debounce_end_ns[g] = INT64_MAX;
    }
    timer_del(s->debounce_timer);
}

static void power_reset_hold(Object *obj, ResetType type)
{
    TWL4030PowerState *s = TWL4030_POWER(obj);
    int g;

    power_update_sources(s);
    power_update_boot_bci(s);
    for (g = 0; g < TWL4030_NUM_GROUPS; g++) {
        qemu_set_irq(s->group_out[g], s->group[g]);
    }
}
GTA04_RESET_PHASE_COMPAT(power_reset_hold);

static void power_init(Object *obj)
{
    TWL4030PowerState *s = TWL4030_POWER(obj);
    DeviceState *dev = DEVICE(obj);

    qdev_init_gpio_in_named(dev, power_pwron_in, "pwron", 1);
    qdev_init_gpio_in_named(dev, power_vbus_in, "vbus", 1);
    qdev_init_gpio_in_named(dev, power_usb_id_in, "usb-id", 1);
    qdev_init_gpio_in_named(dev, power_ac_in, "ac", 1);
    qdev_init_gpio_in_named(dev, power_sleep1_in, TWL4030_POWER_SLEEP1, 1);
    qdev_init_gpio_out_named(dev, s->sih, "sih", TWL4030_PWR_NUM_SOURCES);
    qdev_init_gpio_out_named(dev, s->group_out, "group-state",
                             TWL4030_NUM_GROUPS);
    qdev_init_gpio_out_named(dev, &s->bciautoac, "bciautoac", 1);
    qdev_init_gpio_out_named(dev, &s->bciautousb, "bciautousb", 1);
    s->watchdog_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, watchdog_expired, s);
    s->debounce_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                     power_debounce_expired, s);
}

static void power_finalize(Object *obj)
{
    TWL4030PowerState *s = TWL4030_POWER(obj);

    timer_free(s->watchdog_timer);
    timer_free(s->debounce_timer);
}

static void power_get_boot_bci(Object *obj, Visitor *v, const char *name,
                               void *opaque, Error **errp)
{
    TWL4030PowerState *s = TWL4030_POWER(obj);
    uint8_t val = s->regs[A_TWL4030_BOOT_BCI];

    visit_type_uint8(v, name, &val, errp);
}

static const VMStateDescription vmstate_twl4030_power = {
    .name = "twl4030-power",
    .version_id = 3,            /* 2: the debounced inputs; 3: nSLEEP1 */
    .minimum_version_id = 3,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_SUB_ARRAY(regs, TWL4030PowerState,
                                TWL4030_PM_MASTER_FIRST,
                                TWL4030_PM_MASTER_SIZE),
        VMSTATE_UINT8_ARRAY(seq_mem, TWL4030PowerState, TWL4030_SEQ_MEM_SIZE),
        VMSTATE_UINT8(key_first, TWL4030PowerState),
        VMSTATE_BOOL(cfg_unlocked, TWL4030PowerState),
        VMSTATE_BOOL(tst_unlocked, TWL4030PowerState),
        VMSTATE_UINT8_ARRAY(group, TWL4030PowerState, TWL4030_NUM_GROUPS),
        VMSTATE_BOOL_ARRAY(input, TWL4030PowerState,
                           TWL4030_POWER_NUM_INPUTS),
        VMSTATE_BOOL_ARRAY(debounced, TWL4030PowerState,
                           TWL4030_POWER_NUM_INPUTS),
        VMSTATE_INT64_ARRAY(debounce_end_ns, TWL4030PowerState,
                            TWL4030_POWER_NUM_INPUTS),
        VMSTATE_TIMER_PTR(debounce_timer, TWL4030PowerState),
        VMSTATE_UINT8(watchdog_cfg, TWL4030PowerState),
        VMSTATE_TIMER_PTR(watchdog_timer, TWL4030PowerState),
        VMSTATE_BOOL(sleep1, TWL4030PowerState),
        VMSTATE_END_OF_LIST()
    }
};

static const Property power_properties[] = {
    DEFINE_PROP_LINK("regulators", TWL4030PowerState, regulators,
                     TYPE_TWL4030_REGULATORS, TWL4030RegulatorsState *),
};

static void power_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    TWL4030CellClass *mc = TWL4030_CELL_CLASS(oc);

    dc->desc = "TWL4030 power master and watchdog";
    dc->vmsd = &vmstate_twl4030_power;
    device_class_set_props(dc, power_properties);
    rc->phases.enter = power_reset_enter;
    rc->phases.hold = GTA04_RESET_PHASE(power_reset_hold);
    mc->read = power_read;
    mc->write = power_write;
    /* for the charger model: BOOT_BCI (BCIAUTOWEN, BCIAUTOAC, ...) */
    object_class_property_add(oc, "boot-bci", "uint8", power_get_boot_bci,
                              NULL, NULL, NULL);
}
GTA04_CLASS_INIT_COMPAT(power_class_init);

static const TypeInfo power_type_info = {
    .name = TYPE_TWL4030_POWER,
    .parent = TYPE_TWL4030_CELL,
    .instance_size = sizeof(TWL4030PowerState),
    .instance_init = power_init,
    .instance_finalize = power_finalize,
    .class_init = GTA04_CLASS_INIT(power_class_init),
};

static void power_register_types(void)
{
    type_register_static(&power_type_info);
}

type_init(power_register_types)
