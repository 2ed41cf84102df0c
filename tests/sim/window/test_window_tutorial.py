"""The tutorial in the window, by mouse: chosen from the Help menu, every lesson thrown by holding
the mouse on the stick box and moved by clicking pieces, its words on a papyrus panel."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine.core.sides import Side
from firmware.lights.scenes import Phase
from firmware.story.tutorial import LESSONS, WINDOW, instruction
from sim.window.settings import WindowSettings
from sim.window.view import PAPYRUS
from tests.sim.window.window_hands import (
    Window,
    lines_drawn,
    press,
    release,
    shake,
    start_pygame,
    where_from,
)

C, R = Side.CONES, Side.REELS


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def choose(window: Window, title: str, *labels: str) -> None:
    """Open a menu by clicking its title, then click its items by label in turn (a setting's
    line, ``Mode: Play games``, by its title alone: ``Mode``)."""
    press(window, window.menu.title_rects(window.layout)[title].center)
    for label in labels:
        (where,) = [rect.center for rect, item in window.menu.item_rects(window.layout)
                    if item.label == label or (item.sub and item.label.startswith(label + ":"))]
        press(window, where)


def click(window: Window, pos: tuple[int, int]) -> None:
    press(window, pos)
    window.step(0.05)
    release(window, pos)
    window.step(1.0)


def follow_the_lessons(window: Window, wrong: dict[int, str] | None = None,
                       steps: int = 120) -> None:
    """Do as each lesson says, by mouse (once, in lesson ``i``, ``wrong[i]`` instead)."""
    wrong = dict(wrong or {})
    controller = window.controller
    tutorial = window.tutorial
    assert tutorial is not None
    for _ in range(steps):
        if not tutorial.running:
            return
        state = controller.game.state  # type: ignore[union-attr]
        if controller.phase is Phase.THROW and state.turn is C:
            shake(window)
        elif controller.phase is Phase.MOVE and state.turn is C:
            teacher = tutorial.teacher
            notation = wrong.pop(teacher.index, None) or teacher.lesson.beats[teacher.beat].move
            click(window, where_from(window, state.parse_move(notation)))
        else:
            window.step(0.5)


def drawn_words(window: Window, surface: pygame.Surface) -> str:
    """Every line of text the window draws on ``surface``, joined."""
    return " ".join(" ".join(lines_drawn(window, surface)).split())


def test_the_whole_tutorial_by_mouse_from_the_help_menu(tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=None), seed=6)
    choose(window, "Help", "Tutorial")
    assert window.tutorial is not None and window.tutorial.running
    assert window.hand.pieces.owners == {"C2": C, "M11": R}  # lesson 1, set out at once
    assert window.settings.mummy is R
    said = [window.tutorial.message]
    window.tutorial.say = said.append  # everything the panel shows from now on
    follow_the_lessons(window)
    assert window.tutorial.finished
    for lesson in LESSONS:
        assert any(lesson.praise in line for line in said), lesson.title
    assert window.controller.game.state.winner is C  # type: ignore[union-attr]
    assert window.snapshot().lesson == (window.tutorial.heading, LESSONS[-1].praise)
    assert window.settings.mummy is None  # the board is given back
    window.step(8.0)
    shake(window)  # a real game: the tutorial's panel goes away
    assert window.tutorial is None and window.snapshot().lesson is None


def test_each_lesson_says_what_to_do_in_the_windows_words_on_a_panel(tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=None), seed=6)
    window.act("help:tutorial")
    window.step(0.5)
    surface = pygame.Surface((1280, 720))
    words = drawn_words(window, surface)
    assert " ".join(window.tutorial.message.split()) in words  # type: ignore[union-attr]
    assert instruction(WINDOW, "C2-M5") in words and "Lesson 1 of 6: The path" in words
    path = tmp_path / "lesson.png"
    pygame.image.save(surface, str(path))
    panel = pygame.image.load(str(path))
    papyrus = pygame.mask.from_threshold(panel, PAPYRUS, (1, 1, 1, 255))
    assert papyrus.overlap_area(pygame.Mask(window.layout.fact.size, fill=True),
                                window.layout.fact.topleft) > 20_000
    assert window.fact is None  # no MummyFacts over the lessons
    window.step(400.0)
    assert window.fact is None


def test_a_move_the_lesson_did_not_ask_for_is_corrected_and_set_out_again(
        tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=None), seed=6)
    window.act("help:tutorial")
    window.step(0.5)
    click(window, window.layout.sideline_slot(C, 0))  # a new Cone, not the one on C2
    assert window.tutorial is not None and window.tutorial.teacher.index == 0
    assert window.tutorial.message.startswith(LESSONS[0].correct)
    assert window.hand.pieces.owners == {"C2": C, "M11": R}
    follow_the_lessons(window)
    assert window.tutorial.finished


def test_new_game_leaves_the_tutorial(tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=None), seed=6)
    window.act("help:tutorial")
    follow_the_lessons(window, steps=4)
    choose(window, "Options", "New game")
    window.step(0.5)
    assert window.tutorial is None and window.controller.settings.mummy is None
    assert window.controller.throw_source is None


def test_another_game_offers_the_story_through_the_mode_which_brings_tait_back() -> None:
    window = Window.open(settings=WindowSettings(mummy=None, tournament=True), seed=1,
                         game="senet")
    assert window.setna is None  # a tournament kept from Tait's games waits for them
    offered = {item.label: item.enabled for title in ("Help", "Options")
               for item in window.menu_items(title)}
    assert offered["Tutorial (Twenty Squares only)"] is False  # greyed, saying why
    assert window.chosen.mode == "game"  # the stories are Tait's: not played on Senet's board
    choose(window, "Options", "Mode", "Setna's tournament against the mummy")
    assert window.play.rules.name == "tait" and window.setna is not None  # as a board does


def test_the_tutorial_over_a_game_shows_none_of_its_throws_and_gives_it_back(
        tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=None), seed=6)
    shake(window)
    for _ in range(3):  # a few throws of a real game
        shake(window)
    game = window.controller.game
    assert game is not None and window.controller.throws
    actions = game.actions
    choose(window, "Help", "Tutorial")
    assert "threw" not in window.snapshot().sticks_caption  # no throw of the old game
    follow_the_lessons(window)
    window.step(0.5)
    assert window.controller.game is game and game.actions == actions  # given back whole
    assert "your game goes on" in window.news()
    window.step(2.0)
    assert window.tutorial is None and window.hand.pieces.owners == dict(game.state.owners())
