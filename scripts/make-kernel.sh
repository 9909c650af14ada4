#!/usr/bin/env bash
# Build a guest kernel for -M gta04, cached by what goes into it.
#
#   scripts/make-kernel.sh [--config gta04[+EXTRA...]|debian|omap2plus] [--source 6.1|7.2 | --src DIR]
#                          NAME [PATCH...]
#
# Prints the directory holding vmlinuz (last line of stdout).
#
#   --config gta04   (default) our small config, guest/kernel-config/gta04.config
#                    on allnoconfig: all built in, a few minutes from scratch
#   --config gta04+preempt  the same plus guest/kernel-config/preempt.config
#                    (any guest/kernel-config/EXTRA.config, in the order given):
#                    a config choice a scenario depends on, e.g. a preemptible
#                    kernel; it has an object tree of its own
#   --config debian  Debian's armmp config (config-6.1.0-57-armmp from the guest
#                    package), KERNELRELEASE 6.1.0-57-armmp so Debian's modules
#                    in the initramfs load; long (about 15 min on 2 cores)
#   --config omap2plus  the tree's own omap2plus_defconfig, as upstream OMAP
#                    developers build it (debug info off), with its modules (installed in
#                    modules/ beside vmlinuz: scripts/make-guest.sh --kernel
#                    DIR puts them into an initramfs); long
#   --source NAME    which pinned Debian source (guest/kernel-sources): 6.1
#                    (default, linux-source-6.1 as scripts/host-packages pins
#                    it) or 7.2 (sid's linux-source-7.2); unpacked once
#   --src DIR        build the kernel tree DIR as it is (a git checkout, e.g.
#                    for scripts/gta04-bisect-run) instead of a pinned source
#   PATCH...         applied to the tree for this build only (reverted after
#                    it); with --src, a patch the tree already has (it
#                    reverses cleanly) is left out, so a bisect can carry a
#                    fix across the commit that brings it
#
# The board's dtb (omap3-gta04a5.dtb) is built from the same tree and put
# next to vmlinuz, so a kernel boots with the device tree of its own era.
#
# A build is keyed by the source (the pinned package version, or DIR's git
# HEAD plus its uncommitted diff), the config and the patches: the same key
# is never built twice ($GTA04_CACHE/kbuild/kernels/KEY).  Each source tree
# and config has one object tree, so a new key rebuilds only what changed;
# ccache ($GTA04_CACHE/kbuild/ccache) makes going back and forth cheap.
# Timestamps, user and host are fixed, so two builds of one key are alike.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

DEBIAN_KREL="6.1.0-57-armmp"
CROSS=arm-linux-gnueabihf-
FRAGMENT="$REPO/guest/kernel-config/gta04.config"

usage() { sed -n '3,20p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

config=gta04
src=
source=6.1
while [ $# -gt 0 ]; do
    case "$1" in
        --config) [ $# -ge 2 ] || usage; config="$2"; shift 2 ;;
        --src) [ $# -ge 2 ] || usage; src="$2"; shift 2 ;;
        --source) [ $# -ge 2 ] || usage; source="$2"; shift 2 ;;
        -h|--help) usage ;;
        --*) die "unknown option $1 (see $0 --help)" ;;
        *) break ;;
    esac
done
NAME="${1:-}"
[ -n "$NAME" ] || usage
shift
case "$config" in
    gta04|debian|omap2plus) ;;
    gta04+*)
        for extra in $(echo "${config#gta04+}" | tr + ' '); do
            [ -f "$REPO/guest/kernel-config/$extra.config" ] ||
                die "--config $config: no guest/kernel-config/$extra.config"
        done ;;
    *) die "--config must be gta04, gta04+EXTRA (guest/kernel-config/EXTRA.config), debian or omap2plus, not '$config'" ;;
esac
for p in "$@"; do [ -f "$p" ] || die "no such patch: $p"; done

