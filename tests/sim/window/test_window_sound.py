"""The window's sound: the controller's sounds are played, the sticks rattle while shaken, and
the music option loops the music, all from the files the board plays."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

import pygame
import pytest

from firmware.play.sounds import RATTLE, THROW
from hardware.boards.board_file import DEFAULT_BOARD, load_board
from hardware.sounds.shipped import FOLDER, MUSIC
from hardware.sounds.speaker import SoundsConfig
from sim.window.audio import Audio
from tests.hardware.sounds.test_speaker import write_beep
from tests.sim.window.window_hands import press, release, set_up, shake, start_pygame


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
    """The mixer is asked to loop the tune for ever, and to stop it when the option goes off."""
    write_beep(tmp_path / "tune.wav")
    audio = Audio(SoundsConfig(None, 1.0, False, MappingProxyType({MUSIC: tmp_path / "tune.wav"})),
                  music=False)
    try:
        if not audio.working:
            pytest.skip("no mixer here")
        asked: list[object] = []
        music = pygame.mixer.music
        monkeypatch.setattr(music, "play", lambda loops=0, **_: asked.append(loops))
        monkeypatch.setattr(music, "stop", lambda: asked.append("stop"))
        audio.set_music(True)
        assert asked[-1] == -1 and audio.music  # -1: round and round
        audio.set_music(False)
        assert asked[-1] == "stop" and not audio.music
    finally:
        audio.close()
