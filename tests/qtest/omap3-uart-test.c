/*
 * qtest for the DM3730 UARTs (omap3-uart) on the gta04 machine
 *
 * Register semantics from the DM37x TRM chapter 19 and the way Linux's
 * omap-serial driver uses them; characters go through a UNIX socket
 * chardev on UART3 (the console, -serial 0).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include <sys/socket.h>
#include <poll.h>
#include "libqtest.h"
#include GTA04_QOBJECT_QDICT_H
#include "gta04-migrate.h"
#include "dm3730-qtest.h"

#define UART1_BASE  dm3730_addr(DM3730_DEV_UART1)
#define UART2_BASE  dm3730_addr(DM3730_DEV_UART2)
#define UART3_BASE  dm3730_addr(DM3730_DEV_UART3)
#define UART4_BASE  dm3730_addr(DM3730_DEV_UART4)

#define UART3_IRQ   dm3730_irq(DM3730_DEV_UART3)    /* INTC line */

/* 16550 registers at a 4-byte stride */
#define RHR     0x00    /* THR, DLL */
#define IER     0x04    /* DLH */
#define IIR     0x08    /* FCR, EFR */
#define LCR     0x0c
#define MCR     0x10    /* XON1 */
#define LSR     0x14    /* XON2 */
#define MSR     0x18    /* TCR, XOFF1 */
#define SPR     0x1c    /* TLR, XOFF2 */
/* OMAP registers */
#define MDR1    0x20
#define MDR2    0x24
#define SCR     0x40
#define SSR     0x44
#define MVR     0x50
#define SYSC    0x54
#define SYSS    0x58
#define WER     0x5c

#define DLL     RHR
#define DLH     IER
#define FCR     IIR
#define EFR     IIR
#define XON1    MCR
#define XON2    LSR
#define XOFF1   MSR
#define XOFF2   SPR
#define TCR     MSR
#define TLR     SPR

#define LCR_CONF_MODE_A 0x80
#define LCR_CONF_MODE_B 0xbf
#define LCR_8N1         0x03
#define EFR_ENHANCED_EN 0x10
#define MCR_TCR_TLR     0x40
#define LSR_DR          0x01
#define LSR_THRE        0x20
#define LSR_TEMT        0x40
#define IER_RDI         0x01
#define IER_THRI        0x02
#define IIR_NO_INT      0x01
#define IIR_THRI        0x02
#define IIR_RDI         0x04
#define IIR_CTI         0x0c
#define IIR_FIFO_EN     0xc0
#define SCR_WAKE_EN     0x10
#define SCR_RX_GRANU1   0x80
#define SSR_WAKE_STS    0x02
#define SSR_TX_FIFO_FULL 0x01
#define TXFIFO_LVL      0x68

/*
 * One 8N1 frame (10 bit times) at uart_setup()'s DLL = 26: 48 MHz / 16 /
 * 26 = 115385 baud, 86.67 us, in whole ns as QEMU's 16550 core rounds it
 */
#define FRAME_NS        (10ULL * 1000000000 * 16 * 26 / 48000000)

/* SCM pad and PRM wake-up registers (DM37x TRM 13.6, 3.7.3) */
#define PADCONF_INPUT_EN        0x0100
#define PADCONF_WAKEUPENABLE    0x4000
#define PADCONF_WAKEUPEVENT     0x8000
#define PM_WKUP_IO              (1 << 8)

/* UART1..4 */
static const DM3730Device uarts[] = {
    DM3730_DEV_UART1, DM3730_DEV_UART2, DM3730_DEV_UART3, DM3730_DEV_UART4,
};

/* Linux accesses the UART with 16-bit reads and writes */
static uint8_t rd(QTestState *qts, uint32_t base, uint32_t reg)
{
    return qtest_readw(qts, base + reg);
}

static void wr(QTestState *qts, uint32_t base, uint32_t reg, uint8_t val)
{
    qtest_writew(qts, base + reg, val);
}

/* 115200 8N1 (divisor 26 from 48 MHz / 16), UART 16x mode */
static void uart_setup(QTestState *qts, uint32_t base)
{
    wr(qts, base, LCR, LCR_CONF_MODE_A);
    wr(qts, base, DLL, 26);
    wr(qts, base, DLH, 0);
    wr(qts, base, LCR, LCR_8N1);
    wr(qts, base, MDR1, 0);
}

/*
 * A gta04 with UART3 connected to a UNIX socket; *fd is our end.  `args`:
 * more of QEMU's command line.
 */
static QTestState *start_with_socket(int *fd, const char *args)
{
    g_autofree char *dir = g_dir_make_tmp("omap3-uart-XXXXXX", NULL);
    g_autofree char *path = g_strdup_printf("%s/uart3.sock", dir);
    int lfd = qtest_socket_server(path);
    QTestState *qts;

    qts = qtest_initf("-M gta04 -chardev socket,id=uart3,path=%s "
                      "-serial chardev:uart3 %s", path, args);
    *fd = accept(lfd, NULL, NULL);
    g_assert_cmpint(*fd, >=, 0);
    close(lfd);
    unlink(path);
    rmdir(dir);
    return qts;
}

