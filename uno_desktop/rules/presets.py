"""Rule presets: documented YAML files turned into validated `RuleSet` values.

Built-in presets live in `rules_presets/` (found with `resources.presets_path()`); players
keep their own in `paths.user_presets_dir()`. A file may `extends:` another preset and
change only a few options. What each option is, and its range, is declared once in
`uno_desktop.rules.options`; this module reads files against those declarations.

Files are untrusted, ours too: a file over MAX_PRESET_BYTES, with more than
MAX_CONTENT_BYTES of options or nested deeper than MAX_NESTING is refused before it is
parsed; `extends:` takes a preset *name* (never a path) and chains end after MAX_EXTENDS
files; nothing in a file can run code (PyYAML's safe composer) and no value carries a
YAML tag (`!!bool maybe` would quietly read as false); a preset file that links out of
its folder is not read. Every problem is a `PresetError` naming
`<file>: line <n>: <option>: <what is wrong>`, quoting at most one line of the file. A
broken user preset is listed as an error and skipped. Results are cached by file stamp,
so opening New game again reads nothing that did not change.
"""

from __future__ import annotations

import dataclasses
import difflib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from ..engine.cards import COLORED_RANKS, NUMBER_RANKS, WILD_RANKS
from ..engine.rules import CustomEffect, CustomRule, RuleSet
from ..lang.i18n import N_
from ..lang.reasons import Reason
from .options import (
    AMOUNT_EFFECTS,
    CUSTOM_AMOUNT_RANGE,
    DECK_RANKS,
    LABELS,
    MAX_CUSTOM_TEXT_CHARS,
    MAX_DESCRIPTION_CHARS,
    MAX_TITLE_CHARS,
    Kind,
    Option,
    file_options,
    group_keys,
    min_above_max,
    quote,
    rule_set_problem,
    top_keys,
)
from .preset_names import MAX_NAME_CHARS, is_preset_name, looks_like_path
from .preset_yaml import MAX_CONTENT_BYTES, MAX_NESTING, MAX_PRESET_BYTES, PresetError
from .preset_yaml import check_shape as _check_shape
from .preset_yaml import clip as _clip
from .preset_yaml import compose as _compose
from .preset_yaml import is_scalar as _is_scalar
from .preset_yaml import node_line as _line
from .preset_yaml import node_shown as _shown
from .preset_yaml import node_tag as _tag
from .preset_yaml import read_text as _read_text
from .preset_yaml import refuse_tags as _refuse_tags
from .preset_yaml import too_large as _too_large
from .preset_yaml import unreadable as _unreadable

__all__ = [
    "BUILTIN_NAMES",
    "MAX_CONTENT_BYTES",
    "MAX_EXTENDS",
    "MAX_NAME_CHARS",
    "MAX_NESTING",
    "MAX_PRESET_BYTES",
    "MAX_USER_PRESETS",
    "SWEDISH_YES_NO",
    "PresetError",
    "PresetInfo",
    "PresetListing",
    "check_preset_name",
    "extends_of",
    "is_preset_name",
    "list_presets",
    "load_named_preset",
    "load_preset",
    "preset_path",
    "read_preset_text",
    "user_presets_folder",
]

BUILTIN_NAMES: tuple[str, ...] = ("official", "family", "swedish", "party")
"""The built-in presets in menu order (any further files in rules_presets/ follow)."""

SUFFIX = ".yaml"

MAX_EXTENDS = 8
"""Files in one `extends:` chain."""
MAX_USER_PRESETS = 100
"""User preset files listed; more are reported, not read."""

NUMBERS_SHORTHAND = "1-9"
DECK_KEYS: tuple[str, ...] = (*DECK_RANKS, NUMBERS_SHORTHAND)
GROUP_WHAT: dict[str, str] = {
    "players": N_("a mapping with min and max"),
    "wild_draw_four": N_("a mapping of Wild Draw Four options"),
}

