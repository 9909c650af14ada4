/*
 * TI OMAP3 (DM37x / OMAP3630) multi-master I2C controller, master mode
 *
 * Modelled after the DM37x TRM (SPRUGN4, chapter 17 "Multimaster High-Speed
 * I2C Controller", registers in 17.6) and after how Linux 6.1's
 * drivers/i2c/busses/i2c-omap.c drives a "ti,omap3-i2c" with I2C_REV 0x40:
 * 16-bit registers at a 4-byte stride, an 8-bit DATA port in front of RX/TX
 * FIFOs with programmable thresholds (XRDY/RRDY), draining events for the
 * tail of a message (XDR/RDR), BUFSTAT with the FIFO depth, and WE.
 *
 * QEMU's own hw/i2c/omap_i2c.c models the OMAP2420 block (16-bit DATA that
 * moves two bytes per access, a 4-byte buffer, no BUFSTAT, no FIFO
 * thresholds, no RDR/XDR, no WE): Linux's OMAP3 driver cannot work with it,
 * hence this separate model.
 *
 * With the property bus-timing (on by default; off gives the old model,
 * where a message is over within the access that starts it), the bus runs at the SCL rate PSC/SCLL/SCLH and the functional clock give
 * (omap3_i2c_scl_ticks(), TRM 17.3 "I2C Clocks"): the (repeated) start with
 * the address and each data byte take their nine SCL periods (eight bits
 * and the acknowledge) on QEMU_CLOCK_VIRTUAL, the first start in HS mode
 * also the master code at F/S speed.  A transmitted byte leaves the TX FIFO
 * for the shift register when its SCL cycles begin and reaches the slave
 * (QEMU's I2C core) when they end; a received byte enters the RX FIFO when
 * they end.  An empty TX FIFO or a full RX FIFO stalls the bus (SCL held
 * low) until the guest acts, as the chip does.  The status bits follow:
 * XRDY/XDR when the guest has to supply bytes, RRDY/RDR when it has to read
 * them, ARDY once the access is over (for a receive: once the RX FIFO is
 * empty), NACK+ARDY when a slave does not acknowledge.  The controller keeps
 * the bus (BB = 1) until a stop condition, so a start without STP followed
 * by another start is a repeated start, as TWL4030 register reads need.
 * Assumptions (the TRM gives no cycle counts for them): a start or repeated
 * start takes one SCL period, a stop none (BF/ARDY come with the last
 * acknowledge), and SDA hold/setup times and clock stretching by slaves
 * are not modelled.
 *
 * Not modelled: slave mode (own addresses are only stored), 10-bit
 * addressing (QEMU's I2C core has 7-bit addresses only: such transfers are
 * NACKed), DMA requests, wake-up generation (WE is only stored).
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
#include "hw/i2c/omap3_i2c.h"
#include "hw/misc/omap3_prcm.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/registerfields.h"
#include "hw/qdev-clock.h"
#include "migration/vmstate.h"
#include "trace.h"

/* DM37x TRM table 17-21 "I2C Register Summary" (16-bit registers) */
REG16(REV, 0x00)
REG16(IE, 0x04)
REG16(STAT, 0x08)
    FIELD(STAT, AL, 0, 1)       /* arbitration lost */
    FIELD(STAT, NACK, 1, 1)     /* no acknowledge */
    FIELD(STAT, ARDY, 2, 1)     /* register access ready */
    FIELD(STAT, RRDY, 3, 1)     /* receive data ready (RX FIFO >= RTRSH+1) */
    FIELD(STAT, XRDY, 4, 1)     /* transmit data ready (room for XTRSH+1) */
    FIELD(STAT, GC, 5, 1)       /* general call (slave mode) */
    FIELD(STAT, STC, 6, 1)      /* start condition (wake-up) */
    FIELD(STAT, AERR, 7, 1)     /* access error: DATA read empty / write full */
    FIELD(STAT, BF, 8, 1)       /* bus free: a stop condition was seen */
    FIELD(STAT, AAS, 9, 1)      /* addressed as slave */
    FIELD(STAT, XUDF, 10, 1)    /* transmit underflow */
    FIELD(STAT, ROVR, 11, 1)    /* receive overrun */
    FIELD(STAT, BB, 12, 1)      /* bus busy */
    FIELD(STAT, RDR, 13, 1)     /* receive draining */
    FIELD(STAT, XDR, 14, 1)     /* transmit draining */
REG16(WE, 0x0c)
REG16(SYSS, 0x10)
    FIELD(SYSS, RDONE, 0, 1)
REG16(BUF, 0x14)
    FIELD(BUF, XTRSH, 0, 6)
    FIELD(BUF, TXFIFO_CLR, 6, 1)
    FIELD(BUF, XDMA_EN, 7, 1)
    FIELD(BUF, RTRSH, 8, 6)
    FIELD(BUF, RXFIFO_CLR, 14, 1)
    FIELD(BUF, RDMA_EN, 15, 1)
REG16(CNT, 0x18)
REG16(DATA, 0x1c)
REG16(SYSC, 0x20)
    FIELD(SYSC, AUTOIDLE, 0, 1)
    FIELD(SYSC, SRST, 1, 1)
    FIELD(SYSC, ENAWAKEUP, 2, 1)
    FIELD(SYSC, IDLEMODE, 3, 2)
    FIELD(SYSC, CLOCKACTIVITY, 8, 2)
