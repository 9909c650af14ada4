#!/usr/bin/env bash
# Build qemu-system-arm with the GTA04 board from this overlay.
#
#   scripts/setup.sh            install missing packages (all of scripts/host-packages, in one
#                               apt-get install), fetch and verify the pinned QEMU source,
#                               unpack it, link this tree in, patch, configure, build
#   scripts/setup.sh --all      the same, then everything the tests use: the guests
#                               (make-guest.sh, each of guest/debian-kernels) and the bug
#                               table's kernels; after it,
#                               `make check` needs no network
#
# Every download is retried with back-off (GTA04_APT_RETRY_DELAYS, default
# "10 30 60" s); an apt-get update that keeps failing for some index (a mirror
# in sync) is a warning as long as what we need is installable; a SHA-256
# mismatch is always fatal.
#
# Environment:
#   GTA04_CACHE     download cache (default ~/.cache/qemu-gta04)
#   GTA04_BUILD     unpacked source + build directory (default <repo>/.build)
#   GTA04_QEMU      the QEMU base: 7.2 (default; Debian 12's qemu, .build/qemu-7.2, .build/obj)
#                   or 10.0 (Debian 13's qemu, .build/qemu-10.0, .build/obj-10.0); patches/<base>/
#   GTA04_QEMU_SRC  use this QEMU tree (of the chosen base) (directory) or tarball instead of Debian's source package
#   GTA04_JOBS      parallel compile jobs (default: number of CPUs)
#   GTA04_DEBUG=1   configure with debug info (for gdb)
#   GTA04_SANITIZE=1  an ASan+UBSan build (--enable-sanitizers, UBSan reports
#                   fatal) in <build>/obj[-10.0]-sanitize
#   GTA04_FUZZ=1    the libFuzzer build (clang, --enable-fuzzing, ASan+UBSan) of
#                   qemu-fuzz-arm in <build>/obj-fuzz (scripts/fuzz.sh, make fuzz; 7.2 only)
set -euo pipefail

. "$(dirname "$0")/lib.sh"

# The pinned source of each base (GTA04_QEMU, scripts/lib.sh)
case "$GTA04_QEMU" in
7.2)    # Debian 12's package, from the host's own (bookworm) archive
    QEMU_DEB_VERSION="1:7.2+dfsg-7+deb12u18"
    QEMU_ORIG="qemu_7.2+dfsg.orig.tar.xz"
    QEMU_DEBIAN="qemu_7.2+dfsg-7+deb12u18.debian.tar.xz"
    QEMU_DSC="qemu_7.2+dfsg-7+deb12u18.dsc"
    QEMU_ORIG_SHA256="91aca71520040edc40b8d437aa3004dae614f58e286cf653ee8996c07af2962f"
    QEMU_DEBIAN_SHA256="28a1c86310ee53b6bf1854cffe6f6be6ed29a08db7d05759f8ac57b8d6a6cb2f"
    QEMU_DSC_SHA256="6b6bd27b947ec89e40a1d6b26d9c9f3c698ca691da13163e0483f6061bbb20b3"
    QEMU_SRC_CACHE="$GTA04_CACHE/qemu-src" ;;
10.0)   # Debian 13's package, through a private apt configuration (lib.sh: trixie_apt)
    QEMU_DEB_VERSION="1:10.0.13+ds-0+deb13u1"
    QEMU_ORIG="qemu_10.0.13+ds.orig.tar.xz"
    QEMU_DEBIAN="qemu_10.0.13+ds-0+deb13u1.debian.tar.xz"
    QEMU_DSC="qemu_10.0.13+ds-0+deb13u1.dsc"
    QEMU_ORIG_SHA256="6a0888e806c2ffc0c5f0733e974f9aea55491950d3c47c98669c8b236dde59ae"
    QEMU_DEBIAN_SHA256="da73c092f5684c551b0334d675eb16a3dec91e1edea94759cfb1102fa4a0364e"
    QEMU_DSC_SHA256="a426c892e5369058c3423816c8625bc8010bb5a58ece57261f62b64ee4d765ad"
    QEMU_SRC_CACHE="$GTA04_CACHE/qemu-src-10.0"
    # Debian's +ds tarball drops python/wheels (QEMU's bundled meson) and
    # 10.0 needs meson >= 1.5; Debian 12 has 1.0.1.  Debian 13's meson .deb
    # (pure Python) goes into a venv of ours that configure runs under.
    MESON_DEB_VERSION="1.7.0-1"
    MESON_DEB="meson_${MESON_DEB_VERSION}_all.deb"
    MESON_DEB_SHA256="e92d04e60e784336883d537755d09b7dcb856809fa318a0931df3898e84ded95"
    MESON_VENV="$GTA04_BUILD/meson-venv" ;;
