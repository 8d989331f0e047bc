"""Swedish names the Swedish edition's leaflet uses, the same wherever a card is named:
its name, its banner and How to play (issue 33: the banner said "Byt händer!" while the
log said "Vild byt"); and no misspelt word for the replay."""

from __future__ import annotations

import pytest

from uno_desktop.engine import Card
from uno_desktop.lang.card_names import card_name
from uno_desktop.lang.i18n import _, catalog, set_language


@pytest.fixture(autouse=True)
def swedish():  # type: ignore[no-untyped-def]
    set_language("sv")
    yield
    set_language("en")


def test_the_swap_hands_banner_says_the_cards_name_as_the_other_banners_do():
    assert card_name(Card.parse("WS")) == "Vild byt"
    assert _("Swap Hands!") == card_name(Card.parse("WS")) + "!"
    assert _("Wild Draw Four!") == card_name(Card.parse("W4")) + "!"


def test_the_swedish_texts_call_the_new_cards_by_the_leaflets_names_only():
    texts = [t for t in catalog("sv").values() if "byt" in t.lower() or "anpassning" in t]
    wrong = [t for t in texts if "Joker" in t or "Byt händer" in t]
    assert wrong == []
    assert _("Wild Customizable") == "Vild anpassningsbart"


def test_the_replay_is_reprisen_in_every_swedish_text():
    texts = list(catalog("sv").values())
    assert not [t for t in texts if "reprist" in t.lower()]
    assert _("Leave replay") == "Lämna reprisen"
