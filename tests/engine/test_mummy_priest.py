"""The Priest's priorities, one story each: bear off, bump, marked square, escape, safety,
rearmost piece."""

from __future__ import annotations

from engine.tait.priest import priest_move
from engine.tait.state import GameState


def priest(text: str) -> str:
    state = GameState.parse(text)
    return state.describe(priest_move(state))


def test_priest_wins_when_it_can() -> None:
    assert priest("C:M12,M14 R:M10 off:3,0 entered:CR turn:C throw:2") == "M14-off"


def test_priest_bears_off_rather_than_bump() -> None:
    assert priest("C:M5,M13 R:M8 entered:CR turn:C throw:3") == "M13-off"


def test_priest_bumps_rather_than_take_a_marked_square() -> None:
    assert priest("C:M6,M9 R:M11 entered:CR turn:C throw:2") == "M9xM11"


def test_priest_bumps_the_furthest_piece_it_can() -> None:
    assert priest("C:M5,M10 R:M7,M12 entered:CR turn:C throw:2") == "M10xM12"


def test_priest_takes_a_marked_square_rather_than_run() -> None:
    assert priest("C:C2,M7 R:M5 entered:CR turn:C throw:2") == "C2-C4"


def test_priest_takes_a_threatened_piece_out_of_reach() -> None:
    # M7 is two ahead of the Reel on M5; on M10 it is five ahead, which no throw reaches.
    assert priest("C:C3,M7 R:M5 entered:CR turn:C throw:3") == "M7-M10"


def test_priest_lands_out_of_reach_rather_than_move_the_rearmost() -> None:
    # C4-M6 would land two ahead of the Reel on R4; M11-M13 lands where no Reel can reach.
    assert priest("C:C4,M11 R:R4,M14 off:3,3 entered:CR turn:C throw:2") == "M11-M13"


def test_priest_moves_the_rearmost_piece_when_nothing_else_counts() -> None:
    assert priest("C:C2,M9 R:M14 off:3,4 entered:CR turn:C throw:1") == "C2-C3"


def test_priest_enters_a_piece_as_its_rearmost() -> None:
    assert priest("C:C2 R:M14 off:0,4 entered:CR turn:C throw:1") == "in-C1"
