"""The kiosk soak, short (``python -m tests.benchmarks.soak`` runs a thousand visitors)."""

from __future__ import annotations

import os
from pathlib import Path

from firmware.stats import GameLog
from tests.benchmarks.soak import soak


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
