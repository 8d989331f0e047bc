"""What a rule set implies, built once: the card tables and the action objects.

Fixed-size tables over the 56 card kinds, shared by every game. A set of cards is kept as
a dict (card -> True): `card in it` as fast as a set's, and its bound `get` is a cheap
filter (`filter(cards.get, hand)` keeps the hand's order). Per rule set and table size,
`Tables` holds the deck, the options read on every move and every action object, so the
engine's hot path (`Game.legal_actions`, `Game.apply`) looks things up instead of
building them.
"""

from __future__ import annotations

import dataclasses

from .actions import Action, CallUno, Challenge, Draw, Pass, Play
from .cards import COLORS, Card, Color, all_card_kinds, build_deck
from .rules import RuleSet, Stacking

CardSet = dict[Card, bool]
KINDS = all_card_kinds()
W4 = Card.parse("W4")
NOTHING: CardSet = {}
ONLY: dict[Card, CardSet] = {c: {c: True} for c in KINDS}  # a drawn card; a jump-in

# The forms of a play (`Tables.forms`): no colour, no target, UNO said or not.
NO_COLOR: tuple[None] = (None,)
NO_TARGET: tuple[None] = (None,)
NO_UNO: tuple[bool] = (False,)
BOTH_UNO: tuple[bool, bool] = (False, True)


def _without_w4(cards: CardSet) -> CardSet:
    return {c: True for c in cards if c is not W4}


# For each top card and active colour, the cards that match it in a normal turn: the same
# colour or symbol, any wild, anything while no colour is set (a wild start card).
PLAYABLE: dict[Card, dict[Color | None, CardSet]] = {
    top: {
        None: dict.fromkeys(KINDS, True),
        **{
            color: {c: True for c in KINDS if c.is_wild or c.color is color or c.rank == top.rank}
            for color in COLORS
        },
    }
    for top in KINDS
}
# The same without the Wild Draw Four: without bluffing, for a hand holding the active colour.
PLAYABLE_NO_W4 = {
    top: {color: _without_w4(cards) for color, cards in by_color.items()}
    for top, by_color in PLAYABLE.items()
}


def _stackable(stacking: Stacking, pending_kind: str, color: Color | None) -> CardSet:
    """The cards that may go on a pending penalty: a Draw Two on a Draw Two; a Wild Draw
    Four on a Wild Draw Four; mixed, also a Wild Draw Four on a Draw Two and a Draw Two
    of the chosen colour on a Wild Draw Four."""
    if stacking is Stacking.NONE:
        return NOTHING
    mixed = stacking is Stacking.MIXED
    if pending_kind == "D2":
        return {c: True for c in KINDS if c.rank == "D2" or (mixed and c is W4)}
    return {c: True for c in KINDS if c is W4 or (mixed and c.rank == "D2" and c.color is color)}


# By stacking option, pending card ("D2", "W4") and active colour; and without the W4.
STACKABLE: dict[tuple[Stacking, str | None, Color | None], CardSet] = {
    (stacking, kind, color): _stackable(stacking, kind, color)
    for stacking in Stacking
    for kind in ("D2", "W4")
    for color in (None, *COLORS)
}
STACKABLE_NO_W4 = {key: _without_w4(cards) for key, cards in STACKABLE.items()}

# The cards whose play does nothing but pass the turn on (number cards; under 7-0 not the
# 7s and 0s), by whether 7-0 is on.
PLAIN: dict[bool, CardSet] = {
    seven_zero: {
        c: True for c in KINDS if c.number is not None and not (seven_zero and c.rank in ("7", "0"))
    }
    for seven_zero in (False, True)
}

# `Game._rule`'s other actions for a seat, by situation (+1: with CallUno): indexes into
# `Tables.offers[seat]`.
DRAW, KEEP, DRAW_OR_CHALLENGE, WAIT = 0, 2, 4, 6


