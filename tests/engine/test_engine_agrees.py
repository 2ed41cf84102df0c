"""The table-driven engine agrees with the rules written plainly (tests/engine/reference.py):
the same legal moves for every throw, the same events and the same position after each move,
under Tait's rules, Cyningstan's, and variants hypothesis makes up."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.sticks import Throw
from engine.cyningstan import RULES as CYNINGSTAN
from engine.tait.rules import BEAR_OFF
from engine.tait.state import TAIT, GameState, Ruleset
from tests.benchmarks.engine_games import core_games, position_games
from tests.engine.reference import Position

STICKS = TAIT.throw_weights
DIE = tuple((v, 1) for v in range(1, 7))
values = st.sampled_from((1, 2, 3, 4, 6))
rulesets = st.builds(
    Ruleset,
    throw_weights=st.sampled_from((STICKS, DIE, CYNINGSTAN.throw_weights)),
    device=st.sampled_from(("sticks", "die")),
    bear_off=st.sampled_from(tuple(BEAR_OFF)),
    random_first=st.booleans(),
    entry_throws=st.frozensets(values, min_size=1),
    extra_turn_throws=st.frozensets(values, max_size=2),
    marked_safe=st.booleans(),
    pieces=st.integers(min_value=1, max_value=7),
)


def same(state: GameState, plain: Position) -> None:
    assert [sorted(state.positions(side)) for side in (0, 1)] == [sorted(p) for p in plain.pieces]
    assert list(state.off) == plain.off
    assert list(state.entered) == plain.entered
    assert (state.turn, state.extra_turns) == (plain.turn, plain.extra)
    assert state.winner == plain.winner


def play_both(ruleset: Ruleset, seed: int, throws: int = 3_000) -> int:
    """Play one random game on both; return how many moves were compared."""
    rng = random.Random(seed)
    first = ruleset.first_side(rng, None)
    state, plain = GameState.new(ruleset, first), Position(ruleset, turn=first)
    compared = 0
    for _ in range(throws):
        if state.winner is not None:
            break
        for value in ruleset.values:
            legal = state.legal_moves(Throw.of(value))
            assert [(m.start, m.steps) for m in legal] == plain.legal(value)
            assert all(m.bears_off == (m.end == plain.off_at) for m in legal)
        throw = ruleset.draw(rng)
        state, events = state.cast(throw)
        if state.throw is None:
            assert list(events) == plain.lose(throw)
        else:
            move = rng.choice(state.moves)
            state, events = state.play(move)
            assert list(events) == plain.play(move.start, move.steps)
            compared += 1
        same(state, plain)
    return compared


def test_the_default_rules_agree_over_many_games() -> None:
    compared = sum(play_both(TAIT, seed) for seed in range(40))
    assert compared > 2_000


def test_cyningstans_rules_agree_over_many_games() -> None:
    compared = sum(play_both(CYNINGSTAN, seed) for seed in range(40))
    assert compared > 2_000


@settings(max_examples=80, deadline=None)
@given(rulesets, st.integers(min_value=0, max_value=2**32 - 1))
def test_variant_rules_agree(ruleset: Ruleset, seed: int) -> None:
    play_both(ruleset, seed, throws=600)


@pytest.mark.parametrize("ruleset", [TAIT, CYNINGSTAN], ids=["tait", "cyningstan"])
def test_the_core_and_game_states_play_the_same_games(ruleset: Ruleset) -> None:
    """The benchmark's two paths: packed positions through the tables, and GameState."""
    core = core_games(200, random.Random(5), ruleset)
    assert core == position_games(ruleset.name)(200, random.Random(5))
    wins, throws = core
    assert sum(wins) == 200 and throws > 200 * 50
