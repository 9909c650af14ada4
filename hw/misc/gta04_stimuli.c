/*
 * Stimuli at a virtual time: QOM property writes the board makes itself
 *
 * Not a part of the GTA04: the board's way to let a test or a developer
 * put an outside event (the power button, the USB cable, any settable
 * QOM property) at a moment of the guest's time instead of the host's
 * (include/hw/misc/gta04_stimuli.h).  `qom-set /machine/stimuli at
 * "NS PATH PROPERTY VALUE"` schedules object_property_parse(PATH, PROPERTY,
 * VALUE) NS nanoseconds of QEMU_CLOCK_VIRTUAL from now; stimuli due at the
 * same time apply in the order they were scheduled.  A bad request is
 * refused when it is made (qom-set returns the error); a write that fails
 * when it is due (a value the property refuses) is reported once on stderr
 * and dropped.  `on-console` "TEXT|NS PATH PROPERTY VALUE" arms the same
 * request for NS after the next line UART3 transmits that contains TEXT
 * (the device is UART3's "tx-watch"); each waits for one line.
 * `on-line` "LINE:LEVEL|NS PATH PROPERTY VALUE" waits instead for a board
 * wire (GPIO input "lines", wired by the board: the TWL4030's INT1 and the
 * Cortex-A8's STANDBYWFI) to change to LEVEL, and `on-write`
 * "ADDR:MASK:VALUE|NS PATH PROPERTY VALUE" for the guest's next 32-bit
 * write to the register at physical ADDR with (data & MASK) == VALUE: 4
 * bytes mapped over that register in the system address space see the
 * write and pass every access on, so the device behind sees what it always
 * did (a board-only tool: it maps into the machine's memory, which a chip
 * model never would).  The pending stimuli and what is waited for are
 * migrated; a system reset drops them, as it would end a test's run of
 * the board (the wires' levels are the board's and are kept).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "qemu/cutils.h"
#include "qemu/error-report.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "hw/core/cpu.h"
#include "hw/sysbus.h"
#include "hw/char/omap3_uart.h"
#include "hw/misc/gta04_stimuli.h"
#include "hw/qdev-properties.h"
#include "hw/qdev-properties-system.h"
#include "exec/memop.h"
#include "migration/vmstate.h"
#include GTA04_SYSTEM_ADDRESS_SPACES_H
#include GTA04_SYSTEM_RUNSTATE_H
#include "trace.h"

static bool slot_free(const GTA04Stimulus *st)
{
    return st->when_ns < 0;
}

/* The pending stimulus to apply first, or NULL */
static GTA04Stimulus *gta04_stimuli_first(GTA04StimuliState *s)
{
    GTA04Stimulus *first = NULL;
    int i;

    for (i = 0; i < GTA04_STIMULI_SLOTS; i++) {
        GTA04Stimulus *st = &s->slot[i];

        if (!slot_free(st) &&
            (!first || st->when_ns < first->when_ns ||
             (st->when_ns == first->when_ns && st->seq < first->seq))) {
            first = st;
        }
    }
    return first;
}

static void gta04_stimuli_rearm(GTA04StimuliState *s)
{
    GTA04Stimulus *first = gta04_stimuli_first(s);

    if (first) {
        timer_mod(s->timer, first->when_ns);
    } else {
        timer_del(s->timer);
    }
}

static void gta04_stimuli_apply(GTA04StimuliState *s, GTA04Stimulus *st)
{
    Object *obj = object_resolve_path(st->path, NULL);
    Error *err = NULL;

    if (!obj) {
        error_setg(&err, "no object %s", st->path);
    } else {
        object_property_parse(obj, st->property, st->value, &err);
    }
    if (err) {
        trace_gta04_stimuli_failed(st->path, st->property, st->value);
        error_prepend(&err, "gta04-stimuli: %s %s = %s: ", st->path,
                      st->property, st->value);
        warn_report_err(err);
    } else {
        s->fired++;
        s->applied_ns = st->when_ns;
        trace_gta04_stimuli_applied(st->when_ns, st->path, st->property,
                                    st->value);
    }
    st->when_ns = -1;
}

static void gta04_stimuli_due(void *opaque)
{
    GTA04StimuliState *s = opaque;
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    GTA04Stimulus *st;

    while ((st = gta04_stimuli_first(s)) && st->when_ns <= now) {
        gta04_stimuli_apply(s, st);
    }
    gta04_stimuli_rearm(s);
}

/*
 * Parse "NS PATH PROPERTY VALUE" (`what` names the property for errors)
 * into *delay_ns and *st (when_ns left -1), checking that PATH has a
 * settable PROPERTY now, so that a mistake is refused when it is made.
 */
