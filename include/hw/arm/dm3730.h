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
#include "hw/core/split-irq.h"
#include "target/arm/cpu.h"
#include "qom/object.h"
#include "hw/char/omap3_uart.h"
#include "hw/gpio/omap3_gpio.h"
#include "hw/i2c/omap3_i2c.h"
#include "hw/intc/omap3_intc.h"
#include "hw/misc/omap3_cm.h"
#include "hw/misc/omap3_prm.h"
#include "hw/misc/omap3_gpmc.h"
#include "hw/sd/omap3_mmchs.h"
#include "hw/misc/omap3_l3.h"
#include "hw/misc/omap3_scm.h"
#include "hw/misc/omap3_sdrc.h"
#include "hw/misc/omap3_sms.h"
#include "hw/timer/omap3_gptimer.h"
#include "hw/timer/omap3_synctimer.h"
#include "hw/watchdog/omap3_wdt.h"
#include "hw/arm/dm3730_memmap.h"
#include "hw/arm/omap3_boot_rom.h"

#define TYPE_DM3730 "dm3730"
OBJECT_DECLARE_SIMPLE_TYPE(DM3730State, DM3730)

/* Cortex-A8 r3p2, as on DM3730 (a zero revision makes Linux assume 3430 ES1.0) */
#define DM3730_MIDR             0x413fc082

/* Instances of the SoC's arrays of devices (dm3730_memmap.h) */
#define DM3730_NUM_GPT          (DM3730_DEV_GPT12 - DM3730_DEV_GPT1 + 1)
/* I2C1..3 (TRM 17.1); I2C4 is the PRM's SmartReflex voltage controller */
#define DM3730_NUM_I2C          (DM3730_DEV_I2C3 - DM3730_DEV_I2C1 + 1)
/* UART1..4 (UART4 is new in the 3630 family) and GPIO1..6, 32 lines each */
#define DM3730_NUM_UART         (DM3730_DEV_UART4 - DM3730_DEV_UART1 + 1)
#define DM3730_NUM_GPIO_BANKS   (DM3730_DEV_GPIO6 - DM3730_DEV_GPIO1 + 1)
#define DM3730_NUM_MMC          3
/*
 * Chardev properties of the SoC, for the board's serial_hd(0..3):
 * "serial0" is UART3 (the GTA04 console, Linux ttyO2), "serial1" UART1,
 * "serial2" UART2, "serial3" UART4.
 */
#define DM3730_NUM_SERIAL       DM3730_NUM_UART

struct DM3730State {
    /*< private >*/
    DeviceState parent_obj;
    /*< public >*/

    ARMCPU cpu;
    SplitIRQ standbywfi_split;  /* STANDBYWFI: the PRM, and the board */
    qemu_irq mpu_standbywfi;    /* DM3730_MPU_STANDBYWFI */
    /* the INTC's IRQ and FIQ: the CPU, the PRM's "mpu-irq", the boot ROM */
    SplitIRQ mpu_irq_split[2];
    OMAP3BootROMState boot_rom;
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
    OMAP3CMState cm;
    OMAP3PRMState prm;
    OMAP3SCMState scm;
    OMAP3L3State l3;
    OMAP3SMSState sms;
    OMAP3SDRCState sdrc;
    OMAP3GPMCState gpmc;

    /* UARTs and GPIO */
    OMAP3UARTState uart[DM3730_NUM_UART];     /* uart[0] = UART1 */
    OMAP3GPIOState gpio[DM3730_NUM_GPIO_BANKS]; /* gpio[0] = GPIO1 */

    /* MMC/SD host controllers (empty slots) */
    OMAP3MMCHSState mmc[DM3730_NUM_MMC];        /* mmc[0] = MMC1 */

    /* the child that maps each DM3730Device's window, once realized */
    DeviceState *module[DM3730_DEV_COUNT];
};

/* The bus of controller I2Cn, n = 1..3 (the TWL4030 sits on I2C1) */
I2CBus *dm3730_i2c_bus(DM3730State *s, int n);

/*
 * The SoC's own inputs from the PRM's "logic-power", one per power domain:
 * a falling one resets the modules in it (dm3730_pwrdm[])
 */
#define DM3730_PWRDM_LOGIC_POWER "pwrdm-logic-power"

/*
 * Named GPIO output: the SYS_OFF_MODE pin (the PRM's "sys-off-mode"), the
 * PMIC's sleep request while CORE is OFF
 */
#define DM3730_SYS_OFF_MODE     OMAP3_PRM_SYS_OFF_MODE

/* Named GPIO input of the SoC that the board wires the PMIC's INT1 to */
#define DM3730_SYS_NIRQ         "sys_nirq"
/*
 * Named GPIO output: the Cortex-A8's STANDBYWFI as the PRM sees it (1: the
 * MPU halted in WFI), for a board that watches it (the GTA04's stimuli)
 */
#define DM3730_MPU_STANDBYWFI   "mpu-standbywfi"

#endif /* HW_ARM_DM3730_H */
