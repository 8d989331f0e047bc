"""The join panel at ten phone seats and with short codes: each code as large as the
screen allows (pages of codes, every seat's joined mark in one line), a seat's letters
until it joins, the computer's address once; and Play again keeps the phones."""

from __future__ import annotations

import pygame

from uno_desktop.ui.scenes.join import PAGE_SEATS, JoinScene, pages_of
from uno_desktop.ui.scenes.match_end import MatchEndScene

from .test_phone_seats import frames, phone_app


def test_ten_seats_come_in_pages_of_at_most_four_as_even_as_can_be():
    assert [len(p) for p in pages_of(tuple(range(10)))] == [4, 4, 2]
    assert [len(p) for p in pages_of(tuple(range(5)))] == [3, 2]
    assert pages_of((0, 1, 2)) == [(0, 1, 2)]
    assert max(len(p) for n in range(1, 11) for p in pages_of(tuple(range(n)))) <= PAGE_SEATS


def test_at_ten_phone_seats_a_code_has_at_least_five_pixels_a_module_at_1024x600():
    app, services = phone_app(["phone"] * 10)
    try:
        panel = app.stack.top
        assert isinstance(panel, JoinScene)
        frames(app, 2)
        codes = panel.extra_rects()
        assert len(codes) == 4  # the first page
        modules = len(panel._matrices[0])
        assert min(r.w for r in codes.values()) >= 5 * modules
        panel.turn(1)
        frames(app, 2)
        assert set(panel.extra_rects()) == {f"code:{s}" for s in (4, 5, 6, 7)}
    finally:
        services.close_phones()


def test_each_seat_has_its_own_letters_until_it_joins_and_the_address_has_no_secret():
    _app, services = phone_app(["phone", "phone", "normal"])
    link = services.phones
    try:
        codes = {link.code(0), link.code(1)}
        assert len(codes) == 2 and None not in codes
        address = link.address()
        assert address.startswith("http://127.0.0.1:") and "/t/" not in address
        assert all(t not in address for t in (link.url(0), link.url(1)))
    finally:
        services.close_phones()


def test_play_again_keeps_the_port_and_leads_the_old_links_to_the_new_ones():
    app, services = phone_app(["phone", "normal"])
    old = services.phones
    old_port = old.table.server.port
    old_url = old.url(0)
    match = services.match
    end = MatchEndScene(services, match)
    app.stack.push(end)
    frames(app)
    end.play_again()
    frames(app, 2)
    new = services.phones
    try:
        assert new is not old and not old.running
        assert new.table.server.port == old_port
        assert new.url(0) != old_url
        import urllib.request

        with urllib.request.urlopen(old_url, timeout=5) as r:
            assert r.geturl() == new.url(0)
    finally:
        services.close_phones()
        pygame.display.quit()


def test_a_resumed_round_counts_as_shown_so_the_phones_get_their_buttons():
    from uno_desktop.play.match import ManualClock, Match, SeatSpec
    from uno_desktop.rules.presets import load_preset
    from uno_desktop.ui.table.scene import TableScene

    from .test_table import make_services

    seats = [SeatSpec("Ann", "phone"), SeatSpec("Bo", "normal")]
    match = Match(load_preset("official"), seats, 3, clock=ManualClock())
    match.start_round()
    seat = match.observation(None).current
    match.act(match.legal_actions(seat)[0])  # the round was played a little, then saved
    assert match.shown_at is None
    TableScene(make_services(), match).enter()
    assert match.shown_at == (match.deal_id, match.actions_taken())


def test_the_pause_menu_lets_a_computer_play_a_seat_whose_phone_is_away():
    from uno_desktop.ui.scenes.pause import PauseScene

    app, services = phone_app(["phone", "normal"])
    try:
        panel = app.stack.top
        assert isinstance(panel, JoinScene)
        panel.start()  # Start now: the phone never joined
        frames(app, 2)
        pause = PauseScene(services, services.match)
        app.stack.push(pause)
        frames(app)
        pause.stand_in_button.on_press()
        assert services.match.stand_ins == {0} and not services.match.is_human(0)
        assert services.phones.away() == []
    finally:
        services.close_phones()
