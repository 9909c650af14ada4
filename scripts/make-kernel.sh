#!/usr/bin/env bash
# Build a patched guest kernel: Debian's linux-source-6.1 (6.1.192-3, the
# source of linux-image-6.1.0-57-armmp) with Debian's armmp config, cross
# compiled with gcc-arm-linux-gnueabihf, plus the given patches.
#
#   scripts/make-kernel.sh NAME [PATCH...]     -> $GTA04_CACHE/kernels/NAME/vmlinuz
#
# KERNELRELEASE is Debian's (6.1.0-57-armmp) so Debian's own modules from the
# guest initramfs still load (the modversions CRCs are the same; they are
# reported as unsigned: the patched kernel does not carry Debian's key).
# One source tree and one object tree are kept in the cache: the first build
# compiles everything (long), later ones only what the patches touch.
# Debug info is off (it does not change the code).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

LSRC_PKG="linux-source-6.1"
LSRC_VERSION="6.1.192-3"
KREL="6.1.0-57-armmp"
NAME="${1:?usage: $0 NAME [PATCH...]}"
shift
for p in "$@"; do [ -f "$p" ] || die "no such patch: $p"; done

KBUILD="$GTA04_CACHE/kernel"
OUT="$GTA04_CACHE/kernels/$NAME"
CROSS=arm-linux-gnueabihf-

# linux-source-6.1 pinned to the version of Debian's image; openssl signs
# modules in the build, kmod is depmod, cpio packs the kheaders
need_packages "the guest kernel build" "$LSRC_PKG=$LSRC_VERSION" gcc-arm-linux-gnueabihf make bc \
    flex bison libssl-dev libelf-dev openssl kmod cpio xz-utils patch

# Already built with exactly these patches?
stamp=$( { echo "$LSRC_VERSION"; cat /dev/null "$@"; } | sha256sum | cut -d' ' -f1)
if [ -f "$OUT/vmlinuz" ] && [ "$(cat "$OUT/.stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "$OUT"
    exit 0
fi

mkdir -p "$KBUILD"
exec 9>"$KBUILD/.lock"
flock 9

if [ ! -f "$KBUILD/src/.unpacked" ]; then
    step "unpacking /usr/src/linux-source-6.1.tar.xz"
    rm -rf "$KBUILD/src"
    mkdir -p "$KBUILD/src"
    tar -xf /usr/src/linux-source-6.1.tar.xz -C "$KBUILD/src" --strip-components=1
    touch "$KBUILD/src/.unpacked"
fi

guest=$("$REPO/scripts/make-guest.sh")
if [ ! -f "$KBUILD/obj/.config" ]; then
    step "configuring with Debian's config-$KREL"
    mkdir -p "$KBUILD/obj"
    cp "$guest/config" "$KBUILD/obj/.config"
    "$KBUILD/src/scripts/config" --file "$KBUILD/obj/.config" \
        -d DEBUG_INFO -d DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT -e DEBUG_INFO_NONE \
        --set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
        -d MODULE_SIG_ALL
    make -C "$KBUILD/src" O="$KBUILD/obj" ARCH=arm CROSS_COMPILE=$CROSS \
        olddefconfig >"$KBUILD/config.log" 2>&1 || die "kernel configure failed (see $KBUILD/config.log)"
fi

# Apply the patches to the one source tree for this build, and take them
# out again afterwards whatever happens.
applied=()
revert() {
    local i
    for ((i = ${#applied[@]} - 1; i >= 0; i--)); do
        patch -d "$KBUILD/src" -p1 -R --quiet <"${applied[i]}" || true
    done
}
trap revert EXIT
for p in "$@"; do
    patch -d "$KBUILD/src" -p1 --quiet --forward <"$p" || die "$(basename "$p") does not apply to $LSRC_PKG $LSRC_VERSION"
    applied+=("$(readlink -f "$p")")
done

step "building zImage for '$NAME' (the first build takes long; see $KBUILD/build.log)"
if ! nice make -C "$KBUILD/src" O="$KBUILD/obj" ARCH=arm CROSS_COMPILE=$CROSS \
        KERNELRELEASE="$KREL" -j"${GTA04_JOBS:-$(nproc)}" zImage >"$KBUILD/build.log" 2>&1; then
    tail -20 "$KBUILD/build.log" >&2
    die "kernel build failed (see $KBUILD/build.log)"
fi
mkdir -p "$OUT"
cp "$KBUILD/obj/arch/arm/boot/zImage" "$OUT/vmlinuz"
printf '%s\n' "$@" >"$OUT/patches"
echo "$stamp" >"$OUT/.stamp"
step "kernel '$NAME' in $OUT"
echo "$OUT"
