/*
 * TI DM3730 (OMAP3630 family): memory map and interrupt lines
 *
 * One DM3730Device per instance the SoC maps: every modelled device (each
 * register window of it), every region without a model and every OCP
 * stand-in; dm3730_memmap[] gives each its base and size, dm3730_irqmap[]
 * its MPU INTC input line.  Nothing else in hw/ or tests/ writes an address
 * or an interrupt number of the chip: the SoC (hw/arm/dm3730.c) creates its
 * children from these tables, and the qtests include this header.  It
 * needs only "qemu/osdep.h" before it, so qtests can include it.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_ARM_DM3730_MEMMAP_H
#define HW_ARM_DM3730_MEMMAP_H

#include "qemu/units.h"
#include "exec/hwaddr.h"

typedef enum DM3730Device {
    /* on-chip memories and SDRAM */
    DM3730_DEV_BOOT_ROM,
    DM3730_DEV_BOOT_ALIAS,      /* sys_boot maps the boot ROM at 0 */
    DM3730_DEV_SRAM,
    DM3730_DEV_SDRAM,           /* SDRC: two chip selects of up to 512 MiB */

    /*
     * Modelled devices.  Instances of one type are consecutive, numbered
     * like the TRM (GPT1 is GPTIMER1); a device with two register windows
     * has two consecutive entries, in the order of its sysbus MMIO regions.
     */
    DM3730_DEV_INTC,
    DM3730_DEV_GPT1,
    DM3730_DEV_GPT2,
    DM3730_DEV_GPT3,
    DM3730_DEV_GPT4,
    DM3730_DEV_GPT5,
    DM3730_DEV_GPT6,
    DM3730_DEV_GPT7,
    DM3730_DEV_GPT8,
    DM3730_DEV_GPT9,
    DM3730_DEV_GPT10,
    DM3730_DEV_GPT11,
    DM3730_DEV_GPT12,
    DM3730_DEV_SYNCTIMER,
    DM3730_DEV_WDT2,            /* MPU watchdog: resets the chip */
    DM3730_DEV_WDT3,            /* IVA2 watchdog: interrupt only */
    DM3730_DEV_I2C1,
    DM3730_DEV_I2C2,
    DM3730_DEV_I2C3,
    DM3730_DEV_CM,              /* PRCM: clock manager */
    DM3730_DEV_PRM,             /* PRCM: power and reset manager */
    DM3730_DEV_SCM,             /* control module */
    DM3730_DEV_SCM_ID,          /* control module: ID and fuse registers */
    DM3730_DEV_L3,              /* L3 interconnect: its 16 MiB configuration space */
    DM3730_DEV_SMS,             /* the memory controllers' 16 MiB spaces ... */
    DM3730_DEV_SDRC,
    DM3730_DEV_GPMC,            /* ... beyond their register files unimplemented */
    DM3730_DEV_UART1,
    DM3730_DEV_UART2,
    DM3730_DEV_UART3,
    DM3730_DEV_UART4,
    DM3730_DEV_GPIO1,
    DM3730_DEV_GPIO2,
    DM3730_DEV_GPIO3,
    DM3730_DEV_GPIO4,
    DM3730_DEV_GPIO5,
    DM3730_DEV_GPIO6,

    /* OCP stand-ins of the IP blocks without a model: L4-Core */
    DM3730_DEV_DSI,
    DM3730_DEV_DSS,
    DM3730_DEV_DISPC,
    DM3730_DEV_RFBI,
    DM3730_DEV_VENC,
    DM3730_DEV_SDMA,
    DM3730_DEV_SSI,
    DM3730_DEV_USB_TLL,
    DM3730_DEV_USB_HOST,
    DM3730_DEV_MCBSP1,
    DM3730_DEV_MAILBOX,
    DM3730_DEV_MCBSP5,
    DM3730_DEV_MCSPI1,
    DM3730_DEV_MCSPI2,
    DM3730_DEV_MMC1,
    DM3730_DEV_RNG,
    DM3730_DEV_AES1,
    DM3730_DEV_USB_OTG,
    DM3730_DEV_MMC3,
    DM3730_DEV_HDQ1W,
    DM3730_DEV_MMC2,
    DM3730_DEV_MCSPI3,
    DM3730_DEV_MCSPI4,
    DM3730_DEV_MMU_ISP,
    DM3730_DEV_SHAM,
    DM3730_DEV_AES2,
    DM3730_DEV_SMARTREFLEX1,
    DM3730_DEV_SMARTREFLEX2,
    /* L4-Per */
    DM3730_DEV_MCBSP2,
    DM3730_DEV_MCBSP3,
    DM3730_DEV_MCBSP4,
    DM3730_DEV_MCBSP2_SIDETONE,
    DM3730_DEV_MCBSP3_SIDETONE,
    /* L3 targets */
    DM3730_DEV_SGX,
    DM3730_DEV_MMU_IVA,

    /* Regions without a model or an OCP socket */
    DM3730_DEV_SSI_GDD_PORTS,   /* SSI GDD and its two ports */
    DM3730_DEV_USB_HOST_OHCI,
    DM3730_DEV_USB_HOST_EHCI,
    DM3730_DEV_ISP,             /* camera ISP incl. CSI2/CCP2 (its MMU: MMU_ISP) */
    /* Interconnect windows, the background under everything in them */
    DM3730_DEV_L4_CORE,
    DM3730_DEV_L4_WKUP,
    DM3730_DEV_L4_PER,
    DM3730_DEV_L4_EMU,
    DM3730_DEV_GPMC_CS,         /* GPMC chip-select space (NAND on CS0) */

    /* Interrupt sources without a region */
    DM3730_DEV_SYS_NIRQ,        /* external nIRQ pin: the TWL4030 INT1 */

    DM3730_DEV_COUNT
} DM3730Device;

