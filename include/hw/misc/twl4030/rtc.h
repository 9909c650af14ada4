/*
 * TI TWL4030 (TPS65950) real-time clock, registers 0x4B:0x1C-0x2D
 *
 * BCD seconds..years + weekday, counting from QEMU's rtc_clock (so -rtc
 * base=/clock= and qtest clock_step apply), an alarm, periodic events and
 * the RTC_IT interrupt signal.
 *
 * Wiring: output "irq" = RTC_IT, a level:
 *     (RTC_STATUS.ALARM && RTC_INTERRUPTS.IT_ALARM) ||
 *     (RTC_INTERRUPTS.IT_TIMER && the event selected by EVERY is pending)
 * The chip feeds it to PWR SIH source 3 (PWR_ISR1.RTC_IT).  An event bit
 * (1S/1M/1H/1D_EVENT) is set at the boundary and cleared when RTC_STATUS
 * is read, so a periodic interrupt is a new rising edge each period once
 * the driver has read the status; ALARM stays until written 1 (the
 * handshake of rtc-twl).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_RTC_H
#define HW_MISC_TWL4030_RTC_H

#include "hw/misc/twl4030/cell.h"
#include "hw/registerfields.h"
#include "qemu/timer.h"

#define TYPE_TWL4030_RTC "twl4030-rtc"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030RTCState, TWL4030_RTC)

/* Registers on slave 0x4B (TWL4030 TRM "RTC register map"; rtc-twl.c) */
REG8(TWL4030_RTC_SECONDS, 0x1c)
REG8(TWL4030_RTC_MINUTES, 0x1d)
REG8(TWL4030_RTC_HOURS, 0x1e)
    FIELD(TWL4030_RTC_HOURS, PM_NAM, 7, 1)   /* PM, in 12-hour mode */
REG8(TWL4030_RTC_DAYS, 0x1f)
REG8(TWL4030_RTC_MONTHS, 0x20)
REG8(TWL4030_RTC_YEARS, 0x21)
REG8(TWL4030_RTC_WEEKS, 0x22)
REG8(TWL4030_RTC_ALARM_SECONDS, 0x23)
REG8(TWL4030_RTC_ALARM_YEARS, 0x28)
REG8(TWL4030_RTC_CTRL, 0x29)
    FIELD(TWL4030_RTC_CTRL, STOP_RTC, 0, 1)      /* 1 = running */
    FIELD(TWL4030_RTC_CTRL, ROUND_30S, 1, 1)
    FIELD(TWL4030_RTC_CTRL, AUTO_COMP, 2, 1)
    FIELD(TWL4030_RTC_CTRL, MODE_12_24, 3, 1)    /* 1 = 12-hour mode */
    FIELD(TWL4030_RTC_CTRL, TEST_MODE, 4, 1)
    FIELD(TWL4030_RTC_CTRL, SET_32_COUNTER, 5, 1)
    FIELD(TWL4030_RTC_CTRL, GET_TIME, 6, 1)
REG8(TWL4030_RTC_STATUS, 0x2a)
    FIELD(TWL4030_RTC_STATUS, RUN, 1, 1)
    FIELD(TWL4030_RTC_STATUS, EVENT_1S, 2, 1)
    FIELD(TWL4030_RTC_STATUS, EVENT_1M, 3, 1)
    FIELD(TWL4030_RTC_STATUS, EVENT_1H, 4, 1)
    FIELD(TWL4030_RTC_STATUS, EVENT_1D, 5, 1)
    FIELD(TWL4030_RTC_STATUS, ALARM, 6, 1)
    FIELD(TWL4030_RTC_STATUS, POWER_UP, 7, 1)
REG8(TWL4030_RTC_INTERRUPTS, 0x2b)
    FIELD(TWL4030_RTC_INTERRUPTS, EVERY, 0, 2)   /* 0 s, 1 min, 2 h, 3 day */
    FIELD(TWL4030_RTC_INTERRUPTS, IT_TIMER, 2, 1)
    FIELD(TWL4030_RTC_INTERRUPTS, IT_ALARM, 3, 1)
REG8(TWL4030_RTC_COMP_LSB, 0x2c)
REG8(TWL4030_RTC_COMP_MSB, 0x2d)

#define TWL4030_RTC_FIRST       A_TWL4030_RTC_SECONDS
#define TWL4030_RTC_LAST        A_TWL4030_RTC_COMP_MSB
#define TWL4030_RTC_TIME_REGS   7       /* seconds .. weeks */
#define TWL4030_RTC_ALARM_REGS  6       /* seconds .. years */

struct TWL4030RTCState {
    TWL4030Cell parent_obj;

    /*
     * The time.  Running: guest time in ns = rtc_clock + offset_ns.
     * Stopped: the time registers hold their values in "tc" (the guest
     * writes them one at a time, so they are kept as registers, not as a
     * date) and stopped_subsec_ns is where the stopped second was.
     */
    int64_t offset_ns;
    uint8_t tc[TWL4030_RTC_TIME_REGS];
    int64_t stopped_subsec_ns;
    uint8_t week_offset;        /* WEEKS minus the weekday of the date */
    bool time_written;          /* time set while stopped: report on start */

    uint8_t alarm[TWL4030_RTC_ALARM_REGS];
    uint8_t ctrl;
    uint8_t status;             /* ALARM and POWER_UP (the latched bits) */
    /*
     * Alarm interrupt request: raised by the ALARM 0->1 transition while
     * IT_ALARM is set, dropped by the ALARM acknowledge or by clearing
     * IT_ALARM.  Setting IT_ALARM again does not raise it.
     */
    bool alarm_irq_req;
    uint8_t interrupts;
    uint8_t comp_lsb;
    uint8_t comp_msb;

    /* GET_TIME: time registers read this copy while it is valid */
    uint8_t snapshot[TWL4030_RTC_TIME_REGS];
    bool snapshot_valid;

    /* 1S..1D events: boundaries crossed since this second (last STATUS read) */
    int64_t events_since;

    QEMUTimer *alarm_timer;
    QEMUTimer *tick_timer;
    bool irq_level;
    qemu_irq irq;
};

#endif /* HW_MISC_TWL4030_RTC_H */
