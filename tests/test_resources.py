"""The resource finder: one answer for a checkout, a wheel and a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from uno_desktop import resources
from uno_desktop.resources import asset, data_path, presets_path

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def checkout_only(monkeypatch):
    """Not frozen, whatever the test runner is."""
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)


@pytest.mark.usefixtures("checkout_only")
def test_checkout_finds_the_assets_folder():
    assert data_path("assets") == REPO_ROOT / "assets"


@pytest.mark.usefixtures("checkout_only")
def test_checkout_finds_the_rules_presets_folder():
    assert presets_path() == REPO_ROOT / "rules_presets"


@pytest.mark.usefixtures("checkout_only")
def test_asset_joins_parts_under_the_assets_folder():
    assert asset("sounds", "uno.wav") == REPO_ROOT / "assets" / "sounds" / "uno.wav"
    assert asset("sounds", "uno.wav").is_file()


def test_pyinstaller_bundle_folder_wins(tmp_path, monkeypatch):
    for name in ("assets", "rules_presets"):
        (tmp_path / name).mkdir()
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert data_path("assets") == tmp_path / "assets"
    assert presets_path() == tmp_path / "rules_presets"


def test_bundle_without_the_folder_falls_back_to_the_checkout(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert data_path("assets") == REPO_ROOT / "assets"


def test_wheel_data_folder_is_found_next_to_the_package(tmp_path, monkeypatch):
    pkg = tmp_path / "site-packages" / "uno_desktop"
    (pkg / "_data" / "assets").mkdir(parents=True)
    monkeypatch.setattr(resources, "__file__", str(pkg / "resources.py"))
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert data_path("assets") == pkg / "_data" / "assets"


def test_missing_folder_error_names_every_place_looked(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    with pytest.raises(FileNotFoundError) as err:
        data_path("no_such_folder")
    message = str(err.value)
    assert "no_such_folder" in message
    for place in (
        tmp_path / "no_such_folder",
        REPO_ROOT / "uno_desktop" / "_data" / "no_such_folder",
        REPO_ROOT / "no_such_folder",
    ):
        assert str(place) in message
