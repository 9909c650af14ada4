/*
 * TI OMAP3 (DM37x / OMAP3630) general-purpose timer (GPTIMER1..12)
 *
 * A 32-bit up-counter with prescaler, auto-reload, compare (match) and
 * overflow interrupts, in the "v1" (OMAP2/3) register layout that Linux's
 * timer-ti-dm drivers detect by TIDR[31:16] == 0 (DM37x TRM SPRUGN4
 * chapter 16).  GPTIMER1, 2 and 10 add the 1-ms tick registers TPIR..TOWR.
 * Linux 6.1 uses GPTIMER1 at 32768 Hz as its clockevent
 * (drivers/clocksource/timer-ti-dm-systimer.c): one-shot TCRR = ~cycles,
 * TCLR = ST, overflow interrupt, TSICR posted mode and TWPS polling.
 *
 * The counter is evaluated lazily from QEMU_CLOCK_VIRTUAL: every register
 * access first brings it up to date, and a QEMUTimer is armed only for the
 * next event that can raise the interrupt line.  Writes complete at once,
 * so TWPS always reads 0 in posted mode.
 *
 * The wake-up request to the PRCM ("wakeup", the module's SWAKEUP): raised
 * by an overflow or match event that TWER enables while TIOCP_CFG.ENAWAKEUP
 * is set and the module is not in no-idle mode (DM37x TRM chapter 16,
 * TWER and TIOCP_CFG; Linux's timer-ti-dm-systimer.c sets TWER's overflow
 * enable for its clockevent); it stands until the module is next
 * accessed, which it leaves idle for (an ASSUMPTION shared by the GPIO and
 * UART models: the model does not follow the PRCM's idle handshake).  The
 * PRM decides whether the PRCM takes it (omap3_prm.c).
 *
 * Not modelled: the capture input (TCAR1/2 keep their reset value, so no
 * capture event, interrupt or wake-up), the PWM/GPO output pin.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/host-utils.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "hw/timer/omap3_gptimer.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/registerfields.h"
#include "hw/qdev-clock.h"
#include "migration/vmstate.h"
#include "trace.h"

REG32(TIDR, 0x00)
REG32(TIOCP_CFG, 0x10)
    FIELD(TIOCP_CFG, AUTOIDLE, 0, 1)
    FIELD(TIOCP_CFG, SOFTRESET, 1, 1)
    FIELD(TIOCP_CFG, ENAWAKEUP, 2, 1)
    FIELD(TIOCP_CFG, IDLEMODE, 3, 2)
    FIELD(TIOCP_CFG, EMUFREE, 5, 1)
    FIELD(TIOCP_CFG, CLOCKACTIVITY, 8, 2)
REG32(TISTAT, 0x14)
    FIELD(TISTAT, RESETDONE, 0, 1)
REG32(TISR, 0x18)
    FIELD(TISR, MAT, 0, 1)
    FIELD(TISR, OVF, 1, 1)
    FIELD(TISR, TCAR, 2, 1)
REG32(TIER, 0x1c)
REG32(TWER, 0x20)
REG32(TCLR, 0x24)
    FIELD(TCLR, ST, 0, 1)
    FIELD(TCLR, AR, 1, 1)
    FIELD(TCLR, PTV, 2, 3)
    FIELD(TCLR, PRE, 5, 1)
    FIELD(TCLR, CE, 6, 1)
    FIELD(TCLR, SCPWM, 7, 1)
    FIELD(TCLR, TCM, 8, 2)
    FIELD(TCLR, TRG, 10, 2)
    FIELD(TCLR, PT, 12, 1)
    FIELD(TCLR, CAPT_MODE, 13, 1)
    FIELD(TCLR, GPO_CFG, 14, 1)
REG32(TCRR, 0x28)
REG32(TLDR, 0x2c)
REG32(TTGR, 0x30)
REG32(TWPS, 0x34)
REG32(TMAR, 0x38)
REG32(TCAR1, 0x3c)
REG32(TSICR, 0x40)
    FIELD(TSICR, SFT, 1, 1)
    FIELD(TSICR, POSTED, 2, 1)
REG32(TCAR2, 0x44)
/* 1-ms tick registers, GPTIMER1/2/10 only */
REG32(TPIR, 0x48)
REG32(TNIR, 0x4c)
REG32(TCVR, 0x50)
REG32(TOCR, 0x54)
    FIELD(TOCR, OVF_COUNTER_VALUE, 0, 24)
