"""The narration: log lines everyone at the table may read (drawn cards are never named),
the words of the big moments, and "you" for the seat the screen speaks to."""

from __future__ import annotations

import pytest

from uno_desktop.engine import Card, Color
from uno_desktop.engine import events as ev
from uno_desktop.lang.i18n import set_language
from uno_desktop.view.narration import (
    card_name,
    challenge_result_text,
    challenge_verdict,
    event_line,
    log_lines,
    spoken_lines,
)

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


def test_a_challengers_verdict_counts_the_cards_drawn_for_it():
    events = [
        ev.CardPlayed(1, Card.parse("W4")),
        ev.ChallengeResolved(0, 1, True, SECRET),
        ev.CardsDrawn(1, 4, (), "challenge"),
    ]
    assert challenge_verdict(events, 0, NAMES) == "Bo was bluffing! Bo draws 4."
    assert challenge_verdict(events, 2, NAMES) is None  # Cy did not challenge


def test_a_screen_reader_hears_the_others_moves_not_its_own_nor_plain_draws():
    events = [
        ev.CardPlayed(0, Card.parse("R5")),  # Ann's own: she made it
        ev.CardsDrawn(1, 1, (), "draw"),  # a plain draw: too many to say
        ev.CardPlayed(2, Card.parse("R7")),
        ev.CardsDrawn(0, 2, (), "uno"),  # done to Ann: she hears it
        ev.RoundEnded(2, (0, 0, 30, 0)),
    ]
    assert spoken_lines(events, NAMES, 0) == [
        "Cy plays Red 7.",
        "You draw 2 for not saying UNO.",
        "Cy wins the round!",
    ]


