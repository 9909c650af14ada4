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
 * are storage only.  The NAND driver (omap2-nand) is a module; loaded, it
 * finds no chip.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/irq.h"
#include "hw/registerfields.h"
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
/* chip select n: 0x60 + 0x30 n */
#define GPMC_CS0                0x060
#define GPMC_CS_SIZE            0x30
#define GPMC_CS_CONFIG1         0x00
#define GPMC_CS_CONFIG7         0x18
#define GPMC_CS_NAND_COMMAND    0x1c
#define GPMC_CS_NAND_ADDRESS    0x20
#define GPMC_CS_NAND_DATA       0x24
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

typedef enum {
    GPMC_NONE,
    GPMC_RW,
    GPMC_RO,        /* computed or engine output: reads 0 here */
    GPMC_W1C,
    GPMC_PORT,      /* NAND command/address/data: nothing attached */
} OMAP3GPMCKind;

static OMAP3GPMCKind omap3_gpmc_kind(hwaddr offset)
{
    switch (offset) {
    case A_GPMC_REVISION:
    case A_GPMC_SYSSTATUS:
    case A_GPMC_STATUS:
    case A_GPMC_PREFETCH_STATUS:
        return GPMC_RO;
    case A_GPMC_IRQSTATUS:
        return GPMC_W1C;
    case A_GPMC_SYSCONFIG:
    case A_GPMC_IRQENABLE:
    case A_GPMC_TIMEOUT_CONTROL:
    case A_GPMC_ERR_ADDRESS:
    case A_GPMC_ERR_TYPE:
    case A_GPMC_CONFIG:
    case A_GPMC_PREFETCH_CONFIG1:
    case A_GPMC_PREFETCH_CONFIG2:
    case A_GPMC_PREFETCH_CONTROL:
    case A_GPMC_ECC_CONFIG:
    case A_GPMC_ECC_CONTROL:
    case A_GPMC_ECC_SIZE_CONFIG:
    case A_GPMC_BCH_SWDATA:
        return GPMC_RW;
    default:
        break;
    }
    if (offset >= GPMC_CS0 &&
        offset < GPMC_CS0 + OMAP3_GPMC_NUM_CS * GPMC_CS_SIZE) {
        unsigned r = (offset - GPMC_CS0) % GPMC_CS_SIZE;

        if (r <= GPMC_CS_CONFIG7) {
            return GPMC_RW;
        }
        return r <= GPMC_CS_NAND_DATA ? GPMC_PORT : GPMC_NONE;
    }
    if ((offset >= A_GPMC_ECC1_RESULT && offset <= A_GPMC_ECC9_RESULT) ||
        (offset >= A_GPMC_BCH_RESULT0_0 && offset <= A_GPMC_BCH_RESULT3_7)) {
        return GPMC_RO;
    }
    return GPMC_NONE;
}

static void omap3_gpmc_update_irq(OMAP3GPMCState *s)
{
    bool level = s->regs[R_GPMC_IRQSTATUS] & s->regs[R_GPMC_IRQENABLE];

    if (level != s->irq_level) {
        s->irq_level = level;
        trace_omap3_gpmc_irq(level);
        qemu_set_irq(s->irq, level);
    }
}

static void omap3_gpmc_reset_regs(OMAP3GPMCState *s)
{
    static const uint32_t nand_cs0[7] = {
        /* u-boot's NAND timings, 16-bit NAND device */
        0x00001800, 0x00141400, 0x00141400, 0x0f010f01,
        0x010c1414, 0x1f0f0a80,
        /* CSVALID, 16 MiB at 0x30000000 */
        0x00000f70,
    };
    int cs, i;

    memset(s->regs, 0, sizeof(s->regs));
    s->regs[R_GPMC_TIMEOUT_CONTROL] = 0x00001ff0;
    s->regs[R_GPMC_CONFIG] = 0x00000a00;
    for (i = 0; i < ARRAY_SIZE(nand_cs0); i++) {
        s->regs[(GPMC_CS0 >> 2) + i] = nand_cs0[i];
    }
    /* the other chip selects: invalid, 16 MiB mask */
    for (cs = 1; cs < OMAP3_GPMC_NUM_CS; cs++) {
        s->regs[(GPMC_CS0 + cs * GPMC_CS_SIZE + GPMC_CS_CONFIG7) >> 2] =
            0x00000f00;
    }
}

static uint32_t omap3_gpmc_status(OMAP3GPMCState *s)
{
    /* no write buffer: always empty */
    uint32_t v = R_GPMC_STATUS_EMPTYWRITEBUFFERSTATUS_MASK;

    return FIELD_DP32(v, GPMC_STATUS, WAITSTATUS, s->wait_levels);
}