REG32(TOWR, 0x58)
    FIELD(TOWR, OVF_WRAPPING_VALUE, 0, 24)

/*
 * TIDR: Linux only checks bits 31:16 == 0 (v1 layout); the revision number
 * in bits 7:0 is [unverified] for the DM3730.
 */
#define GPT_TIDR_VALUE          0x00000013
#define GPT_TIOCP_CFG_MASK      (R_TIOCP_CFG_AUTOIDLE_MASK | \
                                 R_TIOCP_CFG_ENAWAKEUP_MASK | \
                                 R_TIOCP_CFG_IDLEMODE_MASK | \
                                 R_TIOCP_CFG_EMUFREE_MASK | \
                                 R_TIOCP_CFG_CLOCKACTIVITY_MASK)
#define GPT_IRQ_MASK            (R_TISR_MAT_MASK | R_TISR_OVF_MASK | \
                                 R_TISR_TCAR_MASK)
#define GPT_TCLR_MASK           0x7fff
#define GPT_IDLEMODE_NO         1       /* TIOCP_CFG.IDLEMODE no-idle */
/* TSICR resets with POSTED set [reset value unverified] */
#define GPT_TSICR_RESET         R_TSICR_POSTED_MASK
/* TTGR reads as all ones */
#define GPT_TTGR_READ           0xffffffff

#define GPT_WRAP                (1ULL << 32)
/*
 * An interrupting timer re-arms itself at most every 10 us of virtual time
 * (like ptimer does for tiny periods): the events in between are still
 * counted exactly when the timer catches up.
 */
#define GPT_MIN_REARM_NS        10000
/*
 * With the 1-ms tick correction every period differs, so the counter is
 * advanced one overflow at a time; past this many periods in one go (only
 * a guest that ignores a tick timer for a very long time gets there) the
 * rest is skipped in whole periods of TLDR.
 */
#define GPT_MAX_EXACT_PERIODS   100000

/*
 * The functional clock's rate, from the CM (CM_CLKSEL_*.CLKSEL_GPTn picks
 * 32 kHz or sys_clk).  The counter works in whole Hz: each of the board's
 * rates comes back exactly from the clock's period (2^-32 ns units), so the
 * deadlines are the ones computed from the Hz value itself.
 */
static uint32_t gpt_freq(OMAP3GPTimerState *s)
{
    return clock_get_hz(s->fclk);
}

/* TCLR.PRE/PTV: the counter advances every 2^(PTV+1) fclk cycles */
static uint64_t gpt_prescale(OMAP3GPTimerState *s)
{
    if (!FIELD_EX32(s->tclr, TCLR, PRE)) {
        return 1;
    }
    return 2ULL << FIELD_EX32(s->tclr, TCLR, PTV);
}

static bool gpt_running(OMAP3GPTimerState *s)
{
    return FIELD_EX32(s->tclr, TCLR, ST);
}

static void gpt_update_irq(OMAP3GPTimerState *s)
{
    bool level = s->tisr & s->tier & GPT_IRQ_MASK;

    if (level != s->irq_level) {
        s->irq_level = level;
        trace_omap3_gptimer_irq(DEVICE(s)->canonical_path, level);
        qemu_set_irq(s->irq, level);
    }
}

/*
 * The events that raise a wake-up request: those TWER enables, while
 * TIOCP_CFG.ENAWAKEUP is set and IDLEMODE lets the module idle (force- or
 * smart-idle; no-idle never idles, so it never asks to be woken).
 * ASSUMPTION: the model does not follow the PRCM's idle handshake per
 * module, so a module that may idle is taken as idle when the event comes;
 * the PRM judges whether its clocks are cut (omap3_prm.c).
 */
