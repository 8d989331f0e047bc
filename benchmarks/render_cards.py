"""Card rendering figures, plus preview pictures for a person to look at.

    .venv/bin/python benchmarks/render_cards.py               # timings
    .venv/bin/python benchmarks/render_cards.py --sheet /tmp/cards.png
    .venv/bin/python benchmarks/render_cards.py --layouts /tmp   # layout_4.png, layout_10.png, ...

Timings: milliseconds to draw the 54 standard faces cold at width 120 (and all 56
kinds, with the Swedish WS/WC), and the cost of blitting 40 cached cards on a
1280x720 screen, median over many frames.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from uno_desktop.engine import Card
from uno_desktop.engine.cards import all_card_kinds
from uno_desktop.render import theme
from uno_desktop.render.cards import CardPainter, all_faces_sheet
from uno_desktop.render.fonts import font
from uno_desktop.render.layout import fan_rects, table_layout


def bench(frames: int = 300) -> None:
    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    kinds = all_card_kinds()
    standard = [c for c in kinds if c.code not in ("WS", "WC")]

    painter = CardPainter()
    font(12)  # font module warm-up is not card drawing
    t0 = time.perf_counter()
    for card in standard:
        painter.face(card, 120)
    cold_54 = (time.perf_counter() - t0) * 1000
    painter = CardPainter()
    t0 = time.perf_counter()
    for card in kinds:
        painter.face(card, 120)
    cold_all = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    for card in kinds:
        painter.face(card, 120)
    warm = (time.perf_counter() - t0) * 1000

    hand = [kinds[i % len(kinds)] for i in range(40)]
    rects = fan_rects(40, pygame.Rect(40, 480, 1000, 220), 120)
    bg = pygame.Surface(screen.get_size()).convert()
    bg.fill(theme.TABLE_RGB)
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        screen.blit(bg, (0, 0))
        for card, rect in zip(hand, rects):
            screen.blit(painter.face(card, 120), rect)
        times.append((time.perf_counter() - t0) * 1000)
    backs = CardPainter()
    t0 = time.perf_counter()
    backs.back(120)
    back_ms = (time.perf_counter() - t0) * 1000

    print(
        f"cold draw, 54 standard faces at width 120: {cold_54:7.1f} ms "
        f"({cold_54 / len(standard):.2f} ms per face)"
    )
    print(f"cold draw, all {len(kinds)} kinds at width 120:      {cold_all:7.1f} ms")
    print(f"cached look-up of all {len(kinds)} faces:            {warm:7.3f} ms")
    print(f"card back at width 120, cold:                {back_ms:7.2f} ms")
    print(
        f"blit 40 cached cards + background, 1280x720: median {statistics.median(times):.3f} ms,"
        f" p95 {sorted(times)[int(len(times) * 0.95)]:.3f} ms over {frames} frames"
    )


def sheet(path: Path, width: int = 120) -> None:
    """All faces and a back, normal above colour-blind, plus a small-size row."""
    pygame.init()
    normal = all_faces_sheet(CardPainter(False), width)
    cb = all_faces_sheet(CardPainter(True), width)
    small = all_faces_sheet(CardPainter(False), 48, columns=29)
    label_h = 34
    out = pygame.Surface(
        (normal.get_width(), normal.get_height() * 2 + small.get_height() + 3 * label_h)
    )
    out.fill(theme.TABLE_DARK_RGB)
    y = 0
    for title, img in (("normal", normal), ("colour-blind", cb), ("width 48", small)):
        out.blit(font(28, bold=True).render(title, True, theme.TEXT_RGB), (10, y + 6))
        out.blit(img, (0, y + label_h))
        y += label_h + img.get_height()
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(out, str(path))
    print(f"wrote {path}")


def layout_preview(players: int, size: tuple[int, int], ui_scale: float = 1.0) -> pygame.Surface:
    """A mock table: the real layout filled with cards, rect outlines and labels."""
    layout = table_layout(players, 0, size, ui_scale)
    painter = CardPainter()
    screen = pygame.Surface(size)
    screen.fill(theme.TABLE_RGB)
    pygame.draw.rect(screen, theme.PANEL_RGB, layout.panel_rect, border_radius=8)
    label = font(max(12, layout.line_h - 4))
    codes = ["R5", "R9", "YS", "G2", "G7", "BR", "BD2", "W", "W4", "Y0", "G3"]
    hand = [Card.parse(c) for c in codes]
    rects = fan_rects(len(hand), layout.hand_rect, layout.card_w, lifted=3)
    for i, (card, rect) in enumerate(zip(hand, rects)):
        if i in (0, 3, 7):
            glow = painter.highlight(rect.width)
            screen.blit(glow, glow.get_rect(center=rect.center))
        screen.blit(painter.face(card, rect.width), rect)
    screen.blit(painter.back(layout.card_w), layout.draw_pile)
    screen.blit(painter.face(Card.parse("B7"), layout.card_w), layout.discard_pile)
    sw = painter.color_swatch(Card.parse("B7").color, layout.color_marker.width)  # type: ignore[arg-type]
    screen.blit(sw, layout.color_marker)
    for spot in layout.seats:
        if spot.seat == layout.viewer:
            continue
        n = 7
        cw = layout.small_card_w
        step = (spot.cards_rect.width - cw) / (n - 1)
        for k in range(n):
            screen.blit(painter.back(cw), (spot.cards_rect.x + round(k * step), spot.cards_rect.y))
    named = layout.named_rects()
    for name, rect in named.items():
        color = (255, 255, 255) if not name.startswith("seat") else theme.ACCENT_RGB
        pygame.draw.rect(screen, color, rect, 1)
        text = label.render(name, True, color)
        screen.blit(text, (rect.x + 2, rect.y + 1))
    info = f"{players} players, {size[0]}x{size[1]}, ui_scale {ui_scale} -> unit {layout.scale:.2f}"
    screen.blit(label.render(info, True, theme.TEXT_RGB), (6, size[1] - label.get_height() - 2))
    return screen


def layouts(folder: Path) -> None:
    pygame.init()
    folder.mkdir(parents=True, exist_ok=True)
    for players, size, scale in (
        (4, (1280, 720), 1.0),
        (10, (1280, 720), 1.0),
        (10, (800, 500), 1.0),
        (3, (1920, 1080), 1.0),
        (6, (1024, 600), 2.0),
    ):
        path = folder / f"layout_{players}_{size[0]}x{size[1]}.png"
        pygame.image.save(layout_preview(players, size, scale), str(path))
        print(f"wrote {path}")
    for players in (4, 10):
        path = folder / f"layout_{players}.png"
        pygame.image.save(layout_preview(players, (1280, 720)), str(path))
        print(f"wrote {path}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheet", type=Path, help="write every card (normal and colour-blind)")
    parser.add_argument("--layouts", type=Path, help="write table layout previews to a folder")
    parser.add_argument("--frames", type=int, default=300)
    args = parser.parse_args(argv)
    if args.sheet:
        sheet(args.sheet)
    if args.layouts:
        layouts(args.layouts)
    if not args.sheet and not args.layouts:
        bench(args.frames)
    return 0


if __name__ == "__main__":
    sys.exit(main())
