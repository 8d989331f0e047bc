"""`uno-desktop preset ...`: a family's own rules from the command line, for people who
script. The same writer and checks as the Rules screen (`house_presets`):

    uno-desktop preset save NAME --from BASE [--set OPTION=VALUE]...   prints the file's path
    uno-desktop preset show NAME        the rules in words, as How to play says them
    uno-desktop preset list             every preset, built-in and your own
    uno-desktop preset rename NAME NEW  one of your own under a new name (prints its file)
    uno-desktop preset copy NAME NEW    any preset copied as one of yours (prints its file)
    uno-desktop preset delete NAME      remove one of your own presets

OPTION is written as in a preset file, nested with a dot (`wild_draw_four.challenge`,
`players.max`, `deck.WS`, `card_values.W`, `custom_rule.text`); VALUE as a file writes
it (`true`, `ja`, `mixed`, `4`). Each value is read by the preset reader itself, as the
line of a file, so what a file refuses is refused here in the same words. Bad input:
one line naming the option, the value and what is allowed, exit code 2, nothing written.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.rules import RuleSet

PROG = "uno-desktop preset"
NOT_SETTABLE = frozenset({"name", "title", "description", "extends"})
"""Keys a --set may not give: the name is NAME, the base is --from, the description is
--description."""
PARTS = ("deck", "card_values", "custom_rule")
"""Options made of parts a --set gives one at a time (`deck.WS=1`)."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `preset` command and its own commands, on the main parser's subparsers."""
    p = sub.add_parser(
        "preset", help="make, show, list, rename, copy and delete your own rule presets"
    )
    p.add_argument(
        "--lang",
        dest="preset_lang",
        choices=("en", "sv"),
        default=None,
        help="language for this run",
    )
    cmds = p.add_subparsers(dest="preset_command", required=True, metavar="COMMAND")
    save = cmds.add_parser("save", help="save your own rules as a preset (prints its file)")
    save.add_argument("name", metavar="NAME", help="the name shown in the menu")
    save.add_argument("--from", dest="base", metavar="BASE", required=True, help="start from")
    save.add_argument(
        "--set",
        dest="settings",
        metavar="OPTION=VALUE",
        action="append",
        default=[],
        help="an option as a preset file writes it, e.g. wild_draw_four.challenge=false",
    )
    save.add_argument("--description", default="", help="one line shown under the name")
    save.add_argument("--replace", action="store_true", help="save over your preset NAME")
    show = cmds.add_parser("show", help="the rules of a preset in words")
    show.add_argument("name", metavar="NAME")
    cmds.add_parser("list", help="every preset: built-in and your own")
    rename = cmds.add_parser("rename", help="give one of your own presets a new name")
    rename.add_argument("name", metavar="NAME")
    rename.add_argument("title", metavar="NEW_NAME", help="the name shown in the menu")
    copy = cmds.add_parser("copy", help="copy a preset (built-in or yours) under a new name")
    copy.add_argument("name", metavar="NAME")
    copy.add_argument("title", metavar="NEW_NAME", help="the name shown in the menu")
    delete = cmds.add_parser("delete", help="delete one of your own presets")
    delete.add_argument("name", metavar="NAME")


def run(args: argparse.Namespace) -> int:
    """Run `uno-desktop preset ...`; the exit code."""
    from ..lang.i18n import language, set_language, system_language

    before = language()
    set_language(args.preset_lang or getattr(args, "lang", None) or system_language())
    command = args.preset_command
    try:
        if command == "save":
            return _save(args)
        if command == "show":
            return _show(args.name)
        if command == "delete":
            return _delete(args.name)
        if command in ("rename", "copy"):
            return _retitle(command, args.name, args.title)
        return _list()
    except BrokenPipeError:  # `| head`: the reader has seen enough
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    finally:
        set_language(before)  # (a caller in the same process, a test, keeps its own)


