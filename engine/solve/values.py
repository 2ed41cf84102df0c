"""Value iteration: the chance that the side to throw wins, for every position.

Layers are solved from the end of the game: a bear-off moves a position to a layer with more
pieces off, so the layers with the most pieces off come first and every other layer a group
reaches is already final. A group is one layer (a, b) with its mirror (b, a), between which the
turn passes. Within a group the positions reach each other through bumps and lost throws, so the
group is swept until nothing changes: each position takes, for each throw, its best move's
value (the value of the position after it, for the mover: its own when it throws again, one
minus the opponent's when the turn passes), weighted by the throw's chance. Sweeps go chunk by
chunk and write each chunk's values at once (Gauss-Seidel), so later chunks use them.

Why it converges: every position reaches the end of the game with probability 1 whatever both
sides play (some throw always moves a piece forward), so the sweeps contract to the one fixed
point; the largest change of a sweep goes down geometrically.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from engine.solve.graph import Chunk, outcomes
from engine.solve.index import Index

Values = npt.NDArray[np.float64]


def chances(index: Index) -> list[float]:
    """The chance of each throw value, in increasing order of value."""
    return [float(index.ruleset.probability(v)) for v in sorted(index.ruleset.values)]


def groups(index: Index) -> list[list[tuple[int, int]]]:
    """The groups of layers in the order they are solved: most pieces off first."""
    n = index.pieces
    pairs = sorted({(min(a, b), max(a, b)) for a in range(n) for b in range(n)},
                   key=lambda ab: (-(ab[0] + ab[1]), -ab[1]))
    return [[(a, b)] if a == b else [(a, b), (b, a)] for a, b in pairs]


def working(index: Index) -> Values:
    """The working array: values, their complements, and a won game (see ``engine.solve.graph``)."""
    w = np.full(2 * index.size + 1, 0.5)
    w[-1] = 1.0
    return w


def sweep(w: Values, chunks: list[Chunk], p: list[float], size: int, write: bool = True) -> float:
    """One pass over ``chunks``; returns the largest change (the Bellman residual, with
    ``write=False``, which leaves ``w`` as it was).

    Throws that are lost are solved exactly rather than swept: with L the chance of a lost
    throw that changes nothing and q of one that passes the turn to the mirror position m,
    V = (q (1 - V_m) + R) / (1 - L), where R is the rest; a position and its mirror in one chunk
    are solved together from both equations.
    """
    largest = 0.0
    for chunk in chunks:
        total = np.zeros(len(chunk.positions))
        for t, rows, successors in chunk.parts:
            best = w.take(successors[0])
            for column in successors[1:]:
                np.maximum(best, w.take(column), out=best)
            total[rows] += p[t] * best
        keep = 1.0 - chunk.loop
        alpha, beta = chunk.passing / keep, total / keep
        paired = chunk.pair >= 0
        other = np.where(paired, chunk.pair, 0)
        a2, b2 = alpha[other], beta[other]
        together = (alpha * (1.0 - a2) + beta - alpha * b2) / (1.0 - alpha * a2)
        alone = alpha * (1.0 - w.take(np.maximum(chunk.mirror, 0))) + beta
        old = w.take(chunk.positions)
        if write:
            new = np.where(paired, together, alone)
        else:  # the Bellman operator itself, every successor's value as it stands
            new = chunk.loop * old + chunk.passing * (1.0 - w.take(chunk.mirror)) + total
        largest = max(largest, float(np.abs(new - old).max()))
        if write:
            w[chunk.positions] = new
            w[size + chunk.positions] = 1.0 - new
    return largest


def solve_group(
    w: Values, chunks: list[Chunk], p: list[float], size: int, tolerance: float
) -> Iterator[float]:
    """Sweep a group until a sweep changes no value by more than ``tolerance``; yields each
    sweep's largest change."""
    while True:
        change = sweep(w, chunks, p, size)
        yield change
        if change < tolerance:
            return


def demon_cast_value(index: Index, w: Values) -> float:
    """The first player's chance when the demon-cast opens the game, from the solved values.

    The sticks are thrown for each side in turn until one can enter; that side enters and plays
    on. With A its chance after entering, summed over the entering throws by their chances, and
    r the chance that a throw cannot enter: V = A + r (1 - V), so V = (A + r) / (1 + r). The
    table's start position obeys the same equation, so the two must agree.
    """
    p = chances(index)
    entering, lost = 0.0, 0.0
    for t, value in enumerate(sorted(index.ruleset.values)):
        (found, *more) = outcomes(index, index.hand(0, 0), 0, value)
        if found.lost:
            lost += p[t]
            continue
        assert not more  # nothing is on the board: entering is the one move
        if found.won:
            entering += p[t]
        elif found.extra >= 0:  # the entering side throws again
            entering += p[t] * w[index.number(found.half, found.extra, 0)]
        else:
            entering += p[t] * (1.0 - w[index.number(0, 0, found.half)])
    return (entering + lost) / (1.0 + lost)
