"""Benchmark: weeks of a museum kiosk on the simulated board, on a fake clock.

    python -m tests.benchmarks.soak [--games 1000] [--seed S]

A stream of visitors plays the mummy (fair mode) on the kiosk's simulated board: each shakes the
sticks, plays random moves and carries out the mummy's moves with a hand that sometimes touches
a wrong piece first; some walk away mid-game (the kiosk ends the game) and staff sometimes
reset the board by covering its corners; reed contacts now and then flicker on empty squares;
quiet hours run from 22:00 to 08:00, and the days go round. Every frame is ticked while hands
act. Prints the memory held (resident set) at game 100 and at the end, the growth between them
(goal: under 2 MB), every file in the state directory with its size, and whether every game was
recorded exactly once. Exits 1 if a goal is missed.
"""

from __future__ import annotations

import argparse
import gc
import random
import tempfile
import time
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from firmware.controller import Settings
from firmware.scenes import Phase
from firmware.stats import GameLog
from hardware.board_file import DEFAULT_BOARD, load_board
from sim.table import Table
from tests.firmware.hand import Hand, carry_out

GROWTH_GOAL_MB = 2.0
KIOSK = replace(load_board(DEFAULT_BOARD).kiosk, enabled=True, level="fair",
                quiet=(22 * 60, 8 * 60), quiet_volume=0.2)


def resident_mb() -> float:
    """The process's resident set now, in MB (Linux)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096 / 1e6


class Visitors:
    """The people at the kiosk: one visitor a game, each with their habits."""

    def __init__(self, table: Table, rng: random.Random, pace: float = 0.15) -> None:
        self.table, self.rng, self.pace = table, rng, pace
        self.hand = Hand(table, pace)
        self.started = self.abandoned = self.resets = 0

    def clear_the_board(self) -> None:
        for square in sorted(self.table.sim.pieces):
            self.hand.lift(square)
        self.table.run(1.0)

    def flicker(self) -> None:
        """A reed contact that closes for a moment on an empty square (a loose magnet nearby)."""
        empty = [sq for sq in self.table.sim.board.reeds.names if sq not in self.table.sim.pieces]
        if empty:
            square = self.rng.choice(empty)
            self.table.sim.place(square)
            self.table.run(0.05)
            self.table.sim.lift(square)
            self.table.run(0.3)

    def play_one(self) -> None:
        """One visitor's game, from the shake to the cleared board (or walking away)."""
        table, controller, rng = self.table, self.table.controller, self.rng
        while controller.phase is not Phase.IDLE:
            self.clear_the_board()
        self.hand.shake(0.6)
        table.run(2.0)
        if controller.game is None:
            return
        self.started += 1
        leave_at = rng.randrange(4, 60) if rng.random() < 0.1 else None
        reset_at = rng.randrange(4, 60) if leave_at is None and rng.random() < 0.03 else None
        for turn in range(2000):
            game = controller.game
            if game is None or controller.phase is Phase.WON:
                break
            if turn == leave_at:
                self.abandoned += 1
                table.run(KIOSK.abandon_after + 5, step=0.5)  # nobody there
                break
            if turn == reset_at:
                self.resets += 1
                for square in ("R1", "R4", "C1", "C4"):
                    if square not in table.sim.pieces:
                        self.hand.place(square)
                table.run(KIOSK.reset_hold + 1)
                break
            if rng.random() < 0.02:
                self.flicker()
            if controller.phase is Phase.THROW:
                if controller._mummy_to_play():
                    table.run(2.0)
                else:
                    self.hand.shake(0.5)
                    table.run(1.2)
                continue
            if controller.phase is not Phase.MOVE:
                table.run(1.0)  # guidance: let the board say what it wants
                self.put_right()
                continue
            state = game.state
            move = controller.mummy_move or rng.choice(state.moves)
            if rng.random() < 0.1 and len(table.sim.pieces) > 1:
                self.hand.touch(rng.choice(sorted(table.sim.pieces)))  # a wrong piece, put back
            carry_out(table, state, move, bumped_first=rng.random() < 0.5,
                      slide=rng.random() < 0.3, pace=self.pace)
            table.run(0.6)
        table.run(KIOSK.reset_hold if controller.phase is Phase.WON else 0.5)
        table.run(7.0, step=0.5)  # the victory lights
        self.clear_the_board()

    def put_right(self) -> None:
        """Do what the guiding lights ask: lift what should not be there, put back the rest."""
        expected = self.table.controller.tracker.expectation.before
        pieces = self.table.sim.pieces
        for square in sorted(pieces - expected):
            self.hand.lift(square)
        for square in sorted(expected - pieces):
            self.hand.place(square)
        self.table.run(1.0)


def soak(games: int, seed: int, state_dir: Path) -> tuple[dict[int, float], Visitors]:
    """Play ``games`` visitor games; the resident set after each hundredth game."""
    memory: dict[int, float] = {}
    with Table(state_dir=state_dir, settings=Settings(), seed=seed, kiosk=KIOSK,
               wall_start=datetime(2026, 11, 23, 20, 0)) as table:
        visitors = Visitors(table, random.Random(seed))
        for number in range(1, games + 1):
            visitors.play_one()
            if number % 100 == 0 or number in (10, games):
                gc.collect()
                memory[number] = resident_mb()
                print(f"game {number}: {memory[number]:.1f} MB, simulated "
                      f"{table.now / 86400:.1f} days", flush=True)
    return memory, visitors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        state_dir = Path(folder)
        memory, visitors = soak(args.games, args.seed, state_dir)
        recorded = list(GameLog(state_dir).lines())
        files = sorted((p.name, p.stat().st_size) for p in state_dir.iterdir())
    print(f"\n{args.games} visitors in {time.perf_counter() - started:.0f} s: "
          f"{visitors.started} games started, {visitors.abandoned} left mid-game, "
          f"{visitors.resets} staff resets")
    results: dict[str, int] = {}
    for line in recorded:
        results[line.result] = results.get(line.result, 0) + 1
    print(f"recorded: {len(recorded)} games ({results})")
    print("state directory: " + ", ".join(f"{name} {size:,} B" for name, size in files))
    once = len(recorded) == visitors.started
    print(f"every game recorded exactly once: {'yes' if once else 'NO'}")
    ok = once
    if 100 in memory and args.games in memory:
        growth = memory[args.games] - memory[100]
        print(f"resident set: {memory[100]:.1f} MB at game 100, {memory[args.games]:.1f} MB at "
              f"game {args.games}: growth {growth:+.2f} MB (goal under {GROWTH_GOAL_MB} MB)")
        ok = ok and growth < GROWTH_GOAL_MB
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
