"""The win chances in the window: the bar beside the board with a solved table (a two-piece
one, made once per session), the Options item, and the review page of the last game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.mummy.chances import cones_chance
from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from sim.board.table import Table
from sim.drawing.board import CONE_BODY, REEL_BODY
from sim.drawing.odds import split
from sim.drawing.review_page import CONE_LINE, REEL_LINE
from sim.window.settings import WindowSettings
from tests.sim.window.test_window_games import play_whole_game, render
from tests.sim.window.window_hands import Window, make, press, shake, start_pygame
from tests.solved import TWO, two_piece_table

C, R = Side.CONES, Side.REELS


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def with_table(mummy: Side | None = None, **window: object) -> Window:
    """A window on the two-piece game, its solved table installed."""
    table = Table(settings=Settings(ruleset=TWO, table=two_piece_table(), mummy=mummy), seed=9)
    return Window(table, WindowSettings(mummy=mummy, **window))  # type: ignore[arg-type]


def items(window: Window, title: str) -> dict[str, tuple[str, bool, bool | None]]:
    """A menu's items by action, with those of the lists they open: (label, enabled,
    checked)."""
    return {item.action: (item.label, item.enabled, item.checked)
            for line in window.menu_items(title) for item in (line, *line.sub)}


def test_the_bar_stands_beside_the_board_and_follows_every_move(tmp_path: Path) -> None:
    window = with_table()
    bar = window.layout.odds
    assert bar is not None and bar.left > window.layout.board.right
    assert bar.top == window.layout.board.top and bar.height == window.layout.board.height
    shake(window)
    seen = set()
    for n in range(12):
        controller = window.controller
        game = controller.game
        assert game is not None and controller.phase in (Phase.THROW, Phase.MOVE)
        expected = cones_chance(two_piece_table(), game.state)
        assert expected is not None and window.snapshot().odds == expected
        picture = render(window, tmp_path / f"odds{n}.png")
        reels, cones = split(bar, expected)
        if reels.height > 24:  # clear of the percentage written in it
            assert picture.get_at((bar.centerx, reels.bottom - 3))[:3] == REEL_BODY
        if cones.height > 24:
            assert picture.get_at((bar.centerx, cones.top + 3))[:3] == CONE_BODY
        seen.add(round(expected, 3))
        if controller.phase is Phase.THROW:
            shake(window)
        else:
            make(window, game.state.moves[0])
    assert len(seen) > 3  # the bar moved with the game


def test_show_chances_toggles_the_bar_and_lights_the_board() -> None:
    window = with_table()
    assert items(window, "Options")["choose:chances:shown"] == ("Shown", True, True)
    window.act("choose:chances:hidden")
    assert window.layout.odds is None and window.snapshot().odds is None
    assert items(window, "Options")["choose:chances:shown"][2] is False
    assert items(window, "Options")["setting:chances"][0] == "Chances: Hidden"
    shake(window)
    window.act("choose:chances:shown")
    assert window.layout.odds is not None and window.settings.show_chances
    controller = window.controller
    assert controller.odds_since == window.table.now  # the board lights the chances too
    window.step(0.5)
    assert controller._odds_frame(window.table.now) is not None


def test_without_a_table_the_chances_are_estimates_asked_for_and_labelled() -> None:
    window = Window.open(settings=WindowSettings(mummy=None), seed=1)
    assert window.layout.odds is None and window.snapshot().odds is None  # until asked for
    assert items(window, "Options")["choose:chances:shown"] == \
        ("Shown (estimated)", True, False)
    window.act("choose:chances:shown")
    assert "estimated by the Vizier" in window.news() and window.layout.odds is not None
    shake(window)
    odds = window.snapshot().odds
    assert odds is not None and 0.0 < odds < 1.0
    assert items(window, "Help")["review"] == ("Review last game (no finished game yet)", False,
                                               None)
    window.act("review")
    assert window.chances.review is None and "No finished game" in window.news()
    senet = Window.open(settings=WindowSettings(mummy=None), seed=1, game="senet")
    senet.act("choose:chances:shown")
    assert "Senet" in senet.news() and "estimated" in senet.news()


def test_a_search_reviews_a_game_without_a_table_in_the_background() -> None:
    window = Window.open(settings=WindowSettings(mummy=R), seed=2, game="ramses")
    game = window.play.chances
    from engine.game import Game
    from engine.ramses import RAMSES

    finished = Game.from_position(RAMSES.parse("C:T12,T17,T18,T19 R:T1,T2,T16,U12 turn:C"))
    finished.play(finished.state.parse_move("T12-T9"))  # three special squares: the Cones win
    game.finished = finished
    window.act("review")
    assert "Reviewing the last game: Neferkaptah" in window.news()
    game.wait()
    review = game.review
    assert review is not None and not review.exact and len(review.steps) == 1


def test_review_last_game_opens_its_page_and_a_click_puts_it_away(tmp_path: Path) -> None:
    window = with_table(mummy=R)
    assert not items(window, "Help")["review"][1]  # no game finished yet
    shake(window)
    play_whole_game(window, random.Random(4))
    window.step(1.0)
    assert items(window, "Help")["review"] == ("Review last game", True, None)
    window.act("review")
    review = window.chances.review
    assert review is not None and review.steps
    picture = render(window, tmp_path / "review.png")
    middle = picture.get_rect().center
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(100, 1180, 4)
               for y in range(middle[1] - 150, middle[1] + 100, 4)}
    assert CONE_LINE in colours or REEL_LINE in colours  # the chance's line over the game
    press(window, middle)
    assert window.chances.review is None
    window.act("new_game")  # a new game: the last one can still be reviewed
    window.step(1.0)
    assert items(window, "Help")["review"][1]