static uint32_t gpt_wake_events(OMAP3GPTimerState *s)
{
    if (!FIELD_EX32(s->tiocp_cfg, TIOCP_CFG, ENAWAKEUP) ||
        FIELD_EX32(s->tiocp_cfg, TIOCP_CFG, IDLEMODE) == GPT_IDLEMODE_NO) {
        return 0;
    }
    return s->twer & GPT_IRQ_MASK;
}

/* The wake-up request (SWAKEUP) to the PRCM rises or drops */
static void gpt_set_wake_request(OMAP3GPTimerState *s, bool level)
{
    if (level != s->wake_request) {
        s->wake_request = level;
        trace_omap3_gptimer_wakeup(DEVICE(s)->canonical_path, level);
        qemu_set_irq(s->wakeup, level);
    }
}

/*
 * An interrupt event: the TISR flag is set when its TIER enable is set
 * (the OMAP2/3 TISR is the "pending interrupt" status; unverified whether
 * disabled events also latch); TWER's enable raises the wake-up request.
 */
static void gpt_event(OMAP3GPTimerState *s, uint32_t flag)
{
    if (s->tier & flag) {
        s->tisr |= flag;
    }
    if (gpt_wake_events(s) & flag) {
        gpt_set_wake_request(s, true);
    }
}

static bool gpt_compare_enabled(OMAP3GPTimerState *s)
{
    return FIELD_EX32(s->tclr, TCLR, CE);
}

/* The counter takes the values from + 1 .. from + n (no wrap in between) */
static void gpt_check_match(OMAP3GPTimerState *s, uint32_t from, uint64_t n)
{
    if (gpt_compare_enabled(s) && s->tmar > from && s->tmar - from <= n) {
        gpt_event(s, R_TISR_MAT_MASK);
    }
}

static bool gpt_ms_tick_active(OMAP3GPTimerState *s)
{
    return s->has_1ms_tick &&
           (s->tpir || s->tnir || s->tcvr || s->tocr || s->towr);
}

/*
 * Auto-reload value with the 1-ms tick correction (TRM section 16.2.4.2.1,
 * table 16-8): Add1 = TCVR + TPIR, Add2 = TCVR + TNIR, Add3 = Add1 + Add2;
 * TLDR - 1 (one cycle longer) when Add1 < 0, or Add2 < 0 and Add3 < 0,
 * else TLDR.  TCVR takes the sum of the period chosen, so it stays the
 * smaller accumulated error.  With TPIR = TNIR = TCVR = 0 this is TLDR.
 */
static uint32_t gpt_reload_value(OMAP3GPTimerState *s)
{
    int32_t add1, add2, add3;

    if (!s->has_1ms_tick) {
        return s->tldr;
    }
    add1 = (int32_t)(s->tcvr + s->tpir);
    add2 = (int32_t)(s->tcvr + s->tnir);
    add3 = (int32_t)((uint32_t)add1 + (uint32_t)add2);
    if (add1 < 0 || (add2 < 0 && add3 < 0)) {
        s->tcvr = add1;
        return s->tldr - 1;
    }
    s->tcvr = add2;
    return s->tldr;
}

/* The counter went 0xffffffff -> next */
static void gpt_overflow(OMAP3GPTimerState *s)
{
    bool interrupt = true;

    if (s->has_1ms_tick) {
        /* TOCR counts the overflows that TOWR filters out of TISR.OVF */
        if (s->tocr == s->towr) {
            s->tocr = 0;
        } else {
            s->tocr = (s->tocr + 1) & R_TOCR_OVF_COUNTER_VALUE_MASK;
            interrupt = false;
        }
    }
    if (interrupt) {
        gpt_event(s, R_TISR_OVF_MASK);
    }
    if (FIELD_EX32(s->tclr, TCLR, AR)) {
        s->tcrr = gpt_reload_value(s);
    } else {
        /* one-shot: the counter stops at 0 and ST clears itself */
        s->tcrr = 0;
        s->tclr = FIELD_DP32(s->tclr, TCLR, ST, 0);
        trace_omap3_gptimer_oneshot_done(DEVICE(s)->canonical_path);
    }
    if (gpt_compare_enabled(s) && s->tcrr == s->tmar) {
        gpt_event(s, R_TISR_MAT_MASK);
    }
}