REG16(CON, 0x24)
    FIELD(CON, STT, 0, 1)       /* start condition (self-clearing) */
    FIELD(CON, STP, 1, 1)       /* stop condition (self-clearing) */
    FIELD(CON, XOA, 4, 4)       /* expand own addresses 3..0 (slave) */
    FIELD(CON, XSA, 8, 1)       /* expand slave address: 10-bit */
    FIELD(CON, TRX, 9, 1)       /* transmitter */
    FIELD(CON, MST, 10, 1)      /* master */
    FIELD(CON, STB, 11, 1)      /* start byte */
    FIELD(CON, OPMODE, 12, 2)   /* fast/standard, high speed, SCCB */
    FIELD(CON, I2C_EN, 15, 1)
REG16(OA0, 0x28)
REG16(SA, 0x2c)
REG16(PSC, 0x30)
REG16(SCLL, 0x34)
REG16(SCLH, 0x38)
REG16(SYSTEST, 0x3c)
    FIELD(SYSTEST, SDA_O, 0, 1)
    FIELD(SYSTEST, SDA_I, 1, 1)
    FIELD(SYSTEST, SCL_O, 2, 1)
    FIELD(SYSTEST, SCL_I, 3, 1)
    FIELD(SYSTEST, SDA_O_FUNC, 5, 1)
    FIELD(SYSTEST, SDA_I_FUNC, 6, 1)
    FIELD(SYSTEST, SCL_O_FUNC, 7, 1)
    FIELD(SYSTEST, SCL_I_FUNC, 8, 1)
    FIELD(SYSTEST, SSB, 11, 1)
    FIELD(SYSTEST, TMODE, 12, 2)
    FIELD(SYSTEST, FREE, 14, 1)
    FIELD(SYSTEST, ST_EN, 15, 1)
REG16(BUFSTAT, 0x40)
    FIELD(BUFSTAT, TXSTAT, 0, 6)
    FIELD(BUFSTAT, RXSTAT, 8, 6)
    FIELD(BUFSTAT, FIFODEPTH, 14, 2)
REG16(OA1, 0x44)
REG16(OA2, 0x48)
REG16(OA3, 0x4c)
REG16(ACTOA, 0x50)
REG16(SBLOCK, 0x54)

/* Implemented bits of each register */
#define IE_MASK         0x63ff  /* XDR_IE RDR_IE AAS_IE..AL_IE */
#define WE_MASK         0x636f  /* XDR RDR AAS BF STC GC DRDY ARDY NACK AL */
/*
 * STAT bits the guest clears by writing 1; BB, ROVR, XUDF and AAS follow the
 * controller state (the TRM lists them read-only; unsure for ROVR/XUDF).
 */
#define STAT_W1C        0x61ff
#define STAT_ERRORS     (R_STAT_AL_MASK | R_STAT_NACK_MASK)
#define BUF_MASK        0xbfbf  /* without the self-clearing FIFO_CLR bits */
#define SYSC_MASK       0x031d
#define CON_MASK        0xbff3
#define OA_MASK         0xe3ff  /* OA0: MCODE + 10-bit address */
#define OAN_MASK        0x03ff
#define SA_MASK         0x03ff
#define SYSTEST_MASK    0xf805  /* ST_EN FREE TMODE SSB SCL_O SDA_O */
#define SBLOCK_MASK     0x000f

#define SYSTEST_TMODE_FUNCTIONAL    0
#define SYSTEST_TMODE_SDA_SCL_IO    3

static const char *omap3_i2c_name(OMAP3I2CState *s)
{
    return s->bus_name;
}

static uint32_t omap3_i2c_rx_threshold(OMAP3I2CState *s)
{
    return MIN(FIELD_EX16(s->buf, BUF, RTRSH) + 1, s->fifo_size);
}

static uint32_t omap3_i2c_tx_threshold(OMAP3I2CState *s)
{
    return MIN(FIELD_EX16(s->buf, BUF, XTRSH) + 1, s->fifo_size);
}

/* Bytes the guest still has to write to the TX FIFO for this message */
static uint32_t omap3_i2c_tx_to_write(OMAP3I2CState *s)
{
    uint32_t queued = fifo8_num_used(&s->tx_fifo);

    if (s->phase != OMAP3_I2C_TX) {
        return 0;
    }
    /* DCOUNT counts the byte in the shift register until it is sent */
    if (s->bus_op == OMAP3_I2C_OP_BYTE) {
        queued++;
    }
    return s->count_left > queued ? s->count_left - queued : 0;
}

/* SCL held low: nothing on the bus while a transfer waits for the guest */
static bool omap3_i2c_stalled(OMAP3I2CState *s)
{
    return s->bus_op == OMAP3_I2C_OP_NONE && !s->addr_pending &&
           s->count_left;
}

/* I2C_STAT as read: the event bits plus the state bits */
static uint16_t omap3_i2c_stat(OMAP3I2CState *s)
{
    uint16_t stat = s->stat;

    if (s->phase != OMAP3_I2C_IDLE) {
        stat |= R_STAT_BB_MASK;
    }
    /* The controller stalls the bus because the TX FIFO ran empty */
    if (s->phase == OMAP3_I2C_TX && omap3_i2c_stalled(s) &&
        fifo8_is_empty(&s->tx_fifo)) {
        stat |= R_STAT_XUDF_MASK;
    }
    /* It stalls because the RX FIFO is full and another byte is due */
    if (s->phase == OMAP3_I2C_RX && omap3_i2c_stalled(s) &&
        fifo8_is_full(&s->rx_fifo)) {
        stat |= R_STAT_ROVR_MASK;
    }
    return stat;
}

/*
 * Raise the data events whose condition holds.  They are events in STAT
 * (W1C), but the hardware re-asserts them while the condition persists, so
 * they are re-evaluated after every change, including the guest's W1C.
 */
