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
 *    (the supply always matches the selected mode, never an error);
 *  - CONTROL_TEMP_SENSOR, the bandgap temperature sensor (ti-soc-thermal,
 *    built in by omap2plus_defconfig): a conversion started by SOC, EOCZ
 *    high while it runs, TEMP the ADC code of the die temperature (the
 *    "temperature" property) at its end; see omap3_scm_temp_sensor_read().
 * The rest of CONTROL_GENERAL and the scratchpad are storage.  Both register
 * files are QEMU's register API (hw/register.h).
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
#include "qemu/timer.h"
#include "qapi/visitor.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
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
REG32(CONTROL_TEMP_SENSOR,              0x524)
    FIELD(CONTROL_TEMP_SENSOR, TEMP, 0, 8)
    FIELD(CONTROL_TEMP_SENSOR, EOCZ, 8, 1)
    FIELD(CONTROL_TEMP_SENSOR, SOC, 9, 1)
    FIELD(CONTROL_TEMP_SENSOR, CONTCONV, 10, 1)

/* 16-bit CONTROL_PADCONF_x fields */
FIELD(PADCONF, MUXMODE, 0, 3)
FIELD(PADCONF, WAKEUPENABLE, 14, 1)
FIELD(PADCONF, WAKEUPEVENT, 15, 1)
/* bits 7:5 reserved, 15 read-only status */
#define PADCONF_WMASK           0x7f1f
#define PADCONF_RESET           0x0007  /* MUXMODE 7: safe mode */
/* a register holds two pads */
#define PADCONF_WMASK32         (PADCONF_WMASK << 16 | PADCONF_WMASK)
#define PADCONF_RESET32         (PADCONF_RESET << 16 | PADCONF_RESET)

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

static void omap3_scm_padconf_off_write(RegisterInfo *reg, uint64_t val)
{
    OMAP3SCMState *s = OMAP3_SCM(reg->opaque);

    if (FIELD_EX32(val, CONTROL_PADCONF_OFF, START_PADCONF_SAVE)) {
        /*
         * The pads are saved for the OFF-mode wake-up in no time, and
         * come back from the save when CORE's logic goes
         * (omap3_scm_core_power).  The start bit reads back 0 once the
         * save is done.
         */
        s->regs[R_CONTROL_PADCONF_OFF] =
            FIELD_DP32(val, CONTROL_PADCONF_OFF, START_PADCONF_SAVE, 0);
        s->padconf_saved = true;
        trace_omap3_scm_padconf_save();
    }
}

static uint64_t omap3_scm_status_read(RegisterInfo *reg, uint64_t val)
{
    return OMAP3_SCM(reg->opaque)->control_status;
}

static uint64_t omap3_scm_omap_status_read(RegisterInfo *reg, uint64_t val)
{
    return OMAP3_SCM(reg->opaque)->omap_status;
}

static uint64_t omap3_scm_gp_status_read(RegisterInfo *reg, uint64_t val)
{
    return OMAP3_SCM(reg->opaque)->padconf_saved ?
           R_CONTROL_GENERAL_PURPOSE_STATUS_SAVE_DONE_MASK : 0;
}

/* The MMC1 / SIM I/O cells see the supply they were set up for */
static uint64_t omap3_scm_pbias_read(RegisterInfo *reg, uint64_t v)
{
    v = FIELD_DP32(v, CONTROL_PBIAS_LITE, SUPPLY_HIGH0,
                   FIELD_EX32(v, CONTROL_PBIAS_LITE, VMODE0));
    return FIELD_DP32(v, CONTROL_PBIAS_LITE, SUPPLY_HIGH1,
                      FIELD_EX32(v, CONTROL_PBIAS_LITE, VMODE1));
}

/*
 * The DM37x bandgap sensor's ADC code -> die temperature (degrees C), the
 * transfer function Linux's ti-soc-thermal uses for the 36xx (codes 0-12
 * read -40, codes 106 and up 125), in tenths of a degree: the code of a
 * temperature is the first whose value reaches it.
 */
