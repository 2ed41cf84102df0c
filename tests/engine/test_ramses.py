"""Ramses' rules, one test per rule of engine/ramses/rules.md."""

from __future__ import annotations

import json

import pytest

from engine.core.errors import BadNotation, BadRecord, IllegalMove, WrongPhase
from engine.core.events import Moved, MovedTheirs, TurnPassed, Won
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from engine.games import from_json, load
from engine.ramses import RAMSES, RamsesPosition, RamsesRules
from engine.ramses.board import index
from engine.ramses.core import reach

C, R = Side.CONES, Side.REELS


def ends(position: RamsesPosition, square: str) -> set[str]:
    return {m.target for m in position.moves if m.source == square}


def test_ramses_is_registered_with_no_chance() -> None:
    rules = load("ramses")
    assert rules is RAMSES and rules.chance is None and rules.pieces == 4
    assert rules.geometry.board == "ramses" and len(rules.geometry.squares) == 36


def test_the_pieces_start_on_2_to_5_and_19_to_22() -> None:
    position = RAMSES.new(R)
    assert position.owners() == {"T2": C, "T3": C, "T4": C, "U10": C,
                                 "T19": R, "T20": R, "T21": R, "L10": R}
    assert position.turn == R and position.half == "own" and position.first_turn


def test_who_plays_first_is_drawn_at_random() -> None:
    import random

    rng = random.Random(1)
    firsts = {RAMSES.first_side(rng, C) for _ in range(20)}
    assert firsts == {C, R}


def test_a_turn_is_the_players_own_piece_then_the_opponents() -> None:
    position = RAMSES.new(C)
    assert {m.piece for m in position.moves} == {C}
    position, events = position.play(position.parse_move("T2-T8"))
    assert events == (Moved(C, "T2", "T8"),)
    assert position.turn == C and position.half == "theirs"
    assert {m.piece for m in position.moves} == {R} and {m.side for m in position.moves} == {C}
    move = position.moves[0]
    position, events = position.play(move)
    assert events == (MovedTheirs(C, move.source, move.target),)
    assert position.turn == R and position.half == "own" and not position.first_turn


def occupied(position: RamsesPosition) -> int:
    mask = (1 << 36) - 1
    return (position.code | position.code >> 36) & mask


def test_a_piece_moves_the_larger_of_the_pieces_in_its_row_and_column() -> None:
    # The seed's Figure Three: X = 3, 5(15), 8, 16; Y = 6, 12, 19, 22(11).
    position = RAMSES.parse("C:T3,U15,T8,T16 R:T6,T12,T19,L11 turn:C")
    assert reach(index("T3"), occupied(position)) == 2  # two in its row, two in its column
    assert reach(index("T6"), occupied(position)) == 4  # four in its row, one in its column


def test_a_piece_in_an_oblong_space_counts_in_its_row_and_the_column_it_is_lined_up_with() -> None:
    position = RAMSES.parse("C:T3,U15,T8,T16 R:T6,T12,T19,L15 turn:C")
    assert reach(index("U15"), occupied(position)) == 2  # T3 in the top row; T15 empty, L15
    assert reach(index("L15"), occupied(position)) == 2  # T19 in the bottom row, U15 above


def test_an_isolated_piece_moves_one_square() -> None:
    position = RAMSES.parse("C:T1,T2,T3,T4 R:T18,T19,T20,T17 turn:R")
    assert reach(index("T17"), occupied(position)) == 1
    assert ends(position, "T17") == {"T16", "U17", "L17"}


def test_a_piece_moves_exactly_its_number_over_empty_squares_only() -> None:
    position = RAMSES.parse("C:T1,T2,T3,T4 R:T18,T19,T20,T21 turn:C")
    assert ends(position, "T1") == {"T9"}  # T1-T6-T7-T8-T9: T2 and T18 are taken
    assert ends(position, "T2") == {"T10"}
    assert ends(position, "T3") == {"T11", "U10", "L10"}
    assert all(m.target not in position.occupancy() for m in position.moves)


def test_a_piece_never_enters_a_square_twice_nor_ends_where_it_began() -> None:
    position = RAMSES.parse("C:T1,T2,T3,T4 R:T18,T19,T20,T17 turn:R")
    assert "T17" not in ends(position, "T17")
    every = [m for m in RAMSES.new(C).moves]
    assert all(m.source != m.target for m in every)


