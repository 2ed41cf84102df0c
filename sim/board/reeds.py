"""The physical reed under a square: closed while a magnet is within its reach of the centre.

How far from a square's centre a piece's magnet closes the reed (the **reach**, in square
widths) is a property of the built board: magnet, reed, wood. It decides what a piece slid
across the line between two squares does. With a reach over half a square both reeds are
closed for a moment (an **overlap**: the target closes before the source opens), under half
both are open for a moment (a **gap**); a piece carried low (hovering) reaches less far. Every
contact also **bounces** for a few milliseconds. ``SimBoard(build=...)`` takes a build.

    OVERLAP.stretches([(0, 0), (1, 0)], centre=(1, 0))   # [(0.35, 1.0)]: closed from 35 %
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True)
class Build:
    """How a built board's reeds answer a magnet: the ``reach`` (square widths from the centre)
    and the ``bounce`` (seconds a contact chatters)."""

    name: str
    reach: float
    bounce: float = 0.003

    def __post_init__(self) -> None:
        if not 0 < self.reach < 1:  # a piece at rest must never close its neighbour's reed
            raise ValueError(f"a reach of {self.reach} square widths: it must lie between 0 and 1")

    def reach_at(self, height: float) -> float:
        """The reach along the board of a magnet carried ``height`` square widths above it
        (0: it touches no reed)."""
        return math.sqrt(self.reach**2 - height**2) if height < self.reach else 0.0

    def stretches(self, path: Sequence[Point], centre: Point,
                  height: float = 0.0) -> list[tuple[float, float]]:
        """Where along ``path`` (fractions of its length, 0 to 1) a magnet carried along it at
        ``height`` closes the reed at ``centre``: a list of (from, to), in order."""
        reach = self.reach_at(height)
        lengths = [math.dist(a, b) for a, b in itertools.pairwise(path)]
        total = sum(lengths)
        if reach == 0 or total == 0:
            return []
        found: list[tuple[float, float]] = []
        done = 0.0
        for (a, b), length in zip(itertools.pairwise(path), lengths, strict=True):
            inside = _inside(a, b, centre, reach)
            if inside is not None:
                start, end = ((done + u * length) / total for u in inside)
                if found and start - found[-1][1] <= 1e-9:  # one stretch across a bend
                    start = found.pop()[0]
                found.append((start, end))
            done += length
        return found


def _inside(a: Point, b: Point, centre: Point, reach: float) -> tuple[float, float] | None:
    """Where on the segment a-b (fractions 0 to 1) a point is within ``reach`` of ``centre``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - centre[0], a[1] - centre[1]
    qa = dx * dx + dy * dy
    if qa == 0:
        return None
    qb = 2 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - reach * reach
    disc = qb * qb - 4 * qa * qc
    if disc < 0:
        return None
    root = math.sqrt(disc)
    low, high = max(0.0, (-qb - root) / (2 * qa)), min(1.0, (-qb + root) / (2 * qa))
    return (low, high) if low <= high else None


PLAIN = Build("plain", 0.5)
"""Reach exactly half a square: crossing the line, one reed opens as the next closes."""
OVERLAP = Build("overlap", 0.65)
"""Strong magnets, a thin top: both reeds closed while the piece crosses the line."""
GAP = Build("gap", 0.35)
"""Weak magnets, a thick top: both reeds open while the piece crosses the line."""
BUILDS: dict[str, Build] = {build.name: build for build in (PLAIN, OVERLAP, GAP)}
