/*
 * TI DM3730 (OMAP3630 family) system-on-chip
 *
 * A container device: it creates the Cortex-A8, the on-chip memories and
 * every peripheral of the DM3730 memory map that the GTA04 uses, and maps
 * the rest as unimplemented devices so that nothing reads as silent zeros.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/units.h"
#include "qemu/bswap.h"
#include "hw/arm/dm3730.h"
#include "hw/misc/unimp.h"
#include "hw/misc/omap3_unimp_ip.h"
#include "hw/irq.h"
#include "hw/i2c/omap3_i2c.h"
#include "hw/qdev-properties.h"
#include "exec/address-spaces.h"
#include "trace.h"

/* DM3730 TRM, table 2-1 "L3 memory map" and 2-3.. "L4 memory space mapping" */
static const hwaddr dm3730_memmap[] = {
    [DM3730_DEV_BOOT_ROM] = DM3730_BOOT_ROM_BASE,
    [DM3730_DEV_SRAM]     = DM3730_SRAM_BASE,
    [DM3730_DEV_L4_CORE]  = 0x48000000,
    [DM3730_DEV_L4_WKUP]  = 0x48300000,
    [DM3730_DEV_L4_PER]   = 0x49000000,
    [DM3730_DEV_L4_EMU]   = 0x54000000,
    [DM3730_DEV_L3]       = 0x68000000,
    [DM3730_DEV_SMS]      = 0x6c000000,
    [DM3730_DEV_SDRC]     = 0x6d000000,
    [DM3730_DEV_GPMC]     = 0x6e000000,
    [DM3730_DEV_SDRAM]    = DM3730_SDRAM_BASE,
};

hwaddr dm3730_base(int dev)
{
    return dm3730_memmap[dev];
}

/*
 * Regions without a model (yet): they log under -d unimp.  The IP blocks
 * of the GTA04 DT (omap3.dtsi, omap36xx.dtsi) that have neither a model nor
 * an OCP socket (dm3730_ocp_only[] below) come first, at their own base
 * and size (DM37x TRM tables 2-1..2-4); under them, at a lower priority,
 * the background of each interconnect window, so that nothing decodes to a
 * bus error.
 */
#define DM3730_UNIMP_BACKGROUND_PRIO    (-2000)

static const struct {
    const char *name;
    hwaddr base;
    hwaddr size;
    bool background;
} dm3730_unimplemented[] = {
    /* SSI GDD and its two ports (the SSI socket is at 0x48058000) */
    { "ssi-gdd-ports",  0x48059000, 0x00003000 },
    { "usb-host-ohci",  0x48064400, 0x00000400 },
    { "usb-host-ehci",  0x48064800, 0x00000400 },
    /* camera ISP incl. CSI2/CCP2 (its MMU has an OCP socket) */
    { "isp",            0x480bc000, 0x00004000 },

    { "l4-core",        0x48000000, 0x00300000, true },
    { "l4-wkup",        0x48300000, 0x00040000, true },
    { "l4-per",         0x49000000, 0x00100000, true },
    { "l4-emu",         0x54000000, 0x00800000, true },
    /* the 16 MiB configuration spaces beyond the modelled register files */
    { "sms",            0x6c000000, 0x01000000, true },
    { "sdrc",           0x6d000000, 0x01000000, true },
    { "gpmc",           0x6e000000, 0x01000000, true },
    /* GPMC chip-select space (NAND on CS0 at 0x30000000 on the GTA04) */
    { "gpmc-cs",        0x00000000, 0x40000000, true },
};

static void dm3730_create_unimplemented(int i)
{
    DeviceState *dev;

    if (!dm3730_unimplemented[i].background) {
        create_unimplemented_device(dm3730_unimplemented[i].name,
                                    dm3730_unimplemented[i].base,
                                    dm3730_unimplemented[i].size);
        return;
    }
    dev = qdev_new(TYPE_UNIMPLEMENTED_DEVICE);
    qdev_prop_set_string(dev, "name", dm3730_unimplemented[i].name);
    qdev_prop_set_uint64(dev, "size", dm3730_unimplemented[i].size);
    sysbus_realize_and_unref(SYS_BUS_DEVICE(dev), &error_fatal);
    sysbus_mmio_map_overlap(SYS_BUS_DEVICE(dev), 0,
                            dm3730_unimplemented[i].base,
                            DM3730_UNIMP_BACKGROUND_PRIO);
}

