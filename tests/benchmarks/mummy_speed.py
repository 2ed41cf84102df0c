"""Benchmark: how long each mummy level takes to decide, and how much memory the Vizier uses.

    python -m tests.benchmarks.mummy_speed [--positions N] [--repeat R] [--seed S] [--game NAME]

Collects N positions with a choice to make (two or more legal moves) from seeded games between
Priests that blunder now and then, then times every level deciding each one R times. Prints mean,
p95 and max per level (goals on the dev machine: Scribe and Priest under 1 ms, Vizier under
50 ms), the Vizier's depth and nodes, its table size, and the peak memory one decision allocates.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc

from engine import games
from engine.mummy import Level, Mummy, Vizier
from engine.mummy.priest import priest_move
from engine.rules import TAIT, Ruleset
from engine.state import GameState
from tests.benchmarks.mummy_strength import percentile, ruleset_of


def sample_positions(count: int, seed: int, ruleset: Ruleset = TAIT) -> list[GameState]:
    """Positions with a pending throw and at least two legal moves, from seeded games."""
    rng = random.Random(seed)
    found: list[GameState] = []
    while len(found) < count:
        state = GameState.new(ruleset, ruleset.first_side(rng, None))
        while state.winner is None and len(found) < count:
            state, _ = state.cast(ruleset.draw(rng))
            if not state.moves:
                continue
            if len(state.moves) > 1 and rng.random() < 0.3:
                found.append(state)
            move = priest_move(state) if rng.random() < 0.8 else rng.choice(state.moves)
            state, _ = state.play(move)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default=games.DEFAULT, choices=games.names())
    args = parser.parse_args(argv)
    ruleset = ruleset_of(args.game)
    positions = sample_positions(args.positions, args.seed, ruleset)
    rng = random.Random(args.seed)
    print(f"{ruleset.title}: {len(positions)} positions with a choice, "
          f"each decided {args.repeat} times\n")
    print("| level | mean | p95 | max |")
    print("| --- | ---: | ---: | ---: |")
    for level in (Level.SCRIBE, Level.PRIEST, Level.VIZIER):
        mummy = Mummy(level)
        times: list[float] = []
        for _ in range(args.repeat):
            for state in positions:
                start = time.perf_counter()
                mummy.choose(state, rng)
                times.append(time.perf_counter() - start)
        print(
            f"| {level.title} | {statistics.fmean(times) * 1e3:.3f} ms "
            f"| {percentile(times, 0.95) * 1e3:.3f} ms | {max(times) * 1e3:.3f} ms |"
        )

    vizier = Vizier()
    analyses = [vizier.analyse(state) for state in positions]
    nodes = [a.nodes for a in analyses]
    depths = [a.depth for a in analyses]
    entries = []
    peaks = []
    for state in positions[:100]:
        tracemalloc.start()
        vizier.analyse(state)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        entries.append(len(vizier.table))
    print(
        f"\nVizier: depth {vizier.depth} reached in {depths.count(vizier.depth)} of "
        f"{len(depths)} decisions; nodes mean {statistics.fmean(nodes):.0f}, "
        f"p95 {percentile([float(n) for n in nodes], 0.95):.0f}, max {max(nodes)} "
        f"(limit {vizier.node_limit})"
    )
    print(
        f"Vizier table: at most {max(entries)} entries after a decision "
        f"(capacity {vizier.table.capacity}); peak memory of one decision "
        f"{max(peaks) / 1024:.0f} KiB (first 100 positions, tracemalloc)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
