/*
 * TI TWL4030 (TPS65950) power resources (PM_RECEIVER, 0x4B:0x5B-0xF1)
 *
 * Every resource (LDO, SMPS, clock/reset line, reference) has a bank that
 * starts with DEV_GRP, TYPE and REMAP (TWL4030 TRM "Power resources"):
 *  - DEV_GRP[7:5] = membership of processor groups P3/P2/P1; DEV_GRP[3:0]
 *    (read-only) is the resource state, which twl-regulator's get_status
 *    reads.  We encode it with the power bus state codes: 0x0 OFF,
 *    0x8 SLEEP, 0xE ACTIVE.  [The TRM encoding of this read-only field is
 *    our assumption; with it Linux reports SLEEP as "normal".]
 *  - TYPE[4:3] TYPE2, TYPE[2:0] TYPE: what broadcast messages select.
 *  - REMAP[7:4] / [3:0]: the state the resource takes when its group goes
 *    OFF / SLEEP (or when it receives an OFF / SLEEP message).  Codes:
 *    0 OFF, 8 SLEEP, 9..15 ACTIVE; 1..7 are reserved and read as OFF.
 *
 * How the state is derived here:
 *  - a resource in no group is OFF;
 *  - writing DEV_GRP, or a change of a processor group's state (from the
 *    power module: input "group-state", the only way they arrive),
 *    sets the state to the highest of its groups' mapped states
 *    (ACTIVE > SLEEP > OFF);
 *  - a power bus message (twl4030_regulators_pb_message) sets the state of
 *    the resources it addresses, mapped through REMAP the same way; WRST
 *    (warm reset) completes at once and leaves the resource ACTIVE.
 *  - a resource is "on" when its state is not OFF (an LDO in SLEEP still
 *    regulates, at low current).
 *
 * VUSB3V1 quirk (phy-twl4030-usb.c, and TI's answer on the TPS65950
 * forum): VUSB_DEDICATED2 bit 3 VUSB3V1_SLEEP (reset 1) remaps VUSB3V1's
 * ACTIVE state to SLEEP, and writing VUSB3V1_DEV_GRP with no group bits
 * set resets VUSB_DEDICATED2 to its reset value 0x08 (so the bit is set
 * again).  We reset it on every such write, whatever the previous groups.
 *
 * Not modelled: PROTECT_KEY (Linux writes DEV_GRP through twl-regulator
 * without unlocking, so at least these registers cannot be protected on
 * the real chip; all PM_RECEIVER registers are plain writable here),
 * short-circuit detection, output voltages beyond storing VSEL.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/irq.h"
#include "hw/qdev-core.h"
#include "hw/registerfields.h"
#include "hw/misc/twl4030/regulators.h"
#include "migration/vmstate.h"
#include "trace.h"

/* Fields common to every resource bank */
FIELD(DEV_GRP, STATE, 0, 4)
FIELD(DEV_GRP, WARM_CFG, 4, 1)
FIELD(DEV_GRP, GROUPS, 5, 3)        /* bit 5 P1, bit 6 P2, bit 7 P3 */
FIELD(TYPE, RES_TYPE, 0, 3)
FIELD(TYPE, RES_TYPE2, 3, 2)
FIELD(REMAP, SLEEP_STATE, 0, 4)
FIELD(REMAP, OFF_STATE, 4, 4)

/* Registers outside the resource banks that have meaning here */
REG8(WATCHDOG_CFG, 0x5e)            /* owned by the power module */
REG8(DCDC_GLOBAL_CFG, 0x61)
    FIELD(DCDC_GLOBAL_CFG, SMARTREFLEX_ENABLE, 3, 1)
REG8(BB_CFG, 0x6d)
REG8(VUSB_DEDICATED1, 0xd8)
REG8(VUSB_DEDICATED2, 0xd9)
    FIELD(VUSB_DEDICATED2, VUSB3V1_SLEEP, 3, 1)