/*
 * IP blocks without a model whose OCP socket Linux still resets at boot
 * (hwmod or ti-sysc nodes of omap3.dtsi/omap36xx.dtsi): only REVISION,
 * SYSCONFIG and SYSSTATUS answer, at the offsets of their hwmod class
 * (arch/arm/mach-omap2/omap_hwmod_3xxx_data.c) or ti-sysc "reg" entries.
 * REVISION reads the DM3730 value where a driver acts on it (usbhs_omap and
 * usb-tll pick the OMAP3 code path from it) or prints it; otherwise 0.
 */
#define NONE OMAP3_UNIMP_IP_NONE
static const struct {
    const char *name;
    hwaddr base;
    hwaddr size;
    uint32_t rev, sysc, syss;
    bool omap4_sysc;    /* "ti,sysc-omap4": SOFTRESET is bit 0 */
    uint32_t revision;
} dm3730_ocp_only[] = {
    /* L4-Core */
    { "dsi",            0x4804fc00, 0x400,  0x000, 0x010, 0x014 },
    { "dss",            0x48050000, 0x400,  0x000, 0x010, 0x014 },
    { "dispc",          0x48050400, 0x400,  0x000, 0x010, 0x014 },
    { "rfbi",           0x48050800, 0x400,  0x000, 0x010, 0x014 },
    { "venc",           0x48050c00, 0x400,  0x000, NONE,  NONE  },
    { "sdma",           0x48056000, 0x1000, 0x000, 0x02c, 0x028, false, 0x40 },
    { "ssi",            0x48058000, 0x1000, 0x000, 0x010, 0x014 },
    { "usb-tll",        0x48062000, 0x1000, 0x000, 0x010, 0x014, false, 0x18 },
    { "usb-host",       0x48064000, 0x400,  0x000, 0x010, 0x014, false, 0x10 },
    { "mcbsp1",         0x48074000, 0x1000, NONE,  0x08c, NONE  },
    { "mailbox",        0x48094000, 0x1000, 0x000, 0x010, 0x014, false, 0x40 },
    { "mcbsp5",         0x48096000, 0x1000, NONE,  0x08c, NONE  },
    { "mcspi1",         0x48098000, 0x1000, 0x000, 0x010, 0x014 },
    { "mcspi2",         0x4809a000, 0x1000, 0x000, 0x010, 0x014 },
    { "mmc1",           0x4809c000, 0x1000, 0x1fc, 0x010, 0x014 },
    { "rng",            0x480a0000, 0x2000, 0x03c, 0x040, 0x044 },
    { "aes1",           0x480a6000, 0x2000, 0x044, 0x048, 0x04c },
    { "usb-otg",        0x480ab000, 0x1000, 0x400, 0x404, 0x408 },
    { "mmc3",           0x480ad000, 0x1000, 0x1fc, 0x010, 0x014 },
    { "hdq1w",          0x480b2000, 0x1000, 0x000, 0x014, 0x018 },
    { "mmc2",           0x480b4000, 0x1000, 0x1fc, 0x010, 0x014 },
    { "mcspi3",         0x480b8000, 0x1000, 0x000, 0x010, 0x014 },
    { "mcspi4",         0x480ba000, 0x1000, 0x000, 0x010, 0x014 },
    { "mmu-isp",        0x480bd400, 0x80,   0x000, 0x010, 0x014 },
    { "sham",           0x480c3000, 0x1000, 0x05c, 0x060, 0x064 },
    { "aes2",           0x480c5000, 0x1000, 0x044, 0x048, 0x04c },
    { "smartreflex1",   0x480c9000, 0x1000, NONE,  0x038, NONE  },
    { "smartreflex2",   0x480cb000, 0x1000, NONE,  0x038, NONE  },
    /* L4-Per */
    { "mcbsp2",         0x49022000, 0x1000, NONE,  0x08c, NONE  },
    { "mcbsp3",         0x49024000, 0x1000, NONE,  0x08c, NONE  },
    { "mcbsp4",         0x49026000, 0x1000, NONE,  0x08c, NONE  },
    { "mcbsp2-sidetone", 0x49028000, 0x1000, NONE, 0x010, NONE  },
    { "mcbsp3-sidetone", 0x4902a000, 0x1000, NONE, 0x010, NONE  },
    /* L3 targets */
    { "sgx",            0x50000000, 0x10000, 0xfe00, 0xfe10, NONE, true },
    { "mmu-iva",        0x5d000000, 0x1000, 0x000, 0x010, 0x014 },
};
#undef NONE

