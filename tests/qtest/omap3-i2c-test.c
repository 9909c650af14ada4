/*
 * qtest for the DM3730 I2C controllers (hw/i2c/omap3_i2c.c)
 *
 * Register semantics from the DM37x TRM (SPRUGN4 17.6) and the way Linux
 * 6.1 i2c-omap.c uses them, plus real transfers to a tmp105 temperature
 * sensor (QEMU's hw/sensor/tmp105.c: pointer byte, then 16-bit temperature
 * 0, 8-bit config 1, 16-bit T_LOW 2 and T_HIGH 3) placed at 0x49 on I2C2
 * (8-byte FIFOs) or I2C3 (64-byte FIFOs); I2C1's 0x48-0x4b belong to the
 * TWL4030.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include "libqtest.h"
#include GTA04_QOBJECT_QDICT_H
#include "gta04-i2c.h"

#define TMP105_ADDR     0x49
#define EMPTY_ADDR      0x20
#define TMP105_TEMP     0
#define TMP105_CONFIG   1
#define TMP105_T_LOW    2
#define TMP105_T_HIGH   3

#define STAT_W1C_ALL    0x61ff
#define CON_MASTER      (GTA04_I2C_CON_EN | GTA04_I2C_CON_MST)

/*
 * Bus timing (TRM 17.3): gta04_i2c_init() programs 400 kHz, ICLK = 96 MHz /
 * (PSC 9 + 1) = 9.6 MHz and an SCL period of (SCLL 9 + 7) + (SCLH 3 + 5) =
 * 24 ICLK periods = 2.5 us.  A start with its address takes 10 periods
 * (one for the start condition: the model's assumption), a byte 9.
 */
#define TIMING          "-global omap3-i2c.bus-timing=on"
#define SCL_NS          2500
#define ADDRESS_NS      (10 * SCL_NS)
#define BYTE_NS         (9 * SCL_NS)
/* QEMU's Clock keeps fclk's period in 2^-32 ns: durations come out short */
#define SLACK_NS        20

static void bus_time(QTestState *qts, int64_t ns)
{
    qtest_clock_step(qts, ns);
}

/* I2C1..3 */
static const DM3730Device i2cs[] = {
    DM3730_DEV_I2C1, DM3730_DEV_I2C2, DM3730_DEV_I2C3,
};

static uint16_t rd(QTestState *qts, uint64_t base, unsigned reg)
{
    return gta04_i2c_rd(qts, base, reg);
}

static void wr(QTestState *qts, uint64_t base, unsigned reg, uint16_t value)
{
    gta04_i2c_wr(qts, base, reg, value);
}

/* A board with a tmp105 (QOM id "tmp") on bus i2c.<bus> */
static QTestState *start_with_tmp105(int bus)
{
    return qtest_initf("-M gta04 " TIMING " -device tmp105,id=tmp,bus=i2c.%d,"
                       "address=0x%x", bus, TMP105_ADDR);
}

static void set_temperature(QTestState *qts, int millicelsius)
{
    qtest_qmp_assert_success(qts, "{ 'execute': 'qom-set', 'arguments': {"
                             " 'path': '/machine/peripheral/tmp',"
                             " 'property': 'temperature', 'value': %d } }",
                             millicelsius);
}

/*
 * Start a message by hand, like gta04_i2c_xfer_msg() but without serving it;
 * con: more I2C_CON bits (OPMODE)
 */
static void start_msg_con(QTestState *qts, uint64_t base, uint8_t addr,
                          uint16_t count, unsigned threshold, bool write,
                          bool stop, uint16_t con)
{
    uint16_t buf = write ? ((threshold - 1) | GTA04_I2C_BUF_TXFIFO_CLR)
                         : (((threshold - 1) << 8) | GTA04_I2C_BUF_RXFIFO_CLR);

    wr(qts, base, GTA04_I2C_BUF, buf | GTA04_I2C_BUF_RXFIFO_CLR |
       GTA04_I2C_BUF_TXFIFO_CLR);
    wr(qts, base, GTA04_I2C_SA, addr);
    wr(qts, base, GTA04_I2C_CNT, count);
    wr(qts, base, GTA04_I2C_CON, CON_MASTER | GTA04_I2C_CON_STT | con |
       (write ? GTA04_I2C_CON_TRX : 0) | (stop ? GTA04_I2C_CON_STP : 0));
}

static void start_msg(QTestState *qts, uint64_t base, uint8_t addr,
                      uint16_t count, unsigned threshold, bool write,
                      bool stop)
{
    start_msg_con(qts, base, addr, count, threshold, write, stop, 0);
}

/* Power-on values; the FIFO depth tells I2C3 (64 bytes) from I2C1/2 (8) */
static void test_reset_values(void)
{
    QTestState *qts = qtest_init("-M gta04 " TIMING);
    int i;

    for (i = 0; i < ARRAY_SIZE(i2cs); i++) {
        uint64_t base = dm3730_addr(i2cs[i]);

        g_assert_cmphex(rd(qts, base, GTA04_I2C_REV), ==, 0x40);
        /* 32-bit reads see the 16-bit register zero-extended */
        g_assert_cmphex(qtest_readl(qts, base + GTA04_I2C_REV), ==, 0x40);
        /* Linux probe: bits 15:14 at offset 4 = 0 selects the OMAP3 layout */
        g_assert_cmphex(rd(qts, base, GTA04_I2C_IE), ==, 0);
        g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, 0);
        g_assert_cmphex(rd(qts, base, GTA04_I2C_SA), ==, 0x3ff);
        g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 0);
        g_assert_cmphex(rd(qts, base, GTA04_I2C_SYSC), ==, 0);
        if (i2cs[i] == DM3730_DEV_I2C1) {
            /* U-Boot's bus to the TWL4030: left enabled, reset done */
            g_assert_cmphex(rd(qts, base, GTA04_I2C_CON), ==,
                            GTA04_I2C_CON_EN);
            g_assert_cmphex(rd(qts, base, GTA04_I2C_SYSS), ==,
                            GTA04_I2C_SYSS_RDONE);
        } else {
            /* disabled module: no reset-done (Linux sets EN, then polls) */
            g_assert_cmphex(rd(qts, base, GTA04_I2C_CON), ==, 0);
            g_assert_cmphex(rd(qts, base, GTA04_I2C_SYSS), ==, 0);
        }
        /* idle bus: SCL_I/O_FUNC, SDA_I/O_FUNC high */
        g_assert_cmphex(rd(qts, base, GTA04_I2C_SYSTEST), ==, 0x01e0);
    }
    /* BUFSTAT.FIFODEPTH: 0 = 8 bytes (I2C1, I2C2), 3 = 64 bytes (I2C3) */
    g_assert_cmphex(rd(qts, GTA04_I2C1_BASE, GTA04_I2C_BUFSTAT), ==, 0x0000);
    g_assert_cmphex(rd(qts, GTA04_I2C2_BASE, GTA04_I2C_BUFSTAT), ==, 0x0000);
    g_assert_cmphex(rd(qts, GTA04_I2C3_BASE, GTA04_I2C_BUFSTAT), ==, 0xc000);
    /* the threshold Linux derives: half the FIFO */
    g_assert_cmpuint(gta04_i2c_fifo_size(qts, GTA04_I2C1_BASE), ==, 4);
    g_assert_cmpuint(gta04_i2c_fifo_size(qts, GTA04_I2C3_BASE), ==, 32);
    qtest_quit(qts);
}

