"""A stack knocked over, told from a move by how men fall: on a Hall board, men that leave one
square and land on another within ``KNOCK`` seconds (no hand carries a man so fast) are a
knock, not a move. (Men knocked off the board's edge leave no such sign: they are men lifted
away, as a hand lifts them.)

The board as it stood before the knock (who stood where, and what the hands had done in the
act so far) is kept, to be guided back to; nothing is read into what the knock did.

    knocks = Knocks()
    knocks.before(t, board)              # each change of a square, the board as it stood
    knocks.changed(t, "M9", CONES, 2)    # M9 lost two Cones at t...
    knocks.changed(t, "M10", CONES, -2)  # ...and M10 gained them at once: a knock
    knocks.knocked                       # the board before it, or None
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from engine.games.api import Side
from firmware.play.evidence import Owners

KNOCK = 0.1
"""Seconds within which men leaving one square and landing on another fell: a hand carrying a
man from one square to the next takes longer."""


@dataclass(frozen=True)
class Board:
    """A board as it stood: its occupancy, whose men stood where (a Hall board's sides), and
    the hands' history of the act (``MoveTracker.filled``, ``emptied``)."""

    occupancy: frozenset[str]
    sides: Owners
    filled: Mapping[str, float]
    emptied: Mapping[str, float]

    @classmethod
    def of(cls, occupancy: set[str], sides: dict[str, Side], filled: dict[str, float],
           emptied: dict[str, float]) -> Board:
        """A copy of the board as it stands."""
        return cls(frozenset(occupancy), MappingProxyType(dict(sides)),
                   MappingProxyType(dict(filled)), MappingProxyType(dict(emptied)))


@dataclass
class Knocks:
    """Watches a Hall board's changes for men falling."""

    knocked: Board | None = None
    """The board before the last knock, until it is shown again."""
    square: str | None = None
    """The square whose stack was knocked."""
    _still: Board | None = field(default=None, repr=False)
    """The board before the last burst of changes began."""
    _last: float = float("-inf")
    _recent: deque[tuple[float, str, Side | None, int]] = field(
        default_factory=lambda: deque(maxlen=8), repr=False)
    """The last changes: when, where, whose men, how many lost (gained: fewer than none)."""

    def before(self, t: float, board: Board) -> None:
        """A square is about to change at ``t``; ``board`` is how the board stands now: kept
        as the board before a knock when it has stood still a moment."""
        if t - self._last > KNOCK:
            self._still = board
        self._last = t

    def changed(self, t: float, square: str, side: Side | None, lost: int) -> bool:
        """``square`` lost ``lost`` men of ``side`` (gained ``-lost``; or turned unclear, men
        of both sides on it, with ``lost`` 0 and no side) at ``t``; True when that and another
        square's change show men falling (the board before is kept in ``knocked``)."""
        if self.knocked is not None:
            return False
        fell = next((where for when, where, whose, was in self._recent
                     if abs(t - when) <= KNOCK and where != square and (
                         (lost > 0 and was <= 0 and whose in (None, side))
                         or (lost <= 0 and was > 0 and side in (None, whose)))), None)
        self._recent.append((t, square, side, lost))
        if fell is None or self._still is None:
            return False
        self.knocked = self._still
        self.square = square if lost > 0 else fell
        return True

    def over(self) -> None:
        """The board stands as before the knock again (or as the game expects)."""
        self.knocked = None
        self.square = None
        self._recent.clear()
