/*
 * qtest: the board's stimuli at a virtual time (hw/misc/gta04_stimuli.c)
 *
 * A stimulus is a QOM property write scheduled on QEMU_CLOCK_VIRTUAL: it
 * must happen exactly when its time comes, in the order scheduled, never
 * after a reset, and survive a migration; a bad request is refused when
 * it is made.  The TWL4030's pwron and vbus are the properties written.
 * A stimulus that waits for a console line (on-console) is scheduled when
 * UART3 transmits a line containing its text, once; one that waits for a
 * wire (on-line) when the wire changes to the level asked for.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "gta04/include/gta04-compat.h"
#include GTA04_QOBJECT_QDICT_H
#include "gta04-migrate.h"
#include "dm3730-qtest.h"

#define STIMULI     "/machine/stimuli"
#define TWL         "/machine/twl4030"

/* qom-set /machine/stimuli PROP VALUE: NULL if taken, else the error's text */
static char *stimuli_set(QTestState *qts, const char *prop, const char *value)
{
    QDict *rsp = qtest_qmp(qts, "{ 'execute': 'qom-set', 'arguments': {"
                           " 'path': %s, 'property': %s, 'value': %s } }",
                           STIMULI, prop, value);
    char *err = NULL;

    if (qdict_haskey(rsp, "error")) {
        err = g_strdup(qdict_get_str(qdict_get_qdict(rsp, "error"), "desc"));
    }
    qobject_unref(rsp);
    return err;
}

/* qom-set /machine/stimuli at REQUEST */
static char *schedule(QTestState *qts, const char *request)
{
    return stimuli_set(qts, "at", request);
}

/* qom-set /machine/stimuli on-console REQUEST */
static char *watch(QTestState *qts, const char *request)
{
    return stimuli_set(qts, "on-console", request);
}

/* The guest writes `text` to UART3's THR, as a kernel's console does */
static void console_write(QTestState *qts, const char *text)
{
    for (; *text; text++) {
        qtest_writel(qts, dm3730_addr(DM3730_DEV_UART3), (uint8_t)*text);
    }
}

static void schedule_ok(QTestState *qts, const char *request)
{
    g_autofree char *err = schedule(qts, request);

    g_assert_null(err);
}

static int64_t qom_get_int(QTestState *qts, const char *path, const char *prop)
{
    QDict *rsp = qtest_qmp(qts, "{ 'execute': 'qom-get', 'arguments': {"
                           " 'path': %s, 'property': %s } }", path, prop);
    int64_t v = qdict_get_int(rsp, "return");

    qobject_unref(rsp);
    return v;
}

static char *qom_get_str(QTestState *qts, const char *path, const char *prop)
{
    QDict *rsp = qtest_qmp(qts, "{ 'execute': 'qom-get', 'arguments': {"
                           " 'path': %s, 'property': %s } }", path, prop);
    char *v = g_strdup(qdict_get_str(rsp, "return"));

    qobject_unref(rsp);
    return v;
}

static uint64_t pending(QTestState *qts)
{
    return qom_get_int(qts, STIMULI, "pending");
}

/* A write happens at its time, not a nanosecond before */
static void test_at_time(void)
{
    QTestState *qts = qtest_init("-M gta04");

    g_assert_cmpint(qom_get_int(qts, STIMULI, "applied-ns"), ==, -1);
    schedule_ok(qts, "1000000 " TWL " pwron on");
    g_assert_cmpuint(pending(qts), ==, 1);
    qtest_clock_step(qts, 999999);
    g_assert_false(qtest_qom_get_bool(qts, TWL, "pwron"));
    qtest_clock_step(qts, 1);
    g_assert_true(qtest_qom_get_bool(qts, TWL, "pwron"));
    g_assert_cmpuint(pending(qts), ==, 0);
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "fired"), ==, 1);
    /* when, on the clock the 32 kHz counter counts (from the reset) */
    g_assert_cmpint(qom_get_int(qts, STIMULI, "applied-ns"), ==, 1000000);
    /* a delay of 0 is due at once, at the next look at the clock */
    schedule_ok(qts, "0 " TWL " pwron off");
    qtest_clock_step(qts, 1);
    g_assert_false(qtest_qom_get_bool(qts, TWL, "pwron"));
    qtest_quit(qts);
}

