"""The Priest: a greedy mummy who looks at one move only and follows fixed priorities.

In order: win, bear a piece off, bump (the furthest opponent piece first), land on a marked
square for an extra turn, take a threatened piece out of reach, land where no opponent piece can
reach, and otherwise move the rearmost piece on (entering counts as the rearmost).

>>> state = GameState.parse("C:C2,M6 R:M7 off:0,1 entered:CR turn:C throw:1")
>>> priest_move(state)
Move(M6-M7)
"""

from __future__ import annotations

from typing import NamedTuple

from engine.tait.board import MARKED_POSITIONS
from engine.tait.evaluation import threatened
from engine.tait.moves import Move
from engine.tait.state import GameState


class Traits(NamedTuple):
    """What a move does, in the order the Priest values it (a bigger tuple is a better move)."""

    wins: bool
    bears_off: bool
    bumps: int
    """The path position of the opponent piece sent home (0 when nothing is bumped)."""
    lands_marked: bool
    escapes: bool
    """The piece was within the opponent's reach and its new square is not."""
    lands_safe: bool
    rearmost: int
    """Minus the start position: the further back the piece, the bigger."""


def traits(state: GameState, move: Move) -> Traits:
    """What ``move`` does in ``state`` (a pending throw's legal move), for priorities and hints."""
    side = move.side
    after, _ = state.play(move)
    end = move.end
    bears_off = move.bears_off
    safe_after = bears_off or not threatened(after, side, end)
    return Traits(
        wins=after.winner == side,
        bears_off=bears_off,
        bumps=end if state.is_bump(move) else 0,
        lands_marked=end in MARKED_POSITIONS,
        escapes=threatened(state, side, move.start) and safe_after,
        lands_safe=safe_after,
        rearmost=-move.start,
    )


def priest_move(state: GameState) -> Move:
    """The move with the best traits; deterministic, since no two moves share a start."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    return max(moves, key=lambda move: traits(state, move))
