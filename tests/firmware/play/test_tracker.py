"""The move tracker: every legal move is recognised from the switches, and no two moves ever
leave the same evidence (checked exhaustively over positions from many random games of Tait's
rules and of Cyningstan's)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator

import pytest

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.cyningstan import RULES as CYNINGSTAN
from engine.game import Game
from engine.tait.board import PATH_LENGTH, path
from engine.tait.moves import Move
from engine.tait.state import TAIT, GameState, Ruleset
from firmware.play.evidence import BORNE_OFF, WAITING
from firmware.play.tracker import (
    AsExpected,
    Expectation,
    InProgress,
    Mismatch,
    MoveTracker,
    Recognized,
    Unsettled,
)
from hardware.core.squares import RACKS

Change = tuple[str, bool]


def between(side: Side, start: int, end: int) -> list[str]:
    """The squares a slid piece passes over between two path positions."""
    return list(path(side)[start:end - 1])


def overlapped(squares: list[str]) -> list[Change]:
    """A piece slid over ``squares`` on a board whose reeds overlap: each square closes before
    the one before it opens."""
    return [c for a, b in itertools.pairwise(squares) for c in ((b, True), (a, False))]


def hopped(changes: list[Change]) -> list[Change] | None:
    """``changes``, then the last piece set down to stay lifted and set down again (a hop, a
    piece straightened); None when no piece is set down to stay."""
    for i in range(len(changes) - 1, -1, -1):
        square, occupied = changes[i]
        if occupied and all(sq != square for sq, _ in changes[i + 1:]):
            return [*changes, (square, False), (square, True)]
    return None


def performances(state: GameState, move: Move, racks: bool = False) -> Iterator[list[Change]]:
    """Every way a player might carry out ``move`` with their hands (with ``racks``: taking
    pieces from the waiting rack, and putting bumped ones back and borne-off ones in the tray):
    lifted and set down, slid (on a board whose reeds gap or overlap), the last piece
    straightened."""
    for changes in _performances(state, move, racks):
        yield changes
        hop = hopped(changes)
        if hop is not None:
            yield hop


def _performances(state: GameState, move: Move, racks: bool) -> Iterator[list[Change]]:
    src, side = move.source, move.side
    occupied = state.occupancy()
    over = [sq for sq in between(side, move.start, move.end) if sq not in occupied]
    slide = [c for sq in over for c in ((sq, True), (sq, False))]  # occupied ones stay closed
    waiting = RACKS[WAITING[side]][state.waiting(side) - 1]  # the last waiting piece's slot
    lift = [(src, False)] if src else [(waiting, False)] if racks else []
    if move.bears_off:
        assert src is not None
        tray = [(RACKS[BORNE_OFF[side]][state.off[side]], True)] if racks else []
        # Landing on 16 bears off under Tait's rules: the piece stands there on its way off.
        # Past 16 (Cyningstan's rules) it leaves from its square, perhaps sliding over 16.
        stop = [("M16", True), ("M16", False)] if move.end == PATH_LENGTH else []
        yield [*lift, *stop, *tray]
        yield [*lift, *slide, *stop, *tray]
        if stop:
            yield [*overlapped([src, *over, "M16"]), ("M16", False), *tray]
        if racks:
            yield [*lift, *tray]  # straight to the tray
        return
    target = move.target
    if state.is_bump(move):
        victim = side.other
        home = [(RACKS[WAITING[victim]][state.waiting(victim)], True)] if racks else []
        yield [*lift, (target, False), *home, (target, True)]
        yield [(target, False), *lift, (target, True), *home]
        yield [(target, False), *home, *lift, *slide, (target, True)]
        if src:
            yield [(target, False), *home, *overlapped([src, *over, target])]
    else:
        yield [*lift, (target, True)]
        yield [*lift, *slide, (target, True)]
        if src:
            yield overlapped([src, *over, target])


def positions(games: int = 60, ruleset: Ruleset = TAIT) -> Iterator[GameState]:
    """Every position before a throw in ``games`` random games."""
    for seed in range(games):
        rng = random.Random(seed)
        game = Game(ruleset, ruleset.first_side(rng, None))
        game.demon_cast(rng)
        while not game.state.is_over:
            yield game.state
            game.cast(game.ruleset.draw(rng))
            if game.state.moves:
                game.play(rng.choice(game.state.moves))


def judge_after(expectation: Expectation, changes: list[Change],
                occupancy: Iterable[str]) -> object:
    tracker = MoveTracker(settle=0.25, grace=1.5)
    tracker.reset(occupancy, now=0.0)
    tracker.expect(expectation)
    t = 1.0
    for square, occupied in changes:
        t += 0.05
        tracker.change(square, occupied, t)
    return tracker.judge(t + 0.3)


@pytest.mark.parametrize("games", [pytest.param((8, 3), id="few"),
                                   pytest.param((32, 12), id="many", marks=pytest.mark.long)])
@pytest.mark.parametrize("ruleset", [TAIT, CYNINGSTAN], ids=["tait", "cyningstan"])
@pytest.mark.parametrize("racks", [False, True], ids=["squares", "racks"])
def test_every_legal_move_is_recognised_and_no_two_moves_share_evidence(
        racks: bool, ruleset: Ruleset, games: tuple[int, int]) -> None:
    """Every way of making every move in the positions of random games is recognised as that
    move: ``games`` on the squares and on the racks (make test-long plays four times as many)."""
    played = games[1] if racks else games[0]
    checked = 0
    for before in positions(played, ruleset):
        for value in before.ruleset.values:
            state, _ = before.cast(Throw.of(value))
            if state.throw is None:
                continue
            expectation = Expectation.of(state, racks=racks)
            for move in state.moves:
                for changes in performances(state, move, racks):
                    verdict = judge_after(expectation, changes, expectation.before)
                    assert verdict == Recognized(move), (state.notation(), move, changes)
                    checked += 1
    assert checked > played * (300 if not racks else 250)


def at(text: str, ruleset: Ruleset = TAIT) -> GameState:
    return GameState.parse(text + " entered:CR", ruleset)


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


def test_bearing_off_past_16_is_the_piece_lifted_from_its_square() -> None:
    """Cyningstan's rules: nothing lies beyond 16, so the lift is the whole move."""
    state = at("C:M6,M16 R:M9 turn:C throw:1", CYNINGSTAN)
    tracker = tracker_for(state)
    tracker.change("M6", False, 1.0)  # any other piece up is a piece in the hand
    assert tracker.judge(5.0).in_hand  # type: ignore[attr-defined]
    tracker.change("M6", True, 5.1)
    tracker.change("M16", False, 5.2)
    assert tracker.judge(5.3) == Unsettled()
    assert tracker.judge(5.5) == Recognized(Move(Side.CONES, 16, 1, off_at=17))


