"""The engine is pure standard library: no pygame, no YAML, no platformdirs."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import uno_desktop.engine

ENGINE = Path(uno_desktop.engine.__file__).parent


def _imports(path: Path) -> list[tuple[int, str | None]]:
    """(level, top-level module) for every import in a file."""
    found: list[tuple[int, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((0, alias.name.split(".")[0]) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module.split(".")[0] if node.module else None))
    return found


def test_the_engine_imports_only_the_standard_library_and_itself() -> None:
    files = sorted(ENGINE.glob("*.py"))
    assert len(files) >= 7
    bad = [
        f"{path.name}: {module}"
        for path in files
        for level, module in _imports(path)
        if level == 0 and module not in sys.stdlib_module_names and module != "__future__"
    ]
    assert bad == []


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
