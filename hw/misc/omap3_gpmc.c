/*
 * TI OMAP3 (DM37x / OMAP3630) General-Purpose Memory Controller (GPMC)
 * configuration registers
 *
 * DM37x TRM SPRUGN4 chapter 10.1.  Linux 6.1's drivers/memory/omap-gpmc.c
 * (built in) reads GPMC_REVISION (5.0: the OMAP3 timing fields), keeps the
 * chip selects the boot loader left valid (GPMC_CONFIG7), clears and masks
 * GPMC_IRQSTATUS/IRQENABLE, exports the wait pins as GPIOs (GPMC_STATUS)
 * and programs CS0 for the GTA04 NAND at 0x30000000 from the DT.
 * Modelled: the register file with u-boot's CS0 NAND set-up, OCP soft
 * reset, the wait pins (status and edge detection) and the GPMC interrupt.
 * Not modelled: the external bus itself.  No NAND is attached, the
 * NAND_COMMAND/ADDRESS/DATA ports and the chip-select windows do nothing
 * (the SoC maps the GPMC space as unimplemented), the prefetch/ECC engines
 * are storage only.  The NAND driver (omap2-nand: a module in Debian's
 * kernels, built in by omap2plus_defconfig) issues RESET and READ ID with
 * byte accesses to those ports and finds no chip.  The register file is
 * QEMU's register API (hw/register.h).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/module.h"
#include "hw/irq.h"
#include "hw/misc/omap3_gpmc.h"
#include "migration/vmstate.h"
#include "trace.h"

REG32(GPMC_REVISION,            0x000)
REG32(GPMC_SYSCONFIG,           0x010)
    FIELD(GPMC_SYSCONFIG, SOFTRESET, 1, 1)
REG32(GPMC_SYSSTATUS,           0x014)
    FIELD(GPMC_SYSSTATUS, RESETDONE, 0, 1)
REG32(GPMC_IRQSTATUS,           0x018)
    FIELD(GPMC_IRQ, FIFOEVENT, 0, 1)
    FIELD(GPMC_IRQ, TERMINALCOUNT, 1, 1)
    FIELD(GPMC_IRQ, WAITEDGE, 8, 4)
REG32(GPMC_IRQENABLE,           0x01c)
REG32(GPMC_TIMEOUT_CONTROL,     0x040)
REG32(GPMC_ERR_ADDRESS,         0x044)
REG32(GPMC_ERR_TYPE,            0x048)
REG32(GPMC_CONFIG,              0x050)
    FIELD(GPMC_CONFIG, WAITPINPOLARITY, 8, 4)
REG32(GPMC_STATUS,              0x054)
    FIELD(GPMC_STATUS, EMPTYWRITEBUFFERSTATUS, 0, 1)
    FIELD(GPMC_STATUS, WAITSTATUS, 8, 4)
/*
 * Chip select n (0..7), 0x30 apart from 0x60: GPMC_CONFIG1_n..GPMC_CONFIG7_n,
 * then the NAND_COMMAND_n/ADDRESS_n/DATA_n ports.
 */
#define GPMC_CS0                0x060
#define GPMC_CS_SIZE            0x30
#define GPMC_CS_NAND_COMMAND    0x1c
REG32(GPMC_PREFETCH_CONFIG1,    0x1e0)
REG32(GPMC_PREFETCH_CONFIG2,    0x1e4)
REG32(GPMC_PREFETCH_CONTROL,    0x1ec)
REG32(GPMC_PREFETCH_STATUS,     0x1f0)
REG32(GPMC_ECC_CONFIG,          0x1f4)
REG32(GPMC_ECC_CONTROL,         0x1f8)
REG32(GPMC_ECC_SIZE_CONFIG,     0x1fc)
REG32(GPMC_ECC1_RESULT,         0x200)
REG32(GPMC_ECC9_RESULT,         0x220)
REG32(GPMC_BCH_RESULT0_0,       0x240)  /* 0x240 + 0x10 n, RESULT0..3 */
REG32(GPMC_BCH_RESULT3_7,       0x2bc)
REG32(GPMC_BCH_SWDATA,          0x2d0)

#define GPMC_REVISION_5_0       0x50

static void omap3_gpmc_update_irq(OMAP3GPMCState *s)
{
    bool level = s->regs[R_GPMC_IRQSTATUS] & s->regs[R_GPMC_IRQENABLE];

    /* the reset's hold phase lowers the line; its enter phase must not */
    if (device_is_in_reset(DEVICE(s))) {
        return;
    }
    if (level != s->irq_level) {
        s->irq_level = level;
        trace_omap3_gpmc_irq(level);
        qemu_set_irq(s->irq, level);
    }
}

