"""The chances light scene, and the controller lighting it on request."""

from __future__ import annotations

import random

from engine.game import Game
from engine.mummy.chances import cones_chance
from firmware.lights.odds import GROW, MIDDLE, odds_frame
from firmware.lights.scenes import CONES, REELS
from firmware.play.controller import Controller, Settings
from hardware.core.clock import ManualClock
from hardware.sounds.speaker import SilentSpeaker
from tests.solved import TWO, two_piece_table


def lit(frame: object, colour: tuple[int, int, int]) -> list[str]:
    """Squares whose light is a shade of ``colour``."""
    found = []
    for square in MIDDLE:
        light = frame.get(square)  # type: ignore[attr-defined]
        if light and max(light) > 0 and light.index(max(light)) == colour.index(max(colour)):
            found.append(square)
    return found


def test_the_middle_row_splits_by_the_chances() -> None:
    frame = odds_frame(0.75, 10.0)
    assert lit(frame, CONES) == list(MIDDLE[:9])
    assert lit(frame, REELS) == list(MIDDLE[9:])


def test_a_side_with_no_chance_lights_nothing_of_its_own() -> None:
    frame = odds_frame(1.0, 10.0)
    assert lit(frame, REELS) == [] and "R1" not in frame
    assert all(frame[s] == CONES for s in ("C1", "C2", "C3", "C4"))


def test_the_bar_grows_in() -> None:
    early, late = odds_frame(0.5, 0.1 * GROW), odds_frame(0.5, GROW)
    assert len(lit(early, CONES)) < len(lit(late, CONES)) == 6


def controller(table: object) -> Controller:
    return Controller(lambda frame: None, SilentSpeaker(), ManualClock(), random.Random(1),
                      Settings(ruleset=TWO, table=table))  # type: ignore[arg-type]


def test_the_controller_shows_the_chances_for_a_few_seconds() -> None:
    table = two_piece_table()
    board = controller(table)
    board.game = Game(TWO)
    assert board.show_odds()
    clock = board.clock
    assert isinstance(clock, ManualClock)
    clock.advance(1.0)
    frame = board.tick()
    cones = cones_chance(table, board.game.state)
    assert cones is not None and frame == odds_frame(cones, 1.0, 0.0)
    clock.advance(board.settings.odds_seconds)
    assert board.tick() != odds_frame(cones, clock.now(), 0.0)


def test_without_a_table_nothing_is_shown() -> None:
    board = controller(None)
    board.game = Game(TWO)
    assert not board.show_odds()
    assert board.tick() != odds_frame(0.5, 0.0, 0.0)


def test_the_chances_button_lights_the_chances() -> None:
    table = two_piece_table()
    board = controller(table)
    board.game = Game(TWO)
    board.press("chances")
    board.clock.advance(1.0)  # type: ignore[attr-defined]
    cones = cones_chance(table, board.game.state)
    assert cones is not None and board.tick() == odds_frame(cones, 1.0, 0.0)


def test_the_chances_button_without_a_table_is_refused_aloud() -> None:
    heard: list[str] = []
    board = controller(None)
    board.speaker.play = heard.append  # type: ignore[method-assign]
    board.game = Game(TWO)
    board.press("chances")
    assert heard == ["refused"]


def test_the_controller_works_out_the_chances_once_a_position_labelled_as_their_judge_is() -> None:
    table = two_piece_table()
    board = controller(table)
    board.game = Game(TWO)
    exact = board.odds()
    assert exact is not None and exact.exact and exact.cones == cones_chance(table,
                                                                             board.game.state)
    assert board.odds() is exact  # the same position: not worked out again
    board.settings.table = None  # no table: the strongest search estimates, and says so
    estimate = board.odds()
    assert estimate is not None and not estimate.exact and "Vizier" in estimate.judge
    assert estimate.text.startswith("Chances to win, estimated: Cones ")
    board.game = None
    assert board.odds() is None
