"""One test per rule of engine/cyningstan/rules.md, named after the rule, in the order the page
gives them; then notation, records and the journeys a move leaves for the board."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction

import pytest

from engine import games
from engine.core.errors import BadRecord, IllegalMove
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
from engine.core.sticks import Throw
from engine.cyningstan import RULES, rules_from_json
from engine.game import Game
from engine.games.api import Journey, Offboard, Rules
from engine.record import GameRecord
from engine.tait.board import TWENTY_SQUARES, path
from engine.tait.moves import Move
from engine.tait.state import TAIT, GameState

C, R = Side.CONES, Side.REELS


def at(text: str) -> GameState:
    """A position under Cyningstan's rules from notation."""
    return RULES.parse(text)


def thrown(state: GameState, value: int) -> GameState:
    """The state after the side to play throws ``value`` (which must leave a move)."""
    after, events = state.cast(Throw(value))
    assert after.throw is not None, f"throw {value} was lost: {events}"
    return after


def moves(state: GameState, value: int) -> list[str]:
    """The legal moves of a throw, in notation."""
    return [state.describe(m) for m in state.legal_moves(Throw(value))]


def play(state: GameState, value: int, text: str) -> tuple[GameState, tuple[object, ...]]:
    state = thrown(state, value)
    return state.play(state.parse_move(text))


def random_games(count: int) -> list[Game]:
    """Finished games of random legal moves, each with its own seed."""
    finished = []
    for seed in range(count):
        rng = random.Random(seed)
        game = Game(RULES, RULES.first_side(rng, None))
        while not game.state.is_over:
            game.cast(RULES.draw(rng))
            if game.state.moves:
                game.play(rng.choice(game.state.moves))
        finished.append(game)
    return finished


# --- The board and the equipment ---------------------------------------------------------------


def test_the_same_board_and_paths_as_taits_game() -> None:
    assert RULES.geometry is TWENTY_SQUARES
    assert TWENTY_SQUARES.paths == (path(C), path(R))
    assert path(C)[:5] == ("C1", "C2", "C3", "C4", "M5") and path(C)[-1] == "M16"


def test_five_marked_squares_at_4_8_12_16() -> None:
    assert set(RULES.geometry.marked) == {"C4", "R4", "M8", "M12", "M16"}


def test_each_side_starts_with_five_pieces_off_the_board() -> None:
    state = RULES.new(C)
    assert RULES.pieces == 5
    assert state.occupancy() == frozenset()
    assert (state.waiting(C), state.waiting(R), state.off) == (5, 5, (0, 0))


def test_a_four_sided_die_throws_1_to_4_equally_likely() -> None:
    assert RULES.chance.name == "die"
    assert RULES.chance.outcomes == tuple((v, Fraction(1, 4)) for v in (1, 2, 3, 4))
    rng = random.Random(3)
    counts = Counter(RULES.draw(rng) for _ in range(8_000))
    assert set(counts) == {Throw(1), Throw(2), Throw(3), Throw(4)}  # plain values: no sticks
    assert all(1_800 < n < 2_200 for n in counts.values())


# --- Who starts ----------------------------------------------------------------------------------


def test_the_first_player_is_drawn_at_random_after_a_win_too() -> None:
    rng = random.Random(5)
    for last_winner in (None, C, R):
        firsts = Counter(RULES.first_side(rng, last_winner) for _ in range(2_000))
        assert 900 < firsts[C] < 1_100 and firsts[C] + firsts[R] == 2_000
    winners = random_games(1)[0]
    nexts = Counter(winners.next_game(random.Random(seed)).first for seed in range(200))
    assert nexts[C] > 60 and nexts[R] > 60
    with pytest.raises(ValueError, match="pass an rng"):
        winners.next_game()


def test_there_is_no_demon_cast() -> None:
    game = Game(RULES, R)
    assert not game.state.opening
    assert game.demon_cast(random.Random(1)) == () and game.actions == ()


# --- A turn ---------------------------------------------------------------------------------------


def test_a_move_is_compulsory_when_there_is_one() -> None:
    state = at("C:M6 R:M9 turn:C")
    after, events = state.cast(Throw(2))
    assert events == () and after.throw == Throw(2)  # no pass: a move is awaited
    assert moves(state, 2) == ["in-C2", "M6-M8"]


def test_a_throw_with_no_legal_move_is_lost_and_the_turn_passes() -> None:
    state = at("C:M15,M16 R:M9 off:3,0 turn:C")  # none waiting; a 3 carries both too far
    after, events = state.cast(Throw(3))
    assert events == (ThrowLost(C, Throw(3)), TurnPassed(R))
    assert after.turn == R and after.throw is None


# --- Moves ---------------------------------------------------------------------------------------


