/*
 * TI OMAP3 (DM37x / OMAP3630) Power, Reset and Clock Management (PRCM)
 *
 * DM37x TRM SPRUGN4 chapter 3.  Both register spaces are addressed as
 * module + register, with the modules at the same offsets in CM and PRM
 * (IVA2 0x000, OCP 0x800, MPU 0x900, CORE 0xA00, SGX 0xB00, WKUP 0xC00,
 * PLL/CCR 0xD00, DSS 0xE00, CAM 0xF00, PER 0x1000, EMU 0x1100, GR 0x1200
 * (PRM only), NEON 0x1300, USBHOST 0x1400).
 *
 * What is modelled is what Linux 6.1 (arch/arm/mach-omap2/{cm3xxx,prm3xxx,
 * prm2xxx_3xxx,pm34xx,vp,vc}.c, sleep34xx.S, drivers/clk/ti) reads back:
 *  - DPLL status bits follow the programmed enable mode (7 = locked);
 *  - CM_IDLEST module bits read 0 (accessible) while any functional or
 *    interface clock of the module is enabled, 1 (idle) otherwise;
 *  - CM_CLKSTST activity follows the enabled clocks of the domain;
 *  - power domains are always ON (PM_PWSTST), never in transition;
 *    PM_PREPWSTST is a plain register (nothing latches it at WFI: QEMU
 *    gives a device no clean hook on the CPU's WFI);
 *  - RM_RSTCTRL de-assertion sets the RM_RSTST "reset done" bits;
 *  - PRM_RSTCTRL RST_GS / RST_DPLL3 reset the machine, PRM_RSTST tells
 *    GLOBAL_SW_RST after such a reset and GLOBAL_COLD_RST otherwise;
 *  - the I/O wake-up daisy chain (EN_IO_CHAIN -> ST_IO_CHAIN, pad events
 *    -> ST_IO -> PRM_IRQSTATUS_MPU.IO_ST) and the PRCM_MPU interrupt;
 *  - voltage processor FORCEUPDATE -> VPx_TRANXDONE, ABB OPP_CHANGE ->
 *    ABB_LDO_TRANXDONE.
 * Clock rates are not modelled: the reset values are what u-boot leaves
 * on a 26 MHz DM3730 (core 400 MHz, MPU 600 MHz, DPLL4 864 MHz); they only
 * need to give Linux sane rates.  Module wake-up events (PM_WKST bits other
 * than the I/O ones, PRM_IRQSTATUS_MPU.WKUP_ST) are not generated.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/registerfields.h"
#include "hw/misc/omap3_prcm.h"
#include "migration/vmstate.h"
#include "sysemu/runstate.h"
#include "trace.h"

/* Module offsets, the same in CM and PRM (TRM 3.7 "PRCM Registers") */
#define MOD_IVA2        0x0000
#define MOD_OCP         0x0800
#define MOD_MPU         0x0900
#define MOD_CORE        0x0a00
#define MOD_SGX         0x0b00
#define MOD_WKUP        0x0c00
#define MOD_PLL         0x0d00
#define MOD_DSS         0x0e00
#define MOD_CAM         0x0f00
#define MOD_PER         0x1000
#define MOD_EMU         0x1100
#define MOD_GR          0x1200
#define MOD_NEON        0x1300
#define MOD_USBHOST     0x1400

/* Register offsets inside a module */
#define CM_FCLKEN       0x00
#define CM_PLL_CLKEN    0x04    /* CM_CLKEN_PLL_<mod>; CM_CLKEN2_PLL in PLL */
#define CM_FCLKEN3      0x08
#define CM_ICLKEN       0x10
#define CM_ICLKEN2      0x14
#define CM_ICLKEN3      0x18
#define CM_IDLEST       0x20
#define CM_IDLEST2      0x24
#define CM_IDLEST3      0x28
#define CM_AUTOIDLE     0x30
#define CM_AUTOIDLE2    0x34
#define CM_AUTOIDLE3    0x38
#define CM_CLKSEL       0x40
#define CM_CLKSEL2      0x44    /* CM_SLEEPDEP in SGX/DSS/CAM/PER/USBHOST */
#define CM_CLKSTCTRL    0x48    /* CM_CLKSEL3_PLL in PLL */
#define CM_CLKSTST      0x4c    /* CM_CLKSEL4_PLL in PLL */
#define RM_RSTCTRL      0x50
#define RM_RSTST        0x58
#define PM_WKEN         0xa0
#define PM_MPUGRPSEL    0xa4
#define PM_IVA2GRPSEL   0xa8
#define PM_WKST         0xb0
#define PM_WKST3        0xb8
#define PM_WKDEP        0xc8
#define PM_PWSTCTRL     0xe0
#define PM_PWSTST       0xe4
#define PM_PREPWSTST    0xe8
#define PM_WKEN3        0xf0

/* CM registers */
REG32(CM_FCLKEN_IVA2,           MOD_IVA2 + CM_FCLKEN)
    FIELD(CM_FCLKEN_IVA2, EN_IVA2, 0, 1)
REG32(CM_CLKEN_PLL_IVA2,        MOD_IVA2 + CM_PLL_CLKEN)
    FIELD(CM_CLKEN_PLL_IVA2, EN_IVA2_DPLL, 0, 3)
REG32(CM_IDLEST_IVA2,           MOD_IVA2 + CM_IDLEST)
REG32(CM_IDLEST_PLL_IVA2,       MOD_IVA2 + CM_IDLEST2)
REG32(CM_AUTOIDLE_PLL_IVA2,     MOD_IVA2 + CM_AUTOIDLE2)
REG32(CM_CLKSEL1_PLL_IVA2,      MOD_IVA2 + CM_CLKSEL)
REG32(CM_CLKSEL2_PLL_IVA2,      MOD_IVA2 + CM_CLKSEL2)
REG32(CM_CLKSTCTRL_IVA2,        MOD_IVA2 + CM_CLKSTCTRL)
REG32(CM_CLKSTST_IVA2,          MOD_IVA2 + CM_CLKSTST)

REG32(CM_REVISION,              MOD_OCP + 0x00)
REG32(CM_SYSCONFIG,             MOD_OCP + 0x10)
REG32(CM_POLCTRL,               MOD_OCP + 0x9c)

REG32(CM_CLKEN_PLL_MPU,         MOD_MPU + CM_PLL_CLKEN)
REG32(CM_IDLEST_MPU,            MOD_MPU + CM_IDLEST)
REG32(CM_IDLEST_PLL_MPU,        MOD_MPU + CM_IDLEST2)
REG32(CM_AUTOIDLE_PLL_MPU,      MOD_MPU + CM_AUTOIDLE2)
REG32(CM_CLKSEL1_PLL_MPU,       MOD_MPU + CM_CLKSEL)
REG32(CM_CLKSEL2_PLL_MPU,       MOD_MPU + CM_CLKSEL2)
REG32(CM_CLKSTCTRL_MPU,         MOD_MPU + CM_CLKSTCTRL)
REG32(CM_CLKSTST_MPU,           MOD_MPU + CM_CLKSTST)

REG32(CM_FCLKEN1_CORE,          MOD_CORE + CM_FCLKEN)
REG32(CM_FCLKEN3_CORE,          MOD_CORE + CM_FCLKEN3)
REG32(CM_ICLKEN1_CORE,          MOD_CORE + CM_ICLKEN)
REG32(CM_ICLKEN2_CORE,          MOD_CORE + CM_ICLKEN2)
REG32(CM_ICLKEN3_CORE,          MOD_CORE + CM_ICLKEN3)
REG32(CM_IDLEST1_CORE,          MOD_CORE + CM_IDLEST)
REG32(CM_IDLEST2_CORE,          MOD_CORE + CM_IDLEST2)
REG32(CM_IDLEST3_CORE,          MOD_CORE + CM_IDLEST3)
REG32(CM_AUTOIDLE1_CORE,        MOD_CORE + CM_AUTOIDLE)
REG32(CM_AUTOIDLE2_CORE,        MOD_CORE + CM_AUTOIDLE2)
REG32(CM_AUTOIDLE3_CORE,        MOD_CORE + CM_AUTOIDLE3)
REG32(CM_CLKSEL_CORE,           MOD_CORE + CM_CLKSEL)
    FIELD(CM_CLKSEL_CORE, CLKSEL_GPT10, 6, 1)
    FIELD(CM_CLKSEL_CORE, CLKSEL_GPT11, 7, 1)
REG32(CM_CLKSTCTRL_CORE,        MOD_CORE + CM_CLKSTCTRL)
REG32(CM_CLKSTST_CORE,          MOD_CORE + CM_CLKSTST)