/* Stimuli due together apply in the order they were scheduled */
static void test_order(void)
{
    QTestState *qts = qtest_init("-M gta04");

    schedule_ok(qts, "2000 " TWL " vbus off");    /* last: scheduled first, later */
    schedule_ok(qts, "1000 " TWL " vbus on");
    schedule_ok(qts, "1000 " TWL " pwron on");
    schedule_ok(qts, "1000 " TWL " pwron off");
    qtest_clock_step(qts, 1000);
    g_assert_true(qtest_qom_get_bool(qts, TWL, "vbus"));
    g_assert_false(qtest_qom_get_bool(qts, TWL, "pwron"));
    g_assert_cmpuint(pending(qts), ==, 1);
    qtest_clock_step(qts, 1000);
    g_assert_false(qtest_qom_get_bool(qts, TWL, "vbus"));
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "fired"), ==, 4);
    qtest_quit(qts);
}

/* Bad requests are refused with a reason, and nothing is scheduled */
static void test_bad_requests(void)
{
    static const char *const bad[] = {
        "", "1000", "1000 " TWL " pwron", "-1 " TWL " pwron on",
        "soon " TWL " pwron on", "1000 /machine/nothing pwron on",
        "1000 " TWL " no-such-property on", "1000 " STIMULI " pending 3",
        "1000 " TWL " pwron "
        "a-value-longer-than-thirty-one-characters",
    };
    QTestState *qts = qtest_init("-M gta04");
    int i;

    for (i = 0; i < ARRAY_SIZE(bad); i++) {
        g_autofree char *err = schedule(qts, bad[i]);

        g_assert_nonnull(err);
        g_assert_true(g_str_has_prefix(err, "at: "));
    }
    g_assert_cmpuint(pending(qts), ==, 0);
    /* sixteen wait at most */
    for (i = 0; i < 16; i++) {
        schedule_ok(qts, "1000 " TWL " pwron on");
    }
    {
        g_autofree char *err = schedule(qts, "1000 " TWL " pwron on");

        g_assert_nonnull(err);
    }
    /* a value the property refuses when due: dropped, QEMU carries on */
    qtest_clock_step(qts, 1000);
    g_assert_cmpuint(pending(qts), ==, 0);
    schedule_ok(qts, "10 " TWL " pwron maybe");
    qtest_clock_step(qts, 10);
    g_assert_cmpuint(pending(qts), ==, 0);
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "fired"), ==, 16);
    qtest_quit(qts);
}

/* A system reset drops what waits */
static void test_reset(void)
{
    QTestState *qts = qtest_init("-M gta04");

    schedule_ok(qts, "1000000 " TWL " vbus on");
    qtest_qmp_assert_success(qts, "{ 'execute': 'system_reset' }");
    g_assert_cmpuint(pending(qts), ==, 0);
    qtest_clock_step(qts, 2000000);
    g_assert_false(qtest_qom_get_bool(qts, TWL, "vbus"));
    qtest_quit(qts);
}

/*
 * A pending stimulus is migrated with its time (the qtest clock itself
 * starts again from 0 on the new side: it fires when that clock reaches
 * the stimulus's time)
 */
