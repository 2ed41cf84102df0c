"""What the mummy knows of Cyningstan's game: the weights of its evaluation, fitted to its own
games (``WEIGHTS``); the rest is the knowledge of Tait's core, which plays both rule sets
(``engine.tait.mummy``: the Priest, the reasons a hint gives, the Vizier, Neferkaptah and what
a solved table is for the core's games). Tait's core finds these weights through the registry.

>>> len(WEIGHTS.piece_early)  # a piece may rest on 16
17
"""

from __future__ import annotations

from engine.tait.evaluation import Weights
from engine.tait.mummy import (
    balanced,
    evaluate,
    holds,
    perfect,
    priest_move,
    reason,
    table_chance,
    table_moves,
    traits,
    vizier,
)

__all__ = ["WEIGHTS", "balanced", "evaluate", "holds", "perfect", "priest_move", "reason",
           "table_chance", "table_moves", "traits", "vizier"]

# Cyningstan's weights: the same procedure on 358,595 positions of 12,000 of its games
# (python -m tests.benchmarks.mummy_fit --game cyningstan; log loss 0.59, 67% of the results
# guessed right). A piece may rest on 16, where it waits for a 1: late in the race it is worth
# less there than on 15. No side ever holds an extra turn between throws (each is thrown at
# once), so its weight cannot be fitted and is 0.
WEIGHTS = Weights(
    piece_early=(
        0.0, 0.053, 0.102, 0.220, 0.244, 0.278, 0.320, 0.415, 0.392,
        0.523, 0.617, 0.570, 0.587, 0.842, 0.857, 0.895, 0.686,
    ),
    piece_late=(
        0.0, 0.119, 0.116, -0.072, -0.135, -0.025, -0.063, -0.208, -0.181,
        -0.249, -0.334, -0.251, -0.259, -0.508, -0.427, -0.542, -0.285,
    ),
    off_early=1.387, off_late=-0.900,
    danger=0.041, danger_to_mover=0.025, tempo=0.115, extra_turn=0.0, entered=-0.081,
)  # fmt: skip
