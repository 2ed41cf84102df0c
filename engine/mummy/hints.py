"""Hints: "what would the mummy play here?", with a short reason a beginner can follow.

>>> from engine.tait.state import GameState
>>> state = GameState.parse("C:C2,M6 R:M7 off:0,1 entered:CR turn:C throw:1")
>>> print(hint(state, Level.PRIEST))
Cone on M6 to M7, bumping a Reel: bumps the Reel on M7 back to the start
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.core.words import N_, Phrase, nphrase, phrase, side_name
from engine.games.api import Position
from engine.mummy.chances import SolvedTable, best, move_chances
from engine.mummy.levels import Level, Mummy
from engine.mummy.minds import mind_of
from engine.text import move_text


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move for the pending throw, and why."""

    move: Any
    """A move of the position's game."""
    notation: str
    """The move as a player types it, with ``x`` for a bump (``M5xM8``)."""
    reason: str
    value: float | None = None
    """The chance the mover wins after the move, when the level judged it."""
    said: str = ""
    """The move in a player's words (``engine.text.move_text``)."""

    def __str__(self) -> str:
        return phrase(N_("{move}: {reason}"), move=self.said or self.notation, reason=self.reason)


def reason(state: Position, move: Any) -> str:
    """What ``move`` does that makes it worth playing, in a few words (the game's mind says)."""
    return mind_of(state.rules).reason(state, move)


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
        why = phrase(N_("{reason} (the {level} gives {side} {chance} to win)"), reason=why,
                     level=decision.played_as.title, side=side_name(state.turn),
                     chance=f"{decision.value:.0%}")
    return Hint(decision.move, state.describe(decision.move), why, decision.value,
                move_text(state, decision.move))


def points(loss: float) -> str:
    """A loss of chance in percentage points, as a player reads it: ``7 points``."""
    amount = loss * 100
    if amount < 0.05:
        return phrase(N_("nothing"))
    shown = f"{amount:.0f}" if amount >= 1 else f"{amount:.1f}"
    return nphrase("{n} point", "{n} points", 1 if shown == "1" else 2, n=shown)


def explain(table: SolvedTable, state: Position) -> str | None:
    """The best move of the pending throw with the mover's chance after it, and what each other
    legal move would give up: ``Cone on C2 to M6 keeps 61%; Cone on M9 to M11 would give up 7
    points``. None when the table does not hold the position."""
    found = move_chances(table, state)
    if found is None:
        return None
    top, value = best(found)
    keeps = phrase(N_("{move} keeps {chance}"), move=move_text(state, top), chance=f"{value:.0%}")
    others = sorted((v, i, m) for i, (m, v) in enumerate(found) if m != top)
    if not others:
        return keeps
    given = [phrase(N_("{move} would give up {points}"), move=move_text(state, m),
                    points=points(value - v)) for v, _, m in reversed(others)]
    return Phrase("{keeps}; " + ", ".join(f"{{given{n}}}" for n in range(len(given))),
                  {"keeps": keeps, **{f"given{n}": g for n, g in enumerate(given)}})
