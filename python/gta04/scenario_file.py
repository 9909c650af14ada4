"""
Scenario files: the wake cases and the seed-bug rows as data
(tests/scenarios/, docs/gta04.md "Scenario files").

Two kinds of TOML file, told apart by their keys:

* a **wake case** (tests/scenarios/<name>.toml): what the board does
  before the suspends, then one suspend cycle to repeat (its stimulus, the
  moment the stimulus comes, what must have woken the board and which
  handlers ran), then checks made awake.  gta04-bisect-run (--scenario),
  the soak (its wake sources) and a developer's own file read these; the
  runner is gta04.wake_case.
* a **bug case** (tests/scenarios/bugs/<name>.toml): one procedure of the
  seed-bug table (its judge is Python: tests/bugs/test_seed_bugs.py) and
  its rows, each a kernel (patches on our config), a suspend state and what
  the row must show, the wake audit's verdict included.  A new kernel row
  needs no Python.

A mistake in a file is a ScenarioError that names the file and the key.
"""

import os
from typing import Any, Dict, List, NamedTuple, Optional, Set, Tuple

import tomllib

from .board import TWL
from .paths import REPO

SCENARIOS = os.path.join(REPO, "tests", "scenarios")
BUG_CASES = os.path.join(SCENARIOS, "bugs")
KERNEL_PATCHES = os.path.join(REPO, "guest", "kernel-patches")

# Short names a file may use for a QOM path
OBJECTS = {"pmic": TWL}
# What a cycle's wake may be expected to come from
EXPECT = ("pmic", "uart", "any", "asleep")
# The wake audit's verdicts a bug row may expect (gta04.audit)
AUDIT = ("agree", "lost wake", "wrong source", "spurious wake")


class ScenarioError(Exception):
    """A scenario file that cannot be used: says which and why."""


class Write(NamedTuple):
    """A QOM property write: `value` is true/false, a number, "toggle"
    (the opposite of its value now) or "restore" (its value before the
    cycle's stimulus)."""
    path: str
    prop: str
    value: str


class Stimulus(NamedTuple):
    """What wakes the board and when: a board write or a key on the console
    (`key`), `after` guest seconds past `when` ("asleep": the guest's last
    line before it sleeps; "console:TEXT": the next console line holding
    TEXT; "line:WIRE:LEVEL": a board wire's next change, int1 or
    standbywfi; "write:ADDR:MASK:VALUE": the guest's next 32-bit write to
    the register at physical ADDR whose bits under MASK are VALUE)."""
    write: Optional[Write]
    key: bool
    when: str
    after: float


class IrqCheck(NamedTuple):
    """A /proc/interrupts handler that must have run exactly `runs` times,
    or between `runs` and `most` times."""
    handler: str
    runs: int
    most: int


class I2cCheck(NamedTuple):
    """A PMIC register read by the guest (i2cget) that must hold `value`
    under `mask`."""
    addr: int
    reg: int
    mask: int
    value: int


class Cycle(NamedTuple):
    """One suspend and its wake, repeated."""
    repeat: int
    alarm: int              # the RTC alarm armed this many s ahead (0: none)
    stimulus: Optional[Stimulus]
    wake_within: float
    expect: str             # EXPECT
    aborted: Optional[bool]  # a mem suspend aborted (the write failed) or not; None: either
    irqs: Tuple[IrqCheck, ...]
    then: Tuple[Write, ...]  # board writes once it woke
    settle: float           # guest seconds slept in the shell after each cycle


class Awake(NamedTuple):
    """After the cycles, awake: an alarm, a wait, what must have run."""
    alarm: int
    wait: float
    irqs: Tuple[IrqCheck, ...]
    i2c: Tuple[I2cCheck, ...]


class WakeCase(NamedTuple):
    """A wake case file."""
    name: str
    path: str
    description: str
    setup_shell: Tuple[str, ...]
    setup_writes: Tuple[Write, ...]
    cycle: Cycle
    awake: Optional[Awake]


