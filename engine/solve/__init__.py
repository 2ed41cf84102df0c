"""Solving Twenty Squares: every position's chance of winning under perfect play by both sides.

Pure arithmetic with NumPy: ``Index`` numbers the positions densely, ``group_chunks`` finds
where every throw and move leads (with the engine's own rules) and ``values`` sweeps them to the
fixed point. Reading and writing files, progress bars and checkpoints belong to the caller
(``firmware.solver``).
"""

from engine.solve.graph import Chunk, group_chunks
from engine.solve.index import Index
from engine.solve.values import chances, groups, solve_group, sweep, working

__all__ = ["Chunk", "Index", "chances", "group_chunks", "groups", "solve_group", "sweep", "working"]
