/*
 * TI OMAP3 (DM37x / OMAP3630) System Control Module, with its ID block
 *
 * DM37x TRM SPRUGN4 chapter 13.  The SCM window (0x48002000) holds:
 *   0x000-0x02f  interface: CONTROL_REVISION, CONTROL_SYSCONFIG
 *   0x030-0x267  core pads (CONTROL_PADCONF_x, two 16-bit pads a word)
 *   0x270-0x59f  CONTROL_GENERAL (Linux's "scm_conf" syscon window)
 *   0x5a0-0x5fb  core pads, 3630 additions (ETK etc.)
 *   0x600-0x9ff  CONTROL_MEM_WKUP: save-and-restore scratchpad RAM
 *   0xa00-0xa5b  wake-up pads
 *   0xa5c-0xaff  CONTROL_WKUP_CTRL and CONTROL_GENERAL_WKUP
 * The ID block (0x4830A000) has CONTROL_IDCODE, PRODUCTION_ID and DIE_ID.
 *
 * Behaviour Linux 6.1 depends on (arch/arm/mach-omap2/{id,control,pm34xx}.c,
 * drivers/pinctrl/pinctrl-single.c, drivers/regulator/pbias-regulator.c):
 *  - IDCODE / CONTROL_OMAP_STATUS / CONTROL_STATUS identify a GP DM3730
 *    ES1.2 with every feature: "OMAP3630/DM3730 ES1.2 (l2cache iva sgx
 *    neon isp 192mhz_clk)";
 *  - CONTROL_PADCONF_OFF.START_PADCONF_SAVE completes at once and sets
 *    CONTROL_GENERAL_PURPOSE_STATUS.SAVE_DONE (Linux polls it forever
 *    before every OFF-mode idle);
 *  - pad WAKEUPEVENT (bit 15) is status set by the hardware: read-only,
 *    latched on a "pad-wakeup" input edge when WAKEUPENABLE (bit 14) is set,
 *    cleared by the PRCM's I/O daisy-chain clock; bits 7:5 are reserved;
 *  - CONTROL_PBIAS_LITE: the supply-status and error bits are read-only
 *    (the supply always matches the selected mode, never an error).
 * The rest of CONTROL_GENERAL and the scratchpad are storage.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/registerfields.h"
#include "hw/misc/omap3_scm.h"
#include "migration/vmstate.h"
#include "trace.h"

REG32(CONTROL_REVISION,                 0x000)
REG32(CONTROL_SYSCONFIG,                0x010)
REG32(CONTROL_PADCONF_OFF,              0x270)
    FIELD(CONTROL_PADCONF_OFF, START_PADCONF_SAVE, 1, 1)
REG32(CONTROL_STATUS,                   0x2f0)
REG32(CONTROL_GENERAL_PURPOSE_STATUS,   0x2f4)
    FIELD(CONTROL_GENERAL_PURPOSE_STATUS, SAVE_DONE, 0, 1)
REG32(CONTROL_FUSE_FIRST,               0x380)  /* FUSE_OPPx_VDDy, FUSE_SR */
REG32(CONTROL_FUSE_LAST,                0x3a0)
REG32(CONTROL_MEM_RTA_CTRL,             0x40c)
REG32(CONTROL_OMAP_STATUS,              0x44c)
REG32(CONTROL_PBIAS_LITE,               0x520)
    FIELD(CONTROL_PBIAS_LITE, VMODE0, 0, 1)
    FIELD(CONTROL_PBIAS_LITE, VMODEERROR0, 3, 1)
    FIELD(CONTROL_PBIAS_LITE, SUPPLY_HIGH0, 7, 1)
    FIELD(CONTROL_PBIAS_LITE, VMODE1, 8, 1)
    FIELD(CONTROL_PBIAS_LITE, VMODEERROR1, 11, 1)
    FIELD(CONTROL_PBIAS_LITE, SUPPLY_HIGH1, 15, 1)

/* 16-bit CONTROL_PADCONF_x fields */
FIELD(PADCONF, MUXMODE, 0, 3)
FIELD(PADCONF, WAKEUPENABLE, 14, 1)
FIELD(PADCONF, WAKEUPEVENT, 15, 1)
/* bits 7:5 reserved, 15 read-only status */
#define PADCONF_WMASK           0x7f1f
#define PADCONF_RESET           0x0007  /* MUXMODE 7: safe mode */

