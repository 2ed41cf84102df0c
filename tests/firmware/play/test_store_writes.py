"""The save keeps the game as it grows without replaying it at every save, and is written only
when it changed: whatever game is played next, the file always holds that one."""

from __future__ import annotations

import os
import random
from pathlib import Path

from engine.game import Game
from engine.record import GameRecord
from firmware.play.store import Saved, Store
from tests.engine.test_record import finished_game


def test_every_save_of_a_growing_game_holds_that_game_exactly(tmp_path: Path) -> None:
    store = Store(tmp_path)
    finished = finished_game()
    game = Game(first=finished.first)
    for action in finished.actions:
        game.apply(action)
        store.save(Saved(game.record))
        loaded = store.load()
        assert loaded is not None and loaded.record == game.record


def test_the_next_game_or_an_undo_is_saved_not_the_last_one(tmp_path: Path) -> None:
    store = Store(tmp_path)
    first = finished_game(3)
    store.save(Saved(first.record))
    second = finished_game(4)
    store.save(Saved(second.record))
    loaded = store.load()
    assert loaded is not None and loaded.record == second.record
    undone = GameRecord(second.ruleset, second.first, second.actions[:-2])
    store.save(Saved(undone))
    loaded = store.load()
    assert loaded is not None and loaded.record == undone


def test_an_unchanged_save_is_not_written_again_unless_the_file_is_gone(
        tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = Game()
    game.demon_cast(random.Random(5))
    store.save(Saved(game.record))
    os.utime(store.path, ns=(0, 0))  # as if written long ago
    store.save(Saved(game.record))
    assert store.path.stat().st_mtime_ns == 0  # not written again
    game.cast(game.state.rules.draw(random.Random(1)))
    store.save(Saved(game.record))
    assert store.path.stat().st_mtime_ns > 0  # changed: written
    store.clear()
    store.save(Saved(game.record))  # the file was forgotten: the save is written anew
    loaded = store.load()
    assert loaded is not None and loaded.record == game.record
