"""The controller's promise, checked in every frame a test runs: whenever the board is not as
expected and the status asks for something, a square shows what (or, for the racks, which have
no lights, the status names the rack).

    with Table() as table, guided_every_frame(table):
        ...  # every tick of the table is checked
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from firmware.controller import Controller
from firmware.scenes import Phase
from firmware.tracker import InProgress, Mismatch
from sim.table import Table


def unguided(controller: Controller) -> str | None:
    """What is wrong with this frame's guidance: None when it keeps the promise."""
    now = controller.clock.now()
    verdict = controller.verdict
    show = controller._show(now)
    after_game = controller.phase is Phase.CLEAR or (
        controller.phase is Phase.WON and not controller._celebrating(now))
    asks = isinstance(verdict, InProgress) or (isinstance(verdict, Mismatch) and (
        controller._guiding(now) or after_game))
    if not asks:
        return None
    lit = {*show.missing, *show.unexpected, *show.lifted_targets, *show.reseat,
           *show.clearing, *show.movable} & set(show.geometry.position)
    status = controller.status()
    if lit or "rack" in status or "tray" in status:
        return None
    return f"nothing lit, yet the board says {status!r} ({verdict})"


class Invariant:
    """A companion that checks the promise after every tick."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller
        self.frames = 0

    def tick(self) -> None:
        self.frames += 1
        wrong = unguided(self.controller)
        assert wrong is None, wrong


@contextmanager
def guided_every_frame(table: Table) -> Iterator[Invariant]:
    """Check the promise in every frame the table runs while inside."""
    invariant = Invariant(table.controller)
    table.companions.append(invariant)
    try:
        yield invariant
    finally:
        table.companions.remove(invariant)
