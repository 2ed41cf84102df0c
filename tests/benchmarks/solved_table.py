"""Benchmark: the solved table on a board: its size raw and compressed, the time to open it,
one position's lookup, and Neferkaptah's decision (a one-ply look at the successors).

    python -m tests.benchmarks.solved_table [--table DIR] [--lookups N]

Open time is measured in fresh processes (the imports apart, then the call to ``open_table``),
median of five; lookups on positions from random games, median and p99 per call.
"""

from __future__ import annotations

import argparse
import gzip
import lzma
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from engine.mummy import Level, Mummy
from engine.tait.state import TAIT, GameState
from firmware.solve.places import default_directory
from firmware.solve.table import open_table
from tests.benchmarks.mummy_strength import opening, percentile

OPEN = """
import time, sys
from pathlib import Path
t0 = time.perf_counter()
from firmware.solve.table import open_table
t1 = time.perf_counter()
open_table(Path(sys.argv[1]))
t2 = time.perf_counter()
print(t1 - t0, t2 - t1)
"""


def positions(count: int, rng: random.Random) -> list[GameState]:
    """Positions with a throw pending, from random games."""
    found: list[GameState] = []
    while len(found) < count:
        state = opening(rng)
        while state.winner is None and len(found) < count:
            state, _ = state.cast(TAIT.draw(rng))
            if state.moves:
                found.append(state)
                state, _ = state.play(rng.choice(state.moves))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--table", metavar="DIR", help="default: where aseb solve writes")
    parser.add_argument("--lookups", type=int, default=20_000)
    parser.add_argument("--no-compress", action="store_true", help="skip the (slow) xz size")
    args = parser.parse_args(argv)
    directory = Path(args.table) if args.table else default_directory()
    values = directory / "tait-5.values"
    raw = values.read_bytes()
    print(f"table: {values} ({len(raw):,} bytes = {len(raw) / 2**20:.1f} MiB raw)")
    started = time.perf_counter()
    print(f"gzip -6: {len(gzip.compress(raw, 6)) / 2**20:.1f} MiB "
          f"({time.perf_counter() - started:.0f} s)")
    if not args.no_compress:
        started = time.perf_counter()
        print(f"xz -6: {len(lzma.compress(raw, preset=6)) / 2**20:.1f} MiB "
              f"({time.perf_counter() - started:.0f} s)")
    del raw
    imports, opens = [], []
    for _ in range(5):
        out = subprocess.run([sys.executable, "-c", OPEN, str(directory)], check=True,
                             capture_output=True, text=True).stdout.split()
        imports.append(float(out[0]))
        opens.append(float(out[1]))
    print(f"open: median {statistics.median(opens) * 1e3:.0f} ms (max {max(opens) * 1e3:.0f} ms); "
          f"imports before it {statistics.median(imports) * 1e3:.0f} ms (goal: open < 500 ms)")
    table = open_table(directory)
    states = positions(args.lookups, random.Random(1))
    codes = [s.code for s in states]
    times = []
    for code in codes:
        start = time.perf_counter()
        table.chance(code)
        times.append(time.perf_counter() - start)
    print(f"lookup: median {statistics.median(times) * 1e6:.1f} us, "
          f"p99 {percentile(times, 0.99) * 1e6:.1f} us over {len(codes):,} positions")
    mummy = Mummy(Level.NEFERKAPTAH, table=table)
    rng = random.Random(0)
    decisions = []
    for state in states[:5000]:
        start = time.perf_counter()
        mummy.decide(state, rng)
        decisions.append(time.perf_counter() - start)
    print(f"Neferkaptah's move: median {statistics.median(decisions) * 1e6:.0f} us, "
          f"p95 {percentile(decisions, 0.95) * 1e6:.0f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
