"""The window's Log: the whole game, the newest lines at the bottom, scrolled back to the
game's start with the wheel or the arrow keys, and saying where it is."""

from __future__ import annotations

import pygame

from engine.core.sides import Side
from sim.window.settings import WindowSettings
from tests.sim.window.test_window_pages import words_drawn
from tests.sim.window.window_hands import Window, start_pygame


def a_long_log() -> Window:
    start_pygame()
    window = Window.open(settings=WindowSettings(mummy=None), seed=1)
    said = window.controller.said
    said.extend(f"Line {n} of the game." for n in range(1, 61))
    window.act("log")
    words_drawn(window)  # the window draws every frame: the log, open, is drawn at once
    return window


def test_the_log_opens_on_the_newest_lines_and_says_there_are_more() -> None:
    window = a_long_log()
    shown = words_drawn(window)
    assert "Line 60 of the game." in shown and "Line 1 of the game." not in shown
    total = len(window.controller.said)
    assert f"to {total} of {total}: the wheel or the arrow keys scroll" in shown


def test_the_wheel_and_the_keys_scroll_back_to_the_start_and_on_again() -> None:
    window = a_long_log()
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME))
    shown = words_drawn(window)
    assert "Line 1 of the game." in shown and "Line 60 of the game." not in shown
    assert "lines 1 to " in shown
    window.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2))  # down: later lines
    assert window.log_back == window.view.log_most - 6
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END))
    assert window.log_back == 0 and "Line 60 of the game." in words_drawn(window)
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP))
    assert window.log_back == 1
    window.act("log")  # closed, and opened again: on the newest
    window.act("log")
    assert window.log_back == 0


def test_a_short_log_has_nothing_to_scroll() -> None:
    start_pygame()
    window = Window.open(settings=WindowSettings(mummy=Side.REELS), seed=1)
    window.act("log")
    assert "scroll" not in words_drawn(window)
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP))
    assert window.log_back == 0
