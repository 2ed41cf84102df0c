"""Benchmark: the mummy's levels play each other; win rates with 95% intervals, decision times.

    python -m tests.benchmarks.mummy_strength [--games N] [--levels scribe,priest,vizier]
                                              [--game NAME]

Each pair of levels plays N games (default 2,000), sides alternating: the games come in pairs
with the same seed, the stronger level as Cones in one and as Reels in the other. Prints each
pair's win rate for the stronger level with a Wilson 95% interval, then each level's mean and
p95 decision time (over decisions with more than one legal move). Exits 1 unless every level
beats the one below it with the whole interval above 50%.

Neferkaptah needs the solved table: ``--table DIR`` (from ``aseb solve --out DIR``) opens it in
every worker, and ``--pairs neferkaptah-vizier,neferkaptah-priest`` plays just those pairs:

    python -m tests.benchmarks.mummy_strength --table /work/solve-table \
        --pairs neferkaptah-vizier,neferkaptah-priest --games 5000

``--game`` picks the game: Tait's by default, opened by the demon-cast; Cyningstan's draws its
first player, the same in both games of a pair; Senet's opens with its throws for a 1; the
stacking game's sides throw three dice for who begins; Ramses,
a game without luck, draws its first player, plays its first two turns (four moves) at random so
that deterministic levels meet in different games, and plays Neferkaptah as its deepest search
(no table): ``--game ramses --levels scribe,priest,vizier,neferkaptah``. ``--mirror LEVEL``
plays LEVEL against itself and prints how often the side that began won.
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
import os
import random
import statistics
import time
from dataclasses import dataclass, field

from engine.core.sides import Side
from engine.games import load, names
from engine.games.api import Position, Rules
from engine.mummy import Level, Mummy, SolvedTable
from engine.tait.state import Ruleset

DEFAULT_LEVELS = (Level.SCRIBE, Level.PRIEST, Level.VIZIER)
RANDOM_OPENING = 4
"""Moves played at random to open a game without luck (Ramses: its first two turns), the same
in both games of a pair, so deterministic levels meet in many different games."""
_TABLE: SolvedTable | None = None
"""This process's solved table, opened by ``_open_table`` (each worker maps the file itself)."""


def _open_table(directory: str | None, game: str = "tait") -> None:
    global _TABLE
    if directory is not None:
        from pathlib import Path

        from firmware.solve.table import open_table

        rules = load(game)
        assert isinstance(rules, Ruleset), f"{game} has no solved table"
        _TABLE = open_table(Path(directory), rules)


@dataclass
class Tally:
    """Wins of the stronger level and every timed decision, per level."""

    games: int = 0
    wins: int = 0
    firsts: int = 0
    """Games the side that began won."""
    times: dict[Level, list[float]] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.firsts += other.firsts
        for level, times in other.times.items():
            self.times.setdefault(level, []).extend(times)


def ruleset_of(game: str) -> Ruleset:
    """The rules of a game the packed core plays, by name."""
    ruleset = load(game)
    if not isinstance(ruleset, Ruleset):
        raise SystemExit(f"{game} is not played by the engine's packed core")
    return ruleset


def opening(rng: random.Random, rules: Rules | None = None) -> Position:
    """A new game after the board's opening throws (Tait's demon-cast, Senet's throws for a 1)
    and the forced move they end with: ``Game.demon_cast`` on a bare position, without a
    record."""
    rules = rules if rules is not None else load("tait")
    state = rules.new(rules.first_side(rng, None))
    while state.opening or state.throw is not None:
        if state.throw is None:
            state, _ = state.cast(rules.draw(rng))
        else:
            state, _ = state.play(state.moves[0])
    if rules.chance is None:  # no luck: random first moves, or the levels would replay one game
        for _ in range(RANDOM_OPENING):
            if not state.is_over:
                state, _ = state.play(rng.choice(state.moves))
    return state


def play_game(
    seed: str, cones: Level, reels: Level, times: dict[Level, list[float]], game: str = "tait"
) -> tuple[Side, Side]:
    """One game from a fresh board; the opening throws open it. Returns the winner and the side
    that began."""
    rules = load(game)
    rng = random.Random(seed)
    choice_rng = random.Random(f"{seed}:choices")
    mummies = (Mummy(cones, table=_TABLE), Mummy(reels, table=_TABLE))
    state = opening(rng, rules)
    first = state.turn
    while state.winner is None:
        if state.throw is None and rules.chance is not None:  # Ramses: none
            state, _ = state.cast(rules.draw(rng))
            continue  # a throw without a move is lost: the loop throws again
        mummy = mummies[state.turn]
        if len(state.moves) == 1:
            move = state.moves[0]
        else:
            start = time.perf_counter()
            move = mummy.choose(state, choice_rng)
            times.setdefault(mummy.level, []).append(time.perf_counter() - start)
        state, _ = state.play(move)
    return state.winner, first


