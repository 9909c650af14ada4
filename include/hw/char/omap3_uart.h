/*
 * TI OMAP3 / DM3730 UART (UART/IrDA/CIR module, UART mode only)
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_CHAR_OMAP3_UART_H
#define HW_CHAR_OMAP3_UART_H

#include "hw/sysbus.h"
#include "hw/clock.h"
#include "hw/char/serial.h"
#include "qom/object.h"

#define TYPE_OMAP3_UART "omap3-uart"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3UARTState, OMAP3_UART)

/* The module occupies one 4 KiB L4 target (DM37x TRM table 2-3) */
#define OMAP3_UART_MMIO_SIZE    0x1000

/*
 * Named qdev GPIO output: the module's SWAKEUP request to the PRCM, high
 * from an RX-activity wake-up event until the module is next accessed
 */
#define OMAP3_UART_WAKEUP       "wakeup"
/* The RX wire as the SoC pad sees it: a pulse on a character's start bit */
#define OMAP3_UART_RX_PAD       "rx-pad"

/*
 * "rx-text": what the far end of the RX wire types, queued here and sent
 * one character per frame time on the virtual clock (at most this much
 * waits at once)
 */
#define OMAP3_UART_RX_TEXT_SIZE 1024

/*
 * Something that watches what a UART transmits (the board's stimuli wait
 * for a console line): the UART's "tx-watch" link, told each character
 * the guest writes to THR, at the virtual time it writes it.
 */
#define TYPE_OMAP3_UART_TX_WATCH "omap3-uart-tx-watch"
typedef struct OMAP3UARTTxWatchClass OMAP3UARTTxWatchClass;
DECLARE_CLASS_CHECKERS(OMAP3UARTTxWatchClass, OMAP3_UART_TX_WATCH,
                       TYPE_OMAP3_UART_TX_WATCH)

struct OMAP3UARTTxWatchClass {
    InterfaceClass parent_class;
    void (*transmitted)(Object *watch, uint8_t ch);
};

struct OMAP3UARTState {
    /*< private >*/
    SysBusDevice parent_obj;
    /*< public >*/

    /*
     * The 16550-compatible part (RHR/THR, IER[3:0], IIR, FCR, LCR, MCR[4:0],
     * LSR, MSR, SPR, DLL/DLH, the FIFOs and the character backend) is
     * QEMU's own 16550 core; the OMAP registers below wrap it.
     */
    SerialState serial;

    MemoryRegion iomem;
    qemu_irq irq;
    qemu_irq wakeup;
    qemu_irq rx_pad;
    /* clock input "fclk": the 48 MHz functional clock from the CM */
    Clock *fclk;

    /* properties */
    uint8_t revision;           /* MVR */

    bool core_irq;              /* the 16550 core's interrupt output */
    bool rx_ready;              /* last seen LSR.RX_FIFO_E, for RX activity */
    bool irq_level;             /* derived: level driven on irq */
    bool wake_request;          /* the "wakeup" output's level */
    int64_t tx_idle_ns;         /* when the last character is on the wire */
    QEMUTimer *tx_timer;        /* a held THR interrupt, at FIFO empty */
    const char *id;             /* QOM child name, for trace events */
    bool line_rate;             /* property: pace TX at the baud rate */
    Object *tx_watch;           /* link: told each character sent */

    /* property "rx-text": characters still to arrive on the RX wire */
    uint8_t rx_text[OMAP3_UART_RX_TEXT_SIZE];
    uint32_t rx_text_len;
    uint32_t rx_text_pos;       /* the next one to arrive */
    QEMUTimer *rx_text_timer;   /* its frame ends */

    uint8_t ier_hi;             /* IER[7:4]: CTS/RTS/XOFF/SLEEP_MODE */
    uint8_t mcr_hi;             /* MCR[6:5]: TCR_TLR, XON_EN */
    uint8_t fcr;                /* FCR is write-only: its last value */
    uint8_t efr;
    uint8_t xon1;
    uint8_t xon2;
    uint8_t xoff1;
    uint8_t xoff2;
    uint8_t tcr;
    uint8_t tlr;
    uint8_t mdr1;
    uint8_t mdr2;
    uint8_t blr;
    uint8_t acreg;
    uint8_t scr;
    uint8_t ssr_wake;           /* SSR[1] RX_CTS_DSR_WAKE_UP_STS */
    uint8_t eblr;
    uint8_t sysc;
    uint8_t wer;
    uint8_t cfps;
};

#endif /* HW_CHAR_OMAP3_UART_H */