/*
 * With no -kernel the Cortex-A8 starts at 0 (sys_boot maps the boot ROM
 * there).  We do not have TI's ROM code: ours parks the CPU in WFI, so a
 * board without a kernel starts and idles instead of faulting in a loop.
 *
 * The ROM also is the secure monitor of a GP device: Linux issues "smc #1"
 * with a service number in r12 (L2 cache invalidate, write L2/aux control:
 * arch/arm/mach-omap2/sleep34xx.S, omap-smc.S).  With -kernel, QEMU leaves
 * MVBAR at 0, so the SMC vector is ROM offset 0x08: it returns at once.
 * QEMU models no L2 cache, so there is nothing for these services to do.
 */
static void dm3730_fill_boot_rom(uint8_t *rom)
{
    int i;

    for (i = 0; i < 8; i++) {
        /* vector i: b 0x20 (imm24 = (target - (pc + 8)) / 4, two's complement) */
        int32_t offset = (0x20 - (4 * i + 8)) / 4;

        stl_le_p(rom + 4 * i, 0xea000000 | (offset & 0xffffff));
    }
    stl_le_p(rom + 0x08, 0xe1b0f00e);   /* SMC: movs pc, lr */
    stl_le_p(rom + 0x20, 0xe320f003);   /* wfi */
    stl_le_p(rom + 0x24, 0xeafffffd);   /* b 0x20 */
}

/* INTC input line n, for wiring a peripheral's interrupt */
static qemu_irq dm3730_irq(DM3730State *s, int n)
{
    return qdev_get_gpio_in(DEVICE(&s->intc), n);
}

/*
 * The sys_nirq pin is active low on the chip (the TWL4030 pulls its INT1
 * output low); the SoC's "sys_nirq" input is modelled as the interrupt
 * request itself, 1 = asserted, and drives INTC line 7 directly.
 */
static void dm3730_sys_nirq_set(void *opaque, int n, int level)
{
    DM3730State *s = opaque;

    qemu_set_irq(dm3730_irq(s, DM3730_IRQ_SYS_NIRQ), level);
}

/* GPTIMERn, n = 1..12: DM37x TRM tables 2-3 (L4-Core), 2-4 (Wakeup, Per) */
static hwaddr dm3730_gpt_base(int n)
{
    switch (n) {
    case 1:
        return 0x48318000;
    case 10:
        return 0x48086000;
    case 11:
        return 0x48088000;
    case 12:
        return 0x48304000;
    default:
        return 0x49032000 + 0x2000 * (n - 2);
    }
}

qemu_irq dm3730_gpt_clksel(DM3730State *s, int n)
{
    assert(n >= 1 && n <= DM3730_NUM_GPT);
    return qdev_get_gpio_in_named(DEVICE(&s->gpt[n - 1]),
                                  OMAP3_GPTIMER_CLKSEL, 0);
}

#define DM3730_INTC_BASE        0x48200000
#define DM3730_SYNCTIMER_BASE   0x48320000
#define DM3730_WDT2_BASE        0x48314000
#define DM3730_WDT3_BASE        0x49030000

