"""Every game's faces in the window, for a person to look at (issues 27 and 51): a game some way
in (a piece with several ways to go picked, its squares and dice shown), the log open beside
the board, the question before leaving, each how-to page, Help > Keys, the Options menu open
and the review page of a whole random game, at 1280 x 720, in any language, larger text too.

    python -m tests.sim.window.game_screenshots /tmp/shots                  # every game
    python -m tests.sim.window.game_screenshots /tmp/shots senet stacks     # some games
    python -m tests.sim.window.game_screenshots /tmp/shots --lang ar --larger ramses

Writes ``<game>-play.png``, ``<game>-log.png``, ``<game>-leave.png``, ``<game>-howto-<n>.png``,
``<game>-keys.png``, ``<game>-options.png`` and ``<game>-review.png`` (the review by the game's
strongest search, as Help > Review last game does without a solved table).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import pygame

from engine.core.sides import Side
from engine.game import Game
from engine.games import load, names
from firmware.lights.scenes import Phase
from firmware.play.evidence import trips
from firmware.words import LANGUAGES, use
from sim.pages.how_to_play import how_to_play
from sim.window.settings import WindowSettings
from tests.sim.window.test_window_games import render
from tests.sim.window.window_hands import Window, click, make, set_out, shake, start_pygame


def finished_game(name: str, seed: int = 3) -> Game:
    """A whole game of random moves, to its end."""
    rules = load(name)
    rng = random.Random(seed)
    game = Game(rules, rules.first_side(rng, None))
    while not game.state.is_over:
        if not game.state.moves:
            game.cast(rules.draw(rng))
        else:
            game.play(rng.choice(game.state.moves))
    return game


def some_way_in(window: Window, moves: int = 2, seed: int = 1) -> None:
    """Play the Cones by mouse (the mummy the Reels) for ``moves`` of their moves, then stop
    at the next turn where a piece of theirs has several ways to go, and click it."""
    controller, rng, made = window.controller, random.Random(seed), 0
    for _ in range(400):
        game = controller.game
        if controller.phase is Phase.WON:
            return
        if controller.phase is Phase.IDLE:
            window.play.new_game()
            window.step(1.0)
        elif controller.phase is Phase.GUIDE and controller.setting_out:
            set_out(window)
        elif game is None or game.state.turn is not Side.CONES or controller.mummy_move:
            window.step(0.5)
        elif controller.phase is Phase.THROW:
            shake(window)
        elif controller.phase is Phase.MOVE:
            state = game.state
            if made >= moves and _pick_one_with_choices(window, state):
                return
            make(window, rng.choice(state.moves))
            made += 1
        else:
            window.step(0.5)


def _pick_one_with_choices(window: Window, state: object) -> bool:
    """Click a piece that may go several ways (or use several dice); whether one was."""
    ways: dict[object, set[object]] = {}
    for move in state.moves:  # type: ignore[attr-defined]
        trip = trips(state, move)[0]  # type: ignore[arg-type]
        ways.setdefault(trip.start, set()).add((getattr(move, "die", None), trip.end))
    start = next((s for s, w in ways.items() if len(w) > 1 and isinstance(s, str)), None)
    if start is None:
        return False
    click(window, window.layout.squares[start].center)
    return window.play.chosen is not None


def shoot(name: str, folder: Path, larger: bool = False) -> list[Path]:
    """The game's pictures, saved in ``folder``."""
    settings = WindowSettings(mummy=Side.REELS, larger_text=larger, square_labels=True)
    window = Window.open(settings=settings, seed=4, game=name)
    window.step(0.5)
    made = []

    def shot(what: str) -> None:
        made.append(folder / f"{name}-{what}.png")
        window.view.invalidate()
        render(window, made[-1])

    some_way_in(window)
    shot("play")
    window.act("log")
    shot("log")
    window.act("log")
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    if window.leaving:
        shot("leave")
        window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    window.show_pages(how_to_play(load(name)))
    n = 0
    while window.page is not None:  # turned as a player turns them: Next, page by page
        n += 1
        shot(f"howto-{n}")
        window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT))
    window.act("help:keys")
    shot("keys")
    window.page = None
    window.pages.clear()
    window.menu.open = "Options"
    shot("options")
    window.menu.open = None
    chances = window.play.chances
    chances.finished = finished_game(name)
    window.act("review")
    chances.wait()
    assert chances.review is not None, window.news()
    shot("review")
    return made


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("games", nargs="*", help=f"any of {', '.join(names())} (all: none)")
    parser.add_argument("--lang", default="en", choices=list(LANGUAGES))
    parser.add_argument("--larger", action="store_true", help="Options > Larger text")
    args = parser.parse_intermixed_args(argv)
    unknown = set(args.games) - set(names())
    if unknown:
        parser.error(f"no such game: {', '.join(sorted(unknown))}")
    args.folder.mkdir(parents=True, exist_ok=True)
    start_pygame()
    use(args.lang)
    for name in args.games or names():
        for path in shoot(name, args.folder, args.larger):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
