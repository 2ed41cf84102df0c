"""Value iteration: the chance that the side to throw wins, for every position.

Layers are solved from the end of the game: a bear-off moves a position to a layer with more
pieces off, so the layers with the most pieces off come first and every other layer a group
reaches is already final. A group is one layer (a, b) with its mirror (b, a), between which the
turn passes. Within a group the positions reach each other through bumps and lost throws, so the
group is swept until nothing changes: each position takes, for each throw, its best move's
value (the value of the position after it, for the mover: its own when it throws again, one
minus the opponent's when the turn passes), weighted by the throw's chance. A sweep updates one
unit at a time, in place (Gauss-Seidel), in the order of ``engine.solve.graph.group``, so that
almost every move leads to a value already updated in the same sweep.

Why it converges: every position reaches the end of the game with probability 1 whatever both
sides play (some throw always moves a piece forward), so the sweeps contract to the one fixed
point; the largest change of a sweep goes down geometrically.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from engine.solve.graph import Group, outcomes
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


def reads(index: Index, layers: list[tuple[int, int]], passing_off: bool = True
          ) -> list[tuple[int, int]]:
    """The layers a group's solve reads: its own, those its bear-offs lead to (a piece more off
    for the mover, who throws again, or, if ``passing_off``, passes the turn) and those its start
    values come from (a piece more off a side, ``kernel.start_values``), in ``groups``' order."""
    n = index.pieces
    found = set(layers)
    for a, b in layers:
        if a + 1 < n:  # bearing the last piece off wins: no layer
            found |= {(a + 1, b), (b, a + 1)} if passing_off else {(a + 1, b)}
    return sorted(found | set(starts(index, layers)),
                  key=lambda ab: (-(ab[0] + ab[1]), -ab[1], -ab[0]))


def starts(index: Index, layers: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The layers a group's start values come from, read before its first sweep only (none
    where it starts from a half)."""
    return [(a + 1, b + 1) for a, b in layers] if starts_from_fewer(index, layers) else []


def starts_from_fewer(index: Index, layers: list[tuple[int, int]]) -> bool:
    """Whether a group's values start from the race with a piece fewer a side (both sides keep
    two pieces or more), rather than from a half."""
    n = index.pieces
    return all(a < n - 1 and b < n - 1 for a, b in layers)


def units_of(index: Index, layers: list[tuple[int, int]]) -> tuple[int, int]:
    """(how many sweep units a group has, how many of them pair a position with its mirror),
    counted from the index alone (``engine.solve.graph.group`` makes them). A position with
    extra turns in hand is a unit alone; the others pair with their mirror, but for one that
    is its own mirror (both sides alike, no piece on a shared square), a unit alone too."""
    positions = alone = itself = 0
    for a, b in layers:
        positions += index.layers[a, b][1]
        mine = index.hand_off == a
        hands = np.flatnonzero(mine & (index.hand_extra > 0))
        alone += int(index.block[b, index.hand_free[hands]].sum())
        if a == b:
            itself += int(np.count_nonzero(mine & (index.hand_extra == 0)
                                           & (index.hand_free == index.shared)))
    paired = (positions - alone + itself) // 2
    return alone + paired, paired


def working(index: Index) -> Values:
    """The values of every position, 0.5 until solved, and one 0 after them (the value a throw
    with no move left to choose adds)."""
    w = np.full(index.size + 1, 0.5)
    w[-1] = 0.0
    return w


CHOSEN_SWEEPS = 400
"""At most this many sweeps with the moves chosen before, between two that choose again."""
CHOSEN_GAIN = 0.3
"""While the best moves still change, sweeps with the moves kept go on until they change values
this many times less than the sweep that chose them did: the next choosing sweep gains as much
after a few of them as after many."""
SETTLED = 1e-4
"""The moves are settled when a choosing sweep changes fewer than this share of them; then the
sweeps with the moves kept go on to the tolerance, so that the next choosing sweep is the last
(after one look on the way, ``LOOK_AGAIN``)."""
LOOK_AGAIN = 1e-6
"""Once settled, the moves are looked at once more when the values change less than this: the
few best moves that still change as the values close in change by then (most units are kept
without looking), so they are not found only at the tolerance, which costs another run of
sweeps to it (four pieces: 302.6 to 271.9 million units a solve, a look counted as seven)."""


class Plan(NamedTuple):
    """How a group is held in memory (``Solver.plan``); the arithmetic is the same every way."""

    wide: bool
    """Each best move as its successor's place (4 bytes), or narrow: its place among the
    throw's moves and the successor's rank in its block (2 bytes, the rest worked out again at
    every sweep)."""
    mirrors: bool
    """Each unit's mirror kept (4 bytes), or worked out at every sweep."""
    held: int
    """The most the group holds, in bytes: the values it reads, its sweep order, best moves
    and margins."""


HOLDINGS = [(True, True), (True, False), (False, True), (False, False)]
"""The ways of holding a group, the fastest first (best moves narrow cost the most time: the
sweeps that keep them work out where each successor's block begins)."""


