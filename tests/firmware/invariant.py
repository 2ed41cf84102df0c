"""The controller's promise, checked in every frame a test runs: whenever the board is not as
expected and the status asks for something, a square shows what (or, for the racks, which have
no lights, the status names the rack).

    with Table() as table, guided_every_frame(table):
        ...  # every tick of the table is checked
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from firmware.play.controller import Controller
from sim.board.table import Table


def unguided(controller: Controller) -> str | None:
    """What is wrong with this frame's guidance: None when it keeps the promise."""
    return controller.unguided()


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
