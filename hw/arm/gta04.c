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
#include "gta04-compat.h"
#include "qapi/error.h"
#include "qemu/error-report.h"
#include "qemu/units.h"
#include "qemu/bswap.h"
#include "elf.h"
#include "hw/boards.h"
#include "hw/arm/boot.h"
#include "hw/arm/dm3730.h"
#include "hw/i2c/i2c.h"
#include "hw/misc/twl4030.h"
#include "hw/qdev-core.h"
#include "hw/qdev-properties.h"
#include GTA04_SYSTEM_SYSTEM_H
#include "exec/address-spaces.h"
#include "qom/object.h"
#include "qapi/visitor.h"

#define TYPE_GTA04_MACHINE MACHINE_TYPE_NAME("gta04")
OBJECT_DECLARE_SIMPLE_TYPE(GTA04MachineState, GTA04_MACHINE)

struct GTA04MachineState {
    MachineState parent_obj;

    DM3730State soc;
    TWL4030State twl4030;
};

/* where hw/arm/boot.c puts a raw image (its KERNEL_LOAD_ADDR) */
#define GTA04_RAW_IMAGE_OFFSET  0x00010000

/* .loader_start: the SDRAM, set in gta04_init() */
static struct arm_boot_info gta04_binfo = {
    /* Linux only boots from the device tree on this board */
    .board_id = -1,
};

/*
 * Debian's 6.1 armmp kernel with its initramfs needs 64 MiB here: with
 * 56 MiB it panics out of memory, with 48 MiB or less it stops before its
 * console is up, without a word.  A bare-metal -kernel may need far less:
 * a warning, not an error.
 */
#define GTA04_LINUX_MIN_RAM     (64 * MiB)

/* Image formats QEMU's ARM loader knows (hw/arm/boot.c) */
#define GTA04_ZIMAGE_MAGIC_OFFSET   0x24
#define GTA04_ZIMAGE_MAGIC          0x016f2818  /* LE, Linux arch/arm zImage */
#define GTA04_UIMAGE_MAGIC          0x27051956  /* BE, U-Boot image header */

static bool gta04_is_kernel_image(const uint8_t *hdr, size_t len)
{
    if (len >= SELFMAG && !memcmp(hdr, ELFMAG, SELFMAG)) {
        return true;
    }
    if (len >= 4 && ldl_be_p(hdr) == GTA04_UIMAGE_MAGIC) {
        return true;
    }
    return len >= GTA04_ZIMAGE_MAGIC_OFFSET + 4 &&
           ldl_le_p(hdr + GTA04_ZIMAGE_MAGIC_OFFSET) == GTA04_ZIMAGE_MAGIC;
}

/*
 * What QEMU can tell about a -kernel before it runs: too little RAM for
 * Linux, or a file that is no kernel image (QEMU's loader then copies it
 * as a raw image and enters it as if it were Linux).  A file that cannot
 * be read is left to the loader's own error.
 */
static void gta04_check_kernel(MachineState *machine)
{
    uint8_t hdr[GTA04_ZIMAGE_MAGIC_OFFSET + 4];
    ssize_t len;
    int fd;

    if (!machine->kernel_filename) {
        return;
    }
    if (machine->ram_size < GTA04_LINUX_MIN_RAM) {
        warn_report("gta04: -m %" PRIu64 " MiB is less than the %" PRIu64
                    " MiB Debian's Linux 6.1 needs on this board: Linux may "
                    "stop before its console is up", machine->ram_size / MiB,
                    GTA04_LINUX_MIN_RAM / MiB);
    }
    fd = qemu_open_old(machine->kernel_filename, O_RDONLY | O_BINARY);
    if (fd < 0) {
        return;
    }
    len = read(fd, hdr, sizeof(hdr));
    close(fd);
    if (len >= 0 && !gta04_is_kernel_image(hdr, len)) {
        warn_report("gta04: -kernel %s is neither a zImage, a uImage nor an "
                    "ELF file: it is loaded as a raw image at 0x%" PRIx64
                    " and entered as Linux", machine->kernel_filename,
                    (uint64_t)dm3730_addr(DM3730_DEV_SDRAM) +
                    GTA04_RAW_IMAGE_OFFSET);
    }
}

/*
 * "qom-set <device> realized false" (then "true") on the running board.
 *
 * QEMU 7.2's device_set_realized() refuses a change only for a device
 * created after machine creation ("hotplugged") that is not hotpluggable.
 * A device the board created is unrealized whatever its bus and class,
 * although device_del would refuse to remove it (no hotplug handler), and
 * the board's devices do not survive it: the SoC mapped their registers and
 * wired their interrupts once, I2C1 creates its bus in realize, GPT1 frees
 * its timer in unrealize, the TWL4030 adds its modules' windows in realize.
 *
 * So, once the machine is up, the board refuses to change "realized" of a
 * device it created that device_del could not remove either, and of the
 * buses of such devices and the main system bus (a bus unrealizes its
 * children: qdev_unrealize() with &error_abort).  The check sits in front
 * of the setter of the "realized" property of TYPE_DEVICE and of each bus
 * of the machine; anything else goes to QEMU's own setter unchanged.
 */
