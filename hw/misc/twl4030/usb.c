/*
 * TI TWL4030 (TPS65950) USB transceiver (I2C address 0x48)
 *
 * The register file is the ULPI register set (vendor/product ID, function,
 * interface and OTG control, USB interrupt enables/status/latch, carkit)
 * with the ULPI SET (+1) and CLR (+2) aliases, followed by TWL-specific
 * registers (TPS65950 TRM "USB registers"; names and bits as in
 * drivers/phy/ti/phy-twl4030-usb.c and include/linux/ulpi/regs.h).
 * No USB data path: there is no link (MUSB) behind the ULPI here.
 *
 * VBUS comparator: the transceiver's VBUS-valid/session and ID
 * comparators are supplied by VUSB3V1 (the coupling behind the seed
 * article's bug 1): vbus_present = cable 5 V && VUSB3V1 on.  It drives
 * USB_INT_STS VBUSVALID/SESSVALID/SESSEND, OTHER_INT_STS VB_SESS_VLD,
 * ID_STATUS and their latches, and the one "vbus-present" output, to
 * the charger (BCI): the USB charge path only sees VBUS through this
 * comparator.  With VUSB3V1 off all comparator outputs read 0.
 * The power-management block's own VBUS_PRES/ID_PRES comparators
 * (STS_HW_CONDITIONS bits 7 and 2, the PWR SIH USB_PRES source) are not
 * these: they run from VBUS itself and see the cable while the PHY is
 * suspended with its LDOs off (phy-twl4030-usb.c, twl4030_usb_linkstat),
 * so the chip feeds the power module from the cable directly.
 *
 * Interrupts: USB_INT_LATCH, OTHER_INT_LATCH and ID_INT_LATCH latch the
 * edges of their status bits selected by the *_EN_RISE / *_EN_FALL
 * registers and clear on read.  The ULPI ones normally reach the link as
 * RX CMDs; our reading of the TRM is that the PHY interrupts reach the
 * TWL's own interrupt lines (PIH bit 4, "pih" outputs) only when
 * OTHER_IFC_CTRL.ALT_INT_REROUTE is set, on the line chosen by
 * OTHER_IFC_CTRL2.USB_INT_OUTSEL (0 INT1, 1 INT2, other values: none).
 * Linux never sets ALT_INT_REROUTE and has no handler for PIH bit 4
 * (a pending bit nobody reads would keep INT1 asserted for ever).
 *
 * PHY clock: PHY_CLK_CTRL_STS.PHY_DPLL_CLK = PHY powered (PHYPWD clear,
 * VUSB1V5 and VUSB1V8 on) and (REQ_PHY_DPLL_CLK, or the ULPI side not
 * suspended: FUNC_CTRL.SUSPENDM).  It follows at once: the driver polls it.
 * Register accesses are not blocked while the clock is off.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/irq.h"
#include "hw/qdev-core.h"
#include "hw/registerfields.h"
#include "hw/misc/twl4030/usb.h"
#include "migration/vmstate.h"
#include "trace.h"

/* ULPI registers (ULPI 1.1 spec, include/linux/ulpi/regs.h) */
REG8(VENDOR_ID_LO, 0x00)
REG8(VENDOR_ID_HI, 0x01)
REG8(PRODUCT_ID_LO, 0x02)
REG8(PRODUCT_ID_HI, 0x03)
REG8(FUNC_CTRL, 0x04)
    FIELD(FUNC_CTRL, XCVRSEL, 0, 2)
    FIELD(FUNC_CTRL, TERMSELECT, 2, 1)
    FIELD(FUNC_CTRL, OPMODE, 3, 2)
    FIELD(FUNC_CTRL, RESET, 5, 1)
    FIELD(FUNC_CTRL, SUSPENDM, 6, 1)
REG8(IFC_CTRL, 0x07)
REG8(OTG_CTRL, 0x0a)
REG8(USB_INT_EN_RISE, 0x0d)
REG8(USB_INT_EN_FALL, 0x10)
REG8(USB_INT_STS, 0x13)
    FIELD(USB_INT, HOSTDISCONNECT, 0, 1)
    FIELD(USB_INT, VBUSVALID, 1, 1)
    FIELD(USB_INT, SESSVALID, 2, 1)
    FIELD(USB_INT, SESSEND, 3, 1)
    FIELD(USB_INT, IDGND, 4, 1)
