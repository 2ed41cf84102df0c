"""The small interface every game of the family offers the board, the window, the terminal and
the mummy (after OpenSpiel's Game and State): ``Rules`` are a game with its options, a
``Position`` is one moment of it. Chance is explicit: a position waiting for a throw is a chance
node, and ``Rules.chance`` lists the throws with their probabilities (None: a game without luck).

>>> from engine.games import load
>>> rules = load("tait")
>>> position = rules.new(Side.CONES)
>>> position.turn, position.throw, rules.chance.name
(<Side.CONES: 0>, None, 'sticks')
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from engine.core.errors import BadRecord
from engine.core.events import Event
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.core.words import N_, phrase

__all__ = [
    "Chance",
    "Geometry",
    "Journey",
    "Move",
    "Offboard",
    "Position",
    "Rules",
    "Side",
    "Words",
]


class Offboard(Enum):
    """Where a piece is when it is not on a square."""

    WAITING = "waiting"
    """Not yet entered (or sent back to enter again)."""
    BORNE_OFF = "borne off"
    """Finished its journey."""


@dataclass(frozen=True)
class Journey:
    """One piece's way during a move: from ``start`` over ``via`` to ``end``.

    This is the evidence a move leaves on occupancy sensors: the mover leaves its start, stands
    a moment on each ``via`` square (16 when bearing off in Tait's rules, the House of Water in
    Senet's), and comes to rest at ``end``; a captured piece makes its own journey.
    """

    side: Side
    start: str | Offboard
    end: str | Offboard
    via: tuple[str, ...] = ()


@dataclass(frozen=True)
class Geometry:
    """A physical board: its squares, where each lies, the marked ones, each side's path.

    ``board`` names the board (``twenty-squares``, ``senet``): games played on the same
    board share its board files. ``position`` is (row, column) seen from above, row 0 on top.
    """

    board: str
    squares: tuple[str, ...]
    position: Mapping[str, tuple[int, int]]
    marked: Mapping[str, str]
    """Marked squares and their sign (``ankh``, ``nefer``, ``rosette``, ``water``...)."""
    paths: tuple[tuple[str, ...], tuple[str, ...]]
    """Each side's path, in the order its pieces travel (by ``Side``)."""
    homes: tuple[tuple[str, ...], tuple[str, ...]]
    """Squares that light up when it is a side's turn (its private row, or its start)."""
    oblongs: tuple[tuple[str, ...], ...] = ()
    """Runs of side-by-side cells that are one space on the board, read at each place a piece
    may stand in it (Ramses' oblong spaces, a cell per alignment): drawn as one long inlay."""

    @property
    def rows(self) -> int:
        return 1 + max(row for row, _ in self.position.values())

    @property
    def columns(self) -> int:
        return 1 + max(column for _, column in self.position.values())


@dataclass(frozen=True)
class Chance:
    """The chance device: its name, and every throw value with its probability."""

    name: str
    """``sticks`` (four casting sticks) or ``die``."""
    outcomes: tuple[tuple[int, Fraction], ...]


@dataclass(frozen=True)
class Words:
    """How a game speaks to its players, written once with the game: the terminal's and the
    window's help, prompts and status lines take these, never another game's.

    >>> Words("die", "C2-M6", "C2").throw, Words(None, "T3-T8", "T3").throw
    ('throw the die', '')
    """

    device: str | None
    """What is thrown: ``sticks``, ``die`` or ``dice`` (None: nothing, a game without luck)."""
    move: str
    """A move as the game writes it, for help texts (``C2-M6``)."""
    square: str
    """The square of a piece, which names its move when it has only one (``C2``)."""
    piece: str = "piece"
    """What one of its pieces is called (the stacking game's are ``man``)."""

    @property
    def throw(self) -> str:
        """``throw the sticks`` (the die, the dice), or empty for a game without a throw."""
        if self.device is None:
            return ""
        return phrase({"sticks": N_("throw the sticks"), "die": N_("throw the die"),
                       "dice": N_("throw the dice")}.get(self.device, "throw the {device}"),
                      device=self.device)


@runtime_checkable
class Move(Protocol):
    """A move of one game: which side makes it, and how it reads."""

    @property
    def side(self) -> Side: ...

    def notation(self) -> str: ...


@runtime_checkable
class Position(Protocol):
    """One moment of a game: pure and immutable; every change makes a new position."""

    @property
    def rules(self) -> Rules: ...

    @property
    def turn(self) -> Side:
        """The side to throw or move (the winner, once the game is over)."""

    @property
    def winner(self) -> Side | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def throw(self) -> Throw | None:
        """The pending throw whose move is awaited, or None (a throw is awaited)."""

    @property
    def moves(self) -> tuple[Any, ...]:
        """The legal moves of the pending throw (never empty while a throw is pending)."""

    @property
    def opening(self) -> bool:
        """Whether the board throws for the sides now (Tait's demon-cast, Senet's opening)."""

    @property
    def off(self) -> tuple[int, int]:
        """Pieces each side has borne off."""

    def waiting(self, side: Side) -> int:
        """Pieces of ``side`` off the board and still to enter."""

    def owners(self) -> dict[str, Side]:
        """Who stands on each occupied square."""

    def cast(self, throw: Throw) -> tuple[Position, tuple[Event, ...]]:
        """The side to play throws; a throw with no legal move is lost at once."""

    def play(self, move: Any) -> tuple[Position, tuple[Event, ...]]:
        """Make a legal move of the pending throw."""

    def journeys(self, move: Any) -> tuple[Journey, ...]:
        """The pieces' journeys ``move`` makes, the mover's first."""

    def describe(self, move: Any) -> str:
        """The move in notation, as a player reads it."""

    def parse_move(self, text: str) -> Any:
        """A legal move from its notation (or the square of its piece)."""

    def notation(self) -> str:
        """The position in one line of text (``Rules.parse`` reads it back)."""


@runtime_checkable
class Rules(Protocol):
    """A game and its options: what a new game, a throw and a board look like."""

    @property
    def name(self) -> str:
        """The game's registered name (``tait``, ``cyningstan``, ``senet``)."""

    @property
    def title(self) -> str: ...

    @property
    def geometry(self) -> Geometry: ...

    @property
    def chance(self) -> Chance | None: ...

    @property
    def pieces(self) -> int:
        """Pieces per side."""

    @property
    def words(self) -> Words:
        """How the game speaks of its throws, its moves and its pieces."""

    def new(self, first: Side) -> Position:
        """The start of a game, ``first`` to throw (or to decide the opening)."""

    def parse(self, text: str) -> Position:
        """A position from its notation."""

    def draw(self, rng: random.Random) -> Throw:
        """One throw from the chance device, with the caller's generator."""

    def first_side(self, rng: random.Random, last_winner: Side | None) -> Side:
        """Who starts a new game (after ``last_winner``'s win, or the first of the day)."""

    def who_begins(self, rng: random.Random, last_winner: Side | None) -> tuple[Side, str]:
        """``first_side`` (drawing the same from ``rng``) and a sentence saying why, in the
        game's words (the stacking game's says the totals thrown)."""

    def to_json(self) -> dict[str, Any]:
        """The game's name and options as JSON data (``from_json`` of ``engine.games`` reads it)."""


def record_options(data: Any, game: str, title: str,
                   options: frozenset[str]) -> dict[str, Any]:
    """The options a game record's ruleset names, checked to be this ``game``'s (``title`` for
    messages); raises BadRecord naming what is wrong. The values are the caller's to check."""
    if not isinstance(data, dict):
        raise BadRecord("ruleset: expected an object")
    if data.get("game", game) != game:
        raise BadRecord(f"ruleset: {data.get('game')!r} is not {title}")
    unknown = set(data) - options - {"game"}
    if unknown:
        key = sorted(unknown)[0]
        raise BadRecord(f"ruleset: unknown {title} option {key!r}" if options
                        else f"ruleset: {title} has no option {key!r}")
    return {key: data[key] for key in options & set(data)}


def owners_of(position: Position) -> Mapping[str, Side]:
    """Who stands where (a convenience for callers holding any position)."""
    return position.owners()
