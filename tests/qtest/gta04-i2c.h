/*
 * qtest-side driver for the DM3730 (OMAP3630) I2C controllers of the GTA04
 *
 * Include it from a qtest and talk to I2C slaves through the emulated
 * controller, exactly as the guest kernel would:
 *
 *     #include "gta04-i2c.h"
 *
 *     QTestState *qts = qtest_init("-M gta04");
 *     uint8_t v[2];
 *
 *     gta04_i2c_init(qts, GTA04_I2C1_BASE);
 *     g_assert_cmpint(gta04_i2c_read_reg(qts, GTA04_I2C1_BASE, 0x49, 0x00,
 *                                        v, 2), ==, 0);
 *     gta04_i2c_set8(qts, GTA04_I2C1_BASE, 0x4b, 0x29, 0x01);
 *
 * The functions drive the registers like Linux 6.1's i2c-omap.c does for a
 * "ti,omap3-i2c" of revision 0x40 in polling mode (omap_i2c_xfer_polling):
 * per message, FIFO threshold = clamp(len, 1, fifo/2) in I2C_BUF with both
 * FIFOs cleared, SA, CNT, then CON = EN|MST|STT(|TRX)(|STP on the last
 * message); then I2C_STAT is polled and acknowledged (W1C) in Linux's order
 * (events left over by a test's own register pokes are acked first):
 * NACK, AL, ARDY (end of the message), RDR (erratum i207 sequence, count
 * from BUFSTAT.RXSTAT), RRDY (threshold bytes), XDR (the rest), XRDY
 * (threshold bytes).  Messages of one transfer are chained with repeated
 * starts: gta04_i2c_read_reg() is "S addr+W reg Sr addr+R data... P", the
 * access every TWL4030 register read uses.
 *
 * Return values: 0 on success, or a negative errno:
 *   -EREMOTEIO  the slave did not acknowledge (NACK); a stop has been sent
 *               and the controller is ready for the next transfer
 *   -ETIMEDOUT  the controller did not report progress (STAT stayed empty)
 *   -EBUSY      the bus stayed busy (I2C_STAT.BB) before or after a transfer
 *   -EIO        anything else: arbitration lost, the controller asked for
 *               more or fewer bytes than the message has
 *   -EINVAL     bad arguments (length 0; more than 255 data bytes for
 *               gta04_i2c_write_reg())
 *
 * Polls are bounded.  While STAT shows nothing to do, the virtual clock is
 * stepped by GTA04_I2C_POLL_NS per poll.  With omap3-i2c.bus-timing on, the
 * controller moves bytes at the bus speed gta04_i2c_init() programs (400
 * kHz: a start with its address takes 25 us, each byte 22.5 us), so a
 * transfer moves the virtual clock on, and a timing-sensitive test must
 * allow for that; by default a transfer is over within the access.  The bound, 20 ms
 * without progress, covers a FIFO's worth of bytes.  Call gta04_i2c_init()
 * once per controller before use: it does the reset Linux does (CON.EN off,
 * SYSC.SRST, CON.EN on, poll SYSS.RDONE) and programs the clock dividers,
 * WE and IE like Linux (IE only matters to an interrupt controller; these
 * helpers never need the interrupt).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef GTA04_I2C_H
#define GTA04_I2C_H

#include "libqtest.h"
#include "dm3730-qtest.h"

#define GTA04_I2C1_BASE         dm3730_addr(DM3730_DEV_I2C1)
#define GTA04_I2C2_BASE         dm3730_addr(DM3730_DEV_I2C2)
#define GTA04_I2C3_BASE         dm3730_addr(DM3730_DEV_I2C3)

/* Register offsets (DM37x TRM 17.6), 16 bits wide at a 4-byte stride */
#define GTA04_I2C_REV           0x00
#define GTA04_I2C_IE            0x04
#define GTA04_I2C_STAT          0x08
#define GTA04_I2C_WE            0x0c
#define GTA04_I2C_SYSS          0x10
#define GTA04_I2C_BUF           0x14
#define GTA04_I2C_CNT           0x18
#define GTA04_I2C_DATA          0x1c
#define GTA04_I2C_SYSC          0x20
#define GTA04_I2C_CON           0x24
#define GTA04_I2C_OA            0x28
#define GTA04_I2C_SA            0x2c
#define GTA04_I2C_PSC           0x30
#define GTA04_I2C_SCLL          0x34
#define GTA04_I2C_SCLH          0x38
#define GTA04_I2C_SYSTEST       0x3c
#define GTA04_I2C_BUFSTAT       0x40

