"""Benchmark: weeks of a museum kiosk on the simulated board, on a fake clock, faults and all.

    python -m tests.benchmarks.soak [--games 10000] [--seed S] [--no-faults] [--every-frame]
        [--one-process]

A stream of visitors plays the mummy (fair mode) on the kiosk's simulated board, its reeds on two
MCP23017 expanders: each shakes the sticks, plays random moves and carries out the mummy's moves
with a hand that sometimes touches a wrong piece first; some walk away mid-game (the kiosk ends
the game) and staff sometimes reset the board by covering its corners; reed contacts now and then
flicker on empty squares; quiet hours run from 22:00 to 08:00, and the days go round. Every frame
is ticked while hands act; while nobody touches the board the controller ticks ten times a second
(``WAIT``; ``--every-frame``: every frame then too). Faults are injected
(``tests.benchmarks.faults``): I2C outages (some long enough for the service to exit 70 and be
restarted), expander resets, SIGKILLs at random moments, a full disk, wall-clock jumps.

Each life of the service runs in a process of its own, as under systemd (``--one-process``: all
in this one). The memory goal: a fresh service process playing the same few games on the state of
game 100 and on the state at the end (weeks of game log and saves) grows less than 2 MB in
resident set (``probe``; with ``--one-process``, the one process from game 100 to the end).
Prints that, the service's processes measured at each death and every hundredth game, every
file in the state directory with its size, the faults injected and what came of them, and
whether every game was recorded exactly once and no save was lost. Exits 1 if a goal is missed.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import random
import shutil
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from firmware.kiosk.stats import GameLog, summary
from firmware.lights.scenes import Phase
from hardware.boards.board_file import BOARDS, DEFAULT_BOARD, Board, KioskConfig, load_board
from sim.board.table import FRAME, Table
from tests.benchmarks.faults import Death, Killed, Site, Tally, kiosk_of
from tests.benchmarks.lives import in_processes
from tests.firmware.hand import Hand, carry_out

GROWTH_GOAL_MB = 2.0
EXPANDERS = BOARDS / "mcp23017.toml"
FAULT_RATE = 0.02
"""Chance, at each turn of play, that a fault is injected (about one game in three meets one)."""
START = datetime(2026, 11, 23, 20, 0)
WAIT = 0.1
"""The step, in seconds, while nobody touches the board (the mummy's pause, a throw or a move
being judged, a reset held): the controller ticks ten times a second then, and every frame
(``sim.board.table.FRAME``) while a hand acts."""


def private_mb() -> float:
    """The pages this process holds of its own, in MB (Linux: its private clean and dirty
    pages; those still shared with the process it was forked from are left out)."""
    rollup = Path("/proc/self/smaps_rollup").read_text().splitlines()
    return sum(int(line.split()[1]) for line in rollup
               if line.startswith(("Private_Clean:", "Private_Dirty:"))) * 1024 / 1e6


def resident_mb() -> float:
    """The process's resident set now, in MB (Linux)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096 / 1e6