static void omap3_gpmc_irq_write(RegisterInfo *reg, uint64_t val)
{
    omap3_gpmc_update_irq(OMAP3_GPMC(reg->opaque));
}

static void omap3_gpmc_sysconfig_write(RegisterInfo *reg, uint64_t val)
{
    OMAP3GPMCState *s = OMAP3_GPMC(reg->opaque);

    /* OCP soft reset: registers back to reset, done at once */
    if (FIELD_EX32(val, GPMC_SYSCONFIG, SOFTRESET)) {
        trace_omap3_gpmc_softreset();
        omap3_regfile_reset(s->regs_info, ARRAY_SIZE(s->regs_info));
    }
}

/* GPMC_STATUS: no write buffer (always empty), the wait pins' levels */
static uint64_t omap3_gpmc_status(RegisterInfo *reg, uint64_t val)
{
    OMAP3GPMCState *s = OMAP3_GPMC(reg->opaque);

    val = R_GPMC_STATUS_EMPTYWRITEBUFFERSTATUS_MASK;
    return FIELD_DP32(val, GPMC_STATUS, WAITSTATUS, s->wait_levels);
}

#define GPMC_REG(reg)   .name = #reg, .addr = A_ ## reg
/* computed or engine output: reads 0 here */
#define GPMC_RO(nm, a)  { .name = nm, .addr = (a), .ro = ~0ull }

/* The registers there is one of */
static const RegisterAccessInfo omap3_gpmc_regs_info[] = {
    { GPMC_REG(GPMC_REVISION), .reset = GPMC_REVISION_5_0, .ro = ~0ull },
    { GPMC_REG(GPMC_SYSCONFIG), .post_write = omap3_gpmc_sysconfig_write },
    { GPMC_REG(GPMC_SYSSTATUS), .reset = R_GPMC_SYSSTATUS_RESETDONE_MASK,
      .ro = ~0ull },
    { GPMC_REG(GPMC_IRQSTATUS), .w1c = ~0ull,
      .post_write = omap3_gpmc_irq_write },
    { GPMC_REG(GPMC_IRQENABLE), .post_write = omap3_gpmc_irq_write },
    { GPMC_REG(GPMC_TIMEOUT_CONTROL), .reset = 0x00001ff0 },
    { GPMC_REG(GPMC_ERR_ADDRESS) },
    { GPMC_REG(GPMC_ERR_TYPE) },
    { GPMC_REG(GPMC_CONFIG), .reset = 0x00000a00 },
    { GPMC_REG(GPMC_STATUS), .ro = ~0ull, .post_read = omap3_gpmc_status },
    { GPMC_REG(GPMC_PREFETCH_CONFIG1) },
    { GPMC_REG(GPMC_PREFETCH_CONFIG2) },
    { GPMC_REG(GPMC_PREFETCH_CONTROL) },
    GPMC_RO("GPMC_PREFETCH_STATUS", A_GPMC_PREFETCH_STATUS),
    { GPMC_REG(GPMC_ECC_CONFIG) },
    { GPMC_REG(GPMC_ECC_CONTROL) },
    { GPMC_REG(GPMC_ECC_SIZE_CONFIG) },
    GPMC_RO("GPMC_ECC1_RESULT", A_GPMC_ECC1_RESULT),
    GPMC_RO("GPMC_ECC2_RESULT", A_GPMC_ECC1_RESULT + 0x04),
    GPMC_RO("GPMC_ECC3_RESULT", A_GPMC_ECC1_RESULT + 0x08),
    GPMC_RO("GPMC_ECC4_RESULT", A_GPMC_ECC1_RESULT + 0x0c),
    GPMC_RO("GPMC_ECC5_RESULT", A_GPMC_ECC1_RESULT + 0x10),
    GPMC_RO("GPMC_ECC6_RESULT", A_GPMC_ECC1_RESULT + 0x14),
    GPMC_RO("GPMC_ECC7_RESULT", A_GPMC_ECC1_RESULT + 0x18),
    GPMC_RO("GPMC_ECC8_RESULT", A_GPMC_ECC1_RESULT + 0x1c),
    GPMC_RO("GPMC_ECC9_RESULT", A_GPMC_ECC9_RESULT),
    { GPMC_REG(GPMC_BCH_SWDATA) },
};

/*
 * GPMC_CONFIG1_n..GPMC_CONFIG7_n at reset: CS0 has u-boot's timings for the
 * 16-bit NAND, CONFIG7 CSVALID, 16 MiB at 0x30000000; u-boot leaves the
 * other chip selects invalid (CSVALID 0) with a 16 MiB mask.
 */
#define GPMC_CS0_CONFIG(r, v) \
    { .name = "GPMC_CONFIG" #r "_0", .addr = GPMC_CS0 + 4 * ((r) - 1), \
      .reset = (v) }