/*
 * I2C1's boot-loader state is the board's reset state: a soft reset gives
 * the chip's values (I2C_EN 0, no reset-done), a system reset the board's
 */
static void test_bootloader_enabled_bus(void)
{
    QTestState *qts = qtest_init("-M gta04 " TIMING);
    uint64_t base = GTA04_I2C1_BASE;

    wr(qts, base, GTA04_I2C_SYSC, GTA04_I2C_SYSC_SRST);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CON), ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SYSS), ==, 0);

    qtest_qmp_assert_success(qts, "{'execute': 'system_reset'}");
    qtest_qmp_eventwait(qts, "RESET");
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CON), ==, GTA04_I2C_CON_EN);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SYSS), ==, GTA04_I2C_SYSS_RDONE);
    g_assert_cmphex(rd(qts, GTA04_I2C2_BASE, GTA04_I2C_CON), ==, 0);
    qtest_quit(qts);
}

/* Register bits that exist, read-only registers, SYSC.SRST and SYSS.RDONE */
static void test_registers_and_softreset(void)
{
    QTestState *qts = qtest_init("-M gta04 " TIMING);
    uint64_t base = GTA04_I2C2_BASE;

    wr(qts, base, GTA04_I2C_IE, 0xffff);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_IE), ==, 0x63ff);
    wr(qts, base, GTA04_I2C_WE, 0xffff);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_WE), ==, 0x636f);
    /* the FIFO clear bits do their job and read back 0 */
    wr(qts, base, GTA04_I2C_BUF, 0xffff);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_BUF), ==, 0xbfbf);
    wr(qts, base, GTA04_I2C_BUF, 0x0305);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_BUF), ==, 0x0305);
    wr(qts, base, GTA04_I2C_SA, 0xffff);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SA), ==, 0x3ff);
    wr(qts, base, GTA04_I2C_OA, 0xffff);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_OA), ==, 0xe3ff);
    wr(qts, base, GTA04_I2C_PSC, 0x1ff);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_PSC), ==, 0xff);
    wr(qts, base, GTA04_I2C_SCLL, 0x1234);
    wr(qts, base, GTA04_I2C_SCLH, 0x5678);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SCLL), ==, 0x1234);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SCLH), ==, 0x5678);
    wr(qts, base, GTA04_I2C_CNT, 0xabcd);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 0xabcd);
    /* SYSC: CLOCKACTIVITY, IDLEMODE, ENAWAKEUP, AUTOIDLE are kept */
    wr(qts, base, GTA04_I2C_SYSC, 0x0315);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SYSC), ==, 0x0315);
    /* read-only registers ignore writes */
    wr(qts, base, GTA04_I2C_REV, 0x1234);
    wr(qts, base, GTA04_I2C_BUFSTAT, 0xffff);
    wr(qts, base, GTA04_I2C_SYSS, 0xffff);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_REV), ==, 0x40);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_BUFSTAT), ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SYSS), ==, 0);

    wr(qts, base, GTA04_I2C_CON, GTA04_I2C_CON_EN);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SYSS), ==, GTA04_I2C_SYSS_RDONE);

    /* Linux's omap_i2c_reset(): EN off, SRST, EN on, poll RDONE */
    wr(qts, base, GTA04_I2C_CON, 0);
    wr(qts, base, GTA04_I2C_SYSC, GTA04_I2C_SYSC_SRST);
    /* the reset cleared everything, SYSC included; SRST self-cleared */
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SYSC), ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_IE), ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_WE), ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_BUF), ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SA), ==, 0x3ff);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_OA), ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_PSC), ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SCLL), ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SYSS), ==, 0);
    wr(qts, base, GTA04_I2C_CON, GTA04_I2C_CON_EN);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SYSS), ==, GTA04_I2C_SYSS_RDONE);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CON), ==, GTA04_I2C_CON_EN);

    /* the other controllers were not touched */
    g_assert_cmphex(rd(qts, GTA04_I2C1_BASE, GTA04_I2C_IE), ==, 0);
    qtest_quit(qts);
}

/*
 * An address nobody answers: NACK and ARDY, the bus is kept until STP;
 * the status bits are write-1-to-clear, BB is read-only; then the
 * controller works normally again.
 */
