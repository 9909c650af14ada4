/*
 * TI TWL4030 (TPS65950) secondary interrupt handler (SIH)
 *
 * The semantics are described in include/hw/misc/twl4030/sih.h.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qapi/error.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/misc/twl4030/sih.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/resettable.h"
#include "migration/vmstate.h"
#include "trace.h"

/* Register groups of the block, in order (offsets are multiples of n) */
enum {
    SIH_ISR1,
    SIH_IMR1,
    SIH_ISR2,
    SIH_IMR2,
    SIH_SIR,
    SIH_EDR,
    SIH_CTRL,
};

static uint32_t sih_valid(TWL4030SIHState *s)
{
    return MAKE_64BIT_MASK(0, s->num_sources);
}

/* The EDR bits of the sources that exist: two per source */
static uint64_t sih_edr_valid(TWL4030SIHState *s)
{
    return MAKE_64BIT_MASK(0, 2 * s->num_sources);
}

static bool sih_cor(TWL4030SIHState *s)
{
    return FIELD_EX8(s->ctrl, TWL4030_SIH_CTRL, COR) ^ s->cor_inverted;
}

static bool sih_penddis(TWL4030SIHState *s)
{
    return FIELD_EX8(s->ctrl, TWL4030_SIH_CTRL, PENDDIS);
}

/* Which group a register is in, and the byte index inside that group */
static int sih_decode(TWL4030SIHState *s, uint8_t reg, int *byte)
{
    int off = reg - s->base;
    int n = s->isr_bytes;

    if (off < 5 * n) {
        *byte = off % n;
        return off / n;
    }
    off -= 5 * n;
    if (off < s->edr_bytes) {
        *byte = off;
        return SIH_EDR;
    }
    *byte = 0;
    return SIH_CTRL;
}

static void sih_update(TWL4030SIHState *s)
{
    int line;

    for (line = 0; line < TWL4030_SIH_LINES; line++) {
        bool level = (s->isr[line] & ~s->imr[line] & sih_valid(s)) != 0;

        if (level != s->out_level[line]) {
            s->out_level[line] = level;
            trace_twl4030_sih_line(s->name, line + 1, level);
            qemu_set_irq(s->out[line], level);
        }
    }
}

/*
 * The lines an event of the sources in "bits" latches in: with EXCLEN,
 * line 1 if unmasked there, else line 2; without, every unmasked line.
 * Returns, per line, the subset of "bits" that latches there.
 */
static void sih_targets(TWL4030SIHState *s, uint32_t bits,
                        uint32_t target[TWL4030_SIH_LINES])
{
    target[0] = bits & ~s->imr[0];
    if (FIELD_EX8(s->ctrl, TWL4030_SIH_CTRL, EXCLEN)) {
        target[1] = bits & ~target[0] & ~s->imr[1];
    } else {
        target[1] = bits & ~s->imr[1];
    }
}

/* An edge of source src that its EDR selects */
static void sih_event(TWL4030SIHState *s, int src)
{
    uint32_t bit = 1u << src;
    uint32_t target[TWL4030_SIH_LINES];
    int line;

    sih_targets(s, bit, target);
    for (line = 0; line < TWL4030_SIH_LINES; line++) {
        if (!(target[line] & bit)) {
            continue;
        }
        if (s->isr[line] & bit) {
            /* still latched: remember it, unless PENDDIS */
            if (!sih_penddis(s)) {
                s->pending[line] |= bit;
                s->armed[line] |= bit;
                trace_twl4030_sih_buffer(s->name, line + 1, src);
            }
        } else {
            s->isr[line] |= bit;
            if (!sih_penddis(s)) {
                s->armed[line] |= bit;
            }
            trace_twl4030_sih_latch(s->name, line + 1, src);
        }
    }
}

/*
 * The bits "cleared" of ISR<line> were just cleared (read in COR mode or
 * written with 1s): with PENDDIS = 0 a remembered edge latches again, or
 * else a source still at its latched level re-latches once.
 */