static const RegisterAccessInfo omap3_gpmc_cs0_regs_info[] = {
    GPMC_CS0_CONFIG(1, 0x00001800), GPMC_CS0_CONFIG(2, 0x00141400),
    GPMC_CS0_CONFIG(3, 0x00141400), GPMC_CS0_CONFIG(4, 0x0f010f01),
    GPMC_CS0_CONFIG(5, 0x010c1414), GPMC_CS0_CONFIG(6, 0x1f0f0a80),
    GPMC_CS0_CONFIG(7, 0x00000f70),
};
#define GPMC_CS_OFF_CONFIG7     0x00000f00

/* Chip select n's registers at @off (from GPMC_CS0), n = first..last */
#define GPMC_CS_RUN(nm, off, first, ...) \
    { { .name = nm "_%d", .addr = GPMC_CS0 + (off), __VA_ARGS__ }, \
      GPMC_CS_SIZE, (first), OMAP3_GPMC_NUM_CS - 1 }
/* BCH result set n (0..7): GPMC_BCH_RESULT<r>_n, engine output: reads 0 */
#define GPMC_BCH_RUN(r) \
    { { .name = "GPMC_BCH_RESULT" #r "_%d", \
        .addr = A_GPMC_BCH_RESULT0_0 + 4 * (r), .ro = ~0ull }, 0x10, 0, 7 }
static const OMAP3RegRun omap3_gpmc_numbered[] = {
    GPMC_CS_RUN("GPMC_CONFIG1", 0x00, 1),
    GPMC_CS_RUN("GPMC_CONFIG2", 0x04, 1),
    GPMC_CS_RUN("GPMC_CONFIG3", 0x08, 1),
    GPMC_CS_RUN("GPMC_CONFIG4", 0x0c, 1),
    GPMC_CS_RUN("GPMC_CONFIG5", 0x10, 1),
    GPMC_CS_RUN("GPMC_CONFIG6", 0x14, 1),
    GPMC_CS_RUN("GPMC_CONFIG7", 0x18, 1, .reset = GPMC_CS_OFF_CONFIG7),
    /* no NAND is attached: the bus floats to 0, writes go nowhere */
    GPMC_CS_RUN("GPMC_NAND_COMMAND", GPMC_CS_NAND_COMMAND, 0,
                .ro = ~0ull, .unimp = ~0ull),
    GPMC_CS_RUN("GPMC_NAND_ADDRESS", GPMC_CS_NAND_COMMAND + 4, 0,
                .ro = ~0ull, .unimp = ~0ull),
    GPMC_CS_RUN("GPMC_NAND_DATA", GPMC_CS_NAND_COMMAND + 8, 0,
                .ro = ~0ull, .unimp = ~0ull),
    GPMC_BCH_RUN(0), GPMC_BCH_RUN(1), GPMC_BCH_RUN(2), GPMC_BCH_RUN(3),
};

/* The MMIO's opaque is the register block; its registers know the device */
static OMAP3GPMCState *omap3_gpmc_of(void *opaque)
{
    RegisterInfoArray *reg_array = opaque;

    return OMAP3_GPMC(reg_array->r[0]->opaque);
}

static uint64_t omap3_gpmc_read(void *opaque, hwaddr offset, unsigned size)
{
    OMAP3GPMCState *s = omap3_gpmc_of(opaque);
    uint64_t v = omap3_regfile_read(opaque, s->regs_info,
                                    ARRAY_SIZE(s->regs_info), offset, size);

    trace_omap3_gpmc_read(offset, v);
    return v;
}

static void omap3_gpmc_write(void *opaque, hwaddr offset, uint64_t value,
                             unsigned size)
{
    OMAP3GPMCState *s = omap3_gpmc_of(opaque);

    trace_omap3_gpmc_write(offset, value);
    omap3_regfile_write(opaque, s->regs_info, ARRAY_SIZE(s->regs_info),
                        offset, value, size);
}

/*
 * The configuration registers take 32-bit accesses.  The NAND_COMMAND_n,
 * NAND_ADDRESS_n and NAND_DATA_n ports also take 8- and 16-bit ones: the
 * GPMC splits a wider access into bus cycles of the device's width, and a
 * single command or address cycle is a byte write (SPRUGN4 chapter 10.1,
 * NAND command and address phase control; the same GPMC's text in TI's
 * later TRMs says so in as many words).  Linux's omap2-nand issues its
 * commands with writeb().  Other narrow accesses fail, as before.
 */
static bool omap3_gpmc_is_nand_port(hwaddr offset)
{
    hwaddr in_cs = offset - GPMC_CS0;

    return offset >= GPMC_CS0 &&
           in_cs < GPMC_CS_SIZE * OMAP3_GPMC_NUM_CS &&
           in_cs % GPMC_CS_SIZE >= GPMC_CS_NAND_COMMAND;
}

