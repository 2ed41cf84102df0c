"""A group's sweep order, compiled (numba): the units of ``engine.solve.graph.group``.

Each layer's units are made twice, hand by hand and block by block as the index numbers them:
once to count how many fall on each key of the order, then to write each straight into its
place (a counting sort, stable, so a key's units keep the index's order). No unit is held twice
and nothing is sorted: with NumPy (blocks, mirrors, keys, an argsort and four gathers) this was
about 12 of the five-piece solve's CPU seconds.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from engine.solve.index import PRIVATE_SHIFT, SHARED_SHIFT, Index
from engine.solve.rank import _bits, _rank, _u, compiled, inlined, rank_tables
from engine.tait.packed import ENTERED, OFF

Places = npt.NDArray[np.int32]

BOTH, FIRST, SECOND = range(3)
"""How a layer's key is made: both sides alike (the one further on first), the mover counted
first, or the opponent counted first."""


@inlined
def _spread(taken: int, packed: int, six: Any) -> int:
    """The bits of ``packed`` spread into the shared squares ``taken`` leaves free (the
    inverse of ``rank``'s squeeze), six squares at a time."""
    low = 6 - _bits(taken & 63)  # free squares among the first six
    return int(six[_u((taken & 63) << 6 | packed & (1 << low) - 1)]
               | np.int64(six[_u(taken >> 6 << 6 | packed >> low & 63)]) << 6)


def spread_six() -> npt.NDArray[np.uint8]:
    """``[taken, packed]``: the bits of ``packed`` put into the places ``taken`` leaves free,
    for 6-bit masks (``_spread``)."""
    found = np.zeros((64, 64), dtype=np.uint8)
    for taken in range(64):
        free = [b for b in range(6) if not taken >> b & 1]
        for packed in range(1 << len(free)):
            found[taken, packed] = sum((packed >> i & 1) << b for i, b in enumerate(free))
    return found.ravel()


@compiled
def _layer(a: int, b: int, kind: int, hands: Any, hand_code: Any, hand_extra: Any,
           hand_free: Any, start: Any, sets: Any, first_set: Any, lengths: Any, spread: Any,
           first_hand: Any, r: Any, shared: int, pips: Any, hand_half: Any, counts: Any,
           write: bool, position: Any, hand_of: Any, opponent: Any) -> None:
    """Count (``write`` false) or write each unit of layer (a, b) at its key's next place."""
    mask = r[4]
    for h in hands:
        half = hand_code[h]
        taken = half >> SHARED_SHIFT & mask
        free = hand_free[h]
        mine = np.int64(pips[half])
        at = start[b, h]
        blank = 1 if b == 0 else 0  # the half that has not entered comes first
        for i in range(lengths[free] + blank):
            if i < blank:
                theirs_half = 0
            else:
                s = sets[first_set[free] + i - blank]
                theirs_half = ((s & 15) << PRIVATE_SHIFT | _spread(taken, s >> 4, spread)
                               << SHARED_SHIFT | b << OFF | ENTERED)
            place = at + i
            theirs_hand = first_hand[theirs_half]
            if hand_extra[h] == 0:
                taken_o = theirs_half >> SHARED_SHIFT & mask
                pair = start[a, theirs_hand] + _rank(taken_o, shared - _bits(taken_o), half, r)
                if place > pair:
                    continue  # a pair is kept once, by its lower position
            theirs = np.int64(pips[theirs_half])
            if kind == BOTH:
                key = max(mine, theirs) << 10 | min(mine, theirs)
            elif kind == FIRST:
                key = mine << 10 | theirs
            else:
                key = theirs << 10 | mine
            if write:
                k = counts[key]
                counts[key] = k + 1
                position[k], hand_of[k], opponent[k] = place, h, hand_half[theirs_hand]
            else:
                counts[key] += 1


def units(index: Index, layers: list[tuple[int, int]]
          ) -> tuple[Places, npt.NDArray[np.int16], npt.NDArray[np.uint16]]:
    """(position, hand, the opponent's half by its number) of each unit of ``layers``, in
    sweep order (``engine.solve.graph.Group``)."""
    n = index.pieces
    sets, first_set = index.block_sets
    first_hand = index.first_hands
    rank = rank_tables(index)
    first_side = min(a for a, _ in layers)
    pips = index.pips
    counts = np.zeros((int(pips.max()) + 1) << 10, dtype=np.int64)
    arguments = []
    for a, b in layers:
        kind = BOTH if a == b else FIRST if a == first_side else SECOND
        lengths = index.below[:, n - b + 1]  # sets of up to n - b pieces, by free squares
        arguments.append((a, b, kind, np.flatnonzero(index.hand_off == a), index.hand_code,
                          index.hand_extra, index.hand_free, index.start, sets, first_set,
                          lengths, spread_six(), first_hand, rank, index.shared, pips,
                          index.hand_half))
    for layer in arguments:
        _layer(*layer, counts, False, np.empty(0, dtype=np.int32), np.empty(0, dtype=np.int16),
               np.empty(0, dtype=np.uint16))
    total = int(counts.sum())
    counts[:] = np.cumsum(counts[::-1])[::-1] - counts  # where a key begins: highest first
    # 8 bytes a unit: tables by hand and by half hold what else the sweep asks of them
    assert len(index.hand_half) <= 1 << 15 and len(index.halves.codes) <= 1 << 16
    position = np.empty(total, dtype=np.int32)
    hand = np.empty(total, dtype=np.int16)
    opponent = np.empty(total, dtype=np.uint16)
    for layer in arguments:
        _layer(*layer, counts, True, position, hand, opponent)
    return position, hand, opponent
