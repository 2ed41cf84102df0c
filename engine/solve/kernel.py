"""The compiled inner loop of the solve: one sweep over a group's units (numba).

Each unit's successors are worked out as the sweep goes, from the index's small arrays and the
move table (``engine.solve.graph``): a successor's place is where its mover's block begins plus
the opponent's colex rank within it. Nothing per position is held but the values and, for each
throw of each position, the move last found best (``Choices``), so that sweeps that keep those
moves work out little, and for each unit how far its values may move before those moves could
change (``Choices.margin``, 4 bytes). A best move is kept one of two ways, as the memory
allows (``Solver.plan``): ``wide``, its successor's place (4 bytes: the sweeps that keep the
moves only read it), or ``narrow``, its place among the throw's moves and its
successor's rank in its block (2 bytes: where the block begins is worked out again from a few
bits of the move, ``_decode``). Imported only by the solve. Compiling takes a few CPU seconds;
numba caches the machine code on disk (``NUMBA_CACHE_DIR``, which ``firmware.solve.run``
sets), so only a first solve pays them.

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
from engine.tait.packed import ENTERED, OFF

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
def _start_of(code: int, opponent: int, t: Any) -> tuple[int, int]:
    """Where the block of the position a move (``code``, packed) leads to begins, from a
    position whose opponent holds ``opponent``; and -1 if the turn passes, else 0. No branch:
    the move's kind picks its operands."""
    start, stride, first_hand = t[0], t[1], t[3]
    after = opponent & ~((1 << (code >> BUMP & 31)) >> 1)
    passed = -(code >> PASSES & 1)  # all bits set when the turn passes: picks by masks
    target = code >> TARGET & TARGET_MASK
    # Passed: the opponent throws next, beside the mover's new half ``target``; else the
    # mover (hand ``target``) throws again beside the opponent's half.
    to_move = first_hand[_u(after)]
    mover = target ^ ((to_move ^ target) & passed)
    x = after ^ ((target ^ after) & passed)
    return int(start[_u((x >> OFF & 7) * stride + mover)]), int(passed)


@inlined
def _rank_of(code: int, opponent: int, opponent_free: int, t: Any) -> int:
    """The place of that position within its block (``_start_of``): its opponent's colex rank
    beside the shared squares its mover holds."""
    r = t[2]
    mask = r[4]
    after = opponent & ~((1 << (code >> BUMP & 31)) >> 1)
    passed = -(code >> PASSES & 1)
    target = code >> TARGET & TARGET_MASK
    left = opponent_free + (after != opponent)
    taken = code >> TAKEN & TAKEN_MASK
    square = taken ^ (((after >> 5 & mask) ^ taken) & passed)
    free = code >> FREE & 15
    left = free ^ ((left ^ free) & passed)
    x = after ^ ((target ^ after) & passed)
    return int(_rank(square, left, x, r))


@inlined
def _places(hand: int, opponent: int, w: Any, t: Any, scratch: Any, at: int) -> int:
    """Work out the successor of each move of a position into ``scratch[at:]``: its place, or
    ``~place`` when the turn passes, and its rank in its block ``RANKS`` on; each successor's
    value is fetched into the cache at once, so that the reads of ``_pick`` overlap rather than
    wait one by one. Returns the position's row of the table."""
    first, move, blocking, keys, shared, mask = t[5], t[6], t[7], t[8], t[9], t[2][4]
    row = hand * keys + _key(opponent, blocking)
    opponent_free = shared - _bits(opponent >> 5 & mask)
    begin = first[row]
    for j in range(begin, first[row + 1]):
        code = move[_u(j)]
        block, passed = _start_of(code, opponent, t)
        rank = _rank_of(code, opponent, opponent_free, t)
        place = block + rank
        _prefetch(w, place)
        scratch[_u(at + j - begin)] = place ^ passed  # ~place when the turn passes
        scratch[_u(RANKS + at + j - begin)] = rank
    return int(row)


