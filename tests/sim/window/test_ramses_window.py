"""Ramses drawn as itself: the special squares with their signs, the oblong spaces as the long
spaces they are (no names of squares that are not there), the squares a picked piece may go to
lit, and no piece shown twice while the mummy's hand carries it."""

from __future__ import annotations

import pygame
import pytest

from engine.core.sides import Side
from engine.games import load
from sim.drawing.board import REEL_BODY, tile_rect
from sim.drawing.signs import SIGNS, draw_unknown, ink_share
from sim.window.settings import WindowSettings
from sim.window.window import Window
from tests.sim.window.test_window_keys import ramses
from tests.sim.window.window_hands import click, lines_drawn, pixel, set_out, start_pygame

C, R = Side.CONES, Side.REELS
RAMSES = load("ramses")
OPENING = "C:T2,T3,T4,U10 R:T19,T20,T21,L10 turn:C half:own first:yes"


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def drawn(window: Window) -> pygame.Surface:
    surface = pygame.Surface(window.layout.size)
    window.view.invalidate()
    window.render(surface)
    return surface


def test_the_five_special_squares_carry_their_own_signs() -> None:
    window = ramses(OPENING)
    surface = drawn(window)
    marked = RAMSES.geometry.marked
    assert set(marked.values()) <= set(SIGNS)  # none falls back to a ring
    tile = tile_rect(window.layout.squares["T9"])
    ring = pygame.Surface(surface.get_size())
    ring.blit(surface, (0, 0))
    pygame.draw.rect(ring, surface.get_at(tile.topleft), tile)
    draw_unknown(ring, tile)
    inks = {square: ink_share(surface, tile_rect(window.layout.squares[square]))
            for square in marked}
    assert min(inks.values()) > 2 * ink_share(ring, tile)  # each a sign, not a small ring
    assert len({round(share, 3) for share in inks.values()}) == len(marked)  # five signs


def test_the_oblong_spaces_carry_no_names_of_squares_that_are_not_there() -> None:
    table = ramses(OPENING).table
    window = Window(table, WindowSettings(mummy=R, square_labels=True))
    window.step(0.2)
    said = lines_drawn(window)
    assert {"T1", "T12", "T21"} <= set(said)
    assert not [line for line in said if line[:1] in "UL" and line[1:].isdigit()]


def test_a_piece_with_two_squares_to_go_to_lights_them_until_one_is_clicked() -> None:
    window = ramses(OPENING)
    before = drawn(window)
    click(window, window.layout.squares["T2"].center)  # to T8 or T10
    assert window.controller.game.actions == ()  # type: ignore[union-attr]
    assert window.snapshot().choices == (C, ("T10", "T8"))
    after = drawn(window)
    for square in ("T8", "T10"):
        rect = window.layout.squares[square]
        edge = (rect.left + rect.width // 8, rect.centery)
        assert pixel(before, edge) != pixel(after, edge)
    click(window, window.layout.squares["T8"].center)
    window.step(1.5)
    assert window.snapshot().choices is None
    assert [str(a) for a in window.controller.game.actions] == ["T2-T8"]  # type: ignore[union-attr]


def test_no_piece_waits_on_the_sideline_while_the_mummys_hand_carries_one() -> None:
    window = Window.open(settings=WindowSettings(mummy=R), seed=4, game="ramses")
    window.act("new_game")
    window.step(1.0)
    flights = 0
    for _ in range(400):
        set_out(window)
        window.step(0.1)
        flight = window.mummy_hand.flight
        if flight is None or flight.mover.side is not R:
            if window.controller.phase.name == "MOVE" and window.controller.mummy_move is None:
                game = window.controller.game
                assert game is not None
                click(window, window.layout.squares[game.state.moves[0].source].center)
                click(window, window.layout.squares[game.state.moves[0].target].center)
            continue
        surface = drawn(window)
        flights += 1
        waiting = 4 - sum(1 for side in window.hand.pieces.owners.values() if side is R) - 1
        for slot in range(4):  # only those waiting stand on the sideline, not the one flying
            shown = pixel(surface, window.layout.sideline_slot(R, slot)) == REEL_BODY
            assert shown == (slot < waiting), (slot, waiting)
        if flights >= 6:
            break
    assert flights >= 6
