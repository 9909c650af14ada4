/*
 * TI OMAP3 (DM37x / OMAP3630) MPU subsystem interrupt controller (INTCPS)
 *
 * 96 level-sensitive inputs, each routed to nIRQ or nFIQ of the Cortex-A8
 * with a 6-bit priority (ILR).  An unmasked pending line starts a priority
 * sorting; the winner is latched in SIR_IRQ/SIR_FIQ and the output stays
 * asserted until the guest writes NEWIRQAGR/NEWFIQAGR to CONTROL, which
 * allows the next sorting (DM37x TRM SPRUGN4 section 12.5 "Interrupt
 * Controller Basic Programming Model").
 *
 * QEMU 7.2 has the same register layout in hw/intc/omap_intc.c
 * ("omap2-intc"), which we read for facts but do not use: it has no vmstate,
 * no INTCPS_THRESHOLD (Linux saves and restores it around OFF mode), its
 * realize insists on omap_clk pointers, and its ILR decoding is off by one
 * (offsets 0x280..0x2fc write past the end of its bank array).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/intc/omap3_intc.h"
#include "hw/irq.h"
#include "hw/registerfields.h"
#include "migration/vmstate.h"
#include "trace.h"

REG32(REVISION, 0x00)
REG32(SYSCONFIG, 0x10)
    FIELD(SYSCONFIG, AUTOIDLE, 0, 1)
    FIELD(SYSCONFIG, SOFTRESET, 1, 1)
REG32(SYSSTATUS, 0x14)
    FIELD(SYSSTATUS, RESETDONE, 0, 1)
REG32(SIR_IRQ, 0x40)
    FIELD(SIR_IRQ, ACTIVEIRQ, 0, 7)
    FIELD(SIR_IRQ, SPURIOUSFLAG, 7, 25)
REG32(SIR_FIQ, 0x44)
REG32(CONTROL, 0x48)
    FIELD(CONTROL, NEWIRQAGR, 0, 1)
    FIELD(CONTROL, NEWFIQAGR, 1, 1)
REG32(PROTECTION, 0x4c)
    FIELD(PROTECTION, PROTECTION, 0, 1)
REG32(IDLE, 0x50)
    FIELD(IDLE, FUNCIDLE, 0, 1)
    FIELD(IDLE, TURBO, 1, 1)
REG32(IRQ_PRIORITY, 0x60)
REG32(FIQ_PRIORITY, 0x64)
REG32(THRESHOLD, 0x68)
    FIELD(THRESHOLD, PRIORITYTHRESHOLD, 0, 8)

/* Per bank n at 0x80 + 0x20 * n: offsets inside the bank */
#define INTC_BANK_BASE          0x80
#define INTC_BANK_STRIDE        0x20
#define INTC_BANK_END           0x100   /* room for 4 banks; we have 3 */
REG32(ITR, 0x00)
REG32(MIR, 0x04)
REG32(MIR_CLEAR, 0x08)
REG32(MIR_SET, 0x0c)
REG32(ISR_SET, 0x10)
REG32(ISR_CLEAR, 0x14)
REG32(PENDING_IRQ, 0x18)
REG32(PENDING_FIQ, 0x1c)

/* ILRm at 0x100 + 4 * m */
REG32(ILR0, 0x100)
    FIELD(ILR, FIQNIRQ, 0, 1)
    FIELD(ILR, PRIORITY, 2, 6)
#define INTC_ILR_END            (A_ILR0 + 4 * 128)  /* room for 128 lines */
#define INTC_ILR_MASK           (R_ILR_FIQNIRQ_MASK | R_ILR_PRIORITY_MASK)

/* PRIORITYTHRESHOLD reset value: no threshold */
#define INTC_THRESHOLD_NONE     0xff
/* SIR/PRIORITY bits 31:7 when the register holds no valid sorting result */
#define INTC_SPURIOUS           R_SIR_IRQ_SPURIOUSFLAG_MASK

static const char *const omap3_intc_out_name[] = { "irq", "fiq" };

static void omap3_intc_update_fiq_sel(OMAP3IntcState *s)
{
    int i;

    memset(s->fiq_sel, 0, sizeof(s->fiq_sel));
    for (i = 0; i < OMAP3_INTC_NUM_IRQS; i++) {
        if (FIELD_EX32(s->ilr[i], ILR, FIQNIRQ)) {
            s->fiq_sel[i / 32] |= 1u << (i % 32);
        }
    }
}