@inlined
def _pick(row: int, w: Any, t: Any, scratch: Any, at: int
          ) -> tuple[float, float, float, float]:
    """(the throws' weighted best values but for lost throws, the chance of a lost throw that
    changes nothing, the chance of one that passes the turn to the mirror, the gap), from the
    successors ``_places`` found. The gap: by how much the best move of each throw beats its
    second best, the least over the throws (1 or more when no throw has two moves). Each
    throw's best move goes to ``scratch`` for ``_keep``: at ``PICKED + throw``, where its
    successor is in ``scratch`` (-1: a throw with no move), and ``throws`` on, its place among
    the throw's moves."""
    lost, first, move, p = t[4], t[5], t[6], t[11]
    throws = len(p)
    for k in range(throws):
        scratch[_u(PICKED + k)] = -1
        scratch[_u(PICKED + throws + k)] = 0
    rest = lost[_u(3 * row)]
    best = 0.0
    second = -1.0
    gap = 2.0
    chosen = 0
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
            scratch[_u(PICKED + current)] = at + chosen - begin
            scratch[_u(PICKED + throws + current)] = chosen - throw_begin
            gap = min(gap, best - second)
        throw_begin = j if new_throw else throw_begin
        rest += weight * best if new_throw else 0.0
        second = -1.0 if new_throw else (best if v > best else max(second, v))
        better = new_throw or v > best
        best = v if better else best
        chosen = j if better else chosen
        weight = p[_u(throw)]
        current = throw
    rest += weight * best
    if current >= 0:
        scratch[_u(PICKED + current)] = at + chosen - begin
        scratch[_u(PICKED + throws + current)] = chosen - throw_begin
        gap = min(gap, best - second)
    return rest, lost[_u(3 * row + 1)], lost[_u(3 * row + 2)], gap


@inlined
def _keep(wide: Any, narrow: Any, chosen_at: int, scratch: Any, t: Any, write: bool) -> int:
    """Keep the best moves ``_pick`` found from ``chosen_at`` on, if ``write``: wide, each
    successor's place (the place of a 0 for a throw with no move); narrow, its rank in its
    block times 8 plus its place among the throw's moves. Returns how many are not the moves
    kept before."""
    nothing = t[10]
    throws = len(chance_of_throws(t))
    is_wide = len(wide) > 0
    changed = 0
    for k in range(throws):  # one loop, the kind tested in it: numba compiles that well
        at = scratch[_u(PICKED + k)]
        offset = scratch[_u(PICKED + throws + k)]
        found = nothing if at < 0 else scratch[_u(at)]
        if is_wide:
            changed += wide[_u(chosen_at + k)] != found
            if write:
                wide[_u(chosen_at + k)] = found
        else:
            changed += narrow[_u(chosen_at + k)] & 7 != offset
            if write:
                narrow[_u(chosen_at + k)] = (0 if at < 0 else scratch[_u(RANKS + at)]) << 3 | (
                    offset)
    return changed


@inlined
def chance_of_throws(t: Any) -> Any:
    """The chance of each throw (its place in ``t``)."""
    return t[11]


