"""Tait's Twenty Squares, as in P. S. Neeley's 1995 game: the default game of the board.

The rules are played by the fast core at the top of ``engine`` (``engine.state`` over packed
positions and per-ruleset tables), which Cyningstan's game shares with other options.

>>> RULES.new().turn
<Side.CONES: 0>
"""

from __future__ import annotations

from typing import Any

from engine.rules import TAIT, Ruleset

RULES = TAIT


def rules_from_json(data: Any) -> Ruleset:
    """Tait's rules with the options a record wrote."""
    return Ruleset.from_json(data)
