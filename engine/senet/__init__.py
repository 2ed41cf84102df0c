"""Senet on thirty squares (seed 004), as engine/senet/rules.md writes it.

>>> position = RULES.new()
>>> position.opening, position.waiting(Side.CONES), RULES.geometry.board
(True, 5, 'senet')
"""

from __future__ import annotations

from typing import Any

from engine.core.sides import Side
from engine.games.api import Rules
from engine.senet.moves import Move
from engine.senet.position import SenetPosition
from engine.senet.rules import SENET, SenetRules

__all__ = ["RULES", "SENET", "Move", "SenetPosition", "SenetRules", "Side", "rules_from_json"]

RULES: Rules = SENET
"""Senet's rules for the registry (typed as the game interface, so mypy checks that Senet's
rules and positions implement it)."""

MIND = "engine.senet.mummy"
"""What the mummy knows of the game: ``engine.senet.mummy``."""


def rules_from_json(data: Any) -> SenetRules:
    """Senet's rules with the options a record wrote."""
    return SenetRules.from_json(data)
