"""The state a phone is sent: each card says what it may do, read from the seat's view
(`SeatView`); the buttons follow what the seat is asked; words are in the game's language."""

from __future__ import annotations

import random

import pytest

from uno_desktop.engine import Card, Game
from uno_desktop.engine.actions import CallUno, CatchUno, Challenge, Draw, Pass, Play
from uno_desktop.engine.cards import Color
from uno_desktop.lang.i18n import set_language
from uno_desktop.phones.wire import page_strings, phone_state, refusal
from uno_desktop.rules.presets import load_preset
from uno_desktop.view import NewsKind, public_observation, seat_view

from .helpers import dealt_deck

NAMES = ["Ann", "Bo", "Cy"]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def game(hands, start="R1", preset="official", draws=(), **changes) -> Game:
    rules = load_preset(preset)
    if changes:
        rules = rules.replace(**changes)
    n = len(hands)
    deck = dealt_deck(rules, hands, start, dealer=n - 1, draws=draws)
    return Game.new(rules, n, dealer=n - 1, deck=deck, rng=random.Random(3))


def view(g: Game, seat: int):
    return seat_view(g.observation(seat), g.legal_actions(seat))


def state(g: Game, seat: int, **kw):
    return phone_state(view(g, seat), NAMES, **kw)


def entry(st, code):
    return next(c for c in st["hand"] if c["code"] == code)


THREE = [
    ["R5", "W", "G7", "B3", "W4", "G2", "R9"],
    ["R6", "G3", "Y4", "B1", "Y7", "G0", "B9"],
    ["Y2", "G8", "B4", "Y1", "R7", "G5", "Y6"],
]


def test_on_your_turn_matching_cards_are_playable_and_a_wild_asks_its_colour():
    st = state(game(THREE), 0)
    assert st["turn"] and st["prompt"] == "Your turn"
    assert entry(st, "R5") == {"code": "R5", "name": "Red 5", "play": True}
    assert entry(st, "G7") == {"code": "G7", "name": "Green 7", "play": False}
    assert entry(st, "W")["colors"] == ["red", "yellow", "green", "blue"]
    assert entry(st, "W")["name"] == "Wild"
    assert st["can"] == {
        "draw": True,
        "take": 0,
        "keep": False,
        "challenge": False,
        "uno": False,
        "catch": [],
        "next": False,
    }
    assert st["top"] == {"code": "R1", "name": "Red 1"} and st["color"] == "red"


def test_out_of_turn_no_card_is_playable_and_the_prompt_names_whose_turn_it_is():
    st = state(game(THREE), 1)
    assert not st["turn"] and st["prompt"] == "Ann's turn"
    assert not any(c["play"] for c in st["hand"])
    assert st["can"]["draw"] is False


def test_the_hand_and_counts_are_the_seats_own_and_nobody_elses():
    g = game(THREE)
    st = state(g, 1)
    assert sorted(c["code"] for c in st["hand"]) == sorted(THREE[1])
    assert [p["cards"] for p in st["players"]] == [7, 7, 7]
    text = repr(st)
    for code in set(THREE[0]) | set(THREE[2]):
        if code not in THREE[1] and code != "R1":
            assert f"'{code}'" not in text


def test_a_swap_card_asks_for_its_target_among_the_other_seats():
    hands = [["WS", "R5", "G7"], ["R6", "G3", "Y4"], ["Y2", "G8", "B4"]]
    st = state(game(hands, preset="swedish", hand_size=3), 0)
    ws = entry(st, "WS")
    assert ws["targets"] == [1, 2] and len(ws["colors"]) == 4


def test_a_card_that_leaves_one_may_say_uno_with_it():
    hands = [["R5", "G7"], ["R6", "G3"], ["Y2", "G8"]]
    st = state(game(hands, hand_size=2), 0)
    assert entry(st, "R5").get("uno") is True
    assert "uno" not in entry(st, "G7")


def test_cards_waiting_offer_take_with_their_count():
    hands = [["RD2", "G7", "B3"], ["R6", "G3", "Y4"], ["Y2", "G8", "B4"]]
    g = game(hands, preset="family", hand_size=3)  # stacking: the cards wait for Bo
    g.apply(Play(0, Card.parse("RD2")))
    st = state(g, 1)
    assert st["can"]["take"] == 2 and st["can"]["draw"] is False
    assert st["pending"] == 2
    assert st["prompt"] == "2 cards wait for you!"


def test_a_wild_draw_four_on_you_offers_a_challenge():
    g = game([["W4", "G7", "B3"], ["R6", "G3", "Y4"], ["Y2", "G8", "B4"]], hand_size=3)
    g.apply(Play(0, Card.parse("W4"), Color.BLUE))
    st = state(g, 1)
    assert st["can"]["challenge"] is True and st["can"]["take"] == 4
    assert st["prompt"] == "Think it was a bluff? Challenge it, or take the cards."


def test_a_drawn_card_that_fits_may_be_played_or_kept():
    hands = [["G7", "B3", "Y9"], ["R6", "G3", "Y4"], ["Y2", "G8", "B4"]]
    g = game(hands, hand_size=3, draws=["R8"])
    g.apply(Draw(0))
    st = state(g, 0)
    assert st["can"]["keep"] is True and st["drawn"] == "R8"
    assert [c["code"] for c in st["hand"] if c["play"]] == ["R8"]
    assert st["prompt"].startswith("You drew ")


