"""Each side's half of a position as the solver counts them, and the extra turns it can hold.

A half is where a side's pieces stand on the path (positions 1..15 under Tait's rules, 1..16
where pieces rest on 16), how many it has borne off and whether it has entered a piece: the
Cones' half of ``engine.tait.packed``. A hand is a half
of the side to throw together with the extra turns it has in hand.

>>> from engine.tait.state import Ruleset
>>> halves = Halves(Ruleset(pieces=1))
>>> len(halves.codes), halves.most_extra
(17, 1)
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt

from engine.tait.board import PATH_LENGTH
from engine.tait.packed import ENTERED, EXTRA, HALF_MASK, OFF, OVER, TURN
from engine.tait.state import Ruleset
from engine.tait.tables import tables

Array = npt.NDArray[np.int64]


def pips(half: int, off_at: int = PATH_LENGTH) -> int:
    """How far a half's pieces have come: their path positions plus ``off_at`` (where a piece
    leaves the board) for each borne off."""
    return sum(p for p in range(1, off_at) if half >> p & 1) + off_at * (half >> OFF & 7)


class Halves:
    """Every half a side can have while the game goes on, and the extra turns each can hold.

    ``codes`` lists them by pieces borne off, then by where the pieces stand (the one half that
    has not entered yet comes first). ``bound[i]`` is the most extra turns the side to throw can
    have in hand at half ``i``: found by following every run of throws one side makes before the
    turn passes, which only moves its pieces forward, so the runs form no cycle.
    """

    def __init__(self, ruleset: Ruleset, bound: list[int] | None = None) -> None:
        self.ruleset = ruleset
        pieces = ruleset.pieces
        codes: list[int] = [0]  # nothing entered yet
        for off in range(pieces):
            for count in range(pieces - off + 1):
                for spots in combinations(range(1, ruleset.off_at), count):
                    codes.append(sum(1 << p for p in spots) | off << OFF | ENTERED)
        codes.sort(key=lambda h: (h >> OFF & 7, h != 0, h))
        self.codes: Array = np.array(codes, dtype=np.int64)
        self.number = {h: i for i, h in enumerate(codes)}
        """The place of a half code in ``codes``."""
        if bound is not None and len(bound) != len(codes):
            raise ValueError(f"an extra-turn bound for {len(bound)} halves, not {len(codes)}")
        found = self._extra_bound(codes) if bound is None else bound
        self.bound: Array = np.array(found, dtype=np.int64)
        """(Given, it is taken as found before: a solved table keeps it.)"""

    @property
    def most_extra(self) -> int:
        """The most extra turns a side can ever have in hand."""
        return int(self.bound.max())

    def _extra_bound(self, codes: list[int]) -> list[int]:
        """Within one side's run each move takes a half to one further on: longest paths."""
        rules = tables(self.ruleset)
        best = dict.fromkeys(codes, 0)
        for half in sorted(codes, key=lambda h: pips(h, self.ruleset.off_at)):
            code = half | best[half] << EXTRA
            for value in self.ruleset.values:
                # No opponent: its pieces can only take moves away (marked_safe squares).
                for move in rules.legal(code, value):
                    after = rules.after_move(code, move)
                    if after & (OVER | TURN):
                        continue  # won, or the turn passed: the run is over
                    nxt = after & HALF_MASK
                    best[nxt] = max(best[nxt], after >> EXTRA)
        return [best[h] for h in codes]
