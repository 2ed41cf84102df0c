"""``aseb web``'s ``/metrics`` for Prometheus, heard on the simulated board's real link: a game
won counts for its game, side and the mummy's level, a game left for a new one counts as
abandoned, and what is served passes ``promtool check metrics``."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("prometheus_client", reason="prometheus-client is not installed")

from tests.sim.web.web_board import WebBoard, connected


@pytest.fixture
def board(tmp_path: Path) -> Iterator[WebBoard]:
    with WebBoard(tmp_path, metrics=("127.0.0.1",)) as board:  # the board file lets it read
        yield board


def figure(text: str, name: str) -> float:
    """The value of the sample named (with its labels) ``name`` in the exposition ``text``."""
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    raise AssertionError(f"{name} is not served:\n{text}")


def test_a_won_game_and_an_abandoned_one_are_counted(board: WebBoard) -> None:
    board.table.controller.settings.mummy = None
    with connected(board) as client:
        state = board.set_up("C:M15 off:4,0 R:M9 entered:CR turn:C throw:1:WDDD")
        board.carry_out(state, state.moves[0])  # the Cones bear their last piece off
        board.sync(client)
        state = board.set_up("C:C2 R:M9 entered:CR turn:C throw:1:WDDD")
        board.carry_out(state, state.moves[0])
        with board.lock:
            board.table.controller.press("new_game")  # left for a new one: abandoned
            board.table.run(0.5)
        board.sync(client)
        served = client.get("/metrics")
    assert served.status_code == 200
    text = served.text
    assert figure(text, 'aseb_games_total{game="tait"}') == 1
    assert figure(text, 'aseb_wins_total{level="priest",opponent="reels",side="cones"}') == 1
    assert figure(text, 'aseb_abandoned_games_total{game="tait"}') == 1
    assert figure(text, "aseb_board_connected") == 1
    assert figure(text, 'aseb_faults_total{kind="disk_full"}') == 0
    assert figure(text, "aseb_board_start_time_seconds") > 0
    assert figure(text, "aseb_link_readers") == 0


def test_what_is_served_passes_promtool(board: WebBoard, tmp_path: Path) -> None:
    promtool = shutil.which("promtool")
    if promtool is None:
        pytest.skip("promtool is not installed (apt-get install prometheus): not checked")
    with connected(board) as client:
        text = client.get("/metrics").content
    checked = subprocess.run([promtool, "check", "metrics"], input=text, capture_output=True)
    assert checked.returncode == 0, checked.stdout.decode() + checked.stderr.decode()


def test_the_grafana_dashboard_asks_only_for_metrics_the_page_serves(board: WebBoard) -> None:
    import json
    import re

    dashboard = json.loads((Path(__file__).resolve().parents[3] / "docs" / "far" /
                            "grafana-dashboard.json").read_text(encoding="utf-8"))
    with connected(board) as client:
        served = set()  # every metric declared, samples or not yet (a counter: NAME_total)
        for line in client.get("/metrics").text.splitlines():
            if line.startswith("# TYPE "):
                _, _, name, kind = line.split()
                counter = kind == "counter" and not name.endswith("_total")
                served.add(name + "_total" if counter else name)
    asked = {name for panel in dashboard["panels"] for target in panel["targets"]
             for name in re.findall(r"\baseb_[a-z_]+", target["expr"])}
    assert asked and asked <= served, asked - served
