#!/usr/bin/env python3
"""The PRM's power state machine (-global omap3-prm.power-states=on, off by
default) under Debian's 6.1, suspended to RAM and woken by the RTC alarm.

With off mode disabled (pm_debug/enable_off_mode 0: every target RET) the
domains really reach RET at the suspend's WFI, CORE too (its modules
acknowledge the idle request, the SDRC goes to self-refresh), so the
kernel prints "Successfully put all powerdomains to target state", the
write returns 0, and pm_debug's counters move only where a domain changed
(core and per: RET once).  With off mode (this DT's default) the MPU and
NEON go OFF, in the suspend and at every idle: the Cortex-A8 loses its
state and the boot ROM boots it to the kernel's restore code
(omap3_restore_3630 -> cpu_resume). In the suspend PER and CORE go OFF
too: their modules are reset (UART3, the console; GPIO2-6; the timers;
I2C1 to the TWL4030; the INTC, the CM, the SDRC, CONTROL_GENERAL), the
INTC cannot wake the MPU, the TWL4030's INT1 does through the sys_nirq
pad's I/O wake-up, the boot ROM restores the clocks and the SDRC from the
scratchpad, and the kernel the rest (8250_omap finds SCR 0, gpio-omap
restores its banks on the cluster PM exit, omap_sram_idle the INTC and
the CM): "Successfully put all powerdomains to target state", the
console, the GPIO lines and I2C as before."""

import re
from typing import Dict

from gta04 import wake_case
from gta04.errors import TestFailure
from gta04.guest import Guest
from gta04.scenario_file import load_wake_case
from gta04.testing import GTA04Test

ARGS = ("-global", "omap3-prm.power-states=on")
OFF_CYCLES = 10


def counts(g: Guest) -> Dict[str, Dict[str, int]]:
    """pm_debug/count: per powerdomain, its OFF/RET/INA/ON counters."""
    out: Dict[str, Dict[str, int]] = {}
    for line in g.ok("cat /sys/kernel/debug/pm_debug/count").splitlines():
        m = re.match(r"(\w+)_pwrdm \(\w+\),(.*)", line.strip())
        if m:
            out[m.group(1)] = {k: int(v) for k, v in
                               (f.split(":") for f in m.group(2).split(",") if ":" in f)}
    return out


def suspend_by_rtc(g: Guest) -> int:
    """Suspend to RAM, woken by the RTC alarm 5 s later; the write's status."""
    g.ok("echo 0 > /sys/class/rtc/rtc0/wakealarm; echo +5 > /sys/class/rtc/rtc0/wakealarm")
    sleep = g.suspend("mem")
    print("  mem, RTC alarm: %s" % sleep)
    if not sleep.woke:
        raise TestFailure("the RTC alarm did not wake the board")
    if sleep.status is None:
        raise TestFailure("no status from the write to /sys/power/state")
    return sleep.status


# The GPIO banks as the kernel sees them, kept in the guest: compared there,
# so that a kernel line the console splices into the output is no change
GPIO_KEEP = "cat /sys/kernel/debug/gpio > /tmp/gpio.before"
GPIO_SAME = ("cat /sys/kernel/debug/gpio > /tmp/gpio.now; "
             "cmp -s /tmp/gpio.before /tmp/gpio.now && echo same || "
             "{ echo changed; diff /tmp/gpio.before /tmp/gpio.now; }")