class BugRow(NamedTuple):
    """One row of a bug case: a kernel and what it must show."""
    kernel: str             # its name ("debian": Debian's unmodified image)
    patches: Tuple[str, ...]  # paths relative to guest/kernel-patches
    expect: str
    audit: str
    state: str
    config: str
    console_up: bool
    warp: bool
    bus_timing: bool
    power_states: bool      # -global omap3-prm.power-states=on
    sources: Tuple[str, ...]  # the linux-source trees it runs on
    in_check: bool

    def qemu_options(self) -> List[str]:
        """The QEMU options the row's board runs with."""
        return (([] if self.bus_timing else ["-global", "omap3-i2c.bus-timing=off"])
                + (["-global", "omap3-prm.power-states=on"] if self.power_states else []))


class BugCase(NamedTuple):
    """A bug case file: a procedure of the table and its rows."""
    name: str
    path: str
    description: str
    procedure: str
    title: str
    rows: Tuple[BugRow, ...]
    # the wake cases a lab job of a row runs (contrib/lava/lab-submit --bug):
    # a row whose audit is "agree" passes them all, any other fails one
    lab: Tuple[str, ...]


class _Table:
    """One TOML table being read: every key must be known and used."""

    def __init__(self, path: str, where: str, data: Any):
        if not isinstance(data, dict):
            raise ScenarioError("%s: %s must be a table" % (path, where or "the file"))
        self.path, self.where, self.data = path, where, data
        self.used: Set[str] = set()

    def _name(self, key: str) -> str:
        return "%s.%s" % (self.where, key) if self.where else key

    def get(self, key: str, kind: type, default: Any = None) -> Any:
        """The value of `key`, of type `kind`, or `default` when absent
        (None: the key is required)."""
        self.used.add(key)
        if key not in self.data:
            if default is None:
                raise ScenarioError("%s: %s is required" % (self.path, self._name(key)))
            return default
        value = self.data[key]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ScenarioError("%s: %s must be %s, not %r"
                                % (self.path, self._name(key), kind.__name__, value))
        return value

    def strings(self, key: str) -> Tuple[str, ...]:
        """A list of strings (absent: empty)."""
        value = self.get(key, list, [])
        if not all(isinstance(v, str) for v in value):
            raise ScenarioError("%s: %s must be a list of strings" % (self.path, self._name(key)))
        return tuple(value)

    def table(self, key: str) -> Optional["_Table"]:
        """A sub-table, or None when absent."""
        self.used.add(key)
        if key not in self.data:
            return None
        return _Table(self.path, self._name(key), self.data[key])

    def tables(self, key: str) -> List["_Table"]:
        """An array of tables (absent: none)."""
        value = self.get(key, list, [])
        return [_Table(self.path, "%s[%d]" % (self._name(key), i), v) for i, v in enumerate(value)]

    def done(self) -> None:
        """No key left unread: a misspelt key is an error, not a default."""
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            raise ScenarioError("%s: unknown key %s" % (self.path, ", ".join(
                self._name(k) for k in unknown)))

    def choice(self, key: str, choices: Tuple[str, ...], default: Optional[str] = None) -> str:
        """A string that must be one of `choices`."""
        value = self.get(key, str, default)
        if value not in choices:
            raise ScenarioError("%s: %s must be one of %s, not %r"
                                % (self.path, self._name(key), ", ".join(choices), value))
        return str(value)


def _write(t: _Table, key: str, text: str) -> Write:
    """"OBJECT PROPERTY VALUE" (OBJECT a QOM path or a short name of OBJECTS)."""
    words = text.split()
    if len(words) != 3:
        raise ScenarioError("%s: %s: expected \"OBJECT PROPERTY VALUE\", not %r"
                            % (t.path, t._name(key), text))  # pylint: disable=protected-access
    obj, prop, value = words
    if not obj.startswith("/") and obj not in OBJECTS:
        raise ScenarioError("%s: %s: %r is neither a QOM path nor one of %s"
                            % (t.path, t._name(key), obj,  # pylint: disable=protected-access
                               ", ".join(OBJECTS)))
    return Write(OBJECTS.get(obj, obj), prop, value)


def _register_write(text: str) -> bool:
    """"ADDR:MASK:VALUE", ADDR 4-byte aligned, VALUE bits of the 32-bit MASK."""
    try:
        addr, mask, value = (int(v, 0) for v in text.split(":"))
    except ValueError:
        return False
    return addr % 4 == 0 and 0 <= mask <= 0xffffffff and value & ~mask == 0 and value >= 0


