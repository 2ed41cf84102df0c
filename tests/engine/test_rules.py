"""One test per rule of rules/tait.md, named after the rule, in the order the page gives them."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalMove, IllegalThrow
from engine.core.events import (
    BorneOff,
    Bumped,
    Entered,
    ExtraTurnEarned,
    ExtraTurnTaken,
    Moved,
    ThrowLost,
    TurnPassed,
    Won,
)
from engine.core.sides import Side
from engine.core.sticks import Throw, stick_value
from engine.game import Game
from engine.tait.board import MARKED_SQUARES, SQUARES, parse_square, path, square_of
from engine.tait.moves import Move
from engine.tait.state import TAIT, GameState, Ruleset

C, R = Side.CONES, Side.REELS


def play_out(game: Game, rng: random.Random) -> Game:
    """Finish a game with random throws and random legal moves."""
    while not game.state.is_over:
        game.cast(game.ruleset.draw(rng))
        if game.state.moves:
            game.play(rng.choice(game.state.moves))
    return game


def at(text: str, ruleset: Ruleset = TAIT) -> GameState:
    """A position from notation; ``entered:CR`` unless the text says otherwise."""
    if "entered:" not in text:
        text += " entered:CR"
    return GameState.parse(text, ruleset)


def thrown(state: GameState, value: int) -> GameState:
    """The state after the side to play throws ``value`` (which must leave a move)."""
    after, events = state.cast(Throw.of(value))
    assert after.throw is not None, f"throw {value} was lost: {events}"
    return after


def move(state: GameState, text: str) -> tuple[GameState, tuple[object, ...]]:
    return state.play(state.parse_move(text))


# --- The board ---------------------------------------------------------------------------------


def test_board_has_twenty_squares_with_stable_names() -> None:
    assert len(SQUARES) == len(set(SQUARES)) == 20
    assert {"R1", "R4", "C1", "C4", "M5", "M16"} <= set(SQUARES)


def test_path_runs_along_the_private_row_then_leftwards_down_the_middle() -> None:
    assert path(C) == ("C1", "C2", "C3", "C4", *(f"M{i}" for i in range(5, 17)))
    assert path(R)[:5] == ("R1", "R2", "R3", "R4", "M5")
    assert path(C)[4:] == path(R)[4:]


def test_five_marked_squares_at_4_8_12_16() -> None:
    assert MARKED_SQUARES == {"C4", "R4", "M8", "M12", "M16"}
    assert {square_of(C, p) for p in (4, 8, 12, 16)} <= MARKED_SQUARES


# --- Equipment ---------------------------------------------------------------------------------


def test_each_side_starts_with_five_pieces_off_the_board() -> None:
    state = GameState.new()
    assert state.waiting(C) == state.waiting(R) == 5
    assert state.occupancy() == frozenset()


def test_sticks_count_whites_and_no_white_moves_six() -> None:
    assert stick_value((True, False, False, False)) == 1
    assert stick_value((True, True, True, True)) == 4
    assert stick_value((False, False, False, False)) == 6
    assert Throw.parse("WDWW").value == 3


class _Counting(random.Random):
    """Hands out getrandbits values 0, 1, 2, ... so each stick fall comes up once in turn."""

    def __init__(self) -> None:
        super().__init__(0)
        self.next = 0

    def getrandbits(self, k: int) -> int:
        value, self.next = self.next % (1 << k), self.next + 1
        return value


def test_each_stick_falls_white_half_the_time_so_throws_are_4_6_4_1_1_in_16() -> None:
    rng = _Counting()
    counts: dict[int, int] = {}
    falls = set()
    for _ in range(16):
        throw = TAIT.draw(rng)
        counts[throw.value] = counts.get(throw.value, 0) + 1
        falls.add(throw.sticks)
    assert counts == {1: 4, 2: 6, 3: 4, 4: 1, 6: 1}
    assert len(falls) == 16
    assert [TAIT.probability(v) * 16 for v in (1, 2, 3, 4, 5, 6)] == [4, 6, 4, 1, 0, 1]


# --- A turn ------------------------------------------------------------------------------------


def test_a_move_goes_exactly_the_throw_and_the_player_chooses_the_piece() -> None:
    state = thrown(at("C:C1,M6 turn:C"), 2)
    assert {m.steps for m in state.moves} == {2}
    assert {state.describe(m) for m in state.moves} == {"in-C2", "C1-C3", "M6-M8"}


def test_a_throw_with_no_legal_move_is_lost_and_the_turn_passes() -> None:
    state = GameState.new()
    after, events = state.cast(Throw.of(1))
    assert events == (ThrowLost(C, Throw.of(1)), TurnPassed(R))
    assert after.turn == R and after.throw is None


def test_extra_turns_are_used_before_the_turn_passes() -> None:
    state = at("C:C1 turn:C extra:1")
    after, events = move(thrown(state, 1), "C1-C2")
    assert events[-1] == ExtraTurnTaken(C, 0)
    assert after.turn == C and after.extra_turns == 0


# --- Moves -------------------------------------------------------------------------------------


def test_pieces_move_forward_and_jump_over_any_piece() -> None:
    state = thrown(at("C:C3,C4 R:M5 turn:C"), 3)
    after, events = move(state, "C3-M6")
    assert events[0] == Moved(C, "C3", "M6")
    assert after.squares(C) == {"C4", "M6"} and after.squares(R) == {"M5"}


def test_entering_puts_the_piece_on_the_path_square_of_the_throw() -> None:
    state = at("C:M9 turn:C")
    assert move(thrown(state, 3), "in")[1][0] == Entered(C, "C3")
    assert move(thrown(state, 6), "in")[1][0] == Entered(C, "M6")


def test_barrier_only_a_4_or_6_enters_the_first_piece() -> None:
    state = GameState.new()
    for value in (1, 2, 3):
        assert state.legal_moves(Throw.of(value)) == ()
    assert state.legal_moves(Throw.of(4)) == (Move(C, 0, 4),)
    assert state.legal_moves(Throw.of(6)) == (Move(C, 0, 6),)


def test_barrier_is_gone_after_the_first_entry_even_if_every_piece_is_sent_back() -> None:
    state = thrown(at("C:M7 R:M5 turn:R"), 2)
    after, events = move(state, "M5xM7")
    assert Bumped(C, "M7") in events
    assert after.waiting(C) == 5 and after.entered[C]
    assert after.legal_moves(Throw.of(1)) == (Move(C, 0, 1),)


def test_a_piece_may_not_land_on_its_own_side() -> None:
    state = thrown(at("C:C2,C4 turn:C"), 2)
    assert Move(C, 2, 2) not in state.moves
    with pytest.raises(IllegalMove, match="already stands"):
        state.play(Move(C, 2, 2))


def test_bumping_sends_the_opponent_piece_off_the_board() -> None:
    state = thrown(at("C:M6 R:M9 turn:C"), 3)
    after, events = move(state, "M6xM9")
    assert events[:2] == (Moved(C, "M6", "M9"), Bumped(R, "M9"))
    assert after.squares(R) == frozenset() and after.waiting(R) == 5
    assert after.owner("M9") == C


def test_private_rows_are_not_shared_so_no_bump_there() -> None:
    state = thrown(at("C:C1 R:R3 turn:C"), 2)
    after, events = move(state, "C1-C3")
    assert not any(isinstance(e, Bumped) for e in events)
    assert after.occupancy() == {"C3", "R3"}


def test_a_piece_bears_off_by_landing_exactly_on_16() -> None:
    state = thrown(at("C:M13 turn:C"), 3)
    after, events = move(state, "M13-off")
    assert events[0] == BorneOff(C, "M13")
    assert after.off[C] == 1 and after.squares(C) == frozenset()


def test_a_move_past_16_is_not_legal() -> None:
    state = thrown(at("C:M14 R:M5 turn:C"), 3)
    assert all(m.start != 14 for m in state.moves)
    with pytest.raises(IllegalMove, match="past 16"):
        state.play(Move(C, 14, 3))


def test_no_piece_ever_rests_on_16() -> None:
    with pytest.raises(ValueError, match="bears it off"):
        GameState.parse("C:M16")


# --- Extra turns -------------------------------------------------------------------------------


def test_a_six_earns_an_extra_turn() -> None:
    state = thrown(at("C:C1 turn:C"), 6)
    after, events = move(state, "C1-M7")
    assert ExtraTurnEarned(C, "six") in events
    assert after.turn == C


def test_a_six_earns_an_extra_turn_even_when_it_cannot_be_used() -> None:
    state = at("C:M11 off:4,0 R:M5 turn:C")
    after, events = state.cast(Throw.of(6))
    assert events == (ThrowLost(C, Throw.of(6)), ExtraTurnEarned(C, "six"), ExtraTurnTaken(C, 0))
    assert after.turn == C


@pytest.mark.parametrize(("start", "steps", "target"), [("C2", 2, "C4"), ("M6", 2, "M8"),
                                                         ("M9", 3, "M12")])
def test_landing_on_a_marked_square_earns_an_extra_turn(start: str, steps: int,
                                                        target: str) -> None:
    state = thrown(at(f"C:{start} turn:C"), steps)
    after, events = move(state, f"{start}-{target}")
    assert ExtraTurnEarned(C, "marked") in events and after.turn == C


def test_bearing_off_counts_as_landing_on_marked_16() -> None:
    after, events = move(thrown(at("C:M15 turn:C"), 1), "M15-off")
    assert ExtraTurnEarned(C, "marked") in events and after.turn == C


def test_extra_turns_accumulate_a_six_onto_a_marked_square_earns_two() -> None:
    state = thrown(at("C:C2 turn:C extra:1"), 6)
    after, events = move(state, "C2-M8")
    earned = [e for e in events if isinstance(e, ExtraTurnEarned)]
    assert [e.reason for e in earned] == ["six", "marked"]
    assert after.turn == C and after.extra_turns == 2  # three held, one used now


def test_all_extra_turns_are_used_before_the_turn_passes() -> None:
    state = at("C:M9 off:4,0 R:R1 turn:C extra:2")
    ends = []
    for value in (1, 1, 2):
        state = thrown(state, value)
        state, events = state.play(state.moves[0])
        ends.append(events[-1])
    assert ends == [ExtraTurnTaken(C, 1), ExtraTurnTaken(C, 0), TurnPassed(R)]
    assert state.turn == R and state.squares(C) == {"M13"}


# --- Winning -----------------------------------------------------------------------------------


def test_the_first_to_bear_off_all_five_wins_at_once_whatever_extra_turns_remain() -> None:
    state = thrown(at("C:M12 off:4,0 turn:C extra:3"), 4)
    after, events = move(state, "M12-off")
    assert events[-1] == Won(C)
    assert after.winner == C and after.is_over
    assert after.legal_moves(Throw.of(1)) == ()


# --- Who starts --------------------------------------------------------------------------------


def test_cones_throw_first_in_a_new_game() -> None:
    assert Game().state.turn == C


def test_the_loser_throws_first_after_a_finished_game() -> None:
    for seed in range(6):
        game = play_out(Game(), random.Random(seed))
        loser = game.state.winner.other if game.state.winner is not None else None
        assert game.next_game().state.turn == loser


class _Scripted(random.Random):
    """Makes the sticks fall as scripted: each value in turn (for demon-cast tests)."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(0)
        self.values = values

    def getrandbits(self, k: int) -> int:
        value = self.values.pop(0)
        for bits in range(16):
            if TAIT._faces[bits].value == value:
                return bits
        raise AssertionError(value)


