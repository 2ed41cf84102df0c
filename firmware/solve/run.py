"""``aseb solve``: solve the game to a table file, with progress bars and checkpoints.

The arithmetic is ``engine.solve``'s; this module owns the clock, the files and the screen. A
run writes into ``--out DIR``: ``NAME.values`` (each position's chance, uint16 by dense index,
``round(p * 65535)``) and ``NAME.json`` (what the table is, and the figures of the run), where
NAME is the ruleset's name and the pieces (``tait-5``). It holds in memory only the values the
group being solved reads (``firmware.solve.layers``). While it runs it keeps a checkpoint in
``NAME.checkpoint/``, written as each group ends: the table so far, the doubles of the finished
layers a later group reads, and how many groups are done, so an interrupted run goes on from
the group it was solving.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from tqdm import tqdm  # type: ignore[import-untyped]  # tqdm ships no type hints

from engine.core.words import N_, phrase
from engine.solve import Index, Solver, group, groups
from engine.solve.values import demon_cast_value
from engine.tait.state import Ruleset
from firmware.solve.layers import Layer, Layers
from firmware.solve.memory import MiB, memory_available, memory_limit
from firmware.solve.places import table_name
from hardware.doors.file_reader import Bounds, Unreadable, read_json
from hardware.doors.writer import write_whole

log = logging.getLogger(__name__)

TOLERANCE = 1e-11
"""A group is done when a sweep changes no value by more than this (the goal: residual < 1e-9)."""
SCALE = 65535
"""A chance p is stored as round(p * SCALE) in 16 bits."""
FORMAT = "aseb-solved-table"
PROGRESS = Bounds("solve's progress", 64 * 1024, depth=4, keys=100)
"""How far a solve went (``progress.json``): the rules, the groups done, the residual."""
CHUNK = 1 << 20
"""Values turned into chances at a time (8 MiB of doubles)."""
MEMORY = 600 * MiB
"""What a solve plans to fit in where its service sets no limit (less if the system has less
available): a Raspberry Pi 3 beside the board's service and web page."""
PROCESS = 128 * MiB
"""What the process holds besides the group it solves: Python, NumPy, numba and the machine
code, the index and the move tables (some 90 MiB measured, with the machine code compiled in a
process of its own: ``firmware.solve.compiling``), and room for the pages of the files it
writes."""
APART = 1 << 20
"""A solve of more positions than this has its machine code compiled in a process of its own:
the compiler keeps some 70 MiB until its process ends."""


class TooLittleMemory(Exception):
    """The solve cannot hold its largest group in the memory it may use: said before it
    begins, as one line for the owner (a ``Phrase``)."""


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


def planned_memory(memory: int | None = None) -> int:
    """The bytes a solve plans in: ``memory`` if given, else the limit of the service it runs
    in, else ``MEMORY`` or what the system has available, the less."""
    if memory:
        return memory
    limit = memory_limit()
    if limit is not None:
        return limit
    available = memory_available()
    return MEMORY if available is None else min(MEMORY, available * MiB)


