#!/usr/bin/env python3
"""Seed corpus for QEMU's generic-fuzz on -M gta04 (scripts/fuzz.sh).

    scripts/fuzz-corpus.py OUTDIR TARGET

Writes a few inputs in generic-fuzz's own format (tests/qtest/fuzz/
generic_fuzz.c): commands separated by "FUZZ", each an opcode byte (taken
modulo the number of ops) and the packed argument struct of that op.  A
memory op names its region by index ("base": the n-th fuzzable region of
the flat view, in address order, wrapping) and an offset into it.

The seeds are what a driver does, so that the fuzzer starts inside the
protocols instead of having to find them: Linux's omap_i2c_init and polled
transfers to the TWL4030's four slave addresses (I2C1 is one of the three
controllers; every seed is written for each of them), and for the other
targets a read of every register word and writes of 0 and ~0.
"""

import os
import struct
import sys
from typing import Dict, List

SEPARATOR = b"FUZZ"
OP_READ, OP_WRITE, OP_CLOCK_STEP = 2, 3, 9
BYTE, WORD, LONG = 0, 1, 2


def read_op(base: int, off: int, size: int = LONG) -> bytes:
    """A read of region `base` at `off`."""
    # struct { uint8_t size; uint8_t base; uint32_t offset; }: 2 bytes padding
    return bytes([OP_READ]) + struct.pack("<BBxxI", size, base, off)


def write_op(base: int, off: int, value: int, size: int = LONG) -> bytes:
    """A write of `value` to region `base` at `off`."""
    # struct { uint8_t size; uint8_t base; uint32_t offset; uint64_t value; }
    return bytes([OP_WRITE]) + struct.pack("<BBxxIQ", size, base, off, value)


def step() -> bytes:
    """Let the clock run."""
    return bytes([OP_CLOCK_STEP])


def program(cmds: List[bytes]) -> bytes:
    """Commands as one input."""
    return SEPARATOR.join(cmds)


# DM37x TRM 17.6: I2C registers, 16 bits at a 4-byte stride
I2C_IE, I2C_STAT, I2C_WE, I2C_SYSS = 0x04, 0x08, 0x0c, 0x10
I2C_BUF, I2C_CNT, I2C_DATA = 0x14, 0x18, 0x1c
I2C_SYSC, I2C_CON, I2C_SA, I2C_PSC, I2C_SCLL, I2C_SCLH = 0x20, 0x24, 0x2c, 0x30, 0x34, 0x38
CON_EN, CON_MST, CON_TRX, CON_STT, CON_STP = 1 << 15, 1 << 10, 1 << 9, 1 << 0, 1 << 1
STAT_ALL = 0x7fff


def i2c_init(base: int) -> List[bytes]:
    """Linux's omap_i2c_init on the controller `base`."""
    return [write_op(base, I2C_CON, 0, WORD), write_op(base, I2C_SYSC, 2, WORD),
            write_op(base, I2C_CON, CON_EN, WORD), step(), read_op(base, I2C_SYSS, WORD),
            write_op(base, I2C_CON, 0, WORD), write_op(base, I2C_PSC, 9, WORD),
            write_op(base, I2C_SCLL, 9, WORD), write_op(base, I2C_SCLH, 3, WORD),
            write_op(base, I2C_WE, 0x636f, WORD), write_op(base, I2C_CON, CON_EN, WORD),
            write_op(base, I2C_IE, 0x601f, WORD)]


def i2c_write(base: int, addr: int, data: List[int]) -> List[bytes]:
    """A polled write of `data` to slave `addr`."""
    cmds = [write_op(base, I2C_SA, addr, WORD), write_op(base, I2C_CNT, len(data), WORD),
            write_op(base, I2C_BUF, 0x4040, WORD),
            write_op(base, I2C_CON, CON_EN | CON_MST | CON_TRX | CON_STT | CON_STP, WORD)]
    for byte in data:
        cmds += [read_op(base, I2C_STAT, WORD), write_op(base, I2C_DATA, byte, BYTE),
                 write_op(base, I2C_STAT, 1 << 4, WORD)]
    return cmds + [step(), read_op(base, I2C_STAT, WORD), write_op(base, I2C_STAT, STAT_ALL, WORD)]