def play_games(task: tuple[Level, Level, int, int, int, str]) -> Tally:
    """Games ``first..last-1`` of the pair (weaker, stronger): the stronger is Cones when even."""
    weaker, stronger, first, last, seed, game = task
    tally = Tally()
    for number in range(first, last):
        game_seed = f"{seed}:{weaker.name}:{stronger.name}:{number // 2}"
        as_cones = number % 2 == 0
        cones, reels = (stronger, weaker) if as_cones else (weaker, stronger)
        winner, began = play_game(game_seed, cones, reels, tally.times, game)
        tally.games += 1
        tally.firsts += winner == began
        tally.wins += winner == (Side.CONES if as_cones else Side.REELS)
    return tally


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2_000, help="games per pair (even)")
    parser.add_argument(
        "--levels",
        default=",".join(level.name.lower() for level in DEFAULT_LEVELS),
        help="comma-separated levels, weakest first",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--table", metavar="DIR", help="the solved table, for Neferkaptah")
    parser.add_argument("--pairs", help="stronger-weaker pairs instead of every pair of --levels")
    parser.add_argument("--game", choices=names(), default="tait")
    parser.add_argument("--mirror", metavar="LEVEL",
                        help="only LEVEL against itself: how often the side that begins wins")
    args = parser.parse_args(argv)
    levels = sorted(Level.parse(name) for name in args.levels.split(","))
    games = args.games + args.games % 2
    pairs = list(itertools.combinations(levels, 2))
    if args.pairs:
        named = [tuple(Level.parse(n) for n in pair.split("-")) for pair in args.pairs.split(",")]
        pairs = [(weaker, stronger) for stronger, weaker in named]
        levels = sorted({level for pair in pairs for level in pair})
    if args.mirror:
        levels = [Level.parse(args.mirror)]
        pairs = [(levels[0], levels[0])]
    _open_table(args.table, args.game)
    if Level.NEFERKAPTAH in levels and _TABLE is None and args.game != "ramses":
        print("Neferkaptah without --table plays as the Vizier: the figures would be the Vizier's")
    chunk = max(2, math.ceil(games / (4 * max(1, args.jobs))) // 2 * 2)
    tasks = [
        (weaker, stronger, first, min(games, first + chunk), args.seed, args.game)
        for weaker, stronger in pairs
        for first in range(0, games, chunk)
    ]
    started = time.perf_counter()
    tallies = {pair: Tally() for pair in pairs}
    with multiprocessing.Pool(args.jobs, _open_table, (args.table, args.game)) as pool:
        for task, tally in zip(tasks, pool.imap(play_games, tasks), strict=True):
            tallies[task[0], task[1]].add(tally)
    elapsed = time.perf_counter() - started

    print(f"{load(args.game).title}: {games} games per pair, sides alternating, "
          f"seed {args.seed} ({elapsed:.0f} s)\n")
    if args.mirror:
        tally = tallies[pairs[0]]
        low, high = wilson(tally.firsts, tally.games)
        print(f"{levels[0].title} against itself: the side that began won {tally.firsts} / "
              f"{tally.games} = {tally.firsts / tally.games:.1%} (95% interval {low:.1%} - "
              f"{high:.1%})")
        ts = tally.times.get(levels[0], [])
        if ts:
            print(f"decisions {len(ts)}: mean {statistics.fmean(ts) * 1e3:.2f} ms, "
                  f"p95 {percentile(ts, 0.95) * 1e3:.2f} ms")
        return 0
    print("| stronger | weaker | stronger wins | win rate | 95% interval |")
    print("| --- | --- | ---: | ---: | --- |")
    for (weaker, stronger), tally in tallies.items():
        low, high = wilson(tally.wins, tally.games)
        print(
            f"| {stronger.title} | {weaker.title} | {tally.wins} / {tally.games} "
            f"| {tally.wins / tally.games:.1%} | {low:.1%} - {high:.1%} |"
        )
    times: dict[Level, list[float]] = {}
    for tally in tallies.values():
        for level, level_times in tally.times.items():
            times.setdefault(level, []).extend(level_times)
    print("\n| level | decisions | mean | p95 |")
    print("| --- | ---: | ---: | ---: |")
    for level in levels:
        ts = times.get(level, [])
        if ts:
            print(
                f"| {level.title} | {len(ts)} | {statistics.fmean(ts) * 1e3:.2f} ms "
                f"| {percentile(ts, 0.95) * 1e3:.2f} ms |"
            )
    ordered = True
    for weaker, stronger in pairs if args.pairs else itertools.pairwise(levels):
        low, _ = wilson(tallies[weaker, stronger].wins, tallies[weaker, stronger].games)
        if low <= 0.5:
            ordered = False
            print(f"\nNOT ORDERED: {stronger.title} does not clearly beat {weaker.title}")
    if ordered:
        print("\nThe levels are strictly ordered: each beats the one below, interval above 50%.")
    return 0 if ordered else 1


if __name__ == "__main__":
    raise SystemExit(main())
