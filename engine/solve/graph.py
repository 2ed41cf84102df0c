"""Where every throw can take every position of a group of layers: the successor arrays.

The mover's legal moves and where each takes its own half come from the engine's rules
(``engine.tait.tables``), asked once per hand and throw; only the opponent's half varies across a
block, and a move changes it only by bumping the piece on the landing square. So each block's
successors are a few array operations.

A successor is a place in the solver's working array ``W``: ``W[i]`` is the value of position
``i`` for its side to throw and ``W[size + i]`` is ``1 - W[i]``, its value for the other side
(used when the turn passes); ``W[2 * size]`` is 1, a won game.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from engine.core.sticks import Throw
from engine.solve.index import (
    PRIVATE_SHIFT,
    PRIVATE_SQUARES,
    SHARED_SHIFT,
    SHARED_SQUARES,
    Index,
)
from engine.tait.packed import ENTERED, EXTRA, HALF, HALF_MASK, OFF, OVER, TURN
from engine.tait.tables import tables

Array = npt.NDArray[np.int64]
Places = npt.NDArray[np.int32]
Values = npt.NDArray[np.float64]

CHUNK = 1 << 19
"""Positions updated together in a sweep: the later chunks of a sweep see the earlier ones'
new values (Gauss-Seidel), and the arrays of one chunk stay small."""


class Outcome(NamedTuple):
    """What one move (or a lost throw) makes of the mover's hand, whatever the opponent has."""

    half: int
    """The mover's half afterwards."""
    extra: int
    """Extra turns the mover holds afterwards, or -1 when the turn passes to the opponent."""
    won: bool
    bump: int
    """The opponent's bit (in its own half) that the move bumps if a piece stands there."""
    lost: bool = False
    """The throw had no legal move."""


class Chunk(NamedTuple):
    """The successor matrices of a run of positions, by throw and by number of moves."""

    positions: Places
    """The chunk's positions: indices into the whole table, in sweep order."""
    parts: tuple[tuple[int, Places, Places], ...]
    """(throw's place in ``chances``, rows within the chunk, successors: one column a move)."""
    loop: Values
    """By row: the chance of a throw that is lost and leaves the position as it was (a six
    with no move earns the extra turn it uses)."""
    passing: Values
    """By row: the chance of a throw that is lost and passes the turn, to the mirror position
    (the opponent to throw, the same pieces)."""
    mirror: Places
    """By row: the mirror position's index, or -1 when the mover holds extra turns."""
    pair: Places
    """By row: the mirror's row in this chunk, or -1 when it is not in it."""


def outcomes(index: Index, hand: int, opponent_keys: int, value: int) -> tuple[Outcome, ...]:
    """What each legal move of ``value`` does for a hand (a lost throw: one outcome)."""
    rules = tables(index.ruleset)
    half = int(index.halves.codes[index.hand_half[hand]])
    code = half | int(index.hand_extra[hand]) << EXTRA
    moves = rules.legal(code | opponent_keys << HALF, value)
    if not moves:
        return (_outcome(rules.after_loss(code, Throw.of(value)), 0)._replace(lost=True),)
    found = []
    for move in moves:
        effect = rules.effects[move.number]
        assert effect is not None
        found.append(_outcome(rules.after_move(code, move), effect.bump >> HALF))
    return tuple(found)


def _outcome(after: int, bump: int) -> Outcome:
    if after & OVER:
        return Outcome(after & HALF_MASK, -1, True, 0)
    passed = bool(after & TURN)
    return Outcome(after & HALF_MASK, -1 if passed else after >> EXTRA, False, bump)


def opponents(index: Index) -> dict[tuple[int, int], Array]:
    """The opponent's squares (4 private bits, then the free shared ones squeezed) in block
    order, by (pieces off, free shared squares); the half that has not entered is left out."""
    found: dict[tuple[int, int], Array] = {}
    for free in range(SHARED_SQUARES + 1):
        squares = PRIVATE_SQUARES + free
        ordered = []
        for count in range(index.pieces + 1):
            sets = [sum(1 << s for s in spots) for spots in combinations(range(squares), count)]
            sets.sort(key=lambda mask: int(index.colex[mask]))
            ordered.append(sets)
        for off in range(index.pieces):
            kept = [mask for sets in ordered[: index.pieces - off + 1] for mask in sets]
            found[off, free] = np.array(kept, dtype=np.int64)
    return found


def block_halves(index: Index, sets: Array, taken: int, off: int) -> Array:
    """The opponent's half codes of one block, from its squares beside the mover's ``taken``."""
    shared = index.spread[taken, sets >> 4].astype(np.int64)
    halves = (sets & 0xF) << PRIVATE_SHIFT | shared << SHARED_SHIFT | off << OFF | ENTERED
    return np.concatenate(([0], halves)) if off == 0 else halves


