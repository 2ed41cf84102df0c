"""The stacking game's engine agrees with the rules written plainly, man by man
(stacks_reference.py): the same legal moves for the dice, the same events and the same men
after every throw and move, in random games (captures favoured, so they happen often)."""

from __future__ import annotations

import random

import pytest

from engine.core.sides import Side
from engine.stacks import STACKS, StacksPosition
from engine.stacks.dice import faces
from tests.engine.stacks_reference import Plain


def agree(position: StacksPosition, plain: Plain) -> None:
    assert position.men == plain.counts(), position
    assert position.turn == plain.turn
    assert position.winner == (None if plain.winner is None else Side(plain.winner))
    if position.winner is None:
        assert {(m.die, m.start, m.end, m.capture) for m in position.moves} == plain.options(), \
            position
        assert len(position.moves) == len(plain.options()), position  # no move twice


def play_both(seed: int) -> int:
    """One random game on both; returns how many moves were compared."""
    rng = random.Random(seed)
    position, plain = STACKS.new(Side(seed % 2)), Plain(turn=seed % 2)
    compared = 0
    while not position.is_over:
        if position.throw is None:
            throw = STACKS.draw(rng)
            position, events = position.cast(throw)
            assert list(events) == plain.cast(list(faces(throw)))
        else:
            captures = [m for m in position.moves if m.capture]
            move = rng.choice(captures if captures and rng.random() < 0.5 else position.moves)
            expected = plain.play(move.die, move.start, move.end, move.capture, move.ready)
            position, events = position.play(move)
            assert list(events) == expected, (position, move)
            compared += 1
        agree(position, plain)
        assert STACKS.parse(position.notation()) == position
    return compared


@pytest.mark.parametrize("seeds", [range(0, 20), range(20, 40)])
def test_random_games_agree_move_for_move(seeds: range) -> None:
    assert sum(play_both(seed) for seed in seeds) > 2_000
