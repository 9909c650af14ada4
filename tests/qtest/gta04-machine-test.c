/*
 * qtest for the GTA04 machine skeleton: memory map, boot loader, CPU
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include "dm3730-qtest.h"

#define SRAM_BASE   dm3730_addr(DM3730_DEV_SRAM)
#define SDRAM_BASE  dm3730_addr(DM3730_DEV_SDRAM)
#define ROM_BASE    dm3730_addr(DM3730_DEV_BOOT_ROM)
#define ROM_ALIAS   dm3730_addr(DM3730_DEV_BOOT_ALIAS)

/*
 * A bare-metal image for dm3730_sram_image() (r0 = SRAM):
 *
 *      movw r1, #0xbeef
 *      movt r1, #0xdead
 *      str  r1, [r0]           @ SRAM[0] = 0xdeadbeef
 *      mrc  p15, 0, r2, c0, c0, 0
 *      str  r2, [r0, #8]       @ SRAM[8] = MIDR
 *      mrs  r4, cpsr
 *      str  r4, [r0, #12]      @ SRAM[12] = CPSR
 *      mov  r12, #1
 *      smc  #1                 @ a GP-ROM service call, as Linux makes them
 *      movw r5, #0x600d
 *      str  r5, [r0, #16]      @ SRAM[16] = 0x600d: the monitor returned
 *      mov  r3, #0
 *  1:  add  r3, r3, #1
 *      str  r3, [r0, #4]       @ SRAM[4] = counter, forever
 *      b    1b
 */
static const uint32_t bare_metal_image[] = {
    0xe30b1eef, 0xe34d1ead, 0xe5801000,
    0xee102f10, 0xe5802008, 0xe10f4000, 0xe580400c, 0xe3a0c001,
    0xe1600071, 0xe306500d, 0xe5805010, 0xe3a03000, 0xe2833001,
    0xe5803004, 0xeafffffc,
};

/* The CPU really runs our code from SDRAM and writes the on-chip SRAM */
static void test_bare_metal_boot(void)
{
    char *image = dm3730_sram_image(bare_metal_image,
                                    ARRAY_SIZE(bare_metal_image));
    QTestState *qts = qtest_initf("-M gta04 -accel tcg -kernel %s", image);
    uint32_t count1, count2;
    int i;

    /* TCG runs in its own thread: wait (bounded) for the first store */
    for (i = 0; i < 500 && qtest_readl(qts, SRAM_BASE) != 0xdeadbeef; i++) {
        g_usleep(10 * 1000);
    }
    g_assert_cmphex(qtest_readl(qts, SRAM_BASE), ==, 0xdeadbeef);
    /* Cortex-A8 r3p2 as on the DM3730 */
    g_assert_cmphex(qtest_readl(qts, SRAM_BASE + 8), ==, 0x413fc082);
    /* Linux boot protocol: SVC mode, IRQ and FIQ masked */
    g_assert_cmphex(qtest_readl(qts, SRAM_BASE + 12) & 0x1df, ==, 0x1d3);
    /* and it keeps running */
    count1 = qtest_readl(qts, SRAM_BASE + 4);
    for (i = 0; i < 500; i++) {
        g_usleep(10 * 1000);
        count2 = qtest_readl(qts, SRAM_BASE + 4);
        if (count2 != count1) {
            break;
        }
    }
    g_assert_cmpuint(count2, !=, count1);
    /* the loop runs after the SMC: so the monitor returned to the caller */
    g_assert_cmphex(qtest_readl(qts, SRAM_BASE + 16), ==, 0x600d);

    qtest_quit(qts);
    unlink(image);
    g_free(image);
}

/*
 * The eight exception vectors: each is "b 0x20" (the idle loop: wfi; b 0x20)
 * except the SMC one at 0x08, the GP-device monitor's "movs pc, lr".
 * Vector 7 (FIQ, at 0x1c) branches backwards: offset -1 (0xeaffffff).
 */
static void check_boot_rom_vectors(QTestState *qts, uint32_t base)
{
    static const uint32_t vectors[8] = {
        0xea000006, 0xea000005, 0xe1b0f00e, 0xea000003,
        0xea000002, 0xea000001, 0xea000000, 0xeaffffff,
    };
    int i;

    for (i = 0; i < 8; i++) {
        g_test_message("vector %d at 0x%08x", i, base + 4 * i);
        g_assert_cmphex(qtest_readl(qts, base + 4 * i), ==, vectors[i]);
    }
    g_assert_cmphex(qtest_readl(qts, base + 0x24), ==, 0xeafffffd);
}

/* SRAM is 64 KiB of RAM; SDRAM follows -m */
static void test_memories(void)
{
    QTestState *qts = qtest_init("-M gta04 -m 256");

    qtest_writel(qts, SRAM_BASE, 0x12345678);
    qtest_writel(qts, SRAM_BASE + 0xfffc, 0x9abcdef0);
    g_assert_cmphex(qtest_readl(qts, SRAM_BASE), ==, 0x12345678);
    g_assert_cmphex(qtest_readl(qts, SRAM_BASE + 0xfffc), ==, 0x9abcdef0);

    qtest_writel(qts, SDRAM_BASE, 0xcafef00d);
    qtest_writel(qts, SDRAM_BASE + 256 * 1024 * 1024 - 4, 0x600dd00d);
    g_assert_cmphex(qtest_readl(qts, SDRAM_BASE), ==, 0xcafef00d);
    g_assert_cmphex(qtest_readl(qts, SDRAM_BASE + 256 * 1024 * 1024 - 4),
                    ==, 0x600dd00d);
    /* the boot ROM is read-only and holds our idle loop at the reset vector */
    qtest_writel(qts, ROM_BASE + 0x20, 0);
    g_assert_cmphex(qtest_readl(qts, ROM_BASE + 0x20), ==, 0xe320f003);
    g_assert_cmphex(qtest_readl(qts, ROM_ALIAS + 0x20), ==, 0xe320f003);
    check_boot_rom_vectors(qts, ROM_BASE);
    check_boot_rom_vectors(qts, ROM_ALIAS);     /* the alias at 0 */
    qtest_quit(qts);
}

static void test_ram_too_large(void)
{
    g_autofree char *out = NULL, *err = NULL;
    int status;
    gchar *argv[] = {
        (gchar *)getenv("QTEST_QEMU_BINARY"), (gchar *)"-M", (gchar *)"gta04",
        (gchar *)"-m", (gchar *)"2G", (gchar *)"-display", (gchar *)"none",
        (gchar *)"-S", NULL
    };

    g_assert_nonnull(argv[0]);
    g_assert_true(g_spawn_sync(NULL, argv, NULL, 0, NULL, NULL, &out, &err,
                               &status, NULL));
    g_assert_true(WIFEXITED(status) && WEXITSTATUS(status) != 0);
    g_assert_nonnull(strstr(err, "more than the DM3730 SDRC can address"));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("gta04/machine/memories", test_memories);
    qtest_add_func("gta04/machine/bare-metal-boot", test_bare_metal_boot);
    qtest_add_func("gta04/machine/ram-too-large", test_ram_too_large);

    return g_test_run();
}
