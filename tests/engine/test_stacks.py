"""One test per rule of engine/stacks/rules.md, named after the rule, in the order the page gives
them; then notation, records, the game interface, and the game's end always coming."""

from __future__ import annotations

import random
import statistics

import pytest

from engine.core.errors import BadNotation, BadRecord, IllegalMove, IllegalThrow, WrongPhase
from engine.core.events import Captured, Entered, HeldLast, LeftBoard, Moved, Stuck, TurnPassed
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from engine.games import from_json, load
from engine.games.api import Journey, Offboard, Position, Rules
from engine.record import GameRecord
from engine.stacks import STACKS, Move, StacksPosition
from engine.stacks.board import OFF, SQUARES, path, place
from engine.stacks.dice import OUTCOMES, faces
from engine.stacks.rules import opening
from engine.text import board_text, event_text

C, R = Side.CONES, Side.REELS


def at(text: str) -> StacksPosition:
    return STACKS.parse(text)


def offered(position: StacksPosition) -> list[str]:
    return [m.notation() for m in position.moves]


def play(position: StacksPosition, notation: str) -> tuple[StacksPosition, tuple[object, ...]]:
    return position.play(position.parse_move(notation))


# --- the board and the dice ----------------------------------------------------------------


def test_board_is_a_block_of_three_by_five_with_a_tail_of_five() -> None:
    assert len(SQUARES) == 20
    rows = {place(s)[0] for s in SQUARES}
    assert rows == {0, 1, 2}
    assert [place(s) for s in path(C)[:5]] == [(2, 5), (2, 6), (2, 7), (2, 8), (2, 9)]
    assert [place(s)[1] for s in path(C)[5:]] == list(range(9, -1, -1))  # back along the middle
    assert path(C)[5:] == path(R)[5:]  # the middle row is shared, in the same direction
    assert STACKS.geometry.columns == 10 and STACKS.geometry.marked == {"M15": "last"}


def test_three_six_sided_dice_give_fifty_six_throws() -> None:
    assert len(OUTCOMES) == 56
    assert sum(p for _, p in OUTCOMES) == 1
    assert dict(OUTCOMES)[111] * 216 == 1 and dict(OUTCOMES)[123] * 216 == 6
    with pytest.raises(IllegalThrow):
        faces(Throw.of(7))


def test_the_higher_total_of_three_dice_begins_and_ties_are_thrown_again() -> None:
    tied = 0
    for seed in range(300):
        first, rounds = opening(random.Random(seed))
        *ties, (cones, reels) = rounds
        assert all(a == b for a, b in ties)
        assert first == (C if cones > reels else R)
        tied += bool(ties)
        assert STACKS.first_side(random.Random(seed), None) == first
    assert tied > 0


# --- a turn --------------------------------------------------------------------------------


def test_each_die_must_be_used_in_any_order_before_the_turn_passes() -> None:
    position, events = STACKS.new(C).cast(Throw.of(246))
    assert events == () and position.turn == C and position.dice == (2, 4, 6)
    assert {m.die for m in position.moves} == {2, 4, 6}
    position, events = play(position, "4:in-C4")
    assert position.dice == (2, 6) and position.turn == C
    position, _ = play(position, "6:C4-M10")
    position, events = play(position, "2:in-C2")
    assert position.turn == R and position.throw is None and events[-1] == TurnPassed(R)


def test_a_die_enters_a_man_on_the_square_of_its_number() -> None:
    position = at("C:w15 R:w15 turn:C dice:3")
    assert offered(position) == ["3:in-C3"]
    after, events = play(position, "3:in-C3")
    assert events[0] == Entered(C, "C3") and after.waiting(C) == 14


def test_a_six_enters_a_man_on_any_of_the_five() -> None:
    assert offered(at("C:w15 R:w15 turn:C dice:6")) == [f"6:in-C{n}" for n in range(1, 6)]


def test_a_square_holds_three_men_at_most() -> None:
    position = at("C:w12,C3x3 R:w15 turn:C dice:36")
    assert "3:in-C3" not in offered(position) and "6:in-C3" not in offered(position)
    assert "6:in-C2" in offered(position)
    with pytest.raises(BadNotation):
        at("C:w11,C3x4 R:w15 turn:C")


def test_a_man_moves_the_die_along_its_path_and_on_into_the_middle_row() -> None:
    after, events = play(at("C:w14,C4 R:w15 turn:C dice:3"), "C4-M7")
    assert events[0] == Moved(C, "C4", "M7") and after.stacks() == {"M7": (C, 1)}


def test_a_man_advances_past_squares_holding_the_opponents_men() -> None:
    position = at("C:w14,C4 R:w14,M7 turn:C dice:3")
    assert Move(C, 3, 4, 8) in position.moves and not any(m.end == 7 for m in position.moves)


def test_a_man_advances_past_its_own_full_stacks() -> None:
    position = at("C:w11,C1,C3x3 R:w15 turn:C dice:2")
    assert [m.notation() for m in position.moves if m.start == 1] == ["2:C1-C4", "2:C1-C4xC3"]


