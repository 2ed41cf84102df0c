"""The sounds shipped with aseb: one ``<name>.ogg`` per event in this folder, and
``music.ogg``, the loop.

They are made from code by ``python -m hardware.sounds.synth`` (NumPy and soundfile, the dev
extra); playing them needs neither. A board file may point any name at a file of its own.
"""

from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).parent
"""Where the shipped sound files are."""
SUFFIX = ".ogg"
MUSIC = "music"
"""The background music's name: the one sound that is looped (and streamed, not loaded whole)."""


def shipped() -> tuple[str, ...]:
    """The names of the shipped sounds, sorted (``bump``, ``music``, ``win``...)."""
    return tuple(sorted(path.stem for path in FOLDER.glob(f"*{SUFFIX}")))
