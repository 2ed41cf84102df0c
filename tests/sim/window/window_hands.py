"""A player's hand on the window: synthetic pygame mouse events and fake time, no sleeping."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame opens anything
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from engine.games.api import Position
from engine.tait.state import GameState
from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from firmware.play.evidence import trips
from firmware.play.tracker import InProgress
from hardware.lights.strips import Colour
from sim.board.table import Table
from sim.drawing.dice import dice_rects
from sim.window.choosing import dice_shown
from sim.window.settings import WindowSettings
from sim.window.window import Window

Pos = tuple[int, int]


def lines_drawn(window: Window, surface: pygame.Surface | None = None) -> list[str]:
    """Every line of text the window draws in one picture (on ``surface``, else a new one)."""
    drawn: list[str] = []
    texts = window.view.texts
    line = texts.line

    def spy(text: str, px: int, colour: tuple[int, int, int],
            line: Callable[..., pygame.Surface] = line) -> pygame.Surface:
        drawn.append(text)
        return line(text, px, colour)

    texts.line = spy  # type: ignore[method-assign]
    window.view.invalidate()
    window.render(surface if surface is not None else pygame.Surface(window.layout.size))
    texts.line = line  # type: ignore[method-assign]
    return drawn


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


def where_from(window: Window, move: Any, state: Position | None = None) -> Pos:
    """Where to press to pick up the piece ``move`` moves (its square, or its sideline)."""
    mover = trips(state or _state(window), move)[0]
    if mover.start is not None:
        return window.layout.squares[mover.start].center
    return window.layout.sideline_slot(mover.side, 0)


def where_to(window: Window, move: Any, state: Position | None = None) -> Pos:
    """Where to let go of the piece ``move`` moves: its first stop (square 16 or H30 on its way
    off, Senet's House of Water), else its square, else off the board (its sideline)."""
    mover = trips(state or _state(window), move)[0]
    stop = mover.via[0] if mover.via else mover.end
    if stop is not None:
        return window.layout.squares[stop].center
    return window.layout.sidelines[mover.side].center


def make(window: Window, move: Any) -> None:
    """Carry out ``move`` with the mouse, then let the board settle. The stacking game's
    capture of a man passed is a click on it once the mover is down; a move that could have
    captured waits a moment, as the board does, before it is taken as made; where two dice
    take the man to the square, the window asks which, and the move's die is clicked."""
    state = _state(window)
    mover, *others = trips(state, move)
    drag(window, where_from(window, move, state), where_to(window, move, state))
    if window.play.chosen is not None and window.play.usable_dice():
        click(window, die_place(window, move.die))
    passed = [o.start for o in others if o.start is not None and o.start != mover.end]
    if passed:
        window.step(0.5)
        click(window, window.layout.squares[passed[0]].center)
    window.step(1.0)
    game = window.controller.game
    for _ in range(8):  # a capture it could have made is lit for a moment
        if not isinstance(window.controller.verdict, InProgress) or game is None \
                or game.state != state:
            break
        window.step(0.5)


def die_place(window: Window, face: int) -> Pos:
    """Where the stick box shows a die of ``face`` still to use."""
    dice = dice_shown(window.controller)
    index = next(i for i, die in enumerate(dice) if die.face == face and not die.used)
    return dice_rects(window.layout.stick_box, len(dice))[index].center


def click(window: Window, pos: Pos) -> None:
    """A short click (press and release on the spot), then a moment."""
    press(window, pos)
    window.step(0.05)
    release(window, pos)
    window.step(0.3)


def set_out(window: Window, limit: int = 200) -> None:
    """While a new game's pieces are set out, click waiting pieces of every side the mummy's
    hand does not set out (each goes to its blinking square), ticking all along."""
    controller = window.controller
    for _ in range(limit):
        if not (controller.phase is Phase.GUIDE and controller.setting_out):
            return
        wanted = controller.tracker.expectation.owners
        missing = [square for square in controller.rules.geometry.squares
                   if square in wanted and square not in window.table.sim.pieces]
        ours = [sq for sq in missing if wanted[sq] not in window.mummy_hand.sets_out]
        if ours:
            click(window, window.layout.sideline_slot(wanted[ours[0]], 0))
        else:
            window.step(0.5)  # the mummy's hand is setting out its own
    raise AssertionError(f"the pieces were never set out: {controller.status()}")


def _state(window: Window) -> Position:
    game = window.controller.game
    assert game is not None, window.controller.status()
    return game.state


def set_up(text: str, carry: bool = False, **settings: object) -> Window:
    """A window on a set-up position (``GameState.parse`` notation), already on the board (a
    player who has seen the window before: no first-time hint); ``carry``: the player carries
    out the mummy's moves (else its hand makes them)."""
    state = GameState.parse(text + " entered:CR")
    table = Table(settings=Settings(**settings), pieces=state.occupancy(), seed=5)  # type: ignore[arg-type]
    table.controller.set_up(state)
    window = Window(table, WindowSettings(mummy=table.controller.settings.mummy,
                                          carry_mummy_moves=carry, keys_told=True))
    window.step(0.5)
    return window


def pixel(surface: pygame.Surface, pos: Pos) -> Colour:
    r, g, b, _ = surface.get_at(pos)
    return (r, g, b)


def dominant(colour: Colour) -> int:
    """Index of the strongest channel: 0 red, 1 green, 2 blue."""
    return max(range(3), key=lambda i: colour[i])
