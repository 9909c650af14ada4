/*
 * TI OMAP3 / DM3730 GPIO bank (one of GPIO1..GPIO6, 32 lines each)
 *
 * DM37x TRM (SPRUGN4) chapter 25 "General-Purpose Interface"; register use
 * as in Linux drivers/gpio/gpio-omap.c ("ti,omap3-gpio", omap2_gpio_regs).
 *
 * Semantics modelled:
 * - DATAIN is the pad level: the pin input for lines with OE = 1 (input),
 *   the DATAOUT bit for output lines (the input buffer stays on).  Event
 *   detection works on DATAIN.
 * - RISINGDETECT/FALLINGDETECT latch edges; LEVELDETECT0/1 keep an event
 *   pending as long as the level holds: a W1C of IRQSTATUSn is undone at
 *   once if the level is still there.  Linux relies on the level
 *   detectors being evaluated when they are written (omap_gpio_unidle
 *   sets both LEVELDETECT0 and 1 to raise an interrupt by software).
 * - IRQSTATUSn records events only for lines enabled in IRQENABLEn, which
 *   is what makes the two status registers (MPU, IVA) distinct.
 *   [TRM wording not at hand; Linux masks with IRQENABLE1 anyway.]
 * - The wake-up request to the PRCM ("wakeup", the bank's SWAKEUP; DM37x
 *   TRM chapter 25, WAKEUPENABLE and SYSCONFIG.ENAWAKEUP) rises on a new
 *   event on a line in WAKEUPENABLE while SYSCONFIG.ENAWAKEUP is set and
 *   the bank is not in no-idle mode, and stands until the bank is next
 *   accessed.  ASSUMPTION: the model does not follow the PRCM's idle
 *   handshake, so a bank that may idle (force- or smart-idle) is taken as
 *   idle when the event comes, and an access (which the PRCM must wake it
 *   for) as the end of its idle; whether the PRCM takes the request, its
 *   clocks cut, is the PRM's to judge (omap3_prm.c).
 * - CTRL.DISABLEMODULE gates the clocks: no events are detected.
 * - Debouncing is not modelled (DEBOUNCENABLE/DEBOUNCINGTIME are storage).
 *
 * QEMU 7.2's "omap2-gpio" (hw/gpio/omap_gpio.c) has the same register
 * layout, but it is one device for all banks, needs the legacy omap_clk
 * clocks, has no vmstate and evaluates levels only on input transitions;
 * so this is a new, per-bank model.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/bitops.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/gpio/omap3_gpio.h"
#include "hw/irq.h"
#include "hw/registerfields.h"
#include "migration/vmstate.h"
#include "trace.h"

REG32(REVISION, 0x00)
REG32(SYSCONFIG, 0x10)
    FIELD(SYSCONFIG, AUTOIDLE, 0, 1)
    FIELD(SYSCONFIG, SOFTRESET, 1, 1)
    FIELD(SYSCONFIG, ENAWAKEUP, 2, 1)
    FIELD(SYSCONFIG, IDLEMODE, 3, 2)
REG32(SYSSTATUS, 0x14)
    FIELD(SYSSTATUS, RESETDONE, 0, 1)
REG32(IRQSTATUS1, 0x18)
REG32(IRQENABLE1, 0x1c)
REG32(WAKEUPENABLE, 0x20)
REG32(IRQSTATUS2, 0x28)
REG32(IRQENABLE2, 0x2c)
REG32(CTRL, 0x30)
    FIELD(CTRL, DISABLEMODULE, 0, 1)
    FIELD(CTRL, GATINGRATIO, 1, 2)
REG32(OE, 0x34)
REG32(DATAIN, 0x38)
REG32(DATAOUT, 0x3c)
REG32(LEVELDETECT0, 0x40)
REG32(LEVELDETECT1, 0x44)
REG32(RISINGDETECT, 0x48)
REG32(FALLINGDETECT, 0x4c)
REG32(DEBOUNCENABLE, 0x50)
REG32(DEBOUNCINGTIME, 0x54)
    FIELD(DEBOUNCINGTIME, DEBOUNCETIME, 0, 8)
REG32(CLEARIRQENABLE1, 0x60)
REG32(SETIRQENABLE1, 0x64)
REG32(CLEARIRQENABLE2, 0x70)
REG32(SETIRQENABLE2, 0x74)
REG32(CLEARWKUENA, 0x80)
REG32(SETWKUENA, 0x84)
REG32(CLEARDATAOUT, 0x90)
REG32(SETDATAOUT, 0x94)

/* GPIO module revision 2.5 (Linux prints "OMAP GPIO hardware version 2.5") */
#define OMAP3_GPIO_REVISION     0x25

