#!/usr/bin/env bash
# The Linux download: the one-folder PyInstaller build of the game wrapped with a launcher, a
# .desktop entry, the icons and the AppStream metainfo, as OUT/boarders-away-VERSION-linux-ARCH.tar.gz.
#   packaging/linux/build_tarball.sh [OUT]      (OUT defaults to dist/)
# Needs the freeze extra in the Python it runs: `python -m pip install ".[freeze]"` (PYTHON picks the
# interpreter; default .venv/bin/python). A tarball, not an AppImage: neither Debian's packages nor
# PyPI's provide appimagetool and its runtime, and nothing may be downloaded at build time.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY="${PYTHON:-.venv/bin/python}"
OUT="$(mkdir -p "${1:-dist}" && cd "${1:-dist}" && pwd)"
APP_ID=io.github.boarders_away.BoardersAway
WORK=build/freeze
VERSION="$("$PY" -c 'import game; print(game.__version__)')"
NAME="boarders-away-$VERSION-linux-$(uname -m)"
STAGE="$WORK/$NAME"

"$PY" -m PyInstaller --noconfirm --log-level WARN --distpath "$WORK/dist" --workpath "$WORK/build" tools/boarders.spec
rm -rf "$STAGE"
mkdir -p "$STAGE/lib" "$STAGE/share/applications" "$STAGE/share/metainfo"
cp -a "$WORK/dist/boarders" "$STAGE/lib/boarders"
# Debug symbols off what came from this Python's build and the system (libpython alone: 23 -> 6 MB).
# Never the wheels' own libraries (numpy.libs, tcod.libs, ..., symlinked or named with auditwheel's
# hash): their patched ELF headers break when stripped ("ELF load command ... not page-aligned").
if command -v strip >/dev/null; then
    for f in "$STAGE"/lib/boarders/_internal/lib*.so* "$STAGE"/lib/boarders/_internal/python3*/lib-dynload/*.so; do
        if [ -f "$f" ] && [ ! -L "$f" ] && ! [[ "$(basename "$f")" =~ -[0-9a-f]{8}\. ]]; then
            strip --strip-unneeded "$f"
        fi
    done
fi
cp packaging/linux/boarders-away packaging/linux/install.sh "$STAGE/"
cp "packaging/linux/$APP_ID.desktop" "$STAGE/share/applications/"
cp "packaging/linux/$APP_ID.metainfo.xml" "$STAGE/share/metainfo/"
cp -r packaging/linux/icons "$STAGE/share/icons"
cp LICENSE "$STAGE/"
cp packaging/linux/README.txt "$STAGE/README.txt"
# the same bytes for the same tree: sorted names, fixed owner and times
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@${SOURCE_DATE_EPOCH:-0}" \
    -C "$WORK" -czf "$OUT/$NAME.tar.gz" "$NAME"
echo "$OUT/$NAME.tar.gz: $(du -m "$OUT/$NAME.tar.gz" | cut -f1) MB packed, $(du -sm "$STAGE" | cut -f1) MB unpacked"