def _msgids_in_table_files() -> set[str]:
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "uno_desktop"
    files = [
        "view/narration.py",
        "ui/table/shown.py",
        "ui/table/scene.py",
        "ui/table/actions.py",
        "ui/table/dialogs.py",
        "ui/table/events.py",
        "ui/table/frame_builder.py",
        "ui/table/input.py",
        "ui/table/notices.py",
        "ui/table/paint/painter.py",
        "ui/table/paint/moments.py",
        "ui/table/paint/panel.py",
        "ui/table/pickers.py",
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

    from uno_desktop.lang.i18n import parse_po

    locale = Path(__file__).resolve().parents[2] / "uno_desktop" / "lang" / "locale"
    catalog: dict[str, str] = {}
    for po in sorted(locale.glob("sv*.po")):  # the part files are merged into one catalog
        catalog.update(parse_po(po.read_text(encoding="utf-8")))
    missing = sorted(_msgids_in_table_files() - set(catalog))
    assert missing == []


def test_swedish_templates_keep_every_placeholder():
    import string
    from pathlib import Path

    from uno_desktop.lang.i18n import parse_po

    po = Path(__file__).resolve().parents[2] / "uno_desktop" / "lang" / "locale" / "sv_table.po"
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
    from uno_desktop.ui.table.shown import ShownTable

    view = ShownTable(["You", "Computer 1"], 108, you=0)
    view.feed([ev.CardPlayed(0, Card.parse("R5"))])
    step = view.next_step(0)
    assert step is not None and step.on_done is not None
    step.on_done()
    assert view.log_lines() == ["You play Red 5."]


def test_the_table_log_rewords_itself_when_the_language_changes_mid_round():
    from uno_desktop.ui.table.shown import ShownTable

    view = ShownTable(["Ann", "Bo"], 108)
    view.add_log(ev.CardPlayed(1, Card.parse("R5")))
    view.add_log(ev.CardsDrawn(0, 7, (), "deal"))  # no line: not kept
    assert view.log_lines() == ["Bo plays Red 5."]
    try:
        set_language("sv")
        swedish = view.log_lines()
    finally:
        set_language("en")
    assert len(swedish) == 1 and swedish[0] != "Bo plays Red 5." and "Bo" in swedish[0]


def test_the_table_log_is_worded_once_while_nothing_new_happens(monkeypatch):
    """The table reads its log every frame; it words the log again only when there is a
    new line (or a new language or name), not sixty times a second."""
    from uno_desktop.ui.table import shown as table_view
    from uno_desktop.ui.table.shown import ShownTable

    worded: list[int] = []
    real = table_view.log_lines

    def counting(events, names, you=None):  # type: ignore[no-untyped-def]
        worded.append(1)
        return real(events, names, you)

    monkeypatch.setattr(table_view, "log_lines", counting)
    names = ["Ann", "Bo"]
    view = ShownTable(names, 108)
    view.add_log(ev.CardPlayed(1, Card.parse("R5")))
    for _frame in range(5):
        assert view.log_lines() == ["Bo plays Red 5."]
    assert len(worded) == 1
    view.add_log(ev.CardPlayed(0, Card.parse("R7")))
    assert view.log_lines() == ["Bo plays Red 5.", "Ann plays Red 7."]
    names[0] = "Anna"  # a name reworded (a seat called by a name the language gives)
    assert view.log_lines()[-1] == "Anna plays Red 7."
    assert len(worded) == 3


# --- "you": the seat the screen speaks to, and a seat the game named "You" -----------------

GIVEN = ["You", "Computer 1", "Computer 2"]  # a lone person at a table of computers


def test_a_seat_the_game_named_you_is_spoken_to_in_the_second_person():
    from uno_desktop.play.seats import SeatNames

    names = SeatNames(GIVEN)
    assert event_line(ev.CardPlayed(0, Card.parse("GD2")), names) == "You play Green Draw Two."
    assert event_line(ev.CardsDrawn(0, 1, SECRET[:1], "draw"), names) == "You draw a card."
    assert event_line(ev.RoundEnded(0, (0, 9, 9)), names) == "You win the round!"
    assert event_line(ev.UnoCaught(1, 0), names) == "Computer 1 catches you without UNO!"
    assert event_line(ev.HandsSwapped(2, 0), names) == "You and Computer 2 swap hands."
    assert event_line(ev.CardPlayed(1, Card.parse("R5")), names) == "Computer 1 plays Red 5."


def test_a_seat_named_you_is_spoken_to_in_swedish_too():
    from uno_desktop.play.seats import SeatNames

    names = SeatNames(GIVEN)
    set_language("sv")
    assert event_line(ev.UnoCaught(1, 0), names) == "Dator 1 ertappar dig utan UNO!"
    assert event_line(ev.PenaltyPending(0, 4, True), names) == "4 kort väntar på dig."
    assert event_line(ev.ChallengeResolved(1, 0, True), names) == "Dator 1 utmanar: du bluffade!"
    assert event_line(ev.CardsDrawn(0, 1, (), "draw"), names) == "Du drar ett kort."


def test_the_round_end_title_and_line_speak_to_you():
    from uno_desktop.play.seats import SeatNames
    from uno_desktop.view.narration import round_end_line, round_title

    names = SeatNames(GIVEN)
    assert round_title(0, 3, names) == "You win round 3!"
    assert round_title(1, 3, names) == "Computer 1 wins round 3!"
    assert round_title(None, 3, names) == "Round 3: nobody could play"
    assert round_end_line(0, names) == "You win the round!"
    assert round_end_line(1, ["Ann", "Bo"], you=1) == "You win the round!"
    set_language("sv")
    assert round_title(0, 3, names) == "Du vinner runda 3!"
    assert round_end_line(0, names) == "Du vinner rundan!"


def test_a_challenge_result_speaks_to_a_seat_named_you():
    names = list(GIVEN)
    guilty = ev.ChallengeResolved(1, 0, True, SECRET)
    assert challenge_result_text(guilty, 4, None, names) == "You were caught bluffing! You draw 4."
    fair = ev.ChallengeResolved(0, 1, False, SECRET)
    assert challenge_result_text(fair, 6, None, names) == "Not a bluff: you draw 6."


# --- the big moments' words ------------------------------------------------------------------


def test_a_draw_two_is_a_big_moment_in_its_colour_with_its_log_line():
    from uno_desktop.view.narration import moment

    said = moment(ev.CardPlayed(1, Card.parse("BD2")), None, NAMES, None)
    assert said is not None
    assert (said.title, said.line, said.kind, said.seat) == (
        "Draw Two!",
        "Bo plays Blue Draw Two.",
        "D2",
        1,
    )
    assert said.color is Color.BLUE and not said.alarm


def test_a_wild_draw_four_and_a_catch_are_alarms_without_a_colour():
    from uno_desktop.view.narration import moment

    four = moment(ev.CardPlayed(0, Card.parse("W4")), None, NAMES, 0)
    caught = moment(ev.UnoCaught(0, 2), None, NAMES, None)
    assert four is not None and four.color is None and four.alarm
    assert four.line == "You play Wild Draw Four."
    assert caught is not None and caught.alarm and caught.seat == 2


def test_a_skip_is_a_moment_only_under_a_skip_card():
    from uno_desktop.view.narration import moment

    under_skip = moment(ev.TurnSkipped(2), Card.parse("YS"), NAMES, None)
    assert under_skip is not None and under_skip.title == "Skip!"
    assert under_skip.color is Color.YELLOW
    assert moment(ev.TurnSkipped(2), Card.parse("YD2"), NAMES, None) is None


def test_plain_events_are_no_big_moment():
    from uno_desktop.view.narration import moment

    for event in ALL_EVENTS:
        if isinstance(event, ev.CardsDrawn | ev.CardKept | ev.PileReshuffled | ev.RoundEnded):
            assert moment(event, Card.parse("R5"), NAMES, None) is None


def test_the_table_log_works_out_who_is_you_once_per_reading_not_once_per_line(monkeypatch):
    # The table reads its whole log every frame: the seats' names are matched once.
    from uno_desktop.ui.table.shown import ShownTable
    from uno_desktop.view import narration

    view = ShownTable(["You", "Computer 1"], 108, you=0)
    for card in ("R5", "R6", "R7", "R8"):
        view.add_log(ev.CardPlayed(1, Card.parse(card)))
    calls: list[int] = []
    real_you_seats = narration.you_seats

    def counting_you_seats(names, you=None):
        calls.append(1)
        return real_you_seats(names, you)

    monkeypatch.setattr(narration, "you_seats", counting_you_seats)
    assert view.log_lines()[-1] == "Computer 1 plays Red 8."
    assert len(calls) == 1