static void send_byte(int fd, uint8_t c)
{
    g_assert_cmpint(write(fd, &c, 1), ==, 1);
}

static int recv_byte(int fd)
{
    struct pollfd pfd = { .fd = fd, .events = POLLIN };
    uint8_t c;

    if (poll(&pfd, 1, 5000) != 1 || read(fd, &c, 1) != 1) {
        return -1;
    }
    return c;
}

/* Let the main loop deliver the socket data (bounded) */
static bool wait_rx(QTestState *qts, uint32_t base)
{
    int i;

    for (i = 0; i < 5000; i++) {
        if (rd(qts, base, LSR) & LSR_DR) {
            return true;
        }
        g_usleep(1000);
    }
    return false;
}

/* Reset values of every UART, with 8-, 16- and 32-bit accesses */
static void test_reset_values(void)
{
    QTestState *qts = qtest_init("-M gta04");
    int i;

    for (i = 0; i < ARRAY_SIZE(uarts); i++) {
        uint32_t b = dm3730_addr(uarts[i]);

        /* legacy MVR scheme: bits 31:30 = 0, revision 4.6 */
        g_assert_cmphex(qtest_readl(qts, b + MVR), ==, 0x46);
        g_assert_cmphex(qtest_readw(qts, b + MVR), ==, 0x46);
        g_assert_cmphex(qtest_readb(qts, b + MVR), ==, 0x46);
        /* a byte lane above the register reads 0 */
        g_assert_cmphex(qtest_readb(qts, b + MVR + 1), ==, 0);
        g_assert_cmphex(qtest_readl(qts, b + SYSS), ==, 0x01);
        g_assert_cmphex(rd(qts, b, SYSC), ==, 0x00);
        g_assert_cmphex(rd(qts, b, MDR1), ==, 0x07);   /* disabled */
        g_assert_cmphex(rd(qts, b, LCR), ==, 0x00);
        g_assert_cmphex(rd(qts, b, IER), ==, 0x00);
        g_assert_cmphex(rd(qts, b, IIR), ==, IIR_NO_INT);
        g_assert_cmphex(rd(qts, b, MCR), ==, 0x00);
        g_assert_cmphex(rd(qts, b, LSR), ==, LSR_TEMT | LSR_THRE);
        g_assert_cmphex(rd(qts, b, SCR), ==, 0x00);
        g_assert_cmphex(rd(qts, b, SSR), ==, 0x00);
        g_assert_cmphex(rd(qts, b, WER), ==, 0x7f);
        wr(qts, b, LCR, LCR_CONF_MODE_A);
        g_assert_cmphex(rd(qts, b, DLL), ==, 0x00);
        g_assert_cmphex(rd(qts, b, DLH), ==, 0x00);
        wr(qts, b, LCR, 0);
    }
    qtest_quit(qts);
}

/* SYSC.SOFTRESET self-clears and brings every register back */
static void test_softreset(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint32_t b = UART1_BASE;

    /* SYSC: AUTOIDLE, ENAWAKEUP, IDLEMODE are plain bits */
    wr(qts, b, SYSC, 0x15);
    g_assert_cmphex(rd(qts, b, SYSC), ==, 0x15);

    uart_setup(qts, b);
    wr(qts, b, FCR, 0x01);
    wr(qts, b, IER, 0x05);
    wr(qts, b, SPR, 0x5a);
    wr(qts, b, MCR, 0x03);
    wr(qts, b, SCR, SCR_RX_GRANU1);
    wr(qts, b, WER, 0x10);
    wr(qts, b, MDR2, 0x12);
    wr(qts, b, LCR, LCR_CONF_MODE_B);
    wr(qts, b, EFR, EFR_ENHANCED_EN);
    wr(qts, b, XON1, 0x11);
    wr(qts, b, LCR, LCR_8N1);

    /* the 16-bit write of Linux's omap_hwmod */
    wr(qts, b, SYSC, 0x02);
    g_assert_cmphex(rd(qts, b, SYSC), ==, 0x00);
    g_assert_cmphex(rd(qts, b, SYSS) & 1, ==, 1);

    g_assert_cmphex(rd(qts, b, LCR), ==, 0x00);
    g_assert_cmphex(rd(qts, b, IER), ==, 0x00);
    g_assert_cmphex(rd(qts, b, IIR), ==, IIR_NO_INT);   /* FIFOs off */
    g_assert_cmphex(rd(qts, b, SPR), ==, 0x00);
    g_assert_cmphex(rd(qts, b, MCR), ==, 0x00);
    g_assert_cmphex(rd(qts, b, MDR1), ==, 0x07);
    g_assert_cmphex(rd(qts, b, MDR2), ==, 0x00);
    g_assert_cmphex(rd(qts, b, SCR), ==, 0x00);
    g_assert_cmphex(rd(qts, b, WER), ==, 0x7f);
    wr(qts, b, LCR, LCR_CONF_MODE_B);
    g_assert_cmphex(rd(qts, b, EFR), ==, 0x00);
    g_assert_cmphex(rd(qts, b, XON1), ==, 0x00);
    g_assert_cmphex(rd(qts, b, DLL), ==, 0x00);
    qtest_quit(qts);
}