static bool gta04_stimuli_parse(const char *what, const char *str,
                                int64_t *delay_ns, GTA04Stimulus *st,
                                Error **errp)
{
    g_auto(GStrv) words = g_strsplit(str, " ", 4);
    ObjectProperty *prop;
    Object *target;

    if (g_strv_length(words) != 4 ||
        qemu_strtoi64(words[0], NULL, 10, delay_ns) || *delay_ns < 0) {
        error_setg(errp, "%s: expected \"NS PATH PROPERTY VALUE\" with NS a "
                   "delay in nanoseconds, not \"%s\"", what, str);
        return false;
    }
    if (strlen(words[1]) >= GTA04_STIMULI_PATH_LEN ||
        strlen(words[2]) >= GTA04_STIMULI_NAME_LEN ||
        strlen(words[3]) >= GTA04_STIMULI_NAME_LEN) {
        error_setg(errp, "%s: a path of %d characters at most, a property and "
                   "a value of %d at most", what, GTA04_STIMULI_PATH_LEN - 1,
                   GTA04_STIMULI_NAME_LEN - 1);
        return false;
    }
    target = object_resolve_path(words[1], NULL);
    if (!target) {
        error_setg(errp, "%s: no object %s", what, words[1]);
        return false;
    }
    prop = object_property_find(target, words[2]);
    if (!prop || !prop->set) {
        error_setg(errp, "%s: %s has no settable property '%s'", what,
                   words[1], words[2]);
        return false;
    }
    st->when_ns = -1;
    pstrcpy(st->path, sizeof(st->path), words[1]);
    pstrcpy(st->property, sizeof(st->property), words[2]);
    pstrcpy(st->value, sizeof(st->value), words[3]);
    return true;
}

/* Put `req` into a free slot, due delay_ns of virtual time from now */
static bool gta04_stimuli_schedule(GTA04StimuliState *s,
                                   const GTA04Stimulus *req, int64_t delay_ns)
{
    GTA04Stimulus *st = NULL;
    int i;

    for (i = 0; i < GTA04_STIMULI_SLOTS && !st; i++) {
        if (slot_free(&s->slot[i])) {
            st = &s->slot[i];
        }
    }
    if (!st) {
        return false;
    }
    *st = *req;
    st->when_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + delay_ns;
    st->seq = s->next_seq++;
    trace_gta04_stimuli_scheduled(st->when_ns, st->path, st->property,
                                  st->value);
    gta04_stimuli_rearm(s);
    return true;
}

/* "NS PATH PROPERTY VALUE": checked now, applied NS ns of virtual time on */
static void gta04_stimuli_set_at(Object *obj, const char *str, Error **errp)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);
    GTA04Stimulus req;
    int64_t ns;

    if (!gta04_stimuli_parse("at", str, &ns, &req, errp)) {
        return;
    }
    if (!gta04_stimuli_schedule(s, &req, ns)) {
        error_setg(errp, "at: %d stimuli wait already", GTA04_STIMULI_SLOTS);
    }
}

/*
 * "TEXT|NS PATH PROPERTY VALUE": the stimulus NS ns after the first console
 * line that contains TEXT (the last '|' ends TEXT)
 */
static void gta04_stimuli_set_on_console(Object *obj, const char *str,
                                         Error **errp)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);
    const char *bar = strrchr(str, '|');
    GTA04ConsoleWatch *w = NULL;
    size_t len = bar ? bar - str : 0;
    int i;

    if (!len || len >= GTA04_STIMULI_TEXT_LEN) {
        error_setg(errp, "on-console: expected \"TEXT|NS PATH PROPERTY "
                   "VALUE\" with TEXT of 1 to %d characters, not \"%s\"",
                   GTA04_STIMULI_TEXT_LEN - 1, str);
        return;
    }
    for (i = 0; i < GTA04_STIMULI_WATCHES && !w; i++) {
        if (!s->watch[i].armed) {
            w = &s->watch[i];
        }
    }
    if (!w) {
        error_setg(errp, "on-console: %d lines are waited for already",
                   GTA04_STIMULI_WATCHES);
        return;
    }
    if (!gta04_stimuli_parse("on-console", bar + 1, &w->delay_ns,
                             &w->stimulus, errp)) {
        return;
    }
    memset(w->text, 0, sizeof(w->text));
    memcpy(w->text, str, len);
    w->armed = true;
    trace_gta04_stimuli_watch(w->text, w->delay_ns, w->stimulus.path,
                              w->stimulus.property, w->stimulus.value);
}

/* A whole console line: start what waited for it */
static void gta04_stimuli_console_line(GTA04StimuliState *s)
{
    const char *line = (const char *)s->line;
    int i;

    for (i = 0; i < GTA04_STIMULI_WATCHES; i++) {
        GTA04ConsoleWatch *w = &s->watch[i];

        if (!w->armed || !strstr(line, w->text)) {
            continue;
        }
        w->armed = false;
        trace_gta04_stimuli_line(w->text);
        if (!gta04_stimuli_schedule(s, &w->stimulus, w->delay_ns)) {
            warn_report("gta04-stimuli: no free slot for the stimulus after "
                        "\"%s\": %s %s = %s dropped", w->text,
                        w->stimulus.path, w->stimulus.property,
                        w->stimulus.value);
        }
    }
}

/*
 * The line so far matches hold_at (a shell's prompt, which ends no line):
 * pause the VM now.  From the vCPU thread vm_stop() stops this CPU after
 * the current instruction, the THR write: under icount at the same
 * instruction every run, before the guest can idle and jump its time.
 */
