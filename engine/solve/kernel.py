"""The compiled inner loop of the solve: one sweep over a group's units (numba).

Each unit's successors are worked out as the sweep goes, from the index's small arrays and the
move table (``engine.solve.graph``): a successor's place is where its mover's block begins plus
the opponent's colex rank within it. Nothing per position is held but the values and, for each
throw of each position, the place of the move last found best (``choices``, 4 bytes), so that
sweeps that keep those moves read a few values a position and work nothing out. Imported only by
the solve. Compiling takes a few CPU seconds; numba caches the machine code on disk
(``NUMBA_CACHE_DIR``, which ``firmware.solver`` sets), so only a first solve pays them.

The sweep waits on memory more than it computes: a position's successors lie anywhere in the
values. So each unit's successors are all worked out first and their values asked for
(``_prefetch``), and only then read, so the reads overlap; a sweep with the moves kept asks for
the values of the unit ``AHEAD`` places on. That made both kinds of sweep three to five times
faster than reading each value as its place is found.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt
from llvmlite import ir
from numba.core import cgutils, types
from numba.extending import intrinsic

from engine.solve.graph import Group, MoveTable
from engine.solve.index import Index
from engine.tait.packed import HALF, OFF

F = TypeVar("F", bound=Callable[..., Any])
Values = npt.NDArray[np.float64]


def compiled(function: F) -> F:
    """``numba.njit`` with the function's own type kept for the type checker."""
    return cast(F, numba.njit(cache=True, nogil=True)(function))


def inlined(function: F) -> F:
    """``compiled``, and inlined where it is called."""
    return cast(F, numba.njit(cache=True, nogil=True, inline="always")(function))


def _popcount(typingctx: Any, x: Any) -> Any:
    """How many bits of ``x`` are set (one machine instruction)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


_bits = cast(Callable[[int], int], intrinsic(_popcount))


def _prefetch_item(typingctx: Any, array: Any, at: Any) -> Any:
    """Ask the processor to bring ``array[at]`` into the cache (it does not wait for it)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        kind = signature.args[0]
        view = context.make_array(kind)(context, builder, args[0])
        pointer = cgutils.get_item_pointer(  # type: ignore[no-untyped-call]
            context, builder, kind, view, [args[1]])
        int32 = ir.IntType(32)
        function = cgutils.get_or_insert_function(  # type: ignore[no-untyped-call]
            builder.module, ir.FunctionType(ir.VoidType(), [pointer.type, int32, int32, int32]),
            "llvm.prefetch.p0")
        # read, keep in every cache level, data
        builder.call(function, [pointer, int32(0), int32(3), int32(1)])
        return context.get_dummy_value()

    return types.void(array, types.int64), codegen


_prefetch = cast(Callable[[Any, int], None], intrinsic(_prefetch_item))


@inlined
def _rank(taken: int, free: int, half: int, r: Any) -> int:
    """The place of the opponent's ``half`` in its block beside the mover's shared squares
    ``taken`` (``free`` of them left): ``Index.ranks`` for one position, without a branch."""
    below, colex, squeeze, mask = r
    rest = half >> 5 & mask
    low = squeeze[taken & 63, rest & 63]
    high = squeeze[taken >> 6, rest >> 6]
    squares = half >> 1 & 15 | (low | high << 6 - _bits(taken & 63)) << 4
    found = below[free, _bits(squares)] + colex[squares] + (half >> OFF & 7 == 0)
    return found if half else 0


@inlined
def _key(opponent: int, blocking: Any) -> int:
    """Which of the blocking squares the opponent holds, as bits."""
    key = 0
    for i in range(len(blocking)):
        key |= (opponent >> blocking[i] & 1) << i
    return key


