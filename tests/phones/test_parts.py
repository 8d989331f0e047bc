"""The small parts: where to listen, the QR codes, the card pictures, the page's files."""

from __future__ import annotations

import io
import re
import socket
from pathlib import Path

import pygame
import pytest

from uno_desktop.engine.cards import all_card_kinds
from uno_desktop.phones import net
from uno_desktop.phones.art import BACK, card_images
from uno_desktop.phones.net import Listen, ListenError, parse_listen
from uno_desktop.phones.qr import QUIET_ZONE, qr_matrix, qr_png
from uno_desktop.phones.table import STATIC, static_files

ROOT = Path(__file__).resolve().parents[2]
URL = "http://192.168.1.20:54321/t/AM7oEV1ujwhunlAYa7AV7ium/"


@pytest.mark.parametrize(
    ("text", "listen"),
    [
        ("192.168.1.20:8765", Listen("192.168.1.20", 8765)),
        ("127.0.0.1:0", Listen("127.0.0.1", 0)),
        ("0.0.0.0:80", Listen("0.0.0.0", 80)),
        ("[::1]:8765", Listen("::1", 8765)),
    ],
)
def test_listen_takes_host_colon_port(text, listen):
    assert parse_listen(text) == listen


@pytest.mark.parametrize(
    "text",
    ["", "8765", "localhost:8765", "1.2.3.4:", "1.2.3.4:99999", "1.2.3.4:-1", ":80", "x" * 500],
)
def test_listen_refuses_anything_else_with_the_reason(text):
    with pytest.raises(ListenError, match="--listen"):
        parse_listen(text)


def test_the_lan_address_falls_back_to_loopback_without_a_network(monkeypatch):
    class NoRoute:
        def __init__(self, *args):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *args):
            return False

        def connect(self, address):
            raise OSError("Network is unreachable")

    monkeypatch.setattr(net.socket, "socket", NoRoute)
    assert net.lan_address() == "127.0.0.1"


def test_the_lan_address_is_found_without_sending_a_packet(monkeypatch):
    used = []
    real = socket.socket

    class Watched(real):  # type: ignore[misc, valid-type]
        def connect(self, address):
            used.append((self.type, address))
            return super().connect(address)

        def send(self, *args):  # pragma: no cover - the test fails if reached
            raise AssertionError("a packet was sent")

        sendto = sendall = send

    monkeypatch.setattr(net.socket, "socket", Watched)
    address = net.lan_address()
    assert re.fullmatch(r"\d+\.\d+\.\d+\.\d+", address)
    assert used == [(socket.SOCK_DGRAM, ("10.255.255.255", 9))]


def test_a_qr_code_has_its_three_finder_patterns_and_quiet_zone():
    m = qr_matrix(URL)
    size = len(m)
    assert all(len(row) == size for row in m)
    q = QUIET_ZONE
    inner = size - 2 * q
    assert (inner - 17) % 4 == 0  # version v has 17 + 4v modules a side
    assert not any(m[0]) and not any(m[-1]) and not any(row[0] for row in m)
    for top, left in ((q, q), (q, q + inner - 7), (q + inner - 7, q)):
        ring = [m[top][left + i] for i in range(7)] + [m[top + 6][left + i] for i in range(7)]
        assert all(ring) and m[top + 3][left + 3] and not m[top + 1][left + 1]
    assert qr_matrix(URL) != qr_matrix(URL.replace("AM7", "BM7"))


def test_the_qr_png_is_an_image_of_the_code_at_its_scale():
    data = qr_png(URL, scale=4)
    image = pygame.image.load(io.BytesIO(data), "qr.png")
    assert image.get_width() == len(qr_matrix(URL)) * 4


def test_every_card_kind_and_the_back_is_drawn_as_a_png_of_the_same_size():
    images = card_images(width=40)
    assert set(images) == {c.code for c in all_card_kinds()} | {BACK}
    sizes = {pygame.image.load(io.BytesIO(png), "c.png").get_size() for png in images.values()}
    assert sizes == {(40, 60)}


def test_the_page_fetches_nothing_from_the_internet_and_names_only_its_own_files():
    files = static_files()
    assert set(files) == set(STATIC)
    for name, data in files.items():
        text = data.decode("utf-8")
        assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text), name
        assert "@import" not in text and "//cdn" not in text, name
    page = files["index.html"].decode()
    named = set(re.findall(r'(?:src|href)="([^"]+)"', page))
    assert named == {"icon.svg", "phone.css", "phone.js", "cards/back.png"}  # all served


def test_the_page_travels_in_the_wheel_and_the_bundle():
    """hatchling ships every file under the package; the PyInstaller spec lists them."""
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'packages = ["uno_desktop"]' in pyproject
    assert "exclude" not in pyproject.split("[tool.hatch.build.targets.wheel]")[1].split("[")[0]
    spec = (ROOT / "build.spec").read_text()
    assert '_tree("uno_desktop/phones/static", "uno_desktop/phones/static")' in spec


def test_nothing_under_phones_reaches_the_live_game_or_pygame_outside_the_card_art():
    """Phones read the match's per-seat API only; pygame draws the card art once."""
    import ast

    folder = ROOT / "uno_desktop" / "phones"
    reads, pygame_users = [], []
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("game", "_game_for", "_bots"):
                reads.append(f"{path.name}:{node.lineno}")
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
                module = getattr(node, "module", None) or ""
                if "pygame" in names or module.startswith("pygame"):
                    pygame_users.append(path.name)
    assert reads == []
    assert set(pygame_users) == {"art.py"}
