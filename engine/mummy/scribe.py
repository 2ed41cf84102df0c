"""The Scribe: the weakest mummy, who plays any legal move at random.

>>> state = GameState.parse("C:C1,C2 entered:C turn:C throw:1")
>>> scribe_move(state, random.Random(1)) in state.legal_moves()
True
"""

from __future__ import annotations

import random

from engine.moves import Move
from engine.state import GameState


def scribe_move(state: GameState, rng: random.Random) -> Move:
    """A legal move of the pending throw, chosen uniformly with the caller's generator."""
    moves = state.legal_moves()
    return moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0]
