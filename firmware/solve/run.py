"""``aseb solve``: solve the game to a table file, with progress bars and checkpoints.

The arithmetic is ``engine.solve``'s; this module owns the clock, the files and the screen. A
run writes into ``--out DIR``: ``NAME.values`` (each position's chance, uint16 by dense index,
``round(p * 65535)``) and ``NAME.json`` (what the table is, and the figures of the run), where
NAME is the ruleset's name and the pieces (``tait-5``). While it runs it keeps a checkpoint in
``NAME.checkpoint/``: the values so far and how many groups are done, saved every two minutes
(at the end of a group or within one), so an interrupted run goes on where it stopped.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm  # type: ignore[import-untyped]  # tqdm ships no type hints

from engine.solve import Index, Solver, group, groups, working
from engine.solve.values import demon_cast_value
from engine.tait.state import Ruleset
from firmware.solve.places import table_name

TOLERANCE = 1e-11
"""A group is done when a sweep changes no value by more than this (the goal: residual < 1e-9)."""
SCALE = 65535
"""A chance p is stored as round(p * SCALE) in 16 bits."""
CHECKPOINT_SECONDS = 120.0
FORMAT = "aseb-solved-table"


@dataclass(frozen=True)
class Result:
    """The figures a solve prints at the end."""

    positions: int
    start_value: float
    residual: float
    """A bound on the largest Bellman residual: the largest change of each group's last
    sweep (``engine.solve.values.Solver``)."""
    seconds: float
    peak_mb: float
    sha256: str
    demon_cast_value: float | None
    """None under rules with no demon-cast (Cyningstan's)."""
    most_extra: int

    def lines(self) -> list[str]:
        """The lines ``aseb solve`` ends with, one figure each."""
        return [
            f"positions: {self.positions}",
            f"start value: {self.start_value:.12f}",
            f"residual: {self.residual:.3e}",
            f"seconds: {self.seconds:.1f}",
            f"peak memory: {self.peak_mb:.0f} MB",
            f"sha256: {self.sha256}",
            *([] if self.demon_cast_value is None
              else [f"demon-cast start value: {self.demon_cast_value:.12f}"]),
            f"most extra turns in hand: {self.most_extra}",
        ]


def compile_cache(out: Path) -> Path:
    """Where the compiled sweep is kept between runs: ``$XDG_CACHE_HOME/aseb/numba`` (or
    ``~/.cache``), else, where that cannot be written (the board's service sees no home),
    ``numba-cache`` in the output directory."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    home = Path(base) / "aseb" / "numba"
    try:
        home.mkdir(parents=True, exist_ok=True)
    except OSError:
        return out / "numba-cache"
    return home if os.access(home, os.W_OK) else out / "numba-cache"


def peak_mb() -> float:
    """The process's peak resident memory so far."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def solve(
    ruleset: Ruleset,
    out: Path,
    *,
    show: bool = True,
    tolerance: float = TOLERANCE,
    clock: Callable[[], float] = time.monotonic,
    checkpoint_seconds: float = CHECKPOINT_SECONDS,
) -> Result:
    """Solve ``ruleset`` into ``out``, going on from a checkpoint there if one exists."""
    began = clock()
    out.mkdir(parents=True, exist_ok=True)
    if "numba" not in sys.modules and "NUMBA_CACHE_DIR" not in os.environ:
        os.environ["NUMBA_CACHE_DIR"] = str(compile_cache(out))  # numba reads it on import
    name = table_name(ruleset)
    saved = out / f"{name}.checkpoint"
    index = Index(ruleset)
    w = working(index)
    solver = Solver(index)
    order = groups(index)
    done, residual, spent = _resume(saved, ruleset, w, index.size)
    width = math.ceil(-math.log10(tolerance))
    last_save = clock()
    for number, layers in enumerate(order):
        if number < done:
            continue
        label = "+".join(f"{a}{b}" for a, b in layers)
        units = group(index, layers)
        bar = tqdm(total=width, desc=f"layer {label} ({units.positions:,} positions)",
                   disable=not show, unit="decade", bar_format="{l_bar}{bar}| {postfix}")
        change = 0.0
        for sweeps, change in enumerate(solver.solve_group(w, units, tolerance), 1):
            decades = min(width, max(0, int(-math.log10(max(change, 1e-300)))))
            bar.update(decades - bar.n)
            bar.set_postfix_str(f"sweep {sweeps}, change {change:.1e}")
            if clock() - last_save > checkpoint_seconds:
                _save(saved, ruleset, w, index.size, number, residual, spent + clock() - began)
                last_save = clock()
        residual = max(residual, change)  # the last sweep's change bounds the residual
        bar.close()
        del units
        # Not after every group: a save writes every value (383 MB for Tait's game), and the
        # seventeen of a solve took some 5 s of system time; two minutes is all a cut can lose.
        if clock() - last_save > checkpoint_seconds:
            _save(saved, ruleset, w, index.size, number + 1, residual, spent + clock() - began)
            last_save = clock()
    values = w[: index.size]
    table = np.rint(values * SCALE).astype("<u2")
    start = index.number(0, 0, 0)
    path = out / f"{name}.values"
    tmp = path.with_suffix(".tmp")
    table.tofile(tmp)
    os.replace(tmp, path)
    digest = hashlib.sha256(table.tobytes()).hexdigest()
    result = Result(
        positions=index.size,
        start_value=float(values[start]),
        residual=residual,
        seconds=spent + clock() - began,
        peak_mb=peak_mb(),
        sha256=digest,
        demon_cast_value=demon_cast_value(index, w) if ruleset.demon_cast else None,
        most_extra=index.halves.most_extra,
    )
    meta: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": ruleset.to_json(),
        "scale": SCALE,
        "positions": result.positions,
        "start_value": result.start_value,
        "demon_cast_value": result.demon_cast_value,
        "residual": result.residual,
        "seconds": round(result.seconds, 1),
        "peak_mb": round(result.peak_mb),
        "sha256": digest,
        "most_extra": result.most_extra,
        "extra_bound": index.halves.bound.tolist(),
    }
    (out / f"{name}.json").write_text(json.dumps(meta) + "\n", encoding="utf-8")
    for leftover in saved.glob("*"):
        leftover.unlink()
    if saved.exists():
        saved.rmdir()
    return result


def _save(
    where: Path, ruleset: Ruleset, w: np.ndarray, size: int, done: int, residual: float,
    seconds: float,
) -> None:
    """The values so far and the groups done, each file replaced whole."""
    where.mkdir(exist_ok=True)
    tmp = where / "values.tmp"
    w[:size].tofile(tmp)
    os.replace(tmp, where / "values.f64")
    state = {"ruleset": ruleset.to_json(), "done": done, "residual": residual,
             "seconds": seconds}
    (where / "progress.tmp").write_text(json.dumps(state), encoding="utf-8")
    os.replace(where / "progress.tmp", where / "progress.json")


def _resume(where: Path, ruleset: Ruleset, w: np.ndarray, size: int) -> tuple[int, float, float]:
    """Load a checkpoint into ``w``: (groups done, residual so far, seconds spent before)."""
    try:
        state = json.loads((where / "progress.json").read_text(encoding="utf-8"))
        if state["ruleset"] != ruleset.to_json():
            return 0, 0.0, 0.0
        values = np.fromfile(where / "values.f64", dtype=np.float64)
    except (OSError, ValueError, KeyError, TypeError):
        return 0, 0.0, 0.0
    if len(values) != size:
        return 0, 0.0, 0.0
    w[:size] = values
    return int(state["done"]), float(state["residual"]), float(state["seconds"])
