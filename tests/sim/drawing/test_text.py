"""The window's words: the shipped open font, kerned, never broken inside a word."""

from __future__ import annotations

import itertools

import pygame
import pytest

from engine.games import load
from firmware.story.facts import load_facts
from firmware.story.tutorial import LESSONS
from sim.drawing.text import FACE, Texts
from sim.pages.how_to_play import how_to_play
from sim.pages.setna import STORY
from tests.sim.window.window_hands import start_pygame  # sets SDL's dummy drivers first

LESSONS_SAID = [text for lesson in LESSONS for text in (lesson.tell, lesson.praise,
                                                        *(beat.said for beat in lesson.beats))]
HOW_TO_PLAY = " ".join(page.body for page in how_to_play(load("tait")))
FACTS = [fact.text for fact in load_facts()]
WORDS = sorted({w for w in " ".join([*LESSONS_SAID, HOW_TO_PLAY, STORY, *FACTS]).split()
                if w.isalpha()})


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def gaps(surface: pygame.Surface) -> list[int]:
    """The widths of the blank column runs between the first and last inked columns."""
    width = surface.get_width()
    mask = pygame.mask.from_surface(surface, 60)
    inked = [any(mask.get_at((x, y)) for y in range(surface.get_height())) for x in range(width)]
    first, last = inked.index(True), len(inked) - 1 - inked[::-1].index(True)
    runs, run = [], 0
    for x in range(first, last + 1):
        if inked[x]:
            if run:
                runs.append(run)
            run = 0
        else:
            run += 1
    return runs


def test_the_font_ships_with_its_licence() -> None:
    licence = FACE.with_name("OFL.txt").read_text(encoding="utf-8")
    assert FACE.exists() and "SIL Open Font License" in licence and "Quattrocento" in licence
    assert Texts().font(18).kerning


@pytest.mark.parametrize("size", [14, 18, 24, 32])
def test_no_gap_inside_a_word_is_as_wide_as_the_gap_between_words(size: int) -> None:
    texts = Texts()
    space = texts.width("a b", size) - texts.width("ab", size)
    assert space >= 3
    for word in [*WORDS, "MummyFacts", "MummyFact", "between"]:
        widest = max(gaps(texts.line(word, size, (0, 0, 0))), default=0)
        assert widest <= space // 2, f"{word!r} at {size}px has a gap of {widest}px"
    for first, second in itertools.pairwise(WORDS):
        pair = texts.line(f"{first} {second}", size, (0, 0, 0))
        assert max(gaps(pair)) > space // 2, f"{first} {second} at {size}px runs together"


def test_wrapped_lines_fit_and_keep_every_word() -> None:
    texts = Texts()
    body = HOW_TO_PLAY
    lines = texts.wrap(body, 18, 400)
    assert all(texts.width(line, 18) <= 400 for line in lines if " " in line)
    assert " ".join(" ".join(lines).split()) == " ".join(body.split())


def test_a_no_break_space_keeps_its_words_on_one_line_and_is_drawn_as_a_space() -> None:
    from sim.drawing.text import NO_BREAK, Texts

    texts = Texts()
    long = "the dice still to use are here " * 3 + f"(dice to use: 1{NO_BREAK}6)."
    lines = texts.wrap(long, 16, 220)
    assert len(lines) > 2
    assert f"1{NO_BREAK}6)." in lines[-1] and not lines[-2].endswith("1")
    assert texts.width(f"1{NO_BREAK}6", 16) == texts.width("1 6", 16)
