"""The speaker: named sounds and looping music through pygame-ce's mixer, or silence that listens.

A missing sound card or a missing sound file is a warning, never a crash: the game goes on quietly.
A board's own file that cannot be played is reported once, at start, and the shipped sound plays.

    speaker = MixerSpeaker.for_board(board.sounds)
    speaker.play("bump")         # the board's bump file, else hardware/sounds/bump.ogg
    speaker.loop("music")        # background music until loop(None)
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol

from hardware.doors.file_reader import SOUND, Unreadable, read_bytes
from hardware.sounds.shipped import FOLDER, MUSIC

log = logging.getLogger(__name__)

SOUND_SUFFIXES = (".ogg", ".wav")


@dataclass(frozen=True)
class SoundsConfig:
    """Where sound files live (None: the ones shipped with aseb), the volume and mute.

    ``files`` points single sounds at files of their own (a museum's), by name: ``bump``...
    """

    folder: Path | None
    volume: float
    muted: bool
    files: Mapping[str, Path] = field(default_factory=lambda: MappingProxyType({}))


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


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Silence what C libraries write to the process's stderr (not ours to show) for a while."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no real stderr (a test's capture): nothing to silence
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class MixerSpeaker:
    """pygame-ce's mixer; a name's file is ``files[name]``, else ``<name>.ogg`` or ``.wav`` in
    the first of ``folders`` that has one.

    Every file there is at start is opened at once: the first play does not wait for a decoder,
    and a file that cannot be played is reported now, its name falling back to the next folder.
    """

    def __init__(self, folders: Sequence[Path], volume: float = 0.8, muted: bool = False,
                 files: Mapping[str, Path] | None = None) -> None:
        self._folders = list(folders)
        self._files = dict(files or {})
        self._volume = volume
        self._muted = muted
        self._sounds: dict[str, Any] = {}
        self._chosen: dict[str, Path] = {}
        self._broken: set[Path] = set()
        self._missing: set[str] = set()
        self._music: str | None = None
        self._music_stream: io.BytesIO | None = None
        self._pygame: Any = None
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        try:
            import pygame

            with quiet_stderr():  # ALSA's own lines on a machine with no sound card
                pygame.mixer.init()
            self._pygame = pygame
        except Exception as e:  # pygame.error, or no pygame at all: both mean silence.
            log.warning("no sound: the mixer cannot start (%s); playing silently", e)
        self._open_all()

    @classmethod
    def for_board(cls, config: SoundsConfig) -> MixerSpeaker:
        """The speaker a board file's ``[sounds]`` describes; the shipped sounds fill every gap."""
        folders = [config.folder, FOLDER] if config.folder is not None else [FOLDER]
        return cls(folders, config.volume, config.muted, config.files)

    @property
    def working(self) -> bool:
        """Whether a sound device was opened (False: everything is silently ignored)."""
        return self._pygame is not None

    @property
    def looping(self) -> str | None:
        """The music looping now (None: none)."""
        return self._music

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
        """Play ``name`` once; a name with no playable file is reported once and then ignored."""
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
        if self._stream(name) is not None:
            music.set_volume(0.0 if self._muted else self._volume)
            music.play(loops=-1)
            self._music = name

    def source(self, name: str) -> Path | None:
        """The file that sounds for ``name`` (None: none can, or there is no mixer)."""
        if self._pygame is None:
            return None
        if name == MUSIC:
            return self._chosen.get(name)  # streams are opened at start, and when looped
        return self._chosen.get(name) if self._sound(name) is not None else None

    def close(self) -> None:
        """Stop all sound and close the mixer."""
        if self._pygame is not None:
            self._pygame.mixer.music.stop()
            self._pygame.mixer.quit()
            self._pygame = None

    def _open_all(self) -> None:
        """Open every file there is now, so a broken one is reported at start."""
        for folder in self._folders:
            if not folder.is_dir():
                log.warning("sounds.folder: %s is not a folder; the shipped sounds play", folder)
        names = set(self._files)
        names.update(path.stem for folder in self._folders if folder.is_dir()
                     for path in folder.iterdir() if path.suffix in SOUND_SUFFIXES)
        for name in sorted(names):
            if self._pygame is None:
                self._open(name, lambda path, data: path)  # no mixer: can it be read?
            elif name == MUSIC:
                self._stream(name)
                self._pygame.mixer.music.unload()
            else:
                self._sound(name)

    def _sound(self, name: str) -> Any:
        """The loaded sound of ``name`` (None: no playable file, reported once)."""
        if name not in self._sounds and name not in self._missing:
            opened = self._open(name, lambda path, data: self._pygame.mixer.Sound(
                file=io.BytesIO(data)))
            if opened is not None:
                self._sounds[name] = opened
        return self._sounds.get(name)

    def _stream(self, name: str) -> Path | None:
        """Load ``name``'s file as the mixer's music; its path (None: no playable file)."""
        if name in self._missing:
            return None

        def load(path: Path, data: bytes) -> Path:
            stream = io.BytesIO(data)
            self._pygame.mixer.music.load(stream, path.suffix.lstrip("."))
            self._music_stream = stream  # the mixer reads it while the music plays
            return path

        return self._open(name, load)  # type: ignore[no-any-return]

    def _open(self, name: str, opener: Callable[[Path, bytes], Any]) -> Any:
        """``opener`` applied to ``name``'s first file that opens (its path and its bytes, read
        by the one reader: a regular file of a sound's size), the board's own first.

        Files that fail are reported, once each, with what plays instead.
        """
        own = self._files.get(name)
        candidates = [own] if own is not None else []
        candidates += [path for folder in self._folders for suffix in SOUND_SUFFIXES
                       if (path := folder / f"{name}{suffix}").is_file()]
        failed = []
        for path in candidates:
            if path in self._broken:
                continue
            try:  # missing, a FIFO, a folder, too big, no permission: said
                opened = opener(path, read_bytes(path, SOUND))
            except Exception as e:
                self._broken.add(path)
                key = f"sounds.{name}: " if path == own else ""
                problem = e.problem if isinstance(e, Unreadable) else \
                    getattr(e, "strerror", None) or str(e) or type(e).__name__
                failed.append(f"{key}cannot play {path} ({problem})")
                continue
            self._chosen[name] = path
            for line in failed:
                log.warning("%s; playing %s instead", line, path)
            return opened
        for line in failed:
            log.warning("%s; %r stays silent", line, name)
        if not failed and name not in self._missing:
            where = ", ".join(str(f) for f in self._folders) or "no sound folder"
            log.warning("no sound file for %r (looked for %s in %s)", name,
                        "/".join(SOUND_SUFFIXES), where)
        self._missing.add(name)
        return None
