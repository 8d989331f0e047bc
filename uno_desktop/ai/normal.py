"""Normal: sound table sense, no search.

It keeps wilds for later, saves its action cards for the player about to go out,
plays from the colour it holds most of, names that colour, swaps with whoever has
fewest cards, always says UNO, catches anyone who forgets, and challenges a Wild
Draw Four only when the odds (what it saw, the offender's record) favour it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import Action, Card, Color, Observation, Phase, Play
from .base import (
    Options,
    color_counts,
    fewest_cards_target,
    most_held_color,
    next_seat,
    remove_one,
    variant,
)
from .knowledge import Knowledge

PRIOR_BLUFF = 0.05  # how readily an unknown opponent bluffs a Wild Draw Four
CHALLENGE_AT = 0.5  # challenge when the bluff looks at least this likely


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
        """How much we like playing `card` now (higher is better)."""
        hand = obs.hand
        after = remove_one(hand, card)
        n = obs.players
        nxt = next_seat(obs)
        prev = next_seat(obs, steps=-1)
        nxt_size = obs.hand_sizes[nxt]
        rank = card.rank
        value = obs.rules.card_values[rank]
        score = value / 100.0  # shed points first when all else is equal
        if not after:
            return 1000.0
        if card.is_wild:
            score -= 10.0  # a wild is the best card to hold back
            if rank == "W4":
                score -= 1.0
                if nxt_size <= 2:
                    score += 14.0
            if len(after) == 1 and not after[0].is_wild:
                score -= 2.0
        else:
            counts = color_counts(after)
            score += counts[card.color]  # stay in the colour we are long in
            if rank in ("S", "D2") or (rank == "R" and n == 2):
                if nxt_size <= 2:
                    score += 8.0 + (1.0 if rank == "D2" else 0.0)
                elif n == 2:
                    follow = any(
                        c.is_wild or c.color is card.color or c.rank == rank for c in after
                    )
                    score += 3.0 if follow else -0.5
                else:
                    score -= 1.0  # keep it to hit someone close to going out
            elif rank == "R":
                # Reverse: the seat behind us plays next instead of the one ahead.
                diff = obs.hand_sizes[prev] - nxt_size
                score += 3.0 if nxt_size <= 2 and diff > 0 else (0.5 if diff > 0 else -1.0)
        rules = obs.rules
        if (
            (rank == "7" and rules.seven_zero)
            or rank == "WS"
            or (rank == "WC" and rules.custom_rule.needs_target)
        ):
            gain = len(after) - obs.hand_sizes[fewest_cards_target(obs)]
            score += 2.0 * gain
        elif rank == "0" and rules.seven_zero:
            giver = next_seat(obs, steps=-1)  # hands pass in the direction of play
            score += 2.0 * (len(after) - obs.hand_sizes[giver])
        return score

    def dress(
        self, obs: Observation, card: Card, plays: Sequence[Play], know: Knowledge | None
    ) -> Play:
        """Pick the colour, the swap target and UNO for playing `card`."""
        after = remove_one(obs.hand, card)
        color = self.pick_color(obs, after, know) if card.is_wild else None
        target = fewest_cards_target(obs) if any(p.target is not None for p in plays) else None
        return variant(plays, color, target, True)

    def pick_color(self, obs: Observation, after: Sequence[Card], know: Knowledge | None) -> Color:
        return most_held_color(after, dict(obs.rules.card_values))