def test_any_throw_enters_a_piece_from_the_first_throw() -> None:
    state = RULES.new(C)
    for value in (1, 2, 3, 4):
        assert moves(state, value) == [f"in-C{value}"]


def test_a_piece_may_enter_while_others_are_on_the_board() -> None:
    state = at("C:C1,M7 R:M9 turn:C")
    assert "in-C3" in moves(state, 3)
    after, events = play(state, 3, "in-C3")
    assert events == (Entered(C, "C3"), TurnPassed(R))
    assert after.squares(C) == {"C1", "C3", "M7"}


def test_a_piece_may_not_land_on_its_own_side() -> None:
    state = at("C:C2,M6 turn:C")
    assert moves(state, 4) == ["in-C4", "M6-M10"]  # not C2-M6: a Cone stands on M6
    with pytest.raises(IllegalMove, match="already stands"):
        thrown(state, 4).play(Move(C, 2, 4, off_at=17))


def test_pieces_jump_over_any_pieces() -> None:
    state = at("C:M6,M7 R:M8 turn:C")
    after, _ = play(state, 4, "M6-M10")
    assert after.squares(C) == {"M7", "M10"} and after.squares(R) == {"M8"}


def test_landing_on_an_opponent_sends_it_back_to_enter_again() -> None:
    state = at("C:M6 R:M9 turn:C")
    after, events = play(state, 3, "M6xM9")
    assert events == (Moved(C, "M6", "M9"), Bumped(R, "M9"), TurnPassed(R))
    assert after.squares(R) == frozenset() and after.waiting(R) == 5


def test_the_first_four_squares_are_safe() -> None:
    """Private squares: no opponent's move ever lands there, whatever stands where."""
    for game in random_games(20):
        state = game.record.initial()
        for action, after in game.record.replay():
            if isinstance(action, Move):
                assert not (state.is_bump(action) and action.end <= 4)
            state = after
    state = at("C:C3 R:R3 turn:R")
    assert moves(state, 1) == ["in-R1", "R3-R4"]


@pytest.mark.parametrize("square", ["M8", "M12", "M16"])
def test_marked_squares_are_not_safe(square: str) -> None:
    target = int(square[1:])
    state = at(f"C:M{target - 2} R:{square} turn:C")
    after, events = play(state, 2, f"M{target - 2}x{square}")
    assert Bumped(R, square) in events and after.squares(C) == {square}


def test_a_piece_may_rest_on_16() -> None:
    state = at("C:M13 R:M5 turn:C")
    after, events = play(state, 3, "M13-M16")
    assert events[0] == Moved(C, "M13", "M16")
    assert after.squares(C) == {"M16"} and after.off == (0, 0)


def test_a_piece_on_16_can_be_bumped() -> None:
    state = at("C:M16 R:M12 turn:R")
    after, events = play(state, 4, "M12xM16")
    assert Bumped(C, "M16") in events and after.waiting(C) == 5


@pytest.mark.parametrize("square, throw", [("M16", 1), ("M15", 2), ("M14", 3), ("M13", 4)])
def test_bearing_off_takes_the_exact_throw_past_16(square: str, throw: int) -> None:
    state = at(f"C:{square} R:R1 turn:C")
    assert f"{square}-off" in moves(state, throw)
    after, events = play(state, throw, f"{square}-off")
    assert events == (BorneOff(C, square), TurnPassed(R))
    assert after.off == (1, 0) and after.squares(C) == frozenset()


def test_a_throw_too_big_to_bear_off_exactly_is_no_move_for_that_piece() -> None:
    state = at("C:M16 R:R1 off:4,0 turn:C")
    for value in (2, 3, 4):
        _, events = state.cast(Throw(value))
        assert events == (ThrowLost(C, Throw(value)), TurnPassed(R))
    with pytest.raises(IllegalMove, match="exact throw past 16"):
        at("C:M16,M5 turn:C throw:2").play(Move(C, 16, 2, off_at=17))


# --- Extra throws --------------------------------------------------------------------------------


@pytest.mark.parametrize("start, throw, square", [(0, 4, "C4"), (5, 3, "M8"), (9, 3, "M12"),
                                                  (14, 2, "M16")])
def test_landing_on_a_marked_square_gives_an_extra_throw(start: int, throw: int,
                                                         square: str) -> None:
    source = "in" if start == 0 else f"M{start}"
    state = at(f"C:{'M9' if start != 9 else 'M10'}{'' if start == 0 else ',' + source} turn:C")
    after, events = play(state, throw, f"{source}-{square}")
    assert ExtraTurnEarned(C, "marked") in events
    assert events[-1] == ExtraTurnTaken(C, 0)
    assert after.turn == C and after.extra_turns == 0


