"""Where the user's files live. Computed when asked (never at import), so tests can
point XDG_* variables at a temporary folder first."""

from __future__ import annotations

from pathlib import Path

APP_NAME = "uno-desktop"


def data_dir() -> Path:
    """Statistics, saved match, user presets."""
    import platformdirs

    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def config_dir() -> Path:
    """Settings."""
    import platformdirs

    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def state_dir() -> Path:
    """Crash reports and logs."""
    import platformdirs

    return platformdirs.user_state_path(APP_NAME, appauthor=False)


def user_presets_dir() -> Path:
    """Players' own rule presets (*.yaml), shown beside the built-in ones."""
    return data_dir() / "presets"
