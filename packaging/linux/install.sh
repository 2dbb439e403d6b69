#!/bin/sh
# Put Quacks into the application menu of the current user (no root needed).
#
#   ./install.sh [BUNDLE_DIR]       install: the menu entry and the 256 px icon
#   ./install.sh --uninstall        remove them again
#
# BUNDLE_DIR is the folder holding the Quacks program (the one-folder bundle). Without it: the folder of
# this script if the program is beside it (the downloaded bundle), else dist/Quacks of the checkout.
# Everything goes under ${XDG_DATA_HOME:-~/.local/share}; the bundle itself stays where it is.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
share=${XDG_DATA_HOME:-$HOME/.local/share}
entry=$share/applications/quacks.desktop
icon=$share/icons/hicolor/256x256/apps/quacks.png
link=$share/quacks/bundle  # only for a bundle whose path has a % (see below)

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$entry" "$icon" "$link"
    rmdir "$share/quacks" 2>/dev/null || true
    printf 'Removed %s and %s\n' "$entry" "$icon"
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
    printf 'No Quacks program in %s: build it first (pyinstaller build_installer.spec) or pass its folder.\n' "$bundle" >&2
    exit 1
fi
bundle=$(cd "$bundle" && pwd)
nl=$(printf '\nx'); nl=${nl%x}
tab=$(printf '\t')
cr=$(printf '\r')
case "$bundle" in
    *"$nl"*|*"$tab"*|*"$cr"*)
        printf 'The folder %s has a line break or tab in its name, which a menu entry cannot hold: move or rename it.\n' "$bundle" >&2
        exit 1 ;;
esac
template=$here/quacks.desktop
[ -f "$template" ] || template=$here/packaging/linux/quacks.desktop
png=$bundle/_internal/assets/icons/quacks-256.png
[ -f "$png" ] || png=$here/../../assets/icons/quacks-256.png

# GLib (GNOME and every program that starts menu entries through it) looks for the program of Exec before it
# expands the field codes: for a path with a % it looks for a file named with %% and refuses the whole entry
# (GLib 2.74). So a bundle whose path has a % is started through a link without one, $share/quacks/bundle
# (removed again when the bundle moves to a plain folder, or by --uninstall).
rm -f "$link"
program=$bundle/Quacks
case "$bundle" in
    *%*)
        mkdir -p "$share/quacks"
        ln -s "$bundle" "$link"
        program=$link/Quacks
        case "$link" in
            *%*) printf 'Warning: %s has a %% in its name: desktops built on GLib (GNOME) will not start Quacks from the menu.\n' "$share" >&2 ;;
        esac ;;
esac

# The Desktop Entry specification (1.5, "The Exec key"): Exec holds the program as one double-quoted
# argument, in which \ " ` $ are escaped with a backslash; then, as for every string value, each backslash
# is written twice; and % is written %%. TryExec and Path are plain strings: only backslashes double.
# So a bundle in a folder named  it's "50 off" $HOME  still starts.
string_value() { sed -e 's/\\/\\\\/g'; }
exec_value=$(printf '%s' "$program" | sed -e 's/[\\"`$]/\\&/g' -e 's/^/"/' -e 's/$/"/' | string_value | sed -e 's/%/%%/g')
tryexec_value=$(printf '%s' "$program" | string_value)
path_value=$(printf '%s' "$bundle" | string_value)
# sed replacement text: escape \ | and &
for_sed() { printf '%s' "$1" | sed -e 's/[\\|&]/\\&/g'; }

# The two commands: the menu entry with the program's real path, and the icon.
sed -e "s|@EXEC@|$(for_sed "$exec_value")|" -e "s|@TRYEXEC@|$(for_sed "$tryexec_value")|" \
    -e "s|@PATH@|$(for_sed "$path_value")|" "$template" | install -D -m 644 /dev/stdin "$entry"
install -D -m 644 "$png" "$icon"
# (Desktops watch both folders: the entry shows up in the menu within seconds, no cache to refresh.)
printf 'Installed %s (runs %s/Quacks) and %s\n' "$entry" "$bundle" "$icon"
