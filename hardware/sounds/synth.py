"""Make the shipped sounds from code: ``python -m hardware.sounds.synth [NAME...]``.

Every sound is synthesised here (``voices.py``), faded at both ends, brought to its loudness
(``levels.py``), written as Ogg Vorbis beside this file and measured again as decoded, which the
script prints. The same run always writes the same bytes: each sound's random numbers are seeded
by its name, and the Ogg stream's serial number (random in libsndfile) is fixed afterwards.
NumPy and soundfile are needed here only (``pip install -e '.[dev]'``).
"""

from __future__ import annotations

import argparse
import io
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np
import soundfile  # type: ignore[import-untyped]

from hardware.doors.file_reader import SOUND, read_bytes
from hardware.doors.writer import write_whole
from hardware.sounds.instruments import (
    RATE,
    Samples,
    dum,
    fade,
    harp,
    knock,
    lute,
    release,
    reverb,
    sistrum,
    tek,
)
from hardware.sounds.levels import (
    EFFECT_LOUDNESS,
    MUSIC_LOUDNESS,
    PEAK_CEILING,
    Levels,
    loudness,
    measure,
    problems,
)
from hardware.sounds.music import music
from hardware.sounds.shipped import FOLDER, MUSIC, SUFFIX

Rng = np.random.Generator


class Mix:
    """A mono timeline of ``seconds`` that voices are laid on at their moments."""

    def __init__(self, seconds: float) -> None:
        self.samples = np.zeros(int(seconds * RATE))

    def add(self, at: float, voice: Samples, gain: float = 1.0) -> Mix:
        """Lay ``voice`` at ``at`` seconds, ``gain`` times as loud (cut at the end)."""
        start = int(at * RATE)
        end = min(len(self.samples), start + len(voice))
        self.samples[start:end] += gain * voice[:end - start]
        return self


# --- the effects, one recipe a name ---------------------------------------------------------

def rattle(rng: Rng) -> Samples:
    """The casting sticks knocking about in the shaken box (played again while it shakes)."""
    mix = Mix(0.5)
    for at in np.sort(rng.uniform(0.0, 0.3, 7)):
        mix.add(at, knock(rng, pitch=rng.uniform(1.6, 2.6), hardness=0.6), rng.uniform(0.4, 1.0))
    for at in rng.uniform(0.02, 0.28, 2):  # the box's floor
        mix.add(at, knock(rng, pitch=0.5, seconds=0.1, hardness=0.2), 0.5)
    return reverb(mix.samples, rng, seconds=0.25, wet=0.08)


def throw(rng: Rng) -> Samples:
    """The four sticks landing: each clacks down, bounces once or twice, and lies still."""
    mix = Mix(0.9)
    for stick in range(4):
        at = stick * 0.045 + rng.uniform(0, 0.03)
        pitch = rng.uniform(1.3, 2.0)
        for bounce in range(int(rng.integers(1, 4))):
            mix.add(at, knock(rng, pitch=pitch, hardness=0.7), 0.9 * 0.45 ** bounce)
            at += 0.07 * 0.6 ** bounce + rng.uniform(0, 0.02)
    mix.add(0.0, knock(rng, pitch=0.45, seconds=0.15, hardness=0.1), 0.7)  # the table
    return reverb(mix.samples, rng, seconds=0.35, wet=0.1)


def move(rng: Rng) -> Samples:
    """A piece set down on its square: a soft, round tock."""
    mix = Mix(0.35).add(0.0, knock(rng, pitch=1.2, seconds=0.15, hardness=0.25))
    mix.add(0.0, knock(rng, pitch=0.3, seconds=0.15, hardness=0.0), 0.6)
    return reverb(mix.samples, rng, seconds=0.2, wet=0.06)


def bump(rng: Rng) -> Samples:
    """A piece knocked back to its start: a hard clack, a drum beat and a falling pair of notes."""
    mix = Mix(1.2).add(0.0, knock(rng, pitch=1.5, hardness=0.8))
    mix.add(0.0, dum(rng, pitch=95, seconds=0.6), 0.7)
    mix.add(0.12, harp("A3", 0.7, rng, ring=1.2) * release(0.7, 0.3), 0.5)
    mix.add(0.3, harp("D3", 0.6, rng, ring=1.2) * release(0.6, 0.3), 0.5)
    return reverb(mix.samples, rng, seconds=0.6, wet=0.15)


