/*
 * qtest for the TWL4030 USB transceiver (I2C address 0x48), its
 * VUSB3V1-powered VBUS comparator and the power block's ungated VBUS_PRES,
 * through the OMAP3 I2C1 controller with the register sequences of
 * Linux's phy-twl4030-usb
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#define GTA04_COMPAT_QTEST
#include "gta04/include/gta04-compat.h"
#include "twl4030-qtest.h"
#include "gta04-migrate.h"

/* USB registers (0x48) */
#define VENDOR_ID_LO        0x00
#define FUNC_CTRL           0x04
#define IFC_CTRL            0x07
#define OTG_CTRL            0x0a
#define USB_INT_EN_RISE     0x0d
#define USB_INT_EN_FALL     0x10
#define USB_INT_STS         0x13
#define USB_INT_LATCH       0x14
#define SCRATCH_REG         0x16
#define OTHER_IFC_CTRL      0x83
#define OTHER_INT_STS       0x8c
#define ID_STATUS           0x96
#define POWER_CTRL          0xac
#define OTHER_IFC_CTRL2     0xaf
#define CARKIT_ANA_CTRL     0xbb
#define PHY_PWR_CTRL        0xfd
#define PHY_CLK_CTRL        0xfe
#define PHY_CLK_CTRL_STS    0xff

#define ULPI_SET(r)         ((r) + 1)
#define ULPI_CLR(r)         ((r) + 2)

#define INT_VBUSVALID       (1 << 1)
#define INT_SESSVALID       (1 << 2)
#define INT_SESSEND         (1 << 3)
#define INT_IDGND           (1 << 4)

/* PM_RECEIVER (0x4B) */
#define VUSB1V5_DEV_GRP     0xcc

/* BCI */

static void test_ids_and_aliases(void)
{
    QTestState *qts = twl_start(NULL);
    uint8_t id[4];

    g_assert_cmpint(gta04_i2c_read_reg(qts, TWL_I2C, TWL_USB,
                                       VENDOR_ID_LO, id, 4), ==, 0);
    g_assert_cmphex(id[0], ==, 0x51);   /* TI: vendor 0x0451 */
    g_assert_cmphex(id[1], ==, 0x04);
    g_assert_cmphex(id[2], ==, 0x02);
    g_assert_cmphex(id[3], ==, 0xc0);
    /* the IDs are read-only */
    twl_set(qts, TWL_USB, VENDOR_ID_LO, 0);
    g_assert_cmphex(twl_get(qts, TWL_USB, VENDOR_ID_LO), ==, 0x51);

    /* FUNC_CTRL: reset SUSPENDM | full speed; SET, CLR, and reads of both */
    g_assert_cmphex(twl_get(qts, TWL_USB, FUNC_CTRL), ==, 0x41);
    twl_set(qts, TWL_USB, ULPI_SET(FUNC_CTRL), 0x04);
    g_assert_cmphex(twl_get(qts, TWL_USB, FUNC_CTRL), ==, 0x45);
    g_assert_cmphex(twl_get(qts, TWL_USB, ULPI_SET(FUNC_CTRL)), ==, 0x45);
    g_assert_cmphex(twl_get(qts, TWL_USB, ULPI_CLR(FUNC_CTRL)), ==, 0x45);
    /* usb_set_mode(ULPI): clear XCVRSEL | OPMODE */
    twl_set(qts, TWL_USB, ULPI_CLR(FUNC_CTRL), 0x1b);
    g_assert_cmphex(twl_get(qts, TWL_USB, FUNC_CTRL), ==, 0x44);
    /* bit 7 does not exist, RESET (bit 5) clears itself */
    twl_set(qts, TWL_USB, FUNC_CTRL, 0xff);
    g_assert_cmphex(twl_get(qts, TWL_USB, FUNC_CTRL), ==, 0x5f);

    /* IFC_CTRL clear CARKITMODE, POWER_CTRL set OTG_ENAB */
    twl_set(qts, TWL_USB, ULPI_SET(IFC_CTRL), 0x04);
    g_assert_cmphex(twl_get(qts, TWL_USB, IFC_CTRL), ==, 0x14);
    twl_set(qts, TWL_USB, ULPI_CLR(IFC_CTRL), 0x04);
    g_assert_cmphex(twl_get(qts, TWL_USB, IFC_CTRL), ==, 0x10);
    g_assert_cmphex(twl_get(qts, TWL_USB, POWER_CTRL), ==, 0x00);
    twl_set(qts, TWL_USB, ULPI_SET(POWER_CTRL), 0x20);
    g_assert_cmphex(twl_get(qts, TWL_USB, POWER_CTRL), ==, 0x20);
    g_assert_cmphex(twl_get(qts, TWL_USB, OTG_CTRL), ==, 0x06);

    /* SCRATCH with both aliases; CARKIT_ANA_CTRL |= SEL_MADC_MCPC (MADC) */
    twl_set(qts, TWL_USB, SCRATCH_REG, 0xa5);
    twl_set(qts, TWL_USB, ULPI_SET(SCRATCH_REG), 0x5a);
    g_assert_cmphex(twl_get(qts, TWL_USB, SCRATCH_REG), ==, 0xff);
    twl_set(qts, TWL_USB, ULPI_CLR(SCRATCH_REG), 0x0f);
    g_assert_cmphex(twl_get(qts, TWL_USB, SCRATCH_REG), ==, 0xf0);
    twl_set(qts, TWL_USB, ULPI_SET(CARKIT_ANA_CTRL), 0x08);
    g_assert_cmphex(twl_get(qts, TWL_USB, CARKIT_ANA_CTRL), ==, 0x08);

    /* the interrupt enables reset to all five ULPI sources */
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_EN_RISE), ==, 0x1f);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_EN_FALL), ==, 0x1f);
    qtest_quit(qts);
}

