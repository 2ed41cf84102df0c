"""Senet's rules and their options (the seed's "rule variations"), as one immutable value.

>>> SENET.title, SENET.chance.outcomes[0]
('Senet', (1, Fraction(1, 4)))
>>> SenetRules(happiness_exact=True, exact_exits=True).title
'Senet (House of Happiness, exact exits)'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any

from engine.core.errors import BadRecord
from engine.core.sides import Side
from engine.core.sticks import STICKS, Throw
from engine.core.words import N_, listing, phrase, side_name
from engine.games.api import Chance, Geometry, Words, record_options
from engine.senet.board import GEOMETRY
from engine.senet.core import Core, core_of
from engine.senet.notation import parse_position
from engine.senet.position import SenetPosition

FACES: tuple[Throw, ...] = tuple(
    Throw.from_sticks(tuple(bool(bits >> i & 1) for i in range(STICKS)))
    for bits in range(1 << STICKS)
)
"""The sixteen equally likely ways the four sticks fall (the same sticks as Tait's game)."""

_VARIATIONS = {
    "happiness_exact": N_("House of Happiness"),
    "water_to_rebirth": N_("Water to Rebirth"),
    "rebirth_safe": N_("House of Rebirth"),
    "exact_exits": N_("exact exits"),
    "backward_when_blocked": N_("backward moves"),
}


@dataclass(frozen=True)
class SenetRules:
    """Senet as engine/senet/rules.md writes it; each option is one of the seed's variations, or
    (``backward_when_blocked``) of the published rules close to it."""

    happiness_exact: bool = False
    """A piece must land exactly on the House of Happiness (H26) before going further."""
    water_to_rebirth: bool = False
    """The House of Water sends a piece to the House of Rebirth (H15, or the nearest empty
    square before it) instead of the lowest empty square."""
    rebirth_safe: bool = False
    """The House of Rebirth (H15) is a refuge: a piece there cannot be captured."""
    exact_exits: bool = False
    """Pieces leave only by exact throws: a 3 from H28, a 2 from H29, a 1 from H30."""
    backward_when_blocked: bool = False
    """A throw no piece can use going forward must be used to move a piece back by it (the
    throw is lost only when no piece can go either way)."""
    _core: Any = field(default=None, init=False, repr=False, compare=False)

    @property
    def name(self) -> str:
        """The game's registered name."""
        return "senet"

    @property
    def title(self) -> str:
        """``Senet``, with the variations in use."""
        used = [phrase(label) for key, label in _VARIATIONS.items() if getattr(self, key)]
        if used:
            return phrase(N_("Senet ({variations})"), variations=listing(used))
        return phrase(N_("Senet"))

    @property
    def geometry(self) -> Geometry:
        """Three rows of ten, the path snaking."""
        return GEOMETRY

    @property
    def chance(self) -> Chance:
        """The four casting sticks: 1 to 4 white sides, none white moves 6."""
        counts: dict[int, int] = {}
        for face in FACES:
            counts[face.value] = counts.get(face.value, 0) + 1
        outcomes = tuple((v, Fraction(n, len(FACES))) for v, n in sorted(counts.items()))
        return Chance("sticks", outcomes)

    @property
    def pieces(self) -> int:
        """Pieces per side."""
        return 5

    @property
    def core(self) -> Core:
        """These rules as bit operations on packed positions, made on first use."""
        core = self._core
        if core is None:
            core = core_of(self)
            object.__setattr__(self, "_core", core)
        return core  # type: ignore[no-any-return]

    def new(self, first: Side = Side.CONES) -> SenetPosition:
        """A new game: the pieces not yet set out, ``first`` to throw the opening."""
        return SenetPosition.new(self, first)

    def parse(self, text: str) -> SenetPosition:
        """A position under these rules from its notation."""
        return parse_position(text, self)

    def draw(self, rng: random.Random) -> Throw:
        """One throw of the four sticks with the caller's generator."""
        return FACES[rng.getrandbits(STICKS)]

    def first_side(self, rng: random.Random, last_winner: Side | None) -> Side:
        """Who throws first in the opening: the loser of the last game, the Cones in the first
        (the opening's rounds are fair, so it decides nothing)."""
        return last_winner.other if last_winner is not None else Side.CONES

    def who_begins(self, rng: random.Random, last_winner: Side | None) -> tuple[Side, str]:
        """``first_side``, and why."""
        side = self.first_side(rng, last_winner)
        if last_winner is None:
            return side, phrase(N_("The {side} throw first in the opening (no game won yet); "
                                   "the only 1 of a round decides who plays black and moves "
                                   "first."), side=side_name(side))
        return side, phrase(N_("The {side} throw first in the opening (the loser of the last "
                               "game); the only 1 of a round decides who plays black and moves "
                               "first."), side=side_name(side))

    @property
    def words(self) -> Words:
        """The sticks; moves written ``H12-H14``."""
        return Words("sticks", "H12-H14", "H12")

    def to_json(self) -> dict[str, Any]:
        """The game's name and options as JSON data."""
        return {"game": self.name, **{key: getattr(self, key) for key in _VARIATIONS}}

    @classmethod
    def from_json(cls, data: Any) -> SenetRules:
        """The rules ``to_json`` wrote; raises BadRecord naming what is wrong."""
        given = record_options(data, "senet", "Senet",
                               frozenset(f.name for f in fields(cls) if f.init))
        for key, value in given.items():
            if not isinstance(value, bool):
                raise BadRecord(f"ruleset: {key} must be true or false, not {value!r}")
        return cls(**given)


SENET = SenetRules()
"""Senet with none of the variations."""