static void sih_cleared(TWL4030SIHState *s, int line, uint32_t cleared)
{
    uint32_t relatch;
    int src;

    if (!cleared) {
        return;
    }
    for (src = 0; src < s->num_sources; src++) {
        if (cleared & (1u << src)) {
            trace_twl4030_sih_clear(s->name, line + 1, src);
        }
    }
    if (sih_penddis(s)) {
        s->pending[line] &= ~cleared;
        s->armed[line] &= ~cleared;
        return;
    }
    /* a source masked in the meantime does not latch again */
    relatch = cleared & ~s->imr[line] & (s->pending[line] | s->armed[line]);
    for (src = 0; src < s->num_sources; src++) {
        uint32_t bit = 1u << src;

        if (!(relatch & bit)) {
            continue;
        }
        if (s->pending[line] & bit) {
            s->pending[line] &= ~bit;
            trace_twl4030_sih_relatch(s->name, line + 1, src, "buffered edge");
        } else {
            s->armed[line] &= ~bit;
            trace_twl4030_sih_relatch(s->name, line + 1, src,
                                      "level still active");
        }
        s->isr[line] |= bit;
    }
    /* nothing owed any more for the cleared bits that did not re-latch */
    s->pending[line] &= ~(cleared & ~relatch);
    s->armed[line] &= ~(cleared & ~relatch);
}

static void sih_set_source(void *opaque, int src, int level)
{
    TWL4030SIHState *s = opaque;
    uint32_t bit = 1u << src;
    bool old = s->level & bit;
    int edge_bit;

    level = !!level;
    if (old == level) {
        return;
    }
    trace_twl4030_sih_source(s->name, src, level);
    s->level = (s->level & ~bit) | (level ? bit : 0);
    /* the level changed: a re-latch owed for the previous edge is void */
    s->armed[0] &= ~bit;
    s->armed[1] &= ~bit;

    /* nothing latches while the chip is being reset */
    if (resettable_is_in_reset(OBJECT(s))) {
        return;
    }
    edge_bit = 2 * src + (level ? 1 : 0);
    if (extract64(s->edr, edge_bit, 1)) {
        sih_event(s, src);
        sih_update(s);
    }
}

static uint8_t sih_read(TWL4030Cell *m, uint8_t addr, uint8_t reg)
{
    TWL4030SIHState *s = TWL4030_SIH(m);
    int byte;
    int group = sih_decode(s, reg, &byte);
    uint8_t val = 0;
    int line;

    switch (group) {
    case SIH_ISR1:
    case SIH_ISR2:
        line = group == SIH_ISR1 ? 0 : 1;
        val = extract32(s->isr[line] & sih_valid(s), 8 * byte, 8);
        if (sih_cor(s) && val) {
            uint32_t cleared = (uint32_t)val << (8 * byte);

            s->isr[line] &= ~cleared;
            sih_cleared(s, line, cleared);
            sih_update(s);
        }
        break;
    case SIH_IMR1:
    case SIH_IMR2:
        line = group == SIH_IMR1 ? 0 : 1;
        val = extract32(s->imr[line], 8 * byte, 8);
        break;
    case SIH_SIR:
        /* write-only (test register) */
        val = 0;
        break;
    case SIH_EDR:
        val = extract64(s->edr, 8 * byte, 8);
        break;
    case SIH_CTRL:
        val = s->ctrl;
        break;
    }
    return val;
}