def _fail(command: str, text: str) -> int:
    print(f"{PROG} {command}: {text}", file=sys.stderr)
    return 2


def _save(args: argparse.Namespace) -> int:
    from . import house_presets as hp
    from .presets import PresetError

    found_base = hp.find_preset(args.base)  # a title names its preset too
    base = found_base.name if found_base is not None else args.base
    try:
        changes = parse_settings(base, args.settings)
        replace = None
        if args.replace:
            found = hp.find_preset(args.name)
            replace = found.name if found is not None and not found.builtin else None
        path = hp.save(args.name, base, changes, description=args.description, replace=replace)
    except hp.RulesRefused as e:
        return _fail("save", str(e.problems[0]))
    except PresetError as e:
        return _fail("save", e.translated())
    except OSError as e:
        print(f"{PROG} save: {e}", file=sys.stderr)
        return 1
    print(path)
    return 0


def parse_settings(base_name: str, settings: Sequence[str]) -> dict[str, object]:
    """The changes `--set OPTION=VALUE`s make to the preset `base_name`, each value read
    by the preset reader as the line of a file would be. Raises RulesRefused (the first
    problem: option, value, what is allowed)."""
    from ..lang.i18n import _
    from .house_presets import RuleProblem, RulesRefused, option_by_key, probe_name
    from .preset_yaml import clip
    from .presets import PresetError, load_named_preset, read_preset_text

    try:
        base = load_named_preset(base_name)
    except PresetError as e:
        raise RulesRefused([RuleProblem("--from", e.problem)]) from None
    given: dict[str, str] = {}
    for setting in settings:
        key, equals, value = setting.partition("=")
        key = key.strip()
        if not equals or not key:
            reason = _("expected OPTION=VALUE, e.g. jump_in=true; got {got}")
            raise RulesRefused([RuleProblem("--set", reason.format(got=_clip(setting)))])
        if key.split(".")[0] in NOT_SETTABLE:
            raise RulesRefused([RuleProblem(clip(key), _("not an option the rules can change"))])
        if key in given:
            raise RulesRefused([RuleProblem(clip(key), _("given twice"))])
        given[key] = value.strip()
    text = _document(base_name, base, given)
    try:
        rules = read_preset_text(text, probe_name(base_name))
    except PresetError as e:
        raise RulesRefused([RuleProblem(e.key or "--set", e.problem)]) from None
    changes: dict[str, object] = {}
    for key in given:
        head = key.split(".")[0]
        if head == "card_values":
            points = changes.setdefault("card_values", {})
            assert isinstance(points, dict)
            rank = key.partition(".")[2]
            points[rank] = rules.card_values[rank]
            continue
        opt = option_by_key(head if head in PARTS else key)
        assert opt is not None  # the reader knew it
        changes[opt.key] = getattr(rules, opt.field)
    return changes


def _document(base_name: str, base: RuleSet, given: dict[str, str]) -> str:
    """A preset file holding the --set values as written (each a plain YAML word when it
    is one, else quoted text), so the reader reads them as it reads a file."""
    from .options import AMOUNT_EFFECTS, DECK_RANKS
    from .preset_text import name_scalar, yaml_text

    top: dict[str, str] = {}
    groups: dict[str, dict[str, str]] = {}
    for key, value in given.items():
        head, dot, rest = key.partition(".")
        if not dot:
            top[key] = _scalar(value)
            continue
        groups.setdefault(head, {})[rest] = yaml_text(value) if rest == "text" else _scalar(value)
    lines = [f"extends: {name_scalar(base_name)}"]
    lines += [f"{yaml_text(k)}: {v}" for k, v in top.items()]
    for head, parts in groups.items():
        if head == "deck":
            counts = {r: str(n) for r, n in base.deck.items()}
            if "1-9" in parts:
                counts = {r: n for r, n in counts.items() if r not in "123456789"}
            parts = {**counts, **parts}
        elif head == "custom_rule":
            rule = base.custom_rule
            effect = parts.get("effect", rule.effect.value)
            known = {"text": yaml_text(rule.text), "effect": rule.effect.value}
            if effect in {e.value for e in AMOUNT_EFFECTS}:
                known["amount"] = str(rule.amount)
            parts = {**known, **parts}
        lines.append(f"{yaml_text(head)}:")
        ordered = [r for r in DECK_RANKS if r in parts] if head == "deck" else []
        ordered += [k for k in parts if k not in ordered]
        lines += [f"  {yaml_text(k)}: {parts[k]}" for k in ordered]
    return "\n".join(lines) + "\n"


