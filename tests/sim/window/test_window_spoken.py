"""Spoken play and calm lights in the window: chosen in Options, they reach the board's controller;
the window says throws and moves with its voice, and R says it again."""

from __future__ import annotations

import pygame
import pytest

from engine.core.sides import Side
from sim.window.window import NO_VOICE, Window
from tests.sim.window.test_window_keys import key
from tests.sim.window.window_hands import set_up, start_pygame

R = Side.REELS


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


class Voice:
    """A voice that says at once (no espeak-ng here)."""

    available = True

    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, text: str) -> None:
        self.said.append(text)

    def hush(self) -> None:
        """Nothing to cut short."""

    def close(self) -> None:
        """Nothing to let go of."""


def with_voice(window: Window) -> Voice:
    voice = Voice()
    window.voice = voice
    return voice


def test_spoken_play_chosen_in_options_says_the_throw_and_the_moves() -> None:
    window = set_up("C:C2,M6 R:M9 turn:C", mummy=R)
    voice = with_voice(window)
    window.act("choose:spoken:on")
    assert window.controller.settings.spoken and window.settings.spoken_play
    window.step(0.5)
    assert voice.said[-1] == "Shake the sticks, Cones."
    key(window, pygame.K_SPACE)
    window.step(1.5)
    assert voice.said[-1].startswith("Cones threw ") and "Cone on C2 to M" in voice.said[-1]
    key(window, pygame.K_r)  # again, please
    window.step(0.1)
    assert voice.said[-1] == voice.said[-2]
    window.act("choose:spoken:off")
    key(window, pygame.K_r)
    window.step(0.5)
    assert len(voice.said) == 3 and not window.controller.settings.spoken


def test_without_a_voice_the_window_says_it_cannot_speak() -> None:
    window = set_up("C:C2 R:M9 turn:C", mummy=R)
    window.act("choose:spoken:on")
    assert window.notice is not None and window.notice[0] == NO_VOICE


def test_calm_lights_chosen_in_options_reach_the_board() -> None:
    window = set_up("C:C2 R:M9 turn:C", mummy=R)
    window.act("choose:lights:calm")
    assert window.controller.settings.calm and window.chosen.calm
    window.act("choose:lights:usual")
    assert not window.controller.settings.calm
