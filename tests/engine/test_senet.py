"""One test per rule of engine/senet/rules.md, named after the rule, in the order the page gives
them; then the variations, notation, records and the game interface."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine.core.errors import BadNotation, BadRecord, IllegalMove, IllegalThrow, WrongPhase
from engine.core.events import (
    BorneOff,
    ExtraTurnEarned,
    ExtraTurnTaken,
    Moved,
    Opened,
    Scored,
    Swapped,
    ThrowLost,
    TurnPassed,
    Washed,
    Won,
)
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.games import load
from engine.games.api import Journey, Offboard, Position, Rules
from engine.record import GameRecord
from engine.senet import SENET, SenetPosition, SenetRules
from engine.senet.board import GEOMETRY as BOARD
from engine.senet.board import SQUARES, place
from engine.tait.state import TAIT
from engine.text import event_text

C, R = Side.CONES, Side.REELS


def at(text: str, rules: SenetRules = SENET) -> SenetPosition:
    """A position after the opening from notation (``off``, ``black`` and ``moved`` left out)."""
    return rules.parse(text)


def thrown(position: SenetPosition, value: int) -> SenetPosition:
    after, events = position.cast(Throw.of(value))
    assert after.throw is not None, f"throw {value} was lost: {events}"
    return after


def moves(text: str, value: int, rules: SenetRules = SENET) -> list[str]:
    """The legal moves of ``value`` in a position, in notation."""
    position = at(text, rules)
    return [position.describe(m) for m in position.legal_moves(Throw.of(value))]


def play(text: str, value: int, move: str, rules: SenetRules = SENET) -> tuple[SenetPosition,
                                                                               tuple[object, ...]]:
    position = thrown(at(text, rules), value)
    return position.play(position.parse_move(move))


def opened(black: Side) -> SenetPosition:
    """The position right after ``black`` won the opening (throwing first in a round)."""
    position = SENET.new(black)
    position, _ = position.cast(Throw.of(1))
    position, events = position.cast(Throw.of(3))
    assert events == (Opened(black),)
    return position


# --- The board ---------------------------------------------------------------------------------


def test_thirty_squares_named_h1_to_h30_along_the_path() -> None:
    assert SQUARES == tuple(f"H{n}" for n in range(1, 31))
    assert BOARD.squares == SQUARES and BOARD.paths == (SQUARES, SQUARES)
    assert not any(name.startswith("S") for name in SQUARES)  # S1-S4 are the stick pixels


def test_the_path_snakes_through_three_rows_of_ten() -> None:
    assert [place(n) for n in (1, 10, 11, 20, 21, 30)] == [
        (0, 0), (0, 9), (1, 9), (1, 0), (2, 0), (2, 9)]
    assert (BOARD.rows, BOARD.columns) == (3, 10)
    for n in range(1, 30):  # neighbours on the path are neighbours on the board
        (r1, c1), (r2, c2) = place(n), place(n + 1)
        assert abs(r1 - r2) + abs(c1 - c2) == 1


def test_the_houses_are_marked() -> None:
    assert dict(BOARD.marked) == {"H15": "rebirth", "H26": "happiness", "H27": "water",
                                  "H28": "three", "H29": "two", "H30": "horus"}


# --- Equipment ---------------------------------------------------------------------------------


def test_each_side_has_five_pieces() -> None:
    assert SENET.pieces == 5
    position = opened(R)
    assert [len(position.squares(side)) for side in Side] == [5, 5]


def test_the_sticks_are_taits_four_sticks() -> None:
    assert SENET.chance == TAIT.chance
    rng = random.Random(1)
    counts = Counter(SENET.draw(rng).value for _ in range(16_000))
    for value, chance in SENET.chance.outcomes:
        assert counts[value] / 16_000 == pytest.approx(float(chance), abs=0.015)


# --- The opening -------------------------------------------------------------------------------


def test_a_new_game_starts_with_no_piece_set_out_and_the_board_throwing() -> None:
    position = SENET.new(C)
    assert position.opening and position.throw is None and position.moves == ()
    assert position.owners() == {} and position.waiting(C) == position.waiting(R) == 5
    with pytest.raises(WrongPhase, match="opening"):
        position.play(SENET.core.moves[C][1][10])  # type: ignore[arg-type]


def test_the_opening_is_thrown_in_rounds_until_exactly_one_side_throws_a_one() -> None:
    position = SENET.new(C)
    for first, second in ((1, 1), (2, 6), (4, 3)):  # both a 1, or neither: another round
        position, events = position.cast(Throw.of(first))
        assert events == (TurnPassed(R),) and position.turn == R
        position, events = position.cast(Throw.of(second))
        assert events == (TurnPassed(C),) and position.opening and position.turn == C
    position, _ = position.cast(Throw.of(2))
    position, events = position.cast(Throw.of(1))
    assert events == (Opened(R),) and not position.opening


def test_the_side_with_the_only_one_plays_black_on_the_even_squares() -> None:
    for black in Side:
        position = opened(black)
        assert position.black == black and position.turn == black
        assert position.squares(black) == {"H2", "H4", "H6", "H8", "H10"}
        assert position.squares(black.other) == {"H1", "H3", "H5", "H7", "H9"}
        assert position.waiting(C) == 0


def test_black_opens_by_moving_h10_to_h11_with_its_one() -> None:
    position = opened(C)
    assert position.throw is not None and position.throw.value == 1
    assert [str(m) for m in position.moves] == ["H10-H11"]  # H2xH3 and others are not allowed
    position, events = position.play(position.moves[0])
    assert events == (Moved(C, "H10", "H11"), ExtraTurnEarned(C, "one"), ExtraTurnTaken(C, 0))


def test_whites_first_move_is_made_with_the_piece_on_h9() -> None:
    first = "C:H2,H4,H6,H8,H11 R:H1,H3,H5,H7,H9 black:C moved:C turn:R"
    assert moves(first, 3) == ["H9-H12"]
    later = first.replace("moved:C", "moved:CR")
    assert moves(later, 3) == ["H1xH4", "H3xH6", "H5xH8", "H7-H10", "H9-H12"]


def test_whites_first_move_may_use_another_piece_when_h9_cannot_move() -> None:
    first = "C:H2,H4,H6,H11,H12 R:H1,H3,H5,H7,H9 black:C moved:C turn:R"
    assert moves(first, 3) == ["H1xH4", "H3xH6", "H5-H8", "H7-H10"]  # H11 and H12 guard


def test_the_loser_of_the_last_game_throws_first_in_the_opening() -> None:
    rng = random.Random(0)
    assert SENET.first_side(rng, None) == C
    assert SENET.first_side(rng, C) == R and SENET.first_side(rng, R) == C


# --- A turn ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "name"), [(1, "one"), (4, "four"), (6, "six")])
def test_a_one_four_or_six_earns_another_throw(value: int, name: str) -> None:
    after, events = play("C:H3 R:H20", value, "H3")
    assert events[-2:] == (ExtraTurnEarned(C, name), ExtraTurnTaken(C, 0))  # type: ignore[arg-type]
    assert after.turn == C and after.throw is None


@pytest.mark.parametrize("value", [2, 3])
def test_a_two_or_three_passes_the_turn(value: int) -> None:
    after, events = play("C:H3 R:H20", value, "H3")
    assert events[-1] == TurnPassed(R) and after.turn == R


@pytest.mark.parametrize("value", [1, 6])
def test_a_throw_with_no_legal_move_is_lost_and_the_turn_passes(value: int) -> None:
    position = at("C:H9,H10 R:H11,H12,H13")  # guarded and blocked
    after, events = position.cast(Throw.of(value))
    assert after.throw is None and after.turn == R
    assert events == (ThrowLost(C, Throw.of(value)), TurnPassed(R))


# --- Moves -------------------------------------------------------------------------------------


def test_a_piece_may_not_land_on_its_own_side() -> None:
    assert moves("C:H3,H5 R:H20", 2) == ["H5-H7"]


def test_landing_on_a_lone_opponent_swaps_the_two_pieces() -> None:
    after, events = play("C:H3 R:H5,H20", 2, "H3xH5")
    assert after.owners() == {"H3": R, "H5": C, "H20": R}
    assert events[:2] == (Moved(C, "H3", "H5"), Swapped(R, "H5", "H3"))


def test_two_pieces_in_a_row_protect_each_other() -> None:
    assert moves("C:H3,H4 R:H5,H6", 2) == []
    assert moves("C:H3,H4 R:H5,H6", 3) == ["H4-H7"]
    assert moves("C:H3 R:H5,H7", 2) == ["H3xH5"]  # a gap between them: no protection


def test_protection_runs_along_the_path_from_row_to_row() -> None:
    assert moves("C:H7 R:H10,H11", 3) == []  # H10 and H11 are neighbours on the path
    assert moves("C:H7 R:H10,H12", 3) == ["H7xH10"]


def test_three_pieces_in_a_row_block_passage() -> None:
    assert moves("C:H3 R:H5,H6,H7", 6) == []  # H9 lies beyond the three
    assert moves("C:H3 R:H5,H6,H7", 4) == []  # H7 is one of them
    assert moves("C:H3 R:H4,H5,H6", 4) == []
    assert moves("C:H3 R:H4,H5,H6,H7", 6) == []
    assert moves("C:H1 R:H4,H5,H6", 4) == []  # one short of passing: it would land on H5
    assert moves("C:H22 R:H24,H25,H26", 6) == []


def test_two_pieces_in_a_row_do_not_block() -> None:
    assert moves("C:H3 R:H5,H6", 4) == ["H3-H7"]
    assert moves("C:H3 R:H5,H6,H8", 6) == ["H3-H9"]


@pytest.mark.parametrize("refuge", [26, 28, 29])
def test_pieces_on_refuges_cannot_be_captured(refuge: int) -> None:
    assert moves(f"C:H{refuge - 3} R:H{refuge},H3", 3) == []
    assert moves("C:H13 R:H15,H3", 2) == ["H13xH15"]  # H15 is no refuge in the usual rules


def test_the_house_of_water_sends_a_piece_to_the_lowest_empty_square() -> None:
    after, events = play("C:H1,H2,H23 R:H3,H5", 4, "H23-H27")
    assert events[:2] == (Moved(C, "H23", "H27"), Washed(C, "H4"))
    assert after.squares(C) == {"H1", "H2", "H4"} and "H27" not in after.occupancy()


def test_a_side_must_move_even_into_the_water() -> None:
    assert moves("C:H21 R:H2", 6) == ["H21-H27"]


def test_illegal_moves_are_refused_and_say_why() -> None:
    position = thrown(at("C:H3,H5 R:H7,H8,H20"), 3)
    with pytest.raises(IllegalMove, match="no Cone stands on H4"):
        position.parse_move("H4")
    with pytest.raises(IllegalMove, match="the Reel on H8 is safe there"):
        position.play(SENET.core.moves[C][3][5])  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="H3 goes to H6"):
        position.parse_move("H3-H7")
    with pytest.raises(WrongPhase, match="must move the 3"):
        position.cast(Throw.of(3))
    with pytest.raises(IllegalThrow, match="cannot show 5"):
        at("C:H3 R:H20").cast(Throw.of(5))


# --- Bearing off -------------------------------------------------------------------------------


def test_reaching_h30_exactly_bears_a_piece_off_at_any_time() -> None:
    after, events = play("C:H2,H26 R:H5", 4, "H26-off")
    assert events[0] == BorneOff(C, "H26") and after.off == (4, 4)


def test_a_piece_bears_off_beyond_h30_only_when_all_are_on_the_third_row() -> None:
    assert moves("C:H19,H28 R:H5", 3) == ["H19-H22"]
    assert moves("C:H21,H28 R:H5", 3) == ["H21-H24", "H28-off"]
    assert moves("C:H21,H28 R:H5", 6) == ["H21-H27", "H28-off"]


def test_no_piece_rests_on_h30_or_in_the_water() -> None:
    with pytest.raises(BadNotation, match="H30"):
        at("C:H30 R:H5")
    with pytest.raises(BadNotation, match="House of Water"):
        at("C:H27 R:H5")



# --- The end and the score ---------------------------------------------------------------------


def test_bearing_off_the_last_piece_wins_and_scores_the_losers_pieces_by_row() -> None:
    after, events = play("C:H28 R:H2,H12,H19,H25", 2, "H28-off")
    assert after.winner == C and after.is_over and after.turn == C
    assert after.score == 3 + 2 + 2 + 1
    assert events == (BorneOff(C, "H28"), Won(C), Scored(C, 8))
    with pytest.raises(WrongPhase, match="over"):
        after.cast(Throw.of(2))


def test_the_losers_pieces_borne_off_score_nothing() -> None:
    after, _ = play("C:H29 R:H21", 1, "H29-off")
    assert after.score == 1


# --- Rule variations ---------------------------------------------------------------------------

HAPPINESS = SenetRules(happiness_exact=True)
REBIRTH_WATER = SenetRules(water_to_rebirth=True)
REBIRTH_SAFE = SenetRules(rebirth_safe=True)
EXACT = SenetRules(exact_exits=True)
BACKWARD = SenetRules(backward_when_blocked=True)


def test_house_of_happiness_must_be_landed_on_exactly() -> None:
    assert moves("C:H23 R:H2", 4) == ["H23-H27"]
    assert moves("C:H23 R:H2", 4, HAPPINESS) == []
    assert moves("C:H23 R:H2", 3, HAPPINESS) == ["H23-H26"]
    assert moves("C:H24 R:H2", 6, HAPPINESS) == []  # no bearing off past it either
    assert moves("C:H26 R:H2", 4, HAPPINESS) == ["H26-off"]  # from H26 on, as usual


def test_water_to_rebirth_sends_a_piece_to_h15() -> None:
    after, events = play("C:H1,H23 R:H3", 4, "H23", REBIRTH_WATER)
    assert events[1] == Washed(C, "H15") and after.squares(C) == {"H1", "H15"}


def test_water_to_rebirth_takes_the_nearest_empty_square_before_a_taken_h15() -> None:
    after, events = play("C:H14,H23 R:H15,H13", 4, "H23", REBIRTH_WATER)
    assert after.squares(C) == {"H12", "H14"}
    assert events[1] == Washed(C, "H12")


def test_house_of_rebirth_is_a_refuge() -> None:
    assert moves("C:H13 R:H15,H3", 2) == ["H13xH15"]
    assert moves("C:H13 R:H15,H3", 2, REBIRTH_SAFE) == []


def test_exact_exits_leave_from_28_29_30_by_a_3_2_1() -> None:
    assert moves("C:H21,H28 R:H2", 3, EXACT) == ["H21-H24", "H28-off"]
    assert moves("C:H21,H29 R:H2", 2, EXACT) == ["H21-H23", "H29-off"]
    assert moves("C:H21,H30 R:H2", 1, EXACT) == ["H21-H22", "H30-off"]
    assert moves("C:H26 R:H2", 4, EXACT) == ["H26-H30"]  # reaching H30 is no longer leaving
    assert moves("C:H26 R:H2", 6, EXACT) == []  # and nothing goes past the end
    assert moves("C:H29 R:H2", 3, EXACT) == []
    assert moves("C:H28 R:H2,H14", 3, EXACT) == ["H28-off"]  # no third-row condition


def test_exact_exits_let_pieces_rest_on_h30_a_refuge() -> None:
    assert at("C:H30 R:H2", EXACT).squares(C) == {"H30"}
    assert moves("C:H26 R:H30,H2", 4, EXACT) == []
    assert moves("C:H26 R:H29,H2", 3, EXACT) == []


def test_backward_moves_use_a_throw_no_piece_can_use_forward() -> None:
    blocked = "C:H20 R:H18,H21,H22,H23"  # three Reels in a row ahead of the only Cone
    assert [moves(blocked, v) for v in (1, 2)] == [[], []]  # usually the throw is lost
    assert [moves(blocked, v, BACKWARD) for v in (1, 2, 3, 4, 6)] == [
        ["H20-H19"], ["H20xH18"], ["H20-H17"], ["H20-H16"], ["H20-H14"]]
    after, events = play(blocked, 2, "H20-H18", BACKWARD)  # back onto a lone Reel: a swap
    assert events == (Moved(C, "H20", "H18"), Swapped(R, "H18", "H20"), TurnPassed(R))
    assert after.squares(R) == {"H20", "H21", "H22", "H23"}


def test_backward_moves_only_when_no_piece_can_go_forward() -> None:
    assert moves("C:H3,H20 R:H21,H22,H23", 1, BACKWARD) == ["H3-H4"]


def test_a_backward_move_with_a_1_4_or_6_earns_another_throw() -> None:
    after, events = play("C:H20 R:H18,H21,H22,H23", 1, "H20", BACKWARD)
    assert events[-2:] == (ExtraTurnEarned(C, "one"), ExtraTurnTaken(C, 0))
    assert after.turn == C and after.squares(C) == {"H19"}


def test_backward_moves_never_pass_three_in_a_row() -> None:
    rules = SenetRules(happiness_exact=True, backward_when_blocked=True)
    # H25 cannot go forward: H26 holds a Reel on its refuge, and nothing may pass H26.
    assert moves("C:H25 R:H22,H23,H26", 4, rules) == ["H25-H21"]
    assert moves("C:H25 R:H22,H23,H24,H26", 4, rules) == []  # back over three: lost


# --- Notation, records and the game interface --------------------------------------------------


def random_game(rules: SenetRules, seed: int) -> list[SenetPosition]:
    """Every position of a random game."""
    rng = random.Random(seed)
    position = rules.new(Side(seed % 2))
    seen = [position]
    while not position.is_over:
        position, _ = position.cast(rules.draw(rng))
        seen.append(position)
        if position.moves:
            position, _ = position.play(rng.choice(position.moves))
            seen.append(position)
    return seen


def test_positions_print_and_parse_back() -> None:
    for rules in (SENET, EXACT):
        for position in random_game(rules, 3) + random_game(rules, 4):
            assert rules.parse(position.notation()) == position
            assert position.notation() == str(position)


def test_moves_print_and_parse_back() -> None:
    position = thrown(at("C:H3,H12,H28 R:H14,H20"), 2)
    assert [position.describe(m) for m in position.moves] == ["H3-H5", "H12xH14", "H28-off"]
    for move in position.moves:
        assert position.parse_move(position.describe(move)) is move
        assert position.parse_move(move.source.lower()) is move
    assert position.parse_move(" h28-OFF ") is position.moves[2]


@pytest.mark.parametrize(("text", "problem"), [
    ("C:H3 R:H3", "two pieces on H3"),
    ("C:H3,H3 R:H5", "listed twice"),
    ("C:H31 R:H5", "Senet's squares are H1-H30"),
    ("C:H3 R:H5 off:1,0", "5 pieces"),
    ("C:H3 R:H5 turn:C throw:9", "cannot show 9"),
    ("C:H3 R:H5 turn:C throw:WWDX", "not a throw"),
    ("C:H3 R:H5 colour:C", "unknown field 'colour'"),
    ("C:H3 R:H5 turn:C turn:R", "names a field twice"),
    ("C:H3 R:H5 winner:C", "not borne off every piece"),
    ("black:- opening:2", "opening is -, 1 or x"),
    ("C:H3 black:-", "during the opening"),
    ("C:H9,H10 R:H11,H12,H13 throw:6", "no move, so it was lost"),
    ("nonsense", "fields are key:value"),
])
def test_bad_positions_are_refused_saying_what_is_wrong(text: str, problem: str) -> None:
    with pytest.raises(BadNotation, match=problem):
        SENET.parse(text)


def test_bad_moves_are_refused_saying_what_is_wrong() -> None:
    position = thrown(at("C:H3 R:H20"), 2)
    with pytest.raises(BadNotation, match="Senet's squares"):
        position.parse_move("M5-M7")
    with pytest.raises(WrongPhase, match="must throw"):
        at("C:H3 R:H20").parse_move("H3")


def test_the_opening_prints_and_parses_back() -> None:
    position = SENET.new(R)
    position, _ = position.cast(Throw.of(1))
    assert position.notation() == "black:- opening:1 turn:C"
    assert SENET.parse(position.notation()) == position


def test_a_record_names_the_game_and_replays_exactly() -> None:
    rules = SenetRules(happiness_exact=True)
    rng = random.Random(9)
    position, actions = rules.new(C), []
    while not position.is_over:
        throw = rules.draw(rng)
        position, _ = position.cast(throw)
        actions.append(throw)
        if position.moves:
            move = rng.choice(position.moves)
            position, _ = position.play(move)
            actions.append(move)
    record = GameRecord(rules, C, tuple(actions))
    text = record.to_json()
    assert '"game": "senet"' in text and '"happiness_exact": true' in text
    loaded = GameRecord.from_data(json.loads(text))
    assert loaded.ruleset == rules and loaded.actions == record.actions
    assert loaded.final_state() == position


def test_a_record_from_a_position_keeps_it() -> None:
    start = at("C:H26 R:H2,H20 turn:C")
    record = GameRecord(SENET, C, (Throw.of(4),), start)
    loaded = GameRecord.from_data(record.to_data())
    assert loaded.start == start and loaded.final_state().throw == Throw.of(4)


@pytest.mark.parametrize(("ruleset", "problem"), [
    ('{"game": "senet", "happiness": true}', "unknown Senet option 'happiness'"),
    ('{"game": "senet", "exact_exits": 1}', "exact_exits must be true or false"),
    ('{"game": "go"}', "unknown game 'go'"),
])
def test_records_with_bad_rules_are_refused(ruleset: str, problem: str) -> None:
    text = f'{{"format": "aseb-game", "version": 1, "ruleset": {ruleset}, "actions": []}}'
    with pytest.raises(BadRecord, match=problem):
        GameRecord.from_data(json.loads(text))


def test_the_rules_round_trip_through_json_and_the_registry() -> None:
    for rules in (SENET, HAPPINESS, REBIRTH_WATER, REBIRTH_SAFE, EXACT, BACKWARD):
        assert SenetRules.from_json(rules.to_json()) == rules
    assert load("senet") is SENET and load(" Senet ").title == "Senet"


def test_senet_implements_the_game_interface() -> None:
    assert isinstance(SENET, Rules)
    position = thrown(at("C:H3,H12 R:H14,H20"), 2)
    assert isinstance(position, Position)
    assert SENET.geometry.board == "senet"
    assert position.off == (3, 3) and position.waiting(C) == 0


def test_each_move_says_its_journeys() -> None:
    position = thrown(at("C:H3,H12,H25 R:H1,H14,H20"), 2)
    plain, swap, water = position.moves
    assert position.journeys(plain) == (Journey(C, "H3", "H5"),)
    assert position.journeys(swap) == (Journey(C, "H12", "H14"), Journey(R, "H14", "H12"))
    assert position.journeys(water) == (Journey(C, "H25", "H2", via=("H27",)),)
    position = thrown(at("C:H28 R:H2"), 2)
    assert position.journeys(position.moves[0]) == (
        Journey(C, "H28", Offboard.BORNE_OFF, via=("H30",)),)  # on its way off over H30
    position = thrown(at("C:H30 R:H2", EXACT), 1)
    assert position.journeys(position.moves[0]) == (Journey(C, "H30", Offboard.BORNE_OFF),)


def test_every_event_reads_as_a_line_of_the_game() -> None:
    for position in random_game(SENET, 5):
        for value in (1, 2, 3, 4, 6):
            if position.is_over or position.throw is not None:
                continue
            after, events = position.cast(Throw.of(value))
            lines = [event_text(e) for e in events]
            for move in after.moves:
                lines += [event_text(e) for e in after.play(move)[1]]
            assert all(line.endswith((".", "!")) for line in lines)