class Visitors:
    """The people at the kiosk: one visitor a game, each with their habits. A visitor goes on
    where they were when the service dies and comes back (``Killed``)."""

    def __init__(self, site: Site, rng: random.Random, pace: float = 0.15,
                 fault_rate: float = 0.0, wait: float = WAIT) -> None:
        self.site, self.rng, self.pace, self.fault_rate = site, rng, pace, fault_rate
        self.wait = wait
        """The step while nobody touches the board."""
        self.started = self.abandoned = self.resets = 0
        self._hand: Hand | None = None
        self._in_game = self._shook = False
        self._turn = 0
        self._leave_at: int | None = None
        self._reset_at: int | None = None

    @property
    def table(self) -> Table:
        return self.site.table

    @property
    def hand(self) -> Hand:
        if self._hand is None or self._hand.table is not self.table:
            self._hand = Hand(self.table, self.pace)
        return self._hand

    def play_one(self, *, restart: bool = True) -> None:
        """One visitor's game, from the shake to the cleared board (or walking away), through
        every death of the service on the way (``restart=False``: a death raises ``Killed``, and
        calling again after ``Site.rise`` goes on with the same visitor)."""
        while True:
            try:
                self._play()
            except Killed as death:
                if not restart:
                    raise
                self.site.restart(str(death))
                continue
            self.site.end_faults()
            return

    def __getstate__(self) -> dict[str, Any]:
        """What outlives a service process: everything but the hand (it holds the table)."""
        return {**self.__dict__, "_hand": None}

    def clear_the_board(self) -> None:
        for square in sorted(self.table.sim.pieces):
            self.hand.lift(square)
        self.table.run(1.0, step=self.wait)

    def flicker(self) -> None:
        """A reed contact that closes for a moment on an empty square (a loose magnet nearby)."""
        empty = [sq for sq in self.table.sim.board.reeds.names if sq not in self.table.sim.pieces]
        if empty:
            square = self.rng.choice(empty)
            self.table.sim.place(square)
            self.table.run(0.05)
            self.table.sim.lift(square)
            self.table.run(0.3)

    def _play(self) -> None:
        rng = self.rng
        if not self._in_game:
            if self._shook and self.table.controller.game is not None:
                self._begin()  # the game this visitor's shake began, taken up after a death
            else:
                while self.table.controller.phase is not Phase.IDLE:
                    self.clear_the_board()
                self._shook = True
                self.hand.shake(0.6)
                self.table.run(2.0, step=self.wait)
                if self.table.controller.game is None:
                    self._shook = False
                    return
                self._begin()
        while self._turn < 2000:
            turn = self._turn
            self._turn += 1
            controller = self.table.controller
            game = controller.game
            if game is None or controller.phase is Phase.WON:
                break
            self.site.maybe_fault(self.fault_rate)
            if turn == self._leave_at:
                self.abandoned += 1
                self.table.run(self.site.kiosk.abandon_after + 5, step=0.5)  # nobody there
                break
            if turn == self._reset_at:
                self.resets += 1
                for square in ("R1", "R4", "C1", "C4"):
                    if square not in self.table.sim.pieces:
                        self.hand.place(square)
                self.table.run(self.site.kiosk.reset_hold + 1, step=self.wait)
                break
            if rng.random() < 0.02:
                self.flicker()
            if controller.phase is Phase.THROW:
                if controller._mummy_to_play():
                    self.table.run(2.0, step=self.wait)
                else:
                    self.hand.shake(0.5)
                    self.table.run(1.2, step=self.wait)
                continue
            if controller.phase is not Phase.MOVE:
                self.table.run(1.0, step=self.wait)  # guidance: let the board say what it wants
                self.put_right()
                continue
            state = game.state
            move = controller.mummy_move or rng.choice(state.moves)
            if rng.random() < 0.1 and len(self.table.sim.pieces) > 1:
                self.hand.touch(rng.choice(sorted(self.table.sim.pieces)))  # a wrong piece
            carry_out(self.table, state, move, bumped_first=rng.random() < 0.5,
                      slide=rng.random() < 0.3, pace=self.pace)
            self.table.run(0.6, step=self.wait)
        self._turn = 2000  # from here on a death does not bring this visitor's game back
        won = self.table.controller.phase is Phase.WON
        self.table.run(self.site.kiosk.reset_hold if won else 0.5, step=self.wait)
        self.table.run(7.0, step=0.5)  # the victory lights
        self.clear_the_board()
        self._in_game = self._shook = False

    def _begin(self) -> None:
        self.started += 1
        self._in_game = True
        self._turn = 0
        rng = self.rng
        self._leave_at = rng.randrange(4, 60) if rng.random() < 0.1 else None
        self._reset_at = rng.randrange(4, 60) if self._leave_at is None and rng.random() < 0.03 \
            else None

    def put_right(self) -> None:
        """Do what the guiding lights ask: lift what should not be there, put back the rest."""
        expected = self.table.controller.tracker.expectation.before
        pieces = self.table.sim.pieces
        for square in sorted(pieces - expected):
            self.hand.lift(square)
        for square in sorted(expected - pieces):
            self.hand.place(square)
        self.table.run(1.0, step=self.wait)


