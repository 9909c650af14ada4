/*
 * TI OMAP3 (DM37x / OMAP3630) PRCM Clock Manager (CM)
 *
 * DM37x TRM SPRUGN4 chapter 3, the CM half of the PRCM (the PRM is
 * omap3_prm.c; include/hw/misc/omap3_prcm.h has what both share).  What is
 * modelled is what Linux 6.1 (arch/arm/mach-omap2/cm3xxx.c, drivers/clk/ti)
 * reads back:
 *  - DPLL status bits follow the programmed enable mode (7 = locked);
 *  - CM_IDLEST module bits read 0 (accessible) while any functional or
 *    interface clock of the module is enabled, 1 (idle) otherwise;
 *  - CM_CLKSTST activity follows the enabled clocks of the domain;
 *  - the functional clocks of the modelled modules, as QEMU clocks (see
 *    omap3_cm.h): the GP timers' clock selects (CM_CLKSEL_WKUP/PER/CORE
 *    CLKSEL_GPTn), the 32 kHz clock, and the 96 MHz (I2C) and 48 MHz (UART)
 *    clocks from DPLL4 (CM_CLKSEL2_PLL, CM_CLKSEL3_PLL), locked from SYS_CLK.
 * The other clock rates are not modelled: the reset values are what u-boot
 * leaves on a 26 MHz DM3730 (core 400 MHz, MPU 600 MHz, DPLL4 864 MHz);
 * they only need to give Linux sane rates.
 *
 * The register file is QEMU's register API (hw/register.h), built by
 * omap3_prcm.c: the per-domain registers are generated from
 * omap3_prcm_domains[], the others are listed in omap3_cm_regs[].
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/module.h"
#include "hw/irq.h"
#include "hw/register.h"
#include "hw/qdev-clock.h"
#include "hw/qdev-properties.h"
#include "hw/misc/omap3_cm.h"
#include "hw/misc/omap3_prcm.h"
#include "migration/vmstate.h"
#include "trace.h"

#define MOD_IVA2        OMAP3_PRCM_MOD_IVA2
#define MOD_OCP         OMAP3_PRCM_MOD_OCP
#define MOD_MPU         OMAP3_PRCM_MOD_MPU
#define MOD_CORE        OMAP3_PRCM_MOD_CORE
#define MOD_SGX         OMAP3_PRCM_MOD_SGX
#define MOD_WKUP        OMAP3_PRCM_MOD_WKUP
#define MOD_PLL         OMAP3_PRCM_MOD_PLL
#define MOD_DSS         OMAP3_PRCM_MOD_DSS
#define MOD_CAM         OMAP3_PRCM_MOD_CAM
#define MOD_PER         OMAP3_PRCM_MOD_PER
#define MOD_EMU         OMAP3_PRCM_MOD_EMU
#define MOD_NEON        OMAP3_PRCM_MOD_NEON
#define MOD_USBHOST     OMAP3_PRCM_MOD_USBHOST

/* The registers the model names (the domain table has the rest) */
REG32(CM_FCLKEN_IVA2,           MOD_IVA2 + 0x00)
    FIELD(CM_FCLKEN_IVA2, EN_IVA2, 0, 1)
REG32(CM_CLKEN_PLL_IVA2,        MOD_IVA2 + 0x04)
REG32(CM_IDLEST_IVA2,           MOD_IVA2 + 0x20)
REG32(CM_IDLEST_PLL_IVA2,       MOD_IVA2 + 0x24)
REG32(CM_AUTOIDLE_PLL_IVA2,     MOD_IVA2 + 0x34)
REG32(CM_CLKSEL1_PLL_IVA2,      MOD_IVA2 + 0x40)
REG32(CM_CLKSEL2_PLL_IVA2,      MOD_IVA2 + 0x44)
REG32(CM_CLKSTST_IVA2,          MOD_IVA2 + 0x4c)

REG32(CM_REVISION,              MOD_OCP + 0x00)
REG32(CM_SYSCONFIG,             MOD_OCP + 0x10)
REG32(CM_POLCTRL,               MOD_OCP + 0x9c)

