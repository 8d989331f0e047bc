"""From what the viewer may see to the frozen `TableFrame` the painter draws.

`FrameBuilder` reads the table's shown state (`ShownTable`, which follows the events as
they land), the viewer's observation and legal actions, the focus, the pointer, the
hint and the big moments, and puts one viewer's picture of the table into one value.
It changes nothing: the same table state always gives the same frame.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from uno_desktop.engine import Card, Draw, Pass, Phase, Play
from uno_desktop.lang.card_names import card_name
from uno_desktop.lang.i18n import _, language
from uno_desktop.render.layout import TableLayout, fan_rects
from uno_desktop.rules.house_rules import house_rules
from uno_desktop.ui.kit import text_of
from uno_desktop.ui.moments import BannerFrame
from uno_desktop.ui.table.banner import banner_metrics, banner_rect
from uno_desktop.ui.table.chips import Chips, chip_frames
from uno_desktop.ui.table.focus import SideButton
from uno_desktop.ui.table.frame import ButtonFrame, HandCard, SeatFrame, TableFrame
from uno_desktop.ui.table.input import ButtonTarget, ChipTarget, PileTarget
from uno_desktop.ui.table.pickers import ChoosePlayerOverlay
from uno_desktop.view.narration import round_end_line
from uno_desktop.view.seat_view import jump_ins

if TYPE_CHECKING:
    from uno_desktop.ui.table.scene import TableScene

#: share of a card's height a playable card rises; a hovered or focused one LIFT_HOVER
LIFT_PLAYABLE = 0.07
LIFT_HOVER = 0.2
#: an unplayable card under the pointer still rises this much
LIFT_PEEK = 0.06
#: how far a refused card shakes, as a share of the card's width
SHAKE = 0.09


class FrameBuilder:
    """Builds the frames of `table` (and the hand as drawn, which input hit-tests)."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    # ------------------------------------------------------------------ the bottom hand

    def hand_cards(self) -> list[Card | None]:
        """The bottom hand as drawn: sorted faces when it is the viewer's, else backs."""
        t = self.table
        hand = t.view.state.hands[t.bottom]
        if t.shown == t.bottom:
            known = sorted((c for c in hand if c is not None), key=Card.sort_key)
            return [*known, *(None for c in hand if c is None)]
        return [None] * len(hand)

    def playable(self) -> set[Card]:
        """The viewer's cards that can be played now (none while the table moves)."""
        t = self.table
        if not t.input_ok:
            return set()
        return {a.card for a in t.holder.legal(t.shown) if type(a) is Play}

    def jump_ins(self) -> frozenset[Card]:
        """The viewer's cards that may jump in now (out of turn; none while the table moves)."""
        t = self.table
        if not t.input_ok or t.shown is None:
            return frozenset()
        return jump_ins(t.holder.legal(t.shown), t.holder.obs().current)

    def hand_rects(self, cards: list[Card | None], playable: set[Card]) -> list[pygame.Rect]:
        """Where each card of the bottom hand is drawn: playable ones rise a little, the
        pointed, focused or hinted one more."""
        t = self.table
        lay = t.layout
        assert lay is not None
        rects = fan_rects(len(cards), lay.hand_rect, lay.card_w)
        hover = t.input.hover_card
        advice = t.hints.for_turn()
        lit = advice.action.card if advice is not None and type(advice.action) is Play else None
        jumps = self.jump_ins()
        out = []
        for i, (r, c) in enumerate(zip(rects, cards)):
            lift = 0.0
            if c is not None and c in playable:
                lifted = i in (hover, t.focus.card) or c == lit or c in jumps
                lift = LIFT_HOVER if lifted else LIFT_PLAYABLE
            elif c is not None and i == hover:
                lift = LIFT_PEEK  # not playable now, but it still answers the pointer
            out.append(r.move(0, -round(r.h * lift)))
        return out

    # ------------------------------------------------------------------ what is said

    def thinking_seat(self) -> int | None:
        """The computer seat whose move is coming (for the thinking dots)."""
        t = self.table
        if not t.holder.has_round or t.match.round_over or not t.quiet:
            return None
        current = t.holder.obs().current
        return None if t.match.is_human(current) else current

    def _phone(self, seat: int) -> bool | None:
        """Whether `seat`'s phone is connected (None: not a phone seat)."""
        t = self.table
        if not t.match.is_phone(seat):
            return None
        phones = t.services.phones
        return phones is not None and seat in phones.connected()

    def _panel_lines(self, lay: TableLayout) -> list[str]:
        """The line under the log: the keys, or on a shared view how many phones play."""
        t = self.table
        if not t.holder.shared:
            return t.painter.panel.hint_lines(lay, t.hints.on)
        seats = [s for s in range(t.holder.n) if t.match.is_phone(s)]
        connected = sum(1 for s in seats if self._phone(s))
        return t.painter.panel.shared_lines(lay, connected, len(seats))

    def _bluffs(self) -> set[Card]:
        """The viewer's Wild Draw Fours that would be a bluff now: they hold the active
        colour, and these rules let the next player challenge."""
        t = self.table
        if t.shown is None or not t.holder.has_round:
            return set()
        obs = t.holder.obs()
        active = obs.active_color
        if not obs.rules.challenge or active is None:
            return set()
        if not any(c.color is active for c in obs.hand):
            return set()
        return {c for c in obs.hand if c.rank == "W4"}

    def _pointed_cards(self) -> list[Card]:
        """The cards under the keyboard focus and under the pointer."""
        cards = self.hand_cards()
        return [
            card
            for i in (self.table.focus.card, self.table.input.hover_card)
            if i is not None and 0 <= i < len(cards) and (card := cards[i]) is not None
        ]

    def status_text(self) -> str:
        """The status line: whose turn, what waits, why a card was refused."""
        t = self.table
        st = t.view.state
        if st.round_over:
            if st.winner is None:
                return _("Nobody can play: the round is over.")
            return round_end_line(st.winner, t.names, t.view.you)
        if not t.quiet or not t.holder.has_round:
            return ""
        window = t.passing.status()
        if window is not None:
            return window
        obs = t.holder.obs()
        cur = obs.current
        if cur == t.shown:
            return self._your_turn_text(cur)
        jumps = self.jump_ins()
        if jumps:
            card = card_name(min(jumps, key=Card.sort_key))
            return _("Jump in! Your {card} is the same card: play it now").format(card=card)
        if not t.match.is_human(cur):
            return _("{name} is thinking").format(name=t.names[cur])
        if self._phone(cur) is False:
            return _("{name}'s turn: waiting for their phone").format(name=t.names[cur])
        return _("{name}'s turn").format(name=t.names[cur])

    def _your_turn_text(self, seat: int) -> str:
        t = self.table
        obs = t.holder.obs()
        if t.coach is not None:  # the lesson's line, also when something was refused
            return t.coach.line(obs, t.actions.uno_armed) or ""
        if t.actions.why is not None:
            return t.actions.why
        bluffs = self._bluffs() & self.playable()
        if any(card in bluffs for card in self._pointed_cards()):
            return _("A bluff: you can be challenged")
        if t.actions.uno_armed:
            return _("UNO is said with your next card: play it")
        if obs.phase is Phase.PENALTY:
            return _("{n} cards wait for you").format(n=obs.pending_draw)
        if obs.phase is Phase.DRAWN:
            return _("Play the card you drew, or keep it")
        if len(t.holder.humans) == 1:
            return _("Your turn: play a glowing card or draw")
        return _("{name}, your turn: play a card or draw").format(name=t.names[seat])

    # ------------------------------------------------------------------ the frame

    def frame(self, size: tuple[int, int]) -> TableFrame:
        """What this viewer sees now, as one value (the painter's only input)."""
        t = self.table
        lay = t.ensure_layout(size)
        st = t.view.state
        thinking = self.thinking_seat()
        keys = t.passing.keys()
        seats = tuple(
            SeatFrame(
                seat=s,
                name=t.names[s],
                score=t.match.totals[s],
                count=len(st.hands[s]),
                current=st.current == s and not st.round_over,
                uno=st.uno[s],
                thinking=thinking == s,
                phone=self._phone(s),
                key=keys.get(s),
                stand_in=t.match.is_phone(s) and not t.match.is_human(s),
            )
            for s in range(t.holder.n)
        )
        advice = t.hints.for_turn()
        turn = t.my_turn()
        first = max(0, len(st.discard) - 3)
        return TableFrame(
            layout=lay,
            bottom=t.bottom,
            seats=seats,
            hand=self._hand(lay.card_w * SHAKE),
            discard=tuple((i, st.discard[i]) for i in range(first, len(st.discard))),
            pile_count=st.pile_count,
            pile_glow=self._pile_glow(),
            active_color=st.active_color,
            direction=st.direction,
            log=tuple(t.view.log_lines()),
            hints=tuple(self._panel_lines(lay)),
            buttons=self._buttons(),
            status=self.status_text(),
            toast=t.toast,
            banner=self._banner(lay),
            ring_turn=t.moments.ring_turn,
            sprites=t.animator.sprites(),
            time_s=t.time_s,
            language=language(),
            coached=t.coach is not None and turn,
            # a refusal's reason replaces the hint's line (one line, never both)
            hint=advice.line if advice is not None and t.actions.why is None else None,
            lit_seat=self._pointed_seat(),
            chips=self.chips(),
            penalty=0 if st.round_over else st.penalty,
            drag=self._dragged(),
        )

    def _hand(self, shake_px: float) -> tuple[HandCard, ...]:
        t = self.table
        cards = self.hand_cards()
        playable = self.playable()
        turn = t.my_turn()
        bluffs = self._bluffs()
        moments = t.moments
        fresh = moments.fresh_glow(cards) if t.shown == t.bottom else [0.0] * len(cards)
        advice = t.hints.for_turn()
        suggested = advice.action if advice is not None else None
        lit_card = suggested.card if isinstance(suggested, Play) else None
        lit_i = next((i for i, c in enumerate(cards) if c is not None and c == lit_card), None)
        focused = t.focus.card if t.takes_keys else None
        jumps = self.jump_ins()
        dragged = t.input.drag.dragged()
        away = dragged[0] if dragged is not None else None
        return tuple(
            HandCard(
                card=c,
                rect=r.move(moments.shake_px(c, shake_px), 0),
                playable=c is not None and c in playable,
                bluff=c is not None and c in playable and c in bluffs,
                dimmed=(turn and c is not None and c not in playable) or c == away,
                focused=i == focused and c is not None,
                fresh=glow,
                hinted=i == lit_i,
                jump_in=c is not None and c in jumps,
            )
            for i, (c, r, glow) in enumerate(zip(cards, self.hand_rects(cards, playable), fresh))
        )

    def _buttons(self) -> tuple[ButtonFrame, ...]:
        t = self.table
        advice = t.hints.for_turn()
        suggested = advice.action if advice is not None else None
        lit = t.coach.lit(t.holder.obs()) if t.coach is not None and t.my_turn() else None
        hover, pressed = t.input.hover, t.input.pressed
        focus = t.focus.side_focus if t.takes_keys else None
        armed = t.actions.uno_armed
        glowing = {
            SideButton.UNO: t.actions.uno_armed or (isinstance(suggested, Play) and suggested.uno),
            SideButton.DRAW: isinstance(suggested, Draw),
            SideButton.PASS: isinstance(suggested, Pass),
        }
        frames = []
        for b in t.input.side_buttons():
            key = SideButton(b.key)
            frames.append(
                ButtonFrame(
                    key=b.key,
                    text=text_of(b.text),
                    rect=b.rect,
                    style=b.style,
                    enabled=b.enabled,
                    hover=isinstance(hover, ButtonTarget) and hover.key is key,
                    # armed UNO stays pressed in until the card is played
                    pressed=pressed == ButtonTarget(key, True) or (key is SideButton.UNO and armed),
                    focus=key is focus,
                    glow=glowing.get(key, False) or b.key == lit,
                )
            )
        return tuple(frames)

    def _pile_glow(self) -> bool:
        t = self.table
        seat = t.shown
        advice = t.hints.for_turn()
        lit = t.coach.lit(t.holder.obs()) if t.coach is not None and t.my_turn() else None
        return (
            (isinstance(t.input.hover, PileTarget) or lit == "draw")
            or (advice is not None and isinstance(advice.action, Draw))
        ) and (t.input_ok and seat is not None and Draw(seat) in t.holder.legal(seat))

    def _dragged(self) -> HandCard | None:
        """The card the pointer drags (the viewer's own face), lit when it may be played."""
        dragged = self.table.input.drag.dragged()
        if dragged is None:
            return None
        card, rect = dragged
        return HandCard(card=card, rect=rect, playable=card in self.playable())

    def _banner(self, lay: TableLayout) -> BannerFrame | None:
        """The banner up now, in a free place: clear of the turn prompt and of the cards
        flying now or waiting to fly (`ui/table/banner.py`)."""
        b = self.table.moments.banner_frame()
        if b is None:
            return None
        _title_px, _sub_px, w, h = banner_metrics(lay, b.title, b.sub)
        return replace(b, rect=banner_rect(lay, (w, h), self.table.flights.path_rects()))

    def chips(self) -> Chips | None:
        """The house-rule chips (None under the official rules and in the tutorial)."""
        t = self.table
        if t.coach is not None:
            return None
        hover = t.input.hover
        at = hover.index if isinstance(hover, ChipTarget) else None
        focus = t.focus.chip_focus if t.takes_keys else None
        lay = t.ensure_layout(t.current_size())
        return chip_frames(lay, house_rules(t.match.rules), at, focus)

    def _pointed_seat(self) -> int | None:
        """The seat the open player picker points at (lit on the table), else None."""
        picker = self.table.modal
        if isinstance(picker, ChoosePlayerOverlay) and not picker.closed:
            return picker.pointed_seat
        return None