def _when(t: _Table, text: str) -> str:
    """A stimulus's moment, checked."""
    kind, _, rest = text.partition(":")
    ok = (text == "asleep" or (kind == "console" and rest)
          or (kind == "line" and rest.rpartition(":")[0] in ("int1", "standbywfi")
              and rest.rpartition(":")[2] in ("0", "1"))
          or (kind == "write" and _register_write(rest)))
    if not ok:
        raise ScenarioError("%s: %s.when must be \"asleep\", \"console:TEXT\", "
                            "\"line:int1|standbywfi:0|1\" or \"write:ADDR:MASK:VALUE\", "
                            "not %r" % (t.path, t.where, text))
    return text


def _irqs(t: _Table) -> Tuple[IrqCheck, ...]:
    """irqs = { HANDLER = N } or { HANDLER = [LEAST, MOST] }."""
    sub = t.table("irqs")
    if sub is None:
        return ()
    checks = []
    for handler in list(sub.data):
        value = sub.data[handler]
        sub.used.add(handler)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            checks.append(IrqCheck(handler, value, value))
        elif isinstance(value, list) and len(value) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in value) \
                and 0 <= value[0] <= value[1]:
            checks.append(IrqCheck(handler, value[0], value[1]))
        else:
            raise ScenarioError("%s: %s.%s must be a count or [least, most], not %r"
                                % (t.path, sub.where, handler, value))
    return tuple(checks)


def _cycle(path: str, t: _Table) -> Cycle:
    stim = t.table("stimulus")
    stimulus = None
    if stim is not None:
        write = stim.get("write", str, "")
        key = stim.get("key", bool, False)
        if bool(write) == key:
            raise ScenarioError("%s: cycle.stimulus needs one of write or key = true" % path)
        stimulus = Stimulus(_write(stim, "write", write) if write else None, key,
                            _when(stim, stim.get("when", str, "asleep")),
                            stim.get("after", float, 3.0))
        if stimulus.after < 0:
            raise ScenarioError("%s: cycle.stimulus.after must not be negative" % path)
        stim.done()
    cycle = Cycle(repeat=t.get("repeat", int, 1), alarm=t.get("alarm", int, 0),
                  stimulus=stimulus, wake_within=t.get("wake_within", float, 10.0),
                  expect=t.choice("expect", EXPECT),
                  aborted={"yes": True, "no": False, "either": None}[
                      t.choice("aborted", ("yes", "no", "either"), "either")],
                  irqs=_irqs(t),
                  then=tuple(_write(t, "then", w) for w in t.strings("then")),
                  settle=t.get("settle", float, 1.0))
    t.done()
    if cycle.repeat < 1 or cycle.alarm < 0 or cycle.wake_within <= 0:
        raise ScenarioError("%s: cycle: repeat at least 1, alarm not negative, "
                            "wake_within above 0" % path)
    if not stimulus and not cycle.alarm:
        raise ScenarioError("%s: cycle: nothing wakes the board (no stimulus, no alarm)" % path)
    return cycle


def _awake(t: _Table) -> Awake:
    checks = []
    for c in t.tables("i2c"):
        checks.append(I2cCheck(c.get("addr", int), c.get("reg", int), c.get("mask", int, 0xff),
                               c.get("value", int)))
        c.done()
    awake = Awake(alarm=t.get("alarm", int, 0), wait=t.get("wait", float, 0.0),
                  irqs=_irqs(t), i2c=tuple(checks))
    t.done()
    return awake


def _read(path: str) -> Dict[str, Any]:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except OSError as ex:
        raise ScenarioError("%s: %s" % (path, ex.strerror)) from None
    except tomllib.TOMLDecodeError as ex:
        raise ScenarioError("%s: not TOML: %s" % (path, ex)) from None


def wake_case_path(name: str) -> str:
    """A wake case by name (tests/scenarios/NAME.toml) or by path."""
    if os.sep in name or name.endswith(".toml"):
        return name
    return os.path.join(SCENARIOS, name + ".toml")


def wake_case_names() -> List[str]:
    """The wake cases of tests/scenarios/."""
    return sorted(f[:-5] for f in os.listdir(SCENARIOS) if f.endswith(".toml"))


