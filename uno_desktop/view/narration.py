"""The round told in words, in the current language: log lines and the big moments.

One narration for every screen (the table's log and banners, the hand-off summary, a
replay, the tutorial, the round end, the phone page). Everyone at a pass-and-play table
reads the same log, so a line never names a card only one seat may see: drawn cards
are counted, never named (not even the viewer's own), and a challenge shows no hand.

A line speaks to "you" in the second person: the seat the screen speaks to (`you`,
e.g. the lone human at a table of computers) and any seat whose name is the one the
game gives a lone person ("You", "Du"), so no line reads "You plays Red 5.". Sentences
are whole translated templates, never glued-together pieces.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, assert_never

from uno_desktop.engine.cards import Card, Color
from uno_desktop.engine.events import (
    CardKept,
    CardPlayed,
    CardsDrawn,
    ChallengeResolved,
    ColorChosen,
    CustomRuleApplied,
    DirectionChanged,
    Event,
    FalseCatch,
    HandsRotated,
    HandsSwapped,
    PenaltyPending,
    PileReshuffled,
    RoundEnded,
    RoundStarted,
    StartCardFlipped,
    StartCardReturned,
    TurnSkipped,
    UnoCalled,
    UnoCaught,
)
from uno_desktop.engine.rules import Stacking
from uno_desktop.lang.card_names import card_name, color_name
from uno_desktop.lang.i18n import N_, _
from uno_desktop.play.seats import is_you

from .seat_view import Ask, Penalty, SeatView

__all__ = [
    "CARD_TITLES",
    "COLOR_WORDS",
    "Moment",
    "card_name",
    "challenge_drawn",
    "challenge_result_text",
    "challenge_verdict",
    "color_name",
    "event_line",
    "log_lines",
    "moment",
    "penalty_title",
    "play_refusal",
    "round_end_line",
    "round_title",
    "spoken_lines",
    "stack_refusal",
    "you_seats",
]

#: colour names inside a sentence ("Ann chooses red.")
COLOR_WORDS: dict[Color, str] = {
    Color.RED: N_("red"),
    Color.YELLOW: N_("yellow"),
    Color.GREEN: N_("green"),
    Color.BLUE: N_("blue"),
}

#: the big moment's title for a played (or turned-up) card that makes the next player draw
CARD_TITLES: dict[str, str] = {
    "D2": N_("Draw Two!"),
    "W4": N_("Wild Draw Four!"),
}


def you_seats(names: Sequence[str], you: int | None = None) -> frozenset[int]:
    """The seats a line speaks to as "you": `you`, and any seat named as the game names
    a lone person ("You", in any of its languages)."""
    seats = {s for s in range(len(names)) if is_you(names[s])}
    if you is not None:
        seats.add(you)
    return frozenset(seats)


# ---------------------------------------------------------------------------- log lines


def event_line(event: Event, names: Sequence[str], you: int | None = None) -> str | None:
    """The log line for one event, or None for the deal's cards (the deal has its line).

    `names` are the seats' display names; `you` is the seat the screen speaks to (see
    the module docstring). Never names a drawn card or a shown hand.
    """
    return _line(event, names, you_seats(names, you))


def log_lines(events: Iterable[Event], names: Sequence[str], you: int | None = None) -> list[str]:
    """The log lines for several events, skipping those without a line."""
    yous = you_seats(names, you)
    return [line for e in events if (line := _line(e, names, yous)) is not None]


_UNSAID: Final = (RoundStarted, CardKept, PileReshuffled, StartCardReturned)
"""Events a screen reader need not announce: the deal, a kept card, a reshuffle."""


def spoken_lines(events: Iterable[Event], names: Sequence[str], you: int) -> list[str]:
    """The log lines a screen reader announces to `you` (a phone's seat) for `events`:
    what the others do and how the round ends; not `you`'s own moves (its owner made
    them), not a plain draw or the deal's cards (every card drawn would drown the rest)."""
    yous = you_seats(names, you)
    lines = []
    for event in events:
        if isinstance(event, _UNSAID):
            continue
        if isinstance(event, CardsDrawn) and event.reason in ("deal", "draw"):
            continue
        # what `you` did (a play, a colour, UNO, a penalty taken), not what was done to it
        if isinstance(event, CardPlayed | ColorChosen | UnoCalled) and event.seat == you:
            continue
        if isinstance(event, CardsDrawn) and event.seat == you and event.reason == "penalty":
            continue
        line = _line(event, names, yous)
        if line is not None:
            lines.append(line)
    return lines