_PLAIN = re.compile(r"[A-Za-z0-9_.+-]{0,40}[A-Za-z0-9][A-Za-z0-9_.+-]{0,40}")


def _scalar(value: str) -> str:
    """A --set value as a file line would hold it: a plain word or number as it is, else
    quoted text (so `[1, 2]` or `&x` reach the reader as text, never as YAML)."""
    from .preset_text import yaml_text

    return value if _PLAIN.fullmatch(value) else yaml_text(value)


def _clip(text: str) -> str:
    from .options import quote

    return quote(text)


def _show(name: str) -> int:
    from ..lang.i18n import _
    from . import house_presets as hp
    from .presets import PresetError
    from .rules_text import sections

    found = hp.find_preset(name)
    if found is None:
        return _fail("show", _no_such(name))
    try:
        base = hp.load_draft(found.name).base
    except PresetError as e:
        return _fail("show", e.translated())
    rules = found.rules
    title = _(rules.title) if found.builtin else rules.title
    out = [title]
    if found.builtin:
        out.append(_("A built-in preset ({name}).").format(name=found.name))
    else:
        out.append(
            _("Your own preset ({name}), starting from {base}: {path}").format(
                name=found.name, base=base, path=found.path
            )
        )
    for section, heading, body in sections(rules):
        if section.value == "keys":
            continue  # the window's keys are no rule
        out += ["", heading, *body.split("\n")]
    print("\n".join(out))
    return 0


def _no_such(name: str) -> str:
    from ..lang.i18n import _
    from .presets import list_presets

    names = ", ".join(list_presets().names())
    return _("no preset named {name}; presets: {names}").format(name=_clip(name), names=names)


def _list() -> int:
    from ..lang.i18n import _
    from .presets import list_presets

    listing = list_presets()
    width = max(len(p.name) for p in listing.presets)
    for p in listing.presets:
        kind = _("built-in") if p.builtin else _("yours")
        title = _(p.title) if p.builtin else p.title
        print(f"{p.name:<{width}}  {title} ({kind})")
    for error in listing.errors:
        print(_("cannot be used: {reason}").format(reason=error), file=sys.stderr)
    return 0


def _retitle(command: str, name: str, title: str) -> int:
    """`rename` or `copy` the preset NAME (its name or its title) as `title`; prints the
    file it is now in."""
    from . import house_presets as hp
    from .presets import PresetError

    found = hp.find_preset(name)
    if found is None:
        return _fail(command, _no_such(name))
    act = hp.rename if command == "rename" else hp.duplicate
    try:
        path = act(found.name, title)
    except hp.RulesRefused as e:
        return _fail(command, str(e.problems[0]))
    except PresetError as e:
        return _fail(command, e.translated())
    except OSError as e:
        print(f"{PROG} {command}: {e}", file=sys.stderr)
        return 1
    print(path)
    return 0


def _delete(name: str) -> int:
    from ..lang.i18n import _
    from . import house_presets as hp

    found = hp.find_preset(name)
    if found is None:
        return _fail("delete", _no_such(name))
    try:
        path = hp.delete(found.name)
    except hp.RulesRefused as e:
        return _fail("delete", str(e.problems[0]))
    except OSError as e:
        print(f"{PROG} delete: {e}", file=sys.stderr)
        return 1
    print(_("deleted {path}").format(path=path))
    return 0
