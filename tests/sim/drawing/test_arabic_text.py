"""Arabic in the window: letters joined, lines laid right to left, in the shipped Arabic face.

The reference picture (tests/sim/drawing/arabic_reference.png) was drawn once by ``draw_reference``
and looked at: "The Cones threw 12." in Arabic, joined, read from the right, the 12 left to right.
Make it again (after a deliberate change of face) with ``python -m
tests.sim.drawing.test_arabic_text``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from firmware import words
from sim.drawing.text import ARABIC_FACE, Texts, mirrored, shaped
from sim.window.menu_bar import Menu
from tests.sim.window.window_hands import start_pygame  # sets SDL's dummy drivers first

REFERENCE = Path(__file__).with_name("arabic_reference.png")
SENTENCE = "رمت المخاريط 12."
"""The Cones threw 12: Arabic letters that join, and a number that reads left to right."""
INK = (40, 26, 14)
PAPER = (236, 220, 172)


@pytest.fixture(autouse=True)
def _pygame() -> Iterator[None]:
    start_pygame()
    yield
    words.use("en")


def draw_reference() -> pygame.Surface:
    """The sentence at 32 pixels on papyrus, as the window draws it."""
    line = Texts().line(SENTENCE, 32, INK)
    surface = pygame.Surface((line.get_width() + 8, line.get_height() + 8))
    surface.fill(PAPER)
    surface.blit(line, (4, 4))
    return surface


def test_the_arabic_face_ships_with_its_licence() -> None:
    licence = ARABIC_FACE.with_name("OFL-NotoNaskhArabic.txt").read_text(encoding="utf-8")
    assert ARABIC_FACE.exists() and "SIL OPEN FONT LICENSE" in licence
    assert "fonts-noto-core" in licence  # where it came from


def test_letters_are_joined_and_laid_right_to_left() -> None:
    # Lam and alef become one ligature; the word's first letter is drawn last (at the right).
    assert "\ufefb" in shaped("لا")
    word = shaped("بيت")  # bayt: initial beh, medial yeh, final teh
    assert word == "\ufe96\ufef4\ufe91"
    assert shaped("رقم 12 (aseb)").startswith("(aseb) 12 ")  # brackets turned round
    assert shaped("Cones threw 12.") == "Cones threw 12."


def test_the_drawn_sentence_matches_the_reference_looked_at() -> None:
    drawn = draw_reference()
    reference = pygame.image.load(str(REFERENCE))
    assert abs(drawn.get_width() - reference.get_width()) <= 2
    assert abs(drawn.get_height() - reference.get_height()) <= 2
    width, height = min(drawn.get_width(), reference.get_width()), min(
        drawn.get_height(), reference.get_height())
    differ = sum(1 for x in range(width) for y in range(height)
                 if max(abs(a - b) for a, b in zip(drawn.get_at((x, y))[:3],
                                                   reference.get_at((x, y))[:3],
                                                   strict=True)) > 64)
    inked = sum(1 for x in range(width) for y in range(height)
                if reference.get_at((x, y))[:3] != PAPER)
    assert inked > 300
    assert differ <= inked // 20, f"{differ} of {inked} inked pixels differ"  # anti-aliasing


def test_an_unshaped_sentence_does_not_match_the_reference() -> None:
    """The comparison can fail: the same letters, unjoined and left to right, differ."""
    texts = Texts()
    plain = texts.arabic_font(32).render(SENTENCE, INK)[0]
    reference = pygame.image.load(str(REFERENCE))
    assert abs(plain.get_width() + 8 - reference.get_width()) > 2 or any(
        plain.get_at((x, y))[3] > 128 and reference.get_at((x + 4, y + 4))[:3] == PAPER
        for x in range(min(plain.get_width(), reference.get_width() - 8))
        for y in range(min(plain.get_height(), reference.get_height() - 8)))


def test_lines_and_menus_go_to_the_right_in_arabic() -> None:
    box = pygame.Rect(100, 0, 400, 40)
    line = pygame.Rect(110, 5, 50, 30)
    assert mirrored(line, box) == line
    words.use("ar")
    assert mirrored(line, box) == pygame.Rect(440, 5, 50, 30)
    from sim.drawing.layout import Layout
    layout = Layout.fit((960, 600))
    titles = Menu(lambda title: []).title_rects(layout)
    assert min(rect.left for rect in titles.values()) > layout.size[0] // 3
    assert titles["Options"].right > titles["Exit"].right  # the first title at the right


if __name__ == "__main__":
    start_pygame()
    pygame.image.save(draw_reference(), str(REFERENCE))
    print(f"wrote {REFERENCE}")
