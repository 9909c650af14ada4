/*
 * Goldelico GTA04 phone mainboard: DM3730 SoC + TWL4030 PMIC
 *
 * Boots Linux through QEMU's ARM boot loader (-kernel/-dtb/-initrd/-append)
 * with SDRAM at 0x80000000.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/error-report.h"
#include "qemu/units.h"
#include "hw/boards.h"
#include "hw/arm/boot.h"
#include "hw/arm/dm3730.h"
#include "hw/i2c/i2c.h"
#include "hw/misc/twl4030.h"
#include "hw/qdev-core.h"
#include "hw/qdev-properties.h"
#include "sysemu/sysemu.h"
#include "exec/address-spaces.h"
#include "qom/object.h"

#define TYPE_GTA04_MACHINE MACHINE_TYPE_NAME("gta04")
OBJECT_DECLARE_SIMPLE_TYPE(GTA04MachineState, GTA04_MACHINE)

struct GTA04MachineState {
    MachineState parent_obj;

    DM3730State soc;
    TWL4030State twl4030;
};

static struct arm_boot_info gta04_binfo = {
    .loader_start = DM3730_SDRAM_BASE,
    /* Linux only boots from the device tree on this board */
    .board_id = -1,
};

static void gta04_init(MachineState *machine)
{
    GTA04MachineState *gms = GTA04_MACHINE(machine);

    if (machine->ram_size > DM3730_SDRAM_MAX_SIZE) {
        error_report("gta04: -m %" PRIu64 " MiB is more than the DM3730 SDRC "
                     "can address (%" PRIu64 " MiB)",
                     machine->ram_size / MiB, DM3730_SDRAM_MAX_SIZE / MiB);
        exit(1);
    }

    object_initialize_child(OBJECT(machine), "soc", &gms->soc, TYPE_DM3730);
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
    qdev_connect_gpio_out_named(DEVICE(&gms->twl4030), "int1", 0,
                                qdev_get_gpio_in_named(DEVICE(&gms->soc),
                                                       DM3730_SYS_NIRQ, 0));

    memory_region_add_subregion(get_system_memory(), DM3730_SDRAM_BASE,
                                machine->ram);

    gta04_binfo.ram_size = machine->ram_size;
    arm_load_kernel(&gms->soc.cpu, machine, &gta04_binfo);
}

static const char *gta04_valid_cpu_types[] = {
    ARM_CPU_TYPE_NAME("cortex-a8"),
    NULL
};

static void gta04_machine_class_init(ObjectClass *oc, void *data)
{
    MachineClass *mc = MACHINE_CLASS(oc);

    mc->desc = "GTA04 phone board (DM3730 OMAP3 + TWL4030)";
    mc->init = gta04_init;
    mc->max_cpus = 1;
    mc->default_cpus = 1;
    mc->min_cpus = 1;
    mc->default_cpu_type = ARM_CPU_TYPE_NAME("cortex-a8");
    mc->valid_cpu_types = gta04_valid_cpu_types;
    mc->default_ram_size = 512 * MiB;
    mc->default_ram_id = "gta04.ram";
    mc->ignore_memory_transaction_failures = false;
}

static const TypeInfo gta04_machine_type = {
    .name = TYPE_GTA04_MACHINE,
    .parent = TYPE_MACHINE,
    .instance_size = sizeof(GTA04MachineState),
    .class_init = gta04_machine_class_init,
};

static void gta04_machine_register_types(void)
{
    type_register_static(&gta04_machine_type);
}

type_init(gta04_machine_register_types)
