"""
Facts of the board and its guest that tests read: addresses of the DM3730,
QOM paths, the names Linux gives the PMIC's interrupt.
"""

PROMPT = "gta04:"               # the guest shell's prompt (scripts/guest-init.sh) ...
PROMPT_END = "# "               # ... and its end, after the working directory
READY = "GTA04-GUEST-READY"     # printed by the guest's init once the shell runs
TWL = "/machine/twl4030"        # the PMIC's QOM path: its stimuli are properties
STIMULI = "/machine/stimuli"    # the board's stimuli on the virtual clock (gta04_stimuli.c)
CONSOLE_UART = "/machine/soc/uart3"   # the console's UART (ttyO2): its rx-text types on the board's clock
RX_TEXT_MAX = 1024              # what rx-text queues at most (OMAP3_UART_RX_TEXT_SIZE)
CONSOLE_KEY = "\x15"            # a wake case's key: ^U (should the shell get it, it clears its line)
PIH = "TWL4030-PIH"             # /proc/interrupts name of INT1's chained handler
SYNCTIMER_CR = 0x48320010       # 32KSYNCNT REG_32KSYNCNT_CR
INTC_ITR0 = 0x48200080          # raw input of INTC lines 0..31 (bit 7: TWL4030 INT1)
INTC_MIR0 = 0x48200084          # their masks