REG32(CM_FCLKEN_SGX,            MOD_SGX + CM_FCLKEN)
REG32(CM_ICLKEN_SGX,            MOD_SGX + CM_ICLKEN)
REG32(CM_IDLEST_SGX,            MOD_SGX + CM_IDLEST)
REG32(CM_CLKSEL_SGX,            MOD_SGX + CM_CLKSEL)
REG32(CM_SLEEPDEP_SGX,          MOD_SGX + CM_CLKSEL2)
REG32(CM_CLKSTCTRL_SGX,         MOD_SGX + CM_CLKSTCTRL)
REG32(CM_CLKSTST_SGX,           MOD_SGX + CM_CLKSTST)

REG32(CM_FCLKEN_WKUP,           MOD_WKUP + CM_FCLKEN)
REG32(CM_ICLKEN_WKUP,           MOD_WKUP + CM_ICLKEN)
REG32(CM_IDLEST_WKUP,           MOD_WKUP + CM_IDLEST)
REG32(CM_AUTOIDLE_WKUP,         MOD_WKUP + CM_AUTOIDLE)
REG32(CM_CLKSEL_WKUP,           MOD_WKUP + CM_CLKSEL)
    FIELD(CM_CLKSEL_WKUP, CLKSEL_GPT1, 0, 1)

REG32(CM_CLKEN_PLL,             MOD_PLL + 0x00)
    FIELD(CM_CLKEN_PLL, EN_CORE_DPLL, 0, 3)
    FIELD(CM_CLKEN_PLL, EN_PERIPH_DPLL, 16, 3)
REG32(CM_CLKEN2_PLL,            MOD_PLL + 0x04)
    FIELD(CM_CLKEN2_PLL, EN_PERIPH2_DPLL, 0, 3)
REG32(CM_IDLEST_CKGEN,          MOD_PLL + 0x20)
    FIELD(CM_IDLEST_CKGEN, ST_CORE_CLK, 0, 1)
    FIELD(CM_IDLEST_CKGEN, ST_PERIPH_CLK, 1, 1)
    /* ST_96M_CLK, ST_48M_CLK, ST_12M_CLK, ST_54M_CLK: DPLL4 outputs */
    FIELD(CM_IDLEST_CKGEN, ST_PER_OUTPUTS, 2, 4)
REG32(CM_IDLEST2_CKGEN,         MOD_PLL + 0x24)
    FIELD(CM_IDLEST2_CKGEN, ST_PERIPH2_CLK, 0, 1)
    FIELD(CM_IDLEST2_CKGEN, ST_120M_CLK, 1, 1)
REG32(CM_AUTOIDLE_PLL,          MOD_PLL + 0x30)
REG32(CM_AUTOIDLE2_PLL,         MOD_PLL + 0x34)
REG32(CM_CLKSEL1_PLL,           MOD_PLL + 0x40)
REG32(CM_CLKSEL2_PLL,           MOD_PLL + 0x44)
REG32(CM_CLKSEL3_PLL,           MOD_PLL + 0x48)
REG32(CM_CLKSEL4_PLL,           MOD_PLL + 0x4c)
REG32(CM_CLKSEL5_PLL,           MOD_PLL + 0x50)
REG32(CM_CLKOUT_CTRL,           MOD_PLL + 0x70)

REG32(CM_FCLKEN_DSS,            MOD_DSS + CM_FCLKEN)
REG32(CM_ICLKEN_DSS,            MOD_DSS + CM_ICLKEN)
REG32(CM_IDLEST_DSS,            MOD_DSS + CM_IDLEST)
REG32(CM_AUTOIDLE_DSS,          MOD_DSS + CM_AUTOIDLE)
REG32(CM_CLKSEL_DSS,            MOD_DSS + CM_CLKSEL)
REG32(CM_SLEEPDEP_DSS,          MOD_DSS + CM_CLKSEL2)
REG32(CM_CLKSTCTRL_DSS,         MOD_DSS + CM_CLKSTCTRL)
REG32(CM_CLKSTST_DSS,           MOD_DSS + CM_CLKSTST)

REG32(CM_FCLKEN_CAM,            MOD_CAM + CM_FCLKEN)
REG32(CM_ICLKEN_CAM,            MOD_CAM + CM_ICLKEN)
REG32(CM_IDLEST_CAM,            MOD_CAM + CM_IDLEST)
REG32(CM_AUTOIDLE_CAM,          MOD_CAM + CM_AUTOIDLE)
REG32(CM_CLKSEL_CAM,            MOD_CAM + CM_CLKSEL)
REG32(CM_SLEEPDEP_CAM,          MOD_CAM + CM_CLKSEL2)
REG32(CM_CLKSTCTRL_CAM,         MOD_CAM + CM_CLKSTCTRL)
REG32(CM_CLKSTST_CAM,           MOD_CAM + CM_CLKSTST)

REG32(CM_FCLKEN_PER,            MOD_PER + CM_FCLKEN)
REG32(CM_ICLKEN_PER,            MOD_PER + CM_ICLKEN)
REG32(CM_IDLEST_PER,            MOD_PER + CM_IDLEST)
REG32(CM_AUTOIDLE_PER,          MOD_PER + CM_AUTOIDLE)
REG32(CM_CLKSEL_PER,            MOD_PER + CM_CLKSEL)
    FIELD(CM_CLKSEL_PER, CLKSEL_GPT2_9, 0, 8)
REG32(CM_SLEEPDEP_PER,          MOD_PER + CM_CLKSEL2)
REG32(CM_CLKSTCTRL_PER,         MOD_PER + CM_CLKSTCTRL)
REG32(CM_CLKSTST_PER,           MOD_PER + CM_CLKSTST)

REG32(CM_CLKSEL1_EMU,           MOD_EMU + CM_CLKSEL)
REG32(CM_CLKSTCTRL_EMU,         MOD_EMU + CM_CLKSTCTRL)
REG32(CM_CLKSTST_EMU,           MOD_EMU + CM_CLKSTST)
REG32(CM_CLKSEL2_EMU,           MOD_EMU + 0x50)
REG32(CM_CLKSEL3_EMU,           MOD_EMU + 0x54)

REG32(CM_IDLEST_NEON,           MOD_NEON + CM_IDLEST)
REG32(CM_CLKSTCTRL_NEON,        MOD_NEON + CM_CLKSTCTRL)

REG32(CM_FCLKEN_USBHOST,        MOD_USBHOST + CM_FCLKEN)
REG32(CM_ICLKEN_USBHOST,        MOD_USBHOST + CM_ICLKEN)
REG32(CM_IDLEST_USBHOST,        MOD_USBHOST + CM_IDLEST)
REG32(CM_AUTOIDLE_USBHOST,      MOD_USBHOST + CM_AUTOIDLE)
REG32(CM_SLEEPDEP_USBHOST,      MOD_USBHOST + CM_CLKSEL2)
REG32(CM_CLKSTCTRL_USBHOST,     MOD_USBHOST + CM_CLKSTCTRL)
REG32(CM_CLKSTST_USBHOST,       MOD_USBHOST + CM_CLKSTST)

/* PRM registers */
REG32(RM_RSTCTRL_IVA2,          MOD_IVA2 + RM_RSTCTRL)
    FIELD(RM_RSTCTRL_IVA2, RST1_IVA2, 0, 1)
REG32(RM_RSTST_IVA2,            MOD_IVA2 + RM_RSTST)
REG32(PM_WKDEP_IVA2,            MOD_IVA2 + PM_WKDEP)
REG32(PM_PWSTCTRL_IVA2,         MOD_IVA2 + PM_PWSTCTRL)
REG32(PM_PWSTST_IVA2,           MOD_IVA2 + PM_PWSTST)
REG32(PM_PREPWSTST_IVA2,        MOD_IVA2 + PM_PREPWSTST)
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

REG32(RM_RSTST_MPU,             MOD_MPU + RM_RSTST)
REG32(PM_WKDEP_MPU,             MOD_MPU + PM_WKDEP)
REG32(PM_EVGENCTRL_MPU,         MOD_MPU + 0xd4)
REG32(PM_EVGENONTIM_MPU,        MOD_MPU + 0xd8)
REG32(PM_EVGENOFFTIM_MPU,       MOD_MPU + 0xdc)
REG32(PM_PWSTCTRL_MPU,          MOD_MPU + PM_PWSTCTRL)
REG32(PM_PWSTST_MPU,            MOD_MPU + PM_PWSTST)
REG32(PM_PREPWSTST_MPU,         MOD_MPU + PM_PREPWSTST)