static void sih_write(TWL4030Cell *m, uint8_t addr, uint8_t reg,
                      uint8_t value)
{
    TWL4030SIHState *s = TWL4030_SIH(m);
    int byte;
    int group = sih_decode(s, reg, &byte);
    uint32_t bits = 0;
    uint32_t target[TWL4030_SIH_LINES];
    int line, src;

    /*
     * The source bits of a byte of an ISR/IMR/SIR group (byte < n).  Only
     * those: an EDR byte index runs up to e - 1, past n (GPIO: n = 3,
     * e = 5), and 8 * byte could be 32.
     */
    if (group < SIH_EDR) {
        bits = (uint32_t)value << (8 * byte);
    }

    switch (group) {
    case SIH_ISR1:
    case SIH_ISR2:
        line = group == SIH_ISR1 ? 0 : 1;
        if (sih_cor(s)) {
            /*
             * clear-on-read mode: writes do not clear (Linux writes
             * MADC_ISR1 = 0xff at init whatever the mode)
             */
            trace_twl4030_sih_ignored_write(s->name, reg, value);
            break;
        }
        bits &= s->isr[line];
        s->isr[line] &= ~bits;
        sih_cleared(s, line, bits);
        break;
    case SIH_IMR1:
    case SIH_IMR2:
        line = group == SIH_IMR1 ? 0 : 1;
        s->imr[line] = deposit32(s->imr[line], 8 * byte, 8, value);
        /* events remembered for a source masked now are dropped */
        s->pending[line] &= ~s->imr[line];
        trace_twl4030_sih_mask(s->name, line + 1, s->imr[line]);
        break;
    case SIH_SIR:
        bits &= sih_valid(s);
        sih_targets(s, bits, target);
        for (line = 0; line < TWL4030_SIH_LINES; line++) {
            for (src = 0; src < s->num_sources; src++) {
                if (target[line] & ~s->isr[line] & (1u << src)) {
                    trace_twl4030_sih_latch(s->name, line + 1, src);
                }
            }
            s->isr[line] |= target[line];
        }
        break;
    case SIH_EDR:
        /*
         * Two bits per source: the last byte may be partly reserved
         * (GPIO_EDR5 bits 7:4 would be sources 18, 19); those read 0
         */
        s->edr = deposit64(s->edr, 8 * byte, 8, value) & sih_edr_valid(s);
        break;
    case SIH_CTRL:
        if (value & ~TWL4030_SIH_CTRL_MASK) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "%s: reserved SIH_CTRL bits written: 0x%02x\n",
                          s->name, value);
        }
        s->ctrl = value & TWL4030_SIH_CTRL_MASK;
        if (sih_penddis(s)) {
            memset(s->pending, 0, sizeof(s->pending));
            memset(s->armed, 0, sizeof(s->armed));
        }
        break;
    }
    sih_update(s);
}

static void sih_reset_enter(Object *obj, ResetType type)
{
    TWL4030SIHState *s = TWL4030_SIH(obj);
    int line, byte;

    for (line = 0; line < TWL4030_SIH_LINES; line++) {
        s->isr[line] = 0;
        s->imr[line] = 0;
        for (byte = 0; byte < s->isr_bytes; byte++) {
            s->imr[line] = deposit32(s->imr[line], 8 * byte, 8, s->imr_reset);
        }
        s->pending[line] = 0;
        s->armed[line] = 0;
    }
    s->edr = s->edr_reset & sih_edr_valid(s);
    s->ctrl = s->ctrl_reset & TWL4030_SIH_CTRL_MASK;
    /* s->level follows the source wires: not reset */
}

/* Outputs settle while the sources are still being reset (no latching) */
static void sih_reset_hold(Object *obj, ResetType type)
{
    sih_update(TWL4030_SIH(obj));
}
GTA04_RESET_PHASE_COMPAT(sih_reset_hold);

