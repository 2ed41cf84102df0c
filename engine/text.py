"""The board and the sticks drawn in text, for the terminal and for logs.

>>> print(sticks_text(Throw.parse("WDWW")))
| . | |  -> 3
"""

from __future__ import annotations

from engine.board import LAYOUT, MARKED_SQUARES, Side
from engine.state import GameState
from engine.sticks import Throw

CELL = 5


def sticks_text(throw: Throw) -> str:
    """The four sticks as they fell: ``|`` white side up, ``.`` dark side up, then the count."""
    faces = " ".join("|" if white else "." for white in throw.sticks) or "?"
    return f"{faces}  -> {throw.value}"


def board_text(state: GameState, highlight: frozenset[str] = frozenset()) -> str:
    """Three rows as on the table: ``C``/``R`` pieces, ``*`` marks ankh/nefer squares,
    ``>`` marks highlighted squares (e.g. pieces that can move)."""
    owners = {sq: side for side in Side for sq in state.squares(side)}
    lines = []
    for row in LAYOUT:
        cells = []
        for square in row:
            if square is None:
                cells.append(" " * CELL)
                continue
            side = owners.get(square)
            piece = side.letter if side is not None else ("*" if square in MARKED_SQUARES else "")
            mark = ">" if square in highlight else " "
            cells.append(f"{mark}[{piece:^2}]"[:CELL])
        lines.append("".join(cells).rstrip())
        names = "".join(f" {sq or '':<4}" for sq in row).rstrip()
        lines.append(names)
    for side in Side:
        lines.append(f"{side.title}: {state.waiting(side)} waiting, {state.off[side]} off")
    return "\n".join(lines)
