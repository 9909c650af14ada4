/*
 * TI OMAP3 (DM37x / OMAP3630) PRCM Power and Reset Manager (PRM)
 *
 * DM37x TRM SPRUGN4 chapter 3, the PRM half of the PRCM (the CM is
 * omap3_cm.c; include/hw/misc/omap3_prcm.h has what both share).  What is
 * modelled is what Linux 6.1 (arch/arm/mach-omap2/{prm3xxx,prm2xxx_3xxx,
 * pm34xx,vp,vc}.c, sleep34xx.S) reads back:
 *  - the MPU power domain reads INACTIVE (PM_PWSTST_MPU) while the
 *    Cortex-A8 stands by in WFI (the "mpu-standbywfi" input, the CPU's
 *    STANDBYWFI output) and CM_CLKSTCTRL_MPU lets the CM cut its clock,
 *    ON otherwise; the other power domains are always ON, none is ever in
 *    transition, and PM_PREPWSTST is a plain register;
 *  - unless property "power-states" is on (default off): then every power
 *    domain has a state machine (omap3_prm_update_domains): it goes to its
 *    PM_PWSTCTRL target (ON: INACTIVE) when its clock domain idles (the
 *    CM's omap3_cm_clkdm_idle(): CM_CLKSTCTRL and the modules' idle
 *    acknowledge; the MPU's STANDBYWFI with no interrupt requested for it,
 *    "mpu-irq", and no PRCM wake-up event pending; the sleep dependencies
 *    on the MPU) and back ON when that no longer holds; PM_PWSTST shows
 *    the state with its logic and memory fields, a completed sleep
 *    transition latches PM_PREPWSTST, a write to PM_PREPWSTST loads the
 *    present state (docs/notes/omap3-power-states.md 2.2).  A domain whose
 *    logic goes (OFF, or RET with LOGICRETSTATE 0) says so on
 *    "logic-power": the MPU's Cortex-A8 is powered down and booted again by
 *    the boot ROM (hw/arm/omap3_boot_rom.c), the modules of PER and CORE
 *    are reset by the SoC (CORE's CM among them: a domain that is down
 *    while CORE is OFF stays down until a wake-up event).  A wake-up event
 *    for the MPU (an I/O pad's, PM_WKST & PM_MPUGRPSEL) ends its sleep
 *    even with the INTC off (docs/notes/omap3-core-off.md 4).  Off by
 *    default while the seed-bug table's rows, made on a board whose CORE
 *    never left ON, are not re-checked with it (docs/gta04.md "Power
 *    states");
 *  - RM_RSTCTRL de-assertion sets the RM_RSTST "reset done" bits;
 *  - PRM_RSTCTRL RST_GS / RST_DPLL3 reset the machine, PRM_RSTST tells
 *    GLOBAL_SW_RST after such a reset and GLOBAL_COLD_RST otherwise;
 *  - the I/O wake-up daisy chain (EN_IO_CHAIN -> ST_IO_CHAIN, pad events
 *    -> ST_IO -> PRM_IRQSTATUS_MPU.IO_ST) and the PRCM_MPU interrupt;
 *  - voltage processor FORCEUPDATE -> VPx_TRANXDONE, ABB OPP_CHANGE ->
 *    ABB_LDO_TRANXDONE;
 *  - PRM_CLKSEL.SYS_CLKIN_SEL tells the oscillator ("osc-hz"), the root
 *    of the clock tree: SYS_CLK = osc / PRM_CLKSRC_CTRL.SYSCLKDIV goes to
 *    the CM, which makes the modules' functional clocks from it.
 *  - with "power-states" only (the same gating as the power state
 *    machine: off, nothing of this changes), the modules' wake-up events
 *    (omap3_prm_module_wakeup): a module's wake-up request ("module-wakeup",
 *    its SWAKEUP; GPIO1-6, UART1-4, GPT1-12) latches its PM_WKST bit when
 *    PM_WKEN enables it and the PRCM has the module's clocks cut; a bit
 *    PM_MPUGRPSEL routes sets PRM_IRQSTATUS_MPU.WKUP_ST and wakes the MPU,
 *    and a latched bit keeps its own power domain ON, and those whose
 *    PM_WKDEP names its domain (omap3_prm_domain_woken).
 * Not modelled: PM_WKDEP's EN_MPU, EN_IVA2, EN_DSS (wake-up events of
 * those domains are not modelled as such; Linux 6.1's clkdm_complete_init()
 * clears every PM_WKDEP bit of its clockdomain data and omap3_pm_init()
 * adds back NEON's on the MPU, which the domain table hard-wires, and
 * PER's on WKUP only for erratum i582, not this ES1.2),
 * PM_IVA2GRPSEL (no IVA2), the wake-ups of the modules without a model
 * (McBSP, I2C, MMC, USB, WDT3...), the PRCM's transition interrupts.
 *
 * The register file is QEMU's register API (hw/register.h), built by
 * omap3_prcm.c: the per-domain registers are generated from
 * omap3_prcm_domains[], the others are listed in omap3_prm_regs[].
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qapi/error.h"
#include "qemu/module.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/register.h"
#include "hw/qdev-clock.h"
#include "hw/misc/omap3_prm.h"
#include "migration/vmstate.h"
#include GTA04_SYSTEM_RUNSTATE_H
#include "trace.h"

#define MOD_IVA2        OMAP3_PRCM_MOD_IVA2
#define MOD_OCP         OMAP3_PRCM_MOD_OCP
#define MOD_MPU         OMAP3_PRCM_MOD_MPU
#define MOD_CORE        OMAP3_PRCM_MOD_CORE
#define MOD_WKUP        OMAP3_PRCM_MOD_WKUP
#define MOD_PLL         OMAP3_PRCM_MOD_PLL
#define MOD_GR          OMAP3_PRCM_MOD_GR

/* The registers the model names (the domain table has the rest) */
REG32(RM_RSTCTRL_IVA2,          MOD_IVA2 + 0x50)
    FIELD(RM_RSTCTRL_IVA2, RST1_IVA2, 0, 1)
REG32(RM_RSTST_IVA2,            MOD_IVA2 + 0x58)
REG32(PRM_IRQSTATUS_IVA2,       MOD_IVA2 + 0xf8)
REG32(PRM_IRQENABLE_IVA2,       MOD_IVA2 + 0xfc)

REG32(PRM_REVISION,             MOD_OCP + 0x04)
REG32(PRM_SYSCONFIG,            MOD_OCP + 0x14)
REG32(PRM_IRQSTATUS_MPU,        MOD_OCP + 0x18)
    FIELD(PRM_IRQSTATUS_MPU, WKUP_ST, 0, 1)
    FIELD(PRM_IRQSTATUS_MPU, IO_ST, 9, 1)
    FIELD(PRM_IRQSTATUS_MPU, VP1_TRANXDONE_ST, 15, 1)
    FIELD(PRM_IRQSTATUS_MPU, VP2_TRANXDONE_ST, 21, 1)
    FIELD(PRM_IRQSTATUS_MPU, ABB_LDO_TRANXDONE_ST, 26, 1)
REG32(PRM_IRQENABLE_MPU,        MOD_OCP + 0x1c)

REG32(PM_EVGENCTRL_MPU,         MOD_MPU + 0xd4)
REG32(PM_EVGENONTIM_MPU,        MOD_MPU + 0xd8)
REG32(PM_EVGENOFFTIM_MPU,       MOD_MPU + 0xdc)

REG32(RM_RSTCTRL_CORE,          MOD_CORE + 0x50)
REG32(PM_WKST3_CORE,            MOD_CORE + 0xb8)
REG32(PM_WKEN3_CORE,            MOD_CORE + 0xf0)
REG32(PM_IVA2GRPSEL3_CORE,      MOD_CORE + 0xf4)
REG32(PM_MPUGRPSEL3_CORE,       MOD_CORE + 0xf8)

REG32(PM_WKEN_WKUP,             MOD_WKUP + 0xa0)
    FIELD(PM_WKEN_WKUP, EN_IO, 8, 1)
    FIELD(PM_WKEN_WKUP, EN_IO_CHAIN, 16, 1)