static void gta04_stimuli_hold(GTA04StimuliState *s)
{
    s->line[s->line_len] = '\0';
    if (s->held || !g_pattern_match_simple(s->hold_at, (const char *)s->line)) {
        return;
    }
    s->held = true;
    trace_gta04_stimuli_hold((const char *)s->line);
    vm_stop(RUN_STATE_PAUSED);
}

/* OMAP3UARTTxWatchClass::transmitted: UART3 sent `ch` */
static void gta04_stimuli_transmitted(Object *obj, uint8_t ch)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);

    if (ch == '\n' || ch == '\r') {
        s->line[MIN(s->line_len, GTA04_STIMULI_LINE_LEN - 1)] = '\0';
        if (s->line_len) {
            gta04_stimuli_console_line(s);
        }
        s->line_len = 0;
    } else if (s->line_len < GTA04_STIMULI_LINE_LEN - 1) {
        /* a longer line keeps its beginning */
        s->line[s->line_len++] = ch;
        if (s->hold_at) {
            gta04_stimuli_hold(s);
        }
    }
}

static char *gta04_stimuli_get_hold_at(Object *obj, Error **errp)
{
    return g_strdup(GTA04_STIMULI(obj)->hold_at ?: "");
}

/* UART3's console line so far: what a hold matched, for whoever releases it */
static char *gta04_stimuli_get_line(Object *obj, Error **errp)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);

    return g_strndup((const char *)s->line,
                     MIN(s->line_len, GTA04_STIMULI_LINE_LEN - 1));
}

static bool gta04_stimuli_get_held(Object *obj, Error **errp)
{
    return GTA04_STIMULI(obj)->held;
}

/* "": no holding; else a glob ('*', '?') of a console line so far */
static void gta04_stimuli_set_hold_at(Object *obj, const char *str,
                                      Error **errp)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);

    if (strlen(str) >= GTA04_STIMULI_LINE_LEN) {
        error_setg(errp, "hold-at: a glob of %d characters at most",
                   GTA04_STIMULI_LINE_LEN - 1);
        return;
    }
    g_free(s->hold_at);
    s->hold_at = *str ? g_strdup(str) : NULL;
}

/* Whatever ran the VM again (cont, a migration's end) ended the hold */
static void gta04_stimuli_vm_state(void *opaque, bool running,
                                   RunState state)
{
    GTA04StimuliState *s = opaque;

    if (running && s->held) {
        s->held = false;
        trace_gta04_stimuli_release();
    }
}

/* The wires' names in on-line requests (GPIO "lines"[GTA04_STIMULI_LINE_*]) */
static const char *const gta04_stimuli_lines[GTA04_STIMULI_NUM_LINES] = {
    [GTA04_STIMULI_LINE_INT1] = "int1",
    [GTA04_STIMULI_LINE_STANDBYWFI] = "standbywfi",
};

/*
 * "LINE:LEVEL|NS PATH PROPERTY VALUE": the stimulus NS ns after the wire
 * LINE next changes to LEVEL (0 or 1); a level it already has is not a
 * change, so the wait is for the next edge
 */
static void gta04_stimuli_set_on_line(Object *obj, const char *str,
                                      Error **errp)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);
    const char *bar = strrchr(str, '|');
    g_autofree char *head = bar ? g_strndup(str, bar - str) : NULL;
    const char *colon = head ? strrchr(head, ':') : NULL;
    GTA04LineWatch *w = NULL;
    int line = -1, i;

    for (i = 0; colon && i < GTA04_STIMULI_NUM_LINES; i++) {
        if (!strncmp(head, gta04_stimuli_lines[i], colon - head) &&
            strlen(gta04_stimuli_lines[i]) == colon - head) {
            line = i;
        }
    }
    if (line < 0 || (strcmp(colon + 1, "0") && strcmp(colon + 1, "1"))) {
        error_setg(errp, "on-line: expected \"LINE:LEVEL|NS PATH PROPERTY "
                   "VALUE\" with LINE one of the board's wires (int1, "
                   "standbywfi) and LEVEL 0 or 1, not \"%s\"", str);
        return;
    }
    for (i = 0; i < GTA04_STIMULI_LINE_WATCHES && !w; i++) {
        if (!s->line_watch[i].armed) {
            w = &s->line_watch[i];
        }
    }
    if (!w) {
        error_setg(errp, "on-line: %d line changes are waited for already",
                   GTA04_STIMULI_LINE_WATCHES);
        return;
    }
    if (!gta04_stimuli_parse("on-line", bar + 1, &w->delay_ns, &w->stimulus,
                             errp)) {
        return;
    }
    w->line = line;
    w->level = colon[1] == '1';
    w->armed = true;
    trace_gta04_stimuli_line_watch(gta04_stimuli_lines[line], w->level,
                                   w->delay_ns, w->stimulus.path,
                                   w->stimulus.property, w->stimulus.value);
}

