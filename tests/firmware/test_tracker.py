"""The move tracker: every legal move is recognised from the switches, and no two moves ever
leave the same evidence (checked exhaustively over positions from many random games)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.board import Side, path
from engine.game import Game
from engine.moves import Move
from engine.state import GameState
from engine.sticks import Throw
from firmware.tracker import (
    AsExpected,
    Expectation,
    InProgress,
    Mismatch,
    MoveTracker,
    Recognized,
    Unsettled,
)

Change = tuple[str, bool]


def between(side: Side, start: int, end: int) -> list[str]:
    """The squares a slid piece passes over between two path positions."""
    return list(path(side)[start:end - 1])


def performances(state: GameState, move: Move) -> Iterator[list[Change]]:
    """Every way a player might carry out ``move`` with their hands."""
    src, side = move.source, move.side
    occupied = state.occupancy()
    over = [sq for sq in between(side, move.start, move.end) if sq not in occupied]
    slide = [c for sq in over for c in ((sq, True), (sq, False))]  # occupied ones stay closed
    if move.bears_off:
        assert src is not None
        yield [(src, False), ("M16", True), ("M16", False)]
        yield [(src, False), *slide, ("M16", True), ("M16", False)]
        return
    target = move.target
    lift = [(src, False)] if src else []
    if state.is_bump(move):
        yield [*lift, (target, False), (target, True)]
        yield [(target, False), *lift, (target, True)]
        yield [(target, False), *lift, *slide, (target, True)]
    else:
        yield [*lift, (target, True)]
        yield [*lift, *slide, (target, True)]


def positions(games: int = 60) -> Iterator[GameState]:
    """Every position before a throw in ``games`` random games."""
    for seed in range(games):
        rng = random.Random(seed)
        game = Game()
        game.demon_cast(rng)
        while not game.state.is_over:
            yield game.state
            game.cast(game.ruleset.draw(rng))
            if game.state.moves:
                game.play(rng.choice(game.state.moves))


def judge_after(expectation: Expectation, changes: list[Change],
                occupancy: frozenset[str]) -> object:
    tracker = MoveTracker(settle=0.25, grace=1.5)
    tracker.reset(occupancy, now=0.0)
    tracker.expect(expectation)
    t = 1.0
    for square, occupied in changes:
        t += 0.05
        tracker.change(square, occupied, t)
    return tracker.judge(t + 0.3)


def test_every_legal_move_is_recognised_and_no_two_moves_share_evidence() -> None:
    checked = 0
    for before in positions():
        for value in before.ruleset.values:
            state, _ = before.cast(Throw.of(value))
            if state.throw is None:
                continue
            expectation = Expectation.of(state)
            for move in state.moves:
                for changes in performances(state, move):
                    verdict = judge_after(expectation, changes, state.occupancy())
                    assert verdict == Recognized(move), (state.notation(), move, changes)
                    checked += 1
    assert checked > 10_000


def at(text: str) -> GameState:
    state = GameState.parse(text + " entered:CR")
    return state


def tracker_for(state: GameState, allowed: list[Move] | None = None) -> MoveTracker:
    tracker = MoveTracker()
    tracker.reset(state.occupancy(), 0.0)
    tracker.expect(Expectation.of(state, allowed))
    return tracker


def test_nothing_is_judged_until_the_board_is_still_for_the_settle_time() -> None:
    state = at("C:C2 R:M9 turn:C throw:2:WWDD")
    tracker = tracker_for(state)
    tracker.change("C2", False, 1.0)
    tracker.change("C4", True, 1.1)
    assert tracker.judge(1.2) == Unsettled()
    assert tracker.judge(1.36) == Recognized(Move(Side.CONES, 2, 2))


def test_a_piece_put_back_where_it_was_is_no_move_and_no_error() -> None:
    state = at("C:C2 R:M9 turn:C throw:2:WWDD")
    tracker = tracker_for(state)
    tracker.change("C2", False, 1.0)
    tracker.change("C2", True, 1.5)
    assert tracker.judge(5.0) == AsExpected()


def test_a_piece_held_in_the_air_lights_its_target_and_is_never_an_error() -> None:
    state = at("C:C2 R:M9 turn:C throw:2:WWDD")
    tracker = tracker_for(state)
    tracker.change("C2", False, 1.0)
    verdict = tracker.judge(60.0)
    assert isinstance(verdict, InProgress) and verdict.in_hand and not verdict.overdue
    assert verdict.targets == {"C4"} and verdict.moves == {Move(Side.CONES, 2, 2)}


def test_a_bump_needs_the_bumped_piece_lifted_in_either_order() -> None:
    state = at("C:M6 R:M9 turn:C throw:3:WWWD")
    tracker = tracker_for(state)
    tracker.change("M6", False, 1.0)
    assert tracker.judge(2.0).in_hand  # type: ignore[attr-defined]  # mover in the air, bumped piece still there
    tracker.change("M9", False, 2.1)
    tracker.change("M9", True, 2.2)
    assert tracker.judge(2.5) == Recognized(Move(Side.CONES, 6, 3))


def test_bearing_off_needs_the_piece_to_touch_16() -> None:
    state = at("C:M13 R:M9 turn:C throw:3:WWWD")
    tracker = tracker_for(state)
    tracker.change("M13", False, 1.0)
    assert tracker.judge(2.0).in_hand  # type: ignore[attr-defined]
    tracker.change("M16", True, 2.1)
    tracker.change("M16", False, 2.3)
    assert tracker.judge(2.6) == Recognized(Move(Side.CONES, 13, 3))


def test_a_wrong_square_is_guided_after_the_grace_time() -> None:
    state = at("C:C2 R:M9 turn:C throw:2:WWDD")
    tracker = tracker_for(state)
    tracker.change("C2", False, 1.0)
    tracker.change("M5", True, 1.1)
    assert tracker.judge(1.5) == Mismatch({"C2": Side.CONES}, frozenset({"M5"}), urgent=False)
    assert tracker.judge(2.9).urgent  # type: ignore[attr-defined]
    tracker.change("M5", False, 3.0)
    tracker.change("C4", True, 3.1)
    assert tracker.judge(3.4) == Recognized(Move(Side.CONES, 2, 2))


def test_only_the_mummys_move_is_accepted_on_its_turn() -> None:
    state = at("C:C2,M6 R:M9 turn:C throw:2:WWDD")
    mummy = Move(Side.CONES, 6, 2)
    tracker = tracker_for(state, [mummy])
    tracker.change("C2", False, 1.0)
    tracker.change("C4", True, 1.1)
    verdict = tracker.judge(5.0)
    assert verdict == Mismatch({"C2": Side.CONES}, frozenset({"C4"}), urgent=True)
    tracker.change("C4", False, 6.0)
    tracker.change("C2", True, 6.1)
    tracker.change("M6", False, 6.2)
    tracker.change("M8", True, 6.3)
    assert tracker.judge(7.0) == Recognized(mummy)


@pytest.mark.parametrize("occupancy", [set(), {"M5", "M7", "R3"}, {"C1", "C2", "C3", "C4"}])
def test_from_any_board_the_guidance_leads_back(occupancy: set[str]) -> None:
    state = at("C:C2,M6 R:M9 turn:C")
    tracker = MoveTracker()
    tracker.reset(occupancy, 0.0)
    tracker.expect(Expectation.of(state))
    verdict = tracker.judge(10.0)
    assert isinstance(verdict, Mismatch)
    for square in verdict.missing:
        tracker.change(square, True, 11.0)
    for square in verdict.unexpected:
        tracker.change(square, False, 11.0)
    assert tracker.judge(12.0) == AsExpected()
