"""A simulated board with its link, for the web page's tests: the table ticks when a test lets
time pass, and the link also answers at once when a command or a companion arrives (a thread
woken by the sockets, never by a timer: a companion's message arriving, or room to send the
rest of an answer), each under one lock so the board has one hand at a time.

    with WebBoard(tmp_path) as board, board.client() as client:
        board.run(2.0); board.sync(client); client.get("/")
"""

from __future__ import annotations

import contextlib
import select
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from engine.tait.state import GameState
from firmware.play.controller import Settings
from firmware.service.link import Link
from sim.board.table import Table
from sim.web.app import create_app
from sim.web.board_link import BoardLink
from sim.web.config import WebConfig
from tests.firmware.hand import carry_out


class Clock:
    """The page's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class LinkTicked:
    """The link ticked by the table's frames, which wakes the answering thread when the link's
    sockets changed there (a page let in, an answer left to send): otherwise that thread would
    go on waiting on sockets that are no longer all of them."""

    def __init__(self, link: Link, wake: socket.socket) -> None:
        self.link = link
        self.wake = wake

    def tick(self) -> None:
        before = len(self.link.companions)
        self.link.tick()
        if len(self.link.companions) != before or any(c.outbox for c in self.link.companions):
            with contextlib.suppress(OSError):
                self.wake.send(b"!")


class WebBoard:
    """The simulated board, its link, and the page's app talking to it."""

    def __init__(self, tmp_path: Path, pin: str | None = "2468", seed: int = 3,
                 settings: Settings | None = None, story: str | None = None,
                 language: str | None = None, port: int = 8020,
                 metrics: tuple[str, ...] = ()) -> None:
        self.table = Table(state_dir=tmp_path / "board", menu=True, seed=seed, settings=settings,
                           story=story)
        self.link = Link(tmp_path / "run" / "link.sock", self.table.controller,
                         lambda: self.table.controller.last_frame, choices=self.table.choices,
                         games=tmp_path / "board" / "games")
        self.link.open()
        self.lock = threading.Lock()
        self.wake_read, self.wake_write = socket.socketpair()
        self.wake_read.setblocking(False)
        self.wake_write.setblocking(False)
        self.table.companions.append(LinkTicked(self.link, self.wake_write))
        self.stopping = False
        self.thread = threading.Thread(target=self._answer, daemon=True)
        self.thread.start()
        self.clock = Clock()
        # The board, the page and the browser's test share one process, under whatever else
        # the machine runs: the page waits longer for its board than a person would.
        self.board_link = BoardLink(self.link.path, retry=0.05, patience=30.0)
        self.app = create_app(self.board_link, WebConfig(pin=pin, port=port, metrics=metrics),
                              tmp_path / "web",
                              clock=self.clock, wall=self.clock, language=language)

    def _answer(self) -> None:
        """Tick the link whenever one of its sockets has something to read."""
        while not self.stopping:
            sockets: list[Any] = [self.wake_read]
            with self.lock:
                if self.link.listener is not None:
                    sockets.append(self.link.listener)
                sockets += [c.sock for c in self.link.companions]
                # What a slow reader has not taken yet goes on once it can be written.
                unsent = [c.sock for c in self.link.companions if c.outbox]
            with contextlib.suppress(OSError, ValueError):
                select.select(sockets, unsent, [])
            with contextlib.suppress(OSError):
                self.wake_read.recv(4096)
            if self.stopping:
                return
            with self.lock:
                self.link.tick()

    def run(self, seconds: float) -> None:
        """Let simulated time pass on the table (the link ticks every frame)."""
        with self.lock:
            self.table.run(seconds)

    def client(self, address: str = "127.0.0.1") -> TestClient:
        """A browser at ``address``."""
        return TestClient(self.app, base_url="http://127.0.0.1", client=(address, 50000))

    def sync(self, client: TestClient) -> None:
        """Wait until the page has heard everything the board said so far (the answer to a
        command comes after all the news before it)."""
        portal = client.portal
        assert portal is not None, "use the client in a with block"
        portal.call(self.board_link.connected.wait)
        portal.call(self.board_link.ask, {"type": "games"})

    def set_up(self, text: str) -> GameState:
        """The board showing ``text``'s position, played on from there."""
        state = GameState.parse(text)
        with self.lock:
            for square in state.owners():
                self.table.sim.place(square)
            self.table.run(0.5)
            self.table.controller.set_up(state)
            self.table.run(0.5)
        return state

    def carry_out(self, state: Any, move: Any) -> None:
        with self.lock:
            carry_out(self.table, state, move)
            self.table.run(0.5)

    def close(self) -> None:
        self.stopping = True
        with contextlib.suppress(OSError):  # full: the thread is woken already
            self.wake_write.send(b"x")
        self.thread.join()
        self.link.close()
        self.table.close()
        self.wake_read.close()
        self.wake_write.close()

    def __enter__(self) -> WebBoard:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@contextlib.contextmanager
def connected(board: WebBoard) -> Iterator[TestClient]:
    """A client of the page, once the page has heard the whole board."""
    with board.client() as client:
        board.sync(client)
        yield client
