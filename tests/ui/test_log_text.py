"""Log lines: what everyone at the table may read. Drawn cards are never named."""

from __future__ import annotations

import pytest

from uno_desktop.engine import Card, Color
from uno_desktop.engine import events as ev
from uno_desktop.i18n import set_language
from uno_desktop.ui.log_text import card_name, challenge_result_text, event_line, log_lines

NAMES = ["Ann", "Bo", "Cy", "Di"]
SECRET = (Card.parse("G7"), Card.parse("WS"), Card.parse("BD2"))

#: one event of every type the engine emits; the draws carry cards nobody else may see
ALL_EVENTS: list[ev.Event] = [
    ev.RoundStarted(dealer=0, players=4, hand_size=7),
    ev.StartCardFlipped(Card.parse("R5")),
    ev.StartCardReturned(Card.parse("W4")),
    ev.CardPlayed(1, Card.parse("YD2")),
    ev.CardPlayed(2, Card.parse("Y3"), jump_in=True),
    ev.ColorChosen(1, Color.GREEN),
    *[
        ev.CardsDrawn(0, 3, SECRET, reason)
        for reason in ("deal", "draw", "penalty", "uno", "challenge", "false_catch", "custom")
    ],
    ev.CardsDrawn(0, 1, SECRET[:1], "draw"),
    ev.CardKept(3),
    ev.TurnSkipped(2),
    ev.DirectionChanged(-1),
    ev.DirectionChanged(1),
    ev.PenaltyPending(2, 4, True),
    ev.ChallengeResolved(2, 1, True, SECRET),
    ev.ChallengeResolved(2, 1, False, SECRET),
    ev.UnoCalled(1),
    ev.UnoCaught(0, 1),
    ev.FalseCatch(0, 1),
    ev.HandsSwapped(0, 3),
    ev.HandsRotated(1),
    ev.CustomRuleApplied(1, "Everyone else draws one card.", "others_draw"),
    ev.PileReshuffled(40),
    ev.RoundEnded(1, (0, 50, 0, 0)),
    ev.RoundEnded(None, (0, 0, 0, 0), blocked=True),
]


@pytest.fixture(autouse=True)
def _english():
    set_language("en")
    yield
    set_language("en")


def _secret_names() -> list[str]:
    names = []
    for card in SECRET:
        names += [card_name(card), card.code, card.name]
    return names


@pytest.mark.parametrize("event", ALL_EVENTS, ids=lambda e: type(e).__name__)
def test_log_line_never_names_a_drawn_or_shown_card(event):
    line = event_line(event, NAMES) or ""
    for secret in _secret_names():
        assert secret not in line


@pytest.mark.parametrize("event", ALL_EVENTS, ids=lambda e: type(e).__name__)
def test_every_event_type_has_a_line_except_the_deal(event):
    line = event_line(event, NAMES)
    if isinstance(event, ev.CardsDrawn) and event.reason == "deal":
        assert line is None
    else:
        assert line and line.strip()


def test_a_draw_says_who_and_how_many():
    assert event_line(ev.CardsDrawn(0, 2, SECRET[:2], "penalty"), NAMES) == "Ann draws 2 cards."


def test_a_play_names_the_card_and_the_player():
    assert event_line(ev.CardPlayed(1, Card.parse("BD2")), NAMES) == "Bo plays Blue Draw Two."


def test_log_lines_reads_like_the_brief_example():
    lines = log_lines(
        [ev.CardPlayed(1, Card.parse("RD2")), ev.CardsDrawn(2, 2, SECRET[:2], "penalty")],
        ["Ann", "Bo", "Cy"],
    )
    assert lines == ["Bo plays Red Draw Two.", "Cy draws 2 cards."]


def test_challenge_result_names_the_bluffer():
    text = challenge_result_text(ev.ChallengeResolved(0, 1, True, SECRET), 4, 0, NAMES)
    assert text == "Bo was bluffing! Bo draws 4."


def test_challenge_result_tells_a_wrong_challenger_they_draw():
    text = challenge_result_text(ev.ChallengeResolved(0, 1, False, SECRET), 6, 0, NAMES)
    assert text == "Not a bluff: you draw 6."


