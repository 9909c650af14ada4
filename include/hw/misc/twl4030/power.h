/*
 * TI TWL4030 (TPS65950) power master: PM_MASTER 0x4B:0x36-0x5A and the
 * TWL watchdog WATCHDOG_CFG 0x4B:0x5E
 *
 * Processor groups, power-on/off events (P1_SW_EVENTS.DEVOFF powers the
 * machine off), PROTECT_KEY, the power-bus message port (PB_CFG/PB_WORD),
 * the sequencer memory, STS_HW_CONDITIONS and the PWR SIH sources it
 * derives from the chip's inputs.
 *
 * Register ownership: WATCHDOG_CFG (0x4B:0x5E) is PM_RECEIVER offset 3, in
 * the range of the regulators (0x4B:0x5B-0xF1).  The chip's address map
 * gives exactly that one register to this cell (it owns the watchdog
 * timer) and the rest of PM_RECEIVER to the regulators.
 *
 * Wiring (qdev GPIOs, connected by the chip):
 *  inputs  "pwron"        power button held (STS_HW_CONDITIONS.STS_PWON)
 *          "vbus"         5 V on the USB connector, through the power
 *                         block's own VBUS_PRES comparator (supplied from
 *                         VBUS, not from the transceiver's VUSB3V1: it sees
 *                         a cable while phy-twl4030-usb is suspended with
 *                         its LDOs off; the chip feeds it from its "vbus")
 *          "usb-id"       USB ID pin grounded (ID_PRES comparator)
 *          "ac"           AC charger present (CHG pin)
 *                         Each is debounced before STS_HW_CONDITIONS and
 *                         the PWR SIH see it (TRM table 14-1, power.c).
 *  outputs "sih"[8]       PWR SIH source levels: [0] PWRON, [1] CHG_PRES,
 *                         [2] USB_PRES (= VBUS_PRES || ID_PRES, per
 *                         phy-twl4030-usb's twl4030_usb_linkstat), [4] HOT_DIE
 *                         (never: no thermal model).  [3] RTC_IT comes from
 *                         the RTC, not from here; [5..7] stay low.
 *          "bciautoac", "bciautousb"  BOOT_BCI bits 0 and 1, for the
 *                         charger (BCI) model
 *          "group-state"[3] state of P1, P2, P3 as a TWL4030GroupState
 *                         level (0 active, 1 sleep, 2 off), for the
 *                         regulators' "group-state" inputs.
 * GPIO input "sleep1" (TWL4030_POWER_SLEEP1): the nSLEEP1 pin, 1 = P1's
 * sleep request asserted: the active-to-sleep script runs and P1 sleeps;
 * released, P1 wakes and the sleep-to-active script runs.
 * The group states travel only on "group-state" (the regulators keep the
 * levels they last saw, across a reset too).
 * Link property "regulators" (TYPE_TWL4030_REGULATORS): where the power-bus
 * messages written to PB_WORD_MSB/LSB go (twl4030_regulators_pb_message).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_POWER_H
#define HW_MISC_TWL4030_POWER_H

#include "hw/misc/twl4030/cell.h"
#include "hw/misc/twl4030/regulators.h"
#include "hw/registerfields.h"
#include "qemu/timer.h"

#define TYPE_TWL4030_POWER "twl4030-power"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030PowerState, TWL4030_POWER)

/* PM_MASTER registers on slave 0x4B (include/linux/mfd/twl.h offsets + 0x36) */
REG8(TWL4030_CFG_P1_TRANSITION, 0x36)
    FIELD(TWL4030_CFG_P_TRANSITION, STARTON_PWON, 0, 1)
    FIELD(TWL4030_CFG_P_TRANSITION, STARTON_CHG, 1, 1)
    FIELD(TWL4030_CFG_P_TRANSITION, STARTON_USB, 2, 1)
    FIELD(TWL4030_CFG_P_TRANSITION, STARTON_RTC, 3, 1)
    FIELD(TWL4030_CFG_P_TRANSITION, STARTON_VBAT, 4, 1)
    FIELD(TWL4030_CFG_P_TRANSITION, STARTON_VBUS, 5, 1)
    FIELD(TWL4030_CFG_P_TRANSITION, STARTON_SWBUG, 7, 1)