def _line(event: Event, names: Sequence[str], yous: frozenset[int]) -> str | None:
    match event:
        case RoundStarted(dealer=dealer, hand_size=size):
            if dealer in yous:
                return _("You deal {n} cards to everyone.").format(n=size)
            return _("{name} deals {n} cards to everyone.").format(name=names[dealer], n=size)
        case StartCardFlipped(card=card):
            return _("The first card is {card}.").format(card=card_name(card))
        case StartCardReturned():
            return _("A Wild Draw Four cannot start: it goes back into the deck.")
        case CardPlayed(seat=seat, card=card, jump_in=jump_in):
            return _played(seat, card, jump_in, names, yous)
        case ColorChosen(seat=seat, color=color):
            if seat in yous:
                return _("You choose {color}.").format(color=_(COLOR_WORDS[color]))
            return _("{name} chooses {color}.").format(
                name=names[seat], color=_(COLOR_WORDS[color])
            )
        case CardsDrawn(seat=seat, count=count, reason=reason):
            return _drawn(seat, count, reason, names, yous)
        case CardKept(seat=seat):
            if seat in yous:
                return _("You keep the card.")
            return _("{name} keeps the card.").format(name=names[seat])
        case TurnSkipped(seat=seat):
            if seat in yous:
                return _("You are skipped.")
            return _("{name} is skipped.").format(name=names[seat])
        case DirectionChanged(direction=direction):
            if direction > 0:
                return _("Play now goes clockwise.")
            return _("Play now goes counter-clockwise.")
        case PenaltyPending(seat=seat, amount=amount):
            if seat in yous:
                return _("{n} cards wait for you.").format(n=amount)
            return _("{n} cards wait for {name}.").format(n=amount, name=names[seat])
        case ChallengeResolved(challenger=challenger, offender=offender, guilty=guilty):
            return _challenged(challenger, offender, guilty, names, yous)
        case UnoCalled(seat=seat):
            if seat in yous:
                return _("You say UNO!")
            return _("{name} says UNO!").format(name=names[seat])
        case UnoCaught(catcher=catcher, target=target):
            if catcher in yous:
                return _("You catch {target} without UNO!").format(target=names[target])
            if target in yous:
                return _("{catcher} catches you without UNO!").format(catcher=names[catcher])
            return _("{catcher} catches {target} without UNO!").format(
                catcher=names[catcher], target=names[target]
            )
        case FalseCatch(catcher=catcher, target=target):
            if catcher in yous:
                return _("You try to catch {target}, but {target} is safe.").format(
                    target=names[target]
                )
            if target in yous:
                return _("{catcher} tries to catch you, but you are safe.").format(
                    catcher=names[catcher]
                )
            return _("{catcher} tries to catch {target}, but {target} is safe.").format(
                catcher=names[catcher], target=names[target]
            )
        case HandsSwapped(a=a, b=b):
            if a in yous or b in yous:
                return _("You and {name} swap hands.").format(name=names[b if a in yous else a])
            return _("{a} and {b} swap hands.").format(a=names[a], b=names[b])
        case HandsRotated():
            return _("Every hand passes to the next player.")
        case CustomRuleApplied(text=text):
            # a built-in preset's text is a msgid (shown in this language); a family's own
            # text is not, and shows as they wrote it
            return _("House rule: {text}").format(text=_(text))
        case PileReshuffled():
            return _("The discard pile is shuffled into a new draw pile.")
        case RoundEnded(winner=winner):
            return _round_end(winner, names, yous)
        case _:
            assert_never(event)


def _played(
    seat: int, card: Card, jump_in: bool, names: Sequence[str], yous: frozenset[int]
) -> str:
    if seat in yous:
        if jump_in:
            return _("You jump in with {card}!").format(card=card_name(card))
        return _("You play {card}.").format(card=card_name(card))
    if jump_in:
        return _("{name} jumps in with {card}!").format(name=names[seat], card=card_name(card))
    return _("{name} plays {card}.").format(name=names[seat], card=card_name(card))


def _drawn(
    seat: int, count: int, reason: str, names: Sequence[str], yous: frozenset[int]
) -> str | None:
    """A draw, by count only. None for the deal (the deal has its own line)."""
    if reason == "deal":
        return None
    if seat in yous:
        if reason == "uno":
            return _("You draw {n} for not saying UNO.").format(n=count)
        if reason == "false_catch":
            return _("You draw {n} for a wrong catch.").format(n=count)
        if count == 1:
            return _("You draw a card.")
        return _("You draw {n} cards.").format(n=count)
    name = names[seat]
    if reason == "uno":
        return _("{name} draws {n} for not saying UNO.").format(name=name, n=count)
    if reason == "false_catch":
        return _("{name} draws {n} for a wrong catch.").format(name=name, n=count)
    if count == 1:
        return _("{name} draws a card.").format(name=name)
    return _("{name} draws {n} cards.").format(name=name, n=count)