/* Configuration mode B shows EFR/XON/XOFF without touching the 16550 ones */
static void test_config_mode_b(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint32_t b = UART3_BASE;

    uart_setup(qts, b);
    wr(qts, b, FCR, 0x01);          /* FIFOs on */
    wr(qts, b, IER, 0x05);
    wr(qts, b, SPR, 0x5a);
    wr(qts, b, MCR, 0x03);

    wr(qts, b, LCR, LCR_CONF_MODE_B);
    g_assert_cmphex(rd(qts, b, LCR), ==, LCR_CONF_MODE_B);
    /* EFR: 0 here would turn the FIFOs off if it reached FCR */
    wr(qts, b, EFR, 0x00);
    g_assert_cmphex(rd(qts, b, EFR), ==, 0x00);
    wr(qts, b, EFR, 0xd0);
    g_assert_cmphex(rd(qts, b, EFR), ==, 0xd0);
    wr(qts, b, XON1, 0x11);
    wr(qts, b, XON2, 0x13);
    wr(qts, b, XOFF1, 0x91);
    wr(qts, b, XOFF2, 0x93);
    g_assert_cmphex(rd(qts, b, XON1), ==, 0x11);
    g_assert_cmphex(rd(qts, b, XON2), ==, 0x13);
    g_assert_cmphex(rd(qts, b, XOFF1), ==, 0x91);
    g_assert_cmphex(rd(qts, b, XOFF2), ==, 0x93);
    /* the divisor latches are visible in mode B */
    g_assert_cmphex(rd(qts, b, DLL), ==, 26);
    g_assert_cmphex(rd(qts, b, DLH), ==, 0);

    wr(qts, b, LCR, LCR_8N1);
    g_assert_cmphex(rd(qts, b, LCR), ==, LCR_8N1);
    g_assert_cmphex(rd(qts, b, IER), ==, 0x05);
    g_assert_cmphex(rd(qts, b, SPR), ==, 0x5a);
    g_assert_cmphex(rd(qts, b, MCR), ==, 0x03);
    g_assert_cmphex(rd(qts, b, LSR), ==, LSR_TEMT | LSR_THRE);
    g_assert_cmphex(rd(qts, b, IIR) & IIR_FIFO_EN, ==, IIR_FIFO_EN);

    /* and the mode B registers kept their values */
    wr(qts, b, LCR, LCR_CONF_MODE_B);
    g_assert_cmphex(rd(qts, b, EFR), ==, 0xd0);
    g_assert_cmphex(rd(qts, b, XON1), ==, 0x11);
    g_assert_cmphex(rd(qts, b, XOFF2), ==, 0x93);
    qtest_quit(qts);
}

/* DLL/DLH in modes A and B, operational mode sees RHR/IER instead */
static void test_divisor(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint32_t b = UART2_BASE;

    wr(qts, b, LCR, LCR_8N1);
    wr(qts, b, IER, 0x01);
    wr(qts, b, LCR, LCR_CONF_MODE_A);
    wr(qts, b, DLL, 0x1a);
    wr(qts, b, DLH, 0xff);          /* CLOCK_MSB is 6 bits */
    g_assert_cmphex(rd(qts, b, DLL), ==, 0x1a);
    g_assert_cmphex(rd(qts, b, DLH), ==, 0x3f);
    wr(qts, b, LCR, LCR_CONF_MODE_B);
    g_assert_cmphex(rd(qts, b, DLL), ==, 0x1a);
    g_assert_cmphex(rd(qts, b, DLH), ==, 0x3f);
    wr(qts, b, DLH, 0x00);
    wr(qts, b, LCR, LCR_8N1);
    g_assert_cmphex(rd(qts, b, IER), ==, 0x01);
    g_assert_cmphex(rd(qts, b, RHR), ==, 0x00);
    wr(qts, b, LCR, LCR_CONF_MODE_A);
    g_assert_cmphex(rd(qts, b, DLL), ==, 0x1a);
    g_assert_cmphex(rd(qts, b, DLH), ==, 0x00);
    qtest_quit(qts);
}