REG32(RM_RSTCTRL_CORE,          MOD_CORE + RM_RSTCTRL)
REG32(RM_RSTST_CORE,            MOD_CORE + RM_RSTST)
REG32(PM_WKEN1_CORE,            MOD_CORE + PM_WKEN)
REG32(PM_MPUGRPSEL1_CORE,       MOD_CORE + PM_MPUGRPSEL)
REG32(PM_IVA2GRPSEL1_CORE,      MOD_CORE + PM_IVA2GRPSEL)
REG32(PM_WKST1_CORE,            MOD_CORE + PM_WKST)
REG32(PM_WKST3_CORE,            MOD_CORE + PM_WKST3)
REG32(PM_PWSTCTRL_CORE,         MOD_CORE + PM_PWSTCTRL)
REG32(PM_PWSTST_CORE,           MOD_CORE + PM_PWSTST)
REG32(PM_PREPWSTST_CORE,        MOD_CORE + PM_PREPWSTST)
REG32(PM_WKEN3_CORE,            MOD_CORE + PM_WKEN3)
REG32(PM_IVA2GRPSEL3_CORE,      MOD_CORE + 0xf4)
REG32(PM_MPUGRPSEL3_CORE,       MOD_CORE + 0xf8)

REG32(RM_RSTST_SGX,             MOD_SGX + RM_RSTST)
REG32(PM_WKDEP_SGX,             MOD_SGX + PM_WKDEP)
REG32(PM_PWSTCTRL_SGX,          MOD_SGX + PM_PWSTCTRL)
REG32(PM_PWSTST_SGX,            MOD_SGX + PM_PWSTST)
REG32(PM_PREPWSTST_SGX,         MOD_SGX + PM_PREPWSTST)

REG32(PM_WKEN_WKUP,             MOD_WKUP + PM_WKEN)
    FIELD(PM_WKEN_WKUP, EN_IO, 8, 1)
    FIELD(PM_WKEN_WKUP, EN_IO_CHAIN, 16, 1)
REG32(PM_MPUGRPSEL_WKUP,        MOD_WKUP + PM_MPUGRPSEL)
REG32(PM_IVA2GRPSEL_WKUP,       MOD_WKUP + PM_IVA2GRPSEL)
REG32(PM_WKST_WKUP,             MOD_WKUP + PM_WKST)
    FIELD(PM_WKST_WKUP, ST_IO, 8, 1)
    FIELD(PM_WKST_WKUP, ST_IO_CHAIN, 16, 1)

REG32(PRM_CLKSEL,               MOD_PLL + 0x40)
    FIELD(PRM_CLKSEL, SYS_CLKIN_SEL, 0, 3)
REG32(PRM_CLKOUT_CTRL,          MOD_PLL + 0x70)

REG32(RM_RSTST_DSS,             MOD_DSS + RM_RSTST)
REG32(PM_WKEN_DSS,              MOD_DSS + PM_WKEN)
REG32(PM_WKDEP_DSS,             MOD_DSS + PM_WKDEP)
REG32(PM_PWSTCTRL_DSS,          MOD_DSS + PM_PWSTCTRL)
REG32(PM_PWSTST_DSS,            MOD_DSS + PM_PWSTST)
REG32(PM_PREPWSTST_DSS,         MOD_DSS + PM_PREPWSTST)

REG32(RM_RSTST_CAM,             MOD_CAM + RM_RSTST)
REG32(PM_WKDEP_CAM,             MOD_CAM + PM_WKDEP)
REG32(PM_PWSTCTRL_CAM,          MOD_CAM + PM_PWSTCTRL)
REG32(PM_PWSTST_CAM,            MOD_CAM + PM_PWSTST)
REG32(PM_PREPWSTST_CAM,         MOD_CAM + PM_PREPWSTST)

REG32(RM_RSTST_PER,             MOD_PER + RM_RSTST)
REG32(PM_WKEN_PER,              MOD_PER + PM_WKEN)
REG32(PM_MPUGRPSEL_PER,         MOD_PER + PM_MPUGRPSEL)
REG32(PM_IVA2GRPSEL_PER,        MOD_PER + PM_IVA2GRPSEL)
REG32(PM_WKST_PER,              MOD_PER + PM_WKST)
REG32(PM_WKDEP_PER,             MOD_PER + PM_WKDEP)
REG32(PM_PWSTCTRL_PER,          MOD_PER + PM_PWSTCTRL)
REG32(PM_PWSTST_PER,            MOD_PER + PM_PWSTST)
REG32(PM_PREPWSTST_PER,         MOD_PER + PM_PREPWSTST)

REG32(RM_RSTST_EMU,             MOD_EMU + RM_RSTST)
REG32(PM_PWSTST_EMU,            MOD_EMU + PM_PWSTST)

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
REG32(PRM_SRAM_PCHARGE,         MOD_GR + 0x64)
REG32(PRM_CLKSRC_CTRL,          MOD_GR + 0x70)
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

REG32(RM_RSTST_NEON,            MOD_NEON + RM_RSTST)
REG32(PM_WKDEP_NEON,            MOD_NEON + PM_WKDEP)
REG32(PM_PWSTCTRL_NEON,         MOD_NEON + PM_PWSTCTRL)
REG32(PM_PWSTST_NEON,           MOD_NEON + PM_PWSTST)
REG32(PM_PREPWSTST_NEON,        MOD_NEON + PM_PREPWSTST)

REG32(RM_RSTST_USBHOST,         MOD_USBHOST + RM_RSTST)
REG32(PM_WKEN_USBHOST,          MOD_USBHOST + PM_WKEN)
REG32(PM_MPUGRPSEL_USBHOST,     MOD_USBHOST + PM_MPUGRPSEL)
REG32(PM_IVA2GRPSEL_USBHOST,    MOD_USBHOST + PM_IVA2GRPSEL)
REG32(PM_WKST_USBHOST,          MOD_USBHOST + PM_WKST)
REG32(PM_WKDEP_USBHOST,         MOD_USBHOST + PM_WKDEP)
REG32(PM_PWSTCTRL_USBHOST,      MOD_USBHOST + PM_PWSTCTRL)
REG32(PM_PWSTST_USBHOST,        MOD_USBHOST + PM_PWSTST)
REG32(PM_PREPWSTST_USBHOST,     MOD_USBHOST + PM_PREPWSTST)

/* PM_PWSTCTRL / PM_PWSTST / RM_RSTST fields shared by all domains */
FIELD(PM_PWSTCTRL, POWERSTATE, 0, 2)
FIELD(PM_PWSTST, POWERSTATEST, 0, 2)
FIELD(PM_PWSTST, LOGICSTATEST, 2, 1)
FIELD(PM_PWSTST, INTRANSITION, 20, 1)
FIELD(RM_RSTST, GLOBALCOLD_RST, 0, 1)
FIELD(RM_RSTST, GLOBALWARM_RST, 1, 1)

#define PWRST_ON                3
#define DPLL_MODE_LOCKED        7

/* How the model treats a register */
typedef enum {
    REG_NONE = 0,   /* not a register: RAZ/WI, LOG_UNIMP */
    REG_RW,         /* storage */
    REG_W1C,        /* status: writing 1 clears */
    REG_RO,         /* computed on read, writes ignored */
} OMAP3PRCMRegKind;

typedef struct {
    uint16_t offset;
    uint8_t kind;
    uint32_t reset;
} OMAP3PRCMRegInfo;

#define RW(reg, val)    { A_ ## reg, REG_RW, (val) }
#define W1C(reg)        { A_ ## reg, REG_W1C, 0 }
#define RO(reg)         { A_ ## reg, REG_RO, 0 }

/*
 * CM registers and their reset values.  Clock trees as u-boot leaves a
 * 26 MHz DM3730 (DPLL3 M=200 N=12 M2=1: 400 MHz core, L3 200, L4 100;
 * DPLL1 M=300 N=12 M2=1: 600 MHz MPU; DPLL2 520 MHz; DPLL4 (j-type)
 * M=432 N=12: 864 MHz, M2=9 96 MHz, M3=16 TV 54 MHz, M4=9 DSS 96 MHz,
 * M5=4 CAM 216 MHz, M6=3 EMU; DPLL5 M=480 N=12: 960 MHz, M2=8 120 MHz).
 * Every divider field Linux reads is non-zero.  Illustrative where the TRM
 * reset value differs; the clock enables are those u-boot turns on
 * (UARTs, I2Cs, MMC1/2, GPIO, GPT1/2, WDT2, SDRC and control module iclks).
 */
