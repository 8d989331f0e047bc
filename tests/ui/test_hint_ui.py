"""The Hint button and key at the table, as a person uses them: what lights up, what is
said, that nothing is played for you, the colour dialog's hint, a match without hints,
and the count on the round end. The hint reads only the viewer's share of the match."""

from __future__ import annotations

import pygame

from uno_desktop.ai.hint import hint
from uno_desktop.engine import Card, Color, Draw, Play, RuleSet
from uno_desktop.lang.i18n import set_language
from uno_desktop.play.match import ManualClock, Match, SeatSpec
from uno_desktop.ui.scenes.round_end import RoundEndScene
from uno_desktop.ui.table.dialogs import HINT_KEY, PenaltyOverlay, PlayOrKeepOverlay
from uno_desktop.ui.table.pickers import ColorPickerOverlay

from . import test_menus
from .test_menus import click, show
from .test_privacy import twin_matches
from .test_table import FILLER, TableHarness, make_match, make_services

RED_ONE = [["R1", "B7", "G5", "Y2"], ["Y5", "Y6", "Y7", "G8"], ["G1", "G2", "B1", "B2"]]
A_WILD = [["W", "B1", "B2", "B5", "G7"], ["Y5", "Y6", "Y7", "G8", "Y1"], FILLER[:5]]
NOTHING_FITS = [["G5", "B7", "Y2"], ["Y5", "Y6", "Y7"], ["G1", "G2", "B1"]]
services = test_menus.services  # the menus' fixture: the real services, in a temporary folder
SKIP_FOR_BO = [
    ["R1", "R2", "RS", "B7", "G5"],
    ["R5", "R6", "R7", "G8", "Y1"],
    ["R8", "R9", "B1", "B2", "B3"],
]


def table(hands, start="R3", rest=(), *, hints=True, kinds=None) -> TableHarness:
    """Ann at the screen against computers that play their first legal card."""
    set_language("en")
    kinds = kinds or ["human"] + ["normal"] * (len(hands) - 1)
    match = make_match(kinds, hands, start, [*rest, *FILLER], clock=ManualClock())
    match.hints = hints
    h = TableHarness(match)
    h.settle()
    return h


def ask(h: TableHarness, press=None) -> None:
    """Ask for a hint (the hint key, unless `press` says how) and wait for the answer:
    it is worked out beside the frame loop and shown in the next frame."""
    if press is None:
        h.key(HINT_KEY)
    else:
        press()
    job = h.table.hints.job
    if job is not None:
        assert job.done.wait(10), "the hint never came"
    h.frame()


def lit_cards(h: TableHarness) -> list[Card | None]:
    return [c.card for c in h.table.frame(h.surface.get_size()).hand if c.hinted]


def shown_hint(h: TableHarness) -> str | None:
    return h.table.frame(h.surface.get_size()).hint


def test_the_hint_key_lights_the_card_and_plays_nothing():
    h = table(RED_ONE)
    ask(h)
    assert h.actions() == []
    assert lit_cards(h) == [Card.parse("R1")]
    assert shown_hint(h) == "Play Red 1: the only card that fits"


def test_the_hint_is_the_hard_computers_move_with_the_reason_in_plain_words():
    h = table(SKIP_FOR_BO, rest=["Y9", "G1"])
    for code in ("R1", "R2"):
        h.click(h.card_pos(code))
        h.settle()
    h.key(pygame.K_d)
    h.settle()
    if isinstance(h.stack.top, PlayOrKeepOverlay):
        h.key(pygame.K_k)
        h.settle()
    assert h.match.observation(1).hand_sizes[1] == 2  # Bo, next, is down to two cards
    ask(h, lambda: h.click(h.button_pos("hint")))
    expected = hint(h.match.observation(0), h.match.legal_actions(0), ["Ann", "Bo", "Cy"])
    assert expected is not None and expected.action.card == Card.parse("RS")
    assert lit_cards(h) == [Card.parse("RS")]
    assert shown_hint(h) == "Play Red Skip: the next player has two cards left"
    assert h.stack.top is h.table