/* ID block (the TAP's "CONTROL_IDCODE" page) */
REG32(CONTROL_IDCODE,                   0x204)
REG32(CONTROL_PRODUCTION_ID_0,          0x208)
REG32(CONTROL_PRODUCTION_ID_3,          0x214)
REG32(CONTROL_DIE_ID_0,                 0x218)
REG32(CONTROL_DIE_ID_3,                 0x224)

/* Pad windows: [start, end) */
static const struct {
    uint16_t start, end;
} omap3_scm_pads[] = {
    { 0x030, 0x268 },
    { 0x5a0, 0x5fc },
    { 0xa00, 0xa5c },
};

typedef enum {
    SCM_NONE,       /* no register: RAZ/WI, LOG_UNIMP */
    SCM_STORAGE,
    SCM_PADS,
    SCM_RO,         /* computed */
} OMAP3SCMKind;

static bool omap3_scm_is_pad(hwaddr offset)
{
    int i;

    for (i = 0; i < ARRAY_SIZE(omap3_scm_pads); i++) {
        if (offset >= omap3_scm_pads[i].start &&
            offset < omap3_scm_pads[i].end) {
            return true;
        }
    }
    return false;
}

static OMAP3SCMKind omap3_scm_kind(hwaddr word)
{
    switch (word) {
    case A_CONTROL_REVISION:
    case A_CONTROL_STATUS:
    case A_CONTROL_GENERAL_PURPOSE_STATUS:
    case A_CONTROL_OMAP_STATUS:
        return SCM_RO;
    case A_CONTROL_SYSCONFIG:
        return SCM_STORAGE;
    default:
        break;
    }
    if (word >= A_CONTROL_FUSE_FIRST && word <= A_CONTROL_FUSE_LAST) {
        return SCM_RO;              /* eFuses: not fused (read 0) */
    }
    if (omap3_scm_is_pad(word)) {
        return SCM_PADS;
    }
    if ((word >= 0x270 && word < 0x5a0) ||     /* CONTROL_GENERAL */
        (word >= 0x600 && word < 0xa00) ||     /* CONTROL_MEM_WKUP */
        (word >= 0xa5c && word < 0xb00)) {     /* CONTROL_GENERAL_WKUP */
        return SCM_STORAGE;
    }
    return SCM_NONE;
}

static uint32_t omap3_scm_word(OMAP3SCMState *s, hwaddr word)
{
    switch (word) {
    case A_CONTROL_REVISION:
        return 0;                   /* [unverified] not read by Linux */
    case A_CONTROL_STATUS:
        return s->control_status;
    case A_CONTROL_GENERAL_PURPOSE_STATUS:
        return s->padconf_saved ?
               R_CONTROL_GENERAL_PURPOSE_STATUS_SAVE_DONE_MASK : 0;
    case A_CONTROL_OMAP_STATUS:
        return s->omap_status;
    case A_CONTROL_PBIAS_LITE: {
        uint32_t v = s->regs[word >> 2];

        /* the MMC1 / SIM I/O cells see the supply they were set up for */
        v = FIELD_DP32(v, CONTROL_PBIAS_LITE, SUPPLY_HIGH0,
                       FIELD_EX32(v, CONTROL_PBIAS_LITE, VMODE0));
        v = FIELD_DP32(v, CONTROL_PBIAS_LITE, SUPPLY_HIGH1,
                       FIELD_EX32(v, CONTROL_PBIAS_LITE, VMODE1));
        return v;
    }
    default:
        break;
    }
    if (omap3_scm_kind(word) == SCM_RO) {
        return 0;
    }
    return s->regs[word >> 2];
}

/* Bits a guest write may change */
static uint32_t omap3_scm_wmask(hwaddr word)
{
    switch (omap3_scm_kind(word)) {
    case SCM_PADS:
        return PADCONF_WMASK << 16 | PADCONF_WMASK;
    case SCM_STORAGE:
        break;
    default:
        return 0;
    }
    switch (word) {
    case A_CONTROL_PBIAS_LITE:
        return ~(uint32_t)(R_CONTROL_PBIAS_LITE_VMODEERROR0_MASK |
                           R_CONTROL_PBIAS_LITE_SUPPLY_HIGH0_MASK |
                           R_CONTROL_PBIAS_LITE_VMODEERROR1_MASK |
                           R_CONTROL_PBIAS_LITE_SUPPLY_HIGH1_MASK);
    default:
        return ~0u;
    }
}