esac
# What a usable tree must say about itself
QEMU_EXPECT_VERSION_PREFIX="$GTA04_QEMU."


fetch_qemu_source() {
    local d="$QEMU_SRC_CACHE"
    mkdir -p "$d"
    if ! check_sha256 "$d/$QEMU_ORIG" "$QEMU_ORIG_SHA256" ||
       ! check_sha256 "$d/$QEMU_DEBIAN" "$QEMU_DEBIAN_SHA256" ||
       ! check_sha256 "$d/$QEMU_DSC" "$QEMU_DSC_SHA256"; then
        no_network_here "downloading the QEMU source"
        local apt=apt-get
        if [ "$GTA04_QEMU" = 7.2 ]; then ensure_deb_src; else trixie_apt_update; apt=trixie_apt; fi
        step "downloading Debian source package qemu=$QEMU_DEB_VERSION"
        rm -f "$d/$QEMU_ORIG" "$d/$QEMU_DEBIAN" "$d/$QEMU_DSC"
        apt_retry "$d/apt-source.log" in_dir "$d" $apt source --download-only "${APT_OPTS[@]}" \
                "qemu=$QEMU_DEB_VERSION" ||
            die "could not download qemu=$QEMU_DEB_VERSION from the configured Debian archive
(see $d/apt-source.log). Is the archive reachable, and does it still carry this version?
Alternatively point GTA04_QEMU_SRC at a QEMU $GTA04_QEMU tree or tarball.$(apt_failure_hint)"
        check_sha256 "$d/$QEMU_ORIG" "$QEMU_ORIG_SHA256" ||
            die "$QEMU_ORIG: SHA-256 mismatch (expected $QEMU_ORIG_SHA256); refusing to build"
        check_sha256 "$d/$QEMU_DEBIAN" "$QEMU_DEBIAN_SHA256" ||
            die "$QEMU_DEBIAN: SHA-256 mismatch (expected $QEMU_DEBIAN_SHA256); refusing to build"
        check_sha256 "$d/$QEMU_DSC" "$QEMU_DSC_SHA256" ||
            die "$QEMU_DSC: SHA-256 mismatch (expected $QEMU_DSC_SHA256); refusing to build"
    fi
}

