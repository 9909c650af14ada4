#!/usr/bin/env python3
"""Snapshots taken while the guest is suspended to RAM: with the board in
`mem` (CPU in WFI, INTC 7 armed) and a wake source pending, migrate it to a
file, restore it into a fresh QEMU and check that it still wakes: the RTC
alarm at its alarm time on the guest's RTC, by the PIH, with the rtc0
handler run once; the power button and the cable plugged after the restore
likewise.  All of the state that makes a wake (the TWL4030's RTC and SIH
latches, INT1, the INTC, the PRCM's sleep state, the BCI's debounce timers)
has to travel in the snapshot.  With the PRM's power states on
(omap3-prm.power-states) the snapshot is taken with the Cortex-A8 powered
down (MPU OFF) and PER's modules reset (PER OFF); after the restore the
alarm wakes the MPU and the boot ROM boots it to the kernel's restore code."""

import os
import tempfile
import time
from typing import Optional, Sequence, Tuple

from gta04.board import INTC_MIR0
from gta04.errors import TestFailure
from gta04.guest import Guest
from gta04.procfs import interrupts
from gta04.shell import STATUS
from gta04.testing import GTA04Test


TWL = "/machine/twl4030"
POWER_STATES = ("-global", "omap3-prm.power-states=on")
PM_PWSTST_MPU = 0x483069E4
PM_PWSTST_PER = 0x483070E4
PM_PWSTST_CORE = 0x48306AE4


def wait_status(g: Guest, want: str, what: str) -> None:
    """Wait (60 s at most) until the VM's run state is `want`."""
    deadline = time.monotonic() + 60
    while g.qmp("query-status")["status"] != want:
        if time.monotonic() > deadline:
            raise TestFailure("%s did not reach %s" % (what, want))
        time.sleep(0.2)


def suspended_snapshot(state_file: str, alarm_in: Optional[int] = None,
                       extra_args: Sequence[str] = ()) -> Tuple[Optional[int], int, str]:
    """Boot, arm the alarm (if any), suspend to mem, wait until the kernel
    sleeps, save to state_file.  Returns (alarm time, rtc0 count, PIH virq)."""
    src = Guest(name="gta04-src", extra_args=tuple(extra_args))
    try:
        src.boot(240)
        virq = src.pih_virq()
        alarm = None
        src.ok("echo 0 > /sys/class/rtc/rtc0/wakealarm")
        if alarm_in:
            src.ok("echo +%d > /sys/class/rtc/rtc0/wakealarm" % alarm_in)
            alarm = int(src.ok("cat /sys/class/rtc/rtc0/wakealarm"))
        rtc0 = interrupts(src.ok("cat /proc/interrupts"))["rtc0"][0]
        # the quotes keep the echoed command line from matching the markers
        src.send('echo __SNAP""S__; echo mem > /sys/power/state; echo __SNAP""E__$?\n')
        src.wait_for("Suspending console", 60)
        t0 = src.guest_clock()
        while src.guest_clock() < t0 + 2:      # well into WFI
            src.console.poll()
        if "__SNAPE__" in src.log:
            raise TestFailure("the guest woke before the snapshot")
        if extra_args == POWER_STATES:
            # CORE OFF: the INTC is off too (reset); the TWL4030 wakes it
            # through the sys_nirq pad
            pwst = {dom: src.monitor.xp(addr) for dom, addr in
                    (("MPU", PM_PWSTST_MPU), ("PER", PM_PWSTST_PER), ("CORE", PM_PWSTST_CORE))}
            print("  asleep: PM_PWSTST " + ", ".join("%s %#x" % kv for kv in pwst.items()))
            if any(v & 3 for v in pwst.values()):
                raise TestFailure("a domain not OFF in suspend (PM_PWSTST %s)" % pwst)
        else:
            mir0 = src.monitor.xp(INTC_MIR0)
            if mir0 & 0x80:
                raise TestFailure("INTC 7 is masked in suspend (MIR0 %08x)" % mir0)
        src.monitor.save_to_file(state_file)
        return alarm, rtc0, virq
    finally:
        src.shutdown()


def restored(state_file: str, extra_args: Sequence[str] = ()) -> Guest:
    """A QEMU restored from state_file, running."""
    dst = Guest(name="gta04-dst",
                extra_args=tuple(extra_args) + ("-incoming", "exec:cat %s" % state_file))
    dst.launch()
    wait_status(dst, "paused", "the incoming migration")
    dst.qmp("cont")
    return dst


