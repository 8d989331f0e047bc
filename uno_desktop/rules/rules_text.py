"""How to play, written out from a `RuleSet` in plain words for a family.

The text is generated from the rule set's options (deck, draw policy, stacking, house
rules, penalties, scoring), never written per preset, so a preset a family made for
themselves is explained as correctly as the built-in ones. The page is organised by the
option declarations (`options.Section`, `Option.section`): each section here has one
writer, and an option New game may set for one match is named, by its declared label,
in the section that explains it.

Every sentence is one whole translated template with `{placeholders}`; sentences are
never glued together from translated fragments. Counts that change the grammar (one
card / two cards) have their own template for one, chosen by `_count`.
A section's body holds paragraphs separated by "\\n" (what `ui.kit.wrap_words`
keeps as line breaks).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from uno_desktop.engine.cards import ACTION_RANKS, NUMBER_RANKS, WILD_RANKS
from uno_desktop.engine.rules import RuleSet, Scoring, Stacking
from uno_desktop.lang.card_names import rank_name
from uno_desktop.lang.i18n import N_, _
from uno_desktop.rules.options import AMOUNT_EFFECTS, EFFECT_EXPLAIN, Section, explained_in

#: the default Wild Customizable text (engine/rules.py); marked here so it is translated
DEFAULT_CUSTOM_TEXT = N_("Everyone else draws one card.")


def _count(n: int, one: str, many: str, **values: object) -> str:
    """`one` translated when n == 1, else `many`; both are msgids marked with N_ by the caller."""
    return _(one if n == 1 else many).format(n=n, **values)


def _has(rules: RuleSet, rank: str) -> bool:
    return rules.deck.get(rank, 0) > 0


def _paragraphs(lines: Iterable[str]) -> str:
    return "\n".join(line for line in lines if line)


def _number_list(numbers: list[int]) -> str:
    """ "0–9" for a full run, else "1, 3, 5": digits and punctuation need no translation."""
    if len(numbers) >= 3 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}–{numbers[-1]}"
    return ", ".join(str(n) for n in numbers)


def _goal(rules: RuleSet) -> str:
    if rules.scoring is Scoring.PENALTY:
        second = _(
            "Cards left in your hand count against you: when someone reaches {target} points, "
            "the player with the fewest points wins the match."
        ).format(target=rules.target_score)
    else:
        second = _(
            "Win rounds to collect points: the first player to reach {target} points wins "
            "the match."
        ).format(target=rules.target_score)
    return _paragraphs(
        [_("Be the first to play every card in your hand."), second, _players(rules)]
    )


def _players(rules: RuleSet) -> str:
    if rules.min_players == rules.max_players:
        return _("For {n} players.").format(n=rules.min_players)
    return _("For {low} to {high} players.").format(low=rules.min_players, high=rules.max_players)


def _deck(rules: RuleSet) -> str:
    lines = [_count(rules.deck_size(), N_("The deck has one card."), N_("The deck has {n} cards."))]
    numbers = [int(r) for r in NUMBER_RANKS if _has(rules, r)]
    if numbers:
        total = 4 * sum(rules.deck[str(n)] for n in numbers)
        lines.append(
            _("Number cards {numbers} in red, yellow, green and blue: {n} cards").format(
                numbers=_number_list(numbers), n=total
            )
        )
    for rank in ACTION_RANKS:
        if _has(rules, rank):
            lines.append(
                _("{card}: {n} cards, in every colour").format(
                    card=rank_name(rank), n=4 * rules.deck[rank]
                )
            )
    for rank in WILD_RANKS:
        if _has(rules, rank):
            lines.append(
                _count(
                    rules.deck[rank],
                    N_("{card}: 1 card"),
                    N_("{card}: {n} cards"),
                    card=rank_name(rank),
                )
            )
    return _paragraphs(lines)


def _dealing(rules: RuleSet) -> str:
    lines = [
        _count(
            rules.hand_size,
            N_("Everyone gets one card."),
            N_("Everyone gets {n} cards, dealt one at a time."),
        ),
        _(
            "The rest of the deck is the draw pile. Its top card is turned over to start the "
            "discard pile, and the player to the left of the dealer begins. The deal passes "
            "to the left after each round."
        ),
    ]
    if _has(rules, "S"):
        lines.append(_("If the first card is a Skip, the first player misses their turn."))
    if _has(rules, "R"):
        lines.append(
            _("If the first card is a Reverse, the dealer begins and play goes the other way.")
        )
    if _has(rules, "D2"):
        lines.append(
            _(
                "If the first card is a Draw Two, the first player draws two cards and misses "
                "their turn."
            )
        )
    if any(_has(rules, r) for r in ("W", "WS", "WC")):
        lines.append(
            _(
                "If the first card is a wild card, the first player may play any card, and "
                "that card sets the colour."
            )
        )
    if _has(rules, "W4"):
        lines.append(
            _(
                "If the first card is a Wild Draw Four, it goes back into the deck, the deck is "
                "shuffled and a new card is turned over."
            )
        )
    return _paragraphs(lines)


def _turn(rules: RuleSet) -> str:
    lines = [
        _(
            "Play goes around the table one player at a time. On your turn, play one card "
            "that matches the top card of the discard pile by colour, number or symbol. "
            "Wild cards match every card."
        )
    ]
    if rules.draw_until_playable:
        lines.append(
            _(
                "If you cannot play, or would rather not, draw cards one at a time until you "
                "get one you can play."
            )
        )
        if rules.play_drawn:
            lines.append(
                _(
                    "You may play that card at once or keep it. Either way, your turn ends "
                    "after that."
                )
            )
        else:
            lines.append(_("That card goes into your hand, and your turn ends."))
    else:
        lines.append(_("If you cannot play, or would rather not, draw one card."))
        if rules.play_drawn:
            lines.append(
                _(
                    "If the card you drew can be played, you may play it at once or keep it. "
                    "You may not play any other card after drawing, and then your turn ends."
                )
            )
        else:
            lines.append(
                _("The card you drew goes into your hand, and your turn ends, even if it fits.")
            )
    lines.append(
        _(
            "When the draw pile runs out, the discard pile is shuffled to make a new one; "
            "only its top card stays where it is."
        )
    )
    return _paragraphs(lines)


EXPLAINED_RANKS = ("S", "R", "D2", "W", "W4")
"""The cards "Action cards" explains, in its order: one paragraph each that is in the deck."""


def action_ranks(rules: RuleSet) -> list[str]:
    """The ranks "Action cards" has a paragraph for, in page order (How to play shows each
    card beside its paragraph)."""
    return [rank for rank in EXPLAINED_RANKS if _has(rules, rank)]


def _action_line(rules: RuleSet, rank: str) -> str:
    if rank == "S":
        return _("Skip: the next player misses their turn.")
    if rank == "R":
        return _("Reverse: play changes direction.")
    if rank == "D2":
        if rules.stacking is Stacking.NONE:
            return _("Draw Two: the next player draws two cards and misses their turn.")
        return _(
            "Draw Two: the next player draws two cards and misses their turn, unless "
            "they can pass it on (see Stacking)."
        )
    if rank == "W":
        return _("Wild: you choose the colour play goes on in.")
    return _(
        "Wild Draw Four: you choose the colour; the next player draws four cards and "
        "misses their turn."
    )


def _action_cards(rules: RuleSet) -> str:
    return _paragraphs(_action_line(rules, rank) for rank in action_ranks(rules))


def _wild_draw_four(rules: RuleSet) -> str:
    if not _has(rules, "W4"):
        return ""
    if not rules.bluffing:
        return _paragraphs(
            [
                _(
                    "You may play it only when you hold no card of the colour in play. Cards "
                    "with the same number or symbol, and other wild cards, don't count."
                ),
                _("The game checks this for you, so it cannot be challenged."),
            ]
        )
    if not rules.challenge:
        return _(
            "You may play it at any time, even when you could play another card, and nobody "
            "can challenge it."
        )
    lines = [
        _(
            "You should play it only when you hold no card of the colour in play (other wild "
            "cards don't count), but you may bluff! The player who must draw may challenge "
            "you instead of drawing."
        ),
        _count(
            rules.challenge_guilty_draw,
            N_(
                "If you bluffed, you draw one card instead, and the challenger takes a normal turn."
            ),
            N_(
                "If you bluffed, you draw {n} cards instead, and the challenger takes a normal "
                "turn."
            ),
        ),
        _("If you played it fairly, the challenger draws {n} cards and misses their turn.").format(
            n=4 + rules.challenge_innocent_extra
        ),
    ]
    if rules.stacking is not Stacking.NONE:
        lines.append(
            _(
                "When draw cards have been stacked, only the last Wild Draw Four can be "
                "challenged, and whoever loses the challenge also takes the rest of the stack."
            )
        )
    return _paragraphs(lines)


def _stacking(rules: RuleSet) -> str:
    """Always there when the deck has draw cards: "no stacking" is a common surprise."""
    if not (_has(rules, "D2") or _has(rules, "W4")):
        return ""
    if rules.stacking is Stacking.NONE:
        return _(
            "No stacking: when a Draw Two or Wild Draw Four is played on you, you draw the "
            "cards and miss your turn. You cannot pass them on with a card of your own."
        )
    if rules.stacking is Stacking.SAME:
        return _paragraphs(
            [
                _(
                    "When a Draw Two is played on you, you may play a Draw Two of your own "
                    "instead of drawing; a Wild Draw Four may be answered with a Wild Draw Four "
                    "the same way."
                ),
                _(
                    "The cards add up, and the first player who cannot or will not pass them "
                    "on draws them all and misses their turn."
                ),
            ]
        )
    return _paragraphs(
        [
            _(
                "When a Draw Two or a Wild Draw Four is played on you, you may play either of "
                "them on it instead of drawing. A Draw Two on a Wild Draw Four must match the "
                "chosen colour."
            ),
            _(
                "The cards add up, and the first player who cannot or will not pass them on "
                "draws them all and misses their turn."
            ),
        ]
    )


def _jump_in(rules: RuleSet) -> str:
    if not rules.jump_in:
        return ""
    return _paragraphs(
        [
            _(
                "If you hold exactly the same card as the top card (same colour and same "
                "number or symbol), you may play it at once, even when it is not your turn. "
                "Play then carries on from you."
            ),
            _(
                "You cannot jump in while someone must draw cards or decide on a challenge, "
                "or after the player whose turn it is has drawn."
            ),
        ]
    )


def _seven_zero(rules: RuleSet) -> str:
    if not rules.seven_zero:
        return ""
    return _paragraphs(
        [
            _("When you play a 7, swap hands with a player of your choice."),
            _(
                "When you play a 0, everyone passes their hand to the next player in the "
                "direction of play."
            ),
            _("A 7 or 0 played as your last card does nothing: you have already won the round."),
        ]
    )


def _swap_hands(rules: RuleSet) -> str:
    if not _has(rules, "WS"):
        return ""
    return _(
        "Choose the colour and a player to swap hands with: you get their cards and they get "
        "yours. Like every wild card, you may play it on any card."
    )


def _custom_effect(rules: RuleSet) -> str:
    """What the game does for the table's rule, in the words its option declares."""
    rule = rules.custom_rule
    one, many = EFFECT_EXPLAIN[rule.effect]
    if rule.effect in AMOUNT_EFFECTS:
        return _count(rule.amount, one, many)
    return _(one)


