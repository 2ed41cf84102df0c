"""Ramses, the game of Tjau (seed 003), as engine/ramses/rules.md writes it: no luck at all, each
turn a move of one's own piece and then one of the opponent's.

>>> position = RULES.new()
>>> position.throw, len(position.moves), RULES.geometry.board
(None, 6, 'ramses')
"""

from __future__ import annotations

from typing import Any

from engine.core.sides import Side
from engine.games.api import Rules
from engine.ramses.moves import Move
from engine.ramses.position import RamsesPosition
from engine.ramses.rules import RAMSES, RamsesRules

__all__ = ["RAMSES", "RULES", "Move", "RamsesPosition", "RamsesRules", "Side", "rules_from_json"]

RULES: Rules = RAMSES
"""Ramses' rules for the registry (typed as the game interface, so mypy checks them)."""

MIND = "engine.ramses.mummy"
"""What the mummy knows of the game: ``engine.ramses.mummy``."""


def rules_from_json(data: Any) -> RamsesRules:
    """Ramses' rules with the options a record wrote."""
    return RamsesRules.from_json(data)
