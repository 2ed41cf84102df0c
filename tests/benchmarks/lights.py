"""How every visitor sees the board's lights (issue 39's figures):

    python -m tests.benchmarks.lights [--brightness B] [--calm]

- every pair of meanings a player must tell apart: its colour difference in CAM02-UCS with
  normal vision, protanopia, deuteranopia and tritanopia at the board's brightness (clear from
  ``CLEAR``), its motion difference (clear from ``MOTION``), and how it is told apart;
- the most flashes in any second of any pixel, scene by scene (WCAG 2.3.1 allows three; calm
  lights allow one).

The measures are ``tests.firmware.lights.seeing``'s; the tests hold them to their limits.
"""

from __future__ import annotations

import argparse

from tests.firmware.lights.every_scene import PAIRS, SECONDS, every_scene, meanings
from tests.firmware.lights.seeing import (
    CALM_FLASHES,
    CLEAR,
    MOST_FLASHES,
    MOTION,
    VISIONS,
    Meaning,
    flashes_by_pixel,
    frames,
    judge,
)


def pairs_table(calm: bool, brightness: float) -> list[str]:
    """A line for every pair: its colour differences, its motion difference, how told apart."""
    found = meanings(calm)
    head = f"{'pair':<66}" + "".join(f"{v[:6]:>8}" for v in VISIONS) + f"{'motion':>8}  by"
    lines = [head]
    for a, b in PAIRS:
        verdict = judge(Meaning(a, *found[a]), Meaning(b, *found[b]), brightness)
        lines.append(f"{a + ' / ' + b:<66}" + "".join(
            f"{verdict.colours[v]:8.1f}" for v in VISIONS) + f"{verdict.motion:8.2f}  {verdict.by}")
    return lines


def flashes_table(calm: bool) -> list[str]:
    """A line for every scene: the most flashes of any pixel in any second, and which."""
    lines = []
    for name, light in every_scene(calm):
        counted = flashes_by_pixel(frames(light, SECONDS))
        most = max(counted.values(), default=0.0)
        where = ", ".join(sorted(p for p, n in counted.items() if n == most)[:3]) if most else ""
        lines.append(f"{name:<58}{most:5.1f}  {where}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--brightness", type=float, default=0.4,
                        help="the board file's brightness (the shipped boards': 0.4)")
    parser.add_argument("--calm", action="store_true", help="with calm lights")
    args = parser.parse_args()
    lights = "calm lights" if args.calm else "lights"
    print(f"Pairs of meanings, {lights}, brightness {args.brightness}: colour difference in "
          f"CAM02-UCS (clear from {CLEAR:g}), motion difference (clear from {MOTION:g})")
    print("\n".join(pairs_table(args.calm, args.brightness)))
    print(f"\nMost flashes of any pixel in any second, {lights} (at most "
          f"{CALM_FLASHES if args.calm else MOST_FLASHES}):")
    print("\n".join(flashes_table(args.calm)))


if __name__ == "__main__":
    main()
