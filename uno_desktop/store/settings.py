"""What the player sets (volume, window, language, the last table's choices), kept in
settings.json by `uno_desktop.store.storage`.

Every number is brought into range on construction and every field is read back on its
own (`Settings.from_dict`), so one bad field in a hand-edited file costs that field only.
The small checks here (`parse_int`, `parse_text`, `parse_seats`, ...) also read the
statistics. Pure Python; no pygame, no files.

Read before the first frame, so light: the remembered target score and Wild Customizable
rule are checked against the rule options' ranges, and those (with the engine's rules)
are imported only when the file holds such a value or one is written; a
remembered preset is checked by name alone (`rules.preset_names`, the one name check),
and read as a preset only when a table is made.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..play.names import MAX_NAME_CHARS, is_seat_name
from ..play.seats import MAX_PLAYERS, MIN_PLAYERS, SeatKind, is_given_name
from ..rules.preset_names import is_preset_name

if TYPE_CHECKING:
    from ..engine.rules import CustomRule
    from ..rules.options import Option


@dataclasses.dataclass(frozen=True)
class SeatSetting:
    """One seat as the new-game screen remembers it. An empty `name` is the name the game
    gives the seat by itself ("You", "Computer 1"): it is written out when shown, in the
    language of that moment (`seats.shown_names`), never saved in one language."""

    name: str = ""
    kind: SeatKind = SeatKind.NORMAL

    def __post_init__(self) -> None:
        # Accept the plain text too ("hard"), so callers need not import the enum.
        object.__setattr__(self, "kind", SeatKind(self.kind))

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind.value}


MIN_SEATS, MAX_SEATS = MIN_PLAYERS, MAX_PLAYERS

VOLUME_RANGE = (0.0, 1.0)
ANIMATION_SPEED_RANGE = (0.25, 4.0)
THINK_TIME_S_RANGE = (0.0, 3.0)
UI_SCALE_RANGE = (0.75, 2.0)
#: animation speeds offered in the Settings screen (1.0 = normal)
ANIMATION_SPEEDS: tuple[float, ...] = (0.5, 1.0, 1.5, 2.0, 4.0)
#: computer thinking times offered in the Settings screen, in seconds
THINK_TIMES_S: tuple[float, ...] = (0.3, 0.6, 0.8, 1.2, 2.0)
#: UI sizes offered in the Settings screen
UI_SCALES: tuple[float, ...] = (0.85, 1.0, 1.15, 1.3)
MIN_WINDOW_SIZE = (800, 500)
MAX_WINDOW_SIZE = (7680, 4320)
LANGUAGE_CODES = ("en", "sv")


def default_seats() -> tuple[SeatSetting, ...]:
    """You and three computer players of normal strength, each with the game's own name."""
    return (SeatSetting("", SeatKind.HUMAN), *(SeatSetting("", SeatKind.NORMAL) for _n in range(3)))


def _clamp(value: float, bounds: tuple[float, float]) -> float:
    return min(max(value, bounds[0]), bounds[1])


def fit_window_size(size: tuple[int, int], screen: tuple[int, int] | None) -> tuple[int, int]:
    """A remembered window size that fits the screen it opens on (and MIN/MAX_WINDOW_SIZE):
    a size saved on a big monitor must not open off the edges of a laptop's."""
    w, h = size
    if screen is not None and screen[0] > 0 and screen[1] > 0:
        w, h = min(w, screen[0]), min(h, screen[1])
    return (
        int(_clamp(w, (MIN_WINDOW_SIZE[0], MAX_WINDOW_SIZE[0]))),
        int(_clamp(h, (MIN_WINDOW_SIZE[1], MAX_WINDOW_SIZE[1]))),
    )


