"""Check that every visible text of the game has a translation.

    .venv/bin/python tools/check_translations.py          # Swedish, exit 1 on problems
    .venv/bin/python tools/check_translations.py --lang sv

Texts are found the way a translator would want them found: by reading the source, not
by running the game. Every `_("literal")` and `N_("literal")` call in uno_desktop/**/*.py
is a text (whatever module it sits in), and so are the title, description and custom
rule text of every built-in preset in rules_presets/*.yaml (shown through `_()`).
A call whose first argument is built at run time (`_(f"...")`, `_("a" + b)`,
`_("{}".format(x))`) is an error: no catalog can hold such a text. A variable argument
(`_(COLOR_NAMES[c])`, `_(kind.damaged_kept)`) is fine: its texts are marked with N_().

For each text the merged catalog (`i18n.catalog(lang)`: `<lang>.po` + `<lang>_*.po`)
must have a non-empty translation that uses exactly the msgid's `{placeholders}`
(a missing one loses a value on screen; an extra one raises KeyError in `.format`).
The .po files must parse strictly, and one msgid must not get different translations
in two files (the merge would silently let one win).
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import re
import string
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "uno_desktop"
LOCALE = PACKAGE / "lang" / "locale"
PRESETS = ROOT / "rules_presets"

MARKERS = frozenset({"_", "N_"})

#: what a problem is about (tests check each kind on its own)
SOURCE, PO, PLACEHOLDER, CONFLICT, MISSING = "source", "po", "placeholder", "conflict", "missing"
KINDS = (SOURCE, PO, PLACEHOLDER, CONFLICT, MISSING)


@dataclasses.dataclass(frozen=True)
class Text:
    """One translatable text and where it was found."""

    msgid: str
    where: str  # "uno_desktop/store/storage.py:110"


@dataclasses.dataclass(frozen=True)
class Problem:
    """One thing a translator or programmer must fix, with its place."""

    where: str
    message: str
    kind: str  # one of KINDS

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"

    @property
    def file(self) -> str:
        """The file part of `where` (for grouping a report per file)."""
        return self.where.rsplit(":", 1)[0] if self.where.count(":") else self.where


def _rel(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return path.as_posix()


# --- finding the texts --------------------------------------------------------------


def _marker_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name) and func.id in MARKERS:
        return func.id
    if isinstance(func, ast.Attribute) and func.attr in MARKERS:
        return func.attr
    return None


def _literal_texts(node: ast.expr) -> list[str] | None:
    """The literal strings an argument can be, or None when it is built at run time.

    A conditional between literals gives both; names, attributes and subscripts give no
    texts but are allowed (their texts are marked elsewhere with N_).
    """
    if isinstance(node, ast.Constant):
        return [node.value] if isinstance(node.value, str) else None
    if isinstance(node, ast.IfExp):
        body, orelse = _literal_texts(node.body), _literal_texts(node.orelse)
        if body is None or orelse is None:
            return None
        return body + orelse
    if isinstance(node, ast.Name | ast.Attribute | ast.Subscript):
        return []
    return None  # f-strings, +, %, .format(), function calls, ...


def texts_in_source(source: str, filename: str) -> tuple[list[Text], list[Problem]]:
    """Every marked text of one module, and every marker call that cannot be translated."""
    texts: list[Text] = []
    problems: list[Problem] = []
    try:
        tree = ast.parse(source, filename=filename)
    except SyntaxError as exc:
        return [], [Problem(f"{filename}:{exc.lineno}", f"cannot be parsed: {exc.msg}", SOURCE)]
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _marker_name(node.func)
        if name is None:
            continue
        where = f"{filename}:{node.lineno}"
        if not node.args:
            problems.append(Problem(where, f"{name}() without a text", SOURCE))
            continue
        found = _literal_texts(node.args[0])
        if found is None:
            code = ast.get_source_segment(source, node) or f"{name}(...)"
            problems.append(
                Problem(
                    where,
                    f"{code}: the text is built at run time, so it cannot be translated; "
                    "pass one literal template and .format() the values afterwards",
                    SOURCE,
                )
            )
            continue
        texts.extend(Text(msgid, where) for msgid in found if msgid)
    return sorted(texts, key=_line), sorted(problems, key=_line)


def _line(item: Text | Problem) -> int:
    return int(item.where.rsplit(":", 1)[1])


def texts_in_package(package: Path = PACKAGE) -> tuple[list[Text], list[Problem]]:
    """The marked texts of every module under `package`, in file and line order."""
    texts: list[Text] = []
    problems: list[Problem] = []
    for path in sorted(package.rglob("*.py")):
        found, bad = texts_in_source(path.read_text(encoding="utf-8"), _rel(path))
        texts.extend(found)
        problems.extend(bad)
    return texts, problems


def texts_in_presets(folder: Path = PRESETS) -> list[Text]:
    """Title, description and custom rule text of each built-in preset (shown through
    `_()`)."""
    texts: list[Text] = []
    key = re.compile(r"^(title|description|\s+text):\s*(.*)$")
    for path in sorted(folder.glob("*.yaml")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            match = key.match(line)
            if match is None:
                continue
            value = _yaml_scalar(match.group(2))
            if value:
                texts.append(Text(value, f"{_rel(path)}:{number}"))
    return texts


def _yaml_scalar(raw: str) -> str:
    """A one-line YAML scalar as the loader reads it (quoted or plain)."""
    import yaml

    loaded = yaml.safe_load(f"v: {raw}") if raw.strip() else None
    value = loaded.get("v") if isinstance(loaded, dict) else None
    return value if isinstance(value, str) else ""


# --- reading the catalogs strictly --------------------------------------------------

_STRING = re.compile(r'^"((?:[^"\\]|\\.)*)"$')
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _decode(body: str) -> str | None:
    out: list[str] = []
    chars = iter(body)
    for ch in chars:
        if ch != "\\":
            out.append(ch)
            continue
        nxt = next(chars, "")
        if nxt not in _ESCAPES:
            return None
        out.append(_ESCAPES[nxt])
    return "".join(out)


@dataclasses.dataclass
class _Entry:
    msgid: list[str]
    msgstr: list[str] | None
    line: int


def read_po(path: Path) -> tuple[list[tuple[str, str, int]], list[Problem]]:
    """(msgid, msgstr, line) for each entry of a .po file, and every syntax problem.

    Stricter than `i18n.parse_po` on purpose: what that reader would silently misread
    (contexts, plural forms, unknown escapes, a lost quote) is reported here.
    """
    name = _rel(path)
    entries: list[tuple[str, str, int]] = []
    problems: list[Problem] = []
    current: _Entry | None = None
    target: list[str] | None = None

    def finish() -> None:
        if current is None:
            return
        if current.msgstr is None:
            problems.append(Problem(f"{name}:{current.line}", "msgid without a msgstr", PO))
            return
        entries.append(("".join(current.msgid), "".join(current.msgstr), current.line))

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [], [Problem(name, f"cannot be read: {exc}", PO)]
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        keyword, _sep, rest = line.partition(" ")
        if keyword in ("msgid", "msgstr"):
            quoted = rest.strip()
        elif line.startswith('"'):
            keyword, quoted = "", line
        else:
            problems.append(
                Problem(
                    f"{name}:{number}",
                    f"unsupported line {line[:40]!r} (only msgid, msgstr and strings; "
                    "no contexts or plural forms)",
                    PO,
                )
            )
            target = None
            continue
        match = _STRING.match(quoted)
        value = _decode(match.group(1)) if match else None
        if value is None:
            problems.append(Problem(f"{name}:{number}", f"not a valid quoted string: {quoted}", PO))
            target = None
            continue
        if keyword == "msgid":
            finish()
            current = _Entry([value], None, number)
            target = current.msgid
        elif keyword == "msgstr":
            if current is None or current.msgstr is not None:
                problems.append(Problem(f"{name}:{number}", "msgstr without a msgid", PO))
                target = None
                continue
            current.msgstr = [value]
            target = current.msgstr
        elif target is not None:
            target.append(value)
        else:
            problems.append(Problem(f"{name}:{number}", "a string outside any msgid or msgstr", PO))
    finish()
    seen: dict[str, int] = {}
    for msgid, _msgstr, number in entries:
        if msgid and msgid in seen:
            problems.append(
                Problem(
                    f"{name}:{number}", f"{msgid!r} is already translated on line {seen[msgid]}", PO
                )
            )
        seen.setdefault(msgid, number)
    return entries, problems


def catalog_files(lang: str, locale: Path = LOCALE) -> list[Path]:
    """The files `i18n.catalog(lang)` merges, in its order."""
    first = locale / f"{lang}.po"
    return ([first] if first.exists() else []) + sorted(locale.glob(f"{lang}_*.po"))


# --- placeholders -------------------------------------------------------------------


def placeholders(text: str) -> set[str] | None:
    """The `{names}` a template formats, or None when its braces are malformed."""
    names: set[str] = set()
    try:
        for _literal, field, _spec, _conv in string.Formatter().parse(text):
            if field is not None:
                names.add(re.split(r"[.\[]", field, maxsplit=1)[0])
    except ValueError:
        return None
    return names


# --- the check ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Report:
    """Everything the check found; `ok` when nothing needs fixing."""

    texts: tuple[Text, ...]
    missing: tuple[Problem, ...]  # texts without a translation
    errors: tuple[Problem, ...]  # everything else: syntax, placeholders, conflicts, f-strings

    @property
    def ok(self) -> bool:
        return not self.missing and not self.errors

    def of_kind(self, kind: str) -> list[Problem]:
        """The problems of one kind (SOURCE, PO, PLACEHOLDER, CONFLICT or MISSING)."""
        return [p for p in (*self.errors, *self.missing) if p.kind == kind]

    def missing_by_file(self) -> dict[str, list[Problem]]:
        out: dict[str, list[Problem]] = {}
        for problem in self.missing:
            out.setdefault(problem.file, []).append(problem)
        return out

    def lines(self) -> Iterator[str]:
        for problem in self.errors:
            yield f"ERROR ({problem.kind}) {problem}"
        for problem in self.missing:
            yield f"MISSING {problem}"


def check(lang: str = "sv", *, locale: Path = LOCALE) -> Report:
    """Find every text and check its translation into `lang`."""
    texts, errors = texts_in_package()
    texts += texts_in_presets()

    merged: dict[str, tuple[str, str]] = {}  # msgid -> (msgstr, where)
    for path in catalog_files(lang, locale):
        entries, problems = read_po(path)
        errors += problems
        for msgid, msgstr, number in entries:
            if not msgid:
                continue  # the header
            where = f"{_rel(path)}:{number}"
            earlier = merged.get(msgid)
            if earlier is not None and msgstr and earlier[0] and earlier[0] != msgstr:
                errors.append(
                    Problem(
                        where,
                        f"{msgid!r} is translated differently in {earlier[1]} "
                        f"(there {earlier[0]!r}, here {msgstr!r}); keep one",
                        CONFLICT,
                    )
                )
            if msgstr or earlier is None:
                merged[msgid] = (msgstr, where)
            msgid_names, msgstr_names = placeholders(msgid), placeholders(msgstr)
            if msgstr and msgstr_names is None:
                errors.append(
                    Problem(where, f"unbalanced braces in the translation {msgstr!r}", PLACEHOLDER)
                )
            elif msgstr and msgid_names is not None and msgstr_names is not None:
                lost = sorted(msgid_names - msgstr_names)
                extra = sorted(msgstr_names - msgid_names)
                if lost:
                    errors.append(
                        Problem(
                            where, f"{msgid!r}: the translation lacks {_braces(lost)}", PLACEHOLDER
                        )
                    )
                if extra:
                    errors.append(
                        Problem(
                            where,
                            f"{msgid!r}: the translation uses {_braces(extra)}, "
                            "which the text does not have",
                            PLACEHOLDER,
                        )
                    )

    missing: list[Problem] = []
    reported: set[tuple[str, str]] = set()
    for text in texts:
        translated = merged.get(text.msgid, ("", ""))[0]
        if translated.strip() or (text.where, text.msgid) in reported:
            continue
        reported.add((text.where, text.msgid))
        missing.append(Problem(text.where, f"no {lang} translation for {text.msgid!r}", MISSING))
    return Report(tuple(texts), tuple(missing), tuple(errors))


def _braces(names: list[str]) -> str:
    return ", ".join("{" + n + "}" for n in names)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", default="sv", help="language code (default: sv)")
    args = parser.parse_args(argv)
    report = check(args.lang)
    for line in report.lines():
        print(line)
    unique = len({t.msgid for t in report.texts})
    print(
        f"{unique} texts ({len(report.texts)} uses): {len(report.missing)} untranslated, "
        f"{len(report.errors)} errors"
    )
    for file, problems in report.missing_by_file().items():
        print(f"  {file}: {len(problems)} untranslated")
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
