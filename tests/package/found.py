"""Every file aseb reads beside its code, found and read by an installed aseb: the wheel test
runs this file with the installed interpreter, outside the clone. One line each, ``found KIND
NAME``; the first file not found ends it with a traceback.

    /tmp/venv/bin/python tests/package/found.py
"""

from __future__ import annotations

import gettext
import os
import sys
from importlib import import_module
from pathlib import Path


def main() -> int:
    import engine
    import firmware
    import hardware
    import sim

    for package in (engine, firmware, hardware, sim):  # the installed copy, not a clone's
        print("found package", Path(package.__file__ or "").parent)

    import pygame
    import pygame.freetype

    from firmware.words.shaping import ARABIC_FACE
    from sim.drawing.text import FACE

    pygame.init()
    arabic = "\u0627\u0644\u0639\u0631\u0628\u064a\u0629"  # Arabic, in Arabic
    for face, letters in ((FACE, "Cones threw 4."), (ARABIC_FACE, arabic)):
        surface, _ = pygame.freetype.Font(str(face), 24).render(letters)
        assert surface.get_width() > 40, face
        print("found font", face.name)

    from hardware.sounds.shipped import FOLDER, SUFFIX, shipped

    pygame.mixer.init()
    for name in shipped():
        assert pygame.mixer.Sound(str(FOLDER / f"{name}{SUFFIX}")).get_length() > 0, name
        print("found sound", name)

    from firmware.words import DOMAIN, LANGUAGES, LOCALES, PSEUDO

    for language in (*LANGUAGES, PSEUDO):
        translation = gettext.translation(DOMAIN, LOCALES, [language])
        assert language == "en" or translation.gettext("New game") != "New game", language
        print("found catalog", language)

    from engine.games import GAMES, load, names
    from sim.pages.how_to_play import how_to_play

    for name in names():
        assert len(how_to_play(load(name))) > 3, name
        reference = Path(import_module(GAMES[name]).__file__ or "").with_name("rules.md")
        assert reference.read_text(encoding="utf-8").startswith("#"), reference
        print("found rules", name)

    from firmware.story.facts import load_facts

    print("found facts", len(load_facts()))

    from hardware.boards.board_file import BOARDS, load_board

    for board in sorted(BOARDS.glob("*.toml")):
        load_board(board)
        print("found board", board.stem)

    import jinja2

    from sim.web.app import HERE

    templates = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"),
                                   extensions=["jinja2.ext.i18n"])
    for template in templates.list_templates():
        templates.get_template(template)
        print("found template", template)
    for static in sorted(os.listdir(HERE / "static")):
        print("found static", static)
    return 0


if __name__ == "__main__":
    sys.exit(main())
