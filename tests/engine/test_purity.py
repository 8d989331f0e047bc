"""The engine is pure standard library: no pygame, no YAML, no platformdirs."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import uno_desktop.engine

ENGINE = Path(uno_desktop.engine.__file__).parent


def imported(source: str, package: str) -> list[str]:
    """Every module a file of `package` imports, relative imports resolved: `from .cards
    import Card` in uno_desktop.engine is uno_desktop.engine.cards, `from .. import
    storage` is uno_desktop.storage, `from ..presets import x` is uno_desktop.presets."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                found.append(node.module or "")
                continue
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1])  # one dot: the package
            if node.module:
                found.append(f"{base}.{node.module}")
            else:  # `from .. import storage`: each name may be a module
                found.extend(f"{base}.{alias.name}" for alias in node.names)
    return found


def foreign(modules: list[str], package: str) -> list[str]:
    """The modules that are neither the standard library nor inside `package`."""
    return [
        m
        for m in modules
        if m.split(".")[0] not in sys.stdlib_module_names
        and m != "__future__"
        and m != package
        and not m.startswith(package + ".")
    ]


def test_the_engine_imports_only_the_standard_library_and_itself() -> None:
    files = sorted(ENGINE.glob("*.py"))
    assert len(files) >= 7
    package = uno_desktop.engine.__name__
    bad = [
        f"{path.name}: {module}"
        for path in files
        for module in foreign(imported(path.read_text(encoding="utf-8"), package), package)
    ]
    assert bad == []


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("from ..presets import load_preset", "uno_desktop.presets"),
        ("from .. import storage", "uno_desktop.storage"),
        ("import pygame.display", "pygame.display"),
        ("from yaml import safe_load", "yaml"),
    ],
)
def test_the_purity_check_sees_imports_from_outside_the_engine(line: str, found: str) -> None:
    package = uno_desktop.engine.__name__
    modules = imported(line, package)
    assert modules == [found]
    assert foreign(modules, package) == [found]


def test_the_purity_check_lets_the_engine_import_itself() -> None:
    package = uno_desktop.engine.__name__
    source = "from .cards import Card\nfrom . import events\nfrom uno_desktop.engine import game"
    assert foreign(imported(source, package), package) == []


def test_importing_the_engine_loads_no_pygame_yaml_or_platformdirs() -> None:
    code = (
        "import sys, uno_desktop.engine\n"
        "bad = [m for m in ('pygame', 'yaml', 'platformdirs') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == ""
