/*
 * TI TWL4030 (TPS65950) secondary interrupt handler (SIH)
 *
 * One instance per interrupt-capable module of the chip (PWR, GPIO, BCI,
 * MADC, keypad).  Each has a block of registers, for n = ceil(sources / 8)
 * and e = ceil(2 * sources / 8) bytes, starting at "base" on slave "addr":
 *
 *     ISR1[n] IMR1[n] ISR2[n] IMR2[n] SIR[n] EDR[e] SIH_CTRL
 *
 * (PWR 0x4B:0x2E-0x35, GPIO 0x49:0xB1-0xC5, BCI 0x4A:0xB9-0xC6,
 * MADC 0x4A:0x61-0x67, keypad 0x4A:0xE3-0xE9; Linux twl4030-irq.c and
 * include/linux/mfd/twl.h agree on every one of them).
 *
 * Wiring:
 *  - input  "source"[num-sources]: the level of each interrupt source
 *    signal of the module.  A module drives it as a level (a condition:
 *    "VBUS present", "button held", "RTC_IT") or pulses it
 *    (qemu_irq_pulse) for a one-shot event; the EDR selects which edges
 *    latch.  A source's level must be driven, never re-sent on reset.
 *  - output "int1" / "int2": (ISR1 & ~IMR1) != 0 / (ISR2 & ~IMR2) != 0,
 *    this module's bit in PIH_ISR_P1 / PIH_ISR_P2.
 *
 * Semantics (our reading of the TWL4030/TPS65950 TRM "SIH" description,
 * Linux twl4030-irq.c and the keypad driver's SIH_CTRL comment):
 *  - EDR: two bits per source n in byte n / 4 at bit 2 * (n % 4): the
 *    higher one = rising edge, the lower one = falling edge.  An ISR bit
 *    latches on the selected edge(s) of its source; with both bits clear
 *    the source never latches.  There are no level-latched sources.
 *    The bits past the last source (GPIO_EDR5 bits 7:4: 18 sources) are
 *    reserved and read 0.
 *  - IMRn: a masked source does not latch into ISRn; a bit latched before
 *    it was masked stays in ISRn but does not assert INTn.  There is no
 *    module-level mask (and no PIH mask): a module's interrupt is masked
 *    only through its IMRn bits (TPS65950 TRM "SIH" description).
 *  - SIH_CTRL.COR (bit 2) = 1: reading ISRn clears the bits read; = 0:
 *    writing 1s to ISRn clears them (writes are ignored in COR mode).
 *    "cor-inverted" (MADC) swaps the polarity: Linux notes that for MADC
 *    "COR=1 means clear on write", so the reset value 0 is clear on read.
 *  - SIH_CTRL.EXCLEN (bit 0) = 1: an event latches in ISR1 if unmasked
 *    there, otherwise in ISR2, never in both; = 0: in every line where
 *    it is unmasked.
 *  - SIH_CTRL.PENDDIS (bit 1) = 0: an edge that arrives while its ISR bit
 *    is still set is remembered and latches again when the bit is cleared;
 *    and a source that is still at the level its latching edge gave it
 *    when its bit is cleared re-latches ONCE (the "RTC_IT retriggers until
 *    ALARM is cleared" of rtc-twl and the double ISR read at init of
 *    twl4030-irq).  A second clear with the source still active does not
 *    re-latch: the source must change level first.  PENDDIS = 1 disables
 *    both (nothing is remembered).
 *  - SIR: writing 1s latches those sources (software interrupt, test),
 *    subject to IMR/EXCLEN like a real event; reads 0.
 *  - Reset values (TRM reset values are not all known to us; chosen so that
 *    Linux 6.1 works, see the "*-reset" properties set by the chip):
 *    ISR 0, IMR "imr-reset" (0x00: unmasked), EDR "edr-reset",
 *    SIH_CTRL "ctrl-reset" (0x00).
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_SIH_H
#define HW_MISC_TWL4030_SIH_H

#include "hw/misc/twl4030/cell.h"
#include "hw/registerfields.h"

#define TYPE_TWL4030_SIH "twl4030-sih"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030SIHState, TWL4030_SIH)

#define TWL4030_SIH_MAX_SOURCES 24
#define TWL4030_SIH_LINES       2

/* SIH_CTRL bits (include/linux/mfd/twl.h TWL4030_SIH_CTRL_*) */
FIELD(TWL4030_SIH_CTRL, EXCLEN, 0, 1)
FIELD(TWL4030_SIH_CTRL, PENDDIS, 1, 1)
FIELD(TWL4030_SIH_CTRL, COR, 2, 1)
#define TWL4030_SIH_CTRL_MASK   0x07

struct TWL4030SIHState {
    TWL4030Cell parent_obj;

    /* properties */
    uint8_t num_sources;
    uint8_t addr;           /* slave address of the block */
    uint8_t base;           /* register number of ISR1 */
    uint8_t imr_reset;      /* every IMR byte */
    uint8_t ctrl_reset;
    uint64_t edr_reset;     /* EDR bytes, byte 0 in bits 7:0 */
    bool cor_inverted;

    /* layout, from the properties */
    uint8_t isr_bytes;      /* n */
    uint8_t edr_bytes;      /* e */
    char *name;             /* QOM name, for traces */

    /* registers */
    uint32_t isr[TWL4030_SIH_LINES];
    uint32_t imr[TWL4030_SIH_LINES];   /* all bits of the IMR bytes */
    uint64_t edr;
    uint8_t ctrl;

    /* source signals and the PENDDIS=0 memory, one bit per source */
    uint32_t level;
    uint32_t pending[TWL4030_SIH_LINES];   /* edge buffered while latched */
    uint32_t armed[TWL4030_SIH_LINES];     /* one re-latch still owed */

    bool out_level[TWL4030_SIH_LINES];
    qemu_irq out[TWL4030_SIH_LINES];
};

#endif /* HW_MISC_TWL4030_SIH_H */
