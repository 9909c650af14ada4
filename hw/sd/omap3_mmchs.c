/*
 * TI OMAP3 (DM37x / OMAP3630) MMC/SD/SDIO host controller (MMCHS) with an
 * empty slot
 *
 * DM37x TRM SPRUGN4 chapter 22 (MMC/SD/SDIO card interface).  The GTA04
 * has a microSD slot on MMC1, the WLAN module on MMC2 and nothing on MMC3;
 * no card is modelled, so every slot is empty.  What the host controller
 * does without a card is what Linux's omap_hsmmc (built in by
 * omap2plus_defconfig) waits for at probe and in mmc_rescan:
 *  - the OCP socket: SYSCONFIG.SOFTRESET resets the module,
 *    SYSSTATUS.RESETDONE reads 1;
 *  - SYSCTL: ICS (internal clock stable) follows ICE; SRA, SRC and SRD
 *    reset all, the command line and the data line, and read back 0 once
 *    done (at once here);
 *  - HCTL.SDBP (bus power) stays set only for an SDVS voltage that CAPA
 *    declares (VS18, VS30, VS33), as the SD host specification has it;
 *  - a command written to CMD occupies the command line (PSTATE.CMDI) for
 *    its 48 bits at the card clock (96 MHz functional clock / SYSCTL.CLKD);
 *    one that expects no response then completes (STAT.CC); one that
 *    expects a response gets none from an empty slot and ends after the
 *    response window of 64 card clocks (N_CR) with STAT.CTO | ERRI; with
 *    CON.INIT set the command is the 80-clock initialization stream,
 *    ending with STAT.CC;
 *  - MMCHS_IE gates which events set their STAT bit, MMCHS_ISE which STAT
 *    bits drive the interrupt line; STAT bits are cleared by writing 1,
 *    ERRI is the summary of the error bits (16-31).
 * Time is virtual: a command's end is caught up at every register access
 * and raised by cmd_timer when nobody looks.  Not modelled: cards, data
 * transfers, DMA requests, SDIO card interrupts, the wake-up logic.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "hw/irq.h"
#include "hw/registerfields.h"
#include "hw/sd/omap3_mmchs.h"
#include "migration/vmstate.h"
#include "trace.h"

REG32(SYSCONFIG,    0x010)
    FIELD(SYSCONFIG, SOFTRESET, 1, 1)
REG32(SYSSTATUS,    0x014)
    FIELD(SYSSTATUS, RESETDONE, 0, 1)
REG32(CSRE,         0x024)
REG32(SYSTEST,      0x028)
REG32(CON,          0x02c)
    FIELD(CON, INIT, 1, 1)
REG32(PWCNT,        0x030)
REG32(SDMASA,       0x100)
REG32(BLK,          0x104)
REG32(ARG,          0x108)
REG32(CMD,          0x10c)
    FIELD(CMD, RSP_TYPE, 16, 2)
    FIELD(CMD, INDX, 24, 6)
REG32(RSP10,        0x110)
REG32(RSP32,        0x114)
REG32(RSP54,        0x118)
REG32(RSP76,        0x11c)
REG32(DATA,         0x120)
REG32(PSTATE,       0x124)
    FIELD(PSTATE, CMDI, 0, 1)
    FIELD(PSTATE, DLEV, 20, 4)
    FIELD(PSTATE, CLEV, 24, 1)
REG32(HCTL,         0x128)
    FIELD(HCTL, SDBP, 8, 1)
    FIELD(HCTL, SDVS, 9, 3)
REG32(SYSCTL,       0x12c)
    FIELD(SYSCTL, ICE, 0, 1)
    FIELD(SYSCTL, ICS, 1, 1)
    FIELD(SYSCTL, CEN, 2, 1)
    FIELD(SYSCTL, CLKD, 6, 10)
    FIELD(SYSCTL, SRA, 24, 1)
    FIELD(SYSCTL, SRC, 25, 1)
    FIELD(SYSCTL, SRD, 26, 1)
REG32(STAT,         0x130)
    FIELD(STAT, CC, 0, 1)
    FIELD(STAT, ERRI, 15, 1)
    FIELD(STAT, CTO, 16, 1)
REG32(IE,           0x134)
REG32(ISE,          0x138)
REG32(AC12,         0x13c)
REG32(CAPA,         0x140)
    FIELD(CAPA, VS33, 24, 1)
    FIELD(CAPA, VS30, 25, 1)
    FIELD(CAPA, VS18, 26, 1)
REG32(CUR_CAPA,     0x148)
REG32(REV,          0x1fc)

#define MMCHS_STAT_ERRORS       0xffff0000u
/* SDVS codes (HCTL): 1.8 V, 3.0 V, 3.3 V */
#define MMCHS_SDVS_18V          5
#define MMCHS_SDVS_30V          6
#define MMCHS_SDVS_33V          7
/*
 * CAPA at reset: HSS, DS, SRS, a 1024-byte maximum block [unverified
 * against the TRM's reset value]; the voltages are declared by software
 * (omap_hsmmc ORs VS18/VS30 in), VS* are its only writable bits.
 */
