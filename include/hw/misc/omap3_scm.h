/*
 * TI OMAP3 (DM37x / OMAP3630) System Control Module, with its ID block
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_OMAP3_SCM_H
#define HW_MISC_OMAP3_SCM_H

#include "hw/sysbus.h"
#include "hw/misc/omap3_regfile.h"
#include "qom/object.h"

#define TYPE_OMAP3_SCM "omap3-scm"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3SCMState, OMAP3_SCM)

/* DM37x TRM table 2-3: SCM 0x48002000 (4 KiB); ID registers 0x4830A000 */
#define OMAP3_SCM_SIZE          0x1000
#define OMAP3_SCM_ID_SIZE       0x1000
/* CONTROL_IDCODE 0x204 .. CONTROL_DIE_ID_3 0x224 */
#define OMAP3_SCM_ID_NUM_REGS   (0x228 / 4)

/* sysbus MMIO regions */
/*
 * The boot ROM's wake-up configuration ("scratchpad"), in the save-and-
 * restore RAM CONTROL_MEM_WKUP (0x600-0x9ff, WKUP domain) at 0x310: word 0
 * boot configuration, word 1 the public restore pointer (Linux,
 * arch/arm/mach-omap2/control.h OMAP343X_SCRATCHPAD)
 */
#define OMAP3_SCM_SCRATCHPAD    0x910

#define OMAP3_SCM_MMIO_SCM      0
#define OMAP3_SCM_MMIO_ID       1

/* at most this many pads can report I/O wake-up events ("wakeup-pads") */
#define OMAP3_SCM_MAX_WAKEUP_PADS   32

/*
 * Named GPIO inputs "pad-wakeup"[i]: a rising edge is a wake-up event on
 * the pad at offset wakeup-pads[i] (e.g. 0x1e0 = sys_nirq): it sets that
 * pad's WAKEUPEVENT if its WAKEUPENABLE is set.
 */
#define OMAP3_SCM_PAD_WAKEUP    "pad-wakeup"
/* Named GPIO input "io-chain": the PRCM's I/O daisy-chain clock (clears) */
#define OMAP3_SCM_IO_CHAIN      "io-chain"
/*
 * Named GPIO input "core-power": CORE's logic is powered (1) or not (0):
 * falling, CONTROL_GENERAL is lost and the core pads come back from their
 * last save (CONTROL_PADCONF_OFF.START_PADCONF_SAVE)
 */
#define OMAP3_SCM_CORE_POWER    "core-power"
/* Named GPIO output "io-wakeup": some pad has WAKEUPEVENT set (to the PRCM) */
#define OMAP3_SCM_IO_WAKEUP     "io-wakeup"

/* A die at 40 degrees C: a phone idling in a pocket [a choice] */
#define OMAP3_SCM_TEMPERATURE_DEFAULT   40000

struct OMAP3SCMState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    qemu_irq io_wakeup;

    /* properties */
    uint32_t idcode;            /* CONTROL_IDCODE */
    uint32_t omap_status;       /* CONTROL_OMAP_STATUS (fuses) */
    uint32_t control_status;    /* CONTROL_STATUS: DEVICETYPE, SYS_BOOT */
    uint32_t num_wakeup_pads;
    uint32_t *wakeup_pads;      /* pad offsets, for the "pad-wakeup" inputs */

    /* the SCM register file (pads, general, scratchpad), offset / 4 */
    uint32_t regs[OMAP3_SCM_SIZE / 4];
    RegisterInfo regs_info[OMAP3_SCM_SIZE / 4];
    OMAP3RegFile rf;            /* its reg_array: the MMIO */
    /* the ID block: constants (not migrated) */
    uint32_t id_regs[OMAP3_SCM_ID_NUM_REGS];
    RegisterInfo id_regs_info[OMAP3_SCM_ID_NUM_REGS];
    OMAP3RegFile id_rf;
    uint32_t pad_wakeup_levels; /* bit i: level of "pad-wakeup"[i] */
    bool padconf_saved;         /* CONTROL_GENERAL_PURPOSE_STATUS.SAVE_DONE */
    bool io_chain_level;
    bool io_wakeup_level;
    /* CONTROL_TEMP_SENSOR: the bandgap sensor */
    int32_t temperature;        /* "temperature", millidegrees Celsius */
    bool temp_conv_pending;     /* a conversion runs until temp_conv_end_ns */
    int64_t temp_conv_end_ns;   /* QEMU_CLOCK_VIRTUAL */
    uint8_t temp_code;          /* TEMP: the last conversion's ADC code */
};

#endif /* HW_MISC_OMAP3_SCM_H */