#define VUSB_DEDICATED2_RESET   0x08


/* Power bus message fields (TRM "Power bus message format") */
FIELD(PB_MSG, STATE, 0, 4)
FIELD(PB_MSG, RES_ID, 4, 8)         /* singular */
FIELD(PB_MSG, RES_TYPE, 4, 3)       /* broadcast */
FIELD(PB_MSG, RES_TYPE2, 7, 2)      /* broadcast */
FIELD(PB_MSG, RES_GRP, 9, 3)        /* broadcast */
FIELD(PB_MSG, BROADCAST, 12, 1)
FIELD(PB_MSG, DEV_GRP, 13, 3)

#define PB_RES_TYPE_ALL     7

/* Resource groups (what broadcast messages select) */
#define RES_GRP_PP      0x1         /* power providers */
#define RES_GRP_RC      0x2         /* reset and control */
#define RES_GRP_PR      0x4         /* power references */

typedef enum {
    BANK_LDO,       /* DEV_GRP TYPE REMAP DEDICATED(VSEL) */
    BANK_SMPS,      /* DEV_GRP TYPE REMAP CFG ... VSEL at +9 ... */
    BANK_VIO,       /* DEV_GRP TYPE REMAP CFG ... (10 registers) */
    BANK_3,         /* DEV_GRP TYPE REMAP */
} BankKind;

typedef struct ResourceInfo {
    const char *name;
    uint8_t base;           /* PM_RECEIVER offset of DEV_GRP */
    BankKind kind;
    uint8_t res_grp;
    uint8_t vsel_mask;      /* LDO: implemented bits of DEDICATED */
} ResourceInfo;

/*
 * Bank bases are those of twl-regulator.c / twl4030-power.c; VSEL widths
 * are the VSEL tables of twl-regulator.c (VINTANA1 and VINTDIG are fixed
 * LDOs whose DEDICATED register we keep as plain storage).
 */
static const ResourceInfo res_info[TWL4030_RES_NUM] = {
    [TWL4030_RES_VAUX1]     = { "vaux1",     0x17, BANK_LDO, RES_GRP_PP, 0x07 },
    [TWL4030_RES_VAUX2]     = { "vaux2",     0x1b, BANK_LDO, RES_GRP_PP, 0x0f },
    [TWL4030_RES_VAUX3]     = { "vaux3",     0x1f, BANK_LDO, RES_GRP_PP, 0x07 },
    [TWL4030_RES_VAUX4]     = { "vaux4",     0x23, BANK_LDO, RES_GRP_PP, 0x0f },
    [TWL4030_RES_VMMC1]     = { "vmmc1",     0x27, BANK_LDO, RES_GRP_PP, 0x03 },
    [TWL4030_RES_VMMC2]     = { "vmmc2",     0x2b, BANK_LDO, RES_GRP_PP, 0x0f },
    [TWL4030_RES_VPLL1]     = { "vpll1",     0x2f, BANK_LDO, RES_GRP_PP, 0x07 },
    [TWL4030_RES_VPLL2]     = { "vpll2",     0x33, BANK_LDO, RES_GRP_PP, 0x0f },
    [TWL4030_RES_VSIM]      = { "vsim",      0x37, BANK_LDO, RES_GRP_PP, 0x07 },
    [TWL4030_RES_VDAC]      = { "vdac",      0x3b, BANK_LDO, RES_GRP_PP, 0x03 },
    [TWL4030_RES_VINTANA1]  = { "vintana1",  0x3f, BANK_LDO, RES_GRP_PP, 0xff },
    [TWL4030_RES_VINTANA2]  = { "vintana2",  0x43, BANK_LDO, RES_GRP_PP, 0x01 },
    [TWL4030_RES_VINTDIG]   = { "vintdig",   0x47, BANK_LDO, RES_GRP_PP, 0xff },
    [TWL4030_RES_VIO]       = { "vio",       0x4b, BANK_VIO, RES_GRP_PP, 0 },
    [TWL4030_RES_VDD1]      = { "vdd1",      0x55, BANK_SMPS, RES_GRP_PP, 0 },
    [TWL4030_RES_VDD2]      = { "vdd2",      0x63, BANK_SMPS, RES_GRP_PP, 0 },
    [TWL4030_RES_VUSB1V5]   = { "vusb1v5",   0x71, BANK_3, RES_GRP_PP, 0 },
    [TWL4030_RES_VUSB1V8]   = { "vusb1v8",   0x74, BANK_3, RES_GRP_PP, 0 },
    [TWL4030_RES_VUSB3V1]   = { "vusb3v1",   0x77, BANK_3, RES_GRP_PP, 0 },
    [TWL4030_RES_VUSBCP]    = { "vusbcp",    0x7a, BANK_3, RES_GRP_PP, 0 },
    [TWL4030_RES_REGEN]     = { "regen",     0x7f, BANK_3, RES_GRP_PP, 0 },
    [TWL4030_RES_NRESPWRON] = { "nrespwron", 0x82, BANK_3, RES_GRP_RC, 0 },
    [TWL4030_RES_CLKEN]     = { "clken",     0x85, BANK_3, RES_GRP_RC, 0 },
    [TWL4030_RES_SYSEN]     = { "sysen",     0x88, BANK_3, RES_GRP_RC, 0 },
    [TWL4030_RES_HFCLKOUT]  = { "hfclkout",  0x8b, BANK_3, RES_GRP_RC, 0 },
    [TWL4030_RES_32KCLKOUT] = { "32kclkout", 0x8e, BANK_3, RES_GRP_RC, 0 },
    [TWL4030_RES_RESET]     = { "reset",     0x91, BANK_3, RES_GRP_RC, 0 },
    [TWL4030_RES_MAINREF]   = { "mainref",   0x94, BANK_3, RES_GRP_PR, 0 },
};

