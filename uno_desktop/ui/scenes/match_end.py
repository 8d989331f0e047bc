"""The end of a match: a celebration, the winner, the final standings (ties share a
place), then "Play again" with the same seats and rules, or back to the title. While the
celebration runs, Enter or a click first ends it: the standings are seen before a new
match can start.

On arrival it records the match in the statistics and forgets the saved match (once, even
if the scene is shown again), so "Continue" never offers a finished match, and plays the
fanfare. The celebration (cards raining down onto the table, fireworks bursting over it,
confetti after them) is seeded from the match and stops after CELEBRATE_S, so the screen
then rests and the loop sleeps.
"""

from __future__ import annotations

import logging
import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from uno_desktop.engine import Card
from uno_desktop.engine.rules import Scoring
from uno_desktop.lang.i18n import N_, _, integer
from uno_desktop.play.match import new_seed
from uno_desktop.render import theme
from uno_desktop.render.fonts import font, text_size
from uno_desktop.ui.celebration import BURST_RGB, CELEBRATE_S, draw_fireworks, fireworks
from uno_desktop.ui.kit import Button, Dialog, current_floor, draw_panel, draw_text

log = logging.getLogger(__name__)

CELEBRATION = ("R1", "YS", "GD2", "BR", "W", "W4", "B7", "G9", "YR", "R0")
#: keys that, while the celebration runs, end it instead of pressing a button
SKIP_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: how long a card takes to fall into its place, and the gap between two cards
CARD_FALL_S = 0.9
CARD_GAP_S = 0.14
#: confetti pieces, and how long one takes to fall through the window
CONFETTI = 90
CONFETTI_FALL_S = 2.2
CONFETTI_RGB = (*BURST_RGB, theme.TEXT_RGB)

if TYPE_CHECKING:
    from uno_desktop.play.match import Match
    from uno_desktop.ui.services import Services


@dataclass(frozen=True)
class Confetto:
    """One piece of confetti, in shares of the window and seconds of the celebration."""

    x: float  # where it falls, 0..1 of the width
    start_s: float
    sway: float  # sideways swing, 0..1 of the width
    spin: float  # turns per second
    size: float  # 0..1 of a card width
    rgb: tuple[int, int, int]


def confetti(seed: int) -> list[Confetto]:
    """The celebration's confetti, the same for the same match."""
    rng = random.Random(f"{seed}:confetti")
    last_start = CELEBRATE_S - CONFETTI_FALL_S
    return [
        Confetto(
            x=rng.random(),
            start_s=rng.uniform(0.2, last_start),
            sway=rng.uniform(0.005, 0.03),
            spin=rng.uniform(0.5, 2.0) * rng.choice((-1, 1)),
            size=rng.uniform(0.14, 0.26),
            rgb=rng.choice(CONFETTI_RGB),
        )
        for _ in range(CONFETTI)
    ]


def standings(totals: list[int], *, penalty: bool = False) -> list[tuple[int, int]]:
    """(place, seat) for every seat, best first: most points wins (fewest under penalty
    scoring), and seats on the same total share a place (1, 2, 2, 4)."""
    sign = 1 if penalty else -1
    order = sorted(range(len(totals)), key=lambda i: (sign * totals[i], i))
    out: list[tuple[int, int]] = []
    for k, seat in enumerate(order):
        if k and totals[seat] == totals[order[k - 1]]:
            out.append((out[-1][0], seat))
        else:
            out.append((k + 1, seat))
    return out


