"""The ways into a phone seat other than its own link: a short code typed at the root
address, an old link from the match before (Play again), and the small page that
refuses everything else.

- Tokens and codes are drawn from alphabets without look-alike characters (no 0/O,
  1/l/I, 5/S, 2/Z, 8/B, 6/G), so a link or code copied from the big screen by eye is
  typed right. A token keeps at least 128 random bits.
- A seat's short code works until that seat's phone joins; each device (its address)
  has MAX_CODE_TRIES wrong tries, and the whole table MAX_WRONG_CODES, then typing is
  locked for this server's life.
- A link of the previous match (handed over in memory by `PhoneLink`, never written
  anywhere) leads to the same seat's new link until that seat joins this match.
- Every page here is plain HTML without scripts, in the phone's language (its
  Accept-Language), worded when the server is built (on the game thread) and never
  echoes what the phone sent.
"""

from __future__ import annotations

import base64
import hashlib
import html
import math
import secrets
from collections.abc import Callable, Mapping
from typing import Final

from aiohttp import web

from uno_desktop.lang.i18n import LANGUAGES, N_, catalog

TOKEN_ALPHABET: Final = "23456789abcdefghjkmnpqrstuvwxyz"
"""Letters and digits of a seat's link: lower case, no 0, 1, i, l or o."""
TOKEN_CHARS: Final = 26
"""26 characters of 31: about 128.8 random bits."""
CODE_ALPHABET: Final = "ACDEFHJKMNPRTUVWXY"
"""Letters of a short code: capitals that look like no digit and no other letter."""
CODE_CHARS: Final = 4
MAX_CODE_TRIES: Final = 5
"""Wrong codes one device may type before it is locked out."""
MAX_WRONG_CODES: Final = 60
"""Wrong codes the whole table may see before typing codes is switched off."""
MAX_DEVICES: Final = 256
"""Devices remembered for their tries (more are all counted as one)."""

