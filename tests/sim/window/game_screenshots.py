"""Every game's pages in the window, for a person to look at (issue 27's "done when"): each how-to
page, the Options menu open and the review page of a whole random game, at 1280 x 720.

    python -m tests.sim.window.game_screenshots /tmp/shots              # every game
    python -m tests.sim.window.game_screenshots /tmp/shots senet stacks  # some games

Writes ``<game>-howto-<n>.png``, ``<game>-options.png`` and ``<game>-review.png`` (the review
by the game's strongest search, as Help > Review last game does without a solved table).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pygame

from engine.core.sides import Side
from engine.game import Game
from engine.games import load, names
from sim.pages.how_to_play import how_to_play
from sim.window.settings import WindowSettings
from tests.sim.window.test_window_games import render
from tests.sim.window.window_hands import Window, start_pygame


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


def shoot(name: str, folder: Path) -> list[Path]:
    """The game's pictures, saved in ``folder``."""
    window = Window.open(settings=WindowSettings(mummy=Side.REELS), seed=4, game=name)
    window.step(0.5)
    made = []
    window.show_pages(how_to_play(load(name)))
    n = 0
    while window.page is not None:  # turned as a player turns them: Next, page by page
        n += 1
        made.append(folder / f"{name}-howto-{n}.png")
        render(window, made[-1])
        window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT))
    window.menu.open = "Options"
    made.append(folder / f"{name}-options.png")
    render(window, made[-1])
    window.menu.open = None
    chances = window.play.chances
    chances.finished = finished_game(name)
    window.act("review")
    chances.wait()
    assert chances.review is not None, window.news()
    made.append(folder / f"{name}-review.png")
    render(window, made[-1])
    return made


def main(argv: list[str]) -> int:
    folder = Path(argv[0] if argv else "game-screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    start_pygame()
    for name in argv[1:] or names():
        for path in shoot(name, folder):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
