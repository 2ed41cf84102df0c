"""Tait's Twenty Squares, as in P. S. Neeley's 1995 game: the default game of the board.

Everything that is this game's lives here: the board (``board``), the rules and their options
(``rules``), the fast core that plays them (``state`` over packed positions and per-ruleset
``tables``), and the mummy's knowledge of it (``evaluation``, ``priest``, the packed ``vizier`` and
``neferkaptah`` with the solved table). Cyningstan's game plays on the same core, with other
options.

>>> RULES.new().turn
<Side.CONES: 0>
"""

from __future__ import annotations

from typing import Any

from engine.tait.state import TAIT, Ruleset

RULES = TAIT

MIND = "engine.tait.mummy"
"""What the mummy knows of the game: ``engine.tait.mummy``."""


def rules_from_json(data: Any) -> Ruleset:
    """Tait's rules with the options a record wrote."""
    return Ruleset.from_json(data)