REG32(CM_CLKEN_PLL_MPU,         MOD_MPU + 0x04)
REG32(CM_IDLEST_MPU,            MOD_MPU + 0x20)
REG32(CM_IDLEST_PLL_MPU,        MOD_MPU + 0x24)
REG32(CM_AUTOIDLE_PLL_MPU,      MOD_MPU + 0x34)
REG32(CM_CLKSEL1_PLL_MPU,       MOD_MPU + 0x40)
REG32(CM_CLKSEL2_PLL_MPU,       MOD_MPU + 0x44)
REG32(CM_CLKSTST_MPU,           MOD_MPU + 0x4c)

REG32(CM_FCLKEN1_CORE,          MOD_CORE + 0x00)
REG32(CM_FCLKEN3_CORE,          MOD_CORE + 0x08)
REG32(CM_ICLKEN1_CORE,          MOD_CORE + 0x10)
REG32(CM_ICLKEN2_CORE,          MOD_CORE + 0x14)
REG32(CM_ICLKEN3_CORE,          MOD_CORE + 0x18)
REG32(CM_IDLEST1_CORE,          MOD_CORE + 0x20)
REG32(CM_IDLEST2_CORE,          MOD_CORE + 0x24)
REG32(CM_IDLEST3_CORE,          MOD_CORE + 0x28)
REG32(CM_AUTOIDLE2_CORE,        MOD_CORE + 0x34)
REG32(CM_AUTOIDLE3_CORE,        MOD_CORE + 0x38)
REG32(CM_CLKSEL_CORE,           MOD_CORE + 0x40)
    FIELD(CM_CLKSEL_CORE, CLKSEL_GPT10, 6, 1)
    FIELD(CM_CLKSEL_CORE, CLKSEL_GPT11, 7, 1)
REG32(CM_CLKSTST_CORE,          MOD_CORE + 0x4c)

REG32(CM_FCLKEN_SGX,            MOD_SGX + 0x00)
REG32(CM_ICLKEN_SGX,            MOD_SGX + 0x10)
REG32(CM_IDLEST_SGX,            MOD_SGX + 0x20)

REG32(CM_FCLKEN_WKUP,           MOD_WKUP + 0x00)
REG32(CM_ICLKEN_WKUP,           MOD_WKUP + 0x10)
REG32(CM_IDLEST_WKUP,           MOD_WKUP + 0x20)
REG32(CM_CLKSEL_WKUP,           MOD_WKUP + 0x40)
    FIELD(CM_CLKSEL_WKUP, CLKSEL_GPT1, 0, 1)

REG32(CM_CLKEN_PLL,             MOD_PLL + 0x00)
REG32(CM_CLKEN2_PLL,            MOD_PLL + 0x04)
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
    FIELD(CM_CLKSEL2_PLL, PERIPH_DPLL_DIV, 0, 7)
    FIELD(CM_CLKSEL2_PLL, PERIPH_DPLL_MULT, 8, 12)
REG32(CM_CLKSEL3_PLL,           MOD_PLL + 0x48)
    FIELD(CM_CLKSEL3_PLL, DIV_96M, 0, 5)
REG32(CM_CLKSEL4_PLL,           MOD_PLL + 0x4c)
REG32(CM_CLKSEL5_PLL,           MOD_PLL + 0x50)
REG32(CM_CLKOUT_CTRL,           MOD_PLL + 0x70)

REG32(CM_FCLKEN_DSS,            MOD_DSS + 0x00)
REG32(CM_ICLKEN_DSS,            MOD_DSS + 0x10)
REG32(CM_IDLEST_DSS,            MOD_DSS + 0x20)

REG32(CM_FCLKEN_CAM,            MOD_CAM + 0x00)
REG32(CM_ICLKEN_CAM,            MOD_CAM + 0x10)
REG32(CM_IDLEST_CAM,            MOD_CAM + 0x20)