static const OMAP3PRCMRegInfo omap3_cm_regs[] = {
    RW(CM_FCLKEN_IVA2, 0),
    RW(CM_CLKEN_PLL_IVA2, DPLL_MODE_LOCKED),
    RO(CM_IDLEST_IVA2),
    RO(CM_IDLEST_PLL_IVA2),
    RW(CM_AUTOIDLE_PLL_IVA2, 0),
    RW(CM_CLKSEL1_PLL_IVA2, (2 << 19) | (260 << 8) | 12),
    RW(CM_CLKSEL2_PLL_IVA2, 1),
    RW(CM_CLKSTCTRL_IVA2, 0x3),
    RO(CM_CLKSTST_IVA2),

    RO(CM_REVISION),
    RW(CM_SYSCONFIG, 0x1),
    RW(CM_POLCTRL, 0),

    RW(CM_CLKEN_PLL_MPU, DPLL_MODE_LOCKED),
    RO(CM_IDLEST_MPU),
    RO(CM_IDLEST_PLL_MPU),
    RW(CM_AUTOIDLE_PLL_MPU, 0),
    RW(CM_CLKSEL1_PLL_MPU, (2 << 19) | (300 << 8) | 12),
    RW(CM_CLKSEL2_PLL_MPU, 1),
    RW(CM_CLKSTCTRL_MPU, 0x3),
    RO(CM_CLKSTST_MPU),

    RW(CM_FCLKEN1_CORE, 0x0303e000),
    RW(CM_FCLKEN3_CORE, 0),
    RW(CM_ICLKEN1_CORE, 0x0303e042),
    RW(CM_ICLKEN2_CORE, 0),
    RW(CM_ICLKEN3_CORE, 0),
    RO(CM_IDLEST1_CORE),
    RO(CM_IDLEST2_CORE),
    RO(CM_IDLEST3_CORE),
    RW(CM_AUTOIDLE1_CORE, 0),
    RW(CM_AUTOIDLE2_CORE, 0),
    RW(CM_AUTOIDLE3_CORE, 0),
    /* SSI /3, GPT10/11 32 kHz, L4 = L3 / 2, L3 = core / 2 */
    RW(CM_CLKSEL_CORE, 0x0000030a),
    RW(CM_CLKSTCTRL_CORE, 0xf),
    RO(CM_CLKSTST_CORE),

    RW(CM_FCLKEN_SGX, 0),
    RW(CM_ICLKEN_SGX, 0),
    RO(CM_IDLEST_SGX),
    RW(CM_CLKSEL_SGX, 0),
    RW(CM_SLEEPDEP_SGX, 0),
    RW(CM_CLKSTCTRL_SGX, 0x3),
    RO(CM_CLKSTST_SGX),

    RW(CM_FCLKEN_WKUP, 0x29),       /* GPT1, GPIO1, WDT2 */
    RW(CM_ICLKEN_WKUP, 0x2d),       /* + 32K sync counter */
    RO(CM_IDLEST_WKUP),
    RW(CM_AUTOIDLE_WKUP, 0),
    RW(CM_CLKSEL_WKUP, 0x12),       /* USIM /2, RM = L4 / 1, GPT1 32 kHz */

    RW(CM_CLKEN_PLL, (DPLL_MODE_LOCKED << 16) | DPLL_MODE_LOCKED),
    RW(CM_CLKEN2_PLL, DPLL_MODE_LOCKED),
    RO(CM_IDLEST_CKGEN),
    RO(CM_IDLEST2_CKGEN),
    RW(CM_AUTOIDLE_PLL, 0),
    RW(CM_AUTOIDLE2_PLL, 0),
    RW(CM_CLKSEL1_PLL, (1 << 27) | (200 << 16) | (12 << 8)),
    /* j-type DPLL4: SD_DIV 4, DCO_SEL 2, M 432, N 12 */
    RW(CM_CLKSEL2_PLL, (4 << 24) | (2 << 21) | (432 << 8) | 12),
    RW(CM_CLKSEL3_PLL, 9),
    RW(CM_CLKSEL4_PLL, (480 << 8) | 12),
    RW(CM_CLKSEL5_PLL, 8),
    RW(CM_CLKOUT_CTRL, 0x3),

    RW(CM_FCLKEN_DSS, 0),
    RW(CM_ICLKEN_DSS, 0),
    RO(CM_IDLEST_DSS),
    RW(CM_AUTOIDLE_DSS, 0),
    RW(CM_CLKSEL_DSS, (16 << 8) | 9),
    RW(CM_SLEEPDEP_DSS, 0),
    RW(CM_CLKSTCTRL_DSS, 0x3),
    RO(CM_CLKSTST_DSS),

    RW(CM_FCLKEN_CAM, 0),
    RW(CM_ICLKEN_CAM, 0),
    RO(CM_IDLEST_CAM),
    RW(CM_AUTOIDLE_CAM, 0),
    RW(CM_CLKSEL_CAM, 4),
    RW(CM_SLEEPDEP_CAM, 0),
    RW(CM_CLKSTCTRL_CAM, 0x3),
    RO(CM_CLKSTST_CAM),

    RW(CM_FCLKEN_PER, 0x0003e808),  /* GPT2, UART3, GPIO2..6 */
    RW(CM_ICLKEN_PER, 0x0003e808),
    RO(CM_IDLEST_PER),
    RW(CM_AUTOIDLE_PER, 0),
    RW(CM_CLKSEL_PER, 0x01),        /* GPT2 on SYS_CLK (u-boot's timer) */
    RW(CM_SLEEPDEP_PER, 0),
    RW(CM_CLKSTCTRL_PER, 0x3),
    RO(CM_CLKSTST_PER),

    /* TRM reset value: every EMU divider non-zero */
    RW(CM_CLKSEL1_EMU, 0x03020a50),
    RW(CM_CLKSTCTRL_EMU, 0x2),
    RO(CM_CLKSTST_EMU),
    RW(CM_CLKSEL2_EMU, 0),
    RW(CM_CLKSEL3_EMU, 0),

    RO(CM_IDLEST_NEON),
    RW(CM_CLKSTCTRL_NEON, 0x3),

    RW(CM_FCLKEN_USBHOST, 0),
    RW(CM_ICLKEN_USBHOST, 0),
    RO(CM_IDLEST_USBHOST),
    RW(CM_AUTOIDLE_USBHOST, 0),
    RW(CM_SLEEPDEP_USBHOST, 0),
    RW(CM_CLKSTCTRL_USBHOST, 0x3),
    RO(CM_CLKSTST_USBHOST),
};

/*
 * PRM registers.  PM_PWSTCTRL: every domain programmed ON with its
 * memories on (and retained), like after reset; RM_RSTST/PRM_RSTST are set
 * by the reset itself (omap3_prcm_reset_enter).
 */
