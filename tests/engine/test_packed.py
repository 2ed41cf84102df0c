"""Positions packed into one int: every part reads back as it went in; bad parts are refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.tait.packed import pack
from engine.tait.state import GameState

masks = st.integers(min_value=0, max_value=0xFFFF).map(lambda m: m << 1)  # positions 1..16


@given(
    st.tuples(masks, masks),
    st.tuples(st.integers(0, 7), st.integers(0, 7)),
    st.tuples(st.booleans(), st.booleans()),
    st.sampled_from(Side),
    st.integers(0, 1000),
    st.booleans(),
)
def test_every_part_reads_back(board: tuple[int, int], off: tuple[int, int],
                               entered: tuple[bool, bool], turn: Side, extra: int,
                               won: bool) -> None:
    state = GameState(pack(board, off, entered, turn, extra, won))
    assert (state.board, state.off, state.entered) == (board, off, entered)
    assert (state.turn, state.extra_turns) == (turn, extra)
    assert state.winner == (turn if won else None)


@pytest.mark.parametrize(
    "parts",
    [{"board": (1, 0)}, {"board": (1 << 17, 0)}, {"off": (8, 0)}, {"extra_turns": -1}],
)
def test_parts_no_position_has_are_refused(parts: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="cannot pack"):
        pack(**parts)


def test_replace_changes_one_part_and_keeps_the_rest() -> None:
    state = GameState.parse("C:C2,M6 R:M9 off:1,0 entered:CR turn:C extra:1")
    changed = state.replace(turn=Side.REELS)
    assert changed.turn == Side.REELS
    assert (changed.board, changed.off, changed.extra_turns) == (
        state.board, state.off, state.extra_turns)
    with pytest.raises(TypeError, match="no part 'colour'"):
        state.replace(colour="red")


def test_a_set_up_position_is_checked() -> None:
    with pytest.raises(ValueError, match="more than 5 pieces"):
        GameState.of(board=(0b1111110, 0))
    with pytest.raises(ValueError, match="two pieces on one middle square"):
        GameState.of(board=(1 << 7, 1 << 7))
    with pytest.raises(ValueError, match="no piece rests on M16"):
        GameState.of(board=(1 << 16, 0))  # under Tait's rules landing on 16 bears off
    with pytest.raises(ValueError, match="so it was lost"):
        GameState.of(throw=Throw.of(1))  # nobody has entered: a 1 cannot be used
    assert GameState.of(throw=Throw.of(4)).moves  # a 4 enters


def test_the_winner_is_the_side_that_moved_last() -> None:
    state = GameState.of(off=(0, 5), winner=Side.REELS)
    assert (state.winner, state.turn) == (Side.REELS, Side.REELS)
    assert state.legal_moves(Throw.of(2)) == ()
