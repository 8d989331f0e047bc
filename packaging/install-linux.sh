#!/usr/bin/env bash
# Install the PyInstaller build for the current user, no root needed, so the game shows
# up in the desktop's menu with its icon:
#   packaging/install-linux.sh [BUNDLE_DIR]      (default: dist/uno-desktop)
#   packaging/install-linux.sh --uninstall
# PREFIX defaults to ~/.local (bundle in PREFIX/lib/uno-desktop, launcher in PREFIX/bin,
# icons and the desktop entry under PREFIX/share). Player data (settings, saves) lives in
# the platformdirs folders and is left alone by --uninstall.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PREFIX="${PREFIX:-$HOME/.local}"
APP_DIR="$PREFIX/lib/uno-desktop"
BIN="$PREFIX/bin/uno-desktop"
DESKTOP="$PREFIX/share/applications/uno-desktop.desktop"
ICONS="$PREFIX/share/icons/hicolor"

refresh_menus() {
  command -v update-desktop-database >/dev/null 2>&1 &&
    update-desktop-database -q "$PREFIX/share/applications" 2>/dev/null || true
  command -v gtk-update-icon-cache >/dev/null 2>&1 &&
    gtk-update-icon-cache -q -t "$ICONS" 2>/dev/null || true
}

if [ "${1:-}" = "--uninstall" ]; then
  rm -rf "$APP_DIR"
  rm -f "$BIN" "$DESKTOP" "$ICONS/256x256/apps/uno-desktop.png" "$ICONS/64x64/apps/uno-desktop.png"
  refresh_menus
  echo "UNO Desktop removed from $PREFIX"
  exit 0
fi

BUNDLE="${1:-$ROOT/dist/uno-desktop}"
if [ ! -x "$BUNDLE/uno-desktop" ]; then
  echo "no build at $BUNDLE: run 'pyinstaller build.spec' first" >&2
  exit 1
fi

rm -rf "$APP_DIR"
mkdir -p "$(dirname "$APP_DIR")" "$(dirname "$BIN")"
cp -R "$BUNDLE" "$APP_DIR"
ln -sfn "$APP_DIR/uno-desktop" "$BIN"
install -Dm644 "$ROOT/assets/icon.png" "$ICONS/256x256/apps/uno-desktop.png"
install -Dm644 "$ROOT/assets/icon-64.png" "$ICONS/64x64/apps/uno-desktop.png"
mkdir -p "$(dirname "$DESKTOP")"
# An absolute Exec: ~/.local/bin is not on every desktop session's PATH.
sed "s|^Exec=.*|Exec=$BIN|" "$ROOT/packaging/uno-desktop.desktop" >"$DESKTOP"
refresh_menus
echo "UNO Desktop installed: $BIN (menu entry $DESKTOP)"
