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
#include "gta04-compat.h"
#include "qapi/error.h"
#include "qemu/units.h"
#include "qemu/bswap.h"
#include "hw/arm/dm3730.h"
#include "hw/misc/unimp.h"
#include "hw/misc/omap3_unimp_ip.h"
#include "hw/irq.h"
#include "hw/i2c/omap3_i2c.h"
#include "hw/qdev-clock.h"
#include "hw/qdev-properties.h"
#include GTA04_SYSTEM_ADDRESS_SPACES_H
#include "trace.h"

/*
 * Regions without a model (yet): they log under -d unimp.  The IP blocks
 * of the GTA04 DT (omap3.dtsi, omap36xx.dtsi) that have neither a model nor
 * an OCP socket (dm3730_ocp_only[] below) come first; under them, at a
 * lower priority, the background of each interconnect window and the
 * configuration spaces of the memory controllers beyond their register
 * files, so that nothing decodes to a bus error.
 */
#define DM3730_UNIMP_BACKGROUND_PRIO    (-2000)

static const struct {
    DM3730Device dev;
    const char *name;
    bool background;
} dm3730_unimplemented[] = {
    { DM3730_DEV_SSI_GDD_PORTS, "ssi-gdd-ports" },
    { DM3730_DEV_USB_HOST_OHCI, "usb-host-ohci" },
    { DM3730_DEV_USB_HOST_EHCI, "usb-host-ehci" },
    { DM3730_DEV_ISP,           "isp" },

    { DM3730_DEV_L4_CORE,       "l4-core", true },
    { DM3730_DEV_L4_WKUP,       "l4-wkup", true },
    { DM3730_DEV_L4_PER,        "l4-per", true },
    { DM3730_DEV_L4_EMU,        "l4-emu", true },
    { DM3730_DEV_SMS,           "sms", true },
    { DM3730_DEV_SDRC,          "sdrc", true },
    { DM3730_DEV_GPMC,          "gpmc", true },
    { DM3730_DEV_GPMC_CS,       "gpmc-cs", true },
};