/* Enable the USB LDOs like twl4030_usb_runtime_resume */
static void usb_ldos_on(QTestState *qts)
{
    twl_set(qts, TWL_POWER, VUSB3V1_DEV_GRP,
           twl_get(qts, TWL_POWER, VUSB3V1_DEV_GRP) | GRP_P1);
    twl_set(qts, TWL_POWER, VUSB1V8_DEV_GRP,
           twl_get(qts, TWL_POWER, VUSB1V8_DEV_GRP) | GRP_P1);
    twl_set(qts, TWL_POWER, VUSB_DEDICATED2, 0);
    twl_set(qts, TWL_POWER, VUSB1V5_DEV_GRP,
           twl_get(qts, TWL_POWER, VUSB1V5_DEV_GRP) | GRP_P1);
}

static void usb_ldos_off(QTestState *qts)
{
    twl_set(qts, TWL_POWER, VUSB1V5_DEV_GRP,
           twl_get(qts, TWL_POWER, VUSB1V5_DEV_GRP) & ~GRP_P123);
    twl_set(qts, TWL_POWER, VUSB1V8_DEV_GRP,
           twl_get(qts, TWL_POWER, VUSB1V8_DEV_GRP) & ~GRP_P123);
    twl_set(qts, TWL_POWER, VUSB3V1_DEV_GRP,
           twl_get(qts, TWL_POWER, VUSB3V1_DEV_GRP) & ~GRP_P123);
}

/* twl4030_i2c_access(): REQ_PHY_DPLL_CLK and the PHY_DPLL_CLK poll */
static void test_phy_clock(void)
{
    QTestState *qts = twl_start(NULL);

    g_assert_cmphex(twl_get(qts, TWL_USB, PHY_CLK_CTRL), ==, 0x02);
    g_assert_cmphex(twl_get(qts, TWL_USB, PHY_PWR_CTRL), ==, 0x00);
    /* the PHY supplies are off after reset: no clock */
    twl_set(qts, TWL_USB, PHY_CLK_CTRL, 0x07);
    g_assert_cmphex(twl_get(qts, TWL_USB, PHY_CLK_CTRL), ==, 0x07);
    g_assert_cmphex(twl_get(qts, TWL_USB, PHY_CLK_CTRL_STS), ==, 0x00);

    usb_ldos_on(qts);
    g_assert_cmphex(twl_get(qts, TWL_USB, PHY_CLK_CTRL_STS), ==, 0x01);
    /* PHYPWD stops it */
    twl_set(qts, TWL_USB, PHY_PWR_CTRL, 0x01);
    g_assert_cmphex(twl_get(qts, TWL_USB, PHY_PWR_CTRL), ==, 0x01);
    g_assert_cmphex(twl_get(qts, TWL_USB, PHY_CLK_CTRL_STS), ==, 0x00);
    twl_set(qts, TWL_USB, PHY_PWR_CTRL,
           twl_get(qts, TWL_USB, PHY_PWR_CTRL) & ~0x01);
    g_assert_cmphex(twl_get(qts, TWL_USB, PHY_CLK_CTRL_STS), ==, 0x01);

    /* without the request the ULPI side keeps it while not suspended */
    twl_set(qts, TWL_USB, PHY_CLK_CTRL, 0x06);
    g_assert_cmphex(twl_get(qts, TWL_USB, PHY_CLK_CTRL_STS), ==, 0x01);
    twl_set(qts, TWL_USB, ULPI_CLR(FUNC_CTRL), 0x40);        /* SUSPENDM */
    g_assert_cmphex(twl_get(qts, TWL_USB, PHY_CLK_CTRL_STS), ==, 0x00);
    twl_set(qts, TWL_USB, PHY_CLK_CTRL, 0x07);
    g_assert_cmphex(twl_get(qts, TWL_USB, PHY_CLK_CTRL_STS), ==, 0x01);

    /* regulators off (runtime_suspend): no clock whatever is requested */
    usb_ldos_off(qts);
    g_assert_cmphex(twl_get(qts, TWL_USB, PHY_CLK_CTRL_STS), ==, 0x00);
    qtest_quit(qts);
}

