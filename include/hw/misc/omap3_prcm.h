/*
 * TI OMAP3 (DM37x / OMAP3630) PRCM: what its two devices share
 *
 * The Power, Reset and Clock Management module is one IP with two register
 * spaces, modelled as two devices: the Clock Manager (omap3-cm, L4-core
 * 0x48004000, hw/misc/omap3_cm.c) and the Power and Reset Manager
 * (omap3-prm, L4-wakeup 0x48306000, hw/misc/omap3_prm.c).  Both spaces are
 * addressed as module + register, with the modules at the same offsets in
 * CM and PRM (DM37x TRM SPRUGN4 3.7 "PRCM Registers").  Most modules are
 * domains with the same registers at the same offsets: omap3_prcm_domains[]
 * says which domain has which of them and their reset values, and each
 * device generates its per-domain registers from it.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_OMAP3_PRCM_H
#define HW_MISC_OMAP3_PRCM_H

#include "hw/misc/omap3_regfile.h"
#include "qom/object.h"

/* DM37x TRM SPRUGN4 table 2-3/2-4: CM and PRM are 8 KiB each (plus an L4 TA) */
#define OMAP3_PRCM_SPACE_SIZE   0x2000

/* Module offsets, the same in CM and PRM */
#define OMAP3_PRCM_MOD_IVA2     0x0000
#define OMAP3_PRCM_MOD_OCP      0x0800
#define OMAP3_PRCM_MOD_MPU      0x0900
#define OMAP3_PRCM_MOD_CORE     0x0a00
#define OMAP3_PRCM_MOD_SGX      0x0b00
#define OMAP3_PRCM_MOD_WKUP     0x0c00
#define OMAP3_PRCM_MOD_PLL      0x0d00  /* CM: clock generator; PRM: CCR */
#define OMAP3_PRCM_MOD_DSS      0x0e00
#define OMAP3_PRCM_MOD_CAM      0x0f00
#define OMAP3_PRCM_MOD_PER      0x1000
#define OMAP3_PRCM_MOD_EMU      0x1100
#define OMAP3_PRCM_MOD_GR       0x1200  /* PRM only */
#define OMAP3_PRCM_MOD_NEON     0x1300
#define OMAP3_PRCM_MOD_USBHOST  0x1400

/*
 * The registers a domain has at a fixed offset in its module: the CM's
 * first, then the PRM's.  A domain's numbered siblings (CM_FCLKEN3_CORE,
 * PM_WKST3_CORE, ...) and the DPLL registers are not in this list: each
 * device lists them itself.
 */
typedef enum OMAP3PRCMDomainReg {
    OMAP3_CM_FCLKEN,            /* 0x00 */
    OMAP3_CM_ICLKEN,            /* 0x10 */
    OMAP3_CM_IDLEST,            /* 0x20 */
    OMAP3_CM_AUTOIDLE,          /* 0x30 */
    OMAP3_CM_CLKSEL,            /* 0x40 */
    OMAP3_CM_SLEEPDEP,          /* 0x44 */
    OMAP3_CM_CLKSTCTRL,         /* 0x48 */
    OMAP3_CM_CLKSTST,           /* 0x4c */
    OMAP3_PRM_RSTCTRL,          /* 0x50 RM_RSTCTRL */
    OMAP3_PRM_RSTST,            /* 0x58 RM_RSTST */
    OMAP3_PRM_WKEN,             /* 0xa0 PM_WKEN */
    OMAP3_PRM_MPUGRPSEL,        /* 0xa4 PM_MPUGRPSEL */
    OMAP3_PRM_IVA2GRPSEL,       /* 0xa8 PM_IVA2GRPSEL */
    OMAP3_PRM_WKST,             /* 0xb0 PM_WKST */
    OMAP3_PRM_WKDEP,            /* 0xc8 PM_WKDEP */
    OMAP3_PRM_PWSTCTRL,         /* 0xe0 PM_PWSTCTRL */
    OMAP3_PRM_PWSTST,           /* 0xe4 PM_PWSTST */
    OMAP3_PRM_PREPWSTST,        /* 0xe8 PM_PREPWSTST */
    OMAP3_PRCM_DOMAIN_NREGS
} OMAP3PRCMDomainReg;