@dataclass
class Soak:
    """The soak so far, as the outside world keeps it from one service process to the next."""

    visitors: Visitors
    games: int
    """Games to play in all."""
    played: int = 0
    memory: dict[int, float] = field(default_factory=dict)
    """The resident set, in MB, after each hundredth game."""
    life_at: dict[int, int] = field(default_factory=dict)
    """Which life of the service (1, 2, ...) measured ``memory`` at that game."""
    footprints: list[tuple[int, float]] = field(default_factory=list)
    """(games played, resident set in MB) at each hundredth game and at each death."""
    life: int = 1
    death: Death | None = None
    """What the last process left, for the next one to take up."""
    snapshot_dir: Path | None = None
    """Where to keep copies of the state directory (``None``: none kept)."""
    processes: set[int] = field(default_factory=set)
    """The process ids the service's lives ran in."""
    logged: tuple[Counter[str], Counter[str]] | None = None
    """The tally's counts (levels, phrases), handed from process to process."""
    walls: dict[int, datetime] = field(default_factory=dict)
    """The wall clock after each hundredth game."""
    snapshots: dict[int, Path] = field(default_factory=dict)
    """Copies of the state directory to probe later (at game 100), and the last one."""
    probes: dict[int, float] = field(default_factory=dict)
    """A fresh service's resident set after ``PROBE_GAMES`` set games on the state of game N."""


def soak(games: int, seed: int, state_dir: Path, *, faults: bool = False,
         board: Board | None = None, fault_rate: float = FAULT_RATE, wait: float = WAIT,
         report: Callable[[str], None] = print, processes: bool = False,
         tally: Tally | None = None) -> Soak:
    """Play ``games`` visitor games, measuring the resident set after each hundredth game.
    ``processes``: each life of the service in a process of its own, as under systemd (a death
    ends the process); otherwise every life is played in this one."""
    board = board if board is not None else load_board(EXPANDERS if faults else DEFAULT_BOARD)
    kiosk = kiosk_of(board)
    site = Site(state_dir, seed, board, kiosk, START, faults, open_table=not processes)
    visitors = Visitors(site, random.Random(seed), fault_rate=fault_rate if faults else 0.0,
                        wait=wait)
    run = Soak(visitors, games)
    if not processes:
        site.disk.install()
        run.processes.add(os.getpid())
        try:
            _live(run, report, restart=True)
        finally:
            site.disk.remove()
            site.close()
        return run

    def life(run: Soak) -> tuple[Soak, bool]:
        if tally is not None and run.logged is not None:
            tally.levels, tally.phrases = run.logged
        run.processes.add(os.getpid())
        run.visitors.site.settle(board, kiosk)
        run.visitors.site.disk.install()
        run.visitors.site.rise(run.death or Death((), None))
        try:
            done = _live(run, report, restart=False)
            if done:
                run.visitors.site.close()
        finally:
            if tally is not None:
                run.logged = tally.levels, tally.phrases
        return run, done

    with tempfile.TemporaryDirectory(dir=state_dir.parent) as folder:
        run.snapshot_dir = Path(folder)
        run = in_processes(life, run)
        run.visitors.site.settle(board, kiosk)
        if tally is not None and run.logged is not None:
            tally.levels, tally.phrases = run.logged
        if games >= PROBE_AT:  # (a short soak has no game 100 to compare with)
            run.snapshots[games] = state_dir
        for number, where in run.snapshots.items():
            run.probes[number] = probe(where, board, kiosk, run.walls[number],
                                       Path(folder) / f"probe-{number}")
        run.snapshot_dir = None
    return run


PROBE_AT = 100
PROBE_GAMES = 3
PROBE_SEED = 7


def probe(state_dir: Path, board: Board, kiosk: KioskConfig, wall: datetime,
          scratch: Path, games: int = PROBE_GAMES, own: bool = False) -> float:
    """A fresh service process started on a copy of ``state_dir`` plays the same
    ``PROBE_GAMES`` games (the same visitors, no faults); its resident set then, in MB. Probing
    the state of game 100 and of the end compares like with like: the same work, only the weeks
    of state on disk differ. ``scratch``: where the copy goes (removed after). ``own``: only the
    pages the service made or changed itself (a process forked from a large one, a test's, shares
    the rest, and its resident set is mostly its parent's)."""
    shutil.copytree(state_dir, scratch)

    def life(_: float) -> tuple[float, bool]:
        site = Site(scratch, PROBE_SEED, board, kiosk, wall, faults=False)
        visitors = Visitors(site, random.Random(PROBE_SEED))
        for _game in range(games):
            visitors.play_one()
        site.close()
        gc.collect()
        return (private_mb() if own else resident_mb()), True

    size = in_processes(life, 0.0)
    shutil.rmtree(scratch)
    return size


