/*
 * qtest for the modules' wake-up events on the gta04 machine (issue 30):
 * GPIO1 (WKUP), GPIO2 (PER), UART3 (PER) and GPTIMER1 (WKUP) raise their
 * wake-up request (SWAKEUP) on an event their own enables allow (GPIO
 * WAKEUPENABLE and SYSCONFIG.ENAWAKEUP, UART WER and SYSC.ENAWAKEUP, GPT
 * TWER and TIOCP_CFG.ENAWAKEUP), and with "power-states" on the PRM
 * latches PM_WKST_<domain> when PM_WKEN_<domain> enables it and the
 * module's clocks are cut; PM_MPUGRPSEL routes it to
 * PRM_IRQSTATUS_MPU.WKUP_ST (the PRCM_MPU interrupt with
 * PRM_IRQENABLE_MPU) and to the MPU's wake-up, and the module's own power
 * domain comes back ON for it.  With "power-states" off nothing latches.
 *
 * Register offsets: DM37x TRM SPRUGN4 3.7 (PRCM), 25 (GPIO), 19 (UART),
 * 16 (GPTIMER); the PM_WKST bits as Linux's prm-regbits-34xx.h names them.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include <sys/socket.h>
#include "libqtest.h"
#include GTA04_QOBJECT_QDICT_H
#include "gta04-migrate.h"
#include "dm3730-qtest.h"

#define CM                  dm3730_addr(DM3730_DEV_CM)
#define PRM                 dm3730_addr(DM3730_DEV_PRM)
#define MOD_MPU             0x900
#define MOD_WKUP            0xc00
#define MOD_PER             0x1000
/* CM and PRM registers of a domain module */
#define CM_FCLKEN(m)        (CM + (m) + 0x00)
#define CM_ICLKEN(m)        (CM + (m) + 0x10)
#define PM_WKEN(m)          (PRM + (m) + 0xa0)
#define PM_MPUGRPSEL(m)     (PRM + (m) + 0xa4)
#define PM_WKST(m)          (PRM + (m) + 0xb0)
#define PM_PWSTCTRL(m)      (PRM + (m) + 0xe0)
#define PM_PWSTST(m)        (PRM + (m) + 0xe4)
#define PM_WKDEP(m)         (PRM + (m) + 0xc8)
#define EN_WKUP             (1 << 4)    /* PM_WKDEP source bits */
#define EN_PER              (1 << 7)
#define PRM_IRQENABLE_MPU   (PRM + 0x81c)
#define WKUP_ST             (1u << 0)   /* PRM_IRQSTATUS_MPU, _IRQENABLE_ */
#define IRQ_PRCM_MPU        dm3730_irq(DM3730_DEV_PRM)

/* PM_PWSTCTRL: RET keeping the logic and memory; PM_PWSTST of it, and ON */
#define PWSTCTRL_RET_LOGIC  0x00030105
#define PWST_RET_LOGIC      0x15
#define PWST_ON             0x37
#define PWST_INACTIVE       0x36

/* SYSCONFIG (GPIO), SYSC (UART), TIOCP_CFG (GPT): ENAWAKEUP, smart-idle */
#define SYSC_ENAWAKEUP      (1 << 2)
#define SYSC_SMART_IDLE     (2 << 3)
#define SYSC_NO_IDLE        (1 << 3)

#define GPIO_SYSCONFIG      0x10
#define GPIO_WAKEUPENABLE   0x20
#define GPIO_RISINGDETECT   0x48

#define UART_RHR            0x00
#define UART_LCR            0x0c
#define UART_LSR            0x14
#define UART_MDR1           0x20
#define UART_SYSC           0x54
#define UART_WER            0x5c
#define UART_WER_RX         (1 << 4)
#define UART_LSR_DR         0x01

#define GPT_OVF             (1 << 1)    /* TISR, TIER, TWER */

#define MACHINE             "-M gta04"
#define POWER_STATES        " -global omap3-prm.power-states=on"

typedef struct WakeupCase WakeupCase;

/* A module that can wake the system, and how this test drives it */
struct WakeupCase {
    const char *name;
    DM3730Device dev;
    uint32_t mod;                       /* its PRCM domain module */
    int bit;                            /* PM_WKST, CM_FCLKEN/ICLKEN bit */
    /* the module's own wake-up enables on (its idle mode smart-idle) */
    void (*enable)(QTestState *qts, const WakeupCase *c, bool on);
    /* one wake-up event */
    void (*event)(QTestState *qts, const WakeupCase *c);
    int fd;                             /* UART3's socket, our end */
};