@dataclasses.dataclass(frozen=True)
class Settings:
    """Everything the player sets. Numbers are kept in range on construction, so a UI
    slider that overshoots can never store a value the rest of the game cannot use."""

    volume: float = 0.8
    #: the soft music loop's own volume; 0 (the default) is off
    music_volume: float = 0.0
    animation_speed: float = 1.0
    think_time_s: float = 0.8
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    #: the player sized the window (a resize, kept at quit); until then the first window
    #: is the largest that fits the screen it opens on (ui/window_fit.py)
    window_size_chosen: bool = False
    colorblind: bool = False
    language: str | None = None  # None: follow the system
    ui_scale: float = 1.0
    last_preset: str = "official"
    last_seats: tuple[SeatSetting, ...] = dataclasses.field(default_factory=default_seats)
    last_target_score: int | None = None
    custom_rule: CustomRule | None = None
    #: the first-game tutorial was offered (and answered) on the title once
    tutorial_offered: bool = False
    last_hints: bool = True  # New game: hints allowed, or "No hints: a serious match"

    def __post_init__(self) -> None:
        for name, bounds in _FLOAT_FIELDS.items():
            value = getattr(self, name)
            if not isinstance(value, int | float) or not math.isfinite(value):
                value = _FIELD_DEFAULTS[name]
            object.__setattr__(self, name, float(_clamp(float(value), bounds)))
        w, h = self.window_size
        object.__setattr__(self, "window_size", fit_window_size((int(w), int(h)), None))
        object.__setattr__(self, "last_seats", tuple(self.last_seats))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form stored in settings.json (lists and plain strings only)."""
        rule = self.custom_rule
        return {
            "volume": self.volume,
            "music_volume": self.music_volume,
            "animation_speed": self.animation_speed,
            "think_time_s": self.think_time_s,
            "fullscreen": self.fullscreen,
            "window_size": list(self.window_size),
            "window_size_chosen": self.window_size_chosen,
            "colorblind": self.colorblind,
            "language": self.language,
            "ui_scale": self.ui_scale,
            "last_preset": self.last_preset,
            "last_seats": [seat.to_dict() for seat in self.last_seats],
            "last_target_score": self.last_target_score,
            "custom_rule": None if rule is None else _option("custom_rule").to_json(rule),
            "tutorial_offered": self.tutorial_offered,
            "last_hints": self.last_hints,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], bad_keys: list[str] | None = None) -> Settings:
        """Settings from their JSON form, field by field: a missing field takes its default
        silently (an older file), an unusable one takes its default and its key is appended
        to `bad_keys`; unknown keys are ignored (a newer file of the same version)."""
        values: dict[str, Any] = {}
        for key, parse in _FIELD_PARSERS.items():
            if key not in data:
                continue
            try:
                values[key] = parse(data[key])
            except (TypeError, ValueError):
                if bad_keys is not None:
                    bad_keys.append(key)
        return cls(**values)


_FLOAT_FIELDS: dict[str, tuple[float, float]] = {
    "volume": VOLUME_RANGE,
    "music_volume": VOLUME_RANGE,
    "animation_speed": ANIMATION_SPEED_RANGE,
    "think_time_s": THINK_TIME_S_RANGE,
    "ui_scale": UI_SCALE_RANGE,
}
_FIELD_DEFAULTS: dict[str, Any] = {
    f.name: f.default for f in dataclasses.fields(Settings) if f.default is not dataclasses.MISSING
}


def _parse_float(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError("expected a number")
    if not math.isfinite(value):
        raise ValueError("expected a finite number")
    return float(value)


def parse_bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("expected true or false")
    return value


def parse_int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("expected a whole number")
    return value


def _parse_window_size(value: Any) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise TypeError("expected [width, height]")
    return (parse_int(value[0]), parse_int(value[1]))


def _parse_language(value: Any) -> str | None:
    if value is None:
        return None
    if value not in LANGUAGE_CODES:
        raise ValueError("unknown language")
    return str(value)


def parse_text(value: Any, max_chars: int = 1000) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > max_chars:
        raise TypeError("expected a non-empty text")
    return value


def _parse_seat_kind(value: Any) -> SeatKind:
    if not isinstance(value, Mapping):
        raise TypeError("expected a seat")
    kind = SeatKind.parse(value.get("kind"))
    if kind is None:
        raise TypeError("expected a seat kind")
    return kind


def parse_seat(value: Any) -> SeatSetting:
    """A seat of a finished match in the history: a name (one `names.is_seat_name`
    accepts) and a kind."""
    kind = _parse_seat_kind(value)
    name = value.get("name")
    if not is_seat_name(name):
        raise ValueError("a seat's name no screen can show")
    return SeatSetting(name, kind)


def _parse_remembered_seat(value: Any) -> SeatSetting:
    """A seat New game remembers. No name, or a name the game gave by itself in any
    language (a file written before such names were kept as no text), is the game's own
    name, shown in the language of the moment."""
    kind = _parse_seat_kind(value)
    name = value.get("name", "")
    if name == "" or (isinstance(name, str) and is_given_name(name)):
        return SeatSetting("", kind)
    if not is_seat_name(name):
        raise TypeError("expected a name a screen can show")
    return SeatSetting(name, kind)


def parse_seats(
    value: Any, parse: Callable[[Any], SeatSetting] = parse_seat
) -> tuple[SeatSetting, ...]:
    if not isinstance(value, list | tuple) or not MIN_SEATS <= len(value) <= MAX_SEATS:
        raise TypeError("expected a list of seats")
    return tuple(parse(item) for item in value)


def _option(name: str) -> Option:
    """The rule option `name`, its module imported now (see the module's docstring)."""
    from ..rules.options import option

    return option(name)


def _parse_target_score(value: Any) -> int | None:
    """The remembered target score, in the preset reader's range."""
    if value is None:
        return None
    score: int = _option("target_score").from_json(value)
    return score


def _parse_custom_rule(value: Any) -> CustomRule | None:
    """The remembered Wild Customizable rule, with the preset reader's ranges."""
    if value is None:
        return None
    rule: CustomRule = _option("custom_rule").from_json(value)
    return rule


def _parse_preset_name(value: Any) -> str:
    """A preset *name* (never a path: it is looked up in the presets folders)."""
    if not is_preset_name(value):
        raise ValueError("expected a preset name")
    name: str = value
    return name


_FIELD_PARSERS: dict[str, Callable[[Any], Any]] = {
    "volume": _parse_float,
    "music_volume": _parse_float,
    "animation_speed": _parse_float,
    "think_time_s": _parse_float,
    "fullscreen": parse_bool,
    "window_size": _parse_window_size,
    "window_size_chosen": parse_bool,
    "colorblind": parse_bool,
    "language": _parse_language,
    "ui_scale": _parse_float,
    "last_preset": _parse_preset_name,
    "last_seats": lambda value: parse_seats(value, _parse_remembered_seat),
    "last_target_score": _parse_target_score,
    "custom_rule": _parse_custom_rule,
    "tutorial_offered": parse_bool,
    "last_hints": parse_bool,
}


__all__ = [
    "ANIMATION_SPEED_RANGE",
    "LANGUAGE_CODES",
    "MAX_NAME_CHARS",
    "MAX_SEATS",
    "MAX_WINDOW_SIZE",
    "MIN_SEATS",
    "MIN_WINDOW_SIZE",
    "THINK_TIME_S_RANGE",
    "UI_SCALE_RANGE",
    "VOLUME_RANGE",
    "SeatKind",
    "SeatSetting",
    "Settings",
    "default_seats",
    "fit_window_size",
    "parse_bool",
    "parse_int",
    "parse_seat",
    "parse_seats",
    "parse_text",
]
