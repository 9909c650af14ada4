#!/usr/bin/env bash
# Make the GTA04 guest from Debian's armhf packages, unmodified:
#   vmlinuz, omap3-gta04a5.dtb (Debian's kernel NAME of guest/debian-kernels;
#                      6.1, linux-image-6.1.0-57-armmp 6.1.192-3, by default)
#   initramfs.cpio.gz: busybox-static, the TWL4030/board modules + dependencies, /init,
#                      and the tools a kernel developer types (TOOLS below)
#   cmdline:           the kernel arguments that kernel needs here (its console, ...)
# Output (cached): $GTA04_CACHE/guest (6.1) or $GTA04_CACHE/guest-NAME, holding
#   {vmlinuz,omap3-gta04a5.dtb,initramfs.cpio.gz,System.map,config,cmdline}
#
#   scripts/make-guest.sh [NAME]     make (or reuse) the guest; prints its directory
#   scripts/make-guest.sh --list     the kernel names
#   scripts/make-guest.sh --kernel DIR   the same around a kernel of your own:
#       DIR holds vmlinuz (or zImage), omap3-gta04a5.dtb and, if it has
#       modules, modules/ (a lib/modules/RELEASE tree: make modules_install
#       INSTALL_MOD_PATH=X, then X/lib/modules/RELEASE), as
#       scripts/make-kernel.sh leaves them; the console named on the command
#       line is ttyO2 and ttyS2 (whichever driver the kernel has)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

KERNELS="$REPO/guest/debian-kernels"
kernel_names() { awk '!/^#/ && NF { print $1 }' "$KERNELS"; }
usage() { die "usage: $0 [NAME | --list | --kernel DIR]"; }
OWN=
case "${1:-6.1}" in
    --list) kernel_names; exit 0 ;;
    --kernel) [ $# -eq 2 ] || usage; OWN=$(cd "$2" 2>/dev/null && pwd) || die "--kernel $2: no such directory" ;;
    -*) usage ;;
esac
if [ -n "$OWN" ]; then
    KNAME="own"
    OWN_IMAGE="$OWN/vmlinuz"; [ -f "$OWN_IMAGE" ] || OWN_IMAGE="$OWN/zImage"
    [ -f "$OWN_IMAGE" ] || die "--kernel $OWN: no vmlinuz or zImage there"
    [ -f "$OWN/omap3-gta04a5.dtb" ] || die "--kernel $OWN: no omap3-gta04a5.dtb there"
    # the release the modules are for: modules/'s target when it is a link
    # to X/lib/modules/RELEASE, else the modules' own vermagic (the copy
    # scripts/make-kernel.sh leaves)
    KVER=none
    if [ -d "$OWN/modules" ]; then
        KVER=$(basename "$(readlink -f "$OWN/modules")")
        [ "$KVER" != modules ] || KVER=$(python3 "$REPO/scripts/guest-modules.py" --release "$OWN/modules")
    fi
    KREL=host KPKGS= KAPPEND=
    # both names: the kernel takes the one whose driver it has (the last one
    # it has is the console /dev/console is)
    KCONSOLE="ttyO2,115200n8 console=ttyS2"
else
    KNAME="${1:-6.1}"
    read -r _ KREL KVER KCONSOLE KAPPEND KPKGS <<<"$(awk -v n="$KNAME" '!/^#/ && $1 == n' "$KERNELS")"
    [ -n "${KVER:-}" ] || die "no kernel '$KNAME' in guest/debian-kernels (there: $(kernel_names | xargs))"
    [ "$KAPPEND" != - ] || KAPPEND=""
fi
BBPKG="busybox-static"
BBPKG_VERSION="1:1.35.0-4+deb12u1+b1"
BBPKG_SHA256="2f68dbeaebeda49f3cde34ac421d5add85fb1c837ff7c4a4971945340d9d66ff"

# Modules loaded at boot, in this order (dependencies are added automatically;
# one the kernel has built in is skipped).  Debian's kernels build the TWL4030
# core, IRQ, RTC, regulators, GPIO and power drivers in; omap2plus_defconfig
# has rtc-twl as a module.
MODULES="evdev i2c-dev rtc-twl phy-twl4030-usb twl4030-madc twl4030_charger twl4030-pwrbutton twl4030_wdt"