static void omap3_i2c_update(OMAP3I2CState *s)
{
    uint32_t rx_level = fifo8_num_used(&s->rx_fifo);
    uint32_t to_write = omap3_i2c_tx_to_write(s);
    uint16_t old = s->stat;
    bool level;

    if (s->phase == OMAP3_I2C_TX && to_write) {
        uint32_t thr = omap3_i2c_tx_threshold(s);
        uint32_t room = fifo8_num_free(&s->tx_fifo);

        if (to_write >= thr) {
            if (room >= thr) {
                s->stat |= R_STAT_XRDY_MASK;
            }
        } else if (room >= to_write) {
            /* less than a threshold left: the guest writes TXSTAT bytes */
            s->stat |= R_STAT_XDR_MASK;
        }
    }

    if (rx_level >= omap3_i2c_rx_threshold(s)) {
        s->stat |= R_STAT_RRDY_MASK;
    } else if (rx_level && s->phase != OMAP3_I2C_RX) {
        /* the message is complete: the guest reads the RXSTAT bytes left */
        s->stat |= R_STAT_RDR_MASK;
    }

    /*
     * For a receive, ARDY only follows once the guest has read the FIFO:
     * Linux's handler stops at ARDY and would lose bytes still in it.
     */
    if (s->ardy_pending && rx_level == 0) {
        s->ardy_pending = false;
        s->stat |= R_STAT_ARDY_MASK;
    }

    if (s->stat != old) {
        trace_omap3_i2c_stat(omap3_i2c_name(s), old, s->stat);
    }

    level = (omap3_i2c_stat(s) & s->ie) != 0;
    if (level != s->irq_level) {
        s->irq_level = level;
        trace_omap3_i2c_irq(omap3_i2c_name(s), level);
        qemu_set_irq(s->irq, level);
    }
}

static void omap3_i2c_close_slave(OMAP3I2CState *s)
{
    if (s->slave_open) {
        i2c_end_transfer(s->bus);
        s->slave_open = false;
    }
}

/* Stop condition: the bus is free again */
static void omap3_i2c_stop(OMAP3I2CState *s)
{
    trace_omap3_i2c_stop(omap3_i2c_name(s), s->slave_addr);
    omap3_i2c_close_slave(s);
    s->phase = OMAP3_I2C_IDLE;
    s->hs_entered = false;      /* HS mode ends with the stop */
    /* TRM I2C_CON: STP clears after the stop, MST after a detected stop */
    s->con &= ~(R_CON_STP_MASK | R_CON_MST_MASK);
    s->stat |= R_STAT_BF_MASK;
}

/* The slave did not acknowledge its address or a byte we sent */
static void omap3_i2c_nack(OMAP3I2CState *s)
{
    trace_omap3_i2c_nack(omap3_i2c_name(s), s->slave_addr, s->count_left);
    omap3_i2c_close_slave(s);
    fifo8_reset(&s->tx_fifo);
    s->ardy_pending = false;
    s->addr_pending = false;
    /* ARDY with NACK ends the access: Linux waits for it to complete */
    s->stat |= R_STAT_NACK_MASK | R_STAT_ARDY_MASK;
    s->phase = OMAP3_I2C_NACKED;
    if (s->con & R_CON_STP_MASK) {
        omap3_i2c_stop(s);
    }
}

/* DCOUNT reached 0 */
static void omap3_i2c_message_done(OMAP3I2CState *s)
{
    if (s->phase == OMAP3_I2C_RX) {
        s->ardy_pending = true;
    } else {
        s->stat |= R_STAT_ARDY_MASK;
    }
    if (s->con & R_CON_STP_MASK) {
        omap3_i2c_stop(s);
    } else {
        /* keep SCL low: the guest continues with a repeated start */
        s->phase = OMAP3_I2C_HELD;
    }
}

/*
 * fclk ticks of one SCL period, TRM 17.3 "I2C Clocks": F/S mode (and the
 * first phase of HS mode) ICLK = fclk / (PSC + 1), tLOW = (SCLL[7:0] + 7)
 * and tHIGH = (SCLH[7:0] + 5) ICLK periods; the second phase of HS mode
 * bypasses the prescaler, tLOW = (SCLL[15:8] + 7) and tHIGH =
 * (SCLH[15:8] + 5) fclk periods.
 */
static uint64_t omap3_i2c_scl_ticks(OMAP3I2CState *s, bool hs)
{
    if (hs) {
        return (s->scll >> 8) + 7 + (s->sclh >> 8) + 5;
    }
    return (uint64_t)(s->psc + 1) * ((s->scll & 0xff) + 7 + (s->sclh & 0xff) + 5);
}

static bool omap3_i2c_hs_mode(OMAP3I2CState *s)
{
    return FIELD_EX16(s->con, CON, OPMODE) == 1;
}

/*
 * Put op on the bus from start_ns for ticks fclk periods.  It ends at
 * bus_end_ns: bus_timer raises what it brings, and any register access
 * after that time sees it done (omap3_i2c_catch_up) even if the timer has
 * not run yet.
 */
static void omap3_i2c_bus_begin(OMAP3I2CState *s, OMAP3I2CBusOp op,
                                int64_t start_ns, uint64_t ticks)
{
    uint64_t ns = s->bus_timing ? clock_ticks_to_ns(s->fclk, ticks) : 0;

    s->bus_op = op;
    s->bus_end_ns = start_ns + ns;
    trace_omap3_i2c_bus_op(omap3_i2c_name(s), op, ns);
    timer_mod(s->bus_timer, s->bus_end_ns);
}

/*
 * Start what the bus can do next, at start_ns: the address phase of a
 * start, or the next data byte if the FIFOs allow it.  Without the
 * functional clock the controller stands still; omap3_i2c_fclk_update()
 * resumes it.
 */