REG8(TWL4030_CFG_P2_TRANSITION, 0x37)
REG8(TWL4030_CFG_P3_TRANSITION, 0x38)
REG8(TWL4030_CFG_P123_TRANSITION, 0x39)
    FIELD(TWL4030_CFG_P123_TRANSITION, SEQ_OFFSYNC, 0, 1)
REG8(TWL4030_STS_BOOT, 0x3a)
REG8(TWL4030_CFG_BOOT, 0x3b)
    FIELD(TWL4030_CFG_BOOT, HFCLK_FREQ, 0, 2)    /* 1 19.2, 2 26, 3 38.4 MHz */
    FIELD(TWL4030_CFG_BOOT, HIGH_PERF_SQ, 3, 1)
    FIELD(TWL4030_CFG_BOOT, CK32K_LOWPWR_EN, 7, 1)
REG8(TWL4030_SHUNDAN, 0x3c)
REG8(TWL4030_BOOT_BCI, 0x3d)
    FIELD(TWL4030_BOOT_BCI, BCIAUTOAC, 0, 1)
    FIELD(TWL4030_BOOT_BCI, BCIAUTOUSB, 1, 1)
REG8(TWL4030_CFG_PWRANA1, 0x3e)
REG8(TWL4030_CFG_PWRANA2, 0x3f)
REG8(TWL4030_BGAP_TRIM, 0x40)
REG8(TWL4030_BACKUP_MISC_STS, 0x41)
REG8(TWL4030_BACKUP_MISC_CFG, 0x42)
REG8(TWL4030_BACKUP_MISC_TST, 0x43)
REG8(TWL4030_PROTECT_KEY, 0x44)
REG8(TWL4030_STS_HW_CONDITIONS, 0x45)
    FIELD(TWL4030_STS_HW_CONDITIONS, STS_PWON, 0, 1)
    FIELD(TWL4030_STS_HW_CONDITIONS, STS_USB_ID, 2, 1)     /* ID_PRES */
    FIELD(TWL4030_STS_HW_CONDITIONS, STS_CHG, 3, 1)
    FIELD(TWL4030_STS_HW_CONDITIONS, STS_VBUS, 7, 1)       /* VBUS_PRES */
REG8(TWL4030_P1_SW_EVENTS, 0x46)
    FIELD(TWL4030_SW_EVENTS, DEVOFF, 0, 1)
    FIELD(TWL4030_SW_EVENTS, DEVSLP, 1, 1)
    FIELD(TWL4030_SW_EVENTS, DEVACT, 2, 1)
    FIELD(TWL4030_SW_EVENTS, LVL_WAKEUP, 3, 1)
    FIELD(TWL4030_SW_EVENTS, ENABLE_WARMRESET, 4, 1)
    FIELD(TWL4030_SW_EVENTS, STOPON_SYSEN, 5, 1)
    FIELD(TWL4030_SW_EVENTS, STOPON_PWRON, 6, 1)
REG8(TWL4030_P2_SW_EVENTS, 0x47)
REG8(TWL4030_P3_SW_EVENTS, 0x48)
REG8(TWL4030_STS_P123_STATE, 0x49)
REG8(TWL4030_PB_CFG, 0x4a)
    FIELD(TWL4030_PB_CFG, BUSY, 0, 1)
    FIELD(TWL4030_PB_CFG, BWEN, 1, 1)
REG8(TWL4030_PB_WORD_MSB, 0x4b)
REG8(TWL4030_PB_WORD_LSB, 0x4c)
REG8(TWL4030_SEQ_ADD_W2P, 0x52)
REG8(TWL4030_SEQ_ADD_P2A, 0x53)
REG8(TWL4030_SEQ_ADD_A2W, 0x54)
REG8(TWL4030_SEQ_ADD_A2S, 0x55)
REG8(TWL4030_SEQ_ADD_S2A12, 0x56)
REG8(TWL4030_SEQ_ADD_S2A3, 0x57)
REG8(TWL4030_SEQ_ADD_WARM, 0x58)
REG8(TWL4030_MEMORY_ADDRESS, 0x59)
REG8(TWL4030_MEMORY_DATA, 0x5a)
/* PM_RECEIVER offset 3 */
REG8(TWL4030_WATCHDOG_CFG, 0x5e)