#define OMAP3_PRCM_HAS(r)       (1u << (r))
/* computed on read (status) / write 1 to clear */
#define OMAP3_PRCM_DOMAIN_RO    (OMAP3_PRCM_HAS(OMAP3_CM_IDLEST) |          \
                                 OMAP3_PRCM_HAS(OMAP3_CM_CLKSTST) |         \
                                 OMAP3_PRCM_HAS(OMAP3_PRM_PWSTST))
#define OMAP3_PRCM_DOMAIN_W1C   (OMAP3_PRCM_HAS(OMAP3_PRM_RSTST) |          \
                                 OMAP3_PRCM_HAS(OMAP3_PRM_WKST))

/* Power states: PM_PWSTCTRL.POWERSTATE, PM_PWSTST.POWERSTATEST */
#define OMAP3_PWRST_OFF         0
#define OMAP3_PWRST_RET         1
#define OMAP3_PWRST_INACTIVE    2
#define OMAP3_PWRST_ON          3

typedef struct OMAP3PRCMDomain {
    const char *name;           /* the TRM's register name suffix */
    uint16_t module;
    uint32_t regs;              /* OMAP3_PRCM_HAS() of the registers it has */
    uint32_t reset[OMAP3_PRCM_DOMAIN_NREGS];
    uint8_t banks;              /* memory banks: PM_PWSTST bits 4 + 2n */
    /*
     * The power state machine (omap3-prm "power-states"): the CLKTRCTRL
     * fields of its CM_CLKSTCTRL (CORE: L3 and L4), and whether it can be
     * down only while the MPU is (a hard-wired sleep dependency, besides
     * the programmable CM_SLEEPDEP.EN_MPU).
     */
    uint8_t clkdms;
    bool with_mpu;
    /* its state lives in the CPU model: lost with the MPU's logic only */
    bool state_in_cpu;
    /*
     * Its EN_ bit in the other domains' PM_WKDEP, which wakes them with it
     * (Linux prm-regbits-34xx.h: EN_CORE 0, EN_MPU 1, EN_IVA2 2, EN_WKUP
     * 4, EN_DSS 5, EN_PER 7); 0: none
     */
    uint8_t wkdep_en;
} OMAP3PRCMDomain;

#define CM_CLKDM    (OMAP3_PRCM_HAS(OMAP3_CM_FCLKEN) |                      \
                     OMAP3_PRCM_HAS(OMAP3_CM_ICLKEN) |                      \
                     OMAP3_PRCM_HAS(OMAP3_CM_IDLEST) |                      \
                     OMAP3_PRCM_HAS(OMAP3_CM_CLKSTCTRL) |                   \
                     OMAP3_PRCM_HAS(OMAP3_CM_CLKSTST))
#define PRM_PWRDM   (OMAP3_PRCM_HAS(OMAP3_PRM_RSTST) |                      \
                     OMAP3_PRCM_HAS(OMAP3_PRM_PWSTCTRL) |                   \
                     OMAP3_PRCM_HAS(OMAP3_PRM_PWSTST) |                     \
                     OMAP3_PRCM_HAS(OMAP3_PRM_PREPWSTST))
#define PRM_WKUPDM  (OMAP3_PRCM_HAS(OMAP3_PRM_WKEN) |                       \
                     OMAP3_PRCM_HAS(OMAP3_PRM_MPUGRPSEL) |                  \
                     OMAP3_PRCM_HAS(OMAP3_PRM_IVA2GRPSEL) |                 \
                     OMAP3_PRCM_HAS(OMAP3_PRM_WKST))
