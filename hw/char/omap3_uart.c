/*
 * TI OMAP3 / DM3730 UART (UART/IrDA/CIR module, UART mode only)
 *
 * DM37x TRM (SPRUGN4) chapter 19 "UART/IrDA/CIR Module".  The module is a
 * 16C750-style UART: the 16550 registers at a 4-byte stride plus TI's
 * extensions, selected by the LCR value ("register access modes"):
 *
 *   LCR[7] = 0          operational mode: RHR/THR IER IIR/FCR LCR MCR LSR
 *                       MSR/TCR SPR/TLR
 *   LCR[7] = 1, != 0xBF configuration mode A: DLL DLH IIR/FCR LCR MCR LSR
 *                       MSR/TCR SPR/TLR
 *   LCR = 0xBF          configuration mode B: DLL DLH EFR LCR XON1 XON2
 *                       XOFF1/TCR XOFF2/TLR
 *
 * TCR/TLR replace MSR/SPR (XOFF1/XOFF2 in mode B) while EFR[4] and MCR[6]
 * are both set.  From 0x20 on the OMAP registers (MDR1, SCR, SSR, MVR,
 * SYSC, SYSS, WER, ...) are visible in every mode.
 *
 * The 16550 part is QEMU's own core (hw/char/serial.c), embedded as a
 * child and driven through serial_io_ops, so FIFOs, timeouts, the
 * interrupt priority logic and the character backend are shared with
 * every other QEMU UART.  QEMU 7.2's hw/char/omap_uart.c is not reused:
 * its OMAP register block is mapped at base + 0x20 while its switch uses
 * module offsets, so every OMAP register appears 0x20 too high (MVR at
 * 0x70, SYSS at 0x78), and it has no vmstate.
 *
 * Not modelled: IrDA/CIR modes (MDR1 MODE_SELECT 1, 4, 5, 6), DMA requests,
 * hardware/software flow control (EFR, XON/XOFF are storage), autobaud.
 * MDR1 MODE_SELECT = 7 ("disabled", the reset value) does not stop the
 * 16550 core: with -kernel there is no boot loader to enable the UART, and
 * Linux's earlycon=uart8250 never writes MDR1.
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
#include "hw/char/omap3_uart.h"
#include "hw/misc/omap3_prcm.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/registerfields.h"
#include "hw/qdev-clock.h"
#include "migration/vmstate.h"
#include "qemu/timer.h"
#include "trace.h"

REG32(RHR_THR_DLL, 0x00)
REG32(IER_DLH, 0x04)
    FIELD(IER, CORE, 0, 4)          /* RHR, THR, LINE_STS, MODEM_STS */
    FIELD(IER, SLEEP_MODE, 4, 1)
    FIELD(IER, OMAP, 4, 4)          /* SLEEP_MODE, XOFF, RTS, CTS */
REG32(IIR_FCR_EFR, 0x08)
    FIELD(IIR, IT_PENDING, 0, 1)    /* 1: no interrupt pending */
    FIELD(IIR, IT_TYPE, 1, 5)
    FIELD(IIR, FCR_MIRROR, 6, 2)
    FIELD(FCR, FIFO_EN, 0, 1)
    FIELD(FCR, RX_FIFO_CLEAR, 1, 1)
    FIELD(FCR, TX_FIFO_CLEAR, 2, 1)
    FIELD(FCR, TX_FIFO_TRIG, 4, 2)
    FIELD(FCR, RX_FIFO_TRIG, 6, 2)
    FIELD(EFR, ENHANCED_EN, 4, 1)
REG32(LCR, 0x0c)
    FIELD(LCR, DIV_EN, 7, 1)
REG32(MCR_XON1, 0x10)
    FIELD(MCR, CORE, 0, 5)          /* DTR, RTS, RI/CD_STS_CH, LOOPBACK_EN */
    FIELD(MCR, XON_EN, 5, 1)
    FIELD(MCR, TCR_TLR, 6, 1)
REG32(LSR_XON2, 0x14)
    FIELD(LSR, RX_FIFO_E, 0, 1)
    FIELD(LSR, TX_FIFO_E, 5, 1)
    FIELD(LSR, TX_SR_E, 6, 1)
REG32(MSR_TCR_XOFF1, 0x18)
REG32(SPR_TLR_XOFF2, 0x1c)
    FIELD(TLR, RX_FIFO_TRIG_DMA, 4, 4)
REG32(MDR1, 0x20)
    FIELD(MDR1, MODE_SELECT, 0, 3)
REG32(MDR2, 0x24)
REG32(SFLSR_TXFLL, 0x28)
REG32(RESUME_TXFLH, 0x2c)
REG32(SFREGL_RXFLL, 0x30)
REG32(SFREGH_RXFLH, 0x34)
REG32(BLR_UASR, 0x38)
REG32(ACREG, 0x3c)
REG32(SCR, 0x40)
    FIELD(SCR, RX_CTS_DSR_WAKE_UP_ENABLE, 4, 1)
    FIELD(SCR, RX_TRIG_GRANU1, 7, 1)
REG32(SSR, 0x44)
    FIELD(SSR, TX_FIFO_FULL, 0, 1)
    FIELD(SSR, RX_CTS_DSR_WAKE_UP_STS, 1, 1)
REG32(EBLR, 0x48)
REG32(MVR, 0x50)
REG32(SYSC, 0x54)
    FIELD(SYSC, AUTOIDLE, 0, 1)
    FIELD(SYSC, SOFTRESET, 1, 1)
    FIELD(SYSC, ENAWAKEUP, 2, 1)
    FIELD(SYSC, IDLEMODE, 3, 2)
REG32(SYSS, 0x58)
    FIELD(SYSS, RESETDONE, 0, 1)
REG32(WER, 0x5c)
    FIELD(WER, RX_ACTIVITY, 4, 1)