@inlined
def _decode(hand: int, opponent: int, wide: Any, narrow: Any, chosen_at: int, w: Any, t: Any,
            ring: Any, at: int) -> None:
    """The successor of each throw's best move into ``ring[at:]``, its value fetched into the
    cache: a place, ``~place`` when the turn passes, or the place of a 0 for a throw with no
    move to choose. Kept wide, it is read; kept narrow, its rank is read and where its block
    begins is worked out from the move's few bits in ``successors``."""
    throws = len(chance_of_throws(t))
    start, stride, first_hand, first = t[0], t[1], t[3], t[5]
    blocking, keys, by_throw, successors = t[7], t[8], t[12], t[13]
    row = hand * keys + _key(opponent, blocking)
    begin = first[_u(row)]
    starts = by_throw[_u(row)]
    beside = (opponent >> OFF & 7) * stride  # the opponent's row of blocks, if it moves on
    none = len(successors) - 1  # a throw with no move: the place of the 0 (rank 0)
    for k in range(throws):
        # One loop, the kind of room tested in it: numba inlines this well, and an early
        # return or a loop of each kind badly (sweeps five times slower).
        if len(wide):
            found = int(wide[_u(chosen_at + k)])
        else:
            j = starts >> 6 * k & 63
            kept = narrow[_u(chosen_at + k)]
            code = successors[_u(none if j == 63 else begin + j + (kept & 7))]
            passed = -(code >> 20 & 1)
            # the opponent moves next from its half, bumped or not (fetched unless bumped)
            to_move = first_hand[_u(opponent & ~(code >> 21) | opponent & ~passed)]
            found = start[_u((code & BLOCK_MASK) + ((to_move ^ beside) & passed ^ beside))] + (
                kept >> 3) ^ passed
        _prefetch(w, found ^ found >> 63)  # ~found when the turn passes
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
def _mirror(mover: int, opponent: int, opponent_hand: int, t: Any) -> int:
    """The place of the mirror of a position with no extra turn in hand: the opponent
    (``opponent``, its hand ``opponent_hand``) to throw, beside the mover's half ``mover``."""
    start, stride, r, shared = t[0], t[1], t[2], t[9]
    taken = opponent >> SHARED_SHIFT & r[4]
    return int(start[_u((mover >> OFF & 7) * stride + opponent_hand)]
               + _rank(taken, shared - _bits(taken), mover, r))


AHEAD = 8
"""A sweep fetches the values of the unit this many places on while it sweeps one."""
RING = 16
"""Units whose mirrors and kept moves' successors are held at a time (more than ``AHEAD``)."""
RANKS = 64
"""Where the ranks of a unit's successors begin in ``scratch`` (a position has at most 32
moves)."""
PICKED = 2 * RANKS
"""Where ``_pick`` puts each throw's best move in ``scratch``."""
SLACK = 2.0 ** -20
"""A margin is stored this much (relative) below its value: more than float32 rounds."""
UNSEEN = 0xFFFF
"""A narrow best move before the first look (each throw has fewer than 7 moves): a unit's
first look counts every throw's move as changed."""
UNSEEN_WIDE = -(1 << 31)
"""A wide best move before the first look: no successor's place."""
NEVER = -1.0
"""A margin no sum of changes is below. (Kept in 16 bits, the upper half of a float32, a
margin lost what it was for: it is the sum of the changes before the look plus half the gap,
and 8 bits of that sum are coarser than most gaps.)"""


