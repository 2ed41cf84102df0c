"""Setna's tournament in the window, by mouse: chosen from the Options menu, its story pages
drawn (PNG checks: the mask, Setna sinking, the endings), games played against Neferkaptah's
mummy, Setna shown in the sand after each, kept across a restart of the window."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.mummy import Level
from engine.tait.state import GameState
from firmware.lights.scenes import Phase
from firmware.story.tournament import Tournament, TournamentStore
from sim.drawing import setna_art
from sim.pages.setna import ending_page, stage_page, title_page
from sim.window.settings import WindowSettings, remembered
from tests.sim.window.test_window_tutorial import choose, click
from tests.sim.window.window_hands import Window, press, shake, start_pygame, where_from

C, R = Side.CONES, Side.REELS
SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def play_by_mouse(window: Window, steps: int = 3000) -> None:
    """Play the game to its end: shake and click the last listed move for the player; the
    mummy's hand makes its own moves."""
    controller = window.controller
    for _ in range(steps):
        if controller.phase is Phase.WON:
            return
        state = controller.game.state  # type: ignore[union-attr]
        if controller.phase is Phase.THROW and state.turn is not controller.settings.mummy:
            shake(window)
        elif controller.phase is Phase.MOVE and state.turn is not controller.settings.mummy:
            click(window, where_from(window, state.moves[-1]))
        else:
            window.step(0.5)
    raise AssertionError("the game did not end")


def last_throw(window: Window, position: str, throw: str) -> None:
    """Play out the end of a game, set up with its last throw arranged (the pieces set out as
    a helper would), by mouse."""
    controller = window.controller
    controller.throw_source = lambda _: Throw.parse(throw)
    controller.set_up(GameState.parse(position))
    window.hand.set_out(controller.tracker.expectation.owners)
    play_by_mouse(window)
    controller.throw_source = None


def next_page(window: Window) -> tuple[str, ...]:
    """Wait for the page the window shows after a game, and return it."""
    for _ in range(40):
        if window.page is not None:
            return window.page
        window.step(0.5)
    raise AssertionError("no page after the game")


def open_window(tmp_path: Path, seed: int) -> Window:
    """The window as ``aseb sim`` opens it: the settings read from their files."""
    settings, choices, chosen = remembered(tmp_path / "window.json", tmp_path)
    return Window.open(state_dir=tmp_path, settings=settings, seed=seed,
                       settings_file=tmp_path / "window.json", chosen=chosen,
                       choices_file=choices, game=chosen.game)


def test_a_whole_tournament_by_mouse_from_the_options_menu(tmp_path: Path) -> None:
    window = open_window(tmp_path, seed=5)
    choose(window, "Options", "Mode", "Setna's tournament against the mummy")
    setna = window.setna
    assert setna is not None and window.controller.settings.level is Level.NEFERKAPTAH
    assert window.page == title_page(setna.fallback) and "as the Vizier" in window.page.body
    press(window, (10, 400))
    assert window.page == stage_page(Tournament())
    press(window, (10, 400))  # the first game begins
    window.step(1.0)
    assert window.page is None and window.controller.game is not None
    play_by_mouse(window)  # a whole game, by mouse
    page = next_page(window)
    assert setna.tournament.wins + setna.tournament.losses == 1
    assert page == stage_page(setna.tournament, setna.news)
    press(window, (10, 400))
    window.step(1.0)
    while not setna.tournament.over:  # the mummy wins the rest, quickly: their ends set up
        last_throw(window, "C:M9 R:M13 off:4,4 turn:R", "3:WWWD")
        page = next_page(window)
        press(window, (10, 400))
        window.step(1.0)
    assert page == ending_page(setna.tournament) and page[2] == "rescue"
    assert window.setna is None and not window.settings.tournament  # told to the end
    assert TournamentStore(tmp_path).load() is None
    assert window.controller.settings.level is Level.PRIEST  # the player's level again