def _live(run: Soak, report: Callable[[str], None], *, restart: bool) -> bool:
    """Play on until the games are done (True) or, with ``restart=False``, until the service
    dies (False: ``run.death`` says what it left)."""
    visitors = run.visitors
    site = visitors.site
    while run.played < run.games:
        try:
            visitors.play_one(restart=restart)
        except Killed as death:
            run.footprints.append((run.played, resident_mb()))  # the process as it died
            run.death = site.die(str(death))
            run.life += 1
            return False
        run.played += 1
        number = run.played
        if number % 100 == 0 or number in (10, run.games):
            gc.collect()
            run.memory[number] = resident_mb()
            run.life_at[number] = run.life
            run.footprints.append((number, run.memory[number]))
            wall = site.wall + timedelta(seconds=site.table.now + site.table.wall_jumped)
            run.walls[number] = wall
            if number == PROBE_AT and run.snapshot_dir is not None:
                run.snapshots[number] = run.snapshot_dir / f"game-{number}"
                shutil.copytree(site.state_dir, run.snapshots[number])
            days = (wall - START).total_seconds() / 86400
            report(f"game {number}: {run.memory[number]:.1f} MB, {days:.1f} days on the wall "
                   f"clock, life {run.life} of the service")
        if number % 1000 == 0:  # the checks so far, should the run be cut short
            report("  so far: " + so_far(visitors, site.state_dir))
    site.table.controller.flush()  # the service is stopped (SIGTERM): what waits is written
    if site.table.kiosk is not None:
        site.table.kiosk.games.flush()
    return True


def so_far(visitors: Visitors, state_dir: Path) -> str:
    """The games started and recorded, and the saves lost, up to now (one line)."""
    counts = visitors.site.counts
    recorded = sum(1 for _ in GameLog(state_dir).lines())
    return (f"{visitors.started} games started, {recorded} recorded, "
            f"{counts['games gone with the disk']} gone with the disk, "
            f"{visitors.site.lines_lost} lines lost with a process, "
            f"{counts['deaths mid-game']} deaths mid-game, "
            f"{counts['games resumed after a death']} resumed, "
            f"{counts['saves lost']} saves lost, {counts['saves not resumed']} not resumed")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-faults", action="store_true", help="the visitors only")
    parser.add_argument("--every-frame", action="store_true",
                        help="tick every frame while nobody touches the board too")
    parser.add_argument("--one-process", action="store_true",
                        help="play every life of the service in this process (a death starts "
                             "the next service here; systemd would start a new process)")
    args = parser.parse_args(argv)
    tally = Tally()
    logging.getLogger().addHandler(tally)
    logging.getLogger().setLevel(logging.INFO)
    logging.lastResort = None  # counted, not printed: thousands of warnings are the point
    started = time.perf_counter()
    # In memory where there is a tmpfs: the figures are the kiosk's, not this disk's fsync.
    shm = Path("/dev/shm")
    with tempfile.TemporaryDirectory(dir=shm if shm.is_dir() else None) as folder:
        state_dir = Path(folder)
        run = soak(args.games, args.seed, state_dir, faults=not args.no_faults,
                   wait=FRAME if args.every_frame else WAIT, processes=not args.one_process,
                   tally=tally)
        recorded = list(GameLog(state_dir).lines())
        files = sorted((p.name, p.stat().st_size) for p in state_dir.iterdir())
    visitors, memory = run.visitors, run.memory
    site = visitors.site
    counts = site.counts
    print(f"\n{args.games} visitors in {time.perf_counter() - started:.0f} s: "
          f"{visitors.started} games started, {visitors.abandoned} left mid-game, "
          f"{visitors.resets} staff resets")
    results: dict[str, int] = {}
    for line in recorded:
        results[line.result] = results.get(line.result, 0) + 1
    print(f"recorded: {len(recorded)} games ({results})")
    print("state directory: " + ", ".join(f"{name} {size:,} B" for name, size in files))
    injected = ("I2C outages", "expander resets", "SIGKILLs", "exit 70 restarts", "full disks",
                "clock jumps")
    print("faults: " + ", ".join(f"{counts[k]} {k}" for k in injected))
    print(f"deaths mid-game: {counts['deaths mid-game']}: {counts['games resumed after a death']}"
          f" games resumed from their save ({counts['saves behind (the disk was full)']} of them "
          f"behind, the disk full), {counts['saves not resumed']} saves not resumed, "
          f"{counts['saves lost']} saves lost")
    phrases = tally.phrases
    print(f"the service's log: {dict(sorted(tally.levels.items()))}; "
          + ", ".join(f"{n} '{p}'" for p, n in phrases.items()))
    print(f"writes refused by the full disk: {site.disk.refused}; game lines lost with a "
          f"process while the disk was full: {site.lines_lost}")
    figures = summary(recorded)
    print(f"statistics: completion {figures.completion_rate:.0%}, visitors' wins "
          f"{figures.visitor_win_rate or 0:.0%}, {len(figures.games_per_day)} days")
    gone = counts["games gone with the disk"]
    once = len(recorded) == visitors.started - site.lines_lost - gone
    print(f"every game recorded exactly once: {'yes' if once else 'NO'}")
    no_loss = counts["saves lost"] == 0 and counts["saves not resumed"] == 0
    print(f"no save lost: {'yes' if no_loss else 'NO'}")
    ok = once and no_loss
    if PROBE_AT in run.probes and args.games in run.probes:
        first, last = run.probes[PROBE_AT], run.probes[args.games]
        print(f"resident set of a fresh service after the same {PROBE_GAMES} games on the state "
              f"of game {PROBE_AT}: {first:.1f} MB, on the state of game {args.games}: "
              f"{last:.1f} MB: growth {last - first:+.2f} MB (goal under {GROWTH_GOAL_MB} MB)")
        ok = ok and last - first < GROWTH_GOAL_MB
    elif args.one_process and PROBE_AT in memory and args.games in memory:
        growth = memory[args.games] - memory[PROBE_AT]
        print(f"resident set: {memory[PROBE_AT]:.1f} MB at game {PROBE_AT}, "
              f"{memory[args.games]:.1f} MB at game {args.games}: growth {growth:+.2f} MB "
              f"(goal under {GROWTH_GOAL_MB} MB)")
        ok = ok and growth < GROWTH_GOAL_MB
    spread = footprint_spread(run)
    if spread is not None:
        print("the service's processes, measured at each death and every hundredth game: "
              + spread)
    if PROBE_AT in memory and args.games in memory:
        print(longest_life(run, one_process=args.one_process))
    return 0 if ok else 1