static const OMAP3PRCMRegInfo omap3_prm_regs[] = {
    RW(RM_RSTCTRL_IVA2, 0x7),       /* DSP held in reset */
    W1C(RM_RSTST_IVA2),
    RW(PM_WKDEP_IVA2, 0xb3),
    RW(PM_PWSTCTRL_IVA2, 0x00ff0f07),
    RO(PM_PWSTST_IVA2),
    RW(PM_PREPWSTST_IVA2, 0),
    W1C(PRM_IRQSTATUS_IVA2),
    RW(PRM_IRQENABLE_IVA2, 0),

    RO(PRM_REVISION),
    RW(PRM_SYSCONFIG, 0x1),
    W1C(PRM_IRQSTATUS_MPU),
    RW(PRM_IRQENABLE_MPU, 0),

    W1C(RM_RSTST_MPU),
    RW(PM_WKDEP_MPU, 0xa5),
    RW(PM_EVGENCTRL_MPU, 0),
    RW(PM_EVGENONTIM_MPU, 0),
    RW(PM_EVGENOFFTIM_MPU, 0),
    RW(PM_PWSTCTRL_MPU, 0x00030107),
    RO(PM_PWSTST_MPU),
    RW(PM_PREPWSTST_MPU, 0),

    RW(RM_RSTCTRL_CORE, 0),
    W1C(RM_RSTST_CORE),
    RW(PM_WKEN1_CORE, 0),
    RW(PM_MPUGRPSEL1_CORE, 0),
    RW(PM_IVA2GRPSEL1_CORE, 0),
    W1C(PM_WKST1_CORE),
    W1C(PM_WKST3_CORE),
    RW(PM_PWSTCTRL_CORE, 0x000f0307),
    RO(PM_PWSTST_CORE),
    RW(PM_PREPWSTST_CORE, 0),
    RW(PM_WKEN3_CORE, 0),
    RW(PM_IVA2GRPSEL3_CORE, 0),
    RW(PM_MPUGRPSEL3_CORE, 0),

    W1C(RM_RSTST_SGX),
    RW(PM_WKDEP_SGX, 0x16),
    RW(PM_PWSTCTRL_SGX, 0x00030103),
    RO(PM_PWSTST_SGX),
    RW(PM_PREPWSTST_SGX, 0),

    RW(PM_WKEN_WKUP, 0),
    RW(PM_MPUGRPSEL_WKUP, 0),
    RW(PM_IVA2GRPSEL_WKUP, 0),
    W1C(PM_WKST_WKUP),

    RW(PRM_CLKSEL, 0),              /* set from the "osc-hz" property */
    RW(PRM_CLKOUT_CTRL, 0x80),

    W1C(RM_RSTST_DSS),
    RW(PM_WKEN_DSS, 0x1),
    RW(PM_WKDEP_DSS, 0x16),
    RW(PM_PWSTCTRL_DSS, 0x00030103),
    RO(PM_PWSTST_DSS),
    RW(PM_PREPWSTST_DSS, 0),

    W1C(RM_RSTST_CAM),
    RW(PM_WKDEP_CAM, 0x16),
    RW(PM_PWSTCTRL_CAM, 0x00030103),
    RO(PM_PWSTST_CAM),
    RW(PM_PREPWSTST_CAM, 0),

    W1C(RM_RSTST_PER),
    RW(PM_WKEN_PER, 0),
    RW(PM_MPUGRPSEL_PER, 0),
    RW(PM_IVA2GRPSEL_PER, 0),
    W1C(PM_WKST_PER),
    RW(PM_WKDEP_PER, 0x17),
    RW(PM_PWSTCTRL_PER, 0x00030107),
    RO(PM_PWSTST_PER),
    RW(PM_PREPWSTST_PER, 0),

    W1C(RM_RSTST_EMU),
    RO(PM_PWSTST_EMU),

    RW(PRM_VC_SMPS_SA, 0),
    RW(PRM_VC_SMPS_VOL_RA, 0),
    RW(PRM_VC_SMPS_CMD_RA, 0),
    RW(PRM_VC_CMD_VAL_0, 0),
    RW(PRM_VC_CMD_VAL_1, 0),
    RW(PRM_VC_CH_CONF, 0),
    RW(PRM_VC_I2C_CFG, 0),
    /*
     * Storage: the silicon clears VALID when the SMPS acknowledges, but
     * Linux's omap_vc_bypass_scale() loops while VALID reads 0, so a VALID
     * that stays set is what lets it return at once.
     */
    RW(PRM_VC_BYPASS_VAL, 0),
    RW(PRM_RSTCTRL, 0),
    RW(PRM_RSTTIME, 0x1006),
    W1C(PRM_RSTST),
    RW(PRM_VOLTCTRL, 0),
    RW(PRM_SRAM_PCHARGE, 0x50),
    RW(PRM_CLKSRC_CTRL, 0x40),      /* SYSCLKDIV = 1 (u-boot, 26 MHz) */
    RO(PRM_OBS),
    RW(PRM_VOLTSETUP1, 0),
    RW(PRM_VOLTOFFSET, 0),
    RW(PRM_CLKSETUP, 0),
    RW(PRM_POLCTRL, 0xa),
    RW(PRM_VOLTSETUP2, 0),
    RW(PRM_VP1_CONFIG, 0),
    RW(PRM_VP1_VSTEPMIN, 0),
    RW(PRM_VP1_VSTEPMAX, 0),
    RW(PRM_VP1_VLIMITTO, 0),
    RO(PRM_VP1_VOLTAGE),
    RO(PRM_VP1_STATUS),
    RW(PRM_VP2_CONFIG, 0),
    RW(PRM_VP2_VSTEPMIN, 0),
    RW(PRM_VP2_VSTEPMAX, 0),
    RW(PRM_VP2_VLIMITTO, 0),
    RO(PRM_VP2_VOLTAGE),
    RO(PRM_VP2_STATUS),
    RW(PRM_LDO_ABB_SETUP, 0),
    RW(PRM_LDO_ABB_CTRL, 0),

    W1C(RM_RSTST_NEON),
    RW(PM_WKDEP_NEON, 0x2),
    RW(PM_PWSTCTRL_NEON, 0x7),
    RO(PM_PWSTST_NEON),
    RW(PM_PREPWSTST_NEON, 0),

    W1C(RM_RSTST_USBHOST),
    RW(PM_WKEN_USBHOST, 0x1),
    RW(PM_MPUGRPSEL_USBHOST, 0x1),
    RW(PM_IVA2GRPSEL_USBHOST, 0),
    W1C(PM_WKST_USBHOST),
    RW(PM_WKDEP_USBHOST, 0x17),
    RW(PM_PWSTCTRL_USBHOST, 0x00030103),
    RO(PM_PWSTST_USBHOST),
    RW(PM_PREPWSTST_USBHOST, 0),
};

#undef RW
#undef W1C
#undef RO

/* Register kind per word, built from the tables in class_init */
static uint8_t omap3_cm_kind[OMAP3_PRCM_CM_SIZE / 4];
static uint8_t omap3_prm_kind[OMAP3_PRCM_PRM_SIZE / 4];

/* Power domains: PM_PWSTST reads ON with the logic and every bank on */
typedef struct {
    const char *name;
    uint16_t module;
    uint8_t banks;          /* memory banks: PWSTST bits 4 + 2n */
} OMAP3PowerDomain;

static const OMAP3PowerDomain omap3_pwrdm[] = {
    { "iva2",    MOD_IVA2,    4 },
    { "mpu",     MOD_MPU,     1 },
    { "core",    MOD_CORE,    2 },
    { "sgx",     MOD_SGX,     1 },
    { "dss",     MOD_DSS,     1 },
    { "cam",     MOD_CAM,     1 },
    { "per",     MOD_PER,     1 },
    { "emu",     MOD_EMU,     0 },
    { "neon",    MOD_NEON,    0 },
    { "usbhost", MOD_USBHOST, 1 },
};

/* Domains with an RM_RSTST register (reset-source status) */
static const uint16_t omap3_rstst_modules[] = {
    MOD_IVA2, MOD_MPU, MOD_CORE, MOD_SGX, MOD_DSS, MOD_CAM, MOD_PER,
    MOD_EMU, MOD_NEON, MOD_USBHOST,
};

/* DPLLs: enable-mode field and lock status bit (TRM 3.5.3) */
typedef struct {
    const char *name;
    uint16_t clken;
    uint8_t shift;
    uint16_t idlest;
    uint8_t st_bit;
} OMAP3Dpll;

static const OMAP3Dpll omap3_dpll[] = {
    { "dpll1-mpu",   A_CM_CLKEN_PLL_MPU,  0,  A_CM_IDLEST_PLL_MPU,  0 },
    { "dpll2-iva2",  A_CM_CLKEN_PLL_IVA2, 0,  A_CM_IDLEST_PLL_IVA2, 0 },
    { "dpll3-core",  A_CM_CLKEN_PLL,      0,  A_CM_IDLEST_CKGEN,    0 },
    { "dpll4-per",   A_CM_CLKEN_PLL,      16, A_CM_IDLEST_CKGEN,    1 },
    { "dpll5-per2",  A_CM_CLKEN2_PLL,     0,  A_CM_IDLEST2_CKGEN,   0 },
};

/*
 * CM_IDLEST bits: a module is accessible (0) while one of its clocks is on.
 * Most ST_ bits sit at the position of the module's EN_ bit in the
 * FCLKEN/ICLKEN pair of the same number; these tables give the module
 * bits of each IDLEST register and the exceptions (Linux clk-3xxx.c
 * find_idlest and omap_hwmod_3xxx_data.c agree with them).
 */
typedef struct {
    uint16_t idlest;
    uint16_t fclken;        /* 0xffff: none */
    uint16_t iclken;
    uint32_t modules;       /* ST_ bits at their EN_ position */
} OMAP3IdlestMap;

#define NO_REG 0xffff

static const OMAP3IdlestMap omap3_idlest_map[] = {
    /*
     * SDRC b1, D2D b3, HSOTGUSB_STDBY b4, OMAPCTRL b6, MAILBOXES b7,
     * McBSP1/5 b9-10, GPT10/11 b11-12, UART1/2 b13-14, I2C1-3 b15-17,
     * McSPI1-4 b18-21, HDQ b22, MSPRO b23, MMC1/2 b24-25, SHA12 b27,
     * AES2 b28, ICR b29, MMC3 b30
     */
    { A_CM_IDLEST1_CORE, A_CM_FCLKEN1_CORE, A_CM_ICLKEN1_CORE, 0x7bfffeda },
    /* DES1, SHA11, RNG, AES1, PKA */
    { A_CM_IDLEST2_CORE, NO_REG, A_CM_ICLKEN2_CORE, 0x0000001f },
    /* USBTLL */
    { A_CM_IDLEST3_CORE, A_CM_FCLKEN3_CORE, A_CM_ICLKEN3_CORE, 0x00000004 },
    /* GPT1, 32KSYNC, GPIO1, WDT1, WDT2, SR1, SR2, USIMOCP */
    { A_CM_IDLEST_WKUP, A_CM_FCLKEN_WKUP, A_CM_ICLKEN_WKUP, 0x000002fd },
    /* McBSP2-4, GPT2-9, UART3, WDT3, GPIO2-6, UART4 */
    { A_CM_IDLEST_PER, A_CM_FCLKEN_PER, A_CM_ICLKEN_PER, 0x0007ffff },
    { A_CM_IDLEST_CAM, A_CM_FCLKEN_CAM, A_CM_ICLKEN_CAM, 0x00000001 },
};

/* ST_ bits whose EN_ bit is elsewhere */
typedef struct {
    uint16_t idlest;
    uint8_t st_bit;
    uint16_t fclken;
    uint32_t fclk_mask;
    uint16_t iclken;
    uint32_t iclk_mask;
} OMAP3IdlestBit;

