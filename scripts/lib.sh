# Shared helpers for the qemu-gta04 scripts (sourced, not run).

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GTA04_CACHE="${GTA04_CACHE:-$HOME/.cache/qemu-gta04}"
GTA04_BUILD="${GTA04_BUILD:-$REPO/.build}"
# GTA04_QEMU=7.2|10.0|11.1: the QEMU base (7.2: Debian 12's source package,
# the default; 10.0: Debian 13's; 11.1: sid's).  Each has its own source
# tree, patch series and build directory; 7.2 keeps the historical .build/obj.
# docs/qemu-bases.md.
GTA04_QEMU_BASES="7.2 10.0 11.1"
GTA04_QEMU="${GTA04_QEMU:-7.2}"
case "$GTA04_QEMU" in
    7.2)  _obj=obj ;;
    10.0|11.1) _obj=obj-$GTA04_QEMU ;;
    *) printf 'error: GTA04_QEMU=%s: the bases are %s\n' "$GTA04_QEMU" "${GTA04_QEMU_BASES// /, }" >&2; exit 1 ;;
esac
export GTA04_QEMU
SRC="$GTA04_BUILD/qemu-$GTA04_QEMU"
PATCHES="$REPO/patches/$GTA04_QEMU"
# GTA04_SANITIZE=1: the ASan+UBSan build, in a directory of its own (the
# Python package's gta04.paths follows the same rule for its QEMU path)
if [ "${GTA04_FUZZ:-0}" = 1 ]; then
    # GTA04_FUZZ=1: clang, libFuzzer and ASan+UBSan, for qemu-fuzz-arm (make fuzz)
    [ "$GTA04_QEMU" = 7.2 ] ||
        { printf 'error: GTA04_FUZZ=1 is for GTA04_QEMU=7.2 only (patches/7.2/0004, 0005)\n' >&2; exit 1; }
    OBJ="$GTA04_BUILD/$_obj-fuzz"
    export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:print_summary=1}"
    export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1:print_summary=1}"
elif [ "${GTA04_SANITIZE:-0}" = 1 ]; then
    OBJ="$GTA04_BUILD/$_obj-sanitize"
    # A report ends QEMU with SIGABRT, never with an exit status a test may
    # expect (ASan's default is 1).  No leak check: QEMU 7.2 frees little at
    # exit, so every run would "leak".
    export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=0:print_summary=1}"
    export UBSAN_OPTIONS="${UBSAN_OPTIONS:-abort_on_error=1:print_stacktrace=1:print_summary=1}"
else
    OBJ="$GTA04_BUILD/$_obj"
fi
OBJ_BASE="$GTA04_BUILD/$_obj"   # this base's plain build; its flavours are $OBJ_BASE-<flavour>
# The meson that configured $OBJ: QEMU 10's and 11's configure makes a venv
# in the build directory (with the newer meson it needs); 7.2 uses Debian's
meson_bin() {
    if [ -x "$OBJ/pyvenv/bin/meson" ]; then echo "$OBJ/pyvenv/bin/meson"; else echo meson; fi
}
QEMU="$OBJ/qemu-system-arm"
mkdir -p "$GTA04_CACHE"

step() { printf '==> %s\n' "$*" >&2; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }
warn() { printf 'warning: %s\n' "$*" >&2; }

# check_kernel_image FILE: warn when FILE is neither an ARM zImage (magic
# 0x016f2818, little-endian at 0x24), a U-Boot uImage (0x27051956,
# big-endian at 0) nor an ELF file.  hw/arm/boot.c loads anything else as
# a raw image at RAM + 0x10000 and enters it as Linux, without a word; a
# bare-metal image may mean just that, so this is a warning.
check_kernel_image() {
    local hdr
    hdr=$(od -A n -t x1 -N 40 -v "$1" | tr -d ' \n')
    case "$hdr" in
        7f454c46*|27051956*) return 0 ;;
    esac
    [ "${hdr:72:8}" = 18286f01 ] && return 0
    warn "$1 is neither a zImage, a uImage nor an ELF file: QEMU loads it as a raw image at RAM + 0x10000 and enters it as Linux"
}

