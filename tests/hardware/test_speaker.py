import logging
import math
import struct
import wave
from collections.abc import Iterator
from pathlib import Path

import pytest

from hardware.speaker import MixerSpeaker, SilentSpeaker


def write_beep(path: Path) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(22050)
        samples = (int(8000 * math.sin(i / 10)) for i in range(2205))
        out.writeframes(b"".join(struct.pack("<h", s) for s in samples))


@pytest.fixture
def dummy_audio(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield


def test_silent_speaker_remembers_what_was_played() -> None:
    speaker = SilentSpeaker()
    speaker.play("bump")
    speaker.play("extra_turn")
    speaker.loop("attract")
    assert speaker.played == ["bump", "extra_turn"]
    assert speaker.looping == "attract"


def test_mixer_plays_a_sound_file_and_loops_music(dummy_audio: None, tmp_path: Path) -> None:
    write_beep(tmp_path / "bump.wav")
    speaker = MixerSpeaker([tmp_path], volume=0.5)
    try:
        assert speaker.working
        speaker.play("bump")
        speaker.loop("bump")
        import pygame

        assert pygame.mixer.music.get_busy()
        speaker.muted = True
        assert pygame.mixer.music.get_volume() == 0.0
        speaker.muted = False
        assert pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=0.01)
        speaker.loop(None)
        assert not pygame.mixer.music.get_busy()
    finally:
        speaker.close()


def test_missing_sound_file_is_one_warning_not_a_crash(
    dummy_audio: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    speaker = MixerSpeaker([tmp_path])
    try:
        with caplog.at_level(logging.WARNING):
            speaker.play("fanfare")
            speaker.play("fanfare")
            speaker.loop("music")
        assert [r.getMessage().count("fanfare") for r in caplog.records].count(1) == 1
        assert any("music" in r.getMessage() for r in caplog.records)
    finally:
        speaker.close()


def test_no_sound_card_falls_back_to_silence_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-sound-card")
    write_beep(tmp_path / "bump.wav")
    with caplog.at_level(logging.WARNING):
        speaker = MixerSpeaker([tmp_path])
    assert not speaker.working
    assert "playing silently" in caplog.text
    speaker.play("bump")
    speaker.loop("bump")
    speaker.volume = 0.3
    speaker.close()


def test_what_c_libraries_print_while_the_mixer_starts_is_not_shown(
        capfd: pytest.CaptureFixture[str]) -> None:
    import os

    from hardware.speaker import quiet_stderr

    with quiet_stderr():
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")  # as libasound writes, below Python
    os.write(2, b"ours\n")
    assert capfd.readouterr().err == "ours\n"
