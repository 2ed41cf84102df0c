"""The two sides of every game of the family: the Cones and the Reels.

>>> Side.parse("r"), Side.CONES.other.title
(<Side.REELS: 1>, 'Reels')
"""

from __future__ import annotations

from enum import IntEnum


class Side(IntEnum):
    """The two sides; Cones throw first in a new game."""

    CONES = 0
    REELS = 1

    @property
    def other(self) -> Side:
        """The opponent."""
        return Side(1 - self)

    @property
    def letter(self) -> str:
        """``C`` or ``R``, the letter of the side's private row."""
        return "CR"[self]

    @property
    def title(self) -> str:
        """``Cones`` or ``Reels``."""
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: str) -> Side:
        """A side from ``cones``/``reels`` or ``C``/``R`` (any case)."""
        key = text.strip().lower()
        for side in cls:
            if key in (side.name.lower(), side.letter.lower()):
                return side
        raise ValueError(f"unknown side {text!r}: expected 'cones' or 'reels'")
