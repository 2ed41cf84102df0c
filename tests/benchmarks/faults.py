"""The faults a kiosk meets in weeks unattended, injected into the soak on its fake clock.

- **I2C outages**: an expander's reads fail for a while (a long wire, a spark); one longer than
  ``GIVE_UP`` makes the reeds report a failure, and the service exits 70 and is restarted.
- **Expander resets**: a brown-out puts an expander's registers back to their power-on values.
- **SIGKILLs** at random moments, mid-move too: the process is gone with whatever it had in
  memory; systemd starts it again, and the pieces are still where the hands left them.
- **A full disk**: every write to the state directory fails with ENOSPC for a while.
- **Clock jumps**: the wall clock is set forward or back (an NTP correction after a boot without a
  real-time clock); the monotonic clock never jumps.

``Site`` is the board as systemd keeps it running: one ``Table`` (one service process) after
another on the same state directory. ``Site.die`` is what a death leaves, ``Site.rise`` the next
process taking it up; the soak runs each life in a process of its own (``tests.benchmarks.lives``).
"""

from __future__ import annotations

import builtins
import errno
import logging
import random
from collections import Counter
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import hardware.doors.writer
from engine.record import GameRecord
from firmware.play.controller import Settings
from firmware.play.store import Store
from hardware.boards.board_file import Board, KioskConfig
from hardware.lights.pixels import Frame
from hardware.sensors.expander import GIVE_UP
from sim.board.table import Table

RESTART_GAP = 5.0
"""Seconds between a process's death and its successor's start (RestartSec and start-up)."""


class Killed(Exception):
    """The process running the board has died (SIGKILL, or an exit 70 and a restart)."""


@dataclass(frozen=True)
class Death:
    """What a process that died leaves to the next: the pieces on the board, and the actions
    saved on disk of the game it was playing (``None``: it was not in a game, or left no save
    of it)."""

    pieces: tuple[str, ...]
    saved: tuple[Any, ...] | None


class Disk:
    """The state directory's disk: ``full`` makes every write fail as ENOSPC does."""

    def __init__(self) -> None:
        self.full = False
        self.refused = 0

    def open(self, file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        f = builtins.open(file, mode, *args, **kwargs)  # noqa: SIM115 (the caller closes it)
        return _Full(f, self) if self.full and any(c in mode for c in "wax+") else f

    def install(self) -> None:
        """Stand in for ``open`` where the saves and the game lines are written (the one writer,
        ``hardware.doors.writer``)."""
        hardware.doors.writer.open = self.open  # type: ignore[attr-defined]

    def remove(self) -> None:
        del hardware.doors.writer.open  # type: ignore[attr-defined]


class _Full:
    """An open file on a full disk: it opens, and every write fails."""

    def __init__(self, f: Any, disk: Disk) -> None:
        self._f, self._disk = f, disk

    def write(self, data: Any) -> int:
        self._disk.refused += 1
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._f, name)

    def __enter__(self) -> _Full:
        return self

    def __exit__(self, *exc: object) -> None:
        self._f.close()


class Tally(logging.Handler):
    """Counts the service's log lines by level and by a few telling phrases, printing none."""

    PHRASES = ("I2C read failed", "answers again", "lost its set-up", "could not save the game",
               "could not record the game", "resuming the saved game", "set aside", "unusable")

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.levels: Counter[str] = Counter()
        self.phrases: Counter[str] = Counter()

    def emit(self, record: logging.LogRecord) -> None:
        self.levels[record.levelname] += 1
        message = record.getMessage()
        for phrase in self.PHRASES:
            if phrase in message:
                self.phrases[phrase] += 1


class ServiceTable(Table):
    """A table whose process may die: at ``kill_at`` (a SIGKILL), or when a device fails for
    good (the service's exit 70), ``Killed`` is raised from wherever it was."""

    kill_at = float("inf")
    failure: str | None = None

    def pump(self) -> Frame:
        if self.now >= self.kill_at:
            raise Killed("SIGKILL")
        problem = self.devices.failure()
        if problem is not None:
            self.failure = problem
            self.controller.flush()  # as serve() does before it exits 70
            raise Killed(problem)
        return super().pump()


