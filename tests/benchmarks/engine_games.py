"""Benchmark: random self-play games on one core, through the engine's core and through GameState.

    python -m tests.benchmarks.engine_games [N] [--seed S] [--rounds R] [--game NAME]

The core is ``engine.tait.tables`` on packed positions: what the mummy's search calls. ``GameState``
adds, for every throw and move, a new immutable state and the events the controller shows.
Both play the very same games (same seed, same choices), which the benchmark checks. Prints
games per second (median and range over R rounds of N games) and mean throws per game; exits 1
if the core's median is below the goal of 5,000 games/s.

``--game cyningstan`` plays Cyningstan's rules on the same core (goal 3,000 games/s: its games
are longer). ``--game senet`` plays Senet: its core (``engine.senet.core``, bit masks on packed
positions) and its positions (``SenetPosition``), from the opening throws on (goal 1,000
games/s through the core: a game of Senet is about twice as many throws as one of Tait's).
``--game ramses`` plays Ramses, a game without luck: its core (packed positions, the moves of
``engine.ramses.position.options`` and the positions seen, what the alpha-beta search walks) and
its positions (``RamsesPosition``); it counts moves instead of throws and the wins of the first
player instead of the Cones' (goal 300 games/s through the core). ``--level NAME`` then plays
``--level-games`` games of that level against itself, each opened by four random moves (so the
deterministic levels meet in different games), and prints the first player's win rate, the
length of the games and the level's decision time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from engine.games import load, names
from engine.senet import SENET
from engine.senet import core as senet
from engine.tait.packed import OVER, pack, turn_of
from engine.tait.state import TAIT, Ruleset
from engine.tait.tables import tables

GOAL = 5_000
"""Random games per second through the core, on one core of the development machine."""
GOALS = {"tait": GOAL, "cyningstan": 3_000, "senet": 1_000, "stacks": 250, "ramses": 300}
"""Cyningstan's games run longer (112 throws to 102) with more pieces on the board; the stacking
game has no packed core: its goal is through its positions (a game is some 50 throws of three
dice, each die a move)."""

Games = Callable[[int, random.Random], tuple[list[int], int]]
"""Plays N games; returns the wins of each side and the throws made."""


def packed_games(ruleset: Ruleset) -> Games:
    """Random games on packed positions of a game the engine's core plays."""

    def games(n: int, rng: random.Random) -> tuple[list[int], int]:
        return core_games(n, rng, ruleset)

    return games


def core_games(games: int, rng: random.Random,
               ruleset: Ruleset = TAIT) -> tuple[list[int], int]:
    """Random games on packed positions: legal moves, then a random one (or the throw lost)."""
    rules = tables(ruleset)
    legal, play, lose = rules.legal, rules.after_move, rules.after_loss
    draw, uniform, first = ruleset.draw, rng.random, ruleset.first_side
    wins, throws = [0, 0], 0
    for _ in range(games):
        code = pack(turn=first(rng, None))
        while not code & OVER:
            throw = draw(rng)
            throws += 1
            moves = legal(code, throw.value)
            code = play(code, moves[int(uniform() * len(moves))]) if moves else lose(code, throw)
        wins[turn_of(code)] += 1
    return wins, throws


def senet_core_games(games: int, rng: random.Random) -> tuple[list[int], int]:
    """Random games of Senet on packed positions, the opening thrown first."""
    core = SENET.core
    legal, play, lose = core.legal, core.after_move, core.after_loss
    opening = core.after_opening_throw
    draw, uniform = SENET.draw, rng.random
    wins, throws = [0, 0], 0
    for _ in range(games):
        code = 0
        while not code & senet.OPENED:
            code, _ = opening(code, draw(rng).value)
            throws += 1
        moves = legal(code, 1)
        code = play(code, moves[int(uniform() * len(moves))])
        while not code & senet.OVER:
            throw = draw(rng)
            throws += 1
            moves = legal(code, throw.value)
            code = play(code, moves[int(uniform() * len(moves))]) if moves else lose(code)
        wins[code & senet.TURN] += 1
    return wins, throws


