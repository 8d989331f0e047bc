"""Normal: sound table sense, no search.

It keeps wilds for later, saves its action cards for the player about to go out,
plays from the colour it holds most of, names that colour, swaps with whoever has
fewest cards, always says UNO, catches anyone who forgets, and challenges a Wild
Draw Four only when the odds (what it saw, the offender's record) favour it.
Heads-up it would rather draw than spend a wild early (`waits`), as UnoAI's MixBot2
does: a wild kept is the one card sure to answer anything later.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..engine import Action, Card, Color, Observation, Phase, Play, RuleSet
from .base import (
    Options,
    fewest_cards_seat,
    fewest_cards_target,
    most_held_color,
    needs_swap_target,
    remove_one,
    variant,
)
from .knowledge import Knowledge

PRIOR_BLUFF = 0.05  # how readily an unknown opponent bluffs a Wild Draw Four
CHALLENGE_AT = 0.5  # challenge when the bluff looks at least this likely
# Heads-up, a wild waits while the hand holds more coloured cards than this (and the
# opponent more than two cards); a wild just drawn waits in a hand over two cards.
WILD_WAITS_OVER = {"W": 2, "W4": 3}
DRAWN_WILD_WAITS_OVER = 2


class NormalBot:
    level = "normal"
    prior_bluff = PRIOR_BLUFF
    challenge_at = CHALLENGE_AT

    def choose(
        self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action | None:
        if not legal_actions:
            return None
        obs = observation
        opts = Options(obs, legal_actions)
        out_of_turn = self.out_of_turn(obs, opts)
        if obs.current != obs.seat or out_of_turn is not None:
            return out_of_turn
        return self.turn(obs, opts, rng)

    # ------------------------------------------------------------ out of turn

    def out_of_turn(self, obs: Observation, opts: Options) -> Action | None:
        """Anything worth doing whoever's turn it is: rescue our UNO, catch, jump in."""
        if opts.calls is not None:
            return opts.calls
        if opts.catches:
            return opts.catches[0]
        if opts.jump_ins:
            card = max(opts.jump_ins, key=lambda c: self.score_play(obs, c, None))
            return self.dress(obs, card, opts.jump_ins[card], None)
        return None

    # ------------------------------------------------------------ in turn

    def turn(self, obs: Observation, opts: Options, rng: random.Random) -> Action:
        if obs.phase is Phase.PENALTY:
            if opts.challenge is not None and self.should_challenge(obs):
                return opts.challenge
            if opts.plays:  # stacking passes the penalty on: a Draw Two before a W4
                card = min(opts.plays, key=lambda c: (c.rank == "W4", c.code))
                return self.dress(obs, card, opts.plays[card], None)
            assert opts.draw is not None
            return opts.draw
        waiting = waits(obs, opts)
        if waiting is not None:
            return waiting
        ranked = self.ranked_plays(obs, opts)
        if ranked:
            return ranked[0]
        for a in (opts.pass_, opts.draw):
            if a is not None:
                return a
        raise ValueError("no action to take on our own turn")

    def ranked_plays(
        self, obs: Observation, opts: Options, know: Knowledge | None = None
    ) -> list[Play]:
        """Every distinct play, dressed (colour, target, UNO) and best first."""
        cards = sorted(opts.plays, key=lambda c: (-self.score_play(obs, c, know), c.code))
        return [self.dress(obs, c, opts.plays[c], know) for c in cards]

    def should_challenge(self, obs: Observation) -> bool:
        know = Knowledge.from_observation(obs)
        return know.guilt_probability(obs, self.prior_bluff) >= self.challenge_at

    # ------------------------------------------------------------ judging a card

    def score_play(self, obs: Observation, card: Card, know: Knowledge | None) -> float:
        """How much we like playing `card` now (higher is better): `normal_scores`."""
        sizes = obs.hand_sizes.__getitem__
        return normal_scores(
            [card], obs.hand, obs.rules, obs.seat, obs.players, obs.direction, sizes
        )[0]

    def dress(
        self, obs: Observation, card: Card, plays: Sequence[Play], know: Knowledge | None
    ) -> Play:
        """Pick the colour, the swap target and UNO for playing `card`."""
        color = self.pick_color(obs, remove_one(obs.hand, card), know) if card.is_wild else None
        target = fewest_cards_target(obs) if needs_swap_target(plays) else None
        return variant(plays, color, target, True)

    def pick_color(self, obs: Observation, after: Sequence[Card], know: Knowledge | None) -> Color:
        return most_held_color(after, obs.rules.card_values)