static void dm3730_intc_timers_init(DM3730State *s)
{
    Object *obj = OBJECT(s);
    int i;

    object_initialize_child(obj, "intc", &s->intc, TYPE_OMAP3_INTC);
    qdev_init_gpio_in_named(DEVICE(s), dm3730_sys_nirq_set, DM3730_SYS_NIRQ, 1);

    for (i = 0; i < DM3730_NUM_GPT; i++) {
        g_autofree char *name = g_strdup_printf("gpt%d", i + 1);

        object_initialize_child(obj, name, &s->gpt[i], TYPE_OMAP3_GPTIMER);
    }
    object_initialize_child(obj, "synctimer", &s->synctimer,
                            TYPE_OMAP3_SYNCTIMER);

    /*
     * WDT2 counts out of reset on the chip, but ROM, X-Loader and U-Boot,
     * which stop it before Linux runs, are not there: see omap3_wdt.c.
     * "wdt2-running-at-reset" gives the silicon behaviour back.
     */
    object_initialize_child(obj, "wdt2", &s->wdt2, TYPE_OMAP3_WDT);
    object_property_set_bool(OBJECT(&s->wdt2), "running-at-reset", false,
                             &error_abort);
    object_property_add_alias(obj, "wdt2-running-at-reset", OBJECT(&s->wdt2),
                              "running-at-reset");
    /* WDT3 (the IVA2 watchdog) only interrupts; off at reset [unverified] */
    object_initialize_child(obj, "wdt3", &s->wdt3, TYPE_OMAP3_WDT);
    object_property_set_bool(OBJECT(&s->wdt3), "running-at-reset", false,
                             &error_abort);
    object_property_set_bool(OBJECT(&s->wdt3), "reset-on-expiry", false,
                             &error_abort);
}

static bool dm3730_intc_timers_realize(DM3730State *s, Error **errp)
{
    SysBusDevice *sbd = SYS_BUS_DEVICE(&s->intc);
    int i;

    if (!sysbus_realize(sbd, errp)) {
        return false;
    }
    sysbus_mmio_map(sbd, 0, DM3730_INTC_BASE);
    sysbus_connect_irq(sbd, OMAP3_INTC_OUT_IRQ,
                       qdev_get_gpio_in(DEVICE(&s->cpu), ARM_CPU_IRQ));
    sysbus_connect_irq(sbd, OMAP3_INTC_OUT_FIQ,
                       qdev_get_gpio_in(DEVICE(&s->cpu), ARM_CPU_FIQ));

    for (i = 0; i < DM3730_NUM_GPT; i++) {
        int n = i + 1;

        sbd = SYS_BUS_DEVICE(&s->gpt[i]);
        /* only GPTIMER1, 2 and 10 have the 1-ms tick registers */
        if (!object_property_set_bool(OBJECT(sbd), "has-1ms-tick",
                                      n == 1 || n == 2 || n == 10, errp) ||
            !sysbus_realize(sbd, errp)) {
            return false;
        }
        sysbus_mmio_map(sbd, 0, dm3730_gpt_base(n));
        sysbus_connect_irq(sbd, 0, dm3730_irq(s, DM3730_IRQ_GPT(n)));
    }

    sbd = SYS_BUS_DEVICE(&s->synctimer);
    if (!sysbus_realize(sbd, errp)) {
        return false;
    }
    sysbus_mmio_map(sbd, 0, DM3730_SYNCTIMER_BASE);

    /* WDT2's interrupt has no MPU INTC line; its expiry is the reset */
    sbd = SYS_BUS_DEVICE(&s->wdt2);
    if (!sysbus_realize(sbd, errp)) {
        return false;
    }
    sysbus_mmio_map(sbd, 0, DM3730_WDT2_BASE);

    sbd = SYS_BUS_DEVICE(&s->wdt3);
    if (!sysbus_realize(sbd, errp)) {
        return false;
    }
    sysbus_mmio_map(sbd, 0, DM3730_WDT3_BASE);
    sysbus_connect_irq(sbd, 0, dm3730_irq(s, DM3730_IRQ_WDT3));
    return true;
}