#define HAS(r)      OMAP3_PRCM_HAS(OMAP3_ ## r)

/*
 * The domains.  Reset values: the clock enables are those u-boot turns on
 * (UARTs, I2Cs, MMC1/2, GPIO, GPT1/2, WDT2, SDRC and control module iclks);
 * PM_PWSTCTRL: every domain programmed ON with its memories on (and
 * retained), like after reset; RM_RSTST is set by the reset itself.
 *
 * The power state machine: NEON's clock domain idles with the Cortex-A8
 * and the NEON->MPU wake-up dependency wakes it with the MPU; CORE cannot
 * go down while the MPU runs (the MPU fetches through it).  ASSUMPTION
 * (docs/notes/omap3-power-states.md 3: what Linux and hardware logs show,
 * no TRM rule found): both are hard-wired dependencies on the MPU.  Every
 * domain reaches OFF and loses what is in it: the MPU its Cortex-A8, which
 * the boot ROM boots again (omap3_boot_rom.c); NEON its registers, the
 * CPU's (state_in_cpu); PER and CORE their modules, which the SoC resets
 * (dm3730_pwrdm[]; CORE's CM, INTC, SDRC, SMS and GPMC among them, the
 * control module's CONTROL_GENERAL, the OCM RAM), and the boot ROM
 * restores the CM's clock set-up and the SDRC from the scratchpad; IVA2,
 * SGX, DSS, CAM and USBHOST have no modelled module beyond OCP stand-ins.
 */
