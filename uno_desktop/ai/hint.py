"""A hint: what the hard computer player would do here, and one line of why.

`hint(observation, legal_actions)` asks `HardBot` the very question the table asks the
person (which card, draw or not, play or keep, the colour, the swap target, challenge
or not, stack or take) with the same inputs a bot gets, so a hint can know nothing a
bot could not. Its rng is derived from the observation, so the same position always
gets the same hint. The why is a plain reading of the chosen action against the table
(the next player's cards, the colours held, what the next player seems to lack); it
explains the choice, it does not make it.

A dialog question is asked by narrowing the legal actions: the plays of one wild card
ask for its colour, the plays of one card and colour ask for the swap target (as the
seat view's `question_after` asks them; `view.ask_of_plays` reads which).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import (
    Action,
    CallUno,
    Card,
    CatchUno,
    Challenge,
    Color,
    Draw,
    Observation,
    Pass,
    Phase,
    Play,
)
from ..lang.card_names import card_name, color_name
from ..lang.i18n import N_, _
from ..view import Ask, ask_of_plays
from .base import color_counts, next_seat
from .hard import HardBot
from .knowledge import Knowledge
from .plan import finishing_sequence

#: cards that hit the next player (a Reverse only heads-up)
_HITS = frozenset({"S", "D2", "W4"})
#: a hand this small is "about to go out"
_LOW = 2


@dataclass(frozen=True)
class Hint:
    """The suggested action, what it is in words ("Play Blue Skip") and why."""

    action: Action
    what: str
    why: str

    @property
    def line(self) -> str:
        """The one line a person reads: "Play Blue Skip: the next player has one card left"."""
        return _("{what}: {why}").format(what=self.what, why=self.why)


#: "most of your cards are red": the reason for a colour, a whole sentence per colour (a
#: colour word agrees with "cards" in Swedish)
MOST_CARDS: dict[Color, str] = {
    Color.RED: N_("most of your cards are red"),
    Color.YELLOW: N_("most of your cards are yellow"),
    Color.GREEN: N_("most of your cards are green"),
    Color.BLUE: N_("most of your cards are blue"),
}


def prepare(players: int) -> None:
    """Load what the hard bot's search needs at `players` seats now, not at the first hint."""
    HardBot().prepare(players)


def hint_rng(obs: Observation) -> random.Random:
    """The hint's rng: a function of what the seat sees (never of hidden cards or time)."""
    key = ":".join(
        (
            "hint",
            str(obs.seat),
            str(obs.players),
            str(len(obs.history)),
            obs.phase.value,
            str(obs.current),
            " ".join(c.code for c in obs.hand),
            " ".join(c.code for c in obs.discard_pile),
            " ".join(map(str, obs.hand_sizes)),
        )
    )
    return random.Random(key)


def hint(
    obs: Observation, legal: Sequence[Action], names: Sequence[str] | None = None
) -> Hint | None:
    """What the hard bot would do with `legal` (all the seat may do, or one question's
    actions), with a reason; None when there is nothing to decide. `names` names the
    seats in the reason (else "Player 2")."""
    if not legal:
        return None
    action = HardBot().choose(obs, legal, hint_rng(obs))
    if action is None:
        return None
    return _explain(obs, action, legal, _Names(obs, names))


class _Names:
    """A seat's name for the reason: the table's names, else "Player 2"."""

    def __init__(self, obs: Observation, names: Sequence[str] | None) -> None:
        self.names = list(names) if names is not None and len(names) == obs.players else None

    def __call__(self, seat: int) -> str:
        if self.names is not None:
            return self.names[seat]
        return _("Player {n}").format(n=seat + 1)


def _explain(obs: Observation, action: Action, legal: Sequence[Action], name: _Names) -> Hint:
    know = Knowledge.from_observation(obs)
    if isinstance(action, CallUno):
        return Hint(action, _("Say UNO"), _("you have one card left"))
    if isinstance(action, CatchUno):
        return Hint(
            action, _("Catch {name}").format(name=name(action.target)), _("they forgot to say UNO")
        )
    if isinstance(action, Challenge):
        return Hint(action, _("Challenge"), _why_challenge(know))
    if isinstance(action, Pass):
        return Hint(action, _("Keep it"), _why_keep(obs))
    if isinstance(action, Draw):
        if obs.phase is Phase.PENALTY:
            what = _("Take {n} cards").format(n=obs.pending_draw)
            return Hint(action, what, _why_take(legal))
        return Hint(action, _("Draw a card"), _why_draw(legal))
    assert isinstance(action, Play)
    plays = [a for a in legal if isinstance(a, Play)]
    question = ask_of_plays(legal)  # the table narrowed the plays to ask a colour or a target
    if question is Ask.COLOR and action.color is not None:
        return Hint(
            action,
            _("Choose {color}").format(color=color_name(action.color)),
            _why_color(obs, action, know),
        )
    if question is Ask.TARGET and action.target is not None:
        return Hint(
            action,
            _("Swap with {name}").format(name=name(action.target)),
            _("they have the fewest cards"),
        )
    return Hint(action, _what_play(obs, action, name), _why_play(obs, action, plays, know))