/* A board wire changed: start what waited for that change */
static void gta04_stimuli_line_in(void *opaque, int line, int level)
{
    GTA04StimuliState *s = opaque;
    int i;

    if (s->line_level[line] == !!level) {
        return;
    }
    s->line_level[line] = !!level;
    for (i = 0; i < GTA04_STIMULI_LINE_WATCHES; i++) {
        GTA04LineWatch *w = &s->line_watch[i];

        if (!w->armed || w->line != line || w->level != !!level) {
            continue;
        }
        w->armed = false;
        trace_gta04_stimuli_line_edge(gta04_stimuli_lines[line], !!level);
        if (!gta04_stimuli_schedule(s, &w->stimulus, w->delay_ns)) {
            warn_report("gta04-stimuli: no free slot for the stimulus after "
                        "%s went %d: %s %s = %s dropped",
                        gta04_stimuli_lines[line], !!level, w->stimulus.path,
                        w->stimulus.property, w->stimulus.value);
        }
    }
}

/* The spy of write watch @i passes each access on to the register's device */
static MemTxResult gta04_spy_read(void *opaque, hwaddr addr, uint64_t *data,
                                  unsigned size, MemTxAttrs attrs)
{
    GTA04WriteSpy *spy = opaque;

    return memory_region_dispatch_read(spy->target, spy->offset + addr, data,
                                       size_memop(size) | MO_LE, attrs);
}

static void gta04_stimuli_unmap_spy(GTA04StimuliState *s, int i);

static MemTxResult gta04_spy_write(void *opaque, hwaddr addr, uint64_t data,
                                   unsigned size, MemTxAttrs attrs)
{
    GTA04WriteSpy *spy = opaque;
    GTA04StimuliState *s = spy->s;
    GTA04WriteWatch *w = &s->write_watch[spy->index];
    MemTxResult r = memory_region_dispatch_write(spy->target,
                                                 spy->offset + addr, data,
                                                 size_memop(size) | MO_LE,
                                                 attrs);

    if (w->armed && addr == 0 && size == 4 &&
        (data & w->mask) == w->value) {
        w->armed = false;
        trace_gta04_stimuli_write_hit(w->addr, data);
        if (!gta04_stimuli_schedule(s, &w->stimulus, w->delay_ns)) {
            warn_report("gta04-stimuli: no free slot for the stimulus after "
                        "the write to 0x%" PRIx64 ": %s %s = %s dropped",
                        w->addr, w->stimulus.path, w->stimulus.property,
                        w->stimulus.value);
        }
        /* its own region goes: the device is reached directly again */
        gta04_stimuli_unmap_spy(s, spy->index);
    }
    return r;
}

static const MemoryRegionOps gta04_spy_ops = {
    .read_with_attrs = gta04_spy_read,
    .write_with_attrs = gta04_spy_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 1,
    .impl.max_access_size = 4,
};

/*
 * Map write watch @i's spy over its register; false (and why) if nothing
 * is mapped there but RAM, or nothing at all
 */
static bool gta04_stimuli_map_spy(GTA04StimuliState *s, int i, Error **errp)
{
    GTA04WriteWatch *w = &s->write_watch[i];
    GTA04WriteSpy *spy = &s->spy[i];
    MemoryRegionSection sec = memory_region_find(get_system_memory(),
                                                 w->addr, 4);

    if (!sec.mr || memory_region_is_ram(sec.mr) ||
        int128_lt(sec.size, int128_make64(4))) {
        error_setg(errp, "on-write: no device register at 0x%" PRIx64,
                   w->addr);
        if (sec.mr) {
            memory_region_unref(sec.mr);
        }
        return false;
    }
    spy->target = sec.mr;       /* memory_region_find's reference */
    spy->offset = sec.offset_within_region;
    memory_region_add_subregion_overlap(get_system_memory(), w->addr,
                                        &spy->mr, INT_MAX);
    return true;
}

static void gta04_stimuli_unmap_spy(GTA04StimuliState *s, int i)
{
    GTA04WriteSpy *spy = &s->spy[i];

    if (spy->target) {
        memory_region_del_subregion(get_system_memory(), &spy->mr);
        memory_region_unref(spy->target);
        spy->target = NULL;
    }
}

/*
 * "ADDR:MASK:VALUE|NS PATH PROPERTY VALUE": the stimulus NS ns after the
 * guest's next 32-bit write to physical ADDR (4-byte aligned) whose bits
 * under MASK are VALUE
 */
