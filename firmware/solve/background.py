"""A board without a solved table solves its own, in the background, at idle priority.

``python -m firmware.solve.background --game tait --out DIR`` lowers its own priority (nice 19,
and Linux's idle scheduling class: it runs only on time nobody else wants) and runs the solve
(``firmware.solve.run``), which keeps a checkpoint, so after a power cut it goes on where it was.
The systemd unit ``aseb-solve.service`` runs it on a board; ``aseb run --simulated`` starts it
itself. Meanwhile the controller plays as the Vizier, saying so, and ``TableWatcher`` hands it
the table the moment it is written: Neferkaptah and the chances, without a restart.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.mummy.chances import SolvedTable
from hardware.doors.writer import appending

log = logging.getLogger(__name__)

POLL_SECONDS = 10.0
"""How often the watcher looks for the table (a stat of one file)."""


def idle_priority() -> None:
    """Run this process only when the CPU is otherwise idle (where the system allows it)."""
    with contextlib.suppress(OSError):  # a system that will not: the solve runs all the same
        os.nice(19 - os.nice(0))
    policy = getattr(os, "SCHED_IDLE", None)
    if policy is not None:
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, policy, os.sched_param(0))


def start(game: str, out: Path, pieces: int = 5, idle: bool = True) -> subprocess.Popen[bytes]:
    """Start the solve of ``game`` into ``out`` as a background process, at idle priority
    unless ``idle`` is false (a test on a busy machine: an idle process may wait for ever)."""
    out.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "firmware.solve.background", "--game", game,
               "--pieces", str(pieces), "--out", str(out), *([] if idle else ["--not-idle"])]
    log.info("no solved table yet: solving it in the background at idle priority (%s)",
             " ".join(command[1:]))
    with appending(out / "background-solve.log", "solve's log") as output:
        return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=output,
                                stderr=subprocess.STDOUT)


class TableWatcher:
    """Looks for the solved table every ``POLL_SECONDS`` of the board's clock until it opens."""

    def __init__(self, find: Callable[[], SolvedTable | None],
                 ready: Callable[[SolvedTable], None], every: float = POLL_SECONDS) -> None:
        self.find = find
        self.ready = ready
        self.every = every
        self.next_look = 0.0
        self.done = False

    def tick(self, now: float) -> bool:
        """Look if it is time; True once the table has been handed over (this tick)."""
        if self.done or now < self.next_look:
            return False
        self.next_look = now + self.every
        table = self.find()
        if table is None:
            return False
        self.done = True
        self.ready(table)
        return True


def table_watcher(controller: Any) -> Callable[[], None] | None:
    """What to call before each tick while the controller has no solved table for a game that
    can have one: a look every ``POLL_SECONDS``, the table handed over when it appears."""
    from engine.tait.state import Ruleset
    from firmware.solve.places import RULESETS
    from firmware.solve.table import find_table

    settings = controller.settings
    ruleset = settings.ruleset
    if settings.table is not None or not isinstance(ruleset, Ruleset) \
            or ruleset.name not in RULESETS:
        return None
    watcher = TableWatcher(lambda: find_table(ruleset=ruleset), controller.table_ready)

    def look() -> None:
        watcher.tick(controller.clock.now())

    return look


NO_ROOM = 78
"""The exit status of a solve that cannot fit in the memory its service allows (EX_CONFIG): the
unit does not restart it (``RestartPreventExitStatus=``); more memory, or a table made
elsewhere, is the way on."""


def main(argv: list[str] | None = None) -> int:
    from firmware.solve.places import solvable
    from firmware.solve.run import TooLittleMemory, solve
    from firmware.words import problem

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=("tait", "cyningstan"), default="tait")
    parser.add_argument("--pieces", type=int, default=5)
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--not-idle", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not args.not_idle:
        idle_priority()
    try:
        result = solve(solvable(args.game, args.pieces), args.out, show=False)
    except TooLittleMemory as refused:
        print(f"aseb-solve: {problem(refused)}", file=sys.stderr, flush=True)
        return NO_ROOM
    print("\n".join(result.lines()), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
