/*
 * TI OMAP3 (DM37x / OMAP3630) multi-master I2C controller, master mode
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_I2C_OMAP3_I2C_H
#define HW_I2C_OMAP3_I2C_H

#include "hw/sysbus.h"
#include "hw/clock.h"
#include "hw/i2c/i2c.h"
#include "qemu/fifo8.h"
#include "qemu/timer.h"
#include "qom/object.h"

#define TYPE_OMAP3_I2C "omap3-i2c"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3I2CState, OMAP3_I2C)

/* Size of the register window of one controller in the L4 */
#define OMAP3_I2C_MMIO_SIZE     0x1000
/* I2C_REV of the DM37x / OMAP3630 (Linux: OMAP_I2C_REV_ON_3630) */
#define OMAP3_I2C_REVISION      0x40

/* Where the controller is in a master transfer (not guest-visible as such) */
typedef enum OMAP3I2CPhase {
    OMAP3_I2C_IDLE,     /* no transfer: the bus is free (BB = 0) */
    OMAP3_I2C_TX,       /* master transmitter, bytes still to send */
    OMAP3_I2C_RX,       /* master receiver, bytes still to receive */
    OMAP3_I2C_HELD,     /* DCOUNT reached 0 without STP: bus kept (restart) */
    OMAP3_I2C_NACKED,   /* slave did not acknowledge: bus kept until STP/STT */
} OMAP3I2CPhase;

/* What is on the bus right now, taking its SCL cycles (bus_timer) */
typedef enum OMAP3I2CBusOp {
    OMAP3_I2C_OP_NONE,      /* SCL idle or held low (stretched) */
    OMAP3_I2C_OP_ADDRESS,   /* (repeated) start, HS master code, address + ACK */
    OMAP3_I2C_OP_BYTE,      /* one data byte + ACK */
} OMAP3I2CBusOp;

struct OMAP3I2CState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    MemoryRegion iomem;
    qemu_irq irq;
    I2CBus *bus;

    /* properties */
    char *bus_name;         /* qbus name of our I2C bus ("i2c" by default) */
    uint32_t fifo_size;     /* RX and TX FIFO depth: 8, 16, 32 or 64 bytes */
    bool enabled_at_reset;  /* I2C_CON.I2C_EN after a power-on reset */
    bool bus_timing;        /* bytes take their SCL periods (else: at once) */

    /* registers (DM37x TRM SPRUGN4 section 17.6) */
    uint16_t ie;
    uint16_t stat;          /* event bits; BB/ROVR/XUDF are computed on read */
    uint16_t we;
    uint16_t buf;
    uint16_t cnt;
    uint16_t sysc;
    uint16_t con;
    uint16_t oa[4];
    uint16_t sa;
    /* clock input "fclk": the 96 MHz functional clock from the CM */
    Clock *fclk;
    uint16_t psc;
    uint16_t scll;
    uint16_t sclh;
    uint16_t systest;
    uint16_t sblock;

    /* transfer state */
    uint32_t phase;         /* OMAP3I2CPhase */
    uint32_t count_left;    /* DCOUNT still to move (CNT = 0 means 65536) */
    uint8_t slave_addr;     /* address of the current transfer */
    bool slave_open;        /* a transfer is open in QEMU's I2C core */
    bool ardy_pending;      /* receive done: ARDY once the RX FIFO is read */
    bool irq_level;
    Fifo8 rx_fifo;
    Fifo8 tx_fifo;

    /* bus timing: the operation in flight ends when bus_timer fires */
    QEMUTimer *bus_timer;
    uint32_t bus_op;        /* OMAP3I2CBusOp */
    int64_t bus_end_ns;     /* QEMU_CLOCK_VIRTUAL time bus_op ends */
    uint8_t shift;          /* transmit: the byte in the shift register */
    bool addr_pending;      /* a start is due: the address phase comes next */
    bool hs_entered;        /* HS mode: the master code went out since the start */
};

/* The I2C bus the controller masters (valid after realize) */
I2CBus *omap3_i2c_bus(OMAP3I2CState *s);

#endif /* HW_I2C_OMAP3_I2C_H */