static void omap3_i2c_pump_at(OMAP3I2CState *s, int64_t start_ns)
{
    bool hs = omap3_i2c_hs_mode(s);
    uint64_t period = omap3_i2c_scl_ticks(s, hs);

    if (s->bus_op != OMAP3_I2C_OP_NONE || !clock_is_enabled(s->fclk)) {
        return;
    }
    if (s->addr_pending) {
        /* START (one period, an assumption) + 8 address bits + ACK */
        uint64_t ticks = 10 * period;

        if (hs && !s->hs_entered) {
            /* F/S start + master code 00001xxx + NACK, then Sr at HS */
            ticks += 10 * omap3_i2c_scl_ticks(s, false);
            s->hs_entered = true;
        }
        omap3_i2c_bus_begin(s, OMAP3_I2C_OP_ADDRESS, start_ns, ticks);
        return;
    }
    if (!s->count_left) {
        return;
    }
    if (s->phase == OMAP3_I2C_TX && !fifo8_is_empty(&s->tx_fifo)) {
        s->shift = fifo8_pop(&s->tx_fifo);
        omap3_i2c_bus_begin(s, OMAP3_I2C_OP_BYTE, start_ns, 9 * period);
    } else if (s->phase == OMAP3_I2C_RX && !fifo8_is_full(&s->rx_fifo)) {
        omap3_i2c_bus_begin(s, OMAP3_I2C_OP_BYTE, start_ns, 9 * period);
    }
}

/* The guest made data, room or a start available now */
static void omap3_i2c_pump(OMAP3I2CState *s)
{
    omap3_i2c_pump_at(s, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
}

/* The address was clocked out: did a slave acknowledge it? */
static void omap3_i2c_address_done(OMAP3I2CState *s)
{
    bool is_recv = s->phase == OMAP3_I2C_RX;

    s->addr_pending = false;
    if (s->con & R_CON_XSA_MASK) {
        qemu_log_mask(LOG_UNIMP, "%s: %s: 10-bit slave address 0x%03x\n",
                      __func__, omap3_i2c_name(s), s->sa);
        omap3_i2c_nack(s);
        return;
    }
    if (i2c_start_transfer(s->bus, s->slave_addr, is_recv)) {
        omap3_i2c_nack(s);
        return;
    }
    s->slave_open = true;
}

/* A data byte and its acknowledge were clocked */
static void omap3_i2c_byte_done(OMAP3I2CState *s)
{
    const char *name = omap3_i2c_name(s);

    if (s->phase == OMAP3_I2C_TX) {
        int nak = i2c_send(s->bus, s->shift);

        s->count_left--;
        s->cnt = s->count_left;
        trace_omap3_i2c_send(name, s->slave_addr, s->shift, s->count_left);
        if (nak) {
            omap3_i2c_nack(s);
            return;
        }
    } else {
        uint8_t byte = i2c_recv(s->bus);

        fifo8_push(&s->rx_fifo, byte);
        s->count_left--;
        s->cnt = s->count_left;
        trace_omap3_i2c_recv(name, s->slave_addr, byte, s->count_left);
        if (!s->count_left) {
            /* the master does not acknowledge the last byte it reads */
            i2c_nack(s->bus);
        }
    }
    if (!s->count_left) {
        omap3_i2c_message_done(s);
    }
}

/*
 * Finish every bus operation that has ended by now, each next one starting
 * where the one before ended: the bus state is a function of virtual time,
 * whether or not bus_timer has run yet (a busy host runs timers late).
 */
static void omap3_i2c_catch_up(OMAP3I2CState *s)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);

    while (s->bus_op != OMAP3_I2C_OP_NONE && s->bus_end_ns <= now) {
        OMAP3I2CBusOp op = s->bus_op;

        s->bus_op = OMAP3_I2C_OP_NONE;
        if (op == OMAP3_I2C_OP_ADDRESS) {
            omap3_i2c_address_done(s);
        } else if (s->phase == OMAP3_I2C_TX || s->phase == OMAP3_I2C_RX) {
            omap3_i2c_byte_done(s);
        }
        omap3_i2c_pump_at(s, s->bus_end_ns);
    }
}

static void omap3_i2c_bus_timer_expired(void *opaque)
{
    OMAP3I2CState *s = opaque;

    omap3_i2c_catch_up(s);
    omap3_i2c_update(s);
}

/* The functional clock came back (or changed): a stalled bus resumes */
static void omap3_i2c_fclk_update(void *opaque, ClockEvent event)
{
    OMAP3I2CState *s = opaque;

    omap3_i2c_catch_up(s);
    omap3_i2c_pump(s);
    omap3_i2c_update(s);
}

/* I2C_CON.STT with MST: (repeated) start condition and address phase */
static void omap3_i2c_start(OMAP3I2CState *s)
{
    bool is_recv = !(s->con & R_CON_TRX_MASK);
    bool repeated = s->phase != OMAP3_I2C_IDLE;
    uint8_t addr = s->sa & 0x7f;

    s->con &= ~R_CON_STT_MASK;
    s->ardy_pending = false;
    /* TRM I2C_CNT: DCOUNT = 0 means 65536 bytes */
    s->count_left = s->cnt ? s->cnt : 0x10000;

    if (s->bus_op != OMAP3_I2C_OP_NONE) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: start condition while the bus "
                      "is busy: the address or byte in flight is lost\n",
                      __func__, omap3_i2c_name(s));
        timer_del(s->bus_timer);
        s->bus_op = OMAP3_I2C_OP_NONE;
    }
    /*
     * QEMU's I2C core sends a repeated start to the slave it already has
     * open: a restart to another address must close that one first.
     */
    if (s->slave_open && addr != s->slave_addr) {
        omap3_i2c_close_slave(s);
    }
    s->slave_addr = addr;
    s->phase = is_recv ? OMAP3_I2C_RX : OMAP3_I2C_TX;
    trace_omap3_i2c_start(omap3_i2c_name(s), addr, is_recv ? "read" : "write",
                          s->count_left, repeated);
    s->addr_pending = true;
    omap3_i2c_pump(s);
}