static const int16_t omap3_temp_sensor_dc[] = {
    /* codes 13.. */
    -380, -350, -340, -320, -300, -280, -260, -240, -220, -200, -185, -170,
    -150, -135, -120, -100, -80, -65, -50, -35, -15, 0, 20, 35, 50, 65, 85,
    100, 120, 135, 150, 170, 190, 210, 230, 250, 270, 285, 300, 320, 335,
    350, 370, 385, 400, 420, 435, 450, 470, 485, 500, 520, 535, 550, 570,
    585, 600, 620, 640, 660, 680, 700, 715, 735, 750, 770, 785, 800, 820,
    835, 850, 870, 885, 900, 920, 935, 950, 970, 985, 1000, 1020, 1035,
    1050, 1070, 1090, 1110, 1130, 1150, 1170, 1185, 1200, 1220, 1235, 1250,
};
#define OMAP3_TEMP_SENSOR_FIRST_CODE    13

static uint8_t omap3_temp_sensor_code(int32_t millicelsius)
{
    for (int i = 0; i < ARRAY_SIZE(omap3_temp_sensor_dc); i++) {
        if (omap3_temp_sensor_dc[i] * 100 >= millicelsius) {
            return OMAP3_TEMP_SENSOR_FIRST_CODE + i;
        }
    }
    return OMAP3_TEMP_SENSOR_FIRST_CODE + ARRAY_SIZE(omap3_temp_sensor_dc) - 1;
}

/*
 * ASSUMPTION: a conversion takes 12 cycles of the 32.768 kHz sensor clock
 * (366 us).  SPRUGN4 gives no figure we found; ti-soc-thermal waits up to
 * 1 ms for EOCZ to rise after SOC and 1.5 ms for it to fall.  The sensor
 * clock (CM_FCLKEN3_CORE.EN_TS) is not checked.
 */
#define OMAP3_TEMP_SENSOR_CONV_NS       (12 * NANOSECONDS_PER_SECOND / 32768)

/* A conversion that has ended by now latches its code into TEMP */
static void omap3_temp_sensor_catch_up(OMAP3SCMState *s)
{
    if (s->temp_conv_pending &&
        qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) >= s->temp_conv_end_ns) {
        s->temp_conv_pending = false;
        s->temp_code = omap3_temp_sensor_code(s->temperature);
        trace_omap3_scm_temp_conversion(s->temp_code, s->temperature);
    }
}

/*
 * SOC 0->1 starts a single conversion.  ASSUMPTION: with CONTCONV set the
 * sensor converts back to back, so TEMP follows the temperature and EOCZ
 * reads 1 (Linux's 36xx data never sets CONTCONV).
 */
static uint64_t omap3_scm_temp_sensor_pre_write(RegisterInfo *reg,
                                                uint64_t val)
{
    OMAP3SCMState *s = OMAP3_SCM(reg->opaque);
    uint32_t old = s->regs[R_CONTROL_TEMP_SENSOR];

    omap3_temp_sensor_catch_up(s);
    if (FIELD_EX32(val, CONTROL_TEMP_SENSOR, SOC) &&
        !FIELD_EX32(old, CONTROL_TEMP_SENSOR, SOC)) {
        s->temp_conv_pending = true;
        s->temp_conv_end_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                              OMAP3_TEMP_SENSOR_CONV_NS;
        trace_omap3_scm_temp_start(s->temp_conv_end_ns);
    }
    return val;
}

static uint64_t omap3_scm_temp_sensor_read(RegisterInfo *reg, uint64_t val)
{
    OMAP3SCMState *s = OMAP3_SCM(reg->opaque);
    bool cont = FIELD_EX32(val, CONTROL_TEMP_SENSOR, CONTCONV);

    omap3_temp_sensor_catch_up(s);
    val = FIELD_DP32(val, CONTROL_TEMP_SENSOR, EOCZ,
                     cont || s->temp_conv_pending);
    return FIELD_DP32(val, CONTROL_TEMP_SENSOR, TEMP,
                      cont ? omap3_temp_sensor_code(s->temperature)
                           : s->temp_code);
}

