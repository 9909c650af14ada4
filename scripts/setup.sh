#!/usr/bin/env bash
# Build qemu-system-arm with the GTA04 board from this overlay.
#
#   scripts/setup.sh            install missing packages (all of scripts/host-packages, in one
#                               apt-get install), fetch and verify the pinned QEMU source,
#                               unpack it, link this tree in, patch, configure, build
#   scripts/setup.sh --all      the same, then everything make check uses: the guests
#                               (make-guest.sh, each of guest/debian-kernels) and the
#                               kernels of the bug table's rows on the small config
#                               (test_seed_bugs.py --check); after it,
#                               `make check` needs no network
#   scripts/setup.sh --bugs     --all and every row's kernel (make bugs)
#
# Every download is retried with back-off (GTA04_APT_RETRY_DELAYS, default
# "10 30 60" s); an apt-get update that keeps failing for some index (a mirror
# in sync) is a warning as long as what we need is installable; a SHA-256
# mismatch is always fatal.
#
# Environment:
#   GTA04_CACHE     download cache (default ~/.cache/qemu-gta04)
#   GTA04_BUILD     unpacked source + build directory (default <repo>/.build)
#   GTA04_QEMU      the QEMU base: 7.2 (default; Debian 12's qemu, .build/qemu-7.2, .build/obj),
#                   10.0 (Debian 13's qemu, .build/qemu-10.0, .build/obj-10.0) or 11.1 (sid's,
#                   .build/qemu-11.1, .build/obj-11.1); patches/<base>/, docs/qemu-bases.md
#   GTA04_QEMU_SRC  use this QEMU tree (of the chosen base) (directory) or tarball instead of Debian's source package
#   GTA04_JOBS      parallel compile jobs (default: number of CPUs)
#   GTA04_DEBUG=1   configure with debug info (for gdb)
#   GTA04_SANITIZE=1  an ASan+UBSan build (--enable-sanitizers, UBSan reports
#                   fatal) in <build>/obj[-<base>]-sanitize
#   GTA04_FUZZ=1    the libFuzzer build (clang, --enable-fuzzing, ASan+UBSan) of
#                   qemu-fuzz-arm in <build>/obj-fuzz (scripts/fuzz.sh, make fuzz; 7.2 only)
set -euo pipefail

. "$(dirname "$0")/lib.sh"

# The pinned source of each base (GTA04_QEMU, scripts/lib.sh), and the
# Debian release whose archive has it (host: the host's own apt sources;
# otherwise lib.sh's private configuration of that release)
VENV_DEBS=()   # "REL PKG VERSION SHA256": the .debs (all pure Python) of the base's venv
case "$GTA04_QEMU" in
7.2)    # Debian 12's package, from the host's own (bookworm) archive
    QEMU_SRC_REL=host
    QEMU_DEB_VERSION="1:7.2+dfsg-7+deb12u18"
    QEMU_ORIG="qemu_7.2+dfsg.orig.tar.xz"
    QEMU_DEBIAN="qemu_7.2+dfsg-7+deb12u18.debian.tar.xz"
    QEMU_DSC="qemu_7.2+dfsg-7+deb12u18.dsc"
    QEMU_ORIG_SHA256="91aca71520040edc40b8d437aa3004dae614f58e286cf653ee8996c07af2962f"
    QEMU_DEBIAN_SHA256="28a1c86310ee53b6bf1854cffe6f6be6ed29a08db7d05759f8ac57b8d6a6cb2f"
    QEMU_DSC_SHA256="6b6bd27b947ec89e40a1d6b26d9c9f3c698ca691da13163e0483f6061bbb20b3"
    QEMU_SRC_CACHE="$GTA04_CACHE/qemu-src" ;;
10.0)   # Debian 13's package, through a private apt configuration (lib.sh: release_apt)
    QEMU_SRC_REL=trixie
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
    VENV_DEBS=("trixie meson 1.7.0-1 e92d04e60e784336883d537755d09b7dcb856809fa318a0931df3898e84ded95") ;;
