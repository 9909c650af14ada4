#!/bin/busybox sh
# /init of the qemu-gta04 test guest (initramfs): mount the pseudo file
# systems, load the board's modules, then hand over to busybox init, which
# gives a shell on the console and handles reboot/poweroff properly.
/bin/busybox --install -s
export PATH=/sbin:/bin:/usr/sbin:/usr/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mkdir -p /dev/pts && mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /tmp
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null

# Debian's image loads its modules; a kernel of our own config
# (scripts/make-kernel.sh --config gta04) has everything built in and no
# modules here
if [ -d "/lib/modules/$(uname -r)" ]; then
    for m in $(cat /etc/modules); do
        insmod "/lib/modules/$(uname -r)/$m" || echo "init: insmod $m failed"
    done
fi

cat >/etc/inittab <<'EOT'
::respawn:/bin/cttyhack /bin/sh -l
::ctrlaltdel:/bin/reboot
::shutdown:/bin/umount -a -r
EOT
cat >/etc/profile <<'EOT'
export PATH=/sbin:/bin:/usr/sbin:/usr/bin
export PS1='gta04:\w# '
EOT
echo "qemu-gta04 guest: $(uname -r) on $(cat /proc/device-tree/model 2>/dev/null)"
# what is there to type (the tools: scripts/make-guest.sh TOOLS)
echo "try: rtcwake -m mem -s 5 | i2cget -y -f 0 0x4b 0x29 (TWL4030 RTC_CTRL) | evtest | devmem 0x48320010" \
     "| power button: Ctrl-A C, system_powerdown, Ctrl-A C | quit: Ctrl-A X"
echo "GTA04-GUEST-READY"
exec /bin/busybox init
