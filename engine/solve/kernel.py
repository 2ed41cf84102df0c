"""The compiled inner loop of the solve: one sweep over a group's units (numba).

Each unit's successors are worked out as the sweep goes, from the index's small arrays and the
move table (``engine.solve.graph``): a successor's place is where its mover's block begins plus
the opponent's colex rank within it. Nothing per position is held but the values and, for each
throw of each position, the place of the move last found best (``Choices.moves``, 4 bytes), so
that sweeps that keep those moves read a few values a position and work nothing out, and for each
unit how far its values may move before those moves could change (``Choices.margin``, 4 bytes).
Imported only by
the solve. Compiling takes a few CPU seconds; numba caches the machine code on disk
(``NUMBA_CACHE_DIR``, which ``firmware.solve.run`` sets), so only a first solve pays them.

The sweep waits on memory more than it computes: a position's successors lie anywhere in the
values. So each unit's successors are all worked out first and their values asked for
(``_prefetch``), and only then read, so the reads overlap; a sweep with the moves kept asks for
the values of the unit ``AHEAD`` places on. That made both kinds of sweep three to five times
faster than reading each value as its place is found. Since then the sweep that looks at every
move is bound by its arithmetic (24 ns a move with every value in the cache, 19 of them in
``_places``), so it is skipped wherever the margins prove the moves unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, cast

import numpy as np
import numpy.typing as npt
from llvmlite import ir
from numba.core import cgutils, types
from numba.extending import intrinsic

from engine.solve.graph import Group, MoveTable
from engine.solve.index import SHARED_SHIFT, Index
from engine.solve.rank import _bits, _rank, _u, compiled, inlined, rank_tables
from engine.tait.packed import ENTERED, HALF, OFF

Values = npt.NDArray[np.float64]


def _prefetch_item(typingctx: Any, array: Any, at: Any) -> Any:
    """Ask the processor to bring ``array[at]`` into the cache (it does not wait for it)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        kind = signature.args[0]
        view = context.make_array(kind)(context, builder, args[0])
        pointer = cgutils.get_item_pointer(  # type: ignore[no-untyped-call]
            context, builder, kind, view, [args[1]])
        int32, byte = ir.IntType(32), ir.IntType(8).as_pointer()
        function = cgutils.get_or_insert_function(  # type: ignore[no-untyped-call]
            builder.module, ir.FunctionType(ir.VoidType(), [byte, int32, int32, int32]),
            "llvm.prefetch.p0")
        # read, keep in every cache level, data (one declaration for arrays of any type)
        builder.call(function, [builder.bitcast(pointer, byte), int32(0), int32(3), int32(1)])
        return context.get_dummy_value()

    return types.void(array, types.int64), codegen


_prefetch = cast(Callable[[Any, int], None], intrinsic(_prefetch_item))


@inlined
def _key(opponent: int, blocking: Any) -> int:
    """Which of the blocking squares the opponent holds, as bits."""
    key = 0
    for i in range(len(blocking)):
        key |= (opponent >> blocking[i] & 1) << i
    return key


@inlined
def _place(code: int, opponent: int, opponent_free: int, t: Any) -> int:
    """The place of the position a move (``code``, packed) leads to from a position whose
    opponent holds ``opponent`` (``opponent_free`` shared squares left by it), ``~place`` when
    the turn passes. No branch: the move's kind picks its operands."""
    start, hands, r, first_hand = t[0], t[1], t[2], t[3]
    mask = r[4]
    after = opponent & ~((1 << (code >> BUMP & 31)) >> 1)
    passed = -(code >> PASSES & 1)  # all bits set when the turn passes: picks by masks
    target = code >> TARGET & TARGET_MASK
    # Passed: the opponent throws next, beside the mover's new half ``target``; else the
    # mover (hand ``target``) throws again beside the opponent's half.
    to_move = first_hand[_u(after)]
    left = opponent_free + (after != opponent)
    mover = target ^ ((to_move ^ target) & passed)
    taken = code >> TAKEN & TAKEN_MASK
    square = taken ^ (((after >> 5 & mask) ^ taken) & passed)
    free = code >> FREE & 15
    left = free ^ ((left ^ free) & passed)
    x = after ^ ((target ^ after) & passed)
    place = start[_u((x >> OFF & 7) * hands + mover)] + _rank(square, left, x, r)
    return int(place ^ passed)