static const OMAP3PRCMDomain omap3_prcm_domains[] = {
    { "IVA2", OMAP3_PRCM_MOD_IVA2, .banks = 4,
      .wkdep_en = 1 << 2,
      .clkdms = 1,
      .regs = HAS(CM_FCLKEN) | HAS(CM_IDLEST) | HAS(CM_CLKSTCTRL) |
              HAS(CM_CLKSTST) | HAS(PRM_RSTCTRL) | PRM_PWRDM |
              HAS(PRM_WKDEP),
      .reset = {
          [OMAP3_CM_CLKSTCTRL] = 0x3,
          [OMAP3_PRM_RSTCTRL] = 0x7,            /* DSP held in reset */
          [OMAP3_PRM_WKDEP] = 0xb3,
          [OMAP3_PRM_PWSTCTRL] = 0x00ff0f07,
      } },
    { "MPU", OMAP3_PRCM_MOD_MPU, .banks = 1,
      .wkdep_en = 1 << 1,
      .clkdms = 1,
      .regs = HAS(CM_IDLEST) | HAS(CM_CLKSTCTRL) | HAS(CM_CLKSTST) |
              PRM_PWRDM | HAS(PRM_WKDEP),
      .reset = {
          [OMAP3_CM_CLKSTCTRL] = 0x3,
          [OMAP3_PRM_WKDEP] = 0xa5,
          [OMAP3_PRM_PWSTCTRL] = 0x00030107,
      } },
    { "CORE", OMAP3_PRCM_MOD_CORE, .banks = 2,
      .wkdep_en = 1 << 0,
      .clkdms = 2, .with_mpu = true,
      .regs = CM_CLKDM | HAS(CM_AUTOIDLE) | HAS(CM_CLKSEL) |
              HAS(PRM_RSTCTRL) | PRM_PWRDM | PRM_WKUPDM,
      .reset = {
          [OMAP3_CM_FCLKEN] = 0x0303e000,
          [OMAP3_CM_ICLKEN] = 0x0303e042,
          /* SSI /3, GPT10/11 32 kHz, L4 = L3 / 2, L3 = core / 2 */
          [OMAP3_CM_CLKSEL] = 0x0000030a,
          [OMAP3_CM_CLKSTCTRL] = 0xf,
          [OMAP3_PRM_PWSTCTRL] = 0x000f0307,
      } },
    { "SGX", OMAP3_PRCM_MOD_SGX, .banks = 1,
      .clkdms = 1,
      .regs = CM_CLKDM | HAS(CM_CLKSEL) | HAS(CM_SLEEPDEP) | PRM_PWRDM |
              HAS(PRM_WKDEP),
      .reset = {
          [OMAP3_CM_CLKSTCTRL] = 0x3,
          [OMAP3_PRM_WKDEP] = 0x16,
          [OMAP3_PRM_PWSTCTRL] = 0x00030103,
      } },
    { "WKUP", OMAP3_PRCM_MOD_WKUP,
      .wkdep_en = 1 << 4,
      .regs = HAS(CM_FCLKEN) | HAS(CM_ICLKEN) | HAS(CM_IDLEST) |
              HAS(CM_AUTOIDLE) | HAS(CM_CLKSEL) | PRM_WKUPDM,
      .reset = {
          [OMAP3_CM_FCLKEN] = 0x29,             /* GPT1, GPIO1, WDT2 */
          [OMAP3_CM_ICLKEN] = 0x2d,             /* + 32K sync counter */
          [OMAP3_CM_CLKSEL] = 0x12,     /* USIM /2, RM = L4 / 1, GPT1 32 kHz */
          /* GRPSEL_IO reads 1 (omap3_prm.c) */
          [OMAP3_PRM_MPUGRPSEL] = 0x100,
      } },
    { "DSS", OMAP3_PRCM_MOD_DSS, .banks = 1,
      .wkdep_en = 1 << 5,
      .clkdms = 1,
      .regs = CM_CLKDM | HAS(CM_AUTOIDLE) | HAS(CM_CLKSEL) |
              HAS(CM_SLEEPDEP) | PRM_PWRDM | HAS(PRM_WKDEP) | HAS(PRM_WKEN),
      .reset = {
          [OMAP3_CM_CLKSEL] = (16 << 8) | 9,
          [OMAP3_CM_CLKSTCTRL] = 0x3,
          [OMAP3_PRM_WKEN] = 0x1,
          [OMAP3_PRM_WKDEP] = 0x16,
          [OMAP3_PRM_PWSTCTRL] = 0x00030103,
      } },
    { "CAM", OMAP3_PRCM_MOD_CAM, .banks = 1,
      .clkdms = 1,
      .regs = CM_CLKDM | HAS(CM_AUTOIDLE) | HAS(CM_CLKSEL) |
              HAS(CM_SLEEPDEP) | PRM_PWRDM | HAS(PRM_WKDEP),
      .reset = {
          [OMAP3_CM_CLKSEL] = 4,
          [OMAP3_CM_CLKSTCTRL] = 0x3,
          [OMAP3_PRM_WKDEP] = 0x16,
          [OMAP3_PRM_PWSTCTRL] = 0x00030103,
      } },
    { "PER", OMAP3_PRCM_MOD_PER, .banks = 1,
      .wkdep_en = 1 << 7,
      .clkdms = 1,
      .regs = CM_CLKDM | HAS(CM_AUTOIDLE) | HAS(CM_CLKSEL) |
              HAS(CM_SLEEPDEP) | PRM_PWRDM | HAS(PRM_WKDEP) | PRM_WKUPDM,
      .reset = {
          [OMAP3_CM_FCLKEN] = 0x0003e808,       /* GPT2, UART3, GPIO2..6 */
          [OMAP3_CM_ICLKEN] = 0x0003e808,
          [OMAP3_CM_CLKSEL] = 0x01,     /* GPT2 on SYS_CLK (u-boot's timer) */
          [OMAP3_CM_CLKSTCTRL] = 0x3,
          [OMAP3_PRM_WKDEP] = 0x17,
          [OMAP3_PRM_PWSTCTRL] = 0x00030107,
      } },
    { "EMU", OMAP3_PRCM_MOD_EMU,
      .regs = HAS(CM_CLKSEL) | HAS(CM_CLKSTCTRL) | HAS(CM_CLKSTST) |
              HAS(PRM_RSTST) | HAS(PRM_PWSTST),
      .reset = {
          /* CM_CLKSEL1_EMU, TRM reset value: every EMU divider non-zero */
          [OMAP3_CM_CLKSEL] = 0x03020a50,
          [OMAP3_CM_CLKSTCTRL] = 0x2,
      } },
    { "NEON", OMAP3_PRCM_MOD_NEON,
      .clkdms = 1, .with_mpu = true,
      .state_in_cpu = true,
      .regs = HAS(CM_IDLEST) | HAS(CM_CLKSTCTRL) | PRM_PWRDM |
              HAS(PRM_WKDEP),
      .reset = {
          [OMAP3_CM_CLKSTCTRL] = 0x3,
          [OMAP3_PRM_WKDEP] = 0x2,
          [OMAP3_PRM_PWSTCTRL] = 0x7,
      } },
    { "USBHOST", OMAP3_PRCM_MOD_USBHOST, .banks = 1,
      .clkdms = 1,
      .regs = CM_CLKDM | HAS(CM_AUTOIDLE) | HAS(CM_SLEEPDEP) | PRM_PWRDM |
              HAS(PRM_WKDEP) | PRM_WKUPDM,
      .reset = {
          [OMAP3_CM_CLKSTCTRL] = 0x3,
          [OMAP3_PRM_WKEN] = 0x1,
          [OMAP3_PRM_MPUGRPSEL] = 0x1,
          [OMAP3_PRM_WKDEP] = 0x17,
          [OMAP3_PRM_PWSTCTRL] = 0x00030103,
      } },
};