SWEDISH_YES_NO: dict[str, bool] = {
    word: value
    for base, value in (("ja", True), ("nej", False))
    for word in (base, base.capitalize(), base.upper())
}
"""Swedish yes and no, taken where true and false are (written plainly, in the three
cases YAML takes `true` in: `ja`, `Ja`, `JA`); YAML's own `yes`/`no`/`on`/`off` stay
as PyYAML reads them."""


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
    """Every usable preset, plus one message per file that could not be used: `errors`
    worded in the language of the moment the folder was looked at, `problems` the same
    as PresetErrors (file, line, option and reason apart; worded again on a language
    change)."""

    presets: tuple[PresetInfo, ...]
    errors: tuple[str, ...]
    problems: tuple[PresetError, ...] = ()

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

    Paths are for the command line's `--preset` (the player's own choice); a name read
    from a file goes through `load_named_preset`. Raises `PresetError` naming file, line
    and option on any problem.
    """
    if looks_like_path(name_or_path):
        path = Path(name_or_path)
        if not path.is_file():
            raise PresetError(_clip(name_or_path), Reason(N_("no such preset file")))
        return _load_cached(path)
    return load_named_preset(name_or_path)


def load_named_preset(name: str) -> RuleSet:
    """The rule set for a preset *name* (a built-in one or a file in the user presets
    folder), never a path: for names read from settings or a saved match."""
    check_preset_name(name)
    found = _find_by_name(name, None)
    if found is None:
        raise PresetError("", _unknown_preset(name))
    return _load_cached(found)


def check_preset_name(name: object) -> str:
    """`name` if `is_preset_name`; else PresetError saying what a name may be."""
    if not is_preset_name(name):
        raise PresetError(
            "",
            Reason.of(
                N_(
                    "{name} is not a preset name: give the name of a built-in preset or "
                    "of a file in your presets folder, without folders or '.yaml'"
                ),
                name=quote(name),
            ),
        )
    assert isinstance(name, str)
    return name


def read_preset_text(text: str, name: str, *, whole: bool = True) -> RuleSet:
    """The rules `text` would give as the user preset file `name` (nothing is written):
    the same reader and checks as for a file in the folder, `extends:` found the same
    way; `whole`: also refuse rules that cannot be played. Raises PresetError."""
    check_preset_name(name)
    path = _user_dir() / f"{name}{SUFFIX}"
    if len(text.encode("utf-8")) > MAX_PRESET_BYTES:
        raise PresetError(str(path), _too_large())
    _check_shape(str(path), text)
    return _load_text(path, text, (), whole)[0]


def preset_path(name: str) -> Path:
    """The file of the preset named `name` (built-in first, then the user's). Raises
    PresetError when there is none."""
    check_preset_name(name)
    found = _find_by_name(name, None)
    if found is None:
        raise PresetError("", _unknown_preset(name))
    return found


def extends_of(name: str) -> str | None:
    """The preset name the preset `name`'s file `extends:`, None when it extends none.
    Raises PresetError when the file cannot be read."""
    import yaml

    path = preset_path(name)
    where = str(path)
    text = _read_text(path)
    root = _compose(where, text)
    if isinstance(root, yaml.MappingNode):
        for k, v in root.value:
            if isinstance(k, yaml.ScalarNode) and k.value == "extends":
                if isinstance(v, yaml.ScalarNode) and is_preset_name(v.value):
                    return str(v.value)
                raise PresetError(
                    where, Reason(N_("not a preset name")), line=_line(v), key="extends"
                )
    return None


def user_presets_folder() -> Path:
    """The folder of the players' own presets (it may not exist yet)."""
    return _user_dir()


def list_presets() -> PresetListing:
    """Built-in presets, then the user's, each loaded and checked; broken ones become errors.

    Looks at the folders every time (a file saved while the game runs shows up), but reads
    only files whose stamp (size, modification time) changed since the last call.
    """
    presets: list[PresetInfo] = []
    errors: list[PresetError] = []
    builtin_dir = _builtin_dir()
    builtin_names = _builtin_names(builtin_dir)
    for name in builtin_names:
        _list_one(builtin_dir / f"{name}{SUFFIX}", True, presets, errors)
    user_dir = _user_dir()
    if user_dir.is_dir():
        files = sorted(_user_files(user_dir), key=lambda p: p.name.lower())
        if len(files) > MAX_USER_PRESETS:
            errors.append(
                PresetError(
                    str(user_dir),
                    Reason.of(
                        N_("{n} preset files; only the first {shown} are listed"),
                        n=len(files),
                        shown=MAX_USER_PRESETS,
                    ),
                )
            )
        for path in files[:MAX_USER_PRESETS]:
            if path.stem in builtin_names:
                errors.append(
                    PresetError(
                        str(path),
                        Reason.of(
                            N_("the name {name} belongs to a built-in preset; rename the file"),
                            name=quote(path.stem),
                        ),
                    )
                )
                continue
            if not is_preset_name(path.stem):
                errors.append(
                    PresetError(
                        _clip(str(path)),
                        Reason(
                            N_(
                                "this file name cannot name a preset; rename it (no dot in "
                                "front, no characters like : * ? |)"
                            )
                        ),
                    )
                )
                continue
            _list_one(path, False, presets, errors)
    return PresetListing(tuple(presets), tuple(e.translated() for e in errors), tuple(errors))


def _list_one(
    path: Path, builtin: bool, presets: list[PresetInfo], errors: list[PresetError]
) -> None:
    try:
        _refuse_link_out(path)
        rules = _load_cached(path)
    except PresetError as e:
        errors.append(e)
        return
    presets.append(PresetInfo(rules.name, rules.title, rules.description, path, builtin, rules))


# ---------------------------------------------------------------- finding files


def _builtin_dir() -> Path:
    from ..resources import presets_path

    return presets_path()


def _user_dir() -> Path:
    from ..store.paths import user_presets_dir

    return user_presets_dir()


def _user_files(folder: Path) -> list[Path]:
    try:
        return [p for p in folder.glob(f"*{SUFFIX}") if p.is_file()]
    except OSError:
        return []


def _builtin_names(folder: Path) -> tuple[str, ...]:
    others = sorted(p.stem for p in folder.glob(f"*{SUFFIX}") if p.stem not in BUILTIN_NAMES)
    return (*BUILTIN_NAMES, *others)


def _find_by_name(name: str, near: Path | None) -> Path | None:
    """The file for a checked preset name: built-in first, then `near` (the folder of a
    file that extends it), then the user presets folder."""
    folders = [_builtin_dir()]
    if near is not None:
        folders.append(near)
    folders.append(_user_dir())
    for folder in folders:
        candidate = folder / f"{name}{SUFFIX}"
        if candidate.is_file():
            _refuse_link_out(candidate)
            return candidate
    return None


def _refuse_link_out(path: Path) -> None:
    """Refuse, unread, a preset file in a presets folder that is a link to a file outside
    that folder: its messages would quote another file's lines (a link to a system file).
    A link to another file inside the folder is read (it is a preset like any other)."""
    try:
        inside = path.resolve().is_relative_to(path.parent.resolve())
    except (OSError, RuntimeError):  # a loop of links
        inside = False
    if not inside:
        raise PresetError(
            _clip(str(path), 200),
            Reason(
                N_(
                    "this preset is a link to a file outside the presets folder and is not "
                    "read; copy the preset into the folder instead"
                )
            ),
        )


def _unknown_preset(name: str) -> Reason:
    """ "unknown preset 'x'" and the names there are."""
    builtin = ", ".join(_builtin_names(_builtin_dir()))
    user_dir = _user_dir()
    users = sorted(p.stem for p in _user_files(user_dir)) if user_dir.is_dir() else []
    if not users:
        return Reason.of(
            N_("unknown preset {name}; built-in presets: {builtin}"),
            name=quote(name),
            builtin=builtin,
        )
    shown = users[:20]
    yours = ", ".join(_clip(u) for u in shown) + (", …" if len(users) > len(shown) else "")
    return Reason.of(
        N_("unknown preset {name}; built-in presets: {builtin}; your presets: {yours}"),
        name=quote(name),
        builtin=builtin,
        yours=yours,
    )


# ---------------------------------------------------------------- the cache

_Stamp = tuple[int, int, int, int]


def _stamp(path: Path) -> _Stamp | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino)


