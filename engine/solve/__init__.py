"""Solving Twenty Squares: every position's chance of winning under perfect play by both sides.

``Index`` numbers the positions densely, ``group`` puts a group of layers in sweep order and
``Solver`` sweeps them to the fixed point with a compiled loop that works out where every throw
and move leads (with the engine's own rules) as it goes. Reading and writing files, progress
bars and checkpoints belong to the caller (``firmware.solve.run``).
"""

from engine.solve.graph import Group, group
from engine.solve.index import Index
from engine.solve.values import Plan, Solver, chances, groups, working

__all__ = ["Group", "Index", "Plan", "Solver", "chances", "group", "groups", "working"]