def test_the_tournament_survives_closing_the_window(tmp_path: Path) -> None:
    window = open_window(tmp_path, seed=2)
    window.act("choose:mode:tournament")
    press(window, (10, 400))
    press(window, (10, 400))
    last_throw(window, "C:M14 R:M9 off:4,4 turn:C", "2:WWDD")  # Setna wins one
    last_throw(window, "C:M9 R:M13 off:4,4 turn:R", "3:WWWD")  # and loses one
    kept = window.setna.tournament  # type: ignore[union-attr]
    assert (kept.wins, kept.losses) == (1, 1)
    window.close()
    again = open_window(tmp_path, seed=3)
    assert again.setna is not None and again.setna.tournament == kept
    assert again.settings.tournament and again.page is None  # straight back to the board
    assert again.controller.settings.level is Level.NEFERKAPTAH
    again.step(1.0)
    assert "Setna 1, Neferkaptah 1" in again.snapshot().news
    choose(again, "Options", "Mode", "Play games")  # leave it: kept for next time
    assert again.setna is None and TournamentStore(tmp_path).load() == kept


# --- the pages, drawn ------------------------------------------------------------------------


def rendered(window: Window, page: tuple[str, ...], path: Path) -> pygame.Surface:
    """The window with ``page`` over the board, saved as a PNG and read back."""
    window.page = page
    surface = pygame.Surface(SIZE)
    window.view.invalidate()
    window.render(surface)
    pygame.image.save(surface, str(path))
    return pygame.image.load(str(path))


def count(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    return int(pygame.mask.from_threshold(surface, colour, (2, 2, 2, 255)).count())


def test_setna_sinks_deeper_into_the_sand_on_each_page(tmp_path: Path) -> None:
    window = Window.open(settings=WindowSettings(mummy=None), seed=1)
    shown = []  # how much of Setna shows: his skin and his linen kilt
    for stage in range(5):
        page = rendered(window, stage_page(Tournament(0, stage, stage)),
                        tmp_path / f"stage{stage}.png")
        shown.append(count(page, setna_art.SKIN) + count(page, setna_art.LINEN))
    assert shown == sorted(shown, reverse=True) and len(set(shown)) == 5, shown
    assert shown[-1] > 0  # his head is still out of the sand
    lost = rendered(window, ending_page(Tournament(1, 4, 4)), tmp_path / "lost.png")
    assert count(lost, setna_art.FAIENCE) > 500  # the amulets of Ptah


def test_the_mask_and_the_book_are_drawn(tmp_path: Path) -> None:
    window = Window.open(settings=WindowSettings(mummy=None), seed=1)
    mask = rendered(window, title_page(), tmp_path / "mask.png")
    assert count(mask, setna_art.GOLD) > 10_000 and count(mask, setna_art.LAPIS) > 5_000
    assert count(mask, setna_art.WHITE) > 50  # the eyes
    book = rendered(window, ending_page(Tournament(4, 0, 0)), tmp_path / "book.png")
    assert count(book, setna_art.PAPYRUS) > 10_000 and count(book, setna_art.SKIN) == 0
    with pytest.raises(ValueError):
        setna_art.draw(pygame.Surface((10, 10)), pygame.Rect(0, 0, 10, 10), "sphinx")


def test_the_story_pages_come_first_and_hide_no_move_of_the_game(tmp_path: Path) -> None:
    window = open_window(tmp_path, seed=5)
    choose(window, "Options", "Mode", "Setna's tournament against the mummy")
    for _ in range(20):  # read slowly: nothing is played under the story meanwhile
        assert window.page is not None
        window.step(0.5)
    game = window.controller.game
    assert game is None or game.actions == ()
    while window.page is not None:
        press(window, (10, 400))  # turned to the end
    window.step(0.2)
    game = window.controller.game
    assert game is not None and window.page is None
    assert window.play.demon_showing()  # its opening throws told, in sight
    assert window.snapshot().sticks_caption.startswith("Demon-cast")