11.1)   # sid's package, through a private apt configuration (lib.sh: release_apt)
    QEMU_SRC_REL=sid
    QEMU_DEB_VERSION="1:11.1.3+ds-1"
    QEMU_ORIG="qemu_11.1.3+ds.orig.tar.xz"
    QEMU_DEBIAN="qemu_11.1.3+ds-1.debian.tar.xz"
    QEMU_DSC="qemu_11.1.3+ds-1.dsc"
    QEMU_ORIG_SHA256="502fe33503df3520b6a81176a94d77eef908eb252bacc675d7199f379ac26641"
    QEMU_DEBIAN_SHA256="e8d0970234e4dbad7c2590c1538bfed0689aa7fdf6bfbe06bf5982aba71cc15e"
    QEMU_DSC_SHA256="f956bbe78adba4394e8dda4552bb32e9c4d3d66eb38d5f480981f84b887811b9"
    QEMU_SRC_CACHE="$GTA04_CACHE/qemu-src-11.1"
    # as 10.0, with sid's meson (the newest Debian has; check_meson_version
    # compares it with 11.1's pythondeps.toml after unpacking), pycotap
    # (one pythondeps.toml after 10.0 names it in its meson group; 10.2.2's
    # does not) and qemu.qmp (python/qemu/machine imports it; 10.2.2's
    # python/ still carries it, pythondeps.toml names the PyPI package:
    # python/gta04/machine.py takes it from this venv if the tree has none)
    VENV_DEBS=("sid meson 1.12.1-2 3fdbe63dacb2ae5a973a44a5c6955dfd940e20bf8464a24fb9a58e01127a634c"
               "sid python3-pycotap 1.3.1-3 33c753f8d6287a4c417dfe0eb036aef0ec026006b2baef856d0b77ada56bf423"
               "sid python3-qemu-qmp 0.0.6-1.1 584fdc71673c328ea08a99e01ad2a8c7456adb96f753aa1854ece91bcd279b32") ;;
esac
BASE_VENV=$(base_venv)
# What a usable tree must say about itself
QEMU_EXPECT_VERSION_PREFIX="$GTA04_QEMU."


fetch_qemu_source() {
    local d="$QEMU_SRC_CACHE"
    mkdir -p "$d"
    if ! check_sha256 "$d/$QEMU_ORIG" "$QEMU_ORIG_SHA256" ||
       ! check_sha256 "$d/$QEMU_DEBIAN" "$QEMU_DEBIAN_SHA256" ||
       ! check_sha256 "$d/$QEMU_DSC" "$QEMU_DSC_SHA256"; then
        no_network_here "downloading the QEMU source"
        if [ "$QEMU_SRC_REL" = host ]; then ensure_deb_src; else release_apt_update "$QEMU_SRC_REL"; fi
        step "downloading Debian source package qemu=$QEMU_DEB_VERSION"
        rm -f "$d/$QEMU_ORIG" "$d/$QEMU_DEBIAN" "$d/$QEMU_DSC"
        apt_retry "$d/apt-source.log" in_dir "$d" rel_apt "$QEMU_SRC_REL" source --download-only \
                "${APT_OPTS[@]}" "qemu=$QEMU_DEB_VERSION" || {
            local _why; _why=$(grep -m1 -oE '[0-9]{3} +Not Found' "$d/apt-source.log" || true)
            die "could not download qemu=$QEMU_DEB_VERSION from the configured Debian archive
(see $d/apt-source.log${_why:+: $_why}).
Is the archive reachable, and does its pool carry this version yet (a mirror in sync lists it
before its files arrive)?  Alternatively point GTA04_QEMU_SRC at a QEMU $GTA04_QEMU tree or tarball.$(apt_failure_hint)"
        }
        check_sha256 "$d/$QEMU_ORIG" "$QEMU_ORIG_SHA256" ||
            die "$QEMU_ORIG: SHA-256 mismatch (expected $QEMU_ORIG_SHA256); refusing to build"
        check_sha256 "$d/$QEMU_DEBIAN" "$QEMU_DEBIAN_SHA256" ||
            die "$QEMU_DEBIAN: SHA-256 mismatch (expected $QEMU_DEBIAN_SHA256); refusing to build"
        check_sha256 "$d/$QEMU_DSC" "$QEMU_DSC_SHA256" ||
            die "$QEMU_DSC: SHA-256 mismatch (expected $QEMU_DSC_SHA256); refusing to build"
    fi
}