#define OMAP3_PRCM_NDOMAINS     ARRAY_SIZE(omap3_prcm_domains)

#undef CM_CLKDM
#undef PRM_PWRDM
#undef PRM_WKUPDM
#undef HAS

/* The domain register's offset in its module */
static const uint16_t omap3_prcm_domain_reg_offset[OMAP3_PRCM_DOMAIN_NREGS] = {
    [OMAP3_CM_FCLKEN] = 0x00,
    [OMAP3_CM_ICLKEN] = 0x10,
    [OMAP3_CM_IDLEST] = 0x20,
    [OMAP3_CM_AUTOIDLE] = 0x30,
    [OMAP3_CM_CLKSEL] = 0x40,
    [OMAP3_CM_SLEEPDEP] = 0x44,
    [OMAP3_CM_CLKSTCTRL] = 0x48,
    [OMAP3_CM_CLKSTST] = 0x4c,
    [OMAP3_PRM_RSTCTRL] = 0x50,
    [OMAP3_PRM_RSTST] = 0x58,
    [OMAP3_PRM_WKEN] = 0xa0,
    [OMAP3_PRM_MPUGRPSEL] = 0xa4,
    [OMAP3_PRM_IVA2GRPSEL] = 0xa8,
    [OMAP3_PRM_WKST] = 0xb0,
    [OMAP3_PRM_WKDEP] = 0xc8,
    [OMAP3_PRM_PWSTCTRL] = 0xe0,
    [OMAP3_PRM_PWSTST] = 0xe4,
    [OMAP3_PRM_PREPWSTST] = 0xe8,
};