#define MMCHS_CAPA_RESET        0x00e10080u
#define MMCHS_CAPA_WMASK        (R_CAPA_VS33_MASK | R_CAPA_VS30_MASK | \
                                 R_CAPA_VS18_MASK)
/* The functional clock of MMCHS1-3 (CM_FCLKEN1_CORE EN_MMC*: 96 MHz) */
#define MMCHS_FCLK_HZ           96000000u
/* SD physical layer: a command token is 48 bits, N_CR at most 64 clocks */
#define MMCHS_CMD_BITS          48
#define MMCHS_NCR_CLOCKS        64
#define MMCHS_INIT_CLOCKS       80

static void omap3_mmchs_update_irq(OMAP3MMCHSState *s)
{
    bool level = s->regs[R_STAT] & s->regs[R_ISE];

    if (level != s->irq_level) {
        s->irq_level = level;
        trace_omap3_mmchs_irq(object_get_canonical_path_component(OBJECT(s)),
                              level);
        qemu_set_irq(s->irq, level);
    }
}

/* An event sets its STAT bit only where MMCHS_IE allows it */
static void omap3_mmchs_raise(OMAP3MMCHSState *s, uint32_t events)
{
    s->regs[R_STAT] |= events & s->regs[R_IE];
    if (s->regs[R_STAT] & MMCHS_STAT_ERRORS) {
        s->regs[R_STAT] |= R_STAT_ERRI_MASK;
    }
    omap3_mmchs_update_irq(s);
}

/* A command whose time on the bus has passed ends now */
static void omap3_mmchs_catch_up(OMAP3MMCHSState *s)
{
    if (s->cmd_pending &&
        qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) >= s->cmd_end_ns) {
        s->cmd_pending = false;
        timer_del(s->cmd_timer);
        trace_omap3_mmchs_cmd_done(object_get_canonical_path_component(
                                       OBJECT(s)), s->cmd_result);
        omap3_mmchs_raise(s, s->cmd_result);
    }
}

static void omap3_mmchs_cmd_timer_cb(void *opaque)
{
    omap3_mmchs_catch_up(opaque);
}

/*
 * The card clock: fclk / CLKD (0 and 1 both mean no division).
 * ASSUMPTION: a command written while SYSCTL.CEN is off runs as if the
 * clock were on (the TRM does not say; Linux always enables it first).
 */
static uint64_t omap3_mmchs_clock_ns(OMAP3MMCHSState *s, unsigned clocks)
{
    unsigned clkd = FIELD_EX32(s->regs[R_SYSCTL], SYSCTL, CLKD);

    return muldiv64((uint64_t)clocks * MAX(clkd, 1), NANOSECONDS_PER_SECOND,
                    MMCHS_FCLK_HZ);
}

/* A write to CMD sends the command: no card answers it */
static void omap3_mmchs_send_command(OMAP3MMCHSState *s, uint32_t cmd)
{
    unsigned rsp = FIELD_EX32(cmd, CMD, RSP_TYPE);
    unsigned clocks;

    if (s->cmd_pending) {
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-mmchs: CMD written while "
                      "PSTATE.CMDI is set: ignored\n");
        return;
    }
    if (FIELD_EX32(s->regs[R_CON], CON, INIT)) {
        clocks = MMCHS_INIT_CLOCKS;
        s->cmd_result = R_STAT_CC_MASK;
    } else if (rsp == 0) {
        clocks = MMCHS_CMD_BITS;
        s->cmd_result = R_STAT_CC_MASK;
    } else {
        clocks = MMCHS_CMD_BITS + MMCHS_NCR_CLOCKS;
        s->cmd_result = R_STAT_CTO_MASK;
    }
    trace_omap3_mmchs_command(object_get_canonical_path_component(OBJECT(s)),
                              FIELD_EX32(cmd, CMD, INDX), rsp,
                              FIELD_EX32(s->regs[R_CON], CON, INIT));
    s->cmd_pending = true;
    s->cmd_end_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                    omap3_mmchs_clock_ns(s, clocks);
    timer_mod(s->cmd_timer, s->cmd_end_ns);
}

static void omap3_mmchs_cancel_command(OMAP3MMCHSState *s)
{
    s->cmd_pending = false;
    timer_del(s->cmd_timer);
}