static uint16_t omap3_scm_pad_get(OMAP3SCMState *s, hwaddr offset)
{
    return s->regs[offset >> 2] >> ((offset & 2) * 8);
}

static void omap3_scm_pad_set(OMAP3SCMState *s, hwaddr offset, uint16_t v)
{
    int shift = (offset & 2) * 8;

    s->regs[offset >> 2] = (s->regs[offset >> 2] & ~(0xffffu << shift)) |
                           (uint32_t)v << shift;
}

/* io-wakeup to the PRCM: some pad holds a latched wake-up event */
static void omap3_scm_update_io_wakeup(OMAP3SCMState *s)
{
    bool level = false;
    hwaddr off;
    int i;

    for (i = 0; i < ARRAY_SIZE(omap3_scm_pads) && !level; i++) {
        for (off = omap3_scm_pads[i].start; off < omap3_scm_pads[i].end;
             off += 2) {
            if (FIELD_EX32(omap3_scm_pad_get(s, off), PADCONF, WAKEUPEVENT)) {
                level = true;
                break;
            }
        }
    }
    if (level != s->io_wakeup_level) {
        s->io_wakeup_level = level;
        trace_omap3_scm_io_wakeup(level);
        qemu_set_irq(s->io_wakeup, level);
    }
}

static void omap3_scm_write_word(OMAP3SCMState *s, hwaddr word, uint32_t value,
                                 uint32_t bytes)
{
    uint32_t wmask = omap3_scm_wmask(word) & bytes;

    switch (omap3_scm_kind(word)) {
    case SCM_NONE:
        qemu_log_mask(LOG_UNIMP, "%s: unknown register 0x%03" HWADDR_PRIx
                      " = 0x%08" PRIx32 "\n", __func__, word, value);
        return;
    case SCM_RO:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: read-only register 0x%03"
                      HWADDR_PRIx "\n", __func__, word);
        return;
    default:
        break;
    }
    s->regs[word >> 2] = (s->regs[word >> 2] & ~wmask) | (value & wmask);

    if (word == A_CONTROL_PADCONF_OFF &&
        (bytes & value & R_CONTROL_PADCONF_OFF_START_PADCONF_SAVE_MASK)) {
        /*
         * The pads are saved for the OFF-mode wake-up in no time: nothing
         * in QEMU loses its context, so there is nothing to copy.  The
         * start bit reads back 0 once the save is done.
         */
        s->regs[word >> 2] &= ~R_CONTROL_PADCONF_OFF_START_PADCONF_SAVE_MASK;
        s->padconf_saved = true;
        trace_omap3_scm_padconf_save();
    }
}

static uint64_t omap3_scm_read(void *opaque, hwaddr offset, unsigned size)
{
    OMAP3SCMState *s = opaque;
    hwaddr word = offset & ~3;
    uint32_t v;

    if (omap3_scm_kind(word) == SCM_NONE) {
        qemu_log_mask(LOG_UNIMP, "%s: unknown register 0x%03" HWADDR_PRIx "\n",
                      __func__, offset);
        return 0;
    }
    v = omap3_scm_word(s, word) >> ((offset & 3) * 8);
    if (size < 4) {
        v &= (1u << (size * 8)) - 1;
    }
    trace_omap3_scm_read(offset, size, v);
    return v;
}

static void omap3_scm_write(void *opaque, hwaddr offset, uint64_t value,
                            unsigned size)
{
    OMAP3SCMState *s = opaque;
    int shift = (offset & 3) * 8;
    uint32_t bytes = (size == 4 ? ~0u : ((1u << (size * 8)) - 1)) << shift;

    trace_omap3_scm_write(offset, size, value);
    omap3_scm_write_word(s, offset & ~3, value << shift, bytes);
}

static const MemoryRegionOps omap3_scm_ops = {
    .read = omap3_scm_read,
    .write = omap3_scm_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    /* pinctrl-single uses 16-bit accesses, omap_ctrl_* 32-bit ones */
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .valid.unaligned = false,
    .impl.min_access_size = 1,
    .impl.max_access_size = 4,
};