@inlined
def _places(hand: int, opponent: int, w: Any, t: Any, scratch: Any, at: int) -> int:
    """Work out the successor of each move of a position into ``scratch[at:]``: its place, or
    ``~place`` when the turn passes; each successor's value is fetched into the cache at once,
    so that the reads of ``_pick`` overlap rather than wait one by one. No branch but the
    loop's: the move's kind picks its operands. Returns the position's row of the table."""
    start, hands, r, first_hand, first, passes, target, bump, taken, free = (
        t[0], t[1], t[2], t[3], t[7], t[10], t[11], t[12], t[13], t[14])
    blocking, keys, shared, mask = t[15], t[16], t[17], t[2][3]
    row = hand * keys + _key(opponent, blocking)
    opponent_taken = opponent >> 5 & mask
    opponent_free = shared - _bits(opponent_taken)
    begin = first[row]
    for j in range(begin, first[row + 1]):
        after = opponent & ~bump[j]
        passed = passes[j]
        # Passed: the opponent throws next, beside the mover's new half ``target``; else the
        # mover (hand ``target``) throws again beside the opponent's half.
        to_move = first_hand[after]
        left = opponent_free + (after != opponent)
        mover = to_move if passed else target[j]
        square = after >> 5 & mask if passed else taken[j]
        left = left if passed else free[j]
        x = target[j] if passed else after
        place = start[(x >> OFF & 7) * hands + mover] + _rank(square, left, x, r)
        _prefetch(w, place)
        scratch[at + j - begin] = ~place if passed else place
    return int(row)


@inlined
def _pick(row: int, w: Any, t: Any, scratch: Any, at: int, choices: Any, chosen_at: int
          ) -> tuple[float, float, float]:
    """(the throws' weighted best values but for lost throws, the chance of a lost throw that
    changes nothing, the chance of one that passes the turn to the mirror), from the
    successors ``_places`` found. The best move's successor of each throw goes to
    ``choices[chosen_at + throw]`` (see ``_chosen``)."""
    won, loop, lost_pass, first, throw, chance, nothing, p = (
        t[4], t[5], t[6], t[7], t[8], t[9], t[18], t[19])
    for k in range(len(p)):
        choices[chosen_at + k] = nothing
    rest = won[row]
    best = 0.0
    chosen = nothing
    weight = 0.0
    current = -1
    begin = first[row]
    for j in range(begin, first[row + 1]):
        code = scratch[at + j - begin]
        passed = code < 0
        v = w[~code if passed else code]
        v = 1.0 - v if passed else v
        new_throw = throw[j] != current
        if new_throw and current >= 0:
            choices[chosen_at + current] = chosen
        rest += weight * best if new_throw else 0.0
        better = new_throw or v > best
        best = v if better else best
        chosen = code if better else chosen
        weight = chance[j]
        current = throw[j]
    rest += weight * best
    if current >= 0:
        choices[chosen_at + current] = chosen
    return rest, loop[row], lost_pass[row]


@inlined
def chance_of_throws(t: Any) -> Any:
    """The chance of each throw (its place in ``t``)."""
    return t[19]


@inlined
def _chosen(hand: int, opponent: int, w: Any, t: Any, choices: Any, at: int
            ) -> tuple[float, float, float]:
    """``_places`` and ``_pick`` with each throw's move as chosen before: a successor's
    place, ``~place`` when the turn passes, or the place of a 0 for a throw with no move left
    to choose."""
    won, loop, lost_pass, blocking, keys = t[4], t[5], t[6], t[15], t[16]
    p = chance_of_throws(t)
    row = hand * keys + _key(opponent, blocking)
    rest = won[row]
    for k in range(len(p)):
        code = choices[at + k]
        passed = code < 0
        v = w[~code if passed else code]
        rest += p[k] * (1.0 - v if passed else v)
    return rest, loop[row], lost_pass[row]


AHEAD = 4
"""A sweep with the moves kept fetches the values of the unit this many places on."""


