# Devices config for a qemu-system-arm that has only the GTA04 board
# (configure --without-default-devices --with-devices-arm=gta04).
# With --without-default-devices, "default y" symbols are off: list what
# target/arm needs explicitly.
CONFIG_ARM_V7M=y
CONFIG_SEMIHOSTING=y
CONFIG_ARM_COMPATIBLE_SEMIHOSTING=y
CONFIG_GTA04=y
# Test-only: an I2C slave for tests/qtest/omap3-i2c-test.c (-device tmp105,bus=i2c.3)
CONFIG_TMP105=y