/* Set up the PWR SIH like Linux: USB_PRES on both edges, COR */
static void pwr_sih_setup(QTestState *qts)
{
    twl_set(qts, TWL_POWER, PWR_IMR1, 0xff);
    twl_set(qts, TWL_POWER, PWR_SIH_CTRL, 0x04);
    twl_set(qts, TWL_POWER, PWR_EDR1,
           twl_get(qts, TWL_POWER, PWR_EDR1) | 0x30);
    twl_get(qts, TWL_POWER, PWR_ISR1);
    twl_get(qts, TWL_POWER, PWR_ISR1);
    twl_set(qts, TWL_POWER, PWR_IMR1, (uint8_t)~PWR_USB_PRES);
    /* the BCI SIH clear-on-read, ICHGLOW (FSM change) unmasked */
    twl_set(qts, TWL_AUX, BCISIHCTRL, 0x04);
    twl_set(qts, TWL_AUX, BCIIMR1A, (uint8_t)~BCI_ICHGLOW);
    twl_set(qts, TWL_AUX, BCIIMR2A, 0xff);
    twl_rd_isr(qts, TWL_AUX, BCIISR1A);
    twl_rd_isr(qts, TWL_AUX, BCIISR2A);
}

/*
 * Two VBUS comparators.  The power block's VBUS_PRES (STS_HW_CONDITIONS
 * bit 7, the PWR SIH USB_PRES source) runs from VBUS: phy-twl4030-usb
 * relies on it to see a plug while runtime-suspended with its LDOs off.
 * The transceiver's comparator needs VUSB3V1 (the seed article's
 * coupling): it drives the PHY's VBUSVALID/SESSVALID and the charger's
 * USB path (BCIMSTATEC USB bit, FSM-change event on ICHGLOW).
 */