/* Every register to its reset value, the command line idle */
static void omap3_mmchs_reset_regs(OMAP3MMCHSState *s)
{
    memset(s->regs, 0, sizeof(s->regs));
    s->regs[R_SYSSTATUS] = R_SYSSTATUS_RESETDONE_MASK;
    s->regs[R_CAPA] = MMCHS_CAPA_RESET;
    omap3_mmchs_cancel_command(s);
}

/* SDBP stays set only with a bus voltage CAPA declares */
static uint32_t omap3_mmchs_hctl(OMAP3MMCHSState *s, uint32_t val)
{
    uint32_t capa = s->regs[R_CAPA];
    bool ok;

    switch (FIELD_EX32(val, HCTL, SDVS)) {
    case MMCHS_SDVS_18V:
        ok = FIELD_EX32(capa, CAPA, VS18);
        break;
    case MMCHS_SDVS_30V:
        ok = FIELD_EX32(capa, CAPA, VS30);
        break;
    case MMCHS_SDVS_33V:
        ok = FIELD_EX32(capa, CAPA, VS33);
        break;
    default:
        ok = false;
    }
    return ok ? val : FIELD_DP32(val, HCTL, SDBP, 0);
}

static void omap3_mmchs_sysctl_write(OMAP3MMCHSState *s, uint32_t val)
{
    if (FIELD_EX32(val, SYSCTL, SRA)) {
        /* software reset for all: the host controller's registers */
        trace_omap3_mmchs_reset(object_get_canonical_path_component(OBJECT(s)),
                                "all");
        omap3_mmchs_reset_regs(s);
        omap3_mmchs_update_irq(s);
        return;
    }
    if (FIELD_EX32(val, SYSCTL, SRC)) {
        trace_omap3_mmchs_reset(object_get_canonical_path_component(OBJECT(s)),
                                "command line");
        omap3_mmchs_cancel_command(s);
    }
    if (FIELD_EX32(val, SYSCTL, SRD)) {
        trace_omap3_mmchs_reset(object_get_canonical_path_component(OBJECT(s)),
                                "data line");
    }
    /* the resets are done at once; ICS: the internal clock is stable */
    val &= ~(R_SYSCTL_SRA_MASK | R_SYSCTL_SRC_MASK | R_SYSCTL_SRD_MASK);
    s->regs[R_SYSCTL] = FIELD_DP32(val, SYSCTL, ICS,
                                   FIELD_EX32(val, SYSCTL, ICE));
}

static uint64_t omap3_mmchs_read(void *opaque, hwaddr offset, unsigned size)
{
    OMAP3MMCHSState *s = opaque;
    uint32_t v;

    omap3_mmchs_catch_up(s);
    switch (offset) {
    case A_SYSCONFIG: case A_SYSSTATUS: case A_CSRE: case A_SYSTEST:
    case A_CON: case A_PWCNT: case A_SDMASA: case A_BLK: case A_ARG:
    case A_CMD: case A_HCTL: case A_SYSCTL: case A_STAT: case A_IE:
    case A_ISE: case A_CAPA: case A_CUR_CAPA:
        v = s->regs[offset / 4];
        break;
    case A_RSP10: case A_RSP32: case A_RSP54: case A_RSP76:
    case A_DATA: case A_AC12:
        v = 0;                  /* no card: no response, no data */
        break;
    case A_PSTATE:
        /* idle lines are pulled up; nothing on DAT, no card to hold CMD */
        v = FIELD_DP32(0, PSTATE, CMDI, s->cmd_pending);
        v = FIELD_DP32(v, PSTATE, DLEV, 0xf);
        v = FIELD_DP32(v, PSTATE, CLEV, 1);
        break;
    case A_REV:
        v = 0;                  /* [unverified] Linux does not act on it */
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-mmchs: read of 0x%03"
                      HWADDR_PRIx ": no register there\n", offset);
        v = 0;
    }
    trace_omap3_mmchs_read(object_get_canonical_path_component(OBJECT(s)),
                           offset, v);
    return v;
}