/*
 * DM37x TRM tables 2-1 "L3 memory map", 2-3 "L4-Core", 2-4 "L4-Wakeup,
 * L4-Per, L4-Emu"; a modelled device maps its own register file at the
 * base, at most the size given here.  OCP stand-ins and regions without a
 * model have the base and size of their omap3.dtsi/omap36xx.dtsi node.
 */
static const MemMapEntry dm3730_memmap[DM3730_DEV_COUNT] = {
    [DM3730_DEV_BOOT_ROM]       = { 0x40000000, 0x1c000 },
    [DM3730_DEV_BOOT_ALIAS]     = { 0x00000000, 0x1c000 },
    [DM3730_DEV_SRAM]           = { 0x40200000, 0x10000 },
    [DM3730_DEV_SDRAM]          = { 0x80000000, 1 * GiB },

    [DM3730_DEV_INTC]           = { 0x48200000, 0x1000 },
    [DM3730_DEV_GPT1]           = { 0x48318000, 0x1000 },
    [DM3730_DEV_GPT2]           = { 0x49032000, 0x1000 },
    [DM3730_DEV_GPT3]           = { 0x49034000, 0x1000 },
    [DM3730_DEV_GPT4]           = { 0x49036000, 0x1000 },
    [DM3730_DEV_GPT5]           = { 0x49038000, 0x1000 },
    [DM3730_DEV_GPT6]           = { 0x4903a000, 0x1000 },
    [DM3730_DEV_GPT7]           = { 0x4903c000, 0x1000 },
    [DM3730_DEV_GPT8]           = { 0x4903e000, 0x1000 },
    [DM3730_DEV_GPT9]           = { 0x49040000, 0x1000 },
    [DM3730_DEV_GPT10]          = { 0x48086000, 0x1000 },
    [DM3730_DEV_GPT11]          = { 0x48088000, 0x1000 },
    [DM3730_DEV_GPT12]          = { 0x48304000, 0x1000 },
    [DM3730_DEV_SYNCTIMER]      = { 0x48320000, 0x1000 },
    [DM3730_DEV_WDT2]           = { 0x48314000, 0x1000 },
    [DM3730_DEV_WDT3]           = { 0x49030000, 0x1000 },
    [DM3730_DEV_I2C1]           = { 0x48070000, 0x1000 },
    [DM3730_DEV_I2C2]           = { 0x48072000, 0x1000 },
    [DM3730_DEV_I2C3]           = { 0x48060000, 0x1000 },
    [DM3730_DEV_CM]             = { 0x48004000, 0x2000 },
    [DM3730_DEV_PRM]            = { 0x48306000, 0x2000 },
    [DM3730_DEV_SCM]            = { 0x48002000, 0x1000 },
    [DM3730_DEV_SCM_ID]         = { 0x4830a000, 0x1000 },
    [DM3730_DEV_L3]             = { 0x68000000, 16 * MiB },
    [DM3730_DEV_SMS]            = { 0x6c000000, 16 * MiB },
    [DM3730_DEV_SDRC]           = { 0x6d000000, 16 * MiB },
    [DM3730_DEV_GPMC]           = { 0x6e000000, 16 * MiB },
    [DM3730_DEV_UART1]          = { 0x4806a000, 0x1000 },
    [DM3730_DEV_UART2]          = { 0x4806c000, 0x1000 },
    [DM3730_DEV_UART3]          = { 0x49020000, 0x1000 },
    [DM3730_DEV_UART4]          = { 0x49042000, 0x1000 },
    [DM3730_DEV_GPIO1]          = { 0x48310000, 0x1000 },
    [DM3730_DEV_GPIO2]          = { 0x49050000, 0x1000 },
    [DM3730_DEV_GPIO3]          = { 0x49052000, 0x1000 },
    [DM3730_DEV_GPIO4]          = { 0x49054000, 0x1000 },
    [DM3730_DEV_GPIO5]          = { 0x49056000, 0x1000 },
    [DM3730_DEV_GPIO6]          = { 0x49058000, 0x1000 },

    [DM3730_DEV_DSI]            = { 0x4804fc00, 0x400 },
    [DM3730_DEV_DSS]            = { 0x48050000, 0x400 },
    [DM3730_DEV_DISPC]          = { 0x48050400, 0x400 },
    [DM3730_DEV_RFBI]           = { 0x48050800, 0x400 },
    [DM3730_DEV_VENC]           = { 0x48050c00, 0x400 },
    [DM3730_DEV_SDMA]           = { 0x48056000, 0x1000 },
    [DM3730_DEV_SSI]            = { 0x48058000, 0x1000 },
    [DM3730_DEV_USB_TLL]        = { 0x48062000, 0x1000 },
    [DM3730_DEV_USB_HOST]       = { 0x48064000, 0x400 },
    [DM3730_DEV_MCBSP1]         = { 0x48074000, 0x1000 },
    [DM3730_DEV_MAILBOX]        = { 0x48094000, 0x1000 },
    [DM3730_DEV_MCBSP5]         = { 0x48096000, 0x1000 },
    [DM3730_DEV_MCSPI1]         = { 0x48098000, 0x1000 },
    [DM3730_DEV_MCSPI2]         = { 0x4809a000, 0x1000 },
    [DM3730_DEV_MMC1]           = { 0x4809c000, 0x1000 },
    [DM3730_DEV_RNG]            = { 0x480a0000, 0x2000 },
    [DM3730_DEV_AES1]           = { 0x480a6000, 0x2000 },
    [DM3730_DEV_USB_OTG]        = { 0x480ab000, 0x1000 },
    [DM3730_DEV_MMC3]           = { 0x480ad000, 0x1000 },
    [DM3730_DEV_HDQ1W]          = { 0x480b2000, 0x1000 },
    [DM3730_DEV_MMC2]           = { 0x480b4000, 0x1000 },
    [DM3730_DEV_MCSPI3]         = { 0x480b8000, 0x1000 },
    [DM3730_DEV_MCSPI4]         = { 0x480ba000, 0x1000 },
    [DM3730_DEV_MMU_ISP]        = { 0x480bd400, 0x80 },
    [DM3730_DEV_SHAM]           = { 0x480c3000, 0x1000 },
    [DM3730_DEV_AES2]           = { 0x480c5000, 0x1000 },
    [DM3730_DEV_SMARTREFLEX1]   = { 0x480c9000, 0x1000 },
    [DM3730_DEV_SMARTREFLEX2]   = { 0x480cb000, 0x1000 },
    [DM3730_DEV_MCBSP2]         = { 0x49022000, 0x1000 },
    [DM3730_DEV_MCBSP3]         = { 0x49024000, 0x1000 },
    [DM3730_DEV_MCBSP4]         = { 0x49026000, 0x1000 },
    [DM3730_DEV_MCBSP2_SIDETONE] = { 0x49028000, 0x1000 },
    [DM3730_DEV_MCBSP3_SIDETONE] = { 0x4902a000, 0x1000 },
    [DM3730_DEV_SGX]            = { 0x50000000, 0x10000 },
    [DM3730_DEV_MMU_IVA]        = { 0x5d000000, 0x1000 },

    [DM3730_DEV_SSI_GDD_PORTS]  = { 0x48059000, 0x3000 },
    [DM3730_DEV_USB_HOST_OHCI]  = { 0x48064400, 0x400 },
    [DM3730_DEV_USB_HOST_EHCI]  = { 0x48064800, 0x400 },
    [DM3730_DEV_ISP]            = { 0x480bc000, 0x4000 },
    [DM3730_DEV_L4_CORE]        = { 0x48000000, 0x300000 },
    [DM3730_DEV_L4_WKUP]        = { 0x48300000, 0x40000 },
    [DM3730_DEV_L4_PER]         = { 0x49000000, 0x100000 },
    [DM3730_DEV_L4_EMU]         = { 0x54000000, 0x800000 },
    [DM3730_DEV_GPMC_CS]        = { 0x00000000, 1 * GiB },
};

