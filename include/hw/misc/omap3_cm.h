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
#include "hw/register.h"
#include "hw/misc/omap3_prcm.h"
#include "qom/object.h"

#define TYPE_OMAP3_CM "omap3-cm"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3CMState, OMAP3_CM)

/*
 * Named GPIO outputs "gpt-clksel"[0..11]: the functional clock source of
 * GPTIMER1..12 (CM_CLKSEL_WKUP.CLKSEL_GPT1, CM_CLKSEL_PER.CLKSEL_GPT2..9,
 * CM_CLKSEL_CORE.CLKSEL_GPT10/11; GPT12 always runs from the secure 32 kHz
 * clock).  Level 0 = 32 kHz, 1 = SYS_CLK.
 */
#define OMAP3_CM_GPT_CLKSEL     "gpt-clksel"
#define OMAP3_CM_NUM_GPT        12

/*
 * Named GPIO input "iva2-reset": the PRM's RM_RSTCTRL_IVA2.RST1_IVA2, the
 * DSP held in reset (CM_IDLEST_IVA2 reads it standing by).
 */
#define OMAP3_CM_IVA2_RESET     "iva2-reset"

struct OMAP3CMState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    qemu_irq gpt_clksel[OMAP3_CM_NUM_GPT];

    /* the register file, indexed by offset / 4 */
    uint32_t regs[OMAP3_PRCM_SPACE_SIZE / 4];
    RegisterInfo regs_info[OMAP3_PRCM_SPACE_SIZE / 4];
    RegisterAccessInfo *regs_access;    /* built at instance_init */
    int num_regs_access;
    RegisterInfoArray *reg_array;
    uint32_t old_value;         /* of the register being written */

    bool iva2_in_reset;         /* "iva2-reset" input */
};

#endif /* HW_MISC_OMAP3_CM_H */
