"""Arabic lines laid out by the Unicode bidi algorithm, as a right-to-left paragraph is: every
line the window draws of an Arabic page (How to play, Keys, About, in every game, wrapped at
many widths) comes out in the visual order python-bidi's ``get_display`` gives it with the
paragraph's direction right to left, whatever the line begins with. (A wrapped line that began
with a square's name was laid out left to right: "في M16 إلى M5في ...".)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import arabic_reshaper
import bidi
import pygame
import pytest

from engine.games import load, names
from firmware import words
from sim.drawing.text import ARABIC, Texts
from sim.pages.how_to_play import about, how_to_play
from sim.pages.keys import keys_page
from tests.sim.window.window_hands import start_pygame

BRACKETS = str.maketrans("()[]{}<>«»", "||||||||||")
"""Brackets drawn turned round in a right-to-left run (the window does; python-bidi does not)."""
WIDTHS = (380, 860)
"""Widths the pages are wrapped at (a page's text box, from a small window to a large one)."""


@pytest.fixture(autouse=True)
def _arabic() -> Iterator[None]:
    start_pygame()
    words.use("ar")
    yield
    words.use("en")


class Drawn:
    """A face that records what it is asked to draw, in order, and draws it."""

    def __init__(self, face: Any, parts: list[str]) -> None:
        self._face, self._parts = face, parts

    def render(self, text: str, *args: Any, **kwargs: Any) -> Any:
        self._parts.append(text)
        return self._face.render(text, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._face, name)


class Watched(Texts):
    """The window's texts, telling the parts of a line in the order they are drawn, left to
    right."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def font(self, size: int) -> Any:
        return Drawn(super().font(size), self.parts)

    def arabic_font(self, size: int) -> Any:
        return Drawn(super().arabic_font(size), self.parts)

    def drawn(self, line: str) -> str:
        """``line`` as the window lays it out on the screen, left to right."""
        self.parts.clear()
        self._lines.clear()
        self.line(line, 22, (0, 0, 0))
        return "".join(self.parts)


def mixed_lines() -> Iterator[str]:
    """Every line of the Arabic help pages that mixes Arabic with Latin letters or digits, as
    the pages wrap them at many widths."""
    texts, seen = Texts(), set()
    for game in names():
        rules = load(game)
        for page in [*how_to_play(rules), keys_page(rules), about(rules)]:
            for width in WIDTHS:
                for line in texts.wrap(page.body, 22, width):
                    if line not in seen and ARABIC.search(line) and any(
                            c.isascii() and c.isalnum() for c in line):
                        seen.add(line)
                        yield line


def test_every_mixed_line_is_in_the_bidi_algorithms_order_for_a_right_to_left_page() -> None:
    texts = Watched()
    lines = list(mixed_lines())
    assert len(lines) > 60
    assert any(line[0].isascii() and line[0].isalnum() for line in lines)  # a square first
    wrong = []
    for line in lines:
        wanted = str(bidi.get_display(arabic_reshaper.reshape(line), base_dir="R"))
        if texts.drawn(line).translate(BRACKETS) != wanted.translate(BRACKETS):
            wrong.append(line)
    assert wrong == []


def test_a_line_beginning_with_a_square_keeps_its_words_apart() -> None:
    texts = Watched()
    line = "C4 وR1 إلى R4 في صفّي اللاعبين، وM5 إلى M16 في الصف"
    drawn = texts.drawn(line)
    assert drawn.endswith(" C4")  # the line's first words at its right
    assert "M16 " in drawn and " M5" in drawn.replace("\ufeed", " ")  # no word runs into one
    assert isinstance(texts.line(line, 22, (0, 0, 0)), pygame.Surface)
