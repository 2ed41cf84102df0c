"""How long a game's review takes (``engine.mummy.review``), judged by the game's strongest
search (no solved table): one random game played to its end, each throw's luck judged over
every throw that could fall.

    python -m tests.benchmarks.review [--game senet] [--seed 2]
"""

from __future__ import annotations

import argparse
import os
import random
import time

from engine.game import Game
from engine.games import load
from engine.mummy.judges import judge_for
from engine.mummy.review import review


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="senet")
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    rules = load(args.game)
    rng = random.Random(args.seed)
    game = Game(rules, rules.first_side(rng, None))
    while not game.state.is_over:
        state = game.state
        if state.moves:
            game.play(rng.choice(state.moves))
        else:
            game.cast(rules.draw(rng))
    started = time.perf_counter()
    judged = review(judge_for(rules), game.record)
    seconds = time.perf_counter() - started
    print(f"load average: {os.getloadavg()[0]:.2f} (1 min)")
    print(f"{args.game}: {len(judged.steps)} throws and moves reviewed in {seconds:.1f} s "
          f"({seconds / len(judged.steps) * 1000:.1f} ms each) by {judged.judge}")


if __name__ == "__main__":
    main()
