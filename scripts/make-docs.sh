#!/usr/bin/env bash
# make docs: the board page (docs/system/arm/gta04.rst) as HTML with Sphinx
# (Debian's python3-sphinx and the Read the Docs theme QEMU's manual uses),
# warnings as errors, into $GTA04_BUILD/docs.  The timeline figure is drawn
# from the recorded traces in tests/fixtures/irq-timeline/ by
# scripts/irq-timeline into a staging copy of docs/, with its interactive
# page (nothing generated is committed).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

"$REPO/scripts/need-packages.sh" docs
STAGE="$GTA04_BUILD/docs-src"
OUT="$GTA04_BUILD/docs"
rm -rf "$STAGE" "$OUT"
mkdir -p "$STAGE"
cp -r "$REPO/docs/." "$STAGE/"
mkdir -p "$STAGE/system/arm/images"
FIX="$REPO/tests/fixtures/irq-timeline"
step "drawing the bug-1 timeline (scripts/irq-timeline)"
/usr/bin/python3 "$REPO/scripts/irq-timeline" "$FIX/bug1-freeze-rtc.log.gz" \
    "$FIX/bug1-fix1-freeze-rtc.log.gz" --title "bug1" --title "bug1 + fix1" \
    -o "$STAGE/system/arm/images/bug1-vs-fix1" \
    --html "$STAGE/system/arm/images/bug1-vs-fix1.html" >/dev/null
step "sphinx-build -W (warnings are errors)"
/usr/bin/python3 -m sphinx -W --keep-going -q -b html "$STAGE" "$OUT"
step "built $OUT/system/arm/gta04.html"