/* I2C controllers: DM37x TRM 17.1 (I2C3 has the 64-byte FIFOs) */
static const struct {
    hwaddr base;
    int irq;
    uint32_t fifo_size;
} dm3730_i2c[DM3730_NUM_I2C] = {
    { 0x48070000, DM3730_IRQ_I2C1, 8 },
    { 0x48072000, DM3730_IRQ_I2C2, 8 },
    { 0x48060000, DM3730_IRQ_I2C3, 64 },
};

I2CBus *dm3730_i2c_bus(DM3730State *s, int n)
{
    assert(n >= 1 && n <= DM3730_NUM_I2C);
    return omap3_i2c_bus(&s->i2c[n - 1]);
}

static void dm3730_i2c_init(DM3730State *s)
{
    int i;

    for (i = 0; i < DM3730_NUM_I2C; i++) {
        g_autofree char *name = g_strdup_printf("i2c%d", i + 1);

        object_initialize_child(OBJECT(s), name, &s->i2c[i], TYPE_OMAP3_I2C);
    }
}

/* The buses are "i2c.1".."i2c.3", for -device <slave>,bus=i2c.N,address=A */
static bool dm3730_i2c_realize(DM3730State *s, Error **errp)
{
    int i;

    for (i = 0; i < DM3730_NUM_I2C; i++) {
        DeviceState *dev = DEVICE(&s->i2c[i]);
        g_autofree char *bus_name = g_strdup_printf("i2c.%d", i + 1);

        qdev_prop_set_string(dev, "bus-name", bus_name);
        qdev_prop_set_uint32(dev, "fifo-size", dm3730_i2c[i].fifo_size);
        if (!sysbus_realize(SYS_BUS_DEVICE(dev), errp)) {
            return false;
        }
        sysbus_mmio_map(SYS_BUS_DEVICE(dev), 0, dm3730_i2c[i].base);
        sysbus_connect_irq(SYS_BUS_DEVICE(dev), 0,
                           dm3730_irq(s, dm3730_i2c[i].irq));
    }
    return true;
}

/* PRCM, control module, memory controllers, interconnect: DM37x TRM table 2-3/2-4 */
#define DM3730_CM_BASE          0x48004000
#define DM3730_PRM_BASE         0x48306000
#define DM3730_SCM_BASE         0x48002000
#define DM3730_SCM_ID_BASE      0x4830a000
#define DM3730_IRQ_GPMC         20

/*
 * Pads whose I/O wake-up the SCM can latch ("pad-wakeup" inputs):
 * CONTROL_PADCONF_SYS_NIRQ (the TWL4030 INT1; not driven: the 6.1 kernel
 * wakes from INT1 through INTC 7 itself) and UART3_RX_IRRX (the console's
 * RX wake irq in the GTA04 DT, driven by UART3's RX pad).
 */
enum { DM3730_PAD_SYS_NIRQ, DM3730_PAD_UART3_RX };
static const uint32_t dm3730_wakeup_pads[] = {
    [DM3730_PAD_SYS_NIRQ] = 0x1e0,
    [DM3730_PAD_UART3_RX] = 0x19e,
};

/*
 * The SCM's wake-up pad list is the SoC's wiring.  An array length can be
 * set only once, so a -global on it collides with ours: an error for the
 * user, not qdev_prop_set_*()'s abort.
 */
static bool dm3730_scm_set_wakeup_pads(DM3730State *s, Error **errp)
{
    Object *scm = OBJECT(&s->scm);
    int i;

    if (!object_property_set_uint(scm, "len-wakeup-pads",
                                  ARRAY_SIZE(dm3730_wakeup_pads), errp)) {
        error_prepend(errp, "dm3730: the SoC sets the wake-up pads of %s "
                      "itself (no -global on them): ", TYPE_OMAP3_SCM);
        return false;
    }
    for (i = 0; i < ARRAY_SIZE(dm3730_wakeup_pads); i++) {
        g_autofree char *prop = g_strdup_printf("wakeup-pads[%d]", i);

        if (!object_property_set_uint(scm, prop, dm3730_wakeup_pads[i],
                                      errp)) {
            return false;
        }
    }
    return true;
}