/* EFR[4] gates IER[7:4], MCR[6:5]; TCR/TLR need EFR[4] and MCR[6] */
static void test_enhanced_tcr_tlr(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint32_t b = UART4_BASE;

    wr(qts, b, LCR, LCR_8N1);
    wr(qts, b, SPR, 0x77);
    wr(qts, b, IER, 0x15);
    g_assert_cmphex(rd(qts, b, IER), ==, 0x05);
    wr(qts, b, MCR, 0x43);
    g_assert_cmphex(rd(qts, b, MCR), ==, 0x03);
    g_assert_cmphex(rd(qts, b, SPR), ==, 0x77);  /* not TLR */

    wr(qts, b, LCR, LCR_CONF_MODE_B);
    wr(qts, b, EFR, EFR_ENHANCED_EN);
    wr(qts, b, LCR, LCR_8N1);
    wr(qts, b, IER, 0x15);                       /* SLEEP_MODE */
    g_assert_cmphex(rd(qts, b, IER), ==, 0x15);
    wr(qts, b, IER, 0x00);

    /* as serial_omap_set_termios: mode A, MCR TCR_TLR, TCR */
    wr(qts, b, LCR, LCR_CONF_MODE_A);
    wr(qts, b, MCR, MCR_TCR_TLR | 0x03);
    g_assert_cmphex(rd(qts, b, MCR), ==, MCR_TCR_TLR | 0x03);
    wr(qts, b, TCR, 0x0f);
    wr(qts, b, TLR, 0x20);
    g_assert_cmphex(rd(qts, b, TCR), ==, 0x0f);
    g_assert_cmphex(rd(qts, b, TLR), ==, 0x20);
    /* mode B: still TCR/TLR while both bits are set */
    wr(qts, b, LCR, LCR_CONF_MODE_B);
    g_assert_cmphex(rd(qts, b, TCR), ==, 0x0f);
    wr(qts, b, LCR, LCR_CONF_MODE_A);
    wr(qts, b, MCR, 0x03);
    g_assert_cmphex(rd(qts, b, SPR), ==, 0x77);
    /* MSR again: QEMU's core reports CTS, DSR, DCD with no modem lines */
    g_assert_cmphex(rd(qts, b, MSR), ==, 0xb0);
    wr(qts, b, LCR, LCR_CONF_MODE_B);
    g_assert_cmphex(rd(qts, b, XOFF1), ==, 0x00);
    qtest_quit(qts);
}

/* MDR1 modes and the i202 erratum sequence of omap-serial */
static void test_mdr1(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint32_t b = UART3_BASE;

    wr(qts, b, MDR1, 0x00);
    g_assert_cmphex(rd(qts, b, MDR1), ==, 0x00);
    wr(qts, b, MDR1, 0x03);                 /* UART 13x */
    g_assert_cmphex(rd(qts, b, MDR1), ==, 0x03);
    wr(qts, b, MDR2, 0xff);
    g_assert_cmphex(rd(qts, b, MDR2), ==, 0x7f);

    /* serial_omap_mdr1_errataset: MDR1, FIFO clear, poll LSR */
    wr(qts, b, MDR1, 0x07);
    wr(qts, b, FCR, 0x07);
    g_assert_cmphex(rd(qts, b, LSR) & (LSR_THRE | LSR_DR), ==, LSR_THRE);
    g_assert_cmphex(rd(qts, b, MDR1), ==, 0x07);
    qtest_quit(qts);
}

/* THR -> chardev, chardev -> RHR, with the RX interrupt in IIR */
static void test_tx_rx(void)
{
    int fd;
    QTestState *qts = start_with_socket(&fd, "");
    uint32_t b = UART3_BASE;

    qtest_irq_intercept_in(qts, "/machine/soc/intc");
    uart_setup(qts, b);
    /* 32-bit writes, as earlycon=uart8250,mmio32 does */
    qtest_writel(qts, b + RHR, 'O');
    qtest_writel(qts, b + RHR, 'K');
    g_assert_cmpint(recv_byte(fd), ==, 'O');
    g_assert_cmpint(recv_byte(fd), ==, 'K');
    /* line-rate off (the default): sent at once, as QEMU's 16550 does */
    g_assert_cmphex(rd(qts, b, LSR), ==, LSR_TEMT | LSR_THRE);
    g_assert_cmpint(rd(qts, b, TXFIFO_LVL), ==, 0);
    g_assert_cmphex(rd(qts, b, SSR) & 1, ==, 0);     /* TX FIFO not full */

    wr(qts, b, IER, IER_RDI);
    g_assert_cmphex(rd(qts, b, IIR), ==, IIR_NO_INT);
    g_assert_false(qtest_get_irq(qts, UART3_IRQ));
    send_byte(fd, 'x');
    g_assert_true(wait_rx(qts, b));
    g_assert_cmphex(rd(qts, b, IIR) & 0x0f, ==, IIR_RDI);
    g_assert_true(qtest_get_irq(qts, UART3_IRQ));
    g_assert_cmphex(rd(qts, b, RHR), ==, 'x');
    g_assert_cmphex(rd(qts, b, LSR) & LSR_DR, ==, 0);
    g_assert_cmphex(rd(qts, b, IIR), ==, IIR_NO_INT);
    g_assert_false(qtest_get_irq(qts, UART3_IRQ));

    close(fd);
    qtest_quit(qts);
}

/*
 * With line-rate on, transmission takes a frame time per character: 'O'
 * and 'K' written, each is one frame on the line; with the 64-byte FIFO,
 * TXFIFO_LVL counts down at the line rate, LSR[5] TX_FIFO_E and the THR
 * interrupt come when the FIFO is empty (the last character still in the
 * shift register), LSR[6] TX_SR_E a frame later; a full FIFO drops what
 * is written to THR.
 */