static uint64_t base(const WakeupCase *c)
{
    return dm3730_addr(c->dev);
}

static uint32_t rd(QTestState *qts, uint64_t addr)
{
    return qtest_readl(qts, addr);
}

static void wr(QTestState *qts, uint64_t addr, uint32_t val)
{
    qtest_writel(qts, addr, val);
}

/* GPIO: line 0's rising edge, WAKEUPENABLE line 0 */
static void gpio_enable(QTestState *qts, const WakeupCase *c, bool on)
{
    wr(qts, base(c) + GPIO_SYSCONFIG, SYSC_SMART_IDLE |
       (on ? SYSC_ENAWAKEUP : 0));
    wr(qts, base(c) + GPIO_RISINGDETECT, 1);
    wr(qts, base(c) + GPIO_WAKEUPENABLE, on ? 1 : 0);
}

static void gpio_event(QTestState *qts, const WakeupCase *c)
{
    g_autofree char *path = g_strdup_printf("/machine/soc/gpio%d",
                                            c->dev - DM3730_DEV_GPIO1 + 1);

    /* the driver served the last request: an access ends the bank's idle */
    rd(qts, base(c));
    qtest_set_irq_in(qts, path, NULL, 0, 0);
    qtest_set_irq_in(qts, path, NULL, 0, 1);
}

/* UART3: a character on its RX line, WER.RX_ACTIVITY */
static void uart_enable(QTestState *qts, const WakeupCase *c, bool on)
{
    uint64_t b = base(c);

    qtest_writew(qts, b + UART_LCR, 0x80);          /* divisor latch */
    qtest_writew(qts, b + UART_RHR, 26);            /* 115200 from 48 MHz */
    qtest_writew(qts, b + UART_LCR, 0x03);          /* 8N1 */
    qtest_writew(qts, b + UART_MDR1, 0);            /* UART 16x */
    qtest_writew(qts, b + UART_SYSC, SYSC_SMART_IDLE |
                 (on ? SYSC_ENAWAKEUP : 0));
    qtest_writew(qts, b + UART_WER, on ? UART_WER_RX : 0);
}

static void uart_event(QTestState *qts, const WakeupCase *c)
{
    uint8_t ch = 'w';
    int i;

    qtest_readw(qts, base(c) + UART_LSR);           /* the last one served */
    g_assert_cmpint(write(c->fd, &ch, 1), ==, 1);
    /* the character is in once LSR.DR reads 1 (an access: it ends idle) */
    for (i = 0; i < 5000; i++) {
        if (qtest_readw(qts, base(c) + UART_LSR) & UART_LSR_DR) {
            break;
        }
        g_usleep(1000);
    }
    g_assert_cmpint(i, <, 5000);
    g_assert_cmphex(qtest_readw(qts, base(c) + UART_RHR), ==, ch);
}

/* GPTIMER1: an overflow of a one-shot count, TWER.OVF */
static void gpt_enable(QTestState *qts, const WakeupCase *c, bool on)
{
    wr(qts, base(c) + GPT_TIOCP_CFG, SYSC_SMART_IDLE |
       (on ? SYSC_ENAWAKEUP : 0));
    wr(qts, base(c) + GPT_TWER, on ? GPT_OVF : 0);
}

static void gpt_event(QTestState *qts, const WakeupCase *c)
{
    /* 16 ticks of 32768 Hz to the overflow: under 0.5 ms */
    wr(qts, base(c) + GPT_TCRR, 0xfffffff0);
    wr(qts, base(c) + GPT_TCLR, 1);                 /* ST, one-shot */
    qtest_clock_step(qts, 1000000);
}

static WakeupCase cases[] = {
    { "gpio1", DM3730_DEV_GPIO1, MOD_WKUP, 3, gpio_enable, gpio_event },
    { "gpio2", DM3730_DEV_GPIO2, MOD_PER, 13, gpio_enable, gpio_event },
    { "uart3", DM3730_DEV_UART3, MOD_PER, 11, uart_enable, uart_event },
    { "gpt1", DM3730_DEV_GPT1, MOD_WKUP, 0, gpt_enable, gpt_event },
};

