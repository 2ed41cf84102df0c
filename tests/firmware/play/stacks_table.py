"""The stacking game set out on its Hall board for a story: two players (or one against the
mummy), the board showing a position, its men standing on their squares and the board judging
them as expected before the hands begin.

    with stacks_table("C:w14,M6 R:w14,M8 turn:C dice:4", tmp_path) as table: ...
    played(table)                                        # ["4:M6-M10"]
"""

from __future__ import annotations

from pathlib import Path

from engine import games
from engine.core.sides import Side
from firmware.play.controller import Settings
from firmware.play.tracker import AsExpected
from sim.board.table import Table

STACKS = games.load("stacks")


def stacks_table(text: str, tmp_path: Path, mummy: Side | None = None,
                 said: list[str] | None = None) -> Table:
    """The Hall board showing ``text`` (``mummy``: the side it plays; ``said``: where what the
    board says aloud goes, from its setting out on)."""
    state = STACKS.parse(text)
    stacks = {square: n if side is Side.CONES else -n
              for square, (side, n) in state.stacks().items()}
    table = Table(state_dir=tmp_path, settings=Settings(mummy=mummy, ruleset=STACKS),
                  stacks=stacks)
    if said is not None:
        table.controller.aloud = said.append
    table.controller.set_up(state)
    table.run(0.5)
    assert isinstance(table.controller.verdict, AsExpected), text
    return table


def played(table: Table) -> list[str]:
    """The moves recorded so far, as their notation (the throws left out)."""
    game = table.controller.game
    assert game is not None
    return [str(a) for a in game.record.actions if hasattr(a, "die")]