static void test_tx_line_rate(void)
{
    int fd, i;
    QTestState *qts = start_with_socket(&fd, "-global omap3-uart.line-rate=on");
    uint32_t b = UART3_BASE;

    qtest_irq_intercept_in(qts, "/machine/soc/intc");
    uart_setup(qts, b);
    wr(qts, b, RHR, 'O');
    wr(qts, b, RHR, 'K');
    g_assert_cmphex(rd(qts, b, LSR), ==, 0);
    qtest_clock_step(qts, FRAME_NS);
    g_assert_cmphex(rd(qts, b, LSR), ==, LSR_THRE);
    qtest_clock_step(qts, FRAME_NS);
    g_assert_cmphex(rd(qts, b, LSR), ==, LSR_TEMT | LSR_THRE);
    g_assert_cmpint(recv_byte(fd), ==, 'O');
    g_assert_cmpint(recv_byte(fd), ==, 'K');

    wr(qts, b, FCR, 0x01);
    wr(qts, b, IER, IER_THRI);
    g_assert_true(qtest_get_irq(qts, UART3_IRQ));   /* empty: THR irq */
    g_assert_cmphex(rd(qts, b, IIR) & 0x0f, ==, IIR_THRI);
    g_assert_false(qtest_get_irq(qts, UART3_IRQ));  /* read clears it */

    for (i = 0; i < 10; i++) {
        wr(qts, b, RHR, '0' + i);
    }
    g_assert_cmpint(rd(qts, b, TXFIFO_LVL), ==, 9);
    g_assert_cmphex(rd(qts, b, LSR) & (LSR_THRE | LSR_TEMT), ==, 0);
    g_assert_false(qtest_get_irq(qts, UART3_IRQ));
    g_assert_cmphex(rd(qts, b, IIR), ==, IIR_FIFO_EN | IIR_NO_INT);

    qtest_clock_step(qts, 8 * FRAME_NS);
    g_assert_cmpint(rd(qts, b, TXFIFO_LVL), ==, 1);
    g_assert_false(qtest_get_irq(qts, UART3_IRQ));
    qtest_clock_step(qts, FRAME_NS);
    g_assert_cmpint(rd(qts, b, TXFIFO_LVL), ==, 0);
    g_assert_cmphex(rd(qts, b, LSR) & (LSR_THRE | LSR_TEMT), ==, LSR_THRE);
    g_assert_true(qtest_get_irq(qts, UART3_IRQ));
    g_assert_cmphex(rd(qts, b, IIR) & 0x0f, ==, IIR_THRI);
    qtest_clock_step(qts, FRAME_NS);
    g_assert_cmphex(rd(qts, b, LSR) & (LSR_THRE | LSR_TEMT), ==,
                    LSR_THRE | LSR_TEMT);
    for (i = 0; i < 10; i++) {
        g_assert_cmpint(recv_byte(fd), ==, '0' + i);
    }

    /* 64 in the FIFO + 1 in the shift register: full; the next is lost */
    wr(qts, b, IER, 0);
    for (i = 0; i < 65; i++) {
        wr(qts, b, RHR, 'a');
    }
    g_assert_cmphex(rd(qts, b, SSR) & SSR_TX_FIFO_FULL, ==, SSR_TX_FIFO_FULL);
    g_assert_cmpint(rd(qts, b, TXFIFO_LVL), ==, 64);
    wr(qts, b, RHR, 'X');
    g_assert_cmpint(rd(qts, b, TXFIFO_LVL), ==, 64);
    qtest_clock_step(qts, FRAME_NS);
    g_assert_cmphex(rd(qts, b, SSR) & SSR_TX_FIFO_FULL, ==, 0);
    /* FCR[2] empties the FIFO; the shift register finishes its frame */
    wr(qts, b, FCR, 0x05);
    g_assert_cmpint(rd(qts, b, TXFIFO_LVL), ==, 0);
    g_assert_cmphex(rd(qts, b, LSR) & (LSR_THRE | LSR_TEMT), ==, LSR_THRE);
    for (i = 0; i < 65; i++) {
        g_assert_cmpint(recv_byte(fd), ==, 'a');
    }

    close(fd);
    qtest_quit(qts);
}

/*
 * RX FIFO threshold: FCR[7:6] = 0 is 8 characters (one character only
 * raises the timeout interrupt), SCR[7] granularity 1 with FCR[7:6] = 1
 * (what Linux programs) is one character.
 */
