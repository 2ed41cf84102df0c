"""Window figures: start to first frame, frame time while animating, CPU while idle, for Tait's
game on the simulated board and for the stacking game played through the engine.

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
from firmware.play.evidence import trips
from sim.window import launch
from sim.window.settings import WindowSettings
from sim.window.window import Window

SIZE = (1280, 720)
GAMES = ("tait", "stacks")


def first_frame(state_dir: Path, game: str) -> None:
    """Open the window, show one frame, print the wall-clock time it was shown at, close."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE, pygame.RESIZABLE)
    window = Window.open(state_dir=state_dir, settings=WindowSettings(mummy=Side.REELS), seed=1,
                         game=game)
    window.step(1 / 60)
    window.render(screen)
    pygame.display.flip()
    print(time.time(), flush=True)
    window.close()


def start_to_first_frame(state_dir: Path, game: str) -> float:
    """Seconds from starting a fresh Python (imports and all) to its first frame on the screen."""
    start = time.time()
    shown = subprocess.run([sys.executable, "-m", "tests.benchmarks.window", "--first-frame",
                            str(state_dir), game], capture_output=True, text=True, check=True)
    return float(shown.stdout.split()[-1]) - start


def _frame(window: Window, screen: pygame.Surface) -> float:
    """One frame of the real loop (step, render, flip); its seconds."""
    start = time.perf_counter()
    window.step(1 / 60)
    dirty = window.render(screen)
    if dirty is None:
        pygame.display.flip()
    elif dirty:
        pygame.display.update(dirty)
    return time.perf_counter() - start


def animating_frame_times(state_dir: Path, game: str, frames: int = 600) -> list[float]:
    """Seconds per frame (step + render + flip) while the mummy's hand carries its pieces.

    The mummy plays Reels and the player's Cones are moved by clicks, so most frames show the
    mummy's piece in the air over flashing and breathing lights (the stacking game on its
    simulated Hall board, as every other game).
    """
    screen = pygame.display.set_mode(SIZE, pygame.RESIZABLE)
    window = Window.open(state_dir=state_dir, settings=WindowSettings(mummy=Side.REELS), seed=2,
                         game=game)
    act = _board_player(window)
    times: list[float] = []
    while len(times) < frames:
        act(window)
        spent = _frame(window, screen)
        if _carrying(window):  # only frames with the mummy's piece moving count
            times.append(spent)
    window.close()
    return times


def _carrying(window: Window) -> bool:
    """Whether the mummy's hand has a piece in the air."""
    return window.mummy_hand.busy


def _board_player(window: Window) -> object:
    """The Cones' hand on the board: a shake when they are to throw, a click on their first
    move's piece when they are to move."""
    from firmware.lights.scenes import Phase

    wait_until = 0.0  # after a shake or a click, until the board has answered it

    def act(window: Window) -> None:
        nonlocal wait_until
        controller = window.controller
        state = controller.game.state if controller.game else None
        if controller.phase is Phase.WON:
            window.act("new_game")
        elif window.table.now < wait_until:
            return
        elif state is None or (state.turn is Side.CONES and controller.phase is Phase.THROW):
            wait_until = window.table.now + 2.0
            _click(window, window.layout.stick_box.center)
        elif state.turn is Side.CONES and controller.phase is Phase.MOVE and state.moves:
            wait_until = window.table.now + 1.0
            mover = trips(state, state.moves[0])[0]  # its square, else the sideline
            _click(window, window.layout.squares[mover.start].center if mover.start else
                   window.layout.sideline_slot(mover.side, 0))
            if window.play.chosen is not None and mover.end is not None:  # a square to pick
                _click(window, window.layout.squares[mover.end].center)

    return act


def _click(window: Window, where: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        window.handle(pygame.event.Event(kind, button=1, pos=where))


def idle_cpu(state_dir: Path, game: str, seconds: float = 5.0) -> float:
    """Share of one core the real loop uses with nobody touching the window (attract lights;
    the stacking game: waiting for the player's throw)."""
    screen = pygame.display.set_mode(SIZE, pygame.RESIZABLE)
    window = Window.open(state_dir=state_dir, settings=WindowSettings(mummy=None), seed=3,
                         game=game)
    wall, cpu = time.perf_counter(), time.process_time()
    launch.run(window, screen, False, seconds)
    share = (time.process_time() - cpu) / (time.perf_counter() - wall)
    window.close()
    return share


def main() -> None:
    """Print the three figures of each game with their goals."""
    driver = os.environ["SDL_VIDEODRIVER"]
    print(f"window benchmark (SDL video driver: {driver}, {SIZE[0]}x{SIZE[1]})")
    for game in GAMES:
        with tempfile.TemporaryDirectory() as tmp:
            first = start_to_first_frame(Path(tmp) / "a", game)
            pygame.display.init()
            times = animating_frame_times(Path(tmp) / "b", game)
            cpu = idle_cpu(Path(tmp) / "c", game)
        median = statistics.median(times) * 1000
        p95 = sorted(times)[int(len(times) * 0.95)] * 1000
        print(f"{game}: start to first frame:   {first:.3f} s (a fresh python, imports and all; "
              "goal < 2 s)")
        print(f"{game}: frame, mummy's piece moving: {median:.2f} ms median, {p95:.2f} ms 95th "
              f"over {len(times)} frames  (goal < 8 ms)")
        print(f"{game}: CPU while idle:         {cpu * 100:.1f}% of one core  (goal < 5%)")
    pygame.quit()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--first-frame"]:
        first_frame(Path(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "tait")
    else:
        main()
