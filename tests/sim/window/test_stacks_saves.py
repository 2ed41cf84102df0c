"""The stacking game in the window resumes only its own save: another game's save found in its
file is moved home (or set aside), with a log line, as every other game does, never written over
by a new stacking game; a link in its place is set aside, never followed."""

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
from sim.window.stacks_play import StacksPlay

R = Side.REELS


def tait_game_saved(path: Path) -> str:
    """A Tait game of a few throws saved at ``path``; its text."""
    store = Store(path.parent)
    game = Game(TAIT, Side.CONES)
    store.path = path
    store.save(Saved(game.record, mummy=R))
    return path.read_text()


def opened(tmp_path: Path) -> StacksPlay:
    return StacksPlay(WindowSettings(mummy=R), store=Store(tmp_path, "stacks"), seed=1)


def test_a_tait_save_in_the_stacking_games_file_is_moved_home(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    text = tait_game_saved(tmp_path / "game-stacks.json")
    with caplog.at_level(logging.WARNING):
        play = opened(tmp_path)
    assert play.game.ruleset.name == "stacks"  # a new stacking game ...
    assert (tmp_path / "game.json").read_text() == text  # ... and Tait's where Tait resumes it
    play.throw()  # saved after its first throw, in its own file
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
        play = opened(tmp_path)
    assert play.game.ruleset.name == "stacks"
    assert (tmp_path / "game.json").read_text() == own  # Tait's game untouched
    assert (tmp_path / "game-stacks.bad-1.json").is_symlink()
    assert not (tmp_path / "game-stacks.json").is_symlink()  # the stacking game's own file now
    assert "symbolic link" in caplog.text
