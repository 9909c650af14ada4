"""
Wake sources as the tests and scripts apply them: the RTC alarm armed in
the guest, the power button and the USB cable as QOM properties of the PMIC
(set by the host, or by the board itself in warp mode), a key on the console.
"""

from typing import Dict, Optional, Tuple

from .board import TWL
from .guest import Guest
from .procfs import interrupts
from .suspend import BoardWrite


def alarm_pending(g: Guest) -> bool:
    """Whether the RTC core still waits for an alarm (rtc0's wakealarm
    says a time: the alarm has not reached it)."""
    return bool(g.ok("cat /sys/class/rtc/rtc0/wakealarm").strip())


def irq_counts(g: Guest) -> Dict[str, int]:
    """Each handler's count of /proc/interrupts, by name."""
    return {name: count for name, (count, _line) in interrupts(g.ok("cat /proc/interrupts")).items()}


def uart_virq(g: Guest) -> str:
    """The Linux irq number of the console's UART (UART3, ttyO2: "OMAP
    UART2" to the kernel, which counts from 0)."""
    return [line.split(":")[0].strip()
            for name, (_count, line) in interrupts(g.ok("cat /proc/interrupts")).items()
            if name == "UART2" or "OMAP UART2" in line][0]


def uart_wake_irqs(g: Guest) -> Tuple[str, ...]:
    """The Linux irqs that name a wake by the console's UART: its own, and
    its dedicated wake-up irq ("49020000.serial:wakeup", the RX pad's I/O
    wake-up through pinctrl), which is what wakes it when PER was OFF and
    the UART lost the state its own wake-up needs (power-states on)."""
    own = uart_virq(g)
    pads = [line.split(":")[0].strip()
            for _name, (_count, line) in interrupts(g.ok("cat /proc/interrupts")).items()
            if "49020000.serial:wakeup" in line]
    return (own, *pads)


def arm_alarm(g: Guest, seconds: int) -> int:
    """Arm the guest's RTC alarm `seconds` from now (clearing an old one);
    return its time (the RTC's seconds since the epoch)."""
    # one command line: in warp mode nothing the host does can come between
    return int(g.value("echo 0 > /sys/class/rtc/rtc0/wakealarm; "
                       "echo +%d > /sys/class/rtc/rtc0/wakealarm && "
                       "cat /sys/class/rtc/rtc0/wakealarm" % seconds))


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
