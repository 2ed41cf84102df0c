"""The window tells what happens: status and news lines, who is who, hints, the log, click to
move, the mummy's own hand, and a calm board to clear after a win."""

from __future__ import annotations

import pygame
import pytest

from engine.core.sides import Side
from engine.core.sticks import Throw
from firmware.lights.scenes import RED, Phase
from firmware.play import sounds
from hardware.core.events import SticksThrown
from sim.window.settings import WindowSettings
from tests.sim.window.window_hands import (  # sets SDL's dummy drivers before pygame starts
    Window,
    drag,
    press,
    release,
    set_up,
    shake,
    start_pygame,
)

C, R = Side.CONES, Side.REELS


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def throw(window: Window, sticks: str) -> None:
    """The stick box settles showing ``sticks`` (``W`` white side up, ``D`` dark)."""
    window.controller.handle(SticksThrown(Throw.parse(sticks), window.table.now))
    window.step(0.5)


def click(window: Window, square: str) -> None:
    where = window.layout.squares[square].center
    press(window, where)
    window.step(0.05)
    release(window, where)
    window.step(1.0)


def test_a_lost_throw_is_said_in_the_status_line() -> None:
    window = set_up("C:M14 R:M9 off:4,0 turn:C", mummy=None)
    throw(window, "WWWD")  # a 3 from M14 would overshoot 16, and no other piece is left
    news = window.snapshot().news
    assert "Cones threw 3." in news and "Cones cannot move 3: the throw is lost." in news
    assert window.snapshot().status == "Shake the sticks, Reels."


def test_a_bear_off_an_extra_turn_and_a_bump_are_said() -> None:
    window = set_up("C:M6,M13 R:M9 turn:C", mummy=None)
    throw(window, "WWWD")  # a 3: M13 bears off (and 16 is a marked square)
    drag(window, window.layout.squares["M13"].center, window.layout.squares["M16"].center)
    window.step(1.5)
    assert "Cones bear a piece off from M13." in window.snapshot().news
    throw(window, "WWDD")  # a 2: M6 to M8, a marked square
    drag(window, window.layout.squares["M6"].center, window.layout.squares["M8"].center)
    window.step(1.0)
    news = window.snapshot().news
    assert "Cones move M6 to M8." in news and "A marked square: Cones earn an extra turn." in news
    throw(window, "WDDD")  # a 1: M8 bumps the Reel on M9
    drag(window, window.layout.squares["M8"].center, window.layout.squares["M9"].center)
    window.step(1.0)
    assert "Bump! The Reel on M9 goes back to the start." in window.snapshot().news
    said = list(window.controller.said)
    assert said.index("Cones bear a piece off from M13.") < said.index("Cones move M6 to M8.")


def test_a_new_game_tells_its_demon_cast_beside_the_throw_that_enters() -> None:
    window = Window.open(settings=WindowSettings(mummy=None), seed=4)
    shake(window, settle=0.9)
    game = window.controller.game
    assert game is not None
    assert "The demon throws for each side in turn until one can enter: Cones " \
        in window.snapshot().news
    captions, sticks = [], []
    for _ in range(40):
        shot = window.snapshot()
        captions.append(shot.sticks_caption)
        sticks.append(tuple(shot.frame.get(p) for p in ("S1", "S2", "S3", "S4")))
        window.step(0.1)
    demon = [c for c in captions if c.startswith("Demon-cast:")]
    throws = [a for a in game.actions if isinstance(a, Throw)]
    assert len(throws) == 13  # this seed's demon throws twelve times in vain
    assert demon and set(demon) == {f"Demon-cast: 12 lost, {game.state.turn.title} threw "
                                    f"{throws[-1].value}"}
    assert len(set(sticks)) == 1  # the sticks show the throw that enters all along
    assert captions[-1].endswith(f"threw {throws[-1].value}")


def test_who_is_who_whose_turn_and_pieces_borne_off() -> None:
    window = set_up("C:M13 R:M9 off:2,1 turn:R throw:1:WDDD", carry=True, mummy=R)
    cones, reels = window.snapshot().players
    assert (cones.who, reels.who) == ("you", "the mummy")
    assert (cones.off, reels.off) == (2, 1)
    assert reels.to_play and not cones.to_play


