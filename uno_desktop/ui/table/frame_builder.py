"""From what the viewer may see to the frozen `TableFrame` the painter draws.

`build_frame(state, seat, layout)` puts one viewer's picture of the table into one
value, with the click targets drawn in it: `state` is the table at one moment
(`TableState`), `seat` the viewer's `SeatView` (None before the first deal), `layout`
where things go. It reads nothing else and changes nothing: the same three always give
the same frame. The smaller functions here are the parts of the frame that the table's
parts ask about between frames (the hand as drawn, the cards that can be played).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

import pygame

from uno_desktop.engine import Action, Card, Draw, Pass, Phase, Play
from uno_desktop.lang.card_names import card_name
from uno_desktop.lang.i18n import _, language
from uno_desktop.render.layout import TableLayout, fan_rects
from uno_desktop.ui.kit import text_of
from uno_desktop.ui.moments import BannerFrame
from uno_desktop.ui.table.banner import banner_metrics, banner_rect
from uno_desktop.ui.table.chips import Chips, chip_frames
from uno_desktop.ui.table.focus import PANEL_ORDER, SIDE_FACES, SideButton
from uno_desktop.ui.table.frame import ButtonFrame, HandCard, Hit, SeatFrame, TableFrame
from uno_desktop.ui.table.state import TableState
from uno_desktop.ui.table.targets import (
    ButtonTarget,
    CardTarget,
    ChipTarget,
    PileTarget,
    PlateTarget,
)
from uno_desktop.view import SeatView
from uno_desktop.view.narration import round_end_line

#: share of a card's height a playable card rises; a hovered or focused one LIFT_HOVER
LIFT_PLAYABLE = 0.07
LIFT_HOVER = 0.2
#: an unplayable card under the pointer still rises this much
LIFT_PEEK = 0.06
#: how far a refused card shakes, as a share of the card's width
SHAKE = 0.09


# ---------------------------------------------------------------------- the bottom hand


def hand_cards(state: TableState) -> list[Card | None]:
    """The bottom hand as drawn: sorted faces when it is the viewer's, else backs."""
    hand = state.shown.hands[state.bottom]
    if state.viewer == state.bottom:
        known = sorted((c for c in hand if c is not None), key=Card.sort_key)
        return [*known, *(None for c in hand if c is None)]
    return [None] * len(hand)


def _legal(state: TableState, seat: SeatView | None) -> tuple[Action, ...]:
    """The viewer's legal actions while the table rests (none while it moves)."""
    if seat is None or state.viewer is None or not state.input_ok:
        return ()
    return seat.legal


def playable(state: TableState, seat: SeatView | None) -> set[Card]:
    """The viewer's cards that can be played now (none while the table moves)."""
    return {a.card for a in _legal(state, seat) if type(a) is Play}


def jump_ins(state: TableState, seat: SeatView | None) -> frozenset[Card]:
    """The viewer's cards that may jump in now (out of turn; none while the table moves)."""
    if seat is None or state.viewer is None or not state.input_ok:
        return frozenset()
    return seat.jump_ins


def _hinted_card(state: TableState) -> Card | None:
    """The card the hint for this turn suggests playing, if any."""
    advice = state.hint
    return advice.action.card if advice is not None and type(advice.action) is Play else None


def hand_rects(
    state: TableState,
    seat: SeatView | None,
    lay: TableLayout,
    cards: list[Card | None],
    can_play: set[Card],
) -> list[pygame.Rect]:
    """Where each card of the bottom hand is drawn: playable ones rise a little, the
    pointed, focused or hinted one more."""
    rects = fan_rects(len(cards), lay.hand_rect, lay.card_w)
    hover = state.hover.index if isinstance(state.hover, CardTarget) else None
    lit = _hinted_card(state)
    jumps = jump_ins(state, seat)
    out = []
    for i, (r, c) in enumerate(zip(rects, cards)):
        lift = 0.0
        if c is not None and c in can_play:
            lifted = i in (hover, state.focus_card) or c == lit or c in jumps
            lift = LIFT_HOVER if lifted else LIFT_PLAYABLE
        elif c is not None and i == hover:
            lift = LIFT_PEEK  # not playable now, but it still answers the pointer
        out.append(r.move(0, -round(r.h * lift)))
    return out


# ---------------------------------------------------------------------- what is said