def compile_apart(ruleset: Ruleset) -> bool:
    """Compile the solve's machine code in a process of its own, into numba's cache
    (``firmware.solve.compiling``); whether it did (else the solve compiles for itself)."""
    command = [sys.executable, "-m", "firmware.solve.compiling", json.dumps(ruleset.to_json())]
    done = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          check=False).returncode == 0
    if not done:
        log.warning("the solve's machine code could not be compiled apart: it compiles here")
    return done


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
    memory: int | None = None,
) -> Result:
    """Solve ``ruleset`` into ``out``, going on from a checkpoint there if one exists, in
    ``memory`` bytes (``planned_memory``): each group is held the fastest way that fits
    (``Solver.plan``); raises TooLittleMemory, before anything is written, if the leanest way
    of its largest group does not fit."""
    began = clock()
    out.mkdir(parents=True, exist_ok=True)
    if "numba" not in sys.modules and "NUMBA_CACHE_DIR" not in os.environ:
        os.environ["NUMBA_CACHE_DIR"] = str(compile_cache(out))  # numba reads it on import
    name = table_name(ruleset)
    saved = out / f"{name}.checkpoint"
    index = Index(ruleset)
    solver = Solver(index)
    order = groups(index)
    limit = planned_memory(memory)
    room = limit - PROCESS
    need = max(solver.plan(layers, room).held for layers in order) + PROCESS
    if need > limit:
        raise TooLittleMemory(phrase(
            N_("the solve needs {need} MiB of memory and may use {limit} MiB here: solve on a "
               "computer with more and copy {name}.values and {name}.json to the board"),
            need=-(-need // MiB), limit=limit // MiB, name=name))
    if index.size > APART:
        compile_apart(ruleset)
    # Who reads each layer after each group: the groups to come, and the end (the start value)
    later = [{layer for g in order[k:] for layer in solver.reads(g)} | {(0, 0)}
             for k in range(1, len(order) + 1)]
    values = Layers(index, saved)
    done, residual, spent = _resume(saved, ruleset, values, later, order)
    table = saved / "table.u16"
    width = math.ceil(-math.log10(tolerance))
    for number, layers in enumerate(order):
        if number < done:
            continue
        label = "+".join(f"{a}{b}" for a, b in layers)
        values.hold(solver.reads(layers), fresh=layers)
        units = group(index, layers)
        plan = solver.plan(layers, room)
        if plan.mirrors:
            units = solver.with_mirrors(units)
        solver.start(values.w, units)
        values.hold(set(solver.reads(layers)) - set(solver.starts(layers)))
        held = "" if plan.wide else ", best moves narrow"
        bar = tqdm(total=width, desc=f"layer {label} ({units.positions:,} positions{held})",
                   disable=not show, unit="decade", bar_format="{l_bar}{bar}| {postfix}")
        change = 0.0
        for sweeps, change in enumerate(
                solver.solve_group(values.w, units, tolerance, True, plan.wide), 1):
            decades = min(width, max(0, int(-math.log10(max(change, 1e-300)))))
            bar.update(decades - bar.n)
            bar.set_postfix_str(f"sweep {sweeps}, change {change:.1e}")
        residual = max(residual, change)  # the last sweep's change bounds the residual
        bar.close()
        del units
        with open(table, "r+b") as chances:
            for layer in layers:
                first, size = index.layers[layer]
                chances.seek(first * 2)
                for at in range(first, first + size, CHUNK):  # no copy of a whole layer
                    _chances(values.w[at:min(at + CHUNK, first + size)]).tofile(chances)
        for layer in layers:
            if layer in later[number]:
                values.save(layer)
        _progress(saved, ruleset, number + 1, residual, spent + clock() - began)
        for layer in index.layers:  # only now: a cut before the progress redoes this group
            if layer not in later[number]:
                values.forget(layer)
    values.hold([(0, 0)])
    start = index.number(0, 0, 0)
    digest = _sha256(table)
    os.replace(table, out / f"{name}.values")
    result = Result(
        positions=index.size,
        start_value=float(values.w[start]),
        residual=residual,
        seconds=spent + clock() - began,
        peak_mb=peak_mb(),
        sha256=digest,
        demon_cast_value=demon_cast_value(index, values.w) if ruleset.demon_cast else None,
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
    write_whole(out / f"{name}.json", json.dumps(meta) + "\n")
    _clear(saved)
    saved.rmdir()
    return result


def _chances(values: npt.NDArray[np.float64]) -> npt.NDArray[np.uint16]:
    """Values as the table stores them: round(p * SCALE) in 16 bits, little-endian."""
    found: npt.NDArray[np.uint16] = np.rint(values * SCALE).astype("<u2")
    return found


def _sha256(path: Path) -> str:
    """The file's sha256, read a few MB at a time."""
    digest = hashlib.sha256()
    with open(path, "rb") as source:
        while block := source.read(1 << 22):
            digest.update(block)
    return digest.hexdigest()


def _progress(where: Path, ruleset: Ruleset, done: int, residual: float, seconds: float
              ) -> None:
    """How many groups are done, replaced whole: the files it speaks for are written before."""
    state = {"ruleset": ruleset.to_json(), "done": done, "residual": residual,
             "seconds": seconds}
    write_whole(where / "progress.json", json.dumps(state))


def _resume(where: Path, ruleset: Ruleset, values: Layers, later: list[set[Layer]],
            order: list[list[Layer]]) -> tuple[int, float, float]:
    """Go on from a checkpoint if there is a whole one: (groups done, residual so far, seconds
    spent before); else clear the directory and start a table of zeros."""
    try:
        state = read_json(where / "progress.json", PROGRESS)
        done, residual, seconds = int(state["done"]), float(state["residual"]), float(
            state["seconds"])
        finished = {layer for layers in order[:done] for layer in layers}
        whole = (state["ruleset"] == ruleset.to_json() and 0 < done <= len(order)
                 and (where / "table.u16").stat().st_size == values.index.size * 2
                 and all(values.saved(layer) for layer in finished & later[done - 1]))
    except (OSError, ValueError, KeyError, TypeError, Unreadable):
        whole = False
    if whole:
        return done, residual, seconds
    where.mkdir(exist_ok=True)
    _clear(where)
    with open(where / "table.u16", "wb") as table:
        table.truncate(values.index.size * 2)
    return 0, 0.0, 0.0


def _clear(where: Path) -> None:
    """Delete every file of a checkpoint directory (an older run's too); a folder there is
    not the solve's, and is left (a file the solve must write in its place is refused then,
    by the one writer)."""
    for leftover in where.glob("*"):
        if not leftover.is_dir() or leftover.is_symlink():
            leftover.unlink()
