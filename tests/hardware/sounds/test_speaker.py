import logging
import math
import struct
import wave
from collections.abc import Iterator
from pathlib import Path
from types import MappingProxyType

import pytest

from hardware.boards.board_file import DEFAULT_BOARD, load_board
from hardware.sounds.shipped import FOLDER, MUSIC, shipped
from hardware.sounds.speaker import MixerSpeaker, SilentSpeaker, SoundsConfig


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


def board_sounds(files: dict[str, Path] | None = None, folder: Path | None = None,
                 volume: float = 0.8) -> SoundsConfig:
    return SoundsConfig(folder, volume, False, MappingProxyType(files or {}))


def warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


def test_the_shipped_sounds_play_when_the_board_file_names_none(dummy_audio: None) -> None:
    speaker = MixerSpeaker.for_board(load_board(DEFAULT_BOARD).sounds)
    try:
        for name in shipped():
            if name != MUSIC:
                assert speaker.source(name) == FOLDER / f"{name}.ogg"
        speaker.loop(MUSIC)
        assert speaker.looping == MUSIC and speaker.source(MUSIC) == FOLDER / "music.ogg"
    finally:
        speaker.close()


def test_a_museum_file_plays_for_its_event_and_the_rest_are_shipped(
    dummy_audio: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    write_beep(tmp_path / "knock.wav")
    write_beep(tmp_path / "tune.wav")
    with caplog.at_level(logging.WARNING):
        speaker = MixerSpeaker.for_board(board_sounds({"bump": tmp_path / "knock.wav",
                                                       "music": tmp_path / "tune.wav"}, volume=0.3))
    try:
        assert warnings(caplog) == []
        assert speaker.source("bump") == tmp_path / "knock.wav"
        assert speaker.source("move") == FOLDER / "move.ogg"
        assert speaker.source(MUSIC) == tmp_path / "tune.wav"
        assert speaker.volume == 0.3
    finally:
        speaker.close()


def test_a_board_folder_comes_before_the_shipped_sounds(dummy_audio: None, tmp_path: Path) -> None:
    write_beep(tmp_path / "win.wav")
    speaker = MixerSpeaker.for_board(board_sounds(folder=tmp_path))
    try:
        assert speaker.source("win") == tmp_path / "win.wav"
        assert speaker.source("lose") == FOLDER / "lose.ogg"
    finally:
        speaker.close()


@pytest.mark.parametrize("kind", ["missing", "garbage", "folder", "empty"])
def test_a_museum_file_that_cannot_play_is_reported_once_at_start_and_the_shipped_one_plays(
    dummy_audio: None, tmp_path: Path, caplog: pytest.LogCaptureFixture, kind: str
) -> None:
    own, tune = tmp_path / "knock.ogg", tmp_path / "tune.ogg"
    for path in (own, tune):
        if kind == "garbage":
            path.write_bytes(b"OggS\x00\xff" + bytes(range(256)) * 8)
        elif kind == "folder":
            path.mkdir()
        elif kind == "empty":
            path.write_bytes(b"")
    with caplog.at_level(logging.WARNING):
        speaker = MixerSpeaker.for_board(board_sounds({"bump": own, "music": tune}))
        try:
            at_start = warnings(caplog)
            for _ in range(3):
                speaker.play("bump")
            speaker.loop(MUSIC)
            assert speaker.source("bump") == FOLDER / "bump.ogg"
            assert speaker.source(MUSIC) == FOLDER / "music.ogg" and speaker.looping == MUSIC
        finally:
            speaker.close()
    assert warnings(caplog) == at_start  # nothing more after the start
    assert len(at_start) == 2
    bump = next(line for line in at_start if line.startswith("sounds.bump: "))
    assert f"cannot play {own}" in bump and f"playing {FOLDER / 'bump.ogg'} instead" in bump
    assert "\n" not in bump


def test_without_a_sound_card_a_missing_museum_file_is_still_reported_at_start(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-sound-card")
    with caplog.at_level(logging.WARNING):
        speaker = MixerSpeaker.for_board(board_sounds({"win": tmp_path / "fanfare.ogg"}))
    assert not speaker.working
    assert any(line.startswith("sounds.win: cannot play") for line in warnings(caplog))
    speaker.close()


def test_a_board_folder_that_is_not_there_is_reported(
    dummy_audio: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        speaker = MixerSpeaker.for_board(board_sounds(folder=tmp_path / "nowhere"))
    try:
        assert any("is not a folder" in line for line in warnings(caplog))
        assert speaker.source("move") == FOLDER / "move.ogg"
    finally:
        speaker.close()


def test_what_c_libraries_print_while_the_mixer_starts_is_not_shown(
        capfd: pytest.CaptureFixture[str]) -> None:
    import os

    from hardware.sounds.speaker import quiet_stderr

    with quiet_stderr():
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")  # as libasound writes, below Python
    os.write(2, b"ours\n")
    assert capfd.readouterr().err == "ours\n"