static void gta04_stimuli_set_on_write(Object *obj, const char *str,
                                       Error **errp)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);
    const char *bar = strrchr(str, '|');
    g_autofree char *head = bar ? g_strndup(str, bar - str) : NULL;
    g_auto(GStrv) f = head ? g_strsplit(head, ":", 3) : NULL;
    GTA04WriteWatch req = { .armed = true };
    uint64_t mask, value;
    int i, free_i = -1;

    if (!f || g_strv_length(f) != 3 ||
        qemu_strtou64(f[0], NULL, 0, &req.addr) || (req.addr & 3) ||
        qemu_strtou64(f[1], NULL, 0, &mask) || mask > UINT32_MAX ||
        qemu_strtou64(f[2], NULL, 0, &value) || (value & ~mask)) {
        error_setg(errp, "on-write: expected \"ADDR:MASK:VALUE|NS PATH "
                   "PROPERTY VALUE\" with ADDR a 4-byte aligned physical "
                   "address and VALUE bits of the 32-bit MASK, not \"%s\"",
                   str);
        return;
    }
    req.mask = mask;
    req.value = value;
    for (i = 0; i < GTA04_STIMULI_WRITE_WATCHES; i++) {
        if (s->write_watch[i].armed && s->write_watch[i].addr == req.addr) {
            error_setg(errp, "on-write: a write to 0x%" PRIx64 " is waited "
                       "for already", req.addr);
            return;
        }
        if (!s->write_watch[i].armed && free_i < 0) {
            free_i = i;
        }
    }
    if (free_i < 0) {
        error_setg(errp, "on-write: %d writes are waited for already",
                   GTA04_STIMULI_WRITE_WATCHES);
        return;
    }
    if (!gta04_stimuli_parse("on-write", bar + 1, &req.delay_ns,
                             &req.stimulus, errp)) {
        return;
    }
    s->write_watch[free_i] = req;
    if (!gta04_stimuli_map_spy(s, free_i, errp)) {
        s->write_watch[free_i].armed = false;
        return;
    }
    trace_gta04_stimuli_write_watch(req.addr, req.mask, req.value,
                                    req.delay_ns, req.stimulus.path,
                                    req.stimulus.property,
                                    req.stimulus.value);
}

static void gta04_stimuli_drop_writes(GTA04StimuliState *s)
{
    int i;

    for (i = 0; i < GTA04_STIMULI_WRITE_WATCHES; i++) {
        s->write_watch[i].armed = false;
        gta04_stimuli_unmap_spy(s, i);
    }
}

/*
 * The "chardev" input: a line "PROPERTY ARGUMENT" is the write of ARGUMENT
 * to this device's PROPERTY, as qom-set would make it.  A refused one is
 * reported on stderr (a chardev has no way to answer).
 */
static const char *const gta04_stimuli_requests[] = {
    "at", "on-console", "on-line", "on-write", "drop",
};

static void gta04_stimuli_request(GTA04StimuliState *s, const char *line)
{
    const char *space = strchr(line, ' ');
    g_autofree char *prop = space ? g_strndup(line, space - line) : NULL;
    Error *err = NULL;
    size_t i;

    for (i = 0; prop && i < ARRAY_SIZE(gta04_stimuli_requests); i++) {
        if (!strcmp(prop, gta04_stimuli_requests[i])) {
            trace_gta04_stimuli_request(line);
            if (!object_property_set_str(OBJECT(s), prop, space + 1, &err)) {
                warn_reportf_err(err, "gta04-stimuli: chardev request refused: ");
            }
            return;
        }
    }
    warn_report("gta04-stimuli: chardev request \"%s\": expected \"PROPERTY "
                "ARGUMENT\" with PROPERTY at, on-console, on-line, on-write or "
                "drop", line);
}

static int gta04_stimuli_can_receive(void *opaque)
{
    return GTA04_STIMULI_REQUEST_LEN;
}

static void gta04_stimuli_receive(void *opaque, const uint8_t *buf, int size)
{
    GTA04StimuliState *s = opaque;
    int i;

    for (i = 0; i < size; i++) {
        if (buf[i] == '\n' || buf[i] == '\r') {
            if (s->request_len) {
                s->request[MIN(s->request_len, GTA04_STIMULI_REQUEST_LEN - 1)] = '\0';
                gta04_stimuli_request(s, (const char *)s->request);
            }
            s->request_len = 0;
        } else if (s->request_len < GTA04_STIMULI_REQUEST_LEN - 1) {
            s->request[s->request_len++] = buf[i];
        }
        /* a longer line keeps its beginning, and is refused as it is */
    }
}

static void gta04_stimuli_realize(DeviceState *dev, Error **errp)
{
    GTA04StimuliState *s = GTA04_STIMULI(dev);

    qemu_chr_fe_set_handlers(&s->chr, gta04_stimuli_can_receive,
                             gta04_stimuli_receive, NULL, NULL, s, NULL, true);
}

/* Nothing pending, nothing waited for (reset, and a new device) */
static void gta04_stimuli_clear(GTA04StimuliState *s)
{
    int i;

    for (i = 0; i < GTA04_STIMULI_SLOTS; i++) {
        s->slot[i].when_ns = -1;
    }
    for (i = 0; i < GTA04_STIMULI_WATCHES; i++) {
        s->watch[i].armed = false;
    }
    for (i = 0; i < GTA04_STIMULI_LINE_WATCHES; i++) {
        s->line_watch[i].armed = false;
    }
    gta04_stimuli_drop_writes(s);
    s->line_len = 0;
    s->request_len = 0;
}