static void test_nack(void)
{
    QTestState *qts = start_with_tmp105(2);
    uint64_t base = GTA04_I2C2_BASE;
    uint8_t byte = 0x55, temp[2];

    gta04_i2c_init(qts, base);

    /*
     * without STP: the address takes its 10 SCL periods (XRDY asks for data
     * meanwhile: an assumption, the TRM's flow writes DATA after STT), then
     * NACK | ARDY, bus still busy, nothing moved
     */
    start_msg(qts, base, EMPTY_ADDR, 1, 1, true, false);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_XRDY | GTA04_I2C_STAT_BB);
    bus_time(qts, ADDRESS_NS - SLACK_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_XRDY | GTA04_I2C_STAT_BB);
    bus_time(qts, SLACK_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_XRDY | GTA04_I2C_STAT_NACK |
                    GTA04_I2C_STAT_ARDY | GTA04_I2C_STAT_BB);
    /* after the NACK nothing is due: an acked XRDY stays clear */
    wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_XRDY);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_NACK | GTA04_I2C_STAT_ARDY |
                    GTA04_I2C_STAT_BB);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 1);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CON) & GTA04_I2C_CON_STT, ==, 0);
    /* SCL is held low while the controller keeps the bus */
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SYSTEST) & 0x1e0, ==, 0x060);

    /* W1C: 0 bits change nothing, BB cannot be cleared, one bit at a time */
    wr(qts, base, GTA04_I2C_STAT, 0);
    wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_BB);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_NACK | GTA04_I2C_STAT_ARDY |
                    GTA04_I2C_STAT_BB);
    wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_ARDY);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_NACK | GTA04_I2C_STAT_BB);
    wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_NACK);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, GTA04_I2C_STAT_BB);

    /* what Linux does after a NACK: CON |= STP; the bus becomes free */
    wr(qts, base, GTA04_I2C_CON,
       rd(qts, base, GTA04_I2C_CON) | GTA04_I2C_CON_STP);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, GTA04_I2C_STAT_BF);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CON) & GTA04_I2C_CON_STP, ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SYSTEST) & 0x1e0, ==, 0x1e0);
    wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_BF);

    /* with STT|STP together the stop follows the NACK at once */
    start_msg(qts, base, EMPTY_ADDR, 2, 2, false, true);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, GTA04_I2C_STAT_BB);
    bus_time(qts, ADDRESS_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_NACK | GTA04_I2C_STAT_ARDY |
                    GTA04_I2C_STAT_BF);
    wr(qts, base, GTA04_I2C_STAT, STAT_W1C_ALL);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, 0);

    /* the driver's view: -EREMOTEIO, then a good transfer */
    g_assert_cmpint(gta04_i2c_write(qts, base, EMPTY_ADDR, &byte, 1), ==,
                    -EREMOTEIO);
    g_assert_cmpint(gta04_i2c_read(qts, base, EMPTY_ADDR, temp, 2), ==,
                    -EREMOTEIO);
    g_assert_cmpint(gta04_i2c_read_reg(qts, base, EMPTY_ADDR, 0, temp, 2), ==,
                    -EREMOTEIO);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & GTA04_I2C_STAT_BB, ==, 0);
    set_temperature(qts, 20000);
    g_assert_cmpint(gta04_i2c_read_reg(qts, base, TMP105_ADDR, TMP105_TEMP,
                                       temp, 2), ==, 0);
    g_assert_cmphex(temp[0], ==, 20);
    qtest_quit(qts);
}

/* TX: XRDY while a threshold of bytes is due, XDR for the tail, ARDY at end */
static void test_tx_thresholds(void)
{
    QTestState *qts = start_with_tmp105(2);
    uint64_t base = GTA04_I2C2_BASE;
    uint8_t limit[2];

    gta04_i2c_init(qts, base);
    /* pointer T_LOW + 2 data bytes, threshold 2 */
    start_msg(qts, base, TMP105_ADDR, 3, 2, true, true);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_XRDY | GTA04_I2C_STAT_BB);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_BUFSTAT) & 0x3f, ==, 3);
    /* address acknowledged, TX FIFO empty with bytes due: XUDF (SCL low) */
    bus_time(qts, ADDRESS_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_XRDY | GTA04_I2C_STAT_XUDF |
                    GTA04_I2C_STAT_BB);

    /* the byte goes to the shift register; DCOUNT counts it once sent */
    wr(qts, base, GTA04_I2C_DATA, TMP105_T_LOW);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & GTA04_I2C_STAT_XUDF, ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 3);
    bus_time(qts, BYTE_NS - SLACK_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 3);
    bus_time(qts, SLACK_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 2);
    /* 2 left = the threshold: acking XRDY does not clear it */
    wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_XRDY);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) &
                    (GTA04_I2C_STAT_XRDY | GTA04_I2C_STAT_XDR), ==,
                    GTA04_I2C_STAT_XRDY);

    /* 1 left to write, below the threshold: draining */
    wr(qts, base, GTA04_I2C_DATA, 0x12);
    wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_XRDY);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_XDR | GTA04_I2C_STAT_BB);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_BUFSTAT) & 0x3f, ==, 1);
    bus_time(qts, BYTE_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_XDR | GTA04_I2C_STAT_XUDF |
                    GTA04_I2C_STAT_BB);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 1);

    /*
     * last byte: stop, ARDY, bus free (0x40: the TMP105's limit registers
     * are 12 bits, bits 3:0 of the second byte read 0; QEMU's model masks
     * them in 10.0, not in 7.2)
     */
    wr(qts, base, GTA04_I2C_DATA, 0x40);
    wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_XDR);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, GTA04_I2C_STAT_BB);
    bus_time(qts, BYTE_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_ARDY | GTA04_I2C_STAT_BF);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CON), ==, GTA04_I2C_CON_EN |
                    GTA04_I2C_CON_TRX);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_BUFSTAT) & 0x3f, ==, 0);

    g_assert_cmpint(gta04_i2c_read_reg(qts, base, TMP105_ADDR, TMP105_T_LOW,
                                       limit, 2), ==, 0);
    g_assert_cmphex(limit[0], ==, 0x12);
    g_assert_cmphex(limit[1], ==, 0x40);
    qtest_quit(qts);
}

/* RX: RRDY at the threshold, RDR for the tail, ARDY once the FIFO is empty */
static void test_rx_thresholds(void)
{
    QTestState *qts = start_with_tmp105(2);
    uint64_t base = GTA04_I2C2_BASE;
    static const uint8_t set_limit[] = { 0x5a, 0x30 };
    int i;

    gta04_i2c_init(qts, base);
    g_assert_cmpint(gta04_i2c_write_reg(qts, base, TMP105_ADDR, TMP105_T_HIGH,
                                        set_limit, 2), ==, 0);
    /* pointer only, then a separate 6-byte read with threshold 4 */
    g_assert_cmpint(gta04_i2c_write(qts, base, TMP105_ADDR,
                                    (const uint8_t[]){ TMP105_T_HIGH }, 1),
                    ==, 0);
    wr(qts, base, GTA04_I2C_STAT, STAT_W1C_ALL);
    start_msg(qts, base, TMP105_ADDR, 6, 4, false, true);

    /* RRDY when the 4th byte is in */
    bus_time(qts, ADDRESS_NS + 3 * BYTE_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, GTA04_I2C_STAT_BB);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 3);
    g_assert_cmphex((rd(qts, base, GTA04_I2C_BUFSTAT) >> 8) & 0x3f, ==, 3);
    bus_time(qts, BYTE_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_RRDY | GTA04_I2C_STAT_BB);

    /* all 6 bytes fit in the FIFO: the bus is stopped, no ARDY yet */
    bus_time(qts, 2 * BYTE_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_RRDY | GTA04_I2C_STAT_BF);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 0);
    g_assert_cmphex((rd(qts, base, GTA04_I2C_BUFSTAT) >> 8) & 0x3f, ==, 6);

    /* the tmp105 sends its 2 bytes, then 0xff */
    g_assert_cmphex(rd(qts, base, GTA04_I2C_DATA), ==, 0x5a);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_DATA), ==, 0x30);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_DATA), ==, 0xff);
    g_assert_cmphex(qtest_readb(qts, base + GTA04_I2C_DATA), ==, 0xff);
    wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_RRDY);
    /* 2 bytes left, below the threshold: draining */
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & ~GTA04_I2C_STAT_BF, ==,
                    GTA04_I2C_STAT_RDR);
    g_assert_cmphex((rd(qts, base, GTA04_I2C_BUFSTAT) >> 8) & 0x3f, ==, 2);

    /* erratum i207 sequence: ack RDR, it is re-asserted while data is left */
    wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_RDR);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & GTA04_I2C_STAT_RDR, ==,
                    GTA04_I2C_STAT_RDR);
    for (i = 0; i < 2; i++) {
        g_assert_cmphex(rd(qts, base, GTA04_I2C_DATA), ==, 0xff);
    }
    wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_RDR);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_ARDY | GTA04_I2C_STAT_BF);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_BUFSTAT), ==, 0);
    qtest_quit(qts);
}

