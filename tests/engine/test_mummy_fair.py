"""The fair kiosk mode: stronger after a visitor wins, weaker after a loss, and visitors of every
kind end up winning about half their games."""

from __future__ import annotations

import math
import random

import pytest

from engine.mummy import Fair, Level


def test_a_visitor_win_makes_the_mummy_stronger() -> None:
    assert Fair(strength=1.0).after_game(visitor_won=True).strength == 1.25


def test_a_visitor_loss_makes_the_mummy_weaker() -> None:
    assert Fair(strength=1.0).after_game(visitor_won=False).strength == 0.75


def test_an_abandoned_game_changes_nothing() -> None:
    fair = Fair(strength=1.5, games=3, visitor_wins=2)
    assert fair.after_game(None) == fair


def test_strength_stays_between_the_lowest_and_highest_level() -> None:
    fair = Fair(strength=0.0)
    for _ in range(3):
        fair = fair.after_game(visitor_won=False)
    assert fair.strength == 0.0
    for _ in range(20):
        fair = fair.after_game(visitor_won=True)
    assert fair.strength == float(Level.VIZIER) and fair.level == Level.VIZIER


def test_a_whole_level_plays_only_that_level() -> None:
    rng = random.Random(1)
    assert {Fair(strength=2.0).pick(rng) for _ in range(50)} == {Level.VIZIER}


def test_between_two_levels_moves_mix_them_by_the_fraction() -> None:
    rng = random.Random(2)
    picks = [Fair(strength=1.25).pick(rng) for _ in range(4000)]
    assert set(picks) == {Level.PRIEST, Level.VIZIER}
    assert picks.count(Level.VIZIER) / len(picks) == pytest.approx(0.25, abs=0.03)


def test_wins_and_losses_balance_except_at_the_bounds() -> None:
    rng = random.Random(3)
    fair = start = Fair()
    at_top = at_bottom = 0
    for _ in range(1000):
        won = rng.random() < 0.5
        at_top += won and fair.strength == float(fair.highest)
        at_bottom += (not won) and fair.strength == float(fair.lowest)
        fair = fair.after_game(won)
    losses = fair.games - fair.visitor_wins
    steps = round((fair.strength - start.strength) / fair.step)
    assert fair.visitor_wins - losses == steps + at_top - at_bottom


def visitor_wins(skill: float, strength: float, rng: random.Random) -> bool:
    """A model of one game: a visitor of ``skill`` (in level units) against the mummy."""
    return rng.random() < 1 / (1 + math.exp(-2.0 * (skill - strength)))


@pytest.mark.parametrize("typical_skill", [0.7, 1.0, 1.3])
def test_a_population_of_visitors_wins_about_half_its_games(typical_skill: float) -> None:
    # Every game a new visitor, whose skill varies widely around the typical one.
    rng = random.Random(int(typical_skill * 10))
    fair = Fair()
    for _ in range(3000):
        skill = rng.gauss(typical_skill, 0.7)
        fair = fair.after_game(visitor_wins(skill, fair.strength, rng))
    assert fair.visitor_win_rate == pytest.approx(0.5, abs=0.03)


def test_visitors_who_lose_even_to_the_scribe_meet_the_scribe() -> None:
    rng = random.Random(5)
    fair = Fair()
    for _ in range(300):
        fair = fair.after_game(visitor_wins(rng.gauss(-1.5, 0.3), fair.strength, rng))
    assert fair.strength < 0.5 and fair.level == Level.SCRIBE


def test_a_fixed_level_would_not_be_fair() -> None:
    rng = random.Random(4)
    wins = sum(visitor_wins(rng.gauss(0.4, 0.7), float(Level.VIZIER), rng) for _ in range(3000))
    assert wins / 3000 < 0.2


def test_the_fair_mode_is_kept_as_plain_data() -> None:
    fair = Fair(strength=1.75, games=12, visitor_wins=7)
    assert Fair.from_json(fair.to_json()) == fair
    with pytest.raises(ValueError, match=r"fair mode strength 5\.0 is outside 0\.\.2"):
        Fair.from_json({"strength": 5})