def position_games(name: str) -> Games:
    """Random games of the game ``name`` through its positions' public ``cast`` and ``play``."""
    rules = load(name)

    def games(n: int, rng: random.Random) -> tuple[list[int], int]:
        draw, uniform = rules.draw, rng.random
        wins, throws = [0, 0], 0
        for _ in range(n):
            position = rules.new(rules.first_side(rng, None))
            while position.winner is None:
                position, _ = position.cast(draw(rng))
                throws += 1
                while position.throw is not None:  # the stacking game's dice: one move each
                    moves = position.moves
                    position, _ = position.play(moves[int(uniform() * len(moves))])
            wins[position.winner] += 1
        return wins, throws

    return games


def ramses_core_games(games: int, rng: random.Random) -> tuple[list[int], int]:
    """Random Ramses games on packed positions: the first player's wins, then the second's."""
    from engine.ramses import RAMSES
    from engine.ramses.core import FIRST, HALF, next_half
    from engine.ramses.core import TURN as SECOND
    from engine.ramses.position import forget, options

    forget()  # each path starts with empty caches
    wins, moves = [0, 0], 0
    uniform = rng.random
    may_pass = RAMSES.second_move_may_pass

    def legal(code: int, seen: set[int]) -> tuple[tuple[object, int, int | None], ...]:
        return tuple(o for o in options(code, RAMSES) if o[2] is not None or o[1] not in seen)

    for _ in range(games):
        first = RAMSES.first_side(rng, None)
        code = RAMSES.new(first).code
        seen = {code & ~FIRST}  # positions as rule 11 names them (no first-turn flag)
        legal_now = options(code, RAMSES)
        while True:
            _, code, winner = legal_now[int(uniform() * len(legal_now))]
            moves += 1
            if winner is not None:
                break
            seen.add(code)
            legal_now = legal(code, seen)
            if not legal_now and code & HALF and may_pass:  # no piece to move: the turn passes
                code = next_half(code)
                seen.add(code)
                legal_now = legal(code, seen)
            if not legal_now:  # locked up: the side to play loses
                winner = 0 if code & SECOND else 1
                break
        wins[winner != first] += 1
    return wins, moves


def ramses_position_games(games: int, rng: random.Random) -> tuple[list[int], int]:
    """The same games through ``RamsesPosition.play``."""
    from engine.ramses.position import forget

    forget()
    rules = load("ramses")
    wins, moves = [0, 0], 0
    uniform = rng.random
    for _ in range(games):
        first = rules.first_side(rng, None)
        position = rules.new(first)
        while position.winner is None:
            legal_now = position.moves
            position, _ = position.play(legal_now[int(uniform() * len(legal_now))])
            moves += 1
        wins[position.winner != first] += 1
    return wins, moves


def level_games(name: str, level: str, games: int, seed: int) -> None:
    """``games`` games of the mummy's ``level`` against itself (no luck: random first moves)."""
    from engine.mummy import Level, Mummy
    from tests.benchmarks.mummy_strength import opening, percentile

    rules = load(name)
    chosen = Level.parse(level)
    wins, lengths, times = [0, 0], [], []
    for number in range(games):
        rng = random.Random(f"{seed}:{number}")
        mummy = Mummy(chosen)
        position = opening(rng, rules)
        first, played = position.turn, 0
        while position.winner is None:
            if rules.chance is not None:
                position, _ = position.cast(rules.draw(rng))
                if not position.moves:
                    continue
            start = time.perf_counter()
            move = mummy.choose(position, rng)
            times.append(time.perf_counter() - start)
            position, _ = position.play(move)
            played += 1
        wins[position.winner != first] += 1
        lengths.append(played)
    print(f"{chosen.title} against itself, {games} games: the side to move after the random "
          f"opening won {wins[0]} ({wins[0] / games:.1%}); {statistics.fmean(lengths):.1f} "
          f"moves after it; decision p95 {percentile(times, 0.95) * 1e3:.1f} ms, "
          f"max {max(times) * 1e3:.1f} ms")


state_games = position_games("tait")
"""The same games as ``core_games`` through the public API: ``GameState.cast`` and ``play``."""