REG32(CFPS, 0x60)
REG32(RXFIFO_LVL, 0x64)
REG32(TXFIFO_LVL, 0x68)

#define LCR_CONF_MODE_B         0xbf

/* IIR[5:1] IT_TYPE: THR interrupt */
#define IIR_IT_TYPE_THR         1

/* TX FIFO depth (TRM "FIFO management"); QEMU's core has only 16 */
#define OMAP3_UART_TX_FIFO_SIZE 64

/* MDR1 MODE_SELECT values */
#define MDR1_MODE_UART16X       0
#define MDR1_MODE_UART16X_AUTO  2
#define MDR1_MODE_UART13X       3
#define MDR1_MODE_DISABLE       7

#define SYSC_IDLEMODE_NO_IDLE   1
#define SYSC_WRITABLE           (R_SYSC_AUTOIDLE_MASK | \
                                 R_SYSC_ENAWAKEUP_MASK | \
                                 R_SYSC_IDLEMODE_MASK)

/* Register numbers of QEMU's 16550 core (serial_io_ops, addr 0..7) */
enum {
    CORE_RBR_THR = 0,           /* DLL while LCR.DLAB */
    CORE_IER = 1,               /* DLH while LCR.DLAB */
    CORE_IIR_FCR = 2,
    CORE_LCR = 3,
    CORE_MCR = 4,
    CORE_LSR = 5,
    CORE_MSR = 6,
    CORE_SPR = 7,
};

static const char *const mdr1_mode_name[8] = {
    "uart16x", "sir", "uart16x-autobaud", "uart13x",
    "mir", "fir", "cir", "disabled",
};

static uint8_t core_read(OMAP3UARTState *s, int reg)
{
    return serial_io_ops.read(&s->serial, reg, 1);
}

static void core_write(OMAP3UARTState *s, int reg, uint8_t val)
{
    serial_io_ops.write(&s->serial, reg, val, 1);
}

typedef enum {
    ACCESS_OPERATIONAL,
    ACCESS_CONFIG_A,
    ACCESS_CONFIG_B,
} OMAP3UARTAccessMode;

static OMAP3UARTAccessMode omap3_uart_access_mode(uint8_t lcr)
{
    if (lcr == LCR_CONF_MODE_B) {
        return ACCESS_CONFIG_B;
    }
    return FIELD_EX8(lcr, LCR, DIV_EN) ? ACCESS_CONFIG_A : ACCESS_OPERATIONAL;
}

static const char *omap3_uart_access_mode_name(OMAP3UARTAccessMode mode)
{
    switch (mode) {
    case ACCESS_CONFIG_A:
        return "config-a";
    case ACCESS_CONFIG_B:
        return "config-b";
    default:
        return "operational";
    }
}

/* TCR/TLR are reachable only with EFR[4] ENHANCED_EN and MCR[6] TCR_TLR */
static bool omap3_uart_tcr_tlr_enabled(OMAP3UARTState *s)
{
    return FIELD_EX8(s->efr, EFR, ENHANCED_EN) &&
           FIELD_EX8(s->mcr_hi, MCR, TCR_TLR);
}

static bool omap3_uart_enhanced(OMAP3UARTState *s)
{
    return FIELD_EX8(s->efr, EFR, ENHANCED_EN);
}

/*
 * Transmission at the line rate ("line-rate" on).  QEMU's 16550 core hands
 * every character to the backend at once; the chip shifts it out in one
 * frame time (start + data + parity + stop bits at the programmed baud
 * rate), so a driver polling LSR.TX_FIFO_E, like the kernel's console,
 * waits that long per character.  tx_idle_ns is when the last character
 * written will have left the shift register; what is not yet on the wire
 * is derived from it.  Off (the default), the UART sends as QEMU's 16550
 * does: a kernel printing on its console boots as fast as on other boards.
 */
static unsigned omap3_uart_tx_pending(OMAP3UARTState *s)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    uint64_t frame = s->serial.char_transmit_time;

    if (!s->line_rate || !frame || s->tx_idle_ns <= now) {
        return 0;
    }
    return DIV_ROUND_UP(s->tx_idle_ns - now, frame);
}

/* THR (or the TX FIFO) empty: at most the shift register still busy */
static bool omap3_uart_tx_fifo_empty(OMAP3UARTState *s)
{
    return omap3_uart_tx_pending(s) <= 1;
}

static unsigned omap3_uart_tx_capacity(OMAP3UARTState *s)
{
    /* the FIFO (or THR) plus the shift register */
    return (FIELD_EX8(s->serial.fcr, FCR, FIFO_EN) ? OMAP3_UART_TX_FIFO_SIZE
                                                   : 1) + 1;
}

/*
 * The core raised its THR interrupt the moment it took the character; the
 * chip raises it when the FIFO has drained.  Until then it is held back,
 * in the line and in IIR.
 */
static bool omap3_uart_thr_irq_held(OMAP3UARTState *s)
{
    return s->core_irq &&
           FIELD_EX8(s->serial.iir, IIR, IT_TYPE) == IIR_IT_TYPE_THR &&
           !omap3_uart_tx_fifo_empty(s);
}

static void omap3_uart_update_irq(OMAP3UARTState *s)
{
    bool held = omap3_uart_thr_irq_held(s);
    /*
     * The wake-up interrupt (SSR[1], enabled by SCR[4]) shares the line
     * with the 16550 interrupts but is not reported in IIR.
     */
    bool level = (s->core_irq && !held) || s->ssr_wake;

    if (held) {
        /* re-evaluate when the FIFO is empty: one frame before idle */
        timer_mod(s->tx_timer, s->tx_idle_ns - s->serial.char_transmit_time);
    }

    if (level != s->irq_level) {
        s->irq_level = level;
        trace_omap3_uart_irq(s->id, level);
        qemu_set_irq(s->irq, level);
    }
}

