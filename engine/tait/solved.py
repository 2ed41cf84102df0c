"""What a solved table is for the games on Tait's core (Tait's and Cyningstan's rules): a chance
for each packed position with no throw pending, solved for one ruleset.

The table itself does the lookups and may read files (``firmware.solve.table``); the engine only
asks it ``chance(code)``. The mummy's game-free code (``engine.mummy.chances``) reaches these
functions through the game's mind (``engine.tait.mummy``).

>>> class Coin:
...     ruleset = TAIT
...     def chance(self, code): return 0.5
>>> state = GameState.parse("C:M13 R:M9 off:4,0 entered:CR turn:C throw:3")
>>> move_chances(Coin(), state)
((Move(M13-off), 1.0),)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Protocol

from engine.tait.moves import Move
from engine.tait.packed import EXTRA, HALF, HALF_MASK, OFF, OVER, TURN_SHIFT
from engine.tait.state import TAIT, GameState, Ruleset
from engine.tait.tables import tables

__all__ = ["TAIT", "IndexTables", "balanced_move", "best", "chance_after", "holds",
           "index_number", "move_chances", "table_chance", "table_number"]

PRIVATE_SQUARES = 4
SHARED_SHIFT = 5
"""Path positions from 5 on are shared: where both sides' pieces stand, one piece a square
(5..15 under Tait's rules, where 16 bears off; 5..16 where pieces rest on 16)."""
PRIVATE_SHIFT = 1


class IndexTables(Protocol):
    """What a table's dense index (``engine.solve.Index``) keeps to number one position: plain
    lists serve as well as its arrays, so a position is looked up without NumPy (a browser)."""

    shared: int
    shared_mask: int
    below: Any
    """``below[m][k]``: sets of fewer than k squares among 4 + m."""
    colex: Any
    start: Any
    """``start[b][hand]``: where the block of ``hand`` beside an opponent with b off begins."""

    def hand(self, half: int, extra: int) -> int:
        """The number of the mover's hand: its half code and extra turns in hand."""


def index_number(index: IndexTables, mover: int, extra: int, opponent: int) -> int:
    """The place in the table of one position: the mover's half and extra turns, the
    opponent's half (``engine.solve.index`` says how positions are numbered)."""
    taken = mover >> SHARED_SHIFT & index.shared_mask
    squares = opponent >> PRIVATE_SHIFT & 0xF
    at = 0
    for b in range(index.shared):
        if not taken >> b & 1:
            squares |= (opponent >> SHARED_SHIFT + b & 1) << PRIVATE_SQUARES + at
            at += 1
    if opponent == 0:
        rank = 0
    else:
        count = squares.bit_count()
        rank = int(index.below[at][count] + index.colex[squares]) + (opponent >> OFF & 7 == 0)
    return int(index.start[opponent >> OFF & 7][index.hand(mover, extra)]) + rank


def table_number(index: IndexTables, bound: Mapping[int, int], code: int) -> int | None:
    """The place in a table's values of the packed position ``code`` (no throw pending), seen
    from the side to play; None for one the table does not hold (a game won, or more extra
    turns than ``bound``, each half's most, allows)."""
    if code & OVER:
        return None
    side = code >> TURN_SHIFT & 1
    mover = code >> HALF * side & HALF_MASK
    opponent = code >> HALF * (1 - side) & HALF_MASK
    extra = code >> EXTRA
    most = bound.get(mover)
    if most is None or extra > most or opponent not in bound:
        return None
    return index_number(index, mover, extra, opponent)


def holds(table: Any, ruleset: Any) -> bool:
    """Whether ``table`` was solved for ``ruleset`` (the demon-cast changes no chance)."""
    if not isinstance(ruleset, Ruleset) or not isinstance(table.ruleset, Ruleset):
        return False
    return replace(table.ruleset, demon_cast=True) == replace(ruleset, demon_cast=True)


def chance_after(table: Any, code: int, after: int) -> float | None:
    """The chance of the side to play in ``code`` once the position is ``after``."""
    if after & OVER:
        return 1.0 if (after ^ code) >> TURN_SHIFT & 1 == 0 else 0.0
    found: float | None = table.chance(after)
    if found is None:
        return None
    same = (after ^ code) >> TURN_SHIFT & 1 == 0
    return found if same else 1.0 - found


def table_chance(table: Any, state: Any) -> float | None:
    """The chance that the side to play wins before it throws (None: another game's position,
    or one the table does not hold)."""
    if not isinstance(state, GameState) or not holds(table, state.ruleset):
        return None
    found: float | None = table.chance(state.code)
    return found


def move_chances(table: Any, state: Any) -> tuple[tuple[Move, float], ...] | None:
    """Each legal move of the pending throw with the mover's chance after it (engine order);
    None when the table does not hold the positions."""
    if not isinstance(state, GameState) or not holds(table, state.ruleset):
        return None
    rules = tables(state.ruleset)
    found = []
    for move in state.moves:
        value = chance_after(table, state.code, rules.after_move(state.code, move))
        if value is None:
            return None
        found.append((move, value))
    return tuple(found)


def best(chances: tuple[tuple[Move, float], ...]) -> tuple[Move, float]:
    """The move with the highest chance; ties keep the engine's move order."""
    move, value = chances[0]
    for m, v in chances[1:]:
        if v > value:
            move, value = m, v
    return move, value


def balanced_move(table: Any, state: GameState, target: float = 0.5) -> Move | None:
    """Fair mode from the solved table: the legal move after which the opponent's (the
    visitor's) chance to win is closest to ``target``; ties keep the engine's move order.
    None when the table does not hold the position."""
    found = move_chances(table, state)
    if found is None:
        return None
    return min(found, key=lambda mv: abs((1.0 - mv[1]) - target))[0]
