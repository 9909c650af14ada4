# qemu-gta04: the two commands of the README, and a few conveniences.
.PHONY: run check check-kernels check-sanitize fuzz fresh-check qtest functional build guest bugs soak soak-warp bench docs clean lab lab-stop lab-check

# Build QEMU with the GTA04 board, fetch/build the Debian guest, boot it to a shell.
run:
	scripts/run.sh

# Build and run every test (what .ci/run calls).  Every target follows
# GTA04_QEMU=7.2|10.0|11.1 (the QEMU base, default 7.2): make check GTA04_QEMU=11.1
check:
	scripts/check.sh

# Beyond make check: linux-source-7.2's omap2plus_defconfig (as upstream OMAP
# developers build it, modules included: a long first build) through the wake
# matrix (tests/functional/kernels_omap2plus.py).
check-kernels:
	scripts/setup.sh
	python3 tests/functional/kernels_omap2plus.py

# The same tests on the ASan+UBSan build (.build/obj-sanitize; a first build
# compiles QEMU once more, with the sanitizers).
check-sanitize:
	GTA04_SANITIZE=1 scripts/check.sh

# QEMU's generic-fuzz (libFuzzer, ASan+UBSan) on -M gta04, every target for
# FUZZ_SECONDS (default 120); crashes in .build/fuzz/crashes/ (scripts/fuzz.sh).
fuzz:
	scripts/fuzz.sh $(FUZZ_TARGETS)

# The README's two commands on a minimal Debian 12 chroot, from a clean clone of HEAD (root).
fresh-check:
	scripts/fresh-check.sh

qtest:
	scripts/check.sh --qtest

functional:
	scripts/check.sh --functional

build:
	scripts/setup.sh

guest:
	scripts/make-guest.sh

# The seed article's chain and bugs: table of bug kernels vs the same tree + fix, every
# row (make check runs those on the small config), then docs/gta04.md's article table.
bugs:
	scripts/check.sh --bugs

# 100 suspend/wake cycles, mem and freeze, mixed wake sources, seeded (SOAK_ARGS="--seed N --cycles N").
soak:
	scripts/setup.sh
	python3 tests/soak/test_soak.py $(SOAK_ARGS)

# 24 guest hours in minutes: 288 RTC wakes from mem 5 minutes apart, in warp
# mode (icount, sleep=off: the board's sleep costs no host time).
soak-warp:
	scripts/setup.sh
	python3 tests/soak/test_soak.py --warp --sources rtc --states mem --period 300 --cycles 288 $(SOAK_ARGS)

# Issue 10's benchmark against stock QEMU's vexpress-a9 (interleaved rounds:
# boot, idle and suspended host CPU, wake latency, RSS, build times; JSON + PNG
# in .build/bench/).  Debian's python3 for its matplotlib.
bench:
	scripts/setup.sh
	scripts/need-packages.sh stock-qemu charts
	/usr/bin/python3 scripts/bench.py $${BENCH_ROUNDS:-3}

# The board page docs/system/arm/gta04.rst as HTML (Sphinx, warnings as errors) in .build/docs.
docs:
	scripts/make-docs.sh

# A single-machine LAVA lab from Debian 12's packages (as root): server,
# PostgreSQL, scheduler, a worker with two qemu-gta04 devices, an admin token
# and a lavacli identity; state in $(GTA04_CACHE)/lab (scripts/lab.sh,
# contrib/lava/README.md).  Idempotent; lab-stop stops it, state kept.
lab:
	scripts/lab.sh start

lab-stop:
	scripts/lab.sh stop

# Jobs through the lab's API: a job through test_lab.py, the wake matrix,
# two jobs at once, bad input, a bisect of the demo tree with
# gta04-bisect-run --lab (about 15 min: kernel builds; LAB_CHECK_ARGS=--no-bisect).
lab-check:
	GTA04_LAB_CHECK=1 PYTHONPATH=python python3 tests/functional/test_lab.py
	scripts/lab-check.sh $(LAB_CHECK_ARGS)

clean:
	rm -rf .build
