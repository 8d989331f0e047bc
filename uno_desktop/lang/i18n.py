"""One translation layer for every visible text.

Use `_("Draw")` for a fixed text and `_("{name} draws {n}").format(...)` for a text with
values. Catalogs are standard gettext `.po` files under `uno_desktop/lang/locale/<lang>.po`,
read at run time (no compile step), so translators can use any PO editor.
The language can change while the game runs: `set_language("sv")`.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

LANGUAGES: dict[str, str] = {"en": "English", "sv": "Svenska"}

_current = "en"
_catalogs: dict[str, dict[str, str]] = {}


def _locale_dir() -> Path:
    return Path(__file__).resolve().parent / "locale"


def parse_po(text: str) -> dict[str, str]:
    """msgid -> msgstr for a .po file (plain entries; empty translations skipped)."""
    out: dict[str, str] = {}
    key: list[str] | None = None
    val: list[str] | None = None
    target: list[str] | None = None

    def flush() -> None:
        if key is not None and val is not None:
            k, v = "".join(key), "".join(val)
            if k and v:
                out[k] = v

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            flush()
            key, val = [_unquote(line[6:])], None
            target = key
        elif line.startswith("msgstr "):
            val = [_unquote(line[7:])]
            target = val
        elif line.startswith('"') and target is not None:
            target.append(_unquote(line))
    flush()
    return out


def _unquote(s: str) -> str:
    s = s.strip()
    if len(s) >= 2 and s[0] == s[-1] == '"':
        s = s[1:-1]
    if "\\" not in s:  # most lines: nothing to unescape (a Swedish start reads ~2,000)
        return s
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(0)), s)


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def catalog(lang: str) -> dict[str, str]:
    """All translations for `lang`: `<lang>.po` plus any `<lang>_<part>.po` beside it."""
    if lang not in _catalogs:
        merged: dict[str, str] = {}
        folder = _locale_dir()
        paths = [folder / f"{lang}.po", *sorted(folder.glob(f"{lang}_*.po"))]
        for path in paths:
            try:
                merged.update(parse_po(path.read_text(encoding="utf-8")))
            except OSError:
                continue
        _catalogs[lang] = merged
    return _catalogs[lang]


def system_language() -> str:
    """ "sv" when the system asks for Swedish, else "en"."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            # LANGUAGE may list several ("de:sv"): the first one we have wins, as in gettext.
            for part in value.split(":"):
                code = part[:2].lower()
                if code in LANGUAGES:
                    return code
            return "en"
    return "en"


def set_language(lang: str) -> None:
    global _current
    _current = lang if lang in LANGUAGES else "en"


#: languages that write a decimal comma ("0,8 s")
DECIMAL_COMMA = frozenset({"sv"})


def decimal(value: float, places: int = 1) -> str:
    """`value` with `places` decimals, written the way the current language writes them."""
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if language() in DECIMAL_COMMA else text


#: how a language groups the thousands of a whole number ("1,500" / "1 500")
THOUSANDS_SEPARATOR = {"en": ",", "sv": "\u00a0"}


def integer(value: int) -> str:
    """A whole number written the way the current language writes it: "1,500" in
    English, "1 500" in Swedish (a space that never breaks the line); below 10,000 a
    Swedish number has no space ("1500"), as Swedish typesetting has it."""
    if language() == "sv" and abs(value) < 10_000:
        return str(value)
    return f"{value:,}".replace(",", THOUSANDS_SEPARATOR.get(language(), ","))


def language() -> str:
    return _current


def _(text: str) -> str:
    """The text in the current language (the English text when no translation exists)."""
    if _current == "en":
        return text
    return catalog(_current).get(text, text)


def N_(text: str) -> str:
    """Mark a text for translation without translating it now (for module constants)."""
    return text
