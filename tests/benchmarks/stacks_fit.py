"""How the stacking game's evaluation weights were found: logistic regression on played positions.

    python -m tests.benchmarks.stacks_fit [--games N] [--seed S]

Plays N games (default 12,000) between Priests that play a random move now and then (each side
keeps its Priest move with a chance drawn from 0.5..1 per game), keeps a quarter of the positions
at the end of a turn, and fits the log-odds that the Cones win by Newton's method. Prints the
weights in the form ``engine/stacks/mummy.py`` holds them. Needs numpy.
"""

from __future__ import annotations

import random

from engine.core.sides import Side
from engine.stacks import STACKS, StacksPosition
from engine.stacks.board import CAPACITY, LAST
from engine.stacks.mummy import priest_move
from tests.benchmarks.mummy_fit import fit


def features(position: StacksPosition) -> list[float]:
    """Cones-minus-Reels terms whose weighted sum is the log-odds the Cones win."""
    cones, reels = position.men
    men = [float(c - r) for c, r in zip(cones, reels, strict=True)]
    three = float((cones[LAST] == CAPACITY) - (reels[LAST] == CAPACITY))
    return [*men, three, 1.0 if position.turn == Side.CONES else -1.0]


def game(seed: int) -> list[list[float]]:
    """The sampled positions of one game, each row its features then 1 if the Cones won."""
    rng = random.Random(seed)
    care = (0.5 + rng.random() / 2, 0.5 + rng.random() / 2)
    position = STACKS.new(Side(seed % 2))
    rows: list[list[float]] = []
    while position.winner is None:
        if position.throw is None:
            position, _ = position.cast(STACKS.draw(rng))
            continue
        keep = rng.random() < care[position.turn]
        move = priest_move(position) if keep else rng.choice(position.moves)
        position, _ = position.play(move)
        if position.winner is None and position.throw is None and rng.random() < 0.25:
            rows.append(features(position))
    return [[*row, float(position.winner == Side.CONES)] for row in rows]


def main(argv: list[str] | None = None) -> int:
    w = fit(game, argv, __doc__.splitlines()[0])
    print("MAN = (" + ", ".join(f"{x:.3f}" for x in w[:LAST + 1]) + ")")
    print(f"THREE_ON_LAST = {w[LAST + 1]:.3f}\nTEMPO = {w[LAST + 2]:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
