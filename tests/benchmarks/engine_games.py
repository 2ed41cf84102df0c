"""Benchmark: random self-play games on one core, through the engine's core and through GameState.

    python -m tests.benchmarks.engine_games [N] [--seed S] [--rounds R] [--game NAME]

The core is ``engine.tables`` on packed positions: what the mummy's search calls. ``GameState``
adds, for every throw and move, a new immutable state and the events the controller shows.
Both play the very same games (same seed, same choices), which the benchmark checks. Prints
games per second (median and range over R rounds of N games) and mean throws per game; exits 1
if the core's median is below the goal of 5,000 games/s. ``--game`` picks the game (Tait's by
default; any game played by the core, e.g. ``cyningstan``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from engine import games as registry
from engine.packed import OVER, pack, turn_of
from engine.rules import TAIT, Ruleset
from engine.state import GameState
from engine.tables import tables

GOAL = 5_000
"""Random games per second through the core, on one core of the development machine."""

Games = Callable[[int, random.Random, Ruleset], tuple[list[int], int]]
"""Plays N games; returns the wins of each side and the throws made."""


def core_games(games: int, rng: random.Random,
               ruleset: Ruleset = TAIT) -> tuple[list[int], int]:
    """Random games on packed positions: legal moves, then a random one (or the throw lost)."""
    rules = tables(ruleset)
    legal, play, lose = rules.legal, rules.after_move, rules.after_loss
    draw, uniform, first = ruleset.draw, rng.random, ruleset.first_side
    wins, throws = [0, 0], 0
    for _ in range(games):
        code = pack(turn=first(rng, None))
        while not code & OVER:
            throw = draw(rng)
            throws += 1
            moves = legal(code, throw.value)
            code = play(code, moves[int(uniform() * len(moves))]) if moves else lose(code, throw)
        wins[turn_of(code)] += 1
    return wins, throws


def state_games(games: int, rng: random.Random,
                ruleset: Ruleset = TAIT) -> tuple[list[int], int]:
    """The same games through the public API: ``GameState.cast`` and ``GameState.play``."""
    draw, uniform = ruleset.draw, rng.random
    wins, throws = [0, 0], 0
    for _ in range(games):
        state = GameState.new(ruleset, ruleset.first_side(rng, None))
        while state.winner is None:
            state, _ = state.cast(draw(rng))
            throws += 1
            moves = state.moves
            if moves:
                state, _ = state.play(moves[int(uniform() * len(moves))])
        wins[state.winner] += 1
    return wins, throws


def measure(games: Games, n: int, seed: int, rounds: int,
            ruleset: Ruleset) -> tuple[list[float], list[int], int]:
    """Games per second of each round, with the wins and throws (the same every round)."""
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        wins, throws = games(n, random.Random(seed), ruleset)
        rates.append(n / (time.perf_counter() - start))
    return rates, wins, throws


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", default=registry.DEFAULT, choices=registry.names())
    args = parser.parse_args(argv)
    ruleset = registry.load(args.game)
    if not isinstance(ruleset, Ruleset):
        parser.error(f"{args.game} is not played by the engine's packed core")
    print(ruleset.title)
    results = {}
    for name, games in (("core", core_games), ("GameState", state_games)):
        rates, wins, throws = results[name] = measure(
            games, args.games, args.seed, args.rounds, ruleset)
        print(
            f"{name:>9}: {statistics.median(rates):,.0f} games/s median "
            f"({min(rates):,.0f}-{max(rates):,.0f} over {args.rounds} x {args.games} games), "
            f"{throws / args.games:.1f} throws/game; Cones won {wins[0]}, Reels {wins[1]}"
        )
    if results["core"][1:] != results["GameState"][1:]:
        print("the core and GameState played different games: they disagree on the rules")
        return 1
    core = statistics.median(results["core"][0])
    print(f"goal {GOAL:,} games/s through the core: {'met' if core >= GOAL else 'NOT met'}")
    return 0 if core >= GOAL else 1


if __name__ == "__main__":
    raise SystemExit(main())
