"""
What the guest's /proc says, parsed.
"""

from typing import Dict, Tuple


def interrupts(text: str) -> Dict[str, Tuple[int, str]]:
    """Parse /proc/interrupts: {name: (count, line)} keyed by action name."""
    res = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[0].endswith(":"):
            try:
                count = int(parts[1])
            except ValueError:
                continue
            res[parts[-1]] = (count, line)
    return res
