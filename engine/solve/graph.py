"""Where every throw can take every position: the moves of each hand, and a group's sweep order.

The mover's legal moves and where each takes its own half come from the engine's rules
(``engine.tait.tables``), asked once per hand and throw (and, under rules where the opponent's
pieces on the marked squares block, once per way those squares are held). Only the opponent's
half varies across a block, and a move changes it only by bumping the piece on the landing
square, so the compiled sweep (``engine.solve.kernel``) works out each successor's place from
these small tables as it goes: no successor is held.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from engine.core.sticks import Throw
from engine.solve.index import SHARED_SHIFT, Index
from engine.tait.packed import EXTRA, HALF, HALF_MASK, OFF, OVER, TURN
from engine.tait.tables import tables

Array = npt.NDArray[np.int64]
Places = npt.NDArray[np.int32]
Values = npt.NDArray[np.float64]



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


class MoveTable(NamedTuple):
    """Every hand's moves, by how the opponent holds the blocking squares, for the sweep.

    Row ``h * keys + k`` is hand h beside an opponent holding key k. Its throws that win at
    once, that are lost and change nothing, and that are lost and pass the turn add up to
    ``won[row]``, ``loop[row]`` and ``lost_pass[row]``; the moves of its other throws run from
    ``first[row]`` to ``first[row + 1]``, by throw. For each move: ``throw`` (its place in
    ``chances``) and ``chance``; ``passes`` (0: the mover throws again, 1: the turn passes);
    ``target``, the mover's hand after it if it throws again, else its half; ``bump``, the
    opponent's bit it bumps; and, if the mover throws again, its shared squares ``taken`` and
    how many are ``free``.
    """

    won: Values
    loop: Values
    lost_pass: Values
    first: Array
    throw: Array
    chance: Values
    passes: Array
    target: Array
    bump: Array
    taken: Array
    free: Array
    blocking: Array
    """The opponent's bits the legal moves depend on (none unless the marked squares are safe);
    key k has bit i set when the opponent stands on ``blocking[i]``."""
    keys: int


class Group(NamedTuple):
    """The positions of a group of layers as sweep units, in sweep order.

    A unit is one position with extra turns in hand, or a position with none together with its
    mirror (the same pieces, the other side to throw): both are updated at once, so throws that
    both lose are solved exactly. Units furthest on come first. A unit is 8 bytes, or 12 with
    its mirror kept.
    """

    layers: list[tuple[int, int]]
    position: Places
    hand: npt.NDArray[np.int16]
    """The mover's hand of ``position``."""
    opponent: npt.NDArray[np.uint16]
    """The opponent's half of ``position``, by its number in ``Halves.codes``."""
    mirror: Places
    """Each unit's mirror position, or -1 for a position with extra turns in hand; or nothing,
    and the sweep works them out (``mirrors``, ``kernel.with_mirrors``)."""
    positions: int
    """How many positions the group has (a pair counts two)."""


def mirrors(index: Index, units: Group) -> Places:
    """Each unit's mirror position, or -1 for a position with extra turns in hand."""
    hand = units.hand.astype(np.int64)
    found = np.full(len(hand), -1, dtype=np.int64)
    paired = index.hand_extra[hand] == 0
    opponent = index.halves.codes[units.opponent[paired]]
    found[paired] = index.numbers(opponent, np.zeros_like(opponent), index.hand_code[hand[paired]])
    return found.astype(np.int32)


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


def move_table(index: Index) -> MoveTable:
    """The moves of every hand and throw, as flat arrays for the compiled sweep.

    A throw that is lost and leaves the position as it was (a six with no move earns the extra
    turn it uses) and one that is lost and passes the turn are kept apart: the sweep solves
    them exactly rather than by iterating.
    """
    rules = tables(index.ruleset)
    blocking_bits = rules.keys[0] >> HALF & HALF_MASK
    blocking = [b for b in range(HALF) if blocking_bits >> b & 1]
    values = sorted(index.ruleset.values)
    chance = [float(index.ruleset.probability(v)) for v in values]
    rows: list[list[float]] = [[], [], []]
    first = [0]
    moves: list[list[float]] = [[], [], [], [], [], [], []]
    for hand in range(len(index.hand_half)):
        half = int(index.halves.codes[index.hand_half[hand]])
        extra = int(index.hand_extra[hand])
        for key in range(1 << len(blocking)):
            held = sum(1 << b for i, b in enumerate(blocking) if key >> i & 1)
            won = loop = lost_pass = 0.0
            for t, value in enumerate(values):
                found = outcomes(index, hand, held, value)
                if found[0].lost and found[0].extra == extra and found[0].half == half:
                    loop += chance[t]
                elif found[0].lost and found[0].extra < 0:
                    lost_pass += chance[t]
                elif any(o.won for o in found):
                    won += chance[t]
                else:
                    for o in found:
                        again = o.extra >= 0
                        target = index.hand(o.half, o.extra) if again else o.half
                        taken = o.half >> SHARED_SHIFT & index.shared_mask if again else 0
                        free = int(index.hand_free[target]) if again else 0
                        for column, item in zip(moves, (t, chance[t], not again, target, o.bump,
                                                        taken, free), strict=True):
                            column.append(item)
            for column, item in zip(rows, (won, loop, lost_pass), strict=True):
                column.append(item)
            first.append(len(moves[0]))
    ints = [np.array(c, dtype=np.int64) for c in moves]
    return MoveTable(np.array(rows[0]), np.array(rows[1]), np.array(rows[2]),
                     np.array(first, dtype=np.int64), ints[0], np.array(moves[1]), ints[2],
                     ints[3], ints[4], ints[5], ints[6], np.array(blocking, dtype=np.int64),
                     1 << len(blocking))


def passing_off(index: Index, moves: MoveTable) -> bool:
    """Whether any move bears a piece off and passes the turn."""
    hand = np.repeat(np.arange(len(moves.first) - 1) // moves.keys, np.diff(moves.first))
    passed = moves.passes == 1
    hands = np.where(passed, 0, moves.target)  # a target is a hand when the mover throws again
    off = np.where(passed, moves.target >> OFF & 7, index.hand_off[hands])
    return bool((passed & (off > index.hand_off[hand])).any())


def group(index: Index, layers: list[tuple[int, int]]) -> Group:
    """The sweep units of ``layers`` (a layer and its mirror, or one layer that is its own).

    Order: by how far on one side is, then the other, the furthest first. The side counted
    first is the one with fewer pieces off (in a layer that is its own mirror, the side further
    on). Every move of that side that bumps nothing, and every move of the other side, goes to a
    unit the sweep has already updated; only bumps of the first side's pieces look back.
    Compiled (``engine.solve.order``).
    """
    from engine.solve.order import units

    total = sum(index.layers[layer][1] for layer in layers)
    return Group(layers, *units(index, layers), np.empty(0, dtype=np.int32), total)