/* "console": forget the lines waited for; "all": and what is scheduled */
static void gta04_stimuli_set_drop(Object *obj, const char *str, Error **errp)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);
    int i;

    if (strcmp(str, "console") && strcmp(str, "lines") &&
        strcmp(str, "writes") && strcmp(str, "all")) {
        error_setg(errp, "drop: \"console\", \"lines\", \"writes\" or "
                   "\"all\", not \"%s\"", str);
        return;
    }
    if (!strcmp(str, "all")) {
        gta04_stimuli_clear(s);
        gta04_stimuli_rearm(s);
    } else if (!strcmp(str, "writes")) {
        gta04_stimuli_drop_writes(s);
    } else if (!strcmp(str, "lines")) {
        for (i = 0; i < GTA04_STIMULI_LINE_WATCHES; i++) {
            s->line_watch[i].armed = false;
        }
    } else {
        for (i = 0; i < GTA04_STIMULI_WATCHES; i++) {
            s->watch[i].armed = false;
        }
    }
    trace_gta04_stimuli_drop(str);
}

static void gta04_stimuli_get_watching(Object *obj, Visitor *v,
                                       const char *name, void *opaque,
                                       Error **errp)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);
    uint32_t n = 0;
    int i;

    for (i = 0; i < GTA04_STIMULI_WATCHES; i++) {
        n += s->watch[i].armed;
    }
    for (i = 0; i < GTA04_STIMULI_LINE_WATCHES; i++) {
        n += s->line_watch[i].armed;
    }
    for (i = 0; i < GTA04_STIMULI_WRITE_WATCHES; i++) {
        n += s->write_watch[i].armed;
    }
    visit_type_uint32(v, name, &n, errp);
}

static void gta04_stimuli_get_pending(Object *obj, Visitor *v,
                                      const char *name, void *opaque,
                                      Error **errp)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);
    uint32_t n = 0;
    int i;

    for (i = 0; i < GTA04_STIMULI_SLOTS; i++) {
        n += !slot_free(&s->slot[i]);
    }
    visit_type_uint32(v, name, &n, errp);
}

static void gta04_stimuli_reset_enter(Object *obj, ResetType type)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);

    gta04_stimuli_clear(s);
    s->fired = 0;
    s->epoch_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    s->applied_ns = -1;
    timer_del(s->timer);
}

/*
 * When the last stimulus applied, in ns of virtual time since the last
 * reset (-1: none yet): the clock the SoC's 32 kHz sync counter counts,
 * which also starts at the reset, so a test compares it with the guest's
 * own time
 */
static void gta04_stimuli_get_applied_ns(Object *obj, Visitor *v,
                                         const char *name, void *opaque,
                                         Error **errp)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);
    int64_t ns = s->applied_ns < 0 ? -1 : s->applied_ns - s->epoch_ns;

    visit_type_int64(v, name, &ns, errp);
}

/*
 * "idle": every vCPU halted (in WFI, or powered down) with no interrupt
 * request outstanding, and no timer pending on the virtual clock.  Under
 * icount (warp mode) nothing of the board can then ever run the guest
 * again: only an outside event (a QOM write, a key on a chardev) can.  A
 * test asks this instead of watching the guest's clock over host seconds.
 */
static bool gta04_stimuli_get_idle(Object *obj, Error **errp)
{
    CPUState *cs;

    CPU_FOREACH(cs) {
        if (!cs->halted || cs->interrupt_request) {
            return false;
        }
    }
    return qemu_clock_deadline_ns_all(QEMU_CLOCK_VIRTUAL,
                                      QEMU_TIMER_ATTR_ALL) < 0;
}

static void gta04_stimuli_init(Object *obj)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);
    int i;

    for (i = 0; i < GTA04_STIMULI_WRITE_WATCHES; i++) {
        s->spy[i].s = s;
        s->spy[i].index = i;
        memory_region_init_io(&s->spy[i].mr, obj, &gta04_spy_ops, &s->spy[i],
                              "gta04-stimuli-write-watch", 4);
    }
    gta04_stimuli_clear(s);
    s->applied_ns = -1;
    s->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, gta04_stimuli_due, s);
    object_property_add_str(obj, "at", NULL, gta04_stimuli_set_at);
    object_property_set_description(obj, "at",
        "\"NS PATH PROPERTY VALUE\": set PROPERTY of PATH to VALUE NS "
        "nanoseconds of virtual time from now");
    object_property_add_str(obj, "on-console", NULL,
                            gta04_stimuli_set_on_console);
    object_property_set_description(obj, "on-console",
        "\"TEXT|NS PATH PROPERTY VALUE\": set PROPERTY of PATH to VALUE NS "
        "nanoseconds after the next console line containing TEXT");
    object_property_add_str(obj, "on-line", NULL, gta04_stimuli_set_on_line);
    object_property_set_description(obj, "on-line",
        "\"LINE:LEVEL|NS PATH PROPERTY VALUE\": set PROPERTY of PATH to "
        "VALUE NS nanoseconds after the board's wire LINE (int1, "
        "standbywfi) next changes to LEVEL");
    object_property_add_str(obj, "on-write", NULL, gta04_stimuli_set_on_write);
    object_property_set_description(obj, "on-write",
        "\"ADDR:MASK:VALUE|NS PATH PROPERTY VALUE\": set PROPERTY of PATH "
        "to VALUE NS nanoseconds after the guest's next 32-bit write to the "
        "register at physical ADDR with (data & MASK) == VALUE");
    object_property_add_str(obj, "drop", NULL, gta04_stimuli_set_drop);
    object_property_set_description(obj, "drop",
        "\"console\": forget the console lines waited for; \"lines\": "
        "the wire changes; \"writes\": the register writes; \"all\": "
        "all three, and the stimuli scheduled");
    qdev_init_gpio_in_named(DEVICE(obj), gta04_stimuli_line_in,
                            GTA04_STIMULI_LINES, GTA04_STIMULI_NUM_LINES);
    object_property_add(obj, "pending", "uint32", gta04_stimuli_get_pending,
                        NULL, NULL, NULL);
    object_property_add(obj, "watching", "uint32", gta04_stimuli_get_watching,
                        NULL, NULL, NULL);
    object_property_add_uint32_ptr(obj, "fired", &s->fired,
                                   OBJ_PROP_FLAG_READ);
    object_property_add(obj, "applied-ns", "int64",
                        gta04_stimuli_get_applied_ns, NULL, NULL, NULL);
    object_property_add_str(obj, "hold-at", gta04_stimuli_get_hold_at,
                            gta04_stimuli_set_hold_at);
    object_property_set_description(obj, "hold-at",
        "glob ('*', '?') of a console line so far, e.g. the shell's prompt: "
        "the VM pauses when UART3 has sent a matching one (\"\": never)");
    object_property_add_bool(obj, "held", gta04_stimuli_get_held, NULL);
    object_property_add_str(obj, "line", gta04_stimuli_get_line, NULL);
    object_property_set_description(obj, "line",
        "the console line UART3 has sent so far (no end of line yet): "
        "while held, the line that matched hold-at");
    s->vmse = qemu_add_vm_change_state_handler(gta04_stimuli_vm_state, s);
    object_property_add_bool(obj, "idle", gta04_stimuli_get_idle, NULL);
    object_property_set_description(obj, "idle",
        "every vCPU halted with nothing requested and no virtual-clock "
        "timer pending: only an outside event can run the guest again");
}