/* The registers with a behaviour of their own in the storage windows */
static const RegisterAccessInfo omap3_scm_special[] = {
    { .name = "CONTROL_REVISION", .addr = A_CONTROL_REVISION,
      .ro = ~0ull },                        /* [unverified] not read by Linux */
    { .name = "CONTROL_SYSCONFIG", .addr = A_CONTROL_SYSCONFIG },
    { .name = "CONTROL_PADCONF_OFF", .addr = A_CONTROL_PADCONF_OFF,
      .post_write = omap3_scm_padconf_off_write },
    { .name = "CONTROL_STATUS", .addr = A_CONTROL_STATUS, .ro = ~0ull,
      .post_read = omap3_scm_status_read },
    { .name = "CONTROL_GENERAL_PURPOSE_STATUS",
      .addr = A_CONTROL_GENERAL_PURPOSE_STATUS, .ro = ~0ull,
      .post_read = omap3_scm_gp_status_read },
    /* TRM reset: the 3630 RTA (erratum i608) is on; Linux turns it off */
    { .name = "CONTROL_MEM_RTA_CTRL", .addr = A_CONTROL_MEM_RTA_CTRL,
      .reset = 1 },
    { .name = "CONTROL_OMAP_STATUS", .addr = A_CONTROL_OMAP_STATUS,
      .ro = ~0ull, .post_read = omap3_scm_omap_status_read },
    { .name = "CONTROL_PBIAS_LITE", .addr = A_CONTROL_PBIAS_LITE,
      .ro = R_CONTROL_PBIAS_LITE_VMODEERROR0_MASK |
            R_CONTROL_PBIAS_LITE_SUPPLY_HIGH0_MASK |
            R_CONTROL_PBIAS_LITE_VMODEERROR1_MASK |
            R_CONTROL_PBIAS_LITE_SUPPLY_HIGH1_MASK,
      .post_read = omap3_scm_pbias_read },
    { .name = "CONTROL_TEMP_SENSOR", .addr = A_CONTROL_TEMP_SENSOR,
      .ro = R_CONTROL_TEMP_SENSOR_TEMP_MASK | R_CONTROL_TEMP_SENSOR_EOCZ_MASK,
      .pre_write = omap3_scm_temp_sensor_pre_write,
      .post_read = omap3_scm_temp_sensor_read },
};

/*
 * The rest of the register file after the special registers: every word
 * of a pad window (omap3_scm_init()), the eFuses (not fused: read 0), and
 * every word of a storage window that has no special register
 */
#define SCM_WINDOW(start, end, ...) \
    { { .addr = (start), __VA_ARGS__ }, 4, 0, ((end) - (start)) / 4 - 1 }
static const OMAP3RegRun omap3_scm_windows[] = {
    SCM_WINDOW(A_CONTROL_FUSE_FIRST, A_CONTROL_FUSE_LAST + 4,
               .name = "CONTROL_FUSE", .ro = ~0ull),
    SCM_WINDOW(0x270, 0x5a0, .name = "CONTROL_GENERAL"),
    SCM_WINDOW(0x600, 0xa00, .name = "CONTROL_MEM_WKUP"), /* scratchpad */
    SCM_WINDOW(0xa5c, 0xb00, .name = "CONTROL_GENERAL_WKUP"),
};

/*
 * pinctrl-single uses 16-bit accesses, omap_ctrl_* 32-bit ones: a narrow
 * access is one to the bytes it covers of the 32-bit register.
 */
static OMAP3SCMState *omap3_scm_of(void *opaque)
{
    RegisterInfoArray *reg_array = opaque;

    return OMAP3_SCM(reg_array->r[0]->opaque);
}

