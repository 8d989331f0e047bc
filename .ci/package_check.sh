#!/usr/bin/env bash
# Packaging check, run by CI after the tests: does the game still install and start the
# two ways players get it?
#   (a) wheel -> fresh venv (not editable) -> `uno-desktop $SMOKE_ARGS` from a folder
#       outside the source tree, so data files must come from inside the wheel;
#   (b) `pyinstaller build.spec` -> `dist/uno-desktop/uno-desktop $SMOKE_ARGS` from
#       another folder, with dummy video and audio drivers; the bundle at most
#       MAX_BUNDLE_MB (80) MB.
# Each is also started with one phone seat on 127.0.0.1 (packaging/phone_check.py): its
# `join seat 1` line, the phone page and its files, and 403 for a wrong token.
# SMOKE_ARGS defaults to --smoke. PYTHON defaults to the project's .venv/bin/python.
# Exits non-zero at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
PY="${PYTHON:-$ROOT/.venv/bin/python}"
SMOKE_ARGS="${SMOKE_ARGS:---smoke}"
read -r -a SMOKE <<<"$SMOKE_ARGS"
RUN_TIMEOUT_S="${RUN_TIMEOUT_S:-180}"

export SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-dummy}"
export SDL_AUDIODRIVER="${SDL_AUDIODRIVER:-dummy}"
export PYGAME_HIDE_SUPPORT_PROMPT=1

TMP="$(mktemp -d "${TMPDIR:-/tmp}/uno-package-check.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
# User folders in the temp dir too: a smoke run must not touch the CI user's settings.
export XDG_DATA_HOME="$TMP/xdg/data" XDG_CONFIG_HOME="$TMP/xdg/config"
export XDG_STATE_HOME="$TMP/xdg/state" XDG_CACHE_HOME="$TMP/xdg/cache"

step() { printf '\n==== package check: %s\n' "$*"; }
fail() {
  printf '\n==== package check FAILED: %s\n' "$*" >&2
  exit 1
}
now_s() { "$PY" -c 'import time; print(time.monotonic())'; }

[ -x "$PY" ] || fail "no Python at $PY (create .venv first, or set PYTHON)"

# ------------------------------------------------------------------ (a) wheel
step "1/7 build the wheel"
"$PY" -m pip wheel -q --no-deps -w "$TMP/wheel" . || fail "pip wheel"
WHEEL="$(ls "$TMP"/wheel/uno_desktop-*.whl)"
echo "$WHEEL"

step "2/7 the wheel carries the game's data"
"$PY" - "$WHEEL" <<'PY' || fail "wheel contents"
import sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
need = {
    "sounds": [n for n in names if n.startswith("uno_desktop/_data/assets/sounds/") and n.endswith(".wav")],
    "icon": [n for n in names if n == "uno_desktop/_data/assets/icon.png"],
    "presets": [n for n in names if n.startswith("uno_desktop/_data/rules_presets/") and n.endswith(".yaml")],
    "translations": [n for n in names if n.startswith("uno_desktop/lang/locale/") and n.endswith(".po")],
    "phone page": [n for n in names if n == "uno_desktop/phones/static/index.html"],
}
for what, found in need.items():
    print(f"  {what:13s} {len(found)} file(s)")
missing = [what for what, found in need.items() if not found]
if missing:
    sys.exit(f"missing from the wheel: {', '.join(missing)}")
PY

step "3/7 install the wheel into a fresh venv"
"$PY" -m venv "$TMP/venv" || fail "python -m venv"
"$TMP/venv/bin/pip" install -q --disable-pip-version-check "$WHEEL" || fail "pip install wheel"

step "4/7 run the installed game from outside the source tree: uno-desktop $SMOKE_ARGS"
mkdir -p "$TMP/run-wheel"
(
  cd "$TMP/run-wheel"
  "$TMP/venv/bin/python" - "$ROOT" <<'PY' || exit 1
import sys
from pathlib import Path
import uno_desktop
from uno_desktop.resources import data_path
root = Path(sys.argv[1]).resolve()
for where in [Path(uno_desktop.__file__), data_path("assets"), data_path("rules_presets")]:
    print(f"  {where}")
    if where.resolve().is_relative_to(root):
        sys.exit(f"{where} comes from the source tree, not from the wheel")
PY
  timeout "$RUN_TIMEOUT_S" "$TMP/venv/bin/uno-desktop" "${SMOKE[@]}"
) || fail "the installed wheel did not run (uno-desktop $SMOKE_ARGS)"
(
  cd "$TMP/run-wheel"
  "$PY" "$ROOT/packaging/phone_check.py" "$TMP/venv/bin/uno-desktop" --timeout-s "$RUN_TIMEOUT_S"
) || fail "the installed wheel does not serve the phone page (uno-desktop --phones 1)"

# ------------------------------------------------------------------ (b) PyInstaller
step "5/7 PyInstaller is available"
if ! "$PY" -m PyInstaller --version >/dev/null 2>&1; then
  "$PY" -m pip install -q 'pyinstaller>=6.0' || fail "pip install pyinstaller"
fi
"$PY" -m PyInstaller --version

step "6/7 pyinstaller build.spec"
start_s="$(now_s)"
"$PY" -m PyInstaller --noconfirm --clean --log-level WARN build.spec || fail "pyinstaller build.spec"
end_s="$(now_s)"
BUNDLE="$ROOT/dist/uno-desktop"
[ -x "$BUNDLE/uno-desktop" ] || fail "no executable at $BUNDLE/uno-desktop"
"$PY" -c "print(f'  built in {$end_s - $start_s:.1f} s')"
# Issue 27: the one-folder bundle stays at most MAX_BUNDLE_MB (du's MiB, rounded up).
MAX_BUNDLE_MB="${MAX_BUNDLE_MB:-80}"
size_mb="$(du -sm "$BUNDLE" | cut -f1)"
echo "  size ${size_mb} MB (at most ${MAX_BUNDLE_MB} MB)"
[ "$size_mb" -le "$MAX_BUNDLE_MB" ] || fail "the bundle is ${size_mb} MB, over ${MAX_BUNDLE_MB} MB"

step "7/7 run the bundle from another folder: uno-desktop $SMOKE_ARGS"
mkdir -p "$TMP/run-bundle"
(
  cd "$TMP/run-bundle"
  timeout "$RUN_TIMEOUT_S" "$BUNDLE/uno-desktop" "${SMOKE[@]}"
) || fail "the PyInstaller bundle did not run (uno-desktop $SMOKE_ARGS)"
(
  cd "$TMP/run-bundle"
  "$PY" "$ROOT/packaging/phone_check.py" "$BUNDLE/uno-desktop" --timeout-s "$RUN_TIMEOUT_S"
) || fail "the PyInstaller bundle does not serve the phone page (uno-desktop --phones 1)"

step "all good"
