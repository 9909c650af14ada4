"""
The guest's own suspend/resume trace events (ftrace), for a kernel that has
them (Debian's does; our small config does not: there the timeline takes
pm_print_times lines instead).

enable() turns on the power:suspend_resume, power:device_pm_callback_start
/end, power:wakeup_source_activate/deactivate and irq:irq_handler_entry/
exit events in the guest's trace buffer, on the buffer's "local" clock:
sched_clock, the clock of printk's stamps, which on the OMAP3 is the 32 kHz
sync counter, so the timeline puts them on the board's virtual clock with
the same offset it finds for the printk stamps (gta04.timeline).  dump()
reads the buffer out over the console after a cycle and empties it: the
lines reach the QEMU trace log as UART3's output, where the timeline finds
them.  Nothing is read while the guest suspends: the kernel only records.
"""

from typing import Sequence

from .guest import Guest

TRACEFS = "/sys/kernel/tracing"
EVENTS = ("power/suspend_resume", "power/device_pm_callback_start",
          "power/device_pm_callback_end", "power/wakeup_source_activate",
          "power/wakeup_source_deactivate", "irq/irq_handler_entry", "irq/irq_handler_exit")


def enable(g: Guest, irqs: Sequence[str] = (), buffer_kb: int = 2048) -> bool:
    """Start recording EVENTS, the irq handlers' only for the Linux irqs
    `irqs` (else every timer tick would fill the buffer: the PMIC's PIH is
    the one the suspend tests follow); False (nothing done) when the kernel
    has no tracing."""
    have = g.run("[ -d %s/events ] || mount -t tracefs tracefs %s 2>/dev/null; "
                 "[ -f %s/events/power/suspend_resume/enable ] && echo yes || echo no"
                 % (TRACEFS, TRACEFS, TRACEFS)).strip()
    if not have.endswith("yes"):
        return False
    cmds = ["echo 0 > tracing_on", "echo local > trace_clock", "echo %d > buffer_size_kb" % buffer_kb,
            "echo > trace"]
    only = " || ".join("irq == %s" % irq for irq in irqs) or "irq == -1"
    cmds += ["echo '%s' > events/irq/%s/filter" % (only, event)
             for event in ("irq_handler_entry", "irq_handler_exit")]
    cmds += ["echo 1 > events/%s/enable" % event for event in EVENTS]
    cmds.append("echo 1 > tracing_on")
    g.ok("cd %s && %s; cd /" % (TRACEFS, " && ".join(cmds)))
    return True


def dump(g: Guest, timeout: float = 300) -> str:
    """The buffer's events since the last dump, printed on the console (for
    the trace log) one a line as "ft STAMP EVENT: ARGS" (gta04.timeline's
    FTRACE reads them), then
    an empty buffer.  Recording stops while it prints: the console's own
    irq would otherwise fill the buffer as fast as it empties."""
    return g.ok("cd %s && echo 0 > tracing_on && sed -n 's/^.*\\] [^ ]* *\\([0-9.]*\\): /ft \\1 /p' "
                "trace && echo > trace && echo 1 > tracing_on; cd /" % TRACEFS, timeout=timeout)