# relpath TARGET FROMDIR: TARGET relative to FROMDIR (both absolute)
relpath() { python3 -c 'import os,sys; print(os.path.relpath(sys.argv[1], sys.argv[2]))' "$1" "$2"; }

check_sha256() {   # FILE SUM
    [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]
}

# --- the Debian archive, which mirrors sync and fail for minutes at a time.
# Every download from it is retried with back-off (GTA04_APT_RETRY_DELAYS,
# seconds between tries); an "apt-get update" that still fails for some
# index is tolerated (one warning line naming the indexes) as long as what
# we need turns out installable; a checksum mismatch is always fatal.
APT_RETRY_DELAYS="${GTA04_APT_RETRY_DELAYS:-10 30 60}"
APT_OPTS=(-o Acquire::Retries=3 -q)

# apt_retry LOG CMD...: CMD (an apt-get call) until it succeeds, sleeping
# APT_RETRY_DELAYS between tries; its output, every try, in LOG
apt_retry() {
    local log="$1"; shift
    local d tries=1
    : >"$log"
    for d in "" $APT_RETRY_DELAYS; do
        if [ -n "$d" ]; then
            step "retrying in $d s (try $((tries + 1))): $(failed_indexes "$log" | head -1)"
            sleep "$d"
            tries=$((tries + 1))
        fi
        echo "--- try $tries: $*" >>"$log"
        "$@" >>"$log" 2>&1 && return 0
    done
    return 1
}

# failed_indexes LOG: what apt said it could not fetch, one line each
failed_indexes() {
    local err; err=$(sed -n -E 's/^Err:[0-9]+ +//p' "$1" | sort -u)
    [ -n "$err" ] || err=$(sed -n -E 's/^[EW]: Failed to fetch +//p' "$1" | sort -u)
    printf '%s\n' "$err"
}

# apt_update_with_retry LOG APT: "APT update" with retries; after the last
# try a failure is only a warning: the caller's install (or download) then
# tells whether what it needs is there, and says which indexes were missing
apt_update_with_retry() {
    local log="$1"; shift
    apt_retry "$log" "$@" update "${APT_OPTS[@]}" && return 0
    printf 'warning: %s update: some indexes failed after %d tries, going on with the rest:\n' \
        "${*/#release_apt/apt-get (private)}" "$(( $(wc -w <<<"$APT_RETRY_DELAYS") + 1 ))" >&2
    failed_indexes "$log" | sed 's/^/warning:   /' >&2
    return 1
}

_apt_updated=0
_apt_partial=""   # the log of an update that failed for some index
apt_update_once() {
    [ "$_apt_updated" = 1 ] && return 0
    no_network_here "apt-get update"
    step "apt-get update"
    apt_update_with_retry "$GTA04_CACHE/apt-update.log" apt-get ||
        _apt_partial="$GTA04_CACHE/apt-update.log"
    _apt_updated=1
}

# apt_failure_hint: what to add to an error after a partial update
apt_failure_hint() {
    [ -n "$_apt_partial" ] || return 0
    printf '\n(apt-get update failed for some indexes, see %s: a mirror in sync? try again later)' \
        "$_apt_partial"
}

# in_dir DIR CMD...: CMD (a function too) run in DIR
in_dir() { local d="$1"; shift; (cd "$d" && "$@"); }

# no_network_here WHAT: under `make check`'s tests (GTA04_OFFLINE=1, set
# after its set-up phase) nothing is installed or downloaded: everything is
# in the cache by then, so reaching for the network is a bug of ours
no_network_here() {
    [ "${GTA04_OFFLINE:-0}" = 1 ] || return 0
    die "$1 needed during the tests, after set-up: everything a test uses must be set up
first (scripts/setup.sh --all; the host packages are in scripts/host-packages)"
}

# deb_name PKG VERSION ARCH: the file name of a .deb in a Debian pool
deb_name() { local v="${2#*:}"; echo "${1}_${v}_$3.deb"; }

# rel_apt REL ARGS...: apt-get on the host's configuration (REL host) or on
# a release's private one (release_apt); rel_apt_update REL: its update
rel_apt() {
    local rel="$1"; shift
    if [ "$rel" = host ]; then apt-get "$@"; else release_apt "$rel" "$@"; fi
}
rel_apt_update() {
    if [ "$1" = host ]; then apt_update_once; else release_apt_update "$1"; fi
}
rel_apt_cache() {
    local rel="$1"; shift
    if [ "$rel" = host ]; then apt-cache "$@"; else release_tool apt-cache "$rel" "$@"; fi
}