/*
 * MPU INTC input lines: DM3730 TRM table 12-3 "Interrupt Mapping to the
 * MPU Subsystem".  Line 0 (EMUINT) is the MPU's own: 0 here means "no
 * line".  WDT2's interrupt has no MPU line (its expiry is the reset), nor
 * has the GPIO banks' IVA line (IRQSTATUS2, to the IVA2.2 INTC).
 */
static const uint8_t dm3730_irqmap[DM3730_DEV_COUNT] = {
    [DM3730_DEV_SYS_NIRQ]       = 7,
    [DM3730_DEV_PRM]            = 11,   /* PRCM_MPU_IRQ */
    [DM3730_DEV_GPMC]           = 20,
    [DM3730_DEV_GPIO1]          = 29,
    [DM3730_DEV_GPIO2]          = 30,
    [DM3730_DEV_GPIO3]          = 31,
    [DM3730_DEV_GPIO4]          = 32,
    [DM3730_DEV_GPIO5]          = 33,
    [DM3730_DEV_GPIO6]          = 34,
    [DM3730_DEV_WDT3]           = 36,
    [DM3730_DEV_GPT1]           = 37,
    [DM3730_DEV_GPT2]           = 38,
    [DM3730_DEV_GPT3]           = 39,
    [DM3730_DEV_GPT4]           = 40,
    [DM3730_DEV_GPT5]           = 41,
    [DM3730_DEV_GPT6]           = 42,
    [DM3730_DEV_GPT7]           = 43,
    [DM3730_DEV_GPT8]           = 44,
    [DM3730_DEV_GPT9]           = 45,
    [DM3730_DEV_GPT10]          = 46,
    [DM3730_DEV_GPT11]          = 47,
    [DM3730_DEV_I2C1]           = 56,
    [DM3730_DEV_I2C2]           = 57,
    [DM3730_DEV_I2C3]           = 61,
    [DM3730_DEV_UART1]          = 72,
    [DM3730_DEV_UART2]          = 73,
    [DM3730_DEV_UART3]          = 74,
    [DM3730_DEV_UART4]          = 80,
    [DM3730_DEV_MMC1]           = 83,
    [DM3730_DEV_MMC2]           = 86,
    [DM3730_DEV_MMC3]           = 94,
    [DM3730_DEV_GPT12]          = 95,
};

