"""The end of a round: every hand revealed, the points counted up card by card, the totals.

The round is over, so no hand is secret any more: every seat's remaining cards are
shown face up. The count runs through the scoring cards one at a time (a short
animation; a key or click finishes it at once) while a few fireworks celebrate the
round's winner in the panel's top corners, then Continue adds the points to the
match (`finish_round`) and deals the next round, or shows the end of the match; Watch
again replays the round (every hand face up) and comes back here. At a table with
phones, any phone may start the next round too, once this screen has been up for
PHONE_NEXT_DELAY_S (nobody skips the scores by a stray tap).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from uno_desktop.engine import Card, Scoring
from uno_desktop.lang.i18n import N_, _, integer
from uno_desktop.render import theme
from uno_desktop.session.match_session import deal_next_round
from uno_desktop.ui.celebration import (
    ROUND_BURSTS,
    ROUND_CELEBRATE_S,
    corner_fireworks,
    draw_fireworks,
)
from uno_desktop.ui.kit import Button, Overlay, draw_panel, draw_text, row
from uno_desktop.ui.table.source import TableSource
from uno_desktop.view.narration import round_title

if TYPE_CHECKING:
    from uno_desktop.session.match_session import MatchSession
    from uno_desktop.session.phones import PhoneLink
    from uno_desktop.ui.services import Services

log = logging.getLogger(__name__)

#: seconds between two counted cards at animation speed 1, and the cap on the whole count
COUNT_STEP_S = 0.11
COUNT_TOTAL_S = 3.0
#: how long the scores are up before a phone may start the next round
PHONE_NEXT_DELAY_S = 2.5


class RoundEndScene(Overlay):
    """Shown over the table when a round is over and every animation has landed."""

    dim_alpha = 150

    def __init__(
        self,
        services: Services,
        match: TableSource,
        on_next_round: Callable[[], None] | None = None,
    ) -> None:
        self.match = match
        self.on_next_round = on_next_round
        # every hand (nothing is secret once the round is over); the rest as every seat saw it
        hands = match.round_result().hands
        self.hands: list[tuple[Card, ...]] = [tuple(sorted(h, key=Card.sort_key)) for h in hands]
        view = match.seat_view(None)
        self.points: tuple[int, ...] = view.points
        self.winner: int | None = view.winner
        self.blocked: bool = view.blocked
        finished = match.round_finished
        self.totals_before = (
            [t - p for t, p in zip(match.totals, self.points)] if finished else list(match.totals)
        )
        values = match.rules.card_values
        penalty = match.rules.scoring is Scoring.PENALTY
        # the cards that score, in counting order: every loser's hand (or every hand)
        self.sequence: list[tuple[int, int, int]] = []  # (seat, card index, value)
        if not self.blocked:
            for seat, hand in enumerate(self.hands):
                if seat == self.winner and not penalty:
                    continue
                for i, card in enumerate(hand):
                    self.sequence.append((seat, i, int(values[card.rank])))
        n = max(1, len(self.sequence))
        self.step_s = min(COUNT_STEP_S, COUNT_TOTAL_S / n)
        self.counted = 0
        self._clock_s = 0.0
        self._shown_at_s: float | None = None  # on the services' clock (a frame's dt is capped)
        self._round_no = match.round_no  # a phone's Next round deals the next one
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.row_h = 30
        # the round's winner gets a moment: a few fireworks beside the scores
        self.celebrated_s = 0.0
        self._bursts = (
            []
            if self.winner is None
            else corner_fireworks(
                match.round_no * 16 + self.winner, ROUND_BURSTS, ROUND_CELEBRATE_S
            )
        )
        super().__init__(services)

    def enter(self) -> None:
        super().enter()
        self._shown_at_s = self.services.clock.now_s()
        session = self._session()
        if session is not None:
            session.count_round()

    def build(self) -> None:
        self.next_button = Button(
            lambda: _("See the match result") if self._ends_match() else _("Next round"),
            self._continue,
            style="go",
            key="continue",
        )
        self.watch_button = Button(N_("Watch again"), self._watch_again, key="watch")
        self.group.set_widgets([self.next_button, self.watch_button])

    # -- counting

    @property
    def counting(self) -> bool:
        return self.counted < len(self.sequence)

    @property
    def celebrating(self) -> bool:
        return bool(self._bursts) and self.celebrated_s < ROUND_CELEBRATE_S

    @property
    def animating(self) -> bool:
        return self.counting or self.celebrating

    def update(self, dt_s: float) -> None:
        super().update(dt_s)
        if self.match.round_no != self._round_no:  # a phone dealt it: on to the table
            self._leave_for_next_round()
            return
        self._offer_phones()
        if self.celebrating:
            speed = max(0.05, self.services.settings.animation_speed)
            self.celebrated_s = min(ROUND_CELEBRATE_S, self.celebrated_s + dt_s * speed)
            self.dirty = True
        if not self.counting:
            return
        speed = max(0.05, self.services.settings.animation_speed)
        self._clock_s += dt_s * speed
        counted = min(len(self.sequence), int(self._clock_s / self.step_s))
        if counted != self.counted:
            self.counted = counted
            self.dirty = True

    def finish_count(self) -> None:
        self.counted = len(self.sequence)
        self.dirty = True

    def fraction(self) -> float:
        if not self.sequence:
            return 1.0
        return self.counted / len(self.sequence)

    def hand_value_so_far(self, seat: int) -> int:
        return sum(v for s, _i, v in self.sequence[: self.counted] if s == seat)

    def round_points_so_far(self, seat: int) -> int:
        return round(self.points[seat] * self.fraction())

    # -- layout and choice

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        n = len(self.hands)
        pw = min(w - round(40 * scale), round(1000 * scale))
        head, foot = round(118 * scale), round(140 * scale)
        if self.hints_line():
            foot += round(30 * scale)  # room for the hints line above the button
        avail = h - round(40 * scale) - head - foot
        self.row_h = max(18, min(round(64 * scale), avail // max(1, n)))
        ph = head + foot + self.row_h * n
        self.panel = pygame.Rect(0, 0, pw, ph)
        self.panel.center = (w // 2, h // 2)
        row(
            [self.watch_button, self.next_button],
            self.panel.centerx,
            self.panel.bottom - round(118 * scale),
            round(260 * scale),
            round(54 * scale),
            round(24 * scale),
        )
        # under the buttons, inside the panel with a margin all round
        self.place_text(
            "skip",
            _("Counting the points: press any key to skip"),
            max(11, round(20 * scale)),
            center=(self.panel.centerx, self.panel.bottom - round(36 * scale)),
        )

    def _ends_match(self) -> bool:
        """Whether this round decides the match (the match says: the target score, or
        the longest match's last round)."""
        return self.match.winner_after_round() is not None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False  # Esc reaches the table: the pause menu
        if self.counting and (
            (event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE)
            or (event.type == pygame.MOUSEBUTTONUP and event.button == 1)
        ):
            self.finish_count()  # the first key or click shows the whole count at once
            return True
        return super().handle_event(event)

    # -- the session: the live match's Next round, on the window or a phone

    def _session(self) -> MatchSession | None:
        """The live match's session (None: the tutorial's scripted round)."""
        session = self.services.session
        return session if session is not None and session.match is self.match else None

    def _phones(self) -> PhoneLink | None:
        """The phones of this match, while they listen (None: no phones, or a replay)."""
        session = self._session()
        phones = session.phones if session is not None else None
        return phones if phones is not None and phones.running else None

    def _offer_phones(self) -> None:
        """Offer the phones the next round while this screen is on top, the scores have
        been up PHONE_NEXT_DELAY_S and the match goes on; withdraw it otherwise."""
        session, phones = self._session(), self._phones()
        if session is None or phones is None:
            return
        on_top = self.stack is not None and self.stack.top is self and not self.closed
        ready = on_top and self._wait_s() == 0.0
        offered = phones.table.next_round_offered
        session.offer_next_round(ready and self.match.winner_after_round() is None)
        if phones.table.next_round_offered != offered:
            self.dirty = True  # the line under the buttons says it

    def _wait_s(self) -> float:
        """Seconds until the phones may start the next round (0: they may)."""
        if self._shown_at_s is None:
            return PHONE_NEXT_DELAY_S
        shown_s = self.services.clock.now_s() - self._shown_at_s
        return max(0.0, PHONE_NEXT_DELAY_S - shown_s)

    def wake_in_s(self) -> float | None:
        wait_s = self._wait_s()
        if self._phones() is None or wait_s == 0.0:
            return None
        return wait_s

    def exit(self) -> None:
        super().exit()
        session = self._session()
        if session is not None:
            session.offer_next_round(False)

    def _watch_again(self) -> None:
        """Play this round again on the table, every hand face up; leaving it comes back
        here."""
        if self.counting:
            self.finish_count()
        if self.stack is not None and not self.closed:
            self.stack.push(self.services.scenes.watch_again(self.match))

    def _continue(self) -> None:
        if self.closed:
            return
        if self.counting:
            self.finish_count()
            return
        session = self._session()
        dealt = session.next_round() if session is not None else deal_next_round(self.match)
        if not dealt:
            self.close()
            if self.stack is not None:
                self.stack.push(self.services.scenes.match_end(self.match))
            return
        self._leave_for_next_round()

    def _leave_for_next_round(self) -> None:
        """The next round was dealt (here or on a phone): back to the table."""
        self.close()
        if self.on_next_round is not None:
            self.on_next_round()

    # -- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        p = self.panel
        border = theme.ACCENT_RGB if self.winner is not None else theme.PANEL_BORDER_RGB
        draw_panel(surface, p, s, alpha=255, border=border)
        if self.celebrating:  # in the panel's top corners, beside the title
            draw_fireworks(surface, self._bursts, self.celebrated_s, area=p)
        names = [self.match.seat_name(i) for i in range(len(self.hands))]
        round_no = self.match.round_no
        title = round_title(self.winner, round_no, names)
        if self.winner is None:
            sub = _("The round is blocked: no points this time.")
        else:
            sub = _("First to {n} points wins the match.").format(n=self.match.rules.target_score)
        sub = _("{rules} · {line}").format(rules=self.rules_line(), line=sub)
        draw_text(
            surface,
            title,
            round(40 * s),
            theme.ACCENT_RGB,
            bold=True,
            shadow=True,
            midtop=(p.centerx, p.y + round(18 * s)),
            max_w=p.w - round(30 * s),
        )
        draw_text(
            surface,
            sub,
            round(22 * s),
            theme.TEXT_DIM_RGB,
            midtop=(p.centerx, p.y + round(58 * s)),
            max_w=p.w - round(30 * s),
        )
        # columns
        x_name = p.x + round(28 * s)
        x_cards = p.x + round(210 * s)
        x_value = p.right - round(250 * s)
        x_round = p.right - round(150 * s)
        x_total = p.right - round(34 * s)
        top = p.y + round(118 * s)
        hy = top - round(16 * s)
        small = max(11, round(18 * s))
        draw_text(surface, _("Cards left"), small, theme.TEXT_DIM_RGB, midleft=(x_cards, hy))
        draw_text(surface, _("Card points"), small, theme.TEXT_DIM_RGB, midright=(x_value, hy))
        draw_text(surface, _("This round"), small, theme.TEXT_DIM_RGB, midright=(x_round, hy))
        draw_text(surface, _("Total"), small, theme.TEXT_DIM_RGB, midright=(x_total, hy))
        painter = self.services.painter
        counted = {(seat, i) for seat, i, _v in self.sequence[: self.counted]}
        scoring = {(seat, i) for seat, i, _v in self.sequence}
        px = max(12, round(self.row_h * 0.42))
        frac = self.fraction()
        for seat, hand in enumerate(self.hands):
            y = top + seat * self.row_h
            row = pygame.Rect(p.x + round(14 * s), y, p.w - round(28 * s), self.row_h - 2)
            if seat == self.winner:
                band = pygame.Surface(row.size, pygame.SRCALPHA)
                pygame.draw.rect(
                    band, (*theme.ACCENT_RGB, 50), band.get_rect(), border_radius=row.h // 3
                )
                surface.blit(band, row)
            elif seat % 2:
                band = pygame.Surface(row.size, pygame.SRCALPHA)
                pygame.draw.rect(
                    band, (255, 255, 255, 12), band.get_rect(), border_radius=row.h // 3
                )
                surface.blit(band, row)
            cy = row.centery
            name_color = theme.ACCENT_RGB if seat == self.winner else theme.TEXT_RGB
            draw_text(
                surface,
                names[seat],
                px,
                name_color,
                bold=True,
                midleft=(x_name, cy),
                max_w=x_cards - x_name - round(10 * s),
            )
            # the hand, face up, each card lighting up as it is counted
            cw = max(10, round((self.row_h - 6) / 1.5))
            room = x_value - round(90 * s) - x_cards
            if hand:
                step = min(cw * 0.7, (room - cw) / max(1, len(hand) - 1)) if len(hand) > 1 else 0
                for i, card in enumerate(hand):
                    img = painter.face(card, cw)
                    x = round(x_cards + i * step)
                    lift = 0
                    if (seat, i) in counted:
                        lift = max(1, round(cw * 0.12)) if (seat, i) == self._last() else 0
                    surface.blit(img, (x, cy - img.get_height() // 2 - lift))
                    if (seat, i) in scoring and (seat, i) not in counted:
                        shade = pygame.Surface(img.get_size(), pygame.SRCALPHA)
                        shade.fill((0, 0, 0, 90))
                        surface.blit(shade, (x, cy - img.get_height() // 2))
            elif seat == self.winner:
                draw_text(
                    surface, _("Out!"), px, theme.ACCENT_RGB, bold=True, midleft=(x_cards, cy)
                )
            if any(sq == seat for sq, _i, _v in self.sequence):
                draw_text(
                    surface,
                    integer(self.hand_value_so_far(seat)),
                    px,
                    theme.TEXT_DIM_RGB,
                    midright=(x_value, cy),
                )
            pts = self.round_points_so_far(seat)
            if self.points[seat]:
                draw_text(
                    surface,
                    "+" + integer(pts),
                    px,
                    theme.SUCCESS_RGB,
                    bold=True,
                    midright=(x_round, cy),
                )
            else:
                draw_text(surface, "–", px, theme.TEXT_DIM_RGB, midright=(x_round, cy))
            total = self.totals_before[seat] + round(self.points[seat] * frac)
            draw_text(
                surface,
                integer(total),
                round(px * 1.1),
                theme.TEXT_RGB,
                bold=True,
                midright=(x_total, cy),
            )
        if self.counting:
            self.draw_placed(surface, "skip", theme.TEXT_DIM_RGB)
        elif (phones := self._phones()) is not None and phones.table.next_round_offered:
            draw_text(  # where the skip line was: the two never show at once
                surface,
                _("Any phone can start the next round too"),
                max(11, round(20 * s)),
                theme.TEXT_DIM_RGB,
                center=self.texts["skip"][1].center,
                max_w=p.w - round(40 * s),
            )
        hints = self.hints_line()
        if hints:
            draw_text(
                surface,
                hints,
                max(11, round(18 * s)),
                theme.HINT_RGB,
                center=(p.centerx, top + len(self.hands) * self.row_h + round(16 * s)),
                max_w=p.w - round(40 * s),
            )

    def rules_line(self) -> str:
        """The rules the match is played with, by their preset's name (a family's own
        name too; "… (changed)" for rules changed in New game and not saved)."""
        return _("Rules: {title}").format(title=_(self.match.rules.title))

    def hints_line(self) -> str | None:
        """How many hints each person asked for this round (None in a match without hints)."""
        match = self.match
        if not match.hints:
            return None
        used = list(match.hints_used)
        people = [s for s in range(len(self.hands)) if match.is_human(s) and s < len(used)]
        if not people:
            return None
        parts = [_("{name} {n}").format(name=match.seat_name(s), n=used[s]) for s in people]
        return _("Hints this round: {counts}").format(counts=" · ".join(parts))

    def _last(self) -> tuple[int, int] | None:
        if 0 < self.counted <= len(self.sequence):
            seat, i, _v = self.sequence[self.counted - 1]
            return (seat, i)
        return None
