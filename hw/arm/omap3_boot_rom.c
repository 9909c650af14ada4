/*
 * TI OMAP3 (DM37x) boot ROM
 *
 * We do not have TI's ROM code.  This model gives what software sees of
 * it on a GP device:
 *  - the exception vectors at its start (sys_boot maps the ROM at 0 as
 *    well): with no -kernel the Cortex-A8 starts there, and ours parks it
 *    in WFI, so a board without a kernel idles instead of faulting;
 *  - the secure monitor: Linux issues "smc" with a service number in r12
 *    (L2 cache invalidate, write the L2/auxiliary control registers:
 *    arch/arm/mach-omap2/sleep34xx.S, omap-smc.S).  With -kernel QEMU
 *    leaves MVBAR at 0, so the SMC vector is ROM offset 0x08, which returns
 *    at once: QEMU models no L2 cache, so there is nothing to do;
 *  - the wake-up boot from MPU OFF (input "mpu-power", from the PRM).  When
 *    the MPU power domain loses its logic (OFF, or RET with the logic off)
 *    the Cortex-A8 loses its state; when it comes back it starts from its
 *    reset vector in the ROM, which finds a wake-up rather than a power-on
 *    and jumps to the "public restoration pointer" the OS left in the
 *    wake-up memory (OMAP35x TRM 25.5 "Wakeup booting by ROM code", as TI's
 *    E2E thread 58561 quotes it; the DM37x TRM text is in no corpus we
 *    have).  Linux puts the physical address of its restore code
 *    (omap3_restore_3630 on a DM3730) in the second word of the
 *    scratchpad at CONTROL_MEM_WKUP + 0x310 (omap3_save_scratchpad_contents
 *    in arch/arm/mach-omap2/control.c), which runs from SDRAM with the MMU
 *    and caches off, in SVC mode with interrupts masked.
 *
 *  - after CORE OFF (input "core-power" fell while the MPU was down), before
 *    the jump: the clock set-up and the SDRAM controller the kernel's
 *    restore code runs on, from the scratchpad's PRCM and SDRC blocks
 *    (Linux's struct omap3_scratchpad_prcm_block/_sdrc_block, control.c;
 *    sleep34xx.S: "For OFF mode the ROM code configures the SDRC and the
 *    DPLL before calling the restore code directly from DDR").  The
 *    block's CM words only: Linux 6.1 fills its "PRM_CLKSEL" word from a
 *    wrong address, and the PRM is in WKUP and keeps its state
 *    (docs/notes/omap3-core-off.md 2.2-2.4, 6).
 *
 * ASSUMPTIONS (no TRM text): the ROM's own work before the jump takes no
 * time, restores the registers in the blocks' order, waits for no DPLL
 * lock and skips a block whose offset in the header is 0; the jump goes to the
 * exception level the CPU slept in (a GP device's ROM hands over in the
 * secure world, where Linux runs on the silicon; QEMU's -kernel boot starts
 * Linux non-secure, so that is where it resumes).  A restore pointer of 0
 * makes the ROM boot as after power-on, from a boot device this model does
 * not have: the CPU parks in the ROM.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qapi/error.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/arm/omap3_boot_rom.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/core/cpu.h"
#include "target/arm/arm-powerctl.h"
#include "migration/vmstate.h"
#include "trace.h"

/* The scratchpad's header (see above) */
#define SCRATCHPAD_PUBLIC_RESTORE_PTR   0x04
#define SCRATCHPAD_PRCM_BLOCK_OFFSET    0x10
#define SCRATCHPAD_SDRC_BLOCK_OFFSET    0x14

/* A register the ROM restores from a scratchpad block */
typedef struct OMAP3BootROMRestore {
    const char *name;
    uint8_t block_offset;       /* in the block */
    uint8_t size;               /* bytes: 2 or 4 */
    uint16_t reg;               /* offset in the module */
} OMAP3BootROMRestore;

