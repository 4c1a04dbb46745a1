#!/bin/sh
# Puts Sitemap Studio into the current user's application menu: the desktop entry, the icons,
# the .sitemapproj MIME type and the AppStream metadata of this folder's share/ go into
# ${XDG_DATA_HOME:-~/.local/share}. The entry starts this folder's sitemap-studio by its full
# path, so it works whether or not ~/.local/bin is on the desktop session's PATH.
# build.py copies this script into the Linux app folder; run it from there (any current folder):
#     sitemap-studio-VERSION/install-desktop-entry.sh
# Move the folder later? Run it again.
set -eu

ID=io.github.sitemapstudio.SitemapStudio
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd -P)
app="$here/sitemap-studio"
data="${XDG_DATA_HOME:-$HOME/.local/share}"

if [ ! -x "$app" ] || [ ! -f "$here/share/applications/$ID.desktop" ]; then
    echo "install-desktop-entry.sh: run the copy inside the app folder (no $app or share/ here)" >&2
    exit 1
fi

case "$app" in
    *%*)
        # The specification writes % as %%, but GLib (GNOME and most desktops) then looks for a
        # program with %% in its name and drops the entry.
        echo "install-desktop-entry.sh: desktops cannot start a program from a path with %" \
            "in it: move the folder ($here) to another path and run this again" >&2
        exit 1
        ;;
esac

mkdir -p "$data"
cp -R "$here/share/." "$data/"

# Exec= quotes the path: inside the quotes \ " ` $ take a backslash (desktop entry spec), then
# every backslash is doubled because the value is a key-file string.
SS_EXEC=$(printf '%s' "$app" | sed -e 's/[\\"`$]/\\&/g' -e 's/\\/\\\\/g')
SS_TRYEXEC=$(printf '%s' "$app" | sed -e 's/\\/\\\\/g')
export SS_EXEC SS_TRYEXEC
entry="$data/applications/$ID.desktop"
awk '
    /^Exec=sitemap-studio( |$)/ { sub(/^Exec=sitemap-studio/, ""); print "Exec=\"" ENVIRON["SS_EXEC"] "\"" $0; next }
    /^TryExec=/ { print "TryExec=" ENVIRON["SS_TRYEXEC"]; next }
    { print }
' "$here/share/applications/$ID.desktop" > "$entry.tmp"
mv "$entry.tmp" "$entry"

# Refresh the caches the desktop reads, where the tools are installed.
if command -v update-mime-database >/dev/null 2>&1 && [ -d "$data/mime/packages" ]; then
    update-mime-database "$data/mime"
fi
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database "$data/applications"
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$data/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache --quiet "$data/icons/hicolor" || true
fi
echo "Installed $entry (it runs $app)"