def woke(dst: Guest, bound: float = 60) -> int:
    """The suspend write returned in the restored QEMU; its exit status."""
    m = dst.wait_for(r"__SNAPE__" + STATUS, bound)
    dst.wait_for("gta04:", 10)
    return int(m.group(1))


class SnapshotSuspendedTest(GTA04Test):
    def test_rtc_alarm_wakes_after_restore(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            state_file = os.path.join(tmp, "suspended.state")
            alarm, rtc0, virq = suspended_snapshot(state_file, alarm_in=8)
            assert alarm is not None    # armed
            dst = restored(state_file)
            try:
                status = woke(dst)
                now = int(dst.ok("cat /sys/class/rtc/rtc0/since_epoch"))
                irq = dst.value("cat /sys/power/pm_wakeup_irq")
                after = interrupts(dst.ok("cat /proc/interrupts"))["rtc0"][0]
                print("  restored in mem; woke with status %d by irq %s at RTC %d (alarm %d); rtc0 %d -> %d"
                      % (status, irq, now, alarm, rtc0, after))
                if status != 0 or irq != virq:
                    raise TestFailure("woke with status %d by irq %s, not the PIH %s" % (status, irq, virq))
                if now < alarm:
                    raise TestFailure("awake at RTC %d, before the alarm time %d" % (now, alarm))
                if after != rtc0 + 1:
                    raise TestFailure("rtc0 handler ran %d times, not once" % (after - rtc0))
            finally:
                dst.shutdown()

    def test_off_mode_wakes_after_restore(self) -> None:
        """MPU, PER and CORE OFF in the snapshot: the alarm after the
        restore wakes the board through the sys_nirq pad, the ROM restores
        the clocks and the SDRC and boots the CPU to the kernel's restore
        code, and the kernel runs on: rtc0 ran once, every domain reached
        its target, the write returned 0."""
        with tempfile.TemporaryDirectory() as tmp:
            state_file = os.path.join(tmp, "suspended.state")
            alarm, rtc0, virq = suspended_snapshot(state_file, alarm_in=8,
                                                   extra_args=POWER_STATES)
            assert alarm is not None    # armed
            dst = restored(state_file, POWER_STATES)
            try:
                status = woke(dst)
                irq = dst.value("cat /sys/power/pm_wakeup_irq")
                after = interrupts(dst.ok("cat /proc/interrupts"))["rtc0"][0]
                missed = dst.ok("dmesg | grep \"didn't enter target state\" | sed 's/.*(//; s/).*//'")
                print("  restored with MPU, PER and CORE OFF; woke with status %d by irq %s; "
                      "rtc0 %d -> %d; stayed above OFF: %s"
                      % (status, irq, rtc0, after, " ".join(missed.split()) or "none"))
                if irq != virq or after != rtc0 + 1:
                    raise TestFailure("woke by irq %s (not the PIH %s), rtc0 %d -> %d"
                                      % (irq, virq, rtc0, after))
                if missed.split() or status != 0:
                    raise TestFailure("status %d, domains that did not reach OFF: %s"
                                      % (status, missed))
            finally:
                dst.shutdown()

    def test_button_and_cable_wake_after_restore(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            state_file = os.path.join(tmp, "suspended.state")
            for what, stimulus in (("power button", ("pwron", True)), ("cable", ("vbus", True))):
                _, _, virq = suspended_snapshot(state_file)
                dst = restored(state_file)
                try:
                    t0 = dst.guest_clock()
                    while dst.guest_clock() < t0 + 2:       # still asleep after the restore
                        dst.console.poll()
                    if "__SNAPE__" in dst.log:
                        raise TestFailure("%s: woke after the restore without a stimulus" % what)
                    dst.qom_set(TWL, *stimulus)
                    status = woke(dst)
                    irq = dst.value("cat /sys/power/pm_wakeup_irq")
                    print("  restored in mem; %s -> woke with status %d by irq %s" % (what, status, irq))
                    if status != 0 or irq != virq:
                        raise TestFailure("%s: woke with status %d by irq %s, not the PIH %s"
                                          % (what, status, irq, virq))
                    if what == "cable":
                        dst.ok("sleep 1")
                        vbus = dst.value("cat /sys/bus/platform/devices/*twl4030-usb/vbus")
                        if vbus != "on":
                            raise TestFailure("the PHY did not see the cable after the restore: %s" % vbus)
                finally:
                    dst.shutdown()


if __name__ == "__main__":
    GTA04Test.main()