static uint64_t omap3_gpmc_read(void *opaque, hwaddr offset, unsigned size)
{
    OMAP3GPMCState *s = opaque;
    uint32_t v;

    switch (omap3_gpmc_kind(offset)) {
    case GPMC_NONE:
        qemu_log_mask(LOG_UNIMP, "%s: unknown register 0x%03" HWADDR_PRIx
                      "\n", __func__, offset);
        return 0;
    case GPMC_PORT:
        return 0;                   /* no NAND: the bus floats to 0 */
    case GPMC_RO:
        switch (offset) {
        case A_GPMC_REVISION:
            v = GPMC_REVISION_5_0;
            break;
        case A_GPMC_SYSSTATUS:
            v = R_GPMC_SYSSTATUS_RESETDONE_MASK;
            break;
        case A_GPMC_STATUS:
            v = omap3_gpmc_status(s);
            break;
        default:
            v = 0;
            break;
        }
        break;
    default:
        v = s->regs[offset >> 2];
        break;
    }
    trace_omap3_gpmc_read(offset, v);
    return v;
}

static void omap3_gpmc_write(void *opaque, hwaddr offset, uint64_t value,
                             unsigned size)
{
    OMAP3GPMCState *s = opaque;

    trace_omap3_gpmc_write(offset, value);
    switch (omap3_gpmc_kind(offset)) {
    case GPMC_NONE:
        qemu_log_mask(LOG_UNIMP, "%s: unknown register 0x%03" HWADDR_PRIx
                      " = 0x%08" PRIx64 "\n", __func__, offset, value);
        return;
    case GPMC_PORT:
        qemu_log_mask(LOG_UNIMP, "%s: no NAND on chip select %d\n", __func__,
                      (int)((offset - GPMC_CS0) / GPMC_CS_SIZE));
        return;
    case GPMC_RO:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: read-only register 0x%03"
                      HWADDR_PRIx "\n", __func__, offset);
        return;
    case GPMC_W1C:
        s->regs[offset >> 2] &= ~value;
        break;
    default:
        if (offset == A_GPMC_SYSCONFIG &&
            FIELD_EX32(value, GPMC_SYSCONFIG, SOFTRESET)) {
            trace_omap3_gpmc_softreset();
            omap3_gpmc_reset_regs(s);
            break;
        }
        s->regs[offset >> 2] = value;
        break;
    }
    omap3_gpmc_update_irq(s);
}

static const MemoryRegionOps omap3_gpmc_ops = {
    .read = omap3_gpmc_read,
    .write = omap3_gpmc_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
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

    omap3_gpmc_reset_regs(s);
    s->irq_level = false;
}

static void omap3_gpmc_reset_hold(Object *obj)
{
    qemu_set_irq(OMAP3_GPMC(obj)->irq, 0);
}

static void omap3_gpmc_init(Object *obj)
{
    OMAP3GPMCState *s = OMAP3_GPMC(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_gpmc_ops, s, "omap3-gpmc",
                          OMAP3_GPMC_MMIO_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
    sysbus_init_irq(SYS_BUS_DEVICE(obj), &s->irq);
    qdev_init_gpio_in_named(DEVICE(obj), omap3_gpmc_wait, OMAP3_GPMC_WAIT,
                            OMAP3_GPMC_NUM_WAIT);
    /* pulled up: a NAND that is there would be ready */
    s->wait_levels = 0xf;
}

static const VMStateDescription vmstate_omap3_gpmc = {
    .name = "omap3-gpmc",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, OMAP3GPMCState, OMAP3_GPMC_NUM_REGS),
        VMSTATE_UINT8(wait_levels, OMAP3GPMCState),
        VMSTATE_BOOL(irq_level, OMAP3GPMCState),
        VMSTATE_END_OF_LIST()
    }
};

static void omap3_gpmc_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->vmsd = &vmstate_omap3_gpmc;
    rc->phases.enter = omap3_gpmc_reset_enter;
    rc->phases.hold = omap3_gpmc_reset_hold;
}

static const TypeInfo omap3_gpmc_info = {
    .name = TYPE_OMAP3_GPMC,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3GPMCState),
    .instance_init = omap3_gpmc_init,
    .class_init = omap3_gpmc_class_init,
};

static void omap3_gpmc_register_types(void)
{
    type_register_static(&omap3_gpmc_info);
}

type_init(omap3_gpmc_register_types)
