"""Where the round's events are read: the engine that makes them, and the view package.

A new event type (7-0's HandsSwapped was one) is written into the engine and read in
`view/`: the fold, the narration and the redaction. The bots read the fold's facts, the
table reads the seat view and the narration; none of them names an event type.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "uno_desktop"

#: the only modules that may name an event type's meaning
READERS = {
    "engine/events.py",
    "engine/game.py",
    "view/fold.py",
    "view/narration.py",
    "view/redaction.py",
}


#: the table scene's files still read events themselves until the lead rewires them onto
#: the seat view and the narration at the merge of issue 23
@functools.cache
def _names(path: Path) -> frozenset[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    found |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found |= {a.name for a in node.names}
    return frozenset(found)


def _modules_naming(name: str) -> set[str]:
    return {
        str(path.relative_to(PACKAGE))
        for path in sorted(PACKAGE.rglob("*.py"))
        if name in _names(path)
    }


def test_an_event_that_moves_hands_is_named_only_by_the_engine_and_the_view():
    for event in ("HandsSwapped", "HandsRotated"):
        assert _modules_naming(event) <= READERS, event


def test_the_bots_read_facts_not_events():
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in sorted((PACKAGE / "ai").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("engine.events")
    ]
    assert offenders == []


def test_the_view_package_is_pure_and_sits_just_above_the_engine():
    """No pygame, and nothing from the layers above (match, ai, ui, storage): the phone
    server and the bots can both import it."""
    allowed = (
        "uno_desktop.engine",
        "uno_desktop.lang.i18n",
        "uno_desktop.lang.card_names",
        "uno_desktop.play.seats",
    )
    found = []
    for path in sorted((PACKAGE / "view").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules: list[str] = []
            if isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                modules = [node.module or ""]
            for module in modules:
                if module.startswith("uno_desktop") and not module.startswith(allowed):
                    found.append(f"{path.name}: {module}")
                if module.startswith("pygame"):
                    found.append(f"{path.name}: {module}")
    assert found == []


def test_no_package_module_is_over_a_thousand_lines_and_the_table_scene_over_five_hundred():
    lengths = {
        str(path.relative_to(PACKAGE)): len(path.read_text(encoding="utf-8").splitlines())
        for path in PACKAGE.rglob("*.py")
    }
    assert {name: n for name, n in lengths.items() if n > 1000} == {}
    table_parts = {
        n: k for n, k in lengths.items() if n.startswith(("ui/table", "ui/scenes/table"))
    }
    assert {name: n for name, n in table_parts.items() if n > 500} == {}


def test_the_phones_read_the_seat_view_and_name_no_event_type():
    """A phone is one more reader of the seat view: what its message says is read from a
    `SeatView`, never worked out from an event or the engine's phase."""
    from typing import get_args

    from uno_desktop.engine.events import Event

    event_types = {t.__name__ for t in get_args(Event)}
    named = {
        str(path.relative_to(PACKAGE)): sorted(_names(path) & event_types)
        for path in sorted((PACKAGE / "phones").glob("*.py"))
    }
    assert {name: types for name, types in named.items() if types} == {}
    assert {"Observation", "Phase"} & _names(PACKAGE / "phones" / "wire.py") == set()
