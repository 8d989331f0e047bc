"""The house's layers: every import in the package points down the list in docs/DESIGN.md
("Layers"), and the imports that run form no cycle."""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "uno_desktop"
DESIGN = ROOT / "docs" / "DESIGN.md"


@dataclass(frozen=True)
class Import:
    line: int
    target: str  # the module imported, dotted ("uno_desktop.play.match")
    type_only: bool  # under `if TYPE_CHECKING:`: never runs


@dataclass(frozen=True)
class Module:
    name: str  # dotted
    path: str  # inside the package, as DESIGN.md writes it ("play/match.py")
    imports: tuple[Import, ...]


def read_layers(design: str) -> list[list[str]]:
    """The numbered list under "## Layers": each layer's paths, top layer first."""
    section = design.split("## Layers", 1)[1].split("\n## ", 1)[0]
    items = re.findall(r"^\d+\. (.*?) — ", section, flags=re.MULTILINE)
    return [re.findall(r"`([^`]+)`", item) for item in items]


def _type_checking_lines(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def imports_of(source: str, name: str, is_package: bool, known: Iterable[str]) -> list[Import]:
    """Every import of a module of the package in `source`, functions' own included; a
    `from x import y` imports the module `x.y` when there is one, else `x`."""
    modules = set(known)
    tree = ast.parse(source)
    typing_only = _type_checking_lines(tree)
    package = name if is_package else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                for alias in node.names
            ]
        else:
            continue
        for target in dict.fromkeys(targets):
            while target and target not in modules and "." in target:
                target = target.rpartition(".")[0]  # `import a.b.c` of a name in a.b
            if target in modules and target != name:
                found.append(Import(node.lineno, target, node.lineno in typing_only))
    return found


def read_package(root: Path = PACKAGE) -> dict[str, Module]:
    files = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if is_package else parts)
        files[name] = (path, is_package)
    return {
        name: Module(
            name,
            path.relative_to(root).as_posix(),
            tuple(imports_of(path.read_text(encoding="utf-8"), name, is_package, files)),
        )
        for name, (path, is_package) in files.items()
    }


def layer_of(path: str, layers: Sequence[Sequence[str]]) -> int | None:
    """The layer (0 = top) whose most specific entry holds `path`: a file by its name, a
    room ("play/") by everything under it."""
    best: tuple[int, int] | None = None  # (length of the entry, layer)
    for index, entries in enumerate(layers):
        for entry in entries:
            holds = path.startswith(entry) if entry.endswith("/") else path == entry
            if holds and (best is None or len(entry) > best[0]):
                best = (len(entry), index)
    return None if best is None else best[1]


def upward_imports(modules: Mapping[str, Module], layers: Sequence[Sequence[str]]) -> list[str]:
    """Each import of a layer above the importer's own, as `file:line a -> b`."""
    found = []
    for module in modules.values():
        own = layer_of(module.path, layers)
        for imp in module.imports:
            theirs = layer_of(modules[imp.target].path, layers)
            if own is not None and theirs is not None and theirs < own:
                found.append(
                    f"uno_desktop/{module.path}:{imp.line} {module.name} -> {imp.target} "
                    f"(layer {own + 1} imports layer {theirs + 1})"
                )
    return found


