"""The tutorial's script holds together: the stacked deck deals what the lessons expect,
each lesson's action is legal when its turn comes, the computers play only their
scripted cards, and the round ends with the person's win. No screen here."""

from __future__ import annotations

import dataclasses

import pytest

from uno_desktop.engine import (
    COLORS,
    Action,
    CallUno,
    Card,
    Challenge,
    Color,
    Draw,
    Pass,
    Phase,
    Play,
    build_deck,
)
from uno_desktop.engine import events as ev
from uno_desktop.lang.i18n import set_language
from uno_desktop.play.match import ManualClock, Match
from uno_desktop.play.tutorial import (
    COMPUTER_PLAYS,
    HANDS,
    LEO,
    LESSONS,
    MIA,
    START_CARD,
    YOU,
    Coach,
    Lesson,
    lessons_done,
    stacked_deck,
    tutorial_match,
)
from uno_desktop.rules.presets import load_preset


def lesson_action(lesson: Lesson, wild_color: Color = Color.RED) -> Action:
    """What the person does for `lesson` (a Wild gets `wild_color`)."""
    action = lesson.action
    if type(action) is Play and action.card.is_wild:
        return dataclasses.replace(action, color=wild_color)
    return action


def play_through(
    match: Match, clock: ManualClock, wild_color: Color = Color.RED
) -> list[tuple[int, object]]:
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
            action = lesson_action(lesson, wild_color)
            assert action in match.legal_actions(YOU), lesson
            assert coach.allows(obs, action)
            done.append((lessons_done(obs), action))
            match.act(action)
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


@pytest.mark.parametrize("wild_color", list(Color))
def test_each_lesson_is_legal_in_turn_and_the_person_wins(wild_color):
    clock = ManualClock()
    match = tutorial_match("You", clock=clock)
    done = play_through(match, clock, wild_color)
    mine = [(i, a) for i, a in done if i >= 0]
    assert [i for i, _a in mine] == list(range(len(LESSONS)))
    assert [a for _i, a in mine] == [lesson_action(lesson, wild_color) for lesson in LESSONS]
    assert match.round_over and match.round_result().winner == YOU


@pytest.mark.parametrize("wild_color", list(Color))
def test_the_computers_play_only_their_scripted_cards(wild_color, caplog):
    clock = ManualClock()
    match = tutorial_match("You", clock=clock)
    done = play_through(match, clock, wild_color)
    assert "fallback" not in caplog.text  # no computer was ever without its scripted move
    theirs = [a for i, a in done if i < 0]
    for seat in (MIA, LEO):
        scripted = {(Card.parse(code), color) for code, color in COMPUTER_PLAYS[seat]}
        plays = [(a.card, a.color) for a in theirs if type(a) is Play and a.seat == seat]  # type: ignore[union-attr]
        assert plays and set(plays) <= scripted
        assert len(plays) == 6  # a card each turn but the one skipped or penalised
    after_the_wild = [a for a in theirs if type(a) is Play][-4]  # then Mia, Leo, Mia
    assert after_the_wild.seat == LEO and after_the_wild.card.color is wild_color
    assert not any(type(a) in (Pass, CallUno) for a in theirs)
    bluff = next(a for a in theirs if type(a) is Play and a.card.rank == "W4")
    assert not bluff.uno  # Mia goes down to one card and forgets UNO: the person catches her


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
    caught = [e for e in log if type(e) is ev.CardsDrawn and e.seat == MIA and e.reason == "uno"]
    assert len(caught) == 1 and caught[0].count == 2  # the person caught her forgotten UNO
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
                match.act(lesson_action(coach.lesson(obs)))  # type: ignore[arg-type]
            else:
                clock.advance(5.0)
                match.poll()
        assert all(line and "\n" not in line and len(line) <= 60 for line in lines), lines
        assert all("{" not in line for line in lines if line)
    finally:
        set_language("en")


def test_the_wild_lesson_takes_any_colour_but_only_the_wild():
    clock = ManualClock()
    match = tutorial_match("You", clock=clock)
    coach = Coach()
    while True:
        obs = match.observation(YOU)
        lesson = coach.lesson(obs)
        if lesson is not None and type(lesson.action) is Play and lesson.action.card.is_wild:
            break
        if lesson is not None:
            match.act(lesson.action)
        else:
            clock.advance(5.0)
            match.poll()
    legal = match.legal_actions(YOU)
    allowed = [a for a in legal if coach.allows(obs, a)]
    assert {a.color for a in allowed} == set(COLORS)  # type: ignore[union-attr]
    assert {a.card for a in allowed} == {Card.parse("W")}  # type: ignore[union-attr]
    assert Pass(YOU) in legal and not coach.allows(obs, Pass(YOU))


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
            match.act(lesson_action(Coach().lesson(match.observation(YOU))))  # type: ignore[arg-type]
        else:
            clock.advance(5.0)
            match.poll()
    before = game.discard_pile[-2].color  # the colour the Wild Draw Four was played on
    assert before is not None and any(c.color is before for c in game.hands[MIA])


def test_whether_the_tutorial_was_offered_is_read_from_settings_with_care():
    from uno_desktop.store.storage import Settings

    bad: list[str] = []
    assert Settings.from_dict({"tutorial_offered": "yes"}, bad).tutorial_offered is False
    assert bad == ["tutorial_offered"]
    assert Settings.from_dict({"tutorial_offered": 1}).tutorial_offered is False
    assert Settings.from_dict({}).tutorial_offered is False  # an older file: not yet offered
    saved = Settings(tutorial_offered=True).to_dict()
    assert Settings.from_dict(saved).tutorial_offered is True
