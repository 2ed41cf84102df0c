"""The stacking game in the window (on the simulated Hall board, as every game) resumes only its
own save: another game's save found in its file is moved home (or set aside), with a log line,
as every other game does, never written over by a new stacking game; a link in its place is set
aside, never followed."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.game import Game
from engine.stacks import STACKS
from engine.tait.state import TAIT
from firmware.play.store import Saved, Store
from sim.window.settings import WindowSettings
from sim.window.window import Window
from tests.sim.window.test_stacks_window import thrown
from tests.sim.window.window_hands import start_pygame

R = Side.REELS


def tait_game_saved(path: Path) -> str:
    """A Tait game of a few throws saved at ``path``; its text."""
    store = Store(path.parent)
    game = Game(TAIT, Side.CONES)
    store.path = path
    store.save(Saved(game.record, mummy=R))
    return path.read_text()


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def opened(tmp_path: Path) -> Window:
    return Window.open(state_dir=tmp_path, game="stacks", seed=1,
                       settings=WindowSettings(mummy=R))


def new_game_of_stacks(window: Window) -> bool:
    """Whether the window plays a new stacking game (none yet, or one with nothing done)."""
    game = window.controller.game
    return window.controller.rules.name == "stacks" and (game is None or game.actions == ())


def test_a_tait_save_in_the_stacking_games_file_is_moved_home(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    text = tait_game_saved(tmp_path / "game-stacks.json")
    with caplog.at_level(logging.WARNING):
        window = opened(tmp_path)
    assert new_game_of_stacks(window)  # a new stacking game ...
    assert (tmp_path / "game.json").read_text() == text  # ... and Tait's where Tait resumes it
    thrown(window)  # saved after its first throw, in its own file
    window.controller.flush()
    assert Store(tmp_path, "stacks").load(STACKS) is not None
    assert (tmp_path / "game.json").read_text() == text
    assert "is a game of tait" in caplog.text and "moved it to game.json" in caplog.text


def test_it_is_set_aside_when_its_own_file_is_taken(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    own = tait_game_saved(tmp_path / "game.json")
    stray = tait_game_saved(tmp_path / "game-stacks.json")
    with caplog.at_level(logging.WARNING):
        opened(tmp_path)
    assert (tmp_path / "game.json").read_text() == own
    assert (tmp_path / "game-stacks.bad-1.json").read_text() == stray
    assert "whose own save game.json is taken" in caplog.text


def test_a_link_in_its_place_is_set_aside_not_followed(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    own = tait_game_saved(tmp_path / "game.json")
    (tmp_path / "game-stacks.json").symlink_to("game.json")
    with caplog.at_level(logging.WARNING):
        window = opened(tmp_path)
    assert new_game_of_stacks(window)
    assert (tmp_path / "game.json").read_text() == own  # Tait's game untouched
    assert (tmp_path / "game-stacks.bad-1.json").is_symlink()
    assert not (tmp_path / "game-stacks.json").is_symlink()  # the stacking game's own file now
    assert "symbolic link" in caplog.text
