"""``aseb far``: the board's MQTT companion. It reaches the board through the board's link and the
broker through paho-mqtt, and runs beside the board as ``aseb web`` does (never in the board's
own loop: a broker that hangs never stalls a frame).

It publishes the board's state for a museum (retained, with Home Assistant's discovery), says
"online" and leaves "offline" as its last will, and plays far games (``sim.far.far_play``): what
a page or the board menu asks (the link's ``far`` event and the ``opponent`` setting), what the
far board sends, and what the board does, each carried to the other side.

    companion = Companion(Path("/run/aseb/link.sock"), network, state_dir)
    companion.run(stop)                  # until ``stop`` is set
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import secrets
import selectors
import socket
import threading
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from engine.core.errors import BadRecord, RulesError
from engine.record import GameRecord
from hardware.doors.decoder import decode
from hardware.doors.file_reader import Unreadable, read_bytes
from hardware.doors.writer import set_aside, write_whole
from sim.far import messages, topics
from sim.far.broker import BrokerClient
from sim.far.config import Network
from sim.far.far_play import FarPlay
from sim.far.link_client import LinkClient
from sim.far.protocol import record_of
from sim.far.status import FORGET, board_state, discovery

log = logging.getLogger(__name__)

ANSWERS = frozenset({"ok", "error", "games", "record", "stats"})
"""The events that answer a command, in the order the commands were sent."""
AGAIN = 0.25
"""Seconds after which the companion looks again with no news (a step the board refused)."""
RECONNECT = 1.0
"""Seconds between two tries to reach the board's link."""
STATE_EVERY = 1.0
"""Seconds between two state messages at most (a state that did not change is not sent)."""
SEEN_EVERY = 60.0
"""Seconds between two state messages at least: the museum sees when each board was last
seen."""


