"""Hints: "what would the mummy play here?", with a short reason a beginner can follow.

>>> state = GameState.parse("C:C2,M6 R:M7 off:0,1 entered:CR turn:C throw:1")
>>> print(hint(state, Level.PRIEST))
M6xM7: bumps the Reel on M7 back to the start
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.board import square_of
from engine.games.api import Position
from engine.mummy.levels import Level, Mummy
from engine.mummy.minds import mind_of
from engine.mummy.priest import traits
from engine.state import GameState


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move for the pending throw, and why."""

    move: Any
    """A move of the position's game."""
    notation: str
    """The move as a player writes it, with ``x`` for a bump (``M5xM8``)."""
    reason: str
    value: float | None = None
    """The chance the mover wins after the move, when the level judged it."""

    def __str__(self) -> str:
        return f"{self.notation}: {self.reason}"


def reason(state: Position, move: Any) -> str:
    """What ``move`` does that makes it worth playing, in a few words (in any game)."""
    if not isinstance(state, GameState):
        return mind_of(state.rules).reason(state, move)
    t = traits(state, move)
    side = move.side
    if t.wins:
        return "bears off the last piece and wins"
    if t.bears_off:
        return f"bears the piece on {move.source} off"
    if t.bumps:
        return f"bumps the {side.other.title[:-1]} on {move.target} back to the start"
    if t.lands_marked:
        return f"lands on the marked square {move.target}: an extra turn"
    if t.escapes:
        return f"takes the piece on {move.source} out of the {side.other.title}' reach"
    if move.enters:
        return f"enters a piece on {move.target}" + ("" if t.lands_safe else ", within reach")
    safe = "out of reach" if t.lands_safe else "though it stays within reach"
    if move.start == min(state.positions(side), default=0) and not state.waiting(side):
        return f"brings the rearmost piece on to {move.target}, {safe}"
    return f"moves {square_of(side, move.start)} on to {move.target}, {safe}"


def hint(
    state: Position,
    level: Level | None = None,
    rng: random.Random | None = None,
    mummy: Mummy | None = None,
) -> Hint:
    """The move the mummy of ``level`` would play for the pending throw, with a reason.

    ``level`` defaults to ``mummy``'s level, or the Vizier's without a mummy. ``rng`` only
    matters for the Scribe (default: a fixed seed); pass the controller's ``mummy`` to reuse its
    search table and solved table.
    """
    if mummy is None:
        mummy = Mummy(level if level is not None else Level.VIZIER)
    decision = mummy.decide(state, rng if rng is not None else random.Random(0), level)
    why = reason(state, decision.move)
    if decision.value is not None:
        chances = f"{state.turn.title} {decision.value:.0%} to win"
        why += f" (the {decision.played_as.title} gives {chances})"
    return Hint(decision.move, state.describe(decision.move), why, decision.value)
