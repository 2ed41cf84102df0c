"""What every searching mummy hands back, and the iterative deepening they share: search depth
0, 1, 2, ... within a node budget and keep the deepest search that finished.

>>> deepen(lambda d: (("a", 0.4), ("b", 0.7)), Side.REELS, 2, lambda: 2).move
'a'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.sides import Side


@dataclass(frozen=True, slots=True)
class Analysis:
    """The Vizier's verdict on a position with a pending throw (of any game: ``move`` is a
    move of the position's game)."""

    move: Any
    value: float
    """The chance the side to move wins after ``move``, as the search sees it."""
    depth: int
    """How many throws ahead the finished search looked."""
    nodes: int
    """Casts and moves tried, over all depths."""
    values: tuple[tuple[Any, float], ...]
    """Every legal move with its value for the side to move, in the engine's move order."""


class OutOfNodes(Exception):
    """The node budget is spent: the caller keeps the last finished depth."""


Values = tuple[tuple[Any, float], ...]
"""Each legal move with its value for the Cones."""


def deepen(root: Callable[[int], Values], turn: Side, depth: int, nodes: Callable[[], int]
           ) -> Analysis:
    """Iterative deepening: ``root(d)`` for d = 0, 1, ... ``depth`` until one runs out of nodes
    (or there is one move only); the best move for ``turn`` at the deepest finished depth."""
    values = root(0)
    done = 0
    for d in range(1, depth + 1):
        if len(values) == 1:
            break
        try:
            values = root(d)
        except OutOfNodes:
            break
        done = d
    cones = turn == Side.CONES
    mover = tuple((m, v if cones else 1.0 - v) for m, v in values)
    move, value = mover[0]
    for m, v in mover[1:]:
        if v > value:  # strictly better: ties keep the rules' move order
            move, value = m, v
    return Analysis(move, value, done, nodes(), mover)