static void test_migration(void)
{
    QTestState *qts = qtest_init("-M gta04");
    int64_t due, now;

    qtest_clock_step(qts, 1000);
    schedule_ok(qts, "5000000 " TWL " vbus on");
    due = 1000 + 5000000;
    qts = gta04_migrate(qts, "-M gta04");
    g_assert_cmpuint(pending(qts), ==, 1);
    g_assert_false(qtest_qom_get_bool(qts, TWL, "vbus"));
    now = qtest_clock_step(qts, 1);     /* what this clock says now */
    qtest_clock_step(qts, due - 1 - now);
    g_assert_false(qtest_qom_get_bool(qts, TWL, "vbus"));
    qtest_clock_step(qts, 1);
    g_assert_true(qtest_qom_get_bool(qts, TWL, "vbus"));
    qtest_quit(qts);
}

/*
 * A stimulus waits for a whole line that contains its text, then for its
 * delay; once: the next such line schedules nothing
 */
static void test_on_console(void)
{
    QTestState *qts = qtest_init("-M gta04");
    g_autofree char *err = watch(qts, "noirq suspend of devices complete|"
                                 "1000 " TWL " pwron on");

    g_assert_null(err);
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 1);
    console_write(qts, "PM: noirq suspend of devices");
    qtest_clock_step(qts, 5000);
    g_assert_cmpuint(pending(qts), ==, 0);      /* not a whole line yet */
    console_write(qts, " complete after 42 msecs\r\n");
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 0);
    g_assert_cmpuint(pending(qts), ==, 1);
    qtest_clock_step(qts, 999);
    g_assert_false(qtest_qom_get_bool(qts, TWL, "pwron"));
    qtest_clock_step(qts, 1);
    g_assert_true(qtest_qom_get_bool(qts, TWL, "pwron"));
    console_write(qts, "PM: noirq suspend of devices complete\n");
    g_assert_cmpuint(pending(qts), ==, 0);
    /* another line does not start it */
    g_assert_null(watch(qts, "suspend exit|0 " TWL " vbus on"));
    console_write(qts, "PM: suspend entry (deep)\n");
    qtest_clock_step(qts, 1000);
    g_assert_false(qtest_qom_get_bool(qts, TWL, "vbus"));
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 1);
    qtest_quit(qts);
}

/* Bad watches are refused with a reason; four wait at most */
static void test_on_console_bad(void)
{
    static const char *const bad[] = {
        "", "no bar", "|1000 " TWL " pwron on", "text|", "text|1000",
        "text|1000 /machine/nothing pwron on",
        "text-longer-than-sixty-three-characters-is-not-a-line-we-can-wait-"
        "for|0 " TWL " pwron on",
    };
    QTestState *qts = qtest_init("-M gta04");
    int i;

    for (i = 0; i < ARRAY_SIZE(bad); i++) {
        g_autofree char *err = watch(qts, bad[i]);

        g_assert_nonnull(err);
        g_assert_true(g_str_has_prefix(err, "on-console: "));
    }
    for (i = 0; i < 4; i++) {
        g_autofree char *err = watch(qts, "x|0 " TWL " pwron on");

        g_assert_null(err);
    }
    {
        g_autofree char *err = watch(qts, "x|0 " TWL " pwron on");

        g_assert_nonnull(err);
    }
    /* drop forgets them: "console" the lines, "all" the scheduled too */
    g_assert_null(stimuli_set(qts, "drop", "console"));
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 0);
    g_assert_null(watch(qts, "x|0 " TWL " pwron on"));
    schedule_ok(qts, "1000 " TWL " vbus on");
    g_assert_null(stimuli_set(qts, "drop", "all"));
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 0);
    g_assert_cmpuint(pending(qts), ==, 0);
    qtest_clock_step(qts, 1000);
    g_assert_false(qtest_qom_get_bool(qts, TWL, "vbus"));
    g_assert_nonnull(watch(qts, ""));
    for (i = 0; i < 2; i++) {
        g_assert_null(watch(qts, "x|0 " TWL " pwron on"));
    }
    /* a reset drops them, and the line so far */
    console_write(qts, "half a line ");
    qtest_qmp_assert_success(qts, "{ 'execute': 'system_reset' }");
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 0);
    qtest_quit(qts);
}

