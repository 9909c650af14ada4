/*
 * TI OMAP3 (DM37x / OMAP3630) PRCM Power and Reset Manager (PRM)
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_OMAP3_PRM_H
#define HW_MISC_OMAP3_PRM_H

#include "hw/sysbus.h"
#include "hw/clock.h"
#include "hw/misc/omap3_cm.h"
#include "hw/misc/omap3_prcm.h"
#include "qom/object.h"

#define TYPE_OMAP3_PRM "omap3-prm"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3PRMState, OMAP3_PRM)

/*
 * Named GPIO output "io-chain": PM_WKEN_WKUP.EN_IO_CHAIN, the I/O daisy-chain
 * clock (WUCLKIN).  The system control module clears its pad WAKEUPEVENT
 * latches on the rising edge.
 */
#define OMAP3_PRM_IO_CHAIN      "io-chain"

/*
 * Named GPIO input "io-wakeup": high while an I/O pad wake-up event is
 * latched in the control module.  A rising edge sets PM_WKST_WKUP.ST_IO
 * (if PM_WKEN_WKUP.EN_IO) and PRM_IRQSTATUS_MPU.IO_ST.
 */
#define OMAP3_PRM_IO_WAKEUP     "io-wakeup"

/*
 * Clock outputs: "sys-clk", SYS_CLK = the oscillator ("osc-hz", told by
 * PRM_CLKSEL.SYS_CLKIN_SEL) / PRM_CLKSRC_CTRL.SYSCLKDIV; "32k-clk", the
 * 32 kHz clock from the TWL4030's 32KCLKOUT (sys_32k pin).
 */
#define OMAP3_PRM_SYS_CLK       "sys-clk"
#define OMAP3_PRM_32K_CLK       "32k-clk"
#define OMAP3_PRM_32K_HZ        32768

/* Named GPIO output "iva2-reset": RM_RSTCTRL_IVA2.RST1_IVA2, to the CM */
#define OMAP3_PRM_IVA2_RESET    "iva2-reset"

/*
 * Named GPIO input "mpu-standbywfi": the Cortex-A8's STANDBYWFI, high while
 * the CPU is halted in WFI.  With CM_CLKSTCTRL_MPU letting the CM cut the
 * MPU clock, the MPU clock domain is then idle and the MPU power domain
 * leaves ON (PM_PWSTST_MPU).
 */
#define OMAP3_PRM_MPU_STANDBYWFI "mpu-standbywfi"

/*
 * Named GPIO inputs "mpu-irq" (0: IRQ, 1: FIQ): the INTC's requests to the
 * Cortex-A8.  A pending one is a wake-up event for the MPU power domain,
 * which keeps it (or brings it back) ON: in OFF the CPU cannot see it.
 */
#define OMAP3_PRM_MPU_IRQ       "mpu-irq"

/*
 * Named GPIO outputs "logic-power", one per entry of omap3_prcm_domains[]:
 * the domain's logic is powered (1), or not (0: OFF, or RET with
 * PM_PWSTCTRL.LOGICRETSTATE 0), when the modules in it lose their state
 * ("power-states" only).  The MPU's goes to the boot ROM, which boots the
 * Cortex-A8 again; the SoC resets the modules of the others.
 */
#define OMAP3_PRM_LOGIC_POWER   "logic-power"

/*
 * Named GPIO output "sys-off-mode": the SYS_OFF_MODE pin, 1 while CORE is
 * OFF with PRM_VOLTCTRL.AUTO_OFF and SEL_OFF ("power-states" only): the
 * PMIC's sleep request (the TWL4030's nSLEEP1 on the GTA04)
 */
#define OMAP3_PRM_SYS_OFF_MODE  "sys-off-mode"

/*
 * Named GPIO inputs "module-wakeup", one per OMAP3PRMWakeup: a module's
 * wake-up request to the PRCM (SWAKEUP), high from the enabled event the
 * module saw while idle until it leaves idle ("power-states" only: without
 * it the level is followed but nothing is latched).  A rising edge, while
 * the PRCM has the module's clocks cut, latches its PM_WKST_<domain> bit
 * if PM_WKEN_<domain> enables it; a latched bit that PM_MPUGRPSEL_<domain>
 * routes to the MPU sets PRM_IRQSTATUS_MPU.WKUP_ST and wakes the MPU, and
 * any latched bit keeps (brings) its own power domain ON, and the domains
 * whose PM_WKDEP names that one.  The SoC wires each module's request to
 * the input of its entry (dm3730.c, dm3730_wakeup_sources[]).
 */