/* A read longer than the 8-byte FIFO: the controller stalls (ROVR) */
static void test_rx_longer_than_fifo(void)
{
    QTestState *qts = start_with_tmp105(2);
    uint64_t base = GTA04_I2C2_BASE;
    int i;

    gta04_i2c_init(qts, base);
    set_temperature(qts, 25313);        /* 0x1950 in 8.8 fixed point */
    g_assert_cmpint(gta04_i2c_write(qts, base, TMP105_ADDR,
                                    (const uint8_t[]){ TMP105_TEMP }, 1),
                    ==, 0);
    wr(qts, base, GTA04_I2C_STAT, STAT_W1C_ALL);
    start_msg(qts, base, TMP105_ADDR, 12, 4, false, true);

    bus_time(qts, ADDRESS_NS + 8 * BYTE_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_RRDY | GTA04_I2C_STAT_ROVR |
                    GTA04_I2C_STAT_BB);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 4);
    g_assert_cmphex((rd(qts, base, GTA04_I2C_BUFSTAT) >> 8) & 0x3f, ==, 8);

    /* 9-bit resolution after reset: the low byte keeps bit 7 only */
    g_assert_cmphex(rd(qts, base, GTA04_I2C_DATA), ==, 0x19);
    /* the freed byte lets the bus go on: the next byte is being clocked */
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & GTA04_I2C_STAT_ROVR, ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 4);
    bus_time(qts, BYTE_NS);
    /* full again */
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 3);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & GTA04_I2C_STAT_ROVR, ==,
                    GTA04_I2C_STAT_ROVR);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_DATA), ==, 0x00);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_DATA), ==, 0xff);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_DATA), ==, 0xff);
    bus_time(qts, 3 * BYTE_NS);
    /* everything received, stop sent; 8 bytes still to read */
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & ~GTA04_I2C_STAT_BF, ==,
                    GTA04_I2C_STAT_RRDY);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 0);
    for (i = 0; i < 8; i++) {
        g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & GTA04_I2C_STAT_ARDY,
                        ==, 0);
        g_assert_cmphex(rd(qts, base, GTA04_I2C_DATA), ==, 0xff);
    }
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & GTA04_I2C_STAT_ARDY, ==,
                    GTA04_I2C_STAT_ARDY);
    qtest_quit(qts);
}

/* STT without STP keeps the bus: the next STT is a repeated start */
static void test_repeated_start(void)
{
    QTestState *qts = start_with_tmp105(3);
    uint64_t base = GTA04_I2C3_BASE;
    static const uint8_t set_limit[] = { 0x4b, 0x80 };

    gta04_i2c_init(qts, base);
    g_assert_cmpint(gta04_i2c_write_reg(qts, base, TMP105_ADDR, TMP105_T_LOW,
                                        set_limit, 2), ==, 0);
    wr(qts, base, GTA04_I2C_STAT, STAT_W1C_ALL);

    start_msg(qts, base, TMP105_ADDR, 1, 1, true, false);
    wr(qts, base, GTA04_I2C_DATA, TMP105_T_LOW);
    bus_time(qts, ADDRESS_NS + BYTE_NS);
    /* DCOUNT done: ARDY, but BB stays, SCL held, MST kept */
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_XRDY | GTA04_I2C_STAT_ARDY |
                    GTA04_I2C_STAT_BB);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CON), ==, CON_MASTER |
                    GTA04_I2C_CON_TRX);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SYSTEST) & 0x100, ==, 0);
    wr(qts, base, GTA04_I2C_STAT, STAT_W1C_ALL);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, GTA04_I2C_STAT_BB);

    /* Sr addr+R, 2 bytes, stop */
    start_msg(qts, base, TMP105_ADDR, 2, 2, false, true);
    bus_time(qts, ADDRESS_NS + 2 * BYTE_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_RRDY | GTA04_I2C_STAT_BF);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_DATA), ==, 0x4b);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_DATA), ==, 0x80);
    /* events stay until acked: RRDY, and RDR from when 1 byte was left */
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, GTA04_I2C_STAT_RRDY |
                    GTA04_I2C_STAT_RDR | GTA04_I2C_STAT_ARDY |
                    GTA04_I2C_STAT_BF);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CON), ==, GTA04_I2C_CON_EN);
    qtest_quit(qts);
}

/*
 * Bus timing of one register read at Linux's settings for GTA04's I2C1
 * (2.6 MHz, HS mode; i2c-omap.c __omap_i2c_init()): PSC 4 (19.2 MHz ICLK),
 * SCLL 0x1111, SCLH 0x0713.  TRM 17.3: an F/S period is 5 * (17 + 7 + 19 +
 * 5) = 240 fclk periods = 2.5 us (400 kHz), an HS period (17 + 7) + (7 + 5)
 * = 36 fclk periods = 375 ns (2.67 MHz).  Write the register number: F/S
 * start + master code (10 F/S periods), Sr + address (10 HS), the byte (9
 * HS): 25000 + 3750 + 3375 = 32125 ns.  Then Sr + address + the data byte,
 * still in HS mode (no second master code): 3750 + 3375 = 7125 ns.
 */