def test_demon_cast_throws_alternately_until_a_4_or_6_enters_the_first_piece() -> None:
    game = Game()
    events = game.demon_cast(_Scripted([1, 3, 2, 4]))
    lost = [e.side for e in events if isinstance(e, ThrowLost)]
    assert lost == [C, R, C]
    assert Entered(R, "R4") in events
    assert game.state.squares(R) == {"R4"} and game.state.turn == R  # the 4 earned a throw


def test_after_demon_cast_the_other_side_still_needs_a_4_or_6() -> None:
    game = Game()
    game.demon_cast(_Scripted([6]))
    assert game.state.turn == C and game.state.squares(C) == {"M6"}
    game.cast(Throw.of(1))
    game.play(game.state.moves[0])
    assert game.state.turn == R
    assert game.state.legal_moves(Throw.of(2)) == ()


def test_demon_cast_is_an_option_of_the_ruleset() -> None:
    game = Game(Ruleset(demon_cast=False))
    assert not game.state.demon_casting
    assert game.demon_cast(random.Random(1)) == ()


# --- Rule options ------------------------------------------------------------------------------


def test_marked_squares_are_not_safe_by_default() -> None:
    state = thrown(at("C:M6 R:M8 turn:C"), 2)
    assert Move(C, 6, 2) in state.moves


def test_marked_safe_option_protects_pieces_on_8_and_12() -> None:
    safe = Ruleset(name="safe", marked_safe=True)
    state = at("C:M6,M9 R:M8,M12 turn:C", safe)
    moves = state.legal_moves(Throw.of(3))
    assert Move(C, 9, 3) not in moves
    assert state.legal_moves(Throw.of(2)) == (Move(C, 0, 2), Move(C, 9, 2))


def test_throws_the_sticks_cannot_show_are_refused() -> None:
    with pytest.raises(IllegalThrow, match="5"):
        GameState.new().cast(Throw.of(5))


def test_square_names_are_parsed_in_any_case() -> None:
    assert parse_square(" m7 ") == "M7"