/* I2C_EN = 0 holds the functional part in reset: FIFOs and status cleared */
static void omap3_i2c_disable(OMAP3I2CState *s)
{
    omap3_i2c_close_slave(s);
    timer_del(s->bus_timer);
    s->bus_op = OMAP3_I2C_OP_NONE;
    s->addr_pending = false;
    s->hs_entered = false;
    s->phase = OMAP3_I2C_IDLE;
    s->count_left = 0;
    s->ardy_pending = false;
    fifo8_reset(&s->rx_fifo);
    fifo8_reset(&s->tx_fifo);
    s->stat = 0;
}

/* Power-on reset and I2C_SYSC.SRST: all registers to their reset values */
static void omap3_i2c_reset_registers(OMAP3I2CState *s)
{
    trace_omap3_i2c_reset(omap3_i2c_name(s));
    omap3_i2c_disable(s);
    s->ie = 0;
    s->we = 0;
    s->buf = 0;
    s->cnt = 0;
    s->sysc = 0;
    s->con = 0;
    memset(s->oa, 0, sizeof(s->oa));
    s->sa = 0x3ff;
    s->psc = 0;
    s->scll = 0;
    s->sclh = 0;
    s->systest = 0;
    s->sblock = 0;
    s->slave_addr = 0;
}

static uint16_t omap3_i2c_systest(OMAP3I2CState *s)
{
    uint16_t v = s->systest & SYSTEST_MASK;
    bool scl, sda;

    if (FIELD_EX16(v, SYSTEST, ST_EN) &&
        FIELD_EX16(v, SYSTEST, TMODE) == SYSTEST_TMODE_SDA_SCL_IO) {
        /* The guest drives the lines; nobody else pulls them low */
        scl = FIELD_EX16(v, SYSTEST, SCL_O);
        sda = FIELD_EX16(v, SYSTEST, SDA_O);
        v = FIELD_DP16(v, SYSTEST, SCL_I, scl);
        v = FIELD_DP16(v, SYSTEST, SDA_I, sda);
    } else {
        /*
         * Functional mode: both lines are high while the bus is idle (Linux
         * waits for that after a reset, omap_i2c_wait_for_bb_valid); we hold
         * SCL low while we keep the bus between bytes or messages.
         */
        scl = s->phase == OMAP3_I2C_IDLE;
        sda = true;
    }
    v = FIELD_DP16(v, SYSTEST, SCL_I_FUNC, scl);
    v = FIELD_DP16(v, SYSTEST, SCL_O_FUNC, scl);
    v = FIELD_DP16(v, SYSTEST, SDA_I_FUNC, sda);
    v = FIELD_DP16(v, SYSTEST, SDA_O_FUNC, sda);
    return v;
}

static uint16_t omap3_i2c_bufstat(OMAP3I2CState *s)
{
    uint16_t v = 0;

    v = FIELD_DP16(v, BUFSTAT, FIFODEPTH, ctz32(s->fifo_size / 8));
    /* 6-bit fields: a full 64-byte FIFO cannot be told from 63 (unsure) */
    v = FIELD_DP16(v, BUFSTAT, RXSTAT, MIN(fifo8_num_used(&s->rx_fifo), 63));
    /* TRM: data still to be written to the TX FIFO (draining, XDR) */
    v = FIELD_DP16(v, BUFSTAT, TXSTAT, MIN(omap3_i2c_tx_to_write(s), 63));
    return v;
}

static uint8_t omap3_i2c_data_read(OMAP3I2CState *s)
{
    uint8_t byte;

    if (fifo8_is_empty(&s->rx_fifo)) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: DATA read with empty RX FIFO\n",
                      __func__, omap3_i2c_name(s));
        s->stat |= R_STAT_AERR_MASK;
        omap3_i2c_update(s);
        return 0;
    }
    byte = fifo8_pop(&s->rx_fifo);
    omap3_i2c_pump(s);
    omap3_i2c_update(s);
    return byte;
}

static void omap3_i2c_data_write(OMAP3I2CState *s, uint8_t byte)
{
    if (fifo8_is_full(&s->tx_fifo)) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: DATA write with full TX FIFO\n",
                      __func__, omap3_i2c_name(s));
        s->stat |= R_STAT_AERR_MASK;
        omap3_i2c_update(s);
        return;
    }
    fifo8_push(&s->tx_fifo, byte);
    omap3_i2c_pump(s);
    omap3_i2c_update(s);
}

static void omap3_i2c_con_write(OMAP3I2CState *s, uint16_t value)
{
    uint16_t old = s->con;

    s->con = value & CON_MASK;
    if (!(s->con & R_CON_I2C_EN_MASK)) {
        if (old & R_CON_I2C_EN_MASK) {
            omap3_i2c_disable(s);
        }
        if (s->con & (R_CON_STT_MASK | R_CON_STP_MASK)) {
            qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: STT/STP with I2C_EN = 0\n",
                          __func__, omap3_i2c_name(s));
        }
        s->con &= ~(R_CON_STT_MASK | R_CON_STP_MASK);
        return;
    }
    if (FIELD_EX16(s->con, CON, OPMODE) == 3) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: reserved OPMODE 3\n",
                      __func__, omap3_i2c_name(s));
    }

    if (s->con & R_CON_STT_MASK) {
        if (!(s->con & R_CON_MST_MASK)) {
            qemu_log_mask(LOG_UNIMP, "%s: %s: slave mode\n",
                          __func__, omap3_i2c_name(s));
            s->con &= ~R_CON_STT_MASK;
            return;
        }
        /* with STP too, the stop follows when DCOUNT reaches 0 */
        omap3_i2c_start(s);
    } else if (s->con & R_CON_STP_MASK) {
        switch (s->phase) {
        case OMAP3_I2C_IDLE:
            s->con &= ~R_CON_STP_MASK;      /* nothing to stop */
            break;
        case OMAP3_I2C_HELD:
        case OMAP3_I2C_NACKED:
            omap3_i2c_stop(s);
            break;
        default:
            /* TRM: the stop is generated when DCOUNT passes 0 */
            break;
        }
    }
}