def _what_play(obs: Observation, play: Play, name: _Names) -> str:
    card = card_name(play.card)
    stack = obs.phase is Phase.PENALTY
    if play.color is not None and play.target is not None:
        what = _("Play {card}, choose {color}, swap with {name}").format(
            card=card, color=color_name(play.color), name=name(play.target)
        )
    elif play.target is not None:
        what = _("Play {card}, swap with {name}").format(card=card, name=name(play.target))
    elif play.color is not None:
        template = (
            N_("Stack {card}, choose {color}") if stack else N_("Play {card}, choose {color}")
        )
        what = _(template).format(card=card, color=color_name(play.color))
    else:
        what = (_("Stack {card}") if stack else _("Play {card}")).format(card=card)
    if play.uno and len(obs.hand) == 2:
        what = _("{what}, say UNO").format(what=what)
    return what


def _why_play(obs: Observation, play: Play, plays: Sequence[Play], know: Knowledge) -> str:
    hand, card = obs.hand, play.card
    if len(hand) == 1:
        return _("it is your last card")
    if obs.phase is Phase.PENALTY:
        return _("the cards go on to the next player")
    finish = finishing_sequence(obs)
    if finish is not None and finish[0][0] == card:
        return _("you can go out this turn")
    nxt = next_seat(obs)
    nxt_size = obs.hand_sizes[nxt]
    hits = card.rank in _HITS or (card.rank == "R" and obs.players == 2)
    if hits and nxt_size <= _LOW:
        return _left(nxt_size)
    if card.rank == "R" and nxt_size <= _LOW:
        return _("play turns away from the player about to go out")
    if play.target is not None:
        return _("they have the fewest cards")
    if card.rank == "0" and obs.rules.seven_zero:
        return _("the hands move on: you get a smaller one")
    if card.is_wild:
        if all(p.card.is_wild for p in plays):
            return _("no other card fits")
        if play.color is not None:
            return _why_color(obs, play, know)
    color = card.color
    if color is not None:
        if color in know.seats[nxt].voids:
            return _("the next player seems to have no {color}").format(color=color_name(color))
        counts = color_counts(hand)
        if counts[color] >= 2 and counts[color] == max(counts.values()):
            return _(MOST_CARDS[color])
        wild = next((c for c in hand if c.is_wild), None)
        if wild is not None:
            return _keeps(wild)
        points = obs.rules.card_values[card.rank]
        if points >= 10:
            return _("gets rid of {n} points").format(n=points)
    if len({p.card for p in plays}) == 1:
        return _("the only card that fits")
    return _("a good card to get rid of now")


def _why_color(obs: Observation, play: Play, know: Knowledge) -> str:
    color = play.color
    assert color is not None
    rest = list(obs.hand)
    rest.remove(play.card)
    counts = color_counts(rest)
    if counts and counts[color] == max(counts.values()):
        return _(MOST_CARDS[color])
    nxt = next_seat(obs)
    if color in know.seats[nxt].voids:
        return _("the next player seems to have no {color}").format(color=color_name(color))
    if not counts:
        return _("the others seem to lack {color}").format(color=color_name(color))
    return _("you have most points in {color}").format(color=color_name(color))


def _why_keep(obs: Observation) -> str:
    card = obs.drawn_card
    if card is None:
        return _("it does more good later")
    if card.is_wild:
        return _keeps(card)
    if card.rank in _HITS:
        return _("save it for a player close to going out")
    return _("it does more good later")


def _why_draw(legal: Sequence[Action]) -> str:
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return _("no card fits")
    wild = next((p.card for p in plays if p.card.is_wild), None)
    if wild is not None:
        return _keeps(wild)
    return _("your cards do more good later")


def _why_take(legal: Sequence[Action]) -> str:
    if any(isinstance(a, Challenge) for a in legal):
        return _("a wrong challenge costs two more cards")
    stack = next((a.card for a in legal if isinstance(a, Play)), None)
    if stack is not None:
        return _keeps(stack)
    return _("nothing can go on it")


def _why_challenge(know: Knowledge) -> str:
    color = know.color_before_w4
    if color is None:
        return _("it looks like a bluff")
    return _("they probably had a {color} card").format(color=color_name(color))


def _keeps(card: Card) -> str:
    return _("keeps your {card} for later").format(card=card_name(card))


def _left(size: int) -> str:
    if size <= 1:
        return _("the next player has one card left")
    return _("the next player has two cards left")


__all__ = ["Hint", "hint", "hint_rng", "prepare"]
