"""Render the window in the middle of a game to a PNG (the README's picture), with no display.

    python -m sim.window.screenshot docs/screenshot.png
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

from engine.core.sticks import Throw
from hardware.doors.writer import write_whole

POSITION = "C:C2,M7,M11 R:R3,M9 off:1,0 entered:CR turn:C throw:2:WDWD"
"""Cones to move a 2 in mid-game against the mummy (Reels): M7 can bump the Reel on M9."""


def render(path: Path, size: tuple[int, int] = (1280, 720), menu: str | None = None) -> None:
    """Set the position out on a simulated board, bump with a click, and save the picture.

    The status line then says what just happened (the bump) and what comes next.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from engine.core.sides import Side
    from engine.tait.state import GameState
    from firmware.play.controller import Settings
    from firmware.story.facts import load_facts
    from sim.board.table import Table
    from sim.window.settings import WindowSettings
    from sim.window.window import Window

    pygame.display.init()
    state = GameState.parse(POSITION)
    assert state.throw is not None  # the position is set with the sticks thrown
    table = Table(settings=Settings(mummy=Side.REELS), pieces=state.occupancy(), seed=1)
    table.controller.set_up(state)
    table.controller.throws = {Side.REELS: Throw.parse("WDDD"), Side.CONES: state.throw}
    table.controller.shown_throw = state.throw  # as if just thrown: the sticks show it
    window = Window(table, WindowSettings(mummy=Side.REELS), size=size)
    window.step(0.5)
    where = window.layout.squares["M7"].center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # a click: M7 bumps M9
        window.handle(pygame.event.Event(kind, button=1, pos=where))
    window.step(0.8)
    window.fact = load_facts()[7].text
    window.menu.open = menu
    surface = pygame.Surface(size)
    window.render(surface)
    drawn = io.BytesIO()
    pygame.image.save(surface, drawn, "screenshot.png")
    write_whole(path, drawn.getvalue())
    table.close()


if __name__ == "__main__":
    render(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshot.png"))