static void dm3730_prcm_scm_mem_init(DM3730State *s)
{
    object_initialize_child(OBJECT(s), "prcm", &s->prcm, TYPE_OMAP3_PRCM);
    object_initialize_child(OBJECT(s), "scm", &s->scm, TYPE_OMAP3_SCM);
    object_initialize_child(OBJECT(s), "l3", &s->l3, TYPE_OMAP3_L3);
    object_initialize_child(OBJECT(s), "sms", &s->sms, TYPE_OMAP3_SMS);
    object_initialize_child(OBJECT(s), "sdrc", &s->sdrc, TYPE_OMAP3_SDRC);
    object_initialize_child(OBJECT(s), "gpmc", &s->gpmc, TYPE_OMAP3_GPMC);
}

static bool dm3730_prcm_scm_mem_realize(DM3730State *s, Error **errp)
{
    SysBusDevice *sbd = SYS_BUS_DEVICE(&s->prcm);
    int i;

    if (!sysbus_realize(sbd, errp)) {
        return false;
    }
    sysbus_mmio_map(sbd, OMAP3_PRCM_MMIO_CM, DM3730_CM_BASE);
    sysbus_mmio_map(sbd, OMAP3_PRCM_MMIO_PRM, DM3730_PRM_BASE);
    sysbus_connect_irq(sbd, 0, dm3730_irq(s, DM3730_IRQ_PRCM_MPU));
    for (i = 0; i < OMAP3_PRCM_NUM_GPT; i++) {
        qdev_connect_gpio_out_named(DEVICE(sbd), OMAP3_PRCM_GPT_CLKSEL, i,
                                    dm3730_gpt_clksel(s, i + 1));
    }

    sbd = SYS_BUS_DEVICE(&s->scm);
    if (!dm3730_scm_set_wakeup_pads(s, errp) || !sysbus_realize(sbd, errp)) {
        return false;
    }
    sysbus_mmio_map(sbd, OMAP3_SCM_MMIO_SCM, DM3730_SCM_BASE);
    sysbus_mmio_map(sbd, OMAP3_SCM_MMIO_ID, DM3730_SCM_ID_BASE);
    /* the I/O wake-up daisy chain between the pads and the PRM */
    qdev_connect_gpio_out_named(DEVICE(&s->prcm), OMAP3_PRCM_IO_CHAIN, 0,
                                qdev_get_gpio_in_named(DEVICE(sbd),
                                                       OMAP3_SCM_IO_CHAIN, 0));
    qdev_connect_gpio_out_named(DEVICE(sbd), OMAP3_SCM_IO_WAKEUP, 0,
                                qdev_get_gpio_in_named(DEVICE(&s->prcm),
                                                       OMAP3_PRCM_IO_WAKEUP, 0));

    /* the register windows of the L3 and the memory controllers */
    if (!sysbus_realize(SYS_BUS_DEVICE(&s->l3), errp) ||
        !sysbus_realize(SYS_BUS_DEVICE(&s->sms), errp) ||
        !sysbus_realize(SYS_BUS_DEVICE(&s->sdrc), errp) ||
        !sysbus_realize(SYS_BUS_DEVICE(&s->gpmc), errp)) {
        return false;
    }
    sysbus_mmio_map(SYS_BUS_DEVICE(&s->l3), 0, dm3730_memmap[DM3730_DEV_L3]);
    sysbus_mmio_map(SYS_BUS_DEVICE(&s->sms), 0, dm3730_memmap[DM3730_DEV_SMS]);
    sysbus_mmio_map(SYS_BUS_DEVICE(&s->sdrc), 0, dm3730_memmap[DM3730_DEV_SDRC]);
    sysbus_mmio_map(SYS_BUS_DEVICE(&s->gpmc), 0, dm3730_memmap[DM3730_DEV_GPMC]);
    sysbus_connect_irq(SYS_BUS_DEVICE(&s->gpmc), 0,
                       dm3730_irq(s, DM3730_IRQ_GPMC));
    return true;
}

