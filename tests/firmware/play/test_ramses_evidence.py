"""Ramses on the move tracker: every legal move, in both halves of a turn, carried out by hand
in the ways people do (lifted and set down, or slid along its way, over an oblong space's reeds
too), is recognised as that move and no other, over positions from many random games."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from engine.core.sides import Side
from engine.ramses import RAMSES, Move, RamsesPosition, RamsesRules
from engine.ramses.board import CELLS, NEIGHBOURS, UPPER, index
from engine.ramses.core import reach
from firmware.play.tracker import Expectation, Recognized
from tests.firmware.play.test_tracker import judge_after

Change = tuple[str, bool]


def way(position: RamsesPosition, move: Move) -> list[str]:
    """One way the piece walks from its square to its target, the squares between in order
    (a plain search of the walks, not the engine's)."""
    occupied = {index(c) for c in position.occupancy()}
    mask = sum(1 << c for c in occupied)
    steps = reach(move.start, mask)

    def space(cell: int) -> str:
        return "upper" if CELLS[cell] in UPPER else "lower" if CELLS[cell][0] == "L" else \
            CELLS[cell]

    def walk(at: int, left: int, used: set[str], taken: list[int]) -> list[int] | None:
        if left == 0:
            return taken if at == move.end else None
        for step in NEIGHBOURS[at]:
            name = space(step)
            busy = step in occupied or (name in ("upper", "lower") and any(
                space(c) == name for c in occupied))
            if name in used or busy:
                continue
            found = walk(step, left - 1, used | {name}, [*taken, step])
            if found is not None:
                return found
        return None

    found = walk(move.start, steps, {space(move.start)}, [])
    assert found is not None, (position.notation(), move)
    return [CELLS[c] for c in found[:-1]]


def performances(position: RamsesPosition, move: Move) -> Iterator[list[Change]]:
    """Every way a player might carry out ``move`` with their hands."""
    yield [(move.source, False), (move.target, True)]
    over = way(position, move)
    yield [(move.source, False), *((c, o) for c in over for o in (True, False)),
           (move.target, True)]
    # Slid into an oblong space from its door, over the alignments before the chosen one.
    if move.target[0] in "UL" and move.source in ("T4", "T21") and over == []:
        line = int(move.target[1:])
        passed = [f"{move.target[0]}{n}" for n in range(10, line)]
        yield [(move.source, False), *((c, o) for c in passed for o in (True, False)),
               (move.target, True)]


def positions(rules: RamsesRules, games: int) -> Iterator[RamsesPosition]:
    """Every position of ``games`` random games."""
    for seed in range(games):
        rng = random.Random(seed)
        position = rules.new(Side(seed % 2))
        while not position.is_over:
            yield position
            position, _ = position.play(rng.choice(position.moves))


def test_every_legal_move_is_recognised_and_no_two_moves_share_evidence() -> None:
    kinds: Counter[str] = Counter()
    for position in positions(RAMSES, 12):
        expectation = Expectation.of(position)
        for move in position.moves:
            kind = ("theirs" if move.theirs else "own") + (
                " oblong" if "U" in move.notation() or "L" in move.notation() else "")
            for changes in performances(position, move):
                verdict = judge_after(expectation, changes, expectation.before)
                assert verdict == Recognized(move), (position.notation(), move, changes)
                kinds[kind] += 1
    assert kinds["own"] > 500 and kinds["theirs"] > 500
    assert kinds["own oblong"] > 50 and kinds["theirs oblong"] > 50


def test_a_piece_set_at_another_alignment_is_not_the_move() -> None:
    position = RAMSES.parse("C:T1,T2,T3,T4 R:T18,T19,T20,T21 turn:C")
    expectation = Expectation.of(position)
    move = position.parse_move("T4-L13")
    assert judge_after(expectation, [("T4", False), ("L13", True)],
                       expectation.before) == Recognized(move)
    wrong = judge_after(expectation, [("T3", False), ("L12", True)], expectation.before)
    assert not isinstance(wrong, Recognized)  # T3 cannot reach L12: guided back, never a move
