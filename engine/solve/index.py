"""The dense index of every position: a number from 0 to ``size - 1``, with no keys stored.

A position is seen from the side to throw (the mover), always written in the Cones' half of a
packed code: the mover's hand (its half and the extra turns it holds), and the opponent's half.
Positions come in layers by the pieces each side has borne off, (mover's, opponent's). Within a
layer, each of the mover's hands has a block of the opponent's halves that fit beside it: its
pieces on its own private row and on the shared squares the mover leaves free. A block is ranked
by combinations (colex order), so the opponent's place in it is a sum of binomials.

>>> from engine.tait.state import Ruleset
>>> index = Index(Ruleset(pieces=1))
>>> index.size
326
"""

from __future__ import annotations

from functools import cache, cached_property
from math import comb

import numpy as np
import numpy.typing as npt

from engine.solve.hands import Halves, pips
from engine.tait.packed import HALF, OFF
from engine.tait.solved import PRIVATE_SHIFT, PRIVATE_SQUARES, SHARED_SHIFT, index_number
from engine.tait.state import Ruleset

__all__ = ["PRIVATE_SHIFT", "PRIVATE_SQUARES", "SHARED_SHIFT", "Index"]

Array = npt.NDArray[np.int64]


def shared_squares(ruleset: Ruleset) -> int:
    """How many shared squares a piece can stand on: 11 under Tait's rules, 12 under
    Cyningstan's."""
    return ruleset.off_at - SHARED_SHIFT


@cache
def _colex(squares: int) -> Array:
    """The colex rank of every set of ``squares`` bits among the sets of its size: the sum,
    over its squares c in increasing order (the i-th from 1), of binomial(c, i)."""
    masks = np.arange(1 << squares, dtype=np.int64)
    binomials = np.array([[comb(c, i) for i in range(squares + 1)] for c in range(squares)])
    ranks = np.zeros_like(masks)
    seen = np.zeros_like(masks)
    for c in range(squares):
        bit = masks >> c & 1
        seen += bit
        ranks += bit * binomials[c, seen]
    return ranks


@cache
def _squeeze(shared: int) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    """``squeeze[taken, mask]`` packs ``mask``'s bits into the shared squares ``taken`` leaves
    free; ``spread`` undoes it."""
    size = 1 << shared
    squeeze = np.zeros((size, size), dtype=np.uint16)
    spread = np.zeros((size, size), dtype=np.uint16)
    masks = np.arange(size, dtype=np.int64)
    for taken in range(size):
        free = [b for b in range(shared) if not taken >> b & 1]
        packed = np.zeros(size, dtype=np.int64)
        unpacked = np.zeros(size, dtype=np.int64)
        for i, b in enumerate(free):
            packed |= (masks >> b & 1) << i
            unpacked |= (masks >> i & 1) << b
        squeeze[taken] = packed
        spread[taken] = unpacked
    return squeeze, spread