/* Advance the counter by @steps increments, raising the events on the way */
static void gpt_count(OMAP3GPTimerState *s, uint64_t steps)
{
    unsigned periods = 0;

    while (steps) {
        uint64_t to_ovf = GPT_WRAP - s->tcrr;

        if (steps < to_ovf) {
            gpt_check_match(s, s->tcrr, steps);
            s->tcrr += steps;
            return;
        }
        gpt_check_match(s, s->tcrr, to_ovf - 1);
        steps -= to_ovf;
        gpt_overflow(s);
        if (!gpt_running(s)) {
            return;
        }
        if (steps && (!gpt_ms_tick_active(s) ||
                      ++periods > GPT_MAX_EXACT_PERIODS)) {
            /* whole periods from the reload value back to itself */
            uint64_t period = GPT_WRAP - s->tcrr;
            uint64_t n = steps / period;

            if (n) {
                steps -= n * period;
                gpt_event(s, R_TISR_OVF_MASK);
                if (gpt_compare_enabled(s) && s->tmar >= s->tcrr) {
                    gpt_event(s, R_TISR_MAT_MASK);
                }
            }
        }
    }
}

/* Bring TCRR and TISR up to the current virtual time */
static void gpt_sync(OMAP3GPTimerState *s)
{
    uint64_t steps;

    if (!gpt_running(s)) {
        return;
    }
    steps = omap3_counter_steps(&s->counter, gpt_freq(s), gpt_prescale(s));
    if (steps) {
        gpt_count(s, steps);
        gpt_update_irq(s);
    }
}

/* The counter restarts counting now, prescaler phase 0 (start, load) */
static void gpt_restart_count(OMAP3GPTimerState *s)
{
    omap3_counter_restart(&s->counter, gpt_freq(s));
}

/*
 * Arm the QEMUTimer for the next event that can set an enabled TISR flag
 * or raise the wake-up request
 */
static void gpt_schedule(OMAP3GPTimerState *s, bool from_timer)
{
    uint64_t next = UINT64_MAX;
    uint64_t to_ovf = GPT_WRAP - s->tcrr;
    uint32_t armed = s->tier | gpt_wake_events(s);
    int64_t now, deadline;

    if (!gpt_running(s)) {
        timer_del(s->timer);
        return;
    }
    if (armed & R_TISR_OVF_MASK) {
        next = to_ovf;
    }
    if ((armed & R_TISR_MAT_MASK) && gpt_compare_enabled(s)) {
        /* a match after the wrap is planned again at the overflow */
        next = MIN(next, s->tmar > s->tcrr ? s->tmar - s->tcrr : to_ovf);
    }
    if (next == UINT64_MAX || !gpt_freq(s)) {
        timer_del(s->timer);
        return;
    }
    deadline = omap3_counter_deadline(&s->counter, gpt_freq(s),
                                      gpt_prescale(s), next);
    if (from_timer) {
        now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
        deadline = MAX(deadline, now + GPT_MIN_REARM_NS);
    }
    omap3_timer_mod(s->timer, deadline);
}

static void gpt_timer_expired(void *opaque)
{
    OMAP3GPTimerState *s = opaque;

    gpt_sync(s);
    gpt_schedule(s, true);
}

/* Reset of the functional part (TSICR.SFT) */
static void gpt_reset_functional(OMAP3GPTimerState *s)
{
    s->tisr = 0;
    s->tier = 0;
    s->twer = 0;
    s->tclr = 0;
    s->tcrr = 0;
    s->tldr = 0;
    s->tmar = 0;
    s->tcar1 = 0;
    s->tcar2 = 0;
    s->tpir = 0;
    s->tnir = 0;
    s->tcvr = 0;
    s->tocr = 0;
    s->towr = 0;
}

/* Module reset (power-on, TIOCP_CFG.SOFTRESET) */
static void gpt_reset_registers(OMAP3GPTimerState *s)
{
    gpt_reset_functional(s);
    s->tiocp_cfg = 0;
    s->tsicr = GPT_TSICR_RESET;
}

/*
 * The functional clock changes rate (a guest write to CM_CLKSEL_*, or the
 * reset): the count so far is made at the old rate, the count goes on at
 * the new one from now.  Only a guest access or the reset gets here, so the
 * timer is armed at the same virtual time in record and replay.
 */
