"""MkDocs hook: the pages drawn from the code at every build, so the site cannot disagree with it.

- ``build/kits/NAME.md`` for every board file in ``hardware/boards/``: the board as it is built,
  drawn from the file's own geometry from above and from below (``sim.drawing.built``), its parts
  list, wiring diagram and drilling template (``aseb build-kit``), and its wiring as text. The
  front page and the build pages show the default board's pictures, and the build page lists its
  numbered parts where it says ``<!-- the board's parts -->``.
- ``play/rules/GAME.md``: every game's rules for players, from the same source as the window's
  How to play and the terminal's ``rules`` (``engine/GAME/how_to_play.md``, ``sim.pages.guide``),
  each page's position drawn by the window's own code (``sim.drawing.positions``).
- ``develop/rules/GAME.md``: every game's rules reference, ``engine/GAME/rules.md`` as it is.
- ``fonts/``: the window's own faces (Quattrocento, Noto Naskh Arabic) and their licences, which
  the site's headings and Arabic words are set in: served with the site, fetched from no one.
"""

from __future__ import annotations

import os
import tempfile
from importlib import import_module
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

from engine import games
from firmware.kit import write_kit
from firmware.kit.parts import parts
from firmware.words.shaping import ARABIC_FACE
from hardware.boards.board_file import BOARDS, load_board
from hardware.boards.wiring import wiring_diagram
from sim.drawing.text import FACE

FACES = (FACE, FACE.with_name("OFL.txt"), ARABIC_FACE,
         ARABIC_FACE.with_name("OFL-NotoNaskhArabic.txt"))
"""The faces the site's stylesheet names (``docs/stylesheets/aseb.css``), and their licences."""

_scratch = tempfile.TemporaryDirectory(prefix="aseb-docs-")


ABOVE = ("from above, as it is played: a game some turns in, the pieces that can move lit from "
         "below, the stick box beside the board")
BELOW = ("from below, seen through the top, as it is built: a pixel and a sensor under every "
         "square, the LED chain in its order from the Pi through the stick box, the Pi, the "
         "speaker and the LEDs' supply")
"""The pictures' words for a reader who cannot see them (after the board's name)."""
PARTS_HERE = "<!-- the board's parts -->"
"""Where a page lists the numbered parts of the board's pictures."""


def parts_list() -> str:
    """The numbered parts of the board's pictures, as a list."""
    from sim.drawing.built import PARTS

    return "\n".join(f"{number}. {part}" for number, part in PARTS.items())


def board_pictures(board: Any, folder: Path) -> list[Path]:
    """The board from above and from below, drawn into ``folder``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from sim.drawing.built import built

    pygame.init()
    drawn = []
    for side, surface in zip(("above", "below"), built(board), strict=True):
        path = folder / f"{side}.png"
        pygame.image.save(surface, str(path))
        drawn.append(path)
    return drawn


def kit_page(stem: str, board: Any) -> str:
    """The page of one board file's build kit."""
    rows = "\n".join(f"| {part.part} | {part.count} | {part.notes} |" for part in parts(board))
    return f"""# {board.name}

The build kit of `hardware/boards/{stem}.toml`, drawn from the file by
`aseb build-kit --board hardware/boards/{stem}.toml`: print the template at 100% (actual size)
and check its 100 mm bar with a ruler before you drill.

![{board.name} {ABOVE}]({stem}/above.png)

![{board.name} {BELOW}]({stem}/below.png)

{parts_list()}

- Drilling and marking template: [A4]({stem}/template-a4.pdf) ·
  [Letter]({stem}/template-letter.pdf)
- Parts list: [parts.csv]({stem}/parts.csv)
- Wiring diagram: [wiring.svg]({stem}/wiring.svg)

## Parts

| part | how many | notes |
| --- | ---: | --- |
{rows}

## Wiring

![The wiring of {board.name}]({stem}/wiring.svg)

The same wiring as text, pin by pin and square by square:

```text
{wiring_diagram(board)}```
"""


def players_page(name: str, folder: Path) -> tuple[str, list[Path]]:
    """A game's rules for players as one page (its sections in order), and the pictures of the
    positions it shows, drawn into ``folder``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # pictures only: no sound card's noise
    import pygame

    from sim.drawing import positions
    from sim.pages.guide import guide

    rules = games.load(name)
    found = guide(rules)
    assert found is not None, f"{name} has no how_to_play.md"
    lines = [f"# {found.name}", ""]
    if found.source:
        lines += [found.source, ""]
    pictures = []
    pygame.init()
    for number, section in enumerate(found.sections, 1):
        lines += [f"## {section.title}", ""]
        if section.position is not None:
            surface = pygame.Surface((640, 300))
            positions.draw(surface, surface.get_rect(), name, section.position, section.lit)
            picture = folder / f"{name}-{number}.png"
            pygame.image.save(surface, str(picture))
            pictures.append(picture)
            lines += [f"![{section.title}]({name}/{picture.name})", ""]
        listed = False
        for paragraph in section.paragraphs:
            if listed and not paragraph.mark:  # a list ends before a paragraph
                lines.append("")
            lines.append(f"{paragraph.mark}{paragraph.text}")
            if not paragraph.mark:
                lines.append("")
            listed = bool(paragraph.mark)
        lines.append("")
    return "\n".join(lines), pictures


def on_files(files: Files, config: Any) -> Files:
    """Add every board file's kit and its page, every game's rules pages, and the faces to the
    site."""
    for face in FACES:
        files.append(File.generated(config, f"fonts/{face.name}", abs_src_path=str(face)))
    for board_file in sorted(BOARDS.glob("*.toml")):
        stem = board_file.stem
        board = load_board(board_file)
        folder = Path(_scratch.name) / stem
        for path in [*write_kit(board, folder), *board_pictures(board, folder)]:
            files.append(File.generated(config, f"build/kits/{stem}/{path.name}",
                                        abs_src_path=str(path)))
        files.append(File.generated(config, f"build/kits/{stem}.md",
                                    content=kit_page(stem, board)))
    for name in games.names():
        folder = Path(_scratch.name) / "rules" / name
        folder.mkdir(parents=True, exist_ok=True)
        text, pictures = players_page(name, folder)
        files.append(File.generated(config, f"play/rules/{name}.md", content=text))
        for picture in pictures:
            files.append(File.generated(config, f"play/rules/{name}/{picture.name}",
                                        abs_src_path=str(picture)))
    for name in games.names():
        reference = Path(import_module(games.GAMES[name]).__file__ or "").with_name("rules.md")
        files.append(File.generated(config, f"develop/rules/{name}.md",
                                    content=reference.read_text(encoding="utf-8")))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """The numbered parts of the board's pictures, where a page asks for them."""
    return markdown.replace(PARTS_HERE, parts_list())
