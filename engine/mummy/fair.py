"""The fair kiosk mode: the mummy's strength follows the visitors so they win about half the time.

A staircase: after each game a visitor wins, the mummy plays a step stronger; after each game the
mummy wins, a step weaker. Strength runs from the lowest level to the highest; between two levels
each move is the stronger level's with the chance of the fraction (1.5 = half Priest, half
Vizier moves). Because every win is undone by a loss, the visitors' wins and losses differ by at
most the number of steps between the bounds, plus the games played at a bound: over many games
visitors win half of them, whoever they are, as long as the strength stays off the bounds.

>>> fair = Fair().after_game(visitor_won=True).after_game(visitor_won=True)
>>> fair.strength, fair.level
(1.5, <Level.VIZIER: 2>)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Any

from engine.mummy.levels import Level

STEP = 0.25
"""A quarter of a level a game: a few games to move a whole level, smooth for one visitor."""


@dataclass(frozen=True)
class Fair:
    """The fair mode's state: fed each game's result, it says how the mummy plays the next."""

    strength: float = 1.0
    """0 = Scribe, 1 = Priest, 2 = Vizier, 3 = Neferkaptah; fractions mix two levels."""
    step: float = STEP
    lowest: Level = Level.SCRIBE
    highest: Level = Level.VIZIER
    games: int = 0
    visitor_wins: int = 0

    def __post_init__(self) -> None:
        if not 0 < self.step <= 1:
            raise ValueError(f"fair mode step must be in (0, 1], not {self.step}")
        if self.lowest > self.highest:
            raise ValueError("fair mode: the lowest level is above the highest")
        if not self.lowest <= self.strength <= self.highest:
            raise ValueError(
                f"fair mode strength {self.strength} is outside "
                f"{int(self.lowest)}..{int(self.highest)}"
            )

    def after_game(self, visitor_won: bool | None) -> Fair:
        """The fair mode after a game: stronger if the visitor won, weaker if the mummy won.

        ``None`` (an abandoned game) changes nothing.
        """
        if visitor_won is None:
            return self
        change = self.step if visitor_won else -self.step
        strength = min(float(self.highest), max(float(self.lowest), self.strength + change))
        return replace(
            self,
            strength=round(strength, 9),  # keeps a staircase of non-binary steps on its grid
            games=self.games + 1,
            visitor_wins=self.visitor_wins + visitor_won,
        )

    @property
    def level(self) -> Level:
        """The level nearest the current strength (for showing, e.g. "the mummy plays as ...")."""
        return Level(min(int(self.highest), math.floor(self.strength + 0.5)))

    def pick(self, rng: random.Random) -> Level:
        """The level of the mummy's next move: one of the two around the strength, by chance."""
        lower = math.floor(self.strength)
        fraction = self.strength - lower
        if fraction and rng.random() < fraction:
            return Level(lower + 1)
        return Level(lower)

    @property
    def visitor_win_rate(self) -> float | None:
        """The share of the games so far that the visitors won (None before the first)."""
        return self.visitor_wins / self.games if self.games else None

    def to_json(self) -> dict[str, Any]:
        """Plain data to keep the fair mode across restarts of the kiosk."""
        return {
            "strength": self.strength,
            "step": self.step,
            "lowest": self.lowest.name.lower(),
            "highest": self.highest.name.lower(),
            "games": self.games,
            "visitor_wins": self.visitor_wins,
        }

    @classmethod
    def from_json(cls, data: Any) -> Fair:
        """The fair mode saved by ``to_json``; raises ValueError naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("fair mode: expected an object")
        try:
            return cls(
                strength=float(data.get("strength", 1.0)),
                step=float(data.get("step", STEP)),
                lowest=Level.parse(str(data.get("lowest", "scribe"))),
                highest=Level.parse(str(data.get("highest", "vizier"))),
                games=int(data.get("games", 0)),
                visitor_wins=int(data.get("visitor_wins", 0)),
            )
        except (TypeError, ValueError) as exc:
            raise ValueError(f"fair mode: {exc}") from None

