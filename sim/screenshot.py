"""Render the window in the middle of a game to a PNG (the README's picture), with no display.

    python -m sim.screenshot sim/screenshot.png
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

POSITION = "C:C2,M7,M11 R:R3,M9 off:1,0 entered:CR turn:C throw:2:WDWD"
"""Cones to move a 2 in mid-game: their movable pieces glow blue, the sticks show the throw."""


def render(path: Path, size: tuple[int, int] = (1280, 720), menu: str | None = None) -> None:
    """Set the position out on a simulated board, lift a Cone, and save the picture."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from engine.state import GameState
    from firmware.controller import Settings
    from sim.facts import FACTS
    from sim.settings import WindowSettings
    from sim.table import Table
    from sim.window import Window

    pygame.display.init()
    state = GameState.parse(POSITION)
    table = Table(settings=Settings(mummy=None), pieces=state.occupancy(), seed=1)
    table.controller.set_up(state)
    table.controller.shown_throw = state.throw  # as if just thrown: the sticks show it
    window = Window(table, WindowSettings(mummy=None), size=size)
    window.step(0.5)
    grip = window.layout.squares["M7"].center
    window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=grip))
    window.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(grip[0] - window.layout.cell,
                                                              grip[1] + 12), rel=(0, 0),
                                     buttons=(1, 0, 0)))
    window.step(0.45)
    window.fact = FACTS[7]
    window.menu.open = menu
    surface = pygame.Surface(size)
    window.render(surface)
    pygame.image.save(surface, str(path))
    table.close()


if __name__ == "__main__":
    render(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshot.png"))
