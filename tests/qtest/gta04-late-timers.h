/*
 * qtest helpers for "a read at a deadline sees the state the device has at
 * that virtual time, whether or not its timer callback has run".
 *
 * qtest's clock_step runs every QEMU_CLOCK_VIRTUAL timer that falls due, so
 * on its own it cannot tell "computed when read" from "done by the timer".
 * With the VM stopped the virtual clock is disabled: clock_step still moves
 * it (the qtest accelerator's clock), but no timer of that clock runs.
 * That is what a loaded host does to a running guest: its main loop runs
 * the timers late while the vCPU carries on reading registers.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef GTA04_LATE_TIMERS_H
#define GTA04_LATE_TIMERS_H

#include "libqtest.h"

/* From now on clock_step moves the virtual clock without running timers */
static inline void gta04_timers_hold(QTestState *qts)
{
    qtest_qmp_assert_success(qts, "{ 'execute': 'stop' }");
}

/* The timers that fell due meanwhile run at the next clock_step */
static inline void gta04_timers_release(QTestState *qts)
{
    qtest_qmp_assert_success(qts, "{ 'execute': 'cont' }");
}

#endif /* GTA04_LATE_TIMERS_H */
