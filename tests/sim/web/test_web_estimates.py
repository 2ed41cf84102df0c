"""Chances without a solved table: the page estimates them by search (``sim.web.estimates``),
labelled as estimates, once a position, and gives way to the board's own table."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

from engine.core.sides import Side
from engine.game import Game
from engine.games import load
from engine.mummy.judges import SearchJudge, cones_chance
from sim.web.board_link import BoardLink
from sim.web.estimates import POINTS, WORKER_NICE, Estimates, estimate


def line(kind: str, **fields: Any) -> bytes:
    return json.dumps({"v": 1, "type": kind, **fields}).encode() + b"\n"


def told(watcher: Any) -> list[dict[str, Any]]:
    return [json.loads(chunk.removeprefix(b"data: ")) for chunk in watcher.take()]


def test_an_estimate_is_the_searchs_chance() -> None:
    rules = load("ramses")
    start = Game(rules).state
    assert estimate("ramses", start.notation()) == cones_chance(SearchJudge(rules), start)
    assert 0.0 < (estimate("tait", Game(load("tait")).state.notation()) or 0) < 1.0


def test_a_board_without_a_table_gets_estimates_labelled_so() -> None:
    async def play() -> None:
        estimates = Estimates()  # its searches in a worker process, as the page's are
        link = BoardLink(Path("nowhere"), estimates=estimates)
        watcher = link.watch()
        assert watcher is not None
        start = Game(load("tait")).state
        link._dispatch(line("game", name="tait", title="Tait"))
        link._dispatch(line("chances", cones=None, history=[]))
        link._dispatch(line("position", notation="nonsense", actions=0))
        link._dispatch(line("position", notation=start.notation(), actions=0))
        assert estimates.task is not None
        await estimates.task  # the newest position only: the one passed meanwhile is skipped
        chances = [e for e in told(watcher) if e["type"] == "chances"]
        assert chances[-1]["estimated"] is True and len(chances) == 3  # none twice, then ours
        assert chances[-1]["cones"] == pytest.approx(estimate("tait", start.notation()))
        assert chances[-1]["history"] == [round(chances[-1]["cones"], 4)]
        link._dispatch(line("chances", cones=None, history=[]))  # told again: ours stands
        assert told(watcher)[-1]["estimated"] is True
        assert link.now("chances") == chances[-1]
        link._dispatch(line("chances", cones=0.7, history=[0.5, 0.7]))  # the board's table
        link._dispatch(line("position", notation=start.notation(), actions=1))
        assert estimates.task is None  # nothing to estimate: the table's chances win
        assert [e for e in told(watcher) if e["type"] == "chances"] == [
            {"v": 1, "type": "chances", "cones": 0.7, "history": [0.5, 0.7]}]
        assert isinstance(estimates.worker, ProcessPoolExecutor)
        estimates.close()

    asyncio.run(play())


def test_without_estimates_the_board_is_passed_on_as_it_is() -> None:
    async def play() -> None:
        link = BoardLink(Path("nowhere"))
        watcher = link.watch()
        assert watcher is not None
        link._dispatch(line("chances", cones=None, history=[]))
        assert told(watcher) == [{"v": 1, "type": "chances", "cones": None, "history": []}]

    asyncio.run(play())


def test_nothing_is_estimated_while_nobody_watches() -> None:
    async def play() -> None:
        estimates = Estimates(ThreadPoolExecutor(1))
        link = BoardLink(Path("nowhere"), estimates=estimates)
        link._dispatch(line("game", name="tait", title="Tait"))
        link._dispatch(line("chances", cones=None, history=[]))
        link._dispatch(line("position", notation=Game(load("tait")).state.notation(),
                            actions=0))
        assert estimates.task is None  # no page open: no search
        watcher = link.watch()  # the first page: the position now is estimated for it
        assert watcher is not None and estimates.task is not None
        await estimates.task
        assert told(watcher)[-1]["estimated"] is True
        estimates.close()

    asyncio.run(play())


def test_the_estimating_worker_gives_way_to_the_board_frames_the_page_passes_on() -> None:
    estimates = Estimates()
    worker = estimates._worker()
    assert worker is not None
    try:
        niceness = worker.submit(os.nice, 0).result(timeout=120)
    finally:
        estimates.close()
    assert niceness == min(19, os.nice(0) + WORKER_NICE)


def test_a_page_that_joins_late_gets_the_whole_games_graph_from_its_record() -> None:
    """The positions before the page watched are estimated from the game's record, a few
    evenly spread (the line between them is drawn straight)."""
    import random

    rules, rng = load("tait"), random.Random(5)
    game = Game(rules)
    while len(game.actions) < 80 and not game.state.is_over:  # eighty throws and moves
        if game.state.throw is None:
            game.cast(rules.draw(rng))
        else:
            game.play(rng.choice(game.state.moves))

    async def play() -> None:
        estimates = Estimates(ThreadPoolExecutor(1))
        link = BoardLink(Path("nowhere"), estimates=estimates)
        link._dispatch(line("game", name="tait", title="Tait"))
        link._dispatch(line("chances", cones=None, history=[]))
        link._dispatch(line("position", notation=game.state.notation(),
                            actions=len(game.actions)))
        link._dispatch(line("played", record=game.record.to_data()))
        watcher = link.watch()  # a page opened in the middle of the game
        assert watcher is not None and estimates.task is not None
        await estimates.task
        history = [e for e in told(watcher) if e["type"] == "chances"][-1]["history"]
        assert len(history) == len(game.actions) + 1
        drawn = [n for n, cones in enumerate(history) if cones is not None]
        assert drawn[0] == 0 and drawn[-1] == len(game.actions)  # from the start to now,
        step = -(-len(history) // POINTS)  # along the whole game, a few searches in all
        assert max(b - a for a, b in itertools.pairwise(drawn)) <= step
        assert len(drawn) <= POINTS + 2
        assert history[0] == pytest.approx(estimate("tait", rules.new(Side.CONES).notation()),
                                           abs=1e-4)
        estimates.close()

    asyncio.run(play())
