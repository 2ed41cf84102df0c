"""A position packed into one int: the form the rules tables and the mummy's search work on.

Each side has a 21-bit half: bits 1..16 are the path positions its pieces stand on (16 only
under rules where pieces rest on the last square, as Cyningstan's), bits 17..19 count the pieces
borne off and bit 20 says whether it has entered a piece yet. The Cones' half is bits 0..20, the
Reels' bits 21..41; bit 42 is the side to play, bit 43 is set once that side has won, and the
bits from 44 up count the extra turns it has in hand.

>>> code = pack(board=(1 << 6, 0), off=(0, 2), entered=(True, True))
>>> board_of(code), off_of(code), entered_of(code)
((64, 0), (0, 2), (True, True))
"""

from __future__ import annotations

from engine.core.sides import Side

HALF = 21
"""Bits per side."""
MASK = 0x1FFFF
"""A side's pieces on the board, within its half."""
POSITIONS = MASK & ~1
"""The bits of path positions 1..16."""
OFF = 17
"""Where a half's count of pieces borne off starts (three bits)."""
ENTERED = 1 << 20
"""A half's bit for having entered a piece."""
HALF_MASK = (1 << HALF) - 1
TURN_SHIFT = 42
TURN = 1 << TURN_SHIFT
"""Set when the Reels are to play."""
OVER = 1 << 43
"""Set when the side to play has won."""
EXTRA = 44
"""Where the count of extra turns starts."""
ONE_EXTRA = 1 << EXTRA

SIDES = (Side.CONES, Side.REELS)


def pack(
    board: tuple[int, int] = (0, 0),
    off: tuple[int, int] = (0, 0),
    entered: tuple[bool, bool] = (False, False),
    turn: Side = Side.CONES,
    extra_turns: int = 0,
    won: bool = False,
) -> int:
    """The code of a position; ``won`` says the side to play has won."""
    if any(mask & ~POSITIONS for mask in board):
        raise ValueError(f"cannot pack board={board}: pieces stand on positions 1..16")
    if any(not 0 <= n <= 7 for n in off) or extra_turns < 0:
        raise ValueError(f"cannot pack off={off} extra_turns={extra_turns}")
    code = extra_turns << EXTRA | (OVER if won else 0) | (TURN if turn else 0)
    for side in Side:
        half = board[side] | off[side] << OFF | (ENTERED if entered[side] else 0)
        code |= half << HALF * side
    return code


def board_of(code: int) -> tuple[int, int]:
    """Each side's bit mask of path positions 1..16."""
    return code & MASK, code >> HALF & MASK


def off_of(code: int) -> tuple[int, int]:
    """How many pieces each side has borne off."""
    return code >> OFF & 7, code >> HALF + OFF & 7


def entered_of(code: int) -> tuple[bool, bool]:
    """Whether each side has entered a piece yet."""
    return bool(code & ENTERED), bool(code >> HALF & ENTERED)


def turn_of(code: int) -> Side:
    """The side to play (or that has won)."""
    return SIDES[code >> TURN_SHIFT & 1]
