"""Game records, notation and bad input: every refusal names the problem and changes nothing."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.core.errors import BadNotation, BadRecord, IllegalMove, UnknownSquare, WrongPhase
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from engine.record import GameRecord, Notation
from engine.tait.board import position_of
from engine.tait.moves import Move
from engine.tait.state import GameState, Ruleset
from engine.text import board_text, sticks_text
from firmware.play.records import load_game
from tests.engine.test_rules import play_out

C, R = Side.CONES, Side.REELS


def finished_game(seed: int = 3) -> Game:
    game = Game()
    game.demon_cast(random.Random(seed))
    return play_out(game, random.Random(seed))


def test_a_record_saves_to_json_and_loads_back_exactly() -> None:
    game = finished_game()
    text = game.record.to_json()
    loaded = GameRecord.from_data(json.loads(text))
    assert loaded == game.record
    assert Game.from_record(loaded).state == game.state


def test_a_record_is_readable_json_in_move_notation() -> None:
    data = json.loads(finished_game().record.to_json())
    assert data["format"] == "aseb-game" and data["first"] == "cones"
    assert any("-" in token for token in data["actions"])
    assert any(":" in token for token in data["actions"])


def test_undo_steps_back_move_by_move_to_the_start() -> None:
    game = finished_game(5)
    states = [GameState.new()]
    replay = Game()
    for action in game.actions:
        replay.apply(action)
        states.append(replay.state)
    while game.actions:
        assert game.state == states[len(game.actions)]
        game.undo()
    assert game.state == GameState.new()
    with pytest.raises(WrongPhase, match="nothing to undo"):
        game.undo()


def test_a_ruleset_travels_with_its_record() -> None:
    game = Game(Ruleset(name="safe", marked_safe=True, demon_cast=False))
    game.cast(Throw.of(4))
    loaded = GameRecord.from_data(game.record.to_data())
    assert loaded.ruleset.marked_safe and loaded.ruleset.name == "safe"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2]", "not an aseb game record"),
        ("{\"format\": \"chess\"}", "not an aseb game record"),
        ("{\"format\": \"aseb-game\", \"version\": 9}", "version"),
        ("{\"format\": \"aseb-game\", \"version\": 1, \"first\": \"pharaoh\"}", "first"),
        ("{\"format\": \"aseb-game\", \"version\": 1, \"actions\": \"4\"}", "actions"),
        ("{\"format\": \"aseb-game\", \"version\": 1, \"actions\": [\"4\", \"M9-M13\"]}",
         "action 2"),
        ("{\"format\": \"aseb-game\", \"version\": 1, \"actions\": [\"banana\"]}", "action 1"),
        ("{\"format\": \"aseb-game\", \"version\": 1, \"actions\": [\"5\"]}", "action 1"),
        ("{\"format\": \"aseb-game\", \"version\": 1, \"ruleset\": {\"dice\": 3}}", "dice"),
        ("{\"format\": \"aseb-game\", \"version\": 1, \"ruleset\": {\"pieces\": \"5\"}}",
         "pieces"),
    ],
)
def test_a_malformed_record_is_refused_saying_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(BadRecord, match=message):
        GameRecord.from_data(json.loads(text))


def test_a_truncated_record_is_refused(tmp_path: Path) -> None:
    """Read as every record is, by the one reader (``load_game``): a line, never a traceback."""
    text = finished_game().record.to_json()
    path = tmp_path / "game-1.json"
    for cut in (1, len(text) // 3, len(text) - 2):
        path.write_text(text[:cut])
        with pytest.raises(ValueError, match=r"game-1\.json"):
            load_game(path)


def test_an_illegal_move_is_refused_and_the_state_is_untouched() -> None:
    state, _ = GameState.parse("C:C2,M6 R:M7 entered:CR turn:C").cast(Throw.of(1))
    before = state
    with pytest.raises(IllegalMove, match="M6-M8 moves 2, but the throw is 1"):
        state.play(Move(C, 6, 2))
    with pytest.raises(IllegalMove, match="Reels"):
        state.play(Move(R, 7, 1))
    with pytest.raises(IllegalMove, match="no Cone stands on C3"):
        state.play(Move(C, 3, 1))
    assert state == before


def test_moving_before_throwing_and_throwing_twice_are_refused() -> None:
    state = GameState.new()
    with pytest.raises(WrongPhase, match="throw before moving"):
        state.play(Move(C, 0, 4))
    thrown, _ = state.cast(Throw.of(4))
    with pytest.raises(WrongPhase, match="must move the 4"):
        thrown.cast(Throw.of(4))


def test_an_unknown_square_name_is_refused() -> None:
    with pytest.raises(UnknownSquare, match="M17"):
        position_of(C, "M17")
    with pytest.raises(UnknownSquare, match="Reels' row"):
        position_of(C, "R2")


@pytest.mark.parametrize("text", ["M5xM9", "C9", "in-M16", "M6-M7", "banana-split"])
def test_move_notation_that_names_no_legal_move_is_refused(text: str) -> None:
    state, _ = GameState.parse("C:C2,M6 R:M7 entered:CR turn:C").cast(Throw.of(3))
    with pytest.raises((IllegalMove, BadNotation)):
        state.parse_move(text)


def test_move_notation_reads_both_ways() -> None:
    state, _ = GameState.parse("C:C2,M6 R:M9 entered:CR turn:C").cast(Throw.of(3))
    for move in state.moves:
        assert state.parse_move(state.describe(move)) == move
    assert [state.describe(m) for m in state.moves] == ["in-C3", "C2-M5", "M6xM9"]
    assert state.parse_move("m6") == Move(C, 6, 3)
    assert state.parse_move("M6-M9") == Move(C, 6, 3)


def test_position_notation_reads_both_ways() -> None:
    game = finished_game(8)
    replay = Game()
    for action in game.actions:
        replay.apply(action)
        assert GameState.parse(replay.state.notation()) == replay.state


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("C:C2,C2", "twice"),
        ("C:M5,M6,M7,M8,M9,M10", "more than 5"),
        ("C:M7 R:M7", "two pieces"),
        ("turn:X", "unknown side"),
        ("colour:red", "unknown field"),
        ("C:Z9", "unknown square"),
        ("garbage", "key:value"),
    ],
)
def test_bad_position_notation_is_refused(text: str, message: str) -> None:
    with pytest.raises(BadNotation, match=message):
        GameState.parse(text)


def test_throw_notation() -> None:
    assert Throw.parse("3:WWDW") == Throw.parse("WWDW") == Throw.from_sticks(
        (True, True, False, True))
    assert str(Throw.of(6)) == "6:DDDD"
    for bad in ("7:WWWW", "WWW", "XYZW", ""):
        with pytest.raises(BadNotation):
            Throw.parse(bad)


def test_the_board_and_sticks_are_drawn_in_text() -> None:
    state = GameState.parse("C:C2,M6 R:R4,M9 off:1,0 entered:CR turn:C")
    text = board_text(state, highlight=frozenset({"C2"}))
    lines = text.splitlines()
    assert lines[0].split() == ["[", "]", "[", "]", "[", "]", "[R", "]"]
    assert ">[C" in lines[4]
    assert "Cones: 2 waiting, 1 off" in text
    assert sticks_text(Throw.parse("WDWW")) == "| . | |  -> 3"


def test_a_game_set_up_at_a_position_records_and_replays_from_there() -> None:
    start = GameState.parse("C:C2,M13 R:M9 off:2,1 entered:CR turn:R")
    game = Game.from_position(start)
    game.cast(Throw.of(4))
    game.play(game.state.moves[-1])
    loaded = GameRecord.from_data(game.record.to_data())
    assert loaded.start == start
    assert Game.from_record(loaded).state == game.state
    with pytest.raises(BadRecord, match="start"):
        text = game.record.to_json().replace('"start": "C:', '"start": "Q:')
        GameRecord.from_data(json.loads(text))


def test_a_position_naming_a_field_twice_is_refused() -> None:
    with pytest.raises(BadNotation, match="twice"):
        GameState.parse("C:C2 off:1,0 off:2,0")


def test_a_kept_notation_writes_a_growing_game_as_a_fresh_one_does() -> None:
    finished = finished_game()
    notation = Notation()
    game = Game(first=finished.first)
    for action in finished.actions:  # saved after every throw and move
        game.apply(action)
        assert notation.tokens(game.record) == Notation().tokens(game.record)
    assert game.record.to_data(notation) == json.loads(finished.record.to_json())


def test_a_kept_notation_never_writes_an_earlier_games_actions() -> None:
    notation = Notation()
    first = finished_game(3)
    notation.tokens(first.record)
    other = finished_game(4)  # another game: the same length of history is no proof
    assert notation.tokens(other.record) == Notation().tokens(other.record)
    taken_back = GameRecord(other.ruleset, other.first, other.actions[:-3])  # an undo
    assert notation.tokens(taken_back) == Notation().tokens(taken_back)
    reels_first = GameRecord(other.ruleset, Side.REELS, ())
    assert notation.tokens(reels_first) == []


def test_a_kept_notation_refuses_a_bad_action_and_goes_on_afresh() -> None:
    game = finished_game()
    notation = Notation()
    notation.tokens(GameRecord(game.ruleset, game.first, game.actions[:7]))
    assert isinstance(game.actions[6], Move)
    bad = GameRecord(game.ruleset, game.first, (*game.actions[:7], game.actions[6]))
    with pytest.raises(BadRecord, match="action 8"):
        bad.final_state()  # a move twice, with no throw between
    with pytest.raises(BadRecord, match="action 8"):
        notation.tokens(bad)
    assert notation.tokens(game.record) == Notation().tokens(game.record)