static void gta04_stimuli_finalize(Object *obj)
{
    GTA04StimuliState *s = GTA04_STIMULI(obj);

    timer_free(s->timer);
    qemu_del_vm_change_state_handler(s->vmse);
    g_free(s->hold_at);
}

/* A stream may hold anything: the request's strings end in their arrays */
static void gta04_stimulus_sanitize(GTA04Stimulus *st)
{
    st->path[sizeof(st->path) - 1] = '\0';
    st->property[sizeof(st->property) - 1] = '\0';
    st->value[sizeof(st->value) - 1] = '\0';
}

static int gta04_stimuli_post_load(void *opaque, int version_id)
{
    GTA04StimuliState *s = opaque;
    int i;

    for (i = 0; i < GTA04_STIMULI_SLOTS; i++) {
        gta04_stimulus_sanitize(&s->slot[i]);
        s->slot[i].when_ns = MAX(s->slot[i].when_ns, -1);
    }
    for (i = 0; i < GTA04_STIMULI_WATCHES; i++) {
        GTA04ConsoleWatch *w = &s->watch[i];

        w->text[sizeof(w->text) - 1] = '\0';
        gta04_stimulus_sanitize(&w->stimulus);
        w->delay_ns = MAX(w->delay_ns, 0);
    }
    s->line_len = MIN(s->line_len, GTA04_STIMULI_LINE_LEN - 1);
    s->request_len = MIN(s->request_len, GTA04_STIMULI_REQUEST_LEN - 1);
    for (i = 0; i < GTA04_STIMULI_LINE_WATCHES; i++) {
        GTA04LineWatch *w = &s->line_watch[i];

        gta04_stimulus_sanitize(&w->stimulus);
        w->delay_ns = MAX(w->delay_ns, 0);
        if (w->line >= GTA04_STIMULI_NUM_LINES) {
            w->armed = false;
            w->line = 0;
        }
    }
    for (i = 0; i < GTA04_STIMULI_WRITE_WATCHES; i++) {
        GTA04WriteWatch *w = &s->write_watch[i];
        Error *err = NULL;

        gta04_stimulus_sanitize(&w->stimulus);
        w->delay_ns = MAX(w->delay_ns, 0);
        w->value &= w->mask;
        w->addr &= ~(uint64_t)3;
        if (w->armed && !gta04_stimuli_map_spy(s, i, &err)) {
            warn_report_err(err);
            w->armed = false;
        }
    }
    gta04_stimuli_rearm(s);
    return 0;
}

/* What was mapped for this side's own watches goes; post_load maps anew */
static int gta04_stimuli_pre_load(void *opaque)
{
    GTA04StimuliState *s = opaque;

    gta04_stimuli_drop_writes(s);
    return 0;
}