@inlined
def _row(hand: int, opponent: int, t: Any) -> tuple[int, int]:
    """A position's row of the move table, and the shared squares its opponent leaves free."""
    blocking, keys, shared, mask = t[7], t[8], t[9], t[2][4]
    return hand * keys + _key(opponent, blocking), shared - _bits(opponent >> 5 & mask)


@inlined
def _places(hand: int, opponent: int, w: Any, t: Any, scratch: Any, at: int) -> int:
    """Work out the successor of each move of a position into ``scratch[at:]`` (``_place``);
    each successor's value is fetched into the cache at once, so that the reads of ``_pick``
    overlap rather than wait one by one. Returns the position's row of the table."""
    first, move = t[5], t[6]
    row, opponent_free = _row(hand, opponent, t)
    begin = first[row]
    for j in range(begin, first[row + 1]):
        found = _place(move[_u(j)], opponent, opponent_free, t)
        _prefetch(w, found ^ found >> 63)
        scratch[at + j - begin] = found
    return int(row)


@inlined
def _pick(row: int, w: Any, t: Any, scratch: Any, at: int
          ) -> tuple[float, float, float, float, int]:
    """(the throws' weighted best values but for lost throws, the chance of a lost throw that
    changes nothing, the chance of one that passes the turn to the mirror, the gap, the best
    moves), from the successors ``_places`` found. The gap: by how much the best move of each
    throw beats its second best, the least over the throws (1 or more when no throw has two
    moves). The best moves: for each throw t, the best move's place among the throw's moves in
    bits 3t to 3t + 2 (``_decode`` works its successor out again)."""
    lost, first, move, p = t[4], t[5], t[6], t[11]
    rest = lost[_u(3 * row)]
    best = 0.0
    second = -1.0
    gap = 2.0
    chosen = 0
    word = 0
    weight = 0.0
    current = -1
    begin = first[row]
    throw_begin = begin
    for j in range(begin, first[row + 1]):
        code = scratch[_u(at + j - begin)]
        passed = code < 0
        v = w[_u(code ^ code >> 63)]  # ~code when the turn passes
        v = 1.0 - v if passed else v
        throw = move[_u(j)] & 7
        new_throw = throw != current
        if new_throw and current >= 0:
            word |= chosen << 3 * current
            gap = min(gap, best - second)
        throw_begin = j if new_throw else throw_begin
        rest += weight * best if new_throw else 0.0
        second = -1.0 if new_throw else (best if v > best else max(second, v))
        better = new_throw or v > best
        best = v if better else best
        chosen = j - throw_begin if better else chosen
        weight = p[_u(throw)]
        current = throw
    rest += weight * best
    if current >= 0:
        word |= chosen << 3 * current
        gap = min(gap, best - second)
    return rest, lost[_u(3 * row + 1)], lost[_u(3 * row + 2)], gap, word


@inlined
def chance_of_throws(t: Any) -> Any:
    """The chance of each throw (its place in ``t``)."""
    return t[11]


@inlined
def _decode(hand: int, opponent: int, word: int, w: Any, t: Any, ring: Any, at: int) -> None:
    """The successor of each throw's best move (``word``, as ``_pick`` keeps them) into
    ``ring[at:]``, its value fetched into the cache: a place, ``~place`` when the turn passes,
    or the place of a 0 for a throw with no move to choose."""
    move, nothing, throw_first = t[6], t[10], t[12]
    throws = len(chance_of_throws(t))
    row, opponent_free = _row(hand, opponent, t)
    for k in range(throws):
        j = throw_first[_u(row * throws + k)]
        found = nothing
        if j >= 0:
            found = _place(move[_u(j + (word >> 3 * k & 7))], opponent, opponent_free, t)
            _prefetch(w, found ^ found >> 63)
        ring[_u(at + k)] = found


@inlined
def _chosen(hand: int, opponent: int, w: Any, t: Any, ring: Any, at: int
            ) -> tuple[float, float, float]:
    """``_pick``'s sums with each throw's move as chosen before, its successor worked out by
    ``_decode``."""
    lost, blocking, keys = t[4], t[7], t[8]
    p = chance_of_throws(t)
    row = hand * keys + _key(opponent, blocking)
    rest = lost[_u(3 * row)]
    for k in range(len(p)):
        code = ring[_u(at + k)]
        passed = code < 0
        v = w[_u(code ^ code >> 63)]  # ~code when the turn passes
        rest += p[_u(k)] * (1.0 - v if passed else v)
    return rest, lost[_u(3 * row + 1)], lost[_u(3 * row + 2)]


