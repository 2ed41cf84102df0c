"""The background music: a quiet loop for harp, lute, frame drum, sistrum and clappers.

Sixteen bars of 4/4 at 80 beats a minute (48 seconds) in D Phrygian dominant. The harp sings a
tune in phrases of two bars, the lute keeps a drone-like ostinato, the frame drum plays the
maqsum rhythm (dum tek . tek dum . tek .), the sistrum shakes at the phrases' starts. The loop is
rendered round a circle (the last notes' tails sound at its start), so it joins up without a
seam; its file starts 30 ms before the first downbeat, in the quiet after the closing bar.
"""

from __future__ import annotations

import numpy as np

from hardware.sounds.instruments import RATE, Samples, dum, harp, knock, lute, reverb, sistrum, tek

BEAT = 60 / 80
EIGHTH = BEAT / 2
BAR = 4 * BEAT
BARS = 16
LEAD = 0.03
"""Seconds of the closing bar's quiet tail the file starts with, before the first downbeat."""

# The harp's tune, bar by bar ("|"): a note and its length in eighths; "-" is a rest.
TUNE = """
A4:2 G4:1 F#4:1 G4:2 A4:2 | Bb4:1 A4:1 G4:2 F#4:4 |
A4:2 G4:1 F#4:1 Eb4:2 F#4:2 | G4:1 F#4:1 Eb4:2 D4:4 |
D5:2 C5:1 Bb4:1 A4:2 Bb4:2 | C5:1 Bb4:1 A4:2 G4:4 |
A4:2 Bb4:1 A4:1 G4:2 F#4:2 | G4:2 F#4:1 Eb4:1 D4:4 |
-:8 | -:8 |
F#4:1 G4:1 A4:2 Bb4:1 A4:1 G4:2 | A4:1 G4:1 F#4:2 Eb4:2 D4:2 |
D5:3 Eb5:1 D5:2 C5:2 | Bb4:1 C5:1 A4:2 G4:4 |
A4:2 G4:1 F#4:1 Eb4:1 F#4:1 G4:2 | F#4:1 Eb4:1 D4:4 -:2
"""
# The lute's ostinato: each bar's root and fifth (the tune rests in bars 9-10: the lute sings).
ROOTS = ("D", "D", "D", "D", "G", "G", "D", "D", "-", "-", "D", "D", "G", "C", "D", "D")
CHORDS = {"D": ("D3", "A3"), "G": ("G2", "D3"), "C": ("C3", "G3")}
LUTE_SOLO = "D3:2 Eb3:1 F#3:1 G3:2 F#3:2 | A3:2 G3:1 F#3:1 Eb3:2 D3:2"
# (pan: 0 is left, 1 right)
PANS = {"harp": 0.35, "lute": 0.65, "drum": 0.5, "sistrum": 0.75, "clappers": 0.25}


def parse(tune: str) -> list[tuple[float, str, float]]:
    """``(start, note, seconds)`` for a tune written as above; every bar must fill 8 eighths."""
    notes = []
    for number, bar in enumerate(tune.split("|")):
        at = 0
        for token in bar.split():
            name, length = token.split(":")
            if name != "-":
                notes.append((number * BAR + at * EIGHTH, name, int(length) * EIGHTH))
            at += int(length)
        if at != 8:
            raise ValueError(f"bar {number + 1} of the tune has {at} eighths, not 8")
    return notes


class Loop:
    """A stereo circle of ``seconds``: a voice laid past its end carries on at the start."""

    def __init__(self, seconds: float) -> None:
        self.samples = np.zeros((int(seconds * RATE), 2))

    def add(self, at: float, voice: Samples, gain: float, pan: float,
            rng: np.random.Generator) -> None:
        """Lay ``voice`` at ``at`` seconds (a few ms early or late, as a player would)."""
        n = len(self.samples)
        start = int((at + rng.normal(0, 0.006)) * RATE) % n
        sides = np.array([np.cos(pan * np.pi / 2), np.sin(pan * np.pi / 2)])
        voiced = np.outer(voice * gain * rng.uniform(0.85, 1.0), sides)
        first = min(len(voiced), n - start)
        self.samples[start:start + first] += voiced[:first]
        self.samples[:len(voiced) - first] += voiced[first:]


def music(rng: np.random.Generator) -> Samples:
    """The whole loop, stereo, from its first sample to its last (not yet loudness-normalised)."""
    loop = Loop(BARS * BAR)
    for at, name, seconds in parse(TUNE):
        loop.add(at, harp(name, max(seconds * 2.5, 1.2), rng, ring=2.5), 0.55, PANS["harp"], rng)
    for bar, root in enumerate(ROOTS):
        start = bar * BAR
        if root == "-":
            continue
        low, fifth = CHORDS[root]
        loop.add(start, lute(low, 2 * BEAT, rng), 0.45, PANS["lute"], rng)
        loop.add(start + 4 * EIGHTH, lute(fifth, BEAT, rng), 0.35, PANS["lute"], rng)
        if bar < BARS - 1:  # the closing bar falls quiet
            loop.add(start + 6 * EIGHTH, lute(low, BEAT, rng), 0.25, PANS["lute"], rng)
    for at, name, seconds in parse(LUTE_SOLO):
        loop.add(8 * BAR + at, lute(name, seconds + 0.2, rng), 0.5, PANS["lute"], rng)
    for bar in range(BARS):
        drums(loop, bar, rng)
    left, right = (reverb(loop.samples[:, side], rng, seconds=1.6, wet=0.28, dark=2800,
                          circular=True) for side in (0, 1))
    return np.roll(np.stack([left, right], axis=1), int(LEAD * RATE), axis=0)


def drums(loop: Loop, bar: int, rng: np.random.Generator) -> None:
    """One bar of frame drum (maqsum), sistrum and, in the second half, clappers."""
    start = bar * BAR
    last = bar == BARS - 1
    for eighth, stroke in ((0, "dum"), (1, "tek"), (3, "tek"), (4, "dum"), (6, "tek")):
        if last and eighth == 6:
            continue  # the closing bar falls quiet, where the loop joins up
        at = start + eighth * EIGHTH
        if stroke == "dum":
            loop.add(at, dum(rng, seconds=0.6), 0.5 if eighth == 0 else 0.4, PANS["drum"], rng)
        else:
            loop.add(at, tek(rng, seconds=0.25), 0.22, PANS["drum"], rng)
    if bar % 4 == 3 and not last:  # a little fill at each phrase's end
        for at in (6.5, 7.0, 7.5):
            loop.add(start + at * EIGHTH, tek(rng, pitch=360, seconds=0.2), 0.15, PANS["drum"],
                     rng)
    if bar % 4 == 0:
        loop.add(start, sistrum(rng, strokes=3, seconds=0.9), 0.2, PANS["sistrum"], rng)
    elif not last:
        loop.add(start + 2 * EIGHTH, sistrum(rng, strokes=1, seconds=0.3), 0.08,
                 PANS["sistrum"], rng)
    if bar >= 10 and not last:
        for eighth in (2, 6):
            loop.add(start + eighth * EIGHTH, knock(rng, pitch=1.8, seconds=0.1, hardness=0.5),
                     0.12, PANS["clappers"], rng)
