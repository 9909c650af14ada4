#!/usr/bin/env python3
"""The unmodified Debian kernel drives our TWL4030: the chip probes cleanly,
rtc0 is rtc-twl and follows -rtc base, an RTC alarm fires, the power button
and the USB cable (qom-set on /machine/twl4030) reach their Linux drivers,
and poweroff ends QEMU."""

import re
import time
from typing import Optional

from gta04.errors import TestFailure
from gta04.guest import Guest
from gta04.procfs import interrupts
from gta04.testing import GTA04Test


TWL = "/machine/twl4030"

# TWL4030-related dmesg lines that show a broken model
BAD = re.compile(r"(twl|TWL|rtc|regulator|vaux|vmmc|vusb|vdd|vpll|vio|vint|vsim|vdac|"
                 r"madc|bci|charger|pwrbutton|phy|PIH|SIH).*"
                 r"(error|fail|timeout|timed out|unable|invalid|WARN)", re.I)


def count(g: Guest, name: str) -> Optional[int]:
    """How often the handler `name` has run (/proc/interrupts), None if it is not there."""
    irqs = interrupts(g.ok("cat /proc/interrupts"))
    entry = irqs.get(name)
    return entry[0] if entry else None


def check_dmesg(dmesg: str) -> None:
    """The TWL4030's interrupt tree probed, and no error of its drivers."""
    if not re.search(r"twl 0-0048: PIH \(irq \d+\) chaining IRQs", dmesg):
        raise TestFailure("no 'PIH (irq N) chaining IRQs' line:\n" + dmesg[-3000:])
    if not re.search(r"power \(irq \d+\) chaining IRQs", dmesg):
        raise TestFailure("no PWR SIH chaining line")
    bad = [line for line in dmesg.splitlines()
           if BAD.search(line)]
    if bad:
        raise TestFailure("TWL4030 errors in dmesg:\n" + "\n".join(bad))



def first_word(text: str) -> str:
    """The first word of a command's output ("" if none)."""
    words = text.split()
    return words[0] if words else ""