def test_entering_an_oblong_space_from_4_chooses_the_alignment() -> None:
    position = RAMSES.parse("C:T1,T2,T3,T4 R:T18,T19,T20,T21 turn:C")
    # T4 has four steps: T4-U(k)-T(k)-T(k+1)-L(k+1) and the like reach every alignment below.
    assert {f"L{k}" for k in range(10, 18)} <= ends(position, "T4")
    assert position.parse_move("4-22(13)").target == "L13"


def test_entering_an_oblong_space_from_10_to_17_keeps_it_lined_up() -> None:
    position = RAMSES.parse("C:T1,T2,T3,T4 R:T18,T19,T20,T21 turn:C")
    # T4-T9-T10-T11 then up: only U11, never another alignment.
    assert {e for e in ends(position, "T4") if e.startswith("U")} == {"U11"}


def test_a_piece_in_an_oblong_space_goes_only_to_4_or_21_or_its_square() -> None:
    position = RAMSES.parse("C:T4,T6,T16,U13 R:T12,T20,T21,L14 turn:C")
    assert reach(index("U13"), occupied(position)) == 2
    assert ends(position, "U13") == {"T14"}  # U13-T13-T14; T4 is taken; never U13-T12 or on


def test_an_occupied_oblong_space_is_closed_whatever_its_alignment() -> None:
    position = RAMSES.parse("C:T4,T6,T16,U13 R:T12,T20,T21,L14 turn:C")
    # T16 moves three: T16-T15-T14-T13 only; both oblong spaces hold a piece, so no way
    # through them (T16-U16, T16-L16, T15-U15...).
    assert ends(position, "T16") == {"T13"}


def test_the_opponents_pieces_on_special_squares_cannot_be_moved() -> None:
    position = RAMSES.parse("C:T1,T4,T11,L13 R:T9,T14,T18,U10 turn:C half:theirs")
    sources = {m.source for m in position.moves}
    assert sources.isdisjoint({"T9", "T18"})
    with pytest.raises(IllegalMove, match="special square"):
        position.parse_move("T9-T8")


def test_own_pieces_on_special_squares_move_freely() -> None:
    position = RAMSES.parse("C:T12,T17,T18,T19 R:T1,T2,T16,U12 turn:C")
    assert {"T17", "T18"} & {m.source for m in position.moves}


def test_the_first_move_may_not_take_a_special_square() -> None:
    start = RAMSES.new(C)
    assert ends(start, "U10") == {"T7"}
    later = RAMSES.parse(start.notation().replace("first:yes", "first:no"))
    assert ends(later, "U10") == {"T7", "T13"}  # U10-T10-T11-T12-T13


def test_three_special_squares_win() -> None:
    position = RAMSES.parse("C:T12,T17,T18,T19 R:T1,T2,T16,U12 turn:C")
    after, events = position.play(position.parse_move("T12-T9"))
    assert events[-1] == Won(C, "special squares") and after.winner == C and not after.moves


def test_moving_the_opponents_piece_to_its_third_special_square_makes_it_win() -> None:
    position = RAMSES.parse("C:T1,T4,T11,L13 R:T9,T14,T18,U10 turn:C half:theirs")
    (move,) = position.moves  # the only Reel that can move goes to Ptah
    after, events = position.play(move)
    assert move.notation() == "T14-T17" and after.winner == R
    assert events == (MovedTheirs(C, "T14", "T17"), Won(R, "special squares"))


def test_a_player_with_no_move_is_locked_up_and_loses() -> None:
    locked = RAMSES.parse("C:T1,T2,T6,T7 R:T3,T8,T18,T19 turn:C")
    assert locked.winner == R and locked.is_over and not locked.moves


def test_whoever_locks_the_opponent_up_wins() -> None:
    # The Reels cannot move a Cone, so their second move is skipped; the Cones, to play, cannot
    # move either: they are locked up, and the Reels who locked them in win.
    locked = RAMSES.parse("C:T1,T2,T6,T7 R:T3,T8,T18,T19 turn:R half:theirs")
    assert locked.winner == R


def test_a_second_move_without_an_opponents_piece_to_move_passes() -> None:
    position = RAMSES.parse("C:T8,T14,T20,U10 R:T1,T16,T21,L14 turn:C")
    after, events = position.play(position.parse_move("T8-T9"))
    # No Reel can be moved by the Cones (on special squares or hemmed in): the turn passes.
    assert events == (Moved(C, "T8", "T9"), TurnPassed(R))
    assert after.turn == R and after.half == "own" and after.moves and not after.is_over