REG32(PM_MPUGRPSEL_WKUP,        MOD_WKUP + 0xa4)
    FIELD(PM_MPUGRPSEL_WKUP, GRPSEL_IO, 8, 1)
REG32(PM_WKST_WKUP,             MOD_WKUP + 0xb0)
    FIELD(PM_WKST_WKUP, ST_IO, 8, 1)
    FIELD(PM_WKST_WKUP, ST_IO_CHAIN, 16, 1)

REG32(PRM_CLKSEL,               MOD_PLL + 0x40)
    FIELD(PRM_CLKSEL, SYS_CLKIN_SEL, 0, 3)
REG32(PRM_CLKOUT_CTRL,          MOD_PLL + 0x70)

REG32(PRM_VC_SMPS_SA,           MOD_GR + 0x20)
REG32(PRM_VC_SMPS_VOL_RA,       MOD_GR + 0x24)
REG32(PRM_VC_SMPS_CMD_RA,       MOD_GR + 0x28)
REG32(PRM_VC_CMD_VAL_0,         MOD_GR + 0x2c)
REG32(PRM_VC_CMD_VAL_1,         MOD_GR + 0x30)
REG32(PRM_VC_CH_CONF,           MOD_GR + 0x34)
REG32(PRM_VC_I2C_CFG,           MOD_GR + 0x38)
REG32(PRM_VC_BYPASS_VAL,        MOD_GR + 0x3c)
REG32(PRM_RSTCTRL,              MOD_GR + 0x50)
    FIELD(PRM_RSTCTRL, RST_GS, 1, 1)
    FIELD(PRM_RSTCTRL, RST_DPLL3, 2, 1)
REG32(PRM_RSTTIME,              MOD_GR + 0x54)
REG32(PRM_RSTST,                MOD_GR + 0x58)
    FIELD(PRM_RSTST, GLOBAL_COLD_RST, 0, 1)
    FIELD(PRM_RSTST, GLOBAL_SW_RST, 1, 1)
REG32(PRM_VOLTCTRL,             MOD_GR + 0x60)
    FIELD(PRM_VOLTCTRL, AUTO_OFF, 2, 1)
    FIELD(PRM_VOLTCTRL, SEL_OFF, 3, 1)
REG32(PRM_SRAM_PCHARGE,         MOD_GR + 0x64)
REG32(PRM_CLKSRC_CTRL,          MOD_GR + 0x70)
    FIELD(PRM_CLKSRC_CTRL, SYSCLKDIV, 6, 2)
REG32(PRM_OBS,                  MOD_GR + 0x80)
REG32(PRM_VOLTSETUP1,           MOD_GR + 0x90)
REG32(PRM_VOLTOFFSET,           MOD_GR + 0x94)
REG32(PRM_CLKSETUP,             MOD_GR + 0x98)
REG32(PRM_POLCTRL,              MOD_GR + 0x9c)
REG32(PRM_VOLTSETUP2,           MOD_GR + 0xa0)
REG32(PRM_VP1_CONFIG,           MOD_GR + 0xb0)
    FIELD(PRM_VP_CONFIG, FORCEUPDATE, 1, 1)
    FIELD(PRM_VP_CONFIG, INITVDD, 2, 1)
    FIELD(PRM_VP_CONFIG, INITVOLTAGE, 8, 8)
REG32(PRM_VP1_VSTEPMIN,         MOD_GR + 0xb4)
REG32(PRM_VP1_VSTEPMAX,         MOD_GR + 0xb8)
REG32(PRM_VP1_VLIMITTO,         MOD_GR + 0xbc)
REG32(PRM_VP1_VOLTAGE,          MOD_GR + 0xc0)
REG32(PRM_VP1_STATUS,           MOD_GR + 0xc4)
    FIELD(PRM_VP_STATUS, VPINIDLE, 0, 1)
REG32(PRM_VP2_CONFIG,           MOD_GR + 0xd0)
REG32(PRM_VP2_VSTEPMIN,         MOD_GR + 0xd4)
REG32(PRM_VP2_VSTEPMAX,         MOD_GR + 0xd8)
REG32(PRM_VP2_VLIMITTO,         MOD_GR + 0xdc)
REG32(PRM_VP2_VOLTAGE,          MOD_GR + 0xe0)
REG32(PRM_VP2_STATUS,           MOD_GR + 0xe4)
/*
 * ABB LDO: Linux (ti-abb-regulator.c, abb_regs_v1) notes that the TRM swaps
 * the two: the word at 0xf0 holds OPP_SEL/OPP_CHANGE, 0xf4 the SR2 setup.
 * We follow the silicon as Linux drives it.
 */
REG32(PRM_LDO_ABB_SETUP,        MOD_GR + 0xf0)
    FIELD(PRM_LDO_ABB_SETUP, OPP_CHANGE, 2, 1)
REG32(PRM_LDO_ABB_CTRL,         MOD_GR + 0xf4)

/* Fields every domain's register has */
FIELD(PM_PWSTCTRL, POWERSTATE, 0, 2)
FIELD(PM_PWSTCTRL, LOGICRETSTATE, 2, 1)
FIELD(PM_PWSTST, POWERSTATEST, 0, 2)
FIELD(PM_PWSTST, LOGICSTATEST, 2, 1)
FIELD(PM_PWSTST, INTRANSITION, 20, 1)
FIELD(RM_RSTST, GLOBALCOLD_RST, 0, 1)
FIELD(RM_RSTST, GLOBALWARM_RST, 1, 1)

#define PWRST_OFF               OMAP3_PWRST_OFF
#define PWRST_RET               OMAP3_PWRST_RET
#define PWRST_INACTIVE          OMAP3_PWRST_INACTIVE
#define PWRST_ON                OMAP3_PWRST_ON
#define PRM_REVISION_1_0        0x10

#define PRM_REG(reg)    .name = #reg, .addr = A_ ## reg
/* computed on read (omap3_prm_computed) */
#define PRM_RO(reg)     { PRM_REG(reg), .ro = ~0ull }
/* status: writing 1 clears */
#define PRM_W1C(reg)    { PRM_REG(reg), .w1c = ~0ull }

/*
 * The PRM registers outside the domain table; RM_RSTST/PRM_RSTST are set by
 * the reset itself (omap3_prm_reset_enter).
 */
static const RegisterAccessInfo omap3_prm_regs[] = {
    PRM_W1C(PRM_IRQSTATUS_IVA2),
    { PRM_REG(PRM_IRQENABLE_IVA2) },

    PRM_RO(PRM_REVISION),
    { PRM_REG(PRM_SYSCONFIG), .reset = 0x1 },
    PRM_W1C(PRM_IRQSTATUS_MPU),
    { PRM_REG(PRM_IRQENABLE_MPU) },

    { PRM_REG(PM_EVGENCTRL_MPU) },
    { PRM_REG(PM_EVGENONTIM_MPU) },
    { PRM_REG(PM_EVGENOFFTIM_MPU) },

    PRM_W1C(PM_WKST3_CORE),
    { PRM_REG(PM_WKEN3_CORE) },
    { PRM_REG(PM_IVA2GRPSEL3_CORE) },
    { PRM_REG(PM_MPUGRPSEL3_CORE) },

    /* set from the "osc-hz" property at reset */
    { PRM_REG(PRM_CLKSEL) },
    { PRM_REG(PRM_CLKOUT_CTRL), .reset = 0x80 },

    { PRM_REG(PRM_VC_SMPS_SA) },
    { PRM_REG(PRM_VC_SMPS_VOL_RA) },
    { PRM_REG(PRM_VC_SMPS_CMD_RA) },
    { PRM_REG(PRM_VC_CMD_VAL_0) },
    { PRM_REG(PRM_VC_CMD_VAL_1) },
    { PRM_REG(PRM_VC_CH_CONF) },
    { PRM_REG(PRM_VC_I2C_CFG) },
    /*
     * Storage: the silicon clears VALID when the SMPS acknowledges, but
     * Linux's omap_vc_bypass_scale() loops while VALID reads 0, so a VALID
     * that stays set is what lets it return at once.
     */
    { PRM_REG(PRM_VC_BYPASS_VAL) },
    { PRM_REG(PRM_RSTCTRL) },
    { PRM_REG(PRM_RSTTIME), .reset = 0x1006 },
    PRM_W1C(PRM_RSTST),
    { PRM_REG(PRM_VOLTCTRL) },
    { PRM_REG(PRM_SRAM_PCHARGE), .reset = 0x50 },
    { PRM_REG(PRM_CLKSRC_CTRL), .reset = 0x40 },  /* SYSCLKDIV = 1 (u-boot) */
    PRM_RO(PRM_OBS),
    { PRM_REG(PRM_VOLTSETUP1) },
    { PRM_REG(PRM_VOLTOFFSET) },
    { PRM_REG(PRM_CLKSETUP) },
    { PRM_REG(PRM_POLCTRL), .reset = 0xa },
    { PRM_REG(PRM_VOLTSETUP2) },
    { PRM_REG(PRM_VP1_CONFIG) },
    { PRM_REG(PRM_VP1_VSTEPMIN) },
    { PRM_REG(PRM_VP1_VSTEPMAX) },
    { PRM_REG(PRM_VP1_VLIMITTO) },
    PRM_RO(PRM_VP1_VOLTAGE),
    PRM_RO(PRM_VP1_STATUS),
    { PRM_REG(PRM_VP2_CONFIG) },
    { PRM_REG(PRM_VP2_VSTEPMIN) },
    { PRM_REG(PRM_VP2_VSTEPMAX) },
    { PRM_REG(PRM_VP2_VLIMITTO) },
    PRM_RO(PRM_VP2_VOLTAGE),
    PRM_RO(PRM_VP2_STATUS),
    { PRM_REG(PRM_LDO_ABB_SETUP) },
    { PRM_REG(PRM_LDO_ABB_CTRL) },
};

