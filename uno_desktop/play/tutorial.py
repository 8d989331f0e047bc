"""The first-game tutorial: one scripted round of official UNO against two computers.

The deck is stacked so every lesson comes up in order, the computers play exactly the
cards the script gives them, and the person does one thing per lesson: match by colour,
match by number, Skip, Reverse, Draw Two, draw when nothing matches (a Wild comes up:
play it and choose its colour), call UNO with the second-to-last card, catch a computer
that forgot to call it, challenge its bluffed Wild Draw Four, and play the last card.
`Coach` tells the table which action a lesson wants and the one line that says so; the
table allows nothing else. The Wild may
be given any colour: the computers hold a 6 of every colour, so the next one follows the
colour chosen and the one after turns play back to red with another 6. Everything here
is a function of the person's `Observation`, so it is tested without a screen.
No pygame; the tutorial match is never saved and never recorded.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, assert_never

from ..engine import (
    Action,
    CallUno,
    Card,
    CatchUno,
    Challenge,
    Color,
    Draw,
    Game,
    Observation,
    Phase,
    Play,
    RuleSet,
    build_deck,
)
from ..lang.card_names import card_name
from ..lang.i18n import N_, _
from ..view.fold import Challenged, Drew, Fact, HandsMoved, Kept, Played, fold_history
from .match import Clock, Match, SeatSpec, Timing

#: the person's seat, the two computers' seats and their names (the same in every language)
YOU, MIA, LEO = 0, 1, 2
COMPUTER_NAMES = {MIA: "Mia", LEO: "Leo"}
#: Leo deals, so the person is dealt first and plays first
DEALER = LEO
START_CARD = "R5"
HANDS: dict[int, tuple[str, ...]] = {
    YOU: ("R2", "Y7", "YS", "YR", "BD2", "R9", "R3"),
    MIA: ("R7", "Y4", "B3", "B8", "R6", "W4", "R1"),
    LEO: ("G7", "Y9", "Y1", "Y3", "R6", "R4", "G6"),
}
#: the draw pile's top after the start card: Leo's Draw Two penalty (two more 6s), the
#: person's one draw (a Wild), then the four cards Mia takes for her bluff
PILE_TOP: tuple[str, ...] = ("Y6", "B6", "W", "G1", "B2", "Y5", "G9")
#: the cards each computer plays: on its turn the first of these it holds that may be
#: played (a penalty it must take is taken). Mia keeps her Red 1: her Wild Draw Four is
#: a bluff, and a challenge wins. She forgets to say UNO with it, so the person catches
#: her first (FORGETS_UNO).
COMPUTER_PLAYS: dict[int, tuple[tuple[str, Color | None], ...]] = {
    MIA: (("R7", None), ("Y4", None), ("B3", None), ("B8", None), ("R6", None), ("W4", Color.RED)),
    LEO: (
        ("G7", None),
        ("Y9", None),
        ("Y1", None),
        ("Y3", None),
        ("R6", None),
        ("Y6", None),
        ("G6", None),
        ("B6", None),
        ("R4", None),
    ),
}


#: the plays a computer makes without saying UNO (to be caught)
FORGETS_UNO: frozenset[tuple[int, str]] = frozenset({(MIA, "W4")})


@dataclass(frozen=True)
class Lesson:
    """One thing the person does: the only action allowed (a Wild without a colour: with
    any colour), its line of guidance (a msgid with {card}, {top}, {mia}, {leo} filled in)
    and the table button to light, if any."""

    action: Action
    line: str
    lit: str | None = None
    #: the line once the UNO button is armed (the UNO lesson only)
    armed_line: str | None = None


def _play(code: str, color: Color | None = None, uno: bool = False) -> Play:
    return Play(YOU, Card.parse(code), color, None, uno)


LESSONS: tuple[Lesson, ...] = (
    Lesson(_play("R2"), N_("Match the colour: play your {card} on the {top}")),
    Lesson(_play("Y7"), N_("No green card? Match the number: play your {card}")),
    Lesson(_play("YS"), N_("Play the Skip: {mia} misses her turn")),
    Lesson(_play("YR"), N_("Play the Reverse: play goes the other way round")),
    Lesson(_play("BD2"), N_("Play the Draw Two: {leo} draws 2 and misses his turn")),
    Lesson(Draw(YOU), N_("Nothing matches the {top}: draw a card"), lit="draw"),
    Lesson(_play("W"), N_("A Wild goes on anything: play it and choose a colour")),
    Lesson(
        _play("R9", uno=True),
        N_("Two cards left: press UNO, then play your {card}"),
        lit="uno",
        armed_line=N_("UNO is called: now play your {card}"),
    ),
    Lesson(
        CatchUno(YOU, MIA), N_("{mia} forgot to say UNO! Press Catch: she draws 2"), lit="catch"
    ),
    Lesson(Challenge(YOU), N_("A bluff? Challenge: if {mia} had red, she draws 4")),
    Lesson(_play("R3"), N_("{mia} bluffed and drew 4. Play your last card to win!")),
)


def lessons_done(obs: Observation) -> int:
    """How many lessons the person has done, read from what they did this round: each
    lesson is one card played, one card drawn on their turn or one challenge."""
    return sum(1 for f in fold_history(obs.history, obs.players).facts if _did_a_lesson(f))


def _did_a_lesson(f: Fact) -> bool:
    match f:
        case Played(seat=seat):
            return seat == YOU
        case Drew(seat=seat, reason=reason):
            # a draw on the person's turn, or Mia's penalty for the person's catch (the
            # computers never catch)
            return (seat == YOU and reason == "draw") or (seat == MIA and reason == "uno")
        case Challenged(challenger=challenger):
            return challenger == YOU
        case Kept() | HandsMoved():
            return False
        case _:
            assert_never(f)


class Coach:
    """What the table asks the tutorial: the lesson now, whether an action may be taken,
    the line to show and the button to light. Pure functions of the person's view."""

    seat = YOU

    def lesson(self, obs: Observation) -> Lesson | None:
        """The lesson waiting for the person (None while others play, or when it is over)."""
        if obs.phase is Phase.OVER or obs.current != YOU:
            return None
        done = lessons_done(obs)
        return LESSONS[done] if done < len(LESSONS) else None

    def allows(self, obs: Observation, action: Action) -> bool:
        """Only the lesson's action (a Wild with any colour); saying UNO (or catching) is
        never refused."""
        if type(action) in (CallUno, CatchUno):
            return True
        lesson = self.lesson(obs)
        if lesson is None:
            return False
        wanted = lesson.action
        if type(wanted) is Play and type(action) is Play and wanted.color is None:
            wanted = dataclasses.replace(wanted, color=action.color)
        return action == wanted

    def line(self, obs: Observation, uno_armed: bool = False) -> str | None:
        """The one line of guidance for now, in the current language."""
        lesson = self.lesson(obs)
        if lesson is None:
            return None
        text = lesson.armed_line if uno_armed and lesson.armed_line else lesson.line
        card = lesson.action.card if type(lesson.action) is Play else None
        return _(text).format(
            card=card_name(card) if card is not None else "",
            top=card_name(obs.top_card),
            mia=COMPUTER_NAMES[MIA],
            leo=COMPUTER_NAMES[LEO],
        )

    def lit(self, obs: Observation) -> str | None:
        """The side-panel button the lesson lights ("draw", "uno"), if any."""
        lesson = self.lesson(obs)
        return lesson.lit if lesson is not None else None


