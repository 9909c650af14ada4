#!/usr/bin/env bash
# Build qemu-system-arm with the GTA04 board from this overlay.
#
#   scripts/setup.sh            install missing packages, fetch and verify the pinned QEMU source,
#                               unpack it, link this tree in, patch, configure, build
#
# Environment:
#   GTA04_CACHE     download cache (default ~/.cache/qemu-gta04)
#   GTA04_BUILD     unpacked source + build directory (default <repo>/.build)
#   GTA04_QEMU_SRC  use this QEMU 7.2 tree (directory) or tarball instead of Debian's source package
#   GTA04_JOBS      parallel compile jobs (default: number of CPUs)
#   GTA04_DEBUG=1   configure with debug info (for gdb)
#   GTA04_SANITIZE=1  an ASan+UBSan build (--enable-sanitizers, UBSan reports
#                   fatal) in <build>/obj-sanitize instead of <build>/obj
#   GTA04_FUZZ=1    the libFuzzer build (clang, --enable-fuzzing, ASan+UBSan) of
#                   qemu-fuzz-arm in <build>/obj-fuzz (scripts/fuzz.sh, make fuzz)
set -euo pipefail

. "$(dirname "$0")/lib.sh"

QEMU_DEB_VERSION="1:7.2+dfsg-7+deb12u18"
QEMU_ORIG="qemu_7.2+dfsg.orig.tar.xz"
QEMU_DEBIAN="qemu_7.2+dfsg-7+deb12u18.debian.tar.xz"
QEMU_DSC="qemu_7.2+dfsg-7+deb12u18.dsc"
QEMU_ORIG_SHA256="91aca71520040edc40b8d437aa3004dae614f58e286cf653ee8996c07af2962f"
QEMU_DEBIAN_SHA256="28a1c86310ee53b6bf1854cffe6f6be6ed29a08db7d05759f8ac57b8d6a6cb2f"
QEMU_DSC_SHA256="6b6bd27b947ec89e40a1d6b26d9c9f3c698ca691da13163e0483f6061bbb20b3"
# What a usable tree must say about itself
QEMU_EXPECT_VERSION_PREFIX="7.2."

# The build, and what the tests' harness calls (python3; meson test; flock and
# timeout are in util-linux and coreutils, always there)
BUILD_PACKAGES="build-essential meson ninja-build pkg-config libglib2.0-dev libpixman-1-dev
libfdt-dev zlib1g-dev python3 python3-venv flex bison dpkg-dev xz-utils patch"

fetch_qemu_source() {
    local d="$GTA04_CACHE/qemu-src"
    mkdir -p "$d"
    if ! check_sha256 "$d/$QEMU_ORIG" "$QEMU_ORIG_SHA256" ||
       ! check_sha256 "$d/$QEMU_DEBIAN" "$QEMU_DEBIAN_SHA256" ||
       ! check_sha256 "$d/$QEMU_DSC" "$QEMU_DSC_SHA256"; then
        ensure_deb_src
        step "downloading Debian source package qemu=$QEMU_DEB_VERSION"
        (cd "$d" && rm -f "$QEMU_ORIG" "$QEMU_DEBIAN" "$QEMU_DSC" &&
         apt-get source --download-only "qemu=$QEMU_DEB_VERSION" >apt-source.log 2>&1) ||
            die "could not download qemu=$QEMU_DEB_VERSION from the configured Debian archive
(see $d/apt-source.log). Is the archive reachable, and does it still carry this version?
Alternatively point GTA04_QEMU_SRC at a QEMU 7.2 tree or tarball."
        check_sha256 "$d/$QEMU_ORIG" "$QEMU_ORIG_SHA256" ||
            die "$QEMU_ORIG: SHA-256 mismatch (expected $QEMU_ORIG_SHA256); refusing to build"
        check_sha256 "$d/$QEMU_DEBIAN" "$QEMU_DEBIAN_SHA256" ||
            die "$QEMU_DEBIAN: SHA-256 mismatch (expected $QEMU_DEBIAN_SHA256); refusing to build"
    fi
}

