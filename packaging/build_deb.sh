#!/usr/bin/env bash
# A Debian package of the PyInstaller bundle, for Debian, Ubuntu and their families:
#   packaging/build_deb.sh [BUNDLE_DIR] [OUT_DIR]   (defaults: dist/uno-desktop, dist)
# -> OUT_DIR/uno-desktop_<version>_<arch>.deb, installed with
#   sudo apt-get install ./uno-desktop_<version>_<arch>.deb
# It puts the bundle in /opt/uno-desktop, a launcher at /usr/bin/uno-desktop, the menu
# entry in /usr/share/applications and the icon in every hicolor size (the icon theme's
# and the menu's own dpkg triggers refresh their caches). `apt-get remove --purge
# uno-desktop` takes all of it away; the players' settings and saves live in their own
# home folders and stay. PYTHON (default .venv/bin/python) draws the icons.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PY="${PYTHON:-$ROOT/.venv/bin/python}"
BUNDLE="$(cd "${1:-$ROOT/dist/uno-desktop}" && pwd)"
OUT="${2:-$ROOT/dist}"
[ -x "$BUNDLE/uno-desktop" ] || {
  echo "build_deb: no bundle at $BUNDLE (run 'pyinstaller build.spec' first)" >&2
  exit 1
}
VERSION="$("$PY" "$ROOT/packaging/app_version.py")"
ARCH="$(dpkg --print-architecture)"

STAGE="$(mktemp -d "${TMPDIR:-/tmp}/uno-deb.XXXXXX")"
trap 'rm -rf "$STAGE"' EXIT
PKG="$STAGE/uno-desktop"
mkdir -p "$PKG/DEBIAN" "$PKG/opt" "$PKG/usr/bin" "$PKG/usr/share/applications" \
  "$PKG/usr/share/doc/uno-desktop"

cp -R "$BUNDLE" "$PKG/opt/uno-desktop"
# A script, not a link: the bundle finds its files next to its real path either way,
# and a script leaves room for the environment a launcher may one day need.
cat >"$PKG/usr/bin/uno-desktop" <<'SH'
#!/bin/sh
exec /opt/uno-desktop/uno-desktop "$@"
SH
install -m644 "$ROOT/packaging/uno-desktop.desktop" "$PKG/usr/share/applications/"
SDL_VIDEODRIVER=dummy "$PY" "$ROOT/tools/make_assets.py" --hicolor \
  "$PKG/usr/share/icons/hicolor" >/dev/null
cat >"$PKG/usr/share/doc/uno-desktop/copyright" <<'TXT'
UNO Desktop: MIT License. Fonts (Lato, Quicksand): SIL Open Font License 1.1, see
/opt/uno-desktop/_internal/assets/fonts/OFL.txt.
TXT

# Anything the game might ever leave in its own folder goes with the package too.
cat >"$PKG/DEBIAN/postrm" <<'SH'
#!/bin/sh
set -e
if [ "$1" = remove ] || [ "$1" = purge ]; then
  rm -rf /opt/uno-desktop
fi
SH

cat >"$PKG/DEBIAN/control" <<TXT
Package: uno-desktop
Version: $VERSION
Architecture: $ARCH
Maintainer: UNO Desktop maintainers <uno-desktop@invalid>
Installed-Size: $(du -sk "$PKG" | cut -f1)
Depends: libc6
Section: games
Priority: optional
Description: offline UNO card game for families
 Official, family and Swedish rules, pass-and-play at one screen, phones as
 private hands, and computer players from easy to hard. Plays offline.
TXT

find "$PKG" -type d -exec chmod 755 {} +
find "$PKG" -type f -exec chmod go-w {} +
chmod 755 "$PKG/usr/bin/uno-desktop" "$PKG/DEBIAN/postrm"
mkdir -p "$OUT"
DEB="$OUT/uno-desktop_${VERSION}_${ARCH}.deb"
dpkg-deb --root-owner-group -Zxz --build "$PKG" "$DEB" >/dev/null
echo "$DEB ($(du -sm "$DEB" | cut -f1) MB)"