/* The domain register's TRM name without the domain, e.g. "PM_PWSTCTRL" */
static const char *const omap3_prcm_domain_reg_name[OMAP3_PRCM_DOMAIN_NREGS] = {
    [OMAP3_CM_FCLKEN] = "CM_FCLKEN",
    [OMAP3_CM_ICLKEN] = "CM_ICLKEN",
    [OMAP3_CM_IDLEST] = "CM_IDLEST",
    [OMAP3_CM_AUTOIDLE] = "CM_AUTOIDLE",
    [OMAP3_CM_CLKSEL] = "CM_CLKSEL",
    [OMAP3_CM_SLEEPDEP] = "CM_SLEEPDEP",
    [OMAP3_CM_CLKSTCTRL] = "CM_CLKSTCTRL",
    [OMAP3_CM_CLKSTST] = "CM_CLKSTST",
    [OMAP3_PRM_RSTCTRL] = "RM_RSTCTRL",
    [OMAP3_PRM_RSTST] = "RM_RSTST",
    [OMAP3_PRM_WKEN] = "PM_WKEN",
    [OMAP3_PRM_MPUGRPSEL] = "PM_MPUGRPSEL",
    [OMAP3_PRM_IVA2GRPSEL] = "PM_IVA2GRPSEL",
    [OMAP3_PRM_WKST] = "PM_WKST",
    [OMAP3_PRM_WKDEP] = "PM_WKDEP",
    [OMAP3_PRM_PWSTCTRL] = "PM_PWSTCTRL",
    [OMAP3_PRM_PWSTST] = "PM_PWSTST",
    [OMAP3_PRM_PREPWSTST] = "PM_PREPWSTST",
};

/*
 * A module's idle acknowledge.  Before a clock domain cuts the clocks of
 * its modules the PRCM asks each one to idle, and a module acknowledges
 * per its SYSCONFIG idle mode: at once in force-idle, never in no-idle, in
 * smart-idle once it has nothing left to do (the OCP socket's SIdle
 * protocol; DM37x TRM 3.5.3.2, the modules' SYSCONFIG.SIDLEMODE).  Models
 * that have it implement this interface; the CM asks them through its
 * module links (omap3_cm.h) when an enabled clock would keep their clock
 * domain up.
 */
#define TYPE_OMAP3_IDLE_ACK "omap3-idle-ack"
typedef struct OMAP3IdleAckClass OMAP3IdleAckClass;
DECLARE_CLASS_CHECKERS(OMAP3IdleAckClass, OMAP3_IDLE_ACK, TYPE_OMAP3_IDLE_ACK)

struct OMAP3IdleAckClass {
    InterfaceClass parent_class;
    /* whether the module would acknowledge an idle request now */
    bool (*idle_ack)(Object *module);
};

/* SYSCONFIG SIDLEMODE encodings shared by the OMAP3 modules */
#define OMAP3_SIDLE_FORCE       0
#define OMAP3_SIDLE_NO          1
#define OMAP3_SIDLE_SMART       2
#define OMAP3_SIDLE_SMART_WKUP  3

/*
 * The register file of a CM or PRM space (hw/misc/omap3_prcm.c), embedded
 * in the device: its read-only registers are computed(owner, offset), a
 * guest write to any other calls written(owner, offset, old, new).
 */
typedef struct OMAP3PRCMSpace {
    uint32_t regs[OMAP3_PRCM_SPACE_SIZE / 4];   /* indexed by offset / 4 */
    RegisterInfo regs_info[OMAP3_PRCM_SPACE_SIZE / 4];
    OMAP3RegFile rf;                            /* its reg_array: the MMIO */
    const char *name;                           /* "CM" or "PRM" (traces) */
    DeviceState *owner;
    uint32_t (*computed)(DeviceState *owner, hwaddr offset);
    void (*written)(DeviceState *owner, hwaddr offset, uint32_t old,
                    uint32_t val);
    /* optional: called before every access, to bring computed state up */
    void (*accessed)(DeviceState *owner);
    uint32_t old_value;                         /* of the register written */
} OMAP3PRCMSpace;

/*
 * Builds @sp's register file: the domain registers first..last of every
 * domain in omap3_prcm_domains[] that has them, then @regs.
 */
void omap3_prcm_space_init(OMAP3PRCMSpace *sp, DeviceState *owner,
                           const char *name, OMAP3PRCMDomainReg first,
                           OMAP3PRCMDomainReg last,
                           const RegisterAccessInfo *regs, int nregs);

#endif /* HW_MISC_OMAP3_PRCM_H */