# pool_deb_uri REL PKG VERSION ARCH: where the .deb lies in the pool, found
# from the Sources index (a binary lies in its source package's directory):
# the way round a binary index that failed to update (a mirror in sync)
pool_deb_uri() {
    local rel="$1" pkg="$2" ver="$3" arch="$4" src srcver dsc
    srcver="${ver%+b[0-9]*}"   # a binNMU's source has the version without +bN
    src=$(rel_apt_cache "$rel" -q=2 showsrc "$pkg" 2>/dev/null | awk -v v="$srcver" '
        /^Package:/ { p = $2 } /^Version:/ && $2 == v { print p; exit }') || true
    [ -n "$src" ] || return 1
    dsc=$(rel_apt "$rel" source --print-uris "$src=$srcver" 2>/dev/null |
          sed -n "s/^'\([^']*\.dsc\)'.*/\1/p" | head -1)
    [ -n "$dsc" ] || return 1
    echo "${dsc%/*}/$(deb_name "$pkg" "$ver" "$arch")"
}

# fetch_pinned_deb REL DIR PKG VERSION ARCH SHA256: the .deb PKG=VERSION of
# ARCH in DIR (apt-get download's name), SHA-256 checked, from the host's
# archive (REL host) or a release's private configuration (trixie, sid).
# By the index, retried; failing that (the index did not update) straight
# from the pool, where the Sources index says it lies, with apt's own
# downloader and our checksum.
fetch_pinned_deb() {
    local rel="$1" dir="$2" pkg="$3" ver="$4" arch="$5" sum="$6" f uri
    f="$dir/$(deb_name "$pkg" "${ver//:/%3a}" "$arch")"
    check_sha256 "$f" "$sum" && return 0
    no_network_here "downloading $pkg:$arch=$ver"
    mkdir -p "$dir"
    rm -f "$f"
    step "downloading $pkg:$arch=$ver"
    local dl=(in_dir "$dir" rel_apt "$rel" download "${APT_OPTS[@]}" "$pkg:$arch=$ver")
    if ! "${dl[@]}" >"$dir/download.log" 2>&1; then
        # the lists may be old, or lack this architecture: update, then retry
        rel_apt_update "$rel"
        # not in the index (the one that failed to update): no use retrying
        if ! "${dl[@]}" >"$dir/download.log" 2>&1 &&
           { grep -Eq "Unable to locate|not found|Couldn't find" "$dir/download.log" ||
             ! apt_retry "$dir/download.log" "${dl[@]}"; }; then
            uri=$(pool_deb_uri "$rel" "$pkg" "$ver" "$arch") ||
                die "could not download $pkg:$arch=$ver (see $dir/download.log), nor find it in the
pool from the Sources index: no network to the Debian archive, or the archive
no longer carries this version$(apt_failure_hint)"
            step "not in the $arch index: from the pool, by the Sources index"
            apt_retry "$dir/download.log" /usr/lib/apt/apt-helper download-file "$uri" "$f.part" ||
                die "could not download $pkg:$arch=$ver from the pool (see $dir/download.log)$(apt_failure_hint)"
            mv "$f.part" "$f"
        fi
    fi
    check_sha256 "$f" "$sum" || die "$(basename "$f"): SHA-256 mismatch (expected $sum); refusing to use it"
}

# Make sure "apt-get source" works: add deb-src next to every configured deb entry.
ensure_deb_src() {
    if apt-get source --print-uris qemu >/dev/null 2>&1 &&
       [ -n "$(apt-get source --print-uris qemu 2>/dev/null | grep -F .dsc)" ]; then
        return 0
    fi
    if [ "$(id -u)" -ne 0 ]; then
        die "apt has no deb-src entries, so 'apt-get source qemu' cannot work.
Enable them (as root) by adding 'deb-src' to the Types: line of /etc/apt/sources.list.d/debian.sources
(or a deb-src line per deb line in /etc/apt/sources.list), run apt-get update, then run this again."
    fi
    step "enabling deb-src for the configured Debian archive"
    local changed=0 f
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        if grep -q '^Types: deb$' "$f"; then
            sed -i 's/^Types: deb$/Types: deb deb-src/' "$f"; changed=1
        fi
    done
    if [ -f /etc/apt/sources.list ] && grep -q '^deb ' /etc/apt/sources.list &&
       ! grep -q '^deb-src ' /etc/apt/sources.list; then
        sed -n 's/^deb /deb-src /p' /etc/apt/sources.list >/etc/apt/sources.list.d/gta04-deb-src.list
        changed=1
    fi
    [ "$changed" = 1 ] || die "no Debian 'deb' entry found to derive deb-src from; configure apt first"
    _apt_updated=0
    apt_update_once
}

# Note for every script here: under pipefail, "cmd | grep -q" can fail when
# grep exits at its first match and cmd gets SIGPIPE; use grep <<<"$(cmd)".

# need_packages WHAT PKG[=VERSION]...: install the Debian packages a script needs
# (as root; otherwise say exactly what to run).  A PKG=VERSION pin must be
# installed at that version; an archive that no longer carries it is an error
# that says so.  Every host tool a script calls is named in one of these calls:
# a fresh minimal Debian 12 (make fresh-check) has nothing else.
need_packages() {
    local what="$1"; shift
    local missing=() spec p v have
    for spec in "$@"; do
        p="${spec%%=*}"; v=""; [ "$p" != "$spec" ] && v="${spec#*=}"
        if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ]; then
            have=$(dpkg-query -W -f='${Version}' "$p")
            [ -z "$v" ] || [ "$have" = "$v" ] || missing+=("$spec")
        else
            missing+=("$spec")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    [ "${GTA04_OFFLINE:-0}" != 1 ] ||
        die "missing packages for $what: ${missing[*]}; scripts/setup.sh installs every host
package (scripts/host-packages), and nothing is installed during the tests"
    if [ "$(id -u)" -ne 0 ]; then
        die "missing packages for $what; run as root:
    apt-get install -y --no-install-recommends ${missing[*]}"
    fi
    step "installing for $what: ${missing[*]}"
    apt_update_once
    # installable at all (an index that failed to update may be the one we need)?
    if ! apt_installable "${missing[@]}" >"$GTA04_CACHE/apt-install.log" 2>&1; then
        for spec in "${missing[@]}"; do
            case "$spec" in *=*)
                grep -qF " ${spec#*=} " <<<"$(apt-cache madison "${spec%%=*}" 2>/dev/null)" ||
                    die "the Debian archive no longer carries ${spec%%=*} ${spec#*=} (pinned for $what);
it offers: $(apt-cache madison "${spec%%=*}" 2>/dev/null | awk '{print $3}' | head -5 | xargs)$(apt_failure_hint)" ;;
            esac
        done
        die "not installable: ${missing[*]} (see $GTA04_CACHE/apt-install.log)$(apt_failure_hint)"
    fi
    # the download is what a mirror in sync breaks: retried
    apt_retry "$GTA04_CACHE/apt-install.log" env DEBIAN_FRONTEND=noninteractive \
            apt-get install -y --no-install-recommends "${APT_OPTS[@]}" "${missing[@]}" ||
        die "apt-get install ${missing[*]} failed (see $GTA04_CACHE/apt-install.log)$(apt_failure_hint)"
}