def _challenged(
    challenger: int, offender: int, guilty: bool, names: Sequence[str], yous: frozenset[int]
) -> str:
    if challenger in yous:
        if guilty:
            return _("You challenge: {offender} was bluffing!").format(offender=names[offender])
        return _("You challenge: {offender} played fair.").format(offender=names[offender])
    if offender in yous:
        if guilty:
            return _("{challenger} challenges: you were bluffing!").format(
                challenger=names[challenger]
            )
        return _("{challenger} challenges: you played fair.").format(challenger=names[challenger])
    if guilty:
        return _("{challenger} challenges: {offender} was bluffing!").format(
            challenger=names[challenger], offender=names[offender]
        )
    return _("{challenger} challenges: {offender} played fair.").format(
        challenger=names[challenger], offender=names[offender]
    )


def _round_end(winner: int | None, names: Sequence[str], yous: frozenset[int]) -> str:
    if winner is None:
        return _("Nobody can play: the round ends with no score.")
    if winner in yous:
        return _("You win the round!")
    return _("{name} wins the round!").format(name=names[winner])


def round_end_line(winner: int | None, names: Sequence[str], you: int | None = None) -> str:
    """The line for a round's end: who won it (None: nobody could play)."""
    return _round_end(winner, names, you_seats(names, you))


def round_title(
    winner: int | None, round_no: int, names: Sequence[str], you: int | None = None
) -> str:
    """The round end's title: "Ann wins round 3!", "You win round 3!", or a blocked round."""
    if winner is None:
        return _("Round {n}: nobody could play").format(n=round_no)
    if winner in you_seats(names, you):
        return _("You win round {n}!").format(n=round_no)
    return _("{name} wins round {n}!").format(name=names[winner], n=round_no)


def challenge_result_text(
    event: ChallengeResolved, amount: int, viewer: int | None, names: Sequence[str]
) -> str:
    """What the challenge's result says ("Bo was bluffing! Bo draws 4."): `amount` is how
    many cards the loser draws; the viewer (and a seat named "You") is "you"."""
    yous = you_seats(names, viewer)
    if event.guilty:
        if event.offender in yous:
            return _("You were caught bluffing! You draw {n}.").format(n=amount)
        name = names[event.offender]
        return _("{name} was bluffing! {name} draws {n}.").format(name=name, n=amount)
    if event.challenger in yous:
        return _("Not a bluff: you draw {n}.").format(n=amount)
    return _("Not a bluff: {name} draws {n}.").format(name=names[event.challenger], n=amount)


def challenge_drawn(later: Iterable[Event]) -> int:
    """How many cards the loser of a challenge draws: the count of the first challenge
    draw among `later`, the events after the challenge's result."""
    return next((e.count for e in later if type(e) is CardsDrawn and e.reason == "challenge"), 0)


def challenge_verdict(events: Sequence[Event], viewer: int, names: Sequence[str]) -> str | None:
    """The result of the last challenge `viewer` made among `events` ("Bo was bluffing! Bo
    draws 4."), or None: who was right, who draws how many."""
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if type(event) is ChallengeResolved and event.challenger == viewer:
            return challenge_result_text(event, challenge_drawn(events[i + 1 :]), viewer, names)
    return None


def penalty_title(offender: str | None, kind: str | None, amount: int, bluff: bool) -> str:
    """The penalty banner's title: who made `amount` cards wait for you and with what
    (`kind`: the card on top, "D2" or "W4"); a stack is told as one, never as the last
    player "passing" every card of it. `bluff`: the Wild Draw Four may be challenged."""
    if offender is None or kind not in ("D2", "W4"):
        return _("{n} cards wait for you!").format(n=amount)
    first = amount == (2 if kind == "D2" else 4)
    if kind == "W4" and (first or bluff):
        return _("{name} played a Wild Draw Four on you!").format(name=offender)
    if first:
        return _("{name} played a Draw Two on you!").format(name=offender)
    if kind == "W4":
        return _("{name} added a Wild Draw Four: {n} cards wait for you!").format(
            name=offender, n=amount
        )
    return _("{name} added a Draw Two: {n} cards wait for you!").format(name=offender, n=amount)


def challenge_costs(offender: str, amount: int, guilty_draw: int, innocent_extra: int) -> str:
    """What a challenge of the Wild Draw Four on top costs either way, from the rules
    (`amount` cards wait; a bluffer takes the stack with `guilty_draw` for the four, an
    honest player's challenger the stack and `innocent_extra` more)."""
    return _("If {name} bluffed, {name} draws {guilty}. If not, you draw {honest}.").format(
        name=offender, guilty=amount - 4 + guilty_draw, honest=amount + innocent_extra
    )


