"""How the Senet evaluation's weights were found: logistic regression on played positions.

    python -m tests.benchmarks.senet_fit [--games N] [--seed S]

Plays N Senet games (default 12,000) between Priests that play a random move now and then (each
side keeps its Priest move with a chance drawn from 0.5..1 per game), keeps a quarter of the
positions after a move, and fits the log-odds that the Cones win by Newton's method. Prints the
weights in the form ``engine/senet/mummy.py`` holds them. Needs numpy, which aseb does not depend
on (run it with a Python that has numpy).
"""

from __future__ import annotations

import random

from engine.core.sides import Side
from engine.senet import SENET, SenetPosition
from engine.senet.core import BOARD, OFF, REELS, TURN
from engine.senet.mummy import exposed, priest_move
from tests.benchmarks.mummy_fit import fit

SQUARES = [n for n in range(1, 31) if n != 27]


def features(position: SenetPosition) -> list[float]:
    """Cones-minus-Reels terms whose weighted sum is the log-odds the Cones win."""
    code = position.code
    cones, reels = code & BOARD, code >> REELS & BOARD
    pieces = [float((cones >> n & 1) - (reels >> n & 1)) for n in SQUARES]
    off = (code >> OFF & 7) - (code >> (OFF + 3) & 7)
    if code & TURN:
        return [*pieces, off, -exposed(code, Side.CONES), -1.0]
    return [*pieces, off, exposed(code, Side.REELS), 1.0]


def game(seed: int) -> list[list[float]]:
    """The sampled positions of one game, each row its features then 1 if the Cones won."""
    rng = random.Random(seed)
    care = (0.5 + rng.random() / 2, 0.5 + rng.random() / 2)
    position = SENET.new(Side(seed % 2))
    rows: list[list[float]] = []
    while position.winner is None:
        position, _ = position.cast(SENET.draw(rng))
        if position.moves:
            keep = rng.random() < care[position.turn]
            move = priest_move(position) if keep else rng.choice(position.moves)
            position, _ = position.play(move)
        sampled = position.winner is None and position.throw is None and not position.opening
        if sampled and rng.random() < 0.25:
            rows.append(features(position))
    return [[*row, float(position.winner == Side.CONES)] for row in rows]


def main(argv: list[str] | None = None) -> int:
    w = fit(game, argv, __doc__.splitlines()[0])
    # Each side has five pieces on the board or off it, so one constant added to every square's
    # weight and to a piece borne off changes nothing: print them counted from a piece on H1.
    base = w[0]
    weights = dict(zip(SQUARES, w[: len(SQUARES)] - base, strict=True))
    print("PIECE = (0.0, " + ", ".join(f"{weights.get(n, 0.0):.3f}" for n in range(1, 31)) + ")")
    off, exposed_weight, tempo = w[len(SQUARES):]
    print(f"BORNE_OFF = {off - base:.3f}\nEXPOSED = {exposed_weight:.3f}\nTEMPO = {tempo:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
