"""Benchmark: how long each mummy level takes to decide, and how much memory the Vizier uses.

    python -m tests.benchmarks.mummy_speed [--positions N] [--repeat R] [--seed S] [--game NAME]

Collects N positions with a choice to make (two or more legal moves) from seeded games between
Priests that blunder now and then, then times every level deciding each one R times. Prints mean,
p95 and max per level (goals on the dev machine: Scribe and Priest under 1 ms, Vizier under
50 ms), the Vizier's depth and nodes, its table size, and the peak memory one decision allocates.
``--game cyningstan`` times Cyningstan's mummy; ``--game senet`` the Senet mummy (its Vizier
is the generic search, goal under 100 ms); ``--game ramses`` Ramses' four levels (the Vizier and
Neferkaptah are alpha-beta searches, goal under 100 ms).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc

from engine.games import load, names
from engine.games.api import Position
from engine.mummy import Level, Mummy
from engine.mummy.minds import mind_of
from engine.mummy.search import Search
from engine.tait.state import Ruleset
from engine.tait.vizier import Vizier
from tests.benchmarks.mummy_strength import percentile


def sample_positions(count: int, seed: int, game: str = "tait") -> list[Position]:
    """Positions with a pending throw and at least two legal moves, from seeded games."""
    rules = load(game)
    priest = Mummy(Level.PRIEST)
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        state = rules.new(rules.first_side(rng, None))
        while state.winner is None and len(found) < count:
            if state.throw is None and rules.chance is not None:  # Ramses: none
                state, _ = state.cast(rules.draw(rng))
                continue
            if len(state.moves) > 1 and rng.random() < 0.3:
                found.append(state)
            move = priest.choose(state, rng) if rng.random() < 0.8 else rng.choice(state.moves)
            state, _ = state.play(move)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=names(), default="tait")
    args = parser.parse_args(argv)
    rules = load(args.game)
    positions = sample_positions(args.positions, args.seed, args.game)
    rng = random.Random(args.seed)
    print(f"{rules.title}: {len(positions)} positions with a choice, each decided "
          f"{args.repeat} times\n")
    print("| level | mean | p95 | max |")
    print("| --- | ---: | ---: | ---: |")
    searcher = mind_of(rules).searcher if not isinstance(rules, Ruleset) else None
    levels = [Level.SCRIBE, Level.PRIEST, Level.VIZIER]
    if searcher is not None:  # a game without luck: Neferkaptah is its deepest search
        levels.append(Level.NEFERKAPTAH)
    for level in levels:
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

    if searcher is not None:
        for level in (Level.VIZIER, Level.NEFERKAPTAH):
            search = searcher(int(level), rules)
            analyses = [search.analyse(state) for state in positions]
            depths = [a.depth for a in analyses]
            nodes = [float(a.nodes) for a in analyses]
            print(f"\n{level.title}: depth reached mean {statistics.fmean(depths):.1f} "
                  f"(limit {search.depth}), max {max(depths)}; nodes mean "
                  f"{statistics.fmean(nodes):.0f}, p95 {percentile(nodes, 0.95):.0f} "
                  f"(budget {search.node_limit}); table at most {search.table_size} entries")
        return 0
    vizier: Vizier | Search = (Vizier() if isinstance(rules, Ruleset)  # the packed core's games
                              else Search(mind_of(rules).evaluate, mind_of(rules).depth,
                                          mind_of(rules).node_limit))
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
