"""Benchmark of the board controller (issue 4's figures), on this machine:

    python -m tests.benchmarks.controller [--moves N] [--cpu-seconds S]

- latency from a recognised move (the settle time over) to the new frame handed to the lights;
- CPU of ``aseb run --simulated`` while idle with its animations running;
- resident memory of that daemon, and its start-up time to ready.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from hardware.lights.pixels import Frame
from sim.board.table import Table
from tests.firmware.hand import carry_out


def latencies(moves: int, seed: int = 1) -> list[float]:
    """Seconds from the start of the tick that recognises a move to its frame reaching lights."""
    samples: list[float] = []
    with tempfile.TemporaryDirectory() as state_dir, \
            Table(state_dir=Path(state_dir), settings=Settings(mummy=None), seed=seed) as table:
        controller = table.controller
        show = controller.show_frame
        started = [0.0]
        shown = [0.0]

        def timed_show(frame: Frame) -> None:
            show(frame)
            shown[0] = time.perf_counter()

        controller.show_frame = timed_show
        tick = controller.tick

        def timed_tick() -> Frame:
            started[0] = time.perf_counter()
            return tick()

        controller.tick = timed_tick  # type: ignore[method-assign]
        rng = random.Random(seed)
        table.sim.shake(0.6)
        table.run(2.0)
        while len(samples) < moves:
            game = controller.game
            if game is None or controller.phase is Phase.WON:
                for square in table.sim.pieces:
                    table.sim.lift(square)
                table.run(8.0)
                table.sim.shake(0.6)
                table.run(2.0)
                continue
            if controller.phase is Phase.THROW:
                table.sim.shake(0.6)
                table.run(2.0)
                continue
            state = game.state
            carry_out(table, state, rng.choice(state.moves))
            # Step frame by frame until the move is taken; time that very tick.
            for _ in range(200):
                table.run(1 / 30)
                if game.state is not state:
                    samples.append(shown[0] - started[0])
                    break
    return samples


def daemon_figures(cpu_seconds: float) -> tuple[float, float, float]:
    """(start-up to ready in s, CPU % of one core while idle, peak RSS in MB) of the daemon."""
    with tempfile.TemporaryDirectory() as state_dir:
        started = time.monotonic()
        proc = subprocess.Popen(
            [sys.executable, "-m", "sim.command.cli", "run", "--simulated",
             "--state-dir", state_dir, "--seconds", str(cpu_seconds + 10)],
            stderr=subprocess.PIPE, text=True, env={**os.environ, "SDL_AUDIODRIVER": "dummy"})
        assert proc.stderr is not None
        for line in proc.stderr:
            if "ready" in line:
                break
        ready = time.monotonic() - started
        time.sleep(3)  # let start-up work finish before measuring the idle loop
        before = _cpu(proc.pid)
        time.sleep(cpu_seconds)
        after = _cpu(proc.pid)
        rss = _rss_mb(proc.pid)
        proc.terminate()
        proc.wait()
    return ready, 100 * (after - before) / cpu_seconds, rss


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--cpu-seconds", type=float, default=60.0)
    args = parser.parse_args(argv)
    samples = sorted(latencies(args.moves))
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    print(f"move -> frame latency over {len(samples)} moves: median "
          f"{statistics.median(samples) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms "
          f"(goal < 1 ms, < 5 ms)")
    ready, cpu, rss = daemon_figures(args.cpu_seconds)
    print(f"aseb run --simulated: ready in {ready:.2f} s (goal < 1.5 s); idle with animations "
          f"{cpu:.2f}% of one core over {args.cpu_seconds:.0f} s (goal < 1%); "
          f"peak RSS {rss:.1f} MB (goal < 60 MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