#define SYSCONFIG_IDLEMODE_NO_IDLE  1
#define SYSCONFIG_WRITABLE      (R_SYSCONFIG_AUTOIDLE_MASK | \
                                 R_SYSCONFIG_ENAWAKEUP_MASK | \
                                 R_SYSCONFIG_IDLEMODE_MASK)
#define CTRL_RESET              (1 << R_CTRL_GATINGRATIO_SHIFT)

static uint32_t omap3_gpio_datain(OMAP3GPIOState *s)
{
    return (s->inputs & s->oe) | (s->dataout & ~s->oe);
}

static void omap3_gpio_update_irqs(OMAP3GPIOState *s)
{
    int n;

    for (n = 0; n < 2; n++) {
        bool level = s->irqstatus[n] & s->irqenable[n];

        if (level != s->irq_level[n]) {
            s->irq_level[n] = level;
            trace_omap3_gpio_irq(s->id, n + 1, level);
            qemu_set_irq(s->irq[n], level);
        }
    }
}

static uint32_t omap3_gpio_level_events(OMAP3GPIOState *s)
{
    uint32_t datain = omap3_gpio_datain(s);
    uint32_t high = datain & s->leveldetect[1];
    uint32_t low = ~datain & s->leveldetect[0];

    /* CTRL.DISABLEMODULE gates the clocks: no detection */
    if (FIELD_EX32(s->ctrl, CTRL, DISABLEMODULE)) {
        return 0;
    }
    return high | low;
}

/* The wake-up request (SWAKEUP) to the PRCM rises or drops */
static void omap3_gpio_set_wake_request(OMAP3GPIOState *s, bool level,
                                        uint32_t lines)
{
    if (level != s->wake_request) {
        s->wake_request = level;
        trace_omap3_gpio_wakeup(s->id, level, lines);
        qemu_set_irq(s->wakeup, level);
    }
}

/*
 * Record events: new edges plus every line whose level detector matches
 * the pad now.  Called after any change of the pads, the detectors, the
 * enables or the status registers.
 */
static void omap3_gpio_update(OMAP3GPIOState *s, uint32_t edges)
{
    uint32_t levels = omap3_gpio_level_events(s);
    uint32_t events;
    uint32_t wake;
    int n;

    if (FIELD_EX32(s->ctrl, CTRL, DISABLEMODULE)) {
        /* clocks gated: no detection */
        edges = 0;
    }
    events = edges | levels;

    /* a wake-up is an edge, or a level detector that just started to match */
    wake = (edges | (levels & ~s->level_events)) & s->wakeupenable;
    s->level_events = levels;
    if (wake && FIELD_EX32(s->sysconfig, SYSCONFIG, ENAWAKEUP) &&
        FIELD_EX32(s->sysconfig, SYSCONFIG, IDLEMODE) !=
            SYSCONFIG_IDLEMODE_NO_IDLE) {
        omap3_gpio_set_wake_request(s, true, wake);
    }

    for (n = 0; n < 2; n++) {
        uint32_t new = events & s->irqenable[n] & ~s->irqstatus[n];

        if (new) {
            trace_omap3_gpio_events(s->id, n + 1, new);
            s->irqstatus[n] |= new;
        }
    }
    omap3_gpio_update_irqs(s);
}

/* The pads changed from old_datain: run the edge detectors */
static void omap3_gpio_pads_changed(OMAP3GPIOState *s, uint32_t old_datain)
{
    uint32_t datain = omap3_gpio_datain(s);
    uint32_t rising = datain & ~old_datain;
    uint32_t falling = ~datain & old_datain;

    omap3_gpio_update(s, (rising & s->risingdetect) |
                         (falling & s->fallingdetect));
}