# --- the pinned source: its row of guest/kernel-sources
read -r _ LSRC_REL LSRC_PKG LSRC_VERSION LSRC_SHA < <(
    awk -v n="$source" '!/^#/ && NF && $1 == n' "$REPO/guest/kernel-sources") ||
    die "--source $source: not in guest/kernel-sources (names: $(awk '!/^#/ && NF { printf "%s ", $1 }' "$REPO/guest/kernel-sources"))"
[ "$LSRC_REL" != host ] || LSRC_VERSION="$(pinned_version "$LSRC_PKG")"   # scripts/host-packages
[ "$config" != debian ] || [ "$source" = 6.1 ] ||
    die "--config debian is Debian 6.1's armmp config: it goes with --source 6.1 only"

KB="$GTA04_CACHE/kbuild"
mkdir -p "$KB"

# scripts/host-packages: the cross toolchain and kbuild's tools (openssl signs
# modules in Debian's config, kmod is depmod, cpio packs the kheaders), and
# linux-source-6.1 pinned to the version of Debian's image
need_group kernel-build
if [ -z "$src" ] && [ "$LSRC_REL" = host ]; then
    need_group kernel-source
fi

# --- the key: source + config + patches
if [ -n "$src" ]; then
    [ -f "$src/Makefile" ] && [ -f "$src/arch/arm/Kconfig" ] || die "$src is not a Linux source tree"
    src=$(cd "$src" && pwd)
    git -C "$src" rev-parse --verify -q HEAD >/dev/null || die "$src is not a git checkout (the build key is its HEAD)"
    src_id="git $(git -C "$src" rev-parse HEAD) $(git -C "$src" diff HEAD | sha256sum | cut -d' ' -f1)"
    tree_id=$(printf '%s' "$src" | sha256sum | cut -c1-12)
else
    src_id="$LSRC_PKG $LSRC_VERSION"
    tree_id=pinned
    [ "$source" = 6.1 ] || tree_id="pinned-$source"   # 6.1's trees keep their old names
fi
if [ "$config" = omap2plus ]; then
    config_id="omap2plus_defconfig nodebug"   # the defconfig is part of the source, which the key has
elif [ "$config" != debian ]; then
    # the fragment: ours, then each extra in order (a later line wins)
    frag_files=("$FRAGMENT")
    for extra in $(echo "${config#gta04}" | tr + ' '); do
        frag_files+=("$REPO/guest/kernel-config/$extra.config")
    done
    config_id=$(cat "${frag_files[@]}" | sha256sum | cut -d' ' -f1)
else
    guest=$("$REPO/scripts/make-guest.sh")
    config_id=$(sha256sum <"$guest/config" | cut -d' ' -f1)
fi
key=$( { echo "$src_id"; echo "$config $config_id"; cat /dev/null "$@"; } | sha256sum | cut -c1-16)
OUT="$KB/kernels/$key"
if [ -f "$OUT/vmlinuz" ]; then
    step "kernel '$NAME' ($config config) is cached: $OUT"
    echo "$OUT"
    exit 0
fi

# one build at a time per source tree (patches are applied to the tree for
# the build); builds of different trees run side by side
exec 9>"$KB/.lock-$tree_id"
flock 9

# --- the source tree
if [ -z "$src" ]; then
    TREE="$KB/source"
    [ "$source" = 6.1 ] || TREE="$KB/source-$source"
    if [ "$(cat "$TREE/.unpacked" 2>/dev/null)" != "$src_id" ]; then
        rm -rf "$TREE"
        mkdir -p "$TREE"
        if [ "$LSRC_REL" = host ]; then
            step "unpacking /usr/src/$LSRC_PKG.tar.xz"
            tar -xf "/usr/src/$LSRC_PKG.tar.xz" -C "$TREE" --strip-components=1
        else
            # the package only carries the tarball: take it out, never install it
            debs="$GTA04_CACHE/debs-$LSRC_REL"
            fetch_pinned_deb "$LSRC_REL" "$debs" "$LSRC_PKG" "$LSRC_VERSION" all "$LSRC_SHA"
            step "unpacking $LSRC_PKG $LSRC_VERSION"
            dpkg-deb --fsys-tarfile "$debs/$(deb_name "$LSRC_PKG" "$LSRC_VERSION" all)" |
                tar -xOf - "./usr/src/$LSRC_PKG.tar.xz" | tar -xJf - -C "$TREE" --strip-components=1 ||
                die "could not unpack $LSRC_PKG"
        fi
        echo "$src_id" >"$TREE/.unpacked"
    fi
