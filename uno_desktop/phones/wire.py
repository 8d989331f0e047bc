"""The messages the game thread sends a phone: one seat's state, the page's words, and
why an action was refused, all in the game's language.

`phone_state` is a pure function of what one seat may see: its `Observation`, its legal
actions, the seat names, the last log lines as that seat reads them, a hand it was shown
as challenger, and its hint line. Nothing else reaches it, so nothing else can leak to a
phone. Each card of the hand says whether it may be played now and, read from the legal
plays of that card, which colours it asks for, whom it may swap with and whether UNO
may be said with it. (When the table's `SeatView` exists, it replaces these inputs.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from uno_desktop.card_names import card_name, color_name
from uno_desktop.engine import Card, Observation, Phase
from uno_desktop.engine.actions import (
    Action,
    CallUno,
    CatchUno,
    Challenge,
    Draw,
    Pass,
    Play,
)
from uno_desktop.i18n import _, language

from .protocol import COLOR_WORDS, color_word

STATE_VERSION: Final = 1
"""Bumped when a field changes meaning, so an old page can tell."""


@dataclass(frozen=True)
class ShownHand:
    """A hand the seat was shown as challenger of a Wild Draw Four: `owner`'s `cards`."""

    owner: int
    cards: tuple[Card, ...]


def phone_state(
    obs: Observation,
    legal: Sequence[Action],
    names: Sequence[str],
    *,
    log: Sequence[str] = (),
    shown: ShownHand | None = None,
    hint: str | None = None,
    hints: bool = False,
) -> dict[str, Any]:
    """The `state` message for seat `obs.seat`: JSON-ready, in the current language.
    `hints`: the match lets people ask for a hint (the Hint button shows)."""
    seat = obs.seat
    plays: dict[Card, list[Play]] = {}
    for action in legal:
        if type(action) is Play:
            plays.setdefault(action.card, []).append(action)
    kinds = {type(a) for a in legal}
    over = obs.phase is Phase.OVER
    turn = obs.current == seat and not over
    penalty = turn and obs.phase is Phase.PENALTY
    can: dict[str, Any] = {
        "draw": Draw in kinds and not penalty,
        "take": obs.pending_draw if penalty and Draw in kinds else 0,
        "keep": Pass in kinds,
        "challenge": Challenge in kinds,
        "uno": CallUno in kinds,
        "catch": [a.target for a in legal if type(a) is CatchUno],
    }
    if hints:
        can["hint"] = turn
    return {
        "type": "state",
        "v": STATE_VERSION,
        "lang": language(),
        "seat": seat,
        "players": [
            {
                "seat": s,
                "name": names[s],
                "cards": obs.hand_sizes[s],
                "uno": obs.uno_declared[s],
            }
            for s in range(obs.players)
        ],
        "current": obs.current,
        "turn": turn,
        "over": over,
        "direction": obs.direction,
        "top": {"code": obs.top_card.code, "name": card_name(obs.top_card)},
        "color": None if obs.active_color is None else color_word(obs.active_color),
        "color_name": None if obs.active_color is None else color_name(obs.active_color),
        "pending": obs.pending_draw if obs.phase is Phase.PENALTY else 0,
        "hand": [_card_entry(card, plays.get(card, ())) for card in _sorted(obs.hand)],
        "drawn": None if obs.drawn_card is None else obs.drawn_card.code,
        "can": can,
        "prompt": _prompt(obs, names, turn),
        "shown": None
        if shown is None
        else {
            "title": _("{name}'s hand:").format(name=names[shown.owner]),
            "cards": [{"code": c.code, "name": card_name(c)} for c in _sorted(shown.cards)],
        },
        "hint": hint,
        "log": list(log),
    }


def _sorted(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=Card.sort_key)


def _card_entry(card: Card, plays: Sequence[Play]) -> dict[str, Any]:
    """One card of the hand: its code and name, and the forms it may be played in."""
    entry: dict[str, Any] = {"code": card.code, "name": card_name(card), "play": bool(plays)}
    colors = [c for c in COLOR_WORDS.values() if any(p.color is c for p in plays)]
    if colors:
        entry["colors"] = [color_word(c) for c in colors]
    targets = sorted({p.target for p in plays if p.target is not None})
    if targets:
        entry["targets"] = targets
    if any(p.uno for p in plays):
        entry["uno"] = True
    return entry


