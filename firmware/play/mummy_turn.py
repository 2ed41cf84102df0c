"""The mummy's turn: Neferkaptah throws after a pause, chooses its move, and offers hints.

The mummy's level may change at any time (a menu, fair mode after each game); it plays at the new
level from its next move. The board's human players move its pieces for it.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from engine.core.sides import Side
from engine.games.api import Position
from engine.mummy import Mummy, SolvedTable, hint
from firmware.lights.scenes import Phase
from firmware.play import sounds
from firmware.play.play_state import PlayState
from firmware.play.tracker import AsExpected

log = logging.getLogger("firmware.play.controller")  # its rooms log as the controller, as before


class MummyTurn(PlayState):
    """The controller's mummy: when it throws, what it plays, what it would hint."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self._new_mummy()

    def _new_mummy(self) -> None:
        self._mummy = Mummy(self.settings.level, table=self.settings.table)
        if self._mummy.fallback:
            log.info("%s", self._mummy.fallback)

    def table_ready(self, table: SolvedTable) -> None:
        """The solved table was made while the board played: Neferkaptah plays from it and the
        chances can be shown, from the next move on."""
        self.settings.table = table
        self._new_mummy()
        log.info("the solved table is ready: Neferkaptah plays perfectly from it, and the "
                 "chances can be shown")

    def _level_changed(self) -> None:
        """A new mummy when the settings name another level."""
        if self._mummy.level != self.settings.level:
            self._new_mummy()

    def _mummy_waits_to_throw(self) -> None:
        """The mummy's turn to throw has come: it throws after a pause, so players see it pass."""
        if self._mummy_to_play():
            # after a lost throw and its reason, the news stays up long enough to read
            self.mummy_due = max(self.clock.now() + self.settings.mummy_delay, self.read_until)
            self.speaker.play(sounds.MUMMY_TURN)

    def _mummy_throws_now(self, now: float) -> bool:
        """Whether the mummy's pause is over and the still board lets it throw."""
        return self.phase is Phase.THROW and self._mummy_to_play() and now >= self.mummy_due \
            and isinstance(self.verdict, AsExpected)

    def _mummy_chooses(self, state: Position) -> Any:
        """The mummy's move (in fair mode at the level the visitors' results ask for)."""
        level = self.fairness.pick(self.rng) if self.settings.fair else None
        return self._mummy.choose(state, self.rng, level)

    def _hint_for(self, state: Position) -> Any:
        """The move a hint suggests to the side to play (the same one every time)."""
        return hint(state, mummy=self._mummy, rng=random.Random(0)).move

    def _mummy_heard_won(self, winner: Side) -> None:
        """Fair mode: the mummy's strength follows who won."""
        if self.settings.fair and self.settings.mummy is not None:
            self.fairness = self.fairness.after_game(winner != self.settings.mummy)
            log.info("fair mode: strength %.2f after %d games, visitors won %d",
                     self.fairness.strength, self.fairness.games, self.fairness.visitor_wins)
