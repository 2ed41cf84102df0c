"""The stacking game's rules as one immutable value: its board, its dice, who begins, and the
positions it is played in (new, and read from their notation).

>>> STACKS.title, STACKS.chance.name, STACKS.pieces, STACKS.geometry.board
('Stacks (three dice, fifteen men)', 'dice', 15, 'stacks')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.core.words import N_, phrase, side_name
from engine.games.api import Chance, Geometry, Words, record_options
from engine.stacks.board import GEOMETRY, MEN
from engine.stacks.dice import OUTCOMES, roll
from engine.stacks.notation import parse_position
from engine.stacks.position import StacksPosition


@dataclass(frozen=True)
class StacksRules:
    """The three-dice, fifteen-men game of seed 002, as engine/stacks/rules.md decides it."""

    @property
    def name(self) -> str:
        """The game's registered name."""
        return "stacks"

    @property
    def title(self) -> str:
        """The game's title."""
        return phrase(N_("Stacks (three dice, fifteen men)"))

    @property
    def geometry(self) -> Geometry:
        """The 3-by-5 block and its tail."""
        return GEOMETRY

    @property
    def chance(self) -> Chance:
        """Three six-sided dice, thrown together: 56 throws (faces in rising order)."""
        return Chance("dice", OUTCOMES)

    @property
    def no_board(self) -> str:
        """Why no reed board plays this game (a Hall board does)."""
        return "a reed switch cannot count a stack of men"

    @property
    def pieces(self) -> int:
        """Men per side."""
        return MEN

    def new(self, first: Side = Side.CONES) -> StacksPosition:
        """A new game: the board empty, every man waiting, ``first`` to throw."""
        return StacksPosition.new(self, first)

    def parse(self, text: str) -> StacksPosition:
        """A position from its notation."""
        return parse_position(text, self)

    def draw(self, rng: random.Random) -> Throw:
        """Three dice thrown with the caller's generator."""
        return roll(rng)

    def first_side(self, rng: random.Random, last_winner: Side | None) -> Side:
        """Both sides throw the three dice, the higher total begins, ties are thrown again (the
        seed's way, every game)."""
        return opening(rng)[0]

    def who_begins(self, rng: random.Random, last_winner: Side | None) -> tuple[Side, str]:
        """``first_side``, and the totals thrown: ``The Cones threw 12 and the Reels 9: the
        Cones begin.``"""
        side, rounds = opening(rng)
        ties = [phrase(N_("both threw {n}, again; "), n=c) for c, _r in rounds[:-1]]
        cones, reels = rounds[-1]
        return side, phrase(
            "".join(f"{{tie{n}}}" for n in range(len(ties))) + "{begins}",
            **{f"tie{n}": tie for n, tie in enumerate(ties)},
            begins=phrase(N_("For who begins, the Cones threw {cones} and the Reels {reels} "
                             "with the three dice: the {side} begin."), cones=cones,
                          reels=reels, side=side_name(side)))

    @property
    def words(self) -> Words:
        """Three dice; moves written with the die used, ``3:C4-M7``; men, not pieces."""
        return Words("dice", "3:C4-M7", "C4", piece="man")

    def to_json(self) -> dict[str, Any]:
        """The game's name as JSON data (the game has no options)."""
        return {"game": self.name}

    @classmethod
    def from_json(cls, data: Any) -> StacksRules:
        """The rules ``to_json`` wrote; raises BadRecord naming what is wrong."""
        record_options(data, "stacks", "the stacking game", frozenset())
        return cls()


def opening(rng: random.Random) -> tuple[Side, tuple[tuple[int, int], ...]]:
    """Who begins, and the totals (Cones', Reels') of each round thrown until one was higher."""
    rounds: list[tuple[int, int]] = []
    while True:
        cones = sum(rng.randint(1, 6) for _ in range(3))
        reels = sum(rng.randint(1, 6) for _ in range(3))
        rounds.append((cones, reels))
        if cones != reels:
            return (Side.CONES if cones > reels else Side.REELS), tuple(rounds)


STACKS = StacksRules()
"""The stacking game (it has no options)."""