/* Offset of the SMPS VSEL register in the VDD1/VDD2 banks */
#define SMPS_VSEL       9
#define SMPS_VSEL_MASK  0x7f    /* 600 mV + 12.5 mV * VSEL */

static int bank_size(BankKind kind)
{
    switch (kind) {
    case BANK_LDO:
        return 4;
    case BANK_SMPS:
        return 14;
    case BANK_VIO:
        return 10;
    default:
        return 3;
    }
}

/*
 * Reset values of the PM_RECEIVER block (absolute address, value), from
 * the TPS65950 register reset table as transcribed in qemu-linaro's
 * TWL4030 model; they agree with the REMAP defaults twl-regulator.c
 * programs.  Unlisted registers reset to 0.  The DEV_GRP state nibble is
 * never stored: it is computed.
 */
static const TWL4030RegReset pmr_reset[] = {
    { 0x62, 0x2f }, { 0x63, 0x18 }, { 0x64, 0x0f }, { 0x65, 0x08 },
    { 0x66, 0x0f }, { 0x67, 0x08 }, { 0x68, 0x12 },
    /* VAUX1..VAUX4 */
    { 0x74, 0x08 }, { 0x75, 0x02 },
    { 0x76, 0x80 }, { 0x77, 0x03 }, { 0x78, 0x08 }, { 0x79, 0x09 },
    { 0x7c, 0x08 }, { 0x7d, 0x03 },
    { 0x7e, 0x80 }, { 0x7f, 0x03 }, { 0x80, 0x08 }, { 0x81, 0x02 },
    /* VMMC1, VMMC2 */
    { 0x84, 0x08 },
    { 0x86, 0x80 }, { 0x87, 0x03 }, { 0x88, 0x08 }, { 0x89, 0x08 },
    /* VPLL1, VPLL2, VSIM, VDAC */
    { 0x8a, 0x20 }, { 0x8d, 0x02 },
    { 0x8e, 0x80 }, { 0x8f, 0x04 }, { 0x90, 0x08 }, { 0x91, 0x02 },
    { 0x95, 0x03 },
    { 0x98, 0x08 }, { 0x99, 0x02 },
    /* VINTANA1, VINTANA2, VINTDIG, VIO */
    { 0x9a, 0xe0 }, { 0x9b, 0x01 }, { 0x9c, 0x08 },
    { 0x9e, 0xe0 }, { 0xa0, 0x08 }, { 0xa1, 0x01 },
    { 0xa2, 0xe0 }, { 0xa3, 0x01 }, { 0xa4, 0x08 }, { 0xa5, 0x04 },
    { 0xa6, 0xe0 }, { 0xa7, 0x03 }, { 0xa8, 0x08 },
    /* VDD1 (VSEL 0x38 = 1.3 V), VDD2 */
    { 0xb0, 0x20 }, { 0xb1, 0x04 }, { 0xb2, 0x08 }, { 0xb9, 0x38 },
    { 0xbe, 0x40 }, { 0xbf, 0x05 }, { 0xc0, 0x08 }, { 0xc7, 0x38 },
    /* VUSB1V5, VUSB1V8, VUSB3V1 (P1|P2|P3), VUSBCP */
    { 0xce, 0x08 }, { 0xd1, 0x08 },
    { 0xd2, 0xe0 }, { 0xd4, 0x08 },
    { 0xd8, 0x14 }, { 0xd9, VUSB_DEDICATED2_RESET },
    /* REGEN, NRESPWRON, CLKEN, SYSEN, HFCLKOUT, 32KCLKOUT, RESET, MAINREF */
    { 0xda, 0xe0 }, { 0xdb, 0x02 }, { 0xdc, 0x08 },
    { 0xdd, 0xe0 }, { 0xdf, 0x08 },
    { 0xe0, 0xe0 }, { 0xe1, 0x05 }, { 0xe2, 0x08 },
    { 0xe3, 0xe0 }, { 0xe4, 0x06 }, { 0xe5, 0x08 },
    { 0xe6, 0xe0 }, { 0xe8, 0x08 },
    { 0xe9, 0xe0 }, { 0xeb, 0x08 },
    { 0xec, 0xe0 }, { 0xed, 0x06 }, { 0xee, 0x06 },
    { 0xef, 0xe0 }, { 0xf1, 0x08 },
};