/* Drive DATAOUT on the lines that are outputs; inputs keep the last level */
static void omap3_gpio_update_outputs(OMAP3GPIOState *s)
{
    uint32_t changed = (s->dataout ^ s->out_level) & ~s->oe;

    while (changed) {
        int line = ctz32(changed);
        bool level = extract32(s->dataout, line, 1);

        changed &= changed - 1;
        s->out_level = deposit32(s->out_level, line, 1, level);
        trace_omap3_gpio_out(s->id, line, level);
        qemu_set_irq(s->out[line], level);
    }
}

/* A write changed OE or DATAOUT */
static void omap3_gpio_pins_written(OMAP3GPIOState *s, uint32_t old_datain)
{
    omap3_gpio_update_outputs(s);
    omap3_gpio_pads_changed(s, old_datain);
}

static void omap3_gpio_set_input(void *opaque, int line, int level)
{
    OMAP3GPIOState *s = opaque;
    uint32_t old_datain = omap3_gpio_datain(s);

    trace_omap3_gpio_in(s->id, line, level != 0);
    s->inputs = deposit32(s->inputs, line, 1, level != 0);
    omap3_gpio_pads_changed(s, old_datain);
}

/* Module reset (SYSCONFIG.SOFTRESET or system reset); pins keep their levels */
static void omap3_gpio_reset_module(OMAP3GPIOState *s)
{
    s->sysconfig = 0;
    s->irqstatus[0] = 0;
    s->irqstatus[1] = 0;
    s->irqenable[0] = 0;
    s->irqenable[1] = 0;
    s->wakeupenable = 0;
    s->ctrl = CTRL_RESET;
    s->oe = 0xffffffff;
    s->dataout = 0;
    s->leveldetect[0] = 0;
    s->leveldetect[1] = 0;
    s->risingdetect = 0;
    s->fallingdetect = 0;
    s->debounceenable = 0;
    s->debouncingtime = 0;
    s->level_events = 0;
    omap3_gpio_update_irqs(s);
    omap3_gpio_set_wake_request(s, false, 0);
}

static uint64_t omap3_gpio_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3GPIOState *s = opaque;
    hwaddr reg = addr & ~3;
    uint32_t val;

    /* an access brings the bank out of idle: its request is served */
    omap3_gpio_set_wake_request(s, false, 0);
    switch (reg) {
    case A_REVISION:
        val = OMAP3_GPIO_REVISION;
        break;
    case A_SYSCONFIG:
        val = s->sysconfig;
        break;
    case A_SYSSTATUS:
        val = R_SYSSTATUS_RESETDONE_MASK;
        break;
    case A_IRQSTATUS1:
        val = s->irqstatus[0];
        break;
    case A_IRQENABLE1:
    case A_CLEARIRQENABLE1:
    case A_SETIRQENABLE1:
        val = s->irqenable[0];
        break;
    case A_WAKEUPENABLE:
    case A_CLEARWKUENA:
    case A_SETWKUENA:
        val = s->wakeupenable;
        break;
    case A_IRQSTATUS2:
        val = s->irqstatus[1];
        break;
    case A_IRQENABLE2:
    case A_CLEARIRQENABLE2:
    case A_SETIRQENABLE2:
        val = s->irqenable[1];
        break;
    case A_CTRL:
        val = s->ctrl;
        break;
    case A_OE:
        val = s->oe;
        break;
    case A_DATAIN:
        val = omap3_gpio_datain(s);
        break;
    case A_DATAOUT:
    case A_CLEARDATAOUT:
    case A_SETDATAOUT:
        val = s->dataout;
        break;
    case A_LEVELDETECT0:
        val = s->leveldetect[0];
        break;
    case A_LEVELDETECT1:
        val = s->leveldetect[1];
        break;
    case A_RISINGDETECT:
        val = s->risingdetect;
        break;
    case A_FALLINGDETECT:
        val = s->fallingdetect;
        break;
    case A_DEBOUNCENABLE:
        val = s->debounceenable;
        break;
    case A_DEBOUNCINGTIME:
        val = s->debouncingtime;
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: bad register 0x%03"
                      HWADDR_PRIx "\n", __func__, s->id, addr);
        val = 0;
        break;
    }

    val >>= (addr & 3) * 8;
    trace_omap3_gpio_read(s->id, addr, val, size);
    return val;
}

/*
 * 8- and 16-bit writes: plain registers merge the written bytes, the
 * write-1 registers (W1C status, SET/CLEAR) act on the written bits only.
 */
