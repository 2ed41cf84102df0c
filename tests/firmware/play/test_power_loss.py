"""Kill the controller (SIGKILL) at random points of scripted games: every restart resumes the
last completed move, and no save is ever half-written."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from firmware.play.store import Store
from sim.board.table import Table

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("seed", range(6))
def test_a_killed_controller_resumes_the_last_completed_move(tmp_path: Path, seed: int) -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.firmware.kill_child", str(tmp_path), str(seed)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    kill_after = random.Random(seed).randint(3, 40)
    completed = 0
    for _ in range(kill_after):
        line = child.stdout.readline()
        if not line:
            break
        completed = int(line.split()[1])
    child.kill()  # SIGKILL: no clean-up at all, possibly in the middle of a save
    child.wait()
    saved = Store(tmp_path).load()
    assert saved is not None
    assert len(saved.record.actions) >= completed
    state = saved.record.final_state()
    with Table(state_dir=tmp_path, settings=Settings(mummy=None),
               pieces=state.occupancy()) as table:
        assert table.controller.game is not None
        assert table.controller.game.state == state
        assert table.controller.phase in (Phase.THROW, Phase.MOVE, Phase.WON)