static const VMStateDescription vmstate_gta04_stimulus = {
    .name = "gta04-stimulus",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_INT64(when_ns, GTA04Stimulus),
        VMSTATE_UINT64(seq, GTA04Stimulus),
        /* char arrays (VMSTATE_BUFFER takes uint8_t): post_load ends them */
        VMSTATE_BUFFER_UNSAFE(path, GTA04Stimulus, 0, GTA04_STIMULI_PATH_LEN),
        VMSTATE_BUFFER_UNSAFE(property, GTA04Stimulus, 0,
                              GTA04_STIMULI_NAME_LEN),
        VMSTATE_BUFFER_UNSAFE(value, GTA04Stimulus, 0, GTA04_STIMULI_NAME_LEN),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_gta04_console_watch = {
    .name = "gta04-console-watch",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_BOOL(armed, GTA04ConsoleWatch),
        VMSTATE_INT64(delay_ns, GTA04ConsoleWatch),
        VMSTATE_BUFFER_UNSAFE(text, GTA04ConsoleWatch, 0,
                              GTA04_STIMULI_TEXT_LEN),
        VMSTATE_STRUCT(stimulus, GTA04ConsoleWatch, 1, vmstate_gta04_stimulus,
                       GTA04Stimulus),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_gta04_line_watch = {
    .name = "gta04-line-watch",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_BOOL(armed, GTA04LineWatch),
        VMSTATE_UINT8(line, GTA04LineWatch),
        VMSTATE_BOOL(level, GTA04LineWatch),
        VMSTATE_INT64(delay_ns, GTA04LineWatch),
        VMSTATE_STRUCT(stimulus, GTA04LineWatch, 1, vmstate_gta04_stimulus,
                       GTA04Stimulus),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_gta04_write_watch = {
    .name = "gta04-write-watch",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_BOOL(armed, GTA04WriteWatch),
        VMSTATE_UINT64(addr, GTA04WriteWatch),
        VMSTATE_UINT32(mask, GTA04WriteWatch),
        VMSTATE_UINT32(value, GTA04WriteWatch),
        VMSTATE_INT64(delay_ns, GTA04WriteWatch),
        VMSTATE_STRUCT(stimulus, GTA04WriteWatch, 1, vmstate_gta04_stimulus,
                       GTA04Stimulus),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_gta04_stimuli = {
    .name = TYPE_GTA04_STIMULI,
    .version_id = 5,
    .minimum_version_id = 1,
    .pre_load = gta04_stimuli_pre_load,
    .post_load = gta04_stimuli_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(slot, GTA04StimuliState, GTA04_STIMULI_SLOTS, 1,
                             vmstate_gta04_stimulus, GTA04Stimulus),
        VMSTATE_UINT64(next_seq, GTA04StimuliState),
        VMSTATE_UINT32(fired, GTA04StimuliState),
        VMSTATE_STRUCT_ARRAY(watch, GTA04StimuliState, GTA04_STIMULI_WATCHES,
                             2, vmstate_gta04_console_watch,
                             GTA04ConsoleWatch),
        VMSTATE_BUFFER_V(line, GTA04StimuliState, 2),
        VMSTATE_UINT32_V(line_len, GTA04StimuliState, 2),
        VMSTATE_INT64_V(epoch_ns, GTA04StimuliState, 2),
        VMSTATE_INT64_V(applied_ns, GTA04StimuliState, 2),
        VMSTATE_STRUCT_ARRAY(line_watch, GTA04StimuliState,
                               GTA04_STIMULI_LINE_WATCHES, 3,
                               vmstate_gta04_line_watch, GTA04LineWatch),
        VMSTATE_BOOL_ARRAY_V(line_level, GTA04StimuliState,
                             GTA04_STIMULI_NUM_LINES, 3),
        VMSTATE_STRUCT_ARRAY(write_watch, GTA04StimuliState,
                             GTA04_STIMULI_WRITE_WATCHES, 4,
                             vmstate_gta04_write_watch, GTA04WriteWatch),
        VMSTATE_BUFFER_V(request, GTA04StimuliState, 5),
        VMSTATE_UINT32_V(request_len, GTA04StimuliState, 5),
        VMSTATE_END_OF_LIST()
    }
};

static const Property gta04_stimuli_properties[] = {
    DEFINE_PROP_CHR("chardev", GTA04StimuliState, chr),
};

static void gta04_stimuli_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->realize = gta04_stimuli_realize;
    device_class_set_props(dc, gta04_stimuli_properties);
    dc->desc = "GTA04 stimuli at a virtual time (QOM property writes)";
    dc->vmsd = &vmstate_gta04_stimuli;
    /* made by the board only: one per machine, at /machine/stimuli */
    dc->user_creatable = false;
    rc->phases.enter = gta04_stimuli_reset_enter;
    OMAP3_UART_TX_WATCH_CLASS(klass)->transmitted = gta04_stimuli_transmitted;
}
GTA04_CLASS_INIT_COMPAT(gta04_stimuli_class_init);

static const TypeInfo gta04_stimuli_info = {
    .name = TYPE_GTA04_STIMULI,
    /* on the system bus for its reset: it has no registers */
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(GTA04StimuliState),
    .instance_init = gta04_stimuli_init,
    .instance_finalize = gta04_stimuli_finalize,
    .class_init = GTA04_CLASS_INIT(gta04_stimuli_class_init),
    .interfaces = (InterfaceInfo[]) {
        { TYPE_OMAP3_UART_TX_WATCH },
        { }
    },
};

static void gta04_stimuli_register_types(void)
{
    type_register_static(&gta04_stimuli_info);
}

type_init(gta04_stimuli_register_types)
