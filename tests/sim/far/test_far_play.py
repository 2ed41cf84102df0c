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


def test_a_window_joins_a_wooden_boards_game_by_its_code(tmp_path: Path) -> None:
    """``aseb sim --far CODE``: the window's simulated board (no board menu) gets its own link
    and companion (``sim.far.joining``) and plays the host's game to its end."""
    from firmware.play.controller import Settings
    from sim.board.demo import Demo
    from sim.board.table import Table
    from sim.far.joining import join_far

    with Mosquitto(tmp_path / "broker", ("kitchen", "laptop")) as broker:
        host = FarBoard(tmp_path, "kitchen", broker, "ramses", seed=11)
        window = Table(state_dir=tmp_path / "laptop", settings=Settings(
            ruleset=host.table.settings.ruleset, mummy_plays_both=True, mummy_delay=0.2),
            seed=12)
        hand = Demo(window.sim)
        joined = None
        try:
            code: list[str] = []
            play_until(lambda: bool(host.link.far.get("code")) and not code.append(
                host.link.far["code"]), host, seconds=20)
            joined = join_far(window, code[0], broker.network("laptop"), tmp_path / "laptop")
            window.controller.settings.mummy_plays_both = True  # the mummy's hand as the person

            class WindowBoard:  # the window's loop, as play_until drives a board
                name, companion = "laptop", joined.companion
                table = window

                def frame(self) -> None:
                    window.run(1 / 15)
                    hand.act(window.controller, window.now)

                def waits(self) -> bool:
                    return False

            laptop = WindowBoard()

            def alike() -> bool:
                a, b = host.record, window.controller.game
                return a is not None and b is not None and a.final_state().is_over \
                    and a.to_json() == b.record.to_json()
            play_until(alike, host, laptop, seconds=240)  # type: ignore[arg-type]
            assert window.controller.remote is Side.CONES
        finally:
            if joined is not None:
                joined.close()
            window.close()
            host.close()
