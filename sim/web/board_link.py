"""The web page's end of the board's link (``firmware.service.link``): one connection to the board's
Unix socket, shared by every browser watching.

It keeps the latest event of each kind (a new watcher gets the whole board at once), fans every
event out to the watchers' bounded queues, framed once for them all (a watcher that cannot keep
up is dropped, never the board), and asks the board's commands, one answer each in order. When
the board is away (not running, restarting) it says so to the watchers and tries again, every
few seconds.

The PIN the board makes at its menu (the ``pin`` event, told because the page asks for it with
``pins`` on every connection) is the one news no watcher gets: handed to the page's lock
(``on_pin``) before anything is published, never kept, never logged with its digits.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.games.api import Position
from firmware.service.link_schema import event_of, message, told_text
from firmware.service.pins import is_pin
from firmware.words import _, language, say, speaking
from hardware.doors.decoder import Undecodable
from sim.wall.shares import Shares
from sim.web.estimates import Estimates
from sim.web.told import before_last, last_in_words, moves_in_words, position_of
from sim.web.words import BOARD_AWAY

log = logging.getLogger(__name__)

ANSWERS = frozenset({"ok", "error", "games", "record", "stats"})
"""The events that answer a command (the others are news)."""
UNSHOWN = frozenset({"played", "health"})
"""News the page never shows (the whole game, for the far companion): not passed on."""
KEPT = ("game", "position", "lights", "status", "throw", "moves", "chances", "log", "settings",
        "tournament", "far")
"""The kinds of news a new watcher is told at once, in this order."""
QUEUE = 512
"""Events waiting for one watcher at most: a watcher further behind is dropped."""
WATCHERS = 200
"""Watchers at once (browsers on the live page); more are refused with 503, unless the newcomer's
address holds fewer than the busiest (``sim.wall.shares``)."""
WATCHERS_PER_ADDRESS = 8
"""Watchers from one address (an IPv6 network of 64 bits) at once: a phone or a computer with a
few pages open, never the whole page's share."""
AWAY = message("status", text=BOARD_AWAY, phase="away")
"""Told when the board goes away (the page says ``BOARD_AWAY`` in its own language)."""



class BoardAway(ConnectionError):
    """The board's link is not connected."""


SPOKEN = ("status", "log", "moves", "position")
"""The kinds of news told in words: each watcher hears them in its page's language (the moves
and the last move in words, ``sim.web.told``)."""


class Watcher:
    """One browser's events waiting to be sent, each already framed for its event stream (the
    one copy every watcher of its language shares: nobody encodes an event twice); all those
    waiting go out in one write, so a page held up for a moment catches up at once."""

    def __init__(self, language: str = "en", address: str = "?") -> None:
        self.language = language
        self.address = address
        self.pending: list[bytes] = []
        self.woken = asyncio.Event()
        self.dropped = False

    def put(self, chunk: bytes) -> None:
        if self.dropped:
            return
        if len(self.pending) >= QUEUE:
            self.dropped = True
            self.pending.clear()
        else:
            self.pending.append(chunk)
        self.woken.set()

    def take(self) -> list[bytes]:
        """The events waiting, taken (none: nothing new)."""
        taken, self.pending = self.pending, []
        self.woken.clear()
        return taken

    async def next(self, timeout: float) -> bytes | None:
        """What to send next, once there is something: every event waiting, as one chunk;
        ``b""`` when nothing came for ``timeout`` seconds; None once dropped (too slow, or the
        page stops)."""
        if not self.pending and not self.dropped:
            try:
                async with asyncio.timeout(timeout):
                    await self.woken.wait()
            except TimeoutError:
                return b""
        if self.dropped:
            return None
        return b"".join(self.take())


def framed(line: bytes) -> bytes:
    """An event's line as one event of a Server-Sent-Events stream."""
    return b"data: " + line.rstrip(b"\n") + b"\n\n"