# The tools a kernel developer types, from Debian's armhf packages, unmodified
# (no rebuild), with the shared objects they load (guest_tool): busybox has no
# rtcwake, and its i2cget/i2cset/i2cdump lack i2c-tools' options (-f, modes).
# busybox's own devmem stays.  PKG VERSION SHA256 [FILE...] (a library
# package lists no file: it is searched for what the tools need).
TOOLS=(
    "util-linux 2.38.1-5+deb12u3 c1730fe60f03cc404f2fa3c3cfeadb3b9138f76118f2f41623d2bc1933e22336 usr/sbin/rtcwake"
    "i2c-tools 4.3-2+b3 a98ac72a0cf6cecaa0f2266083041816f51ae54de3b432e29a4abdc7664fc79f usr/sbin/i2cget usr/sbin/i2cset usr/sbin/i2cdump usr/sbin/i2cdetect usr/sbin/i2ctransfer"
    "evtest 1:1.35-1 40e47681d1aacc94854cea77d6cc108dc3c117b6b0b0566bc5e8a687c91bebdf usr/bin/evtest"
    "libi2c0 4.3-2+b3 b65b6c90f57c71b89d036264080c03aad1bbbcb59c05713e4cecf255e881b02f"
    "libc6 2.36-9+deb12u14 758c68b92654747025b48476a45c315bf16df1321224abdd9be672bfd120be45"
)

DEBS="$GTA04_CACHE/debs"
if [ -n "$OWN" ]; then
    GUEST="$GTA04_CACHE/guest-own-$(printf '%s' "$OWN" | sha256sum | cut -c1-12)"
elif [ "$KNAME" = 6.1 ]; then
    GUEST="$GTA04_CACHE/guest"
else
    GUEST="$GTA04_CACHE/guest-$KNAME"
fi

