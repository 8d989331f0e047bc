"""A user preset file's text, written like the built-in files in rules_presets/: a header
saying where it came from, its `title:`, `extends:` and each changed option under its
one-line explanation (English, as the files are), nested options in their group.

Pure text: values of the wrong type are written as quoted text, so the preset reader
refuses them in its own words (this is how the Rules screen's checks stay the reader's).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping

from ..engine.rules import CustomEffect, CustomRule
from .options import AMOUNT_EFFECTS, DECK_RANKS, LABELS, MAX_TITLE_CHARS, Kind, Option, file_options

Changes = Mapping[str, object]


def editable_options() -> tuple[Option, ...]:
    """The options a family can change: every option a preset file can hold, but for the
    labels (the name is given when saving)."""
    return tuple(o for o in file_options() if o.field not in LABELS)


def preset_text(title: str, base_name: str, changes: Changes, description: str = "") -> str:
    """The preset file for `changes` to `base_name`: the title (when given), `extends:`,
    then each option that `changes` sets, in declaration order, under its explanation.
    Values are written as a file writes them; a value of the wrong type is written as
    text, so the reader refuses it in its own words."""
    out = [
        f"# UNO Desktop rule preset: {_one_line(title) or 'changed rules'}.",
        "#",
        "# Made in the game (the Rules screen, or `uno-desktop preset save`): the rules of",
        f"# the preset `{base_name}`, with the options below changed. Each option has a comment;",
        "# the built-in presets (rules_presets/official.yaml) explain every option there is.",
        "",
    ]
    if title:
        out += ["# The name shown in the menu.", f"title: {yaml_text(title)}"]
    if description:
        out += [
            "# One line shown under the name in the menu.",
            f"description: {yaml_text(description)}",
        ]
    out += [
        "# The preset these rules start from: what is not below is as there.",
        f"extends: {name_scalar(base_name)}",
        "",
    ]
    groups_open: set[str] = set()
    for opt in editable_options():
        if opt.key not in changes:
            continue
        value = changes[opt.key]
        head, _dot, rest = opt.key.partition(".")
        indent = ""
        if rest:
            indent = "  "
            if head not in groups_open:
                groups_open.add(head)
                out.append(f"{head}:")
        comment = f"{opt.explain}: {allowed_text(opt)}"
        out += [f"{indent}# {line}" for line in textwrap.wrap(comment, 86 - len(indent))]
        out += _value_lines(opt, rest or head, value, indent)
    return "\n".join(out) + "\n"


_PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


def name_scalar(name: str) -> str:
    """A preset name as `extends:` writes it: plain when it is a plain word (as in the
    built-in files), else quoted (a hand-named file "our #1" or "!x" reads back as
    exactly that name, never as a comment or a YAML tag)."""
    return name if _PLAIN_NAME.fullmatch(name) else yaml_text(name)


def allowed_text(opt: Option) -> str:
    """What a file may write for `opt`, in the words of the built-in files' comments."""
    if opt.kind is Kind.FLAG:
        return "true or false"
    if opt.kind is Kind.COUNT:
        return f"{opt.low} to {opt.high}"
    if opt.kind is Kind.CHOICE:
        return " or ".join(w for w, _v in opt.words)
    if opt.kind is Kind.DECK:
        return f"0 to {opt.high} of each kind (left out: none)"
    if opt.kind is Kind.VALUES:
        return f"0 to {opt.high} points each (left out: the usual points)"
    if opt.kind is Kind.CUSTOM_RULE:
        effects = ", ".join(e.value for e in CustomEffect)
        return f"its text, effect ({effects}) and amount"
    return f"text of at most {opt.high} characters"


def _value_lines(opt: Option, name: str, value: object, indent: str) -> list[str]:
    if opt.kind in (Kind.DECK, Kind.VALUES) and isinstance(value, Mapping):
        lines = [f"{indent}{name}:"]
        ranks = DECK_RANKS if opt.kind is Kind.DECK else [r for r in DECK_RANKS if r in value]
        lines += [f'{indent}  "{r}": {_scalar(Kind.COUNT, value.get(r, 0), opt)}' for r in ranks]
        unknown = [k for k in value if k not in DECK_RANKS]
        lines += [
            f"{indent}  {yaml_text(str(k))}: {_scalar(Kind.COUNT, value[k], opt)}" for k in unknown
        ]
        return lines
    if opt.kind is Kind.CUSTOM_RULE and isinstance(value, CustomRule):
        lines = [
            f"{indent}{name}:",
            f"{indent}  text: {yaml_text(value.text)}",
            f"{indent}  effect: {_scalar(Kind.TEXT, _word(value.effect), opt)}",
        ]
        if value.effect in AMOUNT_EFFECTS:
            lines.append(f"{indent}  amount: {_scalar(Kind.COUNT, value.amount, opt)}")
        return lines
    return [f"{indent}{name}: {_scalar(opt.kind, value, opt)}"]


def _scalar(kind: Kind, value: object, opt: Option) -> str:
    if kind is Kind.FLAG and isinstance(value, bool):
        return "true" if value else "false"
    if kind is Kind.COUNT and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if kind is Kind.CHOICE:
        for word, v in opt.words:
            if type(v) is type(value) and v == value:
                return word
    if kind is Kind.TEXT and isinstance(value, str) and _PLAIN_WORD.fullmatch(value):
        return value
    return yaml_text(str(value))


def _word(value: object) -> object:
    return value.value if isinstance(value, CustomEffect) else value


_PLAIN_WORD = re.compile(r"[a-z_]{1,40}")


def yaml_text(text: str) -> str:
    """`text` as a YAML double-quoted scalar: one line, every character that is not
    printable escaped, so it reads back as exactly this text (and as text, never a
    number or true)."""
    out = ['"']
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch.isprintable():
            out.append(ch)
        elif ord(ch) <= 0xFFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    out.append('"')
    return "".join(out)


def _one_line(text: str) -> str:
    return "".join(ch if ch.isprintable() else " " for ch in text)[:MAX_TITLE_CHARS]
