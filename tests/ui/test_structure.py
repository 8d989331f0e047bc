"""How the UI is put together: one kit, scenes that never import each other, and a table
that can only learn the round through the match's per-seat API."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "uno_desktop"
UI = PACKAGE / "ui"


def _modules(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py"))


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def test_nothing_under_ui_reaches_the_live_game():
    reads = [
        f"{path.relative_to(UI)}:{node.lineno}"
        for path in _modules(UI)
        for node in ast.walk(_tree(path))
        if isinstance(node, ast.Attribute) and node.attr == "game"
    ]
    assert reads == []


def test_one_button_class_in_the_ui():
    buttons = [
        f"{path.relative_to(UI)}:{node.lineno}"
        for path in _modules(UI)
        for node in ast.walk(_tree(path))
        if isinstance(node, ast.ClassDef) and node.name == "Button"
    ]
    assert len(buttons) == 1 and buttons[0].startswith("kit/widgets.py"), buttons


def test_one_design_size_and_one_scale_function():
    sizes = []
    scalers = []
    for path in _modules(UI) + _modules(PACKAGE / "render"):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Constant) and node.value in (1280, 720):
                sizes.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
            if isinstance(node, ast.FunctionDef) and "scale" in node.name and "for" in node.name:
                scalers.append(f"{path.relative_to(PACKAGE)}:{node.name}")
    assert scalers == ["ui/kit/metrics.py:scale_for"]
    assert {s.split(":")[0] for s in sizes} == {"render/theme.py"}, sizes


def test_scenes_never_import_each_other():
    """A scene opens another through `services.scenes`; only navigation.py knows them all."""
    found = []
    for path in _modules(UI / "scenes"):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom) and (
                (node.module or "").startswith("uno_desktop.ui.scenes") or node.level
            ):
                found.append(f"{path.name} imports {node.module}")
    assert found == []


def test_the_table_painter_imports_nothing_from_the_scenes():
    tree = _tree(UI / "table" / "paint" / "painter.py")
    modules = [
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    ]
    assert not [m for m in modules if "scenes" in m]


def test_the_table_is_given_a_table_source_not_a_match():
    """The table's constructor takes the per-seat API type, so mypy rejects any read of
    the live game inside it."""
    tree = _tree(UI / "table" / "scene.py")
    init = next(
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
        and node.name == "__init__"
        and any(a.arg == "match" for a in node.args.args)
    )
    match_arg = next(a for a in init.args.args if a.arg == "match")
    assert ast.unparse(match_arg.annotation) == "TableSource"  # type: ignore[arg-type]
