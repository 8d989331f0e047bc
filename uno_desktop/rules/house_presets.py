"""A family's own rules: start from a preset, change options, check them, play them, and
save them by name as a user preset file (the Rules screen and `uno-desktop preset` both
use this module, so both check and write the same way).

Changes are a mapping of preset key ("stacking", "wild_draw_four.challenge", "deck") to
the RuleSet field's value (`Stacking.MIXED`, False, a card kind -> count mapping, a
`CustomRule`). Every check goes through the preset file reader itself: the changes are
written out as the file they would be and read back (in memory, `presets.read_preset_text`),
so the screen refuses exactly what the file would be refused for, with the same words.

A saved preset is a file in the user presets folder written like the built-in ones:
its `title:` (the name a family gave it), `extends:` the preset it started from, and
only the options that differ from that preset, each under its one-line explanation. The
file name is a slug of the title ("Grandma's rules" -> grandmas-rules.yaml), never a
path taken from input.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import unicodedata
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..engine.cards import COLORED_RANKS
from ..engine.rules import CustomEffect, CustomRule, RuleSet
from ..lang.i18n import N_, _
from .options import (
    AMOUNT_EFFECTS,
    CUSTOM_AMOUNT_LABEL,
    CUSTOM_AMOUNT_RANGE,
    DECK_RANKS,
    EFFECT_LABELS,
    MAX_CUSTOM_TEXT_CHARS,
    MAX_DESCRIPTION_CHARS,
    MAX_TITLE_CHARS,
    Kind,
    Option,
    Section,
)
from .preset_text import Changes, editable_options, preset_text, yaml_text
from .preset_yaml import read_text
from .presets import (
    BUILTIN_NAMES,
    PresetError,
    PresetInfo,
    extends_of,
    list_presets,
    load_named_preset,
    read_preset_text,
    user_presets_folder,
)

__all__ = [
    "Changes",
    "Choice",
    "Control",
    "Draft",
    "Part",
    "RuleProblem",
    "RulesRefused",
    "build_rules",
    "change",
    "check",
    "check_title",
    "controls",
    "delete",
    "duplicate",
    "editable_options",
    "find_preset",
    "list_user_presets",
    "load_draft",
    "open_presets_folder",
    "option_by_key",
    "preset_text",
    "presets_folder",
    "rename",
    "save",
    "slug",
]

MAX_SLUG_CHARS = 40
"""The longest file name (without .yaml) a saved preset gets."""
PROBE_NAME = "_unsaved_"
"""The file name changes are read under before they are saved (no slug has a '_')."""


# ---------------------------------------------------------------- what a screen shows


@dataclasses.dataclass(frozen=True)
class Choice:
    """One value a CHOICE (or the custom rule's effect) offers: the field value, the word
    a file writes, and the label a control shows (current language)."""

    value: object
    word: str
    label: str


@dataclasses.dataclass(frozen=True)
class Part:
    """One entry of an option made of several values (a deck, card points, the Wild
    Customizable rule): `key` is where a file writes it ("deck.WS", "custom_rule.text")."""

    key: str
    label: str
    kind: Kind  # COUNT, TEXT or CHOICE
    value: object
    low: int = 0
    high: int = 0
    note: str = ""  # "per colour" / "in total" for a deck count
    choices: tuple[Choice, ...] = ()
    used: bool = True  # False: the custom rule's amount for an effect that uses none


@dataclasses.dataclass(frozen=True)
class Control:
    """Everything a screen needs to draw one option's control, in the current language:
    its declaration (`option`), the value the changes give it and the base's value."""

    option: Option
    label: str
    explain: str
    value: object
    base_value: object
    choices: tuple[Choice, ...] = ()
    parts: tuple[Part, ...] = ()

    @property
    def key(self) -> str:
        return self.option.key

    @property
    def kind(self) -> Kind:
        return self.option.kind

    @property
    def section(self) -> Section | None:
        return self.option.section

    @property
    def low(self) -> int:
        return self.option.low

    @property
    def high(self) -> int:
        return self.option.high

    @property
    def step(self) -> int:
        return self.option.step

    @property
    def changed(self) -> bool:
        return not _same(self.option, self.value, self.base_value)


@dataclasses.dataclass(frozen=True)
class RuleProblem:
    """Why a change is refused: the option (as a file writes it) and the reason, which
    names the value and what is allowed."""

    key: str
    reason: str

    def __str__(self) -> str:
        return f"{self.key}: {self.reason}"


class RulesRefused(ValueError):
    """Changes (or a name) that cannot be saved or played; `problems` says why."""

    def __init__(self, problems: list[RuleProblem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


@dataclasses.dataclass(frozen=True)
class Draft:
    """A preset as the Rules screen edits it: the name shown, the preset it starts from
    and what it changes there. A built-in preset is its own base with no changes."""

    title: str
    base: str
    changes: dict[str, object]
    description: str = ""
    name: str = ""  # the preset this draft was loaded from ("" for a new one)


_OPTION_BY_KEY: dict[str, Option] = {}


def option_by_key(key: str) -> Option | None:
    """The declaration of the editable option a file writes as `key`."""
    if not _OPTION_BY_KEY:
        _OPTION_BY_KEY.update({o.key: o for o in editable_options()})
    return _OPTION_BY_KEY.get(key)


def controls(base_name: str, changes: Changes | None = None) -> tuple[Control, ...]:
    """A control for every editable option, in declaration order: the value the base
    preset with `changes` has, its range or choices, and its words (current language).
    Raises PresetError when the base preset cannot be loaded."""
    base = load_named_preset(base_name)
    changes = changes or {}
    out = []
    for opt in editable_options():
        base_value = _value(opt, base, {})
        value = _value(opt, base, changes)
        out.append(
            Control(
                option=opt,
                label=_(opt.label),
                explain=_(opt.explain),
                value=value,
                base_value=base_value,
                choices=_choices(opt),
                parts=_parts(opt, value),
            )
        )
    return tuple(out)


def change(base_name: str, changes: Changes, key: str, value: object) -> dict[str, object]:
    """`changes` with the option or part `key` set to `value` (what a control does when
    used): a part (`deck.WS`, `card_values.W`, `custom_rule.effect`) changes its option's
    whole value; a value that is the base's again drops the change. Values are checked by
    `check`, not here. Raises RulesRefused for a key that is no option or part."""
    base = load_named_preset(base_name)
    head, _dot, part = key.partition(".")
    opt = option_by_key(key)
    if opt is None and head in ("deck", "card_values", "custom_rule"):
        opt = option_by_key(head)
    allowed = ("text", "effect", "amount") if head == "custom_rule" else DECK_RANKS
    if opt is None or (opt.key != key and part not in allowed):
        raise RulesRefused([RuleProblem(key, _("not an option the rules can change"))])
    out = dict(changes)
    if opt.key != key:  # one part of a deck, card points or the custom rule
        current = _value(opt, base, out)
        if isinstance(current, CustomRule):
            if part == "effect" and isinstance(value, str) and value in set(CustomEffect):
                value = CustomEffect(value)
            parts: dict[str, Any] = dataclasses.asdict(current) | {part: value}
            value = CustomRule(**parts)  # a wrong type is refused by `check`
        elif isinstance(current, Mapping):
            value = {**current, part: value}
    if _same(opt, _value(opt, base, {opt.key: value}), _value(opt, base, {})):
        out.pop(opt.key, None)
    else:
        out[opt.key] = value
    return out


def _value(opt: Option, base: RuleSet, changes: Changes) -> object:
    given = changes.get(opt.key, getattr(base, opt.field))
    if opt.kind is Kind.DECK and isinstance(given, Mapping):
        return {rank: given.get(rank, 0) for rank in DECK_RANKS}
    if opt.kind is Kind.VALUES and isinstance(given, Mapping):
        return {**base.card_values, **given}
    return given


def _choices(opt: Option) -> tuple[Choice, ...]:
    return tuple(
        Choice(value, word, _(label)) for (word, value), label in zip(opt.words, opt.word_labels)
    )


PER_COLOUR = N_("per colour")
IN_TOTAL = N_("in total")
CUSTOM_TEXT_LABEL = N_("What the card says")
CUSTOM_EFFECT_LABEL = N_("What the game does")


def _parts(opt: Option, value: object) -> tuple[Part, ...]:
    from ..lang.card_names import rank_name

    if opt.kind in (Kind.DECK, Kind.VALUES) and isinstance(value, Mapping):
        return tuple(
            Part(
                f"{opt.key}.{rank}",
                rank_name(rank),
                Kind.COUNT,
                value.get(rank, 0),
                opt.low,
                opt.high,
                note=(_(PER_COLOUR if rank in COLORED_RANKS else IN_TOTAL))
                if opt.kind is Kind.DECK
                else "",
            )
            for rank in DECK_RANKS
        )
    if opt.kind is Kind.CUSTOM_RULE and isinstance(value, CustomRule):
        effects = tuple(Choice(e, e.value, _(EFFECT_LABELS[e])) for e in CustomEffect)
        low, high = CUSTOM_AMOUNT_RANGE
        return (
            Part(
                "custom_rule.text",
                _(CUSTOM_TEXT_LABEL),
                Kind.TEXT,
                value.text,
                1,
                MAX_CUSTOM_TEXT_CHARS,
            ),
            Part(
                "custom_rule.effect",
                _(CUSTOM_EFFECT_LABEL),
                Kind.CHOICE,
                value.effect,
                choices=effects,
            ),
            Part(
                "custom_rule.amount",
                _(CUSTOM_AMOUNT_LABEL),
                Kind.COUNT,
                value.amount,
                low,
                high,
                used=value.effect in AMOUNT_EFFECTS,
            ),
        )
    return ()


def _same(opt: Option, a: object, b: object) -> bool:
    if opt.kind is Kind.DECK and isinstance(a, Mapping) and isinstance(b, Mapping):
        return {r: n for r, n in a.items() if n} == {r: n for r, n in b.items() if n}
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return dict(a) == dict(b)
    return type(a) is type(b) and a == b


# ---------------------------------------------------------------- checking and playing


def check(base_name: str, changes: Changes) -> list[RuleProblem]:
    """Why `changes` to the preset `base_name` cannot be saved or played ([] when they
    can): each changed value checked on its own against its range, then the whole rule
    set (it can be dealt, rounds and matches can end), exactly as the preset reader
    checks a file, in the current language."""
    problems = _base_problem(base_name) or _unknown_keys(changes)
    if problems:
        return problems
    for key, value in changes.items():
        try:
            read_preset_text(
                preset_text("", base_name, {key: value}), probe_name(base_name), whole=False
            )
        except PresetError as e:
            problems.append(_problem(e, key))
    if problems:
        return problems
    try:
        read_preset_text(preset_text("", base_name, changes), probe_name(base_name))
    except PresetError as e:
        problems.append(_problem(e, "rules"))
    return problems


def build_rules(base_name: str, changes: Changes) -> RuleSet:
    """The rule set of `base_name` with `changes`, to play without saving: it keeps the
    base's name, title and description (a match is named after the preset it started
    from; the saved match keeps these rules). Raises RulesRefused."""
    problems = check(base_name, changes)
    if problems:
        raise RulesRefused(problems)
    base = load_named_preset(base_name)
    rules = read_preset_text(preset_text("", base_name, changes), probe_name(base_name))
    return rules.replace(name=base.name, title=base.title, description=base.description)


def probe_name(base_name: str) -> str:
    """The name changes to `base_name` are read under before they are saved (never the
    base's own, which would read as a cycle)."""
    return PROBE_NAME if base_name != PROBE_NAME else PROBE_NAME + "2"


def _base_problem(base_name: str) -> list[RuleProblem]:
    try:
        load_named_preset(base_name)
    except PresetError as e:
        return [RuleProblem("extends", e.problem)]
    return []


def _unknown_keys(changes: Changes) -> list[RuleProblem]:
    return [
        RuleProblem(key, _("not an option the rules can change"))
        for key in changes
        if option_by_key(key) is None
    ]


def _problem(e: PresetError, key: str) -> RuleProblem:
    return RuleProblem(e.key or key, e.problem)


# ---------------------------------------------------------------- names


def slug(title: str) -> str:
    """The file name (without .yaml) for a title: lower-case letters a-z, digits and
    '-' ("Grandma's rules" -> "grandmas-rules", "Åsas regler" -> "asas-regler"), at
    most MAX_SLUG_CHARS; "rules" when nothing of the title is left."""
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    plain = plain.lower().replace("'", "")
    words = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")
    words = words[:MAX_SLUG_CHARS].rstrip("-")
    return words or "rules"


def check_title(title: object) -> str:
    """`title` stripped, if it can name a preset: text, not empty, one line of printable
    characters, at most MAX_TITLE_CHARS. Raises RulesRefused."""
    if not isinstance(title, str) or not title.strip():
        raise RulesRefused([RuleProblem("title", _("give the rules a name"))])
    text = title.strip()
    if len(text) > MAX_TITLE_CHARS:
        reason = _("the name is too long ({n} characters; at most {high})")
        raise RulesRefused([RuleProblem("title", reason.format(n=len(text), high=MAX_TITLE_CHARS))])
    if not text.isprintable():
        raise RulesRefused([RuleProblem("title", _("the name must be one line of text"))])
    return text


def _check_description(description: str) -> str:
    text = description.strip()
    if len(text) > MAX_DESCRIPTION_CHARS or not text.isprintable():
        reason = _("the description must be one line of at most {high} characters")
        raise RulesRefused([RuleProblem("description", reason.format(high=MAX_DESCRIPTION_CHARS))])
    return text


# ---------------------------------------------------------------- saved presets


def list_user_presets() -> tuple[PresetInfo, ...]:
    """The players' own presets that can be used, in menu order."""
    return tuple(p for p in list_presets().presets if not p.builtin)


def find_preset(name_or_title: str) -> PresetInfo | None:
    """The preset named `name_or_title`: by its name, else a user preset by its title
    (any case), else by the slug of that title."""
    presets = list_presets().presets
    for p in presets:
        if p.name == name_or_title:
            return p
    wanted = name_or_title.strip().casefold()
    for p in presets:
        if p.title.casefold() == wanted or (not p.builtin and p.name == slug(name_or_title)):
            return p
    return None


def save(
    title: str,
    base_name: str,
    changes: Changes,
    *,
    description: str = "",
    replace: str | None = None,
) -> Path:
    """Write `changes` to `base_name` as the user preset called `title`; returns its file.

    Only options that differ from the base are written. A new preset gets a file name of
    its own (a built-in's name or another preset's file is never taken); `replace`, a
    user preset's name, saves over that preset instead (editing it again; a new title
    renames it; a file whose rules stay as they were keeps its own text but for its
    `title:` line). Refused (RulesRefused, nothing written): a bad title or value, rules
    that cannot be played, a title another preset already has."""
    from ..store.documents import atomic_write_bytes

    title = check_title(title)
    description = _check_description(description)
    problems = check(base_name, changes)
    if problems:
        raise RulesRefused(problems)
    base = load_named_preset(base_name)
    kept = only_changed(base, changes)
    folder = user_presets_folder()
    old_path = _user_path(replace) if replace is not None else None
    _refuse_taken_title(title, replace)
    name = _free_name(folder, slug(title), replace)
    if replace is not None and name != replace:  # a new title: the file is renamed
        _refuse_dependents(replace, N_("{title} starts from these rules; rename that first"))
    text = preset_text(title, base_name, kept, description)
    try:
        rules = read_preset_text(text, name)  # the file as it will be, read as it will be read
    except PresetError as e:
        raise RulesRefused([_problem(e, "rules")]) from None
    if old_path is not None:
        made = functools.partial(
            preset_text, base_name=base_name, changes=kept, description=description
        )
        text = _own_words(old_path, name, title, rules, made) or text
    path = folder / f"{name}.yaml"
    atomic_write_bytes(path, text.encode("utf-8"))
    if old_path is not None and old_path != path:
        old_path.unlink(missing_ok=True)
    return path


def _own_words(
    path: Path, name: str, title: str, rules: RuleSet, made: Callable[[str], str]
) -> str | None:
    """The file at `path` as it is (its comments, its order), its one `title:` line
    giving `title`, when that text reads as exactly `rules` under `name`: a file written
    or edited by hand keeps its words when only its title changes. None otherwise, and
    for a file just as the game wrote it (`made(its title)`: written anew, header too)."""
    try:
        old = read_text(path)
        if old == made(read_preset_text(old, path.stem).title):
            return None
    except PresetError:
        return None
    lines = old.splitlines(keepends=True)
    at = [i for i, line in enumerate(lines) if line.lstrip("\ufeff").startswith("title:")]
    if len(at) != 1:
        return None
    line = lines[at[0]]
    mark = "\ufeff" if line.startswith("\ufeff") else ""  # a byte order mark stays
    end = line[len(line.rstrip("\r\n")) :] or "\n"  # and so do Windows line ends
    lines[at[0]] = f"{mark}title: {yaml_text(title)}{end}"
    text = "".join(lines)
    try:
        same = read_preset_text(text, name) == rules
    except PresetError:
        return None
    return text if same else None


def only_changed(base: RuleSet, changes: Changes) -> dict[str, object]:
    """The part of `changes` that differs from `base` (card points: the kinds whose
    points differ), so a file holds only what a family changed."""
    kept: dict[str, object] = {}
    for key, value in changes.items():
        opt = _opt(key)
        if opt.kind is Kind.VALUES and isinstance(value, Mapping):
            differ = {r: v for r, v in value.items() if base.card_values.get(r) != v}
            if differ:
                kept[key] = differ
        elif not _same(opt, _value(opt, base, {key: value}), _value(opt, base, {})):
            kept[key] = value
    return kept


def _opt(key: str) -> Option:
    found = option_by_key(key)
    assert found is not None  # checked by `check`
    return found


def _user_path(name: str) -> Path:
    """The file of the user preset `name`; RulesRefused for a built-in or unknown one."""
    if name in BUILTIN_NAMES:
        raise RulesRefused([RuleProblem("name", _("a built-in preset cannot be changed"))])
    for p in list_user_presets():
        if p.name == name:
            return p.path
    raise RulesRefused([RuleProblem("name", _("there is no preset of yours with that name"))])


def _refuse_taken_title(title: str, replace: str | None) -> None:
    wanted = title.casefold()
    for p in list_presets().presets:
        if p.name == replace:
            continue
        if p.title.casefold() == wanted or p.name.casefold() == wanted:
            reason = _("“{title}” is taken: choose another name").format(title=title)
            raise RulesRefused([RuleProblem("title", reason)])


def _free_name(folder: Path, base: str, replace: str | None) -> str:
    """`base`, or base-2, base-3, ... when a preset (built-in or in `folder`) or any
    file there has that name; `replace` may keep its own name."""
    from .presets import SUFFIX

    taken = set(BUILTIN_NAMES)
    builtin = {p.name for p in list_presets().presets if p.builtin}
    taken |= builtin

    def free(candidate: str) -> bool:
        if candidate == replace:
            return True
        return candidate not in taken and not (folder / f"{candidate}{SUFFIX}").exists()

    if free(base):
        return base
    n = 2
    while not free(f"{base}-{n}"):
        n += 1
    return f"{base}-{n}"


def load_draft(name: str) -> Draft:
    """The preset `name` as the Rules screen edits it again: a user preset's base (what
    it `extends:`, the official rules when it names none) and what it changes there; a
    built-in preset is its own base. Raises PresetError."""
    rules = load_named_preset(name)
    if name in BUILTIN_NAMES or any(p.name == name and p.builtin for p in list_presets().presets):
        return Draft(rules.title, name, {}, "", "")
    base_name = extends_of(name) or "official"
    base = load_named_preset(base_name)
    every = {o.key: getattr(rules, o.field) for o in editable_options()}
    changes = only_changed(base, every)
    changes = {k: dict(v) if isinstance(v, Mapping) else v for k, v in changes.items()}
    return Draft(rules.title, base_name, changes, rules.description, name)


def rename(name: str, new_title: str) -> Path:
    """Give the user preset `name` a new title (and the file name that goes with it; a
    file written by hand keeps its comments and order, see `save`). Raises RulesRefused
    (a built-in, a title taken, a preset that starts from it) or PresetError (it cannot
    be read)."""
    _user_path(name)
    draft = load_draft(name)
    return save(new_title, draft.base, draft.changes, description=draft.description, replace=name)


def duplicate(name: str, new_title: str) -> Path:
    """A copy of the preset `name` (built-in or the user's) under `new_title`."""
    draft = load_draft(name)
    return save(new_title, draft.base, draft.changes, description=draft.description)


def delete(name: str) -> Path:
    """Remove the user preset `name`'s file; returns it. A built-in preset, or one that
    another preset starts from, is refused (RulesRefused)."""
    path = _user_path(name)
    _refuse_dependents(name, N_("{title} starts from these rules; delete or change that first"))
    path.unlink(missing_ok=True)
    return path


def _refuse_dependents(name: str, template: str) -> None:
    for p in list_user_presets():
        if p.name != name and _extends(p.name) == name:
            raise RulesRefused([RuleProblem("name", _(template).format(title=p.title))])


def _extends(name: str) -> str | None:
    try:
        return extends_of(name)
    except PresetError:
        return None


# ---------------------------------------------------------------- the presets folder


def presets_folder() -> Path:
    """The folder of the players' own preset files, to show (it may not exist yet)."""
    return user_presets_folder()


def open_presets_folder(
    *, platform: str | None = None, launch: Callable[[list[str]], object] | None = None
) -> bool:
    """Open the presets folder in the desktop's file manager (made first, so there is
    something to open), without waiting; False where that cannot be done (see
    `file_manager.open_folder`; `platform` and `launch` are for tests)."""
    from ..store.file_manager import open_folder

    return open_folder(presets_folder(), platform=platform, launch=launch)
