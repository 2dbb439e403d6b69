#!/bin/sh
# Put Quacks into the application menu of the current user (no root needed).
#
#   ./install.sh [BUNDLE_DIR]       install: the menu entry and the 256 px icon
#   ./install.sh --uninstall        remove both again
#
# BUNDLE_DIR is the folder holding the Quacks program (the one-folder bundle). Without it: the folder of
# this script if the program is beside it (the downloaded bundle), else dist/Quacks of the checkout.
# Everything goes under ${XDG_DATA_HOME:-~/.local/share}; the bundle itself stays where it is.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
share=${XDG_DATA_HOME:-$HOME/.local/share}
entry=$share/applications/quacks.desktop
icon=$share/icons/hicolor/256x256/apps/quacks.png

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$entry" "$icon"
    echo "Removed $entry and $icon"
    exit 0
fi

if [ -n "${1:-}" ]; then
    bundle=$1
elif [ -x "$here/Quacks" ]; then
    bundle=$here
else
    bundle=$here/../../dist/Quacks
fi
if [ ! -x "$bundle/Quacks" ]; then
    echo "No Quacks program in $bundle: build it first (pyinstaller build_installer.spec) or pass its folder." >&2
    exit 1
fi
bundle=$(cd "$bundle" && pwd)
template=$here/quacks.desktop
[ -f "$template" ] || template=$here/packaging/linux/quacks.desktop
png=$bundle/_internal/assets/icons/quacks-256.png
[ -f "$png" ] || png=$here/../../assets/icons/quacks-256.png
escaped=$(printf '%s' "$bundle" | sed 's/[\\|&]/\\&/g')

# The two commands: the menu entry with the program's real path, and the icon.
sed "s|@QUACKS_DIR@|$escaped|g" "$template" | install -D -m 644 /dev/stdin "$entry"
install -D -m 644 "$png" "$icon"
# (Desktops watch both folders: the entry shows up in the menu within seconds, no cache to refresh.)
echo "Installed $entry (runs $bundle/Quacks) and $icon"