/*
 * RX FIFO interrupt threshold (TRM "FIFO interrupt mode"): with
 * SCR[7] RX_TRIG_GRANU1 it is TLR[7:4]:FCR[7:6] characters; otherwise
 * 4 * TLR[7:4], or FCR[7:6] = 8/16/56/60 when TLR[7:4] is 0.  Linux uses
 * granularity 1 with a threshold of 1.  QEMU's core has a 16-byte FIFO
 * (the OMAP one has 64), so the threshold is clamped to it.
 */
static void omap3_uart_update_rx_trigger(OMAP3UARTState *s)
{
    static const unsigned fcr_levels[4] = { 8, 16, 56, 60 };
    unsigned fcr_trig = FIELD_EX8(s->fcr, FCR, RX_FIFO_TRIG);
    unsigned tlr_trig = FIELD_EX8(s->tlr, TLR, RX_FIFO_TRIG_DMA);
    unsigned level;

    if (FIELD_EX8(s->scr, SCR, RX_TRIG_GRANU1)) {
        level = (tlr_trig << 2) | fcr_trig;
    } else if (tlr_trig) {
        level = tlr_trig * 4;
    } else {
        level = fcr_levels[fcr_trig];
    }
    s->serial.recv_fifo_itl = MAX(1, MIN(level, UART_FIFO_LENGTH));
}

/* The baud clock is the functional clock divided by 16 or 13 (MDR1) */
static void omap3_uart_update_baud_clock(OMAP3UARTState *s)
{
    unsigned mode = FIELD_EX8(s->mdr1, MDR1, MODE_SELECT);
    uint32_t baudbase = clock_get_hz(s->fclk) /
                        (mode == MDR1_MODE_UART13X ? 13 : 16);

    /* a stopped clock (only before the CM's reset) leaves the rate alone */
    if (baudbase && s->serial.baudbase != baudbase) {
        trace_omap3_uart_baud_clock(s->id, baudbase);
        /* the 16550 core takes a new rate on an LCR write */
        s->serial.baudbase = baudbase;
        core_write(s, CORE_LCR, s->serial.lcr);
    }
}

/* The wake-up request (SWAKEUP) to the PRCM rises or drops */
static void omap3_uart_set_wake_request(OMAP3UARTState *s, bool level)
{
    if (level != s->wake_request) {
        s->wake_request = level;
        trace_omap3_uart_wakeup(s->id, level);
        qemu_set_irq(s->wakeup, level);
    }
}

/*
 * Module reset: SYSC.SOFTRESET and the system reset both end here.  The
 * 16550 core is brought to the OMAP reset values (DLL = DLH = 0, MCR = 0:
 * the core's own reset leaves DLL = 0x0c and MCR.OUT2 set, PC style)
 * through its register interface.
 */
static void omap3_uart_reset_module(OMAP3UARTState *s)
{
    s->ier_hi = 0;
    s->mcr_hi = 0;
    s->fcr = 0;
    s->efr = 0;
    s->xon1 = 0;
    s->xon2 = 0;
    s->xoff1 = 0;
    s->xoff2 = 0;
    s->tcr = 0;             /* [reset value unverified] */
    s->tlr = 0;
    s->mdr1 = MDR1_MODE_DISABLE;
    s->mdr2 = 0;
    s->blr = 0x40;
    s->acreg = 0;
    s->scr = 0;
    s->ssr_wake = 0;
    s->eblr = 0;
    s->sysc = 0;
    s->wer = 0x7f;
    s->cfps = 0x69;
    s->tx_idle_ns = 0;
    timer_del(s->tx_timer);
    omap3_uart_set_wake_request(s, false);

    core_write(s, CORE_LCR, R_LCR_DIV_EN_MASK);
    core_write(s, CORE_RBR_THR, 0);
    core_write(s, CORE_IER, 0);
    core_write(s, CORE_LCR, 0);
    core_write(s, CORE_IER, 0);
    /* both FIFOs flushed, FIFO mode off */
    core_write(s, CORE_IIR_FCR,
               R_FCR_RX_FIFO_CLEAR_MASK | R_FCR_TX_FIFO_CLEAR_MASK);
    core_write(s, CORE_MCR, 0);
    core_write(s, CORE_SPR, 0);
    /* reading LSR and MSR clears the error and delta bits */
    core_read(s, CORE_LSR);
    core_read(s, CORE_MSR);

    omap3_uart_update_baud_clock(s);
    s->rx_ready = FIELD_EX8(s->serial.lsr, LSR, RX_FIFO_E);
    omap3_uart_update_irq(s);
}

/*
 * A character arrived (LSR.RX_FIFO_E went 0 -> 1): the RX-activity wake
 * event.  With SCR[4] it raises the wake-up interrupt (SSR[1]); with
 * SYSC.ENAWAKEUP and WER[4] it asks the PRCM for a wake-up (SWAKEUP,
 * DM37x TRM chapter 19, SYSC and WER), unless the module is in no-idle
 * mode, where it never sleeps.  The request stands until the module is
 * next accessed.  ASSUMPTION (shared with the GPIO and GPT models): the
 * model does not follow the PRCM's idle handshake, so a module that may
 * idle is taken as idle when the character comes, and an access as the
 * end of its idle; whether the PRCM takes the request (the module's
 * clocks cut) is the PRM's to judge.  Only RX activity: the model has no
 * CTS/DSR/RI input to wake on.
 */