/* UARTs: DM37x TRM table 2-3/2-4; serialN = the SoC property for serial_hd(N) */
static const struct {
    hwaddr base;
    int irq;
    int serial;
} dm3730_uart[DM3730_NUM_UART] = {
    { 0x4806a000, DM3730_IRQ_UART(1), 1 },
    { 0x4806c000, DM3730_IRQ_UART(2), 2 },
    { 0x49020000, DM3730_IRQ_UART(3), 0 },  /* the GTA04 console */
    { 0x49042000, DM3730_IRQ_UART(4), 3 },
};

/* GPIO1 is in the WKUP domain, GPIO2..6 in PER */
static hwaddr dm3730_gpio_base(int bank)
{
    return bank == 0 ? 0x48310000 : 0x49050000 + 0x2000 * (bank - 1);
}

qemu_irq dm3730_gpio_in(DM3730State *s, int n)
{
    assert(n >= 0 && n < DM3730_NUM_GPIO_BANKS * OMAP3_GPIO_LINES);
    return qdev_get_gpio_in(DEVICE(&s->gpio[n / OMAP3_GPIO_LINES]),
                            n % OMAP3_GPIO_LINES);
}

static void dm3730_uart_gpio_init(DM3730State *s)
{
    int i;

    for (i = 0; i < DM3730_NUM_UART; i++) {
        g_autofree char *name = g_strdup_printf("uart%d", i + 1);
        g_autofree char *serial = g_strdup_printf("serial%d",
                                                  dm3730_uart[i].serial);

        object_initialize_child(OBJECT(s), name, &s->uart[i], TYPE_OMAP3_UART);
        object_property_add_alias(OBJECT(s), serial, OBJECT(&s->uart[i]),
                                  "chardev");
    }
    for (i = 0; i < DM3730_NUM_GPIO_BANKS; i++) {
        g_autofree char *name = g_strdup_printf("gpio%d", i + 1);

        object_initialize_child(OBJECT(s), name, &s->gpio[i], TYPE_OMAP3_GPIO);
    }
}

static bool dm3730_uart_gpio_realize(DM3730State *s, Error **errp)
{
    int i;

    for (i = 0; i < DM3730_NUM_UART; i++) {
        SysBusDevice *sbd = SYS_BUS_DEVICE(&s->uart[i]);

        if (!sysbus_realize(sbd, errp)) {
            return false;
        }
        sysbus_mmio_map(sbd, 0, dm3730_uart[i].base);
        sysbus_connect_irq(sbd, 0, dm3730_irq(s, dm3730_uart[i].irq));
    }
    /* UART3's RX wire reaches its pad's I/O wake-up (the console wakes) */
    qdev_connect_gpio_out_named(DEVICE(&s->uart[2]), OMAP3_UART_RX_PAD, 0,
                                qdev_get_gpio_in_named(DEVICE(&s->scm),
                                                       OMAP3_SCM_PAD_WAKEUP,
                                                       DM3730_PAD_UART3_RX));
    for (i = 0; i < DM3730_NUM_GPIO_BANKS; i++) {
        SysBusDevice *sbd = SYS_BUS_DEVICE(&s->gpio[i]);

        if (!sysbus_realize(sbd, errp)) {
            return false;
        }
        sysbus_mmio_map(sbd, 0, dm3730_gpio_base(i));
        /* the IVA (IRQSTATUS2) line goes to the IVA2.2 INTC: not modelled */
        sysbus_connect_irq(sbd, OMAP3_GPIO_IRQ_MPU,
                           dm3730_irq(s, DM3730_IRQ_GPIO(i + 1)));
    }
    return true;
}