/* The PRCM block's CM words (+0x00 PRM_CLKSRC_CTRL, +0x04 PRM_CLKSEL: not) */
static const OMAP3BootROMRestore omap3_boot_rom_prcm_block[] = {
    { "CM_CLKSEL_CORE",         0x08, 4, 0x0a40 },
    { "CM_CLKSEL_WKUP",         0x0c, 4, 0x0c40 },
    { "CM_CLKEN_PLL",           0x10, 4, 0x0d00 },
    { "CM_AUTOIDLE_PLL",        0x14, 4, 0x0d30 },
    { "CM_CLKSEL1_PLL",         0x18, 4, 0x0d40 },
    { "CM_CLKSEL2_PLL",         0x1c, 4, 0x0d44 },
    { "CM_CLKSEL3_PLL",         0x20, 4, 0x0d48 },
    { "CM_CLKEN_PLL_MPU",       0x24, 4, 0x0904 },
    { "CM_AUTOIDLE_PLL_MPU",    0x28, 4, 0x0934 },
    { "CM_CLKSEL1_PLL_MPU",     0x2c, 4, 0x0940 },
    { "CM_CLKSEL2_PLL_MPU",     0x30, 4, 0x0944 },
};

/*
 * The SDRC block; +0x06 ERR_TYPE (status), the EMR words, DLLB, the CS
 * and DCDL words Linux leaves 0 are not written
 */
static const OMAP3BootROMRestore omap3_boot_rom_sdrc_block[] = {
    { "SDRC_SYSCONFIG",         0x00, 2, 0x010 },
    { "SDRC_CS_CFG",            0x02, 2, 0x040 },
    { "SDRC_SHARING",           0x04, 2, 0x044 },
    { "SDRC_DLLA_CTRL",         0x08, 4, 0x060 },
    { "SDRC_POWER",             0x10, 4, 0x070 },
    { "SDRC_MCFG_0",            0x18, 4, 0x080 },
    { "SDRC_MR_0",              0x1c, 2, 0x084 },
    { "SDRC_ACTIM_CTRLA_0",     0x24, 4, 0x09c },
    { "SDRC_ACTIM_CTRLB_0",     0x28, 4, 0x0a0 },
    { "SDRC_RFR_CTRL_0",        0x2c, 4, 0x0a4 },
    { "SDRC_MCFG_1",            0x34, 4, 0x0b0 },
    { "SDRC_MR_1",              0x38, 2, 0x0b4 },
    { "SDRC_ACTIM_CTRLA_1",     0x40, 4, 0x0c4 },
    { "SDRC_ACTIM_CTRLB_1",     0x44, 4, 0x0c8 },
    { "SDRC_RFR_CTRL_1",        0x48, 4, 0x0d4 },
};

static uint32_t omap3_boot_rom_ld(OMAP3BootROMState *s, hwaddr addr,
                                  unsigned size)
{
    MemTxResult res;
    uint32_t v = size == 2 ?
        address_space_lduw_le(&s->as, addr, MEMTXATTRS_UNSPECIFIED, &res) :
        address_space_ldl_le(&s->as, addr, MEMTXATTRS_UNSPECIFIED, &res);

    return res == MEMTX_OK ? v : 0;
}

/*
 * Restore the registers of @table at @base from the scratchpad block whose
 * offset the header holds at @header_offset
 */
static void omap3_boot_rom_restore_block(OMAP3BootROMState *s,
                                         const char *block,
                                         hwaddr header_offset,
                                         const OMAP3BootROMRestore *table,
                                         int n, hwaddr base)
{
    uint32_t offset = omap3_boot_rom_ld(s, s->scratchpad_addr +
                                        header_offset, 4);
    int i;

    if (!offset || offset >= OMAP3_BOOT_ROM_SCRATCHPAD_SIZE) {
        trace_omap3_boot_rom_restore_skip(block, offset);
        return;
    }
    for (i = 0; i < n; i++) {
        uint32_t v = omap3_boot_rom_ld(s, s->scratchpad_addr + offset +
                                       table[i].block_offset, table[i].size);

        trace_omap3_boot_rom_restore(block, table[i].name, v);
        address_space_stl_le(&s->as, base + table[i].reg, v,
                             MEMTXATTRS_UNSPECIFIED, NULL);
    }
}

/* The vectors: each one branches to 0x20, a WFI loop; SMC returns at once */
static void omap3_boot_rom_fill(uint8_t *rom)
{
    int i;

    for (i = 0; i < 8; i++) {
        /* b 0x20: imm24 = (target - (pc + 8)) / 4, two's complement */
        int32_t offset = (0x20 - (4 * i + 8)) / 4;

        stl_le_p(rom + 4 * i, 0xea000000 | (offset & 0xffffff));
    }
    stl_le_p(rom + 0x08, 0xe1b0f00e);   /* SMC: movs pc, lr */
    stl_le_p(rom + 0x20, 0xe320f003);   /* wfi */
    stl_le_p(rom + 0x24, 0xeafffffd);   /* b 0x20 */
}

