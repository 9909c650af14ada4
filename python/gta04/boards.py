"""
The boards the scripts compare: ours, and stock QEMU's vexpress-a9 running
the same kernel and initramfs (Guest's arguments for each).
"""

from typing import Dict, TypedDict


class BoardArgs(TypedDict, total=False):
    """The Guest arguments that make a board."""
    machine: str
    dtb: str
    console: str


BOARDS: Dict[str, BoardArgs] = {
    "gta04": {"machine": "gta04"},
    "vexpress-a9": {"machine": "vexpress-a9", "dtb": "vexpress-v2p-ca9.dtb",
                    "console": "ttyAMA0,115200"},
}
