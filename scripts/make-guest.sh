#!/usr/bin/env bash
# Make the GTA04 guest from Debian's armhf packages, unmodified:
#   vmlinuz, omap3-gta04a5.dtb (from linux-image-6.1.0-57-armmp 6.1.192-3)
#   initramfs.cpio.gz: busybox-static, the TWL4030/board modules + dependencies, /init
# Output (cached): $GTA04_CACHE/guest/{vmlinuz,omap3-gta04a5.dtb,initramfs.cpio.gz,System.map}
#
#   scripts/make-guest.sh            make (or reuse) the guest; prints its directory
set -euo pipefail
. "$(dirname "$0")/lib.sh"

KVER="6.1.0-57-armmp"
KPKG="linux-image-$KVER"
KPKG_VERSION="6.1.192-3"
KPKG_SHA256="62cdb16ec5bc06443d4ad73f98ba6de7d0a594b876e7202a889444bfb530d343"
BBPKG="busybox-static"
BBPKG_VERSION="1:1.35.0-4+deb12u1+b1"
BBPKG_SHA256="2f68dbeaebeda49f3cde34ac421d5add85fb1c837ff7c4a4971945340d9d66ff"

# Modules loaded at boot, in this order (dependencies are added automatically).
# The TWL4030 core, IRQ, RTC, regulators, GPIO and power drivers are built in.
MODULES="evdev i2c-dev phy-twl4030-usb twl4030-madc twl4030_charger twl4030-pwrbutton twl4030_wdt"

DEBS="$GTA04_CACHE/debs"
GUEST="$GTA04_CACHE/guest"

deb_file() {  # PKG VERSION -> path of the cached .deb (apt-get download naming)
    local v="${2//:/%3a}"
    echo "$DEBS/${1}_${v}_armhf.deb"
}

fetch_deb() {  # PKG VERSION SHA256
    local f; f=$(deb_file "$1" "$2")
    check_sha256 "$f" "$3" && return 0
    mkdir -p "$DEBS"
    if ! grep -qx armhf <<<"$(dpkg --print-foreign-architectures)"; then
        [ "$(id -u)" -eq 0 ] || die "armhf is not a dpkg architecture here; run as root:
    dpkg --add-architecture armhf && apt-get update"
        step "dpkg --add-architecture armhf"
        dpkg --add-architecture armhf
        _apt_updated=0
    fi
    step "downloading $1:armhf=$2"
    if ! (cd "$DEBS" && apt-get download "$1:armhf=$2" >"$DEBS/download.log" 2>&1); then
        apt_update_once
        (cd "$DEBS" && apt-get download "$1:armhf=$2" >"$DEBS/download.log" 2>&1) ||
            die "could not download $1:armhf=$2 (see $DEBS/download.log): no network to the
Debian archive, or the archive no longer carries this version"
    fi
    check_sha256 "$f" "$3" || die "$(basename "$f"): SHA-256 mismatch (expected $3); refusing to use it"
}

stamp() {
    { echo "$KPKG_SHA256 $BBPKG_SHA256 $MODULES vexpress"; cat "$REPO/scripts/guest-init.sh"; } | sha256sum | cut -d' ' -f1
}

build_guest() {
    local tmp="$GUEST.tmp" root
    rm -rf "$tmp"; mkdir -p "$tmp/kpkg" "$tmp/bbpkg"
    step "unpacking $KPKG and $BBPKG"
    dpkg-deb -x "$(deb_file "$KPKG" "$KPKG_VERSION")" "$tmp/kpkg"
    dpkg-deb -x "$(deb_file "$BBPKG" "$BBPKG_VERSION")" "$tmp/bbpkg"
    cp "$tmp/kpkg/boot/vmlinuz-$KVER" "$tmp/vmlinuz"
    cp "$tmp/kpkg/boot/System.map-$KVER" "$tmp/System.map"
    cp "$tmp/kpkg/boot/config-$KVER" "$tmp/config"
    cp "$tmp/kpkg/usr/lib/linux-image-$KVER/omap3-gta04a5.dtb" "$tmp/omap3-gta04a5.dtb"
    # the same kernel on stock QEMU's vexpress-a9 is the reference of scripts/bench.py
    cp "$tmp/kpkg/usr/lib/linux-image-$KVER/vexpress-v2p-ca9.dtb" "$tmp/vexpress-v2p-ca9.dtb"

    step "building the initramfs"
    root="$tmp/root"
    mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,tmp,root,mnt,run,usr/bin,usr/sbin}
    cp "$tmp/bbpkg/bin/busybox" "$root/bin/busybox"
    cp "$REPO/scripts/guest-init.sh" "$root/init"
    chmod 755 "$root/init"
    python3 "$REPO/scripts/guest-modules.py" "$tmp/kpkg/lib/modules/$KVER" \
        "$root/lib/modules/$KVER" $MODULES >"$root/etc/modules"
    (cd "$root" && find . -print0 | LC_ALL=C sort -z |
        cpio --null -o -H newc --owner=0:0 --quiet) | gzip -9n >"$tmp/initramfs.cpio.gz"
    rm -rf "$tmp/kpkg" "$tmp/bbpkg" "$root"
    stamp >"$tmp/.stamp"
    rm -rf "$GUEST"; mv "$tmp" "$GUEST"
    step "guest ready in $GUEST ($(du -h "$GUEST/initramfs.cpio.gz" | cut -f1) initramfs)"
}

main() {
    # dpkg-deb unpacks (dpkg), cpio + gzip pack the initramfs, python3 picks the modules
    need_packages "the guest" cpio gzip python3
    if [ -f "$GUEST/.stamp" ] && [ "$(cat "$GUEST/.stamp")" = "$(stamp)" ]; then
        echo "$GUEST"; return 0
    fi
    fetch_deb "$KPKG" "$KPKG_VERSION" "$KPKG_SHA256"
    fetch_deb "$BBPKG" "$BBPKG_VERSION" "$BBPKG_SHA256"
    build_guest
    echo "$GUEST"
}

main "$@"
