#!/bin/sh
# Puts the game in this user's desktop menu: the .desktop entry (pointing at this folder's
# launcher), the icons and the AppStream metainfo, under ${XDG_DATA_HOME:-~/.local/share}.
#   ./install.sh              add the menu entry (run it again after moving the folder)
#   ./install.sh --uninstall  remove it (the game's folder and your saves stay)
set -eu
HERE=$(dirname "$(readlink -f "$0")")
APP_ID=io.github.boarders_away.BoardersAway
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
SIZES="16 24 32 48 64 128 256 512"

refresh() {
    command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$DATA/applications" || true
    command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$DATA/icons/hicolor" || true
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$DATA/applications/$APP_ID.desktop" "$DATA/metainfo/$APP_ID.metainfo.xml"
    for s in $SIZES; do rm -f "$DATA/icons/hicolor/${s}x$s/apps/$APP_ID.png"; done
    refresh
    echo "Boarders Away! is no longer in the menu; delete $HERE to remove the game itself."
    exit 0
fi

case "$HERE" in
    *[\"\`\$\\]*) echo "install.sh: move the folder to a path without \" \` \$ or \\ first: $HERE" >&2; exit 2 ;;
esac
mkdir -p "$DATA/applications" "$DATA/metainfo"
for s in $SIZES; do
    mkdir -p "$DATA/icons/hicolor/${s}x$s/apps"
    cp "$HERE/share/icons/hicolor/${s}x$s/apps/$APP_ID.png" "$DATA/icons/hicolor/${s}x$s/apps/"
done
cp "$HERE/share/metainfo/$APP_ID.metainfo.xml" "$DATA/metainfo/"
sed "s|^Exec=.*|Exec=\"$HERE/boarders-away\"|" "$HERE/share/applications/$APP_ID.desktop" \
    > "$DATA/applications/$APP_ID.desktop"
refresh
echo "Boarders Away! is in your desktop menu (Games); it starts $HERE/boarders-away."