class Twl4030Test(GTA04Test):
    def test_probe_rtc_alarm(self) -> None:
        with Guest(extra_args=("-rtc", "base=2030-06-15T12:00:00")) as g:
            g.wait_for("GTA04-GUEST-READY", 240)
            g.wait_for("gta04:", 30)
            check_dmesg(g.ok("dmesg"))

            # IDCODE: Linux reads it at probe but does not print it; read it the same
            # way (unlock with 0x49 in UNLOCK_TEST_REG, 4 bytes at 0x85) over i2c-dev
            g.ok("i2cset -f -y 0 0x49 0x97 0x49")
            idcode = [int(g.value("i2cget -f -y 0 0x49 0x%02x" % r), 16)
                      for r in (0x85, 0x86, 0x87, 0x88)]
            g.ok("i2cset -f -y 0 0x49 0x97 0x00")
            value = idcode[0] | idcode[1] << 8 | idcode[2] << 16 | idcode[3] << 24
            print("  TWL4030 IDCODE 0x%08x" % value)
            if value & 0x00ffffff != 0x0009002f:
                raise TestFailure("IDCODE 0x%08x is not a TWL4030/TPS65950 (xx09002f)" % value)

            name = g.value("cat /sys/class/rtc/rtc0/name")
            if "twl" not in name:
                raise TestFailure("rtc0 is %r, not rtc-twl" % name)
            hwclock = g.ok("hwclock -r -u")
            if "2030" not in hwclock or "Jun" not in hwclock:
                raise TestFailure("hwclock does not show the -rtc base time: %r" % hwclock)

            before = count(g, "rtc0")
            g.ok("echo 0 > /sys/class/rtc/rtc0/wakealarm; echo +2 > /sys/class/rtc/rtc0/wakealarm")
            g.ok("sleep 4")
            after = count(g, "rtc0")
            if before is None or after is None or after <= before:
                raise TestFailure("RTC alarm did not fire: rtc0 count %s -> %s" % (before, after))
            print("  rtc0 interrupts %d -> %d" % (before, after))
            # the handshake completed: a second alarm fires too
            g.ok("echo 0 > /sys/class/rtc/rtc0/wakealarm; echo +2 > /sys/class/rtc/rtc0/wakealarm")
            g.ok("sleep 4")
            again = count(g, "rtc0")
            if again is None or after is None or again <= after:
                raise TestFailure("second RTC alarm did not fire: rtc0 count %s -> %s" % (after, again))

    def test_power_button_and_cable(self) -> None:  # pylint: disable=too-many-locals,too-many-statements
        with Guest() as g:
            g.wait_for("GTA04-GUEST-READY", 240)
            g.wait_for("gta04:", 30)
            event_dir = g.value("grep -l twl4030_pwrbutton /sys/class/input/*/name").split("/")[-2]
            dev = g.ok("ls /sys/class/input/%s | grep '^event'" % event_dir).strip()
            g.ok("(dd if=/dev/input/%s bs=16 count=4 2>/dev/null"
                 " | hexdump -v -e '16/1 \"%%02x \" \"\\n\"' > /tmp/ev) & sleep 0" % dev)
            g.ok("sleep 1")
            g.qom_set(TWL, "pwron", True)
            time.sleep(0.5)
            g.qom_set(TWL, "pwron", False)
            g.ok("sleep 1")
            events = g.ok("cat /tmp/ev")
            # struct input_event on arm: 8 bytes time, u16 type, u16 code, s32 value
            keys = []
            for line in events.splitlines():
                byte = [int(x, 16) for x in line.split()]
                if len(byte) == 16:
                    etype, code, value = byte[8] | byte[9] << 8, byte[10] | byte[11] << 8, byte[12]
                    if etype == 1:
                        keys.append((code, value))
            if (116, 1) not in keys or (116, 0) not in keys:
                raise TestFailure("no KEY_POWER press/release on %s: %r\n%s" % (dev, keys, events))
            print("  KEY_POWER events: %r" % keys)

            # The cable: phy-twl4030-usb runtime-suspends (VUSB3V1/1V8/1V5 off)
            # 2 s after probe and must see the plug through the PM block's
            # VBUS_PRES (STS_HW_CONDITIONS bit 7, USB_PRES interrupt), then
            # resume; its sysfs "vbus" is what it read from STS_HW_CONDITIONS.
            supply = "/sys/class/power_supply/twl4030_usb"
            phy = "/sys/bus/platform/devices/*twl4030-usb"
            g.ok("for i in 1 2 3 4 5 6; do grep -q suspended %s/power/runtime_status"
                 " && break; sleep 1; done" % phy)
            rpm = g.ok("cat %s/power/runtime_status" % phy).strip()
            if rpm != "suspended":
                raise TestFailure("USB PHY not runtime-suspended before the plug: %s" % rpm)
            usb0 = count(g, "twl4030_usb")
            if g.ok("cat %s/online %s/vbus" % (supply, phy)).split() != ["0", "off"]:
                raise TestFailure("USB online/vbus before the cable is plugged")
            # 1. A plug while the PHY is runtime-suspended (its LDOs, VUSB3V1
            # included, are off): the PM block's VBUS_PRES comparator still sees
            # it, USB_PRES interrupts, and the PHY driver resumes.
            g.qom_set(TWL, "vbus", True)
            g.ok("sleep 2")
            # one word each: a kernel line printed meanwhile (a late
            # "deferred probe pending" on a slow host) can end up behind it
            vbus_on = first_word(g.ok("cat %s/vbus" % phy))
            rpm_on = first_word(g.ok("cat %s/power/runtime_status" % phy))
            usb1 = count(g, "twl4030_usb")
            g.qom_set(TWL, "vbus", False)
            g.ok("sleep 2")
            vbus_off = first_word(g.ok("cat %s/vbus" % phy))
            print("  USB PHY %s -> plug: vbus %s, %s; unplug: vbus %s; USB PHY irq %s -> %s"
                  % (rpm, vbus_on, rpm_on, vbus_off, usb0, usb1))
            if vbus_on != "on" or rpm_on != "active" or vbus_off != "off":
                raise TestFailure("suspended USB PHY did not see the cable: vbus %s/%s, %s"
                                  % (vbus_on, vbus_off, rpm_on))
            if usb0 is None or usb1 is None or usb1 <= usb0:
                raise TestFailure("USB PHY interrupt did not rise: %s -> %s" % (usb0, usb1))

            # 2. Charging.  twl4030_charger starts USB charging on its own only on
            # the usb_phy notifier's USB_EVENT_VBUS, which the MUSB glue
            # (omap2430.c) raises; the guest has no MUSB.  A user selects
            # autonomous charging instead (mode "auto": BOOT_BCI.BCIAUTOUSB, and
            # the driver keeps the PHY - so VUSB3V1 - powered); from then on the
            # BCI's state machine alone makes online follow the cable.
            g.ok("echo auto > %s/mode" % supply)
            g.ok("sleep 1")
            seen = []
            for _ in range(2):
                g.qom_set(TWL, "vbus", True)
                g.ok("sleep 2")
                seen.append(g.ok("cat %s/online" % supply).strip())
                g.qom_set(TWL, "vbus", False)
                g.ok("sleep 2")
                seen.append(g.ok("cat %s/online" % supply).strip())
            print("  twl4030_usb online in mode auto, plug/unplug twice: %s" % " ".join(seen))
            if seen != ["1", "0", "1", "0"]:
                raise TestFailure("twl4030_usb/online did not follow the cable: %s" % seen)

    def test_poweroff_ends_qemu(self) -> None:
        with Guest() as g:
            g.wait_for("GTA04-GUEST-READY", 240)
            g.wait_for("gta04:", 30)
            g.send("poweroff\n")
            g.wait_for(r"reboot: Power down", 60)
            g.wait_exit(60)     # exit status 0, by itself


if __name__ == "__main__":
    GTA04Test.main()