def bear_off(rng: Rng) -> Samples:
    """A piece borne off the board: three harp notes rising, the last left ringing."""
    mix = Mix(1.6)
    for i, name in enumerate(("D4", "F#4", "A4")):
        mix.add(i * 0.09, harp(name, 1.1 - i * 0.09, rng, ring=1.5), 0.8)
    return reverb(mix.samples, rng, seconds=0.8, wet=0.2)


def extra_turn(rng: Rng) -> Samples:
    """An extra turn (a marked square, a 6): the sistrum shaken and a high harp note."""
    mix = Mix(1.4).add(0.0, sistrum(rng, strokes=2, seconds=0.6), 0.6)
    mix.add(0.05, harp("D5", 0.9, rng, ring=1.5), 0.8)
    return reverb(mix.samples, rng, seconds=0.8, wet=0.2)


def lost_throw(rng: Rng) -> Samples:
    """A throw that cannot be used: two muted lute notes falling, a soft rim knock."""
    mix = Mix(1.2).add(0.0, lute("G3", 0.4, rng), 0.8)
    mix.add(0.22, lute("Eb3", 0.6, rng), 0.8)
    mix.add(0.22, tek(rng, pitch=260), 0.25)
    return reverb(mix.samples, rng, seconds=0.5, wet=0.12)


def mistake(rng: Rng) -> Samples:
    """A square to put right: two dull, low knocks on the drum, "no, no"."""
    mix = Mix(0.8).add(0.0, dum(rng, pitch=70, seconds=0.3) * release(0.3, 0.15))
    mix.add(0.2, dum(rng, pitch=62, seconds=0.35) * release(0.35, 0.2))
    return reverb(mix.samples, rng, seconds=0.3, wet=0.08)


def mummy_turn(rng: Rng) -> Samples:
    """The mummy's turn: a low drum and an open fifth on the lute, dark and slow in the tomb."""
    mix = Mix(2.2).add(0.0, dum(rng, pitch=60, seconds=1.0), 0.8)
    mix.add(0.05, lute("D3", 1.2, rng), 0.6).add(0.12, lute("A3", 1.1, rng), 0.45)
    mix.add(0.3, harp("D4", 1.0, rng, ring=2.0), 0.25)
    return reverb(mix.samples, rng, seconds=1.4, wet=0.3, dark=2000)


def win(rng: Rng) -> Samples:
    """A game won: the harp runs up to a ringing chord, the sistrum shakes, the drum answers."""
    mix = Mix(2.8)
    run = ("D4", "F#4", "A4", "D5", "F#5")
    for i, name in enumerate(run):
        mix.add(i * 0.1, harp(name, 2.5 - i * 0.1, rng, ring=2.0), 0.7)
    for name in ("D4", "A4", "D5"):
        mix.add(0.6, harp(name, 1.9, rng, ring=2.2), 0.45)
    mix.add(0.6, dum(rng), 0.6).add(0.55, sistrum(rng, strokes=3, seconds=0.8), 0.4)
    mix.add(1.1, sistrum(rng, strokes=2, seconds=0.6), 0.3)
    return reverb(mix.samples, rng, seconds=1.2, wet=0.2)


def lose(rng: Rng) -> Samples:
    """A game lost to the mummy: the harp falls slowly down the mode to a low drum."""
    mix = Mix(2.9)
    fall = ("D5", "C5", "Bb4", "A4", "Eb4", "D4")
    for i, name in enumerate(fall):
        mix.add(i * 0.22, harp(name, 1.2, rng, ring=1.6) * release(1.2, 0.4), 0.7)
    mix.add(1.3, dum(rng, pitch=58, seconds=1.0), 0.8)
    mix.add(1.3, lute("D3", 1.2, rng), 0.5)
    return reverb(mix.samples, rng, seconds=1.5, wet=0.3, dark=2000)


