"""The window's sound: the controller's sounds are played, the sticks rattle while shaken, and
the music option loops the music, all from the files the board plays."""

from __future__ import annotations

import array
import time
from pathlib import Path
from types import MappingProxyType

import pygame
import pytest

from firmware.sounds import RATTLE, THROW
from hardware.board_file import DEFAULT_BOARD, SoundsConfig, load_board
from hardware.sounds import FOLDER, MUSIC
from sim.audio import Audio
from tests.hardware.test_speaker import write_beep
from tests.sim.window_hands import press, release, set_up, shake, start_pygame


class Ears:
    """An Audio stand-in that remembers what it was asked to do."""

    def __init__(self) -> None:
        self.sounds = True
        self.played: list[str] = []
        self.music: list[bool] = []

    def play(self, name: str) -> None:
        self.played.append(name)

    def set_music(self, on: bool) -> None:
        self.music.append(on)

    def close(self) -> None:
        pass


def test_a_shake_rattles_until_let_go_and_the_throw_is_heard() -> None:
    start_pygame()
    window = set_up("C:C1 R:M9 turn:C", mummy=None)
    ears = Ears()
    window.audio = ears  # type: ignore[assignment]
    press(window, window.layout.stick_box.center)
    window.step(1.2)
    assert ears.played.count(RATTLE) >= 2 and set(ears.played) == {RATTLE}
    release(window, window.layout.stick_box.center)
    window.step(1.5)
    assert THROW in ears.played
    assert RATTLE not in ears.played[ears.played.index(THROW):]


def test_game_sounds_off_in_the_menu_is_passed_on() -> None:
    start_pygame()
    window = set_up("C:C1 R:M9 turn:C", mummy=None)
    ears = Ears()
    window.audio = ears  # type: ignore[assignment]
    window.act("sounds")
    assert ears.sounds is False and window.settings.game_sounds is False
    shake(window)


def test_the_music_option_turns_the_music_on_and_off() -> None:
    start_pygame()
    window = set_up("C:C1 R:M9 turn:C", mummy=None)
    ears = Ears()
    window.audio = ears  # type: ignore[assignment]
    window.act("music")
    window.act("music")
    assert ears.music == [True, False]


def test_the_window_plays_the_shipped_files() -> None:
    audio = Audio(load_board(DEFAULT_BOARD).sounds, sounds=True, music=True)  # SDL's dummy audio
    try:
        assert audio.working and audio.music
        speaker = audio._speaker
        assert speaker.source("bump") == FOLDER / "bump.ogg"
        assert speaker.source(MUSIC) == FOLDER / "music.ogg"
        audio.play("bump")
        audio.sounds = False
        audio.play("win")
        audio.set_music(False)
        assert not audio.music
    finally:
        audio.close()


def test_the_music_loops(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """SDL's disk driver writes what the mixer plays to a file, as fast as it can."""
    pygame.mixer.quit()
    out = tmp_path / "heard.raw"
    monkeypatch.setenv("SDL_AUDIODRIVER", "disk")
    monkeypatch.setenv("SDL_DISKAUDIOFILE", str(out))
    monkeypatch.setenv("SDL_DISKAUDIODELAY", "0")
    write_beep(tmp_path / "tune.wav")  # a tenth of a second
    audio = Audio(SoundsConfig(None, 1.0, False, MappingProxyType({MUSIC: tmp_path / "tune.wav"})),
                  music=True)
    try:
        if not audio.working:
            pytest.skip("SDL has no disk audio driver here")
        rate, _, channels = pygame.mixer.get_init()
        second = rate * channels * 2
        deadline = time.monotonic() + 10  # the mixer's own thread writes; wait for a second of it
        while (not out.exists() or out.stat().st_size < 2 * second) and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        audio.close()
        pygame.mixer.quit()
    samples = array.array("h", out.read_bytes()[second:2 * second])  # the second second
    quiet = sum(abs(s) < 200 for s in samples) / len(samples)
    assert len(samples) == second // 2 and quiet < 0.2  # the tune is still playing