class BoardLink:
    """The connection to the board's socket at ``path``; ``run`` it as a task."""

    def __init__(self, path: Path, retry: float = 2.0,
                 estimates: Estimates | None = None, patience: float = 5.0) -> None:
        self.path = path
        self.patience = patience
        """Seconds a command waits for the board's answer before the page says it is away."""
        self.estimates = estimates
        """The page's own estimates of the chances, for a board without a solved table."""
        self.retry = retry
        self.latest: dict[str, bytes] = {}
        """The latest event of each kept kind, framed for the event stream."""
        self.parsed: dict[str, dict[str, Any]] = {}
        self.spoken: dict[str, dict[str, bytes]] = {}
        """The latest status and log, framed in each language a watcher speaks."""
        self.watchers: set[Watcher] = set()
        self.shares: Shares[Watcher] = Shares(WATCHERS_PER_ADDRESS, WATCHERS)
        """The watchers by address."""
        self.pending: deque[asyncio.Future[dict[str, Any]]] = deque()
        self.writer: asyncio.StreamWriter | None = None
        self.connected = asyncio.Event()
        self.events_seen = 0
        self.listeners: list[Callable[[str, dict[str, Any]], None]] = []
        """Told every event of the board's news (``sim.web.metrics``), the PIN's aside."""
        self.on_pin: Callable[[str], None] | None = None
        """Given each PIN the board makes at its menu (the page's lock); None: the page keeps
        no PIN the board makes, and does not ask to be told them."""
        self.state: Position | None = None
        """The position the board told last, read (its moves are said from it)."""
        self.before: Position | None = None
        """The position before the last move (the last move is said from it)."""

    # --- the connection ---------------------------------------------------------------------

    async def run(self) -> None:
        """Stay connected to the board, for as long as the page runs."""
        while True:
            try:
                reader, writer = await asyncio.open_unix_connection(str(self.path),
                                                                    limit=1 << 22)
            except OSError:
                self._away()
                await asyncio.sleep(self.retry)
                continue
            self.writer = writer
            self.connected.set()
            log.info("connected to the board's link at %s", self.path)
            if self.on_pin is not None:
                self._keep_pins(writer)
            try:
                while line := await reader.readline():
                    self._dispatch(line)
            except (OSError, ValueError) as exc:  # ValueError: a line past the limit
                log.warning("the board's link failed: %s", exc)
            finally:
                self.writer = None
                self.connected.clear()
                writer.close()
                self._away()
            await asyncio.sleep(self.retry)

    def _away(self) -> None:
        while self.pending:
            future = self.pending.popleft()
            if not future.done():
                future.set_exception(BoardAway("the board is not reachable"))
        line = json.dumps(AWAY).encode() + b"\n"
        if self.latest.get("status") != framed(line):
            self._news("status", AWAY, line)

    def _keep_pins(self, writer: asyncio.StreamWriter) -> None:
        """Ask the board to tell this page the PINs its menu makes; its answer is awaited by
        nobody (a board that does not know the command refuses it: no PIN is made there)."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        future.add_done_callback(lambda done: done.cancelled() or done.exception())
        self.pending.append(future)
        writer.write(b'{"type":"pins"}\n')

    def _dispatch(self, line: bytes) -> None:
        try:
            kind, event = event_of(line)
        except Undecodable as exc:
            shown = line[:80] if b'"pin"' not in line else b"(a PIN's line, not shown)"
            log.warning("the board sent a line that is not an event: %r (%s)", shown, exc)
            return
        self.events_seen += 1
        if kind == "pin":  # before anything can publish, keep or log it
            self._pin_made(event.get("pin"))
            return
        if kind in ANSWERS and self.pending:
            future = self.pending.popleft()
            if not future.done():
                future.set_result(event)
            return
        self._news(kind, event, line)

    def _pin_made(self, pin: object) -> None:
        """The board made a new PIN at its menu: the page's lock takes it (``on_pin``)."""
        if not is_pin(pin):
            log.warning("the board told a PIN that is not 4 to 8 digits: not taken")
        elif self.on_pin is None:
            log.warning("the board told a PIN, but this page keeps none it makes")
        else:
            self.on_pin(pin)

    def _news(self, kind: str, event: dict[str, Any], line: bytes) -> None:
        for listener in self.listeners:
            listener(kind, event)
        if kind == "position":
            earlier = self.parsed.get("position")
            self.state = position_of(self.parsed.get("game"), event)
            if earlier is None or earlier.get("last") != event.get("last") or self.before is None:
                self.before = before_last(self.parsed.get("game"), event, earlier,
                                          self.parsed.get("played"))  # (a throw: the same)
        if kind in UNSHOWN:
            self.parsed[kind] = event  # for the page's metrics, never a browser's
            if self.estimates is not None and kind == "played":
                self.estimates.heard(kind, event, self._publish)
            position = self.parsed.get("position")
            if kind == "played" and position and position.get("last") and self.before is None:
                self.before = before_last(self.parsed.get("game"), position, None, event)
                if self.before is not None:  # its last move can be said now (a page that
                    self._publish("position", position, self.latest_line("position"))  # joined)
            return
        if self.estimates is not None:
            if kind != "position" or self.watchers:  # estimated only for someone to see
                self.estimates.heard(kind, event, self._publish)
            kept = self.estimates.chances_line()
            if kind == "chances" and event.get("cones") is None and kept is not None:
                event, line = kept  # no table: the page's estimate stands
        self._publish(kind, event, line)

    def _publish(self, kind: str, event: dict[str, Any], line: bytes) -> None:
        chunk = framed(line)  # framed once for every watcher (of each language)
        if kind in KEPT:
            self.latest[kind] = chunk
            self.parsed[kind] = event
        if kind in SPOKEN:
            self.spoken[kind] = {}
        for watcher in list(self.watchers):
            watcher.put(self._said(kind, watcher.language) if kind in SPOKEN else chunk)
            if watcher.dropped:
                self.unwatch(watcher)

    def _said(self, kind: str, language: str) -> bytes:
        """The latest ``kind`` of news (``SPOKEN``) framed in ``language``, once."""
        spoken = self.spoken.setdefault(kind, {})
        if language not in spoken:
            with speaking(language):
                event = self.said_now(kind) or {}
            spoken[language] = framed(json.dumps(event, ensure_ascii=False).encode())
        return spoken[language]

    def latest_line(self, kind: str) -> bytes:
        """The latest ``kind`` of news as the board's line."""
        return json.dumps(self.parsed.get(kind, {})).encode()

    def said_now(self, kind: str) -> dict[str, Any] | None:
        """The latest ``kind`` of news in the language spoken now: the status and the log said
        here, the moves and the last move in words (None: not told yet)."""
        event = self.parsed.get(kind)
        if event is None:
            return None
        if kind == "moves":
            return moves_in_words(event, self.state)
        if kind == "position":
            return last_in_words(event, self.before)
        return said_here(kind, event)

    # --- what the page uses --------------------------------------------------------------------

    async def ask(self, command: dict[str, Any], timeout: float | None = None) -> dict[str, Any]:
        """Send ``command`` and wait for its answer (``ok``, ``error``, or what it asked);
        ``BoardAway`` when the board is not reachable."""
        writer = self.writer
        if writer is None:
            raise BoardAway("the board is not reachable")
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.pending.append(future)
        writer.write(json.dumps(command).encode() + b"\n")
        try:
            await writer.drain()
            return await asyncio.wait_for(future, self.patience if timeout is None else timeout)
        except (OSError, TimeoutError) as exc:
            log.warning("the board did not answer %s (%s)", command.get("type"),
                        type(exc).__name__)
            raise BoardAway(f"the board did not answer ({type(exc).__name__})") from None

    def watch(self, language: str = "en", address: str = "?") -> Watcher | None:
        """A new watcher whose page speaks ``language``, told the whole board first; None when
        ``address`` (``sim.web.security.source``) holds its share already, or all are held."""
        watcher = Watcher(language, address)
        taken, evicted = self.shares.take(address, watcher)
        if not taken:
            return None
        if evicted is not None:  # the busiest address's oldest page makes room: it reconnects
            evicted.dropped = True
            evicted.woken.set()
            self.watchers.discard(evicted)
        for kind in KEPT:
            if kind in self.latest:
                watcher.put(self._said(kind, language) if kind in SPOKEN else self.latest[kind])
        self.watchers.add(watcher)
        position = self.parsed.get("position")
        if self.estimates is not None and position is not None and len(self.watchers) == 1:
            self.estimates.heard("position", position, self._publish)  # the first to watch
        return watcher

    def stop_watching(self) -> None:
        """Every page's stream ends now (the page stops): each browser is told the stream is
        over, as a page dropped for being too slow is, and tries again later."""
        for watcher in self.watchers:
            watcher.dropped = True
            watcher.woken.set()

    def unwatch(self, watcher: Watcher) -> None:
        self.watchers.discard(watcher)
        self.shares.give_back(watcher.address, watcher)

    def now(self, kind: str) -> dict[str, Any] | None:
        """The latest event of ``kind`` (None: not told yet)."""
        return self.parsed.get(kind)


def said_here(kind: str, event: dict[str, Any]) -> dict[str, Any]:
    """A status or log event in the language spoken here: the status as the board said it in
    that language, the log's sentences said again from their phrases (``told``); a board that
    told neither is heard as it said them."""
    if kind == "status":
        if event.get("phase") == "away":
            return {**event, "text": _(BOARD_AWAY)}
        said = event.get("said")
        text = said.get(language()) if isinstance(said, dict) else None
        return {key: value for key, value in event.items() if key != "said"} | (
            {"text": text} if isinstance(text, str) else {})
    told = event.get("told")
    if kind != "log" or not isinstance(told, list):
        return event
    try:
        lines = [say(told_text(sentence)) for sentence in told]
    except (ValueError, KeyError, IndexError, TypeError):  # a sentence this page cannot say
        return event
    return {key: value for key, value in event.items() if key != "told"} | {"lines": lines}