static uint64_t omap3_scm_read(void *opaque, hwaddr offset, unsigned size)
{
    OMAP3SCMState *s = omap3_scm_of(opaque);
    RegisterInfo *reg = &s->regs_info[offset >> 2];
    uint32_t v;

    if (!reg->access) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: no register at 0x%03" HWADDR_PRIx
                      "\n", TYPE_OMAP3_SCM, offset);
        return 0;
    }
    v = register_read(reg, ~0ull, TYPE_OMAP3_SCM, false) >> ((offset & 3) * 8);
    v &= MAKE_64BIT_MASK(0, size * 8);
    trace_omap3_scm_read(offset, size, v);
    return v;
}

static void omap3_scm_write(void *opaque, hwaddr offset, uint64_t value,
                            unsigned size)
{
    OMAP3SCMState *s = omap3_scm_of(opaque);
    RegisterInfo *reg = &s->regs_info[offset >> 2];
    int shift = (offset & 3) * 8;

    trace_omap3_scm_write(offset, size, value);
    if (!reg->access) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: no register at 0x%03" HWADDR_PRIx
                      " = 0x%08" PRIx64 "\n", TYPE_OMAP3_SCM, offset, value);
        return;
    }
    register_write(reg, value << shift,
                   MAKE_64BIT_MASK(shift, size * 8), TYPE_OMAP3_SCM, false);
}

static const MemoryRegionOps omap3_scm_ops = {
    .read = omap3_scm_read,
    .write = omap3_scm_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .valid.unaligned = false,
    .impl.min_access_size = 1,
    .impl.max_access_size = 4,
};

/* DIE_ID: a fixed, made-up die (Linux only feeds it to the entropy pool) */
#define OMAP3_DIE_ID(n, v)                                                  \
    { .name = "CONTROL_DIE_ID_" #n, .addr = A_CONTROL_DIE_ID_0 + 4 * (n),   \
      .reset = (v), .ro = ~0ull }
/* ti-cpufreq: "exists but seems to always read as 0" on DM37x */
#define OMAP3_PRODUCTION_ID(n)                                              \
    { .name = "CONTROL_PRODUCTION_ID_" #n,                                  \
      .addr = A_CONTROL_PRODUCTION_ID_0 + 4 * (n), .ro = ~0ull }

static uint64_t omap3_scm_idcode_read(RegisterInfo *reg, uint64_t val)
{
    return OMAP3_SCM(reg->opaque)->idcode;
}

static const RegisterAccessInfo omap3_scm_id_regs_info[] = {
    { .name = "CONTROL_IDCODE", .addr = A_CONTROL_IDCODE, .ro = ~0ull,
      .post_read = omap3_scm_idcode_read },
    OMAP3_PRODUCTION_ID(0), OMAP3_PRODUCTION_ID(1), OMAP3_PRODUCTION_ID(2),
    OMAP3_PRODUCTION_ID(3),
    /* ASCII "TA04QEMUDIE " */
    OMAP3_DIE_ID(0, 0x34304154), OMAP3_DIE_ID(1, 0x554d4551),
    OMAP3_DIE_ID(2, 0x20454944), OMAP3_DIE_ID(3, 0x00000001),
};

