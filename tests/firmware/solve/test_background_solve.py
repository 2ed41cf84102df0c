"""A board without a solved table: it solves in the background at idle priority, plays as the
Vizier meanwhile and says so, and switches to Neferkaptah and the chances once the table is
written, without a restart (two pieces a side, so the solve takes seconds)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.game import Game
from engine.mummy import Level
from firmware.play.controller import Settings
from firmware.solve.background import TableWatcher, start, table_watcher
from sim.board.table import Table
from tests.solved import TWO, two_piece_table


def test_the_watcher_looks_every_few_seconds_until_the_table_is_there() -> None:
    looks: list[float] = []
    handed: list[object] = []
    table = two_piece_table()

    def find() -> object:
        looks.append(0)
        return table if len(looks) >= 3 else None

    watcher = TableWatcher(find, handed.append, every=10.0)  # type: ignore[arg-type]
    seen = [watcher.tick(now) for now in (0.0, 5.0, 10.0, 15.0, 20.0, 30.0)]
    assert seen == [False, False, False, False, True, False]
    assert len(looks) == 3 and handed == [table]


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux's idle scheduling class")
def test_the_solve_runs_at_idle_priority() -> None:
    code = ("from firmware.solve.background import idle_priority; import os; idle_priority(); "
            "print(os.sched_getscheduler(0) == os.SCHED_IDLE, "
            "os.getpriority(os.PRIO_PROCESS, 0))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, cwd=Path(__file__).parents[3]).stdout.split()
    assert shown == ["True", "19"]


def test_a_board_without_a_table_solves_it_and_switches_while_it_plays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    tables = tmp_path / "tables"
    monkeypatch.setenv("ASEB_TABLES", str(tables))
    settings = Settings(ruleset=TWO, mummy=Side.REELS, level=Level.NEFERKAPTAH)
    with Table(state_dir=tmp_path / "state", settings=settings, seed=3) as board:
        controller = board.controller
        controller.game = Game(TWO)
        assert controller._mummy.fallback is not None and "Vizier" in controller._mummy.fallback
        assert not controller.show_odds()  # no table yet: the chances are refused
        look = table_watcher(controller)
        assert look is not None
        solving = start("tait", tables, pieces=2, idle=False)  # idle: tested above
        assert solving.wait(timeout=300) == 0, (tables / "background-solve.log").read_text()
        for _ in range(int(11 / 0.05)):  # the watcher looks every 10 s of the board's clock
            board.run(0.05)
            look()
        assert controller.settings.table is not None
        assert controller._mummy.fallback is None  # Neferkaptah plays from the table
        assert controller.show_odds()
    assert "the solved table is ready" in caplog.text


def test_a_solve_its_service_gives_too_little_memory_says_so_and_stops_for_good(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """Exit 78, which the unit does not restart: restarting would only be killed again."""
    from firmware.solve import background, run

    monkeypatch.setattr(run, "memory_limit", lambda: 200 * run.MiB)
    status = background.main(["--game", "tait", "--pieces", "4", "--out", str(tmp_path),
                              "--not-idle"])
    assert status == background.NO_ROOM == 78
    said = capsys.readouterr().err
    assert said.startswith("aseb-solve: the solve needs ") and "may use 200 MiB here" in said
    assert "tait-4.values and tait-4.json" in said
    assert list(tmp_path.iterdir()) == []
    unit = (Path(__file__).parents[3] / "systemd" / "aseb-solve.service").read_text()
    assert "\nRestartPreventExitStatus=78\n" in unit


def test_aseb_solve_says_the_same_in_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    from firmware.solve import run
    from sim.command.cli import main

    monkeypatch.setattr(run, "memory_limit", lambda: 200 * run.MiB)
    assert main(["solve", "--pieces", "4", "--out", str(tmp_path)]) == 78
    assert capsys.readouterr().err.startswith("aseb: the solve needs ")