def refused(rng: Rng) -> Samples:
    """A shake that cannot be taken now: two small, quick taps, "not now"."""
    mix = Mix(0.35).add(0.0, knock(rng, pitch=1.0, seconds=0.08, hardness=0.3))
    mix.add(0.09, knock(rng, pitch=0.9, seconds=0.08, hardness=0.3), 0.8)
    return reverb(mix.samples, rng, seconds=0.15, wet=0.05)


def shake_again(rng: Rng) -> Samples:
    """A shake that never settled was dropped: a short rattle, then two lute notes rising."""
    mix = Mix(1.0)
    for at in np.sort(rng.uniform(0.0, 0.15, 4)):
        mix.add(at, knock(rng, pitch=rng.uniform(1.6, 2.4), hardness=0.5), rng.uniform(0.4, 0.8))
    mix.add(0.3, lute("D3", 0.35, rng), 0.8).add(0.5, lute("A3", 0.45, rng), 0.8)
    return reverb(mix.samples, rng, seconds=0.4, wet=0.1)


def invite(rng: Rng) -> Samples:
    """The kiosk's invitation to play: the sistrum, then a harp phrase rising like a question."""
    mix = Mix(2.6).add(0.0, sistrum(rng, strokes=3, seconds=0.8), 0.5)
    for at, name in ((0.35, "A4"), (0.55, "G4"), (0.75, "A4"), (1.0, "D5")):
        mix.add(at, harp(name, 2.0 - at, rng, ring=1.8), 0.7)
    return reverb(mix.samples, rng, seconds=1.0, wet=0.2)


def selftest(rng: Rng) -> Samples:
    """The selftest's "can you hear me?": one clear harp fifth."""
    mix = Mix(1.4).add(0.0, harp("D4", 1.0, rng, ring=1.5)).add(0.0, harp("A4", 1.0, rng), 0.7)
    return reverb(mix.samples, rng, seconds=0.6, wet=0.15)


EFFECTS: dict[str, Callable[[Rng], Samples]] = {
    "rattle": rattle,
    "throw": throw,
    "move": move,
    "bump": bump,
    "bear-off": bear_off,
    "extra-turn": extra_turn,
    "lost-throw": lost_throw,
    "mistake": mistake,
    "mummy-turn": mummy_turn,
    "win": win,
    "lose": lose,
    "refused": refused,
    "shake-again": shake_again,
    "invite": invite,
    "selftest": selftest,
}
"""Every shipped effect by the name the controller plays it by."""
NAMES = (*EFFECTS, MUSIC)


# --- finishing and writing ------------------------------------------------------------------

def rng_for(name: str) -> Rng:
    """The random numbers of one sound: the same for the same name, every run."""
    return np.random.default_rng(zlib.crc32(name.encode()))


def finish(x: Samples, target: float, *, lead: float = 0.002, ends: float = 0.008,
           tail: float = 0.08) -> Samples:
    """Faded at both ends and brought to ``target`` loudness, peaks softly held under the ceiling.

    ``lead`` seconds of silence come first, so even a sharp knock rises from nothing. A sound
    whose peaks would pass the ceiling has them rounded off (tanh), a little at a time, and is
    brought back to its loudness after each pass.
    """
    ceiling = 10 ** ((PEAK_CEILING - 1.0) / 20)  # a decibel to spare for the encoder
    x = fade(np.concatenate([np.zeros((int(lead * RATE), *x.shape[1:])), x]), ends, tail)
    for _ in range(8):
        x = x * 10 ** ((target - loudness(x)) / 20)
        peak = np.abs(x).max()
        if peak <= ceiling:
            break
        x = ceiling * np.tanh(x / ceiling * 0.9)
    return x


def render(name: str) -> Samples:
    """The finished samples of the sound ``name`` (mono, or stereo for the music)."""
    rng = rng_for(name)
    if name == MUSIC:
        return finish(music(rng), MUSIC_LOUDNESS, lead=0.0, ends=0.01, tail=0.01)
    return finish(EFFECTS[name](rng), EFFECT_LOUDNESS)


