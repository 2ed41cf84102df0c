"""Tait's solved table as a site publishes it for browsers, so Neferkaptah plays perfectly there
too: the table's values as they are (``tait-5.values``, fetched once and kept in the browser's
storage) and, beside them, the few small tables of its index (``tait-5.json``, written by
``make docs`` from the table with NumPy), with which a position is found in the values without
NumPy (``engine.tait.solved.table_number``: the board's own lookup).

    table = PublishedTable(json.loads(lookup), values)   # values: any sequence of uint16
    Mummy(Level.NEFERKAPTAH, table=table)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.tait.solved import table_number
from engine.tait.state import Ruleset

FORMAT = 1
"""The lookup's format: a change a browser's worker must know of raises it."""


class PublishedTable:
    """A solved table for ``chance(code)``, from its published lookup and its values."""

    def __init__(self, lookup: dict[str, Any], values: Sequence[int]) -> None:
        """ValueError when ``lookup`` is not one this code reads."""
        try:
            if lookup["format"] != FORMAT:
                raise ValueError(f"a lookup of format {lookup['format']!r}, not {FORMAT}")
            self.ruleset = Ruleset.from_json(lookup["ruleset"])
            self.scale = float(lookup["scale"])
            self.shared = int(lookup["shared"])
            self.shared_mask = (1 << self.shared) - 1
            self.below: list[list[int]] = lookup["below"]
            self.colex: list[int] = lookup["colex"]
            self.start: list[list[int]] = lookup["start"]
            self.first_hand = {int(half): int(hand) for half, hand in lookup["first_hand"]}
            self.bound = {int(half): int(most) for half, most in lookup["bound"]}
            size = int(lookup["size"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a published solved table: {exc}") from None
        if len(values) != size:
            raise ValueError(f"the table's values hold {len(values)} positions, not {size}")
        self.values = values

    def hand(self, half: int, extra: int) -> int:
        """The number of the mover's hand (``engine.tait.solved.IndexTables``)."""
        return self.first_hand[half] + extra

    def chance(self, code: int) -> float | None:
        """The chance that the side to play wins; None for a position the table does not
        hold."""
        number = table_number(self, self.bound, code)
        return None if number is None else int(self.values[number]) / self.scale


def published(table: Any) -> dict[str, Any]:
    """The lookup of a board's table (``firmware.solve.table.SolvedTable``), to publish beside
    its values."""
    index = table.index
    return {"format": FORMAT, "ruleset": table.ruleset.to_json(), "scale": table.scale,
            "shared": index.shared, "below": index.below.tolist(),
            "colex": index.colex.tolist(), "start": index.start.tolist(),
            "first_hand": sorted(index.first_hand.items()),
            "bound": sorted(zip(index.halves.codes.tolist(), index.halves.bound.tolist(),
                                strict=True)),
            "size": index.size}