static void gpt_fclk_update(void *opaque, ClockEvent event)
{
    OMAP3GPTimerState *s = opaque;

    switch (event) {
    case ClockPreUpdate:
        gpt_sync(s);
        break;
    case ClockUpdate:
        omap3_counter_rebase(&s->counter);
        trace_omap3_gptimer_clksel(DEVICE(s)->canonical_path, gpt_freq(s));
        if (s->timer) {
            gpt_schedule(s, false);
        }
        break;
    default:
        g_assert_not_reached();
    }
}

static bool gpt_is_1ms_reg(hwaddr addr)
{
    return addr >= A_TPIR && addr <= A_TOWR;
}

static uint64_t gpt_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3GPTimerState *s = opaque;
    uint32_t value = 0;

    gpt_sync(s);
    /* an access brings the module out of idle: its request is served */
    gpt_set_wake_request(s, false);
    if (gpt_is_1ms_reg(addr) && !s->has_1ms_tick) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: 1-ms tick register 0x%02" HWADDR_PRIx
                      " read on a timer without it\n",
                      DEVICE(s)->canonical_path, addr);
        return 0;
    }

    switch (addr) {
    case A_TIDR:
        value = GPT_TIDR_VALUE;
        break;
    case A_TIOCP_CFG:
        value = s->tiocp_cfg;
        break;
    case A_TISTAT:
        /* resets complete at once */
        value = R_TISTAT_RESETDONE_MASK;
        break;
    case A_TISR:
        value = s->tisr;
        break;
    case A_TIER:
        value = s->tier;
        break;
    case A_TWER:
        value = s->twer;
        break;
    case A_TCLR:
        value = s->tclr;
        break;
    case A_TCRR:
        value = s->tcrr;
        break;
    case A_TLDR:
        value = s->tldr;
        break;
    case A_TTGR:
        value = GPT_TTGR_READ;
        break;
    case A_TWPS:
        /* posted writes are never pending: they complete at once */
        value = 0;
        break;
    case A_TMAR:
        value = s->tmar;
        break;
    case A_TCAR1:
        value = s->tcar1;
        break;
    case A_TSICR:
        value = s->tsicr;
        break;
    case A_TCAR2:
        value = s->tcar2;
        break;
    case A_TPIR:
        value = s->tpir;
        break;
    case A_TNIR:
        value = s->tnir;
        break;
    case A_TCVR:
        value = s->tcvr;
        break;
    case A_TOCR:
        value = s->tocr;
        break;
    case A_TOWR:
        value = s->towr;
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: read of unknown register 0x%02" HWADDR_PRIx "\n",
                      DEVICE(s)->canonical_path, addr);
        break;
    }
    trace_omap3_gptimer_read(DEVICE(s)->canonical_path, addr, value);
    return value;
}

static void gpt_write_tclr(OMAP3GPTimerState *s, uint32_t value)
{
    uint32_t old = s->tclr;

    value &= GPT_TCLR_MASK;
    s->tclr = value;
    if (!FIELD_EX32(old, TCLR, ST) && FIELD_EX32(value, TCLR, ST)) {
        trace_omap3_gptimer_start(DEVICE(s)->canonical_path, s->tcrr,
                                  gpt_freq(s) / gpt_prescale(s));
        gpt_restart_count(s);
    } else if (FIELD_EX32(old, TCLR, ST) && !FIELD_EX32(value, TCLR, ST)) {
        trace_omap3_gptimer_stop(DEVICE(s)->canonical_path, s->tcrr);
    } else if ((old ^ value) & (R_TCLR_PRE_MASK | R_TCLR_PTV_MASK)) {
        /* a new prescaler ratio starts from phase 0 */
        gpt_restart_count(s);
    }
    if (FIELD_EX32(value, TCLR, TCM) && !FIELD_EX32(old, TCLR, TCM)) {
        qemu_log_mask(LOG_UNIMP, "%s: capture mode: no capture input is "
                      "modelled, TCAR1/2 never change\n",
                      DEVICE(s)->canonical_path);
    }
}