@dataclasses.dataclass(frozen=True)
class _Cached:
    """A file's result and the stamps of every file it was built from (itself first)."""

    stamps: tuple[tuple[Path, _Stamp | None], ...]
    rules: RuleSet | None
    error: PresetError | None


_CACHE: dict[Path, _Cached] = {}
_CACHE_LIMIT = 4 * MAX_USER_PRESETS


def _load_cached(path: Path) -> RuleSet:
    """`_load_file` of a top-level file, reused while no file it was built from changed."""
    key = path.absolute()
    hit = _CACHE.get(key)
    if hit is not None and all(_stamp(p) == s for p, s in hit.stamps):
        if hit.error is not None:
            raise hit.error.again()
        assert hit.rules is not None
        return hit.rules
    stamp = _stamp(path)
    try:
        rules, deps = _load_file(path, ())
    except PresetError as e:
        _remember(key, _Cached(((path, stamp),), None, e))
        raise
    _remember(key, _Cached(((path, stamp), *deps), rules, None))
    return rules


def _remember(key: Path, entry: _Cached) -> None:
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = entry


# ---------------------------------------------------------------- reading one file


def _load_file(
    path: Path, chain: tuple[Path, ...]
) -> tuple[RuleSet, tuple[tuple[Path, _Stamp | None], ...]]:
    """Parse, check and build one file; `chain` holds the files extending it (cycles).
    Returns the rules and the stamps of the files it extends (for the cache)."""
    return _load_text(path, _read_text(path), chain)