static void test_rx_fifo_threshold(void)
{
    int fd;
    QTestState *qts = start_with_socket(&fd, "");
    uint32_t b = UART3_BASE;

    uart_setup(qts, b);
    wr(qts, b, FCR, 0x07);
    wr(qts, b, IER, IER_RDI);
    send_byte(fd, '1');
    g_assert_true(wait_rx(qts, b));
    g_assert_cmphex(rd(qts, b, IIR), ==, IIR_FIFO_EN | IIR_NO_INT);
    /* 4 character times (~350 us at 115200) without a read */
    qtest_clock_step(qts, 1000 * 1000);
    g_assert_cmphex(rd(qts, b, IIR), ==, IIR_FIFO_EN | IIR_CTI);
    g_assert_cmphex(rd(qts, b, RHR), ==, '1');
    g_assert_cmphex(rd(qts, b, IIR), ==, IIR_FIFO_EN | IIR_NO_INT);

    wr(qts, b, SCR, SCR_RX_GRANU1);
    wr(qts, b, FCR, 0x47);
    send_byte(fd, '2');
    g_assert_true(wait_rx(qts, b));
    g_assert_cmphex(rd(qts, b, IIR), ==, IIR_FIFO_EN | IIR_RDI);
    g_assert_cmphex(qtest_readl(qts, b + 0x64), ==, 1);  /* RXFIFO_LVL */
    g_assert_cmphex(rd(qts, b, RHR), ==, '2');
    g_assert_cmphex(rd(qts, b, IIR), ==, IIR_FIFO_EN | IIR_NO_INT);

    close(fd);
    qtest_quit(qts);
}

/* SCR[4]: RX activity sets SSR[1] (and the interrupt) until SCR[4] = 0 */
static void test_wakeup_status(void)
{
    int fd;
    QTestState *qts = start_with_socket(&fd, "");
    uint32_t b = UART3_BASE;

    qtest_irq_intercept_in(qts, "/machine/soc/intc");
    uart_setup(qts, b);
    wr(qts, b, SCR, SCR_WAKE_EN);
    g_assert_cmphex(rd(qts, b, SSR), ==, 0);
    send_byte(fd, 'w');
    g_assert_true(wait_rx(qts, b));
    g_assert_cmphex(rd(qts, b, SSR), ==, SSR_WAKE_STS);
    /* not a 16550 interrupt: IIR does not show it, IER is 0 */
    g_assert_cmphex(rd(qts, b, IIR), ==, IIR_NO_INT);
    g_assert_true(qtest_get_irq(qts, UART3_IRQ));
    g_assert_cmphex(rd(qts, b, RHR), ==, 'w');
    g_assert_cmphex(rd(qts, b, SSR), ==, SSR_WAKE_STS);
    wr(qts, b, SCR, 0);
    g_assert_cmphex(rd(qts, b, SSR), ==, 0);
    g_assert_false(qtest_get_irq(qts, UART3_IRQ));

    close(fd);
    qtest_quit(qts);
}

/*
 * A character on UART3's RX wire is a start bit on pad UART3_RX_IRRX: with
 * the pad's WAKEUPENABLE set it latches WAKEUPEVENT and the I/O wake-up
 * reaches the PRCM (PM_WKST_WKUP.ST_IO), whatever the module's own state.
 */
static void test_rx_pad_wakeup(void)
{
    int fd;
    QTestState *qts = start_with_socket(&fd, "");
    uint32_t b = UART3_BASE;

    qtest_writel(qts, PM_WKEN_WKUP, PM_WKUP_IO);
    qtest_writew(qts, PADCONF_UART3_RX, PADCONF_INPUT_EN | PADCONF_WAKEUPENABLE);
    uart_setup(qts, b);                     /* SYSC, WER, SCR: no wake-up */
    send_byte(fd, 'p');
    g_assert_true(wait_rx(qts, b));
    g_assert_cmphex(qtest_readw(qts, PADCONF_UART3_RX), ==,
                    PADCONF_INPUT_EN | PADCONF_WAKEUPENABLE | PADCONF_WAKEUPEVENT);
    g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP), ==, PM_WKUP_IO);
    g_assert_cmphex(rd(qts, b, RHR), ==, 'p');

    close(fd);
    qtest_quit(qts);
}

/* -serial goes to UART3: a byte written to UART1 does not reach it */
static void test_console_is_uart3(void)
{
    int fd;
    QTestState *qts = start_with_socket(&fd, "");
    struct pollfd pfd = { .fd = fd, .events = POLLIN };

    uart_setup(qts, UART1_BASE);
    wr(qts, UART1_BASE, RHR, '1');
    uart_setup(qts, UART3_BASE);
    wr(qts, UART3_BASE, RHR, '3');
    g_assert_cmpint(recv_byte(fd), ==, '3');
    g_assert_cmpint(poll(&pfd, 1, 100), ==, 0);

    close(fd);
    qtest_quit(qts);
}

/* qom-set PATH rx-text TEXT: NULL if taken, else the error's text */
static char *set_rx_text(QTestState *qts, const char *text)
{
    QDict *rsp = qtest_qmp(qts, "{ 'execute': 'qom-set', 'arguments': {"
                           " 'path': '/machine/soc/uart3',"
                           " 'property': 'rx-text', 'value': %s } }", text);
    char *err = NULL;

    if (qdict_haskey(rsp, "error")) {
        err = g_strdup(qdict_get_str(qdict_get_qdict(rsp, "error"), "desc"));
    }
    qobject_unref(rsp);
    return err;
}

static char *get_rx_text(QTestState *qts)
{
    QDict *rsp = qtest_qmp(qts, "{ 'execute': 'qom-get', 'arguments': {"
                           " 'path': '/machine/soc/uart3',"
                           " 'property': 'rx-text' } }");
    char *text = g_strdup(qdict_get_str(rsp, "return"));

    qobject_unref(rsp);
    return text;
}