static const OMAP3IdlestBit omap3_idlest_bits[] = {
    /* SSI: STDBY b0 and IDLE b8, clocked by EN_SSI b0 */
    { A_CM_IDLEST1_CORE, 0, A_CM_FCLKEN1_CORE, 1, A_CM_ICLKEN1_CORE, 1 },
    { A_CM_IDLEST1_CORE, 8, A_CM_FCLKEN1_CORE, 1, A_CM_ICLKEN1_CORE, 1 },
    /* HSOTGUSB_IDLE b5, interface clock EN_HSOTGUSB b4 */
    { A_CM_IDLEST1_CORE, 5, NO_REG, 0, A_CM_ICLKEN1_CORE, 1 << 4 },
    /* SGX: FCLK EN_SGX b1, ICLK EN_SGX b0 */
    { A_CM_IDLEST_SGX, 0, A_CM_FCLKEN_SGX, 1 << 1, A_CM_ICLKEN_SGX, 1 << 0 },
    /* DSS: STDBY b0, IDLE b1; DSS1/DSS2/TV fclks, one iclk */
    { A_CM_IDLEST_DSS, 0, A_CM_FCLKEN_DSS, 0x7, A_CM_ICLKEN_DSS, 1 << 0 },
    { A_CM_IDLEST_DSS, 1, A_CM_FCLKEN_DSS, 0x7, A_CM_ICLKEN_DSS, 1 << 0 },
    /* USBHOST: STDBY b0, IDLE b1; HOST1/HOST2 fclks, one iclk */
    { A_CM_IDLEST_USBHOST, 0, A_CM_FCLKEN_USBHOST, 0x3, A_CM_ICLKEN_USBHOST, 1 },
    { A_CM_IDLEST_USBHOST, 1, A_CM_FCLKEN_USBHOST, 0x3, A_CM_ICLKEN_USBHOST, 1 },
};

/* CM_CLKSTST: the domain's clocks, for CLKACTIVITY (bit 0) */
typedef struct {
    uint16_t clkstst;
    uint16_t en[3];
} OMAP3ClkActivity;

static const OMAP3ClkActivity omap3_clkactivity[] = {
    { A_CM_CLKSTST_IVA2,    { A_CM_FCLKEN_IVA2, NO_REG, NO_REG } },
    { A_CM_CLKSTST_SGX,     { A_CM_FCLKEN_SGX, A_CM_ICLKEN_SGX, NO_REG } },
    { A_CM_CLKSTST_DSS,     { A_CM_FCLKEN_DSS, A_CM_ICLKEN_DSS, NO_REG } },
    { A_CM_CLKSTST_CAM,     { A_CM_FCLKEN_CAM, A_CM_ICLKEN_CAM, NO_REG } },
    { A_CM_CLKSTST_PER,     { A_CM_FCLKEN_PER, A_CM_ICLKEN_PER, NO_REG } },
    { A_CM_CLKSTST_USBHOST, { A_CM_FCLKEN_USBHOST, A_CM_ICLKEN_USBHOST, NO_REG } },
};

static inline uint32_t cm_reg(OMAP3PRCMState *s, hwaddr offset)
{
    return s->cm[offset >> 2];
}

static inline uint32_t prm_reg(OMAP3PRCMState *s, hwaddr offset)
{
    return s->prm[offset >> 2];
}

static bool omap3_dpll_locked(OMAP3PRCMState *s, const OMAP3Dpll *d)
{
    return ((cm_reg(s, d->clken) >> d->shift) & 7) == DPLL_MODE_LOCKED;
}

static uint32_t omap3_prcm_idlest(OMAP3PRCMState *s, hwaddr offset)
{
    uint32_t idle = 0;
    int i;

    for (i = 0; i < ARRAY_SIZE(omap3_idlest_map); i++) {
        const OMAP3IdlestMap *m = &omap3_idlest_map[i];
        uint32_t on = 0;

        if (m->idlest != offset) {
            continue;
        }
        if (m->fclken != NO_REG) {
            on |= cm_reg(s, m->fclken);
        }
        on |= cm_reg(s, m->iclken);
        idle |= m->modules & ~on;
    }
    for (i = 0; i < ARRAY_SIZE(omap3_idlest_bits); i++) {
        const OMAP3IdlestBit *b = &omap3_idlest_bits[i];
        bool on;

        if (b->idlest != offset) {
            continue;
        }
        on = (b->fclken != NO_REG && (cm_reg(s, b->fclken) & b->fclk_mask)) ||
             (cm_reg(s, b->iclken) & b->iclk_mask);
        if (!on) {
            idle |= 1u << b->st_bit;
        }
    }
    return idle;
}

static uint32_t omap3_prcm_clkstst(OMAP3PRCMState *s, hwaddr offset)
{
    int i, j;

    for (i = 0; i < ARRAY_SIZE(omap3_clkactivity); i++) {
        const OMAP3ClkActivity *a = &omap3_clkactivity[i];

        if (a->clkstst != offset) {
            continue;
        }
        for (j = 0; j < ARRAY_SIZE(a->en); j++) {
            if (a->en[j] != NO_REG && cm_reg(s, a->en[j])) {
                return 1;
            }
        }
        return 0;
    }
    return 0;
}

static uint32_t omap3_prcm_cm_computed(OMAP3PRCMState *s, hwaddr offset)
{
    uint32_t v;
    int i;

    switch (offset) {
    case A_CM_REVISION:
        return 0x10;            /* CM IP revision 1.0 */
    case A_CM_IDLEST_MPU:
    case A_CM_IDLEST_NEON:
        return 0;               /* the CPU runs: MPU and NEON are active */
    case A_CM_IDLEST_IVA2:
        /* the DSP is active only when clocked and out of reset */
        return !(FIELD_EX32(cm_reg(s, A_CM_FCLKEN_IVA2), CM_FCLKEN_IVA2, EN_IVA2) &&
                 !FIELD_EX32(prm_reg(s, A_RM_RSTCTRL_IVA2), RM_RSTCTRL_IVA2,
                             RST1_IVA2));
    case A_CM_IDLEST_PLL_MPU:
    case A_CM_IDLEST_PLL_IVA2:
    case A_CM_IDLEST_CKGEN:
    case A_CM_IDLEST2_CKGEN:
        v = 0;
        for (i = 0; i < ARRAY_SIZE(omap3_dpll); i++) {
            if (omap3_dpll[i].idlest == offset &&
                omap3_dpll_locked(s, &omap3_dpll[i])) {
                v |= 1u << omap3_dpll[i].st_bit;
            }
        }
        if (offset == A_CM_IDLEST_CKGEN &&
            FIELD_EX32(v, CM_IDLEST_CKGEN, ST_PERIPH_CLK)) {
            v = FIELD_DP32(v, CM_IDLEST_CKGEN, ST_PER_OUTPUTS, 0xf);
        }
        if (offset == A_CM_IDLEST2_CKGEN &&
            FIELD_EX32(v, CM_IDLEST2_CKGEN, ST_PERIPH2_CLK)) {
            v = FIELD_DP32(v, CM_IDLEST2_CKGEN, ST_120M_CLK, 1);
        }
        return v;
    case A_CM_CLKSTST_MPU:
        return 1;
    case A_CM_CLKSTST_CORE:
        return 0x3;             /* CLKACTIVITY_L3, CLKACTIVITY_L4 */
    case A_CM_CLKSTST_EMU:
        return 0;
    default:
        break;
    }
    if ((offset & 0xf0) == CM_IDLEST) {
        return omap3_prcm_idlest(s, offset);
    }
    return omap3_prcm_clkstst(s, offset);
}