/* DIE_ID: a fixed, made-up die (Linux only feeds it to the entropy pool) */
static const uint32_t omap3_die_id[4] = {
    0x34304154, 0x554d4551, 0x20454944, 0x00000001,   /* ASCII "TA04QEMUDIE " */
};

static uint64_t omap3_scm_id_read(void *opaque, hwaddr offset, unsigned size)
{
    OMAP3SCMState *s = opaque;
    uint32_t v;

    switch (offset) {
    case A_CONTROL_IDCODE:
        v = s->idcode;
        break;
    case A_CONTROL_PRODUCTION_ID_0 ... A_CONTROL_PRODUCTION_ID_3:
        /* ti-cpufreq: "exists but seems to always read as 0" on DM37x */
        v = 0;
        break;
    case A_CONTROL_DIE_ID_0 ... A_CONTROL_DIE_ID_3:
        v = omap3_die_id[(offset - A_CONTROL_DIE_ID_0) >> 2];
        break;
    default:
        qemu_log_mask(LOG_UNIMP, "%s: unknown ID register 0x%03" HWADDR_PRIx
                      "\n", __func__, offset);
        return 0;
    }
    trace_omap3_scm_id_read(offset, v);
    return v;
}

static void omap3_scm_id_write(void *opaque, hwaddr offset, uint64_t value,
                               unsigned size)
{
    qemu_log_mask(LOG_GUEST_ERROR, "%s: the ID registers are read-only "
                  "(0x%03" HWADDR_PRIx ")\n", __func__, offset);
}

static const MemoryRegionOps omap3_scm_id_ops = {
    .read = omap3_scm_id_read,
    .write = omap3_scm_id_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
};

/* A wake-up condition on pad wakeup-pads[n] */
static void omap3_scm_pad_wakeup(void *opaque, int n, int level)
{
    OMAP3SCMState *s = opaque;
    bool rising = level && !(s->pad_wakeup_levels & BIT(n));
    hwaddr pad = s->wakeup_pads[n];
    uint16_t v;

    s->pad_wakeup_levels = deposit32(s->pad_wakeup_levels, n, 1, !!level);
    if (!rising) {
        return;
    }
    v = omap3_scm_pad_get(s, pad);
    trace_omap3_scm_pad_event(pad, FIELD_EX32(v, PADCONF, WAKEUPENABLE));
    if (FIELD_EX32(v, PADCONF, WAKEUPENABLE)) {
        omap3_scm_pad_set(s, pad, FIELD_DP32(v, PADCONF, WAKEUPEVENT, 1));
        omap3_scm_update_io_wakeup(s);
    }
}

/* WUCLKIN of the daisy chain: re-arms every pad's wake-up latch */
static void omap3_scm_io_chain(void *opaque, int n, int level)
{
    OMAP3SCMState *s = opaque;
    hwaddr off;
    int i;

    if (level && !s->io_chain_level) {
        for (i = 0; i < ARRAY_SIZE(omap3_scm_pads); i++) {
            for (off = omap3_scm_pads[i].start; off < omap3_scm_pads[i].end;
                 off += 2) {
                omap3_scm_pad_set(s, off, FIELD_DP32(omap3_scm_pad_get(s, off),
                                                     PADCONF, WAKEUPEVENT, 0));
            }
        }
        trace_omap3_scm_io_chain();
        omap3_scm_update_io_wakeup(s);
    }
    s->io_chain_level = level;
}

static void omap3_scm_reset_enter(Object *obj, ResetType type)
{
    OMAP3SCMState *s = OMAP3_SCM(obj);
    hwaddr off;
    int i;

    memset(s->regs, 0, sizeof(s->regs));
    for (i = 0; i < ARRAY_SIZE(omap3_scm_pads); i++) {
        for (off = omap3_scm_pads[i].start; off < omap3_scm_pads[i].end;
             off += 2) {
            omap3_scm_pad_set(s, off, PADCONF_RESET);
        }
    }
    /* TRM reset: the 3630 RTA (erratum i608) is on; Linux turns it off */
    s->regs[R_CONTROL_MEM_RTA_CTRL] = 1;
    s->padconf_saved = false;
    s->io_wakeup_level = false;
}

static void omap3_scm_reset_hold(Object *obj)
{
    OMAP3SCMState *s = OMAP3_SCM(obj);

    qemu_set_irq(s->io_wakeup, 0);
}