static void dm3730_init(Object *obj)
{
    DM3730State *s = DM3730(obj);

    object_initialize_child(obj, "cpu", &s->cpu, ARM_CPU_TYPE_NAME("cortex-a8"));

    /* interrupt controller and timers */
    dm3730_intc_timers_init(s);

    /* I2C controllers */
    dm3730_i2c_init(s);

    /* PRCM, control module, memory controllers, interconnect */
    dm3730_prcm_scm_mem_init(s);

    /* UARTs and GPIO */
    dm3730_uart_gpio_init(s);
}

static void dm3730_realize(DeviceState *dev, Error **errp)
{
    ERRP_GUARD();
    DM3730State *s = DM3730(dev);
    MemoryRegion *sysmem = get_system_memory();
    int i;

    /* CPU */
    if (!object_property_set_uint(OBJECT(&s->cpu), "midr", DM3730_MIDR, errp)) {
        return;
    }
    if (!qdev_realize(DEVICE(&s->cpu), NULL, errp)) {
        return;
    }

    /* On-chip memories */
    memory_region_init_rom(&s->boot_rom, OBJECT(dev), "dm3730.boot-rom",
                           DM3730_BOOT_ROM_SIZE, errp);
    if (*errp) {
        return;
    }
    dm3730_fill_boot_rom(memory_region_get_ram_ptr(&s->boot_rom));
    memory_region_add_subregion(sysmem, dm3730_memmap[DM3730_DEV_BOOT_ROM],
                                &s->boot_rom);
    memory_region_init_alias(&s->boot_rom_alias, OBJECT(dev),
                             "dm3730.boot-rom-alias", &s->boot_rom, 0,
                             DM3730_BOOT_ROM_SIZE);
    memory_region_add_subregion(sysmem, 0, &s->boot_rom_alias);

    memory_region_init_ram(&s->sram, OBJECT(dev), "dm3730.sram",
                           DM3730_SRAM_SIZE, errp);
    if (*errp) {
        return;
    }
    memory_region_add_subregion(sysmem, dm3730_memmap[DM3730_DEV_SRAM],
                                &s->sram);

    /* interrupt controller and timers */
    if (!dm3730_intc_timers_realize(s, errp)) {
        return;
    }

    /* I2C controllers */
    if (!dm3730_i2c_realize(s, errp)) {
        return;
    }

    /* PRCM, control module, memory controllers, interconnect */
    if (!dm3730_prcm_scm_mem_realize(s, errp)) {
        return;
    }

    /* UARTs and GPIO */
    if (!dm3730_uart_gpio_realize(s, errp)) {
        return;
    }

    /* OCP sockets of the IP blocks without a model */
    for (i = 0; i < ARRAY_SIZE(dm3730_ocp_only); i++) {
        omap3_create_unimp_ip(dm3730_ocp_only[i].name, dm3730_ocp_only[i].base,
                              dm3730_ocp_only[i].size, dm3730_ocp_only[i].rev,
                              dm3730_ocp_only[i].revision, dm3730_ocp_only[i].sysc,
                              dm3730_ocp_only[i].syss,
                              dm3730_ocp_only[i].omap4_sysc);
    }

    /* Everything not modelled */
    for (i = 0; i < ARRAY_SIZE(dm3730_unimplemented); i++) {
        dm3730_create_unimplemented(i);
    }
}

static void dm3730_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);

    dc->realize = dm3730_realize;
    /* The SoC is part of the board: it owns the CPU and maps into sysmem */
    dc->user_creatable = false;
}

static const TypeInfo dm3730_type_info = {
    .name = TYPE_DM3730,
    .parent = TYPE_DEVICE,
    .instance_size = sizeof(DM3730State),
    .instance_init = dm3730_init,
    .class_init = dm3730_class_init,
};

static void dm3730_register_types(void)
{
    type_register_static(&dm3730_type_info);
}

type_init(dm3730_register_types)
