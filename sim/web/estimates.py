"""Chances without a solved table: the page estimates them itself, as the window does, by the
strongest search (``engine.mummy.judges``), once a position while a page watches, and tells them
labelled as estimates (``"estimated": true``); the positions of the game before the page
watched are estimated afterwards, from the game's record (the board's ``played``), so the
graph shows the whole game. The search runs in a worker process of the page's
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

from engine.core.errors import RulesError
from engine.games import load
from engine.mummy.judges import SearchJudge, cones_chance
from engine.record import GameRecord
from firmware.service.link_schema import message

log = logging.getLogger(__name__)

WORKER_NICE = 10
"""How much lower the estimating worker's priority is than the page's: an estimate may wait,
the board's frames passed on to the watchers may not."""


EARLIER = 8
"""Earlier positions estimated at once, between two looks at the newest."""
POINTS = 32
"""Earlier positions estimated at most for a game's graph (evenly spread: the line between them
is drawn straight), so a page opened late in a long game costs the worker a few searches, not
one a throw and move."""


def estimate(game: str, notation: str) -> float | None:
    """The Cones' chance in the position ``notation`` of ``game``, by search (None: none)."""
    rules = load(game)
    return cones_chance(SearchJudge(rules), rules.parse(notation))


def estimate_all(game: str, notations: list[str]) -> list[float | None]:
    """``estimate`` of each position (one trip to the worker for them all)."""
    return [estimate(game, notation) for notation in notations]


def estimate_in_record(game: str, record: Any, numbers: list[int]) -> list[float | None]:
    """``estimate`` of the positions ``numbers`` (0: the start, n: after n throws and moves)
    of the game the record (the board's ``played``) tells; read here, in the worker, so the
    page's loop never replays a game (None each: not a record this page reads)."""
    try:
        whole = GameRecord.from_data(record)
    except (RulesError, ValueError, TypeError):
        return [None for _ in numbers]
    notations = [whole.initial().notation(),
                 *(state.notation() for _action, state in whole.replay())]
    return [estimate(game, notations[n]) if 0 <= n < len(notations) else None
            for n in numbers]


class Estimates:
    """The estimated chances of the positions the board tells, kept for the game's graph."""

    def __init__(self, worker: Executor | None = None) -> None:
        self.worker = worker
        """Where the searches run (None: a worker process, made when first needed)."""
        self.game: str | None = None
        self.history: list[float | None] = []
        self.line: tuple[dict[str, Any], bytes] | None = None
        """The chances event for the position now and its line (None: no estimate for it)."""
        self.wanted: tuple[str, str, int] | None = None
        self.task: asyncio.Task[None] | None = None
        """The estimating, while it runs."""
        self.board_has_table = False
        self.record: Any = None
        """The whole game so far, as the board told it last (``played``)."""

    def chances_line(self) -> tuple[dict[str, Any], bytes] | None:
        """What to tell in place of the board's empty chances (the event and its line), when
        there is an estimate."""
        return None if self.board_has_table else self.line

    def heard(self, kind: str, event: dict[str, Any], tell: Any) -> None:
        """The board told ``event``: estimate its position when the board has no table;
        ``tell(kind, event, line)`` passes an estimate on to the page's watchers."""
        if kind == "played":
            self.record = event.get("record")
        elif kind == "chances":
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
        """Estimate the newest position wanted (those passed meanwhile are skipped), then the
        game's earlier positions not estimated yet, a few at a time."""
        try:
            while self.wanted is not None or self._earlier():
                if self.wanted is None:
                    await self._estimate_earlier(tell)
                    continue
                game, notation, actions = wanted = self.wanted
                cones = (await self._ask(estimate_all, game, [notation]) or [None])[0]
                if self.wanted == wanted:
                    self.wanted = None
                if game != self.game or self.board_has_table:
                    continue
                while len(self.history) <= actions:
                    self.history.append(None)
                self.history[actions] = None if cones is None else round(cones, 4)
                self._tell(tell, cones, actions)
        finally:
            self.task = None

    def _earlier(self) -> list[int]:
        """The earlier positions of the game the graph still needs (``POINTS`` of them, evenly
        spread), by number; none when the record is not this game's so far."""
        if self.board_has_table or self.game is None or not self.history \
                or not isinstance(self.record, dict):
            return []
        actions = self.record.get("actions")
        if not isinstance(actions, list) or len(actions) + 1 != len(self.history):
            return []
        step = max(1, -(-len(self.history) // POINTS))
        return [n for n in range(0, len(self.history), step) if self.history[n] is None]

    async def _estimate_earlier(self, tell: Any) -> None:
        game, actions = self.game, len(self.history) - 1
        numbers = self._earlier()[-EARLIER:]  # the nearest to now first
        found = await self._ask(estimate_in_record, game, self.record, numbers)
        if found is None or game != self.game or self.board_has_table \
                or len(self.history) - 1 != actions:
            if found is None:  # the worker cannot estimate them: never again for this game
                self.record = None
            return
        for number, cones in zip(numbers, found, strict=True):
            self.history[number] = None if cones is None else round(cones, 4)
            if cones is None:
                self.record = None  # a position without an estimate: the rest are left
        self._tell(tell, self.history[actions], actions)

    async def _ask(self, work: Any, game: str | None, *what: Any) -> list[float | None] | None:
        """``work(game, *what)`` in the worker (None: it failed, said in the log)."""
        try:
            found: list[float | None] = await asyncio.get_running_loop().run_in_executor(
                self._worker(), work, game, *what)
        except Exception as exc:  # a position the page cannot read: no estimate
            log.warning("no estimate for %s %r: %s", game, str(what[0])[:80], exc)
            return None
        return found

    def _tell(self, tell: Any, cones: float | None, actions: int) -> None:
        event = message("chances", cones=cones, history=self.history[:actions + 1],
                        estimated=True)
        line = json.dumps(event).encode() + b"\n"
        self.line = (event, line)
        tell("chances", event, line)

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