else
    TREE="$src"
fi
OBJ_DIR="$KB/obj/$config-$tree_id"
LOG="$KB/logs/$key.log"
mkdir -p "$OBJ_DIR" "$KB/logs"

kmake() {
    nice make -C "$TREE" O="$OBJ_DIR" ARCH=arm CROSS_COMPILE=$CROSS CC="ccache ${CROSS}gcc" \
        KBUILD_BUILD_TIMESTAMP="2026-01-01 00:00:00 UTC" KBUILD_BUILD_USER=qemu-gta04 \
        KBUILD_BUILD_HOST=qemu-gta04 "$@"
}
export CCACHE_DIR="$KB/ccache" CCACHE_BASEDIR="$TREE" CCACHE_NOHASHDIR=1

# --- the patches, on the tree for this build only.  A journal outside the
# tree keeps a copy of each applied patch until it is reverted, so a build
# killed before its EXIT trap ran (a session that ends, a kill -9) is undone
# by the next build of the tree instead of leaving its patches in the source
JOURNAL="$KB/applied-$tree_id"
revert() {
    local j
    for j in $(ls -r "$JOURNAL" 2>/dev/null); do
        patch -d "$TREE" -p1 -R --quiet --no-backup-if-mismatch <"$JOURNAL/$j" >>"$LOG" 2>&1 ||
            step "warning: could not revert $j from $TREE (see $LOG)"
        rm -f "$JOURNAL/$j"
    done
}
if [ -n "$(ls "$JOURNAL" 2>/dev/null)" ]; then
    step "reverting the patches an interrupted build left in $TREE"
    revert
fi
mkdir -p "$JOURNAL"
trap revert EXIT
n=0
for p in "$@"; do
    if [ -n "$src" ] && patch -d "$TREE" -p1 -R --dry-run --quiet --force <"$p" >/dev/null 2>&1; then
        step "$(basename "$p"): already in $src, left out"
        continue
    fi
    n=$((n + 1))
    j="$JOURNAL/$(printf '%03d' "$n")-$(basename "$p")"
    cp "$p" "$j"
    if ! patch -d "$TREE" -p1 --quiet --forward --no-backup-if-mismatch -r - <"$p" >>"$LOG" 2>&1; then
        # a partly applied patch: undo what did apply, then stop
        patch -d "$TREE" -p1 -R --quiet --force --no-backup-if-mismatch -r - <"$p" >>"$LOG" 2>&1 || true
        rm -f "$j"
        die "$(basename "$p") does not apply to $src_id (see $LOG)"
    fi
done