@compiled
def _sweep(w: Any, position: Any, hand: Any, opponent: Any, mirror: Any, t: Any,
           hand_code: Any, wide: Any, narrow: Any, how: int, scratch: Any, margin: Any,
           spent: float, ring: Any) -> tuple[float, int, int]:
    """One Gauss-Seidel pass over the units: (the largest change, how many throws' best moves
    changed, how many units a choosing sweep kept the moves of without looking). ``how``:
    CHOOSE (each throw's best move, kept in ``wide`` or else ``narrow``: a throw's of each
    position after the last), CHOSEN (the moves kept), or RESIDUAL (the Bellman residual, every
    move looked at, nothing written). ``mirror`` holds each unit's mirror, or nothing: then it
    is worked out. ``scratch`` holds the successors of a unit's two positions while they are
    fetched; ``ring`` the mirrors and the successors of the kept moves of the next ``AHEAD``
    units.

    ``spent``: the sum of the largest changes of the group's sweeps before this one. A unit's
    values have moved since its best moves were last looked at by at most ``spent`` plus this
    sweep's largest change so far less what had been spent before that look; while that is
    under half the gap its best moves had over the second best (``margin[u]`` keeps the gap's
    half plus what had been spent), no best move can have changed, so a choosing sweep keeps
    them without looking: the same update, with the same arithmetic, as looking."""
    first, codes, half_hand, hand_extra = t[5], t[14], t[15], t[16]
    throws = len(chance_of_throws(t))
    stride = 2 * throws + 1  # a unit's room in the ring: its successors, then its mirror
    largest = 0.0
    units = len(position)
    changed = kept = 0
    chosen_at = 0  # where unit u's chosen moves begin
    ahead_at = 0  # and those of the unit ahead
    for u in range(-AHEAD, units):
        moved = spent + largest  # no value of the group has moved more since ``spent`` began
        v = u + AHEAD
        if v < units:
            # unit v's mirror and, if its moves are to be kept, their successors: worked out
            # and their values fetched while the units before it are swept
            vh = hand[_u(v)]
            vo = codes[_u(opponent[_u(v)])]
            vtheirs = half_hand[_u(opponent[_u(v)])]
            vmine = hand_code[_u(vh)]
            there = (v & RING - 1) * stride
            vm = -1
            if hand_extra[_u(vh)] == 0:
                vm = mirror[_u(v)] if len(mirror) else _mirror(vmine, vo, vtheirs, t)
                _prefetch(w, vm)
            ring[_u(there + 2 * throws)] = vm
            _prefetch(w, position[_u(v)])
            if how == CHOSEN or (how == CHOOSE and moved < margin[_u(v)]):
                _decode(vh, vo, wide, narrow, ahead_at, w, t, ring, there)
                if vm >= 0:  # the mirror's opponent is this unit's hand (no extra turn)
                    _decode(vtheirs, vmine, wide, narrow, ahead_at + throws, w, t, ring,
                            there + throws)
            ahead_at += 2 * throws if vm >= 0 else throws
        if u < 0:
            continue
        i, h, mine = position[_u(u)], hand[_u(u)], hand_code[_u(hand[_u(u)])]
        o = codes[_u(opponent[_u(u)])]
        theirs = half_hand[_u(opponent[_u(u)])]
        at = (u & RING - 1) * stride
        m = ring[_u(at + 2 * throws)]
        keep = how == CHOSEN or (how == CHOOSE and moved < margin[_u(u)])
        if keep:
            kept += how == CHOOSE
            rest, loop, passing = _chosen(h, o, w, t, ring, at)
            if m >= 0:
                rest2, loop2, passing2 = _chosen(theirs, mine, w, t, ring, at + throws)
        else:
            row = _places(h, o, w, t, scratch, 0)
            row2 = row
            second = first[row + 1] - first[row]
            if m >= 0:
                row2 = _places(theirs, mine, w, t, scratch, second)
            rest, loop, passing, gap = _pick(row, w, t, scratch, 0)
            changed += _keep(wide, narrow, chosen_at, scratch, t, how == CHOOSE)
            if m >= 0:
                rest2, loop2, passing2, gap2 = _pick(row2, w, t, scratch, second)
                changed += _keep(wide, narrow, chosen_at + throws, scratch, t, how == CHOOSE)
                gap = min(gap, gap2)
            if how == CHOOSE:  # kept as float32, rounded down by more than float32 rounds
                edge = spent + gap / 2.0
                margin[_u(u)] = edge - abs(edge) * SLACK
        chosen_at += 2 * throws if m >= 0 else throws
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
    start, stride, r, first_hand, shared = t[0], t[1], t[2], t[3], t[9]
    taken = mover >> SHARED_SHIFT & r[4]
    hand = first_hand[_u(mover)]
    return int(start[_u((opponent >> OFF & 7) * stride + hand)]
               + _rank(taken, shared - _bits(taken), opponent, r))