static uint32_t omap3_prcm_prm_computed(OMAP3PRCMState *s, hwaddr offset)
{
    int i, b;

    switch (offset) {
    case A_PRM_REVISION:
        return 0x10;            /* PRM IP revision 1.0 */
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
    for (i = 0; i < ARRAY_SIZE(omap3_pwrdm); i++) {
        if (omap3_pwrdm[i].module + PM_PWSTST == offset) {
            uint32_t v = FIELD_DP32(0, PM_PWSTST, POWERSTATEST, PWRST_ON);

            v = FIELD_DP32(v, PM_PWSTST, LOGICSTATEST, 1);
            for (b = 0; b < omap3_pwrdm[i].banks; b++) {
                v |= 3u << (4 + 2 * b);
            }
            return v;   /* INTRANSITION is never set */
        }
    }
    return 0;
}

static void omap3_prcm_update_irq(OMAP3PRCMState *s)
{
    bool level = prm_reg(s, A_PRM_IRQSTATUS_MPU) &
                 prm_reg(s, A_PRM_IRQENABLE_MPU);

    if (level != s->irq_level) {
        s->irq_level = level;
        trace_omap3_prcm_irq(level);
        qemu_set_irq(s->irq, level);
    }
}

static void omap3_prcm_set_irqstatus(OMAP3PRCMState *s, uint32_t bits)
{
    s->prm[R_PRM_IRQSTATUS_MPU] |= bits;
    omap3_prcm_update_irq(s);
}

static void omap3_prcm_update_gpt_clksel(OMAP3PRCMState *s)
{
    uint32_t core = cm_reg(s, A_CM_CLKSEL_CORE);
    uint32_t per = FIELD_EX32(cm_reg(s, A_CM_CLKSEL_PER), CM_CLKSEL_PER,
                              CLKSEL_GPT2_9);
    int sel[OMAP3_PRCM_NUM_GPT];
    int i;

    sel[0] = FIELD_EX32(cm_reg(s, A_CM_CLKSEL_WKUP), CM_CLKSEL_WKUP, CLKSEL_GPT1);
    for (i = 0; i < 8; i++) {
        sel[1 + i] = (per >> i) & 1;
    }
    sel[9] = FIELD_EX32(core, CM_CLKSEL_CORE, CLKSEL_GPT10);
    sel[10] = FIELD_EX32(core, CM_CLKSEL_CORE, CLKSEL_GPT11);
    sel[11] = 0;                /* GPT12: secure 32 kHz clock only */

    for (i = 0; i < OMAP3_PRCM_NUM_GPT; i++) {
        trace_omap3_prcm_gpt_clksel(i + 1, sel[i]);
        qemu_set_irq(s->gpt_clksel[i], sel[i]);
    }
}

static void omap3_prcm_cm_written(OMAP3PRCMState *s, hwaddr offset,
                                  uint32_t old, uint32_t val)
{
    int i;

    for (i = 0; i < ARRAY_SIZE(omap3_dpll); i++) {
        const OMAP3Dpll *d = &omap3_dpll[i];
        unsigned was = (old >> d->shift) & 7, now = (val >> d->shift) & 7;

        if (d->clken == offset && was != now) {
            /* lock and bypass complete at once: no relock time */
            trace_omap3_prcm_dpll(d->name, now,
                                  now == DPLL_MODE_LOCKED ? "locked" :
                                  "bypass/stop");
        }
    }

    switch (offset) {
    case A_CM_CLKSEL_WKUP:
    case A_CM_CLKSEL_PER:
    case A_CM_CLKSEL_CORE:
        if (old != val) {
            omap3_prcm_update_gpt_clksel(s);
        }
        break;
    default:
        break;
    }
}

static const char *omap3_prcm_pwrdm_name(hwaddr module)
{
    int i;

    for (i = 0; i < ARRAY_SIZE(omap3_pwrdm); i++) {
        if (omap3_pwrdm[i].module == module) {
            return omap3_pwrdm[i].name;
        }
    }
    return "?";
}

static void omap3_prcm_vp_config(OMAP3PRCMState *s, int vp, hwaddr voltage,
                                 uint32_t old, uint32_t val)
{
    bool force = FIELD_EX32(val, PRM_VP_CONFIG, FORCEUPDATE) &&
                 !FIELD_EX32(old, PRM_VP_CONFIG, FORCEUPDATE);
    bool init = FIELD_EX32(val, PRM_VP_CONFIG, INITVDD) &&
                !FIELD_EX32(old, PRM_VP_CONFIG, INITVDD);

    if (force || init) {
        /* the SMPS is not modelled: the new voltage applies at once */
        s->prm[voltage >> 2] = FIELD_EX32(val, PRM_VP_CONFIG, INITVOLTAGE);
    }
    if (force) {
        trace_omap3_prcm_vp_forceupdate(vp, s->prm[voltage >> 2]);
        omap3_prcm_set_irqstatus(s, vp == 1 ?
                                 R_PRM_IRQSTATUS_MPU_VP1_TRANXDONE_ST_MASK :
                                 R_PRM_IRQSTATUS_MPU_VP2_TRANXDONE_ST_MASK);
    }
}

static void omap3_prcm_prm_written(OMAP3PRCMState *s, hwaddr offset,
                                   uint32_t old, uint32_t val)
{
    uint32_t released;

    switch (offset) {
    case A_PRM_IRQSTATUS_MPU:
    case A_PRM_IRQENABLE_MPU:
        omap3_prcm_update_irq(s);
        break;
    case A_PRM_RSTCTRL:
        /* both bits self-clear: the reset takes the whole chip down */
        s->prm[R_PRM_RSTCTRL] = 0;
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
            s->prm[R_RM_RSTST_IVA2] |= released << 8;
        }
        if (old != val) {
            trace_omap3_prcm_hardreset("iva2", val);
        }
        break;
    case A_RM_RSTCTRL_CORE:
        if (old != val) {
            trace_omap3_prcm_hardreset("core", val);
        }
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
                s->prm[R_PM_WKST_WKUP] |= R_PM_WKST_WKUP_ST_IO_CHAIN_MASK;
            }
            trace_omap3_prcm_io_chain(on);
            qemu_set_irq(s->io_chain, on);
        }
        break;
    case A_PRM_VP1_CONFIG:
        omap3_prcm_vp_config(s, 1, A_PRM_VP1_VOLTAGE, old, val);
        break;
    case A_PRM_VP2_CONFIG:
        omap3_prcm_vp_config(s, 2, A_PRM_VP2_VOLTAGE, old, val);
        break;
    case A_PRM_LDO_ABB_SETUP:
        if (FIELD_EX32(val, PRM_LDO_ABB_SETUP, OPP_CHANGE)) {
            /* the bias change is instantaneous; OPP_CHANGE self-clears */
            s->prm[offset >> 2] = FIELD_DP32(val, PRM_LDO_ABB_SETUP,
                                             OPP_CHANGE, 0);
            omap3_prcm_set_irqstatus(s,
                                R_PRM_IRQSTATUS_MPU_ABB_LDO_TRANXDONE_ST_MASK);
        }
        break;
    default:
        if ((offset & 0xff) == PM_PWSTCTRL &&
            FIELD_EX32(old, PM_PWSTCTRL, POWERSTATE) !=
            FIELD_EX32(val, PM_PWSTCTRL, POWERSTATE)) {
            /* only the target state: the domain stays ON until a WFI */
            trace_omap3_prcm_pwrdm_next(omap3_prcm_pwrdm_name(offset & ~0xff),
                                        FIELD_EX32(old, PM_PWSTCTRL, POWERSTATE),
                                        FIELD_EX32(val, PM_PWSTCTRL, POWERSTATE));
        }
        break;
    }
}

/*
 * CM and PRM decode the same way: a per-word kind table (none, plain,
 * read-only computed, write-1-to-clear) and a side-effect hook.
 */
typedef struct OMAP3PRCMSpace {
    const char *name;
    const uint8_t *kind;
    size_t regs_offset;     /* of the register array in OMAP3PRCMState */
    uint32_t (*computed)(OMAP3PRCMState *s, hwaddr offset);
    void (*written)(OMAP3PRCMState *s, hwaddr offset, uint32_t old,
                    uint32_t val);
} OMAP3PRCMSpace;

static const OMAP3PRCMSpace omap3_prcm_cm_space = {
    .name = "CM",
    .kind = omap3_cm_kind,
    .regs_offset = offsetof(OMAP3PRCMState, cm),
    .computed = omap3_prcm_cm_computed,
    .written = omap3_prcm_cm_written,
};

static const OMAP3PRCMSpace omap3_prcm_prm_space = {
    .name = "PRM",
    .kind = omap3_prm_kind,
    .regs_offset = offsetof(OMAP3PRCMState, prm),
    .computed = omap3_prcm_prm_computed,
    .written = omap3_prcm_prm_written,
};

static uint32_t *omap3_prcm_regs(OMAP3PRCMState *s, const OMAP3PRCMSpace *sp)
{
    return (uint32_t *)((uint8_t *)s + sp->regs_offset);
}

static uint64_t omap3_prcm_space_read(OMAP3PRCMState *s,
                                      const OMAP3PRCMSpace *sp, hwaddr offset)
{
    uint32_t v;

    switch (sp->kind[offset >> 2]) {
    case REG_NONE:
        qemu_log_mask(LOG_UNIMP, "omap3_prcm: unknown %s register 0x%04"
                      HWADDR_PRIx "\n", sp->name, offset);
        return 0;
    case REG_RO:
        v = sp->computed(s, offset);
        break;
    default:
        v = omap3_prcm_regs(s, sp)[offset >> 2];
        break;
    }
    trace_omap3_prcm_read(sp->name, offset, v);
    return v;
}