def test_bearing_off_gives_no_extra_throw() -> None:
    after, events = play(at("C:M16,M5 R:R1 turn:C"), 1, "M16-off")
    assert not any(isinstance(e, ExtraTurnEarned) for e in events)
    assert after.turn == R


def test_a_lost_throw_gives_no_extra_throw_even_a_four() -> None:
    state = at("C:M15,M16 R:M9 off:3,0 turn:C")
    after, events = state.cast(Throw(4))
    assert events == (ThrowLost(C, Throw(4)), TurnPassed(R))
    assert after.turn == R and after.extra_turns == 0


def test_no_throw_value_earns_an_extra_throw_by_itself() -> None:
    for value in (1, 2, 3, 4):
        after, events = play(at("C:M5 R:R1 turn:C"), value, f"M5-M{5 + value}")
        earned = value == 3  # M8 is marked
        assert any(isinstance(e, ExtraTurnEarned) for e in events) == earned
        assert after.turn == (C if earned else R)


def test_extra_throws_do_not_pile_up() -> None:
    taken = 0
    for game in random_games(30):
        state = game.record.initial()
        for _, after in game.record.replay():
            assert after.extra_turns == 0  # each extra throw is thrown at once
            taken += after.turn == state.turn and after.throw is None and not after.is_over
            state = after
    assert taken > 100


def test_an_extra_throw_with_no_move_is_lost_and_the_turn_passes() -> None:
    after, events = play(at("C:M15 R:M9 off:4,0 turn:C"), 1, "M15-M16")
    assert events[-1] == ExtraTurnTaken(C, 0)
    after, events = after.cast(Throw(3))  # the last piece rests on 16: only a 1 bears it off
    assert events == (ThrowLost(C, Throw(3)), TurnPassed(R)) and after.turn == R


# --- Winning -------------------------------------------------------------------------------------


def test_the_first_to_bear_off_all_five_wins_at_once() -> None:
    after, events = play(at("C:M15 R:M7 off:4,0 turn:C"), 2, "M15-off")
    assert events == (BorneOff(C, "M15"), Won(C))
    assert after.winner == C and after.is_over
    for game in random_games(10):
        assert game.state.off[game.state.winner] == 5


# --- Notation, records and the game interface ----------------------------------------------------


def test_bearing_off_is_written_square_dash_off() -> None:
    state = thrown(at("C:M13,M16 R:R1 turn:C"), 1)
    assert [state.describe(m) for m in state.moves] == ["in-C1", "M13-M14", "M16-off"]
    assert state.parse_move("M16-off") == Move(C, 16, 1, off_at=17)
    assert state.parse_move("M16") == Move(C, 16, 1, off_at=17)
    state = thrown(at("C:M13 R:R1 turn:C"), 4)
    assert state.describe(state.parse_move("M13-off")) == "M13-off"
    with pytest.raises(IllegalMove, match="not a move of 4"):
        state.parse_move("M13-M16")  # past 16 is off the board, not 16


def test_a_record_round_trips_through_json_naming_the_game() -> None:
    game = random_games(1)[0]
    text = game.record.to_json()
    assert '"name": "cyningstan"' in text and '"device": "die"' in text
    loaded = GameRecord.from_data(json.loads(text))
    assert loaded.ruleset == RULES and loaded.actions == game.actions
    assert loaded.final_state() == game.state
    assert Game.from_record(loaded).state == game.state


def test_a_record_naming_the_game_alone_takes_its_rules() -> None:
    assert games.from_json({"name": "cyningstan"}) == RULES
    assert rules_from_json({"name": "cyningstan", "marked_safe": True}).marked_safe
    with pytest.raises(BadRecord, match="unknown option"):
        rules_from_json({"name": "cyningstan", "safe": True})
    with pytest.raises(BadRecord, match="bear_off"):
        rules_from_json({"bear_off": "whenever"})


def test_the_game_is_registered_with_its_title_and_chance() -> None:
    assert games.load("cyningstan") is RULES
    assert isinstance(RULES, Rules)
    assert RULES.title == "Twenty Squares (Cyningstan's rules)"
    assert RULES != TAIT and RULES.to_json()["name"] == "cyningstan"
    assert RULES.new(R).turn == R


def test_bearing_off_past_16_leaves_from_its_square_with_no_stop() -> None:
    state = thrown(at("C:M15 R:R1 turn:C"), 2)
    move = state.parse_move("M15-off")
    assert state.journeys(move) == (Journey(C, "M15", Offboard.BORNE_OFF),)
    rest = thrown(at("C:M13 R:M16 turn:C"), 3)
    assert rest.journeys(rest.parse_move("M13xM16")) == (
        Journey(C, "M13", "M16"), Journey(R, "M16", Offboard.WAITING))
