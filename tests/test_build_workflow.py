"""The hosted-runner build (.github/workflows/build.yml) and what build.spec needs on
Windows and macOS, checked here where neither can run: the workflow parses and has its
matrix and steps in order, and the Windows version resource reads as PyInstaller reads it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml

import uno_desktop

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"
sys.path.insert(0, str(ROOT / "packaging"))
import app_version  # noqa: E402


def _job() -> dict:
    doc = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    triggers = doc.get("on", doc.get(True))  # YAML 1.1 reads a bare `on` as true
    assert {"push", "pull_request", "workflow_dispatch"} <= set(triggers)
    (job,) = doc["jobs"].values()
    return job


def _step_index(steps: list[dict], words: str) -> int:
    found = [i for i, s in enumerate(steps) if words in str(s.get("run", s.get("uses", "")))]
    assert len(found) == 1, words
    return found[0]


def test_the_workflow_builds_on_linux_windows_and_macos_with_python_3_11():
    job = _job()
    assert set(job["strategy"]["matrix"]["os"]) == {
        "ubuntu-latest",
        "windows-latest",
        "macos-latest",
    }
    assert job["runs-on"] == "${{ matrix.os }}"
    assert job["strategy"]["fail-fast"] is False
    setup = job["steps"][_step_index(job["steps"], "actions/setup-python")]
    assert setup["with"]["python-version"] == "3.11"


def test_the_workflow_installs_builds_smokes_from_outside_the_tree_then_uploads():
    job = _job()
    steps = job["steps"]
    order = [
        _step_index(steps, "actions/checkout"),
        _step_index(steps, "pip install ."),
        _step_index(steps, "build.spec"),
        _step_index(steps, "--smoke"),
        _step_index(steps, "actions/upload-artifact"),
    ]
    assert order == sorted(order)
    smoke = steps[order[3]]["run"]
    assert 'cd "$RUNNER_TEMP/smoke"' in smoke  # the runner's temp folder, not the checkout
    for where in ("uno-desktop.exe", "UNO Desktop.app/Contents/MacOS/uno-desktop"):
        assert where in smoke
    assert job["env"]["SDL_VIDEODRIVER"] == job["env"]["SDL_AUDIODRIVER"] == "dummy"
    upload = steps[order[4]]
    assert upload["with"]["if-no-files-found"] == "error"


def test_the_spec_gives_each_system_its_icon_and_macos_an_app():
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert '"win32": "icon.ico"' in spec and '"darwin": "icon.icns"' in spec
    assert "BUNDLE(" in spec and 'name="UNO Desktop.app"' in spec
    assert spec.count("console=False") == 1  # one EXE, windowed everywhere
    for name in ("icon.ico", "icon.icns"):
        assert (ROOT / "assets" / name).is_file()


def test_the_windows_version_resource_carries_the_package_version():
    assert app_version.package_version() == uno_desktop.__version__
    made: dict[str, object] = {}

    # PyInstaller's classes (utils/win32/versioninfo.py), by their parameters: a wrong
    # keyword fails here as it would on Windows.
    def fixed(
        filevers=(0, 0, 0, 0),
        prodvers=(0, 0, 0, 0),
        mask=0x3F,
        flags=0,
        OS=0x40004,
        fileType=1,
        subtype=0,
        date=(0, 0),
    ):
        made["filevers"], made["prodvers"] = filevers, prodvers
        return "ffi"

    def string(name=None, val=None):
        made[name] = val
        return name

    def kids(kids=None):
        return kids

    def named(name=None, kids=None):
        return (name, kids)

    def info(ffi=None, kids=None):
        return ("VSVersionInfo", ffi, kids)

    names = {
        "VSVersionInfo": info,
        "FixedFileInfo": fixed,
        "StringFileInfo": kids,
        "StringTable": named,
        "StringStruct": string,
        "VarFileInfo": kids,
        "VarStruct": named,
    }
    text = app_version.version_file_text("2.10.3")
    assert eval(text, {"__builtins__": {}}, names)[0] == "VSVersionInfo"
    assert made["filevers"] == made["prodvers"] == (2, 10, 3, 0)
    assert made["FileVersion"] == made["ProductVersion"] == "2.10.3"
    assert made["OriginalFilename"] == "uno-desktop.exe"


def test_a_version_the_resource_cannot_hold_stops_the_build(tmp_path):
    init = tmp_path / "__init__.py"
    init.write_text('__version__ = "1.0rc1"\n', encoding="utf-8")
    with pytest.raises(SystemExit, match="__version__"):
        app_version.package_version(init)
