"""The window's win-chance bar and review page, drawn on off-screen surfaces and read back."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from engine.mummy.review import review
from sim.drawing.board import CONE_BODY, REEL_BODY, TABLE_LINE
from sim.drawing.odds import draw_odds, split
from sim.drawing.review_page import CONE_LINE, REEL_LINE, cones_curve, draw_review
from sim.drawing.text import Texts
from tests.solved import random_game, two_piece_table


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    """Fonts only: drawing on a Surface needs no display (the window tests open their own)."""
    pygame.font.init()
    yield
    pygame.font.quit()


def font() -> pygame.font.Font:
    return pygame.font.Font(None, 18)


def test_the_bar_gives_each_side_its_share() -> None:
    surface = pygame.Surface((40, 220))
    rect = pygame.Rect(10, 10, 20, 200)
    draw_odds(surface, rect, 0.7, font())
    reels, cones = split(rect, 0.7)
    assert (reels.height, cones.height) == (60, 140)
    assert surface.get_at((15, reels.top + 40))[:3] == REEL_BODY
    assert surface.get_at((15, cones.top + 60))[:3] == CONE_BODY


def test_without_chances_the_bar_is_empty() -> None:
    surface = pygame.Surface((40, 220))
    draw_odds(surface, pygame.Rect(10, 10, 20, 200), None, font())
    assert surface.get_at((15, 110))[:3] == TABLE_LINE


def test_the_review_page_draws_the_game_and_its_mistakes() -> None:
    game = random_game(2)
    judged = review(two_piece_table(), game.record)
    curve = cones_curve(judged)
    assert len(curve) == len(judged.steps) + 1 and curve[-1] in (0.0, 1.0)
    surface = pygame.Surface((800, 480))
    draw_review(surface, surface.get_rect(), judged, Texts(), 18)
    colours = {surface.get_at((x, y))[:3] for x in range(0, 800, 3) for y in range(40, 400, 3)}
    assert CONE_LINE in colours or REEL_LINE in colours  # the chance's line, light on dark


@pytest.mark.parametrize("name", ["ramses", "senet"])
def test_the_review_page_fits_its_lines_and_tells_luck_only_where_there_are_throws(
        name: str) -> None:
    """The judge's long line wraps inside the page; Ramses, which has no throw, has no luck
    line (Senet's sticks have one)."""
    from engine.games import load
    from engine.mummy.judges import judge_for
    from tests.engine.test_review_every_game import opening_of

    game = opening_of(name, 8)
    judged = review(judge_for(game.ruleset), game.record)
    texts, written = Texts(), []
    line = texts.line

    def recorded(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
        written.append(text)
        return line(text, size, colour)

    texts.line = recorded  # type: ignore[method-assign]
    surface = pygame.Surface((800, 480))
    draw_review(surface, surface.get_rect(), judged, texts, 18)
    assert all(texts.width(text, 18) <= 800 - 2 * 16 for text in written), written
    assert any("Judged by" in text for text in written)
    assert any(text.startswith("Luck of the throws") for text in written) == \
        (load(name).chance is not None)
