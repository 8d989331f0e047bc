"""A websocket client on a bare socket, for what no polite client will send: unmasked
frames, floods, binary, frames before the handshake's answer; and a reader for the
server's close frame. 127.0.0.1 only."""

from __future__ import annotations

import os
import socket
import struct

KEY = "dGhlIHNhbXBsZSBub25jZQ=="


def handshake(url: str) -> bytes:
    """The upgrade request a browser sends for the page at `url` (its own origin)."""
    host = url.split("/")[2]
    path = "/" + url.split("/", 3)[3] + "ws"
    return (
        f"GET {path} HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n"
        "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {KEY}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    ).encode()


def frame(opcode: int, payload: bytes, masked: bool = True) -> bytes:
    """One final frame; a client's frames are masked unless `masked` is False."""
    size = len(payload)
    if size < 126:
        head = bytes([0x80 | opcode, (0x80 if masked else 0) | size])
    else:
        head = bytes([0x80 | opcode, (0x80 if masked else 0) | 126]) + struct.pack("!H", size)
    if not masked:
        return head + payload
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class RawSocket:
    """One websocket on a bare socket; `rcvbuf` shrinks its receive buffer (a phone
    that reads slowly) before it connects."""

    def __init__(self, url: str, rcvbuf: int | None = None, early: bytes = b"") -> None:
        port = int(url.split("/")[2].rsplit(":", 1)[1])
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf is not None:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.settimeout(5)
        self.sock.connect(("127.0.0.1", port))
        self.sock.sendall(handshake(url) + early)
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                break
            self.buffer += chunk
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        self.status = int(head.split()[1]) if head else 0

    def send(self, data: bytes) -> bool:
        """Send `data`; False once the server has closed the socket."""
        try:
            self.sock.sendall(data)
        except OSError:
            return False
        return True

    def close_code(self, timeout_s: float = 5.0) -> int | None:
        """The code of the server's close frame (skipping its other frames); None when
        it hung up without one. socket.timeout if it does neither in `timeout_s`."""
        self.sock.settimeout(timeout_s)
        while True:
            code, done = self._parse()
            if done:
                return code
            try:
                chunk = self.sock.recv(65536)
            except ConnectionResetError:
                return None
            if not chunk:
                return None
            self.buffer += chunk

    def _parse(self) -> tuple[int | None, bool]:
        buf = self.buffer
        while len(buf) >= 2:
            opcode, size, at = buf[0] & 0x0F, buf[1] & 0x7F, 2
            if size == 126:
                if len(buf) < 4:
                    break
                size, at = struct.unpack("!H", buf[2:4])[0], 4
            elif size == 127:
                if len(buf) < 10:
                    break
                size, at = struct.unpack("!Q", buf[2:10])[0], 10
            if len(buf) < at + size:
                break
            payload, buf = buf[at : at + size], buf[at + size :]
            if opcode == 8:
                self.buffer = buf
                return (struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005), True
        self.buffer = buf
        return None, False

    def close(self) -> None:
        self.sock.close()