static void omap3_uart_rx_activity(OMAP3UARTState *s)
{
    if (FIELD_EX8(s->scr, SCR, RX_CTS_DSR_WAKE_UP_ENABLE) && !s->ssr_wake) {
        s->ssr_wake = 1;
        trace_omap3_uart_wake_status(s->id);
    }
    if (FIELD_EX8(s->sysc, SYSC, ENAWAKEUP) &&
        FIELD_EX8(s->wer, WER, RX_ACTIVITY) &&
        FIELD_EX8(s->sysc, SYSC, IDLEMODE) != SYSC_IDLEMODE_NO_IDLE) {
        omap3_uart_set_wake_request(s, true);
    }
}

/* The 16550 core's interrupt output */
static void omap3_uart_core_irq(void *opaque, int n, int level)
{
    OMAP3UARTState *s = opaque;
    bool rx_ready = FIELD_EX8(s->serial.lsr, LSR, RX_FIFO_E);

    /*
     * The core re-evaluates its interrupt whenever LSR.DR changes.  A
     * character into an empty receiver is also a start bit on the RX pad,
     * which the pad's I/O wake-up sees even with the module idle (SCM
     * PADCONF WAKEUPENABLE); later characters behind it are not reported.
     */
    if (rx_ready && !s->rx_ready) {
        qemu_irq_pulse(s->rx_pad);
        omap3_uart_rx_activity(s);
    }
    s->rx_ready = rx_ready;
    s->core_irq = level;
    omap3_uart_update_irq(s);
}

/*
 * The far end of the RX wire, driven from the board ("rx-text"): a sender
 * at the UART's programmed frame time, on QEMU_CLOCK_VIRTUAL, so that what
 * is typed reaches the receiver at the same guest moment whatever the host
 * does (a host's console characters come whenever the main loop reads
 * them).  Each character goes through the 16550 core's own receive
 * handler, as one from the character backend would.  ASSUMPTION: the
 * sender waits while the receiver has no room (as a sender with flow
 * control would; the model has no RTS/CTS): nothing typed is lost.
 */
static void omap3_uart_rx_text_schedule(OMAP3UARTState *s)
{
    timer_mod(s->rx_text_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
              MAX(s->serial.char_transmit_time, 1));
}

static void omap3_uart_rx_text_next(void *opaque)
{
    OMAP3UARTState *s = opaque;
    CharBackend *be = &s->serial.chr;
    uint8_t ch;

    if (s->rx_text_pos >= s->rx_text_len) {
        return;
    }
    if (be->chr_read && be->chr_can_read && be->chr_can_read(be->opaque) > 0) {
        ch = s->rx_text[s->rx_text_pos++];
        trace_omap3_uart_rx_text(s->id, ch, s->rx_text_len - s->rx_text_pos);
        be->chr_read(be->opaque, &ch, 1);
    }
    if (s->rx_text_pos < s->rx_text_len) {
        omap3_uart_rx_text_schedule(s);
    } else {
        s->rx_text_len = s->rx_text_pos = 0;
    }
}

static char *omap3_uart_get_rx_text(Object *obj, Error **errp)
{
    OMAP3UARTState *s = OMAP3_UART(obj);

    return g_strndup((const char *)s->rx_text + s->rx_text_pos,
                     s->rx_text_len - s->rx_text_pos);
}

static void omap3_uart_set_rx_text(Object *obj, const char *text,
                                   Error **errp)
{
    OMAP3UARTState *s = OMAP3_UART(obj);
    size_t n = strlen(text);

    if (!s->serial.chr.chr_read) {
        error_setg(errp, "%s has no character device: nothing receives "
                   "what rx-text would type", s->id);
        return;
    }
    if (s->rx_text_pos) {           /* what arrived makes room */
        memmove(s->rx_text, s->rx_text + s->rx_text_pos,
                s->rx_text_len - s->rx_text_pos);
        s->rx_text_len -= s->rx_text_pos;
        s->rx_text_pos = 0;
    }
    if (n > sizeof(s->rx_text) - s->rx_text_len) {
        error_setg(errp, "rx-text: %zu characters do not fit (%zu still to "
                   "arrive, at most %d)", n, (size_t)s->rx_text_len,
                   OMAP3_UART_RX_TEXT_SIZE);
        return;
    }
    memcpy(s->rx_text + s->rx_text_len, text, n);
    s->rx_text_len += n;
    if (n && !timer_pending(s->rx_text_timer)) {
        omap3_uart_rx_text_schedule(s);
    }
}

static void omap3_uart_write_thr(OMAP3UARTState *s, uint8_t val)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    unsigned pending = omap3_uart_tx_pending(s);

    if (pending >= omap3_uart_tx_capacity(s)) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: THR written with the TX FIFO "
                      "full, character 0x%02x lost\n", __func__, s->id, val);
        return;
    }
    s->tx_idle_ns = MAX(now, s->tx_idle_ns) + s->serial.char_transmit_time;
    trace_omap3_uart_tx(s->id, val, pending + 1);
    core_write(s, CORE_RBR_THR, val);
    omap3_uart_update_irq(s);
    if (s->tx_watch) {
        OMAP3_UART_TX_WATCH_GET_CLASS(s->tx_watch)->transmitted(s->tx_watch,
                                                                val);
    }
}

static void omap3_uart_tx_drained(void *opaque)
{
    OMAP3UARTState *s = opaque;

    trace_omap3_uart_tx_drained(s->id);
    omap3_uart_update_irq(s);
}

static void omap3_uart_write_lcr(OMAP3UARTState *s, uint8_t val)
{
    OMAP3UARTAccessMode old = omap3_uart_access_mode(s->serial.lcr);
    OMAP3UARTAccessMode new = omap3_uart_access_mode(val);

    /* LCR[7] is the core's DLAB: DLL/DLH in both configuration modes */
    core_write(s, CORE_LCR, val);
    if (old != new) {
        trace_omap3_uart_access_mode(s->id, omap3_uart_access_mode_name(new));
    }
}

