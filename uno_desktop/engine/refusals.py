"""The words for what a seat may not do, as `Game.why_illegal` gives them.

`Game._rule` answers, for a seat's situation, the cards it may play, its other actions
and one of these tables: words by action kind (and, where one card has its own reason,
by card), formatted by `words` with seat, current, card, top and colour. `form_refusal`
words a play of an allowed card in a form the rules do not take. Only illegal actions
reach this module: nothing here is on the engine's hot path.
"""

from __future__ import annotations

from collections.abc import Mapping

from .actions import CallUno, CatchUno, Challenge, Draw, Pass, Play
from .cards import Card, Color
from .tables import NO_COLOR, NO_TARGET, W4, Tables

Why = Mapping[object, str]
_KEEP_ONLY = "you can only keep a card you have just drawn"
_VICTIM_ONLY = "only the player a Wild Draw Four was played on may challenge it"
WHY_WAIT: Why = {
    Play: "it is seat {current}'s turn",
    Draw: "seat {seat} cannot draw: it is seat {current}'s turn",
    Pass: _KEEP_ONLY,
    Challenge: _VICTIM_ONLY,
}
WHY_NO_JUMP_NOW: Why = {
    **WHY_WAIT,
    Play: "no jump-in while a penalty is pending or after the player has drawn",
}
WHY_START_CARD: Why = {
    **WHY_WAIT,
    Play: "no jump-in on the turned-up start card: the first player plays first",
}
WHY_JUMP: Why = {
    **WHY_WAIT,
    Play: "a jump-in needs a card identical to the top card (no wilds)",
}
WHY_TURN: Why = {
    Play: "{card} does not match {top} (colour: {colour})",
    Pass: _KEEP_ONLY,
    Challenge: _VICTIM_ONLY,
}
WHY_TURN_NO_W4: Why = {
    **WHY_TURN,
    W4: "Wild Draw Four only when you hold no card of the active colour",
}
WHY_DRAWN: Why = {
    Play: "after drawing, only the drawn card may be played",
    Draw: "you have already drawn: play the drawn card or keep it",
    Challenge: _VICTIM_ONLY,
}
WHY_PENALTY: Why = {
    Play: "{card} cannot be stacked on the pending penalty; draw or challenge",
    Pass: _KEEP_ONLY,
    Challenge: "there is no Wild Draw Four to challenge",
}
WHY_PENALTY_NO_CHALLENGE: Why = {**WHY_PENALTY, Challenge: "these rules have no challenge"}
WHY_OVER: Why = dict.fromkeys((Play, Draw, Pass, Challenge), "the round is over")
ACTION_KINDS = frozenset((Play, Draw, Pass, Challenge, CallUno, CatchUno))


def words(
    template: str, seat: int, current: int, card: Card | None, top: Card, color: Color | None
) -> str:
    """One of the tables' templates, filled in."""
    return template.format(
        seat=seat,
        current=current,
        card=card,
        top=top,
        colour="none yet" if color is None else color.name.lower(),
    )


def form_refusal(t: Tables, a: Play, size: int) -> str | None:
    """Why a play of a card `a.seat` may play (from a hand of `size`) is not in a form
    `Tables.forms` allows; None when it is."""
    card = a.card
    colors, targets, unos = t.forms(a.seat, card, size)
    color, target, uno = a.color, a.target, a.uno
    if (color is not None and type(color) is not Color) or color not in colors:
        return f"{card} takes no colour" if colors is NO_COLOR else f"{card} needs a colour"
    if (target is not None and type(target) is not int) or target not in targets:
        if targets is NO_TARGET:
            return f"{card} takes no target"
        return f"{card} needs another player to swap with"
    if type(uno) is not bool or uno not in unos:
        return "UNO is declared with the second-to-last card"
    return None
