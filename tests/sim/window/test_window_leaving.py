"""Leaving the window, and its keys: Esc in a game asks first (Esc again or Enter leaves, the
game kept; any other key or Play on plays on); with no game Esc leaves at once. Help > Keys
lists every key, and the first time the window opens a hint tells of them, once."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from sim.window.settings import WindowSettings, load, save
from sim.window.view import leave_buttons
from sim.window.window import Window
from tests.sim.window.window_hands import lines_drawn, press, set_up, start_pygame


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def key(window: Window, code: int) -> None:
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))


def test_esc_in_a_game_asks_and_any_other_key_plays_on() -> None:
    window = set_up("C:C2 R:M9 turn:C", mummy=None)
    key(window, pygame.K_ESCAPE)
    assert window.running and window.leaving
    said = lines_drawn(window)
    assert "Leave the game?" in said and "Leave: Esc or Enter" in said
    key(window, pygame.K_SPACE)  # not a throw: the answer "play on"
    assert window.running and not window.leaving and not window.hand.shaking
    key(window, pygame.K_ESCAPE)
    key(window, pygame.K_RETURN)
    assert not window.running


def test_esc_twice_leaves_and_a_click_answers_too() -> None:
    window = set_up("C:C2 R:M9 turn:C", mummy=None)
    key(window, pygame.K_ESCAPE)
    key(window, pygame.K_ESCAPE)
    assert not window.running
    window = set_up("C:C2 R:M9 turn:C", mummy=None)
    leave, stay = leave_buttons(window.layout)
    key(window, pygame.K_ESCAPE)
    press(window, stay.center)
    assert window.running and not window.leaving
    key(window, pygame.K_ESCAPE)
    press(window, leave.center)
    assert not window.running


def test_with_no_game_esc_leaves_at_once() -> None:
    window = Window.open(settings=WindowSettings(mummy=None), seed=1)
    assert window.controller.game is None
    key(window, pygame.K_ESCAPE)
    assert not window.running


def test_help_keys_lists_every_key() -> None:
    window = set_up("C:C2 R:M9 turn:C", mummy=None)
    assert "help:keys" in [item.action for item in window.menu_items("Help")]
    window.act("help:keys")
    assert window.page is not None and window.page.title == "Keys"
    body = "\n".join(page.body for page in (window.page, *window.pages))  # one page, or two
    for word in ("Space:", "Tab, Shift-Tab:", "Arrows:", "Enter:", "Esc:", "R:", "L:", "F10:",
                 "F11:"):
        assert f"\n{word}" in f"\n{body}", word


def test_the_first_time_a_hint_tells_of_the_keys_and_never_again(tmp_path: Path) -> None:
    first = Window.open(settings=WindowSettings(mummy=None), seed=1,
                        settings_file=tmp_path / "window.json")
    first.step(1.0)
    hint = "Keys play too: Space throws"
    assert any(line.startswith(hint[:20]) for line in lines_drawn(first))
    first.close()
    settings = load(tmp_path / "window.json")
    assert settings.keys_told
    again = Window.open(settings=settings, seed=1)
    again.step(1.0)
    assert not any(line.startswith(hint[:20]) for line in lines_drawn(again))
    save(settings, tmp_path / "window.json")
