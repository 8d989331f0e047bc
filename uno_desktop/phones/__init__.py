"""Phones as private hands: the big screen shows the table, each person plays from their
own phone's browser over the home network.

Parts, one job each: `net` (where to listen), `server` (aiohttp on its own thread; the
inbox and per-seat outboxes), `guard` (the door every connection passes: caps, clocks,
the websocket frames' checks), `protocol` (what a phone may send, and its decoding into
an engine action), `wire` (what a phone is sent), `table` (`PhoneTable`, the game
thread's loop: drain, act, publish), `art` (the table's card art as PNG), `qr` (the
join links as QR codes), and `static/` (the page: plain HTML, CSS and JS).

The protocol: JSON text frames on the websocket `/t/<token>/ws`, the page at
`/t/<token>/`, its files and card pictures (`cards/R5.png`, `cards/back.png`) beside it.

Server to phone:
    {"type": "joined", "seat": 2}            the connection is this seat's
    {"type": "strings", "lang": "sv", "words": {...}, "name": "Ann"}   the page's words
                                             (again on a language change), the seat's name
    {"type": "state", ...}                   the seat's view (`wire.phone_state`): players
                                             with card counts, top card, colour, direction,
                                             whose turn, pending cards, the hand with what
                                             each card may do, what buttons apply ("can"),
                                             a prompt line, a challenge's shown hand, the
                                             hint line, the last log lines; at a round
                                             end its "result" (title, points, totals, the
                                             match's winner when it is won)
    {"type": "error", "text": "..."}         an action the game refused, in words
    {"type": "error", "code": "rate"}        refused by the server ("too_big", "malformed",
                                             "rate"); the page words it from "strings"
    {"type": "notice", "text": "..."}        what the big screen tells everyone (a save that
                                             failed: the game goes on); shown until dismissed
    {"type": "replaced"}                     another screen opened this hand; closed 4001
    {"type": "moved"}                        Play again: the next match's server leads this
                                             link to the seat's new one (the page follows)
    (close 4003)                             the game closed the table: do not reconnect
    (close 4002)                             too much waiting for this phone: reconnect
    (close 1003, 1002, 1008)                 a binary message, an unmasked frame, frames
                                             of any kind too fast (`guard.py`)
Phone to server (at most 4 KiB, 20 a second):
    {"type": "act", "do": "play", "card": "R5", "color": "red", "target": 2, "uno": true}
        (color for a wild, target for a swap, uno to say UNO with the card; optional)
    {"type": "act", "do": "draw"}            draw, or take the cards waiting
    {"type": "act", "do": "keep"}            keep the card just drawn
    {"type": "act", "do": "challenge"}       challenge a Wild Draw Four
    {"type": "act", "do": "uno"}             say UNO with one card left
    {"type": "act", "do": "catch", "target": 2}
    {"type": "act", "do": "hint"}            the answer comes later as the state's "hint"
    {"type": "act", "do": "next"}            start the next round (the state's "can"
                                             says when: at a round end, once its scores
                                             were shown a moment; never at the match's end)
    {"type": "act", "do": "stand_in", "target": 2}   let a computer play seat 2 until its
                                             phone is back (while the state's "waiting"
                                             names that seat)
A phone gets the kept `strings` and `state` again on every (re)connection.
"""