static void omap3_uart_write_ier(OMAP3UARTState *s, uint8_t val)
{
    /* IER[7:4] are writable only with EFR[4] ENHANCED_EN */
    if (omap3_uart_enhanced(s)) {
        uint8_t ier_hi = val & R_IER_OMAP_MASK;

        if ((ier_hi ^ s->ier_hi) & R_IER_SLEEP_MODE_MASK) {
            trace_omap3_uart_sleep_mode(s->id,
                                        FIELD_EX8(ier_hi, IER, SLEEP_MODE));
        }
        s->ier_hi = ier_hi;
    }
    core_write(s, CORE_IER, val & R_IER_CORE_MASK);
}

static void omap3_uart_write_fcr(OMAP3UARTState *s, uint8_t val)
{
    /* FCR[5:4] TX_FIFO_TRIG is writable only with EFR[4] ENHANCED_EN */
    if (!omap3_uart_enhanced(s)) {
        val = (val & ~R_FCR_TX_FIFO_TRIG_MASK) |
              (s->fcr & R_FCR_TX_FIFO_TRIG_MASK);
    }
    /* the two FIFO clear bits are self-clearing */
    s->fcr = val & ~(R_FCR_RX_FIFO_CLEAR_MASK | R_FCR_TX_FIFO_CLEAR_MASK);
    if (FIELD_EX8(val, FCR, TX_FIFO_CLEAR) && omap3_uart_tx_pending(s) > 1) {
        /* what waits in the FIFO is gone; the shift register finishes */
        s->tx_idle_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                        s->serial.char_transmit_time;
    }
    core_write(s, CORE_IIR_FCR, val);
    omap3_uart_update_rx_trigger(s);
}

static void omap3_uart_write_mcr(OMAP3UARTState *s, uint8_t val)
{
    /* MCR[6:5] are writable only with EFR[4] ENHANCED_EN */
    if (omap3_uart_enhanced(s)) {
        s->mcr_hi = val & (R_MCR_XON_EN_MASK | R_MCR_TCR_TLR_MASK);
    }
    core_write(s, CORE_MCR, val & R_MCR_CORE_MASK);
}

static void omap3_uart_write_mdr1(OMAP3UARTState *s, uint8_t val)
{
    unsigned old = FIELD_EX8(s->mdr1, MDR1, MODE_SELECT);
    unsigned mode = FIELD_EX8(val, MDR1, MODE_SELECT);

    s->mdr1 = val;
    if (mode != old) {
        trace_omap3_uart_mdr1_mode(s->id, mdr1_mode_name[mode]);
        switch (mode) {
        case MDR1_MODE_UART16X:
        case MDR1_MODE_UART16X_AUTO:
        case MDR1_MODE_UART13X:
        case MDR1_MODE_DISABLE:
            break;
        default:
            qemu_log_mask(LOG_UNIMP, "%s: %s: MDR1 mode %s not modelled, "
                          "the module keeps working as a UART\n",
                          __func__, s->id, mdr1_mode_name[mode]);
            break;
        }
    }
    omap3_uart_update_baud_clock(s);
}

static void omap3_uart_write_scr(OMAP3UARTState *s, uint8_t val)
{
    s->scr = val;
    /* SSR[1] is cleared by disabling the wake-up interrupt */
    if (!FIELD_EX8(val, SCR, RX_CTS_DSR_WAKE_UP_ENABLE)) {
        s->ssr_wake = 0;
    }
    omap3_uart_update_rx_trigger(s);
    omap3_uart_update_irq(s);
}

static void omap3_uart_write_sysc(OMAP3UARTState *s, uint8_t val)
{
    if (FIELD_EX8(val, SYSC, SOFTRESET)) {
        /* the reset completes at once: SOFTRESET reads 0, SYSS.RESETDONE 1 */
        trace_omap3_uart_reset(s->id, "softreset");
        omap3_uart_reset_module(s);
        return;
    }
    if (FIELD_EX8(val, SYSC, IDLEMODE) == 3) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: reserved SYSC.IDLEMODE 3\n",
                      __func__, s->id);
    }
    s->sysc = val & SYSC_WRITABLE;
}

static uint8_t omap3_uart_ssr(OMAP3UARTState *s)
{
    bool tx_full;

    if (s->line_rate) {
        tx_full = omap3_uart_tx_pending(s) >= omap3_uart_tx_capacity(s);
    } else if (FIELD_EX8(s->serial.fcr, FCR, FIFO_EN)) {
        tx_full = fifo8_is_full(&s->serial.xmit_fifo);
    } else {
        tx_full = !FIELD_EX8(s->serial.lsr, LSR, TX_FIFO_E);
    }

    return FIELD_DP8(0, SSR, TX_FIFO_FULL, tx_full) |
           FIELD_DP8(0, SSR, RX_CTS_DSR_WAKE_UP_STS, s->ssr_wake);
}