REG8(USB_INT_LATCH, 0x14)
REG8(DEBUG, 0x15)
REG8(SCRATCH_REG, 0x16)
REG8(CARKIT_CTRL, 0x19)
REG8(CARKIT_INT_DELAY, 0x1c)
REG8(CARKIT_INT_EN, 0x1d)
REG8(CARKIT_INT_STS, 0x20)
REG8(CARKIT_INT_LATCH, 0x21)
REG8(CARKIT_PLS_CTRL, 0x22)
REG8(TX_POS_WIDTH, 0x25)
REG8(TX_NEG_WIDTH, 0x26)
REG8(POLARITY_RECOVERY, 0x27)
/* TWL vendor-specific registers */
REG8(MCPC_CTRL, 0x30)
REG8(MCPC_IO_CTRL, 0x33)
REG8(MCPC_CTRL2, 0x36)
REG8(OTHER_FUNC_CTRL, 0x80)
REG8(OTHER_IFC_CTRL, 0x83)
    FIELD(OTHER_IFC_CTRL, ALT_INT_REROUTE, 0, 1)
REG8(OTHER_INT_EN_RISE, 0x86)
REG8(OTHER_INT_EN_FALL, 0x89)
REG8(OTHER_INT_STS, 0x8c)
    FIELD(OTHER_INT, VB_SESS_VLD, 7, 1)
REG8(OTHER_INT_LATCH, 0x8d)
REG8(ID_INT_EN_RISE, 0x8e)
REG8(ID_INT_EN_FALL, 0x91)
REG8(ID_INT_STS, 0x94)
REG8(ID_INT_LATCH, 0x95)
REG8(ID_STATUS, 0x96)
    FIELD(ID_STATUS, ID_RES_GND, 0, 1)
    FIELD(ID_STATUS, ID_RES_FLOAT, 4, 1)
REG8(CARKIT_SM_1_INT_EN, 0x97)
REG8(CARKIT_SM_1_INT_STS, 0x9a)
REG8(CARKIT_SM_1_INT_LATCH, 0x9b)
REG8(CARKIT_SM_2_INT_EN, 0x9c)
REG8(CARKIT_SM_2_INT_STS, 0x9f)
REG8(CARKIT_SM_2_INT_LATCH, 0xa0)
REG8(CARKIT_SM_CTRL, 0xa1)
REG8(CARKIT_SM_CMD, 0xa4)
REG8(CARKIT_SM_CMD_STS, 0xa7)
REG8(CARKIT_SM_ERR_STATUS, 0xaa)
REG8(CARKIT_SM_CTRL_STATE, 0xab)
REG8(POWER_CTRL, 0xac)
    FIELD(POWER_CTRL, OTG_ENAB, 5, 1)
REG8(OTHER_IFC_CTRL2, 0xaf)
    FIELD(OTHER_IFC_CTRL2, USB_INT_OUTSEL, 0, 2)
REG8(REG_CTRL_EN, 0xb2)
REG8(REG_CTRL_ERROR, 0xb5)
REG8(OTHER_FUNC_CTRL2, 0xb8)
REG8(CARKIT_ANA_CTRL, 0xbb)
REG8(VBUS_DEBOUNCE, 0xc0)
REG8(VBAT_TIMER, 0xd3)
REG8(PHY_PWR_CTRL, 0xfd)
    FIELD(PHY_PWR_CTRL, PHYPWD, 0, 1)
REG8(PHY_CLK_CTRL, 0xfe)
    FIELD(PHY_CLK_CTRL, REQ_PHY_DPLL_CLK, 0, 1)
    FIELD(PHY_CLK_CTRL, CLK32K_EN, 1, 1)
    FIELD(PHY_CLK_CTRL, CLOCKGATING_EN, 2, 1)
REG8(PHY_CLK_CTRL_STS, 0xff)
    FIELD(PHY_CLK_CTRL_STS, PHY_DPLL_CLK, 0, 1)

#define ULPI_SET    1
#define ULPI_CLR    2