/* PENDING_IRQn / PENDING_FIQn: after masking and IRQ/FIQ routing */
static uint32_t omap3_intc_pending(OMAP3IntcState *s, int bank, int out)
{
    uint32_t active = (s->itr[bank] | s->isr[bank]) & ~s->mir[bank];

    return out == OMAP3_INTC_OUT_FIQ ? active & s->fiq_sel[bank]
                                     : active & ~s->fiq_sel[bank];
}

/*
 * INTCPS_THRESHOLD masks every line of lower or equal priority (higher or
 * equal number) than the threshold; priority 0 is never masked, so a
 * threshold of 0 acts like 1.  The TRM describes it for both outputs.
 */
static bool omap3_intc_above_threshold(OMAP3IntcState *s, unsigned prio)
{
    return prio == 0 || prio < s->threshold;
}

/*
 * Priority sorting for one output: the pending line with the lowest
 * PRIORITY value wins; among equal priorities the highest line number wins
 * (the order the OMAP interrupt handlers document; not restated in the
 * DM37x TRM, so unverified for INTCPS).  Returns -1 if nothing qualifies.
 */
static int omap3_intc_sort(OMAP3IntcState *s, int out, unsigned *win_prio)
{
    int bank, best = -1;
    unsigned best_prio = ~0u;

    for (bank = 0; bank < OMAP3_INTC_NUM_BANKS; bank++) {
        uint32_t pending = omap3_intc_pending(s, bank, out);

        while (pending) {
            int line = bank * 32 + ctz32(pending);
            unsigned prio = FIELD_EX32(s->ilr[line], ILR, PRIORITY);

            pending &= pending - 1;
            if (omap3_intc_above_threshold(s, prio) && prio <= best_prio) {
                best_prio = prio;
                best = line;
            }
        }
    }
    *win_prio = best_prio;
    return best;
}

static void omap3_intc_set_output(OMAP3IntcState *s, int out, bool level)
{
    trace_omap3_intc_output(omap3_intc_out_name[out], level);
    qemu_set_irq(s->out[out], level);
}

/* Start a sorting on every output that is free (no result latched) */
static void omap3_intc_update(OMAP3IntcState *s)
{
    int out;

    for (out = 0; out < OMAP3_INTC_NUM_OUTPUTS; out++) {
        unsigned prio;
        int line;

        if (s->sorted[out]) {
            continue;
        }
        line = omap3_intc_sort(s, out, &prio);
        if (line < 0) {
            continue;
        }
        s->sorted[out] = true;
        s->active_irq[out] = line;
        s->active_prio[out] = prio;
        trace_omap3_intc_sorted(omap3_intc_out_name[out], line, prio);
        omap3_intc_set_output(s, out, true);
    }
}

/* CONTROL.NEWIRQAGR/NEWFIQAGR: release the output and allow a new sorting */
static void omap3_intc_new_agreement(OMAP3IntcState *s, int out)
{
    if (s->sorted[out]) {
        s->sorted[out] = false;
        omap3_intc_set_output(s, out, false);
    }
}

/*
 * SIR_IRQ/SIR_FIQ and IRQ_PRIORITY/FIQ_PRIORITY.  Our sorting is
 * instantaneous, so the TRM's spurious case (the source went away inside
 * the 10-cycle sorting window, section 12.5.4) cannot happen; the spurious
 * flag bits are set when there is no sorting result at all, i.e. the
 * output is not asserted.  Bits 6:0 keep the last result then.
 */
static uint32_t omap3_intc_sir(OMAP3IntcState *s, int out, bool priority)
{
    uint32_t value = priority ? s->active_prio[out] : s->active_irq[out];

    return s->sorted[out] ? value : value | INTC_SPURIOUS;
}

static void omap3_intc_set_irq(void *opaque, int line, int level)
{
    OMAP3IntcState *s = opaque;
    int bank = line / 32;
    uint32_t bit = 1u << (line % 32);

    if (!!(s->itr[bank] & bit) == !!level) {
        return;
    }
    trace_omap3_intc_input(line, !!level);
    if (level) {
        s->itr[bank] |= bit;
        omap3_intc_update(s);
    } else {
        /* level-sensitive: a latched sorting result stays until NEWxxxAGR */
        s->itr[bank] &= ~bit;
    }
}