static void gpt_write(void *opaque, hwaddr addr, uint64_t data, unsigned size)
{
    OMAP3GPTimerState *s = opaque;
    uint32_t value = data;

    gpt_sync(s);
    gpt_set_wake_request(s, false);
    trace_omap3_gptimer_write(DEVICE(s)->canonical_path, addr, value);
    if (gpt_is_1ms_reg(addr) && !s->has_1ms_tick) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: 1-ms tick register 0x%02" HWADDR_PRIx
                      " written on a timer without it\n",
                      DEVICE(s)->canonical_path, addr);
        return;
    }

    switch (addr) {
    case A_TIOCP_CFG:
        if (FIELD_EX32(value, TIOCP_CFG, SOFTRESET)) {
            /* SOFTRESET self-clears; TISTAT.RESETDONE reads 1 at once */
            trace_omap3_gptimer_softreset(DEVICE(s)->canonical_path);
            gpt_reset_registers(s);
        } else {
            s->tiocp_cfg = value & GPT_TIOCP_CFG_MASK;
        }
        break;
    case A_TISR:
        /* write 1 to clear */
        s->tisr &= ~(value & GPT_IRQ_MASK);
        break;
    case A_TIER:
        s->tier = value & GPT_IRQ_MASK;
        break;
    case A_TWER:
        s->twer = value & GPT_IRQ_MASK;
        break;
    case A_TCLR:
        gpt_write_tclr(s, value);
        break;
    case A_TCRR:
        s->tcrr = value;
        gpt_restart_count(s);
        break;
    case A_TLDR:
        s->tldr = value;
        break;
    case A_TTGR:
        /* any value reloads TCRR from TLDR */
        s->tcrr = s->tldr;
        gpt_restart_count(s);
        break;
    case A_TMAR:
        s->tmar = value;
        break;
    case A_TSICR:
        if (FIELD_EX32(value, TSICR, SFT)) {
            /* SFT resets the functional part and self-clears */
            trace_omap3_gptimer_softreset(DEVICE(s)->canonical_path);
            gpt_reset_functional(s);
        }
        s->tsicr = value & R_TSICR_POSTED_MASK;
        break;
    case A_TPIR:
        s->tpir = value;
        break;
    case A_TNIR:
        s->tnir = value;
        break;
    case A_TCVR:
        s->tcvr = value;
        break;
    case A_TOCR:
        s->tocr = value & R_TOCR_OVF_COUNTER_VALUE_MASK;
        break;
    case A_TOWR:
        s->towr = value & R_TOWR_OVF_WRAPPING_VALUE_MASK;
        break;
    case A_TIDR:
    case A_TISTAT:
    case A_TWPS:
    case A_TCAR1:
    case A_TCAR2:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: write to read-only register 0x%02" HWADDR_PRIx "\n",
                      DEVICE(s)->canonical_path, addr);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: write to unknown register 0x%02" HWADDR_PRIx "\n",
                      DEVICE(s)->canonical_path, addr);
        break;
    }
    gpt_update_irq(s);
    gpt_schedule(s, false);
}

static const MemoryRegionOps gpt_ops = {
    .read = gpt_read,
    .write = gpt_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    /* 32-bit registers; Linux and the TRM's 16-bit access rules aside */
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void gpt_reset_enter(Object *obj, ResetType type)
{
    OMAP3GPTimerState *s = OMAP3_GPTIMER(obj);

    gpt_reset_registers(s);
    if (s->timer) {
        timer_del(s->timer);
    }
}

static void gpt_reset_hold(Object *obj, ResetType type)
{
    OMAP3GPTimerState *s = OMAP3_GPTIMER(obj);

    gpt_update_irq(s);
    gpt_set_wake_request(s, false);
}
GTA04_RESET_PHASE_COMPAT(gpt_reset_hold);

static void gpt_init(Object *obj)
{
    OMAP3GPTimerState *s = OMAP3_GPTIMER(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->iomem, obj, &gpt_ops, s, TYPE_OMAP3_GPTIMER,
                          OMAP3_GPTIMER_MMIO_SIZE);
    sysbus_init_mmio(sbd, &s->iomem);
    sysbus_init_irq(sbd, &s->irq);
    qdev_init_gpio_out_named(DEVICE(obj), &s->wakeup, OMAP3_GPTIMER_WAKEUP, 1);
    s->fclk = qdev_init_clock_in(DEVICE(obj), "fclk", gpt_fclk_update, s,
                                 ClockPreUpdate | ClockUpdate);
}

static void gpt_realize(DeviceState *dev, Error **errp)
{
    OMAP3GPTimerState *s = OMAP3_GPTIMER(dev);

    s->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, gpt_timer_expired, s);
}

