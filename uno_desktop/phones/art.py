"""The table's card art as PNG bytes for the phone page, drawn once by `CardPainter`.

Called on the game thread before the server starts (pygame draws; the server thread only
hands out the bytes). Every card kind of the deck and the card back, at a width that is
sharp on a phone's hand (two device pixels per CSS pixel at about 64 px).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from types import MappingProxyType

import pygame

from uno_desktop.engine.cards import Card, all_card_kinds
from uno_desktop.render.cards import CardPainter

CARD_WIDTH_PX = 176
"""Width of a card picture: two device pixels for each CSS pixel of an 88 px card."""
BACK = "back"


def png_bytes(surface: pygame.Surface) -> bytes:
    """`surface` as a PNG file in memory."""
    out = io.BytesIO()
    pygame.image.save(surface, out, "card.png")
    return out.getvalue()


def card_images(
    *,
    colorblind: bool = False,
    width: int = CARD_WIDTH_PX,
    cards: Iterable[Card] | None = None,
) -> Mapping[str, bytes]:
    """code -> PNG for every card kind (or `cards`), plus "back" for the card back."""
    if not pygame.font.get_init():
        pygame.font.init()
    painter = CardPainter(colorblind=colorblind)
    kinds = list(cards) if cards is not None else all_card_kinds()
    images = {card.code: png_bytes(painter.face(card, width)) for card in kinds}
    images[BACK] = png_bytes(painter.back(width))
    return MappingProxyType(images)
