"""How the Vizier's evaluation weights were found: logistic regression on played positions.

    python -m tests.benchmarks.mummy_fit [--games N] [--seed S] [--game NAME]

Plays N games (default 12,000) between Priests that play a random move now and then (each side
keeps its Priest move with a chance drawn from 0.5..1 per game), keeps a quarter of the positions
after a move, and fits the log-odds that the Cones win by Newton's method. Prints the weights in
the form ``engine/tait/evaluation.py`` (Tait's) and ``engine/cyningstan/mummy.py`` (Cyningstan's)
hold them. Needs numpy, which aseb does not depend on (run it with a Python that has numpy and
``PYTHONPATH=.``).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
from collections.abc import Callable
from functools import partial
from typing import Any

from engine import games
from engine.core.sides import Side
from engine.tait.evaluation import bump_risk, model
from engine.tait.priest import priest_move
from engine.tait.state import GameState, Ruleset

NAMES = ["off early", "off late", "danger", "danger to mover", "tempo", "extra turn", "entered"]


def features(state: GameState) -> list[float]:
    """Cones-minus-Reels terms whose weighted sum is the log-odds the Cones win."""
    cones, reels = state.board
    rs = state.ruleset
    sums, steps = model(rs).sums, model(rs).steps
    left = steps - (sums[cones] + sums[reels] + rs.off_at * sum(state.off))
    stage = left / steps
    pieces = [float((cones >> p & 1) - (reels >> p & 1)) for p in range(1, rs.off_at)]
    off = state.off[0] - state.off[1]
    cones_risk, reels_risk = bump_risk(state, Side.CONES), bump_risk(state, Side.REELS)
    sign = 1 if state.turn == Side.CONES else -1
    mover_risk, other_risk = (
        (cones_risk, reels_risk) if state.turn == Side.CONES else (reels_risk, cones_risk)
    )
    return [
        *pieces,
        *(p * stage for p in pieces),
        off,
        off * stage,
        sign * other_risk,  # the side not to throw: its pieces may be bumped (weight DANGER)
        -sign * mover_risk,  # the side to throw (weight DANGER_TO_MOVER)
        sign,
        sign * state.extra_turns,
        float(state.entered[0]) - float(state.entered[1]),
    ]


def game(seed: int, ruleset: Ruleset) -> list[list[float]]:
    """The sampled positions of one game, each row its features then 1 if the Cones won."""
    rng = random.Random(seed)
    care = (0.5 + rng.random() / 2, 0.5 + rng.random() / 2)
    state = GameState.new(ruleset, ruleset.first_side(rng, None))
    rows: list[list[float]] = []
    while state.winner is None:
        state, _ = state.cast(ruleset.draw(rng))
        if state.moves:
            keep = rng.random() < care[state.turn]
            state, _ = state.play(priest_move(state) if keep else rng.choice(state.moves))
        sampled = state.winner is None and state.throw is None and any(state.entered)
        if sampled and rng.random() < 0.25:
            rows.append(features(state))
    return [[*row, float(state.winner == Side.CONES)] for row in rows]


def fit(games: Callable[[int], list[list[float]]], argv: list[str] | None,
        description: str = __doc__.splitlines()[0]) -> Any:
    """Play the games ``--games`` and ``--seed`` ask for, fit the log-odds that the Cones win to
    their rows (features, then the result) and print how well it fits; returns the weights."""
    args = _arguments(description).parse_args(argv)
    return _fit(games, args.games, args.seed)


def _arguments(description: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=12_000)
    parser.add_argument("--seed", type=int, default=1)
    return parser


def _fit(games: Callable[[int], list[list[float]]], count: int, seed: int) -> Any:
    import numpy as np  # only the fitting scripts need numpy

    with multiprocessing.Pool() as pool:
        seeds = range(seed * 1_000_000, seed * 1_000_000 + count)
        data = np.array([row for rows in pool.imap(games, seeds, chunksize=100) for row in rows])
    x, y = data[:, :-1], data[:, -1]
    w = np.zeros(x.shape[1])
    for _ in range(30):  # Newton's method with a touch of ridge
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (y - p) - 1e-3 * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + 1e-3 * np.eye(len(w))
        w += np.linalg.solve(hessian, gradient)
    p = 1 / (1 + np.exp(-x @ w))
    loss = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
    print(f"{len(y)} positions; log loss {loss:.4f}, accuracy {np.mean((p > 0.5) == y):.3f}")
    return w


def main(argv: list[str] | None = None) -> int:
    parser = _arguments(__doc__.splitlines()[0])
    parser.add_argument("--game", default=games.DEFAULT, choices=games.names())
    args = parser.parse_args(argv)
    ruleset = games.load(args.game)
    assert isinstance(ruleset, Ruleset), f"{args.game} is not played by the packed core"
    squares = ruleset.off_at - 1
    w = _fit(partial(game, ruleset=ruleset), args.games, args.seed)
    print("piece_early=(0.0, " + ", ".join(f"{v:.3f}" for v in w[:squares]) + ")")
    print("piece_late=(0.0, " + ", ".join(f"{v:.3f}" for v in w[squares:2 * squares]) + ")")
    for name, value in zip(NAMES, w[2 * squares:], strict=True):
        print(f"{name}: {value:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
