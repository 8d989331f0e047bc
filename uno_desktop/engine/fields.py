"""The state's fields declared once: how a copy gets each, and its value in a blank game.

`Game` declares every field with `Annotated[type, Spec(...)]`; `state_functions` reads
that declaration and builds, as dataclasses builds `__init__`, three functions written
field by field (as fast as written out by hand): a blank game, a copy (`Game.clone`) and
the fields taken from an observation (`Game.from_observation`). A field added to `Game`
is thereby copied, blanked and observed without a second list to keep in step.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from typing import Any, NamedTuple, get_type_hints


class Copy(enum.Enum):
    """How `clone` gives a field to the copy (code; `{blank}` is the field's blank value)."""

    SAME = "self.{name}"  # a value, or a table never changed in place: the same object
    LIST = "self.{name}[:]"  # a list of values: a copy of the list
    LISTS = "[x[:] for x in self.{name}]"  # the hands: a copy of each list
    BLANK = "{blank}"  # the records: a copy starts without them


class Spec(NamedTuple):
    """What the declaration of a `Game` field says besides its type."""

    copy: Copy  # how a copy gets it
    blank: str  # its value in a blank game: code in terms of the tables `t`, seats `n`, `rng`
    seen: str | None = None  # the `Observation` attribute `from_observation` takes it from


SAME, LIST, LISTS, BLANK = Copy.SAME, Copy.LIST, Copy.LISTS, Copy.BLANK


def _compile(signature: str, body: list[str], namespace: dict[str, Any]) -> Any:
    """A function built from source, its globals `namespace` (the module of the class)."""
    source = f"def {signature}:\n" + "".join(f"    {line}\n" for line in body)
    built: dict[str, Any] = {}
    exec(source, namespace, built)
    return next(iter(built.values()))


def state_functions(
    cls: type, namespace: dict[str, Any]
) -> tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]:
    """Blank game `(t, rng)`, copy `(self, rng)` and observed fields `(g, obs)`, from the
    declaration of `cls`'s fields; `namespace` is the globals of `cls`'s module, where the
    blank values' code is read (and the built functions look their names up)."""
    hints = get_type_hints(cls, include_extras=True)
    fields = [(f.name, hints[f.name].__metadata__[0]) for f in dataclasses.fields(cls)]
    new = f"g = object.__new__({cls.__name__})"
    blank = _compile(
        "blank_game(t, rng)",
        [new, "n = t.players", *(f"g.{name} = {meta.blank}" for name, meta in fields), "return g"],
        namespace,
    )
    copy = _compile(
        "copied_game(self, rng)",
        [
            new,
            *(
                f"g.{name} = " + meta.copy.value.format(name=name, blank=meta.blank)
                for name, meta in fields
            ),
            "return g",
        ],
        namespace,
    )
    observed = _compile(
        "observed_fields(g, obs)",
        [
            f"g.{name} = " + ("list(obs.{})" if meta.copy is LIST else "obs.{}").format(seen)
            for name, meta in fields
            if (seen := meta.seen) is not None
        ],
        namespace,
    )
    return blank, copy, observed
