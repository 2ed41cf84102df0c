"""Benchmark: does the fair kiosk mode make visitors win about half their games?

    python -m tests.benchmarks.mummy_fair [--games N] [--fixed M] [--seed S]

Simulates a stream of museum visitors, a new one every game, playing real games against the
mummy in fair mode. A visitor plays the Priest's move with a chance drawn uniformly from 0..1
and a random move otherwise (from a first-timer clicking anything to a careful greedy player),
and takes Cones and Reels in turn. Prints the visitors' win rate with a Wilson 95% interval, over
all games and over the second half, where the mummy's strength spent its time, and, for
comparison, the same population's win rate against each fixed level (M games each).
"""

from __future__ import annotations

import argparse
import random
import statistics

from engine import games
from engine.core.sides import Side
from engine.mummy import Fair, Level, Mummy
from engine.tait.priest import priest_move
from engine.tait.state import TAIT, Ruleset
from tests.benchmarks.mummy_strength import opening, ruleset_of, wilson


def visitor_game(rng: random.Random, mummy: Mummy, fair: Fair | None, visitor: Side,
                 ruleset: Ruleset = TAIT, care: float | None = None,
                 perfect: Mummy | None = None) -> bool:
    """One game of a new visitor against the mummy (fair, or fixed at its level); True if won.

    The visitor plays the Priest's move with chance ``care`` (default: drawn uniformly), or
    every move of ``perfect`` (a mummy with the table) when given."""
    care = rng.random() if care is None else care
    state = opening(rng, ruleset)
    while state.winner is None:
        state, _ = state.cast(ruleset.draw(rng))
        if not state.moves:
            continue
        if state.turn == visitor and perfect is not None:
            move = perfect.choose(state, rng)
        elif state.turn == visitor:
            move = priest_move(state) if rng.random() < care else rng.choice(state.moves)
        else:
            level = fair.pick(rng) if fair is not None else None
            move = mummy.choose(state, rng, level)
        state, _ = state.play(move)
    return state.winner == visitor


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--fixed", type=int, default=200, help="games against each fixed level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", metavar="DIR",
                        help="also measure fair mode by the solved table (Mummy.balance)")
    parser.add_argument("--balanced", type=int, default=1000,
                        help="games per kind of visitor against fair mode by the table")
    parser.add_argument("--game", default=games.DEFAULT, choices=games.names())
    args = parser.parse_args(argv)
    ruleset = ruleset_of(args.game)
    print(ruleset.title)
    rng = random.Random(args.seed)
    mummy = Mummy()
    fair = Fair()
    results: list[bool] = []
    strengths: list[float] = []
    for number in range(args.games):
        strengths.append(fair.strength)
        won = visitor_game(rng, mummy, fair, Side(number % 2), ruleset)
        results.append(won)
        fair = fair.after_game(won)

    def line(label: str, wins: list[bool]) -> str:
        low, high = wilson(sum(wins), len(wins))
        return (
            f"| {label} | {len(wins)} | {sum(wins) / len(wins):.1%} | {low:.1%} - {high:.1%} |"
        )

    print(f"Visitors against the mummy (seed {args.seed}), a new visitor every game\n")
    print("| mummy | games | visitors won | 95% interval |")
    print("| --- | ---: | ---: | --- |")
    print(line("fair mode, all games", results))
    print(line("fair mode, second half", results[len(results) // 2 :]))
    for level in (Level.SCRIBE, Level.PRIEST, Level.VIZIER):
        fixed = Mummy(level)
        wins = [visitor_game(rng, fixed, None, Side(n % 2), ruleset)
                for n in range(args.fixed)]
        print(line(f"fixed {level.title}", wins))
    if args.table:
        from pathlib import Path

        from firmware.solve.table import open_table

        table = open_table(Path(args.table))
        balanced = Mummy(Level.NEFERKAPTAH, table=table)
        balanced.balance = 0.5
        perfect = Mummy(Level.NEFERKAPTAH, table=table)
        kinds: list[tuple[str, float | None, Mummy | None]] = [
            ("random visitors (care 0..1)", None, None), ("first-timers (care 0)", 0.0, None),
            ("half careful (care 0.5)", 0.5, None), ("Priest-like (care 1)", 1.0, None),
            ("perfect (Neferkaptah)", None, perfect),
        ]
        for label, care, visitor in kinds:
            wins = [visitor_game(rng, balanced, None, Side(n % 2), ruleset, care, visitor)
                    for n in range(args.balanced)]
            print(line(f"fair by the table, {label}", wins))
    share = {
        level.title: sum(1 for s in strengths if Fair(strength=s).level == level)
        / len(strengths)
        for level in (Level.SCRIBE, Level.PRIEST, Level.VIZIER)
    }
    print(
        f"\nFair strength: mean {statistics.fmean(strengths):.2f} (0 Scribe, 1 Priest, "
        f"2 Vizier), final {fair.strength:.2f}; nearest level "
        + ", ".join(f"{name} {part:.0%}" for name, part in share.items())
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