static void omap3_i2c_buf_write(OMAP3I2CState *s, uint16_t value)
{
    s->buf = value & BUF_MASK;
    if (FIELD_EX16(value, BUF, RXFIFO_CLR)) {
        fifo8_reset(&s->rx_fifo);
    }
    if (FIELD_EX16(value, BUF, TXFIFO_CLR)) {
        fifo8_reset(&s->tx_fifo);
    }
    if (FIELD_EX16(value, BUF, RTRSH) >= s->fifo_size ||
        FIELD_EX16(value, BUF, XTRSH) >= s->fifo_size) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: FIFO threshold beyond the "
                      "%u-byte FIFO\n", __func__, omap3_i2c_name(s),
                      s->fifo_size);
    }
    if (value & (R_BUF_RDMA_EN_MASK | R_BUF_XDMA_EN_MASK)) {
        qemu_log_mask(LOG_UNIMP, "%s: %s: DMA requests\n",
                      __func__, omap3_i2c_name(s));
    }
    /* a cleared FIFO can make room or let a receive continue */
    omap3_i2c_pump(s);
}

static uint64_t omap3_i2c_read(void *opaque, hwaddr offset, unsigned size)
{
    OMAP3I2CState *s = OMAP3_I2C(opaque);
    uint16_t value = 0;

    if (offset & 3 || (size == 1 && offset != A_DATA)) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: bad %u-byte read at 0x%03"
                      HWADDR_PRIx "\n", __func__, omap3_i2c_name(s), size,
                      offset);
        return 0;
    }
    omap3_i2c_catch_up(s);
    omap3_i2c_update(s);

    switch (offset) {
    case A_REV:
        value = OMAP3_I2C_REVISION;
        break;
    case A_IE:
        value = s->ie;
        break;
    case A_STAT:
        value = omap3_i2c_stat(s);
        break;
    case A_WE:
        value = s->we;
        break;
    case A_SYSS:
        /* Linux: "we need to set the EN bit before the reset done bit" */
        value = FIELD_DP16(0, SYSS, RDONE, FIELD_EX16(s->con, CON, I2C_EN));
        break;
    case A_BUF:
        value = s->buf;
        break;
    case A_CNT:
        value = s->cnt;
        break;
    case A_DATA:
        value = omap3_i2c_data_read(s);
        break;
    case A_SYSC:
        value = s->sysc;
        break;
    case A_CON:
        value = s->con;
        break;
    case A_OA0:
        value = s->oa[0];
        break;
    case A_SA:
        value = s->sa;
        break;
    case A_PSC:
        value = s->psc;
        break;
    case A_SCLL:
        value = s->scll;
        break;
    case A_SCLH:
        value = s->sclh;
        break;
    case A_SYSTEST:
        value = omap3_i2c_systest(s);
        break;
    case A_BUFSTAT:
        value = omap3_i2c_bufstat(s);
        break;
    case A_OA1:
    case A_OA2:
    case A_OA3:
        value = s->oa[1 + (offset - A_OA1) / 4];
        break;
    case A_ACTOA:
        value = 0;          /* never addressed as a slave */
        break;
    case A_SBLOCK:
        value = s->sblock;
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: bad register 0x%03"
                      HWADDR_PRIx "\n", __func__, omap3_i2c_name(s), offset);
        return 0;
    }

    trace_omap3_i2c_reg_read(omap3_i2c_name(s), offset, value);
    /* without bus-timing, what the access started is over at once */
    omap3_i2c_catch_up(s);
    omap3_i2c_update(s);
    return value;
}

/* The SCL rates the timing registers give, F/S and HS (for the trace) */
static void omap3_i2c_trace_scl_rate(OMAP3I2CState *s)
{
    uint64_t hz = clock_get_hz(s->fclk);

    trace_omap3_i2c_scl_rate(s->bus_name, hz / omap3_i2c_scl_ticks(s, false),
                             hz / omap3_i2c_scl_ticks(s, true));
}

