"""The ``aseb`` command: one front door to every part (it lives in ``sim``, the top layer,
because it reaches all the others).

    aseb play        a game in the terminal (two players, or against the mummy)
"""

from __future__ import annotations

import argparse
import random
import sys

from engine.board import Side
from engine.rules import Ruleset


def _play(args: argparse.Namespace) -> int:
    from sim.terminal import TerminalGame

    mummy = None if args.two_players else Side.parse(args.mummy)
    rng = random.Random(args.seed)
    ruleset = Ruleset(demon_cast=not args.no_demon_cast)

    def write(text: str) -> None:
        print(text, flush=True)

    return TerminalGame(input, write, rng, mummy=mummy, ruleset=ruleset).run()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(prog="aseb", description="A Twenty Squares board that plays "
                                     "back: terminal game, board controller and simulator.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = commands.add_parser("play", help="play in the terminal (Enter throws the sticks)")
    play.add_argument("--two-players", action="store_true", help="no mummy: two humans")
    play.add_argument("--mummy", default="reels", metavar="SIDE",
                      help="the side the mummy plays: cones or reels (default: reels)")
    play.add_argument("--seed", type=int, default=None, help="seed the sticks (replayable game)")
    play.add_argument("--no-demon-cast", action="store_true",
                      help="throw the opening by hand instead of the automatic demon-cast")
    play.set_defaults(run=_play)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``aseb`` console command."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help()
        return 2
    try:
        status: int = args.run(args)
    except ValueError as exc:  # e.g. an unknown side name: answer it, no traceback
        print(f"aseb: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (e.g. piped into head): nothing to say
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