def test_a_man_going_past_the_last_square_leaves_the_board_out_of_play() -> None:
    after, events = play(at("C:w14,M13 R:w15 turn:C dice:5"), "M13-off")
    assert events[0] == LeftBoard(C, "M13") and after.off == (1, 0) and after.in_play(C) == 14


def test_a_man_may_capture_a_man_it_passed_of_either_side() -> None:
    position = at("C:w13,C4,M6 R:w13,M7x2 turn:C dice:3")
    assert {m.notation() for m in position.moves if m.start == 4} == {
        "3:C4-M8", "3:C4-M8xM6", "3:C4-M8xM7"}
    mine, events = play(position, "C4-M8xM6")
    assert Captured(C, "M6", False) in events and mine.waiting(C) == 14
    theirs, events = play(position, "C4-M8xM7")
    assert Captured(R, "M7", False) in events and theirs.waiting(R) == 14
    assert theirs.off == (0, 0)


def test_capture_is_voluntary() -> None:
    position = at("C:w14,C4 R:w14,M7 turn:C dice:3")
    assert "3:C4-M8" in offered(position) and "3:C4-M8xM7" in offered(position)


def test_the_square_a_man_lands_on_is_not_passed_nor_an_entry_a_pass() -> None:
    position = at("C:w13,C4,M7 R:w15 turn:C dice:3")
    assert [m.notation() for m in position.moves if m.start == 4] == ["3:C4-M7"]
    assert all(not m.capture for m in position.moves if m.enters)


def test_a_lone_opposing_man_captured_goes_out_of_play() -> None:
    after, events = play(at("C:w14,C4 R:w14,M7 turn:C dice:3"), "C4-M8xM7")
    assert Captured(R, "M7", True) in events
    assert after.off == (0, 1) and after.waiting(R) == 14


def test_a_man_captured_from_the_last_square_goes_back_even_alone() -> None:
    after, events = play(at("C:w14,M12 R:w14,M15 turn:C dice:4"), "M12-offxM15")
    assert events == (LeftBoard(C, "M12"), Captured(R, "M15", False), TurnPassed(R))
    assert after.waiting(R) == 15 and after.off == (1, 0)


def test_one_opposing_man_a_turn_from_squares_before_the_last() -> None:
    position = at("C:w12,C4,M9,M13 R:w12,M7,M11,M15 turn:C dice:33")
    position, _ = play(position, "C4-M8xM7")
    assert position.seized
    captures = {m.notation() for m in position.moves if m.capture}
    assert "3:M9-M12xM11" not in captures and "3:M8-M12xM11" not in captures
    assert "3:M13-offxM15" in captures  # the last square is not counted
    assert "3:M8-M12xM9" in captures  # nor are one's own men


def test_any_number_of_men_from_the_last_square_in_a_turn() -> None:
    position = at("C:w12,M12,M13,M14 R:w12,M15x3 turn:C dice:456")
    for move in ("4:M12-offxM15", "5:M13-offxM15", "6:M14-offxM15"):
        position, _ = play(position, move)
    assert position.waiting(R) == 15 and position.off == (3, 0)


def test_a_man_lands_on_the_last_square_only_from_within_six_of_it_at_the_start_of_the_turn(
) -> None:
    assert "4:M11-M15" in offered(at("C:w14,M11 R:w15 turn:C dice:4"))
    position, _ = STACKS.new(C).cast(Throw.of(146))
    position, _ = play(at("C:w14,C5 R:w15 turn:C dice:146"), "6:C5-M11")
    assert "4:M11-off" in offered(position) and "4:M11-M15" not in offered(position)


def test_an_advance_onto_the_last_square_from_too_far_goes_off() -> None:
    position = at("C:w14,M8 R:w14,M14 turn:C dice:6")
    assert offered(position) == ["6:in-C1", "6:in-C2", "6:in-C3", "6:in-C4", "6:in-C5",
                                 "6:M8-off", "6:M8-offxM14"]


def test_men_of_one_stack_differ_only_in_reaching_the_last_square() -> None:
    position = at("C:w13,M11x2 R:w15 turn:C dice:24 ready:M11")
    from_stack = [m.notation() for m in position.moves if m.start == 11]
    assert set(from_stack) == {"4:M11-M15", "4:M11-off", "2:M11-M13"}
    assert len(from_stack) == 3  # with a 2 both kinds go to M13: one move  # the same
    after, _ = play(position, "2:M11-M13")  # the man that may not reach it moves on
    assert after.ready[11] == 1 and "4:M11-M15" in offered(after)


def test_three_men_on_the_last_square_at_the_start_of_a_turn_win() -> None:
    after, events = play(at("C:w12,M15x3 R:w14,R1 turn:R dice:1"), "R1-R2")
    assert events[-1] == HeldLast(C, "M15")
    assert after.winner == C and after.turn == C and after.ending == "held" and after.is_over


def test_three_men_on_the_last_square_can_be_broken_up_before_they_win() -> None:
    after, events = play(at("C:w12,M15x3 R:w14,M13 turn:R dice:3"), "M13-offxM15")
    assert events[-1] == TurnPassed(C) and after.winner is None and after.waiting(C) == 13