def _prompt(obs: Observation, names: Sequence[str], turn: bool) -> str:
    """One line of what the seat is asked now (or whose turn it is)."""
    if obs.phase is Phase.OVER:
        return _("The round is over")
    if not turn:
        return _("{name}'s turn").format(name=names[obs.current])
    if obs.phase is Phase.PENALTY:
        if obs.can_challenge:
            return _("Think it was a bluff? Challenge it, or take the cards.")
        return _("{n} cards wait for you!").format(n=obs.pending_draw)
    if obs.phase is Phase.DRAWN and obs.drawn_card is not None:
        return _("You drew {card}").format(card=card_name(obs.drawn_card))
    return _("Your turn")


def page_strings() -> dict[str, Any]:
    """The `strings` message: every word the phone page shows that is not in a state."""
    return {
        "type": "strings",
        "lang": language(),
        "words": {
            "title": _("UNO: your hand"),
            "hand": _("Your hand"),
            "draw": _("Draw"),
            "keep": _("Keep"),
            "take": _("Take {n} cards"),
            "challenge": _("Challenge"),
            "uno": _("UNO!"),
            "catch": _("Catch {name}"),
            "hint": _("Hint"),
            "ok": _("OK"),
            "cancel": _("Cancel"),
            "one_card": _("1 card"),
            "cards": _("{n} cards"),
            "choose_color": _("Choose a colour for your {card}"),
            "choose_player": _("Swap hands with whom?"),
            "colors": {word: color_name(c) for word, c in COLOR_WORDS.items()},
            "top": _("Top card"),
            "clockwise": _("Clockwise"),
            "counter": _("Counter-clockwise"),
            "uno_armed": _("UNO will be said with your next card"),
            "connecting": _("Connecting to the table…"),
            "reconnecting": _("Connection lost. Reconnecting…"),
            "replaced": _("This hand is now open on another screen."),
            "use_here": _("Use it here"),
            "ended": _("The game has closed this table. Thanks for playing!"),
            "refused": _("This link is not valid. Scan the code on the big screen again."),
            "errors": {
                "too_big": _("That message was too long."),
                "malformed": _("The game did not understand that."),
                "rate": _("Too fast: wait a moment and try again."),
            },
        },
    }


def refusal(obs: Observation, legal: Sequence[Action], action: Action | None) -> str:
    """Why `action` (None: a hint) is not allowed for seat `obs.seat` now, in a few plain
    words for the phone's `error` message."""
    seat = obs.seat
    if obs.phase is Phase.OVER:
        return _("The round is over")
    turn = obs.current == seat
    if action is None:
        return _("A hint is for your own turn") if not turn else _("Hints are off in this match")
    kind = type(action)
    if isinstance(action, Play):
        card = action.card
        if card not in obs.hand:
            return _("You do not hold {card}").format(card=card_name(card))
        forms = [a for a in legal if type(a) is Play and a.card == card]
        if forms:
            if any(a.color is not None for a in forms) and action.color is None:
                return _("Choose a colour")
            if any(a.target is not None for a in forms):
                return _("Choose a player")
            return _("UNO is said with your second-to-last card")
        if not turn:
            return _("Wait for your turn")
        if obs.phase is Phase.PENALTY:
            return _("Take the cards, or stack a card that may go on them")
        if obs.phase is Phase.DRAWN:
            return _("Only the card you just drew can be played now")
        if card.rank == "W4" and not obs.rules.bluffing:
            return _("A Wild Draw Four only goes when you have no card of the colour")
        if obs.active_color is not None and obs.top_card.is_wild:
            return _("Does not match: the colour is {color}").format(
                color=color_name(obs.active_color)
            )
        return _("Does not match {card}").format(card=card_name(obs.top_card))
    if kind is CatchUno:
        return _("Nobody can be caught now")
    if kind is CallUno:
        return _("UNO is called with one card left")
    if not turn:
        return _("Wait for your turn")
    if kind is Pass:
        return _("There is no drawn card to keep")
    if kind is Challenge:
        return _("There is nothing to challenge")
    return _("Play the card you drew, or keep it")
