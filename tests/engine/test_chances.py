"""Win chances, hints that explain, fair mode by the table and game review, on the solved
two-piece game."""

from __future__ import annotations

import random

import pytest

from engine.core.sides import Side
from engine.game import Game
from engine.mummy import Level, Mummy
from engine.mummy.chances import balanced_move, chance, cones_chance, move_chances, odds_text
from engine.mummy.hints import explain, points
from engine.mummy.review import review
from engine.tait.state import GameState
from engine.text import move_text
from tests.solved import TWO, random_game, two_piece_table


def test_the_start_chance_is_the_solved_value() -> None:
    table = two_piece_table()
    assert chance(table, GameState.new(TWO)) == pytest.approx(0.516853087498, abs=2e-5)


def test_cones_chance_is_one_minus_the_reels() -> None:
    table = two_piece_table()
    state = GameState.parse("C:C2 R:M6 entered:CR turn:R", TWO)
    assert cones_chance(table, state) == pytest.approx(1 - chance(table, state))  # type: ignore[operator]
    assert odds_text(table, state) is not None and "Cones" in str(odds_text(table, state))


def test_a_pending_throw_shows_its_best_moves_chance() -> None:
    table = two_piece_table()
    state = GameState.parse("C:C2,M6 R:M9 entered:CR turn:C throw:3", TWO)
    found = move_chances(table, state)
    assert found is not None and len(found) == 2
    assert chance(table, state) == max(v for _, v in found)


def test_a_hint_names_the_best_move_and_what_the_others_give_up() -> None:
    table = two_piece_table()
    state = GameState.parse("C:C2,M6 R:M9 entered:CR turn:C throw:3", TWO)
    found = dict(move_chances(table, state) or ())
    (best_move, best_value), (other, other_value) = sorted(found.items(), key=lambda mv: -mv[1])
    text = explain(table, state)
    assert text == (f"{move_text(state, best_move)} keeps {best_value:.0%}; "
                    f"{move_text(state, other)} would give up {points(best_value - other_value)}")
    assert text.startswith("Cone on ")  # in words, not notation


def test_points_read_as_a_player_says_them() -> None:
    assert points(0.07) == "7 points" and points(0.01) == "1 point"
    assert points(0.004) == "0.4 points" and points(0.0001) == "nothing"


def test_perfect_neferkaptah_beats_the_priest_at_two_pieces() -> None:
    table = two_piece_table()
    wins = 0
    for seed in range(200):
        rng = random.Random(seed)
        mummies = {Side.CONES: Mummy(Level.NEFERKAPTAH, table=table),
                   Side.REELS: Mummy(Level.PRIEST)}
        if seed % 2:
            mummies = {Side.CONES: mummies[Side.REELS], Side.REELS: mummies[Side.CONES]}
        game = Game(TWO)
        game.demon_cast(rng)
        while not game.state.is_over:
            game.cast(TWO.draw(rng))
            if game.state.moves:
                game.play(mummies[game.state.turn].choose(game.state, rng))
        winner = game.state.winner
        assert winner is not None
        wins += mummies[winner].level == Level.NEFERKAPTAH
    assert wins > 100


def test_fair_mode_by_the_table_leaves_the_visitor_closest_to_even() -> None:
    table = two_piece_table()
    state = GameState.parse("C:C2,M6 R:M9 entered:CR turn:C throw:3", TWO)
    found = move_chances(table, state) or ()
    move = balanced_move(table, state, 0.5)
    assert move == min(found, key=lambda mv: abs(0.5 - (1 - mv[1])))[0]
    mummy = Mummy(Level.NEFERKAPTAH, table=table)
    mummy.balance = 0.5
    assert mummy.choose(state, random.Random(0)) == move


def test_a_review_lists_every_step_the_mistakes_and_the_luck() -> None:
    table = two_piece_table()
    game = random_game(4)
    judged = review(table, game.record)
    assert len(judged.steps) == len(game.record.actions)
    for side in Side:
        costs = [s.loss for s in judged.mistakes(side)]
        assert costs == sorted(costs, reverse=True) and len(costs) <= 3
        assert all(s.loss >= 0 for s in judged.moves(side))
    text = judged.text()
    assert "biggest mistakes" in text and "Luck of the throws" in text
    # Playing the best move every time loses nothing.
    assert all(s.loss < 0.05 or s.best is not None for s in judged.steps)
