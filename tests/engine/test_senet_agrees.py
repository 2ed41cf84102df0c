"""The bit-mask Senet engine agrees with the rules written plainly (senet_reference.py): the same
legal moves for every throw, the same events and the same position after each throw and move, in
random games and in random positions, under the default rules and every variation."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.senet import SenetPosition, SenetRules
from engine.senet.board import square
from tests.benchmarks.engine_games import position_games, senet_core_games
from tests.engine.senet_reference import Plain

VALUES = (1, 2, 3, 4, 6)
OPTIONS = ("happiness_exact", "water_to_rebirth", "rebirth_safe", "exact_exits",
           "backward_when_blocked")
EACH = [SenetRules()] + [SenetRules(**{option: True}) for option in OPTIONS]
ALL_RULES = [SenetRules(**dict(zip(OPTIONS, flags, strict=True)))
             for flags in itertools.product((False, True), repeat=len(OPTIONS))]


def same(position: SenetPosition, plain: Plain) -> None:
    assert [list(position.numbers(side)) for side in Side] == [sorted(p) for p in plain.pieces]
    assert list(position.off) == plain.off
    assert position.turn == plain.turn
    assert position.winner == plain.winner
    assert position.black == plain.black
    assert position.opening == (plain.black is None)
    assert [position.has_moved(side) for side in Side] == plain.moved


def legal_agree(position: SenetPosition, plain: Plain) -> None:
    for value in VALUES:
        moves = position.legal_moves(Throw.of(value))
        assert [(m.start, m.steps) for m in moves] == plain.legal(value), (position, value)


def play_both(rules: SenetRules, seed: int, throws: int = 2_000) -> int:
    """One random game on both; returns how many moves were compared."""
    rng = random.Random(seed)
    first = Side(rng.randrange(2))
    position, plain = rules.new(first), Plain(rules, turn=first)
    compared = 0
    for _ in range(throws):
        if position.is_over:
            break
        if not position.opening:
            legal_agree(position, plain)
        throw = rules.draw(rng)
        was_opening = position.opening
        position, events = position.cast(throw)
        if was_opening:
            assert list(events) == plain.opening_throw(throw.value)
            same(position, plain)
            if position.throw is None:
                continue
            assert [(m.start, m.steps) for m in position.moves] == plain.legal(1)
        elif position.throw is None:
            assert list(events) == plain.lose(throw)
        if position.throw is not None:
            move = rng.choice(position.moves)
            position, events = position.play(move)
            assert list(events) == plain.play(move.start, move.steps), (position, move)
            compared += 1
        same(position, plain)
    return compared


@pytest.mark.parametrize("rules", EACH, ids=lambda r: r.title)
def test_random_games_agree_under_each_variation(rules: SenetRules) -> None:
    compared = sum(play_both(rules, seed) for seed in range(12))
    assert compared > 1_500


def test_random_games_agree_with_every_variation_at_once() -> None:
    rules = SenetRules(**dict.fromkeys(OPTIONS, True))
    assert sum(play_both(rules, seed) for seed in range(6)) > 700


@st.composite
def positions(draw: st.DrawFn) -> tuple[SenetPosition, Plain]:
    """Any position after the opening: pieces anywhere a piece may rest, any turn."""
    rules = draw(st.sampled_from(ALL_RULES))
    resting = [n for n in range(1, 31) if n != 27 and (n != 30 or rules.exact_exits)]
    taken = draw(st.lists(st.sampled_from(resting), min_size=2, max_size=10, unique=True))
    split = draw(st.integers(1, len(taken) - 1))
    cones, reels = sorted(taken[:split][:5]), sorted(taken[split:][:5])
    turn, black = draw(st.sampled_from(Side)), draw(st.sampled_from(Side))
    moved = [draw(st.booleans()), draw(st.booleans())]
    letters = "".join(side.letter for side in Side if moved[side]) or "-"
    text = (f"C:{','.join(map(square, cones)) or '-'} R:{','.join(map(square, reels)) or '-'} "
            f"black:{black.letter} moved:{letters} turn:{turn.letter}")
    off = [5 - len(cones), 5 - len(reels)]
    plain = Plain(rules, [cones, reels], off, turn, black, moved)
    return rules.parse(text), plain


@settings(max_examples=250, deadline=None)
@given(positions())
def test_random_positions_agree_on_every_throw_and_move(both: tuple[SenetPosition, Plain]) -> None:
    position, plain = both
    same(position, plain)
    legal_agree(position, plain)
    for value in VALUES:
        thrown, _ = position.cast(Throw.of(value))
        for move in thrown.moves:
            copy = Plain(plain.rules, [list(p) for p in plain.pieces], list(plain.off),
                         plain.turn, plain.black, list(plain.moved))
            after, events = thrown.play(move)
            assert list(events) == copy.play(move.start, move.steps), (position, move)
            same(after, copy)


def test_the_core_and_the_positions_play_the_same_games() -> None:
    """The benchmark's two paths: packed positions through the core, and SenetPosition."""
    core = senet_core_games(60, random.Random(5))
    assert core == position_games("senet")(60, random.Random(5))
    wins, throws = core
    assert sum(wins) == 60 and throws > 60 * 100
