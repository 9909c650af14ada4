"""
Just enough of the A32 instruction set to find the kernel variable a
function reads first: the movw/movt pair that builds an address in a
register, then the first immediate-offset ldr through that register.
Debian's kernel has no CONFIG_KALLSYMS_ALL, so data symbols are found
through the code that uses them.
"""

from typing import Dict, Iterable, Optional, Set


MOVW_MASK, MOVW = 0x0ff00000, 0x03000000    # movw rd, #imm16
MOVT_MASK, MOVT = 0x0ff00000, 0x03400000    # movt rd, #imm16
LDR_MASK, LDR_IMM = 0x0f700000, 0x05100000  # ldr rt, [rn, #+/-imm12]
LDR_UP = 1 << 23                            # U: add the offset


def _imm16(word: int) -> int:
    return ((word >> 4) & 0xf000) | (word & 0xfff)


def first_loaded_address(words: Iterable[int]) -> Optional[int]:
    """
    The address the first ldr through a movw/movt-built register reads, in
    the A32 instruction words given (in program order), or None.
    """
    regs: Dict[int, int] = {}
    high: Set[int] = set()      # registers whose upper half movt has set
    for word in words:
        rd = (word >> 12) & 15
        if word & MOVW_MASK == MOVW:
            regs[rd] = _imm16(word)
            high.discard(rd)
        elif word & MOVT_MASK == MOVT and rd in regs:
            regs[rd] = (regs[rd] & 0xffff) | (_imm16(word) << 16)
            high.add(rd)
        elif word & LDR_MASK == LDR_IMM and (word >> 16) & 15 in high:
            off = word & 0xfff
            return regs[(word >> 16) & 15] + (off if word & LDR_UP else -off)
    return None