@inlined
def _differ(before: int, after: int, throws: int) -> int:
    """How many throws' best moves differ between two words of ``_pick``."""
    found = 0
    for k in range(throws):
        found += (before ^ after) >> 3 * k & 7 != 0
    return found


AHEAD = 8
"""A sweep with the moves kept fetches the values of the unit this many places on."""
RING = 16
"""Units whose kept moves' successors are worked out at a time (more than ``AHEAD``)."""
SLACK = 2.0 ** -20
"""A margin is stored this much (relative) below its value: more than float32 rounds."""
UNSEEN = 0xFFFF
"""A word of best moves no position has (each throw's moves are fewer than 7): a unit's first
look counts every throw's move as changed."""


@compiled
def _sweep(w: Any, position: Any, hand: Any, opponent: Any, mirror: Any, t: Any,
           hand_code: Any, choices: Any, how: int, scratch: Any, margin: Any, spent: float,
           ring: Any) -> tuple[float, int, int]:
    """One Gauss-Seidel pass over the units: (the largest change, how many throws' best moves
    changed, how many units a choosing sweep kept the moves of without looking). ``how``:
    CHOOSE (each throw's best move, kept in ``choices``: a word a position), CHOSEN (the moves
    kept), or RESIDUAL (the Bellman residual, every move looked at, nothing written).
    ``scratch`` holds the successors of a unit's two positions while they are fetched;
    ``ring`` those of the kept moves of the next ``AHEAD`` units.

    ``spent``: the sum of the largest changes of the group's sweeps before this one. A unit's
    values have moved since its best moves were last looked at by at most ``spent`` plus this
    sweep's largest change so far less what had been spent before that look; while that is
    under half the gap its best moves had over the second best (``margin[u]`` keeps the gap's
    half plus what had been spent), no best move can have changed, so a choosing sweep keeps
    them without looking: the same update, with the same arithmetic, as looking."""
    first_hand, first = t[3], t[5]  # as ``_places`` unpacks them
    throws = len(chance_of_throws(t))
    largest = 0.0
    units = len(position)
    changed = kept = 0
    for u in range(min(AHEAD, units)):  # the first units' kept moves: later ones are ahead
        if how == CHOSEN or (how == CHOOSE and spent < margin[u]):
            at = (u & RING - 1) * 2 * throws
            _decode(hand[u], opponent[u], choices[2 * u], w, t, ring, at)
            if mirror[u] >= 0:
                _decode(first_hand[_u(opponent[u])], hand_code[_u(hand[u])], choices[2 * u + 1],
                        w, t, ring, at + throws)
    for u in range(units):
        i, h, o, m = position[_u(u)], hand[_u(u)], opponent[_u(u)], mirror[_u(u)]
        at = (u & RING - 1) * 2 * throws
        moved = spent + largest  # no value of the group has moved more since ``spent`` began
        keep = how == CHOSEN or (how == CHOOSE and moved < margin[u])
        ahead = u + AHEAD
        if ahead < units and (how == CHOSEN or (how == CHOOSE and moved < margin[ahead])):
            # a later unit's moves are kept: work their successors out and fetch their values
            # while this one is worked out
            _prefetch(w, position[ahead])
            there = (ahead & RING - 1) * 2 * throws
            _decode(hand[ahead], opponent[ahead], choices[2 * ahead], w, t, ring, there)
            if mirror[ahead] >= 0:
                _prefetch(w, mirror[ahead])
                _decode(first_hand[_u(opponent[ahead])], hand_code[_u(hand[ahead])],
                        choices[2 * ahead + 1], w, t, ring, there + throws)
        if ahead < units:  # the opponent's hand lies in a table of 8 MB
            _prefetch(first_hand, opponent[ahead])
        if keep:
            kept += how == CHOOSE
            rest, loop, passing = _chosen(h, o, w, t, ring, at)
            if m >= 0:
                rest2, loop2, passing2 = _chosen(first_hand[_u(o)], hand_code[_u(h)], w, t,
                                                 ring, at + throws)
        else:
            row = _places(h, o, w, t, scratch, 0)
            row2 = row
            second = first[row + 1] - first[row]
            if m >= 0:
                row2 = _places(first_hand[_u(o)], hand_code[_u(h)], w, t, scratch, second)
                _prefetch(w, m)
            _prefetch(w, i)
            rest, loop, passing, gap, word = _pick(row, w, t, scratch, 0)
            changed += _differ(choices[2 * u], word, throws)
            if how == CHOOSE:
                choices[2 * u] = word
            if m >= 0:
                rest2, loop2, passing2, gap2, word2 = _pick(row2, w, t, scratch, second)
                gap = min(gap, gap2)
                changed += _differ(choices[2 * u + 1], word2, throws)
                if how == CHOOSE:
                    choices[2 * u + 1] = word2
            if how == CHOOSE:  # kept as float32, rounded down by more than float32 rounds
                edge = spent + gap / 2.0
                margin[u] = edge - abs(edge) * SLACK
        old = w[_u(i)]
        if m < 0:  # extra turns in hand: no lost throw passes the turn
            new = loop * old + rest if how == RESIDUAL else rest / (1.0 - loop)
            largest = max(largest, abs(new - old))
            if how != RESIDUAL:
                w[_u(i)] = new
            continue
        old2 = w[_u(m)]
        if how == RESIDUAL:
            new = loop * old + passing * (1.0 - old2) + rest
            new2 = loop2 * old2 + passing2 * (1.0 - old) + rest2
        else:  # V = a (1 - V') + b and V' = a' (1 - V) + b', solved together
            a, b = passing / (1.0 - loop), rest / (1.0 - loop)
            a2, b2 = passing2 / (1.0 - loop2), rest2 / (1.0 - loop2)
            new = (a * (1.0 - a2) + b - a * b2) / (1.0 - a * a2)
            new2 = a2 * (1.0 - new) + b2
            w[_u(i)] = new
            w[_u(m)] = new2
        largest = max(largest, abs(new - old), abs(new2 - old2))
    return largest, changed, kept


