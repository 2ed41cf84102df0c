"""A player's hand on the window: synthetic pygame mouse events and fake time, no sleeping."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame opens anything
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from engine.moves import Move
from engine.state import GameState
from firmware.controller import Settings
from hardware.strips import Colour
from sim.settings import WindowSettings
from sim.table import Table
from sim.window import Window

Pos = tuple[int, int]


def start_pygame() -> None:
    """The dummy display and fonts (idempotent)."""
    pygame.display.init()
    pygame.font.init()


def press(window: Window, pos: Pos) -> None:
    window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


def move_to(window: Window, pos: Pos) -> None:
    window.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))


def release(window: Window, pos: Pos) -> None:
    window.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def drag(window: Window, start: Pos, end: Pos, hold: float = 0.3) -> None:
    """Press on ``start``, carry the piece to ``end`` and let go there."""
    press(window, start)
    window.step(hold / 2)
    move_to(window, end)
    window.step(hold / 2)
    release(window, end)


def shake(window: Window, hold: float = 0.5, settle: float = 1.5) -> None:
    """Hold the mouse on the stick box for ``hold`` seconds, let go, wait for the throw."""
    box = window.layout.stick_box.center
    press(window, box)
    window.step(hold)
    release(window, box)
    window.step(settle)


def where_from(window: Window, move: Move) -> Pos:
    """Where to press to pick up the piece ``move`` moves (its square, or its sideline)."""
    if move.source is not None:
        return window.layout.squares[move.source].center
    return window.layout.sideline_slot(move.side, 0)


def make(window: Window, move: Move) -> None:
    """Carry out ``move`` with the mouse, then let the board settle."""
    drag(window, where_from(window, move), window.layout.squares[move.target].center)
    window.step(1.0)


def set_up(text: str, carry: bool = False, **settings: object) -> Window:
    """A window on a set-up position (``GameState.parse`` notation), already on the board;
    ``carry``: the player carries out the mummy's moves (else its hand makes them)."""
    state = GameState.parse(text + " entered:CR")
    table = Table(settings=Settings(**settings), pieces=state.occupancy(), seed=5)  # type: ignore[arg-type]
    table.controller.set_up(state)
    window = Window(table, WindowSettings(mummy=table.controller.settings.mummy,
                                          carry_mummy_moves=carry))
    window.step(0.5)
    return window


def pixel(surface: pygame.Surface, pos: Pos) -> Colour:
    r, g, b, _ = surface.get_at(pos)
    return (r, g, b)


def dominant(colour: Colour) -> int:
    """Index of the strongest channel: 0 red, 1 green, 2 blue."""
    return max(range(3), key=lambda i: colour[i])