static void gpt_unrealize(DeviceState *dev)
{
    OMAP3GPTimerState *s = OMAP3_GPTIMER(dev);

    timer_free(s->timer);
}

static int gpt_post_load(void *opaque, int version_id)
{
    OMAP3GPTimerState *s = opaque;

    /* the QEMUTimer is migrated; only the derived line level is rebuilt */
    s->irq_level = s->tisr & s->tier & GPT_IRQ_MASK;
    return 0;
}

static const VMStateDescription vmstate_omap3_gptimer = {
    .name = TYPE_OMAP3_GPTIMER,
    /*
     * version 2: the functional clock instead of a clksel bit; version 3:
     * the wake-up request
     */
    .version_id = 3,
    .minimum_version_id = 2,
    .post_load = gpt_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_TIMER_PTR(timer, OMAP3GPTimerState),
        VMSTATE_CLOCK(fclk, OMAP3GPTimerState),
        VMSTATE_INT64(counter.epoch_ns, OMAP3GPTimerState),
        VMSTATE_UINT64(counter.ref_ticks, OMAP3GPTimerState),
        VMSTATE_UINT32(tiocp_cfg, OMAP3GPTimerState),
        VMSTATE_UINT32(tisr, OMAP3GPTimerState),
        VMSTATE_UINT32(tier, OMAP3GPTimerState),
        VMSTATE_UINT32(twer, OMAP3GPTimerState),
        VMSTATE_UINT32(tclr, OMAP3GPTimerState),
        VMSTATE_UINT32(tcrr, OMAP3GPTimerState),
        VMSTATE_UINT32(tldr, OMAP3GPTimerState),
        VMSTATE_UINT32(tmar, OMAP3GPTimerState),
        VMSTATE_UINT32(tcar1, OMAP3GPTimerState),
        VMSTATE_UINT32(tcar2, OMAP3GPTimerState),
        VMSTATE_UINT32(tsicr, OMAP3GPTimerState),
        VMSTATE_UINT32(tpir, OMAP3GPTimerState),
        VMSTATE_UINT32(tnir, OMAP3GPTimerState),
        VMSTATE_UINT32(tcvr, OMAP3GPTimerState),
        VMSTATE_UINT32(tocr, OMAP3GPTimerState),
        VMSTATE_UINT32(towr, OMAP3GPTimerState),
        VMSTATE_BOOL_V(wake_request, OMAP3GPTimerState, 3),
        VMSTATE_END_OF_LIST()
    }
};

static const Property gpt_properties[] = {
    DEFINE_PROP_BOOL("has-1ms-tick", OMAP3GPTimerState, has_1ms_tick, false),
};

static void gpt_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);

    dc->desc = "OMAP3 general-purpose timer";
    dc->realize = gpt_realize;
    dc->unrealize = gpt_unrealize;
    dc->vmsd = &vmstate_omap3_gptimer;
    device_class_set_props(dc, gpt_properties);
    rc->phases.enter = gpt_reset_enter;
    rc->phases.hold = GTA04_RESET_PHASE(gpt_reset_hold);
    /* part of the SoC: its functional clock comes from the CM */
    dc->user_creatable = false;
}
GTA04_CLASS_INIT_COMPAT(gpt_class_init);

static const TypeInfo gpt_info = {
    .name = TYPE_OMAP3_GPTIMER,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3GPTimerState),
    .instance_init = gpt_init,
    .class_init = GTA04_CLASS_INIT(gpt_class_init),
};

static void gpt_register_types(void)
{
    type_register_static(&gpt_info);
}

type_init(gpt_register_types)