# --- the config (regenerated when the fragment or Debian's config changed)
if [ "$(cat "$OBJ_DIR/.gta04-config" 2>/dev/null)" != "$config $config_id" ]; then
    step "configuring ($config config)"
    if [ "$config" = omap2plus ]; then
        # debug info off: it changes no code, and is a good part of the build time
        kmake omap2plus_defconfig >>"$LOG" 2>&1 &&
            "$TREE/scripts/config" --file "$OBJ_DIR/.config" -d DEBUG_INFO \
                -d DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT -d DEBUG_INFO_DWARF4 -d DEBUG_INFO_DWARF5 \
                -e DEBUG_INFO_NONE &&
            kmake olddefconfig >>"$LOG" 2>&1 || die "kernel configure failed (see $LOG)"
    elif [ "$config" != debian ]; then
        # one fragment: for each symbol, the last file that sets it wins
        merged="$OBJ_DIR/.gta04-fragment"
        awk '{ k = $0
               if (match($0, /^CONFIG_[A-Za-z0-9_]+=/)) k = substr($0, 1, RLENGTH - 1)
               else if (match($0, /^# CONFIG_[A-Za-z0-9_]+ is not set/)) k = $2
               else next
               if (!(k in val)) order[n++] = k
               val[k] = $0 }
             END { for (i = 0; i < n; i++) print val[order[i]] }' "${frag_files[@]}" >"$merged"
        kmake KCONFIG_ALLCONFIG="$merged" allnoconfig >>"$LOG" 2>&1 ||
            die "kernel configure failed (see $LOG)"
        # Kconfig drops what it cannot satisfy without a word: every line
        # of the fragment must be in the result
        missing=$(grep -E '^CONFIG_' "$merged" | while read -r line; do
            grep -qxF "$line" "$OBJ_DIR/.config" || echo "  $line"
        done)
        [ -z "$missing" ] || die "this kernel tree does not take these lines of ${frag_files[*]}:
$missing"
    else
        cp "$guest/config" "$OBJ_DIR/.config"
        "$TREE/scripts/config" --file "$OBJ_DIR/.config" \
            -d DEBUG_INFO -d DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT -e DEBUG_INFO_NONE \
            --set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
            -d MODULE_SIG_ALL
        kmake olddefconfig >>"$LOG" 2>&1 || die "kernel configure failed (see $LOG)"
    fi
    echo "$config $config_id" >"$OBJ_DIR/.gta04-config"
fi

if [ "$config" = debian ]; then
    krel="$DEBIAN_KREL"
else
    krel="$(kmake -s kernelversion 2>/dev/null | tail -1)-gta04"
fi

step "building '$NAME' ($config config, $krel; log: $LOG)"
start=$(date +%s)
targets=(zImage)
[ "$config" != omap2plus ] || targets+=(modules)
if ! kmake KERNELRELEASE="$krel" -j"${GTA04_JOBS:-$(nproc)}" "${targets[@]}" >>"$LOG" 2>&1; then
    tail -20 "$LOG" >&2
    die "kernel build failed (see $LOG)"
fi
# the board's device tree from the same tree (arch/arm/boot/dts/ti/omap/ since
# 6.5, arch/arm/boot/dts/ before); a tree without it boots with the guest's
DTB=omap3-gta04a5.dtb
dts=$(cd "$TREE/arch/arm/boot/dts" && find . -name "${DTB%.dtb}.dts" | head -1)
if [ -n "$dts" ]; then
    dts="${dts#./}"
    kmake "${dts%.dts}.dtb" >>"$LOG" 2>&1 || die "building $DTB failed (see $LOG)"
fi
mkdir -p "$OUT.tmp"
cp "$OBJ_DIR/arch/arm/boot/zImage" "$OUT.tmp/vmlinuz"
[ -z "$dts" ] || cp "$OBJ_DIR/arch/arm/boot/dts/${dts%.dts}.dtb" "$OUT.tmp/$DTB"
if [ "$config" = omap2plus ]; then
    kmake KERNELRELEASE="$krel" INSTALL_MOD_PATH="$OUT.tmp/modroot" INSTALL_MOD_STRIP=1 \
        DEPMOD=true modules_install >>"$LOG" 2>&1 || die "modules_install failed (see $LOG)"
    mv "$OUT.tmp/modroot/lib/modules/$krel" "$OUT.tmp/modules"
    rm -rf "$OUT.tmp/modroot"
fi
cp "$OBJ_DIR/.config" "$OUT.tmp/config"
{ echo "name: $NAME"; echo "source: $src_id"; echo "config: $config $config_id"
  echo "release: $krel"; echo "built in: $(($(date +%s) - start)) s"
  for p in "$@"; do echo "patch: $(basename "$p") $(sha256sum <"$p" | cut -d' ' -f1)"; done
} >"$OUT.tmp/info"
rm -rf "$OUT"; mv "$OUT.tmp" "$OUT"
step "kernel '$NAME' in $OUT ($(($(date +%s) - start)) s)"
echo "$OUT"