_TEXTS: Final = {
    "refused": N_("This link is not valid: scan the code on the big screen"),
    "or_type": N_("Or type your seat's letters"),
    "title": N_("Join the table"),
    "type_code": N_("Type the letters shown under your seat on the big screen"),
    "code": N_("Letters"),
    "join": N_("Join"),
    "wrong": N_("Those letters are not right. Tries left: {n}"),
    "locked": N_("Too many wrong tries: scan the code on the big screen instead"),
}
_STYLE: Final = (
    "body{font:18px/1.4 system-ui,sans-serif;background:#0e4e32;color:#fff;margin:0;"
    "padding:24px;text-align:center}main{max-width:22em;margin:10vh auto}"
    "h1{font-size:1.3em}a{color:#ffe27a}input{font:inherit;font-size:1.6em;width:5.5em;"
    "text-align:center;letter-spacing:.2em;text-transform:uppercase;padding:.2em;"
    "border-radius:8px;border:2px solid #fff}button{font:inherit;margin:.6em;"
    "padding:.5em 1.4em;border-radius:8px;border:0;background:#ffe27a;color:#111}"
    ".msg{color:#ffe27a;font-weight:bold}"
)
PAGE_CSP: Final = (
    "default-src 'none'; style-src 'sha256-"
    + base64.b64encode(hashlib.sha256(_STYLE.encode()).digest()).decode()
    + "'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
"""The pages here: their one inline style, a form to this server, nothing else."""


def new_token() -> str:
    """A seat's secret for one match: TOKEN_CHARS characters of TOKEN_ALPHABET."""
    return "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(TOKEN_CHARS))


def token_bits() -> float:
    return TOKEN_CHARS * math.log2(len(TOKEN_ALPHABET))


def new_code(taken: set[str]) -> str:
    """A short code unlike every one in `taken`."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_CHARS))
        if code not in taken:
            return code


def pick_language(accept: str) -> str:
    """The first of the game's languages the phone's Accept-Language names ("en" else)."""
    for part in accept.split(",")[:16]:
        code = part.split(";")[0].strip()[:2].lower()
        if code in LANGUAGES:
            return code
    return "en"


def _word(lang: str, key: str) -> str:
    text = _TEXTS[key]
    return text if lang == "en" else catalog(lang).get(text, text)


def _page(lang: str, title: str, body: str) -> bytes:
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head>"
        f"<body><main>{body}</main></body></html>"
    ).encode()


def refused_page(lang: str) -> bytes:
    """The 403 page: the link is not (or no longer) a seat's."""
    text = html.escape(_word(lang, "refused"))
    more = html.escape(_word(lang, "or_type"))
    return _page(lang, text, f'<h1>{text}</h1><p><a href="/">{more}</a></p>')


def code_page(lang: str, message: str | None = None, form: bool = True) -> bytes:
    """The root address: a form to type a seat's short code (`message`: why the last
    try failed, already worded; `form` False once this device is locked)."""
    title = html.escape(_word(lang, "title"))
    parts = [f"<h1>{title}</h1>"]
    if message:
        parts.append(f'<p class="msg" role="alert">{html.escape(message)}</p>')
    if form:
        ask = html.escape(_word(lang, "type_code"))
        label = html.escape(_word(lang, "code"))
        join = html.escape(_word(lang, "join"))
        parts.append(
            f'<form method="post" action="/"><p><label for="code">{ask}</label></p>'
            f'<p><input id="code" name="code" aria-label="{label}" maxlength="{CODE_CHARS}" '
            'autocomplete="off" autocapitalize="characters" spellcheck="false" '
            f'required autofocus></p><button type="submit">{join}</button></form>'
        )
    return _page(lang, _word(lang, "title"), "".join(parts))


class Doors:
    """The short codes and old links of one phone server (its thread only, but for
    `code_of`, a read the game thread makes)."""

    def __init__(self, seats: tuple[int, ...], forward: Mapping[str, int] | None = None) -> None:
        codes: dict[int, str] = {}
        for seat in seats:
            codes[seat] = new_code(set(codes.values()))
        self._codes = codes
        self._forward = {t: s for t, s in (forward or {}).items() if s in seats}
        self._tries: dict[str, int] = {}
        self._wrong = 0

    def code_of(self, seat: int) -> str | None:
        """`seat`'s short code, or None once its phone has joined."""
        return self._codes.get(seat)

    def joined(self, seat: int) -> None:
        """`seat`'s phone is in: its code and old link lead nowhere any more."""
        self._codes.pop(seat, None)
        self._forward = {t: s for t, s in self._forward.items() if s != seat}

    def forwarded(self, token: str) -> int | None:
        """The seat a link of the match before leads to (its seat not joined yet)."""
        import hmac

        found = None
        for old, seat in self._forward.items():
            if hmac.compare_digest(token.encode("ascii", "replace"), old.encode("ascii")):
                found = seat
        return found

    def locked(self, device: str) -> bool:
        return self._wrong >= MAX_WRONG_CODES or self._tries.get(device, 0) >= MAX_CODE_TRIES

    def exchange(self, device: str, code: str) -> int | None:
        """The seat whose code `device` typed (spaces and case forgiven), or None (a try
        spent). Nothing is accepted once `device` is locked."""
        if self.locked(device):
            return None
        typed = "".join(code.split()).upper()[: CODE_CHARS + 4]
        for seat, mine in self._codes.items():
            if secrets.compare_digest(typed.encode(), mine.encode()):
                return seat
        self._wrong += 1
        if device not in self._tries and len(self._tries) >= MAX_DEVICES:
            device = "*"
        self._tries[device] = self._tries.get(device, 0) + 1
        return None

    def tries_left(self, device: str) -> int:
        return max(0, MAX_CODE_TRIES - self._tries.get(device, 0))

    def wrong_text(self, lang: str, device: str) -> str:
        if self.locked(device):
            return _word(lang, "locked")
        return _word(lang, "wrong").format(n=self.tries_left(device))


def pages_ready() -> None:
    """Load every language's catalog now (on the game thread), so the server thread only
    reads them."""
    for lang in LANGUAGES:
        catalog(lang)


async def answer(
    doors: Doors, request: web.Request, parts: list[str], link_of: Callable[[int], str]
) -> web.StreamResponse:
    """A request whose path holds no seat's token: the code page at "/", a code typed
    there, an old link of the match before, else the small 403 page. `link_of(seat)` is
    the seat's path ("/t/<token>/")."""
    lang = pick_language(request.headers.get("Accept-Language", ""))
    if len(parts) >= 3 and parts[1] == "t" and request.method in ("GET", "HEAD"):
        seat = doors.forwarded(parts[2])
        if seat is not None and (len(parts) == 3 or parts[3] in ("", "ws")):
            return _no_store(web.Response(status=303, headers={"Location": link_of(seat)}))
    if request.rel_url.raw_path == "/":
        device = request.remote or "?"
        if request.method == "POST":
            form = await request.post()
            code = form.get("code")
            seat = doors.exchange(device, code if isinstance(code, str) else "")
            if seat is not None:
                return _no_store(web.Response(status=303, headers={"Location": link_of(seat)}))
            body = code_page(lang, doors.wrong_text(lang, device), not doors.locked(device))
            return _html(body, 403 if doors.locked(device) else 200)
        if request.method in ("GET", "HEAD"):
            locked = doors.locked(device)
            return _html(
                code_page(lang, doors.wrong_text(lang, device) if locked else None, not locked)
            )
    return _html(refused_page(lang), 403)


def _html(body: bytes, status: int = 200) -> web.Response:
    response = web.Response(body=body, status=status, content_type="text/html", charset="utf-8")
    response.headers["Content-Security-Policy"] = PAGE_CSP
    return _no_store(response)


def _no_store(response: web.Response) -> web.Response:
    response.headers["Cache-Control"] = "no-store"
    return response
