/*
 * TI OMAP3 (DM37x / OMAP3630) PRCM Clock Manager (CM)
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_OMAP3_CM_H
#define HW_MISC_OMAP3_CM_H

#include "hw/sysbus.h"
#include "hw/clock.h"
#include "hw/misc/omap3_prcm.h"
#include "qom/object.h"

#define TYPE_OMAP3_CM "omap3-cm"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3CMState, OMAP3_CM)

/* Clock inputs: the PRM's SYS_CLK and 32 kHz clock */
#define OMAP3_CM_SYS_CLK        "sys-clk"
#define OMAP3_CM_32K_CLK        "32k-clk"

/*
 * Clock outputs, the functional clocks of the modelled modules:
 *  - "gpt1-fck".."gpt12-fck": GPTn_FCLK, 32 kHz or SYS_CLK as selected by
 *    CM_CLKSEL_WKUP.CLKSEL_GPT1, CM_CLKSEL_PER.CLKSEL_GPT2..9 and
 *    CM_CLKSEL_CORE.CLKSEL_GPT10/11 (GPT12: the secure 32 kHz clock only);
 *  - "32k-fck": the 32 kHz functional clock (WDT2, WDT3);
 *  - "96m-fck": the 96 MHz functional clock (I2C1..3), DPLL4's M2 output
 *    (CM_CLKSEL2_PLL M/N, CM_CLKSEL3_PLL DIV_96M);
 *  - "48m-fck": the 48 MHz functional clock (UART1..4), 96 MHz halved.
 */
#define OMAP3_CM_NUM_GPT        12
#define OMAP3_CM_32K_FCK        "32k-fck"
#define OMAP3_CM_96M_FCK        "96m-fck"
#define OMAP3_CM_48M_FCK        "48m-fck"

/*
 * Named GPIO input "iva2-reset": the PRM's RM_RSTCTRL_IVA2.RST1_IVA2, the
 * DSP held in reset (CM_IDLEST_IVA2 reads it standing by).
 */
#define OMAP3_CM_IVA2_RESET     "iva2-reset"

/*
 * Link properties "module-uart1".."module-uart4", "module-i2c1".."-i2c3",
 * "module-sdrc": the modelled modules (TYPE_OMAP3_IDLE_ACK) whose idle
 * acknowledge lets their clock domain idle with their clocks enabled.
 */
#define OMAP3_CM_NUM_MODULE_LINKS   8

struct OMAP3CMState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    Clock *sys_clk;
    Clock *clk_32k;
    Clock *gpt_fck[OMAP3_CM_NUM_GPT];
    Clock *fck_32k;
    Clock *fck_96m;
    Clock *fck_48m;

    OMAP3PRCMSpace space;       /* the register file */

    bool iva2_in_reset;         /* "iva2-reset" input */
    Object *module[OMAP3_CM_NUM_MODULE_LINKS];
};

/* The name of GPTIMERn's functional clock output, n = 1..12 (g_free it) */
char *omap3_cm_gpt_fck_name(int n);

/* CM_CLKSTCTRL.CLKTRCTRL (DM37x TRM 3.6.2.4.6, table 3-90) */
#define OMAP3_CM_CLKTRCTRL_NO_SLEEP     0
#define OMAP3_CM_CLKTRCTRL_SW_SLEEP     1
#define OMAP3_CM_CLKTRCTRL_SW_WKUP      2
#define OMAP3_CM_CLKTRCTRL_HW_AUTO      3

/*
 * CM_CLKSTCTRL.CLKTRCTRL of the clock domain in PRCM module @module (the
 * first one's for CORE): how the PRM's power state controller reads it.
 */
unsigned omap3_cm_clktrctrl(OMAP3CMState *s, hwaddr module);

/*
 * Whether the CM lets the clock domain(s) of power domain @d idle: how the
 * PRM's power state machine reads the CM (the MPU's standby and the
 * dependencies on the MPU are the PRM's).
 */
bool omap3_cm_clkdm_idle(OMAP3CMState *s, const OMAP3PRCMDomain *d);

/* CM_SLEEPDEP.EN_MPU of the domain in @module: it sleeps only with the MPU */
bool omap3_cm_sleepdep_mpu(OMAP3CMState *s, hwaddr module);

/*
 * Whether the CM has the clocks of the module whose enable is bit @bit of
 * the first CM_FCLKEN/CM_ICLKEN of the domain in @module cut: its
 * functional clock off, and its interface clock off or under CM_AUTOIDLE
 * (how the PRM judges a module's wake-up request)
 */
bool omap3_cm_module_clocks_off(OMAP3CMState *s, hwaddr module, unsigned bit);

#endif /* HW_MISC_OMAP3_CM_H */
