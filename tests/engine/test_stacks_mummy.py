"""The mummy plays the stacking game: every level plays legal moves and replays from its seed,
the Priest follows its priorities, the Vizier equals a plain search of every way to use the dice
in hand, it wins and defends when it must, and hints speak of stacks."""

from __future__ import annotations

import random

import pytest

from engine.core.sides import Side
from engine.mummy import Level, Mummy, hint
from engine.mummy.minds import mind_of
from engine.mummy.search import Search
from engine.stacks import STACKS, StacksPosition
from engine.stacks.mummy import DEPTH, evaluate, priest_move, reason

C, R = Side.CONES, Side.REELS


def at(text: str) -> StacksPosition:
    return STACKS.parse(text)


def positions(seed: int, every: int = 7) -> list[StacksPosition]:
    """Positions with dice in hand from a random game, every ``every``-th decision."""
    rng = random.Random(seed)
    position = STACKS.new(C)
    found: list[StacksPosition] = []
    while not position.is_over:
        if position.throw is None:
            position, _ = position.cast(STACKS.draw(rng))
            continue
        if rng.randrange(every) == 0:
            found.append(position)
        position, _ = position.play(rng.choice(position.moves))
    return found


POSITIONS = positions(1) + positions(2)


@pytest.mark.parametrize("level", list(Level))
def test_every_level_plays_a_legal_move(level: Level) -> None:
    mummy = Mummy(level)
    rng = random.Random(3)
    for position in POSITIONS[::4]:
        assert mummy.choose(position, rng) in position.moves


def play_game(levels: tuple[Level, Level], seed: int) -> list[str]:
    mummies = (Mummy(levels[0]), Mummy(levels[1]))
    dice, choices = random.Random(seed), random.Random(seed + 1)
    position = STACKS.new(C)
    played = []
    while not position.is_over:
        if position.throw is None:
            position, _ = position.cast(STACKS.draw(dice))
            continue
        move = mummies[position.turn].choose(position, choices)
        played.append(move.notation())
        position, _ = position.play(move)
    return played


def test_the_same_seed_replays_the_same_game() -> None:
    assert play_game((Level.VIZIER, Level.SCRIBE), 4) == play_game((Level.VIZIER, Level.SCRIBE), 4)


def test_neferkaptah_plays_as_the_vizier_and_says_so() -> None:
    position = POSITIONS[5]
    decision = Mummy(Level.NEFERKAPTAH).decide(position, random.Random(1))
    assert decision.played_as == Level.VIZIER and decision.note is not None
    assert decision.move == Mummy(Level.VIZIER).choose(position, random.Random(1))


# --- The Priest --------------------------------------------------------------------------------


def priest(text: str) -> str:
    return priest_move(at(text)).notation()


def test_the_priest_breaks_up_the_opponents_men_on_the_last_square_first() -> None:
    assert priest("C:w12,M12,M13 R:w12,M15x3 turn:C dice:45") == "4:M12-offxM15"


def test_the_priest_completes_three_on_the_last_square() -> None:
    assert priest("C:w10,C1,M11,M15x2 R:w15 turn:C dice:4") == "4:M11-M15"


def test_the_priest_keeps_its_men_on_the_board() -> None:
    assert priest("C:w0,C1,M14 R:w15 turn:C dice:3") == "3:C1-C4"


def test_the_priest_captures_a_lone_man_out_of_play() -> None:
    assert priest("C:w13,C1,C4 R:w14,M7 turn:C dice:3") == "3:C4-M8xM7"


def test_the_priest_otherwise_brings_the_rearmost_man_on() -> None:
    assert priest("C:w0,C2,M9 R:w15 turn:C dice:2") == "2:C2-C4"


def test_reasons_speak_of_stacks() -> None:
    position = at("C:w13,C1,C4 R:w14,M7 turn:C dice:3")
    assert reason(position, priest_move(position)) == "captures the lone Reel on M7: out of play"
    position = at("C:w10,C1,M11,M15x2 R:w15 turn:C dice:4")
    assert "third man on the last square" in reason(position, priest_move(position))


# --- The Vizier --------------------------------------------------------------------------------


def plain_best(position: StacksPosition) -> float:
    """The best end of the turn for the side to move, by trying every order of the dice."""
    if position.winner is not None or position.throw is None:
        return evaluate(position)
    values = [plain_best(position.play(move)[0]) for move in position.moves]
    return max(values) if position.turn == C else min(values)


@pytest.mark.parametrize("index", range(0, 30, 3))
def test_the_vizier_equals_a_plain_search_of_every_way_to_use_the_dice(index: int) -> None:
    position = POSITIONS[index]
    analysis = Search(evaluate, depth=DEPTH).analyse(position)
    best = plain_best(position)
    mover = best if position.turn == C else 1 - best
    assert analysis.value == pytest.approx(mover, abs=1e-12)


def test_the_vizier_makes_three_on_the_last_square_over_two_dice() -> None:
    position = at("C:w11,M11,M12,M15x2 R:w13,M9,M10 turn:C dice:14 ready:M11,M12")
    vizier = Mummy(Level.VIZIER)
    rng = random.Random(0)
    while position.turn == C and position.winner is None:
        position, _ = position.play(vizier.choose(position, rng))
    assert position.men[C][15] == 3


def test_the_vizier_breaks_up_three_men_on_the_last_square() -> None:
    position = at("C:w12,M15x3 R:w13,R2,M13 turn:R dice:236")
    vizier = Mummy(Level.VIZIER)
    rng = random.Random(0)
    while position.turn == R and position.winner is None:
        position, _ = position.play(vizier.choose(position, rng))
    assert position.winner is None and position.men[C][15] < 3


def test_a_tiny_node_budget_judges_each_move_alone() -> None:
    position = max(POSITIONS, key=lambda p: len(p.moves))
    analysis = Search(evaluate, depth=DEPTH, node_limit=5).analyse(position)
    assert analysis.move in position.moves and analysis.depth == 0


def test_the_mind_searches_the_dice_in_hand_only() -> None:
    mind = mind_of(STACKS)
    assert mind.depth == 0 and mind.node_limit > 10_000


def test_a_hint_gives_the_chances() -> None:
    position = at("C:w12,M12,M13 R:w12,M15x3 turn:C dice:45")
    given = hint(position, Level.VIZIER)
    assert given.move in position.moves and "to win" in given.reason