# QEMU 10.0 only: a venv with Debian 13's meson (see MESON_DEB above)
ensure_meson_venv() {
    [ "$GTA04_QEMU" = 10.0 ] || return 0
    local py="$MESON_VENV/bin/python3"
    if [ -x "$py" ] && [ "$(cat "$MESON_VENV/.gta04-meson" 2>/dev/null)" = "$MESON_DEB_SHA256" ]; then
        return 0
    fi
    local d="$GTA04_CACHE/debs-trixie"
    mkdir -p "$d"
    if ! check_sha256 "$d/$MESON_DEB" "$MESON_DEB_SHA256"; then
        no_network_here "downloading $MESON_DEB"
        trixie_apt_update
        step "downloading Debian 13's $MESON_DEB"
        rm -f "$d/$MESON_DEB"
        apt_retry "$d/apt-download.log" in_dir "$d" trixie_apt download "${APT_OPTS[@]}" \
                "meson=$MESON_DEB_VERSION" ||
            die "could not download $MESON_DEB (see $d/apt-download.log)$(apt_failure_hint)"
        check_sha256 "$d/$MESON_DEB" "$MESON_DEB_SHA256" ||
            die "$MESON_DEB: SHA-256 mismatch (expected $MESON_DEB_SHA256)"
    fi
    step "making $MESON_VENV (meson from $MESON_DEB)"
    rm -rf "$MESON_VENV" "$MESON_VENV.deb"
    python3 -m venv "$MESON_VENV" || die "python3 -m venv failed"
    dpkg-deb -x "$d/$MESON_DEB" "$MESON_VENV.deb"
    local site; site=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    cp -a "$MESON_VENV.deb/usr/lib/python3/dist-packages/." "$site/"
    printf '#!/bin/sh\nexec "%s" -m mesonbuild.mesonmain "$@"\n' "$py" >"$MESON_VENV/bin/meson"
    chmod +x "$MESON_VENV/bin/meson"
    rm -rf "$MESON_VENV.deb"
    "$MESON_VENV/bin/meson" --version >/dev/null || die "the meson in $MESON_VENV does not run"
    echo "$MESON_DEB_SHA256" >"$MESON_VENV/.gta04-meson"
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
        dpkg-source -x "$QEMU_SRC_CACHE/$QEMU_DSC" "$tmp" >"$GTA04_CACHE/dpkg-source.log" 2>&1 ||
            die "dpkg-source -x failed (see $GTA04_CACHE/dpkg-source.log)"
    fi
    [ -f "$tmp/VERSION" ] || die "not a QEMU source tree (no VERSION file): ${GTA04_QEMU_SRC:-$tmp}"
    local v; v=$(cat "$tmp/VERSION")
    case "$v" in
        "$QEMU_EXPECT_VERSION_PREFIX"*) ;;
        *) rm -rf "$tmp"; die "QEMU version $v found, this overlay needs ${QEMU_EXPECT_VERSION_PREFIX}x (GTA04_QEMU=$GTA04_QEMU)" ;;
    esac
    # Link our tree in: the whole repo appears as <qemu>/gta04 (relative, so the
    # checkout can move), plus the device config that configure wants in-tree.
    ln -s "$(relpath "$REPO" "$tmp")" "$tmp/gta04"
    for f in "$REPO"/configs/devices/arm-softmmu/*.mak; do
        ln -s "../../../gta04/configs/devices/arm-softmmu/$(basename "$f")" \
              "$tmp/configs/devices/arm-softmmu/$(basename "$f")"
    done
    step "applying $(ls "$PATCHES"/*.patch | wc -l) overlay patches ($PATCHES)"
    for p in "$PATCHES"/*.patch; do
        patch -d "$tmp" -p1 --quiet --forward <"$p" || die "patch $(basename "$p") does not apply"
    done
    echo "$(patches_stamp)" >"$tmp/.gta04-patches"
    mv "$tmp" "$SRC"
}

patches_stamp() {
    cat "$PATCHES"/*.patch | sha256sum | cut -d' ' -f1
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
    local extra base_flags=()
    mapfile -t extra < <(configure_flavour)
    if [ "$GTA04_QEMU" = 10.0 ]; then
        # our meson (ensure_meson_venv); no Rust; nothing fetched from PyPI or git;
        base_flags=(--python="$MESON_VENV/bin/python3" --disable-rust --disable-download
                    --disable-install-blobs)   # the +ds tarball has no firmware blobs
    fi
    step "configuring (arm-softmmu, GTA04 devices only)"
    rm -rf "$OBJ" && mkdir -p "$OBJ"
    (cd "$OBJ" && "$SRC/configure" --target-list=arm-softmmu \
        --without-default-devices --with-devices-arm=gta04 \
        --without-default-features --enable-fdt=system \
        --disable-docs --disable-tools --disable-user --disable-werror \
        "${extra[@]}" "${base_flags[@]}" >"$OBJ/configure.log" 2>&1) ||
        die "configure failed (see $OBJ/configure.log)"
    if [ "${GTA04_SANITIZE:-0}" = 1 ] &&
       ! { grep -q -- '-fsanitize=address' "$OBJ/build.ninja" &&
           grep -q -- '-fsanitize=undefined' "$OBJ/build.ninja"; }; then
        die "configure did not enable ASan and UBSan (see $OBJ/configure.log): are libasan and libubsan installed?"
    fi
    echo "${extra[*]}" >"$OBJ/.gta04-configured"
}

main() {
    # every host package of every target and test, in one install: the one
    # place the network is used for packages (scripts/host-packages)
    need_packages "qemu-gta04 (scripts/host-packages)" $(group_packages all)
    ensure_meson_venv
    if [ ! -d "$SRC" ] || [ "$(cat "$SRC/.gta04-patches" 2>/dev/null)" != "$(patches_stamp)" ]; then
        # every build flavour of this base (obj, obj-sanitize, obj-fuzz) belongs to the old tree
        rm -rf "$SRC" "$OBJ_BASE" "$OBJ_BASE-sanitize" "$OBJ_BASE-fuzz"
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

# --all: the guest and the kernels the tests boot, into the cache
prepare_guests() {
    local k
    for k in $("$REPO/scripts/make-guest.sh" --list); do
        step "the guest with Debian's $k kernel (scripts/make-guest.sh $k)"
        "$REPO/scripts/make-guest.sh" "$k" >/dev/null
    done
    step "the bug table's kernels (tests/bugs/test_seed_bugs.py --build-only)"
    python3 "$REPO/tests/bugs/test_seed_bugs.py" --build-only
}

case "${1:-}" in
    "") main ;;
    --all) main; prepare_guests ;;
    *) die "usage: $0 [--all]" ;;
esac