static void omap3_gpio_write(void *opaque, hwaddr addr, uint64_t value,
                             unsigned size)
{
    OMAP3GPIOState *s = opaque;
    hwaddr reg = addr & ~3;
    unsigned shift = (addr & 3) * 8;
    uint32_t mask = MAKE_64BIT_MASK(shift, size * 8);
    uint32_t val = (value << shift) & mask;
    uint32_t old_datain = omap3_gpio_datain(s);

    trace_omap3_gpio_write(s->id, addr, value, size);
    omap3_gpio_set_wake_request(s, false, 0);

#define MERGE(field) ((field) = ((field) & ~mask) | val)

    switch (reg) {
    case A_SYSCONFIG:
        if (val & R_SYSCONFIG_SOFTRESET_MASK) {
            /* completes at once: SYSSTATUS.RESETDONE reads 1 */
            trace_omap3_gpio_reset(s->id, "softreset");
            omap3_gpio_reset_module(s);
            omap3_gpio_pins_written(s, old_datain);
            break;
        }
        MERGE(s->sysconfig);
        s->sysconfig &= SYSCONFIG_WRITABLE;
        if (FIELD_EX32(s->sysconfig, SYSCONFIG, IDLEMODE) == 3) {
            qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: reserved IDLEMODE 3\n",
                          __func__, s->id);
        }
        break;
    case A_IRQSTATUS1:
        s->irqstatus[0] &= ~val;
        omap3_gpio_update(s, 0);
        break;
    case A_IRQENABLE1:
        MERGE(s->irqenable[0]);
        omap3_gpio_update(s, 0);
        break;
    case A_WAKEUPENABLE:
        MERGE(s->wakeupenable);
        break;
    case A_IRQSTATUS2:
        s->irqstatus[1] &= ~val;
        omap3_gpio_update(s, 0);
        break;
    case A_IRQENABLE2:
        MERGE(s->irqenable[1]);
        omap3_gpio_update(s, 0);
        break;
    case A_CTRL:
        MERGE(s->ctrl);
        s->ctrl &= R_CTRL_DISABLEMODULE_MASK | R_CTRL_GATINGRATIO_MASK;
        omap3_gpio_update(s, 0);
        break;
    case A_OE:
        MERGE(s->oe);
        omap3_gpio_pins_written(s, old_datain);
        break;
    case A_DATAOUT:
        MERGE(s->dataout);
        omap3_gpio_pins_written(s, old_datain);
        break;
    case A_LEVELDETECT0:
        MERGE(s->leveldetect[0]);
        omap3_gpio_update(s, 0);
        break;
    case A_LEVELDETECT1:
        MERGE(s->leveldetect[1]);
        omap3_gpio_update(s, 0);
        break;
    case A_RISINGDETECT:
        MERGE(s->risingdetect);
        break;
    case A_FALLINGDETECT:
        MERGE(s->fallingdetect);
        break;
    case A_DEBOUNCENABLE:
        MERGE(s->debounceenable);
        break;
    case A_DEBOUNCINGTIME:
        MERGE(s->debouncingtime);
        s->debouncingtime &= R_DEBOUNCINGTIME_DEBOUNCETIME_MASK;
        break;
    case A_CLEARIRQENABLE1:
        s->irqenable[0] &= ~val;
        omap3_gpio_update(s, 0);
        break;
    case A_SETIRQENABLE1:
        s->irqenable[0] |= val;
        omap3_gpio_update(s, 0);
        break;
    case A_CLEARIRQENABLE2:
        s->irqenable[1] &= ~val;
        omap3_gpio_update(s, 0);
        break;
    case A_SETIRQENABLE2:
        s->irqenable[1] |= val;
        omap3_gpio_update(s, 0);
        break;
    case A_CLEARWKUENA:
        s->wakeupenable &= ~val;
        break;
    case A_SETWKUENA:
        s->wakeupenable |= val;
        break;
    case A_CLEARDATAOUT:
        s->dataout &= ~val;
        omap3_gpio_pins_written(s, old_datain);
        break;
    case A_SETDATAOUT:
        s->dataout |= val;
        omap3_gpio_pins_written(s, old_datain);
        break;
    case A_REVISION:
    case A_SYSSTATUS:
    case A_DATAIN:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: read-only register 0x%03"
                      HWADDR_PRIx "\n", __func__, s->id, addr);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: bad register 0x%03"
                      HWADDR_PRIx "\n", __func__, s->id, addr);
        break;
    }