class PowerStatesTest(GTA04Test):
    def test_ret_suspend(self) -> None:
        g = Guest(extra_args=ARGS)
        try:
            g.boot()
            g.ok("mount -t debugfs none /sys/kernel/debug 2>/dev/null; true")
            g.ok("echo 0 > /sys/kernel/debug/pm_debug/enable_off_mode")
            before = counts(g)
            g.ok("dmesg -c > /dev/null")
            status = suspend_by_rtc(g)
            after = counts(g)
            dmesg = g.ok("dmesg")
        finally:
            g.shutdown()
        if status != 0 or "Successfully put all powerdomains to target state" not in dmesg:
            raise TestFailure("RET suspend failed (status %s):\n%s" % (status, dmesg))
        for dom in ("core", "per"):
            moved = after[dom]["RET"] - before[dom]["RET"]
            print("  %s_pwrdm RET %d -> %d" % (dom, before[dom]["RET"], after[dom]["RET"]))
            if moved != 1:
                raise TestFailure("%s_pwrdm: RET counted %d times over one suspend" % (dom, moved))
            if after[dom]["OFF"] != before[dom]["OFF"]:
                raise TestFailure("%s_pwrdm: OFF counted though it never went OFF" % dom)

    def test_off_mode(self) -> None:
        """Ten RTC-woken suspends in a row reach OFF everywhere.  The
        console's wake-up is enabled as in tests/scenarios: arming its pad
        irq at each suspend is what re-arms 6.1's I/O chain (see
        OFF_CYCLES' note in docs/gta04.md "Power states")."""
        g = Guest(extra_args=ARGS)
        try:
            g.boot()
            g.ok("mount -t debugfs none /sys/kernel/debug 2>/dev/null; true")
            g.ok("echo enabled > /sys/class/tty/ttyO2/power/wakeup")
            before = counts(g)
            g.ok(GPIO_KEEP)
            results = []
            for _ in range(OFF_CYCLES):
                g.ok("dmesg -c > /dev/null")
                status = suspend_by_rtc(g)
                results.append((status, g.ok("dmesg"), counts(g), g.value(GPIO_SAME)))
            # the kernel runs on after every wake: a shell, its timers, the RTC
            g.ok("sleep 1; cat /sys/class/rtc/rtc0/since_epoch")
        finally:
            g.shutdown()
        last = before
        for n, (status, dmesg, after, gpio_same) in enumerate(results, 1):
            print("  cycle %d: status %s; OFF counts: %s"
                  % (n, status, ", ".join(
                      "%s %d -> %d" % (dom, last[dom]["OFF"], after[dom]["OFF"])
                      for dom in ("mpu", "neon", "per", "core"))))
            if status != 0 or "Successfully put all powerdomains to target state" not in dmesg:
                raise TestFailure("off mode, cycle %d: a domain missed OFF (status %s):\n%s"
                                  % (n, status, dmesg))
            for dom in ("mpu", "neon"):
                if after[dom]["OFF"] <= last[dom]["OFF"]:
                    raise TestFailure("%s_pwrdm: no OFF counted over suspend %d" % (dom, n))
            for dom in ("per", "core"):
                if after[dom]["OFF"] != last[dom]["OFF"] + 1:
                    raise TestFailure("%s_pwrdm: OFF %d -> %d over suspend %d"
                                      % (dom, last[dom]["OFF"], after[dom]["OFF"], n))
            if gpio_same != "same":
                raise TestFailure("GPIO lines changed over suspend %d (PER's banks not "
                                  "restored):\n%s" % (n, gpio_same))
            last = after

    def test_off_mode_wake_sources(self) -> None:
        """Each wake source of tests/scenarios wakes the board from `mem`
        with every domain OFF: the TWL4030's (RTC alarm, power button,
        cable) through the sys_nirq pad's I/O wake-up, the console key
        through its RX pad's (the UART's dedicated wake-up irq).  After
        every wake PER and CORE counted one more OFF, the GPIO lines are as
        before and the TWL4030 answers on I2C1."""
        g = Guest(extra_args=ARGS)
        failures = []
        try:
            g.boot()
            g.ok("mount -t debugfs none /sys/kernel/debug 2>/dev/null; true")
            g.ok(GPIO_KEEP)
            for name in ("rtc-wake", "pwron-wake", "usb-wake", "uart-wake"):
                before = counts(g)
                out = wake_case.run(g, load_wake_case(name), "mem")
                now = counts(g)
                same = g.value(GPIO_SAME) == "same"
                # a TWL4030 register (IDCODE_7_0) over I2C1, i2c-dev bus 0
                idcode = g.ok("i2cget -f -y 0 0x49 0x85")
                offs = {dom: now[dom]["OFF"] - before[dom]["OFF"] for dom in ("per", "core")}
                print("  %s: %s; OFF entries per %d core %d, GPIO lines %s, "
                      "TWL4030 0x49:0x85 read %s"
                      % (name, out, offs["per"], offs["core"],
                         "the same" if same else "CHANGED", idcode))
                if (not out.good or offs["per"] < 1 or offs["core"] < 1 or not same
                        or not idcode.startswith("0x")):
                    failures.append(name)
        finally:
            g.shutdown()
        if failures:
            raise TestFailure("off mode: %s did not wake the board as it must" % ", ".join(failures))


if __name__ == "__main__":
    GTA04Test.main()