@compiled
def _sweep(w: Any, position: Any, hand: Any, opponent: Any, mirror: Any, t: Any,
           hand_code: Any, choices: Any, how: int, scratch: Any) -> float:
    """One Gauss-Seidel pass over the units; the largest change. ``how``: CHOOSE (each
    throw's best move, kept in ``choices``), CHOSEN (the moves kept), or RESIDUAL (the Bellman
    residual, every move looked at, nothing written). ``scratch`` holds the successors of a
    unit's two positions while they are fetched."""
    first_hand, first = t[3], t[7]  # as ``_places`` unpacks them
    throws = len(chance_of_throws(t))
    largest = 0.0
    units = len(position)
    for u in range(units):
        i, h, o, m = position[u], hand[u], opponent[u], mirror[u]
        at = 2 * throws * u
        if how == CHOSEN:
            if u + AHEAD < units:  # fetch a later unit's values while this one is worked out
                ahead = u + AHEAD
                _prefetch(w, position[ahead])
                more = 2 * throws if mirror[ahead] >= 0 else throws
                if mirror[ahead] >= 0:
                    _prefetch(w, mirror[ahead])
                for k in range(2 * throws * ahead, 2 * throws * ahead + more):
                    code = choices[k]
                    _prefetch(w, ~code if code < 0 else code)
            rest, loop, passing = _chosen(h, o, w, t, choices, at)
            if m >= 0:
                rest2, loop2, passing2 = _chosen(first_hand[o], hand_code[h], w, t, choices,
                                                 at + throws)
        else:
            row = _places(h, o, w, t, scratch, 0)
            row2 = row
            if m >= 0:
                row2 = _places(first_hand[o], hand_code[h], w, t, scratch,
                               first[row + 1] - first[row])
                _prefetch(w, m)
            _prefetch(w, i)
            rest, loop, passing = _pick(row, w, t, scratch, 0, choices, at)
            if m >= 0:
                rest2, loop2, passing2 = _pick(row2, w, t, scratch, first[row + 1] - first[row],
                                               choices, at + throws)
        old = w[i]
        if m < 0:  # extra turns in hand: no lost throw passes the turn
            new = loop * old + rest if how == RESIDUAL else rest / (1.0 - loop)
            largest = max(largest, abs(new - old))
            if how != RESIDUAL:
                w[i] = new
            continue
        old2 = w[m]
        if how == RESIDUAL:
            new = loop * old + passing * (1.0 - old2) + rest
            new2 = loop2 * old2 + passing2 * (1.0 - old) + rest2
        else:  # V = a (1 - V') + b and V' = a' (1 - V) + b', solved together
            a, b = passing / (1.0 - loop), rest / (1.0 - loop)
            a2, b2 = passing2 / (1.0 - loop2), rest2 / (1.0 - loop2)
            new = (a * (1.0 - a2) + b - a * b2) / (1.0 - a * a2)
            new2 = a2 * (1.0 - new) + b2
            w[i] = new
            w[m] = new2
        largest = max(largest, abs(new - old), abs(new2 - old2))
    return largest


CHOOSE, CHOSEN, RESIDUAL = range(3)


class Arrays(NamedTuple):
    """What the sweep reads besides the values: ``rules`` in the order ``_places`` and
    ``_pick`` read them, and each hand's half code."""

    rules: tuple[Any, ...]
    hand_code: npt.NDArray[np.int64]
    scratch: npt.NDArray[np.int64]
    """Room for the successors of a unit's two positions."""


def arrays_of(index: Index, moves: MoveTable, chances: list[float]) -> Arrays:
    """The arrays and numbers the sweep reads."""
    first_hand = index.first_hand_of(np.arange(1 << HALF)).astype(np.int32)
    colex = index.colex.astype(np.int32)
    rank = (index.below, colex, squeeze_six(), index.shared_mask)
    m = moves
    starts = index.start.ravel().astype(np.int32)  # half the cache lines of int64
    rules = (starts, index.start.shape[1], rank, first_hand, m.won, m.loop, m.lost_pass,
             m.first, m.throw, m.chance, m.passes, m.target, m.bump, m.taken, m.free,
             m.blocking, m.keys, index.shared, index.size, np.array(chances))
    most = int(np.diff(m.first).max(initial=0))
    return Arrays(rules, index.hand_code, np.empty(2 * most + 1, dtype=np.int64))


def squeeze_six() -> npt.NDArray[np.uint8]:
    """``[taken, mask]``: the bits of ``mask`` packed into the places ``taken`` leaves free,
    for 6-bit masks (two lookups pack 12 shared squares)."""
    found = np.zeros((64, 64), dtype=np.uint8)
    for taken in range(64):
        free = [b for b in range(6) if not taken >> b & 1]
        for mask in range(64):
            found[taken, mask] = sum((mask >> b & 1) << i for i, b in enumerate(free))
    return found


def choices_for(group: Group, chances: list[float]) -> npt.NDArray[np.int32]:
    """Room for each unit's chosen moves: two positions, a throw each."""
    return np.empty(2 * len(chances) * len(group.position), dtype=np.int32)


def sweep(w: Values, group: Group, arrays: Arrays, choices: npt.NDArray[np.int32],
          how: int) -> float:
    """One pass over ``group`` (``_sweep``); the largest change."""
    return float(_sweep(w, group.position, group.hand, group.opponent, group.mirror,
                        arrays.rules, arrays.hand_code, choices, how, arrays.scratch))