static void omap3_mmchs_write(void *opaque, hwaddr offset, uint64_t value,
                              unsigned size)
{
    OMAP3MMCHSState *s = opaque;
    uint32_t val = value;

    trace_omap3_mmchs_write(object_get_canonical_path_component(OBJECT(s)),
                            offset, val);
    omap3_mmchs_catch_up(s);
    switch (offset) {
    case A_SYSCONFIG:
        if (FIELD_EX32(val, SYSCONFIG, SOFTRESET)) {
            trace_omap3_mmchs_reset(
                object_get_canonical_path_component(OBJECT(s)), "module");
            omap3_mmchs_reset_regs(s);
            omap3_mmchs_update_irq(s);
            return;
        }
        s->regs[R_SYSCONFIG] = val;
        break;
    case A_CSRE: case A_SYSTEST: case A_CON: case A_PWCNT: case A_SDMASA:
    case A_BLK: case A_ARG: case A_CUR_CAPA:
        s->regs[offset / 4] = val;
        break;
    case A_CMD:
        s->regs[R_CMD] = val;
        omap3_mmchs_send_command(s, val);
        break;
    case A_HCTL:
        s->regs[R_HCTL] = omap3_mmchs_hctl(s, val);
        break;
    case A_SYSCTL:
        omap3_mmchs_sysctl_write(s, val);
        break;
    case A_STAT:
        s->regs[R_STAT] &= ~(val & ~R_STAT_ERRI_MASK);
        if (!(s->regs[R_STAT] & MMCHS_STAT_ERRORS)) {
            s->regs[R_STAT] &= ~R_STAT_ERRI_MASK;
        }
        omap3_mmchs_update_irq(s);
        break;
    case A_IE:
        s->regs[R_IE] = val;
        break;
    case A_ISE:
        s->regs[R_ISE] = val;
        omap3_mmchs_update_irq(s);
        break;
    case A_CAPA:
        s->regs[R_CAPA] = (s->regs[R_CAPA] & ~MMCHS_CAPA_WMASK) |
                          (val & MMCHS_CAPA_WMASK);
        break;
    case A_DATA:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-mmchs: DATA written with no "
                      "transfer (no card)\n");
        break;
    case A_SYSSTATUS: case A_RSP10: case A_RSP32: case A_RSP54:
    case A_RSP76: case A_PSTATE: case A_AC12: case A_REV:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-mmchs: write to read-only "
                      "0x%03" HWADDR_PRIx "\n", offset);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-mmchs: write of 0x%08x to "
                      "0x%03" HWADDR_PRIx ": no register there\n", val,
                      offset);
    }
}

static const MemoryRegionOps omap3_mmchs_ops = {
    .read = omap3_mmchs_read,
    .write = omap3_mmchs_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
};

static void omap3_mmchs_reset_enter(Object *obj, ResetType type)
{
    OMAP3MMCHSState *s = OMAP3_MMCHS(obj);

    omap3_mmchs_reset_regs(s);
    s->irq_level = false;
}

static void omap3_mmchs_reset_hold(Object *obj, ResetType type)
{
    qemu_set_irq(OMAP3_MMCHS(obj)->irq, 0);
}
GTA04_RESET_PHASE_COMPAT(omap3_mmchs_reset_hold);

static void omap3_mmchs_init(Object *obj)
{
    OMAP3MMCHSState *s = OMAP3_MMCHS(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_mmchs_ops, s,
                          TYPE_OMAP3_MMCHS, OMAP3_MMCHS_MMIO_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
    sysbus_init_irq(SYS_BUS_DEVICE(obj), &s->irq);
    s->cmd_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, omap3_mmchs_cmd_timer_cb,
                                s);
}

static void omap3_mmchs_finalize(Object *obj)
{
    timer_free(OMAP3_MMCHS(obj)->cmd_timer);
}

static const VMStateDescription vmstate_omap3_mmchs = {
    .name = TYPE_OMAP3_MMCHS,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, OMAP3MMCHSState, OMAP3_MMCHS_NUM_REGS),
        VMSTATE_BOOL(cmd_pending, OMAP3MMCHSState),
        VMSTATE_INT64(cmd_end_ns, OMAP3MMCHSState),
        VMSTATE_UINT32(cmd_result, OMAP3MMCHSState),
        VMSTATE_TIMER_PTR(cmd_timer, OMAP3MMCHSState),
        VMSTATE_BOOL(irq_level, OMAP3MMCHSState),
        VMSTATE_END_OF_LIST()
    }
};

static void omap3_mmchs_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 MMC/SD/SDIO host controller (empty slot)";
    dc->vmsd = &vmstate_omap3_mmchs;
    rc->phases.enter = omap3_mmchs_reset_enter;
    rc->phases.hold = GTA04_RESET_PHASE(omap3_mmchs_reset_hold);
}
GTA04_CLASS_INIT_COMPAT(omap3_mmchs_class_init);

static const TypeInfo omap3_mmchs_info = {
    .name = TYPE_OMAP3_MMCHS,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3MMCHSState),
    .instance_init = omap3_mmchs_init,
    .instance_finalize = omap3_mmchs_finalize,
    .class_init = GTA04_CLASS_INIT(omap3_mmchs_class_init),
};

static void omap3_mmchs_register_types(void)
{
    type_register_static(&omap3_mmchs_info);
}

type_init(omap3_mmchs_register_types)