static inline uint32_t prm_reg(OMAP3PRMState *s, hwaddr offset)
{
    return s->space.regs[offset >> 2];
}

static const OMAP3PRCMDomain *omap3_prm_domain(hwaddr module)
{
    int i;

    for (i = 0; i < ARRAY_SIZE(omap3_prcm_domains); i++) {
        if (omap3_prcm_domains[i].module == module) {
            return &omap3_prcm_domains[i];
        }
    }
    return NULL;
}

/*
 * The modules' wake-up events: the PM_WKST_<domain> bit of each
 * "module-wakeup" input (DM37x TRM SPRUGN4 chapter 3, the PRCM's wake-up
 * events and the PM_WKEN/PM_WKST/PM_MPUGRPSEL descriptions of 3.7 "PRCM
 * Registers"; the same positions as Linux's prm-regbits-34xx.h GRPSEL_*
 * masks).  Each is the bit of the module's clock enable in
 * CM_FCLKEN/CM_ICLKEN of the domain, which Linux's
 * omap3xxx_prm_clear_mod_irqs() relies on: it turns on the clocks of the
 * bits it finds set before it clears them.  All in the domains' first
 * PM_WKST (PM_WKST1_CORE for CORE).
 */
typedef struct OMAP3PRMWakeupSource {
    const char *name;
    uint16_t module;            /* the PRCM module of its PM_WKST */
    uint8_t bit;
} OMAP3PRMWakeupSource;

static const OMAP3PRMWakeupSource omap3_prm_wakeups[OMAP3_PRM_NWAKEUPS] = {
    [OMAP3_PRM_WAKEUP_GPT1]     = { "GPT1",  MOD_WKUP, 0 },
    [OMAP3_PRM_WAKEUP_GPT12]    = { "GPT12", MOD_WKUP, 1 },
    [OMAP3_PRM_WAKEUP_GPIO1]    = { "GPIO1", MOD_WKUP, 3 },
    [OMAP3_PRM_WAKEUP_GPT10]    = { "GPT10", MOD_CORE, 11 },
    [OMAP3_PRM_WAKEUP_GPT11]    = { "GPT11", MOD_CORE, 12 },
    [OMAP3_PRM_WAKEUP_UART1]    = { "UART1", MOD_CORE, 13 },
    [OMAP3_PRM_WAKEUP_UART2]    = { "UART2", MOD_CORE, 14 },
    [OMAP3_PRM_WAKEUP_GPT2]     = { "GPT2",  OMAP3_PRCM_MOD_PER, 3 },
    [OMAP3_PRM_WAKEUP_GPT3]     = { "GPT3",  OMAP3_PRCM_MOD_PER, 4 },
    [OMAP3_PRM_WAKEUP_GPT4]     = { "GPT4",  OMAP3_PRCM_MOD_PER, 5 },
    [OMAP3_PRM_WAKEUP_GPT5]     = { "GPT5",  OMAP3_PRCM_MOD_PER, 6 },
    [OMAP3_PRM_WAKEUP_GPT6]     = { "GPT6",  OMAP3_PRCM_MOD_PER, 7 },
    [OMAP3_PRM_WAKEUP_GPT7]     = { "GPT7",  OMAP3_PRCM_MOD_PER, 8 },
    [OMAP3_PRM_WAKEUP_GPT8]     = { "GPT8",  OMAP3_PRCM_MOD_PER, 9 },
    [OMAP3_PRM_WAKEUP_GPT9]     = { "GPT9",  OMAP3_PRCM_MOD_PER, 10 },
    [OMAP3_PRM_WAKEUP_UART3]    = { "UART3", OMAP3_PRCM_MOD_PER, 11 },
    [OMAP3_PRM_WAKEUP_GPIO2]    = { "GPIO2", OMAP3_PRCM_MOD_PER, 13 },
    [OMAP3_PRM_WAKEUP_GPIO3]    = { "GPIO3", OMAP3_PRCM_MOD_PER, 14 },
    [OMAP3_PRM_WAKEUP_GPIO4]    = { "GPIO4", OMAP3_PRCM_MOD_PER, 15 },
    [OMAP3_PRM_WAKEUP_GPIO5]    = { "GPIO5", OMAP3_PRCM_MOD_PER, 16 },
    [OMAP3_PRM_WAKEUP_GPIO6]    = { "GPIO6", OMAP3_PRCM_MOD_PER, 17 },
    /* the 3630 family's UART4 (Linux OMAP3630_GRPSEL_UART4_MASK) */
    [OMAP3_PRM_WAKEUP_UART4]    = { "UART4", OMAP3_PRCM_MOD_PER, 18 },
};

/* Whether the logic of the power domain of PRCM module @module is off */
static bool omap3_prm_logic_lost(OMAP3PRMState *s, hwaddr module)
{
    return s->logic_off & BIT(omap3_prm_domain(module) - omap3_prcm_domains);
}

/*
 * The MPU clock domain is idle while the Cortex-A8 stands by in WFI and
 * CM_CLKSTCTRL_MPU lets the CM cut the MPU clock: HW_AUTO, or SW_SLEEP,
 * which cuts it once the initiators are in standby (DM37x TRM 3.6.2.4.6,
 * table 3-90).
 */
static bool omap3_prm_mpu_clkdm_idle(OMAP3PRMState *s)
{
    unsigned ctrl;

    if (!s->mpu_standbywfi || !s->cm) {
        return false;
    }
    ctrl = omap3_cm_clktrctrl(s->cm, MOD_MPU);
    return ctrl == OMAP3_CM_CLKTRCTRL_SW_SLEEP ||
           ctrl == OMAP3_CM_CLKTRCTRL_HW_AUTO;
}

/*
 * POWERSTATEST of a domain without "power-states": ON, or INACTIVE while
 * its clock domain is idle (the MPU's only).  ASSUMPTION of that mode: the
 * MPU stops at INACTIVE whatever PM_PWSTCTRL_MPU asks for ("power-states"
 * models RET and OFF).
 */
static unsigned omap3_prm_powerstate(OMAP3PRMState *s,
                                     const OMAP3PRCMDomain *d)
{
    if (d && d->module == MOD_MPU && omap3_prm_mpu_clkdm_idle(s)) {
        return PWRST_INACTIVE;
    }
    return PWRST_ON;
}

/* The offset of domain @d's register @r */
static hwaddr prm_domain_reg(const OMAP3PRCMDomain *d, OMAP3PRCMDomainReg r)
{
    return d->module + omap3_prcm_domain_reg_offset[r];
}