/* Module reset (power-on, SYSCONFIG.SOFTRESET); the input wires keep their level */
static void omap3_intc_reset_registers(OMAP3IntcState *s)
{
    int out;

    s->sysconfig = 0;
    s->protection = 0;
    s->idle = 0;
    s->threshold = INTC_THRESHOLD_NONE;
    memset(s->isr, 0, sizeof(s->isr));
    memset(s->ilr, 0, sizeof(s->ilr));
    memset(s->fiq_sel, 0, sizeof(s->fiq_sel));
    /* every line masked */
    memset(s->mir, 0xff, sizeof(s->mir));
    for (out = 0; out < OMAP3_INTC_NUM_OUTPUTS; out++) {
        s->sorted[out] = false;
        s->active_irq[out] = 0;
        s->active_prio[out] = 0;
    }
}

static void omap3_intc_softreset(OMAP3IntcState *s)
{
    int out;

    trace_omap3_intc_softreset();
    omap3_intc_reset_registers(s);
    for (out = 0; out < OMAP3_INTC_NUM_OUTPUTS; out++) {
        omap3_intc_set_output(s, out, false);
    }
}

static uint32_t omap3_intc_bank_read(OMAP3IntcState *s, int bank, hwaddr reg)
{
    switch (reg) {
    case A_ITR:
        return s->itr[bank];
    case A_MIR:
        return s->mir[bank];
    case A_ISR_SET:
        /* reads return the software interrupts currently set */
        return s->isr[bank];
    case A_PENDING_IRQ:
        return omap3_intc_pending(s, bank, OMAP3_INTC_OUT_IRQ);
    case A_PENDING_FIQ:
        return omap3_intc_pending(s, bank, OMAP3_INTC_OUT_FIQ);
    default:
        /* MIR_CLEAR, MIR_SET, ISR_CLEAR are write-only */
        return 0;
    }
}

static void omap3_intc_bank_write(OMAP3IntcState *s, int bank, hwaddr reg,
                                  uint32_t value)
{
    switch (reg) {
    case A_MIR:
        s->mir[bank] = value;
        break;
    case A_MIR_CLEAR:
        s->mir[bank] &= ~value;
        break;
    case A_MIR_SET:
        s->mir[bank] |= value;
        break;
    case A_ISR_SET:
        s->isr[bank] |= value;
        trace_omap3_intc_swi(bank, s->isr[bank]);
        break;
    case A_ISR_CLEAR:
        s->isr[bank] &= ~value;
        trace_omap3_intc_swi(bank, s->isr[bank]);
        return;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "omap3-intc: write to read-only bank %d register 0x%02"
                      HWADDR_PRIx "\n", bank, reg);
        return;
    }
    if (reg != A_ISR_SET) {
        trace_omap3_intc_mask(bank, s->mir[bank]);
    }
    omap3_intc_update(s);
}

static MemTxResult omap3_intc_read(void *opaque, hwaddr addr, uint64_t *data,
                                   unsigned size, MemTxAttrs attrs)
{
    OMAP3IntcState *s = opaque;
    uint32_t value = 0;

    /* PROTECTION: only privileged accesses to every register */
    if (s->protection && attrs.user) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "omap3-intc: user-mode read of 0x%03" HWADDR_PRIx
                      " with PROTECTION set\n", addr);
        return MEMTX_ERROR;
    }

    switch (addr) {
    case A_REVISION:
        value = OMAP3_INTC_REVISION;
        break;
    case A_SYSCONFIG:
        value = s->sysconfig;
        break;
    case A_SYSSTATUS:
        /* the soft reset completes at once */
        value = R_SYSSTATUS_RESETDONE_MASK;
        break;
    case A_SIR_IRQ:
    case A_SIR_FIQ:
    {
        int out = addr == A_SIR_IRQ ? OMAP3_INTC_OUT_IRQ : OMAP3_INTC_OUT_FIQ;

        value = omap3_intc_sir(s, out, false);
        trace_omap3_intc_sir_read(omap3_intc_out_name[out], value);
        break;
    }
    case A_CONTROL:
        /* NEWIRQAGR/NEWFIQAGR are write-only */
        break;
    case A_PROTECTION:
        value = s->protection;
        break;
    case A_IDLE:
        value = s->idle;
        break;
    case A_IRQ_PRIORITY:
        value = omap3_intc_sir(s, OMAP3_INTC_OUT_IRQ, true);
        break;
    case A_FIQ_PRIORITY:
        value = omap3_intc_sir(s, OMAP3_INTC_OUT_FIQ, true);
        break;
    case A_THRESHOLD:
        value = s->threshold;
        break;
    case INTC_BANK_BASE ... INTC_BANK_END - 1:
    {
        int bank = (addr - INTC_BANK_BASE) / INTC_BANK_STRIDE;

        /*
         * Bank 3 exists only on 128-line INTCs (AM335x); Linux's context
         * save reads MIR3 on every OFF-mode idle, so it reads as zero
         * without a log message.
         */
        if (bank < OMAP3_INTC_NUM_BANKS) {
            value = omap3_intc_bank_read(s, bank,
                                         (addr - INTC_BANK_BASE) %
                                         INTC_BANK_STRIDE);
        }
        break;
    }
    case A_ILR0 ... INTC_ILR_END - 1:
    {
        int line = (addr - A_ILR0) / 4;

        if (line < OMAP3_INTC_NUM_IRQS) {
            value = s->ilr[line];
        } else {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "omap3-intc: read of ILR%d: no such line\n", line);
        }
        break;
    }
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "omap3-intc: read of unknown register 0x%03"
                      HWADDR_PRIx "\n", addr);
        break;
    }
    trace_omap3_intc_read(addr, value);
    *data = value;
    return MEMTX_OK;
}

