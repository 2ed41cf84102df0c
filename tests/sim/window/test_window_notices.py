"""What the window says of itself: no sound, and the level Setna's tournament is played at."""

from __future__ import annotations

import pytest

from engine.mummy import Level
from sim.window.settings import WindowSettings
from sim.window.window import NO_SOUND
from tests.sim.window.test_window_chances import items
from tests.sim.window.window_hands import Window, start_pygame


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


class Silent:
    """A sound device that could not be opened."""

    working = False
    sounds = True

    def play(self, name: str) -> None:
        pass

    def set_music(self, on: bool) -> None:
        pass

    def close(self) -> None:
        pass


def test_a_window_without_sound_says_so() -> None:
    window = Window.open(settings=WindowSettings(mummy=None), seed=1,
                         audio=Silent())  # type: ignore[arg-type]
    assert window.news() == NO_SOUND
    options = items(window, "Options")
    assert options["sounds"][0] == "Game sounds (no sound here)"
    assert options["music"][0] == "Background music (no sound here)"


def test_setnas_tournament_ticks_the_level_it_is_played_at() -> None:
    window = Window.open(settings=WindowSettings(mummy=None, level=Level.PRIEST), seed=1)
    assert items(window, "Options")["choose:level:priest"][2] is True
    window.settings.tournament = True
    options = items(window, "Options")
    assert options["choose:level:neferkaptah"] == ("Neferkaptah", False, True)
    assert options["choose:level:priest"][2] is False
    assert options["setting:level"][0] == "Mummy's level: Neferkaptah"
