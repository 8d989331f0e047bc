"""What a seat can know about hidden cards, rebuilt from its observation alone.

Bots never keep state between decisions (a resumed match must play on the same), so
everything here is recomputed from the facts the seat's history folds into
(`uno_desktop.view.fold`: plays, draws, challenges, hands that moved, each with the
table it happened on); this module reads no event itself. It keeps the cards still unseen,
cards known to sit in a given opponent's hand (shown after a challenge, or a hand we
gave away in a swap), colours an opponent showed it lacked (it drew on that colour),
each opponent's bluffing (a Wild Draw Four caught by a challenge, or given away by a
card of the colour it covered played before the seat drew again) and its challenging
(how often it challenged a Wild Draw Four played on it when it could). The last two
count the match's earlier rounds too: the match hands them on in `Observation.habits`
(`habits_of` counts them at a round's end).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from math import comb
from typing import assert_never

from ..engine import Card, Color, Observation, SeatHabits, build_deck
from ..view.fold import Challenged, Drew, HandsMoved, Kept, Played, fold_history


@dataclass
class Lack:
    """A moment a seat showed it held no card of a kind, read as Normal-like play.

    A seat that plays whenever it can (Normal does; Hard may keep a wild and draw, so
    against Hard this is only a guess) and draws held nothing of the active colour,
    nothing of the top card's rank and no wild; one that played a plain Wild held no
    playable coloured card. Cards of that kind may have come in
    since, but only with its later draws: `room` counts them (cards drawn since, less
    such cards it played since). Sampled hands hold at most `room` such cards.
    """

    color: Color | None
    rank: str | None  # a coloured rank; None for none
    wilds: bool  # no wild either
    room: int

    def covers(self, card: Card) -> bool:
        if card.is_wild:
            return self.wilds
        return card.color is self.color or card.rank == self.rank


@dataclass(frozen=True)
class Choice:
    """One play a seat chose freely, with what it saw then (to re-judge it, `search`)."""

    card: Card
    color: Color | None  # the colour it named, for a wild
    active: Color | None
    top: Card
    seat: int
    direction: int
    sizes: tuple[int, ...]  # every seat's hand size before the play


@dataclass
class SeatInfo:
    """Public and private facts about one seat's hand (a working record, not a value)."""

    known: Counter[Card] = field(default_factory=Counter)  # cards certainly held
    voids: set[Color] = field(default_factory=set)  # colours it held none of at its last draw
    w4_played: int = 0
    challenged: int = 0  # Wild Draw Fours of this seat that were challenged
    guilty: int = 0  # ... and found to be bluffs
    challenges_made: int = 0  # Wild Draw Fours this seat challenged
    challenge_chances: int = 0  # Wild Draw Fours played on this seat it could challenge
    bluffs_shown: int = 0  # its unchallenged Wild Draw Fours its later plays gave away
    lacks: list[Lack] = field(default_factory=list)  # for sampling hands (search)
    recent: list[Choice] = field(default_factory=list)  # its plays since it last drew


