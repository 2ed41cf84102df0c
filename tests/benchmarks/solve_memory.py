"""Benchmark: what a solve holds in memory, group by group (no sweep is run: a few seconds).

    python -m tests.benchmarks.solve_memory [--pieces 5] [--game cyningstan] [--memory MIB]

For each group, in the order they are solved, held as ``aseb solve`` plans it in ``--memory``
(``Solver.plan``; best moves wide or narrow, mirrors kept or worked out): its positions and
sweep units, the values the run keeps in memory for it (its own layers and those it reads, as
doubles; the layers its start values come from only until they are made), and the group's own
arrays (the sweep order, each unit's chosen moves and margin), from the arrays themselves.
Before them, the process's resident memory after the imports, the index and the move tables
(``/proc/self/status``: anonymous and file-backed pages apart, as the kernel counts them for a
service).
"""

from __future__ import annotations

import argparse
from dataclasses import replace

import numpy as np

from engine.cyningstan import RULES
from engine.solve import Index, Solver, group, groups
from engine.solve.kernel import choices_for
from engine.solve.values import starts
from engine.tait.state import Ruleset
from firmware.solve.run import MEMORY, PROCESS, MiB

MB = 2**20


def resident() -> str:
    """The process's resident memory now, anonymous and file-backed apart."""
    found = {}
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            name, _, rest = line.partition(":")
            if name in ("RssAnon", "RssFile"):
                found[name] = int(rest.split()[0]) / 1024
    return f"{found['RssAnon']:.0f} MiB anonymous, {found['RssFile']:.0f} MiB file-backed"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pieces", type=int, default=5)
    parser.add_argument("--game", choices=("tait", "cyningstan"), default="tait")
    parser.add_argument("--memory", type=int, default=MEMORY // MiB, metavar="MIB")
    args = parser.parse_args(argv)
    ruleset = (replace(RULES, pieces=args.pieces) if args.game == "cyningstan"
               else Ruleset(pieces=args.pieces))
    print(f"imports: {resident()}")
    index = Index(ruleset)
    print(f"index: {resident()}")
    solver = Solver(index)
    fixed = sum(a.nbytes for a in _arrays(solver.arrays))
    print(f"move tables: {resident()} (the sweep's tables {fixed / MB:.1f} MiB)")
    print(f"every value as a double: {(index.size + 1) * 8 / MB:.0f} MiB")
    print("group: positions, units | values held: sweeps (+ start) | sweep order, chosen moves,"
          " margins | all | plan")
    largest = 0.0
    for layers in groups(index):
        units = group(index, layers)
        plan = solver.plan(layers, args.memory * MiB - PROCESS)
        if plan.mirrors:
            units = solver.with_mirrors(units)
        choices = choices_for(units, solver.chances, index.hand_extra, plan.wide)
        first = starts(index, layers)
        values = _doubles(index, [layer for layer in solver.reads(layers) if layer not in first])
        start = _doubles(index, first)
        order = sum(a.nbytes for a in (units.position, units.hand, units.opponent, units.mirror))
        moves = choices.wide.nbytes + choices.narrow.nbytes
        total = values + order + moves + choices.margin.nbytes
        largest = max(largest, total, values + start + order)
        label = "+".join(f"{a}{b}" for a, b in layers)
        print(f"{label:>6} {units.positions:>11,} {len(units.position):>11,} | "
              f"{values / MB:6.1f} (+{start / MB:5.1f}) | {order / MB:6.1f} "
              f"{moves / MB:6.1f} {choices.margin.nbytes / MB:5.1f} | {total / MB:6.1f} MiB | "
              f"{'wide' if plan.wide else 'narrow'}, mirrors {'kept' if plan.mirrors else 'not'}")
        assert plan.held == max(values + start + order, total)
    print(f"the most a group holds: {largest / MB:.0f} MiB, besides the process "
          f"(planned: {PROCESS // MiB} MiB)")
    return 0


def _doubles(index: Index, layers: list[tuple[int, int]]) -> float:
    return sum(index.layers[layer][1] for layer in layers) * 8.0


def _arrays(arrays: object) -> list[np.ndarray]:
    """Every NumPy array in the sweep's tables, however nested."""
    if isinstance(arrays, np.ndarray):
        return [arrays]
    if isinstance(arrays, tuple):
        return [a for item in arrays for a in _arrays(item)]
    return []


if __name__ == "__main__":
    raise SystemExit(main())