static MemTxResult omap3_intc_write(void *opaque, hwaddr addr, uint64_t data,
                                    unsigned size, MemTxAttrs attrs)
{
    OMAP3IntcState *s = opaque;
    uint32_t value = data;

    if (s->protection && attrs.user) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "omap3-intc: user-mode write of 0x%03" HWADDR_PRIx
                      " with PROTECTION set\n", addr);
        return MEMTX_ERROR;
    }
    trace_omap3_intc_write(addr, value);

    switch (addr) {
    case A_SYSCONFIG:
        if (FIELD_EX32(value, SYSCONFIG, SOFTRESET)) {
            /* SOFTRESET self-clears; it resets the whole module */
            omap3_intc_softreset(s);
        } else {
            s->sysconfig = value & R_SYSCONFIG_AUTOIDLE_MASK;
        }
        break;
    case A_CONTROL:
        if (FIELD_EX32(value, CONTROL, NEWIRQAGR)) {
            omap3_intc_new_agreement(s, OMAP3_INTC_OUT_IRQ);
        }
        if (FIELD_EX32(value, CONTROL, NEWFIQAGR)) {
            omap3_intc_new_agreement(s, OMAP3_INTC_OUT_FIQ);
        }
        omap3_intc_update(s);
        break;
    case A_PROTECTION:
        s->protection = value & R_PROTECTION_PROTECTION_MASK;
        break;
    case A_IDLE:
        s->idle = value & (R_IDLE_FUNCIDLE_MASK | R_IDLE_TURBO_MASK);
        break;
    case A_THRESHOLD:
        s->threshold = FIELD_EX32(value, THRESHOLD, PRIORITYTHRESHOLD);
        trace_omap3_intc_threshold(s->threshold);
        omap3_intc_update(s);
        break;
    case INTC_BANK_BASE ... INTC_BANK_END - 1:
    {
        int bank = (addr - INTC_BANK_BASE) / INTC_BANK_STRIDE;

        /* bank 3: see omap3_intc_read(); Linux restores MIR3 too */
        if (bank < OMAP3_INTC_NUM_BANKS) {
            omap3_intc_bank_write(s, bank,
                                  (addr - INTC_BANK_BASE) % INTC_BANK_STRIDE,
                                  value);
        }
        break;
    }
    case A_ILR0 ... INTC_ILR_END - 1:
    {
        int line = (addr - A_ILR0) / 4;

        if (line < OMAP3_INTC_NUM_IRQS) {
            uint32_t bit = 1u << (line % 32);

            s->ilr[line] = value & INTC_ILR_MASK;
            /*
             * Only this line's routing changes (Linux rewrites all 96 ILRs
             * on every return from an OFF-mode idle).
             */
            if (FIELD_EX32(s->ilr[line], ILR, FIQNIRQ)) {
                s->fiq_sel[line / 32] |= bit;
            } else {
                s->fiq_sel[line / 32] &= ~bit;
            }
            omap3_intc_update(s);
        } else {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "omap3-intc: write of ILR%d: no such line\n", line);
        }
        break;
    }
    case A_REVISION:
    case A_SYSSTATUS:
    case A_SIR_IRQ:
    case A_SIR_FIQ:
    case A_IRQ_PRIORITY:
    case A_FIQ_PRIORITY:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "omap3-intc: write to read-only register 0x%03"
                      HWADDR_PRIx "\n", addr);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "omap3-intc: write to unknown register 0x%03"
                      HWADDR_PRIx "\n", addr);
        break;
    }
    return MEMTX_OK;
}

