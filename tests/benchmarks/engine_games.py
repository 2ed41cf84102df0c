"""Benchmark: random self-play games through the engine's public API, on one core.

    python -m tests.benchmarks.engine_games [N] [--seed S]

Prints games per second and mean throws per game (goal: 5,000 games/s on the dev machine).
"""

from __future__ import annotations

import argparse
import random
import time

from engine.rules import TAIT
from engine.state import GameState


def random_game(rng: random.Random) -> tuple[GameState, int]:
    """Play one game with random throws and random legal moves; return the end and the throws."""
    state = GameState.new(TAIT)
    draw, uniform = TAIT.draw, rng.random
    throws = 0
    while state.winner is None:
        state, _ = state.cast(draw(rng))
        throws += 1
        moves = state.moves
        if moves:
            state, _ = state.play(moves[int(uniform() * len(moves))])
    return state, throws


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    total_throws = 0
    wins = [0, 0]
    start = time.perf_counter()
    for _ in range(args.games):
        state, throws = random_game(rng)
        total_throws += throws
        wins[state.winner or 0] += 1
    elapsed = time.perf_counter() - start
    print(
        f"{args.games} random games in {elapsed:.2f} s: {args.games / elapsed:,.0f} games/s, "
        f"{total_throws / args.games:.1f} throws/game, "
        f"{total_throws / elapsed:,.0f} throws/s; Cones won {wins[0]}, Reels {wins[1]}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
