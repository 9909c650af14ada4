/*
 * TI DM3730 (OMAP3630 family) system-on-chip
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_ARM_DM3730_H
#define HW_ARM_DM3730_H

#include "hw/qdev-core.h"
#include "target/arm/cpu.h"
#include "qom/object.h"
#include "hw/char/omap3_uart.h"
#include "hw/gpio/omap3_gpio.h"
#include "hw/i2c/omap3_i2c.h"
#include "hw/intc/omap3_intc.h"
#include "hw/misc/omap3_prcm.h"
#include "hw/misc/omap3_gpmc.h"
#include "hw/misc/omap3_l3.h"
#include "hw/misc/omap3_scm.h"
#include "hw/misc/omap3_sdrc.h"
#include "hw/misc/omap3_sms.h"
#include "hw/timer/omap3_gptimer.h"
#include "hw/timer/omap3_synctimer.h"
#include "hw/watchdog/omap3_wdt.h"

#define TYPE_DM3730 "dm3730"
OBJECT_DECLARE_SIMPLE_TYPE(DM3730State, DM3730)

/* Cortex-A8 r3p2, as on DM3730 (a zero revision makes Linux assume 3430 ES1.0) */
#define DM3730_MIDR             0x413fc082

/* DM3730 TRM chapter 2, "Memory Mapping" */
enum {
    DM3730_DEV_BOOT_ROM,
    DM3730_DEV_SRAM,
    DM3730_DEV_L4_CORE,
    DM3730_DEV_L4_WKUP,
    DM3730_DEV_L4_PER,
    DM3730_DEV_L4_EMU,
    DM3730_DEV_L3,
    DM3730_DEV_SMS,
    DM3730_DEV_SDRC,
    DM3730_DEV_GPMC,
    DM3730_DEV_SDRAM,
};

#define DM3730_BOOT_ROM_BASE    0x40000000
#define DM3730_BOOT_ROM_SIZE    0x1c000
#define DM3730_SRAM_BASE        0x40200000
#define DM3730_SRAM_SIZE        0x10000
#define DM3730_SDRAM_BASE       0x80000000
/* SDRC: two chip selects of up to 512 MiB each */
#define DM3730_SDRAM_MAX_SIZE   (1 * GiB)
/* I2C1..3 (TRM 17.1); I2C4 is the PRM's SmartReflex voltage controller */
#define DM3730_NUM_I2C          3

/* UART1..4 (UART4 is new in the 3630 family) and GPIO1..6, 32 lines each */
#define DM3730_NUM_UART         4
#define DM3730_NUM_GPIO_BANKS   6
/*
 * Chardev properties of the SoC, for the board's serial_hd(0..3):
 * "serial0" is UART3 (the GTA04 console, Linux ttyO2), "serial1" UART1,
 * "serial2" UART2, "serial3" UART4.
 */
#define DM3730_NUM_SERIAL       DM3730_NUM_UART

/* GPTIMER1..12 */
#define DM3730_NUM_GPT          12

struct DM3730State {
    /*< private >*/
    DeviceState parent_obj;
    /*< public >*/

    ARMCPU cpu;
    MemoryRegion boot_rom;
    MemoryRegion boot_rom_alias;
    MemoryRegion sram;

    /* interrupt controller and timers */
    OMAP3IntcState intc;
    OMAP3GPTimerState gpt[DM3730_NUM_GPT];      /* gpt[0] = GPTIMER1 */
    OMAP3SyncTimerState synctimer;
    OMAP3WDTState wdt2;                         /* MPU watchdog: resets the chip */
    OMAP3WDTState wdt3;                         /* interrupt only */

    /* I2C controllers */
    OMAP3I2CState i2c[DM3730_NUM_I2C];

    /* PRCM, control module, memory controllers, interconnect */
    OMAP3PRCMState prcm;
    OMAP3SCMState scm;
    OMAP3L3State l3;
    OMAP3SMSState sms;
    OMAP3SDRCState sdrc;
    OMAP3GPMCState gpmc;

    /* UARTs and GPIO */
    OMAP3UARTState uart[DM3730_NUM_UART];     /* uart[0] = UART1 */
    OMAP3GPIOState gpio[DM3730_NUM_GPIO_BANKS]; /* gpio[0] = GPIO1 */
};

/* Base address of one block of the DM3730 memory map */
hwaddr dm3730_base(int dev);

/* The bus of controller I2Cn, n = 1..3 (the TWL4030 sits on I2C1) */
I2CBus *dm3730_i2c_bus(DM3730State *s, int n);

/* Input pin of GPIO line n = 0..191 (gpio_n in the TRM and the DT) */
qemu_irq dm3730_gpio_in(DM3730State *s, int n);

/* The PRCM's clock select input of GPTIMERn, n = 1..12: 0 = 32 kHz, 1 = sys_clk */
qemu_irq dm3730_gpt_clksel(DM3730State *s, int n);

/* INTC input lines (DM3730 TRM table 12-3 "Interrupt Mapping to the MPU Subsystem") */
#define DM3730_IRQ_SYS_NIRQ     7       /* external nIRQ pin: the TWL4030 INT1 */
#define DM3730_IRQ_PRCM_MPU     11
#define DM3730_IRQ_GPIO(n)      (29 + (n) - 1)  /* GPIO1..6 */
#define DM3730_IRQ_GPT(n)       ((n) == 12 ? 95 : 37 + (n) - 1) /* GPT1..12 */
#define DM3730_IRQ_I2C1         56
#define DM3730_IRQ_I2C2         57
#define DM3730_IRQ_I2C3         61
#define DM3730_IRQ_UART(n)      ((n) == 4 ? 80 : 72 + (n) - 1)  /* UART1..4 */
#define DM3730_IRQ_WDT3         36

/* Named GPIO input of the SoC that the board wires the PMIC's INT1 to */
#define DM3730_SYS_NIRQ         "sys_nirq"

#endif /* HW_ARM_DM3730_H */