static uint64_t omap3_uart_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3UARTState *s = opaque;
    OMAP3UARTAccessMode mode = omap3_uart_access_mode(s->serial.lcr);
    uint8_t val = 0;

    /* an access brings the module out of idle: its request is served */
    omap3_uart_set_wake_request(s, false);
    /* every register is 8 bits wide in the low byte of its 32-bit slot */
    if (addr & 3) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: unaligned read at 0x%02"
                      HWADDR_PRIx "\n", __func__, s->id, addr);
        return 0;
    }

    switch (addr) {
    case A_RHR_THR_DLL:
        val = core_read(s, CORE_RBR_THR);
        break;
    case A_IER_DLH:
        val = core_read(s, CORE_IER);
        if (mode == ACCESS_OPERATIONAL) {
            val |= s->ier_hi;
        }
        break;
    case A_IIR_FCR_EFR:
        if (mode == ACCESS_CONFIG_B) {
            val = s->efr;
        } else if (omap3_uart_thr_irq_held(s)) {
            /* not pending yet; a core read would also clear it */
            val = FIELD_DP8(0, IIR, IT_PENDING, 1) |
                  (FIELD_EX8(s->serial.fcr, FCR, FIFO_EN) ?
                   R_IIR_FCR_MIRROR_MASK : 0);
        } else {
            val = core_read(s, CORE_IIR_FCR);
        }
        break;
    case A_LCR:
        val = s->serial.lcr;
        break;
    case A_MCR_XON1:
        val = mode == ACCESS_CONFIG_B ? s->xon1
                                      : core_read(s, CORE_MCR) | s->mcr_hi;
        break;
    case A_LSR_XON2:
        if (mode == ACCESS_CONFIG_B) {
            val = s->xon2;
            break;
        }
        val = core_read(s, CORE_LSR);
        /* LSR[5] TX_FIFO_E, LSR[6] TX_SR_E, from the line rate */
        if (!omap3_uart_tx_fifo_empty(s)) {
            val &= ~R_LSR_TX_FIFO_E_MASK;
        }
        if (omap3_uart_tx_pending(s)) {
            val &= ~R_LSR_TX_SR_E_MASK;
        }
        break;
    case A_MSR_TCR_XOFF1:
        if (omap3_uart_tcr_tlr_enabled(s)) {
            val = s->tcr;
        } else {
            val = mode == ACCESS_CONFIG_B ? s->xoff1 : core_read(s, CORE_MSR);
        }
        break;
    case A_SPR_TLR_XOFF2:
        if (omap3_uart_tcr_tlr_enabled(s)) {
            val = s->tlr;
        } else {
            val = mode == ACCESS_CONFIG_B ? s->xoff2 : core_read(s, CORE_SPR);
        }
        break;
    case A_MDR1:
        val = s->mdr1;
        break;
    case A_MDR2:
        val = s->mdr2;
        break;
    case A_SFLSR_TXFLL:
    case A_RESUME_TXFLH:
    case A_SFREGL_RXFLL:
    case A_SFREGH_RXFLH:
        /* IrDA frame status: nothing to report in UART mode */
        break;
    case A_BLR_UASR:
        val = s->blr;
        break;
    case A_ACREG:
        val = s->acreg;
        break;
    case A_SCR:
        val = s->scr;
        break;
    case A_SSR:
        val = omap3_uart_ssr(s);
        break;
    case A_EBLR:
        val = s->eblr;
        break;
    case A_MVR:
        val = s->revision;
        break;
    case A_SYSC:
        val = s->sysc;
        break;
    case A_SYSS:
        val = R_SYSS_RESETDONE_MASK;
        break;
    case A_WER:
        val = s->wer;
        break;
    case A_CFPS:
        val = s->cfps;
        break;
    case A_RXFIFO_LVL:
        val = FIELD_EX8(s->serial.fcr, FCR, FIFO_EN)
              ? s->serial.recv_fifo.num
              : FIELD_EX8(s->serial.lsr, LSR, RX_FIFO_E);
        break;
    case A_TXFIFO_LVL:
        val = s->line_rate ? MAX(omap3_uart_tx_pending(s), 1) - 1
                           : s->serial.xmit_fifo.num;
        break;
    default:
        qemu_log_mask(LOG_UNIMP, "%s: %s: unimplemented register 0x%02"
                      HWADDR_PRIx "\n", __func__, s->id, addr);
        break;
    }

    trace_omap3_uart_read(s->id, addr, val, size);
    return val;
}

static void omap3_uart_write(void *opaque, hwaddr addr, uint64_t value,
                             unsigned size)
{
    OMAP3UARTState *s = opaque;
    OMAP3UARTAccessMode mode = omap3_uart_access_mode(s->serial.lcr);
    uint8_t val = value;

    trace_omap3_uart_write(s->id, addr, value, size);
    omap3_uart_set_wake_request(s, false);
    if (addr & 3) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: unaligned write at 0x%02"
                      HWADDR_PRIx "\n", __func__, s->id, addr);
        return;
    }

    switch (addr) {
    case A_RHR_THR_DLL:
        if (mode == ACCESS_OPERATIONAL) {
            omap3_uart_write_thr(s, val);
        } else {
            core_write(s, CORE_RBR_THR, val);
        }
        break;
    case A_IER_DLH:
        if (mode == ACCESS_OPERATIONAL) {
            omap3_uart_write_ier(s, val);
        } else {
            /* DLH CLOCK_MSB is 6 bits */
            core_write(s, CORE_IER, val & 0x3f);
        }
        break;
    case A_IIR_FCR_EFR:
        if (mode == ACCESS_CONFIG_B) {
            s->efr = val;
        } else {
            omap3_uart_write_fcr(s, val);
        }
        break;
    case A_LCR:
        omap3_uart_write_lcr(s, val);
        break;
    case A_MCR_XON1:
        if (mode == ACCESS_CONFIG_B) {
            s->xon1 = val;
        } else {
            omap3_uart_write_mcr(s, val);
        }
        break;
    case A_LSR_XON2:
        if (mode == ACCESS_CONFIG_B) {
            s->xon2 = val;
        } else {
            qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: LSR is read-only\n",
                          __func__, s->id);
        }
        break;
    case A_MSR_TCR_XOFF1:
        if (omap3_uart_tcr_tlr_enabled(s)) {
            s->tcr = val;
        } else if (mode == ACCESS_CONFIG_B) {
            s->xoff1 = val;
        } else {
            qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: MSR is read-only\n",
                          __func__, s->id);
        }
        break;
    case A_SPR_TLR_XOFF2:
        if (omap3_uart_tcr_tlr_enabled(s)) {
            s->tlr = val;
            omap3_uart_update_rx_trigger(s);
        } else if (mode == ACCESS_CONFIG_B) {
            s->xoff2 = val;
        } else {
            core_write(s, CORE_SPR, val);
        }
        break;
    case A_MDR1:
        omap3_uart_write_mdr1(s, val);
        break;
    case A_MDR2:
        s->mdr2 = val & 0x7f;
        break;
    case A_SFLSR_TXFLL:
    case A_RESUME_TXFLH:
    case A_SFREGL_RXFLL:
    case A_SFREGH_RXFLH:
        /* IrDA frame lengths: no effect in UART mode */
        break;
    case A_BLR_UASR:
        s->blr = val;
        break;
    case A_ACREG:
        s->acreg = val;
        break;
    case A_SCR:
        omap3_uart_write_scr(s, val);
        break;
    case A_EBLR:
        s->eblr = val;
        break;
    case A_SYSC:
        omap3_uart_write_sysc(s, val);
        break;
    case A_WER:
        s->wer = val;
        break;
    case A_CFPS:
        s->cfps = val;
        break;
    case A_SSR:
    case A_MVR:
    case A_SYSS:
    case A_RXFIFO_LVL:
    case A_TXFIFO_LVL:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: %s: write to read-only register "
                      "0x%02" HWADDR_PRIx "\n", __func__, s->id, addr);
        break;
    default:
        qemu_log_mask(LOG_UNIMP, "%s: %s: unimplemented register 0x%02"
                      HWADDR_PRIx "\n", __func__, s->id, addr);
        break;
    }
}