static void test_hs_register_read_timing(void)
{
    QTestState *qts = start_with_tmp105(3);
    uint64_t base = GTA04_I2C3_BASE;
    const int64_t slack = SLACK_NS;

    gta04_i2c_init(qts, base);
    gta04_i2c_set8(qts, base, TMP105_ADDR, TMP105_CONFIG, 0x60);
    wr(qts, base, GTA04_I2C_CON, 0);
    wr(qts, base, GTA04_I2C_PSC, 4);
    wr(qts, base, GTA04_I2C_SCLL, 0x1111);
    wr(qts, base, GTA04_I2C_SCLH, 0x0713);
    wr(qts, base, GTA04_I2C_CON, GTA04_I2C_CON_EN | GTA04_I2C_CON_OPMODE_HS);
    wr(qts, base, GTA04_I2C_STAT, STAT_W1C_ALL);

    start_msg_con(qts, base, TMP105_ADDR, 1, 1, true, false,
                  GTA04_I2C_CON_OPMODE_HS);
    wr(qts, base, GTA04_I2C_DATA, TMP105_CONFIG);
    bus_time(qts, 32125 - slack);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & GTA04_I2C_STAT_ARDY, ==, 0);
    bus_time(qts, 2 * slack);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & GTA04_I2C_STAT_ARDY, ==,
                    GTA04_I2C_STAT_ARDY);
    wr(qts, base, GTA04_I2C_STAT, STAT_W1C_ALL);

    start_msg_con(qts, base, TMP105_ADDR, 1, 1, false, true,
                  GTA04_I2C_CON_OPMODE_HS);
    bus_time(qts, 7125 - slack);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & GTA04_I2C_STAT_RRDY, ==, 0);
    bus_time(qts, 2 * slack);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_RRDY | GTA04_I2C_STAT_BF);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_DATA), ==, 0x60);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & GTA04_I2C_STAT_ARDY, ==,
                    GTA04_I2C_STAT_ARDY);
    qtest_quit(qts);
}

/* bus-timing=off (the old model): a message is over within the access */
static void test_untimed(void)
{
    QTestState *qts = qtest_initf("-M gta04 -global omap3-i2c.bus-timing=off "
                                  "-device tmp105,id=tmp,bus=i2c.2,"
                                  "address=0x%x", TMP105_ADDR);
    uint64_t base = GTA04_I2C2_BASE;

    gta04_i2c_init(qts, base);
    g_assert_cmpint(gta04_i2c_write(qts, base, TMP105_ADDR,
                                    (const uint8_t[]){ TMP105_CONFIG }, 1),
                    ==, 0);
    wr(qts, base, GTA04_I2C_STAT, STAT_W1C_ALL);
    start_msg(qts, base, TMP105_ADDR, 2, 2, false, true);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                    GTA04_I2C_STAT_RRDY | GTA04_I2C_STAT_BF);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 0);
    start_msg(qts, base, EMPTY_ADDR, 1, 1, true, true);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & GTA04_I2C_STAT_NACK, ==,
                    GTA04_I2C_STAT_NACK);
    qtest_quit(qts);
}

/* Register round trips through the driver, on both FIFO sizes */
static void test_tmp105_round_trip(gconstpointer data)
{
    int bus = GPOINTER_TO_INT(data);
    uint64_t base = bus == 2 ? GTA04_I2C2_BASE : GTA04_I2C3_BASE;
    QTestState *qts = start_with_tmp105(bus);
    static const uint8_t t_high[] = { 0x5a, 0x30 };
    uint8_t v[2];

    gta04_i2c_init(qts, base);
    set_temperature(qts, 25313);        /* 0x1950 */

    /* after reset: 9-bit resolution */
    g_assert_cmpint(gta04_i2c_read_reg(qts, base, TMP105_ADDR, TMP105_TEMP,
                                       v, 2), ==, 0);
    g_assert_cmphex(v[0], ==, 0x19);
    g_assert_cmphex(v[1], ==, 0x00);
    g_assert_cmphex(gta04_i2c_get8(qts, base, TMP105_ADDR, TMP105_CONFIG), ==,
                    0x00);

    /* config R1:R0 = 3: 12-bit resolution */
    gta04_i2c_set8(qts, base, TMP105_ADDR, TMP105_CONFIG, 0x60);
    g_assert_cmphex(gta04_i2c_get8(qts, base, TMP105_ADDR, TMP105_CONFIG), ==,
                    0x60);
    g_assert_cmpint(gta04_i2c_read_reg(qts, base, TMP105_ADDR, TMP105_TEMP,
                                       v, 2), ==, 0);
    g_assert_cmphex(v[0], ==, 0x19);
    g_assert_cmphex(v[1], ==, 0x50);

    /* 16-bit register: pointer + 2 bytes, read back with a repeated start */
    g_assert_cmpint(gta04_i2c_write_reg(qts, base, TMP105_ADDR, TMP105_T_HIGH,
                                        t_high, 2), ==, 0);
    memset(v, 0, sizeof(v));
    g_assert_cmpint(gta04_i2c_read_reg(qts, base, TMP105_ADDR, TMP105_T_HIGH,
                                       v, 2), ==, 0);
    g_assert_cmphex(v[0], ==, 0x5a);
    g_assert_cmphex(v[1], ==, 0x30);
    /* the temperature register is read-only in the sensor */
    g_assert_cmpint(gta04_i2c_write_reg(qts, base, TMP105_ADDR, TMP105_TEMP,
                                        t_high, 2), ==, 0);
    g_assert_cmpint(gta04_i2c_read_reg(qts, base, TMP105_ADDR, TMP105_TEMP,
                                       v, 2), ==, 0);
    g_assert_cmphex(v[0], ==, 0x19);

    /* the controller is idle and clean after each transfer */
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & ~GTA04_I2C_STAT_BF, ==, 0);
    qtest_quit(qts);
}

