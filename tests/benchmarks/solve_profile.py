"""Benchmark: where a solve's CPU time goes, group by group and sweep by sweep.

    python -m tests.benchmarks.solve_profile [--pieces 4] [--game cyningstan]

Solves as ``aseb solve`` does (no files written; each group held as the run would in
``--memory``) and times, with the process's CPU clock, each group's sweep order and each
sweep: those that look at every move (choosing) and those that keep the moves chosen. Prints,
per group, how many of each kind it took and their cost a position, then the totals a position
of the whole game, the start value and the table's sha256 (the same as ``aseb solve``'s: the
timing changes nothing).
"""

from __future__ import annotations

import argparse
import hashlib
import time
from dataclasses import replace

import numpy as np

from engine.cyningstan import RULES
from engine.solve import Group, Index, Solver, group, groups, kernel, working
from engine.tait.state import Ruleset
from firmware.solve.run import MEMORY, PROCESS, SCALE, TOLERANCE, MiB


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pieces", type=int, default=4)
    parser.add_argument("--game", choices=("tait", "cyningstan"), default="tait")
    parser.add_argument("--memory", type=int, default=MEMORY // MiB, metavar="MIB",
                        help="plan each group as aseb solve does in this memory (default "
                             "%(default)s); 0: every group narrow and its mirrors worked out")
    args = parser.parse_args(argv)
    ruleset = (replace(RULES, pieces=args.pieces) if args.game == "cyningstan"
               else Ruleset(pieces=args.pieces))
    clock = time.process_time
    began = clock()
    index = Index(ruleset)
    solver = Solver(index)
    w = working(index)
    print(f"index and move table: {clock() - began:.1f} s, {index.size:,} positions")
    taken: dict[str, list[float]] = {"choose": [0, 0.0], "keep": [0, 0.0]}  # positions, CPU s
    real = kernel.sweep

    def timed(w: kernel.Values, group: Group, arrays: kernel.Arrays, choices: kernel.Choices,
              how: int, spent: float = 0.0) -> tuple[float, int, int]:
        started = clock()
        found = real(w, group, arrays, choices, how, spent)
        kind = taken["keep" if how == kernel.CHOSEN else "choose"]
        kind[0] += group.positions
        kind[1] += clock() - started
        return found

    kernel.sweep = timed  # the solver imports it as it sweeps
    ordering = 0.0
    try:
        for layers in groups(index):
            started = clock()
            units = group(index, layers)
            plan = solver.plan(layers, args.memory * MiB - PROCESS)
            if plan.mirrors:
                units = solver.with_mirrors(units)
            ordering += clock() - started
            before = {k: list(v) for k, v in taken.items()}
            for _ in solver.solve_group(w, units, TOLERANCE, wide=plan.wide):
                pass
            label = "+".join(f"{a}{b}" for a, b in layers) + ("" if plan.wide else " narrow")
            counts = [f"{name} {(taken[name][0] - before[name][0]) / units.positions:.0f} x "
                      f"{_each(taken[name][1] - before[name][1], taken[name][0] - before[name][0])}"
                      for name in taken]
            print(f"{label:>6} {units.positions:>11,} positions: " + ", ".join(counts))
    finally:
        kernel.sweep = real
    for name, (positions, seconds) in taken.items():
        print(f"{name}: {positions / index.size:.2f} sweeps a position, "
              f"{_each(seconds, positions)} a position each, {seconds:.1f} s")
    print(f"sweep orders: {ordering:.1f} s; all: {clock() - began:.1f} s of CPU")
    table = np.rint(w[: index.size] * SCALE).astype("<u2")
    print(f"start value: {w[index.number(0, 0, 0)]:.12f}")
    print(f"sha256: {hashlib.sha256(table.tobytes()).hexdigest()}")
    return 0


def _each(seconds: float, positions: float) -> str:
    return f"{seconds / positions * 1e6:.3f} µs" if positions else "-"


if __name__ == "__main__":
    raise SystemExit(main())