def measure(games: Games, n: int, seed: int, rounds: int) -> tuple[list[float], list[int], int]:
    """Games per second of each round, with the wins and throws (the same every round)."""
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        wins, throws = games(n, random.Random(seed))
        rates.append(n / (time.perf_counter() - start))
    return rates, wins, throws


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", choices=names(), default="tait")
    parser.add_argument("--level", help="also play this mummy level against itself")
    parser.add_argument("--level-games", type=int, default=200)
    args = parser.parse_args(argv)
    results = {}
    rules = load(args.game)
    if args.game == "stacks":
        return stacks_main(args.games, args.seed, args.rounds)
    counted, winners = "throws", ("Cones", "Reels")
    if rules.chance is None:
        counted, winners = "moves", ("the first player", "the second")
    if args.game == "ramses":
        paths: tuple[tuple[str, Games], ...] = (
            ("core", ramses_core_games), ("RamsesPosition", ramses_position_games))
    elif isinstance(rules, Ruleset):
        paths = (("core", packed_games(rules)), ("GameState", position_games(args.game)))
    else:
        paths = (("core", senet_core_games), ("SenetPosition", position_games(args.game)))
    print(rules.title)
    for name, games in paths:
        rates, wins, throws = results[name] = measure(games, args.games, args.seed, args.rounds)
        print(
            f"{name:>13}: {statistics.median(rates):,.0f} games/s median "
            f"({min(rates):,.0f}-{max(rates):,.0f} over {args.rounds} x {args.games} games), "
            f"{throws / args.games:.1f} {counted}/game; {winners[0]} won {wins[0]} "
            f"({wins[0] / args.games:.1%}), {winners[1]} {wins[1]}"
        )
    (core_name, _), (public, _) = paths
    if results[core_name][1:] != results[public][1:]:
        print(f"the core and {public} played different games: they disagree on the rules")
        return 1
    core = statistics.median(results["core"][0])
    goal = GOALS[args.game]
    print(f"goal {goal:,} games/s through the core: {'met' if core >= goal else 'NOT met'}")
    if args.level:
        level_games(args.game, args.level, args.level_games, args.seed)
    return 0 if core >= goal else 1


def stacks_lengths(games: int, rng: random.Random) -> tuple[int, list[int], dict[str, int]]:
    """Random games of the stacking game: the first player's wins, each game's moves (dice
    used), and how the games ended (``held`` or ``stuck``)."""
    rules = load("stacks")
    first_wins, lengths, endings = 0, [], {"held": 0, "stuck": 0}
    for _ in range(games):
        first = rules.first_side(rng, None)
        position = rules.new(first)
        moves = 0
        while position.winner is None:
            if position.throw is None:
                position, _ = position.cast(rules.draw(rng))
            else:
                position, _ = position.play(rng.choice(position.moves))
                moves += 1
        first_wins += position.winner == first
        lengths.append(moves)
        endings[getattr(position, "ending", "") or "held"] += 1
    return first_wins, lengths, endings


def stacks_main(games: int, seed: int, rounds: int) -> int:
    """The stacking game's figures: games per second through its positions, game lengths, and
    the first player's wins under random play."""
    from tests.benchmarks.mummy_strength import wilson

    rates, _, throws = measure(position_games("stacks"), games, seed, rounds)
    first, lengths, endings = stacks_lengths(games, random.Random(seed))
    low, high = wilson(first, games)
    print(f"{load('stacks').title}\n"
          f"StacksPosition: {statistics.median(rates):,.0f} games/s median "
          f"({min(rates):,.0f}-{max(rates):,.0f} over {rounds} x {games} games), "
          f"{throws / games:.1f} throws/game\n"
          f"moves (dice used) per game: mean {statistics.fmean(lengths):.1f}, "
          f"max {max(lengths)}, min {min(lengths)}\n"
          f"endings: {endings['held']} three on the last square, {endings['stuck']} a die "
          f"that could not be used\n"
          f"first player won {first} / {games} = {first / games:.1%} "
          f"(95% interval {low:.1%} - {high:.1%})")
    goal = GOALS["stacks"]
    rate = statistics.median(rates)
    print(f"goal {goal:,} games/s through the positions: {'met' if rate >= goal else 'NOT met'}")
    return 0 if rate >= goal else 1


if __name__ == "__main__":
    raise SystemExit(main())