def _bluffs(state: TableState, seat: SeatView | None) -> set[Card]:
    """The viewer's Wild Draw Fours that would be a bluff now: they hold the active
    colour, and these rules let the next player challenge."""
    if seat is None or state.viewer is None:
        return set()
    active = seat.active_color
    if not state.challenge_rule or active is None:
        return set()
    if not any(c.color is active for c in seat.hand):
        return set()
    return {c for c in seat.hand if c.rank == "W4"}


def _pointed_cards(state: TableState) -> list[Card]:
    """The cards under the keyboard focus and under the pointer."""
    cards = hand_cards(state)
    hover = state.hover.index if isinstance(state.hover, CardTarget) else None
    return [
        card
        for i in (state.focus_card, hover)
        if i is not None and 0 <= i < len(cards) and (card := cards[i]) is not None
    ]


def status_text(state: TableState, seat: SeatView | None) -> str:
    """The status line: whose turn, what waits, why a card was refused."""
    st = state.shown
    if st.round_over:
        if st.winner is None:
            return _("Nobody can play: the round is over.")
        return round_end_line(st.winner, state.seats.names, state.seats.you)
    if not state.quiet or seat is None:
        return ""
    if state.window_line is not None:
        return state.window_line
    cur = seat.current
    if cur == state.viewer:
        return _your_turn_text(state, seat, cur)
    jumps = jump_ins(state, seat)
    if jumps:
        card = card_name(min(jumps, key=Card.sort_key))
        return _("Jump in! Your {card} is the same card: play it now").format(card=card)
    if not state.seats.people[cur]:
        return _("{name} is thinking").format(name=state.seats.names[cur])
    if state.seats.phones[cur] is False:
        # the pause menu lets a computer play the seat meanwhile: say how to get there
        name = state.seats.names[cur]
        if state.phone_wait_min:
            return _(
                "{name}'s turn: waiting for their phone for {n} min. Esc: let the computer play"
            ).format(name=name, n=state.phone_wait_min)
        return _("{name}'s turn: waiting for their phone. Esc: let the computer play").format(
            name=name
        )
    return _("{name}'s turn").format(name=state.seats.names[cur])


def _your_turn_text(state: TableState, seat: SeatView, viewer: int) -> str:
    if state.coached:  # the lesson's line, also when something was refused
        return state.coach_line or ""
    if state.why is not None:
        return state.why
    bluffs = _bluffs(state, seat) & playable(state, seat)
    if any(card in bluffs for card in _pointed_cards(state)):
        return _("A bluff: you can be challenged")
    if state.uno_armed:
        return _("UNO is said with your next card: play it")
    if seat.phase is Phase.PENALTY:
        waiting = seat.penalty.total if seat.penalty is not None else 0
        return _("{n} cards wait for you").format(n=waiting)
    if seat.phase is Phase.DRAWN:
        return _("Play the card you drew, or keep it")
    if state.seats.lone:
        return _("Your turn: play a glowing card or draw")
    return _("{name}, your turn: play a card or draw").format(name=state.seats.names[viewer])


# ---------------------------------------------------------------------- the frame


def build_frame(state: TableState, seat: SeatView | None, lay: TableLayout) -> TableFrame:
    """What the viewer sees now, as one value (the painter's only input), with its click
    targets."""
    st = state.shown
    seats = tuple(
        SeatFrame(
            seat=s,
            name=state.seats.names[s],
            score=state.seats.scores[s],
            count=len(st.hands[s]),
            current=st.current == s and not st.round_over,
            uno=st.uno[s],
            thinking=state.thinking == s,
            phone=state.seats.phones[s],
            key=state.window_keys.get(s),
            stand_in=state.seats.stand_ins[s],
        )
        for s in range(len(state.seats.names))
    )
    advice = state.hint
    first = max(0, len(st.discard) - 3)
    cards = hand_cards(state)
    can_play = playable(state, seat)
    lifted = hand_rects(state, seat, lay, cards, can_play)
    buttons = _buttons(state, seat, lay)
    chips = _chips(state, lay)
    return TableFrame(
        layout=lay,
        bottom=state.bottom,
        seats=seats,
        hand=_hand(state, seat, lay, cards, can_play, lifted),
        discard=tuple((i, st.discard[i]) for i in range(first, len(st.discard))),
        pile_count=st.pile_count,
        pile_glow=_pile_glow(state, seat),
        active_color=st.active_color,
        direction=st.direction,
        log=state.log,
        hints=state.key_lines,
        buttons=buttons,
        status=status_text(state, seat),
        toast=state.toast,
        banner=_banner(state, lay),
        ring_turn=state.moments.ring_turn,
        sprites=state.sprites,
        time_s=state.time_s,
        language=language(),
        coached=state.coached and state.my_turn,
        # a refusal's reason replaces the hint's line (one line, never both)
        hint=advice.line if advice is not None and state.why is None else None,
        lit_seat=state.picked_seat,
        chips=chips,
        penalty=0 if st.round_over else st.penalty,
        drag=_dragged(state, lay, cards, can_play),
        targets=_targets(state, lay, buttons, chips, cards, can_play, lifted),
    )


