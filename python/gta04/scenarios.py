"""
Wake sources as the tests and scripts apply them: the RTC alarm armed in
the guest, the power button and the USB cable from the host (QOM
properties of the PMIC), a key on the console.
"""

from typing import Callable, Optional

from .board import TWL
from .guest import Guest


def arm_alarm(g: Guest, seconds: int) -> None:
    """Arm the guest's RTC alarm `seconds` from now (clearing an old one)."""
    g.ok("echo 0 > /sys/class/rtc/rtc0/wakealarm; echo +%d > /sys/class/rtc/rtc0/wakealarm"
         % seconds)


def stimulus(g: Guest, name: str) -> Optional[Callable[[], object]]:
    """
    Prepare wake source `name` (rtc, pwron, plug, unplug): the host side as
    a function for Guest.suspend, or None for the RTC alarm (armed now, in
    3 s).
    """
    if name == "rtc":
        arm_alarm(g, 3)
        return None
    if name == "pwron":
        return lambda: g.qom_set(TWL, "pwron", True)
    if name == "plug":
        g.qom_set(TWL, "vbus", False)
        g.ok("sleep 1")
        return lambda: g.qom_set(TWL, "vbus", True)
    if name == "unplug":
        g.qom_set(TWL, "vbus", True)
        g.ok("sleep 1")
        return lambda: g.qom_set(TWL, "vbus", False)
    raise ValueError(name)
