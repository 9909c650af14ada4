# Shared helpers for the qemu-gta04 scripts (sourced, not run).

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GTA04_CACHE="${GTA04_CACHE:-$HOME/.cache/qemu-gta04}"
GTA04_BUILD="${GTA04_BUILD:-$REPO/.build}"
# GTA04_QEMU=7.2|10.0: the QEMU base (7.2: Debian 12's source package, the
# default; 10.0: Debian 13's).  Each has its own source tree, patch series and
# build directory; 7.2 keeps the historical .build/obj.
GTA04_QEMU="${GTA04_QEMU:-7.2}"
case "$GTA04_QEMU" in
    7.2)  _obj=obj ;;
    10.0) _obj=obj-10.0 ;;
    *) printf 'error: GTA04_QEMU=%s: the bases are 7.2 and 10.0\n' "$GTA04_QEMU" >&2; exit 1 ;;
esac
export GTA04_QEMU
SRC="$GTA04_BUILD/qemu-$GTA04_QEMU"
PATCHES="$REPO/patches/$GTA04_QEMU"
# GTA04_SANITIZE=1: the ASan+UBSan build, in a directory of its own (the
# functional tests' gta04lib.py follows the same rule for its QEMU path)
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
# The meson that configured $OBJ: QEMU 10's configure makes a venv in the
# build directory (with the newer meson it needs); 7.2 uses Debian's
meson_bin() {
    if [ -x "$OBJ/pyvenv/bin/meson" ]; then echo "$OBJ/pyvenv/bin/meson"; else echo meson; fi
}
QEMU="$OBJ/qemu-system-arm"
mkdir -p "$GTA04_CACHE"

step() { printf '==> %s\n' "$*" >&2; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

# relpath TARGET FROMDIR: TARGET relative to FROMDIR (both absolute)
relpath() { python3 -c 'import os,sys; print(os.path.relpath(sys.argv[1], sys.argv[2]))' "$1" "$2"; }

check_sha256() {   # FILE SUM
    [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]
}

_apt_updated=0
apt_update_once() {
    [ "$_apt_updated" = 1 ] && return 0
    step "apt-get update"
    apt-get update -q >"$GTA04_CACHE/apt-update.log" 2>&1 ||
        die "apt-get update failed: no network to the Debian archive? (see $GTA04_CACHE/apt-update.log)"
    _apt_updated=1
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
    if [ "$(id -u)" -ne 0 ]; then
        die "missing packages for $what; run as root:
    apt-get install -y --no-install-recommends ${missing[*]}"
    fi
    step "installing for $what: ${missing[*]}"
    apt_update_once
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
            "${missing[@]}" >"$GTA04_CACHE/apt-install.log" 2>&1; then
        for spec in "${missing[@]}"; do
            case "$spec" in *=*)
                grep -qF " ${spec#*=} " <<<"$(apt-cache madison "${spec%%=*}" 2>/dev/null)" ||
                    die "the Debian archive no longer carries ${spec%%=*} ${spec#*=} (pinned for $what);
it offers: $(apt-cache madison "${spec%%=*}" 2>/dev/null | awk '{print $3}' | head -5 | xargs)" ;;
            esac
        done
        die "apt-get install ${missing[*]} failed (see $GTA04_CACHE/apt-install.log)"
    fi
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

# trixie_apt ARGS...: apt-get on a private configuration holding only Debian
# 13's archive (deb and deb-src, main), for the QEMU 10.0 source package and the
# meson it needs; the host's sources and lists are not touched.
TRIXIE_APT="$GTA04_CACHE/apt-trixie"
trixie_apt() {
    apt-get -o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$TRIXIE_APT/etc" \
        -o Dir::State::Lists="$TRIXIE_APT/lists" -o Dir::Cache="$TRIXIE_APT/cache" "$@"
}
_trixie_updated=0
trixie_apt_update() {
    [ "$_trixie_updated" = 1 ] && return 0
    local uri
    uri=$(debian_archive_uri) ||
        die "no Debian archive found in the host's apt configuration (/etc/apt/sources.list.d/*.sources or sources.list)"
    mkdir -p "$TRIXIE_APT/etc" "$TRIXIE_APT/lists/partial" "$TRIXIE_APT/cache/archives/partial"
    printf 'Types: deb deb-src\nURIs: %s\nSuites: trixie trixie-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        "$uri" >"$TRIXIE_APT/etc/trixie.sources"
    step "apt-get update (private trixie configuration in $TRIXIE_APT)"
    trixie_apt update -q >"$TRIXIE_APT/update.log" 2>&1 ||
        die "apt-get update of the trixie entry failed (see $TRIXIE_APT/update.log)"
    _trixie_updated=1
}

need_qemu() {
    [ -x "$QEMU" ] || die "$QEMU not built yet: run scripts/setup.sh (or make)"
}