/* A gta04 (@args more of its command line), UART3 on a socket for @c */
static QTestState *start(WakeupCase *c, const char *args)
{
    g_autofree char *dir = g_dir_make_tmp("omap3-wakeup-XXXXXX", NULL);
    g_autofree char *path = g_strdup_printf("%s/uart3.sock", dir);
    int lfd = qtest_socket_server(path);
    QTestState *qts;

    qts = qtest_initf(MACHINE " -chardev socket,id=uart3,path=%s "
                      "-serial chardev:uart3 %s", path, args);
    c->fd = accept(lfd, NULL, NULL);
    g_assert_cmpint(c->fd, >=, 0);
    close(lfd);
    unlink(path);
    rmdir(dir);
    qtest_irq_intercept_in(qts, "/machine/soc/intc");
    return qts;
}

static void stop(QTestState *qts, WakeupCase *c)
{
    close(c->fd);
    qtest_quit(qts);
}

/*
 * The PRCM cuts the module's clocks: its functional and interface clock
 * off in the CM; in PER all of them, so that PER idles (its target ON:
 * INACTIVE)
 */
static void cut_clocks(QTestState *qts, const WakeupCase *c)
{
    if (c->mod == MOD_PER) {
        wr(qts, CM_FCLKEN(c->mod), 0);
        wr(qts, CM_ICLKEN(c->mod), 0);
        return;
    }
    wr(qts, CM_FCLKEN(c->mod), rd(qts, CM_FCLKEN(c->mod)) & ~(1u << c->bit));
    wr(qts, CM_ICLKEN(c->mod), rd(qts, CM_ICLKEN(c->mod)) & ~(1u << c->bit));
}

static void run_clocks(QTestState *qts, const WakeupCase *c)
{
    wr(qts, CM_FCLKEN(c->mod), rd(qts, CM_FCLKEN(c->mod)) | 1u << c->bit);
    wr(qts, CM_ICLKEN(c->mod), rd(qts, CM_ICLKEN(c->mod)) | 1u << c->bit);
}

static void set_bit(QTestState *qts, uint64_t addr, int bit, bool on)
{
    uint32_t v = rd(qts, addr);

    wr(qts, addr, on ? v | 1u << bit : v & ~(1u << bit));
}

/* Nothing latched: PM_WKST bit, WKUP_ST, the PRCM_MPU interrupt */
static void assert_quiet(QTestState *qts, const WakeupCase *c)
{
    g_assert_cmphex(rd(qts, PM_WKST(c->mod)) & 1u << c->bit, ==, 0);
    g_assert_cmphex(rd(qts, PRM_IRQSTATUS_MPU) & WKUP_ST, ==, 0);
    g_assert_false(qtest_get_irq(qts, IRQ_PRCM_MPU));
}

/*
 * "power-states" on: PM_WKST stays 0 with PM_WKEN clear, and with the
 * module's own wake-up enable clear, and while the module's clocks run;
 * with both enables and the clocks cut the event latches PM_WKST, sets
 * WKUP_ST (through PM_MPUGRPSEL) and the PRCM_MPU interrupt (through
 * PRM_IRQENABLE_MPU); writing 1 clears each.
 */
