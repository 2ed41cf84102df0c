"""The gallery of the languages page (docs/play/languages.md): the window in every language, four
pictures each (the start, a lost throw in mid-game, a help page, a page of Setna's story), drawn
with no display.

    python -m sim.window.gallery docs/gallery          # docs/gallery/<lang>-<picture>.png
    python -m sim.window.gallery docs/gallery ar de    # some languages only

Each picture is a 960 x 600 PNG with its colours reduced to a palette of 256 (Pillow, from the
dev extra): about a third of the bytes.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

from hardware.doors.writer import write_whole

SIZE = (960, 600)
PICTURES = ("start", "lost-throw", "help", "setna")


def draw(language: str, picture: str, path: Path) -> None:
    """The window in ``language`` showing ``picture`` (one of ``PICTURES``), saved at ``path``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from engine.core.sides import Side
    from engine.core.sticks import Throw
    from engine.tait.state import GameState
    from firmware import words
    from firmware.play.controller import Settings
    from firmware.story.tournament import Tournament
    from hardware.core.events import SticksThrown
    from sim.board.table import Table
    from sim.pages.how_to_play import how_to_play
    from sim.pages.setna import stage_page
    from sim.window.settings import WindowSettings
    from sim.window.window import Window

    pygame.display.init()
    words.use(language)
    state = GameState.parse("C:M14 R:M9,R3 off:4,1 entered:CR turn:C") \
        if picture == "lost-throw" else None
    table = Table(settings=Settings(mummy=Side.REELS), seed=1,
                  pieces=state.occupancy() if state is not None else ())
    if state is not None:
        table.controller.set_up(state)
    window = Window(table, WindowSettings(mummy=Side.REELS), size=SIZE)
    window.step(0.5)
    if state is not None:  # a 3 from M14 would overshoot 16: the Cones' throw is lost
        window.controller.handle(SticksThrown(Throw.parse("WWWD"), window.table.now))
        window.step(0.6)
    elif picture == "help":
        window.show_pages(how_to_play(table.settings.ruleset))  # page 1 of all, as Help opens
    elif picture == "setna":
        window.page = stage_page(Tournament(1, 2, 1))
    surface = pygame.Surface(SIZE)
    window.view.invalidate()
    window.render(surface)
    drawn = io.BytesIO()
    pygame.image.save(surface, drawn, "picture.png")
    table.close()
    from PIL import Image  # Pillow (the dev extra, through ReportLab): a palette of 256 colours

    drawn.seek(0)
    with Image.open(drawn) as picture_file:
        small = picture_file.convert("RGB").quantize(256)
    out = io.BytesIO()
    small.save(out, "PNG", optimize=True)
    write_whole(path, out.getvalue())


def main(argv: list[str]) -> int:
    """Draw every picture of the languages named (all when none is) into the folder."""
    from firmware.words import LANGUAGES

    folder = Path(argv[0] if argv else "docs/gallery")
    for language in argv[1:] or list(LANGUAGES):
        for picture in PICTURES:
            path = folder / f"{language}-{picture}.png"
            draw(language, picture, path)
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