/* An armed watch and the line so far are migrated */
static void test_on_console_migration(void)
{
    QTestState *qts = qtest_init("-M gta04");
    g_autofree char *err = watch(qts, "devices complete|0 " TWL " vbus on");

    g_assert_null(err);
    console_write(qts, "PM: noirq suspend of ");
    qts = gta04_migrate(qts, "-M gta04");
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 1);
    console_write(qts, "devices complete\n");
    qtest_clock_step(qts, 1);
    g_assert_true(qtest_qom_get_bool(qts, TWL, "vbus"));
    qtest_quit(qts);
}

/* qom-set /machine/stimuli on-line REQUEST */
static char *watch_line(QTestState *qts, const char *request)
{
    return stimuli_set(qts, "on-line", request);
}

/*
 * A stimulus on a wire's change: the TWL4030's INT1, through the board's
 * split to the stimuli (hw/arm/gta04.c).  The power button latches PWRON
 * in the PWR SIH (IMR1 resets unmasked), which asserts INT1.
 */
static void test_on_line(void)
{
    QTestState *qts = qtest_init("-M gta04");

    g_assert_null(watch_line(qts, "int1:0|0 " TWL " vbus on"));
    g_assert_null(watch_line(qts, "int1:1|100000000 " TWL " vbus on"));
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 2);
    qtest_qom_set_bool(qts, TWL, "pwron", true);
    /* the power block's debounce (31.25 ms) first: no edge yet */
    qtest_clock_step(qts, 31000000);
    g_assert_cmpuint(pending(qts), ==, 0);
    qtest_clock_step(qts, 1000000);
    g_assert_cmpuint(pending(qts), ==, 1);      /* the rising edge's */
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 1);
    qtest_clock_step(qts, 98000000);
    g_assert_false(qtest_qom_get_bool(qts, TWL, "vbus"));
    qtest_clock_step(qts, 2000000);
    g_assert_true(qtest_qom_get_bool(qts, TWL, "vbus"));
    /* 100 ms after the edge, which came within [31, 32] ms of the press */
    g_assert_cmpint(qom_get_int(qts, STIMULI, "applied-ns"), >=, 131000000);
    g_assert_cmpint(qom_get_int(qts, STIMULI, "applied-ns"), <=, 132000000);
    /* a level the wire already has is no change: wait for the next edge */
    g_assert_null(watch_line(qts, "int1:1|0 " TWL " pwron off"));
    qtest_clock_step(qts, 1000);
    g_assert_true(qtest_qom_get_bool(qts, TWL, "pwron"));
    g_assert_null(stimuli_set(qts, "drop", "lines"));
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 0);
    qtest_quit(qts);
}

/* Bad wire requests are refused with a reason; four wait at most */
static void test_on_line_bad(void)
{
    static const char *const bad[] = {
        "", "int1", "int1:1", "int1:1|", "int1|0 " TWL " pwron on",
        "int2:1|0 " TWL " pwron on", "int1:2|0 " TWL " pwron on",
        "int1:|0 " TWL " pwron on", ":1|0 " TWL " pwron on",
        "int1:1|0 /machine/nothing pwron on", "int1:1|-5 " TWL " pwron on",
    };
    QTestState *qts = qtest_init("-M gta04");
    int i;

    for (i = 0; i < ARRAY_SIZE(bad); i++) {
        g_autofree char *err = watch_line(qts, bad[i]);

        g_assert_nonnull(err);
        g_assert_true(g_str_has_prefix(err, "on-line: "));
    }
    for (i = 0; i < 4; i++) {
        g_assert_null(watch_line(qts, "int1:1|0 " TWL " pwron on"));
    }
    {
        g_autofree char *err = watch_line(qts, "int1:1|0 " TWL " pwron on");

        g_assert_nonnull(err);
    }
    qtest_qmp_assert_success(qts, "{ 'execute': 'system_reset' }");
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 0);
    qtest_quit(qts);
}

