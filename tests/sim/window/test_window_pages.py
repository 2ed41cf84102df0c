"""Help > How to play as a player turns it: which page of how many, Next and Back by click and by
key, the last page closing; a page alone (About) shows only Close."""

from __future__ import annotations

import pygame

from engine.games import load
from sim.pages.how_to_play import how_to_play
from sim.window.settings import WindowSettings
from sim.window.view import page_buttons
from tests.sim.window.window_hands import Window, lines_drawn, press, start_pygame


def key(window: Window, which: int) -> None:
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=which))


def words_drawn(window: Window) -> str:
    """Every line the window draws in one picture."""
    return "\n".join(lines_drawn(window))


def opened(game: str) -> Window:
    start_pygame()
    window = Window.open(settings=WindowSettings(mummy=None), seed=1, game=game)
    window.act("help:how")
    return window


def test_how_to_play_opens_on_page_one_of_all_and_says_so() -> None:
    window = opened("senet")
    total = len(how_to_play(load("senet")))
    assert window.page is not None and window.page.title == "Senet: The board"
    assert window.page_number == (1, total)
    shown = words_drawn(window)
    assert f"1 of {total}" in shown and "Next" in shown and "Back" not in shown


def test_next_and_back_turn_the_pages_both_ways_by_click_and_by_key() -> None:
    window = opened("senet")
    back, forward = page_buttons(window.layout, picture=True)
    press(window, forward.center)
    press(window, forward.center)
    assert window.page_number is not None and window.page_number[0] == 3
    assert "Back" in words_drawn(window)
    assert window.page is not None
    back, forward = page_buttons(window.layout, window.page.picture is not None)
    press(window, back.center)
    assert window.page_number[0] == 2
    key(window, pygame.K_LEFT)
    assert window.page_number[0] == 1 and window.page.title == "Senet: The board"
    key(window, pygame.K_LEFT)  # nothing before the first page
    assert window.page_number[0] == 1
    key(window, pygame.K_RIGHT)
    key(window, pygame.K_PAGEDOWN)
    assert window.page_number[0] == 3


def test_the_last_page_says_close_and_closes() -> None:
    window = opened("cyningstan")
    total = len(how_to_play(load("cyningstan")))
    for _ in range(total - 1):
        key(window, pygame.K_RIGHT)
    assert window.page_number == (total, total)
    shown = words_drawn(window)
    assert f"{total} of {total}" in shown and "Close" in shown and "Next" not in shown
    key(window, pygame.K_RIGHT)
    assert window.page is None and window.turned == [] and window.running


def test_a_page_alone_has_no_number_and_no_back() -> None:
    window = opened("tait")
    window.act("help:about")
    assert window.page_number is None
    shown = words_drawn(window)
    assert "Close" in shown and "Back" not in shown and " of " not in shown.split("\n")[-1]
    press(window, (10, 400))
    assert window.page is None