def _load_text(
    path: Path, text: str, chain: tuple[Path, ...], whole: bool = True
) -> tuple[RuleSet, tuple[tuple[Path, _Stamp | None], ...]]:
    """`_load_file` of `text` as the file at `path` holds it (already size-checked);
    `whole`: also refuse rules that cannot be played (`options.rule_set_problem`)."""
    import yaml

    where = str(path)
    root = _compose(where, text)
    if root is not None:
        _refuse_tags(where, text, root)
    if root is None or (_is_scalar(root) and _tag(root) == "null"):
        raise PresetError(
            where, Reason(N_("the file is empty; write options like 'stacking: none'")), line=1
        )
    if not isinstance(root, yaml.MappingNode):
        raise PresetError(
            where,
            Reason.of(
                N_("expected options as 'key: value' lines at the top level; got {got}"),
                got=_shown(root, text.splitlines()),
            ),
            line=_line(root),
        )
    reader = _Reader(path, chain)
    reader.whole = whole
    reader.lines = text.splitlines()
    try:
        rules = reader.build(root)
    except PresetError:
        raise
    except (RecursionError, MemoryError) as e:  # pragma: no cover - shape checks come first
        raise PresetError(where, _unreadable(e)) from None
    except (ValueError, TypeError, KeyError) as e:
        reason = Reason.of(N_("cannot be used: {why}"), why=_clip(str(e), 120))
        raise PresetError(where, reason) from None
    return rules, reader.deps


def _did_you_mean(key: str) -> Reason:
    """ "unknown option; did you mean 'x' (what x does)?" for the option `key` (dotted),
    or without the explanation for a group."""
    hint = key.rpartition(".")[2]
    for opt in file_options():
        if opt.key == key:
            return Reason.of(
                N_("unknown option; did you mean '{hint}' ({meaning})?"),
                hint=hint,
                meaning=Reason(opt.explain),
            )
    return Reason.of(N_("unknown option; did you mean '{hint}'?"), hint=hint)


def _given_twice(first: Node) -> Reason:
    return Reason.of(N_("given twice (first on line {line})"), line=_line(first))


def _suggest(key: str, allowed: Sequence[str]) -> str | None:
    if len(key) > 40:
        return None
    by_lower = {a.lower(): a for a in allowed}
    if key.lower() in by_lower:
        return by_lower[key.lower()]
    close = difflib.get_close_matches(key.lower(), list(by_lower), n=1, cutoff=0.6)
    return by_lower[close[0]] if close else None


if TYPE_CHECKING:  # PyYAML is imported only when a file is read
    from yaml import Node

    Entries = dict[str, tuple[Node, Node]]


