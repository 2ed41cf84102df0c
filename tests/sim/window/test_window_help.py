"""Help's pages as a player reads them: each game's position drawn across the page, as large as
leaves its words room, with a caption saying what the gold squares are; and Larger text at least
1.4 times as large on every page (a long page goes on over the next rather than shrinking)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from engine.games import load, names
from firmware.story.tournament import TO_WIN, Tournament
from sim.pages.how_to_play import about, how_to_play
from sim.pages.keys import keys_page
from sim.pages.page import Page
from sim.pages.setna import ending_page, stage_page, title_page
from sim.window.settings import WindowSettings
from sim.window.view import PAPYRUS_TEXT, page_parts, page_rect
from sim.window.window import Window
from tests.sim.window.window_hands import lines_drawn, start_pygame


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def window(game: str, larger: bool = False) -> Window:
    return Window.open(settings=WindowSettings(mummy=None, larger_text=larger, keys_told=True),
                       seed=1, game=game)


def body_sizes(shown: Window, page: Page) -> list[int]:
    """The sizes the words of ``page`` are drawn at, over every page it takes."""
    sizes: list[int] = []
    texts = shown.view.texts
    line = texts.line

    def spy(text: str, px: int, colour: tuple[int, int, int],
            line: Callable[..., pygame.Surface] = line) -> pygame.Surface:
        if colour == PAPYRUS_TEXT:
            sizes.append(px)
        return line(text, px, colour)

    texts.line = spy  # type: ignore[method-assign]
    shown.show_pages([page])
    while shown.page is not None:
        shown.view.invalidate()
        shown.render(pygame.Surface(shown.layout.size))
        shown.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT))
    texts.line = line  # type: ignore[method-assign]
    return sizes


def every_page(game: str) -> list[Page]:
    rules = load(game)
    pages = [*how_to_play(rules), keys_page(rules), about(rules)]
    if game == "tait":
        pages += [title_page(), stage_page(Tournament(1, 2, 2), "The mummy wins this game."),
                  ending_page(Tournament(TO_WIN, 2, 2)), ending_page(Tournament(1, TO_WIN, 4))]
    return pages


@pytest.mark.parametrize("game", names())
def test_larger_text_is_at_least_one_and_four_tenths_as_large_on_every_page(game: str) -> None:
    usual, larger = window(game), window(game, larger=True)
    for page in every_page(game):
        normal, large = body_sizes(usual, page), body_sizes(larger, page)
        assert normal and large, page.title
        assert min(large) >= 1.4 * max(normal), (page.title, min(large), max(normal))


@pytest.mark.parametrize("larger", [False, True], ids=["text", "larger text"])
@pytest.mark.parametrize("game", names())
def test_each_position_is_drawn_across_the_page_and_its_gold_is_said(game: str,
                                                                     larger: bool) -> None:
    shown = window(game, larger)
    for page in how_to_play(load(game)):
        if page.picture is None or not page.picture.startswith("position:"):
            continue
        rect, frame, words = page_parts(shown.layout, page.picture)
        assert frame is not None and rect == page_rect(shown.layout, True)
        assert frame.width >= 0.55 * rect.width or frame.height >= 0.34 * rect.height
        assert not frame.colliderect(words)
        lit = page.picture.partition("#")[2]
        shown.show_pages([page])
        said = lines_drawn(shown)
        captions = [line for line in said if line.startswith("In gold and framed:")]
        assert captions == ([f"In gold and framed: {lit.replace(',', ', ')}, the squares the "
                             "text speaks of."] if lit else []), page.title
