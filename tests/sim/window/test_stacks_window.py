"""The stacking game in the family's window: a whole game against the mummy played by synthetic
mouse clicks (time injected a frame at a time, no sleeping), its picture rendered to PNG and
judged, its choices, its menus, log and sounds, and its game kept between runs."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine.core.sides import Side
from engine.game import Game
from engine.stacks import STACKS, Move
from engine.stacks.board import square
from firmware.play.store import Store
from sim.drawing.stacks import DIE, GOLD, GREEN, RED, USED, die_rect, spot
from sim.window.settings import WindowSettings
from sim.window.stacks_play import CARRY, SHOW, StacksPlay
from sim.window.window import Window
from tests.sim.window.window_hands import (
    start_pygame,  # sets SDL's dummy drivers before pygame starts
)

C, R = Side.CONES, Side.REELS
FRAME = 1 / 30


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def stacks_window(tmp_path: Path | None = None, seed: int = 5, mummy: Side | None = R,
                  **settings: object) -> Window:
    """The window on the stacking game (its game kept in ``tmp_path``, if given)."""
    return Window.open(state_dir=tmp_path, game="stacks", seed=seed,
                       settings=WindowSettings(mummy=mummy, **settings))  # type: ignore[arg-type]


def play_of(window: Window) -> StacksPlay:
    assert isinstance(window.play, StacksPlay)
    return window.play


def click(window: Window, pos: tuple[int, int]) -> None:
    """Press and let go, then a frame."""
    window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    window.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    window.step(FRAME)


def make(window: Window, move: Move) -> None:
    """Click the die, the man, its target, and the man it captures (or the target again)."""
    play, layout = play_of(window), window.layout
    die = next(i for i, (face, used) in enumerate(zip(play.thrown, play.used(), strict=True))
               if face == move.die and not used)
    click(window, die_rect(layout, die).center)
    assert play.choice.die == die
    click(window, spot(layout, f"in{move.side.letter}" if move.enters else move.source))
    click(window, spot(layout, move.target))
    if play.choice.target is not None:
        click(window, spot(layout, square(move.side, move.capture) if move.capture
                           else move.target))


def render(window: Window, path: Path) -> pygame.Surface:
    surface = pygame.Surface((1280, 720))
    window.render(surface)
    pygame.image.save(surface, str(path))
    return pygame.image.load(str(path))


def test_a_whole_game_against_the_mummy_by_mouse_clicks(tmp_path: Path) -> None:
    window = stacks_window(seed=5)
    play = play_of(window)
    surface = pygame.Surface((1280, 720))
    made = mummy_moves = frames = 0
    flashed = carried = False
    while not play.state.is_over and frames < 200_000:
        if frames % 10 == 0:
            window.render(surface)
        state = play.state
        if play.mummy_to_play:
            before = len(play.game.actions)
            if play.showing is not None:  # shown in gold before it is made
                assert window.snapshot().stacks.flash[1] == play.showing.target  # type: ignore[union-attr]
                flashed = True
            if play.carried is not None:  # then its hand carries the man
                assert window.snapshot().flight is not None
                carried = True
            window.step(FRAME)
            frames += 1
            mummy_moves += len(play.game.actions) > before \
                and isinstance(play.game.actions[-1], Move)
        elif state.throw is None:
            click(window, die_rect(window.layout, 1).center)
            assert play.state.throw is not None or play.state.is_over
        else:
            moves = state.moves
            move = next((m for m in moves if m.capture), moves[len(moves) // 2])
            make(window, move)
            assert play.game.actions[-1] == move
            made += 1
    assert play.state.is_over and made > 20 and mummy_moves > 20 and flashed and carried
    picture = render(window, tmp_path / "over.png")
    assert "win" in window.status()
    click(window, window.layout.squares["M9"].center)  # a click after the game begins a new one
    assert not play.state.is_over and play.game.actions == ()
    assert picture.get_size() == (1280, 720)


def test_the_mummys_move_is_shown_then_carried_then_made() -> None:
    window = stacks_window(seed=2, mummy=C)
    play = play_of(window)
    play.game = Game(STACKS, C)
    play.due = 0.0
    window.step(FRAME)  # it throws
    assert play.state.throw is not None and play.showing is None
    window.step(0.6)  # it thinks, then shows its move
    shown = play.showing
    assert shown is not None and play.game.actions[-1:] != (shown,)
    window.step(SHOW + FRAME)  # its hand takes the man
    assert play.carried is not None and play.carried.move == shown
    window.step(CARRY + FRAME)
    assert play.game.actions[-1] == shown and play.carried is None


def test_the_picture_shows_stacks_dice_and_where_a_man_can_go(tmp_path: Path) -> None:
    window = stacks_window(seed=3, mummy=R)
    play = play_of(window)
    play.game = Game.from_position(
        STACKS.parse("C:w5,C1,C3x2,M7,M9x3,M12,M15x2 R:w7,R2x3,M8,M10x2,M13 turn:C dice:456"))
    play.thrown = (4, 5, 6)
    window.render(pygame.Surface((1280, 720)))
    layout = window.layout
    click(window, spot(layout, "C1"))
    click(window, die_rect(layout, 0).center)  # use the 4 only
    picture = render(window, tmp_path / "chosen.png")

    def edge(name: str) -> tuple[int, ...]:
        rect = layout.squares[name]
        return tuple(picture.get_at((rect.x + 4, rect.centery))[:3])

    assert edge("C1") == GOLD  # the man chosen
    assert edge("C5") == GREEN and edge("M6") != GREEN  # the 4 alone: C1 to C5
    die = die_rect(layout, 0)
    assert tuple(picture.get_at((die.centerx, die.y - 2))[:3]) == GOLD  # the die chosen
    click(window, spot(layout, "C5"))  # it passes C3: a capture to decide
    assert play.choice.target == "C5"
    picture = render(window, tmp_path / "capture.png")
    c3 = layout.squares["C3"].inflate(-layout.cell // 6, -layout.cell // 6)
    assert tuple(picture.get_at((c3.x + 3, c3.centery))[:3]) == RED
    click(window, spot(layout, "C5"))  # the target again: no capture
    assert play.state.stacks()["C3"] == (C, 2) and play.state.dice == (5, 6)
    picture = render(window, tmp_path / "used.png")
    assert tuple(picture.get_at((die.x + 4, die.centery))[:3]) == USED
    second = die_rect(layout, 1)
    assert tuple(picture.get_at((second.x + 4, second.centery))[:3]) == DIE


def test_stack_heights_are_written_on_the_stacks(tmp_path: Path) -> None:
    window = stacks_window(seed=3)
    play_of(window).game = Game.from_position(STACKS.parse("C:w12,M9x3 R:w13,M10 turn:C"))
    picture = render(window, tmp_path / "stacks.png")
    layout = window.layout
    ink = {tuple(picture.get_at(p)[:3]) for p in _points(layout.squares["M9"])}
    alone = {tuple(picture.get_at(p)[:3]) for p in _points(layout.squares["M10"])}
    assert len(ink) > len(alone)  # three discs and the figure 3 against one disc


def _points(rect: pygame.Rect) -> list[tuple[int, int]]:
    inner = rect.inflate(-rect.width // 3, -rect.height // 3)
    return [(x, y) for x in range(inner.x, inner.right) for y in range(inner.y, inner.bottom)]


def test_aseb_sim_opens_the_stacking_game_in_the_familys_window(tmp_path: Path) -> None:
    from sim.command.cli import main

    assert main(["sim", "--game", "stacks", "--seconds", "0.2", "--seed", "1",
                 "--state-dir", str(tmp_path)]) == 0


def test_the_game_is_kept_and_goes_on_where_it_was_left(tmp_path: Path) -> None:
    window = stacks_window(tmp_path, seed=2, mummy=None)
    play = play_of(window)
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))  # Space throws
    make(window, play.state.moves[0])
    window.close()
    again = play_of(stacks_window(tmp_path, seed=9, mummy=None))
    assert again.state == play.state and again.game.actions == play.game.actions
    Store(tmp_path, "stacks").path.write_text("not a game")
    assert play_of(stacks_window(tmp_path, seed=2)).game.actions == ()


def test_the_menus_log_sounds_and_hints_serve_the_stacking_game_too() -> None:
    window = stacks_window(seed=4, mummy=None)
    play = play_of(window)
    options = {item.action: item for item in window.menu_items("Options")}
    assert "carry" not in options  # no board to rehearse on
    assert not any(item.enabled for item in window.menu_items("Help")
                   if item.action in ("help:tutorial", "review"))
    window.act("log")
    heard: list[str] = []
    window.audio = Ears(heard)  # type: ignore[assignment]
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))
    window.step(FRAME)
    assert heard == ["throw"]
    shot = window.snapshot()
    assert shot.log is not None and any("threw" in line for line in shot.log)
    click(window, window.layout.squares["M9"].center)  # a click puts the log away
    assert not window.log_open and play.choice.source is None
    window.act("hints")
    assert window.news().startswith("Hint: ")
    make(window, play.state.moves[0])
    assert "move" in heard
    window.act("new_game")
    assert play.game.actions == ()


class Ears:
    """The window's audio, heard by a test: the names of the sounds played."""

    def __init__(self, heard: list[str]) -> None:
        self.heard, self.sounds = heard, True

    def play(self, name: str) -> None:
        self.heard.append(name)

    def close(self) -> None:
        """Nothing to release."""