class MatchEndScene(Dialog):
    title = N_("Match over")

    def __init__(self, services: Services, match: Match) -> None:
        self.match = match
        self._recorded = False
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._rows: list[tuple[int, int, pygame.Rect, pygame.Rect]] = []
        self._row_h = 40
        #: seconds of celebration gone (at the animation speed)
        self.celebrated_s = 0.0
        self._confetti = confetti(match.seed)
        self._fireworks = fireworks(match.seed)
        super().__init__(services)

    def enter(self) -> None:
        if not self._recorded:
            self._recorded = True
            # the session stays until this screen is left: Play again takes its phones on
            self.services.session_for(self.match).record_match()
            try:
                self.services.sounds.play("celebrate")
            except Exception:
                log.exception("sound failed")

    def build(self) -> None:
        self.again = Button(N_("Play again"), self.play_again, style="primary")
        self.done = Button(N_("Back to title"), self.to_title)
        self.group.set_widgets([self.again, self.done])

    def play_again(self) -> None:
        """A new match with the same seats and rules (a new seed: new cards)."""
        if self.stack is None:
            return
        match = self.match
        seats = [(s.name, s.kind) for s in match.seats]
        scene = self.services.scenes.start_match(match.preset, match.rules, seats, new_seed())
        self.stack.clear_to(scene)

    @property
    def animating(self) -> bool:
        return self.celebrated_s < CELEBRATE_S

    def handle_event(self, event: pygame.event.Event) -> bool:
        """While the celebration runs, the first Enter, Space or click only ends it (a
        key held from the last round's Continue must not skip the match's end)."""
        if self.animating and (
            (event.type == pygame.KEYDOWN and event.key in SKIP_KEYS)
            or event.type == pygame.MOUSEBUTTONDOWN
        ):
            self.celebrated_s = CELEBRATE_S
            self.dirty = True
            return True
        return super().handle_event(event)

    def update(self, dt_s: float) -> None:
        super().update(dt_s)
        if self.celebrated_s < CELEBRATE_S:
            speed = max(0.05, self.services.settings.animation_speed)
            self.celebrated_s = min(CELEBRATE_S, self.celebrated_s + dt_s * speed)
            self.dirty = True

    def to_title(self) -> None:
        if self.stack is not None:
            self.stack.clear_to(self.services.scenes.title())

    def back(self) -> None:
        self.to_title()

    def _headline(self) -> str:
        firsts = self._firsts()
        if len(firsts) > 1:
            names = ", ".join(self.match.seats[i].name for i in firsts)
            return _("{names} share the win!").format(names=names)
        winner = self.match.match_winner
        if winner is not None:
            return _("{name} wins the match!").format(name=self.match.seat_name(winner))
        return _("The match is over")

    def _order(self) -> list[tuple[int, int]]:
        """(place, seat), best first; seats on the same total share a place."""
        return standings(self.match.totals, penalty=self.match.rules.scoring is Scoring.PENALTY)

    def _firsts(self) -> list[int]:
        """The seats in first place (more than one when they tie)."""
        return [seat for place, seat in self._order() if place == 1]

    def layout(self, size: tuple[int, int], scale: float) -> None:
        """Headline, rounds played, the score panel with one row per seat, the button: one
        column in units of `scale` (ten seats on a small screen shrink it to fit)."""
        w, h = size
        s = scale
        head = self.place_text(
            "headline", self._headline(), int(64 * s), bold=True, midtop=(w // 2, int(24 * s))
        )
        played = len(self.match.round_history)
        if played == 1:
            rounds = _("1 round played")
        else:
            rounds = _("{rounds} rounds played").format(rounds=played)
        sub = self.place_text(
            "rounds", rounds, int(30 * s), midtop=(w // 2, head.bottom + int(8 * s))
        )
        n = len(self.match.seats)
        self._row_h = int(40 * s)
        ph = int(70 * s) + n * self._row_h + int(16 * s)
        self._panel = pygame.Rect(0, 0, min(w - int(40 * s), int(560 * s)), ph)
        below_button = int(110 * s)  # the button and a margin under the panel
        top = min(int(h * 0.30), h - ph - below_button)
        self._panel.midtop = (w // 2, max(sub.bottom + int(20 * s), top))
        self.place_text(
            "final",
            _("Final score"),
            int(30 * s),
            bold=True,
            center=(w // 2, self._panel.top + int(34 * s)),
        )
        self._rows = []
        f = font(max(int(28 * s), current_floor()))  # the size the rows are drawn at
        y = self._panel.top + int(70 * s)
        inner = self._panel.inflate(-int(80 * s), 0)
        for place, i in self._order():
            left = pygame.Rect(
                (inner.left, y), text_size(f, f"{place}.  {self.match.seat_name(i)}")
            )
            pts_text = _("{points} points").format(points=integer(self.match.totals[i]))
            right = pygame.Rect((0, y), text_size(f, pts_text))
            right.right = inner.right
            self._rows.append((place, i, left, right))
            y += self._row_h
        gap = int(20 * s)
        self.again.rect = pygame.Rect(0, 0, int(260 * s), int(58 * s))
        self.done.rect = pygame.Rect(0, 0, int(260 * s), int(58 * s))
        self.again.rect.topright = (w // 2 - gap // 2, self._panel.bottom + gap)
        self.done.rect.topleft = (w // 2 + gap // 2, self._panel.bottom + gap)

    def extra_rects(self) -> dict[str, pygame.Rect]:
        out = {"panel": self._panel.copy()}
        for row, (_place, _i, left, right) in enumerate(self._rows):
            out[f"row{row}:name"] = left
            out[f"row{row}:points"] = right
        return out

    def layout_rects(self) -> dict[str, pygame.Rect]:
        """The rows sit inside the panel: checked against each other, not the panel."""
        rects = super().layout_rects()
        panel = rects.pop("panel")
        inside = {k: r for k, r in rects.items() if k.startswith("row") or k == "text:final"}
        for name, r in inside.items():
            if not panel.contains(r):
                rects[f"{name} (outside the panel)"] = r.union(panel)
        rest = {k: r for k, r in rects.items() if k not in inside}
        for name, r in rest.items():
            if r.colliderect(panel):
                rects[f"{name} (on the panel)"] = panel
        return rects

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        self._draw_confetti(surface, s)
        self.draw_placed(surface, "headline", theme.ACCENT_RGB, shadow=True)
        self.draw_placed(surface, "rounds", theme.TEXT_RGB, shadow=True)
        draw_panel(surface, self._panel, s)
        self.draw_placed(surface, "final", theme.ACCENT_RGB)
        firsts = self._firsts()
        px = int(28 * s)
        for place, i, left, right in self._rows:
            col = theme.ACCENT_RGB if i in firsts else theme.TEXT_RGB
            name = f"{place}.  {self.match.seat_name(i)}"
            draw_text(surface, name, px, col, topleft=left.topleft, box=self._panel)
            pts = _("{points} points").format(points=integer(self.match.totals[i]))
            draw_text(surface, pts, px, col, topleft=right.topleft, box=self._panel)

    def _draw_confetti(self, surface: pygame.Surface, s: float) -> None:
        """Cards rain down into a ring of tilted cards around the edges, confetti falls
        through the window; when the celebration is over, the cards rest where they fell."""
        w, h = surface.get_size()
        t = self.celebrated_s
        card_w = int(70 * s)
        for k, code in enumerate(CELEBRATION):
            side = -1 if k % 2 == 0 else 1
            row = k // 2
            x = w // 2 + side * int(w * 0.39) + int(math.sin(k * 1.7) * 30 * s)
            y = int(h * 0.18) + row * int(h * 0.17)
            angle = side * (12 + 9 * math.sin(k))
            p = min(1.0, max(0.0, (t - k * CARD_GAP_S) / CARD_FALL_S))
            if p <= 0:
                continue
            fall = 1 - (1 - p) ** 3  # fast, then softly into place
            y = round(-card_w * 2 + (y + card_w * 2) * fall)
            angle += (1 - fall) * side * 140
            img = self.services.painter.face(Card.parse(code), card_w)
            rot = pygame.transform.rotozoom(img, angle, 1.0)
            surface.blit(rot, rot.get_rect(center=(x, y)))
        if t >= CELEBRATE_S:
            return
        draw_fireworks(surface, self._fireworks, t)
        size = card_w
        for c in self._confetti:
            p = (t - c.start_s) / CONFETTI_FALL_S
            if not 0 <= p <= 1:
                continue
            cx = w * (c.x + c.sway * math.sin(p * 9 + c.x * 20))
            cy = -20 + (h + 40) * p
            turn = math.cos(2 * math.pi * c.spin * (t - c.start_s))
            piece_w = max(2, round(size * c.size * abs(turn)))
            piece_h = max(2, round(size * c.size * 0.6))
            pygame.draw.rect(
                surface,
                c.rgb,
                pygame.Rect(0, 0, piece_w, piece_h).move(
                    round(cx) - piece_w // 2, round(cy) - piece_h // 2
                ),
            )