# apt_installable PKG[=VERSION]...: the indexes we have can install them
apt_installable() {
    apt-get -s install --no-install-recommends "$@" >/dev/null 2>&1
}

# The table of host packages (scripts/host-packages): group -> packages
HOST_PACKAGES="$REPO/scripts/host-packages"
group_packages() {   # GROUP... : their packages, once each ("all": every group)
    awk -v want=" $* " '!/^#/ && NF > 1 && (want == " all " || index(want, " " $1 " ")) {
            for (i = 2; i <= NF; i++) if (!seen[$i]++) print $i }' "$HOST_PACKAGES"
}
# pinned_version PKG: the version scripts/host-packages pins PKG to
pinned_version() {
    group_packages all | sed -n "s/^$1=//p" | head -1
}
# need_group GROUP...: the packages of these groups of scripts/host-packages
need_group() {
    local g
    for g in "$@"; do
        grep -Eq "^${g}[[:space:]]" "$HOST_PACKAGES" || die "scripts/host-packages has no group '$g'"
    done
    # shellcheck disable=SC2046
    need_packages "$*" $(group_packages "$@")
}

# debian_archive_uri: the URI of the host's main Debian archive (the deb entry
# for this release's own suite), read from its apt configuration; no archive
# is named in this repository.
debian_archive_uri() {
    local codename uri=""
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
    [ -n "$codename" ] || return 1
    if compgen -G "/etc/apt/sources.list.d/*.sources" >/dev/null; then
        uri=$(awk -v c="$codename" '
            /^[ \t]*$/ { if (ok && u != "") { print u; exit } ok = 0; u = ""; next }
            /^URIs:/ { u = $2 }
            /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == c) ok = 1 }
            END { if (ok && u != "") print u }' /etc/apt/sources.list.d/*.sources | head -1)
    fi
    if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
        uri=$(sed -n -E "s@^deb(-src)?[ \t]+(\[[^]]*\][ \t]+)?([^ \t]+)[ \t]+$codename[ \t].*@\3@p" \
              /etc/apt/sources.list | head -1)
    fi
    [ -n "$uri" ] && echo "$uri"
}

