#!/bin/sh
# Put Plot Twist Table in the desktop's application menu, for the current user only.
# Run it from the unpacked folder (or anywhere: it finds the folder it lives in):
#     ./install-desktop-entry.sh            # add the menu entry and the icon
#     ./install-desktop-entry.sh --remove   # take them away again
# The app itself needs no installing: double-click PlotTwistTable in this folder.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
icons="${XDG_DATA_HOME:-$HOME/.local/share}/icons/hicolor/256x256/apps"
entry="$apps/plot-twist-table.desktop"

if [ "${1:-}" = "--remove" ]; then
    rm -f "$entry" "$icons/plot-twist-table.png"
    echo "removed $entry"
    exit 0
fi

mkdir -p "$apps" "$icons"
cp "$here/plot-twist-table.png" "$icons/plot-twist-table.png"
# the menu needs the absolute path of the executable: write it into the entry
sed -e "s|^Exec=.*|Exec=\"$here/PlotTwistTable\"|" \
    -e "s|^TryExec=.*|TryExec=$here/PlotTwistTable|" \
    "$here/plot-twist-table.desktop" > "$entry"
chmod 644 "$entry"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$apps" || true
echo "added $entry"
