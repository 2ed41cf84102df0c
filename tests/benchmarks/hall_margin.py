"""The Hall board's margins: every square, every pair of neighbouring counts (-3..+3), in the worst
case of every magnet +-10%, men off centre, every other square's full stacks of either side, the
sensors' drift; and a man held above its place read as the count with it or without it.

    python -m tests.benchmarks.hall_margin            # the design the guide builds
    python -m tests.benchmarks.hall_margin --pitch 40 --board 24 --man 3   # another design

Prints the worst margin of each pair of counts over the squares (and the square it is on), in
ADC counts and in the noise's standard deviations, then the design. A negative margin is a
misread.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace

from hardware.core.squares import POSITION_OF, STACKS
from sim.board.hall_field import Design
from sim.board.hall_margin import LEVELS, Margins


def main(argv: list[str] | None = None) -> int:
    """Print the margin table of a design; exit 1 when any level is misread."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pitch", type=float, help="mm between squares' centres")
    parser.add_argument("--board", type=float, help="mm of wood over the sensors")
    parser.add_argument("--man", type=float, help="mm a man is thick")
    parser.add_argument("--kind", default=STACKS, choices=sorted(POSITION_OF),
                        help="the kind of board (its squares' places)")
    args = parser.parse_args(argv)
    design = Design()
    for key, value in (("pitch", args.pitch), ("board_thickness", args.board),
                       ("man_height", args.man)):
        if value is not None:
            design = replace(design, **{key: value})
    start = time.perf_counter()
    margins = Margins(design, POSITION_OF[args.kind])
    found = margins.margins()
    hover = [s for s in margins.squares if not margins.hover_reads(s)]
    seconds = time.perf_counter() - start
    print(f"{len(margins.squares)} squares of a {args.kind} board, "
          f"{len(found)} pairs of neighbouring counts, worked out in {seconds:.1f} s")
    print("| counts | worst margin (counts) | noise sigmas | gap between worst cases | square |")
    print("| --- | ---: | ---: | ---: | --- |")
    for lower in LEVELS[:-1]:
        pair = [m for m in found if m.lower == lower]
        worst = min(pair, key=lambda m: m.counts)
        print(f"| {lower:+d} / {lower + 1:+d} | {worst.counts:.1f} | {worst.sigmas:.1f} | "
              f"{worst.gap:.1f} | {worst.square} |")
    nominal = max(margins.thresholds(s)[3] for s in margins.squares) / design.counts_per_mt
    print(f"a stack of three at most {nominal * (1 + design.strength_spread):.1f} mT "
          f"(the sensor is linear to {design.linear_range:g} mT)")
    print(f"a man held up to {design.hover:g} mm above its place reads as with or without it: "
          + ("every square" if not hover else "NOT on " + ", ".join(hover)))
    print(f"design: {design}")
    misread = any(m.counts <= 0 for m in found) or hover or \
        nominal * (1 + design.strength_spread) > design.linear_range
    print("every level of every square told apart" if not misread else "MISREAD")
    return 1 if misread else 0


if __name__ == "__main__":
    raise SystemExit(main())
