/*
 * qtest helper: save a gta04 machine's state and restore it in a new one
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef GTA04_MIGRATE_H
#define GTA04_MIGRATE_H

#include "libqtest.h"
#include "qapi/qmp/qdict.h"

/* Poll query-migrate until @status (bounded: 10 s) */
static inline void gta04_wait_migration(QTestState *qts, const char *status)
{
    int i;

    for (i = 0; i < 1000; i++) {
        QDict *rsp = qtest_qmp(qts, "{ 'execute': 'query-migrate' }");
        QDict *ret = qdict_get_qdict(rsp, "return");
        const char *st = ret && qdict_haskey(ret, "status")
                         ? qdict_get_str(ret, "status") : "";
        bool done = !strcmp(st, status);

        g_assert_cmpstr(st, !=, "failed");
        qobject_unref(rsp);
        if (done) {
            return;
        }
        g_usleep(10 * 1000);
    }
    g_assert_not_reached();
}

/*
 * Migrate @from through a file into a new QEMU started with @args (the
 * same machine options), quit @from and return the new instance.
 */
static inline QTestState *gta04_migrate(QTestState *from, const char *args)
{
    g_autofree char *dir = g_dir_make_tmp("gta04-migrate-XXXXXX", NULL);
    g_autofree char *path = g_strdup_printf("%s/state", dir);
    g_autofree char *save = g_strdup_printf("exec:cat > %s", path);
    g_autofree char *load = g_strdup_printf("exec:cat %s", path);
    QTestState *to;

    qtest_qmp_assert_success(from, "{ 'execute': 'migrate', "
                             "'arguments': { 'uri': %s } }", save);
    gta04_wait_migration(from, "completed");
    qtest_quit(from);

    to = qtest_initf("%s -incoming defer", args);
    qtest_qmp_assert_success(to, "{ 'execute': 'migrate-incoming', "
                             "'arguments': { 'uri': %s } }", load);
    gta04_wait_migration(to, "completed");
    unlink(path);
    rmdir(dir);
    return to;
}

#endif /* GTA04_MIGRATE_H */
