"""Rule presets. (Placeholder until the YAML loader lands: only the built-in official rules.)"""

from __future__ import annotations

from .engine.rules import OFFICIAL, RuleSet


def load_preset(name_or_path: str) -> RuleSet:
    if name_or_path == "official":
        return OFFICIAL
    raise KeyError(f"unknown preset {name_or_path!r}")
