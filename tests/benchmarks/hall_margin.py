"""The Hall boards' counting, for every Hall board file: the worst-case margin between
neighbouring counts on every square with every tolerance the build guide promises at its worst at
once, what each tolerance takes, the forces that push men about, and then the misread rate by
trial: boards built within the tolerances, calibrated through the real fit (every man measured),
and random positions of the game's men read through the real counting.

    python -m tests.benchmarks.hall_margin                      # every Hall board file
    python -m tests.benchmarks.hall_margin --board hardware/boards/hall.toml --builds 10
    python -m tests.benchmarks.hall_margin --old-guide          # what the old guide promised
    python -m tests.benchmarks.hall_margin --pitch 40 --board-mm 24 --man 3   # another design

Exits 1 when a margin between counts a game allows is not positive, or a trial misreads one.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from pathlib import Path

from engine import games
from firmware.service.boards import games_on
from hardware.boards.board_file import BOARDS, Board, load_board
from hardware.core.squares import POSITION_OF
from sim.board.hall_field import GUIDE, OLD_GUIDE, Design, Tolerances
from sim.board.hall_margin import Margins, forces
from sim.board.hall_trials import SPARES, Trials, rate

STACKS_WANTED = 300_000
"""Stacks of two or three read by the trials of a board that stacks: none misread in so many
says fewer than one in 100,000, at 95 %."""
SQUARES_WANTED = 200_000
"""Squares read by the trials of a board of single men."""


def hall_boards() -> list[Path]:
    """The shipped Hall board files."""
    return sorted(p for p in BOARDS.glob("*.toml") if load_board(p).hall is not None)


def men_of(board: Board) -> int:
    """The most men a side has in the games played on ``board``."""
    return max(games.load(name).pieces for name in games_on(board.kind))


def worst_case(board: Board, design: Design, tolerances: Tolerances) -> bool:
    """Print ``board``'s margins and strays; True when every count a game allows is told."""
    assert board.hall is not None
    high = board.hall.max_men
    start = time.perf_counter()
    margins = Margins(design, POSITION_OF[board.kind], tolerances, men_of(board), high)
    found = margins.margins()
    seconds = time.perf_counter() - start
    print(f"Worst case on {len(margins.squares)} squares, up to {high} "
          f"{'men' if high > 1 else 'man'} a square and "
          f"{margins.men} a side, worked out in {seconds:.1f} s (a Reel's margins are a Cone's "
          "mirrored):")
    print("| counts | worst margin (counts) | noise sigmas | gap between worst cases | square |")
    print("| --- | ---: | ---: | ---: | --- |")
    told = True
    for lower in range(high + 1):
        worst = min((m for m in found if m.lower == lower), key=lambda m: m.counts)
        extra = " (one man too many)" if lower == high else ""
        print(f"| {lower} / {lower + 1}{extra} | {worst.counts:.1f} | {worst.sigmas:.1f} | "
              f"{worst.gap:.1f} | {worst.square} |")
        if lower < high:
            told = told and worst.counts > 0
        elif worst.unseen is not None:
            print(f"  (a man too many, at his worst, reads {worst.unseen:+.1f} counts past his "
                  "threshold" + ("" if worst.unseen > 0 else ": he may go unseen") + ")")
    print("What each tolerance may move a stack's own reading by, in counts:")
    print("| men | level | magnets | calibration | off centre | lift | play | thickness | "
          "warmth | drift |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for n in range(1, high + 2):
        s = margins.strays(n)
        print(f"| {n} | {s.nominal:.0f} | {s.strength:.1f} | {s.calibration:.1f} | "
              f"{s.off_centre:.1f} | {s.lift:.1f} | {s.play:.1f} | {s.thickness:.1f} | "
              f"{s.temperature:.1f} | {s.drift:.1f} |")
    others = max(margins.others(s, high) for s in margins.squares)
    print(f"every other square leaves at most {others:.1f} counts in a square's solved reading")
    strongest = margins.strongest()
    linear = strongest <= design.linear_range
    print(f"one man more than a square holds gives at most {strongest:.1f} mT (the sensor is "
          f"linear to {design.linear_range:g} mT)")
    hover = margins.hover_reads()
    print(f"a man held up to {design.hover:g} mm above his place reads as with or without him: "
          + ("yes" if hover else "NO"))
    return told and linear and hover


def trials(board: Board, design: Design, tolerances: Tolerances, builds: int | None,
           positions: int, seed: int) -> bool:
    """Run the trials on ``board``; print the misread rates; True when none is misread."""
    assert board.hall is not None
    high = board.hall.max_men
    trial = Trials(board.hall, board.squares, POSITION_OF[board.kind], men_of(board), high,
                   design, tolerances)
    start = time.perf_counter()
    if builds is None:  # enough to say one in 100,000
        probe = trial.run(2, positions, seed)
        per = (probe.stacks if high > 1 else probe.squares) / max(probe.boards, 1)
        wanted = STACKS_WANTED if high > 1 else SQUARES_WANTED
        builds = max(2, -(-wanted // max(1, int(per * positions))))
    found = trial.run(builds, positions, seed)
    seconds = time.perf_counter() - start
    print(f"Trials: {builds} boards built and calibrated ({found.refused} refused: for a reason "
          f"no spare man mends, or more than {SPARES} spares asked for), {found.boards:,} "
          f"positions read in {seconds:.0f} s:")
    if high > 1:
        print(f"  stacks of two or three misread: {rate(found.stacks_misread, found.stacks)}")
        print(f"  the closest a stack came to its threshold: {found.closest:.1f} counts "
              f"({found.closest / design.noise:.1f} noise sigmas)")
    print(f"  squares misread: {rate(found.misread, found.squares)}; read as the other side: "
          f"{found.sides_misread}")
    for example in found.examples:
        print(f"  e.g. {example}")
    return found.misread == 0


def main(argv: list[str] | None = None) -> int:
    """Print every Hall board's margins, forces and trials; exit 1 on a misread."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", action="append", type=Path,
                        help="a Hall board file (default: every shipped one)")
    parser.add_argument("--old-guide", action="store_true",
                        help="the tolerances the old build guide promised")
    parser.add_argument("--pitch", type=float, help="mm between squares' centres")
    parser.add_argument("--board-mm", type=float, help="mm of wood over the sensors")
    parser.add_argument("--man", type=float, help="mm a man is thick")
    parser.add_argument("--builds", type=int, help="boards built for the trials (default: "
                        "enough to read 300,000 stacks, or 200,000 single men)")
    parser.add_argument("--positions", type=int, default=500, help="positions read on each")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-trials", action="store_true", help="the worst case only")
    args = parser.parse_args(argv)
    design = Design()
    for key, value in (("pitch", args.pitch), ("board_thickness", args.board_mm),
                       ("man_height", args.man)):
        if value is not None:
            design = replace(design, **{key: value})
    tolerances = OLD_GUIDE if args.old_guide else GUIDE
    print(f"design: {design}")
    print(f"tolerances: {tolerances}")
    kinds = {load_board(p).kind: p for p in args.board or hall_boards()}
    push = forces(design, POSITION_OF[next(iter(kinds))])
    print(f"forces: the men around push or pull a lone man sideways with up to {push.push:.2f} N"
          f"; a flat-bottomed recess's square wall holds him up to {push.wall:.2f} N (he would "
          f"tip, not slide out); the old 1 mm dish held {push.dish:.3f} N. Two men of a stack "
          f"cling with {push.cling:.0f} N: the top man, pushed with up to {push.upper_push:.2f}"
          f" N, is held with {push.upper_hold:.1f} N (a man is slid off a stack, not lifted)")
    good = push.push < push.wall and push.upper_push < push.upper_hold
    for path in args.board or hall_boards():
        board = load_board(path)
        built = design if args.pitch is not None else replace(design,
                                                              pitch=board.build.square_mm)
        print(f"\n## {path.name}: {board.name} (squares {built.pitch:g} mm apart)")
        good = worst_case(board, built, tolerances) and good
        if not args.no_trials:
            good = trials(board, built, tolerances, args.builds, args.positions,
                          args.seed) and good
    print("\nevery count a game allows told apart" if good else "\nMISREAD")
    return 0 if good else 1


if __name__ == "__main__":
    raise SystemExit(main())
