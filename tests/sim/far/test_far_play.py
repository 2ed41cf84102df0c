"""Two boards far apart play each other through a real Mosquitto (TLS from a test CA, the shipped
access list): every game of the family a board plays, to its end, the same game on both boards,
move for move."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.sides import Side
from tests.sim.far.mosquitto import Mosquitto
from tests.sim.far.two_boards import FarBoard, finished_alike, join, play_until


@pytest.mark.parametrize("game", ["tait", "cyningstan", "senet", "ramses"])
def test_two_boards_play_a_whole_game_through_the_broker(tmp_path: Path, game: str) -> None:
    with Mosquitto(tmp_path / "broker", ("kitchen", "grandma")) as broker:
        host = FarBoard(tmp_path, "kitchen", broker, game, seed=1)
        guest = FarBoard(tmp_path, "grandma", broker, game, seed=2)
        try:
            join(host, guest)
            assert host.table.controller.remote is Side.REELS
            assert guest.table.controller.remote is Side.CONES
            play_until(finished_alike(host, guest), host, guest, seconds=240)
        finally:
            host.close()
            guest.close()
