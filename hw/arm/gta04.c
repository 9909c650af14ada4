/*
 * Goldelico GTA04 phone mainboard: DM3730 SoC + TWL4030 PMIC
 *
 * Boots Linux with QEMU's ARM boot loader (-kernel, -dtb, -initrd, -append).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qapi/error.h"
#include "qemu/error-report.h"
#include "qemu/units.h"
#include "hw/boards.h"
#include "hw/arm/boot.h"
#include "hw/arm/dm3730.h"
#include "hw/core/split-irq.h"
#include "hw/misc/gta04_stimuli.h"
#include "hw/misc/twl4030/twl4030.h"
#include "hw/qdev-properties.h"
#include "hw/sysbus.h"
#include GTA04_SYSTEM_DEVICE_TREE_H
#include GTA04_SYSTEM_SYSTEM_H
#include GTA04_SYSTEM_ADDRESS_SPACES_H

#define TYPE_GTA04_MACHINE MACHINE_TYPE_NAME("gta04")
OBJECT_DECLARE_SIMPLE_TYPE(GTA04MachineState, GTA04_MACHINE)

struct GTA04MachineState {
    MachineState parent_obj;

    DM3730State soc;
    TWL4030State twl4030;
    GTA04StimuliState stimuli;
    SplitIRQ int1_split;        /* INT1: the SoC's sys_nirq, the stimuli */

    /* -machine rng-seed=on: /chosen/rng-seed for the kernel (see below) */
    bool rng_seed;
};

/*
 * Linux boots from the device tree only here; the rest is set at init.
 * hw/arm/boot.c judges -kernel (ELF, uImage, zImage, else a raw image);
 * what Linux needs of -m and of the image is scripts/run.sh's to say.
 */
static struct arm_boot_info gta04_binfo = { .board_id = -1 };

/*
 * Not the chip: a boot loader's choice.  The GTA04's own U-Boot passes no
 * entropy (the DM3730 has no RNG U-Boot drives), so by default the kernel
 * seeds its RNG from what it measures, which under -icount is the same in
 * every run.  With rng-seed=on the board's loader gives the kernel 64 bytes
 * in /chosen/rng-seed, as U-Boot's BOARD_RNG_SEED does; QEMU refills them
 * at every reset (hw/arm/boot.c), from -seed N when given.  So runs of one
 * kernel can differ in what they draw (a bug that strikes one boot in
 * three), and each such run is still replayed exactly by its seed.
 */
#define GTA04_RNG_SEED_BYTES 64

static void gta04_modify_dtb(const struct arm_boot_info *info, void *fdt)
{
    GTA04MachineState *gms = GTA04_MACHINE(qdev_get_machine());
    uint8_t seed[GTA04_RNG_SEED_BYTES] = { 0 };

    if (gms->rng_seed &&
        qemu_fdt_setprop(fdt, "/chosen", "rng-seed", seed, sizeof(seed)) < 0) {
        error_report("gta04: cannot add /chosen/rng-seed to the device tree");
        exit(1);
    }
}