def _customizable(rules: RuleSet) -> str:
    if not _has(rules, "WC"):
        return ""
    return _paragraphs(
        [
            _("Before the match, your table agreed on what this card does: “{text}”").format(
                text=_(rules.custom_rule.text)
            ),
            _custom_effect(rules),
            _("You also choose the colour, as with every wild card."),
        ]
    )


def _uno(rules: RuleSet) -> str:
    lines = [
        _(
            "When you play your second-to-last card, say UNO (press U or the UNO! button). "
            "You may also say it just after, as long as nobody has caught you yet."
        )
    ]
    if rules.uno_penalty > 0:
        lines.append(
            _count(
                rules.uno_penalty,
                N_(
                    "If another player catches you first (C or the Catch! button), before the "
                    "next player makes a move, you draw one card."
                ),
                N_(
                    "If another player catches you first (C or the Catch! button), before the "
                    "next player makes a move, you draw {n} cards."
                ),
            )
        )
    else:
        lines.append(_("At this table, forgetting to say UNO costs nothing."))
    if rules.false_catch_penalty > 0:
        lines.append(
            _count(
                rules.false_catch_penalty,
                N_(
                    "Careful: if you try to catch a player who did say UNO, you draw one card "
                    "yourself."
                ),
                N_(
                    "Careful: if you try to catch a player who did say UNO, you draw {n} cards "
                    "yourself."
                ),
            )
        )
    elif rules.uno_penalty > 0:
        lines.append(_("You can only catch a player who really forgot."))
    return _paragraphs(lines)