def cycles(modules: Mapping[str, Module]) -> list[list[str]]:
    """The import cycles among the imports that run: strongly connected groups of more
    than one module (Tarjan's algorithm, without recursion)."""
    edges = {
        name: sorted({i.target for i in m.imports if not i.type_only})
        for name, m in modules.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups = []
    for start in edges:
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, next_edge = work.pop()
            if next_edge == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            for i in range(next_edge, len(edges[node])):
                other = edges[node][i]
                if other not in index:
                    work.append((node, i + 1))
                    work.append((other, 0))
                    break
                if other in on_stack:
                    low[node] = min(low[node], index[other])
            else:
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
    return groups


@functools.cache
def design_layers() -> list[list[str]]:
    return read_layers(DESIGN.read_text(encoding="utf-8"))


def test_design_lists_the_layers_top_to_bottom():
    layers = design_layers()
    assert layers[0] == ["__main__.py", "cli.py"]
    assert layers[-2] == ["engine/"]
    assert len(layers) > 10


def test_every_layer_entry_is_in_the_package():
    missing = [e for entries in design_layers() for e in entries if not (PACKAGE / e).exists()]
    assert missing == []


def test_every_module_has_a_layer():
    modules = read_package()
    assert [m.path for m in modules.values() if layer_of(m.path, design_layers()) is None] == []


def test_no_import_points_up_a_layer():
    assert upward_imports(read_package(), design_layers()) == []


def test_no_import_cycle_in_the_package():
    assert cycles(read_package()) == []


# --- the checks themselves can fail


def _fake_package(sources: Mapping[str, str]) -> dict[str, Module]:
    names = {
        f"uno_desktop.{p.removesuffix('.py').removesuffix('/__init__').replace('/', '.')}": p
        for p in sources
    }
    return {
        name: Module(
            name, path, tuple(imports_of(sources[path], name, path.endswith("__init__.py"), names))
        )
        for name, path in names.items()
    }


def test_an_import_inside_a_function_that_points_up_is_named_with_file_and_line():
    package = _fake_package(
        {
            "ui/app.py": "",
            "engine/game.py": "def f():\n    from ..ui.app import App\n",
        }
    )
    assert upward_imports(package, [["ui/"], ["engine/"]]) == [
        "uno_desktop/engine/game.py:2 uno_desktop.engine.game -> uno_desktop.ui.app "
        "(layer 2 imports layer 1)"
    ]


def test_a_type_only_import_that_points_up_is_named_too():
    package = _fake_package(
        {
            "ui/app.py": "",
            "engine/game.py": "if TYPE_CHECKING:\n    from uno_desktop.ui import app\n",
        }
    )
    assert len(upward_imports(package, [["ui/"], ["engine/"]])) == 1


def test_a_file_listed_lower_than_its_room_is_held_by_its_own_line():
    layers = [["play/"], ["view/"], ["play/seats.py"]]
    assert layer_of("play/match.py", layers) == 0
    assert layer_of("play/seats.py", layers) == 2


def test_two_modules_importing_each_other_when_run_are_a_cycle():
    package = _fake_package(
        {
            "play/match.py": "from .saved import read\n",
            "play/saved.py": "def read():\n    from . import match\n",
            "play/clock.py": "if TYPE_CHECKING:\n    from .match import Match\n",
        }
    )
    assert cycles(package) == [["uno_desktop.play.match", "uno_desktop.play.saved"]]


def test_a_loop_closed_only_by_a_type_only_import_is_not_a_cycle():
    package = _fake_package(
        {
            "ui/services.py": "from .navigation import Scenes\n",
            "ui/navigation.py": "def title():\n    from .title import Title\n",
            "ui/title.py": "if TYPE_CHECKING:\n    from .services import Services\n",
        }
    )
    assert cycles(package) == []


def main() -> None:
    """The house in figures: `.venv/bin/python -m tests.test_layers`."""
    modules = read_package()
    every = {
        name: Module(m.name, m.path, tuple(Import(i.line, i.target, False) for i in m.imports))
        for name, m in modules.items()
    }
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    print(f"modules at the package's top: {len(top)} ({', '.join(top)})")
    print(f"import cycles (imports that run): {len(cycles(modules))}")
    print(f"loops closed by type-only imports: {len(cycles(every))}")
    print(f"imports pointing up a layer: {len(upward_imports(modules, design_layers()))}")
    print(f"table_* files in ui/: {len(list((PACKAGE / 'ui').glob('table_*.py')))}")


if __name__ == "__main__":
    main()