/*
 * On the vCPU, after the power-on: QEMU's CPU reset forgets the levels on
 * the CPU's IRQ and FIQ inputs, which the silicon's pins keep seeing; drive
 * them again, or the request that woke the MPU would be lost
 */
static void omap3_boot_rom_cpu_irq_redrive(CPUState *cs, run_on_cpu_data data)
{
    OMAP3BootROMState *s = data.host_ptr;
    static const int line[] = { ARM_CPU_IRQ, ARM_CPU_FIQ };
    int i;

    for (i = 0; i < ARRAY_SIZE(line); i++) {
        if (extract32(s->cpu_irq, i, 1)) {
            qemu_irq_raise(qdev_get_gpio_in(DEVICE(s->cpu), line[i]));
        }
    }
}

/* On the vCPU, after the power-down queued before it: the wake-up boot */
static void omap3_boot_rom_wakeup_boot(CPUState *cs, run_on_cpu_data data)
{
    OMAP3BootROMState *s = data.host_ptr;
    uint64_t mpidr = s->cpu->mp_affinity;
    uint32_t restore;
    int ret;

    if (s->core_off) {
        /* DPLLs first: DPLL3 clocks the SDRC (docs/notes 2.4, deduced) */
        omap3_boot_rom_restore_block(s, "PRCM", SCRATCHPAD_PRCM_BLOCK_OFFSET,
                                     omap3_boot_rom_prcm_block,
                                     ARRAY_SIZE(omap3_boot_rom_prcm_block),
                                     s->cm_addr);
        omap3_boot_rom_restore_block(s, "SDRC", SCRATCHPAD_SDRC_BLOCK_OFFSET,
                                     omap3_boot_rom_sdrc_block,
                                     ARRAY_SIZE(omap3_boot_rom_sdrc_block),
                                     s->sdrc_addr);
        s->core_off = false;
    }
    restore = omap3_boot_rom_ld(s, s->scratchpad_addr +
                                SCRATCHPAD_PUBLIC_RESTORE_PTR, 4);
    trace_omap3_boot_rom_wakeup_boot(restore, s->resume_el);
    if (!restore) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: MPU wake-up with no public "
                      "restore pointer in the wake-up memory: a cold boot, "
                      "and there is no boot device\n", __func__);
        ret = arm_set_cpu_on_and_reset(mpidr);
    } else {
        ret = arm_set_cpu_on(mpidr, restore, 0, s->resume_el, false);
    }
    if (ret != QEMU_ARM_POWERCTL_RET_SUCCESS) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: the Cortex-A8 did not start "
                      "(%d)\n", __func__, ret);
        return;
    }
    /* queued after the power-on's own work */
    async_run_on_cpu(cs, omap3_boot_rom_cpu_irq_redrive,
                     RUN_ON_CPU_HOST_PTR(s));
}

static void omap3_boot_rom_mpu_power(void *opaque, int n, int level)
{
    OMAP3BootROMState *s = opaque;

    if (s->mpu_off == !level) {
        return;
    }
    s->mpu_off = !level;
    trace_omap3_boot_rom_mpu_power(level);
    if (s->mpu_off) {
        /*
         * it stops where it stood (halted in WFI, in SVC mode), its state
         * is lost; the Cortex-A8 has EL3 (this ROM is its monitor): secure
         * SVC is EL3 in AArch32, non-secure SVC EL1
         */
        s->resume_el = (s->cpu->env.cp15.scr_el3 & SCR_NS) ? 1 : 3;
        /* CORE, which follows the MPU down, has not lost its state yet */
        s->core_off = false;
        arm_set_cpu_off(s->cpu->mp_affinity);
        return;
    }
    /* queued after the power-down's own work, on the same vCPU */
    async_run_on_cpu(CPU(s->cpu), omap3_boot_rom_wakeup_boot,
                     RUN_ON_CPU_HOST_PTR(s));
}

/*
 * CORE's logic power: lost while the MPU is down, the wake-up boot
 * restores the clock set-up and the SDRC first
 */
static void omap3_boot_rom_core_power(void *opaque, int n, int level)
{
    OMAP3BootROMState *s = opaque;

    trace_omap3_boot_rom_core_power(level);
    if (!level && s->mpu_off) {
        s->core_off = true;
    }
}

