"""Hard: remembers, infers and looks ahead, from its observation only.

On top of Normal's table sense it rebuilds a `Knowledge` of the round (every card
seen, what each opponent showed it lacks, each opponent's bluffing record), names
colours its opponents lack and plays into colours the next player lacks, weighs a
challenge by Bayes (the offender's bluffs found out this round raise the odds), bluffs
a Wild Draw Four less against a seat that has challenged, keeps wilds back heads-up
as Normal does, goes out in one turn when a chain of extra turns allows it, and
checks the heuristic's favourite against the runners-up by a determinised search:
heads-up at every choice (`search.search`), at larger tables once an opponent is low
(`search.search_table`). The same observation and rng always give the same move.
What was tried and measured on the way: benchmarks/JOURNAL.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import COLORS, Action, Card, Color, Observation, Phase, Play
from .base import (
    Options,
    color_counts,
    fewest_cards_target,
    needs_swap_target,
    next_seat,
    variant,
)
from .knowledge import Knowledge
from .normal import NormalBot, waits
from .plan import finishing_sequence
from .search import search, search_table, table_value
from .valuenet import SEATS, NetValue, warm

# Heads-up search: rollouts per decision (shared out among the candidates), plies of
# greedy play in each, and the head start of the heuristic's favourite.
ROLLOUTS = 48
DEPTH = 24
PRIOR_BONUS = 0.1
MAX_CANDIDATES = 3  # the heuristic's top plays a search compares
HEADS_UP = 2  # the heads-up search runs at tables this small
# The table search (tables over two players): worlds per decision, plies each candidate
# is played on, how many standard errors a runner-up must win by, and the hand size of
# an opponent that makes the round worth searching. Sized so the 99th percentile
# decision at four seats stays under 30 ms (benchmarks/ai_latency.py).
TABLE_SAMPLES = 64
TABLE_DEPTH = 4
TABLE_Z = 1.0
TABLE_CRITICAL = 7
NET_VALUE = NetValue(table_value)  # the judge of table playouts: the net at four seats
PRIOR_BLUFF = 0.05
PRIOR_CHALLENGE = 0.1  # how readily an unknown opponent challenges a Wild Draw Four
BLUFF_RISK = 14.0  # a Wild Draw Four bluff's worth lost, times the victim's challenge rate
ENDGAME_BLUFF_PRIOR = 0.6  # a Wild Draw Four against a player about to go out
CHALLENGE_AT = 0.25  # a wrong challenge costs us two cards; a right one swings eight and a turn


class HardBot(NormalBot):
    """Normal's judgement sharpened by `Knowledge`, checked by search (module docstring).

    The weights and the table search's settings are class attributes, so a paired
    trial (benchmarks/ai_paired.py) can vary one on an instance.
    """

    level = "hard"
    prior_bluff = PRIOR_BLUFF
    challenge_at = CHALLENGE_AT
    endgame_bluff_prior = ENDGAME_BLUFF_PRIOR
    prior_challenge = PRIOR_CHALLENGE
    bluff_risk = BLUFF_RISK
    void_play_bonus = 6.0  # playing a colour the next player lacks (scaled by the odds)
    follow_block_bonus = 12.0  # playing a card the next player cannot answer at all (odds)
    lack_color_weight = 0.75  # naming a colour the next player probably lacks
    prior_bonus = PRIOR_BONUS
    max_candidates = MAX_CANDIDATES
    table_samples = TABLE_SAMPLES
    table_depth = TABLE_DEPTH
    table_z = TABLE_Z
    table_critical = TABLE_CRITICAL

    def __init__(self, rollouts: int = ROLLOUTS, depth: int = DEPTH) -> None:
        self.rollouts = rollouts
        self.depth = depth

    def prepare(self, players: int) -> None:
        """Called when the bot takes a seat at a table of `players`: load the net now if
        its searches will use it, not in the middle of the first one."""
        if players == SEATS:
            warm()

    def turn(self, obs: Observation, opts: Options, rng: random.Random) -> Action:
        know = Knowledge.from_observation(obs)
        table = self.table_search(obs)
        candidates: list[Action]
        if obs.phase is Phase.PENALTY:
            if opts.challenge is not None and self.challenge_odds(obs, know) >= self.challenge_at:
                return opts.challenge
            candidates = [
                self.dress(obs, c, opts.plays[c], know)
                for c in sorted(opts.plays, key=lambda c: (c.rank == "W4", c.code))
            ]
            if opts.draw is not None:
                candidates.append(opts.draw)
        elif (waiting := waits(obs, opts)) is not None:
            return waiting
        elif obs.phase is Phase.DRAWN:
            candidates = list(self.ranked_plays(obs, opts, know))
            if opts.pass_ is not None:
                candidates.append(opts.pass_)
        else:
            finish = finishing_sequence(obs)
            if finish is not None and finish[0][0] in opts.plays:
                card, color = finish[0]
                plays = opts.plays[card]
                target = fewest_cards_target(obs) if needs_swap_target(plays) else None
                return variant(plays, color, target, True)
            # At larger tables the heuristic's pick stands unless the round is critical.
            width = self.max_candidates if table or obs.players <= HEADS_UP else 1
            candidates = list(self.ranked_plays(obs, opts, know)[:width])
            if opts.draw is not None and (
                not candidates or all(isinstance(p, Play) and p.card.is_wild for p in candidates)
            ):
                candidates.append(opts.draw)
        if not candidates:
            raise ValueError("no action to take on our own turn")
        if len(candidates) == 1:
            return candidates[0]
        if table:
            return self.table_choice(obs, know, candidates, rng)
        if self.rollouts <= 0 or obs.players > HEADS_UP:
            return candidates[0]
        return search(
            obs,
            know,
            candidates,
            rng,
            samples=max(2, self.rollouts // len(candidates)),
            depth=self.depth,
            prior_bonus=self.prior_bonus,
        )

    def table_search(self, obs: Observation) -> bool:
        """Whether to search at a table over two players: once an opponent holds
        `table_critical` cards or fewer. Earlier the heuristic's pick measured as good."""
        if obs.players <= HEADS_UP or self.table_samples <= 0:
            return False
        return any(
            size <= self.table_critical for s, size in enumerate(obs.hand_sizes) if s != obs.seat
        )

    def table_choice(
        self, obs: Observation, know: Knowledge, candidates: Sequence[Action], rng: random.Random
    ) -> Action:
        """The table search's pick among `candidates` (the heuristic's favourite first)."""
        choice, _ = search_table(
            obs,
            know,
            candidates,
            rng,
            samples=self.table_samples,
            depth=self.table_depth,
            z=self.table_z,
            judge=NET_VALUE,
        )
        return choice

    def should_challenge(self, obs: Observation) -> bool:
        return self.challenge_odds(obs, Knowledge.from_observation(obs)) >= self.challenge_at

    def challenge_odds(self, obs: Observation, know: Knowledge) -> float:
        """The chance the pending Wild Draw Four is a bluff.

        A Wild Draw Four against a player about to go out is the one most worth
        bluffing, so the prior rises there; the offender's record this round adjusts it.
        """
        prior = self.prior_bluff
        if obs.hand_sizes[obs.seat] <= 2:
            prior = self.endgame_bluff_prior
        return know.guilt_probability(obs, prior)

    def score_play(self, obs: Observation, card: Card, know: Knowledge | None) -> float:
        """Normal's judgement, plus: leave the next player a card it probably cannot answer.

        Two terms: the chance it lacks the colour, and the (smaller, sharper) chance it
        lacks the colour, the rank and every wild, i.e. must draw.
        """
        score = super().score_play(obs, card, know)
        color = card.color
        if know is not None and card.rank == "W4" and self.bluffing(obs, card):
            rate = know.challenge_rate(next_seat(obs), self.prior_challenge)
            score -= self.bluff_risk * rate
        if know is not None and color is not None:
            nxt = next_seat(obs)
            size = obs.hand_sizes[nxt]
            score += self.void_play_bonus * (1.0 - know.p_holds_color(nxt, color, size))
            score += self.follow_block_bonus * know.p_cannot_follow(nxt, card, size)
        return score

    @staticmethod
    def bluffing(obs: Observation, card: Card) -> bool:
        """Whether playing `card` now is a Wild Draw Four bluff a challenge would catch."""
        active = obs.active_color
        return (
            card.rank == "W4"
            and obs.rules.challenge
            and active is not None
            and any(c.color is active for c in obs.hand)
        )

    def pick_color(self, obs: Observation, after: Sequence[Card], know: Knowledge | None) -> Color:
        """The colour we hold most of, leaning to colours our opponents lack."""
        counts = color_counts(after)
        values = obs.rules.card_values
        points = {col: 0 for col in COLORS}
        for c in after:
            if c.color is not None:
                points[c.color] += values[c.rank]
        lack = {col: 0.0 for col in COLORS}
        if know is not None:
            nxt = next_seat(obs)
            for s in range(obs.players):
                if s == obs.seat:
                    continue
                weight = self.lack_color_weight * (1.0 if s == nxt else 0.5)
                for col in COLORS:
                    lack[col] += weight * (1.0 - know.p_holds_color(s, col, obs.hand_sizes[s]))
        return max(COLORS, key=lambda col: (counts[col] + lack[col], points[col], -int(col)))