# The base's venv (VENV_DEBS above; none for 7.2): Debian 12's python3 -m
# venv with the pinned .debs' Python packages unpacked into it, a meson
# launcher in its bin/.  Remade when the pins change.
ensure_base_venv() {
    [ ${#VENV_DEBS[@]} -gt 0 ] || return 0
    local py="$BASE_VENV/bin/python3" stamp e rel pkg ver sum site
    stamp=$(for e in "${VENV_DEBS[@]}"; do echo "${e##* }"; done | xargs)
    if [ -x "$py" ] && [ "$(cat "$BASE_VENV/.gta04-meson" 2>/dev/null)" = "$stamp" ]; then
        return 0
    fi
    step "making $BASE_VENV (from Debian's $(for e in "${VENV_DEBS[@]}"; do
        read -r rel pkg ver sum <<<"$e"; printf '%s %s, ' "$pkg" "$ver"; done | sed 's/, $//'))"
    rm -rf "$BASE_VENV" "$BASE_VENV.deb"
    python3 -m venv "$BASE_VENV" || die "python3 -m venv failed"
    site=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    for e in "${VENV_DEBS[@]}"; do
        read -r rel pkg ver sum <<<"$e"
        fetch_pinned_deb "$rel" "$GTA04_CACHE/debs-$rel" "$pkg" "$ver" all "$sum"
        dpkg-deb -x "$GTA04_CACHE/debs-$rel/$(deb_name "$pkg" "$ver" all)" "$BASE_VENV.deb"
    done
    cp -a "$BASE_VENV.deb/usr/lib/python3/dist-packages/." "$site/"
    printf '#!/bin/sh\nexec "%s" -m mesonbuild.mesonmain "$@"\n' "$py" >"$BASE_VENV/bin/meson"
    chmod +x "$BASE_VENV/bin/meson"
    rm -rf "$BASE_VENV.deb"
    "$BASE_VENV/bin/meson" --version >/dev/null || die "the meson in $BASE_VENV does not run"
    echo "$stamp" >"$BASE_VENV/.gta04-meson"
}

# The meson the unpacked tree asks for (pythondeps.toml, QEMU >= 8.1), against
# the venv's: one line saying both when ours is too old
check_meson_version() {
    [ ${#VENV_DEBS[@]} -gt 0 ] && [ -f "$SRC/pythondeps.toml" ] || return 0
    local want have
    want=$(sed -n -E 's/^meson *= *\{ *accepted *= *">=([0-9.]+)".*/\1/p' "$SRC/pythondeps.toml")
    [ -n "$want" ] || return 0
    have=$("$BASE_VENV/bin/meson" --version)
    [ "$(printf '%s\n%s\n' "$want" "$have" | sort -V | head -1)" = "$want" ] ||
        die "QEMU $(cat "$SRC/VERSION") needs meson >= $want (pythondeps.toml); $BASE_VENV has $have"
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
    compgen -G "$PATCHES/*.patch" >/dev/null || die "no overlay patches for QEMU $GTA04_QEMU in $PATCHES"
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
    if [ -n "$BASE_VENV" ]; then
        # our meson (ensure_base_venv); no Rust; nothing fetched from PyPI or git;
        base_flags=(--python="$BASE_VENV/bin/python3" --disable-rust --disable-download
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
    ensure_base_venv
    if [ ! -d "$SRC" ] || [ "$(cat "$SRC/.gta04-patches" 2>/dev/null)" != "$(patches_stamp)" ]; then
        # every build flavour of this base (obj, obj-sanitize, obj-fuzz) belongs to the old tree
        rm -rf "$SRC" "$OBJ_BASE" "$OBJ_BASE-sanitize" "$OBJ_BASE-fuzz"
        unpack_source
    fi
    # The repo may have moved since the tree was unpacked: re-point the link.
    if [ "$(readlink -f "$SRC/gta04")" != "$(readlink -f "$REPO")" ]; then
        ln -sfn "$(relpath "$REPO" "$SRC")" "$SRC/gta04"
    fi
    check_meson_version
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

# --all: the guests and the kernels make check boots, into the cache;
# --bugs: those and every row's kernel of the bug table (make bugs)
prepare_guests() {
    local k set=$1
    for k in $("$REPO/scripts/make-guest.sh" --list); do
        step "the guest with Debian's $k kernel (scripts/make-guest.sh $k)"
        "$REPO/scripts/make-guest.sh" "$k" >/dev/null
    done
    step "the bug table's kernels (tests/bugs/test_seed_bugs.py --build-only $set)"
    python3 "$REPO/tests/bugs/test_seed_bugs.py" --build-only $set
}

case "${1:-}" in
    "") main ;;
    --all) main; prepare_guests --check ;;
    --bugs) main; prepare_guests "" ;;
    *) die "usage: $0 [--all | --bugs]" ;;
esac