/* Messages longer than the threshold: XRDY/RRDY rounds, then XDR/RDR */
static void test_long_messages(gconstpointer data)
{
    int bus = GPOINTER_TO_INT(data);
    uint64_t base = bus == 2 ? GTA04_I2C2_BASE : GTA04_I2C3_BASE;
    QTestState *qts = start_with_tmp105(bus);
    uint8_t out[45], in[45];
    int i;

    gta04_i2c_init(qts, base);
    /* tmp105: a long write to CONFIG keeps the first data byte */
    out[0] = TMP105_CONFIG;
    out[1] = 0x40;
    for (i = 2; i < sizeof(out); i++) {
        out[i] = i;
    }
    g_assert_cmpint(gta04_i2c_write(qts, base, TMP105_ADDR, out, sizeof(out)),
                    ==, 0);
    g_assert_cmphex(gta04_i2c_get8(qts, base, TMP105_ADDR, TMP105_CONFIG), ==,
                    0x40);

    set_temperature(qts, -1000);        /* 0xff00 */
    memset(in, 0, sizeof(in));
    g_assert_cmpint(gta04_i2c_read_reg(qts, base, TMP105_ADDR, TMP105_TEMP,
                                       in, sizeof(in)), ==, 0);
    g_assert_cmphex(in[0], ==, 0xff);
    g_assert_cmphex(in[1], ==, 0x00);
    for (i = 2; i < sizeof(in); i++) {
        g_assert_cmphex(in[i], ==, 0xff);
    }
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & ~GTA04_I2C_STAT_BF, ==, 0);
    qtest_quit(qts);
}

/* DATA moves one byte per access whatever the width; bad accesses are inert */
static void test_access_widths(void)
{
    QTestState *qts = start_with_tmp105(2);
    uint64_t base = GTA04_I2C2_BASE;
    uint8_t v[2];

    gta04_i2c_init(qts, base);
    start_msg(qts, base, TMP105_ADDR, 3, 1, true, true);
    qtest_writeb(qts, base + GTA04_I2C_DATA, TMP105_T_LOW);
    bus_time(qts, ADDRESS_NS + BYTE_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 2);
    /* unlike OMAP2420's 16-bit DATA, only the low byte goes out */
    qtest_writew(qts, base + GTA04_I2C_DATA, 0x7711);
    bus_time(qts, BYTE_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 1);
    qtest_writel(qts, base + GTA04_I2C_DATA, 0x66554420);   /* 12-bit limit */
    bus_time(qts, BYTE_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 0);
    g_assert_cmpint(gta04_i2c_read_reg(qts, base, TMP105_ADDR, TMP105_T_LOW,
                                       v, 2), ==, 0);
    g_assert_cmphex(v[0], ==, 0x11);
    g_assert_cmphex(v[1], ==, 0x20);

    /* 8-bit accesses to other registers, the upper half-words, holes */
    g_assert_cmphex(qtest_readb(qts, base + GTA04_I2C_REV), ==, 0);
    qtest_writeb(qts, base + GTA04_I2C_PSC, 0x12);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_PSC), ==, 9);
    g_assert_cmphex(qtest_readw(qts, base + GTA04_I2C_REV + 2), ==, 0);
    qtest_writew(qts, base + GTA04_I2C_IE + 2, 0xffff);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_IE), ==, GTA04_I2C_IE_LINUX);
    g_assert_cmphex(qtest_readl(qts, base + 0x800), ==, 0);
    qtest_writel(qts, base + 0xffc, 0xffffffff);
    /* 32-bit writes take the low half-word */
    qtest_writel(qts, base + GTA04_I2C_SCLL, 0xabcd0042);
    g_assert_cmphex(qtest_readl(qts, base + GTA04_I2C_SCLL), ==, 0x0042);
    qtest_quit(qts);
}

/* AERR: DATA read with an empty RX FIFO, DATA write with a full TX FIFO */
static void test_access_error(void)
{
    QTestState *qts = qtest_init("-M gta04 " TIMING);
    uint64_t base = GTA04_I2C1_BASE;
    int i;

    gta04_i2c_init(qts, base);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_DATA), ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, GTA04_I2C_STAT_AERR);
    wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_AERR);

    /* no transfer: written bytes wait in the 8-byte TX FIFO */
    for (i = 0; i < 8; i++) {
        wr(qts, base, GTA04_I2C_DATA, i);
    }
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, 0);
    wr(qts, base, GTA04_I2C_DATA, 8);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, GTA04_I2C_STAT_AERR);
    /* TXFIFO_CLR empties it */
    wr(qts, base, GTA04_I2C_BUF, GTA04_I2C_BUF_TXFIFO_CLR);
    wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_AERR);
    wr(qts, base, GTA04_I2C_DATA, 9);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, 0);

    /* disabling the module clears status (and FIFOs) */
    wr(qts, base, GTA04_I2C_DATA, 10);
    for (i = 0; i < 8; i++) {
        wr(qts, base, GTA04_I2C_DATA, i);
    }
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, GTA04_I2C_STAT_AERR);
    wr(qts, base, GTA04_I2C_CON, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, 0);
    wr(qts, base, GTA04_I2C_CON, GTA04_I2C_CON_EN);
    for (i = 0; i < 8; i++) {
        wr(qts, base, GTA04_I2C_DATA, i);
    }
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, 0);
    qtest_quit(qts);
}

