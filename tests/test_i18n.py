"""The translation layer and the completeness of the Swedish catalog.

The completeness tests read the source (every `_("...")` / `N_("...")` in uno_desktop/)
and the merged Swedish catalog through tools/check_translations.py; a failure lists
every untranslated text with its file:line, grouped by file.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from uno_desktop.engine.cards import Card, Color
from uno_desktop.lang import i18n
from uno_desktop.lang.card_names import card_name, color_name, rank_name
from uno_desktop.lang.i18n import _, language, parse_po, set_language, system_language

ROOT = Path(__file__).resolve().parent.parent


def _load_checker() -> ModuleType:
    name = "check_translations"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


checker = _load_checker()


@pytest.fixture(autouse=True)
def _english_afterwards():
    """Each test may switch language; the next test starts in English again."""
    yield
    set_language("en")


@pytest.fixture(scope="module")
def report():
    return checker.check("sv")


def _listing(problems) -> str:
    by_file: dict[str, list[str]] = {}
    for p in problems:
        by_file.setdefault(p.file, []).append(f"  {p}")
    return "\n".join(
        f"{file} ({len(lines)}):\n" + "\n".join(lines) for file, lines in by_file.items()
    )


# --- completeness of the Swedish catalog -------------------------------------------


def test_every_marked_text_has_a_swedish_translation(report):
    missing = report.of_kind(checker.MISSING)
    assert not missing, f"{len(missing)} texts have no Swedish translation:\n" + _listing(missing)


def test_swedish_translations_keep_every_placeholder(report):
    bad = report.of_kind(checker.PLACEHOLDER)
    assert not bad, _listing(bad)


def test_swedish_po_files_parse(report):
    bad = report.of_kind(checker.PO)
    assert not bad, _listing(bad)


def test_no_text_is_translated_two_ways_in_different_po_files(report):
    bad = report.of_kind(checker.CONFLICT)
    assert not bad, _listing(bad)


def test_no_translated_text_is_built_at_run_time(report):
    bad = report.of_kind(checker.SOURCE)
    assert not bad, _listing(bad)


def test_the_checker_finds_the_texts_of_this_package(report):
    found = {t.msgid for t in report.texts}
    assert {"Wild Draw Four", "Computer {n}", "Official rules"} <= found


# --- the checker itself -------------------------------------------------------------


def test_checker_finds_underscore_n_underscore_and_attribute_calls():
    source = 'a = _("One")\nb = N_("Two")\nc = i18n._("Three")\nd = gettext("Four")\n'
    texts, problems = checker.texts_in_source(source, "m.py")
    assert [(t.msgid, t.where) for t in texts] == [
        ("One", "m.py:1"),
        ("Two", "m.py:2"),
        ("Three", "m.py:3"),
    ]
    assert problems == []


@pytest.mark.parametrize(
    "call",
    ['_(f"{n} cards")', '_("a" + b)', '_("%d cards" % n)', '_("{} cards".format(n))', "_()"],
)
def test_checker_flags_a_text_built_at_run_time(call):
    _texts, problems = checker.texts_in_source(f"x = 1\ny = {call}\n", "m.py")
    assert [(p.where, p.kind) for p in problems] == [("m.py:2", checker.SOURCE)]


def test_checker_accepts_a_variable_marked_elsewhere_and_a_choice_of_literals():
    source = 'a = _(NAMES[c])\nb = _(kind.text)\nc = _("One" if n == 1 else "Many")\n'
    texts, problems = checker.texts_in_source(source, "m.py")
    assert problems == []
    assert [t.msgid for t in texts] == ["One", "Many"]


def test_checker_reports_a_translation_that_loses_a_placeholder(tmp_path):
    (tmp_path / "xx.po").write_text('msgid "Computer {n}"\nmsgstr "Dator"\n', encoding="utf-8")
    found = checker.check("xx", locale=tmp_path).of_kind(checker.PLACEHOLDER)
    assert [p.where.rsplit("/", 1)[-1] for p in found] == ["xx.po:1"]
    assert "{n}" in found[0].message


def test_checker_reports_a_broken_po_line(tmp_path):
    path = tmp_path / "xx.po"
    path.write_text('msgid "Skip"\nmsgstr "Hoppa över\n', encoding="utf-8")
    _entries, problems = checker.read_po(path)
    assert any(p.where.endswith("xx.po:2") and "quoted string" in p.message for p in problems)


def test_checker_reports_one_text_translated_two_ways(tmp_path):
    (tmp_path / "xx.po").write_text('msgid "Skip"\nmsgstr "Hoppa över"\n', encoding="utf-8")
    (tmp_path / "xx_table.po").write_text('msgid "Skip"\nmsgstr "Stopp"\n', encoding="utf-8")
    found = checker.check("xx", locale=tmp_path).of_kind(checker.CONFLICT)
    assert len(found) == 1 and "Stopp" in found[0].message


# --- switching language -------------------------------------------------------------


def test_set_language_swedish_translates_at_once():
    assert _("Scoring") == "Scoring"
    set_language("sv")
    assert _("Scoring") == "Poängräkning"
    set_language("en")
    assert _("Scoring") == "Scoring"


def test_unknown_language_falls_back_to_english():
    set_language("xx")
    assert language() == "en"
    assert _("Scoring") == "Scoring"


def test_text_without_a_translation_shows_in_english():
    set_language("sv")
    assert _("A text nobody has translated") == "A text nobody has translated"


@pytest.fixture
def no_locale_env(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    return monkeypatch


def test_system_language_follows_lang(no_locale_env):
    no_locale_env.setenv("LANG", "sv_SE.UTF-8")
    assert system_language() == "sv"


def test_system_language_prefers_language_over_lang(no_locale_env):
    no_locale_env.setenv("LANG", "en_US.UTF-8")
    no_locale_env.setenv("LANGUAGE", "sv:en")
    assert system_language() == "sv"


def test_system_language_unknown_to_the_game_gives_english(no_locale_env):
    no_locale_env.setenv("LANG", "de_DE.UTF-8")
    assert system_language() == "en"


def test_system_language_without_any_setting_is_english(no_locale_env):
    assert system_language() == "en"


# --- reading .po files --------------------------------------------------------------


def test_parse_po_joins_multi_line_msgid_and_msgstr():
    text = 'msgid ""\n"Hello "\n"world"\nmsgstr ""\n"Hej "\n"världen"\n'
    assert parse_po(text) == {"Hello world": "Hej världen"}


def test_parse_po_reads_quotes_tabs_and_newlines():
    text = 'msgid "Say \\"UNO\\"\\tnow\\n"\nmsgstr "Säg \\"UNO\\"\\tnu\\n"\n'
    assert parse_po(text) == {'Say "UNO"\tnow\n': 'Säg "UNO"\tnu\n'}


def test_parse_po_reads_an_escaped_backslash_before_n():
    # "C:\\new" in a .po file is a backslash followed by "new", not a line break.
    text = 'msgid "C:\\\\new"\nmsgstr "C:\\\\ny"\n'
    assert parse_po(text) == {"C:\\new": "C:\\ny"}


def test_parse_po_skips_the_header_comments_and_empty_translations():
    text = (
        'msgid ""\nmsgstr "Language: sv\\n"\n\n# a comment\n'
        'msgid "Skip"\nmsgstr ""\n\nmsgid "Wild"\nmsgstr "Vild"\n'
    )
    assert parse_po(text) == {"Wild": "Vild"}


def test_swedish_catalog_merges_the_part_files():
    merged = i18n.catalog("sv")
    assert merged["Scoring"] == "Poängräkning"  # from sv_core.po
    assert merged["New game"] == "Nytt spel"  # from sv.po


# --- card names ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "english"),
    [
        ("R5", "Red 5"),
        ("BD2", "Blue Draw Two"),
        ("YS", "Yellow Skip"),
        ("GR", "Green Reverse"),
        ("W", "Wild"),
        ("W4", "Wild Draw Four"),
        ("WS", "Wild Swap Hands"),
        ("WC", "Wild Customizable"),
    ],
)
def test_card_names_in_english(code, english):
    assert card_name(Card.parse(code)) == english


@pytest.mark.parametrize(
    ("code", "swedish"),
    [
        ("R5", "Röd 5"),
        ("BD2", "Blå Dra 2"),
        ("YS", "Gul Hoppa över"),
        ("GR", "Grön Omvänd"),
        ("W", "Vild"),
        ("W4", "Vild dra 4"),
        ("WS", "Vild byt"),
        ("WC", "Vild anpassningsbart"),
    ],
)
def test_card_names_in_swedish_are_the_editions(code, swedish):
    set_language("sv")
    assert card_name(Card.parse(code)) == swedish


def test_colour_names_follow_the_language():
    set_language("sv")
    assert [color_name(c) for c in Color] == ["Röd", "Gul", "Grön", "Blå"]


def test_rank_name_of_a_number_is_the_number():
    assert rank_name("7") == "7"


def test_rank_name_of_an_unknown_code_is_an_error():
    with pytest.raises(ValueError, match="X2"):
        rank_name("X2")


def test_swedish_writes_a_decimal_comma():
    from uno_desktop.lang.i18n import decimal, set_language

    set_language("sv")
    try:
        assert decimal(0.8) == "0,8"
    finally:
        set_language("en")
    assert decimal(0.8) == "0.8"


def test_whole_numbers_group_their_thousands_as_the_language_does():
    from uno_desktop.lang.i18n import integer

    assert [integer(n) for n in (7, 1500, 100_000)] == ["7", "1,500", "100,000"]
    set_language("sv")
    # Swedish: a space that never breaks the line, and none in a four-digit number
    assert [integer(n) for n in (7, 1500, 100_000)] == ["7", "1500", "100\u00a0000"]


def test_the_target_score_in_new_game_is_written_as_the_language_writes_numbers():
    import pygame

    from uno_desktop.ui.kit import text_of
    from uno_desktop.ui.scenes.new_game import NewGameScene
    from uno_desktop.ui.services import build_services

    pygame.display.init()
    pygame.font.init()
    scene = NewGameScene(build_services())
    stepper = scene.target_stepper
    last = stepper.options[-1][1]
    assert text_of(last) == "100,000"
    set_language("sv")
    assert text_of(last) == "100\u00a0000"