/* Base address of @dev's region */
static inline hwaddr dm3730_addr(DM3730Device dev)
{
    assert(dev < DM3730_DEV_COUNT && dm3730_memmap[dev].size);
    return dm3730_memmap[dev].base;
}

/* The MPU INTC input line of @dev's interrupt */
static inline int dm3730_irq(DM3730Device dev)
{
    assert(dev < DM3730_DEV_COUNT && dm3730_irqmap[dev]);
    return dm3730_irqmap[dev];
}

/*
 * The power domain of each modelled module, whose logic it shares: what
 * the domain's OFF (or RET with its logic off) loses.  From the clock
 * domains of the modules' clocks (Linux arch/arm/boot/dts/
 * omap3xxx-clocks.dtsi, omap36xx-clocks.dtsi: per_clkdm, wkup_clkdm,
 * core_l4_clkdm, core_l3_clkdm); the INTC, the CM, the SDRC, the SMS and
 * the GPMC are CORE's as Linux restores them only after CORE OFF
 * (docs/notes/omap3-core-off.md 1, 3).  The control module is left out: its
 * padconf and wake-up memory live through CORE OFF, its CONTROL_GENERAL
 * does not (its own "core-power" input).
 */
typedef enum DM3730PowerDomain {
    DM3730_PWRDM_NONE,          /* no module, or not modelled as one */
    DM3730_PWRDM_WKUP,
    DM3730_PWRDM_CORE,
    DM3730_PWRDM_PER,
} DM3730PowerDomain;

