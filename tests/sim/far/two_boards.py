"""Two simulated boards playing each other through a real broker, in one process: each board is
the real controller on the simulated board (``sim.board.table.Table``) with its link, the mummy's
hand playing its person's side and carrying out the far board's moves (``sim.board.demo.Demo``),
and its companion (``sim.far.companion``) in a thread of its own, as ``aseb far`` runs beside
``aseb run``.

The boards' clocks are fake and go a frame at a time; when both boards wait for the far board
(a message on its way through the broker) the loop waits on the companions' own signal that
they told a board something, never on the wall clock alone.

    with Mosquitto(tmp_path, ("kitchen", "grandma")) as broker:
        host, guest = FarBoard(tmp_path, "kitchen", broker), FarBoard(tmp_path, "grandma", broker)
        join(host, guest); play_until(lambda: done(host, guest), host, guest)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import games
from engine.mummy import Level
from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from firmware.service.link import Link
from sim.board.demo import Demo
from sim.board.table import Table
from sim.far.companion import Companion
from sim.far.config import Network
from sim.far.link_client import LinkClient
from tests.sim.far.mosquitto import Mosquitto

FRAME = 1 / 15


class FarBoard:
    """One simulated board that plays a board far away, with its link and its companion."""

    def __init__(self, root: Path, name: str, broker: Mosquitto, game: str = "tait", *,
                 seed: int = 0, network: Network | None = None) -> None:
        self.name = name
        self.root = root / name
        self.root.mkdir(parents=True, exist_ok=True)
        self.broker = broker
        self.network = network or broker.network(name)
        self.game_name = game
        self.seed = seed
        self.table: Table
        self.link: Link
        self.demo: Demo
        self.companion: Companion | None = None
        self.finished: str | None = None
        self.finished_frame: Any = None
        """The last game this board finished, as JSON (kept: the mummy's hand may begin the
        next one before the far board has played the last move)."""
        self.thread: threading.Thread | None = None
        self.stop = threading.Event()
        self.power_on()
        self.start_companion()

    def power_on(self) -> None:
        """The board starts (again): its controller resumes its save, its link opens."""
        settings = Settings(ruleset=games.load(self.game_name), mummy_plays_both=True,
                            level=Level.SCRIBE, mummy_delay=0.2, celebrate=1.0)
        self.table = Table(state_dir=self.root / "state", settings=settings, seed=self.seed,
                           menu=True, overrides={"game": self.game_name, "opponent": "far"})
        self.demo = Demo(self.table.sim)
        self.demo.hand.think, self.demo.hand.carry = 0.1, 0.2
        self.link = Link(self.root / "link.sock", self.table.controller,
                         lambda: self.table.controller.last_frame, choices=self.table.choices,
                         games=self.root / "state" / "games")
        self.link.open()

    def power_off(self) -> None:
        """The board stops at once (its save is what the disk holds)."""
        self.link.close()
        self.table.close()

    def start_companion(self, network: Network | None = None) -> None:
        self.stop = threading.Event()
        self.companion = Companion(self.root / "link.sock", network or self.network,
                                   self.root / "far")
        self.thread = threading.Thread(target=self.companion.run, args=(self.stop,),
                                       daemon=True)
        self.thread.start()

    def stop_companion(self, hard: bool = False) -> None:
        """Stop the companion: cleanly, or (``hard``) as a power cut does."""
        if hard and self.companion is not None:
            self.companion.killed = True
        self.stop.set()
        if self.thread is not None:
            self.thread.join(10)
        self.companion = None

    def frame(self) -> None:
        table = self.table
        table.sim.advance(FRAME)
        table.pump()
        self.demo.act(table.controller, table.now)
        self.link.tick()
        if table.controller.phase is Phase.WON and self.finished_frame is not table.controller.game:
            self.finished_frame = table.controller.game
            self.finished = self.record.to_json() if self.record is not None else None

    @property
    def record(self) -> Any:
        game = self.table.controller.game
        return game.record if game is not None else None

    def waits(self) -> bool:
        """Whether nothing happens here until the far board's word comes."""
        controller = self.table.controller
        if controller._far_waits():  # the far move heard is this board's hand's to carry out
            return controller.phase is not Phase.GUIDE and controller.mummy_move is None \
                and not self.demo.hand.busy
        return controller.phase is Phase.IDLE and not controller.far_begins

    def close(self) -> None:
        self.stop_companion()
        self.power_off()


def ask(board: FarBoard, command: dict[str, Any]) -> None:
    """Send a command to a board's link as a page would (and answer it by a frame)."""
    client = LinkClient(board.root / "link.sock")
    assert client.connect()
    client.send(command)
    board.frame()
    board.frame()
    client.close()


def play_until(done: Callable[[], bool], *boards: FarBoard, seconds: float = 120.0,
               between: Callable[[], None] | None = None) -> None:
    """Run the boards frame by frame until ``done`` (AssertionError after ``seconds`` of the
    wall clock: a far game stuck)."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("the far game did not go on: " + "; ".join(
                f"{b.name}: {b.table.controller.status()} ({b.table.controller.phase.name})"
                for b in boards))
        for board in boards:
            if board.companion is not None:
                board.companion.busy.clear()
        for board in boards:
            board.frame()
        if between is not None:
            between()
        if all(board.waits() for board in boards):
            for board in boards:  # a message is on its way: wait for a companion's word
                if board.companion is not None and board.companion.busy.wait(0.05):
                    break


def join(host: FarBoard, guest: FarBoard) -> str:
    """The guest joins the code the host's board said; the code."""
    code: list[str] = []

    def offered() -> bool:
        far = host.link.far
        if far.get("state") == "offering" and far.get("code"):
            code.append(far["code"])
            return True
        return False

    play_until(offered, host, guest, seconds=20)
    ask(guest, {"type": "far_ask", "action": "join", "code": code[0]})
    play_until(lambda: host.link.far.get("state") == "playing"
               and guest.link.far.get("state") == "playing", host, guest, seconds=20)
    return code[0]


def finished_alike(host: FarBoard, guest: FarBoard) -> Callable[[], bool]:
    """Whether both boards have finished the same game, move for move."""
    def check() -> bool:
        return host.finished is not None and host.finished == guest.finished
    return check
