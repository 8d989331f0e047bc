"""The tutorial's script holds together: the stacked deck deals what the lessons expect,
each lesson's action is legal when its turn comes, the computers play only their
scripted cards, and the round ends with the person's win. No screen here."""

from __future__ import annotations

import pytest

from uno_desktop.engine import (
    COLORS,
    CallUno,
    Card,
    Challenge,
    Draw,
    Pass,
    Phase,
    Play,
    build_deck,
)
from uno_desktop.engine import events as ev
from uno_desktop.i18n import set_language
from uno_desktop.match import ManualClock, Match
from uno_desktop.presets import load_preset
from uno_desktop.tutorial import (
    COMPUTER_PLAYS,
    HANDS,
    LEO,
    LESSONS,
    MIA,
    START_CARD,
    YOU,
    Coach,
    lessons_done,
    stacked_deck,
    tutorial_match,
)


def play_through(match: Match, clock: ManualClock) -> list[tuple[int, object]]:
    """The round to its end, the person doing each lesson; (lesson index, action) of the
    person's actions, and the computers' actions as (-1, action)."""
    coach = Coach()
    game = match.game
    assert game is not None
    done: list[tuple[int, object]] = []
    for _step in range(200):
        if game.is_over:
            return done
        if match.human_to_act() == YOU:
            obs = match.observation(YOU)
            lesson = coach.lesson(obs)
            assert lesson is not None, f"no lesson for the person's turn after {done}"
            assert lesson.action in match.legal_actions(YOU), lesson
            done.append((lessons_done(obs), lesson.action))
            match.act(lesson.action)
        else:
            due = match.next_due_s()
            assert due is not None
            clock.advance(max(0.0, due - clock.now_s()))
            before = len(game.actions)
            match.poll()
            done += [(-1, a) for a in game.actions[before:]]
    raise AssertionError("the tutorial round did not end")


def test_the_stacked_deck_deals_the_scripted_hands_and_start_card():
    match = tutorial_match("You", clock=ManualClock())
    game = match.game
    assert game is not None
    for seat, codes in HANDS.items():
        assert sorted(map(str, game.hands[seat])) == sorted(codes)
    assert str(game.top_card) == START_CARD
    assert game.current == YOU and game.direction == 1
    assert match.rules == load_preset("official")


def test_the_stacked_deck_is_a_whole_official_deck():
    rules = load_preset("official")
    deck = stacked_deck(rules)
    assert sorted(deck, key=Card.sort_key) == sorted(build_deck(rules.deck), key=Card.sort_key)


def test_each_lesson_is_legal_in_turn_and_the_person_wins():
    clock = ManualClock()
    match = tutorial_match("You", clock=clock)
    done = play_through(match, clock)
    mine = [(i, a) for i, a in done if i >= 0]
    assert [i for i, _a in mine] == list(range(len(LESSONS)))
    assert [a for _i, a in mine] == [lesson.action for lesson in LESSONS]
    assert match.round_over and match.round_result().winner == YOU


def test_the_computers_play_exactly_their_scripted_cards():
    clock = ManualClock()
    match = tutorial_match("You", clock=clock)
    done = play_through(match, clock)
    theirs = [a for i, a in done if i < 0]
    for seat in (MIA, LEO):
        plays = [(str(a.card), a.color) for a in theirs if type(a) is Play and a.seat == seat]
        scripted = [(code, color) for code, color in COMPUTER_PLAYS[seat]]
        assert plays == scripted
    assert not any(type(a) in (Pass, CallUno) for a in theirs)