def _hand(
    state: TableState,
    seat: SeatView | None,
    lay: TableLayout,
    cards: list[Card | None],
    can_play: set[Card],
    lifted: list[pygame.Rect],
) -> tuple[HandCard, ...]:
    moments = state.moments
    shake_px = lay.card_w * SHAKE
    bluffs = _bluffs(state, seat)
    fresh = moments.fresh_glow(cards) if state.viewer == state.bottom else [0.0] * len(cards)
    lit_card = _hinted_card(state)
    lit_i = next((i for i, c in enumerate(cards) if c is not None and c == lit_card), None)
    focused = state.focus_card if state.takes_keys else None
    jumps = jump_ins(state, seat)
    dragged = _dragged(state, lay, cards, can_play)
    away = dragged.card if dragged is not None else None
    turn = state.my_turn
    return tuple(
        HandCard(
            card=c,
            rect=r.move(moments.shake_px(c, shake_px), 0),
            playable=c is not None and c in can_play,
            bluff=c is not None and c in can_play and c in bluffs,
            dimmed=(turn and c is not None and c not in can_play) or c == away,
            focused=i == focused and c is not None,
            fresh=glow,
            hinted=i == lit_i,
            jump_in=c is not None and c in jumps,
        )
        for i, (c, r, glow) in enumerate(zip(cards, lifted, fresh))
    )


def _side(state: TableState, seat: SeatView | None, lay: TableLayout) -> list[ButtonFrame]:
    """The side panel's buttons that show now: place, words, whether they can act."""
    viewer = state.viewer
    legal = _legal(state, seat)
    draw_text = text_of(SIDE_FACES[SideButton.DRAW][0])
    if seat is not None and seat.phase is Phase.PENALTY and viewer == seat.current:
        waiting = seat.penalty.total if seat.penalty is not None else 0
        draw_text = _("Take {n}").format(n=waiting)
    personal = not state.seats.shared  # a shared view has nobody to press these
    hint_shows = state.hints_on and personal
    shows = {
        SideButton.UNO: personal,
        SideButton.CATCH: personal,
        SideButton.DRAW: personal,
        SideButton.PASS: personal,
        SideButton.MENU: True,
        SideButton.HINT: hint_shows,
    }
    enabled = {
        SideButton.UNO: state.can_uno,
        SideButton.CATCH: state.can_catch,
        SideButton.DRAW: viewer is not None and Draw(viewer) in legal,
        SideButton.PASS: viewer is not None and Pass(viewer) in legal,
        SideButton.MENU: True,
        SideButton.HINT: bool(legal) and state.my_turn,
    }
    out = []
    for key in PANEL_ORDER:
        if not shows[key]:
            continue
        text, style = SIDE_FACES[key]
        rect = pygame.Rect(lay.buttons[key])
        if key is SideButton.MENU and not hint_shows:  # Menu takes the whole row
            rect = lay.buttons[SideButton.MENU].union(lay.buttons[SideButton.HINT])
        label = draw_text if key is SideButton.DRAW else text_of(text)
        out.append(ButtonFrame(key.value, label, rect, style, enabled[key]))
    return out


def _buttons(state: TableState, seat: SeatView | None, lay: TableLayout) -> tuple[ButtonFrame, ...]:
    advice = state.hint
    suggested = advice.action if advice is not None else None
    lit = state.coach_lit if state.coached and state.my_turn else None
    hover, pressed = state.hover, state.pressed
    focus = state.side_focus if state.takes_keys else None
    armed = state.uno_armed
    glowing = {
        SideButton.UNO: armed or (isinstance(suggested, Play) and suggested.uno),
        SideButton.DRAW: isinstance(suggested, Draw),
        SideButton.PASS: isinstance(suggested, Pass),
    }
    frames = []
    for b in _side(state, seat, lay):
        key = SideButton(b.key)
        frames.append(
            replace(
                b,
                hover=isinstance(hover, ButtonTarget) and hover.key is key,
                # armed UNO stays pressed in until the card is played
                pressed=pressed == ButtonTarget(key, True) or (key is SideButton.UNO and armed),
                focus=key is focus,
                glow=glowing.get(key, False) or b.key == lit,
            )
        )
    return tuple(frames)


