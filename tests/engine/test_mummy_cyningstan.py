"""The mummy plays Cyningstan's rules: every level, hints, the fair mode, and an evaluation of
its own that knows pieces rest on 16."""

from __future__ import annotations

import random

import pytest

from engine.core.sides import Side
from engine.cyningstan import RULES
from engine.cyningstan.mummy import WEIGHTS as CYNINGSTAN_WEIGHTS
from engine.mummy import Fair, Level, Mummy, hint
from engine.tait.evaluation import evaluate, model, threatened
from engine.tait.moves import Move
from engine.tait.priest import priest_move
from engine.tait.rules import EXACT_PAST_16, LAND_ON_16
from engine.tait.state import TAIT, GameState, Ruleset
from engine.tait.vizier import Vizier, expectiminimax
from tests.engine.test_mummy_levels import positions
from tests.engine.test_mummy_vizier import brute_force

C, R = Side.CONES, Side.REELS


def at(text: str) -> GameState:
    return RULES.parse(text)


POSITIONS = positions(1, 5, RULES) + positions(2, 5, RULES)


@pytest.mark.parametrize("level", list(Level))
def test_every_level_plays_a_legal_move(level: Level) -> None:
    mummy = Mummy(level, vizier=Vizier(depth=1))
    rng = random.Random(3)
    assert any(s.board[0] >> 16 & 1 or s.board[1] >> 16 & 1 for s in POSITIONS)  # rests on 16
    for state in POSITIONS:
        assert mummy.choose(state, rng) in state.legal_moves()


def play_game(levels: tuple[Level, Level], seed: int) -> tuple[list[Move], Side]:
    mummies = tuple(Mummy(level, vizier=Vizier(depth=1)) for level in levels)
    throws, choices = random.Random(seed), random.Random(seed + 1)
    state = RULES.new(RULES.first_side(throws, None))
    moves: list[Move] = []
    while state.winner is None:
        state, _ = state.cast(RULES.draw(throws))
        if state.moves:
            moves.append(mummies[state.turn].choose(state, choices))
            state, _ = state.play(moves[-1])
    return moves, state.winner


def test_the_same_seed_replays_the_same_game() -> None:
    levels = (Level.PRIEST, Level.VIZIER)
    assert play_game(levels, 5) == play_game(levels, 5)
    assert play_game(levels, 5) != play_game(levels, 6)


TINY = [
    "C:M15 R:M14 off:4,4 turn:C",
    "C:M16 R:M13 off:4,4 turn:R",
    "C:M12,M16 R:M9,M14 off:3,3 turn:C",
    "C:C3 R:M16 off:4,4 turn:C",
    "C:M13 R:M9 off:4,4 turn:C throw:4",
]


@pytest.mark.parametrize("text", TINY)
@pytest.mark.parametrize("depth", [0, 1, 2])
def test_the_vizier_search_equals_a_plain_expectimax_over_the_die(text: str, depth: int) -> None:
    state = at(text)
    assert expectiminimax(state, depth) == pytest.approx(brute_force(state, depth), abs=1e-12)


def test_the_vizier_bears_off_the_last_piece_to_win() -> None:
    state = at("C:M15 R:M14 off:4,4 turn:C throw:2")
    assert state.describe(Vizier().choose(state)) == "M15-off"


def test_the_vizier_bumps_the_piece_resting_on_16_rather_than_race_behind_it() -> None:
    state = at("C:M12,M6 R:M16 off:2,4 turn:C throw:4")
    assert state.describe(Vizier().choose(state)) == "M12xM16"


def test_the_priest_bumps_a_piece_resting_on_16() -> None:
    state = at("C:C1,M13 R:M16 off:0,2 turn:C throw:3")
    assert state.describe(priest_move(state)) == "M13xM16"


def test_a_piece_on_16_is_within_reach_only_where_pieces_rest_there() -> None:
    assert threatened(at("C:M16 R:M13 turn:C"), C, 16)
    assert not threatened(TAIT.parse("C:M15 R:M13 entered:CR turn:C"), C, 16)


def test_the_evaluation_is_cyningstans_own_and_counts_a_piece_on_16() -> None:
    m = model(RULES)
    assert m.weights is CYNINGSTAN_WEIGHTS and len(m.early) == 1 << 17
    ahead = evaluate(at("C:M16 R:M5 off:4,0 turn:R"))
    behind = evaluate(at("C:M5 R:M16 off:0,4 turn:C"))
    assert ahead > 0.9 and behind < 0.1
    assert evaluate(at("C:M16 R:R1 turn:R")) > evaluate(at("C:- R:R1 turn:R"))


def test_a_hint_names_bearing_off_past_16() -> None:
    state = at("C:M16,M9 R:M5 off:3,0 turn:C throw:1")
    found = hint(state, Level.PRIEST)
    assert (found.notation, found.reason) == ("M16-off", "bears the piece on M16 off")


def test_the_fair_mode_follows_the_visitors_results() -> None:
    rng = random.Random(7)
    fair = Fair()
    mummy = Mummy(vizier=Vizier(depth=1))
    for number in range(6):
        visitor = Side(number % 2)
        state = RULES.new(RULES.first_side(rng, None))
        levels = set()
        while state.winner is None:
            state, _ = state.cast(RULES.draw(rng))
            if not state.moves:
                continue
            if state.turn == visitor:
                move = rng.choice(state.moves)
            else:
                levels.add(level := fair.pick(rng))
                move = mummy.choose(state, rng, level)
            state, _ = state.play(move)
        before = fair.strength
        assert levels <= {Level(int(before)), Level(min(2, int(before) + 1))}
        fair = fair.after_game(visitor_won=state.winner == visitor)
        assert fair.strength == max(0.0, min(2.0, before + (0.25 if state.winner == visitor
                                                            else -0.25)))
    assert fair.games == 6


def test_a_variant_takes_the_weights_of_the_game_whose_pieces_rest_where_its_do() -> None:
    assert model(Ruleset(bear_off=EXACT_PAST_16)).weights is CYNINGSTAN_WEIGHTS
    assert model(Ruleset(name="cyningstan", bear_off=LAND_ON_16)).weights is model(TAIT).weights