/* The INTC's IRQ (@n 0) or FIQ (1) as the CPU's pins see it */
static void omap3_boot_rom_cpu_irq(void *opaque, int n, int level)
{
    OMAP3BootROMState *s = opaque;

    s->cpu_irq = deposit32(s->cpu_irq, n, 1, level != 0);
}

static void omap3_boot_rom_reset_enter(Object *obj, ResetType type)
{
    OMAP3BootROMState *s = OMAP3_BOOT_ROM(obj);

    /* the machine's reset powers the CPU on */
    s->mpu_off = false;
    s->core_off = false;
    s->resume_el = 1;
}

static void omap3_boot_rom_init(Object *obj)
{
    qdev_init_gpio_in_named(DEVICE(obj), omap3_boot_rom_mpu_power,
                            OMAP3_BOOT_ROM_MPU_POWER, 1);
    qdev_init_gpio_in_named(DEVICE(obj), omap3_boot_rom_cpu_irq,
                            OMAP3_BOOT_ROM_CPU_IRQ, 2);
    qdev_init_gpio_in_named(DEVICE(obj), omap3_boot_rom_core_power,
                            OMAP3_BOOT_ROM_CORE_POWER, 1);
}

static void omap3_boot_rom_realize(DeviceState *dev, Error **errp)
{
    ERRP_GUARD();
    OMAP3BootROMState *s = OMAP3_BOOT_ROM(dev);

    if (!s->cpu || !s->memory) {
        error_setg(errp, "%s: the links \"cpu\" and \"memory\" must be set",
                   TYPE_OMAP3_BOOT_ROM);
        return;
    }
    memory_region_init_rom(&s->rom, OBJECT(dev), "dm3730.boot-rom",
                           OMAP3_BOOT_ROM_SIZE, errp);
    if (*errp) {
        return;
    }
    omap3_boot_rom_fill(memory_region_get_ram_ptr(&s->rom));
    sysbus_init_mmio(SYS_BUS_DEVICE(dev), &s->rom);
    address_space_init(&s->as, s->memory, "omap3-boot-rom");
}

/* version 2: CORE OFF */
static const VMStateDescription vmstate_omap3_boot_rom = {
    .name = TYPE_OMAP3_BOOT_ROM,
    .version_id = 2,
    .minimum_version_id = 2,
    .fields = (const VMStateField[]) {
        VMSTATE_BOOL(mpu_off, OMAP3BootROMState),
        VMSTATE_UINT32(resume_el, OMAP3BootROMState),
        VMSTATE_UINT8(cpu_irq, OMAP3BootROMState),
        VMSTATE_BOOL(core_off, OMAP3BootROMState),
        VMSTATE_END_OF_LIST()
    }
};

static const Property omap3_boot_rom_properties[] = {
    DEFINE_PROP_LINK("cpu", OMAP3BootROMState, cpu, TYPE_ARM_CPU, ARMCPU *),
    DEFINE_PROP_LINK("memory", OMAP3BootROMState, memory, TYPE_MEMORY_REGION,
                     MemoryRegion *),
    DEFINE_PROP_UINT64("scratchpad-addr", OMAP3BootROMState, scratchpad_addr,
                       0),
    DEFINE_PROP_UINT64("cm-addr", OMAP3BootROMState, cm_addr, 0),
    DEFINE_PROP_UINT64("sdrc-addr", OMAP3BootROMState, sdrc_addr, 0),
};

static void omap3_boot_rom_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 boot ROM";
    dc->realize = omap3_boot_rom_realize;
    dc->vmsd = &vmstate_omap3_boot_rom;
    /* part of the SoC: it needs its CPU */
    dc->user_creatable = false;
    device_class_set_props(dc, omap3_boot_rom_properties);
    rc->phases.enter = omap3_boot_rom_reset_enter;
}
GTA04_CLASS_INIT_COMPAT(omap3_boot_rom_class_init);

static const TypeInfo omap3_boot_rom_info = {
    .name = TYPE_OMAP3_BOOT_ROM,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3BootROMState),
    .instance_init = omap3_boot_rom_init,
    .class_init = GTA04_CLASS_INIT(omap3_boot_rom_class_init),
};

static void omap3_boot_rom_register_types(void)
{
    type_register_static(&omap3_boot_rom_info);
}

type_init(omap3_boot_rom_register_types)