/*
 * rx-text: the board types on the RX wire, one character per frame time
 * of the programmed baud rate, on the virtual clock; the sender waits
 * while the receiver's FIFO is full; the character is a start bit on the
 * pad as one from the host is (its I/O wake-up).
 */
static void test_rx_text(void)
{
    int fd;
    QTestState *qts = start_with_socket(&fd, "");
    uint32_t b = UART3_BASE;
    g_autofree char *left = NULL;
    g_autofree char *many = g_strnfill(20, 'x');
    int i;

    qtest_writel(qts, PM_WKEN_WKUP, PM_WKUP_IO);
    qtest_writew(qts, PADCONF_UART3_RX, PADCONF_INPUT_EN | PADCONF_WAKEUPENABLE);
    uart_setup(qts, b);
    g_assert_null(set_rx_text(qts, "hi"));
    qtest_clock_step(qts, FRAME_NS - 1);
    g_assert_cmphex(rd(qts, b, LSR) & LSR_DR, ==, 0);
    g_assert_cmphex(qtest_readw(qts, PADCONF_UART3_RX) & PADCONF_WAKEUPEVENT, ==, 0);
    qtest_clock_step(qts, 1);
    g_assert_cmphex(rd(qts, b, LSR) & LSR_DR, ==, LSR_DR);
    g_assert_cmphex(qtest_readw(qts, PADCONF_UART3_RX) & PADCONF_WAKEUPEVENT, ==,
                    PADCONF_WAKEUPEVENT);
    left = get_rx_text(qts);
    g_assert_cmpstr(left, ==, "i");
    g_assert_cmphex(rd(qts, b, RHR), ==, 'h');
    qtest_clock_step(qts, FRAME_NS);
    g_assert_cmphex(rd(qts, b, RHR), ==, 'i');
    g_free(left);
    left = get_rx_text(qts);
    g_assert_cmpstr(left, ==, "");

    /*
     * 20 characters into a 16-deep FIFO that nobody reads: the receiver
     * takes what its core accepts (QEMU's 16550 core stops its input at
     * the RX trigger level), the rest waits on the wire, none is lost
     */
    wr(qts, b, FCR, 0x07);
    g_assert_null(set_rx_text(qts, many));
    qtest_clock_step(qts, 30 * FRAME_NS);
    g_free(left);
    left = get_rx_text(qts);
    g_assert_cmpuint(strlen(left), >, 0);
    g_assert_cmpuint(qtest_readl(qts, b + 0x64) + strlen(left), ==, 20);
    for (i = 0; i < 20; i++) {
        g_assert_cmphex(rd(qts, b, RHR), ==, 'x');
        qtest_clock_step(qts, FRAME_NS);
    }
    g_assert_cmphex(rd(qts, b, LSR) & LSR_DR, ==, 0);

    close(fd);
    qtest_quit(qts);
}

/* More than the wire's queue holds, or no character device: refused */
static void test_rx_text_bad(void)
{
    QTestState *qts = qtest_init("-M gta04 -chardev null,id=c -serial chardev:c");
    g_autofree char *big = g_strnfill(1025, 'y');
    g_autofree char *err = set_rx_text(qts, big);

    g_assert_nonnull(err);
    g_assert_nonnull(strstr(err, "do not fit"));
    qtest_quit(qts);

    qts = qtest_init("-M gta04 -serial none");
    g_free(err);
    err = set_rx_text(qts, "z");
    g_assert_nonnull(err);
    g_assert_nonnull(strstr(err, "no character device"));
    qtest_quit(qts);
}

/* Text still on the wire arrives after savevm/loadvm, at its time */
static void test_rx_text_migration(void)
{
    const char *args = "-M gta04 -chardev null,id=c -serial chardev:c";
    QTestState *qts = qtest_init(args);
    uint32_t b = UART3_BASE;
    g_autofree char *left = NULL;
    int64_t t0, now;

    uart_setup(qts, b);
    t0 = qtest_clock_step(qts, 1);
    g_assert_null(set_rx_text(qts, "abc"));     /* due t0 + 1, 2, 3 frames */
    qtest_clock_step(qts, FRAME_NS + FRAME_NS / 2);
    qts = gta04_migrate(qts, args);
    left = get_rx_text(qts);
    g_assert_cmpstr(left, ==, "bc");
    g_assert_cmphex(rd(qts, b, RHR), ==, 'a');
    /* a new process: the qtest clock is its own, the timer the source's */
    now = qtest_clock_step(qts, 1);
    qtest_clock_step(qts, t0 + 2 * FRAME_NS - 1 - now);
    g_assert_cmphex(rd(qts, b, LSR) & LSR_DR, ==, 0);
    qtest_clock_step(qts, 1);
    g_assert_cmphex(rd(qts, b, RHR), ==, 'b');
    qtest_clock_step(qts, FRAME_NS);
    g_assert_cmphex(rd(qts, b, RHR), ==, 'c');
    qtest_quit(qts);
}

