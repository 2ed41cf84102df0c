"""Ramses' rules on packed positions: one int holds both sides' cells, whose turn, which half of
the turn, and whether the first turn is still being played.

Bits 0-35 are the Cones' cells, 36-71 the Reels' (cell numbers of ``engine.ramses.board``), then
the side to play, the half of its turn (0: its own piece, 1: the opponent's), the first own move
of the game still to come (set only in the starting position) and the game over (the side to
play is then the winner).

>>> from engine.ramses.rules import RAMSES
>>> code = start(Side.CONES)
>>> sorted(CELLS[end] for cell, _, end in steps(code, RAMSES) if cell == index("T2"))
['T10', 'T8']
"""

from __future__ import annotations

from typing import Protocol

from engine.core.sides import Side
from engine.ramses.board import (
    ALL,
    CELLS,
    COLUMN_MASK,
    LOWER_MASK,
    NEIGHBOURS,
    ROW_MASK,
    SPECIAL_MASK,
    START,
    UPPER_MASK,
    index,
)


class Options(Protocol):
    """Ramses' options, as the rules on packed positions read them (``RamsesRules`` holds
    them)."""

    @property
    def specials_to_win(self) -> int: ...

    @property
    def second_move_may_pass(self) -> bool: ...

    @property
    def repetition_allowed(self) -> bool: ...


WIDTH = len(CELLS)
REELS = WIDTH
TURN = 1 << (2 * WIDTH)
HALF = TURN << 1
FIRST = TURN << 2
OVER = TURN << 3
BOARD = ALL


def masks(code: int) -> tuple[int, int]:
    """The Cones' and the Reels' cells as two masks."""
    return code & BOARD, code >> REELS & BOARD


def start(first: Side) -> int:
    """The starting position, ``first`` to play its first turn."""
    code = FIRST | (TURN if first == Side.REELS else 0)
    for side, cells in zip(Side, START, strict=True):
        for name in cells:
            code |= 1 << (index(name) + (REELS if side else 0))
    return code


def blocked(occupied: int) -> int:
    """The cells a moving piece may not enter: every occupied one, and a whole oblong space as
    soon as one piece is in it."""
    if occupied & UPPER_MASK:
        occupied |= UPPER_MASK
    if occupied & LOWER_MASK:
        occupied |= LOWER_MASK
    return occupied


def reach(cell: int, occupied: int) -> int:
    """How far the piece on ``cell`` moves: the larger of the pieces in its row and in its
    column, itself counted."""
    return max((occupied & ROW_MASK[cell]).bit_count(), (occupied & COLUMN_MASK[cell]).bit_count())


WALKS = 1 << 16
"""Walks kept before the cache is emptied."""
_walks: dict[tuple[int, int], int] = {}


def forget() -> None:
    """Empty the cache of walks."""
    _walks.clear()


def ends(cell: int, occupied: int) -> int:
    """A mask of the cells the piece on ``cell`` can come to rest on: walks of exactly its reach
    over empty squares, never entering a square (or an oblong space) twice."""
    key = (cell, occupied)
    found = _walks.get(key)
    if found is None:
        if len(_walks) >= WALKS:
            _walks.clear()
        found = _walks[key] = _ends(cell, occupied)
    return found


def _ends(cell: int, occupied: int) -> int:
    steps = reach(cell, occupied)
    wall = blocked(occupied)
    found = 0
    start_mask = 1 << cell
    if start_mask & UPPER_MASK:
        start_mask |= UPPER_MASK
    elif start_mask & LOWER_MASK:
        start_mask |= LOWER_MASK
    stack = [(cell, wall | start_mask, steps)]
    pop, push = stack.pop, stack.append
    while stack:
        at, seen, left = pop()
        left -= 1
        if left == 0:
            for _, bit, _ in _STEPS[at]:
                if not seen & bit:
                    found |= bit
            continue
        for step, bit, entered in _STEPS[at]:
            if not seen & bit:
                push((step, seen | entered, left))
    return found


def _entered(cell: int) -> int:
    """What stepping onto ``cell`` uses up: the square, or the whole oblong space."""
    bit = 1 << cell
    return UPPER_MASK if bit & UPPER_MASK else LOWER_MASK if bit & LOWER_MASK else bit


_STEPS = tuple(tuple((n, 1 << n, _entered(n)) for n in NEIGHBOURS[cell])
               for cell in range(WIDTH))
"""For each cell, each neighbour as (cell, its bit, the cells stepping onto it uses up)."""


def steps(code: int, rules: Options) -> list[tuple[int, int, int]]:
    """Every (start, piece's owner, end) the side to play may make now, before the repetition
    rule: its own pieces in the first half of its turn, the opponent's (off the special
    squares) in the second; no special square on the first player's first own move."""
    side = 1 if code & TURN else 0
    owner = side ^ 1 if code & HALF else side
    cones, reels = code & BOARD, code >> REELS & BOARD
    occupied = cones | reels
    pieces = reels if owner else cones
    if code & HALF:
        pieces &= ~SPECIAL_MASK
    forbid = SPECIAL_MASK if code & FIRST else 0
    found = []
    while pieces:
        low = pieces & -pieces
        pieces ^= low
        cell = low.bit_length() - 1
        targets = ends(cell, occupied) & ~forbid
        while targets:
            t = targets & -targets
            targets ^= t
            found.append((cell, owner, t.bit_length() - 1))
    return found


def moved(code: int, owner: int, cell: int, end: int) -> int:
    """The pieces after the piece of ``owner`` on ``cell`` went to ``end`` (nothing else
    changed)."""
    shift = REELS if owner else 0
    return code ^ (1 << (cell + shift)) ^ (1 << (end + shift))


def holder(code: int, rules: Options) -> int | None:
    """The side holding enough special squares to win (0 or 1), or None."""
    need = rules.specials_to_win
    if (code & SPECIAL_MASK).bit_count() >= need:
        return 0
    if (code >> REELS & SPECIAL_MASK).bit_count() >= need:
        return 1
    return None


def next_half(code: int) -> int:
    """The position's next half turn: the opponent's piece, or the other side's turn. The
    first-turn flag goes at once: it bars only the first own move, and rule 11 does not name it
    (a position is the pieces, the player to move and the half of the turn)."""
    if code & HALF:
        return (code & ~HALF) ^ TURN
    return (code | HALF) & ~FIRST


def won(code: int, side: int) -> int:
    """``code`` over, ``side`` the winner."""
    return (code & ~(TURN | HALF | FIRST)) | OVER | (TURN if side else 0)