static bool omap3_gpmc_accepts(void *opaque, hwaddr offset, unsigned size,
                               bool is_write, MemTxAttrs attrs)
{
    return size == 4 || omap3_gpmc_is_nand_port(offset);
}

static const MemoryRegionOps omap3_gpmc_ops = {
    .read = omap3_gpmc_read,
    .write = omap3_gpmc_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .valid.accepts = omap3_gpmc_accepts,
};

/* gpmc_waitn: WAITnSTATUS follows it, WAITnEDGEDETECTION latches the edge */
static void omap3_gpmc_wait(void *opaque, int n, int level)
{
    OMAP3GPMCState *s = opaque;
    bool old = s->wait_levels & BIT(n);
    bool active_high = extract32(s->regs[R_GPMC_CONFIG],
                                 R_GPMC_CONFIG_WAITPINPOLARITY_SHIFT + n, 1);

    level = !!level;
    s->wait_levels = deposit32(s->wait_levels, n, 1, level);
    trace_omap3_gpmc_wait(n, level);
    /* the edge detector fires on the transition to the active level */
    if (old != level && level == active_high) {
        s->regs[R_GPMC_IRQSTATUS] |= BIT(R_GPMC_IRQ_WAITEDGE_SHIFT + n);
        omap3_gpmc_update_irq(s);
    }
}

static void omap3_gpmc_reset_enter(Object *obj, ResetType type)
{
    OMAP3GPMCState *s = OMAP3_GPMC(obj);

    omap3_regfile_reset(s->regs_info, ARRAY_SIZE(s->regs_info));
    s->irq_level = false;
}

static void omap3_gpmc_reset_hold(Object *obj, ResetType type)
{
    qemu_set_irq(OMAP3_GPMC(obj)->irq, 0);
}
GTA04_RESET_PHASE_COMPAT(omap3_gpmc_reset_hold);

static void omap3_gpmc_init(Object *obj)
{
    OMAP3GPMCState *s = OMAP3_GPMC(obj);

    omap3_regfile_begin(&s->rf, OMAP3_GPMC_MMIO_SIZE);
    omap3_regfile_add(&s->rf, omap3_gpmc_regs_info,
                      ARRAY_SIZE(omap3_gpmc_regs_info));
    omap3_regfile_add(&s->rf, omap3_gpmc_cs0_regs_info,
                      ARRAY_SIZE(omap3_gpmc_cs0_regs_info));
    omap3_regfile_add_runs(&s->rf, omap3_gpmc_numbered,
                           ARRAY_SIZE(omap3_gpmc_numbered));
    omap3_regfile_init(&s->rf, DEVICE(obj), s->regs_info, s->regs,
                       ARRAY_SIZE(s->regs_info), &omap3_gpmc_ops, s);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->rf.reg_array->mem);
    sysbus_init_irq(SYS_BUS_DEVICE(obj), &s->irq);
    qdev_init_gpio_in_named(DEVICE(obj), omap3_gpmc_wait, OMAP3_GPMC_WAIT,
                            OMAP3_GPMC_NUM_WAIT);
    /* pulled up: a NAND that is there would be ready */
    s->wait_levels = 0xf;
}

static void omap3_gpmc_finalize(Object *obj)
{
    omap3_regfile_finalize(&OMAP3_GPMC(obj)->rf);
}

/* Version 2: the register API (RO registers hold their value in regs[]) */
static const VMStateDescription vmstate_omap3_gpmc = {
    .name = "omap3-gpmc",
    .version_id = 2,
    .minimum_version_id = 2,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, OMAP3GPMCState, OMAP3_GPMC_NUM_REGS),
        VMSTATE_UINT8(wait_levels, OMAP3GPMCState),
        VMSTATE_BOOL(irq_level, OMAP3GPMCState),
        VMSTATE_END_OF_LIST()
    }
};

static void omap3_gpmc_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->vmsd = &vmstate_omap3_gpmc;
    rc->phases.enter = omap3_gpmc_reset_enter;
    rc->phases.hold = GTA04_RESET_PHASE(omap3_gpmc_reset_hold);
}
GTA04_CLASS_INIT_COMPAT(omap3_gpmc_class_init);

static const TypeInfo omap3_gpmc_info = {
    .name = TYPE_OMAP3_GPMC,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3GPMCState),
    .instance_init = omap3_gpmc_init,
    .instance_finalize = omap3_gpmc_finalize,
    .class_init = GTA04_CLASS_INIT(omap3_gpmc_class_init),
};

static void omap3_gpmc_register_types(void)
{
    type_register_static(&omap3_gpmc_info);
}

type_init(omap3_gpmc_register_types)
