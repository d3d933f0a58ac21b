#!/bin/sh
# Add DeepRead to this user's application menu (and `deepread` to ~/.local/bin), pointing at the
# folder this script sits in. Run it again after moving the folder; nothing needs root.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
mkdir -p "$data/applications" "$data/icons/hicolor/scalable/apps" "$HOME/.local/bin"
cp "$here/deepread.svg" "$data/icons/hicolor/scalable/apps/deepread.svg"
sed "s|^Exec=deepread |Exec=\"$here/deepread\" |" "$here/deepread.desktop" \
    > "$data/applications/deepread.desktop"
ln -sf "$here/deepread" "$HOME/.local/bin/deepread"
command -v update-desktop-database >/dev/null && update-desktop-database "$data/applications" || true
echo "DeepRead is in the application menu; 'deepread' is in ~/.local/bin."
