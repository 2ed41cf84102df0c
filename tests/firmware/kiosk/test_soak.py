"""The kiosk soak, short (``python -m tests.benchmarks.soak`` runs a thousand visitors)."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import pytest

from firmware.kiosk.stats import GameLog
from hardware.boards.board_file import DEFAULT_BOARD, load_board
from tests.benchmarks.faults import kiosk_of
from tests.benchmarks.soak import probe, soak


def test_a_few_visitors_later_every_game_is_recorded_once(tmp_path: Path) -> None:
    visitors = soak(5, seed=0, state_dir=tmp_path).visitors  # a seed whose visitors also walk away
    recorded = list(GameLog(tmp_path).lines())
    assert visitors.started == 5 and len(recorded) == visitors.started
    assert {line.result for line in recorded} >= {"abandoned", "visitor", "mummy"}
    files = {p.name for p in tmp_path.iterdir()}  # nothing half-written or set aside
    assert "games.jsonl" in files and files <= {"game.json", "games.jsonl"}


def test_a_few_visitors_meet_every_fault_and_no_game_or_save_is_lost(tmp_path: Path) -> None:
    """``python -m tests.benchmarks.soak`` injects faults into ten thousand games; here a few
    games meet many of them: I2C outages (some long enough to exit 70), expander resets,
    SIGKILLs, a full disk and clock jumps. Each life of the service runs in a process of its
    own, as under systemd."""
    run = soak(3, seed=2, state_dir=tmp_path, faults=True, fault_rate=0.15,
               report=lambda line: None, processes=True)
    site = run.visitors.site
    counts = site.counts
    for fault in ("I2C outages", "expander resets", "SIGKILLs", "full disks", "clock jumps"):
        assert counts[fault] >= 1, counts
    assert counts["deaths mid-game"] >= 1
    assert counts["saves lost"] == 0 and counts["saves not resumed"] == 0
    gone = counts["games gone with the disk"]
    assert counts["games resumed after a death"] == counts["deaths mid-game"] - gone
    recorded = list(GameLog(tmp_path).lines())
    assert len(recorded) == run.visitors.started - gone - site.lines_lost
    lives = counts["SIGKILLs"] + counts["exit 70 restarts"] + 1
    assert run.life == lives and len(run.processes) == lives  # each life a new process
    assert os.getpid() not in run.processes


@pytest.mark.long  # two soaks, one a process a life: 5 to 9 s (the soak with faults stays)
def test_lives_in_processes_play_as_lives_in_one_process(tmp_path: Path) -> None:
    """What a life hands the next process (the visitors, the faults, the pieces) is all that
    carries over: the same games are played and recorded either way."""
    runs = {}
    for processes in (False, True):
        state_dir = tmp_path / str(processes)
        state_dir.mkdir()
        run = soak(2, seed=2, state_dir=state_dir, faults=True, fault_rate=0.15,
                   report=lambda line: None, processes=processes)
        runs[processes] = (run.visitors.site.counts, (state_dir / "games.jsonl").read_text())
    assert runs[True][0]["SIGKILLs"] >= 1
    assert runs[True] == runs[False]


def test_a_fresh_service_on_weeks_of_game_log_holds_no_more_memory(tmp_path: Path) -> None:
    """The soak's memory goal probes a fresh service on the state of game 100 and of the end;
    here the end is a full game log and its rotated predecessor, 1 MB each (as ten thousand
    games leave them): the kiosk must not hold its log in memory."""
    first = tmp_path / "first"
    soak(2, seed=0, state_dir=first.parent / "played")  # a real game log to copy lines from
    lines = (first.parent / "played" / "games.jsonl").read_text().splitlines(keepends=True)
    weeks = tmp_path / "weeks"
    first.mkdir()
    weeks.mkdir()
    log = "".join(lines * (1_000_000 // len("".join(lines))))
    (weeks / "games.1.jsonl").write_text(log)
    (weeks / "games.jsonl").write_text(log)
    board = load_board(DEFAULT_BOARD)
    kiosk = kiosk_of(board)
    wall = datetime(2026, 11, 23, 20, 0)
    sizes = [probe(state, board, kiosk, wall, tmp_path / f"scratch-{n}", games=1, own=True)
             for n, state in enumerate((first, weeks))]
    assert sizes[0] > 1  # MB: a whole game was played by the service measured
    assert sizes[1] - sizes[0] < 2.0, sizes
