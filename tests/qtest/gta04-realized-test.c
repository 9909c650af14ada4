/*
 * qtest: "qom-set <device> realized false", then "true", over QMP on every
 * device (and bus) under /machine/soc and /machine/twl4030, and the
 * SoC's unimplemented-device stand-ins (/machine/unattached), found with
 * qom-list.  The board's devices are wired into the SoC and the PMIC once,
 * at machine creation: QEMU must stay alive, and either refuse a change
 * with an error (the state stays as it was) or accept it and keep working.
 * After each device, the board must still work: the TWL4030 answers over
 * I2C1, GPT1 and the INTC take register accesses.  The refusal itself is
 * QEMU's (patches/<base>/...-qdev-refuse-to-unrealize-...patch): one error
 * naming the device, a device or bus that is part of the machine.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include "twl4030-qtest.h"

#define GPT1_BASE       dm3730_addr(DM3730_DEV_GPT1)
#define INTC_REVISION   (dm3730_addr(DM3730_DEV_INTC) + 0x00)

static bool has_property(QTestState *qts, const char *path, const char *name)
{
    QDict *rsp = qtest_qmp(qts, "{ 'execute': 'qom-list', "
                           "'arguments': { 'path': %s } }", path);
    QList *list = qdict_get_qlist(rsp, "return");
    const QListEntry *e;
    bool found = false;

    g_assert_nonnull(list);
    for (e = qlist_first(list); e; e = qlist_next(e)) {
        QDict *prop = qobject_to(QDict, qlist_entry_obj(e));

        if (!strcmp(qdict_get_str(prop, "name"), name)) {
            found = true;
        }
    }
    qobject_unref(rsp);
    return found;
}

/* Every object with a "realized" property in the subtree at @path */
static void collect(QTestState *qts, const char *path, GPtrArray *out)
{
    QDict *rsp = qtest_qmp(qts, "{ 'execute': 'qom-list', "
                           "'arguments': { 'path': %s } }", path);
    QList *list = qdict_get_qlist(rsp, "return");
    const QListEntry *e;

    g_assert_nonnull(list);
    if (has_property(qts, path, "realized")) {
        g_ptr_array_add(out, g_strdup(path));
    }
    for (e = qlist_first(list); e; e = qlist_next(e)) {
        QDict *prop = qobject_to(QDict, qlist_entry_obj(e));

        if (g_str_has_prefix(qdict_get_str(prop, "type"), "child<")) {
            g_autofree char *child = g_strdup_printf("%s/%s", path,
                                                     qdict_get_str(prop, "name"));
            collect(qts, child, out);
        }
    }
    qobject_unref(rsp);
}

/* qom-set realized; true if QEMU accepted it */
static bool set_realized(QTestState *qts, const char *path, bool value)
{
    QDict *rsp = qtest_qmp(qts, "{ 'execute': 'qom-set', 'arguments': "
                           "{ 'path': %s, 'property': 'realized', "
                           "'value': %i } }", path, value);
    bool ok = !qdict_haskey(rsp, "error");

    if (!ok) {
        g_test_message("%s realized=%d refused: %s", path, value,
                       qdict_get_str(qdict_get_qdict(rsp, "error"), "desc"));
    }
    qobject_unref(rsp);
    return ok;
}

static void board_works(QTestState *qts)
{
    qtest_qmp_assert_success(qts, "{ 'execute': 'query-status' }");
    qtest_writel(qts, GPT1_BASE + GPT_TLDR, 0x12345678);
    g_assert_cmphex(qtest_readl(qts, GPT1_BASE + GPT_TLDR), ==, 0x12345678);
    g_assert_cmphex(qtest_readl(qts, INTC_REVISION), !=, 0);
    gta04_i2c_init(qts, TWL_I2C);
    g_assert_cmphex(twl_get(qts, 0x49, 0x94), ==, 0x55);    /* GPPUPDCTR1 */
}

/*
 * Flip "realized" and back, twice (a bus that starts unrealized, like the
 * main system bus, gets realized and then unrealized).  A refused change
 * leaves the state as it was.
 */
static void test_realized(gconstpointer data)
{
    const char *path = data;
    QTestState *qts = qtest_init("-M gta04");
    bool initial = qtest_qom_get_bool(qts, path, "realized");
    bool state = initial;
    int i;

    for (i = 0; i < 4; i++) {
        bool value = i % 2 ? initial : !initial;

        if (set_realized(qts, path, value)) {
            state = value;
        }
        g_assert_cmpint(qtest_qom_get_bool(qts, path, "realized"), ==, state);
    }
    g_assert_cmpint(state, ==, initial);
    board_works(qts);
    qtest_quit(qts);
}

/* qom-set realized; the error's text, NULL if QEMU accepted it */
static char *set_realized_error(QTestState *qts, const char *path, bool value)
{
    QDict *rsp = qtest_qmp(qts, "{ 'execute': 'qom-set', 'arguments': "
                           "{ 'path': %s, 'property': 'realized', "
                           "'value': %i } }", path, value);
    char *desc = NULL;

    if (qdict_haskey(rsp, "error")) {
        desc = g_strdup(qdict_get_str(qdict_get_qdict(rsp, "error"), "desc"));
    }
    qobject_unref(rsp);
    return desc;
}

/*
 * The generic qdev refusal: a device the board created (GPT1, the TWL4030
 * on I2C1), the bus of a device that is part of the machine (I2C1's) and
 * the main system bus, each with one error naming it
 */
static void test_refused(void)
{
    static const struct {
        const char *path;
        bool value;
        const char *error;
    } cases[] = {
        { "/machine/soc/gpt1", false, "Device '/machine/soc/gpt1' "
          "(omap3-gptimer) cannot be unrealized" },
        { TWL_PATH, false, "Device '" TWL_PATH "' (twl4030) cannot be "
          "unrealized" },
        { "/machine/soc/i2c1/i2c.1", false, "Bus '/machine/soc/i2c1/i2c.1' "
          "(i2c-bus) cannot be unrealized" },
        { "/machine/unattached/sysbus", true, "Bus "
          "'/machine/unattached/sysbus' (System) cannot be realized" },
    };
    QTestState *qts = qtest_init("-M gta04");

    for (int i = 0; i < ARRAY_SIZE(cases); i++) {
        g_autofree char *error = set_realized_error(qts, cases[i].path,
                                                    cases[i].value);

        g_assert_nonnull(error);
        g_assert_true(g_str_has_prefix(error, cases[i].error));
        g_assert_null(strchr(error, '\n'));
        g_assert_cmpint(qtest_qom_get_bool(qts, cases[i].path, "realized"),
                        ==, !cases[i].value);
    }
    board_works(qts);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func(g_free);
    QTestState *qts;
    int i;

    g_test_init(&argc, &argv, NULL);
    qtest_add_func("gta04/realized-refused", test_refused);

    qts = qtest_init("-M gta04");
    collect(qts, "/machine/soc", paths);
    collect(qts, TWL_PATH, paths);
    collect(qts, "/machine/unattached", paths);
    qtest_quit(qts);
    /* the SoC, its ~40 children and the chip's modules: not a short list */
    g_assert_cmpuint(paths->len, >, 40);

    for (i = 0; i < paths->len; i++) {
        const char *path = g_ptr_array_index(paths, i);
        g_autofree char *name = g_strdup_printf("gta04/realized%s", path);

        qtest_add_data_func(name, path, test_realized);
    }
    return g_test_run();
}