#define GTA04_I2C_STAT_AL       (1 << 0)
#define GTA04_I2C_STAT_NACK     (1 << 1)
#define GTA04_I2C_STAT_ARDY     (1 << 2)
#define GTA04_I2C_STAT_RRDY     (1 << 3)
#define GTA04_I2C_STAT_XRDY     (1 << 4)
#define GTA04_I2C_STAT_AERR     (1 << 7)
#define GTA04_I2C_STAT_BF       (1 << 8)
#define GTA04_I2C_STAT_XUDF     (1 << 10)
#define GTA04_I2C_STAT_ROVR     (1 << 11)
#define GTA04_I2C_STAT_BB       (1 << 12)
#define GTA04_I2C_STAT_RDR      (1 << 13)
#define GTA04_I2C_STAT_XDR      (1 << 14)

/* The events the transfer loop serves */
#define GTA04_I2C_STAT_EVENTS   (GTA04_I2C_STAT_AL | GTA04_I2C_STAT_NACK | \
                                 GTA04_I2C_STAT_ARDY | GTA04_I2C_STAT_RRDY | \
                                 GTA04_I2C_STAT_XRDY | GTA04_I2C_STAT_RDR | \
                                 GTA04_I2C_STAT_XDR)

#define GTA04_I2C_CON_STT       (1 << 0)
#define GTA04_I2C_CON_STP       (1 << 1)
#define GTA04_I2C_CON_TRX       (1 << 9)
#define GTA04_I2C_CON_MST       (1 << 10)
#define GTA04_I2C_CON_OPMODE_HS (1 << 12)
#define GTA04_I2C_CON_EN        (1 << 15)

#define GTA04_I2C_BUF_TXFIFO_CLR (1 << 6)
#define GTA04_I2C_BUF_RXFIFO_CLR (1 << 14)

#define GTA04_I2C_SYSC_SRST     (1 << 1)
#define GTA04_I2C_SYSS_RDONE    (1 << 0)

/* The interrupts Linux enables (iestate): XDR RDR XRDY RRDY ARDY NACK AL */
#define GTA04_I2C_IE_LINUX      0x601f
/* All the wake-up sources Linux enables (OMAP_I2C_WE_ALL) */
#define GTA04_I2C_WE_LINUX      0x636f

#define GTA04_I2C_POLLS         20000
#define GTA04_I2C_POLL_NS       1000

typedef struct GTA04I2CMsg {
    uint8_t addr;           /* 7-bit slave address */
    bool read;
    uint16_t len;
    uint8_t *buf;
} GTA04I2CMsg;

static inline uint16_t gta04_i2c_rd(QTestState *qts, uint64_t base,
                                    unsigned reg)
{
    return qtest_readw(qts, base + reg);
}

static inline void gta04_i2c_wr(QTestState *qts, uint64_t base, unsigned reg,
                                uint16_t value)
{
    qtest_writew(qts, base + reg, value);
}

/* FIFO size Linux uses: half of the depth BUFSTAT.FIFODEPTH reports */
static inline unsigned gta04_i2c_fifo_size(QTestState *qts, uint64_t base)
{
    unsigned depth = gta04_i2c_rd(qts, base, GTA04_I2C_BUFSTAT) >> 14;

    return (8u << depth) / 2;
}

/* Linux's omap_i2c_reset() + __omap_i2c_init(), for a 400 kHz bus */
static inline void gta04_i2c_init(QTestState *qts, uint64_t base)
{
    int i;

    gta04_i2c_wr(qts, base, GTA04_I2C_CON,
                 gta04_i2c_rd(qts, base, GTA04_I2C_CON) & ~GTA04_I2C_CON_EN);
    gta04_i2c_wr(qts, base, GTA04_I2C_SYSC, GTA04_I2C_SYSC_SRST);
    gta04_i2c_wr(qts, base, GTA04_I2C_CON, GTA04_I2C_CON_EN);
    for (i = 0; i < GTA04_I2C_POLLS; i++) {
        if (gta04_i2c_rd(qts, base, GTA04_I2C_SYSS) & GTA04_I2C_SYSS_RDONE) {
            break;
        }
        qtest_clock_step(qts, GTA04_I2C_POLL_NS);
    }
    g_assert_cmpint(i, <, GTA04_I2C_POLLS);

    /* 96 MHz fclk / 10 = 9.6 MHz internal clock, fast mode (400 kHz) */
    gta04_i2c_wr(qts, base, GTA04_I2C_CON, 0);
    gta04_i2c_wr(qts, base, GTA04_I2C_PSC, 9);
    gta04_i2c_wr(qts, base, GTA04_I2C_SCLL, 9);
    gta04_i2c_wr(qts, base, GTA04_I2C_SCLH, 3);
    gta04_i2c_wr(qts, base, GTA04_I2C_WE, GTA04_I2C_WE_LINUX);
    gta04_i2c_wr(qts, base, GTA04_I2C_CON, GTA04_I2C_CON_EN);
    gta04_i2c_wr(qts, base, GTA04_I2C_IE, GTA04_I2C_IE_LINUX);
}