@dataclasses.dataclass(slots=True, eq=False)
class Tables:
    """What the engine derives from one rule set for one number of players, built once
    (`tables_for`): the deck, the options read on every move, the action objects.

    Action objects are values; building each once keeps legal_actions cheap, and lets
    `apply` know a Play it handed out by its id. `plays[seat][size]` holds every card's
    Plays by `seat` from a hand of `size` cards, `play_ids[seat][size]` their ids; every
    size over two shares one dict and one set (the forms of a play differ only for one
    and two cards), and the lists reach the largest hand possible (`reach`).
    """

    rules: RuleSet
    players: int
    deck: tuple[Card, ...]
    bluffing: bool
    false_catch: int
    plain: CardSet
    stacking: Stacking
    target_ranks: frozenset[str]  # plays of these ranks name a seat to swap with
    targets: tuple[tuple[int, ...], ...]  # per seat: the other seats
    offers: tuple[tuple[tuple[Action, ...], ...], ...]  # per seat, by situation (DRAW...)
    plays: list[list[dict[Card, tuple[Play, ...]]]]
    play_ids: list[list[set[int]]]

    @classmethod
    def build(cls, rules: RuleSet, players: int) -> Tables:
        seats = range(players)
        offers = []
        for s in seats:
            draw, keep, challenge, uno = Draw(s), Pass(s), Challenge(s), CallUno(s)
            by_situation = ((draw,), (keep,), (draw, challenge), ())  # DRAW, KEEP, ...
            offers.append(tuple(x for o in by_situation for x in (o, (*o, uno))))
        t = cls(
            rules=rules,
            players=players,
            deck=tuple(build_deck(rules.deck)),
            bluffing=rules.bluffing,
            false_catch=rules.false_catch_penalty,
            plain=PLAIN[rules.seven_zero],
            stacking=rules.stacking,
            target_ranks=frozenset(
                ("WS",)
                + (("7",) if rules.seven_zero else ())
                + (("WC",) if rules.custom_rule.needs_target else ())
            ),
            targets=tuple(tuple(t for t in seats if t != s) for s in seats),
            offers=tuple(offers),
            plays=[],
            play_ids=[],
        )
        for seat in seats:
            books = [{card: t.plays_of(seat, card, size) for card in KINDS} for size in (3, 1, 2)]
            t.plays.append(books)  # by hand size: 0 (never asked), 1, 2; reach() adds 3 on
            t.play_ids.append([{id(p) for plays in b.values() for p in plays} for b in books])
        t.reach(len(t.deck))
        return t

    def forms(
        self, seat: int, card: Card, size: int
    ) -> tuple[tuple[Color | None, ...], tuple[int | None, ...], tuple[bool, ...]]:
        """The colours, targets and UNO flags a play of `card` from a hand of `size` takes
        (one of each): a colour for a wild; another seat for a swap, except with the last
        card (the round ends then); UNO, said or not, with the second-to-last card."""
        colors = COLORS if card.is_wild else NO_COLOR
        swaps = size > 1 and card.rank in self.target_ranks
        targets = self.targets[seat] if swaps else NO_TARGET
        return colors, targets, BOTH_UNO if size == 2 else NO_UNO

    def plays_of(self, seat: int, card: Card, size: int) -> tuple[Play, ...]:
        """Every Play of `card` by `seat` from a hand of `size`: one per form."""
        colors, targets, unos = self.forms(seat, card, size)
        return tuple(Play(seat, card, c, t, u) for c in colors for t in targets for u in unos)

    def reach(self, cards: int) -> None:
        """Let each seat's by-size lists reach a hand of every card in play (`cards`)."""
        for plays, ids in zip(self.plays, self.play_ids):
            if len(plays) <= cards:
                more = cards + 1 - len(plays)
                plays += [plays[0]] * more
                ids += [ids[0]] * more


TABLES: dict[int, tuple[RuleSet, dict[int, Tables]]] = {}
TABLES_KEPT = 16  # rule sets whose tables are kept; the oldest goes first


def tables_for(rules: RuleSet, players: int) -> Tables:
    """The tables of `rules` at a table of `players`, built on first use (by identity)."""
    entry = TABLES.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(TABLES) >= TABLES_KEPT:
            del TABLES[next(iter(TABLES))]
        entry = TABLES[id(rules)] = (rules, {})
    tables = entry[1].get(players)
    if tables is None:
        tables = entry[1][players] = Tables.build(rules, players)
    return tables
