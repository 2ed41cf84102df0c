"""Every rule option of Twenty Squares in one immutable value, so variants are sets of options.

>>> Options().probability(2), Options(name="cyningstan").title
(Fraction(3, 8), "Twenty Squares (Cyningstan's rules)")
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Self

from engine.core.errors import BadRecord
from engine.core.sides import Side
from engine.core.sticks import Throw, arrangements
from engine.core.words import N_, phrase, side_name
from engine.games.api import Chance, Geometry, Words
from engine.tait.board import PATH_LENGTH, TWENTY_SQUARES

TITLES = {
    "tait": N_("Twenty Squares (Tait's rules)"),
    "cyningstan": N_("Twenty Squares (Cyningstan's rules)"),
}

LAND_ON_16 = "land on 16"
"""Bearing off: a piece that lands exactly on 16 leaves the board at once (Tait's rules)."""
EXACT_PAST_16 = "exact past 16"
"""Bearing off: pieces rest on 16 and leave by an exact throw past it (Cyningstan's rules)."""
BEAR_OFF = {LAND_ON_16: PATH_LENGTH, EXACT_PAST_16: PATH_LENGTH + 1}
"""Each way of bearing off, and the path position that takes a piece off the board."""
DEVICES = ("sticks", "die")
"""The chance devices: four casting sticks, or a die (a knuckle-bone) showing a plain number."""


@dataclass(frozen=True)
class Options:
    """The options of a Twenty Squares rule set and what they mean for throws and moves.

    ``Ruleset`` (``engine.tait.state``) is these options as a game of the family: it also makes
    the positions they are played in, so it lives beside them.
    """

    name: str = "tait"
    throw_weights: tuple[tuple[int, int], ...] = ((1, 4), (2, 6), (3, 4), (4, 1), (6, 1))
    """(throw, weight) pairs: the chance of a throw is its weight over the total."""
    entry_throws: frozenset[int] = frozenset({4, 6})
    """Before a side's first entry only these throws can be used (the barrier)."""
    extra_turn_throws: frozenset[int] = frozenset({6})
    """Throwing one of these earns an extra turn, even when it cannot be used."""
    demon_cast: bool = True
    """At the start of a game, throw automatically until someone can enter."""
    marked_safe: bool = False
    """Whether a piece on a marked middle square (8, 12; and 16 where pieces rest there) is safe
    from bumping."""
    pieces: int = 5
    bear_off: str = LAND_ON_16
    """How pieces leave the board: ``LAND_ON_16`` or ``EXACT_PAST_16``."""
    random_first: bool = False
    """Whether the first player of every game is drawn at random (else the loser starts)."""
    device: str = "sticks"
    """The chance device: four casting sticks, or a die with one face per throw."""
    values: frozenset[int] = field(init=False, repr=False, compare=False)
    """The throw values that can come up."""
    off_at: int = field(init=False, repr=False, compare=False)
    """The path position that takes a piece off the board: 16, or 17 past a resting 16."""
    _faces: tuple[Throw, ...] = field(init=False, repr=False, compare=False)
    _bits: int = field(init=False, repr=False, compare=False)
    _tables: Any = field(default=None, init=False, repr=False, compare=False)
    """The engine's lookup tables for these rules, made by ``engine.tait.tables`` on first use."""

    def __post_init__(self) -> None:
        if not self.throw_weights or any(v < 1 or w < 1 for v, w in self.throw_weights):
            raise ValueError("throw_weights needs (throw >= 1, weight >= 1) pairs")
        if not 1 <= self.pieces <= 7:
            raise ValueError("a side has 1 to 7 pieces")
        if self.bear_off not in BEAR_OFF:
            raise ValueError(f"bear_off is one of {', '.join(map(repr, BEAR_OFF))}")
        if self.device not in DEVICES:
            raise ValueError(f"device is one of {', '.join(map(repr, DEVICES))}")
        faces = _faces(self.throw_weights, self.device == "sticks")
        object.__setattr__(self, "values", frozenset(self.throws))
        object.__setattr__(self, "off_at", BEAR_OFF[self.bear_off])
        object.__setattr__(self, "_faces", faces)
        # A power-of-two number of equally likely faces (16 for four sticks) is one getrandbits.
        bits = len(faces).bit_length() - 1
        object.__setattr__(self, "_bits", bits if len(faces) == 1 << bits else -1)

    @property
    def title(self) -> str:
        """The game's name as players read it."""
        if self.name in TITLES:
            return phrase(TITLES[self.name])
        return phrase(N_("Twenty Squares ({rules})"), rules=self.name)

    @property
    def geometry(self) -> Geometry:
        """The board: three rows of four, the middle row running on for eight."""
        return TWENTY_SQUARES

    @property
    def chance(self) -> Chance:
        """The casting sticks or the die, with each throw's probability."""
        return Chance(self.device, tuple((v, self.probability(v)) for v in self.throws))

    @property
    def words(self) -> Words:
        """The sticks or the die; moves written ``C2-M6``."""
        return Words(self.device, "C2-M6", "C2")

    def first_side(self, rng: random.Random, last_winner: Side | None) -> Side:
        """Who throws first: drawn with ``rng`` under ``random_first``; else the loser of the
        last game, and the Cones in the first one."""
        if self.random_first:
            return Side(rng.getrandbits(1))
        return last_winner.other if last_winner is not None else Side.CONES

    def who_begins(self, rng: random.Random, last_winner: Side | None) -> tuple[Side, str]:
        """``first_side``, and why."""
        side = self.first_side(rng, last_winner)
        if self.random_first:
            return side, phrase(N_("The {side} are drawn to throw first."), side=side_name(side))
        if last_winner is None:
            return side, phrase(N_("The {side} throw first (no game won yet)."),
                                side=side_name(side))
        return side, phrase(N_("The {side} lost the last game: they throw first."),
                            side=side_name(side))

    def forget(self) -> None:
        """Drop what these rules cached while playing (``engine.games.forget``)."""
        if self._tables is not None:
            self._tables.forget()

    @property
    def throws(self) -> tuple[int, ...]:
        """The throw values that can come up."""
        return tuple(v for v, _ in self.throw_weights)

    def probability(self, value: int) -> Fraction:
        """The chance of throwing ``value``."""
        total = sum(w for _, w in self.throw_weights)
        return Fraction(dict(self.throw_weights).get(value, 0), total)

    def draw(self, rng: random.Random) -> Throw:
        """One throw drawn from this ruleset's distribution with the caller's generator."""
        faces = self._faces
        if self._bits >= 0:
            return faces[rng.getrandbits(self._bits)]
        return faces[rng.randrange(len(faces))]

    def to_json(self) -> dict[str, Any]:
        """The options as plain JSON data (for game records)."""
        return {
            "name": self.name,
            "throw_weights": [list(p) for p in self.throw_weights],
            "entry_throws": sorted(self.entry_throws),
            "extra_turn_throws": sorted(self.extra_turn_throws),
            "demon_cast": self.demon_cast,
            "marked_safe": self.marked_safe,
            "pieces": self.pieces,
            "bear_off": self.bear_off,
            "random_first": self.random_first,
            "device": self.device,
        }

    @classmethod
    def from_json(cls, data: Any, base: Options | None = None) -> Self:
        """The ruleset written by ``to_json``, options it leaves out as in ``base`` (default
        Tait's, every option at its default); raises BadRecord if it is not one."""
        if not isinstance(data, dict):
            raise BadRecord("ruleset: expected an object")
        defaults = (base or cls()).to_json()
        unknown = set(data) - set(defaults)
        if unknown:
            raise BadRecord(f"ruleset: unknown option {sorted(unknown)[0]!r}")
        try:
            opts = {**defaults, **data}
            return cls(
                name=_typed(opts, "name", str),
                throw_weights=tuple((int(v), int(w)) for v, w in opts["throw_weights"]),
                entry_throws=frozenset(int(v) for v in opts["entry_throws"]),
                extra_turn_throws=frozenset(int(v) for v in opts["extra_turn_throws"]),
                demon_cast=_typed(opts, "demon_cast", bool),
                marked_safe=_typed(opts, "marked_safe", bool),
                pieces=_typed(opts, "pieces", int),
                bear_off=_typed(opts, "bear_off", str),
                random_first=_typed(opts, "random_first", bool),
                device=_typed(opts, "device", str),
            )
        except (TypeError, ValueError) as exc:
            raise BadRecord(f"ruleset: {exc}") from None


def _typed(opts: dict[str, Any], key: str, kind: type) -> Any:
    value = opts[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TypeError(f"{key} must be {kind.__name__}, not {value!r}")
    return value


def _faces(weights: tuple[tuple[int, int], ...], sticks: bool = True) -> tuple[Throw, ...]:
    """Equally likely faces: each way the sticks fall when the weights match sticks, else
    copies (plain values, with no sticks, for a die)."""
    faces: list[Throw] = []
    for value, weight in weights:
        if not sticks:
            faces.extend([Throw(value)] * weight)
            continue
        falls = arrangements(value)
        if falls and weight % len(falls) == 0:
            faces.extend(falls * (weight // len(falls)))
        else:
            faces.extend([Throw.of(value)] * weight)
    return tuple(faces)
