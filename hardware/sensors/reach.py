"""A built board's reach, measured by sliding a piece along a path across every line.

A reed closes while a piece's magnet is within some reach of its square's centre (in square widths).
Slid steadily from square to square, a piece shows it at each line between two squares: the next
reed closing before the last one opens is an **overlap** (a reach over half a square), opening
before it closes a **gap** (under half). The game minds neither (docs/develop/recognition.md): this
tells a builder what was built, line by line.

    lines = crossings(("C1", "C2"), [("C2", True, 1.00), ("C1", False, 1.05)])
    lines[0].overlap  # 0.05: both closed for 50 ms
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import median

from hardware.core.squares import (
    CONES_PATH,
    MIDDLE_ROW,
    REELS_ROW,
    SENET,
    SENET_SQUARES,
    TWENTY_SQUARES,
)

SLIDE_PATHS: dict[str, tuple[tuple[str, ...], ...]] = {
    TWENTY_SQUARES: (CONES_PATH, (*REELS_ROW, MIDDLE_ROW[0])),
    SENET: (SENET_SQUARES,),
}
"""Paths a piece slides along to cross every line between neighbouring squares, per kind of
board (a Ramses board's oblong spaces have alignments, not squares to slide across)."""


@dataclass(frozen=True)
class Line:
    """The line between two neighbouring squares, as a slid piece crossed it: ``overlap`` is
    how long both reeds were closed (seconds; below zero, both were open: a gap); ``reach`` the
    reach it shows, in square widths, from the piece's speed there."""

    before: str
    after: str
    overlap: float
    reach: float

    def __str__(self) -> str:
        kind = "overlap" if self.overlap > 0 else "gap" if self.overlap < 0 else "neither"
        return f"{self.before}|{self.after}: {kind} {abs(self.overlap) * 1000:.0f} ms"


def crossings(path: Sequence[str], changes: Iterable[tuple[str, bool, float]]) -> list[Line]:
    """The lines of ``path`` a piece slid along it crossed, from the switch changes seen in
    order (square, closed, time); a line whose reeds did not both change is left out."""
    closed: dict[str, float] = {}
    opened: dict[str, float] = {}
    for square, is_closed, t in changes:
        (closed if is_closed else opened).setdefault(square, t)
    lines = []
    for i, (a, b) in enumerate(itertools.pairwise(path)):
        if a not in opened or b not in closed:
            continue
        # The time to travel one square, from each reed's closing (or opening) to the next's.
        steps = [t[y] - t[x] for t in (closed, opened) for x, y in
                 itertools.pairwise(path[max(0, i - 1):i + 3]) if x in t and y in t]
        steps = [step for step in steps if step > 0]
        overlap = opened[a] - closed[b]
        reach = 0.5 + overlap / (2 * median(steps)) if steps else 0.5
        lines.append(Line(a, b, overlap, reach))
    return lines


def verdict(lines: Sequence[Line]) -> str:
    """One sentence on the board's reach from the lines crossed."""
    if not lines:
        return "No line was crossed: slide the piece without lifting it."
    reach = median(line.reach for line in lines)
    overlaps = sum(line.overlap > 0 for line in lines)
    if overlaps == len(lines):
        how = "every line overlaps (both reeds closed as a piece crosses)"
    elif overlaps == 0:
        how = "every line has a gap (both reeds open as a piece crosses)"
    else:
        how = f"{overlaps} of {len(lines)} lines overlap, the rest have a gap"
    return f"Reach about {reach:.2f} square widths: {how}. The game reads either."