static void test_latch(const void *opaque)
{
    WakeupCase *c = (WakeupCase *)opaque;
    QTestState *qts = start(c, POWER_STATES);

    wr(qts, PRM_IRQENABLE_MPU, WKUP_ST);
    set_bit(qts, PM_MPUGRPSEL(c->mod), c->bit, true);
    cut_clocks(qts, c);

    /* PM_WKEN clear */
    set_bit(qts, PM_WKEN(c->mod), c->bit, false);
    c->enable(qts, c, true);
    c->event(qts, c);
    assert_quiet(qts, c);

    /* the module's own enable clear */
    set_bit(qts, PM_WKEN(c->mod), c->bit, true);
    c->enable(qts, c, false);
    c->event(qts, c);
    assert_quiet(qts, c);

    /* no-idle: the module never idles, so it never asks to be woken */
    c->enable(qts, c, true);
    if (c->enable == uart_enable) {
        qtest_writew(qts, base(c) + UART_SYSC, SYSC_NO_IDLE | SYSC_ENAWAKEUP);
    } else {
        wr(qts, base(c) + (c->enable == gpio_enable ? GPIO_SYSCONFIG :
                           GPT_TIOCP_CFG), SYSC_NO_IDLE | SYSC_ENAWAKEUP);
    }
    c->event(qts, c);
    assert_quiet(qts, c);

    /* both: latched, routed to the MPU's interrupt */
    c->enable(qts, c, true);
    c->event(qts, c);
    g_assert_cmphex(rd(qts, PM_WKST(c->mod)), ==, 1u << c->bit);
    g_assert_cmphex(rd(qts, PRM_IRQSTATUS_MPU) & WKUP_ST, ==, WKUP_ST);
    g_assert_true(qtest_get_irq(qts, IRQ_PRCM_MPU));
    /* the module's domain is ON while the event is pending */
    if (c->mod == MOD_PER) {
        g_assert_cmphex(rd(qts, PM_PWSTST(MOD_PER)), ==, PWST_ON);
    }
    /* write 1 to clear, as Linux's handler does */
    wr(qts, PM_WKST(c->mod), 1u << c->bit);
    g_assert_cmphex(rd(qts, PM_WKST(c->mod)) & 1u << c->bit, ==, 0);
    wr(qts, PRM_IRQSTATUS_MPU, WKUP_ST);
    assert_quiet(qts, c);
    if (c->mod == MOD_PER) {
        g_assert_cmphex(rd(qts, PM_PWSTST(MOD_PER)), ==, PWST_INACTIVE);
    }

    /* not routed to the MPU: latched, no WKUP_ST */
    set_bit(qts, PM_MPUGRPSEL(c->mod), c->bit, false);
    c->event(qts, c);
    g_assert_cmphex(rd(qts, PM_WKST(c->mod)), ==, 1u << c->bit);
    g_assert_cmphex(rd(qts, PRM_IRQSTATUS_MPU) & WKUP_ST, ==, 0);
    wr(qts, PM_WKST(c->mod), 1u << c->bit);
    set_bit(qts, PM_MPUGRPSEL(c->mod), c->bit, true);

    /* the module's clocks running: it is not idle, nothing latches */
    run_clocks(qts, c);
    c->event(qts, c);
    assert_quiet(qts, c);
    stop(qts, c);
}

/*
 * "power-states" on: the MPU in RET, halted in WFI, and the module's
 * domain down (PER in RET keeping its logic; WKUP never goes down): the
 * event brings both back ON; cleared, they go down again.
 */
static void test_wake_domain(const void *opaque)
{
    WakeupCase *c = (WakeupCase *)opaque;
    QTestState *qts = start(c, POWER_STATES);

    set_bit(qts, PM_WKEN(c->mod), c->bit, true);
    set_bit(qts, PM_MPUGRPSEL(c->mod), c->bit, true);
    c->enable(qts, c, true);
    if (c->mod == MOD_PER) {
        wr(qts, PM_PWSTCTRL(MOD_PER), PWSTCTRL_RET_LOGIC);
    }
    cut_clocks(qts, c);
    wr(qts, PM_PWSTCTRL(MOD_MPU), PWSTCTRL_RET_LOGIC);
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-standbywfi", 0, 1);
    g_assert_cmphex(rd(qts, PM_PWSTST(MOD_MPU)), ==, PWST_RET_LOGIC);
    if (c->mod == MOD_PER) {
        g_assert_cmphex(rd(qts, PM_PWSTST(MOD_PER)), ==, PWST_RET_LOGIC);
    }

    c->event(qts, c);
    g_assert_cmphex(rd(qts, PM_WKST(c->mod)), ==, 1u << c->bit);
    g_assert_cmphex(rd(qts, PM_PWSTST(MOD_MPU)), ==, PWST_ON);
    if (c->mod == MOD_PER) {
        g_assert_cmphex(rd(qts, PM_PWSTST(MOD_PER)), ==, PWST_ON);
    }

    /* acknowledged with the CPU still in WFI: down again */
    wr(qts, PM_WKST(c->mod), 1u << c->bit);
    g_assert_cmphex(rd(qts, PM_PWSTST(MOD_MPU)), ==, PWST_RET_LOGIC);
    if (c->mod == MOD_PER) {
        g_assert_cmphex(rd(qts, PM_PWSTST(MOD_PER)), ==, PWST_RET_LOGIC);
    }
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-standbywfi", 0, 0);
    stop(qts, c);
}

/*
 * A system reset clears what was latched (PM_WKST, WKUP_ST), and the wake-up
 * path works the same after it
 */