/* The resource whose bank holds PM_RECEIVER offset off, or 0 */
static int resource_at(uint8_t off, int *index)
{
    int id;

    for (id = 1; id < TWL4030_RES_NUM; id++) {
        const ResourceInfo *ri = &res_info[id];

        if (off >= ri->base && off < ri->base + bank_size(ri->kind)) {
            *index = off - ri->base;
            return id;
        }
    }
    return 0;
}

static int state_rank(uint8_t state)
{
    switch (state) {
    case TWL4030_RES_STATE_OFF:
        return 0;
    case TWL4030_RES_STATE_SLEEP:
        return 1;
    default:
        return 2;
    }
}

/* A REMAP nibble as a resource state */
static uint8_t remap_decode(uint8_t code)
{
    if (code >= 9) {
        return TWL4030_RES_STATE_ACTIVE;
    }
    if (code == 8) {
        return TWL4030_RES_STATE_SLEEP;
    }
    return TWL4030_RES_STATE_OFF;
}

static uint8_t res_reg(TWL4030RegulatorsState *s, int id, int index)
{
    return s->regs[TWL4030_PMR_BASE + res_info[id].base + index];
}

static uint8_t res_groups(TWL4030RegulatorsState *s, int id)
{
    return FIELD_EX8(res_reg(s, id, 0), DEV_GRP, GROUPS);
}

/* The state a resource takes for a requested (message or group) state */
static uint8_t res_mapped_state(TWL4030RegulatorsState *s, int id, uint8_t req)
{
    uint8_t remap = res_reg(s, id, 2);

    switch (req) {
    case TWL4030_RES_STATE_OFF:
        return remap_decode(FIELD_EX8(remap, REMAP, OFF_STATE));
    case TWL4030_RES_STATE_SLEEP:
        return remap_decode(FIELD_EX8(remap, REMAP, SLEEP_STATE));
    default:
        return TWL4030_RES_STATE_ACTIVE;
    }
}

