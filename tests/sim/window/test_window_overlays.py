"""Menus, help pages and the log stay whole while the lights under them change; the window is
drawn whole again after it is exposed, resized or moved."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from firmware.story.tournament import Tournament
from sim.pages.setna import stage_page, title_page
from sim.window.menu_bar import DROP
from sim.window.settings import WindowSettings
from sim.window.view import PAPYRUS
from tests.sim.window.window_hands import Window, press, set_up, start_pygame

SIZE = (1280, 720)
OVERLAYS = ["Options", "Help", "help:how", "tournament:0", "tournament:1", "help:about", "log"]
"""``tournament:N``: the tournament's Nth page, with its picture (the mask, Setna in the sand)."""


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def open_overlay(window: Window, which: str) -> None:
    """Open a drop-down by clicking its title, a page or the log as the menu would."""
    if which in ("Options", "Help"):
        press(window, window.menu.title_rects(window.layout)[which].center)
    elif which.startswith("tournament:"):
        window.show_pages([title_page(), stage_page(Tournament(0, 2, 2))])
        for _ in range(int(which[11:])):
            press(window, (10, 400))  # a click turns the page
    else:
        window.act(which)


def overlay(surface: pygame.Surface, which: str) -> pygame.mask.Mask:
    """The pixels of the overlay's own colour: papyrus for pages and the log, the drop-down's."""
    colour = DROP if which in ("Options", "Help") else PAPYRUS
    return pygame.mask.from_threshold(surface, colour, (1, 1, 1, 255))


def animations() -> list[Window]:
    idle = Window.open(settings=WindowSettings(mummy=None), seed=1)  # the lights chase
    flashing = set_up("C:C1,M14 R:M6 turn:R throw:3:WWWD", carry=True, mummy=None)
    flashing.controller.press("mummy")  # the mummy's move flashes gold, and the turn breathes
    return [idle, flashing]


@pytest.mark.parametrize("which", OVERLAYS)
def test_an_overlay_stays_whole_while_the_lights_change_under_it(which: str) -> None:
    under, over_squares = 0, False
    for window in animations():
        window.step(0.3)
        open_overlay(window, which)
        screen = pygame.Surface(SIZE)
        assert window.render(screen) is None
        covered = overlay(screen, which)
        assert covered.count() > 15_000, which
        over_squares |= any(covered.overlap_area(pygame.Mask(r.size, fill=True), r.topleft)
                            for r in window.layout.squares.values())
        for _ in range(16):
            window.step(0.5)
            dirty = window.render(screen)
            assert dirty is not None, "only lights changed: the partial redraw must run"
            under += sum(covered.overlap_area(pygame.Mask(r.size, fill=True), r.topleft)
                         for r in dirty)
            now = overlay(screen, which)
            assert now.count() == covered.count() == now.overlap_area(covered, (0, 0)), which
        whole = pygame.Surface(SIZE)
        assert window.render(whole) is None
        assert pygame.image.tobytes(screen, "RGB") == pygame.image.tobytes(whole, "RGB")
        window.close()
    assert under > 0 or not over_squares, "no light changed under the overlay: a vain test"


@pytest.mark.parametrize("kind", ["WINDOWEXPOSED", "WINDOWMOVED", "WINDOWSIZECHANGED",
                                  "VIDEOEXPOSE"])
def test_an_exposed_or_moved_window_is_drawn_whole(kind: str) -> None:
    window = set_up("C:C1,M10 R:M6 turn:C", mummy=None)
    screen = pygame.Surface(SIZE)
    assert window.render(screen) is None
    window.step(0.2)
    assert window.render(screen) is not None  # only lights: a partial redraw
    screen.fill((255, 0, 255))  # what another window left on it
    window.handle(pygame.event.Event(getattr(pygame, kind)))
    window.step(0.05)
    assert window.render(screen) is None
    assert pygame.mask.from_threshold(screen, (255, 0, 255), (1, 1, 1, 255)).count() == 0


def test_a_resized_window_fits_the_board_to_the_new_size() -> None:
    window = set_up("C:C1 R:M9 turn:C", mummy=None)
    window.render(pygame.Surface(SIZE))
    window.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 600), w=1000, h=600))
    assert window.layout.size == (1000, 600)
    assert window.render(pygame.Surface((1000, 600))) is None


def test_square_labels_are_an_option() -> None:
    window = set_up("C:C1 R:M9 turn:C", mummy=None)
    plain = pygame.Surface(SIZE)
    window.render(plain)
    window.act("labels")
    labelled = pygame.Surface(SIZE)
    window.render(labelled)
    for square in ("R1", "M16", "C4"):
        corner = window.layout.squares[square].inflate(-10, -10)
        corner.width //= 2
        corner.height //= 3
        corner.bottomright = window.layout.squares[square].inflate(-10, -10).bottomright
        assert pygame.image.tobytes(plain.subsurface(corner), "RGB") != \
            pygame.image.tobytes(labelled.subsurface(corner), "RGB"), square


def test_the_mummys_piece_in_the_air_redraws_only_where_it_was_and_is() -> None:
    window = set_up("C:C1,M10 R:M6 turn:R throw:3:WWWD", mummy=None)
    window.controller.press("mummy")  # Reels: its hand moves M6 to M9
    screen = pygame.Surface(SIZE)
    window.render(screen)
    partial = 0
    for _ in range(45):
        window.step(1 / 30)
        dirty = window.render(screen)
        if dirty is not None and window.snapshot().flight is not None:
            partial += 1
            assert all(rect.width <= 3 * window.layout.cell for rect in dirty)
            whole = pygame.Surface(SIZE)
            window.view.invalidate()
            window.render(whole)
            assert pygame.image.tobytes(screen, "RGB") == pygame.image.tobytes(whole, "RGB")
            window.render(screen)  # the view draws on the window's surface again
    assert partial >= 5


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_every_help_page_shows_all_of_its_text(size: tuple[int, int]) -> None:
    from engine.games import load, names
    from firmware.story.tournament import Tournament
    from sim.pages.how_to_play import about, how_to_play
    from sim.pages.setna import ending_page, stage_page, title_page

    window = Window.open(settings=WindowSettings(mummy=None), seed=1)
    story = [title_page("no solved table is loaded: Neferkaptah plays as the Vizier"),
             stage_page(Tournament(1, 3, 3), "The mummy wins this game, and its magic draws "
                        "Setna into the sand to his chest."),
             ending_page(Tournament(4, 3, 0)), ending_page(Tournament(2, 4, 4))]
    games = [page for name in names()
             for page in (*how_to_play(load(name)), about(load(name)))]
    for title, body, *_ in (*games, *story):
        drawn: list[str] = []
        texts = window.view.texts
        line = texts.line

        def spy(text: str, px: int, colour: tuple[int, int, int], drawn: list[str] = drawn,
                line: Callable[..., pygame.Surface] = line) -> pygame.Surface:
            drawn.append(text)
            return line(text, px, colour)

        texts.line = spy  # type: ignore[method-assign]
        window.page = next(p for p in (*games, *story) if p[0] == title and p[1] == body)
        window.render(pygame.Surface(size))
        texts.line = line  # type: ignore[method-assign]
        shown = " ".join(" ".join(drawn).split())
        assert " ".join(body.split()) in shown, title