static void test_vbus_comparator(void)
{
    QTestState *qts = twl_start(NULL);

    /* VUSB3V1 resets on (in SLEEP): both comparators see the cable */
    g_assert_false(twl_get(qts, TWL_POWER, STS_HW_CONDITIONS) & STS_VBUS);
    twl_prop(qts, "vbus", true);
    bci_settle(qts);
    g_assert_true(twl_get(qts, TWL_POWER, STS_HW_CONDITIONS) & STS_VBUS);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_STS), ==,
                    INT_VBUSVALID | INT_SESSVALID);
    g_assert_cmphex(twl_get(qts, TWL_USB, OTHER_INT_STS), ==, 0x80);
    g_assert_true(twl_get(qts, TWL_AUX, BCIMSTATEC) & MSTATEC_USB);

    /*
     * twl4030_usb_ldo_init: VUSB3V1_DEV_GRP = 0 -> the transceiver's
     * comparator is unpowered; VBUS_PRES still sees the cable
     */
    twl_unlock(qts);
    twl_set(qts, TWL_POWER, VUSB3V1_DEV_GRP, 0);
    bci_settle(qts);
    g_assert_true(twl_get(qts, TWL_POWER, STS_HW_CONDITIONS) & STS_VBUS);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_STS), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_USB, OTHER_INT_STS), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_USB, ID_STATUS), ==, 0);
    g_assert_false(twl_get(qts, TWL_AUX, BCIMSTATEC) & MSTATEC_USB);

    /* unplug while suspended: only STS_HW_CONDITIONS follows */
    twl_prop(qts, "vbus", false);
    g_assert_false(twl_get(qts, TWL_POWER, STS_HW_CONDITIONS) & STS_VBUS);

    pwr_sih_setup(qts);
    twl_set(qts, TWL_USB, ULPI_SET(OTHER_IFC_CTRL), 0x01);   /* PHY -> PIH */
    twl_get(qts, TWL_USB, USB_INT_LATCH);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1), ==, 0);

    /*
     * Plug while the PHY is suspended: USB_PRES latches on the rising
     * edge when its EDR selects that edge (falling only: no latch on the
     * plug; rising only: none on the unplug), the charger and the PHY
     * see nothing
     */
    twl_set(qts, TWL_POWER, PWR_EDR1,
           (twl_get(qts, TWL_POWER, PWR_EDR1) & ~0x30) | 0x10);
    twl_prop(qts, "vbus", true);
    g_assert_true(twl_get(qts, TWL_POWER, STS_HW_CONDITIONS) & STS_VBUS);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1), ==, 0);
    twl_set(qts, TWL_POWER, PWR_EDR1,
           (twl_get(qts, TWL_POWER, PWR_EDR1) & ~0x30) | 0x20);
    twl_prop(qts, "vbus", false);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1), ==, 0);
    twl_prop(qts, "vbus", true);
    g_assert_true(twl_get(qts, TWL_POWER, STS_HW_CONDITIONS) & STS_VBUS);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1), ==, PIH_PWR);
    g_assert_cmphex(twl_rd_isr(qts, TWL_POWER, PWR_ISR1), ==, PWR_USB_PRES);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIMSTATEC) & MSTATEC_USB, ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIISR1A), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_STS), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_LATCH), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1), ==, 0);
    /* Linux's setting again: USB_PRES on both edges */
    twl_set(qts, TWL_POWER, PWR_EDR1, twl_get(qts, TWL_POWER, PWR_EDR1) | 0x30);

    /*
     * runtime_resume: VUSB3V1 on with the cable plugged.  The charger
     * sees VBUS (FSM-change event), the PHY latches its VBUS rise;
     * VBUS_PRES did not change, so no USB_PRES
     */
    usb_ldos_on(qts);
    bci_settle(qts);
    g_assert_true(twl_get(qts, TWL_POWER, STS_HW_CONDITIONS) & STS_VBUS);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_STS), ==,
                    INT_VBUSVALID | INT_SESSVALID);
    g_assert_cmphex(twl_get(qts, TWL_USB, ID_STATUS), ==, 0x10); /* float */
    g_assert_true(twl_get(qts, TWL_AUX, BCIMSTATEC) & MSTATEC_USB);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1), ==,
                    PIH_BCI | PIH_USB);
    g_assert_cmphex(twl_rd_isr(qts, TWL_AUX, BCIISR1A), ==, BCI_ICHGLOW);
    g_assert_cmphex(twl_get(qts, TWL_POWER, PWR_ISR1), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_LATCH), ==,
                    INT_VBUSVALID | INT_SESSVALID);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_LATCH), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1), ==, 0);

    /*
     * runtime_suspend with the cable still plugged: the charger falls
     * back to battery (the event of the seed article's bug 1), the PHY
     * latches the falling edges; STS_HW_CONDITIONS.VBUS stays and
     * USB_PRES does not latch
     */
    usb_ldos_off(qts);
    bci_settle(qts);
    g_assert_true(twl_get(qts, TWL_POWER, STS_HW_CONDITIONS) & STS_VBUS);
    g_assert_false(twl_get(qts, TWL_AUX, BCIMSTATEC) & MSTATEC_USB);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_STS), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1), ==,
                    PIH_BCI | PIH_USB);
    g_assert_cmphex(twl_get(qts, TWL_POWER, PWR_ISR1), ==, 0);
    g_assert_cmphex(twl_rd_isr(qts, TWL_AUX, BCIISR1A), ==, BCI_ICHGLOW);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_LATCH), ==,
                    INT_VBUSVALID | INT_SESSVALID);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1), ==, 0);

    /* unplugging while suspended: USB_PRES falls, nothing else moves */
    twl_prop(qts, "vbus", false);
    g_assert_false(twl_get(qts, TWL_POWER, STS_HW_CONDITIONS) & STS_VBUS);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1), ==, PIH_PWR);
    g_assert_cmphex(twl_rd_isr(qts, TWL_POWER, PWR_ISR1), ==, PWR_USB_PRES);
    g_assert_cmphex(twl_get(qts, TWL_AUX, BCIISR1A), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_LATCH), ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1), ==, 0);
    qtest_quit(qts);
}

