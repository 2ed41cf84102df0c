"""The window's sound: the controller's named sounds and the background music, from the same
files the board plays (the shipped ones, or those the board file names).

    audio = Audio(board.sounds, music=True)   # the music loops until set_music(False)
    audio.play("bump")
"""

from __future__ import annotations

from hardware.sounds.shipped import MUSIC
from hardware.sounds.speaker import MixerSpeaker, SoundsConfig


class Audio:
    """Game sounds on or off, and music on or off, through the board's speaker code."""

    def __init__(self, config: SoundsConfig, sounds: bool = True, music: bool = False) -> None:
        self._speaker = MixerSpeaker.for_board(config)
        self.sounds = sounds
        self.set_music(music)

    @property
    def working(self) -> bool:
        """Whether there is a sound device at all."""
        return self._speaker.working

    @property
    def music(self) -> bool:
        """Whether the music is looping now."""
        return self._speaker.looping == MUSIC

    @property
    def volume(self) -> float:
        """Loudness of the sounds and the music, 0 to 1 (the volume chosen)."""
        return self._speaker.volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._speaker.volume = value

    def play(self, name: str) -> None:
        """Play the controller's sound ``name`` (if game sounds are on)."""
        if self.sounds:
            self._speaker.play(name)

    def set_music(self, on: bool) -> None:
        """Loop the background music, or stop it."""
        self._speaker.loop(MUSIC if on else None)

    def close(self) -> None:
        """Stop everything and release the sound device."""
        self._speaker.close()
