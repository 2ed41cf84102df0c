"""``aseb solve``'s run: the values held layer by layer, the same table as a solve that holds
them all, and a checkpoint at the end of each group that an interrupted run goes on from."""

from __future__ import annotations

import json
import mmap
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.solve import Group, Index, Solver, group, groups, working
from engine.tait.state import Ruleset
from firmware.solve import run
from firmware.solve.run import SCALE, solve

THREE = Ruleset(pieces=3)


@dataclass(frozen=True)
class Fresh:
    """A solve of ``THREE`` never stopped: what it returned and the table's bytes."""

    result: run.Result
    values: bytes


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Fresh:
    """One solve never stopped, for every test that compares a resumed one with it (it is
    not changed: each reads its bytes)."""
    out = tmp_path_factory.mktemp("fresh")
    result = solve(THREE, out, show=False)
    return Fresh(result, (out / "tait-3.values").read_bytes())


def test_the_table_is_that_of_a_solve_holding_every_value(tmp_path: Path) -> None:
    index = Index(THREE)
    solver, w = Solver(index), working(index)
    for layers in groups(index):
        for _ in solver.solve_group(w, group(index, layers), run.TOLERANCE):
            pass
    result = solve(THREE, tmp_path, show=False)
    table = np.fromfile(tmp_path / "tait-3.values", dtype="<u2")
    assert np.array_equal(table, np.rint(w[:index.size] * SCALE).astype("<u2"))
    assert result.start_value == w[index.number(0, 0, 0)]
    assert json.loads((tmp_path / "tait-3.json").read_text())["sha256"] == result.sha256
    assert not (tmp_path / "tait-3.checkpoint").exists()


def test_each_group_holds_only_the_layers_its_sweeps_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While a group is swept, every other layer's pages are given back: they read as zeros
    (the whole pages inside a layer; a page it shares with a neighbour may stay)."""
    index = Index(THREE)
    solver = Solver(index)
    real = Solver.solve_group
    looked: list[list[tuple[int, int]]] = []

    def watched(self: Solver, w: np.ndarray, units: Group, tolerance: float,
                started: bool = False, wide: bool = True) -> Any:
        held = set(solver.reads(units.layers)) - set(solver.starts(units.layers))
        for layer, (first, size) in index.layers.items():
            inside = slice(-(-first * 8 // mmap.PAGESIZE) * mmap.PAGESIZE // 8,
                           (first + size) * 8 // mmap.PAGESIZE * mmap.PAGESIZE // 8)
            if layer not in held:
                assert not w[inside].any(), (units.layers, layer)
            else:
                assert w[inside].all(), (units.layers, layer)  # no chance is exactly 0
        looked.append(units.layers)
        return real(self, w, units, tolerance, started, wide)

    monkeypatch.setattr(Solver, "solve_group", watched)
    solve(THREE, tmp_path, show=False)
    assert looked == groups(index)


class Interrupted(Exception):
    pass


def test_an_interrupted_solve_goes_on_from_the_group_it_was_solving(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh: Fresh,
) -> None:
    real = run.group
    made: list[list[tuple[int, int]]] = []

    def cut_at_the_fourth(index: Index, layers: list[tuple[int, int]]) -> Group:
        if len(made) == 3:
            raise Interrupted
        made.append(layers)
        return real(index, layers)

    with monkeypatch.context() as patch:
        patch.setattr(run, "group", cut_at_the_fourth)
        with pytest.raises(Interrupted):
            solve(THREE, tmp_path, show=False)
    saved = tmp_path / "tait-3.checkpoint"
    assert json.loads((saved / "progress.json").read_text())["done"] == 3
    index = Index(THREE)
    solver, order = Solver(index), groups(index)
    wanted = {layer for layers in order[3:] for layer in solver.reads(layers)}
    assert sorted(p.name for p in saved.glob("layer-*")) == [  # finished, and read later
        f"layer-{a}{b}.f64" for a, b in sorted({(2, 2), (1, 2), (2, 1), (2, 0), (0, 2)} & wanted)]
    with monkeypatch.context() as patch:
        made.clear()
        patch.setattr(run, "group", lambda index, layers: made.append(layers) or real(
            index, layers))
        resumed = solve(THREE, tmp_path, show=False)
    assert made == order[3:]  # the groups done before are not solved again
    assert resumed.sha256 == fresh.result.sha256
    assert resumed.start_value == fresh.result.start_value
    assert (tmp_path / "tait-3.values").read_bytes() == fresh.values
    assert not saved.exists()


KILLED = """
import os, signal, sys
from dataclasses import dataclass
from pathlib import Path
from engine.solve import kernel
from engine.tait.state import Ruleset
from firmware.solve import layers, run

