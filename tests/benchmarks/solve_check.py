"""Benchmark: the solver against the brute force of ``tests/engine/brute_force.py``, in full.

    python -m tests.benchmarks.solve_check [--pieces 1,2,3] [--game cyningstan]

For each number of pieces: every position reachable from the start is found with the plain
rules (``tests/engine/reference.py``) and valued by plain repeated averaging; the solver's value
of each must agree within 1e-9. Also prints how many extra turns games reach against the
solver's bound. (The test suite does one piece in full and samples two and three: the brute
force takes minutes from three pieces on.)
"""

from __future__ import annotations

import argparse
import time

from engine.solve import Index, Solver, group, groups, working
from engine.tait.state import Ruleset
from tests.engine import brute_force
from tests.engine.test_solve import cyningstan, number


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pieces", default="1,2")
    parser.add_argument("--game", choices=("tait", "cyningstan"), default="tait")
    args = parser.parse_args(argv)
    failed = False
    for pieces in (int(n) for n in args.pieces.split(",")):
        ruleset = cyningstan(pieces) if args.game == "cyningstan" else Ruleset(pieces=pieces)
        started = time.perf_counter()
        index = Index(ruleset)
        solver = Solver(index)
        w = working(index)
        for layers in groups(index):
            for _ in solver.solve_group(w, group(index, layers), 1e-12):
                pass
        solved = time.perf_counter() - started
        started = time.perf_counter()
        plain = brute_force.solve(ruleset)
        brute = time.perf_counter() - started
        worst = max(abs(w[number(index, key)] - value) for key, value in plain.items())
        reached = max(key[6] for key in plain)
        failed |= worst >= 1e-9 or reached != index.halves.most_extra
        print(f"{pieces} pieces: {len(plain):,} positions reachable of {index.size:,} indexed; "
              f"largest difference {worst:.1e}; extra turns reached {reached}, bound "
              f"{index.halves.most_extra}; solver {solved:.1f} s, brute force {brute:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