/* Cable plug/unplug with the comparator powered; ID ground; INT2 routing */
static void test_cable_events(void)
{
    QTestState *qts = twl_start(NULL);

    pwr_sih_setup(qts);
    twl_set(qts, TWL_USB, ULPI_SET(OTHER_IFC_CTRL), 0x01);
    twl_set(qts, TWL_USB, USB_INT_EN_FALL, 0);       /* rising edges only */
    twl_get(qts, TWL_USB, USB_INT_LATCH);

    twl_prop(qts, "vbus", true);
    bci_settle(qts);
    g_assert_cmphex(twl_rd_isr(qts, TWL_POWER, PWR_ISR1), ==, PWR_USB_PRES);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_LATCH), ==,
                    INT_VBUSVALID | INT_SESSVALID);
    twl_rd_isr(qts, TWL_AUX, BCIISR1A);

    /* unplug: SESSEND rises, the falling VBUS edges are not enabled */
    twl_prop(qts, "vbus", false);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_STS), ==, INT_SESSEND);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_LATCH), ==, INT_SESSEND);
    g_assert_cmphex(twl_rd_isr(qts, TWL_POWER, PWR_ISR1), ==, PWR_USB_PRES);

    /* ID grounded (OTG host cable) */
    twl_prop(qts, "usb-id", true);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_STS), ==,
                    INT_SESSEND | INT_IDGND);
    g_assert_cmphex(twl_get(qts, TWL_USB, ID_STATUS), ==, 0x01);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_LATCH), ==, INT_IDGND);

    /* USB_INT_OUTSEL = INT2: PIH_ISR_P1 no longer shows the PHY */
    twl_set(qts, TWL_USB, OTHER_IFC_CTRL2, 0x01);
    twl_prop(qts, "usb-id", false);
    twl_prop(qts, "usb-id", true);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_USB, ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, 0x82) & PIH_USB, ==, PIH_USB);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_LATCH), ==, INT_IDGND);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, 0x82) & PIH_USB, ==, 0);
    qtest_quit(qts);
}

/* savevm/loadvm with a pending PHY interrupt and VUSB3V1 switched */
static void test_migration(void)
{
    QTestState *qts = twl_start(NULL);

    twl_set(qts, TWL_USB, ULPI_SET(OTHER_IFC_CTRL), 0x01);
    twl_get(qts, TWL_USB, USB_INT_LATCH);
    twl_unlock(qts);
    twl_set(qts, TWL_POWER, VUSB3V1_DEV_GRP, 0);         /* DEDICATED2 reset */
    twl_set(qts, TWL_POWER, VUSB3V1_DEV_GRP, GRP_P1);    /* on, in SLEEP */
    twl_qom_set_bool(qts, TWL_PATH, "vbus", true);
    twl_set(qts, TWL_USB, SCRATCH_REG, 0x3c);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_USB, ==, PIH_USB);

    qts = gta04_migrate(qts, "-M gta04");

    /* SESSEND rose with VUSB3V1 (no cable yet), then fell with the cable */
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_USB, ==, PIH_USB);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_LATCH), ==,
                    INT_VBUSVALID | INT_SESSVALID | INT_SESSEND);
    g_assert_cmphex(twl_get(qts, TWL_INTBR, PIH_ISR_P1) & PIH_USB, ==, 0);
    g_assert_cmphex(twl_get(qts, TWL_USB, SCRATCH_REG), ==, 0x3c);
    /* the power block's VBUS debounce (30 ms) was pending: it goes on */
    g_assert_false(twl_get(qts, TWL_POWER, STS_HW_CONDITIONS) & STS_VBUS);
    qtest_clock_step(qts, 30 * 1000 * 1000LL);
    g_assert_true(twl_get(qts, TWL_POWER, STS_HW_CONDITIONS) & STS_VBUS);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VUSB_DEDICATED2), ==, 0x08);
    g_assert_cmphex(twl_get(qts, TWL_POWER, VUSB3V1_DEV_GRP), ==, GRP_P1 | 0x8);
    g_assert_true(twl_qom_get_bool(qts, "/machine/twl4030/regulators",
                                   "vusb3v1"));
    /*
     * the transceiver's comparator keeps following VUSB3V1 after the load;
     * VBUS_PRES keeps following the cable only
     */
    twl_unlock(qts);
    twl_set(qts, TWL_POWER, VUSB3V1_DEV_GRP, 0);
    bci_settle(qts);
    g_assert_cmphex(twl_get(qts, TWL_USB, USB_INT_STS), ==, 0);
    g_assert_false(twl_get(qts, TWL_AUX, BCIMSTATEC) & MSTATEC_USB);
    g_assert_true(twl_get(qts, TWL_POWER, STS_HW_CONDITIONS) & STS_VBUS);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("twl4030/usb/ids-and-ulpi-aliases", test_ids_and_aliases);
    qtest_add_func("twl4030/usb/phy-clock", test_phy_clock);
    qtest_add_func("twl4030/usb/vbus-comparator-vusb3v1",
                   test_vbus_comparator);
    qtest_add_func("twl4030/usb/cable-events", test_cable_events);
    qtest_add_func("twl4030/usb/migration", test_migration);

    return g_test_run();
}
