"""Senet on the move tracker: every legal move, carried out by hand in every sensible way, is
recognised as that move and no other (a swap in either order, the House of Water, bearing off),
over positions from many random games, under the usual rules and every variation."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator

import pytest

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.senet import SenetPosition, SenetRules
from engine.senet.board import WATER, square
from engine.senet.moves import Move
from firmware.play.tracker import (
    AsExpected,
    Expectation,
    InProgress,
    MoveTracker,
    Recognized,
)
from tests.firmware.play.test_tracker import hopped, judge_after, overlapped

Change = tuple[str, bool]

RULES = [SenetRules(), SenetRules(happiness_exact=True), SenetRules(water_to_rebirth=True),
         SenetRules(rebirth_safe=True), SenetRules(exact_exits=True)]


def slide(occupied: frozenset[str], start: int, end: int) -> list[Change]:
    """The switches a piece slid along the path from ``start`` to ``end`` touches on the way
    (the squares strictly between; occupied ones stay closed)."""
    over = [square(n) for n in range(start + 1, end) if square(n) not in occupied]
    return [c for sq in over for c in ((sq, True), (sq, False))]


def performances(position: SenetPosition, move: Move) -> Iterator[list[Change]]:
    """Every way a player might carry out ``move`` with their hands: lifted and set down, slid
    (on a board whose reeds gap or overlap), the last piece hopping into place."""
    for changes in _performances(position, move):
        yield changes
        hop = hopped(changes)
        if hop is not None:
            yield hop


def overlapping_slide(occupied: frozenset[str], start: int, end: int) -> list[Change]:
    """A piece slid from ``start`` to ``end`` over the free squares between, on a board whose
    reeds overlap: each square closes before the one before it opens."""
    way = [square(start), *(square(n) for n in range(start + 1, end)
                            if square(n) not in occupied), square(end)]
    return overlapped(way)


def _performances(position: SenetPosition, move: Move) -> Iterator[list[Change]]:
    occupied = position.occupancy()
    source, start = move.source, move.start
    if move.bears_off:
        if "H30" in occupied or start == 30:
            yield [(source, False)]  # lifted straight off the board
            return
        yield [(source, False), ("H30", True), ("H30", False)]  # touching H30 on its way off
        yield [(source, False), *slide(occupied, start, 30), ("H30", True), ("H30", False)]
        yield [*overlapping_slide(occupied, start, 30), ("H30", False)]
        return
    target = square(move.end)
    if move.end == WATER:
        landed = position.destination(move)
        assert landed is not None
        yield [(source, False), ("H27", True), ("H27", False), (landed, True)]
        yield [(source, False), *slide(occupied, start, WATER), ("H27", True), ("H27", False),
               (landed, True)]
        yield [(source, False), (landed, True)]  # straight to where the water sends it
        return
    if position.is_swap(move):  # the mover to the target, the captured piece to its square
        yield [(source, False), (target, False), (target, True), (source, True)]
        yield [(target, False), (source, False), (target, True), (source, True)]
        yield [(target, False), (source, False), (source, True), (target, True)]
        yield [(source, False), (target, False), (source, True), (target, True)]
        yield [(target, False), (source, False), *slide(occupied - {target}, start, move.end),
               (target, True), (source, True)]
        yield [(target, False), *overlapping_slide(occupied - {target}, start, move.end),
               (source, True)]
        return
    yield [(source, False), (target, True)]
    yield [(source, False), *slide(occupied, start, move.end), (target, True)]
    yield overlapping_slide(occupied, start, move.end)


def positions(rules: SenetRules, games: int) -> Iterator[SenetPosition]:
    """Every position before a throw (the opening over) in ``games`` random games."""
    for seed in range(games):
        rng = random.Random(seed)
        position = rules.new(Side(seed % 2))
        while not position.is_over:
            if not position.opening and position.throw is None:
                yield position
            position, _ = position.cast(rules.draw(rng))
            if position.moves:
                position, _ = position.play(rng.choice(position.moves))


def checked(rules: SenetRules, games: int) -> Counter[str]:
    """Every legal move of every throw in ``games`` random games, carried out every way: the
    tracker must recognise exactly that move. Returns how many of each kind were checked."""
    kinds: Counter[str] = Counter()
    for before in positions(rules, games):
        for value in (1, 2, 3, 4, 6):
            position, _ = before.cast(Throw.of(value))
            if position.throw is None:
                continue
            expectation = Expectation.of(position)
            for move in position.moves:
                kind = ("off" if move.bears_off else "water" if move.end == WATER
                        else "swap" if position.is_swap(move) else "plain")
                for changes in performances(position, move):
                    verdict = judge_after(expectation, changes, expectation.before)
                    assert verdict == Recognized(move), (position.notation(), move, changes)
                    kinds[kind] += 1
    return kinds


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.title)
def test_every_legal_move_is_recognised_and_no_two_moves_share_evidence(
        rules: SenetRules) -> None:
    kinds = checked(rules, 4 if rules == SenetRules() else 2)
    assert kinds["plain"] > 3_000 and kinds["swap"] > 1_000
    assert kinds["water"] > 100 and kinds["off"] > 100


def at(text: str, value: int) -> SenetPosition:
    position, _ = SenetRules().parse(text).cast(Throw.of(value))
    assert position.moves, text
    return position


def tracker_for(position: SenetPosition) -> MoveTracker:
    tracker = MoveTracker()
    tracker.reset(position.occupancy(), 0.0)
    tracker.expect(Expectation.of(position))
    return tracker


def act(tracker: MoveTracker, changes: Iterable[Change], t: float = 1.0) -> float:
    for name, occupied in changes:
        tracker.change(name, occupied, t)
        t += 0.1
    return t


def test_a_swap_needs_both_squares_emptied_and_filled_again() -> None:
    position = at("C:H3 R:H5,H20", 2)
    swap = position.moves[0]
    for half in ([("H3", False), ("H3", True)], [("H5", False), ("H5", True)]):
        tracker = tracker_for(position)
        t = act(tracker, half)
        assert tracker.judge(t + 1) == AsExpected()  # a piece put back is no move
    tracker = tracker_for(position)
    t = act(tracker, [("H5", False)])
    verdict = tracker.judge(t + 1)  # the captured piece carried off first: where to act next
    assert isinstance(verdict, InProgress) and verdict.moves == {swap}
    t = act(tracker, [("H3", False), ("H3", True), ("H5", True)], t)
    assert tracker.judge(t + 1) == Recognized(swap)


def test_the_house_of_water_is_recognised_with_or_without_a_touch_of_h27() -> None:
    position = at("C:H1,H23 R:H2,H3", 4)
    water = position.moves[1]
    tracker = tracker_for(position)
    t = act(tracker, [("H23", False)])
    verdict = tracker.judge(t + 1)
    assert isinstance(verdict, InProgress) and verdict.targets == {"H4"}
    t = act(tracker, [("H4", True)], t)
    assert tracker.judge(t + 1) == Recognized(water)


def test_a_piece_that_can_bear_off_is_borne_off_over_h30() -> None:
    position = at("C:H26,H21 R:H2", 4)
    off = position.moves[1]
    tracker = tracker_for(position)
    t = act(tracker, [("H26", False)])
    verdict = tracker.judge(t + 5)  # held in the air: H30 is where it goes, never an error
    assert isinstance(verdict, InProgress) and verdict.in_hand and verdict.targets == {"H30"}
    t = act(tracker, [("H30", True), ("H30", False)], t + 5)
    assert tracker.judge(t + 1) == Recognized(off)
