"""Ramses' rules and their options (the ways the seed's cut-off object of the game can be read),
as one immutable value.

>>> RAMSES.title, RAMSES.chance is None
('Ramses', True)
>>> RamsesRules(second_move_may_pass=False).title
'Ramses (no pass on the second move)'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import Any

from engine.core.errors import BadRecord
from engine.core.sides import Side
from engine.core.sticks import STICKS, Throw
from engine.core.words import N_, listing, phrase, side_name
from engine.games.api import Chance, Geometry, Words, record_options
from engine.ramses.board import GEOMETRY
from engine.ramses.position import RamsesPosition, forget

_OPTIONS = ("specials_to_win", "second_move_may_pass", "repetition_allowed")
_CHANGED = {
    "second_move_may_pass": N_("no pass on the second move"),
    "repetition_allowed": N_("repetition allowed"),
}
"""How the title names each yes-or-no option set the other way than the usual."""


@dataclass(frozen=True)
class RamsesRules:
    """Ramses as engine/ramses/rules.md writes it; the options are where readers of the seed
    differ."""

    specials_to_win: int = 3
    """Pieces of one side on special squares that win the game at once (the published rules:
    three of the five)."""
    second_move_may_pass: bool = True
    """A player who cannot move any of the opponent's pieces in the second half of a turn just
    ends the turn, so whoever locks the opponent up wins (off: that player is locked up and
    loses, like any player who cannot move)."""
    repetition_allowed: bool = False
    """A move may bring back a position that stood before (by default it may not: so every game
    ends, since a player left only with such moves is locked up)."""

    def __post_init__(self) -> None:
        if not 1 <= self.specials_to_win <= 4:
            raise ValueError(f"specials_to_win is 1 to 4 (a side has four pieces), "
                             f"not {self.specials_to_win}")

    @property
    def name(self) -> str:
        """The game's registered name."""
        return "ramses"

    @property
    def title(self) -> str:
        """``Ramses``, with the options that differ from the usual."""
        used: list[str] = []
        if self.specials_to_win != RAMSES.specials_to_win:
            used.append(phrase(N_("{n} special squares to win"), n=self.specials_to_win))
        used += [phrase(label) for key, label in _CHANGED.items()
                 if getattr(self, key) != getattr(RAMSES, key)]
        if used:
            return phrase(N_("Ramses ({options})"), options=listing(used))
        return phrase(N_("Ramses"))

    @property
    def geometry(self) -> Geometry:
        """The T of twenty squares and the two oblong spaces, eight cells each."""
        return GEOMETRY

    @property
    def chance(self) -> Chance | None:
        """None: Ramses has no luck at all."""
        return None

    @property
    def pieces(self) -> int:
        """Pieces per side."""
        return 4

    def new(self, first: Side = Side.CONES) -> RamsesPosition:
        """A new game: the pieces on their starting cells, ``first`` to play."""
        return RamsesPosition.new(self, first)

    def parse(self, text: str) -> RamsesPosition:
        """A position under these rules from its notation."""
        return RamsesPosition.parse(text, self)

    def draw(self, rng: random.Random) -> Throw:
        """How the sticks fall if someone shakes the box (the board answers that Ramses takes no
        throw; a shake only starts a new game)."""
        return Throw.from_sticks(tuple(bool(rng.getrandbits(1)) for _ in range(STICKS)))

    def first_side(self, rng: random.Random, last_winner: Side | None) -> Side:
        """Who plays first: drawn at random every game, as the seed says."""
        return Side(rng.getrandbits(1))

    def who_begins(self, rng: random.Random, last_winner: Side | None) -> tuple[Side, str]:
        """``first_side``, and why."""
        side = self.first_side(rng, last_winner)
        return side, phrase(N_("The {side} are drawn to play first."), side=side_name(side))

    @property
    def words(self) -> Words:
        """No throw; moves written ``T3-T8``."""
        return Words(None, "T3-T8", "T3")

    def forget(self) -> None:
        """Drop the cached walks (between games, so a board's memory stays flat)."""
        forget()

    def to_json(self) -> dict[str, Any]:
        """The game's name and options as JSON data."""
        return {"game": self.name, **{key: getattr(self, key) for key in _OPTIONS}}

    @classmethod
    def from_json(cls, data: Any) -> RamsesRules:
        """The rules ``to_json`` wrote; raises BadRecord naming what is wrong."""
        given = record_options(data, "ramses", "Ramses", frozenset(f.name for f in fields(cls)))
        for key, value in given.items():
            wanted = int if key == "specials_to_win" else bool
            if type(value) is not wanted:
                raise BadRecord(f"ruleset: {key} must be "
                                f"{'a number' if wanted is int else 'true or false'}, "
                                f"not {value!r}")
        try:
            return cls(**given)
        except ValueError as exc:
            raise BadRecord(f"ruleset: {exc}") from None


RAMSES = RamsesRules()
"""Ramses as the published rules have it."""
