"""The stacking game's window: a whole game against the mummy played by synthetic mouse clicks
(time injected, no sleeping), its picture rendered to PNG and judged, and its choices."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine.core.sides import Side
from engine.game import Game
from engine.stacks import STACKS, Move
from engine.stacks.board import square
from sim.stacks_drawing import DIE, GOLD, GREEN, RED, USED
from sim.stacks_window import SHOW, StacksWindow
from tests.sim.window_hands import start_pygame  # sets SDL's dummy drivers before pygame starts

C, R = Side.CONES, Side.REELS


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def click(window: StacksWindow, pos: tuple[int, int]) -> None:
    window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


def spot(window: StacksWindow, name: str) -> tuple[int, int]:
    """The middle of a square, the off place or a side's men waiting."""
    at = window.place
    if name == "off":
        return at.off.center
    if name.startswith("in"):
        return at.waiting(Side.parse(name[2])).center
    return at.rect(name).center


def make(window: StacksWindow, move: Move) -> None:
    """Click the die, the man, its target, and the man it captures (or the target again)."""
    die = next(i for i, (face, used) in enumerate(zip(window.thrown, window._used(), strict=True))
               if face == move.die and not used)
    click(window, window.place.die(die).center)
    assert window.choice.die == die
    click(window, spot(window, f"in{move.side.letter}" if move.enters else move.source))
    click(window, spot(window, move.target))
    if window.choice.target is not None:
        click(window, spot(window, square(move.side, move.capture) if move.capture
                           else move.target))


def render(window: StacksWindow, path: Path) -> pygame.Surface:
    surface = pygame.Surface((1280, 720))
    window.render(surface)
    pygame.image.save(surface, str(path))
    return pygame.image.load(str(path))


def test_a_whole_game_against_the_mummy_by_mouse_clicks(tmp_path: Path) -> None:
    window = StacksWindow(seed=5)
    surface = pygame.Surface((1280, 720))
    now, made, mummy_moves = 0.0, 0, 0
    while not window.state.is_over and now < 20_000:
        window.render(surface)
        state = window.state
        if window.mummy_to_play:
            before = len(window.game.actions)
            window.tick(now)
            if window.showing is not None:
                shown = window.showing
                window.render(surface)
                assert window.scene().flash[1] == shown.target  # shown before it is made
                window.tick(now + SHOW)
                mummy_moves += len(window.game.actions) > before
        elif state.throw is None:
            click(window, window.place.die(1).center)
            assert window.state.throw is not None or window.state.is_over
        else:
            moves = state.moves
            move = next((m for m in moves if m.capture), moves[len(moves) // 2])
            make(window, move)
            assert window.game.actions[-1] == move
            made += 1
        now += 0.5
    assert window.state.is_over and made > 20 and mummy_moves > 20
    picture = render(window, tmp_path / "over.png")
    assert "win" in window.scene().status[0]
    click(window, (10, 10))  # a click after the game begins a new one
    assert not window.state.is_over and window.game.actions == ()
    assert picture.get_size() == (1280, 720)


def test_the_picture_shows_stacks_dice_and_where_a_man_can_go(tmp_path: Path) -> None:
    window = StacksWindow(seed=3, mummy=R)
    window.game = Game.from_position(
        STACKS.parse("C:w5,C1,C3x2,M7,M9x3,M12,M15x2 R:w7,R2x3,M8,M10x2,M13 turn:C dice:456"))
    window.thrown = (4, 5, 6)
    window.render(pygame.Surface((1280, 720)))
    at = window.place
    click(window, spot(window, "C1"))
    click(window, at.die(0).center)  # use the 4 only
    picture = render(window, tmp_path / "chosen.png")

    def edge(name: str) -> tuple[int, ...]:
        return tuple(picture.get_at((at.rect(name).x + 4, at.rect(name).centery))[:3])

    assert edge("C1") == GOLD  # the man chosen
    assert edge("C5") == GREEN and edge("M6") != GREEN  # the 4 alone: C1 to C5
    die = at.die(0)
    assert tuple(picture.get_at((die.centerx, die.y - 2))[:3]) == GOLD  # the die chosen
    click(window, spot(window, "C5"))  # it passes C3: a capture to decide
    assert window.choice.target == "C5"
    picture = render(window, tmp_path / "capture.png")
    c3 = at.rect("C3").inflate(-at.cell // 6, -at.cell // 6)
    assert tuple(picture.get_at((c3.x + 3, c3.centery))[:3]) == RED
    click(window, spot(window, "C5"))  # the target again: no capture
    assert window.state.stacks()["C3"] == (C, 2) and window.state.dice == (5, 6)
    picture = render(window, tmp_path / "used.png")
    assert tuple(picture.get_at((die.x + 4, die.centery))[:3]) == USED
    assert tuple(picture.get_at((at.die(1).x + 4, at.die(1).centery))[:3]) == DIE


def test_stack_heights_are_written_on_the_stacks(tmp_path: Path) -> None:
    window = StacksWindow(seed=3)
    window.game = Game.from_position(STACKS.parse("C:w12,M9x3 R:w13,M10 turn:C"))
    picture = render(window, tmp_path / "stacks.png")
    at = window.place
    ink = {tuple(picture.get_at(p)[:3]) for p in _points(at.rect("M9"))}
    alone = {tuple(picture.get_at(p)[:3]) for p in _points(at.rect("M10"))}
    assert len(ink) > len(alone)  # three discs and the figure 3 against one disc


def _points(rect: pygame.Rect) -> list[tuple[int, int]]:
    inner = rect.inflate(-rect.width // 3, -rect.height // 3)
    return [(x, y) for x in range(inner.x, inner.right) for y in range(inner.y, inner.bottom)]


def test_aseb_sim_opens_the_stacking_window_without_a_board(tmp_path: Path) -> None:
    from sim.cli import main

    assert main(["sim", "--game", "stacks", "--seconds", "0.2", "--seed", "1",
                 "--state-dir", str(tmp_path)]) == 0


def test_the_game_is_kept_and_goes_on_where_it_was_left(tmp_path: Path) -> None:
    kept = tmp_path / "stacks.json"
    window = StacksWindow(seed=2, mummy=None, save_to=kept)
    window.key(pygame.K_SPACE)
    make(window, window.state.moves[0])
    again = StacksWindow(seed=9, mummy=None, save_to=kept)
    assert again.state == window.state and again.game.actions == window.game.actions
    kept.write_text("not a game")
    assert StacksWindow(seed=2, save_to=kept).game.actions == ()
