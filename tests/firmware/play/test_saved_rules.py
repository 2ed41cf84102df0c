"""A save is resumed only under the rules it was played by: one character changed in its rules,
another game's save in this game's file, a game that raises when it is resumed or played. None
of them crash-loops the service, and none is lost (each is kept, never written over)."""

from __future__ import annotations

import json
import logging
import threading
from pathlib import Path
from typing import Any

import pytest

from engine.games import load
from firmware.play.controller import Settings
from firmware.play.store import Store
from firmware.service import daemon
from sim.board.table import Table


def a_saved_game(state_dir: Path, ruleset: str = "tait") -> Path:
    """A game a few throws in, saved as the board saves it; its save file."""
    with Table(state_dir=state_dir, settings=Settings(mummy=None, ruleset=load(ruleset)),
               seed=3) as table:
        table.sim.shake(1.0)
        table.run(3.0)
        assert table.controller.game is not None
    return Store(state_dir, ruleset).path


def test_a_save_whose_rules_were_changed_is_set_aside_not_resumed(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = a_saved_game(tmp_path)
    text = path.read_text()
    assert '"throw_weights": [[1, 4], [2, 6],' in text
    corrupted = text.replace("[2, 6]", "[5, 6]", 1)  # a throw of 5 cannot occur
    path.write_text(corrupted)
    with caplog.at_level(logging.WARNING), Table(state_dir=tmp_path,
                                                 settings=Settings(mummy=None)) as table:
        assert table.controller.game is None
        table.sim.shake(1.0)
        table.run(5.0)  # throws drawn from the running rules: nothing raises
        assert table.controller.game is not None
    assert (tmp_path / "game.bad-1.json").read_text() == corrupted
    assert "its rules are not those of" in caplog.text


def test_a_saves_rules_are_compared_before_they_are_built(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 350-byte save with a throw weight of 5e7 took 804 MB to build its rules."""
    path = a_saved_game(tmp_path)
    path.write_text(path.read_text().replace("[6, 1]]", "[6, 50000000]]", 1))

    def never(*args: Any) -> Any:
        raise AssertionError("the save's rules were built")

    monkeypatch.setattr("firmware.play.store.GameRecord.from_data", never)
    assert Store(tmp_path).load(load("tait")) is None
    assert (tmp_path / "game.bad-1.json").exists()


def test_another_games_save_is_moved_to_its_own_file_not_written_over(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    senet = a_saved_game(tmp_path, "senet")
    text = senet.read_text()
    senet.rename(tmp_path / "game.json")  # Tait's file holds a game of Senet
    with caplog.at_level(logging.WARNING), Table(state_dir=tmp_path,
                                                 settings=Settings(mummy=None)) as table:
        assert table.controller.game is None
        table.sim.shake(1.0)
        table.run(3.0)  # a new game of Tait's saves in game.json
        assert table.controller.game is not None
    assert senet.read_text() == text
    assert json.loads((tmp_path / "game.json").read_text())["record"]["ruleset"]["name"] == "tait"
    assert "moved it to game-senet.json" in caplog.text


def test_another_games_save_is_set_aside_when_its_own_file_is_taken(tmp_path: Path) -> None:
    senet = a_saved_game(tmp_path, "senet")
    text = senet.read_text()
    (tmp_path / "game.json").write_text(text)
    assert Store(tmp_path).load(load("tait")) is None
    assert (tmp_path / "game.bad-1.json").read_text() == text and senet.read_text() == text


def test_a_save_that_raises_when_resumed_is_set_aside_and_the_board_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = a_saved_game(tmp_path)
    text = path.read_text()

    def broken(record: Any) -> Any:
        raise IndexError("tuple index out of range")

    monkeypatch.setattr("firmware.play.phases.Game.from_record", broken)
    with Table(state_dir=tmp_path, settings=Settings(mummy=None)) as table:
        assert table.controller.game is None
    assert (tmp_path / "game.bad-1.json").read_text() == text and not path.exists()


class Stopwatch:
    """A monotonic clock that moves a frame each time it is read (no wall clock in tests)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.01
        return self.now


def test_a_game_that_raises_while_played_ends_the_loop_and_its_save_is_set_aside(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = a_saved_game(tmp_path)
    text = path.read_text()
    with Table(state_dir=tmp_path, settings=Settings(mummy=None)) as table:
        real_tick, ticks = table.controller.tick, []

        def tick() -> Any:
            ticks.append(1)
            if len(ticks) == 5:
                raise ValueError("no such throw: 5")
            return real_tick()

        table.controller.tick = tick  # type: ignore[method-assign]
        with caplog.at_level(logging.ERROR):
            problem = daemon.serve(table.controller, table.events, threading.Event(), frame=0.0,
                                   monotonic=Stopwatch())
    assert problem == "the game raised ValueError: no such throw: 5"
    assert (tmp_path / "game.bad-1.json").read_text() == text and not path.exists()
    assert "the saved game is set aside" in caplog.text