/* Every register and a received character survive savevm/loadvm */
static void test_migration(void)
{
    QTestState *qts = qtest_init("-M gta04");
    uint32_t b = UART3_BASE;

    uart_setup(qts, b);
    wr(qts, b, MDR1, 0x03);
    wr(qts, b, LCR, LCR_CONF_MODE_B);
    wr(qts, b, EFR, EFR_ENHANCED_EN);
    wr(qts, b, XON1, 0x11);
    wr(qts, b, XOFF2, 0x93);
    wr(qts, b, LCR, LCR_CONF_MODE_A);
    wr(qts, b, MCR, MCR_TCR_TLR);
    wr(qts, b, TCR, 0x0f);
    wr(qts, b, MCR, 0x10);                  /* loopback, TCR/TLR off */
    wr(qts, b, LCR, LCR_8N1);
    wr(qts, b, SCR, SCR_RX_GRANU1 | SCR_WAKE_EN);
    wr(qts, b, FCR, 0x47);                  /* RX threshold 1 (GRANU1) */
    wr(qts, b, IER, IER_RDI | 0x10);
    wr(qts, b, WER, 0x55);
    wr(qts, b, SYSC, 0x0d);
    wr(qts, b, RHR, 'z');                   /* looped back into the FIFO */
    g_assert_cmphex(rd(qts, b, IIR), ==, IIR_FIFO_EN | IIR_RDI);

    qts = gta04_migrate(qts, "-M gta04");

    g_assert_cmphex(rd(qts, b, LCR), ==, LCR_8N1);
    g_assert_cmphex(rd(qts, b, IER), ==, IER_RDI | 0x10);
    g_assert_cmphex(rd(qts, b, MCR), ==, 0x10);
    g_assert_cmphex(rd(qts, b, MDR1), ==, 0x03);
    g_assert_cmphex(rd(qts, b, SCR), ==, SCR_RX_GRANU1 | SCR_WAKE_EN);
    g_assert_cmphex(rd(qts, b, SSR), ==, SSR_WAKE_STS);
    g_assert_cmphex(rd(qts, b, WER), ==, 0x55);
    g_assert_cmphex(rd(qts, b, SYSC), ==, 0x0d);
    g_assert_cmphex(rd(qts, b, IIR), ==, IIR_FIFO_EN | IIR_RDI);
    g_assert_cmphex(rd(qts, b, RHR), ==, 'z');
    g_assert_cmphex(rd(qts, b, IIR), ==, IIR_FIFO_EN | IIR_NO_INT);
    /* the OMAP RX threshold (1) is still in force, not the 16550 one (4) */
    wr(qts, b, RHR, 'y');
    g_assert_cmphex(rd(qts, b, IIR), ==, IIR_FIFO_EN | IIR_RDI);
    g_assert_cmphex(rd(qts, b, RHR), ==, 'y');
    wr(qts, b, LCR, LCR_CONF_MODE_A);
    g_assert_cmphex(rd(qts, b, DLL), ==, 26);
    wr(qts, b, MCR, MCR_TCR_TLR);
    g_assert_cmphex(rd(qts, b, TCR), ==, 0x0f);
    wr(qts, b, LCR, LCR_CONF_MODE_B);
    g_assert_cmphex(rd(qts, b, EFR), ==, EFR_ENHANCED_EN);
    g_assert_cmphex(rd(qts, b, XON1), ==, 0x11);
    /* XOFF2 shares its slot with TLR: TCR_TLR off first (MCR, mode A) */
    wr(qts, b, LCR, LCR_CONF_MODE_A);
    wr(qts, b, MCR, 0);
    wr(qts, b, LCR, LCR_CONF_MODE_B);
    g_assert_cmphex(rd(qts, b, XOFF2), ==, 0x93);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("/omap3-uart/reset-values", test_reset_values);
    qtest_add_func("/omap3-uart/softreset", test_softreset);
    qtest_add_func("/omap3-uart/config-mode-b", test_config_mode_b);
    qtest_add_func("/omap3-uart/divisor", test_divisor);
    qtest_add_func("/omap3-uart/enhanced-tcr-tlr", test_enhanced_tcr_tlr);
    qtest_add_func("/omap3-uart/mdr1", test_mdr1);
    qtest_add_func("/omap3-uart/tx-rx", test_tx_rx);
    qtest_add_func("/omap3-uart/tx-line-rate", test_tx_line_rate);
    qtest_add_func("/omap3-uart/rx-fifo-threshold", test_rx_fifo_threshold);
    qtest_add_func("/omap3-uart/wakeup-status", test_wakeup_status);
    qtest_add_func("/omap3-uart/console-is-uart3", test_console_is_uart3);
    qtest_add_func("/omap3-uart/rx-pad-wakeup", test_rx_pad_wakeup);
    qtest_add_func("/omap3-uart/migration", test_migration);
    qtest_add_func("/omap3-uart/rx-text", test_rx_text);
    qtest_add_func("/omap3-uart/rx-text-bad", test_rx_text_bad);
    qtest_add_func("/omap3-uart/rx-text-migration", test_rx_text_migration);

    return g_test_run();
}