/* An armed wire watch and the wire's level are migrated */
static void test_on_line_migration(void)
{
    QTestState *qts = qtest_init("-M gta04");

    g_assert_null(watch_line(qts, "int1:1|0 " TWL " vbus on"));
    qts = gta04_migrate(qts, "-M gta04");
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 1);
    qtest_qom_set_bool(qts, TWL, "pwron", true);
    qtest_clock_step(qts, 40000000);            /* past the debounce */
    g_assert_true(qtest_qom_get_bool(qts, TWL, "vbus"));
    qtest_quit(qts);
}

/* qom-set /machine/stimuli on-write REQUEST */
static char *watch_write(QTestState *qts, const char *request)
{
    return stimuli_set(qts, "on-write", request);
}

/*
 * on-write: the stimulus after the guest's next 32-bit write to the
 * register whose bits under the mask are the value (genirq masking INTC
 * line 7: MIR_SET0 bit 7); the device behind sees every access as before
 */
static void test_on_write(void)
{
    QTestState *qts = qtest_init("-M gta04");
    g_autofree char *req = g_strdup_printf("0x%x:0x80:0x80|1000000 " TWL
                                           " pwron on",
                                           (unsigned)DM3730_INTC_MIR_SET(0));

    qtest_writel(qts, DM3730_INTC_MIR_CLEAR(0), 0xffffffff);
    g_assert_null(watch_write(qts, req));
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 1);
    /* another bit: the INTC takes it, nothing waited for happens */
    qtest_writel(qts, DM3730_INTC_MIR_SET(0), 0x40);
    g_assert_cmphex(qtest_readl(qts, DM3730_INTC_MIR(0)), ==, 0x40);
    g_assert_cmpuint(pending(qts), ==, 0);
    /* a byte write is no 32-bit write */
    qtest_writeb(qts, DM3730_INTC_MIR_SET(0), 0x80);
    g_assert_cmpuint(pending(qts), ==, 0);
    qtest_writel(qts, DM3730_INTC_MIR_CLEAR(0), 0x80);
    /* the write: the INTC masks line 7, the stimulus comes 1 ms later */
    qtest_writel(qts, DM3730_INTC_MIR_SET(0), 0x81);
    g_assert_cmphex(qtest_readl(qts, DM3730_INTC_MIR(0)), ==, 0xc1);
    g_assert_cmpuint(pending(qts), ==, 1);
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 0);
    qtest_clock_step(qts, 999999);
    g_assert_false(qtest_qom_get_bool(qts, TWL, "pwron"));
    qtest_clock_step(qts, 1);
    g_assert_true(qtest_qom_get_bool(qts, TWL, "pwron"));
    /* once: the next such write starts nothing */
    qtest_writel(qts, DM3730_INTC_MIR_SET(0), 0x80);
    g_assert_cmpuint(pending(qts), ==, 0);
    /* dropped: nothing waits, the register works as before */
    g_assert_null(watch_write(qts, req));
    g_assert_null(stimuli_set(qts, "drop", "writes"));
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 0);
    qtest_writel(qts, DM3730_INTC_MIR_CLEAR(0), 0xff);
    g_assert_cmphex(qtest_readl(qts, DM3730_INTC_MIR(0)), ==, 0);
    qtest_quit(qts);
}