static ObjectPropertyAccessor *gta04_device_set_realized_orig;
static ObjectPropertyAccessor *gta04_bus_set_realized_orig;

/* What qdev_unplug() (device_del) would accept */
static bool gta04_can_unplug(DeviceState *dev)
{
    return DEVICE_GET_CLASS(dev)->hotpluggable &&
           (!dev->parent_bus || qbus_is_hotpluggable(dev->parent_bus)) &&
           qdev_get_hotplug_handler(dev);
}

static bool gta04_is_pinned(DeviceState *dev)
{
    return phase_check(PHASE_MACHINE_READY) && !dev->hotplugged &&
           !gta04_can_unplug(dev);
}

/*
 * Take the value from @v (a setter's visitor is read once) and refuse a
 * change of @realized: @what is the object's description for the error
 */
static void gta04_refuse_realized(Object *obj, bool realized, Visitor *v,
                                  const char *name, const char *what,
                                  Error **errp)
{
    g_autofree char *path = object_get_canonical_path(obj);
    bool value;

    if (!visit_type_bool(v, name, &value, errp) || value == realized) {
        return;
    }
    error_setg(errp, "%s %s (%s) is part of the gta04 board: it cannot be "
               "%s while the machine runs", what, path ?: "(unattached)",
               object_get_typename(obj), value ? "realized" : "unrealized");
}

static void gta04_device_set_realized(Object *obj, Visitor *v,
                                      const char *name, void *opaque,
                                      Error **errp)
{
    DeviceState *dev = DEVICE(obj);

    if (gta04_is_pinned(dev)) {
        gta04_refuse_realized(obj, dev->realized, v, name, "device", errp);
        return;
    }
    gta04_device_set_realized_orig(obj, v, name, opaque, errp);
}

static void gta04_bus_set_realized(Object *obj, Visitor *v, const char *name,
                                   void *opaque, Error **errp)
{
    BusState *bus = BUS(obj);

    /* the main system bus has no parent: it is the machine's own */
    if (bus->parent ? gta04_is_pinned(bus->parent)
                    : phase_check(PHASE_MACHINE_READY)) {
        gta04_refuse_realized(obj, bus->realized, v, name, "bus", errp);
        return;
    }
    gta04_bus_set_realized_orig(obj, v, name, opaque, errp);
}

/* Device "realized" is a class property of TYPE_DEVICE: one setter */
static void gta04_hook_device_realized(void)
{
    ObjectProperty *prop =
        object_class_property_find(object_class_by_name(TYPE_DEVICE),
                                   "realized");

    assert(prop && prop->set);
    if (prop->set != gta04_device_set_realized) {
        gta04_device_set_realized_orig = prop->set;
        prop->set = gta04_device_set_realized;
    }
}

/* Bus "realized" is a property of each bus: hook the board's buses */
static int gta04_hook_bus_realized(Object *obj, void *opaque)
{
    ObjectProperty *prop;

    if (!object_dynamic_cast(obj, TYPE_BUS)) {
        return 0;
    }
    prop = object_property_find(obj, "realized");
    assert(prop && prop->set);
    if (prop->set != gta04_bus_set_realized) {
        assert(!gta04_bus_set_realized_orig ||
               gta04_bus_set_realized_orig == prop->set);
        gta04_bus_set_realized_orig = prop->set;
        prop->set = gta04_bus_set_realized;
    }
    return 0;
}

/* Every cold-plugged device exists now (-device included) */
static void gta04_machine_done(Notifier *notifier, void *data)
{
    object_child_foreach_recursive(qdev_get_machine(),
                                   gta04_hook_bus_realized, NULL);
}

static Notifier gta04_machine_done_notifier = {
    .notify = gta04_machine_done,
};

static void gta04_init(MachineState *machine)
{
    GTA04MachineState *gms = GTA04_MACHINE(machine);

    if (machine->ram_size > dm3730_memmap[DM3730_DEV_SDRAM].size) {
        error_report("gta04: -m %" PRIu64 " MiB is more than the DM3730 SDRC "
                     "can address (%" PRIu64 " MiB)", machine->ram_size / MiB,
                     dm3730_memmap[DM3730_DEV_SDRAM].size / MiB);
        exit(1);
    }

    gta04_hook_device_realized();
    qemu_add_machine_init_done_notifier(&gta04_machine_done_notifier);

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

    memory_region_add_subregion(get_system_memory(),
                                dm3730_addr(DM3730_DEV_SDRAM), machine->ram);

    gta04_check_kernel(machine);
    gta04_binfo.loader_start = dm3730_addr(DM3730_DEV_SDRAM);
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
