/*
 * TI OMAP3 (DM37x) boot ROM: the public ROM's vectors, its secure monitor
 * for a GP device, and its wake-up boot from MPU OFF
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_ARM_OMAP3_BOOT_ROM_H
#define HW_ARM_OMAP3_BOOT_ROM_H

#include "hw/sysbus.h"
#include "target/arm/cpu.h"
#include "qom/object.h"

#define TYPE_OMAP3_BOOT_ROM "omap3-boot-rom"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3BootROMState, OMAP3_BOOT_ROM)

/* DM37x TRM memory map: the boot ROM at 0x40000000, 112 KiB */
#define OMAP3_BOOT_ROM_SIZE     0x1c000

/*
 * Named GPIO input "mpu-power": the MPU power domain's logic is powered (1)
 * or not (0: OFF, or RET with the logic off), from the PRM.  Falling, the
 * Cortex-A8 loses its state and stops; rising, it starts again from its
 * reset vector, in this ROM, which boots it the way a wake-up from OFF is
 * booted: to the kernel's public restore pointer (omap3_boot_rom.c).
 */
#define OMAP3_BOOT_ROM_MPU_POWER "mpu-power"

/*
 * Named GPIO input "core-power": the CORE power domain's logic is powered
 * (1) or not (0).  Lost while the MPU is down, the wake-up boot restores
 * the CM's clock set-up and the SDRC from the scratchpad before the jump.
 */
#define OMAP3_BOOT_ROM_CORE_POWER "core-power"

/* The scratchpad (Linux: OMAP343X_SCRATCHPAD, 0x48002910 to 0x480029ff) */
#define OMAP3_BOOT_ROM_SCRATCHPAD_SIZE  0xf0

/*
 * Named GPIO inputs "cpu-irq" (0: IRQ, 1: FIQ): the levels on the CPU's
 * interrupt inputs, which the ROM drives again after booting it
 */
#define OMAP3_BOOT_ROM_CPU_IRQ  "cpu-irq"

/*
 * Properties: link "cpu", the Cortex-A8; link "memory", the bus the ROM
 * reads the wake-up memory through; "scratchpad-addr", where in it the
 * ROM's wake-up configuration starts (the control module's
 * CONTROL_MEM_WKUP + 0x310); "cm-addr" and "sdrc-addr", where the CM and
 * the SDRC it restores after CORE OFF are.
 */
struct OMAP3BootROMState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    MemoryRegion rom;
    AddressSpace as;

    /* properties */
    ARMCPU *cpu;
    MemoryRegion *memory;
    uint64_t scratchpad_addr;
    uint64_t cm_addr;
    uint64_t sdrc_addr;

    bool mpu_off;               /* the Cortex-A8 is powered down */
    bool core_off;              /* and CORE lost its state since */
    /* the exception level the CPU slept in, where the restore code runs */
    uint32_t resume_el;
    uint8_t cpu_irq;            /* "cpu-irq" inputs: bit 0 IRQ, bit 1 FIQ */
};

#endif /* HW_ARM_OMAP3_BOOT_ROM_H */
