"""Where the phone server listens: the machine's address on the home network, or the
`--listen HOST:PORT` a player gave.

The LAN address is found without sending anything: connecting a UDP socket only asks
the kernel which interface would route to a private address; no packet leaves. When
there is no such route (no network at all), the game listens on 127.0.0.1.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass

LOOPBACK = "127.0.0.1"
#: a private address the kernel is asked a route for (never sent anything)
_PROBE = ("10.255.255.255", 9)


@dataclass(frozen=True)
class Listen:
    """An address to listen on; port 0 asks the system for a free one."""

    host: str
    port: int = 0


class ListenError(ValueError):
    """A `--listen` value that is not HOST:PORT; the message says what is wrong."""


def lan_address() -> str:
    """This machine's IPv4 address on the home network, or 127.0.0.1 when it has none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)  # UDP connect: picks a route, sends nothing
            host = str(probe.getsockname()[0])
    except OSError:
        return LOOPBACK
    try:
        address = ipaddress.IPv4Address(host)
    except ValueError:
        return LOOPBACK
    return host if not address.is_unspecified else LOOPBACK


def default_listen() -> Listen:
    """The LAN address on a free port."""
    return Listen(lan_address(), 0)


def parse_listen(text: str) -> Listen:
    """`HOST:PORT` as given to `--listen` ("192.168.1.20:8765", "0.0.0.0:0", "[::1]:8765").

    ListenError names what is wrong; the value is quoted only when short.
    """
    shown = text if len(text) <= 60 else text[:60] + "…"
    host, sep, port_text = text.strip().rpartition(":")
    if not sep or not host:
        raise ListenError(f"--listen: expected HOST:PORT, got {shown!r}")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    try:
        ipaddress.ip_address(host)
    except ValueError:
        raise ListenError(f"--listen: {host!r} is not an IP address") from None
    if not port_text.isdigit() or not 0 <= int(port_text) <= 65535:
        raise ListenError(f"--listen: the port must be a number from 0 to 65535, got {shown!r}")
    return Listen(host, int(port_text))


def url_host(host: str) -> str:
    """`host` as written in a URL (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host else host


def host_headers(listen_host: str, link_host: str, port: int) -> frozenset[str]:
    """The Host headers that name this server: the links' host, the address it listens
    on, and localhost's forms when that is loopback; with the port (a browser leaves
    out ":80")."""
    names = {url_host(link_host)}
    listen = ipaddress.ip_address(listen_host)
    if not listen.is_unspecified:
        names.add(url_host(listen_host))
    if listen.is_loopback:
        names |= {"localhost", "127.0.0.1", "[::1]"}
    hosts = {f"{name}:{port}".lower() for name in names}
    if port == 80:
        hosts |= {name.lower() for name in names}
    return frozenset(hosts)
