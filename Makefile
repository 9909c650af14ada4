# qemu-gta04: the two commands of the README, and a few conveniences.
.PHONY: run check check-sanitize fresh-check qtest functional build guest bugs soak bench clean

# Build QEMU with the GTA04 board, fetch/build the Debian guest, boot it to a shell.
run:
	scripts/run.sh

# Build and run every test (what .ci/run calls).
check:
	scripts/check.sh

# The same tests on the ASan+UBSan build (.build/obj-sanitize; a first build
# compiles QEMU once more, with the sanitizers).
check-sanitize:
	GTA04_SANITIZE=1 scripts/check.sh

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

# The seed article's chain and bugs: table of bug kernels vs the same tree + fix (also in make check).
bugs:
	scripts/setup.sh
	python3 tests/bugs/test_seed_bugs.py

# 100 suspend/wake cycles, mem and freeze, mixed wake sources, seeded (SOAK_ARGS="--seed N --cycles N").
soak:
	scripts/setup.sh
	python3 tests/soak/test_soak.py $(SOAK_ARGS)

# Boot time against stock QEMU's vexpress-a9, 5 runs each.
bench:
	scripts/setup.sh
	scripts/need-packages.sh "the benchmark's reference (stock QEMU)" qemu-system-arm
	python3 scripts/bench-boot.py 5

clean:
	rm -rf .build