def _two_players(rules: RuleSet) -> str:
    lines: list[str] = []
    if rules.min_players > 2:
        return ""
    if _has(rules, "R"):
        lines.append(_("Reverse works like Skip: you play again at once."))
    if _has(rules, "S"):
        lines.append(_("Skip: you play again at once."))
    if _has(rules, "D2"):
        lines.append(_("Draw Two: your opponent draws two cards, and you play again."))
    if _has(rules, "W4"):
        lines.append(_("Wild Draw Four: your opponent draws four cards, and you play again."))
    if _has(rules, "WS"):
        lines.append(_("Wild Swap Hands: you swap hands with your opponent."))
    return _paragraphs(lines)


def _scoring(rules: RuleSet) -> str:
    if rules.scoring is Scoring.PENALTY:
        lines = [
            _(
                "A round ends when a player has played their last card. Everyone else scores "
                "the cards left in their own hand, and here points are bad. When someone "
                "reaches {target} points, the match ends and the player with the fewest "
                "points wins."
            ).format(target=rules.target_score)
        ]
    else:
        lines = [
            _(
                "A round ends when a player has played their last card. That player scores "
                "the cards left in everyone else's hand. The first to reach {target} points "
                "wins the match."
            ).format(target=rules.target_score)
        ]
    if _has(rules, "D2") or _has(rules, "W4"):
        lines.append(
            _(
                "If the last card is a Draw Two or a Wild Draw Four, the next player still "
                "draws the cards, and they count in the score."
            )
        )
    lines.append(_("What the cards are worth:"))
    values = rules.card_values
    numbers = [r for r in NUMBER_RANKS if _has(rules, r)]
    if numbers and all(values[r] == int(r) for r in numbers):
        lines.append(_("Number cards: the number on the card"))
    else:
        lines.extend(_points_line(r, values[r]) for r in numbers)
    for rank in ACTION_RANKS + WILD_RANKS:
        if _has(rules, rank):
            lines.append(_points_line(rank, values[rank]))
    return _paragraphs(lines)