def test_the_hint_to_draw_lights_the_pile_and_the_draw_button():
    h = table(NOTHING_FITS)
    ask(h)
    frame = h.table.frame(h.surface.get_size())
    assert frame.hint == "Draw a card: no card fits"
    assert frame.pile_glow and [b.key for b in frame.buttons if b.glow] == ["draw"]
    assert h.actions() == []


def test_the_hint_goes_once_the_person_has_played():
    h = table(RED_ONE)
    ask(h)
    h.click(h.card_pos("R1"))
    assert shown_hint(h) is None and lit_cards(h) == []


def test_asking_again_on_the_same_turn_is_one_hint():
    h = table(RED_ONE)
    ask(h)
    ask(h)
    ask(h, lambda: h.click(h.button_pos("hint")))
    assert h.match.hints_used == [1, 0, 0]


def test_the_round_end_shows_how_many_hints_each_person_used():
    h = table([["R5", "R6"], ["Y1", "Y2"], ["G1", "G2"]])
    ask(h)
    assert shown_hint(h) == "Play Red 6, say UNO: most of your cards are red"
    h.key(pygame.K_u)
    h.click(h.card_pos("R6"))
    h.settle()
    ask(h)
    assert shown_hint(h) == "Play Red 5: it is your last card"
    h.click(h.card_pos("R5"))
    h.settle()
    assert isinstance(h.stack.top, RoundEndScene)
    assert h.stack.top.hints_line() == "Hints this round: Ann 2"
    h.draw()


def test_a_hint_at_the_colour_dialog_lights_the_colour_and_chooses_nothing():
    h = table(A_WILD)
    h.click(h.card_pos("W"))
    picker = h.stack.top
    assert isinstance(picker, ColorPickerOverlay)
    ask(h)
    assert picker.hint_shown == ("4", "Choose Blue: most of your cards are blue")
    assert h.stack.top is picker and h.actions() == []
    h.draw()  # the ring and the line are drawn without trouble
    h.key(pygame.K_4)
    assert h.actions() == [Play(0, Card.parse("W"), Color.BLUE)]
    assert h.match.hints_used[0] == 1


def test_the_colour_dialogs_hint_button_does_the_same_as_the_key():
    h = table(A_WILD)
    h.click(h.card_pos("W"))
    picker = h.stack.top
    h.draw()
    ask(h, lambda: h.click(picker.hint_button.rect.center))
    assert picker.hint_shown is not None and picker.hint_shown[0] == "4"
    assert h.stack.top is picker


def test_a_hint_at_play_or_keep_lights_one_of_the_two():
    h = table(NOTHING_FITS, rest=["R9"])
    h.key(pygame.K_d)
    h.settle()
    dialog = h.stack.top
    assert isinstance(dialog, PlayOrKeepOverlay)
    ask(h)
    assert dialog.hint_shown is not None and dialog.hint_shown[0] in ("play", "keep")
    assert h.actions() == [Draw(0)]


def test_a_hint_at_a_wild_draw_four_lights_take_or_challenge_on_the_banner():
    """Ann's only card that goes is a Wild Draw Four; Bo, at the screen, asks."""
    hands = [["W4", "G1", "G2", "B1"], ["Y5", "Y6", "B7", "B2"], ["G5", "G6", "B8", "B9"]]
    h = table(hands, kinds=["normal", "human", "normal"])
    banner = h.stack.top
    assert isinstance(banner, PenaltyOverlay)
    ask(h)
    assert banner.hint_shown is not None and banner.hint_shown[0] in ("take", "challenge")
    assert shown_hint(h) in (
        "Take 4 cards: a wrong challenge costs two more cards",
        "Challenge: they probably had a Red card",
    )
    assert len(h.actions()) == 1  # only Ann's Wild Draw Four: Bo has not acted


def test_without_hints_there_is_no_button_and_the_key_does_nothing():
    h = table(RED_ONE, hints=False)
    frame = h.table.frame(h.surface.get_size())
    keys = [b.key for b in frame.buttons]
    assert "hint" not in keys
    menu = next(b for b in frame.buttons if b.key == "menu")
    assert menu.rect.w > h.table.layout.buttons["menu"].w  # Menu has the whole row
    ask(h)
    assert shown_hint(h) is None and lit_cards(h) == [] and h.match.hints_used == [0, 0, 0]
    assert not any("[I] hint" in line for line in frame.hints)