# release_apt REL ARGS...: apt-get on a private configuration holding only
# Debian release REL's archive (deb and deb-src, main; trixie with its
# -updates, sid alone), for what newer releases bring: the QEMU 10.0 source
# package and the meson it needs (trixie), the QEMU 11.1 source package and
# its Python packages (sid), newer guest kernels (guest/debian-kernels).  The host's sources and lists are not touched.
release_apt_dir() { echo "$GTA04_CACHE/apt-$1"; }
# release_tool TOOL REL ARGS...: apt-get or apt-cache on that configuration
release_tool() {
    local tool="$1" d; d=$(release_apt_dir "$2"); shift 2
    "$tool" -o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$d/etc" \
        -o Dir::State::Lists="$d/lists" -o Dir::Cache="$d/cache" \
        -o APT::Architectures::="$(dpkg --print-architecture)" -o APT::Architectures::=armhf "$@"
}
release_apt() { release_tool apt-get "$@"; }
declare -A _release_updated=()
release_apt_update() {
    local rel="$1" d uri suites
    [ "${_release_updated[$rel]:-0}" = 1 ] && return 0
    d=$(release_apt_dir "$rel")
    uri=$(debian_archive_uri) ||
        die "no Debian archive found in the host's apt configuration (/etc/apt/sources.list.d/*.sources or sources.list)"
    case "$rel" in
        sid) suites="sid" ;;
        *) suites="$rel $rel-updates" ;;
    esac
    mkdir -p "$d/etc" "$d/lists/partial" "$d/cache/archives/partial"
    printf 'Types: deb deb-src\nURIs: %s\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        "$uri" "$suites" >"$d/etc/$rel.sources"
    no_network_here "apt-get update ($rel)"
    step "apt-get update (private $rel configuration in $d)"
    apt_update_with_retry "$d/update.log" release_apt "$rel" || _apt_partial="$d/update.log"
    _release_updated[$rel]=1
}
# the QEMU 10.0 base's (scripts/setup.sh)
TRIXIE_APT=$(release_apt_dir trixie)
trixie_apt() { release_apt trixie "$@"; }
trixie_apt_update() { release_apt_update trixie; }

# The venv of Python packages a base needs beyond Debian 12's (meson and
# what its configure asks for; scripts/setup.sh makes it from pinned Debian
# .debs): 7.2 has none, 10.0 .build/meson-venv, 11.1 .build/meson-venv-11.1
base_venv() {
    case "$GTA04_QEMU" in
        7.2) ;;
        10.0) echo "$GTA04_BUILD/meson-venv" ;;
        *) echo "$GTA04_BUILD/meson-venv-$GTA04_QEMU" ;;
    esac
}

need_qemu() {
    [ -x "$QEMU" ] || die "$QEMU not built yet: run scripts/setup.sh (or make)"
}