def test_with_racks_bearing_off_past_16_needs_the_tray() -> None:
    tracker = rack_tracker(at("C:M15 R:R2 turn:C throw:2", CYNINGSTAN))
    tracker.change("M15", False, 1.0)
    assert isinstance(tracker.judge(5.0), InProgress)  # on its way to the tray
    tracker.change("CO1", True, 5.1)
    assert tracker.judge(6.0) == Recognized(Move(Side.CONES, 15, 2, off_at=17))


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


def test_a_bump_half_done_is_a_move_in_progress_overdue_only_after_the_patience() -> None:
    state = at("C:M6 R:M9 turn:C throw:3:WWWD")
    tracker = tracker_for(state)
    tracker.change("M9", False, 1.0)  # the Reel to bump is carried away, slowly
    verdict = tracker.judge(3.0)
    assert verdict == InProgress(frozenset({Move(Side.CONES, 6, 3)}), frozenset({"M6"}),
                                 frozenset({"M9"}))
    assert tracker.judge(1.0 + 0.25 + 8.0).overdue  # type: ignore[attr-defined]


def test_a_mover_held_over_an_occupied_target_asks_to_be_set_down_again_after_the_grace() -> None:
    state = at("C:M6 R:M9 turn:C throw:3:WWWD")
    tracker = tracker_for(state)
    tracker.change("M6", False, 1.0)
    assert tracker.judge(1.5).reseat == frozenset()  # type: ignore[attr-defined]
    verdict = tracker.judge(3.0)
    assert isinstance(verdict, InProgress) and verdict.reseat == {"M9"} and not verdict.overdue


def test_guidance_goes_forward_when_one_act_finishes_the_move_and_back_on_a_tie() -> None:
    state = at("C:M6 R:M9 turn:C throw:3:WWWD")
    tracker = tracker_for(state)
    for square, occupied in [("M9", False), ("M11", True), ("M6", False), ("M9", True)]:
        tracker.change(square, occupied, 1.0 + len(tracker.filled) * 0.1)
    verdict = tracker.judge(5.0)
    assert verdict == Mismatch({}, frozenset({"M11"}), True, toward=Move(Side.CONES, 6, 3))
    plain = tracker_for(at("C:C2 R:M9 turn:C throw:2:WWDD"))
    plain.change("C2", False, 1.0)
    plain.change("M7", True, 1.1)  # the wrong square: back and forward are as far
    assert plain.judge(5.0).toward is None  # type: ignore[attr-defined]


def test_guidance_never_leads_to_a_move_nobody_began() -> None:
    tracker = tracker_for(at("C:C4,M6 R:M9 turn:C throw:2:WWDD"))
    t = 1.0
    for square, occupied in [("C4", False), ("M6", False), ("M9", False),
                             ("C2", True), ("M7", True), ("M10", True)]:
        tracker.change(square, occupied, t := t + 0.1)
    verdict = tracker.judge(5.0)  # in-C2 is 5 acts away, undoing 6: but no piece entered
    assert verdict == Mismatch({"C4": Side.CONES, "M6": Side.CONES, "M9": Side.REELS},
                               frozenset({"C2", "M7", "M10"}), True)


