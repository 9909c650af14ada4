#!/usr/bin/env python3
"""The tools a kernel developer types in the guest, Debian's armhf binaries
(scripts/make-guest.sh TOOLS), used the way one would on the real board:

  test_rtcwake        rtcwake -m mem|freeze -s 3 suspends, and the TWL4030
                      RTC alarm wakes it: the boot clock moved by the alarm's
                      3 s or more, suspend_stats counted a success, and the
                      wake-up irq is the PMIC's (INTC 7, the PIH)
  test_i2c_tools      i2cget reads the TWL4030 over I2C1 (bus 0): refused
                      while rtc-twl holds 0x4b, read with -f; RTC_CTRL_REG
                      (0x29) has STOP_RTC set (the driver runs the RTC) and
                      MINUTES_REG (0x1d, BCD) is the minute `date -u` says
  test_evtest         evtest --query on twl4030_pwrbutton: released, then
                      pressed while the monitor holds pwron
"""

import re

from gta04.errors import TestFailure
from gta04.guest import Guest
from gta04.testing import GTA04Test


MEM_TOOLS = ("rtcwake", "i2cget", "i2cset", "i2cdump", "i2cdetect", "evtest", "devmem")


def uptime(g: Guest) -> float:
    """CLOCK_BOOTTIME in seconds (/proc/uptime): it counts suspended time."""
    return float(g.value("cut -d' ' -f1 /proc/uptime"))


class GuestToolsTest(GTA04Test):
    def test_rtcwake(self) -> None:
        with Guest() as g:
            g.boot()
            for tool in MEM_TOOLS:
                g.ok("command -v %s" % tool)
            pih = g.pih_virq()
            for state in ("mem", "freeze"):
                before = int(g.value("cat /sys/power/suspend_stats/success"))
                t0 = uptime(g)
                out = g.run("rtcwake -m %s -s 3" % state, timeout=120)
                if g.last_status != 0:
                    raise TestFailure("rtcwake -m %s failed (%d):\n%s" % (state, g.last_status, out))
                slept = uptime(g) - t0
                after = int(g.value("cat /sys/power/suspend_stats/success"))
                irq = g.value("cat /sys/power/pm_wakeup_irq")
                print("  rtcwake -m %s -s 3: %.1f s on the boot clock, wake-up irq %s (PIH %s)"
                      % (state, slept, irq, pih))
                if after != before + 1:
                    raise TestFailure("suspend_stats/success %d -> %d" % (before, after))
                if slept < 3.0:
                    raise TestFailure("woke after %.2f s, before the 3 s alarm" % slept)
                if irq != pih:
                    raise TestFailure("woken by irq %s, not the PMIC's %s" % (irq, pih))

    def test_i2c_tools(self) -> None:
        with Guest() as g:
            g.boot()
            out = g.run("i2cget -y 0 0x4b 0x29")
            if g.last_status == 0 or "busy" not in out:
                raise TestFailure("i2cget without -f should find 0x4b held by rtc-twl:\n" + out)
            ctrl = int(g.value("i2cget -y -f 0 0x4b 0x29"), 16)
            print("  RTC_CTRL_REG = 0x%02x" % ctrl)
            if not ctrl & 0x01:
                raise TestFailure("RTC_CTRL_REG 0x%02x: STOP_RTC clear, the RTC is stopped" % ctrl)
            # the time registers hold what RTC_CTRL_REG.GET_TIME (bit 6) last
            # latched (TPS65950 TRM, RTC: "read the time"), as rtc-twl does it:
            # read raw, they show the time of the kernel's last read
            latch = "i2cset -y -f 0 0x4b 0x29 0x%02x" % (ctrl | 0x40)
            for _ in range(3):   # a minute may turn between the two reads
                m = re.match(r"(\d\d) 0x([0-9a-f]{2})$",
                             g.value("%s; echo $(date -u +%%M) $(i2cget -y -f 0 0x4b 0x1d)" % latch))
                if not m:
                    raise TestFailure("no minutes from date and i2cget")
                if int(m.group(1)) == int(m.group(2)):   # BCD read as hex digits
                    print("  MINUTES_REG = 0x%s, date -u: %s" % (m.group(2), m.group(1)))
                    break
            else:
                raise TestFailure("MINUTES_REG does not follow the guest's clock")
            dump = g.ok("i2cdump -y -f 0 0x4b b")
            if not re.search(r"^20: ", dump, re.M):
                raise TestFailure("i2cdump printed no rows:\n" + dump)

    def test_evtest(self) -> None:
        with Guest() as g:
            g.boot()
            dev = g.value("for e in /sys/class/input/event*; do "
                          "grep -qx twl4030_pwrbutton $e/device/name && echo /dev/input/${e##*/}; done")
            if not dev.startswith("/dev/input/event"):
                raise TestFailure("no twl4030_pwrbutton input device: %r" % dev)
            query = "evtest --query %s EV_KEY KEY_POWER" % dev
            g.run(query)
            if g.last_status != 0:
                raise TestFailure("KEY_POWER reads pressed (%d) with the button up" % g.last_status)
            g.qom_set("/machine/twl4030", "pwron", True)
            # the power block debounces the press before the key reports it
            for _ in range(20):
                g.run("sleep 0.1; " + query)
                if g.last_status == 10:
                    break
            g.qom_set("/machine/twl4030", "pwron", False)
            if g.last_status != 10:
                raise TestFailure("KEY_POWER not pressed with pwron held (evtest status %d)"
                                  % g.last_status)
            print("  %s: KEY_POWER up, then down while pwron is held" % dev)


if __name__ == "__main__":
    GTA04Test.main()
