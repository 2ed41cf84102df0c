"""Win probabilities from a solved table: of a position, and after each legal move.

The table itself does the lookups and may read files (``firmware.solved_table``); the engine
only asks it ``chance(code)``: the chance that the side to play in a packed position with no
throw pending wins under perfect play. The best move of a throw is a one-ply look: the move
after which the mover's chance is highest.

>>> class Coin:
...     ruleset = TAIT
...     def chance(self, code): return 0.5
>>> state = GameState.parse("C:M13 R:M9 off:4,0 entered:CR turn:C throw:3")
>>> move_chances(Coin(), state)
((Move(M13-off), 1.0),)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from engine.core.sides import Side
from engine.games.api import Position
from engine.tait.moves import Move
from engine.tait.packed import OVER, TURN_SHIFT
from engine.tait.state import TAIT, GameState, Ruleset
from engine.tait.tables import tables
from engine.words import N_, phrase


class SolvedTable(Protocol):
    """A solved game, as the engine sees it."""

    ruleset: Ruleset

    def chance(self, code: int) -> float | None:
        """The chance that the side to play in ``code`` (no throw pending) wins, or None when
        the table does not hold the position."""
        ...


def holds(table: SolvedTable, ruleset: Ruleset) -> bool:
    """Whether ``table`` was solved for ``ruleset`` (the demon-cast changes no chance)."""
    return replace(table.ruleset, demon_cast=True) == replace(ruleset, demon_cast=True)


def chance_after(table: SolvedTable, code: int, after: int) -> float | None:
    """The chance of the side to play in ``code`` once the position is ``after``."""
    if after & OVER:
        return 1.0 if (after ^ code) >> TURN_SHIFT & 1 == 0 else 0.0
    found = table.chance(after)
    if found is None:
        return None
    same = (after ^ code) >> TURN_SHIFT & 1 == 0
    return found if same else 1.0 - found


def move_chances(table: SolvedTable, state: GameState) -> tuple[tuple[Move, float], ...] | None:
    """Each legal move of the pending throw with the mover's chance after it (engine order);
    None when the table does not hold the positions."""
    if not holds(table, state.ruleset):
        return None
    rules = tables(state.ruleset)
    found = []
    for move in state.moves:
        value = chance_after(table, state.code, rules.after_move(state.code, move))
        if value is None:
            return None
        found.append((move, value))
    return tuple(found)


def best(chances: tuple[tuple[Move, float], ...]) -> tuple[Move, float]:
    """The move with the highest chance; ties keep the engine's move order."""
    move, value = chances[0]
    for m, v in chances[1:]:
        if v > value:
            move, value = m, v
    return move, value


def chance(table: SolvedTable, state: Position) -> float | None:
    """The chance that the side to play wins now: before its throw, or with the throw pending
    (then its best move's). 1 or 0 once someone has won; None for a position of another game
    than the table's."""
    if state.winner is not None:
        return 1.0
    if not isinstance(state, GameState) or not holds(table, state.ruleset):
        return None
    if state.throw is None:
        return table.chance(state.code)
    found = move_chances(table, state)
    return None if found is None else best(found)[1]


def cones_chance(table: SolvedTable, state: Position) -> float | None:
    """The Cones' chance to win now (the Reels' is one minus it)."""
    found = chance(table, state)
    if found is None:
        return None
    return found if state.turn == Side.CONES else 1.0 - found


def odds_text(table: SolvedTable, state: GameState) -> str | None:
    """Both sides' chances in one line: ``Chances to win: Cones 54%, Reels 46%``."""
    cones = cones_chance(table, state)
    if cones is None:
        return None
    return phrase(N_("Chances to win: Cones {cones}, Reels {reels}"), cones=f"{cones:.0%}",
                  reels=f"{1 - cones:.0%}")


def balanced_move(table: SolvedTable, state: GameState, target: float = 0.5) -> Move | None:
    """Fair mode from the solved table: the legal move after which the opponent's (the
    visitor's) chance to win is closest to ``target``; ties keep the engine's move order.
    None when the table does not hold the position."""
    found = move_chances(table, state)
    if found is None:
        return None
    return min(found, key=lambda mv: abs((1.0 - mv[1]) - target))[0]


__all__ = [
    "TAIT",
    "SolvedTable",
    "balanced_move",
    "best",
    "chance",
    "chance_after",
    "cones_chance",
    "holds",
    "move_chances",
    "odds_text",
]
