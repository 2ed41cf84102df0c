"""Properties of every game, checked on random games that hypothesis chooses and shrinks."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.sides import Side
from engine.game import Game
from engine.record import GameRecord
from engine.tait.board import PRIVATE
from engine.tait.state import GameState, Ruleset

rulesets = st.builds(Ruleset, demon_cast=st.booleans(), marked_safe=st.booleans())
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def random_game(ruleset: Ruleset, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(ruleset, first=rng.choice(list(Side)))
    game.demon_cast(rng)
    while not game.state.is_over:
        game.cast(ruleset.draw(rng))
        if game.state.moves:
            game.play(rng.choice(game.state.moves))
    return game


def states_of(game: Game) -> list[GameState]:
    replay = Game(game.ruleset, game.first)
    states = [replay.state]
    for action in game.actions:
        replay.apply(action)
        states.append(replay.state)
    return states


@settings(max_examples=60, deadline=None)
@given(rulesets, seeds)
def test_pieces_are_conserved_and_no_square_ever_holds_two(ruleset: Ruleset, seed: int) -> None:
    for state in states_of(random_game(ruleset, seed)):
        for side in Side:
            on_board = len(state.positions(side))
            assert state.waiting(side) >= 0
            assert on_board + state.waiting(side) + state.off[side] == ruleset.pieces
        middle = ~((1 << (PRIVATE + 1)) - 1)
        assert state.board[0] & state.board[1] & middle == 0
        squares = [sq for side in Side for sq in state.squares(side)]
        assert len(squares) == len(set(squares))


@settings(max_examples=60, deadline=None)
@given(rulesets, seeds)
def test_every_random_game_ends_with_exactly_one_winner(ruleset: Ruleset, seed: int) -> None:
    state = random_game(ruleset, seed).state
    assert state.winner is not None
    assert state.off[state.winner] == ruleset.pieces
    assert state.off[state.winner.other] < ruleset.pieces


@settings(max_examples=40, deadline=None)
@given(rulesets, seeds, st.data())
def test_the_record_round_trips_at_any_point(ruleset: Ruleset, seed: int,
                                             data: st.DataObject) -> None:
    game = random_game(ruleset, seed)
    keep = data.draw(st.integers(min_value=0, max_value=len(game.actions)))
    while len(game.actions) > keep:
        game.undo()
    loaded = GameRecord.from_data(game.record.to_data())
    assert loaded == game.record
    assert Game.from_record(loaded).state == game.state


@settings(max_examples=40, deadline=None)
@given(rulesets, seeds)
def test_undo_restores_every_earlier_state(ruleset: Ruleset, seed: int) -> None:
    game = random_game(ruleset, seed)
    states = states_of(game)
    assert states[-1] == game.state
    for expected in reversed(states[:-1]):
        game.undo()
        assert game.state == expected
