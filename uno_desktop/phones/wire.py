"""The messages the game thread sends a phone: one seat's state, the page's words, and
why an action was refused, all in the game's language.

`phone_state` is one more reader of the seat's `SeatView` (`Match.seat_view`): every
fact and every choice it sends is read from that value (what each card may do, the
buttons, the question, the challenge's shown hand), never worked out again from events
or the engine's rules. Its other inputs are words: the seat names, the log lines as the
narration words them for that seat, and its hint line. Nothing else reaches it, so
nothing else can leak to a phone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from uno_desktop.engine import Card
from uno_desktop.engine.actions import (
    Action,
    CallUno,
    CatchUno,
    Challenge,
    Draw,
    Pass,
    Play,
)
from uno_desktop.engine.rules import Stacking
from uno_desktop.lang.card_names import card_name, color_name
from uno_desktop.lang.i18n import _, language
from uno_desktop.view import Ask, NewsKind, SeatView
from uno_desktop.view.narration import play_refusal, round_title

from .protocol import COLOR_WORDS, color_word

STATE_VERSION: Final = 1
"""Bumped when a field changes meaning, so an old page can tell."""


def phone_state(
    view: SeatView,
    names: Sequence[str],
    *,
    log: Sequence[str] = (),
    said: Sequence[str] = (),
    news_from: int = 0,
    verdict: str | None = None,
    hint: str | None = None,
    hints: bool = False,
    round_no: int = 0,
    match_winner: int | None = None,
    next_round: bool = False,
) -> dict[str, Any]:
    """The `state` message for the seat `view` is of: JSON-ready, in the current language.
    `news_from`: the history's place from which a private result (a challenge's shown
    hand) is still news (the seat has not acted since). `hints`: the match lets people
    ask for a hint (the Hint button shows). `said`: the lines a screen reader announces
    with this state (the narration's `spoken_lines` of the events since the last state);
    `verdict`: the result of the challenge whose hand is shown (`challenge_verdict`). At a
    round end:
    `round_no` titles the result, `match_winner` is the seat that won the match with it,
    `next_round` that a phone may start the next round now."""
    seat = _seat(view)
    ask = view.question.ask
    answers = view.question.actions
    turn = ask is not Ask.NOTHING  # the seat's own turn: it is asked something
    penalty = view.penalty
    can: dict[str, Any] = {
        "draw": Draw(seat) in answers and ask is not Ask.PENALTY,
        "take": penalty.total if penalty is not None and Draw(seat) in answers else 0,
        "keep": Pass(seat) in answers,
        "challenge": Challenge(seat) in answers,
        "uno": CallUno(seat) in view.legal,
        "catch": [a.target for a in view.legal if type(a) is CatchUno],
        "next": next_round and view.round_over and match_winner is None,
    }
    if hints:
        can["hint"] = turn
    shown = [n for n in view.news_since(news_from) if n.kind is NewsKind.SHOWN]
    return {
        "type": "state",
        "v": STATE_VERSION,
        "lang": language(),
        "seat": seat,
        "players": [
            {
                "seat": s,
                "name": names[s],
                "cards": view.hand_sizes[s],
                "uno": view.uno_declared[s],
            }
            for s in range(view.players)
        ],
        "current": view.current,
        "turn": turn,
        "over": view.round_over,
        "direction": view.direction,
        "top": {"code": view.top_card.code, "name": card_name(view.top_card)},
        "color": None if view.active_color is None else color_word(view.active_color),
        "color_name": None if view.active_color is None else color_name(view.active_color),
        "pending": penalty.total if penalty is not None else 0,
        "hand": [_card_entry(view, card) for card in _sorted(view.hand)],
        "drawn": None if view.drawn_card is None else view.drawn_card.code,
        "can": can,
        "prompt": _prompt(view, names, bool(can["challenge"])),
        "shown": None
        if not shown or shown[-1].seat is None
        else {
            "title": _("{name}'s hand:").format(name=names[shown[-1].seat]),
            "cards": [{"code": c.code, "name": card_name(c)} for c in _sorted(shown[-1].cards)],
            "verdict": verdict,
        },
        "hint": hint,
        "log": list(log),
        "said": list(said),
        "result": _result(view, names, round_no, match_winner) if view.round_over else None,
    }


def _result(
    view: SeatView, names: Sequence[str], round_no: int, match_winner: int | None
) -> dict[str, Any]:
    """The round's result: its title, each seat's points this round and total after it,
    and, when the round won the match, who did."""
    return {
        "title": round_title(view.winner, round_no, names, you=view.viewer),
        "blocked": view.blocked,
        "winner": view.winner,
        "players": [
            {
                "seat": s,
                "name": names[s],
                "points": view.points[s],
                "total": view.scores[s] + view.points[s],
            }
            for s in range(view.players)
        ],
        "match_winner": match_winner,
        "final": None
        if match_winner is None
        else _("{name} wins the match!").format(name=names[match_winner]),
    }


def _seat(view: SeatView) -> int:
    if view.viewer is None:
        raise ValueError("a phone reads one seat's view, not the public one")
    return view.viewer


def _sorted(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=Card.sort_key)


def _card_entry(view: SeatView, card: Card) -> dict[str, Any]:
    """One card of the hand: its code and name, and the forms it may be played in."""
    plays = view.plays_of(card)
    entry: dict[str, Any] = {"code": card.code, "name": card_name(card), "play": bool(plays)}
    colors = view.colors_for(card)
    if colors:
        entry["colors"] = [color_word(c) for c in colors]
    targets = view.targets_for(card)
    if targets:
        entry["targets"] = list(targets)
    if any(p.uno for p in plays):
        entry["uno"] = True
    return entry


def _prompt(view: SeatView, names: Sequence[str], challenge: bool) -> str:
    """One line of what the seat is asked now (or whose turn it is)."""
    ask = view.question.ask
    if view.round_over:
        return _("The round is over")
    if ask is Ask.PENALTY and view.penalty is not None:
        if challenge:
            return _("Think it was a bluff? Challenge it, or take the cards.")
        return _("{n} cards wait for you!").format(n=view.penalty.total)
    if ask is Ask.DRAWN and view.drawn_card is not None:
        return _("You drew a {card}").format(card=card_name(view.drawn_card))
    if ask is Ask.NOTHING:
        return _("{name}'s turn").format(name=names[view.current])
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
            "next": _("Next round"),
            "player": _("Player"),
            "this_round": _("This round"),
            "total": _("Total"),
            "blocked": _("The round is blocked: no points this time."),
            "next_soon": _("Anyone can start the next round in a moment."),
            "next_any": _("Anyone at the table can start the next round."),
            "match_over": _("The match is over. Thanks for playing!"),
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
            **session_words(),
            "errors": {
                "too_big": _("That message was too long."),
                "malformed": _("The game did not understand that."),
                "rate": _("Too fast: wait a moment and try again."),
            },
        },
    }


def session_words() -> dict[str, str]:
    """The page's words for joining, following the table to the next match and a seat
    whose phone is away."""
    return {
        "joined_wait": _("You're in, {name}: waiting for the deal"),
        "sit_down": _("Tap to sit down"),
        "back": _("Welcome back: reconnecting…"),
        "next_match": _("The next match is starting: joining it…"),
        "waiting_for": _("Waiting for {name}'s phone ({time})"),
        "stand_in": _("Let the computer play for {name}"),
    }


def next_refusal(view: SeatView, match_winner: int | None) -> str:
    """Why a phone may not start the next round now, in a few plain words."""
    if not view.round_over:
        return _("The round is still being played")
    if match_winner is not None:
        return _("The match is over")
    return _("Look at the scores first: the next round can start in a moment")


def refusal(view: SeatView, action: Action | None, stacking: Stacking) -> str:
    """Why `action` (None: a hint) is not allowed for the seat `view` is of now, in a few
    plain words for the phone's `error` message (`stacking`: the match's rule)."""
    if view.round_over:
        return _("The round is over")
    turn = view.question.ask is not Ask.NOTHING
    if action is None:
        return _("A hint is for your own turn") if not turn else _("Hints are off in this match")
    if isinstance(action, Play):
        card = action.card
        if card not in view.hand:
            return _("You do not hold {card}").format(card=card_name(card))
        if view.plays_of(card):
            if view.colors_for(card) and action.color is None:
                return _("Choose a colour")
            if view.targets_for(card):
                return _("Choose a player")
            return _("UNO is said with your second-to-last card")
        if not turn:
            return _("Wait for your turn")
        return play_refusal(view, card, stacking)
    if isinstance(action, CatchUno):
        return _("Nobody can be caught now")
    if isinstance(action, CallUno):
        return _("UNO is called with one card left")
    if not turn:
        return _("Wait for your turn")
    if isinstance(action, Pass):
        return _("There is no drawn card to keep")
    if isinstance(action, Challenge):
        return _("There is nothing to challenge")
    return _("Play the card you drew, or keep it")