def test_a_touch_then_a_still_board_is_over_and_erased() -> None:
    tracker = tracker_for(at("C:M6 R:M9 turn:C throw:3:WWWD"))
    tracker.change("M9", False, 1.0)
    tracker.change("M9", True, 1.2)  # the Reel to bump, touched and put back
    assert tracker.judge(1.5) == AsExpected()
    tracker.change("M6", False, 2.0)  # then the Cone lifted, to think: the bump's board
    verdict = tracker.judge(5.0)
    assert isinstance(verdict, InProgress) and verdict.in_hand and verdict.reseat == {"M9"}


def test_a_piece_slid_onto_its_neighbour_closes_it_before_opening_its_own() -> None:
    tracker = tracker_for(at("C:C2 R:M9 turn:C throw:1:WDDD"))
    tracker.change("C3", True, 1.0)
    tracker.change("C2", False, 1.05)
    assert tracker.judge(2.0) == Recognized(Move(Side.CONES, 2, 1))


def test_a_new_expectation_of_the_same_position_may_keep_the_history() -> None:
    state = at("C:M6 R:M9 turn:C throw:3:WWWD")
    tracker = tracker_for(state)
    tracker.change("M9", False, 1.0)
    tracker.expect(Expectation.of(state), keep_history=True)  # hints switched on, say
    tracker.change("M6", False, 1.1)
    tracker.change("M9", True, 1.2)
    assert tracker.judge(2.0) == Recognized(Move(Side.CONES, 6, 3))


def rack_tracker(state: GameState) -> MoveTracker:
    tracker = MoveTracker()
    expectation = Expectation.of(state, racks=True)
    tracker.reset(expectation.before, 0.0)
    tracker.expect(expectation)
    return tracker


def test_with_racks_re_centring_the_piece_on_the_entry_square_is_no_move() -> None:
    tracker = rack_tracker(at("C:C2 R:M6 turn:C throw:6:DDDD"))
    tracker.change("M6", False, 1.0)
    tracker.change("M6", True, 1.1)
    assert tracker.judge(2.0) == AsExpected()
    tracker.change("CW4", False, 3.0)  # a Cone from the rack...
    tracker.change("M6", False, 3.1)
    tracker.change("RW5", True, 3.2)  # ...the Reel home to its rack...
    tracker.change("M6", True, 3.3)  # ...and the Cone on 6
    assert tracker.judge(4.0) == Recognized(Move(Side.CONES, 0, 6))


def test_with_racks_both_pieces_up_and_the_bumped_one_put_back_is_no_bump() -> None:
    tracker = rack_tracker(at("C:M6 R:M9 turn:C throw:3:WWWD"))
    for t, (square, occupied) in enumerate([("M6", False), ("M9", False), ("M9", True)]):
        tracker.change(square, occupied, 1.0 + t / 10)
    assert isinstance(tracker.judge(2.0), InProgress)  # the Cone is still in the hand
    tracker.change("RW5", True, 3.0)  # no: the Reel goes home, the Cone was set on 9
    assert tracker.judge(4.0) == Recognized(Move(Side.CONES, 6, 3))


def test_with_racks_bearing_off_is_the_tray_not_a_touch_of_16() -> None:
    tracker = rack_tracker(at("C:M13 R:R2 turn:C throw:3:WWWD"))
    for t, (square, occupied) in enumerate([("M13", False), ("M16", True), ("M16", False)]):
        tracker.change(square, occupied, 1.0 + t / 10)
    assert isinstance(tracker.judge(2.0), InProgress)  # in the hand, on its way to the tray
    tracker.change("CO1", True, 3.0)
    assert tracker.judge(4.0) == Recognized(Move(Side.CONES, 13, 3))


def test_a_still_board_found_as_expected_is_judged_afresh_after_any_change() -> None:
    """A board found as expected is not judged again every frame; a change, a new expectation
    or a new settle time is judged at once (never the old verdict)."""
    tracker = MoveTracker(settle=0.25, grace=1.5)
    tracker.expect(Expectation.board(["M4", "M8"]))
    tracker.reset(["M4", "M8"], now=0.0)
    assert isinstance(tracker.judge(1.0), AsExpected)
    assert isinstance(tracker.judge(2.0), AsExpected)  # the same, kept
    tracker.change("M8", False, 2.0)
    assert isinstance(tracker.judge(2.1), Unsettled)
    verdict = tracker.judge(5.0)
    assert isinstance(verdict, Mismatch) and set(verdict.missing) == {"M8"}
    tracker.change("M8", True, 5.0)
    assert isinstance(tracker.judge(6.0), AsExpected)
    tracker.expect(Expectation.board(["M4"]))  # the board to reach changed, not the pieces
    verdict = tracker.judge(6.1)
    assert isinstance(verdict, Mismatch) and verdict.unexpected == {"M8"}
    tracker.expect(Expectation.board(["M4", "M8"]))
    assert isinstance(tracker.judge(6.2), AsExpected)
    tracker.settle = 10.0  # a longer settle time: not still long enough any more
    assert isinstance(tracker.judge(6.3), Unsettled)
