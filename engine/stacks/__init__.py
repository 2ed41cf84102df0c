"""The three-dice, fifteen-men stacking game (seed 002), as engine/stacks/rules.md decides it.

>>> position = RULES.new()
>>> position.waiting(Side.CONES), RULES.geometry.board, RULES.chance.name
(15, 'stacks', 'dice')
"""

from __future__ import annotations

from typing import Any

from engine.core.sides import Side
from engine.games.api import Rules
from engine.stacks.moves import Move
from engine.stacks.position import StacksPosition
from engine.stacks.rules import STACKS, StacksRules

__all__ = ["RULES", "STACKS", "Move", "Side", "StacksPosition", "StacksRules", "rules_from_json"]

RULES: Rules = STACKS
"""The stacking game's rules for the registry (typed as the game interface, so mypy checks
that its rules and positions implement it)."""

MIND = "engine.stacks.mummy"
"""What the mummy knows of the game: ``engine.stacks.mummy``."""


def rules_from_json(data: Any) -> StacksRules:
    """The stacking game's rules from a record (it has no options)."""
    return StacksRules.from_json(data)