CHOOSE, CHOSEN, RESIDUAL = range(3)


@inlined
def _shrunk(half: int, pieces: int) -> int:
    """``half`` with its rearmost piece borne off: one waiting to enter if any, else the one on
    the board furthest back."""
    path = half & (1 << OFF) - 2
    waiting = pieces - (half >> OFF & 7) - _bits(path)
    kept = half if waiting > 0 else half & ~(path & -path)
    return (kept | ENTERED) + (1 << OFF)


@inlined
def _number(mover: int, opponent: int, t: Any) -> int:
    """The place of a position with no extra turn in hand (``Index.number``)."""
    start, hands, r, first_hand, shared = t[0], t[1], t[2], t[3], t[9]
    taken = mover >> SHARED_SHIFT & r[4]
    hand = first_hand[_u(mover)]
    return int(start[_u((opponent >> OFF & 7) * hands + hand)]
               + _rank(taken, shared - _bits(taken), opponent, r))


@compiled
def _start(w: Any, position: Any, hand: Any, opponent: Any, mirror: Any, t: Any,
           hand_code: Any, pieces: int) -> None:
    """Each position of a group starts from the value of the position with both sides'
    rearmost pieces borne off, in a group solved before."""
    for u in range(len(position)):
        mover, theirs = int(hand_code[_u(hand[u])]), int(opponent[u])
        w[_u(position[u])] = w[_u(_number(_shrunk(mover, pieces), _shrunk(theirs, pieces), t))]
        if mirror[u] >= 0:
            w[_u(mirror[u])] = w[_u(_number(_shrunk(theirs, pieces), _shrunk(mover, pieces),
                                             t))]


def start_values(w: Values, group: Group, arrays: Arrays, pieces: int) -> None:
    """Start the values of ``group`` from positions with a piece fewer a side (``_start``);
    its layers must leave each side at least two pieces not borne off."""
    _start(w, group.position, group.hand, group.opponent, group.mirror, arrays.rules,
           arrays.hand_code, pieces)


class Arrays(NamedTuple):
    """What the sweep reads besides the values: ``rules`` in the order ``_places`` and
    ``_pick`` read them, and each hand's half code."""

    rules: tuple[Any, ...]
    hand_code: npt.NDArray[np.int64]
    scratch: npt.NDArray[np.int64]
    """Room for the successors of a unit's two positions."""
    ring: npt.NDArray[np.int64]
    """Room for the successors of the kept moves of ``RING`` units."""