/* Guest nonsense must not crash QEMU: slave mode, 10-bit, EN off, CNT 0 */
static void test_guest_misuse(void)
{
    QTestState *qts = start_with_tmp105(2);
    uint64_t base = GTA04_I2C2_BASE;
    uint8_t v;
    int i;

    gta04_i2c_init(qts, base);
    /* STT without MST (slave mode): nothing starts */
    wr(qts, base, GTA04_I2C_CON, GTA04_I2C_CON_EN | GTA04_I2C_CON_STT);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CON), ==, GTA04_I2C_CON_EN);
    /* STT with the module disabled */
    wr(qts, base, GTA04_I2C_CON, GTA04_I2C_CON_MST | GTA04_I2C_CON_STT);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, 0);
    /* 10-bit address: not supported, NACKed */
    wr(qts, base, GTA04_I2C_SA, TMP105_ADDR);
    wr(qts, base, GTA04_I2C_CNT, 1);
    wr(qts, base, GTA04_I2C_CON, CON_MASTER | (1 << 8) | GTA04_I2C_CON_STT |
       GTA04_I2C_CON_STP);
    bus_time(qts, ADDRESS_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & GTA04_I2C_STAT_NACK, ==,
                    GTA04_I2C_STAT_NACK);
    /* CNT = 0 is 65536 bytes: read some, then give up with EN = 0 */
    wr(qts, base, GTA04_I2C_STAT, STAT_W1C_ALL);
    start_msg(qts, base, TMP105_ADDR, 0, 8, false, true);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & GTA04_I2C_STAT_BB, ==,
                    GTA04_I2C_STAT_BB);
    bus_time(qts, ADDRESS_NS + 8 * BYTE_NS);
    for (i = 0; i < 100; i++) {
        rd(qts, base, GTA04_I2C_DATA);
        bus_time(qts, BYTE_NS);
    }
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CNT), ==, 0x10000 - 108);
    wr(qts, base, GTA04_I2C_CON, 0);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==, 0);
    /* thresholds beyond the FIFO, a restart in the middle of a message */
    wr(qts, base, GTA04_I2C_CON, GTA04_I2C_CON_EN);
    start_msg(qts, base, TMP105_ADDR, 10, 64, true, true);
    wr(qts, base, GTA04_I2C_DATA, TMP105_CONFIG);
    bus_time(qts, ADDRESS_NS + BYTE_NS / 2);
    /* (a start while the byte is on the bus: it is lost, LOG_GUEST_ERROR) */
    start_msg(qts, base, TMP105_ADDR, 1, 1, false, true);
    bus_time(qts, ADDRESS_NS + BYTE_NS);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_DATA), ==, 0);
    /* STP alone on an idle bus */
    wr(qts, base, GTA04_I2C_CON, CON_MASTER | GTA04_I2C_CON_STP);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_CON) & GTA04_I2C_CON_STP, ==, 0);
    /* test mode: SSB sets the status bits; IO mode loops SCL_O/SDA_O back */
    wr(qts, base, GTA04_I2C_SYSTEST, 0x8800);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & STAT_W1C_ALL, ==,
                    STAT_W1C_ALL);
    wr(qts, base, GTA04_I2C_SYSTEST, 0xb004);
    g_assert_cmphex(rd(qts, base, GTA04_I2C_SYSTEST) & 0xf, ==, 0xc);
    wr(qts, base, GTA04_I2C_SYSTEST, 0);
    wr(qts, base, GTA04_I2C_STAT, STAT_W1C_ALL);

    /* and the controller still works */
    gta04_i2c_init(qts, base);
    g_assert_cmpint(gta04_i2c_read_reg(qts, base, TMP105_ADDR, TMP105_CONFIG,
                                       &v, 1), ==, 0);
    qtest_quit(qts);
}

/* The interrupt line to the INTC is (STAT & IE) != 0 */
static void test_irq(void)
{
    const int lines[] = {
        dm3730_irq(i2cs[0]), dm3730_irq(i2cs[1]), dm3730_irq(i2cs[2]),
    };
    QTestState *qts = start_with_tmp105(3);
    int i;

    qtest_irq_intercept_in(qts, "/machine/soc/intc");
    for (i = 0; i < ARRAY_SIZE(i2cs); i++) {
        uint64_t base = dm3730_addr(i2cs[i]);

        gta04_i2c_init(qts, base);
        wr(qts, base, GTA04_I2C_IE, 0);
        g_assert_false(qtest_get_irq(qts, lines[i]));

        /* NACK | ARDY while masked: no interrupt, until enabled */
        start_msg(qts, base, EMPTY_ADDR, 1, 1, true, true);
        bus_time(qts, ADDRESS_NS);
        g_assert_false(qtest_get_irq(qts, lines[i]));
        wr(qts, base, GTA04_I2C_IE, GTA04_I2C_STAT_NACK);
        g_assert_true(qtest_get_irq(qts, lines[i]));
        /* the other controllers' lines stay low */
        g_assert_false(qtest_get_irq(qts, lines[(i + 1) % 3]));
        /* acking NACK drops it though ARDY is still set */
        wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_NACK);
        g_assert_false(qtest_get_irq(qts, lines[i]));
        g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT) & GTA04_I2C_STAT_ARDY,
                        ==, GTA04_I2C_STAT_ARDY);
        wr(qts, base, GTA04_I2C_IE, GTA04_I2C_STAT_ARDY);
        g_assert_true(qtest_get_irq(qts, lines[i]));
        wr(qts, base, GTA04_I2C_IE, 0);
        g_assert_false(qtest_get_irq(qts, lines[i]));
        wr(qts, base, GTA04_I2C_STAT, STAT_W1C_ALL);

        /* (only I2C3 has the tmp105) */
        if (base == GTA04_I2C3_BASE) {
            /* BB and XUDF have no enable bit: a waiting transmit is silent */
            wr(qts, base, GTA04_I2C_IE, 0x63ff & ~GTA04_I2C_STAT_XRDY);
            start_msg(qts, base, TMP105_ADDR, 2, 2, true, true);
            bus_time(qts, ADDRESS_NS);
            g_assert_cmphex(rd(qts, base, GTA04_I2C_STAT), ==,
                            GTA04_I2C_STAT_XRDY | GTA04_I2C_STAT_XUDF |
                            GTA04_I2C_STAT_BB);
            g_assert_false(qtest_get_irq(qts, lines[i]));
            /* XRDY enabled: the driver is called to fill the FIFO */
            wr(qts, base, GTA04_I2C_IE, GTA04_I2C_IE_LINUX);
            g_assert_true(qtest_get_irq(qts, lines[i]));
            wr(qts, base, GTA04_I2C_DATA, TMP105_CONFIG);
            wr(qts, base, GTA04_I2C_DATA, 0x20);
            /* (XDR came up when 1 byte was left) */
            wr(qts, base, GTA04_I2C_STAT,
               GTA04_I2C_STAT_XRDY | GTA04_I2C_STAT_XDR);
            /* the line stays low while the two bytes are clocked */
            g_assert_false(qtest_get_irq(qts, lines[i]));
            bus_time(qts, 2 * BYTE_NS);
            /* done: ARDY keeps it up until acked */
            g_assert_true(qtest_get_irq(qts, lines[i]));
            wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_ARDY);
            g_assert_false(qtest_get_irq(qts, lines[i]));
            g_assert_cmphex(gta04_i2c_get8(qts, base, TMP105_ADDR,
                                           TMP105_CONFIG), ==, 0x20);
            g_assert_false(qtest_get_irq(qts, lines[i]));
        }

        /* disabling the module drops everything */
        wr(qts, base, GTA04_I2C_IE, GTA04_I2C_IE_LINUX);
        wr(qts, base, GTA04_I2C_SYSTEST, 0x8800);
        g_assert_true(qtest_get_irq(qts, lines[i]));
        wr(qts, base, GTA04_I2C_SYSTEST, 0);
        wr(qts, base, GTA04_I2C_CON, 0);
        g_assert_false(qtest_get_irq(qts, lines[i]));
    }
    qtest_quit(qts);
}