/* Bad write requests are refused with a reason (RAM too) */
static void test_on_write_bad(void)
{
    static const char *const bad[] = {
        "", "0x48200088", "0x48200088:0x80:0x80", "0x48200088:0x80|0 " TWL
        " pwron on", "0x48200089:0x80:0x80|0 " TWL " pwron on",
        "0x48200088:0x80:0x81|0 " TWL " pwron on",
        "0x48200088:0x1ffffffff:0|0 " TWL " pwron on",
        "x:0x80:0x80|0 " TWL " pwron on",
        "0x48200088:0x80:0x80|0 /machine/nothing pwron on",
        "0x80000000:0x1:0x1|0 " TWL " pwron on",     /* SDRAM */
    };
    QTestState *qts = qtest_init("-M gta04");
    int i;

    for (i = 0; i < ARRAY_SIZE(bad); i++) {
        g_autofree char *err = watch_write(qts, bad[i]);

        g_assert_nonnull(err);
        g_assert_true(g_str_has_prefix(err, "on-write: "));
    }
    g_assert_null(watch_write(qts, "0x48200088:0x80:0x80|0 " TWL " pwron on"));
    {   /* one watch per register */
        g_autofree char *err = watch_write(qts, "0x48200088:0x1:0x1|0 " TWL
                                           " pwron on");

        g_assert_nonnull(err);
    }
    qtest_qmp_assert_success(qts, "{ 'execute': 'system_reset' }");
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 0);
    qtest_quit(qts);
}

/* A watch migrates, and the destination's register is watched */
static void test_on_write_migration(void)
{
    QTestState *qts = qtest_init("-M gta04");
    g_autofree char *req = g_strdup_printf("0x%x:0x80:0x80|0 " TWL " pwron on",
                                           (unsigned)DM3730_INTC_MIR_SET(0));

    g_assert_null(watch_write(qts, req));
    qts = gta04_migrate(qts, "-M gta04");
    g_assert_cmpuint(qom_get_int(qts, STIMULI, "watching"), ==, 1);
    qtest_writel(qts, DM3730_INTC_MIR_SET(0), 0x80);
    qtest_clock_step(qts, 1);
    g_assert_true(qtest_qom_get_bool(qts, TWL, "pwron"));
    g_assert_cmphex(qtest_readl(qts, DM3730_INTC_MIR(0)) & 0x80, ==, 0x80);
    qtest_quit(qts);
}

/* Wait (a bounded while) until `n` stimuli are pending: chardev input comes
 * when QEMU's main loop reads it */
static void wait_pending(QTestState *qts, uint64_t n)
{
    int i;

    for (i = 0; i < 500 && pending(qts) != n; i++) {
        g_usleep(10000);
    }
    g_assert_cmpuint(pending(qts), ==, n);
}

/*
 * Requests as lines on the chardev input (the first -serial after the four
 * UARTs'): "PROPERTY ARGUMENT" as qom-set would write it; a line may come
 * in pieces; a bad one is refused (on stderr) and changes nothing
 */