/*
 * PM_PWSTST of domain @d in power state @st, as "power-states" models it;
 * PM_PREPWSTST has the same fields (docs/notes/omap3-power-states.md 1,
 * 2.1).  The logic is on while ON or INACTIVE, kept in RET if
 * LOGICRETSTATE, lost in OFF; each memory bank is in its MEMnONSTATE while
 * ON or INACTIVE, RET or OFF per MEMnRETSTATE in RET, OFF in OFF.
 */
static uint32_t omap3_prm_pwst(OMAP3PRMState *s, const OMAP3PRCMDomain *d,
                               unsigned st)
{
    uint32_t ctrl = (d->regs & OMAP3_PRCM_HAS(OMAP3_PRM_PWSTCTRL)) ?
                    prm_reg(s, prm_domain_reg(d, OMAP3_PRM_PWSTCTRL)) : 0;
    uint32_t v = FIELD_DP32(0, PM_PWSTST, POWERSTATEST, st);
    int b;

    for (b = 0; b < d->banks; b++) {
        unsigned mem = PWRST_OFF;

        if (st >= PWRST_INACTIVE) {
            mem = extract32(ctrl, 16 + 2 * b, 2);
        } else if (st == PWRST_RET && extract32(ctrl, 8 + b, 1)) {
            mem = PWRST_RET;
        }
        v = deposit32(v, 4 + 2 * b, 2, mem);
    }
    if (st >= PWRST_INACTIVE ||
        (st == PWRST_RET && FIELD_EX32(ctrl, PM_PWSTCTRL, LOGICRETSTATE))) {
        v = FIELD_DP32(v, PM_PWSTST, LOGICSTATEST, 1);
    }
    return v;
}

/*
 * A PRCM wake-up event for the MPU is pending: a wake-up latched in a
 * PM_WKST that PM_MPUGRPSEL routes to the MPU, of any domain of the table
 * (and PM_WKST3_CORE): the modules' (omap3_prm_module_wakeup) and the I/O
 * pads' ST_IO (GRPSEL_IO reads 1, see omap3_prm_written).  It does not go
 * through PRM_IRQENABLE_MPU: Linux writes that 0 while a PRCM interrupt
 * comes in during suspend and counts on the chip waking anyway
 * (docs/notes/omap3-core-off.md 4.1, 4.3).  While "wakeup_masked" a sleep
 * transition that such an event ends at once is under way
 * (omap3_prm_mpu_standbywfi).
 */
static bool omap3_prm_mpu_wakeup(OMAP3PRMState *s)
{
    int i;

    if (s->wakeup_masked) {
        return false;
    }
    if (prm_reg(s, A_PM_WKST3_CORE) & prm_reg(s, A_PM_MPUGRPSEL3_CORE)) {
        return true;
    }
    for (i = 0; i < OMAP3_PRCM_NDOMAINS; i++) {
        const OMAP3PRCMDomain *d = &omap3_prcm_domains[i];

        if ((d->regs & OMAP3_PRCM_HAS(OMAP3_PRM_WKST)) &&
            (d->regs & OMAP3_PRCM_HAS(OMAP3_PRM_MPUGRPSEL)) &&
            (prm_reg(s, prm_domain_reg(d, OMAP3_PRM_WKST)) &
             prm_reg(s, prm_domain_reg(d, OMAP3_PRM_MPUGRPSEL)))) {
            return true;
        }
    }
    return false;
}

/*
 * Domain @d has a wake-up event of its own latched: a PM_WKST bit that
 * PM_WKEN enables.  The PRCM brings the power domain of a module that
 * raised a wake-up request back ON for it, and keeps it ON until software
 * clears the bit.  ASSUMPTION (kernel-implied, no TRM text found on the
 * order): the TRM's general rule is that a wake-up event wakes the domain
 * of its module (docs/notes/omap3-power-states.md 3, 9 step 3), and
 * Linux's handler turns the module's clocks on, which needs its domain,
 * before it clears PM_WKST.  Through the domain table: the domains with
 * both registers (CORE's first pair, WKUP, PER, USBHOST).
 */
static bool omap3_prm_domain_wakeup(OMAP3PRMState *s, const OMAP3PRCMDomain *d)
{
    const uint32_t need = OMAP3_PRCM_HAS(OMAP3_PRM_WKST) |
                          OMAP3_PRCM_HAS(OMAP3_PRM_WKEN);
    uint32_t wken;

    if ((d->regs & need) != need) {
        return false;
    }
    wken = prm_reg(s, prm_domain_reg(d, OMAP3_PRM_WKEN));
    if (d->module == MOD_WKUP) {
        /* EN_IO_CHAIN clocks the daisy chain: ST_IO_CHAIN is no event */
        wken &= ~R_PM_WKEN_WKUP_EN_IO_CHAIN_MASK;
    }
    return prm_reg(s, prm_domain_reg(d, OMAP3_PRM_WKST)) & wken;
}

/*
 * A wake-up event wakes domain @d: its own (omap3_prm_domain_wakeup), or
 * one of a domain its PM_WKDEP names: the programmable wake-up
 * dependencies (DM37x TRM 3.5.2.2.5, docs/notes/omap3-power-states.md 3;
 * PM_WKDEP_<d>.EN_<e>: <d> wakes with a wake-up event of <e>; the bits as
 * Linux's prm-regbits-34xx.h and clockdomains3xxx_data.c name them).
 * ASSUMPTION: <d> stays up while <e>'s event is latched, as for its own.
 * The events the model has are CORE's, WKUP's
 * and PER's PM_WKST ones: an EN_MPU, EN_IVA2 or EN_DSS names a domain
 * whose own wake-up events are not modelled here (the MPU's interrupts
 * wake only the MPU and the domains that follow it).  Linux 6.1 clears
 * every one of them but NEON's on the MPU (clkdm_complete_init), so its
 * kernel sees none of this; the reset values do (PER: EN_CORE, EN_WKUP).
 */
static bool omap3_prm_domain_woken(OMAP3PRMState *s, const OMAP3PRCMDomain *d)
{
    uint32_t wkdep;
    int i;

    if (omap3_prm_domain_wakeup(s, d)) {
        return true;
    }
    if (!(d->regs & OMAP3_PRCM_HAS(OMAP3_PRM_WKDEP))) {
        return false;
    }
    wkdep = prm_reg(s, prm_domain_reg(d, OMAP3_PRM_WKDEP));
    for (i = 0; i < OMAP3_PRCM_NDOMAINS; i++) {
        const OMAP3PRCMDomain *e = &omap3_prcm_domains[i];

        if ((wkdep & e->wkdep_en) && omap3_prm_domain_wakeup(s, e)) {
            return true;
        }
    }
    return false;
}

/*
 * Whether domain @d may be down now ("power-states").  Its clock domain
 * must idle (the CM's CM_CLKSTCTRL and module clocks, omap3_cm_clkdm_idle);
 * the MPU's, in addition, once the Cortex-A8 stands by in WFI with no
 * interrupt requested for it and no PRCM wake-up event pending.  A domain
 * with a sleep dependency on the MPU (hard-wired: NEON, CORE; or
 * CM_SLEEPDEP.EN_MPU, which Linux's hwmod sets while a module of it is
 * enabled) sleeps only while the MPU does, and wakes with it (DM37x TRM
 * 3.5.3.2.3 sleep dependencies, 3.5.2.2.5 power-domain controls).
 *
 * While CORE's logic is off, so is the CM in it: a domain that is down
 * stays down whatever the CM's registers (lost, at their reset values)
 * say, until a wake-up: the MPU's wake-up events, the MPU for the
 * domains that follow it, and a domain's own or those of PM_WKDEP
 * (omap3_prm_domain_woken).
 * ASSUMPTION: the others (PER, DSS, ...) wait for CORE to be back (no TRM
 * text; Linux wakes them itself).
 */