def target_of(name: str) -> float:
    """The loudness a shipped sound aims at, dBFS."""
    return MUSIC_LOUDNESS if name == MUSIC else EFFECT_LOUDNESS


def encode(x: Samples) -> bytes:
    """Ogg Vorbis bytes of ``x``, the same bytes for the same samples."""
    out = io.BytesIO()
    channels = 1 if x.ndim == 1 else x.shape[1]
    with soundfile.SoundFile(out, "w", RATE, channels, format="OGG", subtype="VORBIS") as sink:
        # A second at a time: libvorbis overflows its stack on one long write.
        for start in range(0, len(x), RATE):
            sink.write(x[start:start + RATE].astype(np.float32))
    return fixed_serial(out.getvalue())


def fixed_serial(ogg: bytes, serial: int = 0x61736562) -> bytes:
    """``ogg`` with every page's stream serial number set to ``serial`` (and its CRC redone)."""
    pages = bytearray(ogg)
    pos = 0
    while pos < len(pages):
        if pages[pos:pos + 4] != b"OggS":
            raise ValueError(f"not an Ogg page at byte {pos}")
        segments = pages[pos + 26]
        size = 27 + segments + sum(pages[pos + 27:pos + 27 + segments])
        page = pages[pos:pos + size]
        struct.pack_into("<II", page, 14, serial, struct.unpack_from("<I", page, 18)[0])
        struct.pack_into("<I", page, 22, 0)
        struct.pack_into("<I", page, 22, ogg_crc(bytes(page)))
        pages[pos:pos + size] = page
        pos += size
    return bytes(pages)


def _crc_table() -> list[int]:
    table = []
    for byte in range(256):
        r = byte << 24
        for _ in range(8):
            r = ((r << 1) ^ 0x04C11DB7) if r & 0x80000000 else r << 1
        table.append(r & 0xFFFFFFFF)
    return table


_CRC = _crc_table()


def ogg_crc(page: bytes) -> int:
    """The Ogg page checksum (CRC-32, polynomial 0x04c11db7, unreflected, starting at 0)."""
    crc = 0
    for byte in page:
        crc = ((crc << 8) & 0xFFFFFFFF) ^ _CRC[((crc >> 24) & 0xFF) ^ byte]
    return crc


def read(path: Path) -> Samples:
    """A sound file's samples as decoded (float64; samples-by-channels for stereo)."""
    samples, rate = soundfile.read(io.BytesIO(read_bytes(path, SOUND)), dtype="float64")
    if rate != RATE:
        raise ValueError(f"{path}: {rate} samples a second, not {RATE}")
    return np.asarray(samples)


def write(name: str, folder: Path = FOLDER) -> tuple[Path, Levels]:
    """Render ``name``, write ``<name>.ogg`` in ``folder``, and measure it as decoded."""
    path = folder / f"{name}{SUFFIX}"
    write_whole(path, encode(render(name)))
    return path, measure(read(path))


def main(argv: list[str] | None = None) -> int:
    """Write the named sounds (all of them by default) and print each one's levels."""
    parser = argparse.ArgumentParser(prog="python -m hardware.sounds.synth",
                                     description="Make aseb's sounds and music from code.")
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"sounds to make (default: all): {', '.join(NAMES)}")
    parser.add_argument("--folder", type=Path, default=FOLDER, help="where to write them")
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in NAMES]
    if unknown:
        parser.error(f"no sound called {', '.join(unknown)} (the sounds: {', '.join(NAMES)})")
    failed = 0
    total = 0
    for name in args.names or NAMES:
        path, levels = write(name, args.folder)
        size = path.stat().st_size
        total += size
        found = problems(levels, target_of(name))
        failed += bool(found)
        print(f"{name:11} {size / 1024:6.1f} KB  {levels}  {'; '.join(found) or 'ok'}")
    print(f"{total / 1024:.1f} KB in all (loudness targets: effects {EFFECT_LOUDNESS:g}, "
          f"music {MUSIC_LOUDNESS:g} dBFS; peaks under {PEAK_CEILING:g} dBFS)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