def i2c_read(base: int, addr: int, reg: int, n: int) -> List[bytes]:
    """A polled read of n bytes from register `reg` of slave `addr`."""
    cmds = i2c_write(base, addr, [reg])[:-2]
    cmds[3] = write_op(base, I2C_CON, CON_EN | CON_MST | CON_TRX | CON_STT, WORD)
    cmds += [step(), write_op(base, I2C_STAT, STAT_ALL, WORD), write_op(base, I2C_CNT, n, WORD),
             write_op(base, I2C_CON, CON_EN | CON_MST | CON_STT | CON_STP, WORD)]
    for _ in range(n):
        cmds += [step(), read_op(base, I2C_STAT, WORD), read_op(base, I2C_DATA, BYTE),
                 write_op(base, I2C_STAT, 1 << 3, WORD)]
    return cmds + [read_op(base, I2C_STAT, WORD), write_op(base, I2C_STAT, STAT_ALL, WORD)]


# TWL4030 registers the Linux drivers touch first (TPS65950 TRM; slave:reg)
TWL_SEEDS = [
    (0x49, 0x81, [0x00, 0x01]),        # PIH_SIR / SIH_CTRL neighbourhood
    (0x4b, 0x29, [0x01]),              # RTC_CTRL_REG: STOP_RTC=1 (run)
    (0x4b, 0x2b, [0x08]),              # RTC_INTERRUPTS_REG: IT_ALARM
    (0x4b, 0x2e, [0x00, 0x00]),        # PWR_ISR1 / PWR_IMR1: unmask all
    (0x4b, 0xd2, [0x20, 0x00]),        # VUSB3V1_DEV_GRP = P1
    (0x4a, 0x97, [0x30]),              # BCICTL1
    (0x4a, 0x00, [0x01, 0x00]),        # MADC CTRL1: power on
    (0x48, 0xfd, [0x00]),              # PHY_PWR_CTRL
    (0x49, 0x98, [0xff, 0xff, 0xff]),  # GPIO direction
]


def i2c_seeds() -> Dict[str, bytes]:
    """The TWL4030 seeds, for each I2C controller."""
    seeds = {}
    for base in range(3):      # I2C3, I2C1, I2C2 in address order: one is the TWL's
        init = i2c_init(base)
        for addr, reg, data in TWL_SEEDS:
            seeds["twl-%d-%02x-%02x" % (base, addr, reg)] = program(
                init + i2c_write(base, addr, [reg] + data) + i2c_read(base, addr, reg, len(data) + 1))
    return seeds


def register_seeds(regions: int) -> Dict[str, bytes]:
    """Read every register word, write 0 and ~0, of each region."""
    seeds = {}
    for base in range(regions):
        seeds["regs-%d" % base] = program([read_op(base, off) for off in range(0, 0x100, 4)])
        seeds["zero-%d" % base] = program([write_op(base, off, 0) for off in range(0, 0x100, 4)] + [step()])
        seeds["ones-%d" % base] = program([write_op(base, off, 0xffffffff) for off in range(0, 0x100, 4)] +
                                       [step(), step()])
    return seeds


def main() -> None:
    """Write the seeds of TARGET to OUTDIR."""
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    out, target = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    if target == "gta04-i2c-twl4030":
        seeds = i2c_seeds()
    else:
        seeds = register_seeds(48 if target == "gta04" else 16)
    for name, data in seeds.items():
        with open(os.path.join(out, name), "wb") as fh:
            fh.write(data)
    print("%d seeds for %s in %s" % (len(seeds), target, out))


if __name__ == "__main__":
    main()