/* omap_i2c_wait_for_bb(): 0 once I2C_STAT.BB is clear */
static inline int gta04_i2c_wait_bus_free(QTestState *qts, uint64_t base)
{
    int i;

    for (i = 0; i < GTA04_I2C_POLLS; i++) {
        if (!(gta04_i2c_rd(qts, base, GTA04_I2C_STAT) & GTA04_I2C_STAT_BB)) {
            return 0;
        }
        qtest_clock_step(qts, GTA04_I2C_POLL_NS);
    }
    return -EBUSY;
}

/* One message (omap_i2c_xfer_msg() + omap_i2c_xfer_data() polling loop) */
static inline int gta04_i2c_xfer_msg(QTestState *qts, uint64_t base,
                                     const GTA04I2CMsg *msg, bool stop)
{
    unsigned fifo = gta04_i2c_fifo_size(qts, base);
    unsigned threshold = MAX(1, MIN(msg->len, fifo));
    unsigned pos = 0, idle = 0, n;
    uint16_t w, stat, mask, served;
    bool nack = false, lost = false, bad = false;

    if (!msg->len) {
        return -EINVAL;     /* I2C_AQ_NO_ZERO_LEN: CNT = 0 means 65536 */
    }

    w = gta04_i2c_rd(qts, base, GTA04_I2C_BUF);
    if (msg->read) {
        w &= ~(0x3f << 8);
        w |= ((threshold - 1) << 8) | GTA04_I2C_BUF_RXFIFO_CLR;
    } else {
        w &= ~0x3f;
        w |= (threshold - 1) | GTA04_I2C_BUF_TXFIFO_CLR;
    }
    gta04_i2c_wr(qts, base, GTA04_I2C_BUF, w);
    gta04_i2c_wr(qts, base, GTA04_I2C_SA, msg->addr);
    gta04_i2c_wr(qts, base, GTA04_I2C_CNT, msg->len);
    w = gta04_i2c_rd(qts, base, GTA04_I2C_BUF);
    gta04_i2c_wr(qts, base, GTA04_I2C_BUF,
                 w | GTA04_I2C_BUF_RXFIFO_CLR | GTA04_I2C_BUF_TXFIFO_CLR);

    /*
     * Linux leaves no event behind; a test poking registers by hand may
     * have, and a stale ARDY would end this message before it starts.
     */
    gta04_i2c_wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_EVENTS);

    w = GTA04_I2C_CON_EN | GTA04_I2C_CON_MST | GTA04_I2C_CON_STT;
    if (!msg->read) {
        w |= GTA04_I2C_CON_TRX;
    }
    if (stop) {
        w |= GTA04_I2C_CON_STP;
    }
    gta04_i2c_wr(qts, base, GTA04_I2C_CON, w);

    mask = GTA04_I2C_STAT_AL | GTA04_I2C_STAT_NACK | GTA04_I2C_STAT_ARDY |
           (msg->read ? GTA04_I2C_STAT_RRDY | GTA04_I2C_STAT_RDR
                      : GTA04_I2C_STAT_XRDY | GTA04_I2C_STAT_XDR);
    for (;;) {
        stat = gta04_i2c_rd(qts, base, GTA04_I2C_STAT) & mask;
        if (!stat) {
            if (++idle > GTA04_I2C_POLLS) {
                return -ETIMEDOUT;
            }
            qtest_clock_step(qts, GTA04_I2C_POLL_NS);
            continue;
        }
        idle = 0;

        if (stat & GTA04_I2C_STAT_NACK) {
            nack = true;
            gta04_i2c_wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_NACK);
            if (!(stat & ~GTA04_I2C_STAT_NACK)) {
                continue;   /* ARDY follows */
            }
        }
        if (stat & GTA04_I2C_STAT_AL) {
            lost = true;
            gta04_i2c_wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_AL);
        }
        if (stat & (GTA04_I2C_STAT_ARDY | GTA04_I2C_STAT_NACK |
                    GTA04_I2C_STAT_AL)) {
            gta04_i2c_wr(qts, base, GTA04_I2C_STAT,
                         GTA04_I2C_STAT_RRDY | GTA04_I2C_STAT_RDR |
                         GTA04_I2C_STAT_XRDY | GTA04_I2C_STAT_XDR |
                         GTA04_I2C_STAT_ARDY);
            break;
        }

        if (stat & GTA04_I2C_STAT_RDR) {
            /* erratum i207: ack RDR, ack again if it is still set */
            gta04_i2c_wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_RDR);
            w = gta04_i2c_rd(qts, base, GTA04_I2C_STAT);
            if (!(w & GTA04_I2C_STAT_BB) &&
                (gta04_i2c_rd(qts, base, GTA04_I2C_STAT) &
                 GTA04_I2C_STAT_RDR)) {
                gta04_i2c_wr(qts, base, GTA04_I2C_STAT, GTA04_I2C_STAT_RDR);
            }
            n = (gta04_i2c_rd(qts, base, GTA04_I2C_BUFSTAT) >> 8) & 0x3f;
            served = GTA04_I2C_STAT_RDR;
        } else if (stat & GTA04_I2C_STAT_RRDY) {
            n = threshold;
            served = GTA04_I2C_STAT_RRDY;
        } else if (stat & GTA04_I2C_STAT_XDR) {
            n = msg->len - pos;
            served = GTA04_I2C_STAT_XDR;
        } else {
            n = threshold;
            served = GTA04_I2C_STAT_XRDY;
        }
        if (n > msg->len - pos) {
            /* the controller wants more bytes than the message has */
            bad = true;
            n = msg->len - pos;
        }

        if (msg->read) {
            while (n--) {
                msg->buf[pos++] = gta04_i2c_rd(qts, base, GTA04_I2C_DATA);
            }
        } else {
            while (n--) {
                gta04_i2c_wr(qts, base, GTA04_I2C_DATA, msg->buf[pos++]);
            }
        }
        gta04_i2c_wr(qts, base, GTA04_I2C_STAT, served);
        if (bad) {
            return -EIO;
        }
    }

    if (nack) {
        w = gta04_i2c_rd(qts, base, GTA04_I2C_CON);
        gta04_i2c_wr(qts, base, GTA04_I2C_CON, w | GTA04_I2C_CON_STP);
        return -EREMOTEIO;
    }
    if (lost || pos != msg->len) {
        return -EIO;
    }
    return 0;
}