where, call, out = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
calls = 0

def kill_at(real, torn=False, after=False):
    def counted(*args):
        global calls
        calls += 1
        found = real(*args) if after else None
        if calls == call:
            if torn:  # half a layer's doubles written, then the power goes
                values, layer = args
                first, size = values.index.layers[layer]
                values.w[first:first + size // 2].tofile(values.file(layer).with_suffix(".tmp"))
            os.kill(os.getpid(), signal.SIGKILL)
        return found if after else real(*args)
    return counted

if where == "save":
    layers.Layers.save = kill_at(layers.Layers.save, torn=True)
elif where == "progress":
    run._progress = kill_at(run._progress, after=True)
else:
    kernel.sweep = kill_at(kernel.sweep)
run.solve(Ruleset(pieces=3), out, show=False)
"""


@pytest.mark.parametrize(("where", "call"), [
    pytest.param("save", 4, marks=pytest.mark.long),  # in the middle of writing a layer's doubles
    pytest.param("progress", 4, marks=pytest.mark.long),  # as a group's end is written
    ("sweep", 40),  # in the middle of a group's sweeps
])
def test_a_solve_killed_anywhere_goes_on_to_the_same_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str, call: int, fresh: Fresh,
) -> None:
    """A SIGKILL (nothing cleaned up) at each kind of moment; the next run goes on from the
    group it was solving and makes the same bytes as a solve never stopped."""
    child = subprocess.run([sys.executable, "-c", KILLED, where, str(call), str(tmp_path)],
                           check=False)
    assert child.returncode == -9
    done = json.loads((tmp_path / "tait-3.checkpoint" / "progress.json").read_text())["done"]
    assert done > 0
    real = run.group
    made: list[list[tuple[int, int]]] = []
    with monkeypatch.context() as patch:
        patch.setattr(run, "group", lambda index, layers: made.append(layers) or real(
            index, layers))
        resumed = solve(THREE, tmp_path, show=False)
    assert made == groups(Index(THREE))[done:]
    assert (tmp_path / "tait-3.values").read_bytes() == fresh.values
    assert resumed.start_value == fresh.result.start_value
    assert resumed.residual == fresh.result.residual
    assert not (tmp_path / "tait-3.checkpoint").exists()


def test_a_checkpoint_of_other_rules_is_not_taken(tmp_path: Path) -> None:
    saved = tmp_path / "tait-2.checkpoint"
    saved.mkdir()
    (saved / "progress.json").write_text(json.dumps(
        {"ruleset": Ruleset(pieces=2, marked_safe=True).to_json(), "done": 2, "residual": 0.0,
         "seconds": 0.0}))
    (saved / "values.f64").write_bytes(b"an older run's checkpoint")
    fresh = solve(Ruleset(pieces=2), tmp_path / "fresh", show=False)
    assert solve(Ruleset(pieces=2), tmp_path, show=False).sha256 == fresh.sha256
    assert not saved.exists()


@pytest.mark.long  # two solves of Tait's three pieces (4 s)
def test_a_solve_in_little_memory_holds_its_largest_group_narrow_and_makes_the_same_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = Solver.plan
    plans: dict[tuple[tuple[int, int], ...], tuple[bool, bool]] = {}

    def noted(self: Solver, layers: list[tuple[int, int]], room: int) -> Any:
        found = real(self, layers, room)
        plans[tuple(layers)] = found.wide, found.mirrors
        return found

    monkeypatch.setattr(Solver, "plan", noted)
    roomy = solve(THREE, tmp_path / "roomy", show=False, memory=1 << 40)
    assert set(plans.values()) == {(True, True)}
    index = Index(THREE)
    solver = Solver(index)
    largest = max(groups(index), key=lambda layers: real(solver, layers, 0).held)
    plans.clear()
    tight = solve(THREE, tmp_path / "tight", show=False,
                  memory=run.PROCESS + real(solver, largest, 0).held)
    assert plans[tuple(largest)] == (False, False)
    assert tight.sha256 == roomy.sha256 and tight.residual == roomy.residual
    assert tight.start_value == roomy.start_value


def test_a_solve_that_cannot_hold_its_largest_group_says_so_before_it_begins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    index = Index(THREE)
    solver = Solver(index)
    need = run.PROCESS + max(solver.plan(layers, 0).held for layers in groups(index))
    made: list[list[tuple[int, int]]] = []
    monkeypatch.setattr(run, "group", lambda index, layers: made.append(layers))
    with pytest.raises(run.TooLittleMemory) as refused:
        solve(THREE, tmp_path, show=False, memory=need - 1)
    assert str(refused.value.args[0]) == (
        f"the solve needs {-(-need // run.MiB)} MiB of memory and may use "
        f"{(need - 1) // run.MiB} MiB here: solve on a computer with more and copy "
        "tait-3.values and tait-3.json to the board")
    assert made == [] and list(tmp_path.iterdir()) == []


def test_a_big_solve_has_its_machine_code_compiled_apart_before_its_first_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    happened: list[str] = []
    real = run.group
    monkeypatch.setattr(run, "compile_apart", lambda ruleset: happened.append(ruleset.name))
    monkeypatch.setattr(run, "group", lambda index, layers: happened.append("group") or real(
        index, layers))
    solve(Ruleset(pieces=2), tmp_path / "small", show=False)
    assert "tait" not in happened  # a small solve compiles for itself: not worth a process
    happened.clear()
    monkeypatch.setattr(run, "APART", 1000)
    solve(Ruleset(pieces=2), tmp_path / "big", show=False)
    assert happened[0] == "tait" and happened[1:] == ["group"] * (len(happened) - 1)


@pytest.mark.long
def test_compiling_apart_leaves_every_compiled_function_in_the_cache(tmp_path: Path) -> None:
    """The child's machine code is what the solve then loads: each of the four compiled
    functions is in the (empty before) cache. A compile from nothing: some 10 CPU seconds."""
    environment = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "firmware.solve.compiling",
               json.dumps(Ruleset(pieces=5).to_json())]
    assert subprocess.run(command, env=environment, check=False).returncode == 0
    assert sorted(p.name.split("-")[0] for p in tmp_path.rglob("*.nbi")) == [
        "kernel._mirrors", "kernel._start", "kernel._sweep", "order._layer"]


def test_a_solve_plans_in_its_services_limit_else_in_what_the_system_has_up_to_600_mib(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(run, "memory_limit", lambda: 300 * run.MiB)
    monkeypatch.setattr(run, "memory_available", lambda: 20_000)
    assert run.planned_memory() == 300 * run.MiB  # the unit's MemoryMax
    assert run.planned_memory(1 << 40) == 1 << 40
    monkeypatch.setattr(run, "memory_limit", lambda: None)
    assert run.planned_memory() == run.MEMORY == 600 * run.MiB  # a PC: 600 MiB, not all of it
    monkeypatch.setattr(run, "memory_available", lambda: 350)
    assert run.planned_memory() == 350 * run.MiB  # aseb solve by hand on a Zero 2 W
    monkeypatch.setattr(run, "memory_available", lambda: None)
    assert run.planned_memory() == run.MEMORY