static void dm3730_create_unimplemented(int i)
{
    const MemMapEntry *map = &dm3730_memmap[dm3730_unimplemented[i].dev];
    DeviceState *dev;

    if (!dm3730_unimplemented[i].background) {
        create_unimplemented_device(dm3730_unimplemented[i].name,
                                    map->base, map->size);
        return;
    }
    dev = qdev_new(TYPE_UNIMPLEMENTED_DEVICE);
    qdev_prop_set_string(dev, "name", dm3730_unimplemented[i].name);
    qdev_prop_set_uint64(dev, "size", map->size);
    sysbus_realize_and_unref(SYS_BUS_DEVICE(dev), &error_fatal);
    sysbus_mmio_map_overlap(SYS_BUS_DEVICE(dev), 0, map->base,
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
    DM3730Device dev;
    const char *name;
    uint32_t rev, sysc, syss;
    bool omap4_sysc;    /* "ti,sysc-omap4": SOFTRESET is bit 0 */
    uint32_t revision;
} dm3730_ocp_only[] = {
    /* L4-Core */
    { DM3730_DEV_DSI,           "dsi",          0x000, 0x010, 0x014 },
    { DM3730_DEV_DSS,           "dss",          0x000, 0x010, 0x014 },
    { DM3730_DEV_DISPC,         "dispc",        0x000, 0x010, 0x014 },
    { DM3730_DEV_RFBI,          "rfbi",         0x000, 0x010, 0x014 },
    { DM3730_DEV_VENC,          "venc",         0x000, NONE,  NONE  },
    { DM3730_DEV_SDMA,          "sdma",         0x000, 0x02c, 0x028, false, 0x40 },
    { DM3730_DEV_SSI,           "ssi",          0x000, 0x010, 0x014 },
    { DM3730_DEV_USB_TLL,       "usb-tll",      0x000, 0x010, 0x014, false, 0x18 },
    { DM3730_DEV_USB_HOST,      "usb-host",     0x000, 0x010, 0x014, false, 0x10 },
    { DM3730_DEV_MCBSP1,        "mcbsp1",       NONE,  0x08c, NONE  },
    { DM3730_DEV_MAILBOX,       "mailbox",      0x000, 0x010, 0x014, false, 0x40 },
    { DM3730_DEV_MCBSP5,        "mcbsp5",       NONE,  0x08c, NONE  },
    { DM3730_DEV_MCSPI1,        "mcspi1",       0x000, 0x010, 0x014 },
    { DM3730_DEV_MCSPI2,        "mcspi2",       0x000, 0x010, 0x014 },
    { DM3730_DEV_RNG,           "rng",          0x03c, 0x040, 0x044 },
    { DM3730_DEV_AES1,          "aes1",         0x044, 0x048, 0x04c },
    { DM3730_DEV_USB_OTG,       "usb-otg",      0x400, 0x404, 0x408 },
    { DM3730_DEV_HDQ1W,         "hdq1w",        0x000, 0x014, 0x018 },
    { DM3730_DEV_MCSPI3,        "mcspi3",       0x000, 0x010, 0x014 },
    { DM3730_DEV_MCSPI4,        "mcspi4",       0x000, 0x010, 0x014 },
    { DM3730_DEV_MMU_ISP,       "mmu-isp",      0x000, 0x010, 0x014 },
    { DM3730_DEV_SHAM,          "sham",         0x05c, 0x060, 0x064 },
    { DM3730_DEV_AES2,          "aes2",         0x044, 0x048, 0x04c },
    { DM3730_DEV_SMARTREFLEX1,  "smartreflex1", NONE,  0x038, NONE  },
    { DM3730_DEV_SMARTREFLEX2,  "smartreflex2", NONE,  0x038, NONE  },
    /* L4-Per */
    { DM3730_DEV_MCBSP2,        "mcbsp2",       NONE,  0x08c, NONE  },
    { DM3730_DEV_MCBSP3,        "mcbsp3",       NONE,  0x08c, NONE  },
    { DM3730_DEV_MCBSP4,        "mcbsp4",       NONE,  0x08c, NONE  },
    { DM3730_DEV_MCBSP2_SIDETONE, "mcbsp2-sidetone", NONE, 0x010, NONE },
    { DM3730_DEV_MCBSP3_SIDETONE, "mcbsp3-sidetone", NONE, 0x010, NONE },
    /* L3 targets */
    { DM3730_DEV_SGX,           "sgx",          0xfe00, 0xfe10, NONE, true },
    { DM3730_DEV_MMU_IVA,       "mmu-iva",      0x000, 0x010, 0x014 },
};
#undef NONE

static void dm3730_create_ocp_only(int i)
{
    const MemMapEntry *map = &dm3730_memmap[dm3730_ocp_only[i].dev];

    omap3_create_unimp_ip(dm3730_ocp_only[i].name, map->base, map->size,
                          dm3730_ocp_only[i].rev, dm3730_ocp_only[i].revision,
                          dm3730_ocp_only[i].sysc, dm3730_ocp_only[i].syss,
                          dm3730_ocp_only[i].omap4_sysc);
}

/*
 * The SoC's children, created here and realized by dm3730_children_realize()
 * in the same order (the INTC first: the others' interrupts go to it).  The
 * instances of an array are named <name>1, <name>2... like the TRM's.
 */
static void dm3730_children_init(DM3730State *s)
{
    Object *obj = OBJECT(s);
    int i;

    /* boot ROM, interrupt controller and timers */
    object_initialize_child(obj, "boot-rom", &s->boot_rom,
                            TYPE_OMAP3_BOOT_ROM);
    object_initialize_child(obj, "intc", &s->intc, TYPE_OMAP3_INTC);
    for (i = 0; i < DM3730_NUM_GPT; i++) {
        g_autofree char *name = g_strdup_printf("gpt%d", i + 1);

        object_initialize_child(obj, name, &s->gpt[i], TYPE_OMAP3_GPTIMER);
    }
    object_initialize_child(obj, "synctimer", &s->synctimer,
                            TYPE_OMAP3_SYNCTIMER);
    object_initialize_child(obj, "wdt2", &s->wdt2, TYPE_OMAP3_WDT);
    object_initialize_child(obj, "wdt3", &s->wdt3, TYPE_OMAP3_WDT);
    /* I2C controllers */
    for (i = 0; i < DM3730_NUM_I2C; i++) {
        g_autofree char *name = g_strdup_printf("i2c%d", i + 1);

        object_initialize_child(obj, name, &s->i2c[i], TYPE_OMAP3_I2C);
    }
    /* PRCM, control module, memory controllers, interconnect */
    object_initialize_child(obj, "cm", &s->cm, TYPE_OMAP3_CM);
    object_initialize_child(obj, "prm", &s->prm, TYPE_OMAP3_PRM);
    object_initialize_child(obj, "scm", &s->scm, TYPE_OMAP3_SCM);
    object_initialize_child(obj, "l3", &s->l3, TYPE_OMAP3_L3);
    object_initialize_child(obj, "sms", &s->sms, TYPE_OMAP3_SMS);
    object_initialize_child(obj, "sdrc", &s->sdrc, TYPE_OMAP3_SDRC);
    object_initialize_child(obj, "gpmc", &s->gpmc, TYPE_OMAP3_GPMC);
    /* UARTs and GPIO */
    for (i = 0; i < DM3730_NUM_UART; i++) {
        g_autofree char *name = g_strdup_printf("uart%d", i + 1);

        object_initialize_child(obj, name, &s->uart[i], TYPE_OMAP3_UART);
    }
    for (i = 0; i < DM3730_NUM_GPIO_BANKS; i++) {
        g_autofree char *name = g_strdup_printf("gpio%d", i + 1);

        object_initialize_child(obj, name, &s->gpio[i], TYPE_OMAP3_GPIO);
    }
    /* MMC/SD host controllers */
    for (i = 0; i < DM3730_NUM_MMC; i++) {
        g_autofree char *name = g_strdup_printf("mmc%d", i + 1);

        object_initialize_child(obj, name, &s->mmc[i], TYPE_OMAP3_MMCHS);
    }
}

/* INTC input line of @dev's interrupt, for wiring a peripheral */
static qemu_irq dm3730_get_irq(DM3730State *s, DM3730Device dev)
{
    return qdev_get_gpio_in(DEVICE(&s->intc), dm3730_irq(dev));
}

/*
 * Realize @sbd and map its @nr_mmio register windows, the consecutive
 * DM3730Devices from @dev, in sysbus order; its interrupt (sysbus IRQ 0)
 * goes to the INTC line of the one window that has an entry in
 * dm3730_irqmap[], if any.
 */
static bool dm3730_realize_child(DM3730State *s, SysBusDevice *sbd,
                                 DM3730Device dev, int nr_mmio, Error **errp)
{
    bool has_irq = false;
    int j;

    if (!sysbus_realize(sbd, errp)) {
        return false;
    }
    s->module[dev] = DEVICE(sbd);
    assert(sbd->num_mmio == nr_mmio);
    for (j = 0; j < nr_mmio; j++) {
        assert(memory_region_size(sysbus_mmio_get_region(sbd, j)) <=
               dm3730_memmap[dev + j].size);
        sysbus_mmio_map(sbd, j, dm3730_addr(dev + j));
        if (dm3730_irqmap[dev + j]) {
            assert(!has_irq);
            sysbus_connect_irq(sbd, 0, dm3730_get_irq(s, dev + j));
            has_irq = true;
        }
    }
    return true;
}

/* MMCn's window (not in address order: MMC3 sits between MMC1 and MMC2) */
static const DM3730Device dm3730_mmc_dev[DM3730_NUM_MMC] = {
    DM3730_DEV_MMC1, DM3730_DEV_MMC2, DM3730_DEV_MMC3,
};

#define DM3730_REALIZE(s, child, dev, nr_mmio, errp) \
    dm3730_realize_child(s, SYS_BUS_DEVICE(child), dev, nr_mmio, errp)

static bool dm3730_children_realize(DM3730State *s, Error **errp)
{
    bool ok;
    int i;

    /*
     * the ROM reads its wake-up memory, CONTROL_MEM_WKUP + 0x310 (links:
     * once the SoC is in the composition tree)
     */
    ok = object_property_set_link(OBJECT(&s->boot_rom), "cpu",
                                  OBJECT(&s->cpu), errp) &&
         object_property_set_link(OBJECT(&s->boot_rom), "memory",
                                  OBJECT(get_system_memory()), errp) &&
         object_property_set_uint(OBJECT(&s->boot_rom), "scratchpad-addr",
                                  dm3730_addr(DM3730_DEV_SCM) +
                                  OMAP3_SCM_SCRATCHPAD, errp) &&
         object_property_set_uint(OBJECT(&s->boot_rom), "cm-addr",
                                  dm3730_addr(DM3730_DEV_CM), errp) &&
         object_property_set_uint(OBJECT(&s->boot_rom), "sdrc-addr",
                                  dm3730_addr(DM3730_DEV_SDRC), errp);
    ok = ok && DM3730_REALIZE(s, &s->boot_rom, DM3730_DEV_BOOT_ROM, 1, errp);
    ok = ok && DM3730_REALIZE(s, &s->intc, DM3730_DEV_INTC, 1, errp);
    for (i = 0; ok && i < DM3730_NUM_GPT; i++) {
        ok = DM3730_REALIZE(s, &s->gpt[i], DM3730_DEV_GPT1 + i, 1, errp);
    }
    ok = ok && DM3730_REALIZE(s, &s->synctimer, DM3730_DEV_SYNCTIMER, 1, errp);
    ok = ok && DM3730_REALIZE(s, &s->wdt2, DM3730_DEV_WDT2, 1, errp);
    ok = ok && DM3730_REALIZE(s, &s->wdt3, DM3730_DEV_WDT3, 1, errp);
    for (i = 0; ok && i < DM3730_NUM_I2C; i++) {
        ok = DM3730_REALIZE(s, &s->i2c[i], DM3730_DEV_I2C1 + i, 1, errp);
    }
    /* the modules whose idle acknowledge the CM asks (omap3_cm.h) */
    for (i = 0; ok && i < DM3730_NUM_UART; i++) {
        g_autofree char *name = g_strdup_printf("module-uart%d", i + 1);

        ok = object_property_set_link(OBJECT(&s->cm), name,
                                      OBJECT(&s->uart[i]), errp);
    }
    for (i = 0; ok && i < DM3730_NUM_I2C; i++) {
        g_autofree char *name = g_strdup_printf("module-i2c%d", i + 1);

        ok = object_property_set_link(OBJECT(&s->cm), name,
                                      OBJECT(&s->i2c[i]), errp);
    }
    ok = ok && object_property_set_link(OBJECT(&s->cm), "module-sdrc",
                                        OBJECT(&s->sdrc), errp);
    ok = ok && DM3730_REALIZE(s, &s->cm, DM3730_DEV_CM, 1, errp);
    /*
     * the PRM's power domains follow the CM's clock domain controls (a link
     * is set by path: here, once the SoC is part of the machine)
     */
    ok = ok && object_property_set_link(OBJECT(&s->prm), OMAP3_PRM_CM,
                                        OBJECT(&s->cm), errp);
    ok = ok && DM3730_REALIZE(s, &s->prm, DM3730_DEV_PRM, 1, errp);
    ok = ok && DM3730_REALIZE(s, &s->scm, DM3730_DEV_SCM, 2, errp);
    ok = ok && DM3730_REALIZE(s, &s->l3, DM3730_DEV_L3, 1, errp);
    ok = ok && DM3730_REALIZE(s, &s->sms, DM3730_DEV_SMS, 1, errp);
    ok = ok && DM3730_REALIZE(s, &s->sdrc, DM3730_DEV_SDRC, 1, errp);
    ok = ok && DM3730_REALIZE(s, &s->gpmc, DM3730_DEV_GPMC, 1, errp);
    for (i = 0; ok && i < DM3730_NUM_UART; i++) {
        ok = DM3730_REALIZE(s, &s->uart[i], DM3730_DEV_UART1 + i, 1, errp);
    }
    for (i = 0; ok && i < DM3730_NUM_GPIO_BANKS; i++) {
        ok = DM3730_REALIZE(s, &s->gpio[i], DM3730_DEV_GPIO1 + i, 1, errp);
    }
    for (i = 0; ok && i < DM3730_NUM_MMC; i++) {
        ok = DM3730_REALIZE(s, &s->mmc[i], dm3730_mmc_dev[i], 1, errp);
    }
    return ok;
}

I2CBus *dm3730_i2c_bus(DM3730State *s, int n)
{
    assert(n >= 1 && n <= DM3730_NUM_I2C);
    return omap3_i2c_bus(&s->i2c[n - 1]);
}

/* I2C FIFO depths: DM37x TRM 17.1 (I2C3 has the 64-byte FIFOs) */
static const uint32_t dm3730_i2c_fifo_size[DM3730_NUM_I2C] = { 8, 8, 64 };

/* serialN, the SoC property for serial_hd(N), of UART1..4 */
static const int dm3730_uart_serial[DM3730_NUM_UART] = {
    1, 2, 0 /* UART3: the GTA04 console */, 3,
};

/*
 * Pads whose I/O wake-up the SCM can latch ("pad-wakeup" inputs):
 * CONTROL_PADCONF_SYS_NIRQ (the TWL4030 INT1) and UART3_RX_IRRX (the
 * console's RX wake irq in the GTA04 DT, driven by UART3's RX pad).
 * Linux sets sys_nirq's WAKEUPENABLE (2012's twl-common.c, 6.1's
 * twl4030_omap3.dtsi) and assumes the daisy chain latches pad events in
 * every CORE state; no TRM text says in which: docs/notes/omap3-io-wakeup.md.
 * ASSUMPTION: in every state, on the assertion only (an active-low pin's
 * falling edge).
 */
enum { DM3730_PAD_SYS_NIRQ, DM3730_PAD_UART3_RX };
static const uint32_t dm3730_wakeup_pads[] = {
    [DM3730_PAD_SYS_NIRQ] = 0x1e0,
    [DM3730_PAD_UART3_RX] = 0x19e,
};

/*
 * The sys_nirq pin is active low on the chip (the TWL4030 pulls its INT1
 * output low); the SoC's "sys_nirq" input is modelled as the interrupt
 * request itself, 1 = asserted.  The pin is an INTC line and a pad of the
 * I/O wake-up chain.
 */
static void dm3730_sys_nirq_set(void *opaque, int n, int level)
{
    DM3730State *s = opaque;

    qemu_set_irq(dm3730_get_irq(s, DM3730_DEV_SYS_NIRQ), level);
    qemu_set_irq(qdev_get_gpio_in_named(DEVICE(&s->scm), OMAP3_SCM_PAD_WAKEUP,
                                        DM3730_PAD_SYS_NIRQ), level);
}

/*
 * The SCM's wake-up pad list is the SoC's wiring.  An array property can be
 * set only once, so a -global on it collides with ours: an error for the
 * user, not qdev_prop_set_array()'s abort.
 */
static bool dm3730_scm_set_wakeup_pads(DM3730State *s, Error **errp)
{
    QList *pads = qlist_new();
    int i;

    for (i = 0; i < ARRAY_SIZE(dm3730_wakeup_pads); i++) {
        qlist_append_int(pads, dm3730_wakeup_pads[i]);
    }
    if (!gta04_object_property_set_array(OBJECT(&s->scm), "wakeup-pads",
                                         pads, errp)) {
        error_prepend(errp, "dm3730: the SoC sets the wake-up pads of %s "
                      "itself (no -global on them): ", TYPE_OMAP3_SCM);
        return false;
    }
    return true;
}

/* The DM3730PowerDomain of the PRCM's power domain @d */
static DM3730PowerDomain dm3730_pwrdm_of(const OMAP3PRCMDomain *d)
{
    switch (d->module) {
    case OMAP3_PRCM_MOD_WKUP:
        return DM3730_PWRDM_WKUP;
    case OMAP3_PRCM_MOD_CORE:
        return DM3730_PWRDM_CORE;
    case OMAP3_PRCM_MOD_PER:
        return DM3730_PWRDM_PER;
    default:
        return DM3730_PWRDM_NONE;
    }
}

/*
 * The PRM's "logic-power" of power domain @n (an omap3_prcm_domains[]
 * index): when it falls the modules in the domain lose their state, which
 * a reset gives them; they come back at their reset values.  CORE's also
 * goes to the control module (CONTROL_GENERAL) and the boot ROM (which
 * restores the clocks and the SDRC), and takes the OCM RAM's content:
 * "the SRAM content has been cleared" (Linux sleep34xx.S, which pushes its
 * code there again).  ASSUMPTION: cleared to zeroes.
 */
static void dm3730_pwrdm_logic_power(void *opaque, int n, int level)
{
    DM3730State *s = opaque;
    const OMAP3PRCMDomain *d = &omap3_prcm_domains[n];
    DM3730PowerDomain pd = dm3730_pwrdm_of(d);
    int dev;

    if (pd == DM3730_PWRDM_CORE) {
        qemu_set_irq(qdev_get_gpio_in_named(DEVICE(&s->scm),
                                            OMAP3_SCM_CORE_POWER, 0), level);
        qemu_set_irq(qdev_get_gpio_in_named(DEVICE(&s->boot_rom),
                                            OMAP3_BOOT_ROM_CORE_POWER, 0),
                     level);
        if (!level) {
            /* through the bus: code translated from it is dropped too */
            address_space_set(&address_space_memory,
                              dm3730_addr(DM3730_DEV_SRAM), 0,
                              memory_region_size(&s->sram),
                              MEMTXATTRS_UNSPECIFIED);
        }
    }
    if (level || pd == DM3730_PWRDM_NONE) {
        return;
    }
    for (dev = 0; dev < DM3730_DEV_COUNT; dev++) {
        if (dm3730_pwrdm[dev] == pd && s->module[dev]) {
            trace_dm3730_context_lost(d->name,
                object_get_canonical_path_component(OBJECT(s->module[dev])));
            /* not what is on its buses: the TWL4030, an SD card */
            gta04_device_reset_self(s->module[dev]);
        }
    }
}

/* The children's properties and the SoC's own, before realize */
static void dm3730_children_configure(DM3730State *s)
{
    Object *obj = OBJECT(s);
    int i;

    qdev_init_gpio_in_named(DEVICE(s), dm3730_sys_nirq_set, DM3730_SYS_NIRQ, 1);
    qdev_init_gpio_in_named(DEVICE(s), dm3730_pwrdm_logic_power,
                            DM3730_PWRDM_LOGIC_POWER, OMAP3_PRCM_NDOMAINS);
    qdev_init_gpio_out_named(DEVICE(s), &s->mpu_standbywfi,
                             DM3730_MPU_STANDBYWFI, 1);
    qdev_prop_set_uint16(DEVICE(&s->standbywfi_split), "num-lines", 2);
    for (i = 0; i < ARRAY_SIZE(s->mpu_irq_split); i++) {
        qdev_prop_set_uint16(DEVICE(&s->mpu_irq_split[i]), "num-lines", 3);
    }

    /* only GPTIMER1, 2 and 10 have the 1-ms tick registers */
    for (i = 0; i < DM3730_NUM_GPT; i++) {
        int n = i + 1;

        object_property_set_bool(OBJECT(&s->gpt[i]), "has-1ms-tick",
                                 n == 1 || n == 2 || n == 10, &error_abort);
    }

    /*
     * WDT2 counts out of reset on the chip, but ROM, X-Loader and U-Boot,
     * which stop it before Linux runs, are not there: see omap3_wdt.c.
     * "wdt2-running-at-reset" gives the silicon behaviour back.
     */
    object_property_set_bool(OBJECT(&s->wdt2), "running-at-reset", false,
                             &error_abort);
    object_property_add_alias(obj, "wdt2-running-at-reset", OBJECT(&s->wdt2),
                              "running-at-reset");
    /* WDT3 (the IVA2 watchdog) only interrupts; off at reset [unverified] */
    object_property_set_bool(OBJECT(&s->wdt3), "running-at-reset", false,
                             &error_abort);
    object_property_set_bool(OBJECT(&s->wdt3), "reset-on-expiry", false,
                             &error_abort);

    /* The buses are "i2c.1".."i2c.3", for -device <slave>,bus=i2c.N,address=A */
    for (i = 0; i < DM3730_NUM_I2C; i++) {
        DeviceState *dev = DEVICE(&s->i2c[i]);
        g_autofree char *bus_name = g_strdup_printf("i2c.%d", i + 1);

        qdev_prop_set_string(dev, "bus-name", bus_name);
        qdev_prop_set_uint32(dev, "fifo-size", dm3730_i2c_fifo_size[i]);
    }
    /*
     * U-Boot talks to the TWL4030 on I2C1 before Linux runs (VMMC1 for the
     * SD card it loads the kernel from, the power set-up) and leaves the
     * controller enabled; Linux's first hwmod enable then finds RESETDONE
     * set.  I2C2 and I2C3 come up as the reset left them.
     */
    qdev_prop_set_bit(DEVICE(&s->i2c[0]), "enabled-at-reset", true);

    for (i = 0; i < DM3730_NUM_UART; i++) {
        g_autofree char *serial = g_strdup_printf("serial%d",
                                                  dm3730_uart_serial[i]);

        object_property_add_alias(obj, serial, OBJECT(&s->uart[i]), "chardev");
    }
    /* what watches the console's transmit side (serial0, UART3) */
    object_property_add_alias(obj, "console-tx-watch", OBJECT(&s->uart[2]),
                              "tx-watch");
}

/*
 * The modules whose wake-up request (SWAKEUP, each one's named output
 * "wakeup": OMAP3_GPIO_WAKEUP, OMAP3_UART_WAKEUP, OMAP3_GPTIMER_WAKEUP)
 * goes to the PRM's "module-wakeup" input that names its PM_WKST bit.
 */
#define DM3730_MODULE_WAKEUP    "wakeup"
static const struct {
    DM3730Device dev;
    OMAP3PRMWakeup prm_input;
} dm3730_wakeup_sources[] = {
    { DM3730_DEV_GPT1,  OMAP3_PRM_WAKEUP_GPT1 },
    { DM3730_DEV_GPT2,  OMAP3_PRM_WAKEUP_GPT2 },
    { DM3730_DEV_GPT3,  OMAP3_PRM_WAKEUP_GPT3 },
    { DM3730_DEV_GPT4,  OMAP3_PRM_WAKEUP_GPT4 },
    { DM3730_DEV_GPT5,  OMAP3_PRM_WAKEUP_GPT5 },
    { DM3730_DEV_GPT6,  OMAP3_PRM_WAKEUP_GPT6 },
    { DM3730_DEV_GPT7,  OMAP3_PRM_WAKEUP_GPT7 },
    { DM3730_DEV_GPT8,  OMAP3_PRM_WAKEUP_GPT8 },
    { DM3730_DEV_GPT9,  OMAP3_PRM_WAKEUP_GPT9 },
    { DM3730_DEV_GPT10, OMAP3_PRM_WAKEUP_GPT10 },
    { DM3730_DEV_GPT11, OMAP3_PRM_WAKEUP_GPT11 },
    { DM3730_DEV_GPT12, OMAP3_PRM_WAKEUP_GPT12 },
    { DM3730_DEV_UART1, OMAP3_PRM_WAKEUP_UART1 },
    { DM3730_DEV_UART2, OMAP3_PRM_WAKEUP_UART2 },
    { DM3730_DEV_UART3, OMAP3_PRM_WAKEUP_UART3 },
    { DM3730_DEV_UART4, OMAP3_PRM_WAKEUP_UART4 },
    { DM3730_DEV_GPIO1, OMAP3_PRM_WAKEUP_GPIO1 },
    { DM3730_DEV_GPIO2, OMAP3_PRM_WAKEUP_GPIO2 },
    { DM3730_DEV_GPIO3, OMAP3_PRM_WAKEUP_GPIO3 },
    { DM3730_DEV_GPIO4, OMAP3_PRM_WAKEUP_GPIO4 },
    { DM3730_DEV_GPIO5, OMAP3_PRM_WAKEUP_GPIO5 },
    { DM3730_DEV_GPIO6, OMAP3_PRM_WAKEUP_GPIO6 },
};

/* Each module's wake-up request to its PM_WKST bit in the PRM */
static void dm3730_wakeups_connect(DM3730State *s)
{
    int i;

    QEMU_BUILD_BUG_ON(ARRAY_SIZE(dm3730_wakeup_sources) != OMAP3_PRM_NWAKEUPS);
    for (i = 0; i < ARRAY_SIZE(dm3730_wakeup_sources); i++) {
        DeviceState *module = s->module[dm3730_wakeup_sources[i].dev];

        qdev_connect_gpio_out_named(module, DM3730_MODULE_WAKEUP, 0,
                                    qdev_get_gpio_in_named(DEVICE(&s->prm),
                                        OMAP3_PRM_MODULE_WAKEUP,
                                        dm3730_wakeup_sources[i].prm_input));
    }
}

/* The wires between children, after realize */
static void dm3730_children_connect(DM3730State *s)
{
    static const int cpu_line[] = { ARM_CPU_IRQ, ARM_CPU_FIQ };
    SysBusDevice *intc = SYS_BUS_DEVICE(&s->intc);
    int i;

    /*
     * The INTC's IRQ and FIQ go to the Cortex-A8; to the PRM: an interrupt
     * for the MPU wakes its power domain (from OFF, where the CPU cannot
     * see it); and to the boot ROM, which gives the rebooted CPU the levels
     */
    for (i = 0; i < ARRAY_SIZE(cpu_line); i++) {
        DeviceState *split = DEVICE(&s->mpu_irq_split[i]);

        sysbus_connect_irq(intc, i == 0 ? OMAP3_INTC_OUT_IRQ :
                                          OMAP3_INTC_OUT_FIQ,
                           qdev_get_gpio_in(split, 0));
        qdev_connect_gpio_out(split, 0, qdev_get_gpio_in(DEVICE(&s->cpu),
                                                         cpu_line[i]));
        qdev_connect_gpio_out(split, 1,
                              qdev_get_gpio_in_named(DEVICE(&s->prm),
                                                     OMAP3_PRM_MPU_IRQ, i));
        qdev_connect_gpio_out(split, 2,
                              qdev_get_gpio_in_named(DEVICE(&s->boot_rom),
                                                     OMAP3_BOOT_ROM_CPU_IRQ,
                                                     i));
    }
    /*
     * the domains' logic power: the boot ROM boots the CPU when the MPU's
     * returns; the others' modules lose their state
     */
    for (i = 0; i < OMAP3_PRCM_NDOMAINS; i++) {
        qemu_irq to = omap3_prcm_domains[i].module == OMAP3_PRCM_MOD_MPU ?
            qdev_get_gpio_in_named(DEVICE(&s->boot_rom),
                                   OMAP3_BOOT_ROM_MPU_POWER, 0) :
            qdev_get_gpio_in_named(DEVICE(s), DM3730_PWRDM_LOGIC_POWER, i);

        qdev_connect_gpio_out_named(DEVICE(&s->prm), OMAP3_PRM_LOGIC_POWER, i,
                                    to);
    }

    /*
     * the Cortex-A8's WFI standby tells the PRCM the MPU may sleep; the
     * split's second output is the SoC's own "mpu-standbywfi", whatever the
     * board connected it to before realize
     */
    qdev_connect_gpio_out_named(DEVICE(&s->cpu), "standbywfi", 0,
                                qdev_get_gpio_in(DEVICE(&s->standbywfi_split),
                                                 0));
    qdev_connect_gpio_out(DEVICE(&s->standbywfi_split), 0,
                          qdev_get_gpio_in_named(DEVICE(&s->prm),
                                                 OMAP3_PRM_MPU_STANDBYWFI, 0));
    qdev_connect_gpio_out(DEVICE(&s->standbywfi_split), 1, s->mpu_standbywfi);

    /* the IVA2.2 DSP's reset, from the PRM to the CM's CM_IDLEST_IVA2 */
    qdev_connect_gpio_out_named(DEVICE(&s->prm), OMAP3_PRM_IVA2_RESET, 0,
                                qdev_get_gpio_in_named(DEVICE(&s->cm),
                                                       OMAP3_CM_IVA2_RESET, 0));

    /* the I/O wake-up daisy chain between the pads and the PRM */
    qdev_connect_gpio_out_named(DEVICE(&s->prm), OMAP3_PRM_IO_CHAIN, 0,
                                qdev_get_gpio_in_named(DEVICE(&s->scm),
                                                       OMAP3_SCM_IO_CHAIN, 0));
    qdev_connect_gpio_out_named(DEVICE(&s->scm), OMAP3_SCM_IO_WAKEUP, 0,
                                qdev_get_gpio_in_named(DEVICE(&s->prm),
                                                       OMAP3_PRM_IO_WAKEUP, 0));

    /* the modules' wake-up requests to the PRCM */
    dm3730_wakeups_connect(s);

    /* UART3's RX wire reaches its pad's I/O wake-up (the console wakes) */
    qdev_connect_gpio_out_named(DEVICE(&s->uart[2]), OMAP3_UART_RX_PAD, 0,
                                qdev_get_gpio_in_named(DEVICE(&s->scm),
                                                       OMAP3_SCM_PAD_WAKEUP,
                                                       DM3730_PAD_UART3_RX));
}

/*
 * The clock tree (DM37x TRM 3.5.3), wired before the children are
 * realized: the PRM's SYS_CLK (osc-hz / SYSCLKDIV) and 32 kHz clock feed
 * the CM, whose functional clocks feed the GPTs (GPTn_FCLK, 32 kHz or
 * SYS_CLK per CM_CLKSEL_*), the watchdogs (32 kHz), the I2C controllers
 * (96 MHz) and the UARTs (48 MHz), the last two from DPLL4, locked from
 * SYS_CLK.
 */
static void dm3730_clocks_connect(DM3730State *s)
{
    DeviceState *cm = DEVICE(&s->cm), *prm = DEVICE(&s->prm);
    int i;

    qdev_connect_clock_in(cm, OMAP3_CM_SYS_CLK,
                          qdev_get_clock_out(prm, OMAP3_PRM_SYS_CLK));
    qdev_connect_clock_in(cm, OMAP3_CM_32K_CLK,
                          qdev_get_clock_out(prm, OMAP3_PRM_32K_CLK));
    for (i = 0; i < DM3730_NUM_GPT; i++) {
        g_autofree char *name = omap3_cm_gpt_fck_name(i + 1);

        qdev_connect_clock_in(DEVICE(&s->gpt[i]), "fclk",
                              qdev_get_clock_out(cm, name));
    }
    qdev_connect_clock_in(DEVICE(&s->wdt2), "fclk",
                          qdev_get_clock_out(cm, OMAP3_CM_32K_FCK));
    qdev_connect_clock_in(DEVICE(&s->wdt3), "fclk",
                          qdev_get_clock_out(cm, OMAP3_CM_32K_FCK));
    for (i = 0; i < DM3730_NUM_I2C; i++) {
        qdev_connect_clock_in(DEVICE(&s->i2c[i]), "fclk",
                              qdev_get_clock_out(cm, OMAP3_CM_96M_FCK));
    }
    for (i = 0; i < DM3730_NUM_UART; i++) {
        qdev_connect_clock_in(DEVICE(&s->uart[i]), "fclk",
                              qdev_get_clock_out(cm, OMAP3_CM_48M_FCK));
    }
}

static void dm3730_init(Object *obj)
{
    DM3730State *s = DM3730(obj);

    object_initialize_child(obj, "cpu", &s->cpu, ARM_CPU_TYPE_NAME("cortex-a8"));
    object_initialize_child(obj, "standbywfi-split", &s->standbywfi_split,
                            TYPE_SPLIT_IRQ);
    object_initialize_child(obj, "irq-split", &s->mpu_irq_split[0],
                            TYPE_SPLIT_IRQ);
    object_initialize_child(obj, "fiq-split", &s->mpu_irq_split[1],
                            TYPE_SPLIT_IRQ);
    dm3730_children_init(s);
    /* the SYS_OFF_MODE pin is the PRM's: the board wires it to the PMIC */
    qdev_pass_gpios(DEVICE(&s->prm), DEVICE(s), OMAP3_PRM_SYS_OFF_MODE);
    dm3730_children_configure(s);
    dm3730_clocks_connect(s);
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
    memory_region_init_ram(&s->sram, OBJECT(dev), "dm3730.sram",
                           dm3730_memmap[DM3730_DEV_SRAM].size, errp);
    if (*errp) {
        return;
    }
    memory_region_add_subregion(sysmem, dm3730_addr(DM3730_DEV_SRAM),
                                &s->sram);

    /* The modelled devices */
    if (!dm3730_scm_set_wakeup_pads(s, errp) ||
        !dm3730_children_realize(s, errp) ||
        !qdev_realize(DEVICE(&s->standbywfi_split), NULL, errp) ||
        !qdev_realize(DEVICE(&s->mpu_irq_split[0]), NULL, errp) ||
        !qdev_realize(DEVICE(&s->mpu_irq_split[1]), NULL, errp)) {
        return;
    }
    /* sys_boot maps the boot ROM at 0 too */
    memory_region_init_alias(&s->boot_rom_alias, OBJECT(dev),
                             "dm3730.boot-rom-alias",
                             sysbus_mmio_get_region(SYS_BUS_DEVICE(&s->boot_rom),
                                                    0),
                             0, dm3730_memmap[DM3730_DEV_BOOT_ALIAS].size);
    memory_region_add_subregion(sysmem, dm3730_addr(DM3730_DEV_BOOT_ALIAS),
                                &s->boot_rom_alias);
    dm3730_children_connect(s);

    /* OCP sockets of the IP blocks without a model */
    for (i = 0; i < ARRAY_SIZE(dm3730_ocp_only); i++) {
        dm3730_create_ocp_only(i);
    }

    /* Everything not modelled */
    for (i = 0; i < ARRAY_SIZE(dm3730_unimplemented); i++) {
        dm3730_create_unimplemented(i);
    }
}

static void dm3730_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);

    dc->realize = dm3730_realize;
    /* The SoC is part of the board: it owns the CPU and maps into sysmem */
    dc->user_creatable = false;
}
GTA04_CLASS_INIT_COMPAT(dm3730_class_init);

static const TypeInfo dm3730_type_info = {
    .name = TYPE_DM3730,
    .parent = TYPE_DEVICE,
    .instance_size = sizeof(DM3730State),
    .instance_init = dm3730_init,
    .class_init = GTA04_CLASS_INIT(dm3730_class_init),
};

static void dm3730_register_types(void)
{
    type_register_static(&dm3730_type_info);
}

type_init(dm3730_register_types)
