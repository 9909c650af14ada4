/*
 * TI TWL4030 (TPS65950) audio/voice codec registers
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/misc/twl4030/audio.h"
#include "hw/resettable.h"
#include "migration/vmstate.h"
#include "trace.h"

/*
 * Reset values that are not 0 (TWL4030 TRM audio register map; the same
 * values are Linux's regmap defaults for slave 0x49, twl-core.c)
 */
static const TWL4030RegReset audio_reset_values[] = {
    { 0x0a, 0x0f }, { 0x0b, 0x0f }, { 0x0c, 0x0f }, { 0x0d, 0x0f }, /* A(V)TX*PGA */
    { 0x10, 0x3f }, { 0x11, 0x3f }, { 0x12, 0x3f }, { 0x13, 0x3f }, /* ARX*PGA */
    { 0x14, 0x25 },                                                 /* VRXPGA */
    { 0x19, 0x32 }, { 0x1a, 0x32 }, { 0x1b, 0x32 }, { 0x1c, 0x32 }, /* ARX*_APGA_CTL */
    { 0x1f, 0x55 },                                                 /* BTPGA */
    { 0x2b, 0x05 },                                                 /* ALC_CTL */
    { 0x30, 0x13 },                                                 /* DTMF_FREQSEL */
    { 0x35, 0x79 },                                                 /* DTMF_TONOFF */
    { 0x36, 0x11 },                                                 /* DTMF_WANONOFF */
    { 0x3a, 0x06 },                                                 /* APLL_CTL */
    { 0x3c, 0x44 },                                                 /* DTMF_PGA_CTL2 */
    { 0x3d, 0x69 },                                                 /* DTMF_PGA_CTL1 */
    { 0x44, 0x32 },                                                 /* VDL_APGA_CTL */
};

/* 0x03 and 0x40-0x42 do not exist */
static bool audio_reg_exists(uint8_t reg)
{
    return reg != 0x03 && (reg < 0x40 || reg > 0x42);
}

static uint8_t audio_read(TWL4030Cell *m, uint8_t addr, uint8_t reg)
{
    TWL4030AudioState *s = TWL4030_AUDIO(m);

    if (!audio_reg_exists(reg)) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030-audio: read of unused register 0x49:0x%02x\n",
                      reg);
        return 0;
    }
    return s->regs[reg];
}

static void audio_write(TWL4030Cell *m, uint8_t addr, uint8_t reg,
                        uint8_t value)
{
    TWL4030AudioState *s = TWL4030_AUDIO(m);

    if (!audio_reg_exists(reg)) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "twl4030-audio: write of unused register 0x49:0x%02x\n",
                      reg);
        return;
    }
    trace_twl4030_audio_write(reg, value);
    if (reg == A_TWL4030_ANAMICL &&
        FIELD_EX8(value, TWL4030_ANAMICL, CNCL_OFFSET_START)) {
        /* the offset cancellation completes at once: the bit self-clears */
        value = FIELD_DP8(value, TWL4030_ANAMICL, CNCL_OFFSET_START, 0);
    }
    s->regs[reg] = value;
}

static void audio_reset_enter(Object *obj, ResetType type)
{
    TWL4030AudioState *s = TWL4030_AUDIO(obj);

    TWL4030_REGS_RESET(s, audio_reset_values);
}

static const VMStateDescription vmstate_twl4030_audio = {
    .name = "twl4030-audio",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_SUB_ARRAY(regs, TWL4030AudioState, 0,
                                TWL4030_AUDIO_LAST + 1),
        VMSTATE_END_OF_LIST()
    }
};

static void audio_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    TWL4030CellClass *mc = TWL4030_CELL_CLASS(oc);

    dc->desc = "TWL4030 audio/voice codec registers";
    dc->vmsd = &vmstate_twl4030_audio;
    rc->phases.enter = audio_reset_enter;
    mc->read = audio_read;
    mc->write = audio_write;
}
GTA04_CLASS_INIT_COMPAT(audio_class_init);

static const TypeInfo audio_type_info = {
    .name = TYPE_TWL4030_AUDIO,
    .parent = TYPE_TWL4030_CELL,
    .instance_size = sizeof(TWL4030AudioState),
    .class_init = GTA04_CLASS_INIT(audio_class_init),
};

static void audio_register_types(void)
{
    type_register_static(&audio_type_info);
}

type_init(audio_register_types)
