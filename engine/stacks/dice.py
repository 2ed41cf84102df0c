"""Three six-sided dice, thrown together and used one at a time: the dice still to use travel
in a ``Throw`` whose value is their faces in rising order (``Throw.of(135)`` is 1, 3 and 5).

>>> faces(Throw.of(135)), throw_of((6, 2, 2)).value, len(OUTCOMES)
((1, 3, 5), 226, 56)
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import product

from engine.core.errors import IllegalThrow
from engine.core.sticks import Throw

DICE = 3
"""Dice thrown at the start of each turn."""
SIDES = 6


def faces(throw: Throw) -> tuple[int, ...]:
    """The faces of the dice ``throw`` holds, in rising order; IllegalThrow if it is no dice."""
    text = str(throw.value)
    if throw.sticks or not 1 <= len(text) <= DICE or any(c not in "123456" for c in text) \
            or list(text) != sorted(text):
        raise IllegalThrow(f"{throw.value} is not a throw of dice: write the faces in rising "
                           "order, 1 to 6 each (e.g. 135)")
    return tuple(int(c) for c in text)


def throw_of(dice: tuple[int, ...]) -> Throw:
    """The throw holding ``dice`` (any order; at least one die)."""
    return Throw.of(int("".join(str(d) for d in sorted(dice))))


def without(dice: tuple[int, ...], used: int) -> tuple[int, ...]:
    """``dice`` with one die showing ``used`` taken out."""
    i = dice.index(used)
    return dice[:i] + dice[i + 1:]


def _outcomes() -> tuple[tuple[int, Fraction], ...]:
    counts = Counter(throw_of(roll).value for roll in product(range(1, SIDES + 1), repeat=DICE))
    total = SIDES**DICE
    return tuple((value, Fraction(n, total)) for value, n in sorted(counts.items()))


OUTCOMES = _outcomes()
"""The 56 throws of three dice (faces in rising order) with their chances."""


def roll(rng: random.Random) -> Throw:
    """Three dice thrown with the caller's generator."""
    return throw_of(tuple(rng.randint(1, SIDES) for _ in range(DICE)))