def test_the_lessons_teach_what_they_say():
    clock = ManualClock()
    match = tutorial_match("You", clock=clock)
    play_through(match, clock)
    log = match.game.log  # type: ignore[union-attr]
    assert any(type(e) is ev.TurnSkipped and e.seat == MIA for e in log)
    assert any(type(e) is ev.DirectionChanged and e.direction == -1 for e in log)
    assert any(type(e) is ev.CardsDrawn and e.seat == LEO and e.reason == "penalty" for e in log)
    drawn = [e for e in log if type(e) is ev.CardsDrawn and e.seat == YOU and e.reason == "draw"]
    assert [str(c) for e in drawn for c in e.cards] == ["W"]
    assert any(type(e) is ev.UnoCalled and e.seat == YOU for e in log)
    challenge = [e for e in log if type(e) is ev.ChallengeResolved]
    assert len(challenge) == 1 and challenge[0].guilty and challenge[0].offender == MIA


def test_the_draw_lesson_comes_when_nothing_matches():
    clock = ManualClock()
    match = tutorial_match("You", clock=clock)
    coach = Coach()
    game = match.game
    assert game is not None
    while True:
        lesson = coach.lesson(match.observation(YOU))
        if lesson is not None and type(lesson.action) is Draw:
            break
        if lesson is not None:
            match.act(lesson.action)
        else:
            clock.advance(5.0)
            match.poll()
    assert not any(type(a) is Play for a in match.legal_actions(YOU))


def test_the_coach_allows_only_the_lesson_and_saying_uno():
    match = tutorial_match("You", clock=ManualClock())
    obs = match.observation(YOU)
    coach = Coach()
    legal = match.legal_actions(YOU)
    allowed = [a for a in legal if coach.allows(obs, a)]
    assert allowed == [LESSONS[0].action]
    assert Draw(YOU) in legal and not coach.allows(obs, Draw(YOU))
    assert coach.allows(obs, CallUno(YOU))
    assert not coach.allows(obs, Challenge(YOU))


def test_the_coach_says_nothing_while_the_computers_play():
    clock = ManualClock()
    match = tutorial_match("You", clock=clock)
    match.act(LESSONS[0].action)
    obs = match.observation(YOU)
    assert obs.current == MIA
    assert Coach().line(obs) is None and Coach().lesson(obs) is None


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_every_line_is_one_short_line_in_both_languages(lang):
    set_language(lang)
    try:
        clock = ManualClock()
        match = tutorial_match("You", clock=clock)
        coach = Coach()
        lines = []
        game = match.game
        assert game is not None
        while not game.is_over:
            if match.human_to_act() == YOU:
                obs = match.observation(YOU)
                lines.append(coach.line(obs))
                lines.append(coach.line(obs, uno_armed=True))
                match.act(coach.lesson(obs).action)  # type: ignore[union-attr]
            else:
                clock.advance(5.0)
                match.poll()
        assert all(line and "\n" not in line and len(line) <= 60 for line in lines), lines
        assert all("{" not in line for line in lines if line)
    finally:
        set_language("en")


def test_the_wild_lesson_asks_for_the_colour_of_the_persons_cards():
    plays = [lesson.action for lesson in LESSONS if type(lesson.action) is Play]
    wild = next(a for a in plays if a.card.is_wild)
    colours = {a.card.color for a in plays[plays.index(wild) + 1 :]}
    assert colours == {wild.color}
    assert wild.color in COLORS


def test_the_tutorial_match_is_never_saved():
    match = tutorial_match("You", clock=ManualClock())
    with pytest.raises(RuntimeError):
        match.to_dict()
    assert match.on_change is None


def test_the_challenge_comes_while_the_bluffer_holds_the_colour():
    clock = ManualClock()
    match = tutorial_match("You", clock=clock)
    game = match.game
    assert game is not None
    while not (match.human_to_act() == YOU and game.observation(YOU).phase is Phase.PENALTY):
        if match.human_to_act() == YOU:
            match.act(Coach().lesson(match.observation(YOU)).action)  # type: ignore[union-attr]
        else:
            clock.advance(5.0)
            match.poll()
    before = game.discard_pile[-2].color  # the colour the Wild Draw Four was played on
    assert before is not None and any(c.color is before for c in game.hands[MIA])
