"""Every game of the family is reviewed: the luck of its throws and what each move cost against
the best, judged by the solved table where it holds the game, else by the game's strongest
search, and the review says which judged."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from engine.games import load, names
from engine.mummy.judges import SearchJudge, TableJudge, judge_for, odds_text
from engine.mummy.review import review
from engine.ramses import RAMSES
from engine.tait.state import Ruleset
from firmware.play.records import save_game
from sim.command.cli import main
from tests.solved import TWO, two_piece_table


def opening_of(name: str, actions: int, seed: int = 3) -> Game:
    """The first ``actions`` throws and moves of a random game (shorter if it ends)."""
    rules = load(name)
    rng = random.Random(seed)
    game = Game(rules, rules.first_side(rng, None))
    while len(game.actions) < actions and not game.state.is_over:
        state = game.state
        if not state.moves:
            game.cast(rules.draw(rng))
        else:
            game.play(rng.choice(state.moves))
    return game


@pytest.mark.parametrize("name", names())
def test_every_game_is_reviewed_by_its_strongest_search_which_says_so(name: str) -> None:
    game = opening_of(name, 14)
    judged = review(judge_for(game.ruleset), game.record)
    assert len(judged.steps) == len(game.record.actions)
    assert not judged.exact and judged.judged_by.endswith("its chances are estimates.")
    assert all(0.0 <= s.chance <= 1.0 and s.loss >= 0.0 for s in judged.steps)
    assert all(s.best is None for s in judged.steps if s.loss < 0.05)
    assert judged.lucky == (game.ruleset.chance is not None)
    text = judged.text()
    assert text.splitlines()[0] == judged.judged_by and "(estimated)" in text
    assert ("Luck of the throws" in text) == judged.lucky


def test_the_solved_table_judges_where_it_holds_the_game() -> None:
    judge = judge_for(TWO, two_piece_table())
    assert isinstance(judge, TableJudge) and judge.exact
    assert isinstance(judge_for(TWO), SearchJudge)  # no table: the Vizier
    assert isinstance(judge_for(load("tait"), two_piece_table()), SearchJudge)  # other rules


def test_a_move_that_misses_a_win_shows_its_loss_and_the_best_move() -> None:
    game = Game.from_position(RAMSES.parse("C:T12,T17,T18,T19 R:T1,T2,T16,U12 turn:C"))
    game.play(game.state.parse_move("T19-T8"))  # T12-T9 would have won at once
    (step,) = review(judge_for(RAMSES), game.record).steps
    assert step.best == "Cone on T12 to T9" and step.loss > 10  # in words, as players read


def test_chances_without_a_table_are_labelled_estimates() -> None:
    for name in names():
        game = opening_of(name, 6)
        line = odds_text(judge_for(game.ruleset), game.state)
        assert line is not None and line.startswith("Chances to win, estimated: Cones ")
    exact = odds_text(judge_for(TWO, two_piece_table()), TWO.new(Side.CONES))
    assert exact is not None and exact.startswith("Chances to win: Cones ")


@pytest.mark.parametrize("name", names())
def test_aseb_review_file_reviews_every_game(name: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = save_game(opening_of(name, 8).record, tmp_path)
    assert main(["review", str(path), "--tables", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Judged by " in out and "estimates" in out and "biggest mistakes" in out
    if isinstance(load(name), Ruleset):
        assert "no solved table" in out  # said once, before the review


def test_the_luck_of_a_throw_averages_to_nothing_over_every_throw_that_could_fall() -> None:
    rules = load("tait")
    judge = judge_for(rules)
    chance = rules.chance
    assert chance is not None
    lucks = {}
    for value, _ in chance.outcomes:  # the game's first throw, each way it could fall
        game = Game(rules, Side.CONES)
        game.cast(Throw.of(value))
        (step,) = review(judge, game.record).steps
        lucks[value] = step.luck
    assert lucks[1] == lucks[2] == lucks[3] < 0 < lucks[4]  # a throw lost, a first entry
    assert abs(sum(float(p) * lucks[v] for v, p in chance.outcomes)) < 1e-9


class Level:
    """A judge for whom every throw leaves the same chance, and who guesses otherwise about the
    position before the throw (as a search's own estimate may)."""

    name, exact = "a level judge", False

    def chance(self, position: Any) -> float:
        return 0.4 if position.turn == Side.CONES else 0.5

    def move_chances(self, position: Any) -> list[tuple[Any, float]]:
        return [(move, 0.5) for move in position.moves]


def test_a_throw_after_which_every_throw_leaves_the_same_chance_has_no_luck() -> None:
    game = Game(load("tait"), Side.CONES)
    game.cast(Throw.of(1))  # lost in the opening: whatever fell, the Cones' chance is 50%
    (step,) = review(Level(), game.record).steps
    assert step.chance == 0.5 and step.luck == 0.0