def _pile_glow(state: TableState, seat: SeatView | None) -> bool:
    viewer = state.viewer
    advice = state.hint
    lit = state.coach_lit if state.coached and state.my_turn else None
    return (
        (isinstance(state.hover, PileTarget) or lit == "draw")
        or (advice is not None and isinstance(advice.action, Draw))
    ) and (viewer is not None and Draw(viewer) in _legal(state, seat))


def _dragged(
    state: TableState, lay: TableLayout, cards: list[Card | None], can_play: set[Card]
) -> HandCard | None:
    """The card the pointer drags (the viewer's own face), lit when it may be played."""
    d = state.drag
    if d is None or not d.moving or state.viewer is None or state.viewer != state.bottom:
        return None
    if d.card not in cards:  # played meanwhile, or not this viewer's
        return None
    rect = pygame.Rect(d.pos[0] - d.grab[0], d.pos[1] - d.grab[1], lay.card_w, lay.card_h)
    return HandCard(card=d.card, rect=rect, playable=d.card in can_play)


def _banner(state: TableState, lay: TableLayout) -> BannerFrame | None:
    """The banner up now, in a free place: clear of the turn prompt and of the cards
    flying now or waiting to fly (`ui/table/banner.py`)."""
    b = state.moments.banner_frame()
    if b is None:
        return None
    _title_px, _sub_px, w, h = banner_metrics(lay, b.title, b.sub)
    return replace(b, rect=banner_rect(lay, (w, h), state.flying))


def _chips(state: TableState, lay: TableLayout) -> Chips | None:
    """The house-rule chips (None under the official rules and in the tutorial)."""
    if state.coached:
        return None
    hover = state.hover
    at = hover.index if isinstance(hover, ChipTarget) else None
    focus = state.chip_focus if state.takes_keys else None
    return chip_frames(lay, list(state.house), at, focus)


def _targets(
    state: TableState,
    lay: TableLayout,
    buttons: tuple[ButtonFrame, ...],
    chips: Chips | None,
    cards: list[Card | None],
    can_play: set[Card],
    lifted: list[pygame.Rect],
) -> tuple[Hit, ...]:
    """What a click hits, topmost first: the side buttons, the people's plates, the
    house-rule chips, the viewer's hand, the draw pile."""
    hits = [Hit(b.rect, ButtonTarget(SideButton(b.key), b.enabled)) for b in buttons]
    hits += [Hit(lay.seats[s].name_rect, PlateTarget(s)) for s in state.plates]
    shown_chips = chips.chips if chips is not None else ()
    hits += [Hit(c.rect, ChipTarget(n, c.section)) for n, c in enumerate(shown_chips)]
    if state.viewer is not None and state.viewer == state.bottom:
        base = fan_rects(len(cards), lay.hand_rect, lay.card_w)
        # a lifted card keeps the place it rose from, so it never flickers under the pointer
        for i in range(len(cards) - 1, -1, -1):  # later cards are drawn on top
            card = cards[i]
            target = CardTarget(i, card is not None and card in can_play)
            hits.append(Hit(lifted[i].union(base[i]), target))
    hits.append(Hit(lay.draw_pile, PileTarget()))
    return tuple(hits)


class Table(Protocol):
    """What `Frames` asks of the table: its state, seat view, layout and frame now."""

    layout: TableLayout | None

    def state(self) -> TableState: ...
    def seat(self) -> SeatView | None: ...
    def frame(self, size: tuple[int, int]) -> TableFrame: ...


class Frames:
    """The functions above for `table` as it is now (what the tests ask between frames)."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def frame(self, size: tuple[int, int]) -> TableFrame:
        return self.table.frame(size)

    def hand_cards(self) -> list[Card | None]:
        return hand_cards(self.table.state())

    def playable(self) -> set[Card]:
        return playable(self.table.state(), self.table.seat())

    def jump_ins(self) -> frozenset[Card]:
        return jump_ins(self.table.state(), self.table.seat())

    def hand_rects(self, cards: list[Card | None], can_play: set[Card]) -> list[pygame.Rect]:
        t = self.table
        lay = t.layout
        assert lay is not None
        return hand_rects(t.state(), t.seat(), lay, cards, can_play)

    def status_text(self) -> str:
        return status_text(self.table.state(), self.table.seat())