@compiled
def _start(w: Any, position: Any, hand: Any, opponent: Any, t: Any, hand_code: Any,
           pieces: int) -> None:
    """Each position of a group starts from the value of the position with both sides'
    rearmost pieces borne off, in a group solved before."""
    codes, half_hand, hand_extra = t[14], t[15], t[16]
    for u in range(len(position)):
        mover, theirs = int(hand_code[_u(hand[u])]), int(codes[_u(opponent[u])])
        w[_u(position[u])] = w[_u(_number(_shrunk(mover, pieces), _shrunk(theirs, pieces), t))]
        if hand_extra[_u(hand[u])] == 0:
            mirror = _mirror(mover, theirs, half_hand[_u(opponent[u])], t)
            w[_u(mirror)] = w[_u(_number(_shrunk(theirs, pieces), _shrunk(mover, pieces), t))]


@compiled
def _mirrors(hand: Any, opponent: Any, t: Any, hand_code: Any, found: Any) -> None:
    """Each unit's mirror, or -1 (``Group.mirror``)."""
    codes, half_hand, hand_extra = t[14], t[15], t[16]
    for u in range(len(hand)):
        found[u] = -1
        if hand_extra[_u(hand[u])] == 0:
            found[u] = _mirror(hand_code[_u(hand[u])], codes[_u(opponent[u])],
                               half_hand[_u(opponent[u])], t)


def start_values(w: Values, group: Group, arrays: Arrays, pieces: int) -> None:
    """Start the values of ``group`` from positions with a piece fewer a side (``_start``);
    its layers must leave each side at least two pieces not borne off."""
    _start(w, group.position, group.hand, group.opponent, arrays.rules, arrays.hand_code,
           pieces)


def with_mirrors(group: Group, arrays: Arrays) -> Group:
    """``group`` with its units' mirrors kept (4 bytes a unit), not worked out as it is swept."""
    found = np.empty(len(group.hand), dtype=np.int32)
    _mirrors(group.hand, group.opponent, arrays.rules, arrays.hand_code, found)
    return group._replace(mirror=found)


class Arrays(NamedTuple):
    """What the sweep reads besides the values: ``rules`` in the order ``_places`` and
    ``_pick`` read them, and each hand's half code."""

    rules: tuple[Any, ...]
    hand_code: npt.NDArray[np.int64]
    scratch: npt.NDArray[np.int64]
    """Room for the successors of a unit's two positions, and their ranks."""
    ring: npt.NDArray[np.int64]
    """Room for the mirrors and kept moves' successors of ``RING`` units."""


def arrays_of(index: Index, moves: MoveTable, chances: list[float]) -> Arrays:
    """The arrays and numbers the sweep reads."""
    first_hand = index.first_hands
    rank = rank_tables(index)
    m = moves
    hands = index.start.shape[1]
    # where each block begins (32 bits: half the cache lines), and beside each row of blocks
    # one more that begins at the 0 after the values: a throw with no move (``_decode``)
    starts = np.full((index.pieces, hands + 1), index.size, dtype=np.int32)
    starts[:, :hands] = index.start
    # A row's three chances share a cache line, and each move is one number: a position's
    # moves are a line or two of a table that stays in the cache.
    lost = np.stack([m.won, m.loop, m.lost_pass], axis=1).ravel()
    half_hand = first_hand[index.halves.codes]  # the hand of each half, by its number
    rules = (starts.ravel(), hands + 1, rank, first_hand, lost, m.first, packed(m),
             m.blocking, m.keys, index.shared, index.size, np.array(chances),
             by_throw(m, len(chances)), successors(index, m), index.halves.codes, half_hand,
             index.hand_extra.astype(np.int8))
    most = int(np.diff(m.first).max(initial=0))
    assert 2 * most <= RANKS, "a unit's successors and their ranks fit the scratch"
    assert index.block.max() <= 1 << 13, "a successor's rank in its block fits 13 bits"
    return Arrays(rules, index.hand_code, np.empty(PICKED + 2 * len(chances), dtype=np.int64),
                  np.empty(RING * (2 * len(chances) + 1), dtype=np.int64))


