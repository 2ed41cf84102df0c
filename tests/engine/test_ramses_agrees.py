"""The packed Ramses engine agrees with the rules written plainly (ramses_reference.py): the same
legal moves, the same pieces, player, half turn and winner after every move of random games,
under the default rules and each option."""

from __future__ import annotations

import random

import pytest

from engine.core.sides import Side
from engine.ramses import RamsesPosition, RamsesRules
from tests.engine.ramses_reference import Place, Plain, name

EACH = [RamsesRules(), RamsesRules(specials_to_win=2), RamsesRules(second_move_may_pass=False)]


def moves_of(plain: Plain) -> set[tuple[str, str]]:
    return {(name(*a), name(*b)) for a, b in plain.legal()}


def same(position: RamsesPosition, plain: Plain) -> None:
    assert position.owners() == plain.names(), position
    assert position.winner == plain.winner, position
    if plain.winner is None:
        assert position.turn == plain.turn
        assert position.half == ("theirs" if plain.second else "own")
        if not plain.second:  # the engine drops the flag once the first own move is made
            assert position.first_turn == plain.first
        assert {(m.source, m.target) for m in position.moves} == moves_of(plain), position


def play_both(rules: RamsesRules, seed: int) -> int:
    """One random game on both; returns how many moves were compared."""
    rng = random.Random(seed)
    first = Side(rng.randrange(2))
    position = rules.new(first)
    plain = Plain.new(first, rules.specials_to_win, rules.second_move_may_pass)
    same(position, plain)
    played = 0
    while not position.is_over:
        move = rng.choice(position.moves)
        places = {name(*p): p for p in plain.pieces}
        start: Place = places[move.source]
        end: Place = next(b for a, b in plain.legal() if a == start and name(*b) == move.target)
        position, _ = position.play(move)
        plain.play(start, end)
        same(position, plain)
        played += 1
    return played


SEEDS = 6
"""Random games a ruleset in the suite; ``python -m tests.engine.test_ramses_agrees N`` plays N
(the long run: 200 a ruleset, a few minutes)."""


@pytest.mark.parametrize("rules", EACH, ids=lambda r: r.title)
def test_random_games_agree_with_the_plain_rules(rules: RamsesRules) -> None:
    compared = sum(play_both(rules, seed) for seed in range(SEEDS))
    assert compared > 60  # games where two special squares win are short


def test_the_benchmarks_packed_core_plays_the_same_games_as_the_positions() -> None:
    from tests.benchmarks.engine_games import ramses_core_games, ramses_position_games

    core = ramses_core_games(30, random.Random(3))
    assert core == ramses_position_games(30, random.Random(3))
    assert sum(core[0]) == 30 and core[1] > 30 * 20


if __name__ == "__main__":
    import sys

    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for each in EACH:
        moves = sum(play_both(each, seed) for seed in range(games))
        print(f"{each.title}: {games} random games, {moves} moves, every one agreed")
