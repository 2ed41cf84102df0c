"""``aseb solve``'s run: the values held layer by layer, the same table as a solve that holds
them all, and a checkpoint at the end of each group that an interrupted run goes on from."""

from __future__ import annotations

import json
import mmap
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.solve import Group, Index, Solver, group, groups, working
from engine.tait.state import Ruleset
from firmware.solve import run
from firmware.solve.run import SCALE, solve

THREE = Ruleset(pieces=3)


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
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
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
    fresh = solve(THREE, tmp_path / "fresh", show=False)
    assert resumed.sha256 == fresh.sha256 and resumed.start_value == fresh.start_value
    assert (tmp_path / "tait-3.values").read_bytes() == (
        tmp_path / "fresh" / "tait-3.values").read_bytes()
    assert not saved.exists()


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


def test_a_solve_in_little_memory_holds_its_groups_narrow_and_makes_the_same_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = Solver.plan
    plans: list[tuple[bool, bool]] = []

    def noted(self: Solver, units: Group, room: int) -> Any:
        found = real(self, units, room)
        plans.append((found.wide, found.mirrors))
        return found

    monkeypatch.setattr(Solver, "plan", noted)
    roomy = solve(THREE, tmp_path / "roomy", show=False, memory=1 << 40)
    assert set(plans) == {(True, True)}
    plans.clear()
    tight = solve(THREE, tmp_path / "tight", show=False, memory=run.PROCESS)
    assert set(plans) == {(False, False)}
    assert tight.sha256 == roomy.sha256 and tight.residual == roomy.residual
    assert tight.start_value == roomy.start_value


def test_the_memory_limit_is_the_least_along_the_services_cgroup(tmp_path: Path) -> None:
    root = tmp_path / "cgroup"
    service = root / "system.slice" / "aseb-solve.service"
    service.mkdir(parents=True)
    (root / "memory.max").write_text("max\n")
    (root / "system.slice" / "memory.max").write_text("2147483648\n")
    (service / "memory.max").write_text("629145600\n")
    cgroup = tmp_path / "cgroup-of-self"
    cgroup.write_text("0::/system.slice/aseb-solve.service\n")
    assert run.memory_limit(cgroup, root) == 629145600
    (service / "memory.max").write_text("max\n")
    assert run.memory_limit(cgroup, root) == 2147483648
    cgroup.write_text("4:memory:/somewhere\n0::/\n")
    assert run.memory_limit(cgroup, root) is None
    cgroup.write_text("4:memory:/somewhere\n")  # cgroup v1 only
    assert run.memory_limit(cgroup, root) is None