static uint8_t group_request(TWL4030RegulatorsState *s, int g)
{
    switch (s->group_state[g]) {
    case TWL4030_GROUP_SLEEP:
        return TWL4030_RES_STATE_SLEEP;
    case TWL4030_GROUP_OFF:
        return TWL4030_RES_STATE_OFF;
    default:
        return TWL4030_RES_STATE_ACTIVE;
    }
}

/* The highest state any of the resource's processor groups asks for */
static uint8_t res_state_from_groups(TWL4030RegulatorsState *s, int id)
{
    uint8_t groups = res_groups(s, id);
    uint8_t state = TWL4030_RES_STATE_OFF;
    int g;

    for (g = 0; g < TWL4030_NUM_GROUPS; g++) {
        if (groups & (1 << g)) {
            uint8_t st = res_mapped_state(s, id, group_request(s, g));

            if (state_rank(st) > state_rank(state)) {
                state = st;
            }
        }
    }
    return state;
}

/* The state the resource really is in, after the VUSB3V1_SLEEP remap */
static uint8_t res_effective_state(TWL4030RegulatorsState *s, int id)
{
    uint8_t state = s->res[id].state;

    if (id == TWL4030_RES_VUSB3V1 && state == TWL4030_RES_STATE_ACTIVE &&
        FIELD_EX8(s->regs[A_VUSB_DEDICATED2], VUSB_DEDICATED2,
                  VUSB3V1_SLEEP)) {
        return TWL4030_RES_STATE_SLEEP;
    }
    return state;
}

/* Drive the rail output when the resource switches on or off */
static void res_update_output(TWL4030RegulatorsState *s, int id)
{
    uint8_t state = res_effective_state(s, id);
    bool on = state != TWL4030_RES_STATE_OFF;

    if (on != s->res[id].on) {
        trace_twl4030_regulators_rail(res_info[id].name, on, state);
        s->res[id].on = on;
        qemu_set_irq(s->rail[id], on);
    }
}

static void res_set_state(TWL4030RegulatorsState *s, int id, uint8_t state)
{
    s->res[id].state = state;
    res_update_output(s, id);
}

static bool pb_message_selects(TWL4030RegulatorsState *s, int id, uint16_t msg)
{
    uint8_t devgrp = FIELD_EX16(msg, PB_MSG, DEV_GRP);
    uint8_t groups = res_groups(s, id);
    uint8_t type = res_reg(s, id, 1);
    uint8_t msg_type;

    /* Resources outside every group ignore the power bus */
    if (!groups || (devgrp && !(devgrp & groups))) {
        return false;
    }
    if (!FIELD_EX16(msg, PB_MSG, BROADCAST)) {
        return FIELD_EX16(msg, PB_MSG, RES_ID) == id;
    }
    if (!(FIELD_EX16(msg, PB_MSG, RES_GRP) & res_info[id].res_grp)) {
        return false;
    }
    msg_type = FIELD_EX16(msg, PB_MSG, RES_TYPE);
    if (msg_type != PB_RES_TYPE_ALL &&
        msg_type != FIELD_EX8(type, TYPE, RES_TYPE)) {
        return false;
    }
    return FIELD_EX16(msg, PB_MSG, RES_TYPE2) ==
           FIELD_EX8(type, TYPE, RES_TYPE2);
}

