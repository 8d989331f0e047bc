"""Events -> the short lines of the table's log ("Bo plays Blue Draw Two.", "Ann draws 2 cards.").

Everyone at a pass-and-play table reads the same log, so a line never names a card that
only one seat may see: drawn cards are counted, never named (not even the viewer's own:
the next player will read the same screen), and a challenge shows no hand here.
Card names and sentences are whole translated templates, never glued-together pieces.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from uno_desktop.card_names import card_name, color_name
from uno_desktop.engine import Color
from uno_desktop.engine import events as ev
from uno_desktop.i18n import N_, _

__all__ = ["card_name", "challenge_result_text", "color_name", "event_line", "log_lines"]

#: colour names inside a sentence ("Ann chooses red.")
COLOR_WORDS: dict[Color, str] = {
    Color.RED: N_("red"),
    Color.YELLOW: N_("yellow"),
    Color.GREEN: N_("green"),
    Color.BLUE: N_("blue"),
}


def _draw_line(name: str, count: int, reason: str, you: bool = False) -> str | None:
    """A draw, by count only. None for the deal (the deal has its own line)."""
    if reason == "deal":
        return None
    if you:
        if reason == "uno":
            return _("You draw {n} for not saying UNO.").format(n=count)
        if reason == "false_catch":
            return _("You draw {n} for a wrong catch.").format(n=count)
        if count == 1:
            return _("You draw a card.")
        return _("You draw {n} cards.").format(n=count)
    if reason == "uno":
        return _("{name} draws {n} for not saying UNO.").format(name=name, n=count)
    if reason == "false_catch":
        return _("{name} draws {n} for a wrong catch.").format(name=name, n=count)
    if count == 1:
        return _("{name} draws a card.").format(name=name)
    return _("{name} draws {n} cards.").format(name=name, n=count)


def event_line(event: ev.Event, names: Sequence[str], you: int | None = None) -> str | None:
    """The log line for one event, or None for events that need no line.

    `names` are the seats' display names. `you` is the seat spoken to in the second
    person ("You play Red 5.", not "You plays Red 5."): the lone human at a table of
    computers. Never names a drawn card or a shown hand, whatever the event carries.
    """
    line = _second_person(event, names, you) if you is not None else None
    return line if line is not None else _third_person(event, names)


def _second_person(event: ev.Event, names: Sequence[str], you: int) -> str | None:
    """The line when `you` is the one acting or acted upon; None to use the plain line."""
    t = type(event)
    if t is ev.RoundStarted and event.dealer == you:
        return _("You deal {n} cards to everyone.").format(n=event.hand_size)
    if t is ev.CardPlayed and event.seat == you:
        if event.jump_in:
            return _("You jump in with {card}!").format(card=card_name(event.card))
        return _("You play {card}.").format(card=card_name(event.card))
    if t is ev.ColorChosen and event.seat == you:
        return _("You choose {color}.").format(color=_(COLOR_WORDS[event.color]))
    if t is ev.CardsDrawn and event.seat == you:
        return _draw_line("", event.count, event.reason, you=True)
    if t is ev.CardKept and event.seat == you:
        return _("You keep the card.")
    if t is ev.TurnSkipped and event.seat == you:
        return _("You are skipped.")
    if t is ev.PenaltyPending and event.seat == you:
        return _("{n} cards wait for you.").format(n=event.amount)
    if t is ev.ChallengeResolved:
        if event.challenger == you:
            if event.guilty:
                return _("You challenge: {offender} was bluffing!").format(
                    offender=names[event.offender]
                )
            return _("You challenge: {offender} played fair.").format(
                offender=names[event.offender]
            )
        if event.offender == you:
            if event.guilty:
                return _("{challenger} challenges: you were bluffing!").format(
                    challenger=names[event.challenger]
                )
            return _("{challenger} challenges: you played fair.").format(
                challenger=names[event.challenger]
            )
    if t is ev.UnoCalled and event.seat == you:
        return _("You say UNO!")
    if t is ev.UnoCaught:
        if event.catcher == you:
            return _("You catch {target} without UNO!").format(target=names[event.target])
        if event.target == you:
            return _("{catcher} catches you without UNO!").format(catcher=names[event.catcher])
    if t is ev.FalseCatch:
        if event.catcher == you:
            return _("You try to catch {target}, but {target} is safe.").format(
                target=names[event.target]
            )
        if event.target == you:
            return _("{catcher} tries to catch you, but you are safe.").format(
                catcher=names[event.catcher]
            )
    if t is ev.HandsSwapped and you in (event.a, event.b):
        other = event.b if event.a == you else event.a
        return _("You and {name} swap hands.").format(name=names[other])
    if t is ev.RoundEnded and event.winner == you:
        return _("You win the round!")
    return None


def _third_person(event: ev.Event, names: Sequence[str]) -> str | None:
    t = type(event)
    if t is ev.RoundStarted:
        return _("{name} deals {n} cards to everyone.").format(
            name=names[event.dealer], n=event.hand_size
        )
    if t is ev.StartCardFlipped:
        return _("The first card is {card}.").format(card=card_name(event.card))
    if t is ev.StartCardReturned:
        return _("A Wild Draw Four cannot start: it goes back into the deck.")
    if t is ev.CardPlayed:
        if event.jump_in:
            return _("{name} jumps in with {card}!").format(
                name=names[event.seat], card=card_name(event.card)
            )
        return _("{name} plays {card}.").format(name=names[event.seat], card=card_name(event.card))
    if t is ev.ColorChosen:
        return _("{name} chooses {color}.").format(
            name=names[event.seat], color=_(COLOR_WORDS[event.color])
        )
    if t is ev.CardsDrawn:
        return _draw_line(names[event.seat], event.count, event.reason)
    if t is ev.CardKept:
        return _("{name} keeps the card.").format(name=names[event.seat])
    if t is ev.TurnSkipped:
        return _("{name} is skipped.").format(name=names[event.seat])
    if t is ev.DirectionChanged:
        if event.direction > 0:
            return _("Play now goes clockwise.")
        return _("Play now goes counter-clockwise.")
    if t is ev.PenaltyPending:
        return _("{n} cards wait for {name}.").format(n=event.amount, name=names[event.seat])
    if t is ev.ChallengeResolved:
        if event.guilty:
            return _("{challenger} challenges: {offender} was bluffing!").format(
                challenger=names[event.challenger], offender=names[event.offender]
            )
        return _("{challenger} challenges: {offender} played fair.").format(
            challenger=names[event.challenger], offender=names[event.offender]
        )
    if t is ev.UnoCalled:
        return _("{name} says UNO!").format(name=names[event.seat])
    if t is ev.UnoCaught:
        return _("{catcher} catches {target} without UNO!").format(
            catcher=names[event.catcher], target=names[event.target]
        )
    if t is ev.FalseCatch:
        return _("{catcher} tries to catch {target}, but {target} is safe.").format(
            catcher=names[event.catcher], target=names[event.target]
        )
    if t is ev.HandsSwapped:
        return _("{a} and {b} swap hands.").format(a=names[event.a], b=names[event.b])
    if t is ev.HandsRotated:
        return _("Every hand passes to the next player.")
    if t is ev.CustomRuleApplied:
        # a built-in preset's text is a msgid (shown in this language); a family's own
        # text is not, and shows as they wrote it
        return _("House rule: {text}").format(text=_(event.text))
    if t is ev.PileReshuffled:
        return _("The discard pile is shuffled into a new draw pile.")
    if t is ev.RoundEnded:
        if event.winner is None:
            return _("Nobody can play: the round ends with no score.")
        return _("{name} wins the round!").format(name=names[event.winner])
    return None


def log_lines(
    events: Iterable[ev.Event], names: Sequence[str], you: int | None = None
) -> list[str]:
    """The log lines for several events, skipping those without a line."""
    out: list[str] = []
    for event in events:
        line = event_line(event, names, you)
        if line is not None:
            out.append(line)
    return out


def challenge_result_text(
    event: ev.ChallengeResolved, amount: int, viewer: int | None, names: Sequence[str]
) -> str:
    """What the challenge overlay says after a challenge ("Bo was bluffing! Bo draws 4.").

    `amount` is how many cards the loser draws; "you" is used for the viewer.
    """
    offender, challenger = names[event.offender], names[event.challenger]
    if event.guilty:
        if viewer == event.offender:
            return _("You were caught bluffing! You draw {n}.").format(n=amount)
        return _("{name} was bluffing! {name} draws {n}.").format(name=offender, n=amount)
    if viewer == event.challenger:
        return _("Not a bluff: you draw {n}.").format(n=amount)
    return _("Not a bluff: {name} draws {n}.").format(name=challenger, n=amount)