static void test_reset(const void *opaque)
{
    WakeupCase *c = (WakeupCase *)opaque;
    QTestState *qts = start(c, POWER_STATES);
    int i;

    for (i = 0; i < 2; i++) {
        set_bit(qts, PM_WKEN(c->mod), c->bit, true);
        set_bit(qts, PM_MPUGRPSEL(c->mod), c->bit, true);
        c->enable(qts, c, true);
        cut_clocks(qts, c);
        c->event(qts, c);
        g_assert_cmphex(rd(qts, PM_WKST(c->mod)), ==, 1u << c->bit);
        g_assert_cmphex(rd(qts, PRM_IRQSTATUS_MPU) & WKUP_ST, ==, WKUP_ST);
        qtest_qmp_assert_success(qts, "{ 'execute': 'system_reset' }");
        g_assert_cmphex(rd(qts, PM_WKST(c->mod)) & 1u << c->bit, ==, 0);
        g_assert_cmphex(rd(qts, PRM_IRQSTATUS_MPU) & WKUP_ST, ==, 0);
    }
    stop(qts, c);
}

/*
 * Migrated with PM_WKST latched (PER held ON for it) and GPIO2's request
 * still standing: both are there on the other side, where the standing
 * request makes no second event of a new edge until the bank is accessed
 */
static void test_migration(void)
{
    WakeupCase *c = &cases[1];
    QTestState *qts = qtest_init(MACHINE POWER_STATES);

    g_assert_cmpint(c->dev, ==, DM3730_DEV_GPIO2);
    set_bit(qts, PM_WKEN(MOD_PER), c->bit, true);
    set_bit(qts, PM_MPUGRPSEL(MOD_PER), c->bit, true);
    c->enable(qts, c, true);
    wr(qts, PM_PWSTCTRL(MOD_PER), PWSTCTRL_RET_LOGIC);
    cut_clocks(qts, c);
    g_assert_cmphex(rd(qts, PM_PWSTST(MOD_PER)), ==, PWST_RET_LOGIC);
    c->event(qts, c);
    g_assert_cmphex(rd(qts, PM_PWSTST(MOD_PER)), ==, PWST_ON);

    qts = gta04_migrate(qts, MACHINE POWER_STATES);
    g_assert_cmphex(rd(qts, PM_WKST(MOD_PER)), ==, 1u << c->bit);
    g_assert_cmphex(rd(qts, PM_PWSTST(MOD_PER)), ==, PWST_ON);
    wr(qts, PM_WKST(MOD_PER), 1u << c->bit);
    g_assert_cmphex(rd(qts, PM_PWSTST(MOD_PER)), ==, PWST_RET_LOGIC);
    /* another edge with no access in between: the same request */
    qtest_set_irq_in(qts, "/machine/soc/gpio2", NULL, 0, 0);
    qtest_set_irq_in(qts, "/machine/soc/gpio2", NULL, 0, 1);
    g_assert_cmphex(rd(qts, PM_WKST(MOD_PER)), ==, 0);
    /* served (an access), the next one is a new request */
    c->event(qts, c);
    g_assert_cmphex(rd(qts, PM_WKST(MOD_PER)), ==, 1u << c->bit);
    qtest_quit(qts);
}

/*
 * PM_WKDEP: a domain wakes with a wake-up event of a domain it names, as
 * long as the event is latched; not without the bit.  PER with EN_WKUP
 * (its reset value) and GPIO1's event; the MPU with EN_PER (its reset
 * value) and GPIO2's event that PM_MPUGRPSEL_PER does not route to it.
 */