# Unpack (and Debian-patch) the pinned source into $SRC.
unpack_source() {
    local tmp="$SRC.tmp"
    rm -rf "$tmp"
    mkdir -p "$GTA04_BUILD"
    if [ -n "${GTA04_QEMU_SRC:-}" ]; then
        if [ -d "$GTA04_QEMU_SRC" ]; then
            step "copying QEMU tree $GTA04_QEMU_SRC"
            mkdir -p "$tmp" && cp -a "$GTA04_QEMU_SRC/." "$tmp/"
        elif [ -f "$GTA04_QEMU_SRC" ]; then
            step "extracting $GTA04_QEMU_SRC"
            mkdir -p "$tmp" && tar -xf "$GTA04_QEMU_SRC" -C "$tmp" --strip-components=1 ||
                die "cannot extract $GTA04_QEMU_SRC"
        else
            die "GTA04_QEMU_SRC=$GTA04_QEMU_SRC is neither a directory nor a file"
        fi
    else
        fetch_qemu_source
        step "extracting and Debian-patching the QEMU source (dpkg-source -x)"
        dpkg-source -x "$GTA04_CACHE/qemu-src/$QEMU_DSC" "$tmp" >"$GTA04_CACHE/dpkg-source.log" 2>&1 ||
            die "dpkg-source -x failed (see $GTA04_CACHE/dpkg-source.log)"
    fi
    [ -f "$tmp/VERSION" ] || die "not a QEMU source tree (no VERSION file): ${GTA04_QEMU_SRC:-$tmp}"
    local v; v=$(cat "$tmp/VERSION")
    case "$v" in
        "$QEMU_EXPECT_VERSION_PREFIX"*) ;;
        *) rm -rf "$tmp"; die "QEMU version $v found, this overlay needs 7.2.x" ;;
    esac
    # Link our tree in: the whole repo appears as <qemu>/gta04 (relative, so the
    # checkout can move), plus the device config that configure wants in-tree.
    ln -s "$(relpath "$REPO" "$tmp")" "$tmp/gta04"
    for f in "$REPO"/configs/devices/arm-softmmu/*.mak; do
        ln -s "../../../gta04/configs/devices/arm-softmmu/$(basename "$f")" \
              "$tmp/configs/devices/arm-softmmu/$(basename "$f")"
    done
    step "applying $(ls "$REPO"/patches/*.patch | wc -l) overlay patches"
    for p in "$REPO"/patches/*.patch; do
        patch -d "$tmp" -p1 --quiet --forward <"$p" || die "patch $(basename "$p") does not apply"
    done
    echo "$(patches_stamp)" >"$tmp/.gta04-patches"
    mv "$tmp" "$SRC"
}

patches_stamp() {
    cat "$REPO"/patches/*.patch | sha256sum | cut -d' ' -f1
    echo "${GTA04_QEMU_SRC:-debian:$QEMU_DEB_VERSION}"
}

# The configure flags that differ between build flavours (also the stamp
# that tells whether $OBJ must be configured again)
configure_flavour() {
    if [ "${GTA04_FUZZ:-0}" = 1 ]; then
        # QEMU's fuzzers need clang's libFuzzer (-fsanitize=fuzzer); UBSan as
        # in the sanitizer build, ASan from --enable-sanitizers
        echo --cc=clang
        echo --cxx=clang++
        echo --enable-fuzzing
        echo --enable-sanitizers
        echo "--extra-cflags=-fsanitize=undefined -fno-sanitize-recover=undefined"
        echo --extra-ldflags=-fsanitize=undefined
        echo --enable-debug-info
        return
    fi
    if [ "${GTA04_DEBUG:-0}" = 1 ]; then
        echo --enable-debug-info
    else
        echo --disable-debug-info
    fi
    if [ "${GTA04_SANITIZE:-0}" = 1 ]; then
        # --enable-sanitizers gives ASan only: 7.2's probe for UBSan fails
        # with GCC 12 (-Werror=maybe-uninitialized in its test program), so
        # UBSan comes in here, its "runtime error:" made fatal like ASan's
        echo --enable-sanitizers
        echo "--extra-cflags=-fsanitize=undefined -fno-sanitize-recover=undefined"
        echo --extra-ldflags=-fsanitize=undefined
    fi
}

configure_build() {
    local extra
    mapfile -t extra < <(configure_flavour)
    step "configuring (arm-softmmu, GTA04 devices only)"
    rm -rf "$OBJ" && mkdir -p "$OBJ"
    (cd "$OBJ" && "$SRC/configure" --target-list=arm-softmmu \
        --without-default-devices --with-devices-arm=gta04 \
        --without-default-features --enable-fdt=system \
        --disable-docs --disable-tools --disable-user --disable-werror \
        "${extra[@]}" >"$OBJ/configure.log" 2>&1) ||
        die "configure failed (see $OBJ/configure.log)"
    if [ "${GTA04_SANITIZE:-0}" = 1 ] &&
       ! { grep -q -- '-fsanitize=address' "$OBJ/build.ninja" &&
           grep -q -- '-fsanitize=undefined' "$OBJ/build.ninja"; }; then
        die "configure did not enable ASan and UBSan (see $OBJ/configure.log): are libasan and libubsan installed?"
    fi
    echo "${extra[*]}" >"$OBJ/.gta04-configured"
}

main() {
    need_packages "the QEMU build" $BUILD_PACKAGES
    if [ "${GTA04_FUZZ:-0}" = 1 ]; then
        need_packages "the fuzzing build (clang, libFuzzer)" clang libclang-rt-dev
    fi
    if [ ! -d "$SRC" ] || [ "$(cat "$SRC/.gta04-patches" 2>/dev/null)" != "$(patches_stamp)" ]; then
        # every build flavour (obj, obj-sanitize) belongs to the old tree
        rm -rf "$SRC" "$GTA04_BUILD"/obj*
        unpack_source
    fi
    # The repo may have moved since the tree was unpacked: re-point the link.
    if [ "$(readlink -f "$SRC/gta04")" != "$(readlink -f "$REPO")" ]; then
        ln -sfn "$(relpath "$REPO" "$SRC")" "$SRC/gta04"
    fi
    local want; want=$(configure_flavour | xargs)
    if [ ! -f "$OBJ/build.ninja" ] || [ "$(cat "$OBJ/.gta04-configured" 2>/dev/null)" != "$want" ]; then
        configure_build
    fi
    if [ "${GTA04_FUZZ:-0}" = 1 ]; then
        "$REPO/scripts/build.sh" qemu-fuzz-arm
        step "built $OBJ/qemu-fuzz-arm ($(cat "$SRC/VERSION"))"
        return
    fi
    "$REPO/scripts/build.sh" qemu-system-arm
    step "built $OBJ/qemu-system-arm ($(cat "$SRC/VERSION"))"
}

main "$@"
