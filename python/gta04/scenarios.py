"""
Wake sources as the tests and scripts apply them: the RTC alarm armed in
the guest, the power button and the USB cable as QOM properties of the PMIC
(set by the host, or by the board itself in warp mode), a key on the console.
"""

from typing import Optional

from .board import TWL
from .guest import Guest
from .suspend import BoardWrite


def arm_alarm(g: Guest, seconds: int) -> None:
    """Arm the guest's RTC alarm `seconds` from now (clearing an old one)."""
    g.ok("echo 0 > /sys/class/rtc/rtc0/wakealarm; echo +%d > /sys/class/rtc/rtc0/wakealarm"
         % seconds)


def stimulus(g: Guest, name: str) -> Optional[BoardWrite]:
    """
    Prepare wake source `name` (rtc, pwron, plug, unplug): the outside event
    as a BoardWrite for Guest.suspend (the board applies it itself in warp
    mode), or None for the RTC alarm (armed now, in 3 s).
    """
    if name == "rtc":
        arm_alarm(g, 3)
        return None
    if name == "pwron":
        return BoardWrite(TWL, "pwron", True)
    if name == "plug":
        g.qom_set(TWL, "vbus", False)
        g.ok("sleep 1")
        return BoardWrite(TWL, "vbus", True)
    if name == "unplug":
        g.qom_set(TWL, "vbus", True)
        g.ok("sleep 1")
        return BoardWrite(TWL, "vbus", False)
    raise ValueError(name)