static void sih_realize(DeviceState *dev, Error **errp)
{
    TWL4030SIHState *s = TWL4030_SIH(dev);
    int size;

    if (s->num_sources < 1 || s->num_sources > TWL4030_SIH_MAX_SOURCES) {
        error_setg(errp, "twl4030-sih: num-sources must be 1..%d",
                   TWL4030_SIH_MAX_SOURCES);
        return;
    }
    if (s->addr < 0x48 || s->addr > 0x4b) {
        error_setg(errp, "twl4030-sih: addr must be 0x48..0x4b");
        return;
    }
    s->isr_bytes = DIV_ROUND_UP(s->num_sources, 8);
    s->edr_bytes = DIV_ROUND_UP(2 * s->num_sources, 8);
    size = 5 * s->isr_bytes + s->edr_bytes + 1;
    if (s->base + size - 1 > 0xff) {
        error_setg(errp, "twl4030-sih: register block 0x%02x+%d does not fit",
                   s->base, size);
        return;
    }
    s->name = g_strdup(object_get_canonical_path_component(OBJECT(dev)) ?:
                       "twl4030-sih");
    qdev_init_gpio_in_named(dev, sih_set_source, "source", s->num_sources);
}

static void sih_unrealize(DeviceState *dev)
{
    TWL4030SIHState *s = TWL4030_SIH(dev);

    g_free(s->name);
    s->name = NULL;
}

static void sih_init(Object *obj)
{
    TWL4030SIHState *s = TWL4030_SIH(obj);

    qdev_init_gpio_out_named(DEVICE(obj), &s->out[0], "int1", 1);
    qdev_init_gpio_out_named(DEVICE(obj), &s->out[1], "int2", 1);
}

static const VMStateDescription vmstate_twl4030_sih = {
    .name = "twl4030-sih",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(isr, TWL4030SIHState, TWL4030_SIH_LINES),
        VMSTATE_UINT32_ARRAY(imr, TWL4030SIHState, TWL4030_SIH_LINES),
        VMSTATE_UINT64(edr, TWL4030SIHState),
        VMSTATE_UINT8(ctrl, TWL4030SIHState),
        VMSTATE_UINT32(level, TWL4030SIHState),
        VMSTATE_UINT32_ARRAY(pending, TWL4030SIHState, TWL4030_SIH_LINES),
        VMSTATE_UINT32_ARRAY(armed, TWL4030SIHState, TWL4030_SIH_LINES),
        VMSTATE_BOOL_ARRAY(out_level, TWL4030SIHState, TWL4030_SIH_LINES),
        VMSTATE_END_OF_LIST()
    }
};

static const Property sih_properties[] = {
    DEFINE_PROP_UINT8("num-sources", TWL4030SIHState, num_sources, 8),
    DEFINE_PROP_UINT8("addr", TWL4030SIHState, addr, 0x4b),
    DEFINE_PROP_UINT8("base", TWL4030SIHState, base, 0x2e),
    DEFINE_PROP_UINT8("imr-reset", TWL4030SIHState, imr_reset, 0x00),
    DEFINE_PROP_UINT8("ctrl-reset", TWL4030SIHState, ctrl_reset, 0x00),
    DEFINE_PROP_UINT64("edr-reset", TWL4030SIHState, edr_reset, 0),
    DEFINE_PROP_BOOL("cor-inverted", TWL4030SIHState, cor_inverted, false),
};

static void sih_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    TWL4030CellClass *mc = TWL4030_CELL_CLASS(oc);

    dc->desc = "TWL4030 secondary interrupt handler";
    dc->realize = sih_realize;
    dc->unrealize = sih_unrealize;
    dc->vmsd = &vmstate_twl4030_sih;
    device_class_set_props(dc, sih_properties);
    rc->phases.enter = sih_reset_enter;
    rc->phases.hold = GTA04_RESET_PHASE(sih_reset_hold);
    mc->read = sih_read;
    mc->write = sih_write;
}
GTA04_CLASS_INIT_COMPAT(sih_class_init);

static const TypeInfo sih_type_info = {
    .name = TYPE_TWL4030_SIH,
    .parent = TYPE_TWL4030_CELL,
    .instance_size = sizeof(TWL4030SIHState),
    .instance_init = sih_init,
    .class_init = GTA04_CLASS_INIT(sih_class_init),
};

static void sih_register_types(void)
{
    type_register_static(&sih_type_info);
}

type_init(sih_register_types)