void twl4030_regulators_pb_message(TWL4030RegulatorsState *s, uint16_t msg)
{
    uint8_t req = FIELD_EX16(msg, PB_MSG, STATE);
    int id;

    trace_twl4030_regulators_pb_message(msg);
    if (req != TWL4030_RES_STATE_OFF && req < TWL4030_RES_STATE_SLEEP) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030-regulators: power bus message 0x%04x has "
                      "the reserved state %u\n", msg, req);
        return;
    }
    for (id = 1; id < TWL4030_RES_NUM; id++) {
        if (pb_message_selects(s, id, msg)) {
            res_set_state(s, id, res_mapped_state(s, id, req));
        }
    }
}

static void twl4030_regulators_set_group(TWL4030RegulatorsState *s, int n,
                                         int level)
{
    int id;

    if (n < 0 || n >= TWL4030_NUM_GROUPS) {
        return;
    }
    if (level < TWL4030_GROUP_ACTIVE || level > TWL4030_GROUP_OFF) {
        level = TWL4030_GROUP_OFF;
    }
    if (s->group_state[n] == level) {
        return;
    }
    trace_twl4030_regulators_group(n + 1, level);
    s->group_state[n] = level;
    for (id = 1; id < TWL4030_RES_NUM; id++) {
        if (res_groups(s, id) & (1 << n)) {
            res_set_state(s, id, res_state_from_groups(s, id));
        }
    }
}

static void twl4030_regulators_group_state(void *opaque, int n, int level)
{
    twl4030_regulators_set_group(TWL4030_REGULATORS(opaque), n, level);
}

static uint8_t twl4030_regulators_read(TWL4030Cell *m, uint8_t addr,
                                       uint8_t reg)
{
    TWL4030RegulatorsState *s = TWL4030_REGULATORS(m);
    uint8_t off = reg - TWL4030_PMR_BASE;
    int index;
    int id;

    if (reg < TWL4030_PMR_BASE || reg == A_WATCHDOG_CFG) {
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-regulators: read of "
                      "0x%02x:0x%02x outside PM_RECEIVER\n", addr, reg);
        return 0;
    }
    id = resource_at(off, &index);
    if (id && index == 0) {
        return FIELD_DP8(s->regs[reg], DEV_GRP, STATE,
                         res_effective_state(s, id));
    }
    return s->regs[reg];
}

static void twl4030_regulators_write(TWL4030Cell *m, uint8_t addr,
                                     uint8_t reg, uint8_t value)
{
    TWL4030RegulatorsState *s = TWL4030_REGULATORS(m);
    uint8_t off = reg - TWL4030_PMR_BASE;
    int index;
    int id;

    if (reg < TWL4030_PMR_BASE || reg == A_WATCHDOG_CFG) {
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-regulators: write of "
                      "0x%02x:0x%02x outside PM_RECEIVER\n", addr, reg);
        return;
    }
    trace_twl4030_regulators_write(reg, value);

    if (reg == A_VUSB_DEDICATED2) {
        s->regs[reg] = value;
        res_update_output(s, TWL4030_RES_VUSB3V1);
        return;
    }

    id = resource_at(off, &index);
    if (!id) {
        s->regs[reg] = value;
        return;
    }
    switch (index) {
    case 0:     /* DEV_GRP: the state nibble is read-only */
        s->regs[reg] = value & (R_DEV_GRP_GROUPS_MASK |
                                R_DEV_GRP_WARM_CFG_MASK);
        if (id == TWL4030_RES_VUSB3V1 &&
            !FIELD_EX8(value, DEV_GRP, GROUPS)) {
            trace_twl4030_regulators_vusb_dedicated2_reset();
            s->regs[A_VUSB_DEDICATED2] = VUSB_DEDICATED2_RESET;
        }
        res_set_state(s, id, res_state_from_groups(s, id));
        break;
    case 1:     /* TYPE */
        s->regs[reg] = value & (R_TYPE_RES_TYPE_MASK | R_TYPE_RES_TYPE2_MASK);
        break;
    case 3:
        if (res_info[id].kind == BANK_LDO) {
            s->regs[reg] = value & res_info[id].vsel_mask;
            break;
        }
        s->regs[reg] = value;
        break;
    case SMPS_VSEL:
        if (res_info[id].kind == BANK_SMPS) {
            s->regs[reg] = value & SMPS_VSEL_MASK;
            break;
        }
        s->regs[reg] = value;
        break;
    default:    /* REMAP and the other bank registers: storage */
        s->regs[reg] = value;
        break;
    }
}

