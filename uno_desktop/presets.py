"""Rule presets: documented YAML files turned into validated `RuleSet` values.

Built-in presets live in `rules_presets/` (found with `resources.presets_path()`); players
keep their own in `paths.user_presets_dir()`. A file may `extends:` another preset and
change only a few options. Files are read with PyYAML's safe composer, so nothing in a
file can run code, and every node keeps its line number: a mistake is reported as
`<file>: line <n>: <option>: <what is wrong>` so a parent can fix it in a text editor.
A broken user preset is listed as an error and skipped; it never stops the game.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from .engine.cards import COLORED_RANKS, NUMBER_RANKS, WILD_RANKS
from .engine.rules import CustomEffect, CustomRule, RuleSet, Scoring, Stacking

BUILTIN_NAMES: tuple[str, ...] = ("official", "family", "swedish", "party")
"""The built-in presets in menu order (any further files in rules_presets/ follow)."""

SUFFIX = ".yaml"

# Ranges: wide enough for any house rule, narrow enough to catch typos like 2000.
MAX_RANK_COUNT = 20  # per colour for coloured ranks, in total for wilds
MAX_CARD_VALUE = 500
MAX_HAND_SIZE = 30
MIN_PLAYERS, MAX_PLAYERS = 2, 10
MAX_PENALTY = 20
MAX_TARGET_SCORE = 100_000
MAX_CUSTOM_AMOUNT = 10
MAX_TITLE_CHARS = 80
MAX_DESCRIPTION_CHARS = 300
MAX_CUSTOM_TEXT_CHARS = 300

TOP_KEYS: tuple[str, ...] = (
    "name",
    "title",
    "description",
    "extends",
    "deck",
    "card_values",
    "hand_size",
    "players",
    "draw",
    "drawn_card",
    "stacking",
    "jump_in",
    "seven_zero",
    "wild_draw_four",
    "uno_penalty",
    "false_catch_penalty",
    "target_score",
    "scoring",
    "custom_rule",
)
PLAYERS_KEYS: tuple[str, ...] = ("min", "max")
WILD_DRAW_FOUR_KEYS: tuple[str, ...] = ("bluffing", "challenge", "innocent_extra")
CUSTOM_RULE_KEYS: tuple[str, ...] = ("text", "effect", "amount")
NUMBERS_SHORTHAND = "1-9"
DECK_KEYS: tuple[str, ...] = (*COLORED_RANKS, *WILD_RANKS, NUMBERS_SHORTHAND)
VALUE_KEYS: tuple[str, ...] = (*COLORED_RANKS, *WILD_RANKS)
DRAW_CHOICES: dict[str, bool] = {"one": False, "until_playable": True}
DRAWN_CARD_CHOICES: dict[str, bool] = {"play_or_keep": True, "keep": False}
AMOUNT_EFFECTS: frozenset[CustomEffect] = frozenset(
    {CustomEffect.OTHERS_DRAW, CustomEffect.NEXT_DRAWS_SKIPPED}
)

_TAG = "tag:yaml.org,2002:"


class PresetError(ValueError):
    """A preset cannot be used; the message names the file, line and option."""


@dataclasses.dataclass(frozen=True)
class PresetInfo:
    """One preset as the menu shows it."""

    name: str
    title: str
    description: str
    path: Path
    builtin: bool
    rules: RuleSet


@dataclasses.dataclass(frozen=True)
class PresetListing:
    """Every usable preset, plus one message per file that could not be used."""

    presets: tuple[PresetInfo, ...]
    errors: tuple[str, ...]

    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.presets)

    def get(self, name: str) -> PresetInfo | None:
        for p in self.presets:
            if p.name == name:
                return p
        return None


# ---------------------------------------------------------------- public API


def load_preset(name_or_path: str) -> RuleSet:
    """The rule set for a built-in name, a user preset name, or a path to a .yaml file.

    Raises `PresetError` (a `ValueError`) naming file, line and option on any problem.
    """
    return _load_file(_locate(name_or_path), ())


def list_presets() -> PresetListing:
    """Built-in presets, then the user's, each loaded and checked; broken ones become errors.

    Reads the folders every time it is called, so a file saved while the game runs shows up.
    """
    presets: list[PresetInfo] = []
    errors: list[str] = []
    builtin_dir = _builtin_dir()
    builtin_names = _builtin_names(builtin_dir)
    for name in builtin_names:
        _list_one(builtin_dir / f"{name}{SUFFIX}", True, presets, errors)
    user_dir = _user_dir()
    if user_dir.is_dir():
        for path in sorted(user_dir.glob(f"*{SUFFIX}"), key=lambda p: p.name.lower()):
            if not path.is_file():
                continue
            if path.stem in builtin_names:
                errors.append(
                    f"{path}: the name {path.stem!r} belongs to a built-in preset; rename the file"
                )
                continue
            _list_one(path, False, presets, errors)
    return PresetListing(tuple(presets), tuple(errors))


def _list_one(path: Path, builtin: bool, presets: list[PresetInfo], errors: list[str]) -> None:
    try:
        rules = _load_file(path, ())
    except PresetError as e:
        errors.append(str(e))
        return
    except Exception as e:  # a user's file must never stop the menu
        errors.append(f"{path}: cannot be used: {e}")
        return
    presets.append(PresetInfo(rules.name, rules.title, rules.description, path, builtin, rules))


# ---------------------------------------------------------------- finding files


def _builtin_dir() -> Path:
    from .resources import presets_path

    return presets_path()


def _user_dir() -> Path:
    from .paths import user_presets_dir

    return user_presets_dir()


def _builtin_names(folder: Path) -> tuple[str, ...]:
    others = sorted(p.stem for p in folder.glob(f"*{SUFFIX}") if p.stem not in BUILTIN_NAMES)
    return (*BUILTIN_NAMES, *others)


def _looks_like_path(text: str) -> bool:
    return text.lower().endswith((".yaml", ".yml")) or "/" in text or "\\" in text


def _locate(name_or_path: str, near: Path | None = None) -> Path:
    """The file for a preset name or path. `near`: the folder of a file that extends it."""
    if _looks_like_path(name_or_path):
        path = Path(name_or_path)
        if near is not None and not path.is_absolute():
            path = near / path
        if not path.is_file():
            raise PresetError(f"{name_or_path}: no such preset file")
        return path
    found = _find_by_name(name_or_path, near)
    if found is None:
        raise PresetError(f"unknown preset {name_or_path!r}; {_known_names_text()}")
    return found


def _find_by_name(name: str, near: Path | None) -> Path | None:
    builtin = _builtin_dir() / f"{name}{SUFFIX}"
    if builtin.is_file():
        return builtin
    folders = [near] if near is not None else []
    folders.append(_user_dir())
    for folder in folders:
        candidate = folder / f"{name}{SUFFIX}"
        if candidate.is_file():
            return candidate
    return None


def _known_names_text() -> str:
    builtin = ", ".join(_builtin_names(_builtin_dir()))
    user_dir = _user_dir()
    users = sorted(p.stem for p in user_dir.glob(f"*{SUFFIX}")) if user_dir.is_dir() else []
    text = f"built-in presets: {builtin}"
    if users:
        text += "; your presets: " + ", ".join(users)
    return text


# ---------------------------------------------------------------- reading one file


def _load_file(path: Path, chain: tuple[Path, ...]) -> RuleSet:
    """Parse, check and build one file; `chain` holds the files extending it (cycles)."""
    import yaml

    where = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise PresetError(f"{where}: cannot read the file: {e}") from e
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark is not None else 1
        problem = ", ".join(t for t in (e.context, e.problem) if t) or "cannot be read"
        if problem == "mapping values are not allowed here":
            problem += " (put text containing ': ' in quotes)"
        raise PresetError(f"{where}: line {line}: YAML syntax error: {problem}") from e
    except yaml.YAMLError as e:
        raise PresetError(f"{where}: line 1: YAML syntax error: {e}") from e
    if root is None or (_is_scalar(root) and _tag(root) == "null"):
        raise PresetError(
            f"{where}: line 1: the file is empty; write options like 'stacking: none'"
        )
    if not isinstance(root, yaml.MappingNode):
        raise PresetError(
            f"{where}: line {_line(root)}: expected options as 'key: value' lines "
            f"at the top level; got {_shown(root)}"
        )
    return _Reader(path, chain).build(root)


def _tag(node: object) -> str:
    tag: str = node.tag  # type: ignore[attr-defined]
    return tag[len(_TAG) :] if tag.startswith(_TAG) else tag


def _is_scalar(node: object) -> bool:
    import yaml

    return isinstance(node, yaml.ScalarNode)


def _line(node: object) -> int:
    return int(node.start_mark.line) + 1  # type: ignore[attr-defined]


def _shown(node: object) -> str:
    """How a value is quoted in a message: numbers bare, other scalars in quotes."""
    import yaml

    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    tag = _tag(node)
    if tag == "null":
        return "nothing"
    raw = str(node.value)  # type: ignore[attr-defined]
    if tag in ("int", "float"):
        return raw
    return f"'{raw}'"


def _suggest(key: str, allowed: Sequence[str]) -> str | None:
    by_lower = {a.lower(): a for a in allowed}
    if key.lower() in by_lower:
        return by_lower[key.lower()]
    close = difflib.get_close_matches(key.lower(), list(by_lower), n=1, cutoff=0.6)
    return by_lower[close[0]] if close else None


Node = object  # a yaml.Node; kept loose so PyYAML is imported only when reading a file
Entries = dict[str, tuple[Node, Node]]


class _Reader:
    """Turns the nodes of one file into a RuleSet, failing at the first problem."""

    def __init__(self, path: Path, chain: tuple[Path, ...]) -> None:
        self.path = path
        self.where = str(path)
        self.chain = chain

    # -- messages

    def fail(self, node: Node, key: str, problem: str) -> NoReturn:
        raise PresetError(f"{self.where}: line {_line(node)}: {key}: {problem}")

    # -- typed values

    def mapping(self, node: Node, key: str, allowed: Sequence[str], what: str) -> Entries:
        """The entries of a mapping node, refusing unknown and repeated keys."""
        import yaml

        if not isinstance(node, yaml.MappingNode):
            self.fail(node, key or "(top level)", f"expected {what}; got {_shown(node)}")
        out: Entries = {}
        for k, v in node.value:
            if not isinstance(k, yaml.ScalarNode):
                self.fail(k, key or "(top level)", f"expected {what}; got {_shown(k)} as a key")
            name = str(k.value)
            full = f"{key}.{name}" if key else name
            if name not in allowed:
                hint = _suggest(name, allowed)
                if hint is not None:
                    self.fail(k, full, f"unknown option; did you mean '{hint}'?")
                self.fail(k, full, "unknown option; expected one of " + ", ".join(allowed))
            if name in out:
                self.fail(k, full, f"given twice (first on line {_line(out[name][0])})")
            out[name] = (k, v)
        return out

    def boolean(self, node: Node, key: str) -> bool:
        if not _is_scalar(node) or _tag(node) != "bool":
            self.fail(node, key, f"expected true or false; got {_shown(node)}")
        import yaml

        return bool(yaml.constructor.SafeConstructor().construct_yaml_bool(node))

    def integer(self, node: Node, key: str, low: int, high: int) -> int:
        expected = f"expected a whole number from {low} to {high}"
        if not _is_scalar(node) or _tag(node) != "int":
            self.fail(node, key, f"{expected}; got {_shown(node)}")
        import yaml

        value = int(yaml.constructor.SafeConstructor().construct_yaml_int(node))
        if not low <= value <= high:
            self.fail(node, key, f"{expected}; got {value}")
        return value

    def choice(self, node: Node, key: str, choices: Sequence[str]) -> str:
        if not _is_scalar(node) or _tag(node) != "str" or node.value not in choices:  # type: ignore[attr-defined]
            self.fail(node, key, f"expected one of {', '.join(choices)}; got {_shown(node)}")
        return str(node.value)  # type: ignore[attr-defined]

    def text(self, node: Node, key: str, max_chars: int) -> str:
        if not _is_scalar(node) or _tag(node) != "str":
            self.fail(node, key, f"expected text; got {_shown(node)}")
        value = str(node.value).strip()  # type: ignore[attr-defined]
        if not value:
            self.fail(node, key, "must not be empty")
        if len(value) > max_chars:
            self.fail(node, key, f"too long ({len(value)} characters; at most {max_chars})")
        return value

    # -- the file

    def build(self, root: Node) -> RuleSet:
        top = self.mapping(root, "", TOP_KEYS, "options as 'key: value' lines")
        base = self.base(top)
        stem = self.path.stem
        changes: dict[str, object] = {"name": stem}
        if "name" in top:
            name = self.text(top["name"][1], "name", MAX_TITLE_CHARS)
            if name != stem:
                self.fail(
                    top["name"][1], "name", f"must match the file name '{stem}'; got '{name}'"
                )
        changes["title"] = (
            self.text(top["title"][1], "title", MAX_TITLE_CHARS) if "title" in top else stem
        )
        changes["description"] = (
            self.text(top["description"][1], "description", MAX_DESCRIPTION_CHARS)
            if "description" in top
            else ""
        )
        self.scalars(top, changes)
        if "players" in top:
            self.players(top["players"][1], base, changes)
        if "wild_draw_four" in top:
            self.wild_draw_four(top["wild_draw_four"][1], changes)
        if "deck" in top:
            changes["deck"] = self.deck(top["deck"][1])
        if "card_values" in top:
            values = self.card_values(top["card_values"][1])
            changes["card_values"] = {**base.card_values, **values}
        if "custom_rule" in top:
            changes["custom_rule"] = self.custom_rule(top["custom_rule"][1])
        rules = base.replace(**changes)
        self.check_deck(top, rules)
        return rules

    def base(self, top: Entries) -> RuleSet:
        """The preset this file extends (the official rules when it names none)."""
        if "extends" not in top:
            return RuleSet()
        node = top["extends"][1]
        parent = self.text(node, "extends", MAX_TITLE_CHARS)
        try:
            path = _locate(parent, near=self.path.parent)
        except PresetError:
            self.fail(node, "extends", f"unknown preset '{parent}'; {_known_names_text()}")
        here = self.path.resolve()
        seen = (*self.chain, here)
        if path.resolve() in seen:
            names = [p.stem for p in seen[seen.index(path.resolve()) :]]
            self.fail(node, "extends", "cycle: " + " -> ".join([*names, path.stem]))
        return _load_file(path, seen)

    def scalars(self, top: Entries, changes: dict[str, object]) -> None:
        def node(key: str) -> Node:
            return top[key][1]

        if "hand_size" in top:
            changes["hand_size"] = self.integer(node("hand_size"), "hand_size", 1, MAX_HAND_SIZE)
        if "draw" in top:
            changes["draw_until_playable"] = DRAW_CHOICES[
                self.choice(node("draw"), "draw", tuple(DRAW_CHOICES))
            ]
        if "drawn_card" in top:
            changes["play_drawn"] = DRAWN_CARD_CHOICES[
                self.choice(node("drawn_card"), "drawn_card", tuple(DRAWN_CARD_CHOICES))
            ]
        if "stacking" in top:
            stacking = self.choice(node("stacking"), "stacking", [s.value for s in Stacking])
            changes["stacking"] = Stacking(stacking)
        for key in ("jump_in", "seven_zero"):
            if key in top:
                changes[key] = self.boolean(node(key), key)
        for key in ("uno_penalty", "false_catch_penalty"):
            if key in top:
                changes[key] = self.integer(node(key), key, 0, MAX_PENALTY)
        if "target_score" in top:
            changes["target_score"] = self.integer(
                node("target_score"), "target_score", 1, MAX_TARGET_SCORE
            )
        if "scoring" in top:
            scoring = self.choice(node("scoring"), "scoring", [s.value for s in Scoring])
            changes["scoring"] = Scoring(scoring)

    def players(self, node: Node, base: RuleSet, changes: dict[str, object]) -> None:
        entries = self.mapping(node, "players", PLAYERS_KEYS, "a mapping with min and max")
        low, high = base.min_players, base.max_players
        if "min" in entries:
            low = self.integer(entries["min"][1], "players.min", MIN_PLAYERS, MAX_PLAYERS)
        if "max" in entries:
            high = self.integer(entries["max"][1], "players.max", MIN_PLAYERS, MAX_PLAYERS)
        if low > high:
            where = entries["min"][1] if "min" in entries else entries["max"][1]
            self.fail(where, "players", f"min ({low}) is larger than max ({high})")
        changes["min_players"], changes["max_players"] = low, high

    def wild_draw_four(self, node: Node, changes: dict[str, object]) -> None:
        entries = self.mapping(
            node, "wild_draw_four", WILD_DRAW_FOUR_KEYS, "a mapping of Wild Draw Four options"
        )
        for key in ("bluffing", "challenge"):
            if key in entries:
                changes[key] = self.boolean(entries[key][1], f"wild_draw_four.{key}")
        if "innocent_extra" in entries:
            changes["challenge_innocent_extra"] = self.integer(
                entries["innocent_extra"][1], "wild_draw_four.innocent_extra", 0, MAX_PENALTY
            )

    def deck(self, node: Node) -> dict[str, int]:
        """The whole deck: ranks not listed have no cards; "1-9" sets every number 1 to 9."""
        import yaml

        if not isinstance(node, yaml.MappingNode):
            self.fail(node, "deck", f"expected a mapping of card kind to count; got {_shown(node)}")
        counts: dict[str, int] = {}
        shorthand: int | None = None
        seen: dict[str, Node] = {}
        for k, v in node.value:
            if not isinstance(k, yaml.ScalarNode):
                self.fail(k, "deck", f"expected a card kind as the key; got {_shown(k)}")
            rank = str(k.value)
            key = f"deck.{rank}"
            if rank not in DECK_KEYS:
                hint = _suggest(rank, DECK_KEYS)
                known = "0-9, 1-9, S, R, D2, W, W4, WS, WC"
                extra = f"; did you mean '{hint}'?" if hint else f"; expected one of {known}"
                self.fail(k, key, "unknown card kind" + extra)
            if rank in seen:
                self.fail(k, key, f"given twice (first on line {_line(seen[rank])})")
            seen[rank] = k
            count = self.integer(v, key, 0, MAX_RANK_COUNT)
            if rank == NUMBERS_SHORTHAND:
                shorthand = count
            else:
                counts[rank] = count
        deck: dict[str, int] = {}
        for rank in (*COLORED_RANKS, *WILD_RANKS):
            count = counts.get(rank)
            if count is None and shorthand is not None and rank in NUMBER_RANKS[1:]:
                count = shorthand
            if count:
                deck[rank] = count
        return deck

    def card_values(self, node: Node) -> dict[str, int]:
        entries = self.mapping(node, "card_values", VALUE_KEYS, "a mapping of card kind to points")
        return {
            rank: self.integer(v, f"card_values.{rank}", 0, MAX_CARD_VALUE)
            for rank, (_k, v) in entries.items()
        }

    def custom_rule(self, node: Node) -> CustomRule:
        """The whole rule for the Wild Customizable card (not merged with the base's)."""
        entries = self.mapping(
            node, "custom_rule", CUSTOM_RULE_KEYS, "a mapping with text, effect and amount"
        )
        if "text" not in entries:
            self.fail(node, "custom_rule", "needs a text (what the card says)")
        text = self.text(entries["text"][1], "custom_rule.text", MAX_CUSTOM_TEXT_CHARS)
        effect = CustomEffect.TEXT
        if "effect" in entries:
            effect = CustomEffect(
                self.choice(
                    entries["effect"][1], "custom_rule.effect", [e.value for e in CustomEffect]
                )
            )
        if effect in AMOUNT_EFFECTS:
            if "amount" not in entries:
                self.fail(
                    entries["effect"][1],
                    "custom_rule.amount",
                    f"effect {effect.value} needs an amount (cards to draw, "
                    f"1 to {MAX_CUSTOM_AMOUNT})",
                )
            amount = self.integer(entries["amount"][1], "custom_rule.amount", 1, MAX_CUSTOM_AMOUNT)
        else:
            if "amount" in entries:
                self.fail(
                    entries["amount"][0],
                    "custom_rule.amount",
                    f"effect {effect.value} uses no amount; remove it",
                )
            amount = CustomRule().amount
        return CustomRule(text=text, effect=effect, amount=amount)

    def check_deck(self, top: Entries, rules: RuleSet) -> None:
        """Refuse decks the engine cannot start a round with at the largest table."""
        size = rules.deck_size()
        dealt = rules.max_players * rules.hand_size
        key = next((k for k in ("deck", "hand_size", "players") if k in top), None)
        if key is None:  # nothing here changes the deck or the deal; the base was checked
            return
        node = top[key][0]
        starters = size - rules.deck.get("W4", 0)
        if starters == 0:
            self.fail(node, key, "only Wild Draw Four cards: no card can start the discard pile")
        if size < dealt + 1:
            self.fail(
                node,
                key,
                f"a deck of {size} cards cannot deal {rules.hand_size} cards to "
                f"{rules.max_players} players and turn a start card (needs {dealt + 1})",
            )
        if starters < dealt + 1:
            self.fail(
                node,
                key,
                f"only {starters} cards are not Wild Draw Four; dealing {rules.hand_size} "
                f"cards to {rules.max_players} players could leave no start card "
                f"(needs {dealt + 1})",
            )