static void omap3_i2c_write(void *opaque, hwaddr offset, uint64_t data,
                            unsigned size)
{
    OMAP3I2CState *s = OMAP3_I2C(opaque);
    uint16_t value = data;

    if (offset & 3 || (size == 1 && offset != A_DATA)) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: bad %u-byte write at 0x%03"
                      HWADDR_PRIx "\n", __func__, omap3_i2c_name(s), size,
                      offset);
        return;
    }
    trace_omap3_i2c_reg_write(omap3_i2c_name(s), offset, value);
    omap3_i2c_catch_up(s);

    switch (offset) {
    case A_IE:
        s->ie = value & IE_MASK;
        break;
    case A_STAT:
        s->stat &= ~(value & STAT_W1C);
        break;
    case A_WE:
        s->we = value & WE_MASK;
        break;
    case A_BUF:
        omap3_i2c_buf_write(s, value);
        break;
    case A_CNT:
        s->cnt = value;
        break;
    case A_DATA:
        omap3_i2c_data_write(s, value);
        break;
    case A_SYSC:
        if (FIELD_EX16(value, SYSC, SRST)) {
            /* the reset is instantaneous: SRST reads back 0, SYSC is reset */
            omap3_i2c_reset_registers(s);
        } else {
            s->sysc = value & SYSC_MASK;
        }
        break;
    case A_CON:
        omap3_i2c_con_write(s, value);
        break;
    case A_OA0:
        s->oa[0] = value & OA_MASK;
        break;
    case A_SA:
        s->sa = value & SA_MASK;
        break;
    case A_PSC:
        s->psc = value & 0xff;
        omap3_i2c_trace_scl_rate(s);
        break;
    case A_SCLL:
        s->scll = value;
        omap3_i2c_trace_scl_rate(s);
        break;
    case A_SCLH:
        s->sclh = value;
        omap3_i2c_trace_scl_rate(s);
        break;
    case A_SYSTEST:
        s->systest = value & SYSTEST_MASK;
        if (FIELD_EX16(value, SYSTEST, ST_EN)) {
            uint8_t tmode = FIELD_EX16(value, SYSTEST, TMODE);

            if (tmode != SYSTEST_TMODE_FUNCTIONAL &&
                tmode != SYSTEST_TMODE_SDA_SCL_IO) {
                qemu_log_mask(LOG_UNIMP, "%s: %s: SYSTEST TMODE %u\n",
                              __func__, omap3_i2c_name(s), tmode);
            }
            /* TRM: SSB sets all the interrupt status bits (for testing) */
            if (FIELD_EX16(value, SYSTEST, SSB)) {
                s->stat |= STAT_W1C;
            }
        }
        break;
    case A_OA1:
    case A_OA2:
    case A_OA3:
        s->oa[1 + (offset - A_OA1) / 4] = value & OAN_MASK;
        break;
    case A_SBLOCK:
        s->sblock = value & SBLOCK_MASK;
        break;
    case A_REV:
    case A_SYSS:
    case A_BUFSTAT:
    case A_ACTOA:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: read-only register 0x%03"
                      HWADDR_PRIx "\n", __func__, omap3_i2c_name(s), offset);
        return;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: bad register 0x%03"
                      HWADDR_PRIx "\n", __func__, omap3_i2c_name(s), offset);
        return;
    }
    omap3_i2c_catch_up(s);
    omap3_i2c_update(s);
}

static const MemoryRegionOps omap3_i2c_ops = {
    .read = omap3_i2c_read,
    .write = omap3_i2c_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    /* 16-bit registers; 32-bit accesses see them zero-extended; 8-bit: DATA */
    .valid = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
};

I2CBus *omap3_i2c_bus(OMAP3I2CState *s)
{
    return s->bus;
}

static void omap3_i2c_reset_hold(Object *obj, ResetType type)
{
    OMAP3I2CState *s = OMAP3_I2C(obj);

    omap3_i2c_reset_registers(s);
    /*
     * A bus the boot loader used is left enabled (its driver ends every
     * transfer with I2C_CON = I2C_EN), so SYSS.RDONE reads 1 at once when
     * Linux first enables the module.  I2C_SYSC.SRST still clears it.
     */
    if (s->enabled_at_reset) {
        s->con = R_CON_I2C_EN_MASK;
    }
    s->irq_level = false;
    qemu_irq_lower(s->irq);
}
GTA04_RESET_PHASE_COMPAT(omap3_i2c_reset_hold);

static void omap3_i2c_init(Object *obj)
{
    OMAP3I2CState *s = OMAP3_I2C(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_i2c_ops, s, TYPE_OMAP3_I2C,
                          OMAP3_I2C_MMIO_SIZE);
    sysbus_init_mmio(sbd, &s->iomem);
    sysbus_init_irq(sbd, &s->irq);
    s->fclk = qdev_init_clock_in(DEVICE(obj), "fclk", omap3_i2c_fclk_update,
                                 s, ClockUpdate);
    s->bus_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                omap3_i2c_bus_timer_expired, s);
}

static void omap3_i2c_finalize(Object *obj)
{
    OMAP3I2CState *s = OMAP3_I2C(obj);

    timer_free(s->bus_timer);
}

static void omap3_i2c_realize(DeviceState *dev, Error **errp)
{
    OMAP3I2CState *s = OMAP3_I2C(dev);

    /* I2C_BUFSTAT.FIFODEPTH encodes 8 << n bytes */
    if (s->fifo_size != 8 && s->fifo_size != 16 && s->fifo_size != 32 &&
        s->fifo_size != 64) {
        error_setg(errp, "%s: fifo-size must be 8, 16, 32 or 64 (not %u)",
                   TYPE_OMAP3_I2C, s->fifo_size);
        return;
    }
    if (!s->bus_name) {
        s->bus_name = g_strdup("i2c");
    } else if (!*s->bus_name) {
        error_setg(errp, "%s: bus-name must not be empty", TYPE_OMAP3_I2C);
        return;
    }
    /* created here, not in instance_init: the bus name is a property */
    s->bus = i2c_init_bus(dev, s->bus_name);
    fifo8_create(&s->rx_fifo, s->fifo_size);
    fifo8_create(&s->tx_fifo, s->fifo_size);
}