@dataclass
class Knowledge:
    """Everything `seat` can infer; build with `Knowledge.from_observation`."""

    seat: int
    seats: list[SeatInfo]
    unseen: Counter[Card]  # cards in other hands or the draw pile, minus known ones
    color_before_w4: Color | None  # the active colour just before the last Wild Draw Four
    last_w4_offender: int | None

    @classmethod
    def from_observation(cls, obs: Observation) -> Knowledge:
        me = obs.seat
        n = obs.players
        seats = [SeatInfo() for _ in range(n)]
        for info, h in zip(seats, obs.habits):
            info.challenged, info.guilty, info.bluffs_shown = h.challenged, h.guilty, h.bluffs_shown
            info.challenge_chances, info.challenges_made = h.challenge_chances, h.challenges_made
        my_hand: Counter[Card] | None = Counter()  # None once a swap makes it inexact
        before_w4: Color | None = None
        offender: int | None = None
        last_drawer_void: dict[int, Color] = {}
        # A Wild Draw Four of a seat not yet followed by a draw of that seat: the colour it
        # covered (a card of it played now was held then). And one awaiting its victim.
        covered: dict[int, Color] = {}
        awaiting_victim = False
        challenges = obs.rules.challenge
        for f in fold_history(obs.history, n).facts:
            if awaiting_victim:
                # The first seat to act after a Wild Draw Four is its victim: it took the
                # cards, stacked or challenged. A round it ended has no victim to act.
                victim = (
                    f.challenger
                    if isinstance(f, Challenged)
                    else f.seat
                    if isinstance(f, Played | Drew | Kept)
                    else None
                )
                if victim is not None and challenges:
                    seats[victim].challenge_chances += 1
                awaiting_victim = False
            match f:
                case Played():
                    _at, s, card, color, _jump_in, drawn, active, top, direction, sizes = f
                    info = seats[s]
                    if s != me:
                        _note_play(info, card, active, top)
                        if not drawn and top is not None:
                            info.recent.append(
                                Choice(card, color, active, top, s, direction, sizes)
                            )
                    if info.known[card] > 0:
                        info.known[card] -= 1
                        if not info.known[card]:
                            del info.known[card]
                    if s == me and my_hand is not None and my_hand[card] > 0:
                        my_hand[card] -= 1
                    if covered.get(s) is not None and card.color is covered[s]:
                        info.bluffs_shown += 1
                        del covered[s]
                    if card.rank == "W4":
                        info.w4_played += 1
                        before_w4, offender = active, s
                        if active is not None:
                            covered[s] = active
                        awaiting_victim = sizes[s] > 1
                    last_drawer_void.pop(s, None)
                case Drew():
                    _at, s, amount, cards, reason, active, top = f
                    info = seats[s]
                    info.recent = []
                    covered.pop(s, None)
                    if s == me:
                        if my_hand is not None:
                            my_hand.update(cards)
                        continue
                    for lack in info.lacks:
                        lack.room += amount
                    if reason == "draw" and top is not None:
                        rank = None if top.is_wild else top.rank
                        info.lacks.append(Lack(active, rank, True, amount))
                    info.voids.clear()
                    if reason == "draw" and active is not None:
                        # It drew instead of playing: it had nothing of the active colour.
                        info.voids.add(active)
                        last_drawer_void[s] = active
                case Kept(seat=s):
                    # It kept a playable drawn card: that card may be of the void colour.
                    void = last_drawer_void.pop(s, None)
                    if void is not None:
                        seats[s].voids.discard(void)
                case Challenged(challenger=challenger, offender=o, guilty=guilty, hand=hand):
                    off = seats[o]
                    off.challenged += 1
                    seats[challenger].challenges_made += 1
                    if guilty:
                        off.guilty += 1
                    elif before_w4 is not None:
                        off.voids.add(before_w4)  # innocent: it held none of that colour
                    if hand:
                        off.known = Counter(hand)
                case HandsMoved(source=source, rotated=rotated):
                    covered.clear()
                    for x in seats:
                        x.lacks, x.recent = [], []
                    # What was known of a hand goes with it to its new seat.
                    old = [(x.known, x.voids) for x in seats]
                    for s, src in enumerate(source):
                        seats[s].known, seats[s].voids = old[src]
                    if source[me] != me:
                        # Our own hand is known to us where it lands; what we hold now we
                        # see, but not from the history.
                        dest = source.index(me)
                        if my_hand is not None or not rotated:
                            seats[dest].known = Counter(my_hand) if my_hand else Counter()
                            seats[dest].voids = set()
                        my_hand = None
                        seats[me].known = Counter()
                        if not rotated:
                            seats[me].voids = set()
                case _:
                    assert_never(f)
        seats[me].known = Counter()
        seats[me].voids = set()
        seats[me].recent = []
        unseen = Counter(build_deck(obs.rules.deck))
        unseen.subtract(obs.hand)
        unseen.subtract(obs.discard_pile)
        for s, info in enumerate(seats):
            if s == me:
                continue
            # Keep known cards consistent with what can still be out there and the size.
            kept: Counter[Card] = Counter()
            room = obs.hand_sizes[s]
            for card, k in sorted(info.known.items(), key=lambda kv: kv[0].code):
                k = min(k, max(unseen[card], 0), room)
                if k > 0:
                    kept[card] = k
                    unseen[card] -= k
                    room -= k
            info.known = kept
        unseen = +unseen
        for s, info in enumerate(seats):
            info.lacks = [x for x in info.lacks if x.room < obs.hand_sizes[s]]
        return cls(me, seats, unseen, before_w4, offender)

    # ------------------------------------------------------------ questions

    def holds_color(self, seat: int, color: Color) -> bool:
        """Whether `seat` is known for certain to hold a card of `color`."""
        return any(c.color is color for c in self.seats[seat].known)

    def p_holds_color(self, seat: int, color: Color, hand_size: int) -> float:
        """Probability that `seat` holds at least one `color` card (hypergeometric)."""
        info = self.seats[seat]
        if self.holds_color(seat, color):
            return 1.0
        if color in info.voids:
            return 0.0
        unknown = hand_size - sum(info.known.values())
        total = sum(self.unseen.values())
        of_color = sum(k for c, k in self.unseen.items() if c.color is color)
        if unknown <= 0 or of_color == 0:
            return 0.0
        if total <= 0 or unknown > total:
            return 1.0
        return 1.0 - comb(total - of_color, unknown) / comb(total, unknown)

    def p_cannot_follow(self, seat: int, card: Card, hand_size: int) -> float:
        """Probability that `seat` holds nothing playable on coloured `card` (hypergeometric).

        Counts what would follow it: the same colour, the same rank, any wild. Cards of a
        colour the seat showed it lacks are left out of the pool it could hold. This is
        the chance the seat must draw if `card` is the next thing it sees, a sharper
        guide than the colour alone (a number match or a wild also answers it).
        """
        info = self.seats[seat]
        color, rank = card.color, card.rank
        for c in info.known:
            if c.is_wild or c.color is color or c.rank == rank:
                return 0.0
        unknown = hand_size - sum(info.known.values())
        if unknown <= 0:
            return 1.0
        voids = info.voids
        total = match = 0
        for c, k in self.unseen.items():
            if c.color is not None and c.color in voids:
                continue
            total += k
            if c.is_wild or c.color is color or c.rank == rank:
                match += k
        if unknown > total:
            return 0.0
        return comb(total - match, unknown) / comb(total, unknown)

    def bluff_rate(self, seat: int, prior: float, weight: float = 4.0) -> float:
        """How readily `seat` plays a Wild Draw Four while holding the colour (Beta mean):
        its Wild Draw Fours found out (challenged, or given away later), the bluffs among
        them."""
        info = self.seats[seat]
        bluffs = info.guilty + info.bluffs_shown
        return (prior * weight + bluffs) / (weight + info.challenged + info.bluffs_shown)

    def challenge_rate(self, seat: int, prior: float, weight: float = 2.0) -> float:
        """How readily `seat` challenges a Wild Draw Four played on it (Beta mean)."""
        info = self.seats[seat]
        return (prior * weight + info.challenges_made) / (weight + info.challenge_chances)

    def guilt_probability(self, obs: Observation, prior_bluff: float) -> float:
        """Chance the Wild Draw Four pending on us was a bluff, by Bayes.

        P(guilty) = a*b / (a*b + (1 - a)), a = P(the offender holds the old colour),
        b = how readily it bluffs (its record this match, from `prior_bluff`).
        """
        off, color = self.last_w4_offender, self.color_before_w4
        if off is None or color is None:
            return 0.0
        a = self.p_holds_color(off, color, obs.hand_sizes[off])
        if a >= 1.0:
            return 1.0
        if a <= 0.0:
            return 0.0
        b = self.bluff_rate(off, prior_bluff)
        return a * b / (a * b + (1.0 - a))


def _note_play(info: SeatInfo, card: Card, active: Color | None, top: Card | None) -> None:
    """Update `info.lacks` for a card its seat played (`Lack`)."""
    kept: list[Lack] = []
    for lack in info.lacks:
        if lack.covers(card):
            lack.room -= 1
            if lack.room < 0:
                continue  # it held one after all: not Normal-like play, forget it
        kept.append(lack)
    info.lacks = kept
    if card.rank == "W" and top is not None and active is not None:
        info.lacks.append(Lack(active, None if top.is_wild else top.rank, False, 0))


def habits_of(obs: Observation) -> tuple[SeatHabits, ...]:
    """Each seat's habits over the match so far: those `obs` was handed from the earlier
    rounds and what this round's history showed (the same from every seat: public facts)."""
    return tuple(
        SeatHabits(i.challenged, i.guilty, i.bluffs_shown, i.challenge_chances, i.challenges_made)
        for i in Knowledge.from_observation(obs).seats
    )