class _Reader:
    """Turns the nodes of one file into a RuleSet, failing at the first problem."""

    def __init__(self, path: Path, chain: tuple[Path, ...]) -> None:
        self.path = path
        self.where = str(path)
        self.chain = chain
        self.deps: tuple[tuple[Path, _Stamp | None], ...] = ()
        self.groups: dict[str, Entries] = {}
        self.lines: list[str] = []
        self.whole = True

    # -- messages

    def shown(self, node: Node) -> str:
        return _shown(node, self.lines)

    def fail(self, node: Node, key: str, problem: Reason) -> NoReturn:
        raise PresetError(self.where, problem, line=_line(node), key=key)

    def expected(self, node: Node, key: str, what: Reason | str, got: str) -> NoReturn:
        """Fail with "expected <what>; got <got>"."""
        self.fail(node, key, Reason.of(N_("expected {what}; got {got}"), what=what, got=got))

    # -- typed values

    def mapping(self, node: Node, key: str, allowed: Sequence[str], what_id: str) -> Entries:
        """The entries of a mapping node, refusing unknown and repeated keys."""
        import yaml

        what = Reason(what_id)
        if not isinstance(node, yaml.MappingNode):
            self.expected(node, key or "(top level)", what, self.shown(node))
        out: Entries = {}
        for k, v in node.value:
            if not isinstance(k, yaml.ScalarNode):
                self.fail(
                    k,
                    key or "(top level)",
                    Reason.of(
                        N_("expected {what}; got {got} as a key"), what=what, got=self.shown(k)
                    ),
                )
            name = str(k.value)
            full = _clip(f"{key}.{name}" if key else name)
            if name not in allowed:
                hint = _suggest(name, allowed)
                if hint is not None:
                    self.fail(k, full, _did_you_mean(f"{key}.{hint}" if key else hint))
                self.fail(
                    k,
                    full,
                    Reason.of(
                        N_("unknown option; expected one of {keys}"), keys=", ".join(allowed)
                    ),
                )
            if name in out:
                self.fail(k, full, _given_twice(out[name][0]))
            out[name] = (k, v)
        return out

    def boolean(self, node: Node, key: str) -> bool:
        if _is_scalar(node) and _tag(node) == "str" and not getattr(node, "style", None):
            word = SWEDISH_YES_NO.get(str(node.value))  # plain `ja` / `nej`, never "ja"
            if word is not None:
                return word
        if not _is_scalar(node) or _tag(node) != "bool":
            self.expected(node, key, Reason(N_("true or false")), self.shown(node))
        return str(node.value).lower() in ("yes", "true", "on")

    def integer(self, node: Node, key: str, low: int, high: int) -> int:
        expected = Reason.of(N_("a whole number from {low} to {high}"), low=low, high=high)
        if not _is_scalar(node) or _tag(node) != "int":
            self.expected(node, key, expected, self.shown(node))
        import yaml

        raw = str(node.value)
        if len(raw) > 20:
            self.expected(node, key, expected, _clip(raw))
        assert isinstance(node, yaml.ScalarNode)
        value = int(yaml.constructor.SafeConstructor().construct_yaml_int(node))
        if not low <= value <= high:
            self.expected(node, key, expected, str(value))
        return value

    def choice(self, node: Node, key: str, choices: Sequence[str]) -> str:
        if not _is_scalar(node) or _tag(node) != "str" or node.value not in choices:
            one_of = Reason.of(N_("one of {words}"), words=", ".join(choices))
            self.expected(node, key, one_of, self.shown(node))
        return str(node.value)

    def text(self, node: Node, key: str, low: int, high: int) -> str:
        if not _is_scalar(node) or _tag(node) != "str":
            self.expected(node, key, Reason(N_("text")), self.shown(node))
        value = str(node.value).strip()
        if len(value) < max(low, 1):
            self.fail(node, key, Reason(N_("must not be empty")))
        if len(value) > high:
            self.fail(
                node,
                key,
                Reason.of(N_("too long ({n} characters; at most {high})"), n=len(value), high=high),
            )
        return value

    # -- the file

    def group(self, top: Entries, name: str) -> Entries:
        """The entries of a group such as `players` (checked once)."""
        if name not in self.groups:
            self.groups[name] = self.mapping(
                top[name][1], name, group_keys(name), GROUP_WHAT.get(name, N_("a mapping"))
            )
        return self.groups[name]

    def entry(self, top: Entries, key: str) -> tuple[Node, Node] | None:
        """The (key node, value node) of a dotted option key, if the file sets it."""
        head, _dot, rest = key.partition(".")
        if head not in top:
            return None
        if not rest:
            return top[head]
        return self.group(top, head).get(rest)

    def build(self, root: Node) -> RuleSet:
        top = self.mapping(root, "", top_keys(), N_("options as 'key: value' lines"))
        base = self.base(top)
        stem = self.path.stem
        changes: dict[str, object] = {"name": stem}
        if "name" in top:
            name = self.text(top["name"][1], "name", 1, MAX_TITLE_CHARS)
            if name != stem:
                self.fail(
                    top["name"][1],
                    "name",
                    Reason.of(
                        N_("must match the file name {stem}; got {name}"),
                        stem=quote(stem),
                        name=quote(name),
                    ),
                )
        changes["title"] = (
            self.text(top["title"][1], "title", 1, MAX_TITLE_CHARS) if "title" in top else stem
        )
        changes["description"] = (
            self.text(top["description"][1], "description", 1, MAX_DESCRIPTION_CHARS)
            if "description" in top
            else ""
        )
        for opt in file_options():
            if opt.field in LABELS:
                continue
            found = self.entry(top, opt.key)
            if found is not None:
                changes[opt.field] = self.value(opt, found[1], base)
        self.check_players(top, changes, base)
        rules = base.replace(**changes)
        self.check_whole(top, rules)
        return rules

    def value(self, opt: Option, node: Node, base: RuleSet) -> object:
        """One option's value from its node, by the option's declared kind and range."""
        kind, key = opt.kind, opt.key
        if kind is Kind.FLAG:
            return self.boolean(node, key)
        if kind is Kind.COUNT:
            return self.integer(node, key, opt.low, opt.high)
        if kind is Kind.CHOICE:
            return opt.value_of(self.choice(node, key, [w for w, _v in opt.words]))
        if kind is Kind.DECK:
            return self.deck(node, opt)
        if kind is Kind.VALUES:
            return {**base.card_values, **self.card_values(node, opt)}
        if kind is Kind.CUSTOM_RULE:
            return self.custom_rule(node)
        return self.text(node, key, opt.low, opt.high)  # pragma: no cover - labels above

    def base(self, top: Entries) -> RuleSet:
        """The preset this file extends (the official rules when it names none)."""
        if "extends" not in top:
            return RuleSet()
        node = top["extends"][1]
        parent = self.text(node, "extends", 1, MAX_TITLE_CHARS)
        if not is_preset_name(parent):
            self.fail(
                node,
                "extends",
                Reason.of(
                    N_(
                        "give the name of a preset (a built-in one or a file in your presets "
                        "folder), not a path; got {got}"
                    ),
                    got=quote(parent),
                ),
            )
        path = _find_by_name(parent, self.path.parent)
        if path is None:
            self.fail(node, "extends", _unknown_preset(parent))
        here = self.path.resolve()
        seen = (*self.chain, here)
        if path.resolve() in seen:
            names = [p.stem for p in seen[seen.index(path.resolve()) :]]
            cycle = " -> ".join([*names, path.stem])
            self.fail(node, "extends", Reason.of(N_("cycle: {names}"), names=cycle))
        if len(seen) >= MAX_EXTENDS:
            self.fail(
                node,
                "extends",
                Reason.of(
                    N_(
                        "more than {n} presets extend each other in a row; copy the options "
                        "you need instead"
                    ),
                    n=MAX_EXTENDS,
                ),
            )
        rules, deps = _load_file(path, seen)
        self.deps = ((path, _stamp(path)), *deps)
        return rules

    def check_players(self, top: Entries, changes: dict[str, object], base: RuleSet) -> None:
        low = changes.get("min_players", base.min_players)
        high = changes.get("max_players", base.max_players)
        assert isinstance(low, int) and isinstance(high, int)
        if low > high:
            entries = self.group(top, "players")
            where = entries["min"][1] if "min" in entries else entries["max"][1]
            self.fail(where, "players", min_above_max(low, high))

    def check_whole(self, top: Entries, rules: RuleSet) -> None:
        """Refuse rules that cannot be played: the deck cannot deal, or a round or a
        match cannot end (see `options.rule_set_problem`)."""
        problem = rule_set_problem(rules) if self.whole else None
        if problem is None:
            return
        key = next((k for k in problem.keys if k in top), None)
        if key is None:  # the file changes nothing that causes it: the base does
            raise PresetError(self.where, problem.reason, line=1, key=problem.keys[0])
        self.fail(top[key][0], key, problem.reason)

    def deck(self, node: Node, opt: Option) -> dict[str, int]:
        """The whole deck: ranks not listed have no cards; "1-9" sets every number 1 to 9."""
        import yaml

        if not isinstance(node, yaml.MappingNode):
            what = Reason(N_("a mapping of card kind to count"))
            self.expected(node, "deck", what, self.shown(node))
        counts: dict[str, int] = {}
        shorthand: int | None = None
        seen: dict[str, Node] = {}
        for k, v in node.value:
            if not isinstance(k, yaml.ScalarNode):
                self.expected(k, "deck", Reason(N_("a card kind as the key")), self.shown(k))
            rank = str(k.value)
            key = _clip(f"deck.{rank}")
            if rank not in DECK_KEYS:
                hint = _suggest(rank, DECK_KEYS)
                known = "0-9, 1-9, S, R, D2, W, W4, WS, WC"
                reason = (
                    Reason.of(N_("unknown card kind; did you mean '{hint}'?"), hint=hint)
                    if hint
                    else Reason.of(N_("unknown card kind; expected one of {kinds}"), kinds=known)
                )
                self.fail(k, key, reason)
            if rank in seen:
                self.fail(k, key, _given_twice(seen[rank]))
            seen[rank] = k
            count = self.integer(v, key, opt.low, opt.high)
            if rank == NUMBERS_SHORTHAND:
                shorthand = count
            else:
                counts[rank] = count
        deck: dict[str, int] = {}
        for rank in (*COLORED_RANKS, *WILD_RANKS):
            given = counts.get(rank)
            if given is None and shorthand is not None and rank in NUMBER_RANKS[1:]:
                given = shorthand
            if given:
                deck[rank] = given
        return deck

    def card_values(self, node: Node, opt: Option) -> dict[str, int]:
        what = N_("a mapping of card kind to points")
        entries = self.mapping(node, "card_values", DECK_RANKS, what)
        return {
            rank: self.integer(v, f"card_values.{rank}", opt.low, opt.high)
            for rank, (_k, v) in entries.items()
        }

    def custom_rule(self, node: Node) -> CustomRule:
        """The whole rule for the Wild Customizable card (not merged with the base's)."""
        entries = self.mapping(
            node,
            "custom_rule",
            ("text", "effect", "amount"),
            N_("a mapping with text, effect and amount"),
        )
        if "text" not in entries:
            self.fail(node, "custom_rule", Reason(N_("needs a text (what the card says)")))
        text = self.text(entries["text"][1], "custom_rule.text", 1, MAX_CUSTOM_TEXT_CHARS)
        effect = CustomEffect.TEXT
        if "effect" in entries:
            effect = CustomEffect(
                self.choice(
                    entries["effect"][1], "custom_rule.effect", [e.value for e in CustomEffect]
                )
            )
        low, high = CUSTOM_AMOUNT_RANGE
        if effect in AMOUNT_EFFECTS:
            if "amount" not in entries:
                self.fail(
                    entries["effect"][1],
                    "custom_rule.amount",
                    Reason.of(
                        N_("effect {effect} needs an amount (cards to draw, {low} to {high})"),
                        effect=effect.value,
                        low=low,
                        high=high,
                    ),
                )
            amount = self.integer(entries["amount"][1], "custom_rule.amount", low, high)
        else:
            if "amount" in entries:
                self.fail(
                    entries["amount"][0],
                    "custom_rule.amount",
                    Reason.of(N_("effect {effect} uses no amount; remove it"), effect=effect.value),
                )
            amount = CustomRule().amount
        return CustomRule(text=text, effect=effect, amount=amount)