/* omap_i2c_xfer_common(): messages chained by repeated starts, then stop */
static inline int gta04_i2c_transfer(QTestState *qts, uint64_t base,
                                     const GTA04I2CMsg *msgs, int num)
{
    int i, r = gta04_i2c_wait_bus_free(qts, base);

    for (i = 0; i < num && !r; i++) {
        r = gta04_i2c_xfer_msg(qts, base, &msgs[i], i == num - 1);
    }
    if (gta04_i2c_wait_bus_free(qts, base) && !r) {
        r = -EBUSY;
    }
    return r;
}

/* S addr+W buf[0..len-1] P */
static inline int gta04_i2c_write(QTestState *qts, uint64_t base, uint8_t addr,
                                  const uint8_t *buf, uint16_t len)
{
    GTA04I2CMsg msg = { addr, false, len, (uint8_t *)buf };

    return gta04_i2c_transfer(qts, base, &msg, 1);
}

/* S addr+R buf[0..len-1] P */
static inline int gta04_i2c_read(QTestState *qts, uint64_t base, uint8_t addr,
                                 uint8_t *buf, uint16_t len)
{
    GTA04I2CMsg msg = { addr, true, len, buf };

    return gta04_i2c_transfer(qts, base, &msg, 1);
}

/* S addr+W reg buf[0..len-1] P: register write with auto-increment */
static inline int gta04_i2c_write_reg(QTestState *qts, uint64_t base,
                                      uint8_t addr, uint8_t reg,
                                      const uint8_t *buf, uint16_t len)
{
    uint8_t data[256];

    if (len > sizeof(data) - 1) {
        return -EINVAL;
    }
    data[0] = reg;
    memcpy(data + 1, buf, len);
    return gta04_i2c_write(qts, base, addr, data, len + 1);
}

/* S addr+W reg Sr addr+R buf[0..len-1] P: register read, repeated start */
static inline int gta04_i2c_read_reg(QTestState *qts, uint64_t base,
                                     uint8_t addr, uint8_t reg,
                                     uint8_t *buf, uint16_t len)
{
    GTA04I2CMsg msgs[2] = {
        { addr, false, 1, &reg },
        { addr, true, len, buf },
    };

    if (!len) {
        return -EINVAL;
    }
    return gta04_i2c_transfer(qts, base, msgs, 2);
}

/* One register byte; the access must succeed */
static inline uint8_t gta04_i2c_get8(QTestState *qts, uint64_t base,
                                     uint8_t addr, uint8_t reg)
{
    uint8_t value = 0;

    g_assert_cmpint(gta04_i2c_read_reg(qts, base, addr, reg, &value, 1), ==, 0);
    return value;
}

static inline void gta04_i2c_set8(QTestState *qts, uint64_t base, uint8_t addr,
                                  uint8_t reg, uint8_t value)
{
    g_assert_cmpint(gta04_i2c_write_reg(qts, base, addr, reg, &value, 1),
                    ==, 0);
}

#endif /* GTA04_I2C_H */