static const MemoryRegionOps omap3_intc_ops = {
    .read_with_attrs = omap3_intc_read,
    .write_with_attrs = omap3_intc_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    /* 32-bit registers on the L4 (the TRM allows only 32-bit accesses) */
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void omap3_intc_reset_enter(Object *obj, ResetType type)
{
    omap3_intc_reset_registers(OMAP3_INTC(obj));
}

static void omap3_intc_reset_hold(Object *obj, ResetType type)
{
    OMAP3IntcState *s = OMAP3_INTC(obj);
    int out;

    for (out = 0; out < OMAP3_INTC_NUM_OUTPUTS; out++) {
        omap3_intc_set_output(s, out, false);
    }
}
GTA04_RESET_PHASE_COMPAT(omap3_intc_reset_hold);

static void omap3_intc_init(Object *obj)
{
    OMAP3IntcState *s = OMAP3_INTC(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);
    int out;

    memory_region_init_io(&s->iomem, obj, &omap3_intc_ops, s, TYPE_OMAP3_INTC,
                          OMAP3_INTC_MMIO_SIZE);
    sysbus_init_mmio(sbd, &s->iomem);
    for (out = 0; out < OMAP3_INTC_NUM_OUTPUTS; out++) {
        sysbus_init_irq(sbd, &s->out[out]);
    }
    qdev_init_gpio_in(DEVICE(obj), omap3_intc_set_irq, OMAP3_INTC_NUM_IRQS);
}

static int omap3_intc_post_load(void *opaque, int version_id)
{
    OMAP3IntcState *s = opaque;
    int i;

    for (i = 0; i < OMAP3_INTC_NUM_IRQS; i++) {
        if (s->ilr[i] & ~INTC_ILR_MASK) {
            return -EINVAL;
        }
    }
    for (i = 0; i < OMAP3_INTC_NUM_OUTPUTS; i++) {
        if (s->active_irq[i] >= OMAP3_INTC_NUM_IRQS) {
            return -EINVAL;
        }
    }
    omap3_intc_update_fiq_sel(s);
    return 0;
}

static const VMStateDescription vmstate_omap3_intc = {
    .name = TYPE_OMAP3_INTC,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = omap3_intc_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(sysconfig, OMAP3IntcState),
        VMSTATE_UINT32(protection, OMAP3IntcState),
        VMSTATE_UINT32(idle, OMAP3IntcState),
        VMSTATE_UINT32(threshold, OMAP3IntcState),
        VMSTATE_UINT32_ARRAY(mir, OMAP3IntcState, OMAP3_INTC_NUM_BANKS),
        VMSTATE_UINT32_ARRAY(isr, OMAP3IntcState, OMAP3_INTC_NUM_BANKS),
        VMSTATE_UINT32_ARRAY(ilr, OMAP3IntcState, OMAP3_INTC_NUM_IRQS),
        VMSTATE_UINT32_ARRAY(itr, OMAP3IntcState, OMAP3_INTC_NUM_BANKS),
        VMSTATE_BOOL_ARRAY(sorted, OMAP3IntcState, OMAP3_INTC_NUM_OUTPUTS),
        VMSTATE_UINT8_ARRAY(active_irq, OMAP3IntcState,
                            OMAP3_INTC_NUM_OUTPUTS),
        VMSTATE_UINT8_ARRAY(active_prio, OMAP3IntcState,
                            OMAP3_INTC_NUM_OUTPUTS),
        VMSTATE_END_OF_LIST()
    }
};

static void omap3_intc_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);

    dc->desc = "OMAP3 MPU interrupt controller (INTCPS)";
    dc->vmsd = &vmstate_omap3_intc;
    rc->phases.enter = omap3_intc_reset_enter;
    rc->phases.hold = GTA04_RESET_PHASE(omap3_intc_reset_hold);
    /* part of the SoC: wired to the CPU by the DM3730 */
    dc->user_creatable = false;
}
GTA04_CLASS_INIT_COMPAT(omap3_intc_class_init);

static const TypeInfo omap3_intc_info = {
    .name = TYPE_OMAP3_INTC,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3IntcState),
    .instance_init = omap3_intc_init,
    .class_init = GTA04_CLASS_INIT(omap3_intc_class_init),
};

static void omap3_intc_register_types(void)
{
    type_register_static(&omap3_intc_info);
}

type_init(omap3_intc_register_types)