static void omap3_prcm_space_write(OMAP3PRCMState *s, const OMAP3PRCMSpace *sp,
                                   hwaddr offset, uint64_t value)
{
    uint32_t *reg = &omap3_prcm_regs(s, sp)[offset >> 2];
    uint32_t old = *reg;

    trace_omap3_prcm_write(sp->name, offset, value);
    switch (sp->kind[offset >> 2]) {
    case REG_NONE:
        qemu_log_mask(LOG_UNIMP, "omap3_prcm: unknown %s register 0x%04"
                      HWADDR_PRIx " = 0x%08" PRIx64 "\n", sp->name, offset,
                      value);
        return;
    case REG_RO:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3_prcm: read-only %s register "
                      "0x%04" HWADDR_PRIx "\n", sp->name, offset);
        return;
    case REG_W1C:
        *reg &= ~value;
        break;
    default:
        *reg = value;
        break;
    }
    sp->written(s, offset, old, *reg);
}

static uint64_t omap3_prcm_cm_read(void *opaque, hwaddr offset, unsigned size)
{
    return omap3_prcm_space_read(opaque, &omap3_prcm_cm_space, offset);
}

static void omap3_prcm_cm_write(void *opaque, hwaddr offset, uint64_t value,
                                unsigned size)
{
    omap3_prcm_space_write(opaque, &omap3_prcm_cm_space, offset, value);
}

static uint64_t omap3_prcm_prm_read(void *opaque, hwaddr offset, unsigned size)
{
    return omap3_prcm_space_read(opaque, &omap3_prcm_prm_space, offset);
}

static void omap3_prcm_prm_write(void *opaque, hwaddr offset, uint64_t value,
                                 unsigned size)
{
    omap3_prcm_space_write(opaque, &omap3_prcm_prm_space, offset, value);
}

static const MemoryRegionOps omap3_prcm_cm_ops = {
    .read = omap3_prcm_cm_read,
    .write = omap3_prcm_cm_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    /* TRM: the PRCM registers are 32-bit, 32-bit access only */
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
};

static const MemoryRegionOps omap3_prcm_prm_ops = {
    .read = omap3_prcm_prm_read,
    .write = omap3_prcm_prm_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
};

/* An I/O pad wake-up event latched in the control module */
static void omap3_prcm_io_wakeup(void *opaque, int n, int level)
{
    OMAP3PRCMState *s = opaque;
    bool rising = level && !s->io_wakeup_level;

    s->io_wakeup_level = level;
    trace_omap3_prcm_io_wakeup(level);
    if (rising && FIELD_EX32(prm_reg(s, A_PM_WKEN_WKUP), PM_WKEN_WKUP, EN_IO)) {
        s->prm[R_PM_WKST_WKUP] |= R_PM_WKST_WKUP_ST_IO_MASK;
        omap3_prcm_set_irqstatus(s, R_PRM_IRQSTATUS_MPU_IO_ST_MASK);
    }
}

/* SYS_CLKIN_SEL encodings (TRM PRM_CLKSEL) */
static const uint32_t omap3_osc_hz[] = {
    12000000, 13000000, 19200000, 26000000, 38400000, 16800000,
};

static void omap3_prcm_reset_enter(Object *obj, ResetType type)
{
    OMAP3PRCMState *s = OMAP3_PRCM(obj);
    uint32_t rst = s->sw_reset_pending ? R_RM_RSTST_GLOBALWARM_RST_MASK :
                                         R_RM_RSTST_GLOBALCOLD_RST_MASK;
    int i;

    memset(s->cm, 0, sizeof(s->cm));
    memset(s->prm, 0, sizeof(s->prm));
    for (i = 0; i < ARRAY_SIZE(omap3_cm_regs); i++) {
        s->cm[omap3_cm_regs[i].offset >> 2] = omap3_cm_regs[i].reset;
    }
    for (i = 0; i < ARRAY_SIZE(omap3_prm_regs); i++) {
        s->prm[omap3_prm_regs[i].offset >> 2] = omap3_prm_regs[i].reset;
    }
    for (i = 0; i < ARRAY_SIZE(omap3_osc_hz); i++) {
        if (omap3_osc_hz[i] == s->osc_hz) {
            s->prm[R_PRM_CLKSEL] = i;
        }
    }

    /*
     * Reset source: QEMU resets the whole machine either way, so a
     * software global reset (PRM_RSTCTRL) is reported as such (GLOBAL_SW_RST,
     * RM_RSTST GLOBALWARM_RST) and everything else as a power-on reset.
     */
    s->prm[R_PRM_RSTST] = s->sw_reset_pending ?
                          R_PRM_RSTST_GLOBAL_SW_RST_MASK :
                          R_PRM_RSTST_GLOBAL_COLD_RST_MASK;
    for (i = 0; i < ARRAY_SIZE(omap3_rstst_modules); i++) {
        s->prm[(omap3_rstst_modules[i] + RM_RSTST) >> 2] = rst;
    }
    s->sw_reset_pending = false;
    s->irq_level = false;
    s->io_wakeup_level = false;
}

static void omap3_prcm_reset_hold(Object *obj)
{
    OMAP3PRCMState *s = OMAP3_PRCM(obj);

    qemu_set_irq(s->irq, 0);
    qemu_set_irq(s->io_chain, 0);
    omap3_prcm_update_gpt_clksel(s);
}

static void omap3_prcm_init(Object *obj)
{
    OMAP3PRCMState *s = OMAP3_PRCM(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->cm_iomem, obj, &omap3_prcm_cm_ops, s,
                          "omap3-prcm.cm", OMAP3_PRCM_CM_SIZE);
    memory_region_init_io(&s->prm_iomem, obj, &omap3_prcm_prm_ops, s,
                          "omap3-prcm.prm", OMAP3_PRCM_PRM_SIZE);
    sysbus_init_mmio(sbd, &s->cm_iomem);
    sysbus_init_mmio(sbd, &s->prm_iomem);
    sysbus_init_irq(sbd, &s->irq);
    qdev_init_gpio_out_named(DEVICE(obj), s->gpt_clksel,
                             OMAP3_PRCM_GPT_CLKSEL, OMAP3_PRCM_NUM_GPT);
    qdev_init_gpio_out_named(DEVICE(obj), &s->io_chain, OMAP3_PRCM_IO_CHAIN, 1);
    qdev_init_gpio_in_named(DEVICE(obj), omap3_prcm_io_wakeup,
                            OMAP3_PRCM_IO_WAKEUP, 1);
}

static void omap3_prcm_realize(DeviceState *dev, Error **errp)
{
    OMAP3PRCMState *s = OMAP3_PRCM(dev);
    int i;

    for (i = 0; i < ARRAY_SIZE(omap3_osc_hz); i++) {
        if (omap3_osc_hz[i] == s->osc_hz) {
            return;
        }
    }
    error_setg(errp, "omap3-prcm: osc-hz %" PRIu32 " is not a DM37x "
               "sys_clkin frequency (12, 13, 16.8, 19.2, 26 or 38.4 MHz)",
               s->osc_hz);
}

static const VMStateDescription vmstate_omap3_prcm = {
    .name = "omap3-prcm",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(cm, OMAP3PRCMState, OMAP3_PRCM_CM_SIZE / 4),
        VMSTATE_UINT32_ARRAY(prm, OMAP3PRCMState, OMAP3_PRCM_PRM_SIZE / 4),
        VMSTATE_BOOL(irq_level, OMAP3PRCMState),
        VMSTATE_BOOL(io_wakeup_level, OMAP3PRCMState),
        VMSTATE_BOOL(sw_reset_pending, OMAP3PRCMState),
        VMSTATE_END_OF_LIST()
    }
};

static Property omap3_prcm_properties[] = {
    DEFINE_PROP_UINT32("osc-hz", OMAP3PRCMState, osc_hz, 26000000),
    DEFINE_PROP_END_OF_LIST(),
};

static void omap3_prcm_build_kinds(uint8_t *kind, const OMAP3PRCMRegInfo *regs,
                                   int n)
{
    int i;

    for (i = 0; i < n; i++) {
        kind[regs[i].offset >> 2] = regs[i].kind;
    }
}

static void omap3_prcm_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->realize = omap3_prcm_realize;
    dc->vmsd = &vmstate_omap3_prcm;
    device_class_set_props(dc, omap3_prcm_properties);
    rc->phases.enter = omap3_prcm_reset_enter;
    rc->phases.hold = omap3_prcm_reset_hold;

    omap3_prcm_build_kinds(omap3_cm_kind, omap3_cm_regs,
                           ARRAY_SIZE(omap3_cm_regs));
    omap3_prcm_build_kinds(omap3_prm_kind, omap3_prm_regs,
                           ARRAY_SIZE(omap3_prm_regs));
}

static const TypeInfo omap3_prcm_info = {
    .name = TYPE_OMAP3_PRCM,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3PRCMState),
    .instance_init = omap3_prcm_init,
    .class_init = omap3_prcm_class_init,
};

static void omap3_prcm_register_types(void)
{
    type_register_static(&omap3_prcm_info);
}

type_init(omap3_prcm_register_types)