def test_a_hint_names_the_move_and_the_reason() -> None:
    window = set_up("C:C2,M6 R:M7 off:0,1 turn:C throw:1:WDDD", mummy=None, hints=True)
    assert window.snapshot().news == ("Hint: Cone on M6 to M7, bumping a Reel: bumps the Reel on "
                                      "M7 back to the start")


def test_a_click_sends_a_piece_to_its_target_and_a_piece_that_cannot_move_stays() -> None:
    window = set_up("C:C1,M6 R:M9 turn:C throw:2:WWDD", mummy=None)
    game = window.controller.game
    assert game is not None
    click(window, "M7")  # an empty square: nothing happens
    click(window, "M9")  # the Reels' piece cannot move on the Cones' throw: it stays
    assert game.state.squares(R) == {"M9"} and window.hand.pieces.owners["M9"] is R
    click(window, "M6")
    assert game.state.squares(C) == {"C1", "M8"}
    assert window.hand.pieces.owners == {"C1": C, "M8": C, "M9": R}


def test_a_click_on_the_sideline_enters_a_piece() -> None:
    window = set_up("C:M9 R:M10 turn:C throw:4:WWWW", mummy=None)
    where = window.layout.sideline_slot(C, 0)
    press(window, where)
    release(window, where)
    window.step(1.0)
    game = window.controller.game
    assert game is not None and game.state.squares(C) == {"M9", "C4"}


def test_the_mummy_moves_its_own_piece_in_about_half_a_second() -> None:
    window = set_up("C:C1,M10 R:M6 turn:R throw:3:WWWD", mummy=R)
    assert window.status() == "The mummy plays: Reel on M6 to M9."
    positions = []
    for _ in range(60):
        window.step(1 / 30)
        if (flight := window.snapshot().flight) is not None:
            positions.append(flight[1])
    start, end = (window.layout.squares[s].center for s in ("M6", "M9"))
    assert 10 <= len(positions) <= 20  # about half a second at 30 frames a second
    assert positions[0][0] <= start[0] and positions[-1][0] >= end[0] - 5  # it travels left...
    assert positions == sorted(positions, reverse=True)  # ...all the way, without going back
    window.step(1.0)
    game = window.controller.game
    assert game is not None and game.state.squares(R) == {"M9"}
    assert window.hand.pieces.owners == {"C1": C, "M10": C, "M9": R}


def test_carrying_out_the_mummys_moves_myself_is_an_option() -> None:
    window = set_up("C:C1,M10 R:M6 turn:R throw:3:WWWD", mummy=R)
    window.act("carry")
    assert window.settings.carry_mummy_moves
    window.step(3.0)
    assert window.controller.mummy_move is not None  # still waiting for a hand
    assert window.status().endswith("Move its piece for it.")
    drag(window, window.layout.squares["M6"].center, window.layout.squares["M9"].center)
    window.step(1.0)
    assert window.controller.mummy_move is None


def test_after_a_win_the_board_is_cleared_calmly_not_corrected() -> None:
    window = set_up("C:M14 R:M9,R2 off:4,0 turn:C throw:2:WWDD", mummy=None)
    drag(window, window.layout.squares["M14"].center, window.layout.squares["M16"].center)
    window.step(1.5)
    controller = window.controller
    assert controller.phase is Phase.WON
    window.step(controller.settings.celebrate + 3.0)
    frame = window.table.frame
    assert controller.status() == "Cones win! Clear the board for a new game."
    assert frame["R2"] != RED and frame["M9"] != RED and max(frame["R2"]) > 0
    assert sounds.MISTAKE not in window.table.sim.sounds
    for square in ("R2", "M9"):
        drag(window, window.layout.squares[square].center, window.layout.sidelines[C].center)
    window.step(2.0)
    assert controller.phase is Phase.IDLE


def test_the_log_opens_from_the_menu_bar_and_lists_what_happened() -> None:
    window = set_up("C:M14 R:M9 off:4,0 turn:C", mummy=None)
    throw(window, "WWWD")
    press(window, window.menu.title_rects(window.layout)["Log"].center)
    shot = window.snapshot()
    assert shot.log is not None and "Cones cannot move 3: the throw is lost." in shot.log
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert window.snapshot().log is None and window.running
