"""The Vizier: its search equals a plain expectimax, its table stays bounded, it plays sensibly."""

from __future__ import annotations

import pytest

from engine.core.errors import WrongPhase
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.tait.evaluation import evaluate
from engine.tait.state import GameState
from engine.tait.vizier import TranspositionTable, Vizier, expectiminimax, position_key


def brute_force(state: GameState, depth: int) -> float:
    """Expectimax written as plainly as possible: no table, no node count, exact probabilities."""
    if state.winner is not None:
        return 1.0 if state.winner == Side.CONES else 0.0
    if state.throw is not None:
        values = [brute_force(state.play(move)[0], depth) for move in state.moves]
        return max(values) if state.turn == Side.CONES else min(values)
    if depth == 0:
        return evaluate(state)
    total = 0.0
    for value in state.ruleset.throws:
        thrown, _ = state.cast(Throw.of(value))  # a lost throw passes on at once
        total += float(state.ruleset.probability(value)) * brute_force(thrown, depth - 1)
    return total


TINY = [
    "C:M14 R:M13 off:4,4 entered:CR turn:C",
    "C:M10,M15 R:M9 off:3,4 entered:CR turn:R",
    "C:M6,M12 R:M8,M11 off:3,3 entered:CR turn:C extra:1",
    "C:C3 R:M7 off:4,4 entered:CR turn:R",
    "C:- R:M12 off:4,4 entered:C turn:C",
    "C:M13 R:M9 off:4,0 entered:CR turn:C throw:3",
    "C:C2,M6 R:M7 off:0,1 entered:CR turn:C throw:2",
]


@pytest.mark.parametrize("text", TINY)
@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_expectiminimax_equals_a_plain_expectimax(text: str, depth: int) -> None:
    state = GameState.parse(text)
    assert expectiminimax(state, depth) == pytest.approx(brute_force(state, depth), abs=1e-12)


def test_a_tiny_table_gives_the_same_values_and_stays_within_its_bound() -> None:
    state = GameState.parse("C:M6,M12 R:M8,M11 off:3,3 entered:CR turn:C extra:1")
    table = TranspositionTable(capacity=5)
    value = expectiminimax(state, 3, table=table)
    assert len(table) <= 5
    assert table.clears > 0
    assert value == pytest.approx(brute_force(state, 3), abs=1e-12)


def test_the_vizier_table_never_outgrows_its_size() -> None:
    state = GameState.parse("C:C2,M6,M9 R:M5,M7,M11 off:1,1 entered:CR turn:C throw:1")
    small, large = Vizier(table_size=40), Vizier()
    assert small.analyse(state).move == large.analyse(state).move
    assert len(small.table) <= 40 and small.table.clears > 0


def test_extra_turns_belong_to_the_same_side() -> None:
    # Cones to throw with an extra turn in hand: the Cones choose both moves, so a throw of 4
    # (M12 to off) wins at once whatever else happens.
    state = GameState.parse("C:M12 R:M15 off:4,4 entered:CR turn:C extra:1")
    assert expectiminimax(state, 1) >= 1 / 16


def test_position_keys_tell_apart_whatever_changes_the_game() -> None:
    base = GameState.parse("C:M6 R:M7 off:1,1 entered:CR turn:C")
    variants = [
        base,
        base.replace(turn=Side.REELS),
        base.replace(extra_turns=1),
        base.replace(entered=(True, False)),
        base.replace(off=(2, 1)),
        GameState.parse("C:M7 R:M6 off:1,1 entered:CR turn:C"),
    ]
    keys = {position_key(s, d) for s in variants for d in range(4)}
    assert len(keys) == len(variants) * 4


def test_vizier_bears_off_the_last_piece_to_win() -> None:
    state = GameState.parse("C:M13 R:M12 off:4,4 entered:CR turn:C throw:3")
    assert state.describe(Vizier().choose(state)) == "M13-off"


def test_vizier_takes_the_bump_that_saves_the_game() -> None:
    # The Reel on M14 bears off with a 2 next throw; bumping it is the Cones' only hope.
    state = GameState.parse("C:M10,M11 R:M14 off:3,4 entered:CR turn:C throw:3")
    assert state.describe(Vizier().choose(state)) == "M11xM14"


def test_vizier_does_not_step_where_a_bump_is_likelier() -> None:
    # M10 is one ahead of the Reel on M9 (hit by a 1: 4 in 16); on M11 it would be two ahead
    # (hit by a 2: 6 in 16). C1-C2 moves as far and keeps the odds.
    state = GameState.parse("C:C1,M10 R:M9 off:3,4 entered:CR turn:C throw:1")
    assert state.describe(Vizier().choose(state)) == "C1-C2"


def test_vizier_needs_a_pending_throw() -> None:
    with pytest.raises(WrongPhase):
        Vizier().analyse(GameState.new())


def test_a_forced_move_is_not_searched() -> None:
    state = GameState.parse("C:C1 R:M5 off:4,4 entered:CR turn:C throw:1")
    analysis = Vizier().analyse(state)
    assert analysis.depth == 0 and analysis.nodes == 1


def test_the_node_limit_falls_back_to_a_shallower_depth() -> None:
    state = GameState.parse("C:C2,M6,M9 R:M5,M7,M11 off:1,1 entered:CR turn:C throw:1")
    assert Vizier(depth=3, node_limit=50).analyse(state).depth < 3