def _msgids_in_table_files() -> set[str]:
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "uno_desktop"
    files = [
        "ui/log_text.py",
        "ui/table_view.py",
        "ui/scenes/table.py",
        "ui/table_actions.py",
        "ui/table_dialogs.py",
        "ui/table_events.py",
        "ui/table_frame_builder.py",
        "ui/table_input.py",
        "ui/table_notices.py",
        "ui/table_paint.py",
        "ui/table_paint_moments.py",
        "ui/table_paint_panel.py",
        "ui/table_pickers.py",
        "ui/scenes/round_end.py",
    ]
    ids: set[str] = set()
    for name in files:
        for node in ast.walk(ast.parse((root / name).read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "N_")
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                ids.add(node.args[0].value)
    return ids


def test_every_table_text_has_a_swedish_translation():
    from pathlib import Path

    from uno_desktop.i18n import parse_po

    locale = Path(__file__).resolve().parents[2] / "uno_desktop" / "locale"
    catalog: dict[str, str] = {}
    for po in sorted(locale.glob("sv*.po")):  # the part files are merged into one catalog
        catalog.update(parse_po(po.read_text(encoding="utf-8")))
    missing = sorted(_msgids_in_table_files() - set(catalog))
    assert missing == []


def test_swedish_templates_keep_every_placeholder():
    import string
    from pathlib import Path

    from uno_desktop.i18n import parse_po

    po = Path(__file__).resolve().parents[2] / "uno_desktop" / "locale" / "sv_table.po"
    for msgid, msgstr in parse_po(po.read_text(encoding="utf-8")).items():
        fields = {f for _t, f, _s, _c in string.Formatter().parse(msgid) if f}
        assert fields == {f for _t, f, _s, _c in string.Formatter().parse(msgstr) if f}, msgid


@pytest.mark.parametrize("event", ALL_EVENTS)
@pytest.mark.parametrize("you", [0, 1, 2, 3])
def test_a_line_spoken_to_you_never_names_a_drawn_or_shown_card(event, you):
    line = event_line(event, NAMES, you) or ""
    for name in _secret_names():
        assert name not in line


def test_the_lone_human_reads_their_own_moves_in_the_second_person():
    assert event_line(ev.CardPlayed(0, Card.parse("R5")), NAMES, you=0) == "You play Red 5."
    assert event_line(ev.CardsDrawn(0, 2, SECRET[:2], "draw"), NAMES, you=0) == "You draw 2 cards."
    assert event_line(ev.TurnSkipped(0), NAMES, you=0) == "You are skipped."
    assert event_line(ev.RoundEnded(0, (0, 9, 0, 0)), NAMES, you=0) == "You win the round!"


def test_a_computer_catching_you_names_you_as_the_one_caught():
    assert event_line(ev.UnoCaught(1, 0), NAMES, you=0) == "Bo catches you without UNO!"


def test_other_seats_keep_their_names_when_someone_is_you():
    assert event_line(ev.CardPlayed(1, Card.parse("R5")), NAMES, you=0) == "Bo plays Red 5."


def test_the_table_log_says_you_play_for_a_lone_human():
    from uno_desktop.ui.table_view import TableView

    view = TableView(["You", "Computer 1"], 108, you=0)
    view.feed([ev.CardPlayed(0, Card.parse("R5"))])
    step = view.next_step(0)
    assert step is not None and step.on_done is not None
    step.on_done()
    assert view.log_lines() == ["You play Red 5."]


def test_the_table_log_rewords_itself_when_the_language_changes_mid_round():
    from uno_desktop.ui.table_view import TableView

    view = TableView(["Ann", "Bo"], 108)
    view.add_log(ev.CardPlayed(1, Card.parse("R5")))
    view.add_log(ev.CardsDrawn(0, 7, (), "deal"))  # no line: not kept
    assert view.log_lines() == ["Bo plays Red 5."]
    try:
        set_language("sv")
        swedish = view.log_lines()
    finally:
        set_language("en")
    assert len(swedish) == 1 and swedish[0] != "Bo plays Red 5." and "Bo" in swedish[0]
