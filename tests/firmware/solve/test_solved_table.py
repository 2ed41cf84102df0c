"""The solved table file: lookups match the solve, bad files are answered in one line, and
finished games are kept as records to review."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from engine.core.sticks import Throw
from engine.game import Game
from engine.tait.state import TAIT, GameState, Ruleset
from firmware.play.records import load_game, save_game
from firmware.solve.table import TableError, find_table, open_table
from sim.command.cli import main
from tests.solved import TWO, table_directory, two_piece_table


def test_every_lookup_reads_the_solved_value() -> None:
    table = two_piece_table()
    meta = json.loads((table_directory() / "tait-2.json").read_text())
    assert table.chance(GameState.new(TWO).code) == pytest.approx(meta["start_value"], abs=1e-5)
    values = np.fromfile(table_directory() / "tait-2.values", dtype="<u2")
    assert len(values) == meta["positions"] == table.index.size


def test_a_position_with_more_extra_turns_than_any_game_is_not_held() -> None:
    table = two_piece_table()
    state = GameState.parse("C:C1 R:R1 entered:CR extra:3", TWO)
    assert table.chance(state.code) is None


def test_a_missing_table_says_how_to_make_one(tmp_path: Path) -> None:
    with pytest.raises(TableError, match="aseb solve"):
        open_table(tmp_path, TAIT)
    assert find_table(tmp_path, TAIT) is None


@pytest.mark.parametrize("garble", ["binary", "json", "truncated", "rules"])
def test_a_garbled_table_is_refused_in_one_line(tmp_path: Path, garble: str) -> None:
    shutil.copytree(table_directory(), tmp_path / "t")
    meta, values = tmp_path / "t" / "tait-2.json", tmp_path / "t" / "tait-2.values"
    if garble == "binary":
        meta.write_bytes(b"\x00\xff" * 10)
    elif garble == "json":
        meta.write_text('{"format": "aseb-solved-table", "ruleset": [[[[]]]]}')
    elif garble == "truncated":
        values.write_bytes(values.read_bytes()[:100])
    else:
        data = json.loads(meta.read_text())
        data["ruleset"]["marked_safe"] = True
        meta.write_text(json.dumps(data))
    with pytest.raises(TableError) as caught:
        open_table(tmp_path / "t", TWO)
    assert "\n" not in str(caught.value)


def test_the_demon_cast_option_uses_the_same_table() -> None:
    assert open_table(table_directory(), Ruleset(pieces=2, demon_cast=False)) is not None


def test_a_finished_game_is_saved_and_reviewed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game(TWO)
    game.cast(Throw.of(4))
    path = save_game(game.record, tmp_path)
    assert path.name == "game-1.json" and save_game(game.record, tmp_path).name == "game-2.json"
    assert load_game(path) == game.record
    status = main(["review", str(path), "--tables", str(table_directory())])
    out = capsys.readouterr().out
    assert status == 0 and "Cones throw 4" in out and "Luck of the throws" in out


@pytest.mark.parametrize(
    "content", [b"\x00\x01binary", b"[" * 100_000, b"{}", b"\xef\xbb\xbf{\"x\": 1}"]
)
def test_a_bad_game_file_is_answered_in_one_line(tmp_path: Path, content: bytes,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert main(["review", str(path), "--tables", str(table_directory())]) == 66  # EX_NOINPUT
    err = capsys.readouterr().err
    assert err.startswith("aseb: ") and err.count("\n") == 1


def test_review_without_a_table_says_so_and_the_search_judges(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = Game(TWO)
    game.cast(Throw.of(4))
    path = save_game(game.record, tmp_path)
    assert main(["review", str(path), "--tables", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "no solved table" in out and "aseb solve" in out
    assert "Judged by the Vizier" in out and "estimates" in out and "Cones throw 4" in out