deb_file() {  # PKG VERSION -> path of the cached .deb (apt-get download naming)
    echo "$DEBS/$(deb_name "$1" "${2//:/%3a}" armhf)"
}

fetch_deb() {  # PKG VERSION SHA256 [RELEASE]
    if ! grep -qx armhf <<<"$(dpkg --print-foreign-architectures)"; then
        no_network_here "adding the armhf architecture"
        [ "$(id -u)" -eq 0 ] || die "armhf is not a dpkg architecture here; run as root:
    dpkg --add-architecture armhf && apt-get update"
        step "dpkg --add-architecture armhf"
        dpkg --add-architecture armhf
        _apt_updated=0
    fi
    fetch_pinned_deb "${4:-host}" "$DEBS" "$1" "$2" armhf "$3"
}

stamp() {
    { echo "$KPKGS $KVER $KCONSOLE $KAPPEND $BBPKG_SHA256 $MODULES vexpress"; printf '%s\n' "${TOOLS[@]}"
      cat "$REPO/scripts/guest-init.sh"
      # a kernel of one's own: what is in its directory now
      [ -z "$OWN" ] || (cd "$OWN" && find -L . -type f ! -path './guest/*' -printf '%p %s %T@\n' | sort)
    } | sha256sum | cut -d' ' -f1
}

# guest_tool TREE ROOT FILE: FILE of the unpacked packages in TREE into the
# initramfs ROOT, with every shared object it needs (DT_NEEDED, recursively),
# found in TREE's multiarch library directories and put in ROOT's
guest_tool() {
    local tree="$1" root="$2" file="$3" lib dir found
    [ -e "$root/$file" ] && return 0
    [ -f "$tree/$file" ] || die "$file: not in the tool packages"
    mkdir -p "$root/$(dirname "$file")"
    cp -L "$tree/$file" "$root/$file"
    for lib in $(readelf -d "$tree/$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
        found=
        for dir in lib/arm-linux-gnueabihf usr/lib/arm-linux-gnueabihf; do
            if [ -e "$tree/$dir/$lib" ]; then
                guest_tool "$tree" "$root" "$dir/$lib"; found=1; break
            fi
        done
        [ -n "$found" ] || die "$file needs $lib, which no package of TOOLS has"
    done
}

# the kernel, its dtb and cmdline into $tmp; prints its module tree
kernel_from_debs() {
    local tmp="$1" spec pkg ver sum mods
    step "unpacking the $KNAME kernel ($KVER)"
    for spec in $KPKGS; do
        IFS== read -r pkg ver sum <<<"$spec"
        dpkg-deb -x "$(deb_file "$pkg" "$ver")" "$tmp/kpkg"
    done
    # up to 6.x: /boot/vmlinuz-KVER, /usr/lib/linux-image-KVER/*.dtb,
    # /lib/modules/KVER; 7.x: all under /usr/lib/modules/KVER (dtb/)
    kfile() {   # NAME...: the first of these under the package tree
        local f
        for f in "$@"; do [ -f "$tmp/kpkg/$f" ] && { echo "$tmp/kpkg/$f"; return; }; done
        die "the $KNAME kernel packages have none of: $*"
    }
    cp "$(kfile "boot/vmlinuz-$KVER" "usr/lib/modules/$KVER/vmlinuz")" "$tmp/vmlinuz"
    cp "$(kfile "boot/System.map-$KVER" "usr/lib/modules/$KVER/System.map")" "$tmp/System.map"
    cp "$(kfile "boot/config-$KVER" "usr/lib/modules/$KVER/config")" "$tmp/config"
    cp "$(kfile "usr/lib/linux-image-$KVER/omap3-gta04a5.dtb" "usr/lib/modules/$KVER/dtb/omap3-gta04a5.dtb")" \
        "$tmp/omap3-gta04a5.dtb"
    # the same kernel on stock QEMU's vexpress-a9 is the reference of scripts/bench.py
    cp "$(kfile "usr/lib/linux-image-$KVER/vexpress-v2p-ca9.dtb" "usr/lib/modules/$KVER/dtb/vexpress-v2p-ca9.dtb")" \
        "$tmp/vexpress-v2p-ca9.dtb"
    echo "console=$KCONSOLE,115200n8${KAPPEND:+ $KAPPEND}" >"$tmp/cmdline"
    mods="$tmp/kpkg/lib/modules/$KVER"
    [ -d "$mods" ] || mods="$tmp/kpkg/usr/lib/modules/$KVER"
    echo "$mods"
}

kernel_from_dir() {
    local tmp="$1" f
    step "the kernel of $OWN (modules: $KVER)"
    cp "$OWN_IMAGE" "$tmp/vmlinuz"
    cp "$OWN/omap3-gta04a5.dtb" "$tmp/omap3-gta04a5.dtb"
    for f in System.map config; do [ ! -f "$OWN/$f" ] || cp "$OWN/$f" "$tmp/$f"; done
    echo "console=$KCONSOLE,115200n8" >"$tmp/cmdline"
    if [ -d "$OWN/modules" ]; then
        echo "$OWN/modules"
    else
        echo ""   # all built in
    fi
}

build_guest() {
    local tmp="$GUEST.tmp" root mods
    rm -rf "$tmp"; mkdir -p "$tmp/kpkg" "$tmp/bbpkg"
    if [ -n "$OWN" ]; then mods=$(kernel_from_dir "$tmp"); else mods=$(kernel_from_debs "$tmp"); fi
    dpkg-deb -x "$(deb_file "$BBPKG" "$BBPKG_VERSION")" "$tmp/bbpkg"

    step "building the initramfs"
    root="$tmp/root"
    mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,tmp,root,mnt,run,usr/bin,usr/sbin}
    cp "$tmp/bbpkg/bin/busybox" "$root/bin/busybox"
    cp "$REPO/scripts/guest-init.sh" "$root/init"
    chmod 755 "$root/init"
    if [ -n "$mods" ]; then
        python3 "$REPO/scripts/guest-modules.py" "$mods" \
            "$root/lib/modules/$KVER" $MODULES >"$root/etc/modules"
    else
        : >"$root/etc/modules"
    fi
    step "adding the tools (rtcwake, i2c-tools, evtest)"
    local t pkg ver sum files
    mkdir -p "$tmp/tools"
    for t in "${TOOLS[@]}"; do
        read -r pkg ver sum files <<<"$t"
        dpkg-deb -x "$(deb_file "$pkg" "$ver")" "$tmp/tools"
    done
    for t in "${TOOLS[@]}"; do
        read -r pkg ver sum files <<<"$t"
        for f in $files; do guest_tool "$tmp/tools" "$root" "$f"; done
    done
    # the program interpreter the tools name (PT_INTERP)
    ln -s arm-linux-gnueabihf/ld-linux-armhf.so.3 "$root/lib/ld-linux-armhf.so.3"
    (cd "$root" && find . -print0 | LC_ALL=C sort -z |
        cpio --null -o -H newc --owner=0:0 --quiet) | gzip -9n >"$tmp/initramfs.cpio.gz"
    rm -rf "$tmp/kpkg" "$tmp/bbpkg" "$tmp/tools" "$root"
    stamp >"$tmp/.stamp"
    rm -rf "$GUEST"; mv "$tmp" "$GUEST"
    step "guest ready in $GUEST ($(du -h "$GUEST/initramfs.cpio.gz" | cut -f1) initramfs)"
}

main() {
    # dpkg-deb unpacks (dpkg), cpio + gzip pack the initramfs, python3 picks the modules
    need_group guest
    if [ -f "$GUEST/.stamp" ] && [ "$(cat "$GUEST/.stamp")" = "$(stamp)" ]; then
        echo "$GUEST"; return 0
    fi
    # one maker per guest: tests that start together all want it
    exec 9>"$GUEST.lock"
    flock 9
    if [ -f "$GUEST/.stamp" ] && [ "$(cat "$GUEST/.stamp")" = "$(stamp)" ]; then
        echo "$GUEST"; return 0
    fi
    local spec pkg ver sum
    for spec in $KPKGS; do
        IFS== read -r pkg ver sum <<<"$spec"
        fetch_deb "$pkg" "$ver" "$sum" "$KREL"
    done
    fetch_deb "$BBPKG" "$BBPKG_VERSION" "$BBPKG_SHA256"
    local t files
    for t in "${TOOLS[@]}"; do
        read -r pkg ver sum files <<<"$t"
        fetch_deb "$pkg" "$ver" "$sum"
    done
    build_guest
    echo "$GUEST"
}

main "$@"