static bool omap3_prm_domain_can_sleep(OMAP3PRMState *s,
                                       const OMAP3PRCMDomain *d, bool mpu_down)
{
    bool held = s->pwrst[d - omap3_prcm_domains] != PWRST_ON &&
                omap3_prm_logic_lost(s, MOD_CORE);

    if (!(d->regs & OMAP3_PRCM_HAS(OMAP3_PRM_PWSTCTRL)) || !s->cm ||
        omap3_prm_domain_woken(s, d) ||
        (!held && !omap3_cm_clkdm_idle(s->cm, d))) {
        return false;
    }
    if (d->module == MOD_MPU) {
        return s->mpu_standbywfi && !s->mpu_irq && !omap3_prm_mpu_wakeup(s);
    }
    if (d->with_mpu || (!held && omap3_cm_sleepdep_mpu(s->cm, d->module))) {
        return mpu_down;
    }
    return true;
}

/*
 * The state domain @d goes to when its clock domain idles: its PM_PWSTCTRL
 * target, INACTIVE for ON.
 * POWERSTATE 2 is reserved; ASSUMPTION: it acts as ON.
 */
static unsigned omap3_prm_domain_target(OMAP3PRMState *s,
                                        const OMAP3PRCMDomain *d)
{
    unsigned t = FIELD_EX32(prm_reg(s, prm_domain_reg(d, OMAP3_PRM_PWSTCTRL)),
                            PM_PWSTCTRL, POWERSTATE);

    if (t >= PWRST_INACTIVE) {
        return PWRST_INACTIVE;
    }
    if (d->state_in_cpu && t == PWRST_OFF &&
        !omap3_prm_logic_lost(s, MOD_MPU)) {
        /*
         * NEON's registers are the CPU model's: they are lost with the
         * MPU's logic only, so NEON stops at RET while the MPU keeps it
         */
        return PWRST_RET;
    }
    return t;
}

/*
 * A domain's logic is lost in OFF and in RET unless LOGICRETSTATE keeps it
 * (docs/notes/omap3-power-states.md 1): "logic-power" tells whoever holds
 * its state.  The MPU's goes to the boot ROM, which powers the Cortex-A8
 * down and boots it again the way a wake-up from OFF boots
 * (omap3_boot_rom.c); the SoC resets the modules of the others.
 */
static void omap3_prm_update_logic_power(OMAP3PRMState *s,
                                         const OMAP3PRCMDomain *d, unsigned st)
{
    int i = d - omap3_prcm_domains;
    bool powered = FIELD_EX32(omap3_prm_pwst(s, d, st), PM_PWSTST,
                              LOGICSTATEST);

    if (powered == !(s->logic_off & BIT(i))) {
        return;
    }
    s->logic_off = deposit32(s->logic_off, i, 1, !powered);
    trace_omap3_prcm_logic_power(d->name, powered);
    qemu_set_irq(s->logic_power[i], powered);
}

/*
 * SYS_OFF_MODE, the pin that tells the PMIC the SoC is OFF: asserted while
 * CORE is OFF with PRM_VOLTCTRL.AUTO_OFF and SEL_OFF (the pin, not I2C4),
 * what Linux 6.1's omap3_vc_set_pmic_signaling() sets before a CORE-OFF
 * idle (docs/notes/omap3-core-off.md 5).  ASSUMPTIONS: it follows CORE's
 * state at once (PRM_VOLTSETUP2/CLKSETUP/VOLTOFFSET times are not waited
 * for); PRM_POLCTRL.OFFMODE_POL is the wire's electrical level, not
 * modelled (1 here is always "asserted"); AUTO_RET / AUTO_SLEEP's I2C4
 * voltage commands are not sent.
 */
static void omap3_prm_update_sys_off_mode(OMAP3PRMState *s)
{
    uint32_t ctrl = prm_reg(s, A_PRM_VOLTCTRL);
    bool off = s->power_states &&
               s->pwrst[omap3_prm_domain(MOD_CORE) - omap3_prcm_domains] ==
               PWRST_OFF &&
               FIELD_EX32(ctrl, PRM_VOLTCTRL, AUTO_OFF) &&
               FIELD_EX32(ctrl, PRM_VOLTCTRL, SEL_OFF);

    if (off != s->sys_off_mode) {
        s->sys_off_mode = off;
        trace_omap3_prcm_sys_off_mode(off);
        qemu_set_irq(s->sys_off_mode_out, off);
    }
}

static void omap3_prm_domain_set(OMAP3PRMState *s, const OMAP3PRCMDomain *d,
                                 unsigned st)
{
    int i = d - omap3_prcm_domains;

    trace_omap3_prcm_pwrdm_state(d->name, s->pwrst[i], st);
    s->pwrst[i] = st;
    if (st != PWRST_ON) {
        /* a completed sleep transition loads the state entered */
        s->space.regs[prm_domain_reg(d, OMAP3_PRM_PREPWSTST) >> 2] =
            omap3_prm_pwst(s, d, st);
    }
    omap3_prm_update_logic_power(s, d, st);
    if (d->module == MOD_CORE) {
        omap3_prm_update_sys_off_mode(s);
    }
}

/*
 * "power-states": every domain to the state its conditions give, the MPU
 * first (the others depend on it).  The transitions are instantaneous:
 * INTRANSITION never reads 1.  They happen at the MPU's WFI edges and are
 * brought up to date before every PRM access; ASSUMPTION: a domain that a
 * CM write (a clock enabled, SW_WKUP) wakes or lets sleep while the MPU
 * runs changes state when the PRM is next accessed, which is when software
 * can first see it.
 */
static void omap3_prm_update_domains_once(OMAP3PRMState *s)
{
    const OMAP3PRCMDomain *mpu = omap3_prm_domain(MOD_MPU);
    bool sleep[OMAP3_PRCM_NDOMAINS];
    bool mpu_down = false;
    int pass, i;

    for (pass = 0; pass < 2; pass++) {
        /*
         * each decides on the state before any of them moves: CORE's OFF
         * resets the CM the others' conditions are read from
         */
        for (i = 0; i < OMAP3_PRCM_NDOMAINS; i++) {
            const OMAP3PRCMDomain *d = &omap3_prcm_domains[i];

            if ((d == mpu) == (pass == 0)) {
                sleep[i] = omap3_prm_domain_can_sleep(s, d, mpu_down);
            }
        }
        for (i = 0; i < OMAP3_PRCM_NDOMAINS; i++) {
            const OMAP3PRCMDomain *d = &omap3_prcm_domains[i];

            if ((d == mpu) != (pass == 0)) {
                continue;
            }
            if (sleep[i] && s->pwrst[i] == PWRST_ON) {
                omap3_prm_domain_set(s, d, omap3_prm_domain_target(s, d));
            } else if (!sleep[i] && s->pwrst[i] != PWRST_ON) {
                omap3_prm_domain_set(s, d, PWRST_ON);
            }
        }
        mpu_down = s->pwrst[mpu - omap3_prcm_domains] != PWRST_ON;
    }
}

/*
 * A transition's "logic-power" edge can come back here (CORE's logic
 * resets the INTC, whose requests are our "mpu-irq"): such a nested call
 * only asks for another round once this one is done.
 */
static void omap3_prm_update_domains(OMAP3PRMState *s)
{
    int rounds = 0;

    if (!s->power_states) {
        return;
    }
    if (s->updating) {
        s->update_again = true;
        return;
    }
    s->updating = true;
    do {
        s->update_again = false;
        omap3_prm_update_domains_once(s);
    } while (s->update_again && ++rounds < 8);
    s->updating = false;
}

static void omap3_prm_accessed(DeviceState *dev)
{
    omap3_prm_update_domains(OMAP3_PRM(dev));
}

static uint32_t omap3_prm_computed(DeviceState *dev, hwaddr offset)
{
    OMAP3PRMState *s = OMAP3_PRM(dev);
    const OMAP3PRCMDomain *d;
    uint32_t v;
    int b;

    switch (offset) {
    case A_PRM_REVISION:
        return PRM_REVISION_1_0;
    case A_PRM_OBS:
        return 0;
    case A_PRM_VP1_STATUS:
    case A_PRM_VP2_STATUS:
        /* the VP only works during a FORCEUPDATE, which completes at once */
        return R_PRM_VP_STATUS_VPINIDLE_MASK;
    case A_PRM_VP1_VOLTAGE:
    case A_PRM_VP2_VOLTAGE:
        return prm_reg(s, offset);  /* latched by INITVDD/FORCEUPDATE */
    default:
        break;
    }
    /*
     * PM_PWSTST: ON or INACTIVE, with the logic and every bank on, never
     * INTRANSITION
     */
    d = omap3_prm_domain(offset & ~0xff);
    if (d && s->power_states) {
        return omap3_prm_pwst(s, d, s->pwrst[d - omap3_prcm_domains]);
    }
    v = FIELD_DP32(0, PM_PWSTST, POWERSTATEST, omap3_prm_powerstate(s, d));
    v = FIELD_DP32(v, PM_PWSTST, LOGICSTATEST, 1);
    for (b = 0; d && b < d->banks; b++) {
        v |= 3u << (4 + 2 * b);
    }
    return v;
}