/*
 * Linux's omap-serial uses 16-bit accesses, earlycon=uart8250,mmio32 uses
 * 32-bit ones: every width reaches the 8-bit register in the low byte.
 */
static const MemoryRegionOps omap3_uart_ops = {
    .read = omap3_uart_read,
    .write = omap3_uart_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
};

static void omap3_uart_reset_hold(Object *obj, ResetType type)
{
    OMAP3UARTState *s = OMAP3_UART(obj);

    trace_omap3_uart_reset(s->id, "system");
    omap3_uart_reset_module(s);
}
GTA04_RESET_PHASE_COMPAT(omap3_uart_reset_hold);

/* The 48 MHz functional clock changes (it follows DPLL4, from sys_clk) */
static void omap3_uart_fclk_update(void *opaque, ClockEvent event)
{
    omap3_uart_update_baud_clock(opaque);
}

static void omap3_uart_init(Object *obj)
{
    OMAP3UARTState *s = OMAP3_UART(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    object_initialize_child(obj, "serial", &s->serial, TYPE_SERIAL);
    object_property_add_alias(obj, "chardev", OBJECT(&s->serial), "chardev");

    memory_region_init_io(&s->iomem, obj, &omap3_uart_ops, s,
                          TYPE_OMAP3_UART, OMAP3_UART_MMIO_SIZE);
    sysbus_init_mmio(sbd, &s->iomem);
    sysbus_init_irq(sbd, &s->irq);
    qdev_init_gpio_out_named(DEVICE(obj), &s->wakeup, OMAP3_UART_WAKEUP, 1);
    qdev_init_gpio_out_named(DEVICE(obj), &s->rx_pad, OMAP3_UART_RX_PAD, 1);
    /* internal: the core's interrupt comes back to us */
    qdev_init_gpio_in_named(DEVICE(obj), omap3_uart_core_irq, "core-irq", 1);
    s->fclk = qdev_init_clock_in(DEVICE(obj), "fclk", omap3_uart_fclk_update,
                                 s, ClockUpdate);
    s->tx_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, omap3_uart_tx_drained, s);
    s->rx_text_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                    omap3_uart_rx_text_next, s);
    /* the wire's far end, not the module: a reset does not stop it */
    object_property_add_str(obj, "rx-text", omap3_uart_get_rx_text,
                            omap3_uart_set_rx_text);
}

static void omap3_uart_finalize(Object *obj)
{
    OMAP3UARTState *s = OMAP3_UART(obj);

    timer_free(s->tx_timer);
    timer_free(s->rx_text_timer);
}

static void omap3_uart_realize(DeviceState *dev, Error **errp)
{
    OMAP3UARTState *s = OMAP3_UART(dev);

    s->id = object_get_canonical_path_component(OBJECT(dev));
    if (!s->id) {
        s->id = TYPE_OMAP3_UART;
    }

    s->serial.irq = qdev_get_gpio_in_named(dev, "core-irq", 0);
    /* until the CM's reset sets fclk, any non-zero rate (it is not used) */
    qdev_prop_set_uint32(DEVICE(&s->serial), "baudbase",
                         MAX(clock_get_hz(s->fclk) / 16, 1));
    qdev_realize(DEVICE(&s->serial), NULL, errp);
}

static int omap3_uart_post_load(void *opaque, int version_id)
{
    OMAP3UARTState *s = opaque;

    /* the baud clock follows the migrated functional clock */
    omap3_uart_update_baud_clock(s);
    /* the core's post_load reprogrammed the 16550 threshold from FCR */
    omap3_uart_update_rx_trigger(s);
    /* the line's level came with the INTC; re-arm a held THR interrupt */
    s->irq_level = (s->core_irq && !omap3_uart_thr_irq_held(s)) || s->ssr_wake;
    omap3_uart_update_irq(s);
    return 0;
}

static bool omap3_uart_rx_text_needed(void *opaque)
{
    OMAP3UARTState *s = opaque;

    return s->rx_text_pos < s->rx_text_len;
}

static int omap3_uart_rx_text_post_load(void *opaque, int version_id)
{
    OMAP3UARTState *s = opaque;

    if (s->rx_text_len > OMAP3_UART_RX_TEXT_SIZE ||
        s->rx_text_pos > s->rx_text_len) {
        return -EINVAL;
    }
    return 0;
}