static const uint8_t dm3730_pwrdm[DM3730_DEV_COUNT] = {
    [DM3730_DEV_INTC]           = DM3730_PWRDM_CORE,
    [DM3730_DEV_GPT1]           = DM3730_PWRDM_WKUP,
    [DM3730_DEV_GPT2]           = DM3730_PWRDM_PER,
    [DM3730_DEV_GPT3]           = DM3730_PWRDM_PER,
    [DM3730_DEV_GPT4]           = DM3730_PWRDM_PER,
    [DM3730_DEV_GPT5]           = DM3730_PWRDM_PER,
    [DM3730_DEV_GPT6]           = DM3730_PWRDM_PER,
    [DM3730_DEV_GPT7]           = DM3730_PWRDM_PER,
    [DM3730_DEV_GPT8]           = DM3730_PWRDM_PER,
    [DM3730_DEV_GPT9]           = DM3730_PWRDM_PER,
    [DM3730_DEV_GPT10]          = DM3730_PWRDM_CORE,
    [DM3730_DEV_GPT11]          = DM3730_PWRDM_CORE,
    [DM3730_DEV_GPT12]          = DM3730_PWRDM_WKUP,
    [DM3730_DEV_SYNCTIMER]      = DM3730_PWRDM_WKUP,
    [DM3730_DEV_WDT2]           = DM3730_PWRDM_WKUP,
    [DM3730_DEV_WDT3]           = DM3730_PWRDM_PER,
    [DM3730_DEV_I2C1]           = DM3730_PWRDM_CORE,
    [DM3730_DEV_I2C2]           = DM3730_PWRDM_CORE,
    [DM3730_DEV_I2C3]           = DM3730_PWRDM_CORE,
    [DM3730_DEV_SDRC]           = DM3730_PWRDM_CORE,
    [DM3730_DEV_SMS]            = DM3730_PWRDM_CORE,
    [DM3730_DEV_GPMC]           = DM3730_PWRDM_CORE,
    [DM3730_DEV_CM]             = DM3730_PWRDM_CORE,
    [DM3730_DEV_UART1]          = DM3730_PWRDM_CORE,
    [DM3730_DEV_UART2]          = DM3730_PWRDM_CORE,
    [DM3730_DEV_UART3]          = DM3730_PWRDM_PER,
    [DM3730_DEV_UART4]          = DM3730_PWRDM_PER,
    [DM3730_DEV_GPIO1]          = DM3730_PWRDM_WKUP,
    [DM3730_DEV_GPIO2]          = DM3730_PWRDM_PER,
    [DM3730_DEV_GPIO3]          = DM3730_PWRDM_PER,
    [DM3730_DEV_GPIO4]          = DM3730_PWRDM_PER,
    [DM3730_DEV_GPIO5]          = DM3730_PWRDM_PER,
    [DM3730_DEV_GPIO6]          = DM3730_PWRDM_PER,
    [DM3730_DEV_MMC1]           = DM3730_PWRDM_CORE,
    [DM3730_DEV_MMC2]           = DM3730_PWRDM_CORE,
};

#endif /* HW_ARM_DM3730_MEMMAP_H */
