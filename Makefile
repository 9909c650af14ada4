# qemu-gta04: the two commands of the README, and a few conveniences.
.PHONY: run check qtest functional build guest soak bench clean

# Build QEMU with the GTA04 board, fetch/build the Debian guest, boot it to a shell.
run:
	scripts/run.sh

# Build and run every test (what .ci/run calls).
check:
	scripts/check.sh

qtest:
	scripts/check.sh --qtest

functional:
	scripts/check.sh --functional

build:
	scripts/setup.sh

guest:
	scripts/make-guest.sh

clean:
	rm -rf .build