def footprint_spread(run: Soak) -> str | None:
    """The service's processes early and late in the soak (games 101 to 1,000 and the last 900,
    fewer when the soak is short): the median and the largest resident set of the measures
    taken then. Each process is measured at its own moment of its life, so these vary with
    the work each had done; the probes compare like with like. ``None``: too few games."""
    span = min(900, (run.games - PROBE_AT) // 2)
    if span < 1:
        return None
    parts = []
    for low, high in ((PROBE_AT, PROBE_AT + span), (run.games - span, run.games)):
        sizes = [mb for played, mb in run.footprints if low < played <= high]
        if not sizes:
            return None
        parts.append(f"games {low + 1}-{high}: {len(sizes)} measures, median "
                     f"{statistics.median(sizes):.1f} MB, largest {max(sizes):.1f} MB")
    return "; ".join(parts)


def longest_life(run: Soak, *, one_process: bool) -> str:
    """The service process that lived longest, and its resident set over its life (one line)."""
    if one_process:
        counts = run.visitors.site.counts
        lives = counts["SIGKILLs"] + counts["exit 70 restarts"] + 1
        return f"all {lives} lives of the service in this one process (--one-process)"
    marks: dict[int, list[int]] = {}
    for number, life in run.life_at.items():
        marks.setdefault(life, []).append(number)
    life, numbers = max(marks.items(), key=lambda item: (len(item[1]), -item[0]))
    first, last = numbers[0], numbers[-1]
    if first == last:
        return f"{run.life} lives of the service, each a process of its own"
    return (f"{run.life} lives of the service, each a process of its own; the longest measured "
            f"(life {life}) from game {first} to {last}: {run.memory[first]:.1f} to "
            f"{run.memory[last]:.1f} MB ({run.memory[last] - run.memory[first]:+.2f} MB)")


if __name__ == "__main__":
    raise SystemExit(main())