def test_without_hints_the_dialogs_offer_none():
    h = table(A_WILD, hints=False)
    h.click(h.card_pos("W"))
    picker = h.stack.top
    assert isinstance(picker, ColorPickerOverlay)
    assert picker.hint_button is None  # no Hint button made
    assert not [w for w in picker.group.widgets if getattr(w, "key", None) == "hint"]
    ask(h)
    assert picker.hint_shown is None and h.stack.top is picker


def test_the_hint_reads_only_what_the_person_may_see():
    """The same table over a match whose hidden cards are others: the same hint."""
    real, disguised = twin_matches("official", ["human", "normal", "normal", "normal"], 11)
    hs = [TableHarness(m, make_services(m.clock)) for m in (real, disguised)]
    for h in hs:
        h.settle()
        ask(h)
    one, two = (h.table.frame(h.surface.get_size()) for h in hs)
    assert one.hint is not None and one.hint == two.hint
    assert [c.hinted for c in one.hand] == [c.hinted for c in two.hand]
    assert pygame.image.tobytes(hs[0].draw(), "RGB") == pygame.image.tobytes(hs[1].draw(), "RGB")


def test_the_hint_line_is_in_swedish_in_a_swedish_game():
    h = table(NOTHING_FITS)
    set_language("sv")
    try:
        ask(h)
        assert shown_hint(h) == "Dra ett kort: inget kort passar"
    finally:
        set_language("en")


def test_a_saved_match_resumed_keeps_its_hint_setting(tmp_path):
    match = Match(RuleSet(), [SeatSpec("Ann", "human"), SeatSpec("Bo", "normal")], 3, hints=False)
    match.start_round()
    back = Match.from_dict(match.to_dict(), clock=ManualClock())
    h = TableHarness(back)
    h.settle()
    assert "hint" not in [b.key for b in h.table.frame(h.surface.get_size()).buttons]


def test_the_table_goes_on_drawing_while_a_hint_is_worked_out(monkeypatch):
    """The hint is worked out beside the frame loop: frames run while it thinks."""
    import threading

    import uno_desktop.ai.hint as hint_module

    release = threading.Event()
    real = hint_module.hint

    def slow(*args, **kw):
        assert release.wait(10)
        return real(*args, **kw)

    monkeypatch.setattr(hint_module, "hint", slow)
    h = table(RED_ONE)
    h.key(HINT_KEY)
    for _ in range(10):
        h.frame()
        h.draw()
    assert shown_hint(h) is None and h.table.animating  # waiting, and still drawing
    release.set()
    ask(h)
    assert shown_hint(h) == "Play Red 1: the only card that fits"


def test_a_hint_at_the_swap_dialog_lights_the_player_with_the_fewest_cards():
    from uno_desktop.rules.presets import load_preset
    from uno_desktop.ui.table.pickers import ChoosePlayerOverlay

    rules = load_preset("swedish").replace(hand_size=4)
    set_language("en")
    hands = [["WS", "B1", "B2", "G7"], ["Y5", "Y6", "Y7", "G8"], ["G1", "G2", "B3", "B4"]]
    match = make_match(
        ["human", "normal", "normal"], hands, "R3", FILLER, clock=ManualClock(), rules=rules
    )
    h = TableHarness(match)
    h.settle()
    h.click(h.card_pos("WS"))
    h.key(pygame.K_4)  # blue
    dialog = h.stack.top
    assert isinstance(dialog, ChoosePlayerOverlay)
    ask(h)
    assert dialog.hint_shown == ("1", "Swap with Bo: they have the fewest cards")
    assert h.actions() == [] and h.stack.top is dialog


def test_new_game_can_start_a_serious_match_without_hints_and_remembers_it(services):
    from uno_desktop.ui.scenes.new_game import NewGameScene

    new_game = NewGameScene(services)
    stack = show(new_game)
    assert new_game.hints_choice.value is True  # hints are allowed unless switched off
    click(new_game, new_game.hints_choice)
    assert new_game.hints_choice.value is False
    click(new_game, new_game.start_button)
    stack.apply_pending()
    assert services.match.hints is False
    assert services.storage.load_settings().last_hints is False
    again = NewGameScene(services)
    assert again.hints_choice.value is False
