"""The companion's end of the board's link (``firmware.service.link``): one connection to the
board's Unix socket, read line by line without blocking, its latest event of each kind kept.

    link = LinkClient(Path("/run/aseb/link.sock"))
    if link.connect(): link.send({"type": "far_ask", "action": "end"})
    for event in link.read(): ...
"""

from __future__ import annotations

import contextlib
import json
import logging
import socket
from pathlib import Path
from typing import Any

from firmware.service.link_schema import EVENT, VERSION, event_of
from hardware.doors.decoder import Undecodable

log = logging.getLogger(__name__)

SKIPPED = b'"type":"lights"'
"""Events the companion never reads (it does not even parse them)."""


class LinkClient:
    """A connection to the board's link; ``latest`` holds the newest event of each kind."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sock: socket.socket | None = None
        self.inbox = bytearray()
        self.latest: dict[str, dict[str, Any]] = {}
        self.waiting = 0
        """Commands sent whose answer (``ok`` or ``error``) has not come yet."""

    @property
    def connected(self) -> bool:
        return self.sock is not None

    def connect(self) -> bool:
        """Connect (again); whether the board's link answered."""
        self.close()
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(str(self.path))
        except OSError:
            sock.close()
            return False
        sock.setblocking(False)
        self.sock = sock
        self.latest.clear()
        self.waiting = 0
        return True

    def close(self) -> None:
        if self.sock is not None:
            with contextlib.suppress(OSError):
                self.sock.close()
        self.sock = None
        self.inbox.clear()

    def fileno(self) -> int:
        return self.sock.fileno() if self.sock is not None else -1

    def read(self) -> list[dict[str, Any]]:
        """Every whole event waiting (none when nothing came); the connection closes when the
        board goes away (``connected`` is then False)."""
        if self.sock is None:
            return []
        while True:
            try:
                data = self.sock.recv(1 << 16)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                data = b""
            if not data:
                self.close()
                break
            self.inbox += data
            if len(self.inbox) > EVENT.size and b"\n" not in self.inbox:
                log.warning("the board's link sent a line too long: connecting again")
                self.close()
                return []
        events = []
        while b"\n" in self.inbox:
            end = self.inbox.index(b"\n")
            line = bytes(self.inbox[:end])
            del self.inbox[: end + 1]
            if SKIPPED in line[:40]:
                continue  # the lights change many times a second: nothing far play needs
            try:
                kind, event = event_of(line)
            except Undecodable as exc:
                log.warning("the board's link sent a line that is not an event: %r (%s)",
                            line[:80], exc)
                continue
            if kind in ("ok", "error", "games", "record", "stats") and self.waiting:
                self.waiting -= 1
            self.latest[kind] = event
            events.append(event)
        return events

    def send(self, command: dict[str, Any]) -> bool:
        """Send one command (its answer comes as an ``ok`` or ``error`` event); whether sent."""
        if self.sock is None:
            return False
        line = json.dumps({"v": VERSION, **command}, separators=(",", ":")).encode() + b"\n"
        try:
            self.sock.setblocking(True)  # a command is small: the board reads every frame
            self.sock.settimeout(2.0)
            self.sock.sendall(line)
        except OSError:
            self.close()
            return False
        finally:
            if self.sock is not None:
                self.sock.setblocking(False)
        self.waiting += 1
        return True
