"""MummyFacts: short facts about ancient Egypt that pop up now and then while a throw is awaited.

As in the 1995 game, a fact appears every couple of minutes while someone is to throw the sticks,
and goes away as soon as they are thrown.

    teller = FactTeller(random.Random(0))
    teller.update(now=200.0, waiting=True)  # 'The Nile flooded every summer, ...'
"""

from __future__ import annotations

import random

FACTS: tuple[str, ...] = (
    "The Egyptians called their land Kemet, 'the black land', after the dark silt the Nile's "
    "summer flood left on the fields.",
    "Papyrus was made from strips of a reed that grew along the Nile, laid crosswise and pressed.",
    "Making a mummy took about seventy days, most of them spent drying the body in natron salt.",
    "The heart was left in the mummy: in the next world it was weighed against the feather of "
    "Maat, goddess of truth.",
    "The Great Pyramid of Giza, built for King Khufu about 4,500 years ago, was the tallest "
    "building made by people for more than 3,800 years.",
    "Cleopatra VII lived closer in time to the first Moon landing than to the building of the "
    "Great Pyramid.",
    "Howard Carter found Tutankhamun's tomb in the Valley of the Kings in November 1922.",
    "Tutankhamun was buried with game boxes: Senet on one side, Twenty Squares on the other.",
    "The Rosetta Stone repeats one decree in hieroglyphs, demotic and Greek; it let Champollion "
    "read hieroglyphs in 1822.",
    "The Egyptian calendar had twelve months of thirty days, plus five extra days at the end "
    "of the year.",
    "Ramesses II ruled Egypt for about 66 years and had more than a hundred children.",
    "Hieroglyphs could run left to right, right to left or top to bottom: the people and "
    "animals face the start of the line.",
    "The workers who built the pyramids lived in a town beside them at Giza, fed on bread, "
    "beer and meat.",
    "Cats were sacred to the goddess Bastet, and many thousands of them were mummified as "
    "offerings to her.",
)

FIRST = 45.0
"""Seconds of play before the first fact."""
EVERY = (120.0, 180.0)
"""Seconds between facts, as in the original: every two or three minutes."""


class FactTeller:
    """Decides when a fact shows and which; it never repeats one until all have been told."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._deck: list[str] = []
        self._next_at: float | None = None
        self.current: str | None = None

    def update(self, now: float, waiting: bool, enabled: bool = True) -> str | None:
        """The fact to show at ``now`` (``waiting``: a throw is awaited); None hides it."""
        if self._next_at is None:
            self._next_at = now + FIRST
        if not enabled or not waiting:
            if self.current is not None:  # the sticks were thrown: the fact goes away
                self.current = None
                self._next_at = max(self._next_at, now + self._rng.uniform(*EVERY))
            return None
        if self.current is None and now >= self._next_at:
            self.current = self._draw()
        return self.current

    def _draw(self) -> str:
        if not self._deck:
            self._deck = list(FACTS)
            self._rng.shuffle(self._deck)
        return self._deck.pop()
