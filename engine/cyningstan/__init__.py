"""Cyningstan's Twenty Squares (engine/cyningstan/rules.md): an Ur-like race on the same board.

A four-sided die, no entry barrier, an extra throw for landing on a marked square, pieces that
rest on 16 and bear off by an exact throw past it, and a first player drawn at random. Played by
the same fast core as Tait's rules (``engine.tait.state`` over packed positions and rule tables),
with the options that differ.

>>> from engine.core.sticks import Throw
>>> state, _ = RULES.parse("C:M14,M15 R:M16 turn:C").cast(Throw(2))
>>> [state.describe(move) for move in state.moves]
['in-C2', 'M14xM16', 'M15-off']
"""

from __future__ import annotations

from typing import Any

from engine.tait.rules import EXACT_PAST_16
from engine.tait.state import Ruleset

RULES = Ruleset(
    name="cyningstan",
    throw_weights=((1, 1), (2, 1), (3, 1), (4, 1)),
    device="die",
    entry_throws=frozenset({1, 2, 3, 4}),
    extra_turn_throws=frozenset(),
    demon_cast=False,
    marked_safe=False,
    pieces=5,
    bear_off=EXACT_PAST_16,
    random_first=True,
)
"""Cyningstan's rules, every option decided in engine/cyningstan/rules.md."""

MIND = "engine.cyningstan.mummy"
"""What the mummy knows of the game: its own fitted weights, and Tait's core's mind for the rest
(``engine.cyningstan.mummy``)."""


def rules_from_json(data: Any) -> Ruleset:
    """Cyningstan's rules with the options a record wrote (those it leaves out as above)."""
    return Ruleset.from_json(data, base=RULES)