static void omap3_scm_init(Object *obj)
{
    OMAP3SCMState *s = OMAP3_SCM(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_scm_ops, s, "omap3-scm",
                          OMAP3_SCM_SIZE);
    memory_region_init_io(&s->id_iomem, obj, &omap3_scm_id_ops, s,
                          "omap3-scm.id", OMAP3_SCM_ID_SIZE);
    sysbus_init_mmio(sbd, &s->iomem);
    sysbus_init_mmio(sbd, &s->id_iomem);
    qdev_init_gpio_out_named(DEVICE(obj), &s->io_wakeup,
                             OMAP3_SCM_IO_WAKEUP, 1);
    qdev_init_gpio_in_named(DEVICE(obj), omap3_scm_io_chain,
                            OMAP3_SCM_IO_CHAIN, 1);
}

static void omap3_scm_realize(DeviceState *dev, Error **errp)
{
    OMAP3SCMState *s = OMAP3_SCM(dev);
    int i;

    if (s->num_wakeup_pads > OMAP3_SCM_MAX_WAKEUP_PADS) {
        error_setg(errp, "omap3-scm: at most %d wakeup-pads",
                   OMAP3_SCM_MAX_WAKEUP_PADS);
        return;
    }
    for (i = 0; i < s->num_wakeup_pads; i++) {
        if ((s->wakeup_pads[i] & 1) || !omap3_scm_is_pad(s->wakeup_pads[i])) {
            error_setg(errp, "omap3-scm: wakeup-pads[%d] = 0x%" PRIx32
                       " is not a CONTROL_PADCONF offset", i,
                       s->wakeup_pads[i]);
            return;
        }
    }
    qdev_init_gpio_in_named(dev, omap3_scm_pad_wakeup, OMAP3_SCM_PAD_WAKEUP,
                            s->num_wakeup_pads);
}

static const VMStateDescription vmstate_omap3_scm = {
    .name = "omap3-scm",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, OMAP3SCMState, OMAP3_SCM_SIZE / 4),
        VMSTATE_UINT32(pad_wakeup_levels, OMAP3SCMState),
        VMSTATE_BOOL(padconf_saved, OMAP3SCMState),
        VMSTATE_BOOL(io_chain_level, OMAP3SCMState),
        VMSTATE_BOOL(io_wakeup_level, OMAP3SCMState),
        VMSTATE_END_OF_LIST()
    }
};

static Property omap3_scm_properties[] = {
    /*
     * Hawkeye 0xB891 = 3630 family, revision 2 = ES1.2 (id.c); bits 11:0:
     * TI's JEDEC code 0x017 and the mandatory 1 [exact value unverified].
     */
    DEFINE_PROP_UINT32("idcode", OMAP3SCMState, idcode, 0x2b89102f),
    /*
     * L2CACHE = 3 (256 KiB); IVA, SGX, NEON, ISP present (0); bit 9 clear:
     * not speed-binned (no 1 GHz OPP for ti-cpufreq) [real fuses unverified].
     */
    DEFINE_PROP_UINT32("omap-status", OMAP3SCMState, omap_status, 0x00000c00),
    /* DEVICETYPE = 3 (GP: no secure ROM calls), SYS_BOOT = 0x0f [unverified] */
    DEFINE_PROP_UINT32("control-status", OMAP3SCMState, control_status,
                       0x0000030f),
    DEFINE_PROP_ARRAY("wakeup-pads", OMAP3SCMState, num_wakeup_pads,
                      wakeup_pads, qdev_prop_uint32, uint32_t),
    DEFINE_PROP_END_OF_LIST(),
};

static void omap3_scm_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->realize = omap3_scm_realize;
    dc->vmsd = &vmstate_omap3_scm;
    device_class_set_props(dc, omap3_scm_properties);
    rc->phases.enter = omap3_scm_reset_enter;
    rc->phases.hold = omap3_scm_reset_hold;
}

static const TypeInfo omap3_scm_info = {
    .name = TYPE_OMAP3_SCM,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3SCMState),
    .instance_init = omap3_scm_init,
    .class_init = omap3_scm_class_init,
};

static void omap3_scm_register_types(void)
{
    type_register_static(&omap3_scm_info);
}

type_init(omap3_scm_register_types)