static void twl4030_regulators_reset_hold(Object *obj, ResetType type)
{
    TWL4030RegulatorsState *s = TWL4030_REGULATORS(obj);
    int i;

    TWL4030_REGS_RESET(s, pmr_reset);
    /*
     * group_state[] are input levels (the power module's "group-state"):
     * a reset keeps them, and the power module drives them again in its
     * own reset.  Consumers keep the levels of our outputs across reset,
     * so only changes are sent.
     */
    for (i = 1; i < TWL4030_RES_NUM; i++) {
        res_set_state(s, i, res_state_from_groups(s, i));
    }
}
GTA04_RESET_PHASE_COMPAT(twl4030_regulators_reset_hold);

static void twl4030_regulators_get_rail(Object *obj, Visitor *v,
                                        const char *name, void *opaque,
                                        Error **errp)
{
    TWL4030Resource *res = opaque;
    bool on = res->on;

    visit_type_bool(v, name, &on, errp);
}

static void twl4030_regulators_init(Object *obj)
{
    TWL4030RegulatorsState *s = TWL4030_REGULATORS(obj);
    int i;

    qdev_init_gpio_in_named(DEVICE(obj), twl4030_regulators_group_state,
                            "group-state", TWL4030_NUM_GROUPS);
    for (i = 1; i < TWL4030_RES_NUM; i++) {
        qdev_init_gpio_out_named(DEVICE(obj), &s->rail[i], res_info[i].name,
                                 1);
        object_property_add(obj, res_info[i].name, "bool",
                            twl4030_regulators_get_rail, NULL, NULL,
                            &s->res[i]);
        object_property_set_description(obj, res_info[i].name,
                                        "true while the resource is on "
                                        "(ACTIVE or SLEEP); read-only");
    }
}

static const VMStateDescription vmstate_twl4030_resource = {
    .name = "twl4030-resource",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8(state, TWL4030Resource),
        VMSTATE_BOOL(on, TWL4030Resource),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_twl4030_regulators = {
    .name = TYPE_TWL4030_REGULATORS,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_SUB_ARRAY(regs, TWL4030RegulatorsState,
                                TWL4030_PMR_BASE, TWL4030_PMR_SIZE),
        VMSTATE_STRUCT_ARRAY(res, TWL4030RegulatorsState, TWL4030_RES_NUM, 1,
                             vmstate_twl4030_resource, TWL4030Resource),
        VMSTATE_UINT8_ARRAY(group_state, TWL4030RegulatorsState,
                            TWL4030_NUM_GROUPS),
        VMSTATE_END_OF_LIST()
    }
};

static void twl4030_regulators_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);
    TWL4030CellClass *mc = TWL4030_CELL_CLASS(klass);

    dc->desc = "TWL4030 power resources (PM_RECEIVER)";
    dc->vmsd = &vmstate_twl4030_regulators;
    rc->phases.hold = GTA04_RESET_PHASE(twl4030_regulators_reset_hold);
    mc->read = twl4030_regulators_read;
    mc->write = twl4030_regulators_write;
}
GTA04_CLASS_INIT_COMPAT(twl4030_regulators_class_init);

static const TypeInfo twl4030_regulators_info = {
    .name = TYPE_TWL4030_REGULATORS,
    .parent = TYPE_TWL4030_CELL,
    .instance_size = sizeof(TWL4030RegulatorsState),
    .instance_init = twl4030_regulators_init,
    .class_init = GTA04_CLASS_INIT(twl4030_regulators_class_init),
};

static void twl4030_regulators_register_types(void)
{
    type_register_static(&twl4030_regulators_info);
}

type_init(twl4030_regulators_register_types)