static uint64_t omap3_scm_id_read(void *opaque, hwaddr offset, unsigned size)
{
    uint64_t v = register_read_memory(opaque, offset, size);

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

/*
 * The windows that CORE's logic holds: the interface, the core pads (the
 * 3630's among them) and CONTROL_GENERAL; the wake-up memory, the wake-up
 * pads and CONTROL_GENERAL_WKUP are WKUP's (docs/notes/omap3-core-off.md 3)
 */
static bool omap3_scm_in_core(hwaddr offset)
{
    return offset < 0x600;
}

/*
 * CORE's logic power ("core-power").  Lost, CONTROL_GENERAL goes back to
 * its reset values (Linux restores its list, control.c).  The core pads
 * come back from the copy the save-and-restore logic made at the last
 * START_PADCONF_SAVE (TI patent US8117428; Linux never writes them back);
 * without a save they are lost too.  ASSUMPTION: the copy is the pads as
 * they are (a pad written after the save comes back with its new value:
 * Linux saves right before its WFI); SAVE_DONE, in CONTROL_GENERAL, is
 * cleared.
 */
static void omap3_scm_core_power(void *opaque, int n, int level)
{
    OMAP3SCMState *s = opaque;
    int i;

    trace_omap3_scm_core_power(level, s->padconf_saved);
    if (level) {
        return;
    }
    for (i = 0; i < ARRAY_SIZE(s->regs_info); i++) {
        hwaddr offset = i * 4;

        if (s->regs_info[i].access && omap3_scm_in_core(offset) &&
            (!omap3_scm_is_pad(offset) || !s->padconf_saved)) {
            register_reset(&s->regs_info[i]);
        }
    }
    s->padconf_saved = false;
    s->temp_conv_pending = false;
    s->temp_code = 0;
    omap3_scm_update_io_wakeup(s);
}

static void omap3_scm_reset_enter(Object *obj, ResetType type)
{
    OMAP3SCMState *s = OMAP3_SCM(obj);

    omap3_regfile_reset(s->regs_info, ARRAY_SIZE(s->regs_info));
    omap3_regfile_reset(s->id_regs_info, ARRAY_SIZE(s->id_regs_info));
    s->padconf_saved = false;
    s->io_wakeup_level = false;
    s->temp_conv_pending = false;
    s->temp_code = 0;
}

static void omap3_scm_reset_hold(Object *obj, ResetType type)
{
    OMAP3SCMState *s = OMAP3_SCM(obj);

    qemu_set_irq(s->io_wakeup, 0);
}
GTA04_RESET_PHASE_COMPAT(omap3_scm_reset_hold);

static void omap3_scm_init(Object *obj)
{
    OMAP3SCMState *s = OMAP3_SCM(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);
    int i;

    s->temperature = OMAP3_SCM_TEMPERATURE_DEFAULT;

    /*
     * The SCM window has narrow accesses: omap3_scm_read/write find the
     * register by its word and pass the bytes accessed as the enable mask.
     */
    omap3_regfile_begin(&s->rf, OMAP3_SCM_SIZE);
    omap3_regfile_add(&s->rf, omap3_scm_special,
                      ARRAY_SIZE(omap3_scm_special));
    for (i = 0; i < ARRAY_SIZE(omap3_scm_pads); i++) {
        const OMAP3RegRun pads = SCM_WINDOW(omap3_scm_pads[i].start,
                                            omap3_scm_pads[i].end,
                                            .name = "CONTROL_PADCONF",
                                            .ro = ~(uint64_t)PADCONF_WMASK32,
                                            .reset = PADCONF_RESET32);

        omap3_regfile_add_runs(&s->rf, &pads, 1);
    }
    omap3_regfile_add_runs(&s->rf, omap3_scm_windows,
                           ARRAY_SIZE(omap3_scm_windows));
    omap3_regfile_init(&s->rf, DEVICE(obj), s->regs_info, s->regs,
                       ARRAY_SIZE(s->regs_info), &omap3_scm_ops, s);
    omap3_regfile_begin(&s->id_rf, OMAP3_SCM_ID_SIZE);
    omap3_regfile_add(&s->id_rf, omap3_scm_id_regs_info,
                      ARRAY_SIZE(omap3_scm_id_regs_info));
    omap3_regfile_init(&s->id_rf, DEVICE(obj), s->id_regs_info, s->id_regs,
                       ARRAY_SIZE(s->id_regs_info), &omap3_scm_id_ops, s);
    sysbus_init_mmio(sbd, &s->rf.reg_array->mem);
    sysbus_init_mmio(sbd, &s->id_rf.reg_array->mem);
    qdev_init_gpio_out_named(DEVICE(obj), &s->io_wakeup,
                             OMAP3_SCM_IO_WAKEUP, 1);
    qdev_init_gpio_in_named(DEVICE(obj), omap3_scm_io_chain,
                            OMAP3_SCM_IO_CHAIN, 1);
    qdev_init_gpio_in_named(DEVICE(obj), omap3_scm_core_power,
                            OMAP3_SCM_CORE_POWER, 1);
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

static void omap3_scm_finalize(Object *obj)
{
    OMAP3SCMState *s = OMAP3_SCM(obj);

    omap3_regfile_finalize(&s->rf);
    omap3_regfile_finalize(&s->id_rf);
}

/*
 * Version 2: the register API (RO registers hold their value in regs[]).
 * Version 3: the temperature sensor (its temperature is a stimulus: a reset
 * keeps it, a snapshot carries it).
 */
static const VMStateDescription vmstate_omap3_scm = {
    .name = "omap3-scm",
    .version_id = 3,
    .minimum_version_id = 3,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, OMAP3SCMState, OMAP3_SCM_SIZE / 4),
        VMSTATE_UINT32(pad_wakeup_levels, OMAP3SCMState),
        VMSTATE_BOOL(padconf_saved, OMAP3SCMState),
        VMSTATE_BOOL(io_chain_level, OMAP3SCMState),
        VMSTATE_BOOL(io_wakeup_level, OMAP3SCMState),
        VMSTATE_INT32(temperature, OMAP3SCMState),
        VMSTATE_BOOL(temp_conv_pending, OMAP3SCMState),
        VMSTATE_INT64(temp_conv_end_ns, OMAP3SCMState),
        VMSTATE_UINT8(temp_code, OMAP3SCMState),
        VMSTATE_END_OF_LIST()
    }
};