static void omap3_prm_update_irq(OMAP3PRMState *s)
{
    bool level = prm_reg(s, A_PRM_IRQSTATUS_MPU) &
                 prm_reg(s, A_PRM_IRQENABLE_MPU);

    if (level != s->irq_level) {
        s->irq_level = level;
        trace_omap3_prcm_irq(level);
        qemu_set_irq(s->irq, level);
    }
}

static void omap3_prm_set_irqstatus(OMAP3PRMState *s, uint32_t bits)
{
    s->space.regs[R_PRM_IRQSTATUS_MPU] |= bits;
    omap3_prm_update_irq(s);
}

static void omap3_prm_vp_config(OMAP3PRMState *s, int vp, hwaddr voltage,
                                uint32_t old, uint32_t val)
{
    bool force = FIELD_EX32(val, PRM_VP_CONFIG, FORCEUPDATE) &&
                 !FIELD_EX32(old, PRM_VP_CONFIG, FORCEUPDATE);
    bool init = FIELD_EX32(val, PRM_VP_CONFIG, INITVDD) &&
                !FIELD_EX32(old, PRM_VP_CONFIG, INITVDD);

    if (force || init) {
        /* the SMPS is not modelled: the new voltage applies at once */
        s->space.regs[voltage >> 2] = FIELD_EX32(val, PRM_VP_CONFIG,
                                                 INITVOLTAGE);
    }
    if (force) {
        trace_omap3_prcm_vp_forceupdate(vp, s->space.regs[voltage >> 2]);
        omap3_prm_set_irqstatus(s, vp == 1 ?
                                R_PRM_IRQSTATUS_MPU_VP1_TRANXDONE_ST_MASK :
                                R_PRM_IRQSTATUS_MPU_VP2_TRANXDONE_ST_MASK);
    }
}

/* SYS_CLK: the oscillator divided by SYSCLKDIV (1 or 2; reserved: 1) */
static void omap3_prm_update_sys_clk(OMAP3PRMState *s, bool propagate)
{
    unsigned div = FIELD_EX32(prm_reg(s, A_PRM_CLKSRC_CTRL), PRM_CLKSRC_CTRL,
                              SYSCLKDIV) == 2 ? 2 : 1;
    uint64_t period = CLOCK_PERIOD_FROM_HZ(s->osc_hz / div);

    if (propagate) {
        clock_update(s->sys_clk, period);
    } else {
        clock_set(s->sys_clk, period);
    }
}

/* A guest write changed a register from @old to @val */
static void omap3_prm_written(DeviceState *dev, hwaddr offset, uint32_t old,
                              uint32_t val)
{
    OMAP3PRMState *s = OMAP3_PRM(dev);
    const OMAP3PRCMDomain *d;
    uint32_t released;

    switch (offset) {
    case A_PRM_IRQSTATUS_MPU:
    case A_PRM_IRQENABLE_MPU:
        omap3_prm_update_irq(s);
        break;
    case A_PRM_RSTCTRL:
        /* both bits self-clear: the reset takes the whole chip down */
        s->space.regs[R_PRM_RSTCTRL] = 0;
        if (val & (R_PRM_RSTCTRL_RST_GS_MASK | R_PRM_RSTCTRL_RST_DPLL3_MASK)) {
            trace_omap3_prcm_reset_request(val);
            s->sw_reset_pending = true;
            qemu_system_reset_request(SHUTDOWN_CAUSE_GUEST_RESET);
        }
        break;
    case A_RM_RSTCTRL_IVA2:
        /* RST1..3_IVA2 released -> IVA2_SW_RST1..3 "reset done" */
        released = old & ~val & 0x7;
        if (released) {
            s->space.regs[R_RM_RSTST_IVA2] |= released << 8;
        }
        if (old != val) {
            trace_omap3_prcm_hardreset("iva2", val);
        }
        qemu_set_irq(s->iva2_reset,
                     FIELD_EX32(val, RM_RSTCTRL_IVA2, RST1_IVA2));
        break;
    case A_RM_RSTCTRL_CORE:
        if (old != val) {
            trace_omap3_prcm_hardreset("core", val);
        }
        break;
    case A_PRM_CLKSRC_CTRL:
        omap3_prm_update_sys_clk(s, true);
        break;
    case A_PRM_VOLTCTRL:
        omap3_prm_update_sys_off_mode(s);
        break;
    case A_PM_WKEN_WKUP:
        /*
         * EN_IO_CHAIN drives WUCLKIN; the chain answers at once (WUCLKOUT),
         * which ST_IO_CHAIN latches (Linux polls it for 100 us).
         */
        if (FIELD_EX32(val, PM_WKEN_WKUP, EN_IO_CHAIN) !=
            FIELD_EX32(old, PM_WKEN_WKUP, EN_IO_CHAIN)) {
            bool on = FIELD_EX32(val, PM_WKEN_WKUP, EN_IO_CHAIN);

            if (on) {
                s->space.regs[R_PM_WKST_WKUP] |=
                    R_PM_WKST_WKUP_ST_IO_CHAIN_MASK;
            }
            trace_omap3_prcm_io_chain(on);
            qemu_set_irq(s->io_chain, on);
        }
        break;
    case A_PM_MPUGRPSEL_WKUP:
        /*
         * GRPSEL_IO is always set.  ASSUMPTION (kernel-implied, no TRM
         * text): Linux 6.1 writes this register without it ("No need to
         * write EN_IO, that is always enabled", prm3xxx.c) and its pm_io
         * handler clears PM_WKST_WKUP.ST_IO only where PM_MPUGRPSEL has the
         * bit (omap3xxx_prm_clear_mod_irqs): a writable bit would leave
         * every I/O wake-up pending for good.
         */
        s->space.regs[R_PM_MPUGRPSEL_WKUP] |= R_PM_MPUGRPSEL_WKUP_GRPSEL_IO_MASK;
        break;
    case A_PRM_VP1_CONFIG:
        omap3_prm_vp_config(s, 1, A_PRM_VP1_VOLTAGE, old, val);
        break;
    case A_PRM_VP2_CONFIG:
        omap3_prm_vp_config(s, 2, A_PRM_VP2_VOLTAGE, old, val);
        break;
    case A_PRM_LDO_ABB_SETUP:
        if (FIELD_EX32(val, PRM_LDO_ABB_SETUP, OPP_CHANGE)) {
            /* the bias change is instantaneous; OPP_CHANGE self-clears */
            s->space.regs[offset >> 2] = FIELD_DP32(val, PRM_LDO_ABB_SETUP,
                                              OPP_CHANGE, 0);
            omap3_prm_set_irqstatus(s,
                                R_PRM_IRQSTATUS_MPU_ABB_LDO_TRANXDONE_ST_MASK);
        }
        break;
    default:
        d = omap3_prm_domain(offset & ~0xff);
        if (d && s->power_states &&
            offset == prm_domain_reg(d, OMAP3_PRM_PREPWSTST)) {
            /*
             * docs/notes/omap3-power-states.md 2.2: a write loads the
             * current state (Linux, TI's code and the WinCE BSP write 0 to
             * clear it; hardware counters show it then holds the present
             * state until the next transition)
             */
            s->space.regs[offset >> 2] =
                omap3_prm_pwst(s, d, s->pwrst[d - omap3_prcm_domains]);
            break;
        }
        if (d && (offset & 0xff) ==
            omap3_prcm_domain_reg_offset[OMAP3_PRM_PWSTCTRL] &&
            FIELD_EX32(old, PM_PWSTCTRL, POWERSTATE) !=
            FIELD_EX32(val, PM_PWSTCTRL, POWERSTATE)) {
            /* the target: entered when its clock domain idles */
            trace_omap3_prcm_pwrdm_next(d->name,
                                        FIELD_EX32(old, PM_PWSTCTRL, POWERSTATE),
                                        FIELD_EX32(val, PM_PWSTCTRL, POWERSTATE));
        }
        break;
    }
}

