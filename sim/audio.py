"""The window's sound: the controller's named sounds, the sticks' rattle, background music.

Named sounds come from the board's sound folder through ``MixerSpeaker``; a name with no file
gets a short synthesized tone instead, so the simulator is never silent by accident.

    audio = Audio([folder])
    audio.play("bump"); audio.rattle(True)
"""

from __future__ import annotations

import array
import math
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hardware.speaker import SOUND_SUFFIXES, MixerSpeaker

MUSIC = "music"
TONES = {  # (frequency in Hz, seconds): a rough voice for each sound name with no file
    "throw": (660.0, 0.08), "move": (520.0, 0.07), "bump": (220.0, 0.18),
    "bear-off": (880.0, 0.2), "extra-turn": (990.0, 0.15), "lost-throw": (180.0, 0.25),
    "mistake": (140.0, 0.3), "mummy-turn": (330.0, 0.2), "win": (1046.0, 0.5),
    "lose": (110.0, 0.5), "refused": (160.0, 0.06),
}


class Audio:
    """Sounds on or off, music on or off, and the rattle while the sticks are shaken."""

    def __init__(self, folders: Sequence[Path], sounds: bool = True, music: bool = False) -> None:
        self._folders = list(folders)
        self._speaker = MixerSpeaker(self._folders)
        self._synth: dict[str, Any] = {}
        self._rattle_channel: Any = None
        self.sounds = sounds
        self.set_music(music)

    @property
    def working(self) -> bool:
        """Whether there is a sound device at all."""
        return self._speaker.working

    def play(self, name: str) -> None:
        """Play the controller's sound ``name`` (if game sounds are on)."""
        if not self.sounds or not self.working:
            return
        if self._has_file(name):
            self._speaker.play(name)
            return
        sound = self._tone(name)
        if sound is not None:
            sound.play()

    def rattle(self, on: bool) -> None:
        """Start or stop the sticks rattling in the box."""
        if not self.working:
            return
        if on and self.sounds and self._rattle_channel is None:
            sound = self._tone("rattle")
            if sound is not None:
                self._rattle_channel = sound.play(loops=-1)
        elif not on and self._rattle_channel is not None:
            self._rattle_channel.stop()
            self._rattle_channel = None

    def set_music(self, on: bool) -> None:
        """Loop the background music (when there is a music file), or stop it."""
        self._speaker.loop(MUSIC if on and self._has_file(MUSIC) else None)

    def close(self) -> None:
        """Stop everything and release the sound device."""
        self.rattle(False)
        self._speaker.close()

    def _has_file(self, name: str) -> bool:
        return any((f / f"{name}{s}").is_file() for f in self._folders for s in SOUND_SUFFIXES)

    def _tone(self, name: str) -> Any:
        if name not in self._synth:
            self._synth[name] = _synthesize(name)
        return self._synth[name]


def _synthesize(name: str) -> Any:
    """A short tone (or, for the rattle, clicks of wood on wood) in the mixer's format."""
    import pygame

    init = pygame.mixer.get_init()
    if init is None or init[1] != -16:
        return None
    rate, _, channels = init
    rng = random.Random(name)
    if name == "rattle":
        samples = _clicks(rate, rng)
    else:
        freq, seconds = TONES.get(name, (440.0, 0.1))
        n = int(rate * seconds)
        samples = [math.sin(2 * math.pi * freq * i / rate) * (1 - i / n) * 0.3 for i in range(n)]
    data = array.array("h", (int(s * 32767) for s in samples for _ in range(channels)))
    return pygame.mixer.Sound(buffer=data.tobytes())


def _clicks(rate: int, rng: random.Random) -> list[float]:
    """Half a second of sticks knocking about: short decaying noise bursts at random moments."""
    samples = [0.0] * (rate // 2)
    for _ in range(9):
        start = rng.randrange(len(samples) - rate // 50)
        for i in range(rate // 60):
            samples[start + i] += rng.uniform(-1, 1) * 0.35 * math.exp(-i / (rate / 600))
    return [max(-1.0, min(1.0, s)) for s in samples]
