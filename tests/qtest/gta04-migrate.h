/*
 * qtest helper: save a gta04 machine's state and restore it in a new one
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef GTA04_MIGRATE_H
#define GTA04_MIGRATE_H

#include "gta04/include/gta04-compat.h"   /* GTA04_QOBJECT_*_H */
#include "libqtest.h"
#include "qemu/bswap.h"
#include GTA04_QOBJECT_QDICT_H
#include GTA04_QOBJECT_QLIST_H

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

/*
 * Snapshots (savevm/loadvm) need a qcow2 image, and the build has no
 * qemu-img: create one with blockdev-create in @qts and attach it as the
 * node "disk" (the snapshot's home, being the only writable node).
 */
static inline void gta04_wait_job(QTestState *qts, const char *id)
{
    int i;

    for (i = 0; i < 1000; i++) {
        QDict *rsp = qtest_qmp(qts, "{ 'execute': 'query-jobs' }");
        QList *jobs = qdict_get_qlist(rsp, "return");
        const QListEntry *e;
        bool done = false;

        for (e = qlist_first(jobs); e; e = qlist_next(e)) {
            QDict *job = qobject_to(QDict, qlist_entry_obj(e));

            if (!strcmp(qdict_get_str(job, "id"), id) &&
                !strcmp(qdict_get_str(job, "status"), "concluded")) {
                g_assert_false(qdict_haskey(job, "error"));
                done = true;
            }
        }
        qobject_unref(rsp);
        if (done) {
            qtest_qmp_assert_success(qts, "{ 'execute': 'job-dismiss', "
                                     "'arguments': { 'id': %s } }", id);
            return;
        }
        g_usleep(10 * 1000);
    }
    g_assert_not_reached();
}

static inline void gta04_snapshot_disk_create(QTestState *qts,
                                              const char *path)
{
    qtest_qmp_assert_success(qts, "{ 'execute': 'blockdev-create', "
                             "'arguments': { 'job-id': 'c1', 'options': { "
                             "'driver': 'file', 'filename': %s, "
                             "'size': 0 } } }", path);
    gta04_wait_job(qts, "c1");
    qtest_qmp_assert_success(qts, "{ 'execute': 'blockdev-add', "
                             "'arguments': { 'driver': 'file', "
                             "'node-name': 'file', 'filename': %s } }", path);
    qtest_qmp_assert_success(qts, "{ 'execute': 'blockdev-create', "
                             "'arguments': { 'job-id': 'c2', 'options': { "
                             "'driver': 'qcow2', 'file': 'file', "
                             "'size': 1048576 } } }");
    gta04_wait_job(qts, "c2");
    qtest_qmp_assert_success(qts, "{ 'execute': 'blockdev-add', "
                             "'arguments': { 'driver': 'qcow2', "
                             "'node-name': 'disk', 'file': 'file' } }");
}

/* The -blockdev options that attach a snapshot image made above */
static inline char *gta04_snapshot_disk_args(const char *path)
{
    return g_strdup_printf("-blockdev driver=file,node-name=file,filename=%s "
                           "-blockdev driver=qcow2,node-name=disk,file=file",
                           path);
}

/*
 * Where a device's section of a saved state starts in @buf: the section
 * header "idstr-length idstr instance-id version-id" (migration/savevm.c,
 * QEMU_VM_SECTION_FULL) of the vmstate named @idstr with @version, instance
 * 0.  Returns the offset of its first field, or -1.  A snapshot in a qcow2
 * image holds the stream uncompressed, so this finds it there too.
 */
static inline long gta04_find_section(const uint8_t *buf, size_t len,
                                      const char *idstr, uint32_t version)
{
    size_t n = strlen(idstr);
    uint8_t hdr[256 + 9];
    size_t i;

    g_assert_cmpuint(n, <, 256);
    hdr[0] = n;
    memcpy(hdr + 1, idstr, n);
    memset(hdr + 1 + n, 0, 4);                          /* instance 0 */
    stl_be_p(hdr + 1 + n + 4, version);
    for (i = 0; i + n + 9 <= len; i++) {
        if (!memcmp(buf + i, hdr, n + 9)) {
            return i + n + 9;
        }
    }
    return -1;
}

#endif /* GTA04_MIGRATE_H */