static int omap3_i2c_post_load(void *opaque, int version_id)
{
    OMAP3I2CState *s = opaque;

    if (s->phase > OMAP3_I2C_NACKED || s->count_left > 0x10000 ||
        s->bus_op > OMAP3_I2C_OP_BYTE ||
        (s->bus_op == OMAP3_I2C_OP_BYTE && s->phase != OMAP3_I2C_TX &&
         s->phase != OMAP3_I2C_RX) ||
        s->rx_fifo.num > s->rx_fifo.capacity ||
        s->rx_fifo.head >= s->rx_fifo.capacity ||
        s->tx_fifo.num > s->tx_fifo.capacity ||
        s->tx_fifo.head >= s->tx_fifo.capacity) {
        return -EINVAL;
    }
    /* an operation in flight must be one the controller could have begun */
    if ((s->bus_op == OMAP3_I2C_OP_ADDRESS && !s->addr_pending) ||
        (s->bus_op == OMAP3_I2C_OP_BYTE &&
         (!s->count_left || s->addr_pending ||
          (s->phase == OMAP3_I2C_RX && fifo8_is_full(&s->rx_fifo))))) {
        return -EINVAL;
    }
    if (s->bus_op != OMAP3_I2C_OP_NONE) {
        timer_mod(s->bus_timer, s->bus_end_ns);
    }
    return 0;
}

static const VMStateDescription vmstate_omap3_i2c = {
    .name = TYPE_OMAP3_I2C,
    /* version 2: the functional clock; 3: bus timing */
    .version_id = 3,
    .minimum_version_id = 2,
    .post_load = omap3_i2c_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT16(ie, OMAP3I2CState),
        VMSTATE_UINT16(stat, OMAP3I2CState),
        VMSTATE_UINT16(we, OMAP3I2CState),
        VMSTATE_UINT16(buf, OMAP3I2CState),
        VMSTATE_UINT16(cnt, OMAP3I2CState),
        VMSTATE_UINT16(sysc, OMAP3I2CState),
        VMSTATE_UINT16(con, OMAP3I2CState),
        VMSTATE_UINT16_ARRAY(oa, OMAP3I2CState, 4),
        VMSTATE_UINT16(sa, OMAP3I2CState),
        VMSTATE_UINT16(psc, OMAP3I2CState),
        VMSTATE_UINT16(scll, OMAP3I2CState),
        VMSTATE_UINT16(sclh, OMAP3I2CState),
        VMSTATE_CLOCK(fclk, OMAP3I2CState),
        VMSTATE_UINT16(systest, OMAP3I2CState),
        VMSTATE_UINT16(sblock, OMAP3I2CState),
        VMSTATE_UINT32(phase, OMAP3I2CState),
        VMSTATE_UINT32(count_left, OMAP3I2CState),
        VMSTATE_UINT8(slave_addr, OMAP3I2CState),
        VMSTATE_BOOL(slave_open, OMAP3I2CState),
        VMSTATE_BOOL(ardy_pending, OMAP3I2CState),
        VMSTATE_BOOL(irq_level, OMAP3I2CState),
        VMSTATE_FIFO8(rx_fifo, OMAP3I2CState),
        VMSTATE_FIFO8(tx_fifo, OMAP3I2CState),
        VMSTATE_INT64_V(bus_end_ns, OMAP3I2CState, 3),
        VMSTATE_UINT32_V(bus_op, OMAP3I2CState, 3),
        VMSTATE_UINT8_V(shift, OMAP3I2CState, 3),
        VMSTATE_BOOL_V(addr_pending, OMAP3I2CState, 3),
        VMSTATE_BOOL_V(hs_entered, OMAP3I2CState, 3),
        VMSTATE_END_OF_LIST()
    }
};

static const Property omap3_i2c_properties[] = {
    DEFINE_PROP_STRING("bus-name", OMAP3I2CState, bus_name),
    DEFINE_PROP_UINT32("fifo-size", OMAP3I2CState, fifo_size, 8),
    DEFINE_PROP_BOOL("enabled-at-reset", OMAP3I2CState, enabled_at_reset,
                     false),
    /*
     * Transfers at the programmed bus speed; off: each message is over
     * within the access that starts it (for tests of other devices' timing
     * at the ns, and the bug rows that need it: docs/gta04.md)
     */
    DEFINE_PROP_BOOL("bus-timing", OMAP3I2CState, bus_timing, true),
};

/*
 * OMAP3IdleAckClass::idle_ack: I2C_SYSC.IDLEMODE force-idle acknowledges
 * the PRCM's idle request at once, no-idle never, smart-idle (and
 * smart-idle with wake-up) while the bus is free (I2C_STAT.BB clear).
 */
static bool omap3_i2c_idle_ack(Object *obj)
{
    OMAP3I2CState *s = OMAP3_I2C(obj);

    switch (FIELD_EX16(s->sysc, SYSC, IDLEMODE)) {
    case OMAP3_SIDLE_FORCE:
        return true;
    case OMAP3_SIDLE_NO:
        return false;
    default:
        return !(omap3_i2c_stat(s) & R_STAT_BB_MASK);
    }
}

static void omap3_i2c_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    OMAP3_IDLE_ACK_CLASS(oc)->idle_ack = omap3_i2c_idle_ack;

    dc->realize = omap3_i2c_realize;
    dc->vmsd = &vmstate_omap3_i2c;
    dc->desc = "OMAP3 I2C controller";
    device_class_set_props(dc, omap3_i2c_properties);
    rc->phases.hold = GTA04_RESET_PHASE(omap3_i2c_reset_hold);
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}
GTA04_CLASS_INIT_COMPAT(omap3_i2c_class_init);

static const TypeInfo omap3_i2c_info = {
    .name = TYPE_OMAP3_I2C,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3I2CState),
    .instance_init = omap3_i2c_init,
    .instance_finalize = omap3_i2c_finalize,
    .class_init = GTA04_CLASS_INIT(omap3_i2c_class_init),
    .interfaces = (InterfaceInfo[]) {
        { TYPE_OMAP3_IDLE_ACK },
        { }
    },
};

static void omap3_i2c_register_types(void)
{
    type_register_static(&omap3_i2c_info);
}

type_init(omap3_i2c_register_types)