#undef MERGE
}

static const MemoryRegionOps omap3_gpio_ops = {
    .read = omap3_gpio_read,
    .write = omap3_gpio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
};

static void omap3_gpio_reset_hold(Object *obj, ResetType type)
{
    OMAP3GPIOState *s = OMAP3_GPIO(obj);

    trace_omap3_gpio_reset(s->id, "system");
    omap3_gpio_reset_module(s);
}
GTA04_RESET_PHASE_COMPAT(omap3_gpio_reset_hold);

static void omap3_gpio_init(Object *obj)
{
    OMAP3GPIOState *s = OMAP3_GPIO(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);
    DeviceState *dev = DEVICE(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_gpio_ops, s,
                          TYPE_OMAP3_GPIO, OMAP3_GPIO_MMIO_SIZE);
    sysbus_init_mmio(sbd, &s->iomem);
    sysbus_init_irq(sbd, &s->irq[OMAP3_GPIO_IRQ_MPU]);
    sysbus_init_irq(sbd, &s->irq[OMAP3_GPIO_IRQ_IVA]);
    qdev_init_gpio_in(dev, omap3_gpio_set_input, OMAP3_GPIO_LINES);
    qdev_init_gpio_out(dev, s->out, OMAP3_GPIO_LINES);
    qdev_init_gpio_out_named(dev, &s->wakeup, OMAP3_GPIO_WAKEUP, 1);
}

static void omap3_gpio_realize(DeviceState *dev, Error **errp)
{
    OMAP3GPIOState *s = OMAP3_GPIO(dev);

    s->id = object_get_canonical_path_component(OBJECT(dev));
    if (!s->id) {
        s->id = TYPE_OMAP3_GPIO;
    }
}

static int omap3_gpio_post_load(void *opaque, int version_id)
{
    OMAP3GPIOState *s = opaque;
    int n;

    s->level_events = omap3_gpio_level_events(s);
    for (n = 0; n < 2; n++) {
        s->irq_level[n] = s->irqstatus[n] & s->irqenable[n];
    }
    return 0;
}

/* version 2: the wake-up request's level */
static const VMStateDescription vmstate_omap3_gpio = {
    .name = TYPE_OMAP3_GPIO,
    .version_id = 2,
    .minimum_version_id = 1,
    .post_load = omap3_gpio_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(sysconfig, OMAP3GPIOState),
        VMSTATE_UINT32_ARRAY(irqstatus, OMAP3GPIOState, 2),
        VMSTATE_UINT32_ARRAY(irqenable, OMAP3GPIOState, 2),
        VMSTATE_UINT32(wakeupenable, OMAP3GPIOState),
        VMSTATE_UINT32(ctrl, OMAP3GPIOState),
        VMSTATE_UINT32(oe, OMAP3GPIOState),
        VMSTATE_UINT32(dataout, OMAP3GPIOState),
        VMSTATE_UINT32_ARRAY(leveldetect, OMAP3GPIOState, 2),
        VMSTATE_UINT32(risingdetect, OMAP3GPIOState),
        VMSTATE_UINT32(fallingdetect, OMAP3GPIOState),
        VMSTATE_UINT32(debounceenable, OMAP3GPIOState),
        VMSTATE_UINT32(debouncingtime, OMAP3GPIOState),
        VMSTATE_UINT32(inputs, OMAP3GPIOState),
        VMSTATE_UINT32(out_level, OMAP3GPIOState),
        VMSTATE_BOOL_V(wake_request, OMAP3GPIOState, 2),
        VMSTATE_END_OF_LIST()
    }
};

static void omap3_gpio_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);

    dc->realize = omap3_gpio_realize;
    dc->vmsd = &vmstate_omap3_gpio;
    rc->phases.hold = GTA04_RESET_PHASE(omap3_gpio_reset_hold);
}
GTA04_CLASS_INIT_COMPAT(omap3_gpio_class_init);

static const TypeInfo omap3_gpio_info = {
    .name = TYPE_OMAP3_GPIO,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3GPIOState),
    .instance_init = omap3_gpio_init,
    .class_init = GTA04_CLASS_INIT(omap3_gpio_class_init),
};

static void omap3_gpio_register_types(void)
{
    type_register_static(&omap3_gpio_info);
}

type_init(omap3_gpio_register_types)
