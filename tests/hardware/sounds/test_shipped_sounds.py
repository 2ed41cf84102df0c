"""The shipped sounds: each loads in the mixer, is short, as loud as the others, starts and ends
without a click, and is what its recipe in ``hardware/sounds/synth.py`` makes today."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator

import numpy as np
import pytest
import soundfile  # type: ignore[import-untyped]

from hardware.sounds import synth
from hardware.sounds.instruments import RATE, fade
from hardware.sounds.levels import Levels, measure, problems
from hardware.sounds.shipped import FOLDER, SUFFIX, shipped

MAX_EFFECT = 3.0
"""Seconds an effect may last: a sound must not hold the game up."""
MAX_MUSIC = 60.0
BUDGET = 3 * 1024 * 1024
"""Bytes the whole shipped set may take."""


@pytest.fixture(scope="module")
def mixer() -> Iterator[object]:
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.mixer.init()
    yield pygame.mixer
    pygame.mixer.quit()


@pytest.fixture(scope="module", params=synth.NAMES)
def shipped_sound(request: pytest.FixtureRequest) -> tuple[str, np.ndarray]:
    name = request.param
    return name, synth.read(FOLDER / f"{name}{SUFFIX}")


def test_the_generator_and_the_folder_know_the_same_sounds() -> None:
    assert set(shipped()) == set(synth.NAMES)


def test_every_shipped_sound_loads_in_the_mixer(mixer: object) -> None:
    import pygame

    for name in shipped():
        sound = pygame.mixer.Sound(str(FOLDER / f"{name}{SUFFIX}"))
        limit = MAX_MUSIC if name == synth.MUSIC else MAX_EFFECT
        assert 0.2 < sound.get_length() <= limit, name


def test_each_sound_is_within_its_loudness_window_without_clicks(
    shipped_sound: tuple[str, np.ndarray],
) -> None:
    name, samples = shipped_sound
    levels = measure(samples)
    assert problems(levels, synth.target_of(name)) == [], f"{name}: {levels}"


def test_the_whole_set_fits_its_budget() -> None:
    sizes = [(FOLDER / f"{name}{SUFFIX}").stat().st_size for name in shipped()]
    assert 0 < sum(sizes) < BUDGET


def test_the_music_is_stereo_and_loops_round_in_a_quiet_moment() -> None:
    music = synth.read(FOLDER / f"{synth.MUSIC}{SUFFIX}")
    assert music.ndim == 2 and music.shape[1] == 2
    seam = np.concatenate([music[-882:], music[:882]])  # 20 ms either side of the loop point
    assert 20 * np.log10(np.abs(seam).max()) < -45


def test_each_file_is_what_its_recipe_makes_today(shipped_sound: tuple[str, np.ndarray]) -> None:
    """Edit a recipe, run ``python -m hardware.sounds.synth``, commit the files: or this fails."""
    name, samples = shipped_sound
    fresh = synth.render(name)
    assert fresh.shape == samples.shape
    error = np.sqrt(np.mean((fresh - samples) ** 2) / np.mean(fresh ** 2))
    assert 20 * np.log10(error) < -12, f"{name}.ogg is stale: run python -m hardware.sounds.synth"


def test_the_same_sound_encodes_to_the_same_bytes_every_time() -> None:
    move = synth.render("move")
    first, second = synth.encode(move), synth.encode(move)
    assert first == second
    assert first[14:18] == (0x61736562).to_bytes(4, "little")  # our serial, not a random one
    decoded, rate = soundfile.read(io.BytesIO(first))
    assert rate == RATE and len(decoded) == len(move)


def test_a_sound_that_starts_with_a_jump_or_is_too_loud_is_caught() -> None:
    t = np.arange(RATE // 2) / RATE
    tone = 0.3 * np.sin(2 * np.pi * 440 * t)
    assert problems(measure(fade(tone, 0.01, 0.01)), -13.5) == []
    clicky = problems(measure(tone), -13.5)
    assert len(clicky) == 1 and "click" in clicky[0]
    loud = problems(measure(fade(tone * 3.2, 0.01, 0.01)), -13.5)
    assert any("peak" in p for p in loud) and any("loudness" in p for p in loud)


def test_loudness_is_the_loudest_moment_not_the_average() -> None:
    quiet_then_loud = np.concatenate([np.zeros(RATE * 2), 0.1 * np.ones(RATE // 2)])
    levels = measure(quiet_then_loud)
    assert levels.loudness == pytest.approx(-20.0, abs=0.01)
    assert levels.rms < -25
    assert isinstance(levels, Levels) and levels.edges == pytest.approx(-20.0, abs=0.01)
