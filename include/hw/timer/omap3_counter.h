/*
 * The lazily evaluated counter of the OMAP3 timers (GPTIMER, WDT)
 *
 * The functional clock runs at @freq Hz from epoch_ns, the virtual time
 * of its tick 0; the counter register advances one step every @prescale
 * fclk ticks, counted from ref_ticks, the fclk tick of its last step (or
 * of its start).  Nothing runs while the guest does not look: the device
 * brings its counter register up to date on every access with
 * omap3_counter_steps(), and arms a QEMUTimer only for the next step it
 * must act on, at omap3_counter_deadline().
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_TIMER_OMAP3_COUNTER_H
#define HW_TIMER_OMAP3_COUNTER_H

#include "qemu/host-utils.h"
#include "qemu/timer.h"

typedef struct OMAP3Counter {
    int64_t epoch_ns;           /* virtual time of fclk tick 0 */
    uint64_t ref_ticks;         /* fclk ticks from the epoch to the last step */
} OMAP3Counter;

/* fclk ticks from the epoch to @now */
static inline uint64_t omap3_counter_fclk_ticks(const OMAP3Counter *c,
                                                uint32_t freq, int64_t now)
{
    /* the virtual clock never goes back, except into a foreign snapshot */
    if (now < c->epoch_ns) {
        return 0;
    }
    return muldiv64(now - c->epoch_ns, freq, NANOSECONDS_PER_SECOND);
}

/* The counter starts (or restarts) counting now, prescaler phase 0 */
static inline void omap3_counter_restart(OMAP3Counter *c, uint32_t freq)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);

    c->ref_ticks = omap3_counter_fclk_ticks(c, freq, now);
}

/* The fclk changes rate now: its ticks count from here, the steps go on */
static inline void omap3_counter_rebase(OMAP3Counter *c)
{
    c->epoch_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    c->ref_ticks = 0;
}

/* The steps made since the last call (ref_ticks moves on by them) */
static inline uint64_t omap3_counter_steps(OMAP3Counter *c, uint32_t freq,
                                           uint64_t prescale)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    uint64_t ticks = omap3_counter_fclk_ticks(c, freq, now);
    uint64_t steps;

    if (ticks <= c->ref_ticks) {
        return 0;
    }
    steps = (ticks - c->ref_ticks) / prescale;
    c->ref_ticks += steps * prescale;
    return steps;
}

/* The first virtual time at which the counter has made @steps more steps */
static inline int64_t omap3_counter_deadline(const OMAP3Counter *c,
                                             uint32_t freq, uint64_t prescale,
                                             uint64_t steps)
{
    return c->epoch_ns + muldiv64_round_up(c->ref_ticks + steps * prescale,
                                           NANOSECONDS_PER_SECOND, freq);
}

/*
 * Arm @t for @deadline unless it already is.  A timer_mod() that leaves
 * the timer at the head of its list kicks the main loop to recompute its
 * timeout even when the deadline is the one already set; the timers are
 * re-planned after every register write (Linux's clockevent writes TCRR
 * and then TCLR for each event), so most of them would be such kicks.
 */
static inline void omap3_timer_mod(QEMUTimer *t, int64_t deadline)
{
    if (!timer_pending(t) || timer_expire_time_ns(t) != deadline) {
        timer_mod(t, deadline);
    }
}

#endif /* HW_TIMER_OMAP3_COUNTER_H */
