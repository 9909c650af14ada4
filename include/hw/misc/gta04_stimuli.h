/*
 * Stimuli at a virtual time: QOM property writes the board makes itself
 *
 * A test or a developer schedules "set PROPERTY of OBJECT to VALUE, NS of
 * virtual time from now" (the `at` property: "NS PATH PROPERTY VALUE"),
 * e.g. the TWL4030's power button pressed 3 guest seconds after a suspend
 * began.  The write happens on QEMU_CLOCK_VIRTUAL: under icount at the same
 * instruction in every run, and in warp mode (sleep=off) a board asleep
 * until that moment gets there at once, which a host's qom-set cannot do.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_GTA04_STIMULI_H
#define HW_MISC_GTA04_STIMULI_H

#include "hw/sysbus.h"
#include "qemu/timer.h"
#include "qom/object.h"

#define TYPE_GTA04_STIMULI "gta04-stimuli"
OBJECT_DECLARE_SIMPLE_TYPE(GTA04StimuliState, GTA04_STIMULI)

/* How many stimuli can wait at once, and the longest of each string */
#define GTA04_STIMULI_SLOTS     16
#define GTA04_STIMULI_PATH_LEN  64
#define GTA04_STIMULI_NAME_LEN  32

typedef struct GTA04Stimulus {
    int64_t when_ns;            /* QEMU_CLOCK_VIRTUAL; -1: the slot is free */
    uint64_t seq;               /* order of scheduling, for equal times */
    char path[GTA04_STIMULI_PATH_LEN];
    char property[GTA04_STIMULI_NAME_LEN];
    char value[GTA04_STIMULI_NAME_LEN];
} GTA04Stimulus;

struct GTA04StimuliState {
    SysBusDevice parent_obj;

    QEMUTimer *timer;           /* at the earliest pending stimulus */
    GTA04Stimulus slot[GTA04_STIMULI_SLOTS];
    uint64_t next_seq;
    uint32_t fired;             /* stimuli applied since reset */
};

#endif /* HW_MISC_GTA04_STIMULI_H */