class Index:
    """Positions of a ruleset numbered densely, layer by layer; see the module's docstring."""

    def __init__(self, ruleset: Ruleset, bound: list[int] | None = None) -> None:
        self.ruleset = ruleset
        self.pieces = n = ruleset.pieces
        self.halves = halves = Halves(ruleset, bound)
        self.shared = shared = shared_squares(ruleset)
        """The shared squares (11 or 12); ``shared_mask`` picks them out of a half shifted
        down by ``SHARED_SHIFT``."""
        self.shared_mask = (1 << shared) - 1
        codes = halves.codes
        # The mover's hands: each half with 0..bound extra turns, halves in ``codes`` order.
        self.hand_half: Array = np.repeat(np.arange(len(codes)), halves.bound + 1)
        first = np.concatenate(([0], np.cumsum(halves.bound + 1)[:-1]))
        self.hand_extra: Array = np.arange(len(self.hand_half)) - first[self.hand_half]
        self.first_hand = dict(zip(codes.tolist(), first.tolist(), strict=True))
        """The hand of a half code with no extra turns; one more for each extra turn."""
        self.hand_code: Array = codes[self.hand_half]
        self.hand_off: Array = self.hand_code >> OFF & 7
        free = shared - _popcount(self.hand_code >> SHARED_SHIFT & self.shared_mask)
        self.hand_free: Array = free
        # The opponent's halves by pieces off b and free shared squares m: its sets of squares
        # on 4 + m squares, k at a time, k up to the pieces not borne off; one more (first) for
        # the half that has not entered yet.
        squares = PRIVATE_SQUARES + shared
        self.colex = _colex(squares)
        self.popcount = _popcount(np.arange(1 << squares, dtype=np.int64))
        self.below = np.zeros((shared + 1, n + 2), dtype=np.int64)
        """``below[m, k]``: sets of fewer than k squares among 4 + m."""
        for m in range(shared + 1):
            for k in range(n + 1):
                self.below[m, k + 1] = self.below[m, k] + comb(PRIVATE_SQUARES + m, k)
        self.block = np.zeros((n, shared + 1), dtype=np.int64)
        """``block[b, m]``: the opponent's halves with b off beside m free shared squares."""
        for b in range(n):
            self.block[b] = self.below[:, n - b + 1] + (b == 0)
        # Layers (a, b) in order; within one, the blocks of the hands with a off, in hand order.
        self.start = np.zeros((n, len(self.hand_half)), dtype=np.int64)
        """``start[b, hand]``: where the block of ``hand`` beside an opponent with b off begins."""
        self.layers: dict[tuple[int, int], tuple[int, int]] = {}
        """(mover off, opponent off) -> (first index, size)."""
        at = 0
        for a in range(n):
            hands = np.flatnonzero(self.hand_off == a)
            for b in range(n):
                sizes = self.block[b, self.hand_free[hands]]
                self.start[b, hands] = at + np.concatenate(([0], np.cumsum(sizes)[:-1]))
                self.layers[a, b] = (at, int(sizes.sum()))
                at += int(sizes.sum())
        self.size = at

    @cached_property
    def squeeze(self) -> npt.NDArray[np.uint16]:
        """``squeeze[taken, mask]`` packs ``mask``'s bits into the shared squares ``taken``
        leaves free (masks of the shared squares)."""
        return _squeeze(self.shared)[0]

    @cached_property
    def spread(self) -> npt.NDArray[np.uint16]:
        """``spread[taken, packed]`` undoes ``squeeze``."""
        return _squeeze(self.shared)[1]

    @cached_property
    def block_sets(self) -> tuple[Array, Array]:
        """(sets, first): the opponent's squares in block order (4 private bits, then the free
        shared ones squeezed), by free shared squares m from ``sets[first[m]]`` on: by how many
        pieces, then colex; the first ``below[m, k + 1]`` of them have up to k pieces (the half
        that has not entered, first in a block with none off, is left out)."""
        found, first = [], [0]
        for m in range(self.shared + 1):
            masks = np.arange(1 << PRIVATE_SQUARES + m, dtype=np.int64)
            masks = masks[self.popcount[masks] <= self.pieces]
            found.append(masks[np.lexsort((self.colex[masks], self.popcount[masks]))])
            first.append(first[-1] + len(masks))
        return np.concatenate(found), np.array(first, dtype=np.int64)

    @cached_property
    def pips(self) -> npt.NDArray[np.int16]:
        """How far the pieces of each half code have come (``hands.pips``; 16 bits: a table
        of 2 million)."""
        found = np.zeros(1 << HALF, dtype=np.int16)
        codes = self.halves.codes
        found[codes] = [pips(h, self.ruleset.off_at) for h in codes.tolist()]
        return found

    def hand(self, half: int, extra: int) -> int:
        """The number of the mover's hand: its half code and extra turns in hand."""
        return int(self.first_hand[half]) + extra

    def ranks(self, taken: Array | int, opponent: Array) -> Array:
        """The places of opponent halves within their blocks, beside the mover's shared squares
        ``taken`` (masks of the shared squares), as arrays."""
        shared = self.squeeze[taken, opponent >> SHARED_SHIFT & self.shared_mask].astype(np.int64)
        squares = opponent >> PRIVATE_SHIFT & 0xF | shared << PRIVATE_SQUARES
        count = self.popcount[squares]
        free = self.shared - self.popcount[taken]
        waiting_first = (opponent >> OFF & 7) == 0
        rank = self.below[free, count] + self.colex[squares] + waiting_first
        found: Array = np.where(opponent == 0, 0, rank)
        return found

    def numbers(self, mover: Array, extra: Array, opponent: Array) -> Array:
        """The index of each position: mover half codes, extra turns, opponent half codes."""
        hands = self.first_hand_of(mover) + extra
        taken = mover >> SHARED_SHIFT & self.shared_mask
        found: Array = self.start[opponent >> OFF & 7, hands] + self.ranks(taken, opponent)
        return found

    def first_hand_of(self, halves: Array) -> Array:
        """``first_hand`` for an array of half codes."""
        found: Array = self.first_hands[halves].astype(np.int64)
        return found

    @cached_property
    def first_hands(self) -> npt.NDArray[np.int32]:
        """``first_hand`` by half code, -1 for a code that is no half (32 bits: a table of 2
        million, which the solve's compiled code shares)."""
        table = np.full(1 << HALF, -1, dtype=np.int32)
        codes = self.halves.codes
        table[codes] = [self.first_hand[h] for h in codes.tolist()]
        return table

    def number(self, mover: int, extra: int, opponent: int) -> int:
        """The index of one position (the scalar form of ``numbers``; a browser's lookup is the
        same, ``engine.tait.solved.index_number``)."""
        return index_number(self, mover, extra, opponent)


def _popcount(values: Array) -> Array:
    counts = np.zeros_like(values)
    bits = values.copy()
    while bits.any():
        counts += bits & 1
        bits >>= 1
    return counts