/* An I/O pad wake-up event latched in the control module */
static void omap3_prm_io_wakeup(void *opaque, int n, int level)
{
    OMAP3PRMState *s = opaque;
    bool rising = level && !s->io_wakeup_level;

    s->io_wakeup_level = level;
    trace_omap3_prcm_io_wakeup(level);
    if (rising && FIELD_EX32(prm_reg(s, A_PM_WKEN_WKUP), PM_WKEN_WKUP, EN_IO)) {
        s->space.regs[R_PM_WKST_WKUP] |= R_PM_WKST_WKUP_ST_IO_MASK;
        omap3_prm_set_irqstatus(s, R_PRM_IRQSTATUS_MPU_IO_ST_MASK);
        /* a wake-up event for the MPU: it ends any sleep */
        omap3_prm_update_domains(s);
    }
}

/*
 * Whether the PRCM has cut the clocks of the module of wake-up source @w,
 * which then takes its wake-up request: its power domain is not ON (its
 * clock domain is idle), CORE's logic is off (the CM with it), or the CM
 * has its functional clock off and its interface clock off or under
 * auto-idle.  ASSUMPTION (no TRM text found on what the PRCM does with a
 * request of a module whose clocks run): none is latched, as a module
 * that is not idle raises none (the OCP SWakeup is an idle-state signal,
 * TRM 3.5.3.2 module idle protocol); this keeps the console's characters
 * from latching ST_UART3 while the kernel keeps UART3 clocked.
 */
static bool omap3_prm_module_clocks_cut(OMAP3PRMState *s,
                                        const OMAP3PRMWakeupSource *w)
{
    const OMAP3PRCMDomain *d = omap3_prm_domain(w->module);

    return s->pwrst[d - omap3_prcm_domains] != PWRST_ON ||
           omap3_prm_logic_lost(s, MOD_CORE) || !s->cm ||
           omap3_cm_module_clocks_off(s->cm, w->module, w->bit);
}

/* Latch the PM_WKST bit of wake-up source @w, if PM_WKEN enables it */
static void omap3_prm_latch_wakeup(OMAP3PRMState *s,
                                   const OMAP3PRMWakeupSource *w)
{
    const OMAP3PRCMDomain *d = omap3_prm_domain(w->module);
    hwaddr wkst = prm_domain_reg(d, OMAP3_PRM_WKST);

    if (!extract32(prm_reg(s, prm_domain_reg(d, OMAP3_PRM_WKEN)), w->bit, 1)) {
        return;
    }
    trace_omap3_prcm_wkst(d->name, w->name, w->bit);
    s->space.regs[wkst >> 2] |= BIT(w->bit);
    if (extract32(prm_reg(s, prm_domain_reg(d, OMAP3_PRM_MPUGRPSEL)),
                  w->bit, 1)) {
        /* routed to the MPU: its PRCM interrupt status, and its wake-up */
        omap3_prm_set_irqstatus(s, R_PRM_IRQSTATUS_MPU_WKUP_ST_MASK);
    }
    /* the MPU (omap3_prm_mpu_wakeup) and the module's own domain wake */
    omap3_prm_update_domains(s);
}

/*
 * A module's wake-up request (SWAKEUP), "module-wakeup" input @n (an
 * OMAP3PRMWakeup).  Its rising edge is the event: PM_WKST latches it, and
 * software's write 1 clears the bit whatever the request's level then
 * (Linux clears it in a loop until it reads 0, with no bail-out: a bit
 * set again while the request stands would hang it).  "power-states"
 * only: without it nothing is latched, the behaviour before wake-up
 * events were modelled (the same gating as the power state machine's).
 */
static void omap3_prm_module_wakeup(void *opaque, int n, int level)
{
    OMAP3PRMState *s = opaque;
    const OMAP3PRMWakeupSource *w = &omap3_prm_wakeups[n];
    bool rising = level && !extract32(s->module_wakeup, n, 1);

    s->module_wakeup = deposit32(s->module_wakeup, n, 1, level != 0);
    trace_omap3_prcm_module_wakeup(w->name, level != 0);
    if (!rising || !s->power_states) {
        return;
    }
    /* the PRCM's view is brought up to date first, as for an access */
    omap3_prm_update_domains(s);
    if (omap3_prm_module_clocks_cut(s, w)) {
        omap3_prm_latch_wakeup(s, w);
    }
}

/* The Cortex-A8's STANDBYWFI: halted in WFI (1) or running (0) */
static void omap3_prm_mpu_standbywfi(void *opaque, int n, int level)
{
    OMAP3PRMState *s = opaque;
    unsigned was = omap3_prm_powerstate(s, omap3_prm_domain(MOD_MPU));
    unsigned now;

    if (level == s->mpu_standbywfi) {
        return;
    }
    s->mpu_standbywfi = level;
    trace_omap3_prcm_mpu_standbywfi(level);
    if (s->power_states) {
        if (level && omap3_prm_mpu_wakeup(s)) {
            /*
             * The idle request finds a wake-up event pending (one Linux
             * left unacknowledged in its suspend window): the sleep
             * transition runs and the event ends it at once, so a CPU
             * whose logic that loses is booted again.  ASSUMPTION: the
             * PRCM does not refuse the transition (then a CPU in WFI with
             * no interrupt would never wake; Linux relies on it not doing
             * so, docs/notes/omap3-core-off.md 4.3).
             */
            trace_omap3_prcm_wakeup_pending();
            s->wakeup_masked = true;
            omap3_prm_update_domains(s);
            s->wakeup_masked = false;
        }
        omap3_prm_update_domains(s);
        return;
    }
    now = omap3_prm_powerstate(s, omap3_prm_domain(MOD_MPU));
    if (now != was) {
        trace_omap3_prcm_pwrdm_state("MPU", was, now);
    }
}

/* The INTC's IRQ (@n 0) or FIQ (1) to the Cortex-A8 */
static void omap3_prm_mpu_irq(void *opaque, int n, int level)
{
    OMAP3PRMState *s = opaque;
    uint8_t was = s->mpu_irq;

    s->mpu_irq = deposit32(s->mpu_irq, n, 1, level != 0);
    if (s->mpu_irq != was) {
        trace_omap3_prcm_mpu_irq(n, level != 0);
        omap3_prm_update_domains(s);
    }
}

/* SYS_CLKIN_SEL encodings (TRM PRM_CLKSEL) */
static const uint32_t omap3_osc_hz[] = {
    12000000, 13000000, 19200000, 26000000, 38400000, 16800000,
};

static void omap3_prm_reset_enter(Object *obj, ResetType type)
{
    OMAP3PRMState *s = OMAP3_PRM(obj);
    uint32_t rst = s->sw_reset_pending ? R_RM_RSTST_GLOBALWARM_RST_MASK :
                                         R_RM_RSTST_GLOBALCOLD_RST_MASK;
    int i;

    omap3_regfile_reset(s->space.regs_info, ARRAY_SIZE(s->space.regs_info));
    for (i = 0; i < ARRAY_SIZE(omap3_osc_hz); i++) {
        if (omap3_osc_hz[i] == s->osc_hz) {
            s->space.regs[R_PRM_CLKSEL] = i;
        }
    }

    /*
     * Reset source: QEMU resets the whole machine either way, so a
     * software global reset (PRM_RSTCTRL) is reported as such (GLOBAL_SW_RST,
     * RM_RSTST GLOBALWARM_RST) and everything else as a power-on reset.
     */
    s->space.regs[R_PRM_RSTST] = s->sw_reset_pending ?
                           R_PRM_RSTST_GLOBAL_SW_RST_MASK :
                           R_PRM_RSTST_GLOBAL_COLD_RST_MASK;
    for (i = 0; i < ARRAY_SIZE(omap3_prcm_domains); i++) {
        const OMAP3PRCMDomain *d = &omap3_prcm_domains[i];

        if (d->regs & OMAP3_PRCM_HAS(OMAP3_PRM_RSTST)) {
            hwaddr rstst = d->module +
                           omap3_prcm_domain_reg_offset[OMAP3_PRM_RSTST];

            s->space.regs[rstst >> 2] = rst;
        }
    }
    s->sw_reset_pending = false;
    s->irq_level = false;
    s->io_wakeup_level = false;
    /* the CPU's reset lowers STANDBYWFI: a machine reset ends any WFI */
    s->mpu_standbywfi = false;
    /* the INTC's reset drops its requests */
    s->mpu_irq = 0;
    s->logic_off = 0;
    s->updating = s->update_again = s->wakeup_masked = false;
    s->sys_off_mode = false;
    /*
     * the modules' reset drops their wake-up requests (they lower the
     * lines again in theirs); the latched PM_WKST bits went with the
     * register file
     */
    s->module_wakeup = 0;
    memset(s->pwrst, PWRST_ON, sizeof(s->pwrst));
}

