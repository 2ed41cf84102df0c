"""The mummy of Neferkaptah: the computer opponent, its levels, hints and the fair kiosk mode.

Pure like the rest of the engine: the caller passes a ``random.Random`` and any solved table.

>>> import random
>>> from engine.tait.state import GameState
>>> mummy = Mummy(Level.VIZIER)
>>> state = GameState.parse("C:M13 R:M9 off:4,0 entered:CR turn:C throw:3")
>>> mummy.choose(state, random.Random(1))
Move(M13-off)
"""

from __future__ import annotations

from engine.mummy.analysis import Analysis
from engine.mummy.chances import SolvedTable
from engine.mummy.fair import Fair
from engine.mummy.hints import Hint, hint
from engine.mummy.levels import Decision, Level, Mummy, choose

__all__ = [
    "Analysis",
    "Decision",
    "Fair",
    "Hint",
    "Level",
    "Mummy",
    "SolvedTable",
    "choose",
    "hint",
]