#define OMAP3_PRM_MODULE_WAKEUP "module-wakeup"

/* The modules whose wake-up requests the PRM takes, by PM_WKST domain */
typedef enum OMAP3PRMWakeup {
    /* WKUP */
    OMAP3_PRM_WAKEUP_GPT1,
    OMAP3_PRM_WAKEUP_GPT12,
    OMAP3_PRM_WAKEUP_GPIO1,
    /* CORE (PM_WKST1_CORE) */
    OMAP3_PRM_WAKEUP_GPT10,
    OMAP3_PRM_WAKEUP_GPT11,
    OMAP3_PRM_WAKEUP_UART1,
    OMAP3_PRM_WAKEUP_UART2,
    /* PER */
    OMAP3_PRM_WAKEUP_GPT2,
    OMAP3_PRM_WAKEUP_GPT3,
    OMAP3_PRM_WAKEUP_GPT4,
    OMAP3_PRM_WAKEUP_GPT5,
    OMAP3_PRM_WAKEUP_GPT6,
    OMAP3_PRM_WAKEUP_GPT7,
    OMAP3_PRM_WAKEUP_GPT8,
    OMAP3_PRM_WAKEUP_GPT9,
    OMAP3_PRM_WAKEUP_UART3,
    OMAP3_PRM_WAKEUP_GPIO2,
    OMAP3_PRM_WAKEUP_GPIO3,
    OMAP3_PRM_WAKEUP_GPIO4,
    OMAP3_PRM_WAKEUP_GPIO5,
    OMAP3_PRM_WAKEUP_GPIO6,
    OMAP3_PRM_WAKEUP_UART4,
    OMAP3_PRM_NWAKEUPS
} OMAP3PRMWakeup;

/* Link property "cm": the CM, whose CM_CLKSTCTRL the power domains follow */
#define OMAP3_PRM_CM            "cm"

/*
 * Property "power-states" (default off): the power state machine.  Each
 * domain goes to its PM_PWSTCTRL target (ON: INACTIVE) when its clock
 * domain idles and comes back ON when it no longer does; PM_PWSTST shows
 * the state, a completed sleep transition latches PM_PREPWSTST, a write to
 * PM_PREPWSTST loads the current state; the modules' wake-up requests
 * ("module-wakeup") latch PM_WKST.  Off: the MPU INACTIVE in WFI only,
 * every other domain ON, PM_PREPWSTST a plain register, no module wake-up
 * event latched.
 */
#define OMAP3_PRM_POWER_STATES  "power-states"

struct OMAP3PRMState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    qemu_irq irq;                               /* PRCM_MPU_IRQ, INTC 11 */
    qemu_irq io_chain;
    qemu_irq iva2_reset;
    qemu_irq logic_power[OMAP3_PRCM_NDOMAINS];
    qemu_irq sys_off_mode_out;
    Clock *sys_clk;
    Clock *clk_32k;

    /* properties */
    /* sys_clkin: 12, 13, 16.8, 19.2, 26, 38.4 MHz; the clock tree's root */
    uint32_t osc_hz;
    OMAP3CMState *cm;
    bool power_states;

    OMAP3PRCMSpace space;       /* the register file */

    bool irq_level;
    bool io_wakeup_level;
    bool mpu_standbywfi;        /* "mpu-standbywfi" input */
    uint8_t mpu_irq;            /* "mpu-irq" inputs: bit 0 IRQ, bit 1 FIQ */
    uint32_t logic_off;         /* "logic-power" outputs, bit n low */
    /* "power-states": each domain's PM_PWSTST.POWERSTATEST (OMAP3_PWRST_*) */
    uint8_t pwrst[OMAP3_PRCM_NDOMAINS];
    /* a global software reset was requested: the next reset reports it */
    bool sw_reset_pending;
    /* omap3_prm_update_domains() runs; a nested call asked for a rerun */
    bool updating;
    bool update_again;
    /* a sleep transition that a pending wake-up event ends is under way */
    bool wakeup_masked;
    bool sys_off_mode;          /* the "sys-off-mode" output's level */
    /* "module-wakeup" inputs: bit n is OMAP3PRMWakeup n's level */
    uint32_t module_wakeup;
};

#endif /* HW_MISC_OMAP3_PRM_H */