static void omap3_prm_reset_hold(Object *obj, ResetType type)
{
    OMAP3PRMState *s = OMAP3_PRM(obj);
    int i;

    qemu_set_irq(s->irq, 0);
    qemu_set_irq(s->io_chain, 0);
    qemu_set_irq(s->sys_off_mode_out, 0);
    for (i = 0; i < OMAP3_PRCM_NDOMAINS; i++) {
        qemu_set_irq(s->logic_power[i], 1);
    }
    qemu_set_irq(s->iva2_reset, FIELD_EX32(prm_reg(s, A_RM_RSTCTRL_IVA2),
                                           RM_RSTCTRL_IVA2, RST1_IVA2));
    /* SYSCLKDIV is back to 1 */
    omap3_prm_update_sys_clk(s, true);
}
GTA04_RESET_PHASE_COMPAT(omap3_prm_reset_hold);

static void omap3_prm_init(Object *obj)
{
    OMAP3PRMState *s = OMAP3_PRM(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    omap3_prcm_space_init(&s->space, DEVICE(obj), "PRM", OMAP3_PRM_RSTCTRL,
                          OMAP3_PRM_PREPWSTST, omap3_prm_regs,
                          ARRAY_SIZE(omap3_prm_regs));
    s->space.computed = omap3_prm_computed;
    s->space.written = omap3_prm_written;
    s->space.accessed = omap3_prm_accessed;
    sysbus_init_mmio(sbd, &s->space.rf.reg_array->mem);
    sysbus_init_irq(sbd, &s->irq);
    qdev_init_gpio_out_named(DEVICE(obj), &s->io_chain, OMAP3_PRM_IO_CHAIN, 1);
    qdev_init_gpio_out_named(DEVICE(obj), &s->iva2_reset,
                             OMAP3_PRM_IVA2_RESET, 1);
    qdev_init_gpio_in_named(DEVICE(obj), omap3_prm_io_wakeup,
                            OMAP3_PRM_IO_WAKEUP, 1);
    qdev_init_gpio_in_named(DEVICE(obj), omap3_prm_mpu_standbywfi,
                            OMAP3_PRM_MPU_STANDBYWFI, 1);
    qdev_init_gpio_in_named(DEVICE(obj), omap3_prm_mpu_irq,
                            OMAP3_PRM_MPU_IRQ, 2);
    qdev_init_gpio_in_named(DEVICE(obj), omap3_prm_module_wakeup,
                            OMAP3_PRM_MODULE_WAKEUP, OMAP3_PRM_NWAKEUPS);
    qdev_init_gpio_out_named(DEVICE(obj), s->logic_power,
                             OMAP3_PRM_LOGIC_POWER, OMAP3_PRCM_NDOMAINS);
    qdev_init_gpio_out_named(DEVICE(obj), &s->sys_off_mode_out,
                             OMAP3_PRM_SYS_OFF_MODE, 1);
    s->sys_clk = qdev_init_clock_out(DEVICE(obj), OMAP3_PRM_SYS_CLK);
    s->clk_32k = qdev_init_clock_out(DEVICE(obj), OMAP3_PRM_32K_CLK);
}

static void omap3_prm_finalize(Object *obj)
{
    omap3_regfile_finalize(&OMAP3_PRM(obj)->space.rf);
}

static void omap3_prm_realize(DeviceState *dev, Error **errp)
{
    OMAP3PRMState *s = OMAP3_PRM(dev);
    int i;

    for (i = 0; i < ARRAY_SIZE(omap3_osc_hz); i++) {
        if (omap3_osc_hz[i] == s->osc_hz) {
            /*
             * The clock tree gets its rates now, before the first reset,
             * at virtual time 0: no timer counts yet.
             */
            clock_update_hz(s->clk_32k, OMAP3_PRM_32K_HZ);
            omap3_prm_update_sys_clk(s, true);
            return;
        }
    }
    error_setg(errp, "%s: osc-hz %" PRIu32 " is not a DM37x "
               "sys_clkin frequency (12, 13, 16.8, 19.2, 26 or 38.4 MHz)",
               TYPE_OMAP3_PRM, s->osc_hz);
}

static int omap3_prm_post_load(void *opaque, int version_id)
{
    /* SYS_CLK follows SYSCLKDIV; the CM loaded its input's state */
    omap3_prm_update_sys_clk(opaque, false);
    return 0;
}

/*
 * Version 1 was new in the CM/PRM split (part of "omap3-prcm" version 1);
 * version 2: the MPU's STANDBYWFI; version 3: the power states; version 4:
 * the MPU's interrupt requests and logic power; version 5: SYS_OFF_MODE;
 * version 6: the modules' wake-up requests
 */
static const VMStateDescription vmstate_omap3_prm = {
    .name = TYPE_OMAP3_PRM,
    .version_id = 6,
    .minimum_version_id = 6,
    .post_load = omap3_prm_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(space.regs, OMAP3PRMState,
                             OMAP3_PRCM_SPACE_SIZE / 4),
        VMSTATE_BOOL(irq_level, OMAP3PRMState),
        VMSTATE_BOOL(io_wakeup_level, OMAP3PRMState),
        VMSTATE_BOOL(sw_reset_pending, OMAP3PRMState),
        VMSTATE_BOOL(mpu_standbywfi, OMAP3PRMState),
        VMSTATE_UINT8_ARRAY(pwrst, OMAP3PRMState, OMAP3_PRCM_NDOMAINS),
        VMSTATE_UINT8(mpu_irq, OMAP3PRMState),
        VMSTATE_UINT32(logic_off, OMAP3PRMState),
        VMSTATE_BOOL(sys_off_mode, OMAP3PRMState),
        VMSTATE_UINT32(module_wakeup, OMAP3PRMState),
        VMSTATE_END_OF_LIST()
    }
};

static const Property omap3_prm_properties[] = {
    DEFINE_PROP_UINT32("osc-hz", OMAP3PRMState, osc_hz, 26000000),
    DEFINE_PROP_LINK(OMAP3_PRM_CM, OMAP3PRMState, cm, TYPE_OMAP3_CM,
                     OMAP3CMState *),
    DEFINE_PROP_BOOL(OMAP3_PRM_POWER_STATES, OMAP3PRMState, power_states,
                     false),
};

static void omap3_prm_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 PRCM power and reset manager";
    dc->realize = omap3_prm_realize;
    dc->vmsd = &vmstate_omap3_prm;
    device_class_set_props(dc, omap3_prm_properties);
    rc->phases.enter = omap3_prm_reset_enter;
    rc->phases.hold = GTA04_RESET_PHASE(omap3_prm_reset_hold);
}
GTA04_CLASS_INIT_COMPAT(omap3_prm_class_init);

static const TypeInfo omap3_prm_info = {
    .name = TYPE_OMAP3_PRM,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3PRMState),
    .instance_init = omap3_prm_init,
    .instance_finalize = omap3_prm_finalize,
    .class_init = GTA04_CLASS_INIT(omap3_prm_class_init),
};

static void omap3_prm_register_types(void)
{
    type_register_static(&omap3_prm_info);
}

type_init(omap3_prm_register_types)