def play_refusal(view: SeatView, card: Card, stacking: Stacking) -> str:
    """Why the viewer cannot play `card`, a card of its hand, on its own turn: what its
    question allows instead, or what the card does not match (for the table's status
    line and the phone's error)."""
    ask = view.question.ask
    if ask is Ask.PENALTY and view.penalty is not None:
        return stack_refusal(view.penalty, stacking, view.active_color)
    if ask is Ask.DRAWN:
        return _("Only the card you just drew can be played now")
    if card.rank == "W4":  # a wild always matches: only the no-bluffing rule holds it back
        return _("A Wild Draw Four only goes when you have no card of the colour")
    if view.active_color is not None and view.top_card.is_wild:
        return _("Does not match: the colour is {color}").format(
            color=color_name(view.active_color)
        )
    return _("Does not match {card}").format(card=card_name(view.top_card))


# ---------------------------------------------------------------------------- big moments


@dataclass(frozen=True, slots=True)
class Moment:
    """A big moment's words: a title, the log line under it, what it is about (`kind`:
    the card's rank "D2"/"W4", "S", "R", "color", "uno", "caught", "swap", "rotate",
    "house_rule": a Wild Customizable's text the game does not enforce, "jump"), the
    seat it is about, and its colour (None: no colour of its own; `alarm` then asks for
    the warning colour rather than the accent)."""

    title: str
    line: str
    kind: str
    seat: int | None
    color: Color | None
    alarm: bool = False


def moment(
    event: Event, top: Card | None, names: Sequence[str], you: int | None = None
) -> Moment | None:
    """The big moment an event makes, or None. `top` is the discard pile's top card as
    shown when the event is told (a Skip's moment comes with the skipped seat)."""
    match event:
        case CardPlayed(seat=jumper, card=card, jump_in=True):
            line = event_line(event, names, you) or ""
            return Moment(_("Jump in!"), line, "jump", jumper, card.color)
        case CardPlayed(card=card) | StartCardFlipped(card=card):
            title = CARD_TITLES.get(card.rank)
            if title is None:
                return None
            seat = event.seat if isinstance(event, CardPlayed) else None
            line = event_line(event, names, you) or ""
            return Moment(_(title), line, card.rank, seat, card.color, card.color is None)
        case TurnSkipped():
            if top is None or top.rank != "S":
                return None  # a Draw Two's or a penalty's skip: already said
            return Moment(_("Skip!"), event_line(event, names, you) or "", "S", None, top.color)
        case DirectionChanged():
            color = top.color if top is not None else None
            return Moment(_("Reverse!"), event_line(event, names, you) or "", "R", None, color)
        case ColorChosen(seat=seat, color=color):
            title = _("New colour: {color}").format(color=_(COLOR_WORDS[color]))
            return Moment(title, event_line(event, names, you) or "", "color", seat, color)
        case UnoCalled(seat=seat):
            return Moment(_("UNO!"), event_line(event, names, you) or "", "uno", seat, None)
        case UnoCaught(target=target):
            line = event_line(event, names, you) or ""
            return Moment(_("Caught!"), line, "caught", target, None, alarm=True)
        case HandsSwapped():
            return Moment(_("Swap Hands!"), event_line(event, names, you) or "", "swap", None, None)
        case HandsRotated():
            line = event_line(event, names, you) or ""
            return Moment(_("Hands move on!"), line, "rotate", None, None)
        case CustomRuleApplied(seat=seat, text=text, effect="text"):
            # a rule the game does not enforce: everyone at the table must read it
            return Moment(_("House rule!"), _(text), "house_rule", seat, None)
        case _:
            return None


def stack_refusal(penalty: Penalty, stacking: Stacking, active_color: Color | None) -> str:
    """Why a card cannot go on the cards waiting (`penalty`), naming the cards that may
    (the engine's rule: stacking none, same or mixed; a Draw Two on a Wild Draw Four
    matches the colour named)."""
    n = penalty.total
    if stacking is Stacking.NONE:
        if penalty.can_challenge:
            return _("No stacking in these rules: take the cards or challenge")
        return _("No stacking in these rules: take the cards")
    if penalty.kind == "D2":
        if stacking is Stacking.SAME:
            return _("Only a Draw Two can go on +{n}").format(n=n)
        return _("Only a Draw Two or Wild Draw Four can go on +{n}").format(n=n)
    if stacking is Stacking.SAME or active_color is None:
        return _("Only a Wild Draw Four can go on +{n}").format(n=n)
    two = card_name(Card(active_color, "D2"))
    return _("Only a Wild Draw Four or a {card} can go on +{n}").format(card=two, n=n)
