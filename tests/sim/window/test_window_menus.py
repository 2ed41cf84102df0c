"""Every menu sized to its longest words, in every language, with larger text too: each title on
the bar, each item of Options and Help, and each setting's list of choices is measured against
the box it is drawn in (the check mark's room before it, the arrow's after it)."""

from __future__ import annotations

import pytest

from firmware import words
from firmware.words import LANGUAGES, _, say
from sim.window.menu_bar import LABEL_INSET, TITLES, title_size
from sim.window.settings import WindowSettings
from sim.window.window import Window
from tests.sim.window.window_hands import start_pygame


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def overflows(window: Window) -> list[str]:
    """Every label that does not fit its box in the open menus, and by how many pixels."""
    texts, layout, menu = window.view.texts, window.layout, window.menu
    found = []
    titles = menu.title_rects(layout)
    size = title_size(layout)
    for title, rect in titles.items():
        wide = texts.width(_(title), size)
        if wide > rect.width - size // 2 or not layout.menu.contains(rect):
            found.append(f"title {_(title)}: {wide} in {rect.width}")
    for title in TITLES[:2]:  # Options and Help open lists; Log and Exit act at once
        menu.open, menu.sub = title, None
        lists = [item for _rect, item in menu.item_rects(layout) if item.sub]
        for opened in [None, *(item.action for item in lists)]:
            menu.sub = opened
            for rect, item in menu.item_rects(layout):
                h = rect.height
                room = rect.width - LABEL_INSET * h - 8 - int(h * 1.1)
                wide = texts.width(say(item.label), int(h * 0.72))
                if wide > room or not window.layout.size[0] >= rect.right or rect.left < 0:
                    found.append(f"{say(item.label)}: {wide} in {room}")
    menu.close()
    return found


@pytest.mark.parametrize("larger", [False, True], ids=["text", "larger text"])
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_menu_fits_its_words_in_every_language(language: str, larger: bool) -> None:
    words.use(language)
    try:
        window = Window.open(settings=WindowSettings(mummy=None, larger_text=larger), seed=1)
        assert overflows(window) == []
    finally:
        words.use("en")
