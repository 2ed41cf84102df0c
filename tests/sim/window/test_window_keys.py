"""The window without a mouse: a whole game by keys alone, every menu item reached by keys, the
focus drawn, and larger text that scales every word."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine.core.sides import Side
from engine.ramses import RULES as RAMSES
from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from sim.board.table import Table
from sim.drawing.focus import STICKS, focus_places, nearest
from sim.window.menu_bar import TITLES
from sim.window.settings import WindowSettings
from sim.window.window import LARGER, Window
from tests.sim.window.window_hands import drag, pixel, set_up, start_pygame

R = Side.REELS


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def key(window: Window, name: int, mod: int = 0, hold: float = 0.05) -> None:
    """Press and let go of a key, a moment passing."""
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=name, mod=mod))
    window.step(hold)
    window.handle(pygame.event.Event(pygame.KEYUP, key=name, mod=mod))
    window.step(0.05)


def tab_to(window: Window, place: str) -> None:
    """Tab until the focus is on ``place`` (it must be one of the places that matter)."""
    for _ in range(40):
        key(window, pygame.K_TAB)
        if window.focus == place:
            return
    raise AssertionError(f"Tab never reached {place}: {window.board.stops()}")


def play_by_keys(window: Window, turns: int) -> int:
    """Throw with Space and move with Tab and Enter until the game is won; moves made."""
    made = 0
    for _ in range(turns):
        controller = window.controller
        if controller.phase is Phase.WON:
            break
        game = controller.game
        assert game is not None, controller.status()
        if game.state.turn is R:
            window.step(1.0)  # the mummy throws and moves for itself
        elif controller.phase is Phase.THROW:
            key(window, pygame.K_SPACE)
            window.step(1.5)
        else:
            before = game.state
            key(window, pygame.K_TAB)  # the first piece that can move
            key(window, pygame.K_RETURN)  # it goes where the throw takes it
            if window.hand.held is not None:  # several squares to go to: Tab to one
                key(window, pygame.K_TAB)
                key(window, pygame.K_RETURN)
            window.step(1.0)
            after = window.controller.game
            assert after is not None and after.state != before, controller.status()
            made += 1
    return made


def test_a_whole_game_by_keys_alone(tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=R), seed=2)
    assert window.board.stops() == [STICKS]  # nothing else matters before a game
    key(window, pygame.K_SPACE)
    window.step(1.5)
    assert window.controller.game is not None
    made = play_by_keys(window, 3000)
    controller = window.controller
    assert controller.phase is Phase.WON and made > 10, controller.status()
    window.step(controller.settings.celebrate)
    while window.hand.pieces.owners:  # the pieces left, taken off one by one
        key(window, pygame.K_TAB)
        key(window, pygame.K_RETURN)
        window.step(0.3)
    window.step(3.0)
    assert controller.phase is Phase.IDLE
    window.close()


def ramses(text: str) -> Window:
    """A window on a Ramses position, the mummy playing the Reels."""
    state = RAMSES.parse(text)
    table = Table(settings=Settings(ruleset=RAMSES, mummy=R), pieces=state.occupancy(), seed=5)
    table.controller.set_up(state)
    window = Window(table, WindowSettings(mummy=R))
    window.step(0.5)
    return window


def test_a_piece_with_two_ways_stays_in_hand_until_enter_on_where_it_goes() -> None:
    window = ramses("C:T2,T3,T4,U10 R:T19,T20,T21,L10 turn:C half:own first:yes")
    tab_to(window, "T2")  # it may go to T8 or T10
    key(window, pygame.K_RETURN)
    held = window.hand.held
    assert held is not None and held.origin == "T2"
    assert set(window.board.stops()) == {"T8", "T10", "T2"}
    key(window, pygame.K_ESCAPE)  # put back where it was
    window.step(0.5)
    assert window.hand.held is None and "T2" in window.table.sim.pieces and window.running
    tab_to(window, "T2")
    key(window, pygame.K_RETURN)
    tab_to(window, "T10")
    key(window, pygame.K_RETURN)
    window.step(1.5)
    game = window.controller.game
    assert game is not None and "T10" in game.state.owners() and "T2" not in game.state.owners()


def test_a_mistake_is_put_right_by_keys() -> None:
    window = set_up("C:C2,M6 R:M9 turn:C throw:3:WWWD", mummy=R)
    sim, squares = window.table.sim, window.layout.squares
    drag(window, squares["M9"].center, squares["M10"].center)  # a Reel knocked one square on
    window.step(3.0)
    assert window.controller.guiding()
    assert {"M9", "M10"} <= set(window.board.stops())
    tab_to(window, "M10")
    key(window, pygame.K_RETURN)  # a piece with nowhere to go of its own stays in hand
    assert window.hand.held is not None
    tab_to(window, "M9")
    key(window, pygame.K_RETURN)
    window.step(2.0)
    assert "M9" in sim.pieces and "M10" not in sim.pieces
    assert not window.controller.guiding() and window.controller.phase is Phase.MOVE


def test_arrow_keys_move_the_focus_to_the_neighbouring_square() -> None:
    window = set_up("C:C2 R:M9 turn:C", mummy=R)
    places = focus_places(window.layout)
    assert nearest(places, "M7", (-1, 0)) == "M8" and nearest(places, "M7", (1, 0)) == "M6"
    assert nearest(places, "M7", (0, -1)) == "R2" and nearest(places, "M7", (0, 1)) == "C2"
    key(window, pygame.K_TAB)
    assert window.focus == STICKS  # a throw is awaited
    key(window, pygame.K_UP)
    assert window.focus in window.layout.squares


def test_the_focus_is_drawn_round_its_square() -> None:
    window = set_up("C:C2 R:M9 turn:C", mummy=R)
    surface = pygame.Surface(window.layout.size)
    window.render(surface)
    rect = window.layout.squares["M7"]
    before = pixel(surface, (rect.centerx, rect.top - 2))
    window.focus = "M7"
    window.render(surface)
    ring = {pixel(surface, (rect.centerx, rect.top - n)) for n in range(-2, 6)}
    assert (255, 255, 255) in ring and (0, 0, 0) in ring and before not in ring
    window.step(0.5)  # the lights under it change: the ring stays
    window.render(surface)
    assert (255, 255, 255) in {pixel(surface, (rect.centerx, rect.top - n))
                               for n in range(-2, 6)}


def test_every_menu_item_is_reached_by_keys() -> None:
    window = set_up("C:C2 R:M9 turn:C", mummy=R)
    menu = window.menu
    wanted = {item.action for title in ("Options", "Help") for item in window.menu_items(title)
              if item.enabled and not item.sub}
    wanted |= {choice.action for item in window.menu_items("Options") for choice in item.sub
               if choice.enabled}
    reached: set[str] = set()
    key(window, pygame.K_F10)
    for _title in TITLES:
        items = window.menu_items(menu.open) if menu.open in ("Options", "Help") else []
        for _ in items:
            here = menu._keyed()
            assert here is not None
            if here.sub:
                key(window, pygame.K_RIGHT)  # into the list beside it
                for _ in here.sub:
                    chosen = menu._keyed()
                    assert chosen is not None
                    reached.add(chosen.action)
                    key(window, pygame.K_DOWN)
                key(window, pygame.K_LEFT)
            else:
                reached.add(here.action)
            key(window, pygame.K_DOWN)
        key(window, pygame.K_LEFT)  # the title before: round the bar from its other end
    assert wanted <= reached
    assert menu.open == "Options"  # round the bar and back
    key(window, pygame.K_ESCAPE)
    assert menu.open is None and window.running


def test_enter_chooses_an_item_and_plays_it() -> None:
    window = set_up("C:C2 R:M9 turn:C", mummy=R)
    key(window, pygame.K_F10)
    while window.menu._keyed() is None or window.menu._keyed().action != "labels":  # type: ignore[union-attr]
        key(window, pygame.K_DOWN)
    key(window, pygame.K_RETURN)
    assert window.settings.square_labels and window.menu.open is None
    key(window, pygame.K_F10)
    key(window, pygame.K_LEFT)  # round to Exit
    assert window.menu.open == "Exit"
    key(window, pygame.K_RETURN)
    assert not window.running


def test_a_help_page_turns_with_enter() -> None:
    window = set_up("C:C2 R:M9 turn:C", mummy=R)
    window.act("help:how")
    pages = 1 + len(window.pages)
    for _ in range(pages):
        assert window.page is not None
        key(window, pygame.K_RETURN)
    assert window.page is None


def sizes(window: Window) -> dict[str, int]:
    """Each line of words drawn in one picture, and its size."""
    drawn: dict[str, int] = {}
    texts = window.view.texts
    line = texts.line

    def noted(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
        drawn[text] = size
        return line(text, size, colour)

    texts.line = noted  # type: ignore[method-assign]
    window.view.invalidate()
    window.render(pygame.Surface(window.layout.size))
    texts.line = line  # type: ignore[method-assign]
    return drawn


def test_larger_text_scales_every_word_and_the_layout_follows() -> None:
    window = set_up("C:C2,M7 R:M9 turn:C throw:2:WDWD", mummy=R)
    window.settings.square_labels = True
    window.fact = "A MummyFact to read."
    normal, layout = sizes(window), window.layout
    window.act("larger_text")
    larger, bigger = sizes(window), window.layout
    both = set(normal) & set(larger)  # a long line may be wrapped in two now
    assert len(both) > 15
    assert {t: (normal[t], larger[t]) for t in both if larger[t] < normal[t] * 1.3} == {}
    assert bigger.menu.height == int(layout.menu.height * LARGER)
    assert bigger.status.height > layout.status.height * 1.4
    assert bigger.board.bottom < bigger.status.top and bigger.fact.bottom <= bigger.size[1]
