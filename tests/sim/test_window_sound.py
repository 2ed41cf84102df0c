"""The window's sound: the controller's sounds are played, the sticks rattle while shaken."""

from __future__ import annotations

from pathlib import Path

from sim.audio import Audio
from tests.sim.window_hands import press, release, set_up, shake, start_pygame


class Ears:
    """An Audio stand-in that remembers what it was asked to do."""

    def __init__(self) -> None:
        self.sounds = True
        self.played: list[str] = []
        self.rattling: list[bool] = []

    def play(self, name: str) -> None:
        self.played.append(name)

    def rattle(self, on: bool) -> None:
        self.rattling.append(on)

    def set_music(self, on: bool) -> None:
        pass

    def close(self) -> None:
        pass


def test_a_shake_rattles_until_let_go_and_the_throw_is_heard() -> None:
    start_pygame()
    window = set_up("C:C1 R:M9 turn:C", mummy=None)
    ears = Ears()
    window.audio = ears  # type: ignore[assignment]
    press(window, window.layout.stick_box.center)
    window.step(0.3)
    assert ears.rattling == [True]
    release(window, window.layout.stick_box.center)
    assert ears.rattling == [True, False]
    window.step(1.5)
    assert ears.played[:1] == ["throw"]


def test_game_sounds_off_in_the_menu_is_passed_on() -> None:
    start_pygame()
    window = set_up("C:C1 R:M9 turn:C", mummy=None)
    ears = Ears()
    window.audio = ears  # type: ignore[assignment]
    window.act("sounds")
    assert ears.sounds is False and window.settings.game_sounds is False
    shake(window)


def test_the_mixer_plays_tones_for_missing_files_and_a_rattle(tmp_path: Path) -> None:
    audio = Audio([tmp_path], sounds=True, music=True)  # SDL's dummy audio driver
    assert audio.working
    audio.play("bump")
    audio.play("no-such-sound")
    audio.rattle(True)
    audio.rattle(False)
    audio.sounds = False
    audio.play("win")
    audio.close()
