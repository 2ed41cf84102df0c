"""Window figures: start to first frame, frame time while animating, CPU while idle.

    python -m tests.benchmarks.window

Runs under SDL's dummy video and audio drivers (no display needed): the figures cover our
drawing and the controller, not the compositor or the GPU upload of a real display.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pygame

from engine.board import Side
from sim import window as window_module
from sim.settings import WindowSettings
from sim.window import Window

SIZE = (1280, 720)


def first_frame(state_dir: Path) -> None:
    """Open the window, show one frame, print the wall-clock time it was shown at, close."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE, pygame.RESIZABLE)
    window = Window.open(state_dir=state_dir, settings=WindowSettings(mummy=Side.REELS), seed=1)
    window.step(1 / 60)
    window.render(screen)
    pygame.display.flip()
    print(time.time(), flush=True)
    window.close()


def start_to_first_frame(state_dir: Path) -> float:
    """Seconds from starting a fresh Python (imports and all) to its first frame on the screen."""
    start = time.time()
    shown = subprocess.run([sys.executable, "-m", "tests.benchmarks.window", "--first-frame",
                            str(state_dir)], capture_output=True, text=True, check=True)
    return float(shown.stdout.split()[-1]) - start


def animating_frame_times(state_dir: Path, frames: int = 600) -> list[float]:
    """Seconds per frame (step + render + flip) with a piece dragged over pulsing lights."""
    screen = pygame.display.set_mode(SIZE, pygame.RESIZABLE)
    window = Window.open(state_dir=state_dir, settings=WindowSettings(mummy=None), seed=2)
    box = window.layout.stick_box.center
    window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=box))
    window.step(0.5)
    window.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=box))
    window.step(2.0)
    state = window.controller.game.state if window.controller.game else None
    assert state is not None and state.moves, window.controller.status()
    move = state.moves[0]
    where = window.layout.squares[move.source].center if move.source else \
        window.layout.sideline_slot(move.side, 0)
    window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=where))
    times = []
    for i in range(frames):
        start = time.perf_counter()
        pos = (where[0] - i % 200, where[1] + (i % 40))
        window.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0),
                                         buttons=(1, 0, 0)))
        window.step(1 / 60)
        window.render(screen)
        pygame.display.flip()
        times.append(time.perf_counter() - start)
    window.close()
    return times


def idle_cpu(state_dir: Path, seconds: float = 5.0) -> float:
    """Share of one core the real loop uses with nobody touching the window (attract lights)."""
    screen = pygame.display.set_mode(SIZE, pygame.RESIZABLE)
    window = Window.open(state_dir=state_dir, settings=WindowSettings(mummy=None), seed=3)
    wall, cpu = time.perf_counter(), time.process_time()
    window_module.run(window, screen, False, seconds)
    share = (time.process_time() - cpu) / (time.perf_counter() - wall)
    window.close()
    return share


def main() -> None:
    """Print the three figures with their goals."""
    with tempfile.TemporaryDirectory() as tmp:
        first = start_to_first_frame(Path(tmp) / "a")
        pygame.display.init()
        times = animating_frame_times(Path(tmp) / "b")
        cpu = idle_cpu(Path(tmp) / "c")
    pygame.quit()
    median = statistics.median(times) * 1000
    p95 = sorted(times)[int(len(times) * 0.95)] * 1000
    driver = os.environ["SDL_VIDEODRIVER"]
    print(f"window benchmark (SDL video driver: {driver}, {SIZE[0]}x{SIZE[1]})")
    print(f"start to first frame:   {first:.3f} s (a fresh python, imports and all; goal < 2 s)")
    print(f"frame while animating:  {median:.2f} ms median, {p95:.2f} ms 95th  (goal < 8 ms)")
    print(f"CPU while idle:         {cpu * 100:.1f}% of one core  (goal < 5%)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--first-frame"]:
        first_frame(Path(sys.argv[2]))
    else:
        main()