class ScriptedBot:
    """A computer that plays its scripted cards in order, says UNO in time and takes every
    penalty; out of turn it does nothing (no catching, no jumping in)."""

    level = "normal"

    def choose(
        self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action | None:
        seat = observation.seat
        if observation.current != seat:
            return None
        if observation.phase is Phase.PENALTY:
            return Draw(seat)
        for code, color in COMPUTER_PLAYS.get(seat, ()):
            # says UNO with its second-to-last card, but where the script forgets it
            for uno in (False,) if (seat, code) in FORGETS_UNO else (True, False):
                play = Play(seat, Card.parse(code), color, None, uno)
                if play in legal_actions:
                    return play
        return None


def stacked_deck(rules: RuleSet) -> list[Card]:
    """The whole deck, top first: the hands dealt one card at a time from the seat
    after the dealer, the start card, the scripted draws, then the rest in a fixed order."""
    order = [(DEALER + i) % len(HANDS) for i in range(1, len(HANDS) + 1)]
    size = len(HANDS[YOU])
    top = [HANDS[seat][r] for r in range(size) for seat in order]
    top += [START_CARD, *PILE_TOP]
    rest = [c for c in build_deck(rules.deck)]
    for code in top:
        rest.remove(Card.parse(code))
    random.Random(20).shuffle(rest)
    return [Card.parse(code) for code in top] + rest


class TutorialMatch(Match):
    """A one-round match dealt from the stacked deck; it can never be saved."""

    def _new_game(self, round_no: int, dealer: int) -> Game:
        return Game.new(
            self.rules,
            self.players,
            dealer=DEALER,
            deck=stacked_deck(self.rules),
            rng=random.Random(round_no),
            scores=tuple(self.totals),
        )

    def to_dict(self) -> dict[str, Any]:
        raise RuntimeError("the tutorial is never saved")


def tutorial_match(
    you: str, *, clock: Clock | None = None, timing: Timing | None = None
) -> TutorialMatch:
    """The tutorial's match under the official rules, dealt and ready; `you` is the
    person's name as the table shows it."""
    from ..rules.presets import load_preset

    rules = load_preset("official")
    if rules.hand_size != len(HANDS[YOU]):
        raise ValueError(f"the tutorial deals {len(HANDS[YOU])} cards; official deals more")
    seats = [SeatSpec(you, "human")] + [SeatSpec(COMPUTER_NAMES[s], "normal") for s in (MIA, LEO)]
    match = TutorialMatch(
        rules,
        seats,
        seed=0,
        preset="official",
        clock=clock,
        timing=timing if timing is not None else Timing(),
        bot_factory=lambda kind: ScriptedBot(),
        hints=False,  # the lesson's own line guides; a hint would only compete with it
    )
    match.dealer = DEALER
    match.start_round()
    return match