class Solver:
    """The compiled sweeps of one index.

    Modified policy iteration: a sweep that looks at every move keeps each throw's best one,
    then cheaper sweeps with those moves (a few reads a position, no move worked out; about a
    seventh of the cost) carry the values on: while the moves still change, only until the
    values change three times less (the next choice gains little from more); once a choosing
    sweep changes fewer than a ten-thousandth of them, to the tolerance, with one more look on
    the way when they change less than ``LOOK_AGAIN``. A group is done when a
    sweep that looks at every move changes nothing by more than the tolerance: five to eight
    such sweeps.

    That last sweep's largest change bounds the group's Bellman residual: the sweep set each
    value to the Bellman update of values each within that change of the final ones, and the
    update moves by no more than its inputs do (a weighted mean of maxima, weights summing to at
    most one, the pair's two equations solved together alike). So ``solve_group``'s last figure
    is the residual's bound, with no sweep more to measure it.
    """

    def __init__(self, index: Index) -> None:
        from engine.solve.graph import move_table, passing_off
        from engine.solve.kernel import arrays_of

        self.index = index
        self.chances = chances(index)
        moves = move_table(index)
        self.arrays = arrays_of(index, moves, self.chances)
        self.passing_off = passing_off(index, moves)
        """Whether a bear-off can pass the turn (not under Tait's rules: it earns a throw)."""

    def reads(self, layers: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The layers the solve of a group reads (``reads``)."""
        return reads(self.index, layers, self.passing_off)

    def starts(self, layers: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The layers a group reads for its start values only (``starts``)."""
        return starts(self.index, layers)

    def plan(self, layers: list[tuple[int, int]], room: int) -> Plan:
        """The fastest way of holding the group of ``layers`` in ``room`` bytes (the leanest if
        none fits). The most is held either while the start values are made (every layer read,
        the sweep order) or while it is swept (the layers the sweeps read, the order, the best
        moves and margins)."""
        index = self.index
        count, paired = units_of(index, layers)
        first = self.starts(layers)
        sweeps = 8 * sum(index.layers[layer][1] for layer in self.reads(layers)
                         if layer not in first)
        starting = 8 * sum(index.layers[layer][1] for layer in first)
        found = Plan(False, False, 0)
        for wide, mirrors in HOLDINGS:
            order = count * (12 if mirrors else 8)
            moves = len(self.chances) * (count + paired) * (4 if wide else 2)
            found = Plan(wide, mirrors, max(sweeps + starting + order,
                                            sweeps + order + moves + 4 * count))
            if found.held <= room:
                break
        return found

    def with_mirrors(self, units: Group) -> Group:
        """``units`` with each unit's mirror kept (``Plan.mirrors``)."""
        from engine.solve.kernel import with_mirrors

        return with_mirrors(units, self.arrays)

    def start(self, w: Values, group: Group) -> None:
        """Set a group's values where its sweeps begin: from the race with a piece fewer a side
        where both keep two pieces or more, else a half."""
        from engine.solve.kernel import start_values

        if starts_from_fewer(self.index, group.layers):
            # A position's chance is close to that of the same race with a piece fewer a side
            # (solved before): a better start than a half finds the best moves in fewer sweeps.
            start_values(w, group, self.arrays, self.index.pieces)
        else:
            for layer in group.layers:
                first, size = self.index.layers[layer]
                w[first:first + size] = 0.5

    def sweep(self, w: Values, group: Group, write: bool = True) -> float:
        """One pass over ``group`` looking at every move; returns the largest change (the
        Bellman residual, with ``write=False``, which leaves ``w`` as it was)."""
        from engine.solve.kernel import CHOOSE, RESIDUAL, choices_for, sweep

        choices = choices_for(group, self.chances, self.index.hand_extra)
        return sweep(w, group, self.arrays, choices, CHOOSE if write else RESIDUAL)[0]

    def solve_group(self, w: Values, group: Group, tolerance: float, started: bool = False,
                    wide: bool = True) -> Iterator[float]:
        """Sweep a group until a sweep changes no value by more than ``tolerance``, from its
        start values (``start``; already set if ``started``), keeping its best moves ``wide``
        or narrow (``Plan``: the same arithmetic); yields the largest change of each sweep
        that chooses the moves (the last bounds the residual)."""
        from engine.solve.kernel import CHOOSE, CHOSEN, choices_for, sweep

        if not started:
            self.start(w, group)
        choices = choices_for(group, self.chances, self.index.hand_extra, wide)
        slots = 2 * len(self.chances) * len(group.position)  # a throw each of two positions
        spent = 0.0  # the sum of the sweeps' largest changes: how far any value can have moved
        again = False  # whether the settled moves are to be looked at again on the way
        while True:
            change, changed, _ = sweep(w, group, self.arrays, choices, CHOOSE, spent)
            spent += change
            yield change
            if change < tolerance:
                return
            enough = max(change * CHOSEN_GAIN, tolerance / 4)
            if changed < SETTLED * slots:
                enough = tolerance / 4 if again or change < LOOK_AGAIN else LOOK_AGAIN
                again = True
            for _ in range(CHOSEN_SWEEPS):
                moved = sweep(w, group, self.arrays, choices, CHOSEN)[0]
                spent += moved
                if moved < enough:
                    break


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
