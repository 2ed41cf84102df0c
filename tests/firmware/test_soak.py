"""The kiosk soak, short (``python -m tests.benchmarks.soak`` runs a thousand visitors)."""

from __future__ import annotations

from pathlib import Path

from firmware.stats import GameLog
from tests.benchmarks.soak import soak


def test_a_few_visitors_later_every_game_is_recorded_once(tmp_path: Path) -> None:
    _, visitors = soak(12, seed=2, state_dir=tmp_path)  # a seed whose visitors also walk away
    recorded = list(GameLog(tmp_path).lines())
    assert visitors.started == 12 and len(recorded) == visitors.started
    assert {line.result for line in recorded} >= {"abandoned", "visitor", "mummy"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "games.jsonl"]
