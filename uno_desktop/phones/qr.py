"""QR codes of the join links, for the big screen to draw (segno; no pygame here).

`qr_matrix` gives the modules as rows of booleans (dark is True) with the quiet zone the
standard asks for, so the table can draw them at any size with its own colours;
`qr_png` gives a ready PNG for anything that shows images.
"""

from __future__ import annotations

import io

import segno

QUIET_ZONE = 4
"""Modules of light border around the code (ISO/IEC 18004 asks for four)."""


def _code(url: str) -> segno.QRCode:
    # Medium error correction: readable off a glossy screen at an angle.
    return segno.make_qr(url, error="m", boost_error=False)


def qr_matrix(url: str, border: int = QUIET_ZONE) -> tuple[tuple[bool, ...], ...]:
    """The QR code of `url` as rows of modules, dark = True, `border` light modules around."""
    code = _code(url)
    return tuple(tuple(bool(m) for m in row) for row in code.matrix_iter(border=border))


def qr_png(url: str, scale: int = 8, border: int = QUIET_ZONE) -> bytes:
    """The QR code of `url` as a black-on-white PNG, `scale` pixels per module."""
    out = io.BytesIO()
    _code(url).save(out, kind="png", scale=scale, border=border)
    return out.getvalue()