def _points_line(rank: str, points: int) -> str:
    return _count(points, N_("{card}: 1 point"), N_("{card}: {n} points"), card=rank_name(rank))


def _keys(_rules: RuleSet) -> str:
    return _paragraphs(
        [
            _("Left and Right: choose a card"),
            _("Tab, Shift+Tab: from the hand to Draw, UNO, Catch and Menu, and back"),
            _("Up and Down: from the hand to the buttons and back"),
            _("Enter: play the chosen card or press the button"),
            _("Esc: pause menu, or go back"),
            _("U: say UNO"),
            _("D: draw a card"),
            _("K: keep the card you drew; T: take the cards; H: challenge"),
            _("C: catch a player who forgot to say UNO"),
            _("I: a hint, what the hard computer would do (unless the match has no hints)"),
            _("F11: full screen on or off"),
            _("Mouse: click a card or a button"),
            _("Mouse: or drag a card onto the pile; a house rule at the side opens its rule here"),
        ]
    )


_HEADINGS: Mapping[Section, str] = {
    Section.GOAL: N_("The goal"),
    Section.CARDS: N_("The cards"),
    Section.DEALING: N_("Dealing"),
    Section.TURN: N_("Your turn"),
    Section.ACTION_CARDS: N_("Action cards"),
    Section.STACKING: N_("Stacking"),
    Section.JUMP_IN: N_("Jump-in"),
    Section.SEVEN_ZERO: N_("Sevens and zeros"),
    Section.UNO: N_("UNO!"),
    Section.TWO_PLAYERS: N_("Two players"),
    Section.SCORING: N_("Scoring"),
    Section.KEYS: N_("Keys"),
}
_CARD_HEADINGS: Mapping[Section, str] = {
    Section.WILD_DRAW_FOUR: "W4",
    Section.SWAP_HANDS: "WS",
    Section.CUSTOMIZABLE: "WC",
}
"""Sections about one card kind, headed by the card's name as the edition prints it."""

_WRITERS: Mapping[Section, Callable[[RuleSet], str]] = {
    Section.GOAL: _goal,
    Section.CARDS: _deck,
    Section.DEALING: _dealing,
    Section.TURN: _turn,
    Section.ACTION_CARDS: _action_cards,
    Section.WILD_DRAW_FOUR: _wild_draw_four,
    Section.STACKING: _stacking,
    Section.JUMP_IN: _jump_in,
    Section.SEVEN_ZERO: _seven_zero,
    Section.SWAP_HANDS: _swap_hands,
    Section.CUSTOMIZABLE: _customizable,
    Section.UNO: _uno,
    Section.TWO_PLAYERS: _two_players,
    Section.SCORING: _scoring,
    Section.KEYS: _keys,
}
"""The body of each section; "" leaves the section out (an option that is off, a card
that is not in the deck)."""


def heading(section: Section) -> str:
    """The heading of `section` in the current language (How to play, the Rules screen)."""
    rank = _CARD_HEADINGS.get(section)
    return rank_name(rank) if rank else _(_HEADINGS[section])


def _per_match_notes(section: Section) -> list[str]:
    """One line for each option explained in `section` that New game may set for a match."""
    return [
        _("New game lets you change “{label}” for one match.").format(label=_(o.label))
        for o in explained_in(section)
        if o.per_match
    ]


def sections(rules: RuleSet) -> list[tuple[Section, str, str]]:
    """The rules of `rules` as (section, heading, body) in page order, current language.

    Sections about options that are off, or cards that are not in the deck, are left out.
    """
    out: list[tuple[Section, str, str]] = []
    for section in Section:
        body = _WRITERS[section](rules)
        if body:
            out.append((section, heading(section), _paragraphs([body, *_per_match_notes(section)])))
    return out


def how_to_play(rules: RuleSet) -> list[tuple[str, str]]:
    """The rules of `rules` as (heading, body) sections in the current language."""
    return [(heading, body) for _section, heading, body in sections(rules)]