static void test_wkdep(void)
{
    WakeupCase *gpio1 = &cases[0], *gpio2 = &cases[1];
    QTestState *qts = qtest_init(MACHINE POWER_STATES);
    int dep;

    g_assert_cmpint(gpio1->dev, ==, DM3730_DEV_GPIO1);
    g_assert_cmpint(gpio2->dev, ==, DM3730_DEV_GPIO2);
    set_bit(qts, PM_WKEN(MOD_WKUP), gpio1->bit, true);
    set_bit(qts, PM_WKEN(MOD_PER), gpio2->bit, true);
    gpio1->enable(qts, gpio1, true);
    gpio2->enable(qts, gpio2, true);
    wr(qts, PM_PWSTCTRL(MOD_PER), PWSTCTRL_RET_LOGIC);
    wr(qts, PM_PWSTCTRL(MOD_MPU), PWSTCTRL_RET_LOGIC);
    cut_clocks(qts, gpio1);
    cut_clocks(qts, gpio2);
    qtest_set_irq_in(qts, "/machine/soc/prm", "mpu-standbywfi", 0, 1);
    g_assert_cmphex(rd(qts, PM_PWSTST(MOD_PER)), ==, PWST_RET_LOGIC);
    g_assert_cmphex(rd(qts, PM_PWSTST(MOD_MPU)), ==, PWST_RET_LOGIC);

    for (dep = 1; dep >= 0; dep--) {
        uint32_t on = dep ? PWST_ON : PWST_RET_LOGIC;

        set_bit(qts, PM_WKDEP(MOD_PER), 4, dep);
        set_bit(qts, PM_WKDEP(MOD_MPU), 7, dep);
        /* WKUP's GPIO1 (not routed to the MPU): PER follows PM_WKDEP */
        gpio1->event(qts, gpio1);
        g_assert_cmphex(rd(qts, PM_WKST(MOD_WKUP)), ==, 1u << gpio1->bit);
        g_assert_cmphex(rd(qts, PM_PWSTST(MOD_PER)), ==, on);
        g_assert_cmphex(rd(qts, PM_PWSTST(MOD_MPU)), ==, PWST_RET_LOGIC);
        wr(qts, PM_WKST(MOD_WKUP), 1u << gpio1->bit);
        g_assert_cmphex(rd(qts, PM_PWSTST(MOD_PER)), ==, PWST_RET_LOGIC);
        /* PER's GPIO2 (not routed either): the MPU follows PM_WKDEP */
        gpio2->event(qts, gpio2);
        g_assert_cmphex(rd(qts, PM_WKST(MOD_PER)), ==, 1u << gpio2->bit);
        g_assert_cmphex(rd(qts, PM_PWSTST(MOD_PER)), ==, PWST_ON);
        g_assert_cmphex(rd(qts, PM_PWSTST(MOD_MPU)), ==, on);
        g_assert_cmphex(rd(qts, PRM_IRQSTATUS_MPU) & WKUP_ST, ==, 0);
        wr(qts, PM_WKST(MOD_PER), 1u << gpio2->bit);
        g_assert_cmphex(rd(qts, PM_PWSTST(MOD_MPU)), ==, PWST_RET_LOGIC);
    }
    g_assert_cmphex(rd(qts, PM_WKDEP(MOD_PER)) & EN_WKUP, ==, 0);
    g_assert_cmphex(rd(qts, PM_WKDEP(MOD_MPU)) & EN_PER, ==, 0);
    qtest_quit(qts);
}

/* "power-states" off (the default): everything enabled, nothing latches */
static void test_off(const void *opaque)
{
    WakeupCase *c = (WakeupCase *)opaque;
    QTestState *qts = start(c, "");

    wr(qts, PRM_IRQENABLE_MPU, WKUP_ST);
    set_bit(qts, PM_WKEN(c->mod), c->bit, true);
    set_bit(qts, PM_MPUGRPSEL(c->mod), c->bit, true);
    c->enable(qts, c, true);
    cut_clocks(qts, c);
    c->event(qts, c);
    assert_quiet(qts, c);
    stop(qts, c);
}

int main(int argc, char **argv)
{
    int i;

    g_test_init(&argc, &argv, NULL);
    for (i = 0; i < ARRAY_SIZE(cases); i++) {
        g_autofree char *latch = g_strdup_printf("omap3-wakeup/%s/latch",
                                                 cases[i].name);
        g_autofree char *wake = g_strdup_printf("omap3-wakeup/%s/wake-domain",
                                                cases[i].name);
        g_autofree char *off = g_strdup_printf("omap3-wakeup/%s/power-states-off",
                                               cases[i].name);

        qtest_add_data_func(latch, &cases[i], test_latch);
        qtest_add_data_func(wake, &cases[i], test_wake_domain);
        qtest_add_data_func(off, &cases[i], test_off);
        if (cases[i].dev == DM3730_DEV_GPIO2) {
            qtest_add_func("omap3-wakeup/gpio2/migration", test_migration);
            qtest_add_func("omap3-wakeup/wkdep", test_wkdep);
        }
        if (cases[i].dev == DM3730_DEV_GPIO1) {
            qtest_add_data_func("omap3-wakeup/gpio1/reset", &cases[i],
                                test_reset);
        }
    }
    return g_test_run();
}