def load_wake_case(name: str) -> WakeCase:
    """Read and check a wake case file."""
    path = wake_case_path(name)
    top = _Table(path, "", _read(path))
    setup = top.table("setup") or _Table(path, "setup", {})
    setup_shell = setup.strings("shell")
    setup_writes = tuple(_write(setup, "write", w) for w in setup.strings("write"))
    setup.done()
    cycle_table = top.table("cycle")
    if cycle_table is None:
        raise ScenarioError("%s: a wake case needs a [cycle]" % path)
    awake_table = top.table("awake")
    case = WakeCase(name=os.path.basename(path)[:-5] if path.endswith(".toml") else path,
                    path=path, description=top.get("description", str),
                    setup_shell=setup_shell, setup_writes=setup_writes,
                    cycle=_cycle(path, cycle_table),
                    awake=_awake(awake_table) if awake_table else None)
    top.done()
    return case


def _patches(t: _Table, sets: Dict[str, Tuple[str, ...]]) -> Tuple[str, ...]:
    """A row's patches: file names under guest/kernel-patches, or @SET."""
    out: List[str] = []
    for patch in t.strings("patches"):
        if patch.startswith("@"):
            if patch[1:] not in sets:
                raise ScenarioError("%s: %s: no patch set %s in %s"
                                    % (t.path, t.where, patch,
                                       os.path.join(BUG_CASES, "patch-sets.toml")))
            out += sets[patch[1:]]
        else:
            out.append(patch)
    for patch in out:
        if not os.path.isfile(os.path.join(KERNEL_PATCHES, patch)):
            raise ScenarioError("%s: %s: no patch %s in guest/kernel-patches"
                                % (t.path, t.where, patch))
    return tuple(out)


def patch_sets() -> Dict[str, Tuple[str, ...]]:
    """tests/scenarios/bugs/patch-sets.toml: named lists of patches (@NAME)."""
    path = os.path.join(BUG_CASES, "patch-sets.toml")
    top = _Table(path, "", _read(path))
    sets = {name: top.strings(name) for name in list(top.data)}
    top.done()
    return sets


def load_bug_case(path: str, sets: Dict[str, Tuple[str, ...]],
                  procedures: Optional[Tuple[str, ...]] = None) -> BugCase:
    """Read and check a bug case file (`procedures`: the judges there are;
    None: any name)."""
    top = _Table(path, "", _read(path))
    rows = []
    for t in top.tables("row"):
        row = BugRow(kernel=t.get("kernel", str), patches=_patches(t, sets),
                     expect=t.get("expect", str), audit=t.choice("audit", AUDIT, "agree"),
                     state=t.choice("state", ("freeze", "mem")),
                     config=t.get("config", str, "gta04"),
                     console_up=t.get("console_up", bool, False), warp=t.get("warp", bool, False),
                     bus_timing=t.get("bus_timing", bool, True),
                     power_states=t.get("power_states", bool, False),
                     sources=t.strings("sources") or ("6.1",), in_check=False)
        row = row._replace(in_check=t.get("check", bool, row.config == "gta04"))
        t.done()
        if row.kernel == "debian" and row.patches:
            raise ScenarioError("%s: %s: Debian's image takes no patches" % (path, t.where))
        rows.append(row)
    case = BugCase(name=os.path.basename(path)[:-5], path=path,
                   description=top.get("description", str),
                   procedure=(top.choice("procedure", procedures) if procedures
                              else top.get("procedure", str)),
                   title=top.get("title", str), rows=tuple(rows), lab=top.strings("lab"))
    top.done()
    for name in case.lab:
        if not os.path.isfile(wake_case_path(name)):
            raise ScenarioError("%s: lab: no wake case %s in %s" % (path, name, SCENARIOS))
    if "%s" not in case.title:
        raise ScenarioError("%s: title must hold %%s (the state)" % path)
    return case


def load_bug_cases(procedures: Tuple[str, ...]) -> List[BugCase]:
    """Every bug case of tests/scenarios/bugs/ (file order: their names)."""
    sets = patch_sets()
    return [load_bug_case(os.path.join(BUG_CASES, f), sets, procedures)
            for f in sorted(os.listdir(BUG_CASES))
            if f.endswith(".toml") and f != "patch-sets.toml"]