def waits(obs: Observation, opts: Options) -> Action | None:
    """Heads-up, the draw (or the pass) that keeps a wild back, or None to play on.

    Only plain wilds and Wild Draw Fours play now and the hand still holds more coloured cards than
    `WILD_WAITS_OVER` says for each: draw instead. A wild just drawn is kept while the
    hand holds more than `DRAWN_WILD_WAITS_OVER` cards. Never while the opponent holds
    two cards or fewer: then every card that plays is worth playing.
    """
    if obs.players != 2 or obs.hand_sizes[1 - obs.seat] <= 2 or not opts.plays:
        return None
    if obs.phase is Phase.DRAWN:
        card = obs.drawn_card
        if (
            card is not None
            and card.rank in WILD_WAITS_OVER
            and len(obs.hand) > DRAWN_WILD_WAITS_OVER
        ):
            return opts.pass_
        return None
    if obs.phase is not Phase.PLAY or opts.draw is None:
        return None
    coloured = sum(1 for c in obs.hand if not c.is_wild)
    if all(c.rank in WILD_WAITS_OVER and coloured > WILD_WAITS_OVER[c.rank] for c in opts.plays):
        return opts.draw
    return None


# Normal's judgement as plain functions of the table, so that a search can play Normal's
# moves in a sampled world (`search.table_action`) and read back whether a seat's plays
# were Normal's (`search._consistent`) without building an observation.


def normal_scores(
    cards: Sequence[Card],
    hand: Sequence[Card],
    rules: RuleSet,
    seat: int,
    players: int,
    direction: int,
    size_of: Callable[[int], int],
) -> list[float]:
    """How much Normal likes playing each of `cards` (all in `hand`) now, higher better.

    It sheds points, holds wilds back (a Wild Draw Four most, unless the next seat is
    on two cards), stays in its longest colour, saves Skips and Draw Twos for a next
    seat close to going out, reverses away from the shorter hand, and likes a swap (7-0,
    Swap Hands) by the cards it gives away. `size_of(seat)` is a seat's hand size.
    """
    if len(hand) == 1:
        return [1000.0] * len(cards)
    values = rules.card_values
    size = len(hand)
    counts = [0, 0, 0, 0]
    for c in hand:
        col = c.color
        if col is not None:
            counts[col] += 1
    nxt_size = size_of((seat + direction) % players)
    prev = (seat - direction) % players
    seven_zero = rules.seven_zero
    scores = []
    for card in cards:
        rank = card.rank
        score = values[rank] / 100.0  # shed points first when all else is equal
        color = card.color
        if color is None:
            score -= 10.0  # a wild is the best card to hold back
            if rank == "W4":
                score -= 1.0
                if nxt_size <= 2:
                    score += 14.0
            if size == 2 and not (hand[1] if hand[0] is card else hand[0]).is_wild:
                score -= 2.0
        else:
            score += counts[color] - 1  # stay in the colour we are long in
            if rank == "S" or rank == "D2" or (rank == "R" and players == 2):
                if nxt_size <= 2:
                    score += 9.0 if rank == "D2" else 8.0
                elif players == 2:
                    rest = remove_one(hand, card)
                    follow = any(c.is_wild or c.color is color or c.rank == rank for c in rest)
                    score += 3.0 if follow else -0.5
                else:
                    score -= 1.0  # keep it to hit someone close to going out
            elif rank == "R":
                # Reverse: the seat behind us plays next instead of the one ahead.
                diff = size_of(prev) - nxt_size
                score += 3.0 if nxt_size <= 2 and diff > 0 else (0.5 if diff > 0 else -1.0)
        if (
            (rank == "7" and seven_zero)
            or rank == "WS"
            or (rank == "WC" and rules.custom_rule.needs_target)
        ):
            fewest = size_of(fewest_cards_seat(seat, players, direction, size_of))
            score += 2.0 * (size - 1 - fewest)
        elif rank == "0" and seven_zero:  # hands pass in the direction of play
            score += 2.0 * (size - 1 - size_of(prev))
        scores.append(score)
    return scores


def normal_choice(
    cards: Sequence[Card],
    hand: Sequence[Card],
    rules: RuleSet,
    seat: int,
    players: int,
    direction: int,
    size_of: Callable[[int], int],
) -> Card:
    """The card of `cards` Normal plays: the best liked, ties to the lower code."""
    if len(cards) == 1:
        return cards[0]
    scores = normal_scores(cards, hand, rules, seat, players, direction, size_of)
    best = 0
    for i in range(1, len(cards)):
        if scores[i] > scores[best] or (
            scores[i] == scores[best] and cards[i].code < cards[best].code
        ):
            best = i
    return cards[best]


def normal_dress(
    plays: Sequence[Play],
    hand: Sequence[Card],
    rules: RuleSet,
    players: int,
    direction: int,
    size_of: Callable[[int], int],
) -> Play:
    """Of one card's `plays`, the one Normal makes (`NormalBot.dress`): the colour it
    holds most of named, the seat with the fewest cards as the target, UNO said."""
    p = plays[0]
    color = most_held_color(remove_one(hand, p.card), rules.card_values) if p.card.is_wild else None
    target = (
        fewest_cards_seat(p.seat, players, direction, size_of) if needs_swap_target(plays) else None
    )
    return variant(plays, color, target, True)