def group_chunks(
    index: Index, layers: list[tuple[int, int]], chunk: int = CHUNK
) -> list[Chunk]:
    """The successor matrices of the positions of ``layers``, cut into chunks in sweep order.

    The positions furthest on come first, so that a sweep has already updated where most moves
    go (all but bumps and lost throws) when it comes to a position; a position and its mirror
    come together, so that the sweep can solve the pair exactly for the throws both lose.
    """
    rules = tables(index.ruleset)
    keys = rules.keys[0] >> HALF & HALF_MASK  # opponent bits the legal moves depend on
    values = sorted(index.ruleset.values)
    p = [float(index.ruleset.probability(v)) for v in values]
    sets = opponents(index)
    pips = index.pips
    size, win = index.size, 2 * index.size
    parts: dict[tuple[int, int], list[tuple[Array, Places]]] = defaultdict(list)
    states, progress, mirrors, loops, passes = [], [], [], [], []
    for a, b in layers:
        at = index.layers[a, b][0]
        for hand in np.flatnonzero(index.hand_off == a).tolist():
            half = int(index.halves.codes[index.hand_half[hand]])
            extra = int(index.hand_extra[hand])
            taken = half >> SHARED_SHIFT & 0x7FF
            block = block_halves(index, sets[b, int(index.hand_free[hand])], taken, b)
            rows = np.arange(at, at + len(block))
            states.append(rows)
            progress.append(pips[block] + pips[half])
            mover = np.full(len(block), half, dtype=np.int64)
            mirror = index.numbers(block, np.zeros_like(block), mover)
            mirrors.append(mirror if extra == 0 else np.full(len(block), -1))
            loop, passing = np.zeros(len(block)), np.zeros(len(block))
            for key in np.unique(block & keys).tolist():
                pick = (block & keys) == key
                opp = block[pick]
                for t, value in enumerate(values):
                    found = outcomes(index, hand, key, value)
                    lost = found[0].lost
                    if lost and found[0].extra == extra and found[0].half == half:
                        loop[pick] += p[t]
                    elif lost and found[0].extra < 0:
                        passing[pick] += p[t]
                    else:
                        columns = [_places(index, o, opp, b, size, win) for o in found]
                        parts[t, len(columns)].append(
                            (rows[pick], np.stack(columns).astype(np.int32))
                        )
            loops.append(loop)
            passes.append(passing)
            at += len(block)
    every = np.concatenate(states)
    mirror_of = np.concatenate(mirrors)
    pair_key = np.where(mirror_of >= 0, np.minimum(every, mirror_of), every)
    order = every[np.lexsort((every, pair_key, -np.concatenate(progress)))]
    place = np.full(index.size, -1, dtype=np.int64)  # of each of this group's positions
    place[order] = np.arange(len(order))
    first = int(every.min())  # the group's per-position arrays, by position - first
    by_position = np.empty(int(every.max()) + 1 - first, dtype=np.int64)
    by_position[every - first] = np.arange(len(every))
    loop_of, pass_of = np.concatenate(loops), np.concatenate(passes)
    level = np.concatenate(progress)[by_position[order - first]]
    # A chunk is one level of progress (cut where a level is too big): every move that bumps
    # nothing goes to a level the sweep has already updated.
    starts = np.flatnonzero(np.diff(level, prepend=level[0] + 1))
    bounds = sorted({*starts.tolist(), *range(0, len(order), chunk), len(order)})
    cut: list[list[tuple[int, Places, Places]]] = [[] for _ in bounds[:-1]]
    for (t, _), pieces in sorted(parts.items()):
        at_place = place[np.concatenate([r for r, _ in pieces])]
        matrix = np.concatenate([m for _, m in pieces], axis=1)
        by_chunk = np.argsort(at_place, kind="stable")
        at_place, matrix = at_place[by_chunk], matrix[:, by_chunk]
        ends = np.searchsorted(at_place, bounds)
        for c in range(len(cut)):
            lo, hi = ends[c], ends[c + 1]
            if hi > lo:
                rows = (at_place[lo:hi] - bounds[c]).astype(np.int32)
                cut[c].append((t, rows, np.ascontiguousarray(matrix[:, lo:hi])))
    chunks = []
    for c, matrices in enumerate(cut):
        positions = order[bounds[c] : bounds[c + 1]]
        own = by_position[positions - first]
        mirror = mirror_of[own]
        pair = np.where(mirror >= 0, place[np.maximum(mirror, 0)] - bounds[c], -1)
        pair = np.where((pair >= 0) & (pair < len(positions)), pair, -1)
        chunks.append(Chunk(positions.astype(np.int32), tuple(matrices), loop_of[own],
                            pass_of[own], mirror.astype(np.int32), pair.astype(np.int32)))
    return chunks


def _places(index: Index, outcome: Outcome, opp: Array, b: int, size: int, win: int) -> Array:
    if outcome.won:
        return np.full(len(opp), win, dtype=np.int64)
    after = opp & ~outcome.bump
    if outcome.extra >= 0:  # the mover throws again
        taken = outcome.half >> SHARED_SHIFT & 0x7FF
        hand = index.hand(outcome.half, outcome.extra)
        found: Array = index.start[b, hand] + index.ranks(taken, after)
        return found
    mover = np.full(len(opp), outcome.half, dtype=np.int64)
    return index.numbers(after, np.zeros_like(after), mover) + size

