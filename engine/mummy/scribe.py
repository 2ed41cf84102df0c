"""The Scribe: the weakest mummy, who plays any legal move at random (in any game).

>>> from engine.tait.state import GameState
>>> state = GameState.parse("C:C1,C2 entered:C turn:C throw:1")
>>> scribe_move(state, random.Random(1)) in state.legal_moves()
True
"""

from __future__ import annotations

import random
from typing import Any

from engine.games.api import Position


def scribe_move(state: Position, rng: random.Random) -> Any:
    """A legal move of the pending throw, chosen uniformly with the caller's generator."""
    moves = state.moves
    return moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0]
