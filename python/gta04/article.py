"""
The seed article (Neil Brown, 2012-02-22), claim by claim, and the rows of
the bug table (tests/bugs/test_seed_bugs.py) that show each: the table that
scripts/compat-table.py puts into docs/gta04.md from the row results
of a make bugs.  A claim with no row says so, and where else the board shows it.
"""

from typing import NamedTuple, Tuple


class Claim(NamedTuple):
    """One thing the article says, and the rows (bug-table names) showing it."""
    section: str
    says: str
    rows: Tuple[str, ...]
    elsewhere: str = ""         # where the board shows it without a row


CLAIMS: Tuple[Claim, ...] = (
    Claim("More than a phone",
          "the RTC alarm works awake but rarely wakes the board from suspend; the serial "
          "console wakes it every time",
          ("chain_freeze-chain-ab", "chain_mem_console_warp-chain-ab", "bug1_rtc_freeze-bug1")),
    Claim("So many interruptions",
          "the PMIC's interrupt goes PIH -> module (secondary irq_chip) -> the power module's "
          "tertiary irq_chip -> the RTC handler",
          (), "functional test_twl4030; docs \"Following an interrupt\""),
    Claim("A funny thing happened on the way to suspend",
          "a disabled, not yet masked irq that arrives before suspend is recorded; a wake irq "
          "then aborts the suspend",
          ("chain_freeze-chain-ab-fix1", "chain_mem_console_warp-chain-ab-fix1")),
    Claim("Who turned out the lights?",
          "USB sleep turns USB3V1 off, the BCI loses VBUS and interrupts; the PMIC line is "
          "masked and ignored: alarm, power button and unplugging do nothing",
          ("chain_freeze-chain-ab", "chain_mem_console_warp-chain-ab")),
    Claim("Who turned out the lights?",
          "... and plugging the USB cable in has no effect either (with the line masked; in "
          "mem without a cable it is not masked yet, and the plug wakes the bug kernel)",
          ("plug_asleep_freeze-chain-ab", "plug_asleep_freeze-chain-ab-fix1",
           "plug_asleep_mem_console_warp-chain-ab", "plug_asleep_mem_console_warp-chain-ab-fix1")),
    Claim("So now that we understand the problem ...",
          "don't turn USB3V1 off while charging (the later kernels' PHY keeps it on with a "
          "cable)",
          ("chain_freeze-debian", "chain_mem_console_warp-debian")),
    Claim("So now that we understand the problem ...",
          "unplug the cable and the alarm works, once: not a second time (the article's kernel "
          "had both bugs)",
          ("article_rtc_mem_warp-article", "article_rtc_mem_warp-article-fix1",
           "article_rtc_mem_warp-article-fix2")),
    Claim("So now that we understand the problem ...",
          "IRQF_NO_SUSPEND on the intermediate irqs: a module cannot be masked, an unending "
          "stream of attempts to mask the BCI interrupt",
          ("storm_freeze-storm", "storm_mem_console_warp-storm"),
          "qtest twl4030/sih/no-module-mask: writes to the PIH cannot mask a module"),
    Claim("So now that we understand the problem ...",
          "each interrupt visible to Linux must support being masked in the hardware (the "
          "article's conclusion: with such a mask the storm stops)",
          ("storm_freeze-storm-fix", "storm_mem_console_warp-storm-fix")),
    Claim("Another funny thing on the way to resume",
          "after one wake from the alarm it never works again, even awake: resume re-enables "
          "PMIC, module and RTC irqs in that order and the RTC's is lost",
          ("bug2_rtc_mem_warp-2012-bug2", "bug2_rtc_mem-bug2")),
    Claim("Another funny thing on the way to resume",
          "the workaround: re-enable the irqs in the reverse order",
          ("bug2_rtc_mem_warp-2012-bug2-reverse", "bug2_rtc_mem-bug2-reverse")),
    Claim("(after the article)",
          "mainline's fixes: the PIH a wake-up irq (5a2f1b5fae59), nested irqs not suspended "
          "(3c646f2c6aa9)",
          ("bug1_rtc_freeze-bug1-fix1", "bug2_rtc_mem_warp-2012-bug2-fix2")),
)