static void wait_migration(QTestState *qts)
{
    int i;

    for (i = 0; i < 1000; i++) {
        QDict *rsp = qtest_qmp(qts, "{ 'execute': 'query-migrate' }");
        QDict *ret = qdict_get_qdict(rsp, "return");
        const char *status = qdict_haskey(ret, "status") ?
                             qdict_get_str(ret, "status") : "none";
        bool done = !strcmp(status, "completed");

        g_assert_cmpstr(status, !=, "failed");
        qobject_unref(rsp);
        if (done) {
            return;
        }
        g_usleep(10 * 1000);
    }
    g_assert_not_reached();
}

/* vmstate: a half-read message (FIFO contents, counters, bus) survives */
static void test_migration(void)
{
    QTestState *src = start_with_tmp105(2), *dst;
    uint64_t base = GTA04_I2C2_BASE;
    g_autofree char *path = NULL;
    g_autofree char *uri_out = NULL, *uri_in = NULL;
    int fd = g_file_open_tmp("omap3-i2c-mig-XXXXXX", &path, NULL);
    static const uint8_t t_low[] = { 0x21, 0x40 };    /* 12-bit limit */
    int i;

    g_assert_cmpint(fd, >=, 0);
    close(fd);
    uri_out = g_strdup_printf("exec:cat > %s", path);
    uri_in = g_strdup_printf("exec:cat %s", path);

    gta04_i2c_init(src, base);
    g_assert_cmpint(gta04_i2c_write_reg(src, base, TMP105_ADDR, TMP105_T_LOW,
                                        t_low, 2), ==, 0);
    g_assert_cmpint(gta04_i2c_write(src, base, TMP105_ADDR,
                                    (const uint8_t[]){ TMP105_T_LOW }, 1),
                    ==, 0);
    wr(src, base, GTA04_I2C_STAT, STAT_W1C_ALL);
    /* 10 bytes: 8 in the FIFO, 2 still to come from the slave */
    start_msg(src, base, TMP105_ADDR, 10, 4, false, true);
    bus_time(src, ADDRESS_NS + 8 * BYTE_NS);
    g_assert_cmphex(rd(src, base, GTA04_I2C_DATA), ==, 0x21);
    /* migrate in the middle of the 9th byte: it arrives on the destination */
    bus_time(src, BYTE_NS / 2);

    qtest_qmp_assert_success(src, "{ 'execute': 'migrate',"
                             " 'arguments': { 'uri': %s } }", uri_out);
    wait_migration(src);
    qtest_quit(src);

    dst = qtest_initf("-M gta04 " TIMING " -device tmp105,id=tmp,bus=i2c.2,"
                      "address=0x%x -incoming defer", TMP105_ADDR);
    qtest_qmp_assert_success(dst, "{ 'execute': 'migrate-incoming',"
                             " 'arguments': { 'uri': %s } }", uri_in);
    wait_migration(dst);

    g_assert_cmphex(rd(dst, base, GTA04_I2C_STAT), ==, GTA04_I2C_STAT_RRDY |
                    GTA04_I2C_STAT_BB);
    g_assert_cmphex(rd(dst, base, GTA04_I2C_CNT), ==, 2);
    /*
     * The byte's timer came with the stream; the destination's qtest clock
     * starts again from 0 (only qtest moves it), so wait for the byte
     * rather than step to a time.
     */
    for (i = 0; i < 4000 && rd(dst, base, GTA04_I2C_CNT) != 1; i++) {
        bus_time(dst, SCL_NS);
    }
    g_assert_cmphex(rd(dst, base, GTA04_I2C_STAT), ==, GTA04_I2C_STAT_RRDY |
                    GTA04_I2C_STAT_ROVR | GTA04_I2C_STAT_BB);
    g_assert_cmphex(rd(dst, base, GTA04_I2C_CNT), ==, 1);
    g_assert_cmphex(rd(dst, base, GTA04_I2C_BUF), ==, 0x0300);
    g_assert_cmphex(rd(dst, base, GTA04_I2C_DATA), ==, 0x40);
    bus_time(dst, BYTE_NS);
    for (i = 0; i < 8; i++) {
        g_assert_cmphex(rd(dst, base, GTA04_I2C_DATA), ==, 0xff);
    }
    g_assert_cmphex(rd(dst, base, GTA04_I2C_STAT) &
                    (GTA04_I2C_STAT_ARDY | GTA04_I2C_STAT_BB), ==,
                    GTA04_I2C_STAT_ARDY);
    /* and the bus works on the destination */
    g_assert_cmphex(gta04_i2c_get8(dst, base, TMP105_ADDR, TMP105_CONFIG), ==,
                    0);
    qtest_quit(dst);
    unlink(path);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("omap3-i2c/reset-values", test_reset_values);
    qtest_add_func("omap3-i2c/bootloader-enabled-bus",
                   test_bootloader_enabled_bus);
    qtest_add_func("omap3-i2c/registers-softreset",
                   test_registers_and_softreset);
    qtest_add_func("omap3-i2c/nack", test_nack);
    qtest_add_func("omap3-i2c/tx-thresholds", test_tx_thresholds);
    qtest_add_func("omap3-i2c/rx-thresholds", test_rx_thresholds);
    qtest_add_func("omap3-i2c/rx-longer-than-fifo", test_rx_longer_than_fifo);
    qtest_add_func("omap3-i2c/repeated-start", test_repeated_start);
    qtest_add_func("omap3-i2c/hs-register-read-timing",
                   test_hs_register_read_timing);
    qtest_add_func("omap3-i2c/untimed", test_untimed);
    qtest_add_data_func("omap3-i2c/tmp105/i2c2", GINT_TO_POINTER(2),
                        test_tmp105_round_trip);
    qtest_add_data_func("omap3-i2c/tmp105/i2c3", GINT_TO_POINTER(3),
                        test_tmp105_round_trip);
    qtest_add_data_func("omap3-i2c/long-messages/i2c2", GINT_TO_POINTER(2),
                        test_long_messages);
    qtest_add_data_func("omap3-i2c/long-messages/i2c3", GINT_TO_POINTER(3),
                        test_long_messages);
    qtest_add_func("omap3-i2c/access-widths", test_access_widths);
    qtest_add_func("omap3-i2c/access-error", test_access_error);
    qtest_add_func("omap3-i2c/guest-misuse", test_guest_misuse);
    qtest_add_func("omap3-i2c/irq", test_irq);
    qtest_add_func("omap3-i2c/migration", test_migration);

    return g_test_run();
}