def test_with_the_option_off_no_opponents_piece_to_move_locks_the_player_up() -> None:
    rules = RamsesRules(second_move_may_pass=False)
    assert rules.parse("C:T1,T2,T6,T7 R:T3,T8,T18,T19 turn:R half:theirs").winner == C
    assert rules.title == "Ramses (no pass on the second move)" and RAMSES.title == "Ramses"


def test_a_move_may_not_bring_back_a_position() -> None:
    position = RAMSES.parse("C:T2,T6,T14,T15 R:T11,T19,T20,L10 turn:C")
    for text in ("T6-T10", "T11-T4", "T4-T11"):
        position, _ = position.play(position.parse_move(text))
    back = position.parse_move  # T10-T6 would set the board as it was, the Cones to play
    with pytest.raises(IllegalMove, match="bring back a position"):
        back("T10-T6")
    allowed = RamsesRules(repetition_allowed=True).parse(
        "C:T2,T6,T14,T15 R:T11,T19,T20,L10 turn:C")
    for text in ("T6-T10", "T11-T4", "T4-T11", "T10-T6"):
        allowed, _ = allowed.play(allowed.parse_move(text))
    assert allowed.notation() == "C:T2,T6,T14,T15 R:T11,T19,T20,L10 turn:C half:own first:no"


def test_a_position_of_the_first_turn_may_not_come_back() -> None:
    position = RAMSES.new(R)
    for text in ("L10-T7", "T3-L10", "L10-T3", "T21-T12"):
        position, _ = position.play(position.parse_move(text))
    # T12-T21 would set the pieces as after the Reels' first move, the Reels to move a Cone:
    # the same position by rule 11, though the first turn is over.
    with pytest.raises(IllegalMove, match="bring back a position"):
        position.parse_move("T12-T21")


def test_ramses_takes_no_throw() -> None:
    with pytest.raises(WrongPhase, match="no throw"):
        RAMSES.new(C).cast(Throw.of(2))
    assert RAMSES.new(C).throw is None and not RAMSES.new(C).opening


def test_journeys_carry_the_owner_of_the_piece() -> None:
    position = RAMSES.parse("C:T1,T4,T11,L13 R:T9,T14,T18,U10 turn:C half:theirs")
    (journey,) = position.journeys(position.moves[0])
    assert journey.side == R and journey.start == "T14" and journey.end == "T17"


def test_notation_round_trips_and_bad_input_is_refused_clearly() -> None:
    position = RAMSES.new(R)
    assert RAMSES.parse(position.notation()).code == position.code
    with pytest.raises(BadNotation, match="4 pieces"):
        RAMSES.parse("C:T1,T2 R:T18,T19,T20,T21")
    with pytest.raises(BadNotation, match="one piece fits in an oblong"):
        RAMSES.parse("C:T1,T2,U11,U12 R:T18,T19,T20,T21")
    with pytest.raises(BadNotation, match="unknown square"):
        position.parse_move("T5-T6")
    with pytest.raises(BadNotation, match="lined up with"):
        position.parse_move("22-21")
    with pytest.raises(IllegalMove, match="say which"):
        RAMSES.parse("C:T1,T2,T3,T4 R:T18,T19,T20,T21 turn:C").parse_move("T3")


def test_a_game_record_replays_and_keeps_the_options() -> None:
    rules = RamsesRules(specials_to_win=2, second_move_may_pass=True)
    game = Game(rules, R)
    for _ in range(6):
        if game.state.is_over:
            break
        game.play(game.state.moves[-1])
    again = Game.from_record(type(game.record).from_data(game.record.to_data()))
    assert again.state.code == game.state.code and again.ruleset == rules
    assert from_json(json.loads(json.dumps(rules.to_json()))) == rules
    with pytest.raises(BadRecord, match="specials_to_win"):
        from_json({"game": "ramses", "specials_to_win": 7})
    with pytest.raises(BadRecord, match="unknown Ramses option"):
        from_json({"game": "ramses", "dice": True})


def test_between_games_the_caches_of_moves_and_walks_are_dropped() -> None:
    from engine.games import forget
    from engine.ramses import core, position

    RAMSES.new(C).play(RAMSES.new(C).moves[0])
    assert position._cache and core._walks
    forget(RAMSES)
    assert not position._cache and not core._walks