REG32(CM_FCLKEN_PER,            MOD_PER + 0x00)
REG32(CM_ICLKEN_PER,            MOD_PER + 0x10)
REG32(CM_IDLEST_PER,            MOD_PER + 0x20)
REG32(CM_CLKSEL_PER,            MOD_PER + 0x40)
    FIELD(CM_CLKSEL_PER, CLKSEL_GPT2_9, 0, 8)

REG32(CM_CLKSTST_EMU,           MOD_EMU + 0x4c)
REG32(CM_CLKSEL2_EMU,           MOD_EMU + 0x50)
REG32(CM_CLKSEL3_EMU,           MOD_EMU + 0x54)

REG32(CM_IDLEST_NEON,           MOD_NEON + 0x20)

REG32(CM_FCLKEN_USBHOST,        MOD_USBHOST + 0x00)
REG32(CM_ICLKEN_USBHOST,        MOD_USBHOST + 0x10)
REG32(CM_IDLEST_USBHOST,        MOD_USBHOST + 0x20)

#define DPLL_MODE_LOCKED        7
/* CM_SLEEPDEP_xxx.EN_MPU: the domain sleeps only while the MPU does */
#define CM_SLEEPDEP_EN_MPU      (1u << 1)
#define CM_REVISION_1_0         0x10

#define CM_REG(reg)     .name = #reg, .addr = A_ ## reg
#define CM_RO(reg)      { CM_REG(reg), .ro = ~0ull }

/*
 * The CM registers outside the domain table: a domain's numbered siblings,
 * the DPLLs and the OCP interface.  DPLLs as u-boot leaves a 26 MHz DM3730
 * (DPLL3 M=200 N=12 M2=1: 400 MHz core, L3 200, L4 100; DPLL1 M=300 N=12
 * M2=1: 600 MHz MPU; DPLL2 520 MHz; DPLL4 (j-type) M=432 N=12: 864 MHz,
 * M2=9 96 MHz, M3=16 TV 54 MHz, M4=9 DSS 96 MHz, M5=4 CAM 216 MHz, M6=3
 * EMU; DPLL5 M=480 N=12: 960 MHz, M2=8 120 MHz).  Every divider field Linux
 * reads is non-zero.  Read-only registers are computed (omap3_cm_computed).
 */