#define TWL4030_PM_MASTER_FIRST A_TWL4030_CFG_P1_TRANSITION
#define TWL4030_PM_MASTER_LAST  A_TWL4030_MEMORY_DATA
#define TWL4030_PM_MASTER_SIZE  \
    (TWL4030_PM_MASTER_LAST - TWL4030_PM_MASTER_FIRST + 1)

/* PROTECT_KEY sequences (twl.h TWL4030_PM_MASTER_KEY_*) */
#define TWL4030_KEY_CFG1        0xc0
#define TWL4030_KEY_CFG2        0x0c
#define TWL4030_KEY_TST1        0xe0
#define TWL4030_KEY_TST2        0x0e
#define TWL4030_KEY_BOTH1       0xce
#define TWL4030_KEY_BOTH2       0xec

/* Sequencer memory: 64 instructions of 4 bytes */
#define TWL4030_SEQ_MEM_SIZE    256

/* GPIO input: P1's sleep request, the nSLEEP1 pin (1 = asserted) */
#define TWL4030_POWER_SLEEP1    "sleep1"

/* PWR SIH sources (PWR_ISR1 bits) */
enum {
    TWL4030_PWR_SRC_PWRON = 0,
    TWL4030_PWR_SRC_CHG_PRES = 1,
    TWL4030_PWR_SRC_USB_PRES = 2,
    TWL4030_PWR_SRC_RTC_IT = 3,
    TWL4030_PWR_SRC_HOT_DIE = 4,
    TWL4030_PWR_NUM_SOURCES = 8,
};

/* The power block's input comparators, each with its debounce (power.c) */
typedef enum TWL4030PowerInput {
    TWL4030_POWER_IN_PWRON,
    TWL4030_POWER_IN_VBUS,      /* VBUS_PRES: the cable, ungated */
    TWL4030_POWER_IN_USB_ID,    /* ID_PRES */
    TWL4030_POWER_IN_AC,        /* CHG_PRES */
    TWL4030_POWER_NUM_INPUTS,
} TWL4030PowerInput;

struct TWL4030PowerState {
    TWL4030Cell parent_obj;

    uint8_t regs[TWL4030_NUM_REGS];     /* by register number: storage */
    uint8_t seq_mem[TWL4030_SEQ_MEM_SIZE];

    /* PROTECT_KEY state machine */
    uint8_t key_first;          /* first byte of a sequence seen, or 0 */
    bool cfg_unlocked;
    bool tst_unlocked;

    /* processor groups P1..P3 (TWL4030GroupState) */
    uint8_t group[TWL4030_NUM_GROUPS];
    bool sleep1;                /* input TWL4030_POWER_SLEEP1 (a wire) */

    /*
     * The inputs (TWL4030PowerInput): the pin's level, the level past the
     * debounce that STS_HW_CONDITIONS and the PWR SIH see, and when a
     * pending change gets through (virtual ns, INT64_MAX: none pending)
     */
    bool input[TWL4030_POWER_NUM_INPUTS];
    bool debounced[TWL4030_POWER_NUM_INPUTS];
    int64_t debounce_end_ns[TWL4030_POWER_NUM_INPUTS];
    QEMUTimer *debounce_timer;  /* QEMU_CLOCK_VIRTUAL, the earliest end */

    /* TWL watchdog: WATCHDOG_CFG seconds, counting down while non-zero */
    uint8_t watchdog_cfg;
    QEMUTimer *watchdog_timer;  /* QEMU_CLOCK_VIRTUAL */

    qemu_irq sih[TWL4030_PWR_NUM_SOURCES];
    qemu_irq group_out[TWL4030_NUM_GROUPS];
    qemu_irq bciautoac;
    qemu_irq bciautousb;
    TWL4030RegulatorsState *regulators;      /* link: the power-bus receiver */
};

#endif /* HW_MISC_TWL4030_POWER_H */
