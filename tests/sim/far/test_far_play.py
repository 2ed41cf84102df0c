"""Two boards far apart play each other through a real Mosquitto (TLS from a test CA, the shipped
access list): every game of the family a board plays, to its end, the same game on both boards,
move for move. ``make test`` plays Ramses' short game; the other games, the window and the
terminal joining are ``make test-long``."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from engine.core.sides import Side
from firmware.play.tracker import AsExpected
from tests.sim.far.mosquitto import Mosquitto
from tests.sim.far.two_boards import FarBoard, finished_alike, join, play_until


@pytest.mark.parametrize("game", [
    "ramses", *(pytest.param(game, marks=pytest.mark.long)
                for game in ("tait", "cyningstan", "senet"))])
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


@pytest.mark.long
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
                game = window.controller.game
                return host.finished is not None and game is not None \
                    and host.finished == game.record.to_json()
            play_until(alike, host, laptop, seconds=240)  # type: ignore[arg-type]
            assert window.controller.remote is Side.CONES
        finally:
            if joined is not None:
                joined.close()
            window.close()
            host.close()


@pytest.mark.long
def test_the_terminal_plays_a_wooden_board_by_its_code(tmp_path: Path) -> None:
    """``aseb play --far CODE``: typed lines (Enter, a move's number) against a board far
    away; the game ends the same on both."""
    from firmware.lights.scenes import Phase
    from firmware.play.controller import Settings
    from sim.board.table import Table
    from sim.far.joining import join_far
    from sim.terminal.far_game import FarTerminal

    with Mosquitto(tmp_path / "broker", ("kitchen", "laptop")) as broker:
        host = FarBoard(tmp_path, "kitchen", broker, "tait", seed=13)
        table = Table(state_dir=tmp_path / "laptop", settings=Settings(
            ruleset=host.table.settings.ruleset, mummy=None), seed=14)
        joined = None
        written: list[str] = []
        try:
            code: list[str] = []
            play_until(lambda: bool(host.link.far.get("code")) and not code.append(
                host.link.far["code"]), host, seconds=20)
            joined = join_far(table, code[0], broker.network("laptop"), tmp_path / "laptop")
            clock = [0.0]
            deadline = time.monotonic() + 300

            def typed(seconds: float) -> str | None:
                """The player at the terminal: Enter to throw, the first move listed."""
                clock[0] += 1 / 15
                host.frame()
                if joined is not None and host.waits():
                    joined.companion.busy.wait(0.01)
                game = table.controller.game
                if host.finished is not None and game is not None \
                        and game.record.to_json() == host.finished:
                    raise EOFError  # the game is over on both boards
                assert time.monotonic() < deadline, written[-3:]
                controller = table.controller
                if controller._far_waits() or terminal.hand.busy or \
                        not isinstance(controller.verdict, AsExpected):
                    return None
                if controller.phase is Phase.THROW:
                    return ""
                if controller.phase is Phase.MOVE and controller.mummy_move is None:
                    return "1"
                return None

            terminal = FarTerminal(table, typed, written.append, clock=lambda: clock[0])
            terminal.run()
            assert table.controller.game is not None
            assert table.controller.game.record.to_json() == host.finished
            assert any("1)" in line for line in written)  # the moves were listed
        finally:
            if joined is not None:
                joined.close()
            table.close()
            host.close()
