"""The stacking game's dice in the window, as a player sees and uses them: three dice with their
pips in the box, a used one dimmed; a man that could use two dice waits until the player
clicks the die (with the mouse, or Tab and Enter), and the squares it may go to are framed."""

from __future__ import annotations

import pygame
import pytest

from engine.core.sides import Side
from sim.drawing.dice import FACE, PIPS, USED_FACE, Die, dice_rects
from sim.drawing.signs import INK
from sim.window.window import Window
from tests.sim.window.test_stacks_window import moves_made, set_up
from tests.sim.window.window_hands import (
    click,
    die_place,
    drag,
    make,
    pixel,
    shake,
    start_pygame,
)

C = Side.CONES
POSITION = "C:w10,C1,M8,M12x3 R:w11,R2,M9,M13 turn:C dice:135"
"""The Cones hold 1, 3 and 5: their man on M8 may use any of them (to M10, M11 or M14)."""


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def pips_on(surface: pygame.Surface, die: pygame.Rect) -> int:
    """How many pips a die shows: the inked spots on its face, counted where pips lie."""
    return sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1)
               if pixel(surface, (die.centerx + int(dx * die.width * 0.27),
                                  die.centery + int(dy * die.height * 0.27))) == INK)


def drawn(window: Window) -> pygame.Surface:
    surface = pygame.Surface(window.layout.size)
    window.view.invalidate()
    window.render(surface)
    return surface


def test_the_box_shows_three_dice_with_their_pips() -> None:
    window = set_up(POSITION)
    surface = drawn(window)
    dice = dice_rects(window.layout.stick_box, 3)
    assert [pips_on(surface, die) for die in dice] == [1, 3, 5]
    assert all(pixel(surface, (die.left + die.width // 5, die.centery)) == FACE
               for die in dice)


def test_a_die_used_is_dimmed_and_the_others_stay_bright() -> None:
    window = set_up("C:w14,C1 R:w14,R2 turn:C")
    shake(window)
    state = window.controller.game.state  # type: ignore[union-attr]
    thrown = [int(face) for face in str(state.throw.value)]  # type: ignore[union-attr]
    assert len(set(thrown)) == 3, "a seed that throws three different faces"
    first = next(move for move in state.moves if move.die == thrown[1])
    make(window, first)
    assert window.snapshot().dice == (Die(thrown[0]), Die(thrown[1], used=True),
                                      Die(thrown[2]))
    surface = drawn(window)
    dice = dice_rects(window.layout.stick_box, 3)
    faces = [pixel(surface, (die.left + die.width // 5, die.centery)) for die in dice]
    assert faces == [FACE, USED_FACE, FACE]
    assert [pips_on(surface, die) for die in dice] == [thrown[0], 0, thrown[2]]


def test_a_man_that_could_use_several_dice_waits_for_the_die_to_be_clicked() -> None:
    window = set_up(POSITION)
    click(window, window.layout.squares["M8"].center)
    assert moves_made(window) == []  # nothing chosen for the player
    assert "1 or 3 or 5" in window.news()
    shot = window.snapshot()
    assert shot.ringed == frozenset({0, 1, 2})
    assert shot.choices == (C, ("M10", "M11", "M14"))
    click(window, die_place(window, 5))
    window.step(3.0)  # a man passed could be captured: the board waits a moment
    assert moves_made(window)[-1].startswith("5:M8-M14")


def test_the_squares_a_chosen_man_may_go_to_are_framed() -> None:
    window = set_up(POSITION)
    before = drawn(window)
    click(window, window.layout.squares["M8"].center)
    after = drawn(window)
    for square in ("M10", "M11", "M14"):
        rect = window.layout.squares[square]
        edge = (rect.left + rect.width // 8, rect.centery)
        assert pixel(before, edge) != pixel(after, edge)
    quiet = window.layout.squares["C3"]
    assert pixel(before, quiet.center) == pixel(after, quiet.center)


def test_a_waiting_man_asks_its_die_and_a_six_then_its_square() -> None:
    window = set_up("C:w14,C1 R:w14,R2 turn:C dice:356")  # 3 to C3, 5 to C5, 6 anywhere
    click(window, window.layout.sideline_slot(C, 0))
    assert moves_made(window) == [] and "3 or 5 or 6" in window.news()
    click(window, die_place(window, 6))
    assert moves_made(window) == []
    assert window.snapshot().choices == (C, ("C1", "C2", "C4"))  # a 6 enters anywhere else
    click(window, window.layout.squares["C4"].center)
    window.step(1.0)
    assert moves_made(window) == ["6:in-C4"]


def test_two_dice_to_one_square_leave_one_board_so_the_smaller_is_used() -> None:
    window = set_up("C:w14,C1 R:w14,R2 turn:C dice:356")  # a 3 or a 6 enters on C3
    drag(window, window.layout.sideline_slot(C, 0), window.layout.squares["C3"].center)
    window.step(1.0)
    assert moves_made(window) == ["3:in-C3"]  # as the wooden board reads it


def test_keys_choose_the_die_too() -> None:
    window = set_up(POSITION)
    key(window, pygame.K_TAB)
    while window.focus != "M8":
        key(window, pygame.K_TAB)
    key(window, pygame.K_RETURN)
    assert window.play.chosen is not None and moves_made(window) == []
    assert window.hand.held is None  # back on its square, waiting for its die
    stops = window.play.stops()
    assert {"die:1", "die:2", "die:3"} <= set(stops)
    while window.focus != "die:1":
        key(window, pygame.K_TAB)
    key(window, pygame.K_RETURN)
    window.step(3.0)
    assert moves_made(window)[-1].startswith("1:M8-M10")


def test_before_a_throw_the_dice_are_blank() -> None:
    window = set_up("C:w14,C1 R:w14,R2 turn:C")
    assert window.snapshot().dice == (Die(None),) * 3
    surface = drawn(window)
    assert [pips_on(surface, die) for die in dice_rects(window.layout.stick_box, 3)] == [0] * 3
    assert set(PIPS) == set(range(1, 7))


def key(window: Window, code: int) -> None:
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
    window.step(0.2)
