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

from engine.core.sides import Side
from sim import launch as window_module
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
    """Seconds per frame (step + render + flip) while the mummy's hand carries its pieces.

    The mummy plays Reels and the player's Cones are moved by clicks, so most frames show the
    mummy's piece in the air (drawn whole every frame) over flashing and breathing lights.
    """
    from firmware.scenes import Phase

    screen = pygame.display.set_mode(SIZE, pygame.RESIZABLE)
    window = Window.open(state_dir=state_dir, settings=WindowSettings(mummy=Side.REELS), seed=2)
    times: list[float] = []
    box = window.layout.stick_box.center
    wait_until = 0.0  # after a shake or a click, until the board has answered it
    while len(times) < frames:
        controller = window.controller
        state = controller.game.state if controller.game else None
        if window.table.now < wait_until:
            pass
        elif state is None or (state.turn is Side.CONES and controller.phase is Phase.THROW):
            wait_until = window.table.now + 2.0
            window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=box))
            window.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=box))
        elif state.turn is Side.CONES and controller.phase is Phase.MOVE and state.moves:
            wait_until = window.table.now + 1.0
            move = state.moves[0]
            where = window.layout.squares[move.source].center if move.source else \
                window.layout.sideline_slot(move.side, 0)
            window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=where))
            window.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=where))
        start = time.perf_counter()
        window.step(1 / 60)
        window.render(screen)
        pygame.display.flip()
        if window.mummy_hand.busy:  # only frames with the mummy's piece moving count
            times.append(time.perf_counter() - start)
        if controller.phase is Phase.WON:
            window.act("new_game")
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
    print(f"frame, mummy's piece moving: {median:.2f} ms median, {p95:.2f} ms 95th over "
          f"{len(times)} frames  (goal < 8 ms)")
    print(f"CPU while idle:         {cpu * 100:.1f}% of one core  (goal < 5%)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--first-frame"]:
        first_frame(Path(sys.argv[2]))
    else:
        main()