def arrays_of(index: Index, moves: MoveTable, chances: list[float]) -> Arrays:
    """The arrays and numbers the sweep reads."""
    first_hand = index.first_hand_of(np.arange(1 << HALF)).astype(np.int32)
    rank = rank_tables(index)
    m = moves
    starts = index.start.ravel().astype(np.int32)  # half the cache lines of int64
    # A row's three chances share a cache line, and each move is one number: a position's
    # moves are a line or two of a table that stays in the cache.
    lost = np.stack([m.won, m.loop, m.lost_pass], axis=1).ravel()
    rules = (starts, index.start.shape[1], rank, first_hand, lost, m.first, packed(m),
             m.blocking, m.keys, index.shared, index.size, np.array(chances),
             throw_first(m, len(chances)))
    most = int(np.diff(m.first).max(initial=0))
    return Arrays(rules, index.hand_code, np.empty(2 * most + 1, dtype=np.int64),
                  np.empty(RING * 2 * len(chances), dtype=np.int64))


def throw_first(moves: MoveTable, throws: int) -> npt.NDArray[np.int32]:
    """``[row * throws + t]``: where the moves of throw t begin in a row of the table, or -1
    where it has none (won, or lost)."""
    rows = len(moves.first) - 1
    found = np.full(rows * throws, -1, dtype=np.int64)
    row = np.repeat(np.arange(rows), np.diff(moves.first))
    at = row * throws + moves.throw
    starts = np.ones(len(at), dtype=bool)  # a row's moves come by throw: a throw's first
    starts[1:] = at[1:] != at[:-1]
    found[at[starts]] = np.flatnonzero(starts)
    counts = np.bincount(at, minlength=rows * throws)
    assert counts.max(initial=0) < 7, "three bits a throw keep a best move"
    assert throws * 3 <= 16, "a position's best moves fit in 16 bits"
    return found.astype(np.int32)


PASSES, BUMP, TARGET, TAKEN, FREE = 3, 4, 9, 32, 44
"""Where each field of a packed move begins: its throw's place in the lowest 3 bits."""
TARGET_MASK, TAKEN_MASK = (1 << 22) - 1, (1 << 12) - 1


def packed(moves: MoveTable) -> npt.NDArray[np.int64]:
    """Each move of the table as one number: throw, whether the turn passes, the bumped bit's
    place plus one (0: none), the target, the shared squares taken and how many are free."""
    bump = np.zeros(len(moves.bump), dtype=np.int64)
    hit = moves.bump != 0
    bump[hit] = np.log2(moves.bump[hit]).round().astype(np.int64) + 1
    assert (moves.throw < 8).all() and (bump < 32).all() and (moves.target <= TARGET_MASK).all()
    assert (moves.taken <= TAKEN_MASK).all() and (moves.free < 16).all()
    return (moves.throw | moves.passes << PASSES | bump << BUMP | moves.target << TARGET
            | moves.taken << TAKEN | moves.free << FREE)


class Choices(NamedTuple):
    """What a group's sweeps keep between them: each unit's chosen moves (a word for each of
    its two positions: three bits a throw, ``_pick``) and its margin (``_sweep``; below any sum
    of changes until first looked at)."""

    moves: npt.NDArray[np.uint16]
    margin: npt.NDArray[np.float32]


def choices_for(group: Group, chances: list[float]) -> Choices:
    """Room for each unit's chosen moves, none looked at yet."""
    units = len(group.position)
    return Choices(np.full(2 * units, UNSEEN, dtype=np.uint16),
                   np.full(units, -1.0, dtype=np.float32))


def sweep(w: Values, group: Group, arrays: Arrays, choices: Choices, how: int,
          spent: float = 0.0) -> tuple[float, int, int]:
    """One pass over ``group`` (``_sweep``, ``spent`` the sum of the largest changes of the
    group's sweeps before it): the largest change, how many throws' best moves changed (always
    0 with the moves kept) and how many units a choosing sweep did not need to look at."""
    largest, changed, kept = _sweep(
        w, group.position, group.hand, group.opponent, group.mirror, arrays.rules,
        arrays.hand_code, choices.moves, how, arrays.scratch, choices.margin, spent,
        arrays.ring)
    return float(largest), int(changed), int(kept)