static void test_chardev_requests(void)
{
    g_autofree char *dir = g_dir_make_tmp("gta04-stimuli-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "stimuli.sock", NULL);
    int server = qtest_socket_server(path);
    QTestState *qts = qtest_initf("-M gta04 -chardev socket,id=stim,path=%s "
                                  "-serial null -serial null -serial null "
                                  "-serial null -serial chardev:stim", path);
    int fd = accept(server, NULL, NULL);
    const char *bad = "bogus 1 2\nat -5 " TWL " pwron on\n";
    const char *part1 = "at 1000000 " TWL, *part2 = " pwron on\n";

    g_assert_cmpint(fd, >=, 0);
    g_assert_cmpint(write(fd, bad, strlen(bad)), ==, strlen(bad));
    g_assert_cmpint(write(fd, part1, strlen(part1)), ==, strlen(part1));
    g_usleep(50000);
    g_assert_cmpuint(pending(qts), ==, 0);
    g_assert_cmpint(write(fd, part2, strlen(part2)), ==, strlen(part2));
    wait_pending(qts, 1);
    qtest_clock_step(qts, 999999);
    g_assert_false(qtest_qom_get_bool(qts, TWL, "pwron"));
    qtest_clock_step(qts, 1);
    g_assert_true(qtest_qom_get_bool(qts, TWL, "pwron"));
    qtest_quit(qts);
    close(fd);
    close(server);
    unlink(path);
    rmdir(dir);
}

static bool held(QTestState *qts)
{
    return qtest_qom_get_bool(qts, STIMULI, "held");
}

static char *run_state(QTestState *qts)
{
    QDict *rsp = qtest_qmp(qts, "{ 'execute': 'query-status' }");
    char *status = g_strdup(qdict_get_str(qdict_get_qdict(rsp, "return"),
                                          "status"));

    qobject_unref(rsp);
    return status;
}

static void cont(QTestState *qts)
{
    qobject_unref(qtest_qmp(qts, "{ 'execute': 'cont' }"));
    qtest_qmp_eventwait(qts, "RESUME");
}

/*
 * hold-at: the VM pauses the moment UART3 has sent a line so far that
 * matches the glob (a shell's prompt, which ends no line), once per line;
 * whatever runs the VM again ends the hold
 */
static void test_hold_at(void)
{
    QTestState *qts = qtest_init("-M gta04");
    g_autofree char *too_long = g_strnfill(200, '*');
    g_autofree char *err = stimuli_set(qts, "hold-at", too_long);
    g_autofree char *line = NULL;

    g_assert_nonnull(err);      /* longer than a line the board keeps */
    g_assert_null(stimuli_set(qts, "hold-at", "gta04:*# "));
    console_write(qts, "\r\ngta04:/");
    g_assert_false(held(qts));
    g_assert_cmpstr(run_state(qts), ==, "running");
    console_write(qts, "# ");
    g_assert_true(held(qts));
    qtest_qmp_eventwait(qts, "STOP");
    g_assert_cmpstr(run_state(qts), ==, "paused");
    line = qom_get_str(qts, STIMULI, "line");
    g_assert_cmpstr(line, ==, "gta04:/# ");   /* what matched, for the host */
    cont(qts);
    g_assert_false(held(qts));
    /* the command typed there, echoed on the prompt's line: no new hold */
    console_write(qts, "echo done");
    g_assert_false(held(qts));
    /* a line that only has the prompt inside, and a kernel line */
    console_write(qts, "\r\n[   12.345] x gta04:/# ");
    g_assert_false(held(qts));
    console_write(qts, "\r\ndone\r\ngta04:/sys# ");
    g_assert_true(held(qts));
    qtest_qmp_eventwait(qts, "STOP");
    cont(qts);
    /* "" turns it off */
    g_assert_null(stimuli_set(qts, "hold-at", ""));
    console_write(qts, "\r\ngta04:/# ");
    g_assert_false(held(qts));
    g_assert_cmpstr(run_state(qts), ==, "running");
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("gta04/stimuli/at-time", test_at_time);
    qtest_add_func("gta04/stimuli/order", test_order);
    qtest_add_func("gta04/stimuli/bad-requests", test_bad_requests);
    qtest_add_func("gta04/stimuli/reset", test_reset);
    qtest_add_func("gta04/stimuli/migration", test_migration);
    qtest_add_func("gta04/stimuli/on-console", test_on_console);
    qtest_add_func("gta04/stimuli/on-console-bad", test_on_console_bad);
    qtest_add_func("gta04/stimuli/on-console-migration",
                   test_on_console_migration);
    qtest_add_func("gta04/stimuli/on-line", test_on_line);
    qtest_add_func("gta04/stimuli/on-line-bad", test_on_line_bad);
    qtest_add_func("gta04/stimuli/on-line-migration", test_on_line_migration);
    qtest_add_func("gta04/stimuli/on-write", test_on_write);
    qtest_add_func("gta04/stimuli/on-write-bad", test_on_write_bad);
    qtest_add_func("gta04/stimuli/on-write-migration", test_on_write_migration);
    qtest_add_func("gta04/stimuli/hold-at", test_hold_at);
    qtest_add_func("gta04/stimuli/chardev-requests", test_chardev_requests);

    return g_test_run();
}
