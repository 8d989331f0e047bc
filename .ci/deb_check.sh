#!/usr/bin/env bash
# The Debian package as a player meets it (run by .ci/run as root on a fresh Debian
# machine, after package_check.sh has built dist/uno-desktop): build the .deb from the
# bundle, install it with apt, start the installed game with --smoke from another folder
# (dummy video and audio drivers, user folders in a temp dir), remove it with --purge,
# and check that every file it installed is gone, /opt/uno-desktop and the launcher
# with them. Exits non-zero at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
fail() {
  printf '\n==== deb check FAILED: %s\n' "$*" >&2
  exit 1
}
[ "$(id -u)" = 0 ] || fail "installing a package needs root"
[ -x dist/uno-desktop/uno-desktop ] || fail "no bundle at dist/uno-desktop (run package_check.sh)"
if dpkg -s uno-desktop >/dev/null 2>&1; then
  fail "uno-desktop is installed already; this check would remove it"
fi

TMP="$(mktemp -d "${TMPDIR:-/tmp}/uno-deb-check.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

printf '\n==== deb check: build\n'
bash packaging/build_deb.sh dist/uno-desktop "$TMP"
cd "$TMP"
printf '\n==== deb check: apt-get install\n'
apt-get install -y ./uno-desktop_*.deb
dpkg -L uno-desktop >"$TMP/files"
for need in /opt/uno-desktop/uno-desktop /usr/bin/uno-desktop \
  /usr/share/applications/uno-desktop.desktop /usr/share/icons/hicolor/256x256/apps/uno-desktop.png; do
  [ -e "$need" ] || fail "$need was not installed"
done

printf '\n==== deb check: uno-desktop --smoke\n'
mkdir -p "$TMP/run" && cd "$TMP/run"
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 \
  XDG_DATA_HOME="$TMP/xdg/data" XDG_CONFIG_HOME="$TMP/xdg/config" \
  XDG_STATE_HOME="$TMP/xdg/state" XDG_CACHE_HOME="$TMP/xdg/cache" \
  timeout 180 uno-desktop --smoke || fail "the installed game did not run"
cd "$ROOT"

printf '\n==== deb check: apt-get remove --purge\n'
apt-get remove -y --purge uno-desktop
left=()
while read -r path; do
  [ -f "$path" ] || [ -L "$path" ] && left+=("$path")
done <"$TMP/files"
[ ! -e /opt/uno-desktop ] || left+=(/opt/uno-desktop)
[ ${#left[@]} -eq 0 ] || fail "left behind: ${left[*]}"
printf '\n==== deb check: all good (installed, ran, removed without a trace)\n'