class Companion:
    """One board's companion: its link, its broker client and its far play."""

    def __init__(self, link_path: Path, network: Network, state_dir: Path, *,
                 clock: Callable[[], float] = time.monotonic,
                 client: Callable[..., Any] = BrokerClient) -> None:
        self.link = LinkClient(link_path)
        self.name = network.name
        self.clock = clock
        self.state_dir = state_dir
        state_dir.mkdir(parents=True, exist_ok=True)
        self.inbox: queue.SimpleQueue[tuple[str, bytes, bool] | bool] = queue.SimpleQueue()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self.museum = not network.broker.anonymous
        """Whether the board tells a museum its state (on a broker of its own, with an
        account): on a public broker it tells nothing but its sealed far game."""
        self.restarts, self._since, self.client_id = self._load_counts()
        self.broker = client(network.broker, self.client_id,
                             will=(topics.online(self.name), b"offline") if self.museum
                             else None, heard=self._heard, connected=self._connected,
                             keep=FORGET)
        self.far = FarPlay(self.name, self.broker, state_dir / "far.json", clock)
        self.board_up = False
        self._record: tuple[Any, GameRecord | None] = (None, None)
        self._told: dict[str, Any] | None = None
        self._state: tuple[bytes, float] | None = None
        self._online: bytes | None = None
        self._sent: list[dict[str, Any]] = []
        self._games: tuple[str, int] | None = None
        self._asked_games = False
        self._next_link = 0.0
        self._due = 0.0
        self.killed = False
        """Stop as a power cut does (tests): no goodbye to the broker."""
        self.busy = threading.Event()
        """Set whenever the companion sent the board a command (tests wait on it)."""

    # --- the loop ------------------------------------------------------------------------

    def run(self, stop: threading.Event) -> None:
        """Serve until ``stop`` is set."""
        self.broker.start()
        selector = selectors.DefaultSelector()
        selector.register(self._wake_r, selectors.EVENT_READ)
        try:
            while not stop.is_set():
                self.once(selector, 0.25)
        finally:
            selector.close()
            self.close()

    def once(self, selector: selectors.BaseSelector, timeout: float) -> None:
        """One turn: wait for the link or the broker (``timeout`` at most), then act."""
        now = self.clock()
        if not self.link.connected and now >= self._next_link:
            self._next_link = now + RECONNECT
            if self.link.connect():
                selector.register(self.link.sock, selectors.EVENT_READ)  # type: ignore[arg-type]
                self._sent.clear()
                self._told = None
                self._asked_games = False
        for _key, _mask in selector.select(timeout):
            pass
        with contextlib.suppress(BlockingIOError):
            self._wake_r.recv(4096)
        was_up = self.link.connected
        sock = self.link.sock
        events = self.link.read()
        for event in events:
            self._from_board(event)
        dirty = bool(events) or now >= self._due
        if was_up and not self.link.connected and sock is not None:
            with contextlib.suppress(KeyError, ValueError):
                selector.unregister(sock)
            log.warning("the board's link closed: trying again")
        while True:
            try:
                item = self.inbox.get_nowait()
            except queue.Empty:
                break
            dirty = True
            if isinstance(item, bool):
                trouble = getattr(self.broker, "trouble", None)
                self.far.broker_up(item, trouble.words if trouble is not None else None)
                if item:
                    self._announce()
            else:
                self.far.heard(*item)
        if dirty or was_up != self.link.connected:
            self._due = self.clock() + AGAIN  # a step refused is asked again by then
            self._act()

    def close(self) -> None:
        """Leave the broker saying this board is offline, and the link (``killed``: as a power
        cut does, saying nothing: the broker tells the last will)."""
        if self.killed:
            self.broker.drop()
        else:
            if self.broker.is_connected and self.museum:
                self.broker.publish(topics.online(self.name), b"offline", retain=True)
            self.broker.stop()
        self.link.close()
        self._wake_r.close()
        self._wake_w.close()

    # --- from the broker's thread ----------------------------------------------------------

    def _heard(self, topic: str, payload: bytes, retained: bool) -> None:
        self.inbox.put((topic, payload, retained))
        self._wake()

    def _connected(self, up: bool) -> None:
        self.inbox.put(up)
        self._wake()

    def _wake(self) -> None:
        with contextlib.suppress(BlockingIOError, OSError):
            self._wake_w.send(b"!")

    # --- from the board --------------------------------------------------------------------

    def _from_board(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind in ANSWERS and self._sent:
            command = self._sent.pop(0)
            if kind == "error":
                log.info("the board did not take %s: %s", command.get("type"),
                         event.get("message"))
            self.far.done(command, kind == "ok")
        if kind in ("status", "position", "moves", "throw", "played"):
            self.far.board_moved()  # what the board was not ready for may be taken now
        if kind == "health":
            since = event.get("since")
            if not isinstance(since, int | float) or isinstance(since, bool):
                since = None
            if self._since is not None and since != self._since:
                self.restarts += 1  # another life of the board
            if since != self._since:
                self._since = since
                self._save_counts()
        elif kind == "games":
            today = datetime.now().date()
            count = 0
            for item in event.get("games", []):
                when = item.get("time") if isinstance(item, dict) else None
                with contextlib.suppress(TypeError, ValueError, OverflowError, OSError):
                    count += datetime.fromtimestamp(when).date() == today  # type: ignore[arg-type]
            self._games = (today.isoformat(), count)
        elif kind == "game_over":
            self._asked_games = False

    def _local(self) -> GameRecord | None:
        """The board's game, from the link's ``played`` event (read once an event)."""
        event = self.link.latest.get("played")
        if event is None or event is self._record[0]:
            return self._record[1]
        data = event.get("record")
        record = None
        if isinstance(data, dict):
            try:  # the board's own rules are a game it knows: their tables made once
                record = record_of(msgspec.convert(data, messages.Record))
            except (msgspec.ValidationError, ValueError):
                try:
                    record = GameRecord.from_data(data)
                except (BadRecord, RulesError, ValueError) as exc:
                    log.warning("the board's game cannot be read: %s", exc)
        self._record = (event, record)
        return record

    def _send(self, command: dict[str, Any]) -> None:
        if self.link.send(command):
            self._sent.append(command)
            self.busy.set()

    def _act(self) -> None:
        """Everything that follows from what is known now."""
        self._publish_state()
        if not self.link.connected or "played" not in self.link.latest:
            return
        if not self._asked_games:
            self._asked_games = True
            self._send({"type": "games"})
        far = self.far
        if self._sent:
            return  # one command at a time: its answer first
        asked = self.link.latest.get("far", {}).get("asked")
        settings = self.link.latest.get("settings", {}).get("values", {})
        opponent = settings.get("opponent")
        done = None
        if isinstance(asked, dict):
            done = asked.get("action")
            if done == "offer":
                far.offer()
            elif done == "join":
                far.join(str(asked.get("code") or ""))
            elif done == "end":
                far.end()
        elif opponent == "far" and far.seat is None and far.problem is None:
            far.offer()  # chosen on the board menu (or the settings page)
        elif opponent not in (None, "far") and (far.seat is not None or far.problem):
            far.end()  # another opponent chosen: what went wrong is behind too
            far.problem = far.tried = None
        told = far.told()
        if done is not None or told != self._told:
            self._told = told
            self._send({**told, **({"done": done} if done is not None else {})})
            if done in ("offer", "join") and opponent != "far" and far.seat is not None:
                self._send({"type": "set", "key": "opponent", "value": "far"})
            elif done == "end" and opponent == "far":
                self._send({"type": "set", "key": "opponent", "value": "none"})
            return
        local = self._local()
        far.publish(local)
        status = self.link.latest.get("status", {})
        game = self.link.latest.get("game", {}).get("name", "")
        command = far.step(local, str(status.get("phase", "")), str(game))
        if command is not None:
            self._send(command)
        far.flush()

    # --- for the museum --------------------------------------------------------------------

    def _announce(self) -> None:
        """A new connection: online, and Home Assistant's discovery."""
        self._online = None
        self._state = None
        if not self.museum:
            return
        for topic, payload in discovery(self.name):
            self.broker.publish(topic, payload, retain=True)

    def _publish_state(self) -> None:
        if not self.broker.is_connected or not self.museum:
            return
        online = b"online" if self.link.connected else b"offline"
        if online != self._online:
            self._online = online
            self.broker.publish(topics.online(self.name), online, retain=True)
        if not self.link.connected or "settings" not in self.link.latest:
            return
        today = datetime.now().date().isoformat()
        games = self._games[1] if self._games is not None and self._games[0] == today else 0
        told = board_state(self.name, self.link.latest, games_today=games,
                           restarts=self.restarts, far=self.far.told())
        state = json.dumps(told).encode()
        now = self.clock()
        if self._state is not None and now - self._state[1] < SEEN_EVERY and (
                self._state[0] == state or now - self._state[1] < STATE_EVERY):
            return
        self._state = (state, now)
        told = {**told, "at": round(time.time(), 1)}  # when the museum last saw it
        self.broker.publish(topics.state(self.name), json.dumps(told).encode(), retain=True)

    def _load_counts(self) -> tuple[int, float | None, str]:
        """The board's restarts and its last life, and this companion's client id (made once:
        random, so nobody else on the broker takes it), from ``companion.json``."""
        path = self.state_dir / "companion.json"
        try:
            kept: messages.Counts = decode(read_bytes(path, messages.COMPANION_FILE, follow=False),
                          messages.COMPANION_FILE, messages.Counts, source=str(path))
        except FileNotFoundError:
            kept = messages.Counts()
        except (Unreadable, ValueError) as exc:
            set_aside(path, "companion file", str(exc).removeprefix(f"{path}: "),
                      ": the restarts are counted afresh")
            kept = messages.Counts()
        client = kept.client or f"aseb-{secrets.token_hex(12)}"
        if kept.client is None:
            self._save_counts(kept.restarts, kept.since, client)
        return kept.restarts, kept.since, client

    def _save_counts(self, restarts: int | None = None, since: float | None = None,
                     client: str | None = None) -> None:
        kept = messages.Counts(self.restarts if restarts is None else restarts,
                               self._since if restarts is None else since,
                               client or self.client_id)
        try:
            write_whole(self.state_dir / "companion.json", msgspec.json.encode(kept).decode())
        except OSError as exc:
            log.error("the companion's counts could not be saved: %s", exc)