def by_throw(moves: MoveTable, throws: int) -> npt.NDArray[np.int64]:
    """For each row of the table, where the moves of each throw t begin after the row's first
    (bits 6t to 6t + 5; 63 where it has none: won, or lost)."""
    rows = len(moves.first) - 1
    row = np.repeat(np.arange(rows), np.diff(moves.first))
    at = row * throws + moves.throw
    counts = np.bincount(at, minlength=rows * throws)
    assert counts.max(initial=0) < 7, "three bits a throw keep a best move"
    assert np.diff(moves.first).max(initial=0) < 63, "a row's moves fit six bits"
    begins = np.full(rows * throws, 63, dtype=np.int64)
    starts = np.ones(len(at), dtype=bool)  # a row's moves come by throw: a throw's first
    starts[1:] = at[1:] != at[:-1]
    begins[at[starts]] = np.flatnonzero(starts) - moves.first[row[starts]]
    shifts = 6 * np.arange(throws, dtype=np.int64)
    found: npt.NDArray[np.int64] = (begins.reshape(rows, throws) << shifts).sum(axis=1)
    return found


BLOCK_MASK = (1 << 20) - 1


def successors(index: Index, moves: MoveTable) -> npt.NDArray[np.int64]:
    """Each move's few bits that place its successor's block (``_decode``): if the mover
    throws again, its hand (beside the opponent's row of blocks); if the turn passes, the row
    of the mover's pieces off (beside the opponent's hand), and bit 20; the opponent's bit it
    bumps from bit 21 on. One more after them: a throw with no move, whose block begins at the
    0 after the values."""
    bump = (1 << np.where(moves.bump != 0, np.log2(np.maximum(moves.bump, 1)).round() + 1, 0)
            .astype(np.int64)) >> 1
    stride = index.start.shape[1] + 1
    block = np.where(moves.passes == 1, (moves.target >> OFF & 7) * stride, moves.target)
    assert (block <= BLOCK_MASK).all() and (bump == moves.bump).all()
    found = block | moves.passes << 20 | bump << 21
    return np.concatenate([found, [stride - 1]]).astype(np.int64)


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
    """What a group's sweeps keep between them: each position's best move for each throw, a
    unit's two positions after each other, ``wide`` (32 bits a throw) or else ``narrow`` (16
    bits), and each unit's margin (``_sweep``; below any sum of changes until first looked
    at)."""

    wide: npt.NDArray[np.int32]
    narrow: npt.NDArray[np.uint16]
    margin: npt.NDArray[np.float32]


def choices_for(group: Group, chances: list[float], hand_extra: npt.NDArray[np.int64],
                wide: bool = True) -> Choices:
    """Room for each position's best moves, wide or narrow, none looked at yet (a position
    that is its own mirror, the same pieces on both sides, has room twice, as a unit of
    two)."""
    units = len(group.position)
    room = len(chances) * (units + int(np.count_nonzero(hand_extra[group.hand] == 0)))
    return Choices(np.full(room if wide else 0, UNSEEN_WIDE, dtype=np.int32),
                   np.full(0 if wide else room, UNSEEN, dtype=np.uint16),
                   np.full(units, NEVER, dtype=np.float32))


def sweep(w: Values, group: Group, arrays: Arrays, choices: Choices, how: int,
          spent: float = 0.0) -> tuple[float, int, int]:
    """One pass over ``group`` (``_sweep``, ``spent`` the sum of the largest changes of the
    group's sweeps before it): the largest change, how many throws' best moves changed (always
    0 with the moves kept) and how many units a choosing sweep did not need to look at."""
    largest, changed, kept = _sweep(
        w, group.position, group.hand, group.opponent, group.mirror, arrays.rules,
        arrays.hand_code, choices.wide, choices.narrow, how, arrays.scratch, choices.margin,
        spent, arrays.ring)
    return float(largest), int(changed), int(kept)
