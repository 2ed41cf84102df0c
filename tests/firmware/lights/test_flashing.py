"""No light flashes more than three times a second (WCAG 2.3.1), measured pixel by pixel over
every scene of every game; with calm lights no light swells more than once a second, and what
blinked breathes."""

from __future__ import annotations

from itertools import pairwise

import pytest

from firmware.lights import scenes
from firmware.lights.scenes import Phase, Show, scene
from tests.firmware.lights.every_scene import SECONDS, every_scene
from tests.firmware.lights.seeing import (
    CALM_FLASHES,
    MOST_FLASHES,
    RATE,
    flashes_by_pixel,
    frames,
    most_flashes,
)


def too_many(calm: bool, most: float) -> dict[str, dict[str, float]]:
    """Each scene with a pixel flashing more than ``most`` times in a second, and those pixels."""
    found = {}
    for name, light in every_scene(calm):
        over = {pixel: n for pixel, n in flashes_by_pixel(frames(light, SECONDS)).items()
                if n > most}
        if over:
            found[name] = over
    return found


def test_no_scene_of_any_game_flashes_more_than_three_times_a_second() -> None:
    assert too_many(calm=False, most=MOST_FLASHES) == {}


def test_with_calm_lights_no_scene_swells_more_than_once_a_second() -> None:
    assert too_many(calm=True, most=CALM_FLASHES) == {}


def test_a_mistake_blinking_four_times_a_second_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenes, "MISTAKE_HZ", 4.0)
    caught = too_many(calm=False, most=MOST_FLASHES)
    assert "twenty-squares: a mistake to mend" in caught
    assert "senet: the mummy's move, its bump first" in caught  # the bump blinks as a mistake


def test_the_old_flare_of_an_extra_turn_was_too_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    # The marked squares pulsed every 0.3 s for 1.5 s: 3.3 flashes a second.
    monkeypatch.setattr(scenes, "FLARE_PERIOD", 0.3)
    assert set(too_many(calm=False, most=MOST_FLASHES)) == {
        f"{board}: an extra turn's flare" for board in ("twenty-squares", "senet", "ramses",
                                                        "stacks")}


def test_a_red_blink_counts_though_its_brightness_hardly_changes() -> None:
    # Saturated red against a dimmer red: under a tenth of white's luminance apart, yet a red
    # flash (WCAG's red flash threshold).
    red, dim = (255, 0, 0), (120, 0, 0)
    four_a_second = [red if (n * 8 // RATE) % 2 else dim for n in range(2 * RATE)]
    assert most_flashes(four_a_second) == 4.0


def test_a_slow_swell_is_less_than_a_flash_a_second() -> None:
    show = Show(Phase.MOVE, missing={"M8": scenes.Side.CONES}, calm=True)
    series = [scene(show, n / RATE).get("M8", (0, 0, 0)) for n in range(4 * RATE)]
    assert most_flashes(series) <= CALM_FLASHES


def biggest_step(calm: bool) -> float:
    """The biggest change of a mistake's light from one of the board's frames to the next (20
    a second), as a share of its full brightness."""
    show = Show(Phase.MOVE, missing={"M8": scenes.Side.CONES}, unexpected=frozenset({"M10"}),
                calm=calm)
    lit = [scene(show, n / 20) for n in range(60)]
    return max(abs(max(a.get(sq, (0, 0, 0))) - max(b.get(sq, (0, 0, 0)))) / 255
               for a, b in pairwise(lit) for sq in ("M8", "M10"))


def test_with_calm_lights_a_mistake_breathes_and_never_jumps() -> None:
    assert biggest_step(calm=False) == 1.0  # on and off
    assert biggest_step(calm=True) < 0.1