/* Registers with SET/CLR aliases, and their implemented bits */
static const struct {
    uint8_t reg;
    uint8_t mask;
} setclr_regs[] = {
    { A_FUNC_CTRL, 0x7f },
    { A_IFC_CTRL, 0xff },
    { A_OTG_CTRL, 0xff },
    { A_USB_INT_EN_RISE, 0x1f },
    { A_USB_INT_EN_FALL, 0x1f },
    { A_SCRATCH_REG, 0xff },
    { A_CARKIT_CTRL, 0x7f },
    { A_CARKIT_INT_EN, 0x1f },
    { A_CARKIT_PLS_CTRL, 0x0f },
    { A_MCPC_CTRL, 0xff },
    { A_MCPC_IO_CTRL, 0xff },
    { A_MCPC_CTRL2, 0xff },
    { A_OTHER_FUNC_CTRL, 0xff },
    { A_OTHER_IFC_CTRL, 0xff },
    { A_OTHER_INT_EN_RISE, 0xff },
    { A_OTHER_INT_EN_FALL, 0xff },
    { A_ID_INT_EN_RISE, 0xff },
    { A_ID_INT_EN_FALL, 0xff },
    { A_CARKIT_SM_1_INT_EN, 0xff },
    { A_CARKIT_SM_2_INT_EN, 0xff },
    { A_CARKIT_SM_CTRL, 0xff },
    { A_CARKIT_SM_CMD, 0xff },
    { A_POWER_CTRL, 0xff },
    { A_OTHER_IFC_CTRL2, 0xff },
    { A_REG_CTRL_EN, 0xff },
    { A_OTHER_FUNC_CTRL2, 0xff },
    { A_CARKIT_ANA_CTRL, 0xff },
};

/* Read-only status registers */
static const uint8_t status_regs[] = {
    A_VENDOR_ID_LO, A_VENDOR_ID_HI, A_PRODUCT_ID_LO, A_PRODUCT_ID_HI,
    A_USB_INT_STS, A_DEBUG, A_CARKIT_INT_STS, A_OTHER_INT_STS, A_ID_INT_STS,
    A_ID_STATUS, A_CARKIT_SM_1_INT_STS, A_CARKIT_SM_2_INT_STS,
    A_CARKIT_SM_CMD_STS, A_CARKIT_SM_CMD_STS + 1, A_CARKIT_SM_CMD_STS + 2,
    A_CARKIT_SM_ERR_STATUS, A_CARKIT_SM_CTRL_STATE, A_PHY_CLK_CTRL_STS,
};

/* Interrupt latches: read-only, clear on read, feed the "pih" outputs */
static const uint8_t latch_regs[] = {
    A_USB_INT_LATCH, A_CARKIT_INT_LATCH, A_OTHER_INT_LATCH, A_ID_INT_LATCH,
    A_CARKIT_SM_1_INT_LATCH, A_CARKIT_SM_2_INT_LATCH,
};

/*
 * Reset values other than 0: the ULPI IDs (TI 0x0451, product 0xC002),
 * ULPI defaults, and the TPS65950 reset table as transcribed in
 * qemu-linaro's TWL4030 model (debounce and timer registers).
 */
static const TWL4030RegReset usb_reset[] = {
    { A_VENDOR_ID_LO, 0x51 }, { A_VENDOR_ID_HI, 0x04 },
    { A_PRODUCT_ID_LO, 0x02 }, { A_PRODUCT_ID_HI, 0xc0 },
    { A_FUNC_CTRL, 0x41 },              /* SUSPENDM, full speed */
    { A_IFC_CTRL, 0x10 },
    { A_OTG_CTRL, 0x06 },               /* D+/D- pull-downs */
    { A_USB_INT_EN_RISE, 0x1f }, { A_USB_INT_EN_FALL, 0x1f },
    { A_CARKIT_INT_DELAY, 0x52 },
    { A_TX_POS_WIDTH, 0x05 }, { A_TX_NEG_WIDTH, 0x0a },
    { A_POLARITY_RECOVERY, 0x03 },
    { A_MCPC_IO_CTRL, 0x04 },
    { A_OTHER_IFC_CTRL, 0x80 },
    { 0xc0, 0xa0 }, { 0xc1, 0xa0 }, { 0xc2, 0x64 }, { 0xc3, 0x7f },
    { 0xc4, 0x6c }, { 0xc5, 0x75 }, { 0xc6, 0x64 }, { 0xc7, 0x20 },
    { 0xc8, 0x01 }, { 0xc9, 0x17 }, { 0xca, 0x01 }, { 0xcb, 0x02 },
    { 0xcd, 0x36 }, { 0xce, 0x44 }, { 0xcf, 0x07 }, { 0xd0, 0x3b },
    { 0xd1, 0x17 }, { 0xd2, 0x6b }, { 0xd3, 0x04 },
    { A_PHY_CLK_CTRL, 0x02 },           /* CLK32K_EN */
};

static int setclr_index(uint8_t reg)
{
    int i;

    for (i = 0; i < ARRAY_SIZE(setclr_regs); i++) {
        if (reg >= setclr_regs[i].reg && reg <= setclr_regs[i].reg + ULPI_CLR) {
            return i;
        }
    }
    return -1;
}