class Site:
    """The kiosk as systemd keeps it: a table (a process) at a time, faults injected."""

    table: ServiceTable
    """The service process running now."""

    def __init__(self, state_dir: Path, seed: int, board: Board, kiosk: KioskConfig,
                 wall_start: datetime, faults: bool, *, open_table: bool = True) -> None:
        self.state_dir, self.board, self.kiosk = state_dir, board, kiosk
        self.rng = random.Random(seed ^ 0xFA17)
        self.seed = seed
        self.wall = wall_start
        self.faults = faults
        self.disk = Disk()
        self.counts: Counter[str] = Counter()
        self.lines_lost = 0  # game lines waiting for disk space when the process died
        self.disk_was_full = False  # during this visitor's game
        if open_table:  # else the caller starts the first process (``rise``)
            self.rise(Death((), None))  # the first process, over an empty board

    def _open(self, pieces: Any) -> ServiceTable:
        table = ServiceTable(state_dir=self.state_dir, settings=Settings(), seed=self.seed,
                             board=self.board, kiosk=self.kiosk, wall_start=self.wall,
                             pieces=pieces)
        self.seed += 1  # each process its own throws
        return table

    # --- the faults ------------------------------------------------------------------------

    def maybe_fault(self, rate: float) -> None:
        """At a turn of play: now and then, a fault of one kind (``rate``: chance of any)."""
        if not self.faults or self.rng.random() >= rate:
            return
        kind = self.rng.choice(("outage", "outage", "reset", "kill", "kill", "disk", "clock"))
        table = self.table
        if kind == "outage":
            chip = self.rng.choice(list(table.sim.chips.values()))
            long = self.rng.random() < 0.2  # the expander silent past GIVE_UP: exit 70
            seconds = self.rng.uniform(GIVE_UP + 1, GIVE_UP + 5) if long \
                else self.rng.uniform(0.2, 3.0)
            chip.failing = True
            table.sim.clock.call_at(table.now + seconds, lambda: setattr(chip, "failing", False))
            self.counts["I2C outages"] += 1
        elif kind == "reset":
            self.rng.choice(list(table.sim.chips.values())).power_cycle()
            self.counts["expander resets"] += 1
        elif kind == "kill":
            table.kill_at = table.now + self.rng.uniform(0.0, 20.0)  # mid-move, mid-throw...
        elif kind == "disk":
            self.disk.full = self.disk_was_full = True
            seconds = self.rng.uniform(10.0, 120.0)
            table.sim.clock.call_at(table.now + seconds, self._disk_freed)
            self.counts["full disks"] += 1
        else:
            table.wall_jumped += self.rng.choice((-3600.0, -600.0, 600.0, 3600.0, 86400.0))
            self.counts["clock jumps"] += 1

    def _disk_freed(self) -> None:
        self.disk.full = False

    def end_faults(self) -> None:
        """Between visitors: the disk has room again (staff came by)."""
        self.disk.full = self.disk_was_full = False

    # --- a death and a restart -------------------------------------------------------------

    def restart(self, why: str) -> ServiceTable:
        """The process died: check its save against its game, start the next one, check that
        it takes the same game up; returns the new table."""
        return self.rise(self.die(why))

    def die(self, why: str) -> Death:
        """What the dead process leaves: the pieces where the hands left them, its save on disk,
        and (seen from outside) the game it was playing and the game lines it held."""
        old = self.table
        self.counts["SIGKILLs" if why == "SIGKILL" else "exit 70 restarts"] += 1
        game = old.controller.game
        self.lines_lost += len(old.kiosk.games.waiting) if old.kiosk is not None else 0
        saved = Store(self.state_dir).load()
        ours = False  # whether the save on disk is the game the dead process was playing
        if game is not None and not game.state.is_over:
            self.counts["deaths mid-game"] += 1
            ours = saved is not None and _begins(game.record, saved.record)
            if ours and saved is not None and saved.record.actions != game.record.actions:
                # Saves that failed for want of space: only a full disk may leave it behind.
                key = "saves behind (the disk was full)" if self.disk_was_full else "saves lost"
                self.counts[key] += 1
            elif not ours:  # no save of it at all: its first save failed, or a bug
                self.counts["games gone with the disk" if self.disk_was_full
                            else "saves lost"] += 1
        self.wall += timedelta(seconds=old.now + old.wall_jumped + RESTART_GAP)
        pieces = tuple(sorted(old.sim.pieces))  # the hands leave them where they were
        old.close()
        return Death(pieces, tuple(saved.record.actions) if ours and saved is not None else None)

    def rise(self, death: Death) -> ServiceTable:
        """The next process starts on the same state directory, over the pieces the last one
        left; if the last one died in a game it had saved, check that this one takes it up."""
        self.table = self._open(death.pieces)
        if self.disk.full:  # the disk is as full as before; room comes later
            self.table.sim.clock.call_at(self.rng.uniform(5.0, 60.0), self._disk_freed)
        if death.saved is not None:
            resumed = self.table.controller.game
            if resumed is not None and tuple(resumed.record.actions) == death.saved:
                self.counts["games resumed after a death"] += 1
            else:
                self.counts["saves not resumed"] += 1
        return self.table

    def __getstate__(self) -> dict[str, Any]:
        """What outlives a process (the soak's own bookkeeping): everything but the table, and
        the board and kiosk configuration, which stay as they were (``settle`` puts them back)."""
        return {k: v for k, v in self.__dict__.items() if k not in ("table", "board", "kiosk")}

    def settle(self, board: Board, kiosk: KioskConfig) -> None:
        """Put back the configuration a hand-over leaves out (the same for every process)."""
        self.board, self.kiosk = board, kiosk

    def close(self) -> None:
        self.table.close()


def _begins(played: GameRecord, saved: GameRecord) -> bool:
    """Whether ``saved`` is ``played`` so far (the same game, perhaps some moves behind)."""
    return (saved.first == played.first and saved.ruleset == played.ruleset
            and played.actions[:len(saved.actions)] == saved.actions)


def kiosk_of(board: Board) -> KioskConfig:
    """The soak's kiosk: fair mode, quiet hours across midnight."""
    return replace(board.kiosk, enabled=True, level="fair", quiet=(22 * 60, 8 * 60),
                   quiet_volume=0.2)