static void gta04_init(MachineState *machine)
{
    GTA04MachineState *gms = GTA04_MACHINE(machine);

    if (machine->ram_size > dm3730_memmap[DM3730_DEV_SDRAM].size) {
        error_report("gta04: -m %" PRIu64 " MiB is more than the DM3730 SDRC "
                     "can address (%" PRIu64 " MiB)", machine->ram_size / MiB,
                     dm3730_memmap[DM3730_DEV_SDRAM].size / MiB);
        exit(1);
    }

    object_initialize_child(OBJECT(machine), "soc", &gms->soc, TYPE_DM3730);
    /*
     * outside events at a virtual time, or on a console line (qom-set
     * /machine/stimuli at / on-console ...): it watches UART3's output
     */
    object_initialize_child(OBJECT(machine), "stimuli", &gms->stimuli,
                            TYPE_GTA04_STIMULI);
    object_property_set_link(OBJECT(&gms->soc), "console-tx-watch",
                             OBJECT(&gms->stimuli), &error_abort);
    /* a stimulus can wait for the MPU's WFI (on-line "standbywfi:1|...") */
    qdev_connect_gpio_out_named(DEVICE(&gms->soc), DM3730_MPU_STANDBYWFI, 0,
                                qdev_get_gpio_in_named(DEVICE(&gms->stimuli),
                                                GTA04_STIMULI_LINES,
                                                GTA04_STIMULI_LINE_STANDBYWFI));
    /*
     * the first -serial after the UARTs' is the stimuli's request input (a
     * recording holds chardev input, not QMP: gta04_stimuli.h)
     */
    if (serial_hd(DM3730_NUM_SERIAL)) {
        qdev_prop_set_chr(DEVICE(&gms->stimuli), "chardev",
                          serial_hd(DM3730_NUM_SERIAL));
    }
    /* -serial N: serial0 is UART3, the console (see dm3730.h) */
    for (int i = 0; i < DM3730_NUM_SERIAL; i++) {
        g_autofree char *prop = g_strdup_printf("serial%d", i);

        qdev_prop_set_chr(DEVICE(&gms->soc), prop, serial_hd(i));
    }
    qdev_realize(DEVICE(&gms->soc), NULL, &error_fatal);

    /* TWL4030 (TPS65950) on I2C1 at 0x48..0x4b, INT1 to the SoC's sys_nirq */
    object_initialize_child(OBJECT(machine), "twl4030", &gms->twl4030,
                            TYPE_TWL4030);
    qdev_prop_set_uint8(DEVICE(&gms->twl4030), "address", TWL4030_ADDR_USB);
    qdev_realize(DEVICE(&gms->twl4030),
                 BUS(dm3730_i2c_bus(&gms->soc, 1)), &error_fatal);
    sysbus_realize(SYS_BUS_DEVICE(&gms->stimuli), &error_fatal);
    object_initialize_child(OBJECT(machine), "int1-split", &gms->int1_split,
                            TYPE_SPLIT_IRQ);
    qdev_prop_set_uint16(DEVICE(&gms->int1_split), "num-lines", 2);
    qdev_realize(DEVICE(&gms->int1_split), NULL, &error_fatal);
    qdev_connect_gpio_out_named(DEVICE(&gms->twl4030), "int1", 0,
                                qdev_get_gpio_in(DEVICE(&gms->int1_split), 0));
    qdev_connect_gpio_out(DEVICE(&gms->int1_split), 0,
                          qdev_get_gpio_in_named(DEVICE(&gms->soc),
                                                 DM3730_SYS_NIRQ, 0));
    /* the SoC's SYS_OFF_MODE is the TWL4030's nSLEEP1 (P1's sleep request) */
    qdev_connect_gpio_out_named(DEVICE(&gms->soc), DM3730_SYS_OFF_MODE, 0,
                                qdev_get_gpio_in_named(DEVICE(&gms->twl4030),
                                                       TWL4030_POWER_SLEEP1,
                                                       0));
    /* a stimulus can wait for INT1 to change (on-line "int1:1|...") */
    qdev_connect_gpio_out(DEVICE(&gms->int1_split), 1,
                          qdev_get_gpio_in_named(DEVICE(&gms->stimuli),
                                                 GTA04_STIMULI_LINES,
                                                 GTA04_STIMULI_LINE_INT1));

    memory_region_add_subregion(get_system_memory(),
                                dm3730_addr(DM3730_DEV_SDRAM), machine->ram);

    gta04_binfo.loader_start = dm3730_addr(DM3730_DEV_SDRAM);
    gta04_binfo.ram_size = machine->ram_size;
    gta04_binfo.modify_dtb = gta04_modify_dtb;
    arm_load_kernel(&gms->soc.cpu, machine, &gta04_binfo);
}

static const char *gta04_valid_cpu_types[] = {
    ARM_CPU_TYPE_NAME("cortex-a8"),
    NULL
};

static bool gta04_get_rng_seed(Object *obj, Error **errp)
{
    return GTA04_MACHINE(obj)->rng_seed;
}

static void gta04_set_rng_seed(Object *obj, bool value, Error **errp)
{
    GTA04_MACHINE(obj)->rng_seed = value;
}

static void gta04_machine_class_init(ObjectClass *oc, const void *data)
{
    MachineClass *mc = MACHINE_CLASS(oc);

    mc->desc = "GTA04 phone board (DM3730 OMAP3 + TWL4030)";
    mc->init = gta04_init;
    mc->min_cpus = mc->max_cpus = mc->default_cpus = 1;
    mc->default_cpu_type = ARM_CPU_TYPE_NAME("cortex-a8");
    mc->valid_cpu_types = gta04_valid_cpu_types;
    mc->default_ram_size = 512 * MiB;
    mc->default_ram_id = "gta04.ram";

    object_class_property_add_bool(oc, "rng-seed", gta04_get_rng_seed,
                                   gta04_set_rng_seed);
    object_class_property_set_description(oc, "rng-seed",
        "Give the kernel /chosen/rng-seed (64 bytes, new at each reset, "
        "from -seed when given); default off, as the GTA04's U-Boot");
}
GTA04_CLASS_INIT_COMPAT(gta04_machine_class_init);

static const TypeInfo gta04_machine_types[] = {
    {
        .name = TYPE_GTA04_MACHINE,
        .parent = TYPE_MACHINE,
        .instance_size = sizeof(GTA04MachineState),
        .class_init = GTA04_CLASS_INIT(gta04_machine_class_init),
        .interfaces = GTA04_ARM_MACHINE_INTERFACES,
    },
};

DEFINE_TYPES(gta04_machine_types)