static const RegisterAccessInfo omap3_cm_regs[] = {
    { CM_REG(CM_CLKEN_PLL_IVA2), .reset = DPLL_MODE_LOCKED },
    CM_RO(CM_IDLEST_PLL_IVA2),
    { CM_REG(CM_AUTOIDLE_PLL_IVA2) },
    { CM_REG(CM_CLKSEL1_PLL_IVA2), .reset = (2 << 19) | (260 << 8) | 12 },
    { CM_REG(CM_CLKSEL2_PLL_IVA2), .reset = 1 },

    CM_RO(CM_REVISION),
    { CM_REG(CM_SYSCONFIG), .reset = 0x1 },
    { CM_REG(CM_POLCTRL) },

    { CM_REG(CM_CLKEN_PLL_MPU), .reset = DPLL_MODE_LOCKED },
    CM_RO(CM_IDLEST_PLL_MPU),
    { CM_REG(CM_AUTOIDLE_PLL_MPU) },
    { CM_REG(CM_CLKSEL1_PLL_MPU), .reset = (2 << 19) | (300 << 8) | 12 },
    { CM_REG(CM_CLKSEL2_PLL_MPU), .reset = 1 },

    { CM_REG(CM_FCLKEN3_CORE) },
    { CM_REG(CM_ICLKEN2_CORE) },
    { CM_REG(CM_ICLKEN3_CORE) },
    CM_RO(CM_IDLEST2_CORE),
    CM_RO(CM_IDLEST3_CORE),
    { CM_REG(CM_AUTOIDLE2_CORE) },
    { CM_REG(CM_AUTOIDLE3_CORE) },

    { CM_REG(CM_CLKEN_PLL),
      .reset = (DPLL_MODE_LOCKED << 16) | DPLL_MODE_LOCKED },
    { CM_REG(CM_CLKEN2_PLL), .reset = DPLL_MODE_LOCKED },
    CM_RO(CM_IDLEST_CKGEN),
    CM_RO(CM_IDLEST2_CKGEN),
    { CM_REG(CM_AUTOIDLE_PLL) },
    { CM_REG(CM_AUTOIDLE2_PLL) },
    { CM_REG(CM_CLKSEL1_PLL), .reset = (1 << 27) | (200 << 16) | (12 << 8) },
    /* j-type DPLL4: SD_DIV 4, DCO_SEL 2, M 432, N 12 */
    { CM_REG(CM_CLKSEL2_PLL),
      .reset = (4 << 24) | (2 << 21) | (432 << 8) | 12 },
    { CM_REG(CM_CLKSEL3_PLL), .reset = 9 },
    { CM_REG(CM_CLKSEL4_PLL), .reset = (480 << 8) | 12 },
    { CM_REG(CM_CLKSEL5_PLL), .reset = 8 },
    { CM_REG(CM_CLKOUT_CTRL), .reset = 0x3 },

    { CM_REG(CM_CLKSEL2_EMU) },
    { CM_REG(CM_CLKSEL3_EMU) },
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

static inline uint32_t cm_reg(OMAP3CMState *s, hwaddr offset)
{
    return s->space.regs[offset >> 2];
}

static bool omap3_dpll_locked(OMAP3CMState *s, const OMAP3Dpll *d)
{
    return ((cm_reg(s, d->clken) >> d->shift) & 7) == DPLL_MODE_LOCKED;
}

static uint32_t omap3_cm_idlest(OMAP3CMState *s, hwaddr offset)
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

/* CM_CLKSTST.CLKACTIVITY: some functional or interface clock of it is on */
static uint32_t omap3_cm_clkstst(OMAP3CMState *s, hwaddr offset)
{
    hwaddr module = offset & ~0xff;
    int i, r;

    for (i = 0; i < ARRAY_SIZE(omap3_prcm_domains); i++) {
        const OMAP3PRCMDomain *d = &omap3_prcm_domains[i];

        if (d->module != module) {
            continue;
        }
        for (r = OMAP3_CM_FCLKEN; r <= OMAP3_CM_ICLKEN; r++) {
            if ((d->regs & OMAP3_PRCM_HAS(r)) &&
                cm_reg(s, module + omap3_prcm_domain_reg_offset[r])) {
                return 1;
            }
        }
    }
    return 0;
}

static uint32_t omap3_cm_computed(DeviceState *dev, hwaddr offset)
{
    OMAP3CMState *s = OMAP3_CM(dev);
    uint32_t v;
    int i;

    switch (offset) {
    case A_CM_REVISION:
        return CM_REVISION_1_0;
    case A_CM_IDLEST_MPU:
    case A_CM_IDLEST_NEON:
        return 0;               /* the CPU runs: MPU and NEON are active */
    case A_CM_IDLEST_IVA2:
        /* the DSP is active only when clocked and out of reset */
        return !(FIELD_EX32(cm_reg(s, A_CM_FCLKEN_IVA2), CM_FCLKEN_IVA2,
                            EN_IVA2) && !s->iva2_in_reset);
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
    if ((offset & 0xf0) == 0x20) {
        return omap3_cm_idlest(s, offset);
    }
    return omap3_cm_clkstst(s, offset);
}

/* GPTIMERn's functional clock source: SYS_CLK (true) or 32 kHz */
static bool omap3_cm_gpt_sys_clk(OMAP3CMState *s, int n)
{
    uint32_t per = FIELD_EX32(cm_reg(s, A_CM_CLKSEL_PER), CM_CLKSEL_PER,
                              CLKSEL_GPT2_9);

    switch (n) {
    case 1:
        return FIELD_EX32(cm_reg(s, A_CM_CLKSEL_WKUP), CM_CLKSEL_WKUP,
                          CLKSEL_GPT1);
    case 2 ... 9:
        return extract32(per, n - 2, 1);
    case 10:
        return FIELD_EX32(cm_reg(s, A_CM_CLKSEL_CORE), CM_CLKSEL_CORE,
                          CLKSEL_GPT10);
    case 11:
        return FIELD_EX32(cm_reg(s, A_CM_CLKSEL_CORE), CM_CLKSEL_CORE,
                          CLKSEL_GPT11);
    default:
        return false;           /* GPT12: secure 32 kHz clock only */
    }
}

/*
 * DPLL4's M2 output (the 96 MHz clock): SYS_CLK * M / (N + 1) / M2, in
 * whole Hz; 0 (stopped) while a factor is 0.  DPLL4 is always locked here
 * (Linux does not stop it with a UART running).
 */
static uint64_t omap3_cm_dpll4_m2_hz(OMAP3CMState *s)
{
    uint32_t clksel2 = cm_reg(s, A_CM_CLKSEL2_PLL);
    uint64_t m = FIELD_EX32(clksel2, CM_CLKSEL2_PLL, PERIPH_DPLL_MULT);
    uint64_t n = FIELD_EX32(clksel2, CM_CLKSEL2_PLL, PERIPH_DPLL_DIV);
    uint64_t m2 = FIELD_EX32(cm_reg(s, A_CM_CLKSEL3_PLL), CM_CLKSEL3_PLL,
                             DIV_96M);

    if (!m || !m2) {
        return 0;
    }
    return muldiv64(clock_get_hz(s->sys_clk), m, (n + 1) * m2);
}

static void omap3_cm_set_clock(Clock *clk, uint64_t period, bool propagate)
{
    if (propagate) {
        clock_update(clk, period);
    } else {
        clock_set(clk, period);
    }
}

/*
 * The functional clocks from the inputs and the registers.  @propagate:
 * tell the modules (a change while running); not after a migration, where
 * every module brought its own input clock's state.  Only what changed
 * reaches a module, so a timer re-bases only when its rate changes.
 */
static void omap3_cm_update_clocks(OMAP3CMState *s, bool propagate)
{
    uint64_t hz_96m = omap3_cm_dpll4_m2_hz(s);
    int i;

    for (i = 0; i < OMAP3_CM_NUM_GPT; i++) {
        bool sys = omap3_cm_gpt_sys_clk(s, i + 1);
        Clock *src = sys ? s->sys_clk : s->clk_32k;

        if (clock_get(s->gpt_fck[i]) != clock_get(src)) {
            trace_omap3_prcm_gpt_clksel(i + 1, sys);
        }
        omap3_cm_set_clock(s->gpt_fck[i], clock_get(src), propagate);
    }
    omap3_cm_set_clock(s->fck_32k, clock_get(s->clk_32k), propagate);
    omap3_cm_set_clock(s->fck_96m, hz_96m ? CLOCK_PERIOD_FROM_HZ(hz_96m) : 0,
                       propagate);
    omap3_cm_set_clock(s->fck_48m,
                       hz_96m ? CLOCK_PERIOD_FROM_HZ(hz_96m / 2) : 0,
                       propagate);
}

/* A guest write changed a register from @old to @val */
static void omap3_cm_written(DeviceState *dev, hwaddr offset, uint32_t old,
                             uint32_t val)
{
    OMAP3CMState *s = OMAP3_CM(dev);
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
    case A_CM_CLKSEL2_PLL:
    case A_CM_CLKSEL3_PLL:
        if (old != val) {
            omap3_cm_update_clocks(s, true);
        }
        break;
    default:
        break;
    }
}

/* RM_RSTCTRL_IVA2.RST1_IVA2 from the PRM: the DSP is held in reset */
static void omap3_cm_iva2_reset(void *opaque, int n, int level)
{
    OMAP3_CM(opaque)->iva2_in_reset = level;
}

static void omap3_cm_reset_enter(Object *obj, ResetType type)
{
    OMAP3PRCMSpace *sp = &OMAP3_CM(obj)->space;

    omap3_regfile_reset(sp->regs_info, ARRAY_SIZE(sp->regs_info));
}

static void omap3_cm_reset_hold(Object *obj, ResetType type)
{
    omap3_cm_update_clocks(OMAP3_CM(obj), true);
}
GTA04_RESET_PHASE_COMPAT(omap3_cm_reset_hold);

/* SYS_CLK or the 32 kHz clock changed: so do the clocks made from them */
static void omap3_cm_clk_in_update(void *opaque, ClockEvent event)
{
    omap3_cm_update_clocks(OMAP3_CM(opaque), true);
}

unsigned omap3_cm_clktrctrl(OMAP3CMState *s, hwaddr module)
{
    return cm_reg(s, module + omap3_prcm_domain_reg_offset[OMAP3_CM_CLKSTCTRL])
           & 3;
}

/* The modules behind the "module-*" links: their clock enable bits */
static const struct {
    const char *name;
    uint16_t fclken;            /* NO_REG: an interface clock only */
    uint16_t iclken;
    uint8_t bit;
} omap3_cm_module_links[OMAP3_CM_NUM_MODULE_LINKS] = {
    { "module-uart1", A_CM_FCLKEN1_CORE, A_CM_ICLKEN1_CORE, 13 },
    { "module-uart2", A_CM_FCLKEN1_CORE, A_CM_ICLKEN1_CORE, 14 },
    { "module-i2c1",  A_CM_FCLKEN1_CORE, A_CM_ICLKEN1_CORE, 15 },
    { "module-i2c2",  A_CM_FCLKEN1_CORE, A_CM_ICLKEN1_CORE, 16 },
    { "module-i2c3",  A_CM_FCLKEN1_CORE, A_CM_ICLKEN1_CORE, 17 },
    { "module-uart3", A_CM_FCLKEN_PER,   A_CM_ICLKEN_PER,   11 },
    { "module-uart4", A_CM_FCLKEN_PER,   A_CM_ICLKEN_PER,   18 },
    { "module-sdrc",  NO_REG,            A_CM_ICLKEN1_CORE, 1 },
};

/*
 * Whether the clocks @bits enabled in CM register @reg keep their clock
 * domain up: a module behind a link keeps it up unless it acknowledges the
 * idle request; ASSUMPTION: any other module with an enabled functional
 * clock, or an interface clock not under auto-idle, is busy (its idle
 * handshake is not modelled).
 */
static bool omap3_cm_clocks_busy(OMAP3CMState *s, hwaddr reg, uint32_t bits)
{
    int i;

    for (i = 0; i < OMAP3_CM_NUM_MODULE_LINKS && bits; i++) {
        uint32_t bit = 1u << omap3_cm_module_links[i].bit;

        if ((omap3_cm_module_links[i].fclken == reg ||
             omap3_cm_module_links[i].iclken == reg) && (bits & bit) &&
            s->module[i] &&
            OMAP3_IDLE_ACK_GET_CLASS(s->module[i])->idle_ack(s->module[i])) {
            bits &= ~bit;
        }
    }
    return bits != 0;
}

/*
 * A clock domain idles (DM37x TRM 3.5.3.2, CM_CLKSTCTRL table 3-90) under
 * SW_SLEEP, or under HW_AUTO once its modules are idle; never under
 * NO_SLEEP or SW_WKUP.  A module is idle when its clocks are off, its
 * interface clock under auto-idle (CM_AUTOIDLE), or it acknowledges the
 * idle request (omap3_cm_clocks_busy).  ASSUMPTION: SW_SLEEP forces the
 * modules idle whatever their clocks.  The IVA2.2 DSP (an initiator) is in
 * standby while it is held in reset or unclocked.
 */
bool omap3_cm_clkdm_idle(OMAP3CMState *s, const OMAP3PRCMDomain *d)
{
    hwaddr m = d->module;
    uint32_t ctrl;
    bool forced = true;
    int i;

    if (!(d->regs & OMAP3_PRCM_HAS(OMAP3_CM_CLKSTCTRL)) || !d->clkdms) {
        return false;                           /* WKUP: always running */
    }
    ctrl = cm_reg(s, m + omap3_prcm_domain_reg_offset[OMAP3_CM_CLKSTCTRL]);
    for (i = 0; i < d->clkdms; i++) {
        switch (extract32(ctrl, 2 * i, 2)) {
        case OMAP3_CM_CLKTRCTRL_SW_SLEEP:
            break;
        case OMAP3_CM_CLKTRCTRL_HW_AUTO:
            forced = false;
            break;
        default:
            return false;
        }
    }
    if (forced) {
        return true;
    }
    if (m == MOD_IVA2) {
        return !FIELD_EX32(cm_reg(s, A_CM_FCLKEN_IVA2), CM_FCLKEN_IVA2,
                           EN_IVA2) || s->iva2_in_reset;
    }
    if ((d->regs & OMAP3_PRCM_HAS(OMAP3_CM_FCLKEN)) &&
        omap3_cm_clocks_busy(s, m, cm_reg(s, m))) {
        return false;
    }
    if (m == MOD_CORE && cm_reg(s, A_CM_FCLKEN3_CORE)) {
        return false;
    }
    /* CM_ICLKENn against CM_AUTOIDLEn (CORE has three of each) */
    for (i = 0; i < (m == MOD_CORE ? 3 : 1); i++) {
        uint32_t iclk, autoidle = 0;

        if (!(d->regs & OMAP3_PRCM_HAS(OMAP3_CM_ICLKEN))) {
            break;
        }
        iclk = cm_reg(s, m + 0x10 + 4 * i);
        if (d->regs & OMAP3_PRCM_HAS(OMAP3_CM_AUTOIDLE)) {
            autoidle = cm_reg(s, m + 0x30 + 4 * i);
        }
        if (omap3_cm_clocks_busy(s, m + 0x10 + 4 * i, iclk & ~autoidle)) {
            return false;
        }
    }
    return true;
}

bool omap3_cm_sleepdep_mpu(OMAP3CMState *s, hwaddr module)
{
    const OMAP3PRCMDomain *d = NULL;
    int i;

    for (i = 0; i < ARRAY_SIZE(omap3_prcm_domains); i++) {
        if (omap3_prcm_domains[i].module == module) {
            d = &omap3_prcm_domains[i];
        }
    }
    return d && (d->regs & OMAP3_PRCM_HAS(OMAP3_CM_SLEEPDEP)) &&
           (cm_reg(s, module + omap3_prcm_domain_reg_offset[OMAP3_CM_SLEEPDEP])
            & CM_SLEEPDEP_EN_MPU);
}

/* Domain @d's register @r, 0 where it has none */
static uint32_t omap3_cm_domain_reg(OMAP3CMState *s, const OMAP3PRCMDomain *d,
                                    OMAP3PRCMDomainReg r)
{
    if (!(d->regs & OMAP3_PRCM_HAS(r))) {
        return 0;
    }
    return cm_reg(s, d->module + omap3_prcm_domain_reg_offset[r]);
}

bool omap3_cm_module_clocks_off(OMAP3CMState *s, hwaddr module, unsigned bit)
{
    const OMAP3PRCMDomain *d = NULL;
    uint32_t fclk, iclk, autoidle;
    int i;

    for (i = 0; i < ARRAY_SIZE(omap3_prcm_domains); i++) {
        if (omap3_prcm_domains[i].module == module) {
            d = &omap3_prcm_domains[i];
        }
    }
    if (!d) {
        return true;
    }
    fclk = omap3_cm_domain_reg(s, d, OMAP3_CM_FCLKEN);
    iclk = omap3_cm_domain_reg(s, d, OMAP3_CM_ICLKEN);
    autoidle = omap3_cm_domain_reg(s, d, OMAP3_CM_AUTOIDLE);
    return !extract32(fclk, bit, 1) && !extract32(iclk & ~autoidle, bit, 1);
}

char *omap3_cm_gpt_fck_name(int n)
{
    return g_strdup_printf("gpt%d-fck", n);
}

static void omap3_cm_init(Object *obj)
{
    OMAP3CMState *s = OMAP3_CM(obj);
    int i;

    omap3_prcm_space_init(&s->space, DEVICE(obj), "CM", OMAP3_CM_FCLKEN,
                          OMAP3_CM_CLKSTST, omap3_cm_regs,
                          ARRAY_SIZE(omap3_cm_regs));
    s->space.computed = omap3_cm_computed;
    s->space.written = omap3_cm_written;
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->space.rf.reg_array->mem);
    s->sys_clk = qdev_init_clock_in(DEVICE(obj), OMAP3_CM_SYS_CLK,
                                    omap3_cm_clk_in_update, s, ClockUpdate);
    s->clk_32k = qdev_init_clock_in(DEVICE(obj), OMAP3_CM_32K_CLK,
                                    omap3_cm_clk_in_update, s, ClockUpdate);
    for (i = 0; i < OMAP3_CM_NUM_GPT; i++) {
        g_autofree char *name = omap3_cm_gpt_fck_name(i + 1);

        s->gpt_fck[i] = qdev_init_clock_out(DEVICE(obj), name);
    }
    s->fck_32k = qdev_init_clock_out(DEVICE(obj), OMAP3_CM_32K_FCK);
    s->fck_96m = qdev_init_clock_out(DEVICE(obj), OMAP3_CM_96M_FCK);
    s->fck_48m = qdev_init_clock_out(DEVICE(obj), OMAP3_CM_48M_FCK);
    qdev_init_gpio_in_named(DEVICE(obj), omap3_cm_iva2_reset,
                            OMAP3_CM_IVA2_RESET, 1);
    for (i = 0; i < OMAP3_CM_NUM_MODULE_LINKS; i++) {
        object_property_add_link(obj, omap3_cm_module_links[i].name,
                                 TYPE_OMAP3_IDLE_ACK, &s->module[i],
                                 qdev_prop_allow_set_link_before_realize,
                                 OBJ_PROP_LINK_STRONG);
    }
}