static const Property omap3_scm_properties[] = {
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
};

static void omap3_scm_get_temperature(Object *obj, Visitor *v,
                                      const char *name, void *opaque,
                                      Error **errp)
{
    visit_type_int32(v, name, &OMAP3_SCM(obj)->temperature, errp);
}

/* A conversion that ended before the change measured the old temperature */
static void omap3_scm_set_temperature(Object *obj, Visitor *v,
                                      const char *name, void *opaque,
                                      Error **errp)
{
    OMAP3SCMState *s = OMAP3_SCM(obj);
    int32_t value;

    if (!visit_type_int32(v, name, &value, errp)) {
        return;
    }
    if (value < -40000 || value > 125000) {
        error_setg(errp, "temperature %d is outside -40000..125000 "
                   "(millidegrees Celsius)", value);
        return;
    }
    omap3_temp_sensor_catch_up(s);
    s->temperature = value;
}

static void omap3_scm_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->realize = omap3_scm_realize;
    dc->vmsd = &vmstate_omap3_scm;
    device_class_set_props(dc, omap3_scm_properties);
    object_class_property_add(klass, "temperature", "int32",
                              omap3_scm_get_temperature,
                              omap3_scm_set_temperature, NULL, NULL);
    object_class_property_set_description(klass, "temperature",
                                          "die temperature at the bandgap "
                                          "sensor in millidegrees Celsius "
                                          "(40000)");
    rc->phases.enter = omap3_scm_reset_enter;
    rc->phases.hold = GTA04_RESET_PHASE(omap3_scm_reset_hold);
}
GTA04_CLASS_INIT_COMPAT(omap3_scm_class_init);

static const TypeInfo omap3_scm_info = {
    .name = TYPE_OMAP3_SCM,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3SCMState),
    .instance_init = omap3_scm_init,
    .instance_finalize = omap3_scm_finalize,
    .class_init = GTA04_CLASS_INIT(omap3_scm_class_init),
};

static void omap3_scm_register_types(void)
{
    type_register_static(&omap3_scm_info);
}

type_init(omap3_scm_register_types)