static bool reg_in(uint8_t reg, const uint8_t *list, int n)
{
    int i;

    for (i = 0; i < n; i++) {
        if (list[i] == reg) {
            return true;
        }
    }
    return false;
}

/* Plain read/write registers without SET/CLR aliases */
static bool is_plain_reg(uint8_t reg)
{
    switch (reg) {
    case A_CARKIT_INT_DELAY:
    case A_TX_POS_WIDTH ... A_POLARITY_RECOVERY:
    case A_REG_CTRL_ERROR:
    case A_VBUS_DEBOUNCE ... A_VBAT_TIMER:
    case A_PHY_PWR_CTRL:
    case A_PHY_CLK_CTRL:
        return true;
    default:
        return false;
    }
}

static bool twl4030_usb_phy_clock(TWL4030USBState *s)
{
    bool powered = !FIELD_EX8(s->regs[A_PHY_PWR_CTRL], PHY_PWR_CTRL, PHYPWD) &&
                   s->vusb1v5 && s->vusb1v8;

    return powered &&
           (FIELD_EX8(s->regs[A_PHY_CLK_CTRL], PHY_CLK_CTRL,
                      REQ_PHY_DPLL_CLK) ||
            FIELD_EX8(s->regs[A_FUNC_CTRL], FUNC_CTRL, SUSPENDM));
}

static void twl4030_usb_update_pih(TWL4030USBState *s)
{
    bool pending = false;
    int line = -1;
    int i;

    for (i = 0; i < ARRAY_SIZE(latch_regs); i++) {
        pending |= s->regs[latch_regs[i]] != 0;
    }
    if (FIELD_EX8(s->regs[A_OTHER_IFC_CTRL], OTHER_IFC_CTRL,
                  ALT_INT_REROUTE)) {
        switch (FIELD_EX8(s->regs[A_OTHER_IFC_CTRL2], OTHER_IFC_CTRL2,
                          USB_INT_OUTSEL)) {
        case 0:
            line = 0;
            break;
        case 1:
            line = 1;
            break;
        default:
            break;
        }
    }
    for (i = 0; i < 2; i++) {
        bool level = pending && line == i;

        if (level != s->pih_level[i]) {
            s->pih_level[i] = level;
            trace_twl4030_usb_pih(i + 1, level);
            qemu_set_irq(s->pih[i], level);
        }
    }
}

/* Latch the enabled edges between old and new status into latch_reg */
static void twl4030_usb_latch(TWL4030USBState *s, uint8_t old, uint8_t new,
                              uint8_t en_rise, uint8_t en_fall,
                              uint8_t latch_reg)
{
    uint8_t bits = (new & ~old & s->regs[en_rise]) |
                   (old & ~new & s->regs[en_fall]);

    if (bits) {
        trace_twl4030_usb_latch(latch_reg, bits);
        s->regs[latch_reg] |= bits;
    }
}

/*
 * Recompute the comparator outputs.  With latch false (reset) the new
 * status is taken as the reference without latching edges.
 */
static void twl4030_usb_update(TWL4030USBState *s, bool latch)
{
    bool powered = s->vusb3v1;
    bool present = s->vbus && powered;
    bool id_gnd = s->usb_id && powered;
    uint8_t usb_sts = 0, other_sts = 0, id_sts = 0;

    if (powered) {
        usb_sts = FIELD_DP8(usb_sts, USB_INT, VBUSVALID, present);
        usb_sts = FIELD_DP8(usb_sts, USB_INT, SESSVALID, present);
        usb_sts = FIELD_DP8(usb_sts, USB_INT, SESSEND, !s->vbus);
        usb_sts = FIELD_DP8(usb_sts, USB_INT, IDGND, id_gnd);
        other_sts = FIELD_DP8(other_sts, OTHER_INT, VB_SESS_VLD, present);
        /* ID_INT_STS carries the ID_STATUS resistor bits: our assumption */
        id_sts = FIELD_DP8(id_sts, ID_STATUS, ID_RES_GND, id_gnd);
        id_sts = FIELD_DP8(id_sts, ID_STATUS, ID_RES_FLOAT, !s->usb_id);
    }

    if (latch) {
        twl4030_usb_latch(s, s->usb_int_sts, usb_sts, A_USB_INT_EN_RISE,
                          A_USB_INT_EN_FALL, A_USB_INT_LATCH);
        twl4030_usb_latch(s, s->other_int_sts, other_sts, A_OTHER_INT_EN_RISE,
                          A_OTHER_INT_EN_FALL, A_OTHER_INT_LATCH);
        twl4030_usb_latch(s, s->id_int_sts, id_sts, A_ID_INT_EN_RISE,
                          A_ID_INT_EN_FALL, A_ID_INT_LATCH);
    }
    s->usb_int_sts = usb_sts;
    s->other_int_sts = other_sts;
    s->id_int_sts = id_sts;

    /* The charger keeps our output level across reset: send changes only */
    if (present != s->vbus_present) {
        trace_twl4030_usb_vbus_present(s->vbus, s->vusb3v1, present);
        s->vbus_present = present;
        qemu_set_irq(s->vbus_present_out, present);
    }
    twl4030_usb_update_pih(s);
}

