"""Chances without a solved table: the page estimates them itself, as the window does, by the
strongest search (``engine.mummy.judges``), once a position while a page watches, and tells them
labelled as estimates (``"estimated": true``). The search runs in a worker process of the page's
own (never in the board's, and not in a thread of the page's: a search holding the interpreter
would hold up every board frame the page passes on). The board's own chances, from its table,
always win: an estimate is made only while the board tells none.

    link = BoardLink(path, estimates=Estimates())   # the news passes through its heard()
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from engine.games import load
from engine.mummy.judges import SearchJudge, cones_chance
from firmware.service.link_schema import message

log = logging.getLogger(__name__)

WORKER_NICE = 10
"""How much lower the estimating worker's priority is than the page's: an estimate may wait,
the board's frames passed on to the watchers may not."""


def estimate(game: str, notation: str) -> float | None:
    """The Cones' chance in the position ``notation`` of ``game``, by search (None: none)."""
    rules = load(game)
    return cones_chance(SearchJudge(rules), rules.parse(notation))


class Estimates:
    """The estimated chances of the positions the board tells, kept for the game's graph."""

    def __init__(self, worker: Executor | None = None) -> None:
        self.worker = worker
        """Where the searches run (None: a worker process, made when first needed)."""
        self.game: str | None = None
        self.history: list[float | None] = []
        self.line: bytes | None = None
        """The chances event for the position now (None: no estimate for it)."""
        self.wanted: tuple[str, str, int] | None = None
        self.task: asyncio.Task[None] | None = None
        """The estimating, while it runs."""
        self.board_has_table = False

    def chances_line(self) -> bytes | None:
        """What to tell in place of the board's empty chances, when there is an estimate."""
        return None if self.board_has_table else self.line

    def heard(self, kind: str, event: dict[str, Any], tell: Any) -> None:
        """The board told ``event``: estimate its position when the board has no table;
        ``tell(kind, event, line)`` passes an estimate on to the page's watchers."""
        if kind == "chances":
            self.board_has_table = event.get("cones") is not None
        elif kind == "game" and event.get("name") != self.game:
            self.game, self.history, self.line = event.get("name"), [], None
            if not self.board_has_table:  # the last game's estimate is gone with it
                none = message("chances", cones=None, history=[])
                tell("chances", none, json.dumps(none).encode() + b"\n")
        elif kind == "position" and not self.board_has_table and self.game is not None:
            notation, actions = event.get("notation"), event.get("actions")
            if not isinstance(notation, str) or not isinstance(actions, int):
                self.line = None
                return
            if actions < len(self.history) - 1:  # a new game of the same kind
                self.history = []
            self.wanted = (self.game, notation, actions)
            if self.task is None:
                self.task = asyncio.get_running_loop().create_task(self._work(tell))

    async def _work(self, tell: Any) -> None:
        """Estimate the newest position wanted (those passed meanwhile are skipped)."""
        try:
            while self.wanted is not None:
                game, notation, actions = wanted = self.wanted
                try:
                    cones = await asyncio.get_running_loop().run_in_executor(
                        self._worker(), estimate, game, notation)
                except Exception as exc:  # a position the page cannot read: no estimate
                    log.warning("no estimate for %s %r: %s", game, notation, exc)
                    cones = None
                if self.wanted == wanted:
                    self.wanted = None
                if game != self.game or self.board_has_table:
                    continue
                while len(self.history) <= actions:
                    self.history.append(None)
                self.history[actions] = None if cones is None else round(cones, 4)
                event = message("chances", cones=cones, history=self.history[:actions + 1],
                                estimated=True)
                self.line = json.dumps(event).encode() + b"\n"
                tell("chances", event, self.line)
        finally:
            self.task = None

    def _worker(self) -> Executor | None:
        """The worker process (spawned, so it shares nothing with the page's threads); None,
        a thread of the default pool, where no process can be made."""
        if self.worker is None:
            try:
                self.worker = ProcessPoolExecutor(  # niced: on a busy Pi the frames go first
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                    initializer=os.nice, initargs=(WORKER_NICE,))
            except (OSError, NotImplementedError, ImportError) as exc:
                log.warning("no worker process for the estimates (%s): a thread instead", exc)
                return None
        return self.worker

    def close(self) -> None:
        """End the worker process, if one was made."""
        if self.worker is not None:
            self.worker.shutdown(wait=True, cancel_futures=True)  # the worker ends with the page
