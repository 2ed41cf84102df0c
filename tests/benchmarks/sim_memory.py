"""Memory of the simulated board over many games, as a kiosk display would play them:

    python -m tests.benchmarks.sim_memory [--games N] [--seed S]

One ``Table`` (the real drivers on the simulated pins, the real controller) plays game after
game, two players by a scripted hand: a shake for every throw, a random legal move, and the board
cleared after each win. It prints the memory Python holds (tracemalloc) and the process's
resident set after each tenth of the games, and how many pin states and sounds are remembered.
The goal: flat from the first tenth on (the simulated pins and the silent speaker keep a bounded
history).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import tracemalloc
from pathlib import Path

from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from sim.board.table import Table
from tests.firmware.hand import carry_out


def play_one_game(table: Table, rng: random.Random) -> int:
    """Shake, move and clear the board until a game is won; returns the moves made."""
    table.sim.shake(0.8)
    table.run(2.0)
    moves = 0
    for _ in range(5000):
        controller = table.controller
        if controller.phase is Phase.WON or controller.game is None:
            break
        state = controller.game.state
        if controller.phase is Phase.THROW:
            table.sim.shake(0.8)
            table.run(2.0)
            continue
        carry_out(table.sim, state, rng.choice(state.moves), slide=rng.random() < 0.3)
        table.run(1.0)
        moves += 1
    for square in table.sim.pieces:
        table.sim.lift(square)
    table.run(8.0)
    if table.controller.phase is not Phase.IDLE:
        raise RuntimeError(f"the board did not go idle after a game ({table.controller.phase})")
    return moves


def resident_mb() -> float:
    """The resident set of this process now, in MB (Linux)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096 / 1e6


def remembered(table: Table) -> tuple[int, int]:
    """Pin states kept by every simulated pin, and sounds kept by the speaker."""
    pins = sum(len(pin.states) for pin in table.sim.factory.pins.values())
    return pins, len(table.sim.sounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    step = max(1, args.games // 10)
    tracemalloc.start()
    print(f"{'games':>6} {'traced MB':>10} {'RSS MB':>8} {'pin states':>11} {'sounds':>7}")
    with tempfile.TemporaryDirectory() as state_dir, \
            Table(state_dir=Path(state_dir), settings=Settings(mummy=None),
                  seed=args.seed) as table:
        first = 0.0
        for game in range(1, args.games + 1):
            play_one_game(table, rng)
            if game % step == 0:
                traced = tracemalloc.get_traced_memory()[0] / 1e6
                first = first or traced
                pins, sounds = remembered(table)
                print(f"{game:>6} {traced:>10.2f} {resident_mb():>8.1f} {pins:>11} {sounds:>7}",
                      flush=True)
        growth = tracemalloc.get_traced_memory()[0] / 1e6 - first
    print(f"growth of traced memory from game {step} to game {args.games}: {growth:+.2f} MB")


if __name__ == "__main__":
    main()
