/*
 * TI TWL4030 (TPS65950) audio/voice codec registers, 0x49:0x01-0x49
 *
 * A register file with the chip's reset values, enough for the
 * twl4030-audio MFD and the twl4030 ASoC codec to probe: APLL_CTL keeps
 * what is written, and ANAMICL.CNCL_OFFSET_START (bit 7), the start of the
 * microphone offset cancellation, reads back 0 at once (the cancellation is
 * done), which ends the codec driver's poll.  No sound is produced.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_TWL4030_AUDIO_H
#define HW_MISC_TWL4030_AUDIO_H

#include "hw/misc/twl4030/cell.h"
#include "hw/registerfields.h"

#define TYPE_TWL4030_AUDIO "twl4030-audio"
OBJECT_DECLARE_SIMPLE_TYPE(TWL4030AudioState, TWL4030_AUDIO)

/* Slave 0x49 (include/linux/mfd/twl4030-audio.h) */
REG8(TWL4030_CODEC_MODE, 0x01)
REG8(TWL4030_ANAMICL, 0x05)
    FIELD(TWL4030_ANAMICL, CNCL_OFFSET_START, 7, 1)
REG8(TWL4030_APLL_CTL, 0x3a)
    FIELD(TWL4030_APLL_CTL, APLL_INFREQ, 0, 4)
    FIELD(TWL4030_APLL_CTL, APLL_EN, 4, 1)

#define TWL4030_AUDIO_FIRST     0x01
#define TWL4030_AUDIO_LAST      0x49

struct TWL4030AudioState {
    TWL4030Cell parent_obj;

    uint8_t regs[TWL4030_NUM_REGS];     /* by register number */
};

#endif /* HW_MISC_TWL4030_AUDIO_H */