static uint8_t twl4030_usb_read(TWL4030Cell *m, uint8_t addr, uint8_t reg)
{
    TWL4030USBState *s = TWL4030_USB(m);
    uint8_t value;
    int i;

    switch (reg) {
    case A_USB_INT_STS:
        return s->usb_int_sts;
    case A_OTHER_INT_STS:
        return s->other_int_sts;
    case A_ID_INT_STS:
    case A_ID_STATUS:
        return s->id_int_sts;
    case A_PHY_CLK_CTRL_STS:
        return FIELD_DP8(0, PHY_CLK_CTRL_STS, PHY_DPLL_CLK,
                         twl4030_usb_phy_clock(s));
    default:
        break;
    }
    if (reg_in(reg, latch_regs, ARRAY_SIZE(latch_regs))) {
        value = s->regs[reg];
        if (value) {
            s->regs[reg] = 0;
            twl4030_usb_update_pih(s);
        }
        return value;
    }
    i = setclr_index(reg);
    if (i >= 0) {
        /* The SET/CLR aliases read as the register itself */
        return s->regs[setclr_regs[i].reg];
    }
    if (is_plain_reg(reg) ||
        reg_in(reg, status_regs, ARRAY_SIZE(status_regs))) {
        return s->regs[reg];
    }
    qemu_log_mask(LOG_UNIMP, "twl4030-usb: read of unimplemented register "
                  "0x%02x\n", reg);
    return 0;
}

static void twl4030_usb_write(TWL4030Cell *m, uint8_t addr, uint8_t reg,
                              uint8_t value)
{
    TWL4030USBState *s = TWL4030_USB(m);
    int i;

    trace_twl4030_usb_write(reg, value);
    i = setclr_index(reg);
    if (i >= 0) {
        uint8_t base = setclr_regs[i].reg;
        uint8_t v = s->regs[base];

        switch (reg - base) {
        case ULPI_SET:
            v |= value;
            break;
        case ULPI_CLR:
            v &= ~value;
            break;
        default:
            v = value;
            break;
        }
        v &= setclr_regs[i].mask;
        if (base == A_FUNC_CTRL) {
            /* ULPI: the PHY clears RESET once its reset is done */
            v = FIELD_DP8(v, FUNC_CTRL, RESET, 0);
        }
        s->regs[base] = v;
        if (base == A_OTHER_IFC_CTRL || base == A_OTHER_IFC_CTRL2) {
            twl4030_usb_update_pih(s);
        }
        return;
    }
    switch (reg) {
    case A_PHY_PWR_CTRL:
        s->regs[reg] = value & R_PHY_PWR_CTRL_PHYPWD_MASK;
        return;
    case A_PHY_CLK_CTRL:
        s->regs[reg] = value & (R_PHY_CLK_CTRL_REQ_PHY_DPLL_CLK_MASK |
                                R_PHY_CLK_CTRL_CLK32K_EN_MASK |
                                R_PHY_CLK_CTRL_CLOCKGATING_EN_MASK);
        return;
    default:
        break;
    }
    if (is_plain_reg(reg)) {
        s->regs[reg] = value;
        return;
    }
    if (reg_in(reg, status_regs, ARRAY_SIZE(status_regs)) ||
        reg_in(reg, latch_regs, ARRAY_SIZE(latch_regs))) {
        qemu_log_mask(LOG_GUEST_ERROR, "twl4030-usb: write 0x%02x to "
                      "read-only register 0x%02x\n", value, reg);
        return;
    }
    qemu_log_mask(LOG_UNIMP, "twl4030-usb: write 0x%02x to unimplemented "
                  "register 0x%02x\n", value, reg);
}

