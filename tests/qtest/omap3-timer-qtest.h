/*
 * qtest helpers for the OMAP3 timer tests: 32-kHz tick arithmetic and a
 * migration that carries the virtual clock along
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef OMAP3_TIMER_QTEST_H
#define OMAP3_TIMER_QTEST_H

#include "libqtest.h"
#include "gta04-migrate.h"

/*
 * First virtual time (ns) at which 32768-Hz tick @tick has happened,
 * counting from virtual time 0, where QEMU starts under qtest.
 */
static inline int64_t omap3_tick_time(uint64_t tick)
{
    return (tick * 1000000000ULL + 32767) / 32768;
}

/* to the first ns at which tick @tick has happened */
static inline void omap3_goto_tick(QTestState *qts, uint64_t tick)
{
    int64_t now = qtest_clock_step(qts, 0);

    g_assert_cmpint(omap3_tick_time(tick), >=, now);
    qtest_clock_step(qts, omap3_tick_time(tick) - now);
}

/* to the last ns before tick @tick */
static inline void omap3_goto_before_tick(QTestState *qts, uint64_t tick)
{
    int64_t now = qtest_clock_step(qts, 0);

    g_assert_cmpint(omap3_tick_time(tick) - 1, >=, now);
    qtest_clock_step(qts, omap3_tick_time(tick) - 1 - now);
}

/*
 * Migrate @from into a new QEMU started with @args, like gta04_migrate(),
 * but first bring the destination's virtual clock to the source's: under
 * qtest the clock is the qtest counter, which is not part of the migration
 * stream (with TCG or KVM it is).
 */
static inline QTestState *omap3_migrate_with_clock(QTestState *from,
                                                   const char *args)
{
    g_autofree char *dir = g_dir_make_tmp("omap3-timer-mig-XXXXXX", NULL);
    g_autofree char *path = g_strdup_printf("%s/state", dir);
    g_autofree char *save = g_strdup_printf("exec:cat > %s", path);
    g_autofree char *load = g_strdup_printf("exec:cat %s", path);
    int64_t now = qtest_clock_step(from, 0);
    QTestState *to;

    qtest_qmp_assert_success(from, "{ 'execute': 'migrate', "
                             "'arguments': { 'uri': %s } }", save);
    gta04_wait_migration(from, "completed");
    qtest_quit(from);

    to = qtest_initf("%s -incoming defer", args);
    qtest_clock_step(to, now);
    qtest_qmp_assert_success(to, "{ 'execute': 'migrate-incoming', "
                             "'arguments': { 'uri': %s } }", load);
    gta04_wait_migration(to, "completed");
    g_assert_cmpint(qtest_clock_step(to, 0), ==, now);
    unlink(path);
    rmdir(dir);
    return to;
}

#endif /* OMAP3_TIMER_QTEST_H */
