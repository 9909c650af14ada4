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
 * A stimulus can also wait for a moment the guest names: `on-console`
 * ("TEXT|NS PATH PROPERTY VALUE") schedules it NS after the first line the
 * guest then writes to its console (UART3, the "tx-watch" of
 * hw/char/omap3_uart.h) that contains TEXT, e.g. the power button 3 s
 * after "PM: noirq suspend of devices complete": the moment the guest
 * wrote that line, wherever the host was then.
 *
 * `on-line` waits for a board wire instead (the TWL4030's INT1, the
 * MPU's STANDBYWFI), and `on-write` ("ADDR:MASK:VALUE|NS PATH PROPERTY
 * VALUE") for the guest's next 32-bit write to the register at physical
 * ADDR whose bits under MASK are VALUE: "when the kernel masks INTC line 7"
 * is a write to MIR_SET0 with bit 7.
 *
 * The same requests can come as lines "PROPERTY ARGUMENT" (at, on-console,
 * on-line, on-write, drop) on the device's "chardev", which the board
 * connects to the first -serial after the SoC's UARTs: an icount recording
 * holds chardev input, and not QMP, so a run driven this way replays.
 *
 * And the board can hold still for a test that types at its shell: with
 * `hold-at` a glob ("gta04:*# ", the prompt) the VM pauses the moment the
 * guest writes a console line so far that matches it, and `held` says so
 * until the VM runs again.  In warp mode a guest idle at its prompt would
 * otherwise jump its time to each next timer while the host thinks: host
 * time the guest should never see.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_GTA04_STIMULI_H
#define HW_MISC_GTA04_STIMULI_H

#include "hw/sysbus.h"
#include "chardev/char-fe.h"
#include "qemu/timer.h"
#include "qom/object.h"

#define TYPE_GTA04_STIMULI "gta04-stimuli"
OBJECT_DECLARE_SIMPLE_TYPE(GTA04StimuliState, GTA04_STIMULI)

/* The longest request line on the "chardev" input */
#define GTA04_STIMULI_REQUEST_LEN   256

/* How many stimuli can wait at once, and the longest of each string */
#define GTA04_STIMULI_SLOTS     16
#define GTA04_STIMULI_PATH_LEN  64
#define GTA04_STIMULI_NAME_LEN  32
/* How many console lines can be waited for at once; what is kept of each */
#define GTA04_STIMULI_WATCHES   4
#define GTA04_STIMULI_TEXT_LEN  64
#define GTA04_STIMULI_LINE_LEN  160

typedef struct GTA04Stimulus {
    int64_t when_ns;            /* QEMU_CLOCK_VIRTUAL; -1: the slot is free */
    uint64_t seq;               /* order of scheduling, for equal times */
    char path[GTA04_STIMULI_PATH_LEN];
    char property[GTA04_STIMULI_NAME_LEN];
    char value[GTA04_STIMULI_NAME_LEN];
} GTA04Stimulus;

/* A stimulus waiting for a console line */
typedef struct GTA04ConsoleWatch {
    bool armed;
    int64_t delay_ns;           /* from the line to the stimulus */
    char text[GTA04_STIMULI_TEXT_LEN];      /* what the line contains */
    GTA04Stimulus stimulus;     /* its when_ns is set when the line comes */
} GTA04ConsoleWatch;

/*
 * The board's wires a stimulus can wait for: GPIO inputs "lines"[n], which
 * the board connects; on-line names them as gta04_stimuli_lines[] does
 */
enum {
    GTA04_STIMULI_LINE_INT1,        /* the TWL4030's INT1 (sys_nirq) */
    GTA04_STIMULI_LINE_STANDBYWFI,  /* the MPU halted in WFI (1) */
    GTA04_STIMULI_NUM_LINES,
};
#define GTA04_STIMULI_LINE_WATCHES  4
#define GTA04_STIMULI_LINES         "lines"     /* the GPIO inputs' name */

typedef struct GTA04LineWatch {
    bool armed;
    uint8_t line;               /* GTA04_STIMULI_LINE_* */
    bool level;                 /* the level the line must change to */
    int64_t delay_ns;           /* from the change to the stimulus */
    GTA04Stimulus stimulus;
} GTA04LineWatch;

/*
 * A stimulus waiting for the guest's next 32-bit write to a register
 * (physical ADDR) with (data & mask) == value, e.g. genirq masking INTC
 * line 7 (MIR_SET0 bit 7)
 */
#define GTA04_STIMULI_WRITE_WATCHES 4

typedef struct GTA04WriteWatch {
    bool armed;
    uint64_t addr;              /* physical, 4-byte aligned */
    uint32_t mask;
    uint32_t value;
    int64_t delay_ns;           /* from the write to the stimulus */
    GTA04Stimulus stimulus;
} GTA04WriteWatch;

/*
 * Where an armed write watch listens: 4 bytes mapped over the register
 * that pass every access on to what is mapped there.  Not migrated: made
 * again from the watch.
 */
typedef struct GTA04WriteSpy {
    GTA04StimuliState *s;
    int index;
    MemoryRegion mr;
    MemoryRegion *target;       /* referenced while mapped; NULL: not mapped */
    hwaddr offset;              /* of the register in target */
} GTA04WriteSpy;

struct GTA04StimuliState {
    SysBusDevice parent_obj;

    QEMUTimer *timer;           /* at the earliest pending stimulus */
    GTA04Stimulus slot[GTA04_STIMULI_SLOTS];
    uint64_t next_seq;
    uint32_t fired;             /* stimuli applied since reset */
    int64_t epoch_ns;           /* QEMU_CLOCK_VIRTUAL at the last reset */
    int64_t applied_ns;         /* ... when the last one applied; -1: none */

    GTA04ConsoleWatch watch[GTA04_STIMULI_WATCHES];
    uint8_t line[GTA04_STIMULI_LINE_LEN];   /* the console line so far */
    uint32_t line_len;

    GTA04LineWatch line_watch[GTA04_STIMULI_LINE_WATCHES];
    bool line_level[GTA04_STIMULI_NUM_LINES];   /* each wire's level now */

    GTA04WriteWatch write_watch[GTA04_STIMULI_WRITE_WATCHES];
    GTA04WriteSpy spy[GTA04_STIMULI_WRITE_WATCHES];

    /* requests as lines on a chardev, the board's -serial after the UARTs */
    CharBackend chr;
    uint8_t request[GTA04_STIMULI_REQUEST_LEN];     /* the line so far */
    uint32_t request_len;

    /* the harness's, not the guest's: neither is migrated */
    char *hold_at;              /* glob of a partial console line; NULL: off */
    bool held;                  /* paused at hold_at, not run since */
    VMChangeStateEntry *vmse;
};

#endif /* HW_MISC_GTA04_STIMULI_H */
