"""What a throw or a move caused, as data: the controller turns these into light and sound.

Events are immutable values; the engine hands out shared instances from tables to stay fast.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.core.sides import Side
from engine.core.sticks import Throw


@dataclass(frozen=True, slots=True)
class Entered:
    """A piece of ``side`` came onto the board at ``square``."""

    side: Side
    square: str


@dataclass(frozen=True, slots=True)
class Moved:
    """A piece of ``side`` went from ``source`` to ``target``."""

    side: Side
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class Bumped:
    """A piece of ``side`` was knocked off ``square`` and must enter again."""

    side: Side
    square: str


@dataclass(frozen=True, slots=True)
class BorneOff:
    """A piece of ``side`` from ``source`` left the board: by landing exactly on 16 (Tait's
    rules), or by an exact throw past 16 (Cyningstan's)."""

    side: Side
    source: str | None


@dataclass(frozen=True, slots=True)
class Swapped:
    """A piece of ``side`` on ``square`` was captured: it changed places with the piece that
    landed there and now stands on ``to`` (Senet)."""

    side: Side
    square: str
    to: str


@dataclass(frozen=True, slots=True)
class Washed:
    """A piece of ``side`` stepped into the House of Water and was washed back to ``square``
    (Senet)."""

    side: Side
    square: str


@dataclass(frozen=True, slots=True)
class ExtraTurnEarned:
    """``side`` earned an extra turn: by throwing a six or landing on a marked square (Twenty
    Squares), or by moving with a one, a four or a six (Senet)."""

    side: Side
    reason: Literal["six", "marked", "one", "four"]


@dataclass(frozen=True, slots=True)
class ExtraTurnTaken:
    """``side`` uses one of its extra turns and throws again; ``remaining`` are left."""

    side: Side
    remaining: int


@dataclass(frozen=True, slots=True)
class ThrowLost:
    """``side`` could make no move with ``throw``."""

    side: Side
    throw: Throw


@dataclass(frozen=True, slots=True)
class TurnPassed:
    """The turn passed to ``side``."""

    side: Side


@dataclass(frozen=True, slots=True)
class Won:
    """``side`` won: it bore off its last piece (``how`` "borne off"), or in Ramses it holds the
    special squares it needs ("special squares") or the opponent cannot move ("locked up")."""

    side: Side
    how: str = "borne off"


@dataclass(frozen=True, slots=True)
class MovedTheirs:
    """``side`` moved the opponent's piece from ``source`` to ``target`` (the second half of a
    Ramses turn)."""

    side: Side
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class Opened:
    """The opening throws are decided: ``side`` threw the only 1 of a round, plays black and
    moves first (Senet)."""

    side: Side


@dataclass(frozen=True, slots=True)
class Scored:
    """The winner ``side`` scored ``points`` for the loser's pieces left on the board (Senet)."""

    side: Side
    points: int


@dataclass(frozen=True, slots=True)
class LeftBoard:
    """A man of ``side`` went past the last square from ``source`` and off the board: it is out
    of play, in front of the opponent (the stacking game)."""

    side: Side
    source: str


@dataclass(frozen=True, slots=True)
class Captured:
    """A man of ``side`` on ``square`` was captured by a man passing it: back to those waiting,
    or out of play when ``out_of_play`` (the stacking game)."""

    side: Side
    square: str
    out_of_play: bool


@dataclass(frozen=True, slots=True)
class Stuck:
    """``side`` could not use a die showing ``die``: it loses (the stacking game)."""

    side: Side
    die: int


@dataclass(frozen=True, slots=True)
class HeldLast:
    """``side`` began its turn with three men on the last square and won (the stacking game)."""

    side: Side
    square: str


Event = (
    Entered
    | Moved
    | MovedTheirs
    | Bumped
    | BorneOff
    | ExtraTurnEarned
    | ExtraTurnTaken
    | ThrowLost
    | TurnPassed
    | Won
    | Swapped
    | Washed
    | Opened
    | Scored
    | LeftBoard
    | Captured
    | Stuck
    | HeldLast
)