def test_a_player_who_cannot_use_a_die_loses() -> None:
    after, events = play(at("C:w0,M14 R:w15 turn:C dice:23"), "2:M14-off")
    assert events == (LeftBoard(C, "M14"), Stuck(C, 3))
    assert after.winner == R and after.ending == "stuck" and after.throw is None
    gone, events = at("C:w0 R:w15 turn:C").cast(Throw.of(123))
    assert events == (Stuck(C, 1),) and gone.winner == R


def test_a_die_cannot_be_used_only_when_no_man_is_left_in_play() -> None:
    rng = random.Random(5)
    for _ in range(40):
        position = STACKS.new(C)
        while not position.is_over:
            if position.throw is None:
                position, _ = position.cast(STACKS.draw(rng))
            else:
                position, _ = position.play(rng.choice(position.moves))
        if position.ending == "stuck":
            assert position.in_play(position.turn.other) == 0


# --- the game ends --------------------------------------------------------------------------


def test_every_move_makes_progress_so_the_game_is_finite_and_acyclic() -> None:
    """The seed's claim: each man counts 2 to the power of its path square (waiting 0, out of
    play 16); every die used makes the sum strictly bigger, and it is bounded."""
    rng = random.Random(2)
    lengths = []
    for _ in range(60):
        position, moves = STACKS.new(C), 0
        seen = {position}
        while not position.is_over:
            if position.throw is None:
                position, _ = position.cast(STACKS.draw(rng))
            else:
                captures = [m for m in position.moves if m.capture]
                move = rng.choice(captures or position.moves)  # captures set men back
                before = position.progress()
                position, _ = position.play(move)
                assert position.progress() > before
                assert position.progress() <= 30 << OFF
                moves += 1
            assert position not in seen or position.throw is not None
            seen.add(position)
        lengths.append(moves)
    assert max(lengths) < 30 * 16  # each man can be put back only as often as it was passed
    assert statistics.mean(lengths) > 30


# --- notation, records and the interface -----------------------------------------------------


def test_notation_reads_back() -> None:
    text = "C:w10,C1,M9x2,M15 R:w13,M10 turn:C dice:35 ready:M15 seized:yes"
    assert at(text).notation() == text
    assert at("C:w15 R:w15 turn:R dice:-") == STACKS.new(R)
    for bad in ("C:w10,Q7", "C:w15 R:w15 turn:X", "C:w14,M7 R:w14,M7 turn:C",
                "C:w16 R:w15", "C:w15 R:w15 dice:7", "C:w15 colour:blue"):
        with pytest.raises(BadNotation):
            at(bad)


def test_moves_are_named_with_or_without_the_die_or_by_the_square() -> None:
    position = at("C:w13,C4,M7 R:w15 turn:C dice:34")
    assert position.parse_move("C4-M7") == Move(C, 3, 4, 7)
    assert position.parse_move("4:C4-M8") == Move(C, 4, 4, 8)
    with pytest.raises(IllegalMove, match="could be any of"):
        position.parse_move("C4")
    with pytest.raises(IllegalMove, match="the dice to use are 3, 4"):
        position.parse_move("5:C4-M9")
    with pytest.raises(BadNotation):
        position.parse_move("Q9-M3")
    with pytest.raises(IllegalMove):
        position.play(Move(C, 3, 5, 8))
    with pytest.raises(WrongPhase):
        STACKS.new(C).play(Move(C, 3, 0, 3))
    with pytest.raises(WrongPhase):
        position.cast(Throw.of(123))


def test_a_game_record_replays_and_reads_back() -> None:
    rng = random.Random(3)
    game = Game(STACKS, C)
    for _ in range(80):
        state = game.state
        game.apply(STACKS.draw(rng) if state.throw is None else rng.choice(state.moves))
    record = GameRecord.from_data(game.record.to_data())
    assert record.final_state() == game.state
    assert from_json({"game": "stacks"}) == STACKS
    with pytest.raises(BadRecord):
        from_json({"game": "stacks", "dice": 2})


def test_the_game_implements_the_interface_and_is_registered() -> None:
    rules = load("stacks")
    assert isinstance(rules, Rules) and isinstance(rules.new(C), Position)
    assert rules.chance is not None and rules.chance.name == "dice"
    position = at("C:w14,C4 R:w14,M7 turn:C dice:3")
    assert position.journeys(position.parse_move("C4-M8xM7")) == (
        Journey(C, "C4", "M8"), Journey(R, "M7", Offboard.BORNE_OFF))
    assert position.journeys(position.parse_move("in-C3")) == (
        Journey(C, Offboard.WAITING, "C3"),)


def test_the_text_board_shows_stacks_and_every_event_has_words() -> None:
    text = board_text(at("C:w9,C1,M9x2,M15x3 R:w13,M10 turn:C"))
    assert "C3" in text.split("\n")[2] and "C2" in text
    for event in (LeftBoard(C, "M13"), Captured(R, "M7", True), Stuck(C, 3), HeldLast(C, "M15")):
        assert event_text(event)