/* text still to arrive on the RX wire ("rx-text") */
static const VMStateDescription vmstate_omap3_uart_rx_text = {
    .name = TYPE_OMAP3_UART "/rx-text",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = omap3_uart_rx_text_needed,
    .post_load = omap3_uart_rx_text_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_ARRAY(rx_text, OMAP3UARTState, OMAP3_UART_RX_TEXT_SIZE),
        VMSTATE_UINT32(rx_text_len, OMAP3UARTState),
        VMSTATE_UINT32(rx_text_pos, OMAP3UARTState),
        VMSTATE_TIMER_PTR(rx_text_timer, OMAP3UARTState),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_omap3_uart = {
    .name = TYPE_OMAP3_UART,
    /* version 3: the functional clock; version 4: the wake-up request */
    .version_id = 4,
    .minimum_version_id = 1,
    .post_load = omap3_uart_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT(serial, OMAP3UARTState, 0, vmstate_serial, SerialState),
        VMSTATE_BOOL(core_irq, OMAP3UARTState),
        VMSTATE_BOOL(rx_ready, OMAP3UARTState),
        VMSTATE_UINT8(ier_hi, OMAP3UARTState),
        VMSTATE_UINT8(mcr_hi, OMAP3UARTState),
        VMSTATE_UINT8(fcr, OMAP3UARTState),
        VMSTATE_UINT8(efr, OMAP3UARTState),
        VMSTATE_UINT8(xon1, OMAP3UARTState),
        VMSTATE_UINT8(xon2, OMAP3UARTState),
        VMSTATE_UINT8(xoff1, OMAP3UARTState),
        VMSTATE_UINT8(xoff2, OMAP3UARTState),
        VMSTATE_UINT8(tcr, OMAP3UARTState),
        VMSTATE_UINT8(tlr, OMAP3UARTState),
        VMSTATE_UINT8(mdr1, OMAP3UARTState),
        VMSTATE_UINT8(mdr2, OMAP3UARTState),
        VMSTATE_UINT8(blr, OMAP3UARTState),
        VMSTATE_UINT8(acreg, OMAP3UARTState),
        VMSTATE_UINT8(scr, OMAP3UARTState),
        VMSTATE_UINT8(ssr_wake, OMAP3UARTState),
        VMSTATE_UINT8(eblr, OMAP3UARTState),
        VMSTATE_UINT8(sysc, OMAP3UARTState),
        VMSTATE_UINT8(wer, OMAP3UARTState),
        VMSTATE_UINT8(cfps, OMAP3UARTState),
        VMSTATE_INT64_V(tx_idle_ns, OMAP3UARTState, 2),
        VMSTATE_CLOCK_V(fclk, OMAP3UARTState, 3),
        VMSTATE_BOOL_V(wake_request, OMAP3UARTState, 4),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription *[]) {
        &vmstate_omap3_uart_rx_text,
        NULL
    }
};

static const Property omap3_uart_properties[] = {
    /*
     * MVR, legacy scheme (bits 7:4 major, 3:0 minor).  4.6 is what Linux
     * and ti-sysc know for OMAP3 (errata i202 and i291 handling); the
     * DM3730 value is not verified.
     */
    DEFINE_PROP_UINT8("revision", OMAP3UARTState, revision, 0x46),
    /* transmit at the programmed baud rate, in virtual time (off: at once) */
    DEFINE_PROP_BOOL("line-rate", OMAP3UARTState, line_rate, false),
    DEFINE_PROP_LINK("tx-watch", OMAP3UARTState, tx_watch,
                     TYPE_OMAP3_UART_TX_WATCH, Object *),
};

/*
 * OMAP3IdleAckClass::idle_ack: SYSC.IDLEMODE force-idle acknowledges the
 * PRCM's idle request at once, no-idle never; smart-idle once nothing is
 * left to send (shift register empty, at the line rate too) and no
 * received character waits to be read.  ASSUMPTION: the reserved mode 3
 * acts as smart-idle.
 */
static bool omap3_uart_idle_ack(Object *obj)
{
    OMAP3UARTState *s = OMAP3_UART(obj);

    switch (FIELD_EX8(s->sysc, SYSC, IDLEMODE)) {
    case OMAP3_SIDLE_FORCE:
        return true;
    case OMAP3_SIDLE_NO:
        return false;
    default:
        return FIELD_EX8(s->serial.lsr, LSR, TX_SR_E) &&
               !omap3_uart_tx_pending(s) &&
               !FIELD_EX8(s->serial.lsr, LSR, RX_FIFO_E);
    }
}

static void omap3_uart_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);

    OMAP3_IDLE_ACK_CLASS(oc)->idle_ack = omap3_uart_idle_ack;

    dc->realize = omap3_uart_realize;
    dc->vmsd = &vmstate_omap3_uart;
    rc->phases.hold = GTA04_RESET_PHASE(omap3_uart_reset_hold);
    device_class_set_props(dc, omap3_uart_properties);
}
GTA04_CLASS_INIT_COMPAT(omap3_uart_class_init);

static const TypeInfo omap3_uart_info = {
    .name = TYPE_OMAP3_UART,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3UARTState),
    .instance_init = omap3_uart_init,
    .instance_finalize = omap3_uart_finalize,
    .class_init = GTA04_CLASS_INIT(omap3_uart_class_init),
    .interfaces = (InterfaceInfo[]) {
        { TYPE_OMAP3_IDLE_ACK },
        { }
    },
};

static const TypeInfo omap3_uart_tx_watch_info = {
    .name = TYPE_OMAP3_UART_TX_WATCH,
    .parent = TYPE_INTERFACE,
    .class_size = sizeof(OMAP3UARTTxWatchClass),
};

static void omap3_uart_register_types(void)
{
    type_register_static(&omap3_uart_info);
    type_register_static(&omap3_uart_tx_watch_info);
}

type_init(omap3_uart_register_types)