def test_a_forgotten_uno_can_be_caught_by_the_others():
    hands = [["R5", "G7"], ["R6", "G3"], ["Y2", "G8"]]
    g = game(hands, hand_size=2)
    g.apply(Play(0, Card.parse("R5")))  # one card left, UNO not said
    assert CatchUno(1, 0) in g.legal_actions(1)
    assert state(g, 1)["can"]["catch"] == [0]
    assert state(g, 0)["can"]["uno"] is (CallUno(0) in g.legal_actions(0))


def test_jump_in_lights_the_identical_card_out_of_turn():
    hands = [["R5", "G7", "B3"], ["G3", "Y4", "B9"], ["R5", "Y2", "G8"]]
    g = game(hands, preset="family", hand_size=3)
    g.apply(Play(0, Card.parse("R5")))
    st = state(g, 2)  # Bo is next; Cy holds the same Red 5
    assert not st["turn"] and entry(st, "R5")["play"] is True
    assert not any(c["play"] for c in state(g, 2, hints=False)["hand"] if c["code"] != "R5")


def challenged() -> Game:
    """Ann's Wild Draw Four is a bluff (she holds red, the colour in play); Bo challenges."""
    g = game([["W4", "R5", "G7"], ["R6", "G3", "Y4"], ["Y2", "G8", "B4"]], hand_size=3)
    g.apply(Play(0, Card.parse("W4"), Color.BLUE))
    g.apply(Challenge(1))
    return g


def test_a_challengers_shown_hand_is_titled_with_the_owners_name():
    st = state(challenged(), 1)
    assert st["shown"] == {
        "title": "Ann's hand:",
        "cards": [{"code": "R5", "name": "Red 5"}, {"code": "G7", "name": "Green 7"}],
        "verdict": None,
    }


def test_the_shown_hand_reaches_the_challenger_only():
    g = challenged()
    assert state(g, 0)["shown"] is None  # the offender knows her own hand
    assert state(g, 2)["shown"] is None


def test_the_shown_hand_is_news_only_from_the_place_given_on():
    g = challenged()
    at = next(n.at for n in view(g, 1).news if n.kind is NewsKind.SHOWN)
    assert state(g, 1, news_from=at)["shown"] is not None
    assert state(g, 1, news_from=at + 1)["shown"] is None


def test_a_phone_reads_one_seats_view_never_the_public_one():
    public = seat_view(public_observation(game(THREE).observation(0)))
    with pytest.raises(ValueError, match="one seat"):
        phone_state(public, NAMES)


def test_the_hint_button_shows_only_where_hints_are_on_and_works_on_your_turn():
    g = game(THREE)
    assert "hint" not in state(g, 0)["can"]
    assert state(g, 0, hints=True)["can"]["hint"] is True
    assert state(g, 1, hints=True)["can"]["hint"] is False


def test_the_page_and_state_speak_swedish_when_the_game_does():
    set_language("sv")
    st = state(game(THREE), 0)
    words = page_strings()["words"]
    assert st["lang"] == "sv" and st["prompt"] == "Din tur"
    assert entry(st, "R5")["name"] == "Röd 5"
    assert words["draw"] == "Dra" and words["colors"]["red"] == "Röd"
    assert words["take"] == "Ta {n} kort"


def test_every_page_word_is_translated_to_swedish():
    english = page_strings()["words"]
    set_language("sv")
    swedish = page_strings()["words"]

    def leaves(d, path=()):
        for k, v in d.items():
            if isinstance(v, dict):
                yield from leaves(v, (*path, k))
            else:
                yield (*path, k), v

    same = [k for (k, en), (_, sv) in zip(leaves(english), leaves(swedish)) if en == sv]
    assert same == [("uno",), ("ok",)]  # "UNO!" and "OK" are Swedish too


@pytest.mark.parametrize(
    ("action", "seat", "words"),
    [
        (Play(0, Card.parse("G7")), 0, "Does not match Red 1"),
        (Play(0, Card.parse("Y4")), 0, "You do not hold Yellow 4"),
        (Play(0, Card.parse("W")), 0, "Choose a colour"),
        (Play(1, Card.parse("R6")), 1, "Wait for your turn"),
        (Draw(1), 1, "Wait for your turn"),
        (Pass(0), 0, "There is no drawn card to keep"),
        (CatchUno(0, 1), 0, "Nobody can be caught now"),
        (CallUno(0), 0, "UNO is called with one card left"),
        (None, 1, "A hint is for your own turn"),
    ],
)
def test_a_refused_action_is_explained_in_plain_words(action, seat, words):
    g = game(THREE)
    assert action not in g.legal_actions(seat)
    assert refusal(view(g, seat), action, g.rules.stacking) == words


def test_a_wild_draw_four_held_back_by_the_colour_rule_says_why():
    g = game(THREE, bluffing=False)  # Ann holds red, the colour in play
    play = Play(0, Card.parse("W4"), Color.BLUE)
    assert play not in g.legal_actions(0)
    words = "A Wild Draw Four only goes when you have no card of the colour"
    assert refusal(view(g, 0), play, g.rules.stacking) == words