static void omap3_cm_finalize(Object *obj)
{
    omap3_regfile_finalize(&OMAP3_CM(obj)->space.rf);
}

static int omap3_cm_post_load(void *opaque, int version_id)
{
    /* the outputs follow the registers; the modules loaded their inputs */
    omap3_cm_update_clocks(opaque, false);
    return 0;
}

/* version 2: the input clocks (the CM/PRM split was version 1) */
static const VMStateDescription vmstate_omap3_cm = {
    .name = TYPE_OMAP3_CM,
    .version_id = 2,
    .minimum_version_id = 2,
    .post_load = omap3_cm_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(space.regs, OMAP3CMState,
                             OMAP3_PRCM_SPACE_SIZE / 4),
        VMSTATE_BOOL(iva2_in_reset, OMAP3CMState),
        VMSTATE_CLOCK(sys_clk, OMAP3CMState),
        VMSTATE_CLOCK(clk_32k, OMAP3CMState),
        VMSTATE_END_OF_LIST()
    }
};

static void omap3_cm_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 PRCM clock manager";
    dc->vmsd = &vmstate_omap3_cm;
    rc->phases.enter = omap3_cm_reset_enter;
    rc->phases.hold = GTA04_RESET_PHASE(omap3_cm_reset_hold);
}
GTA04_CLASS_INIT_COMPAT(omap3_cm_class_init);

static const TypeInfo omap3_cm_info = {
    .name = TYPE_OMAP3_CM,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3CMState),
    .instance_init = omap3_cm_init,
    .instance_finalize = omap3_cm_finalize,
    .class_init = GTA04_CLASS_INIT(omap3_cm_class_init),
};

static void omap3_cm_register_types(void)
{
    type_register_static(&omap3_cm_info);
}

type_init(omap3_cm_register_types)
