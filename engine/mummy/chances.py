"""Win probabilities from a solved table, in any game that has one: of a position, and after
each legal move.

What a table is for a game (which positions it holds, how a position is looked up) is the
game's: its mind (``engine.mummy.minds``) gives ``holds``, ``table_chance`` and ``table_moves``.
The table itself does the lookups and may read files (``firmware.solve.table``). The best move
of a throw is a one-ply look: the move after which the mover's chance is highest.

>>> from engine.tait.state import TAIT, GameState
>>> class Coin:
...     ruleset = TAIT
...     def chance(self, code): return 0.5
>>> state = GameState.parse("C:M13 R:M9 off:4,0 entered:CR turn:C throw:3")
>>> move_chances(Coin(), state)
((Move(M13-off), 1.0),)
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.sides import Side
from engine.core.words import N_, phrase
from engine.games.api import Position, Rules
from engine.mummy.minds import Mind, mind_of

Chances = tuple[tuple[Any, float], ...]
"""Each legal move with the mover's chance after it, in the game's move order."""


class SolvedTable(Protocol):
    """A solved game, as the engine sees it."""

    @property
    def ruleset(self) -> Any:
        """The rules the table was solved for."""

    def chance(self, code: int) -> float | None:
        """The chance that the side to play in ``code`` (a position with no throw pending, in
        the game's packed form) wins, or None when the table does not hold the position."""
        ...


def _table_mind(rules: Rules) -> Mind | None:
    """The mind of ``rules``' game when the game has solved tables, else None."""
    try:
        mind = mind_of(rules)
    except ValueError:
        return None
    return mind if mind.holds is not None else None


def holds(table: SolvedTable, rules: Rules) -> bool:
    """Whether ``table`` was solved for ``rules`` (a game without tables: never)."""
    mind = _table_mind(rules)
    return mind is not None and mind.holds is not None and mind.holds(table, rules)


def move_chances(table: SolvedTable, state: Position) -> Chances | None:
    """Each legal move of the pending throw with the mover's chance after it (the game's move
    order); None when the table does not hold the positions."""
    mind = _table_mind(state.rules)
    if mind is None or mind.table_moves is None:
        return None
    return mind.table_moves(table, state)


def best(chances: Chances) -> tuple[Any, float]:
    """The move with the highest chance; ties keep the game's move order."""
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
    mind = _table_mind(state.rules)
    if mind is None or mind.table_chance is None or not holds(table, state.rules):
        return None
    if state.throw is None:
        return mind.table_chance(table, state)
    found = move_chances(table, state)
    return None if found is None else best(found)[1]


def cones_chance(table: SolvedTable, state: Position) -> float | None:
    """The Cones' chance to win now (the Reels' is one minus it)."""
    found = chance(table, state)
    if found is None:
        return None
    return found if state.turn == Side.CONES else 1.0 - found


def odds_text(table: SolvedTable, state: Position) -> str | None:
    """Both sides' chances in one line: ``Chances to win: Cones 54%, Reels 46%``."""
    cones = cones_chance(table, state)
    if cones is None:
        return None
    return phrase(N_("Chances to win: Cones {cones}, Reels {reels}"), cones=f"{cones:.0%}",
                  reels=f"{1 - cones:.0%}")


def balanced_move(table: SolvedTable, state: Position, target: float = 0.5) -> Any:
    """Fair mode from the solved table: the legal move after which the opponent's (the
    visitor's) chance to win is closest to ``target``; ties keep the game's move order.
    None when the table does not hold the position."""
    found = move_chances(table, state)
    if found is None:
        return None
    return min(found, key=lambda mv: abs((1.0 - mv[1]) - target))[0]


__all__ = [
    "Chances",
    "SolvedTable",
    "balanced_move",
    "best",
    "chance",
    "cones_chance",
    "holds",
    "move_chances",
    "odds_text",
]
