"""The speaker: named sounds and looping music through pygame-ce's mixer, or silence that listens.

A missing sound card or a missing sound file is a warning, never a crash: the game goes on quietly.

    speaker = MixerSpeaker([Path("sounds")])
    speaker.play("bump")         # sounds/bump.ogg or sounds/bump.wav
    speaker.loop("attract")      # background music until loop(None)
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger(__name__)

SOUND_SUFFIXES = (".ogg", ".wav")


class Speaker(Protocol):
    """Anything that plays named sounds; ``volume`` is 0 to 1 and ``muted`` silences everything."""

    volume: float
    muted: bool

    def play(self, name: str) -> None:
        """Play the sound ``name`` once, over whatever is playing."""

    def loop(self, name: str | None) -> None:
        """Loop ``name`` as background music, replacing the current music; None stops it."""

    def close(self) -> None:
        """Stop everything and release the sound device."""


class SilentSpeaker:
    """Plays nothing and remembers what it was asked to play: for tests and the simulator.

    ``played`` holds at least the last ``history`` sounds (never more than twice that, so a
    simulator left running for weeks stays the same size); ``count`` counts every sound.
    """

    def __init__(self, volume: float = 0.8, muted: bool = False, history: int = 1000) -> None:
        self.volume = volume
        self.muted = muted
        self.played: list[str] = []
        self.count = 0
        self.history = history
        self.looping: str | None = None

    def play(self, name: str) -> None:
        """Remember that ``name`` was played."""
        self.played.append(name)
        self.count += 1
        if len(self.played) > 2 * self.history:
            del self.played[: -self.history]

    def since(self, count: int) -> list[str]:
        """The sounds played after the first ``count`` (as many as are still remembered)."""
        return self.played[len(self.played) - min(len(self.played), self.count - count):]

    def loop(self, name: str | None) -> None:
        """Remember the music that is looping now."""
        self.looping = name

    def close(self) -> None:
        """Forget the music."""
        self.looping = None


class MixerSpeaker:
    """pygame-ce's mixer; sound files are ``<name>.ogg`` or ``<name>.wav`` in ``folders``."""

    def __init__(self, folders: Sequence[Path], volume: float = 0.8, muted: bool = False) -> None:
        self._folders = list(folders)
        self._volume = volume
        self._muted = muted
        self._sounds: dict[str, Any] = {}
        self._missing: set[str] = set()
        self._music: str | None = None
        self._pygame: Any = None
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        try:
            import pygame

            pygame.mixer.init()
            self._pygame = pygame
        except Exception as e:  # pygame.error, or no pygame at all: both mean silence.
            log.warning("no sound: the mixer cannot start (%s); playing silently", e)

    @property
    def working(self) -> bool:
        """Whether a sound device was opened (False: everything is silently ignored)."""
        return self._pygame is not None

    @property
    def volume(self) -> float:
        """Loudness of sounds and music, 0 to 1."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = min(1.0, max(0.0, value))
        if self._pygame is not None:
            self._pygame.mixer.music.set_volume(0.0 if self._muted else self._volume)

    @property
    def muted(self) -> bool:
        """Whether everything is silenced; music keeps its place and comes back on unmute."""
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = value
        self.volume = self._volume

    def play(self, name: str) -> None:
        """Play ``name`` once; a missing file is reported once and then ignored."""
        if self._pygame is None or self._muted:
            return
        sound = self._sound(name)
        if sound is not None:
            sound.set_volume(self._volume)
            sound.play()

    def loop(self, name: str | None) -> None:
        """Loop ``name`` as music (None stops it)."""
        if self._pygame is None or name == self._music:
            return
        music = self._pygame.mixer.music
        self._music = None
        music.stop()
        if name is None:
            return
        path = self._find(name)
        if path is None:
            return
        try:
            music.load(str(path))
            music.set_volume(0.0 if self._muted else self._volume)
            music.play(loops=-1)
            self._music = name
        except Exception as e:
            log.warning("cannot play music %s (%s)", path, e)

    def close(self) -> None:
        """Stop all sound and close the mixer."""
        if self._pygame is not None:
            self._pygame.mixer.music.stop()
            self._pygame.mixer.quit()
            self._pygame = None

    def _sound(self, name: str) -> Any:
        if name not in self._sounds:
            path = self._find(name)
            if path is None:
                return None
            try:
                self._sounds[name] = self._pygame.mixer.Sound(str(path))
            except Exception as e:
                log.warning("cannot load sound %s (%s); it stays silent", path, e)
                self._missing.add(name)
                return None
        return self._sounds[name]

    def _find(self, name: str) -> Path | None:
        if name in self._missing:
            return None
        for folder in self._folders:
            for suffix in SOUND_SUFFIXES:
                path = folder / f"{name}{suffix}"
                if path.is_file():
                    return path
        self._missing.add(name)
        where = ", ".join(str(f) for f in self._folders) or "no sound folder"
        log.warning("no sound file for %r (looked for %s in %s)", name, "/".join(SOUND_SUFFIXES),
                    where)
        return None
