"""A window or a terminal joins a far game (``aseb sim --far CODE``, ``aseb play --far CODE``): the
simulated board it plays on gets a link of its own (a private socket in its state directory),
and the companion runs beside it in a thread, as ``aseb far`` runs beside a board, so a laptop
plays a wooden board far away through the same link, the same companion and the same controller.

    joined = join_far(table, "314159", network, state_dir)   # table: sim.board.table.Table
    ...; joined.close()
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from firmware.service.link import Link
from sim.board.table import Table
from sim.far.companion import Companion
from sim.far.config import Network


@dataclass
class Joined:
    """A far game joined: the board's link and the companion's thread."""

    link: Link
    companion: Companion
    stop: threading.Event
    thread: threading.Thread

    def close(self) -> None:
        self.stop.set()
        self.thread.join(10)
        self.link.close()


def join_far(table: Table, code: str, network: Network, state_dir: Path) -> Joined:
    """Join the far game of ``code`` on ``table``'s simulated board: its link opened and ticked
    with the table, the controller playing a board far away, the companion started and asked
    to join."""
    controller = table.controller
    controller.settings.far = True
    controller.settings.mummy = None
    controller.settings.mummy_plays_both = False
    state_dir.mkdir(parents=True, exist_ok=True)
    link = Link(state_dir / "far-link.sock", controller, lambda: controller.last_frame,
                choices=table.choices, games=state_dir / "games")
    link.open()
    table.companions.append(link)
    companion = Companion(link.path, network, state_dir / "far")
    if companion.far.seat is None or companion.far.seat.code != code:
        link.far_asked = {"action": "join", "code": code}
    stop = threading.Event()
    thread = threading.Thread(target=companion.run, args=(stop,), daemon=True,
                              name="aseb-far")
    thread.start()
    return Joined(link, companion, stop, thread)
