"""The stick box always shows the throw the player moves with: the window's table ticked frame by
frame through a new game's demon-cast, the mummy's first moves and the next throws."""

from __future__ import annotations

import pytest

from engine.core.sides import Side
from engine.core.sticks import Throw
from firmware.lights.scenes import STICK_WHITE, Phase
from hardware.core.squares import STICK_PIXELS
from sim.board.table import FRAME
from sim.window.settings import WindowSettings
from sim.window.view import Snapshot
from tests.sim.window.window_hands import Window, shake, start_pygame


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def lit(throw: Throw) -> tuple[bool, ...]:
    """The stick pixels a throw lights white (a die's: as many as it shows)."""
    return throw.sticks or tuple(n < throw.value for n in range(len(STICK_PIXELS)))


def box(shot: Snapshot) -> tuple[bool, ...]:
    """The stick pixels the window's box shows white."""
    return tuple(shot.frame.get(pixel) == STICK_WHITE for pixel in STICK_PIXELS)


@pytest.mark.parametrize(("seed", "mummy"), [(4, None), (4, Side.REELS), (11, Side.CONES)])
def test_the_box_shows_the_throw_moved_with_in_every_frame(seed: int,
                                                           mummy: Side | None) -> None:
    window = Window.open(settings=WindowSettings(mummy=mummy), seed=seed)
    shake(window, settle=0.0)
    for _ in range(int(2 / FRAME)):  # the box settles; the demon-cast follows at once
        if window.controller.game is not None:
            break
        window.step(FRAME)
    game = window.controller.game
    assert game is not None and len(game.actions) > 1  # the demon threw in vain first
    told = moved_with = 0
    for _ in range(int(8 / FRAME)):  # the telling, the mummy's moves, the throws after them
        window.step(FRAME)
        shot, state = window.snapshot(), game.state
        if shot.shaking or window.controller.phase is not Phase.MOVE or state.throw is None:
            continue
        assert box(shot) == lit(state.throw), (shot.sticks_caption, state.notation())
        assert shot.sticks_caption.endswith(f"threw {state.throw.value}")
        moved_with += 1
        told += shot.sticks_caption.startswith("Demon-cast:")
    assert told > 30 and moved_with > told  # the telling's frames, and frames after it