/*
 * The comparator inputs: the cable (VBUS, ID) and the supply of the
 * transceiver's VBUS and ID comparators (VUSB3V1).  A change re-evaluates
 * the comparators and latches their edges.
 */
static void usb_set_comparator_input(TWL4030USBState *s, bool *input,
                                     int level)
{
    if (*input == !!level) {
        return;
    }
    *input = level;
    twl4030_usb_update(s, true);
}

static void usb_vbus_in(void *opaque, int n, int level)
{
    TWL4030USBState *s = opaque;

    usb_set_comparator_input(s, &s->vbus, level);
}

static void usb_id_in(void *opaque, int n, int level)
{
    TWL4030USBState *s = opaque;

    usb_set_comparator_input(s, &s->usb_id, level);
}

static void usb_vusb3v1_in(void *opaque, int n, int level)
{
    TWL4030USBState *s = opaque;

    usb_set_comparator_input(s, &s->vusb3v1, level);
}

/* The PHY supplies only gate the DPLL clock, read on access */
static void usb_vusb1v5_in(void *opaque, int n, int level)
{
    TWL4030USBState *s = opaque;

    s->vusb1v5 = level;
}

static void usb_vusb1v8_in(void *opaque, int n, int level)
{
    TWL4030USBState *s = opaque;

    s->vusb1v8 = level;
}

static void twl4030_usb_reset_hold(Object *obj, ResetType type)
{
    TWL4030USBState *s = TWL4030_USB(obj);

    TWL4030_REGS_RESET(s, usb_reset);
    /* Inputs keep their levels; outputs follow them */
    twl4030_usb_update(s, false);
}
GTA04_RESET_PHASE_COMPAT(twl4030_usb_reset_hold);

static void twl4030_usb_init(Object *obj)
{
    TWL4030USBState *s = TWL4030_USB(obj);
    DeviceState *dev = DEVICE(obj);

    qdev_init_gpio_in_named(dev, usb_vbus_in, "vbus", 1);
    qdev_init_gpio_in_named(dev, usb_id_in, "usb-id", 1);
    qdev_init_gpio_in_named(dev, usb_vusb3v1_in, "vusb3v1", 1);
    qdev_init_gpio_in_named(dev, usb_vusb1v5_in, "vusb1v5", 1);
    qdev_init_gpio_in_named(dev, usb_vusb1v8_in, "vusb1v8", 1);
    qdev_init_gpio_out_named(dev, &s->vbus_present_out, "vbus-present", 1);
    qdev_init_gpio_out_named(dev, s->pih, "pih", 2);
}

static const VMStateDescription vmstate_twl4030_usb = {
    .name = TYPE_TWL4030_USB,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_ARRAY(regs, TWL4030USBState, TWL4030_NUM_REGS),
        VMSTATE_BOOL(vbus, TWL4030USBState),
        VMSTATE_BOOL(usb_id, TWL4030USBState),
        VMSTATE_BOOL(vusb3v1, TWL4030USBState),
        VMSTATE_BOOL(vusb1v5, TWL4030USBState),
        VMSTATE_BOOL(vusb1v8, TWL4030USBState),
        VMSTATE_BOOL(vbus_present, TWL4030USBState),
        VMSTATE_UINT8(usb_int_sts, TWL4030USBState),
        VMSTATE_UINT8(other_int_sts, TWL4030USBState),
        VMSTATE_UINT8(id_int_sts, TWL4030USBState),
        VMSTATE_BOOL_ARRAY(pih_level, TWL4030USBState, 2),
        VMSTATE_END_OF_LIST()
    }
};

static void twl4030_usb_class_init(ObjectClass *klass, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);
    TWL4030CellClass *mc = TWL4030_CELL_CLASS(klass);

    dc->desc = "TWL4030 USB transceiver";
    dc->vmsd = &vmstate_twl4030_usb;
    rc->phases.hold = GTA04_RESET_PHASE(twl4030_usb_reset_hold);
    mc->read = twl4030_usb_read;
    mc->write = twl4030_usb_write;
}
GTA04_CLASS_INIT_COMPAT(twl4030_usb_class_init);

static const TypeInfo twl4030_usb_info = {
    .name = TYPE_TWL4030_USB,
    .parent = TYPE_TWL4030_CELL,
    .instance_size = sizeof(TWL4030USBState),
    .instance_init = twl4030_usb_init,
    .class_init = GTA04_CLASS_INIT(twl4030_usb_class_init),
};

static void twl4030_usb_register_types(void)
{
    type_register_static(&twl4030_usb_info);
}

type_init(twl4030_usb_register_types)
