"""A remote player's turn: a friend plays one side through the board's link
(``firmware.service.link``).

Their throw is drawn by the board when they ask (or the owner shakes the sticks for them); their
move lights on the board as the mummy's does, and the owner carries it out. While they think, or
while their connection is down, the game simply waits: nothing is lost.
"""

from __future__ import annotations

import logging

from engine.core.sides import Side
from engine.core.words import N_, phrase
from firmware.lights.scenes import Phase
from firmware.play.phases import Phases
from firmware.play.tracker import AsExpected, Expectation

log = logging.getLogger("firmware.play.controller")  # its rooms log as the controller, as before


class RemoteTurn(Phases):
    """The controller's remote player: which side they play, their throws and moves."""

    def play_remotely(self, side: Side | None) -> None:
        """A remote player plays ``side`` from now on (None: nobody; the mummy or the board's
        own players take it again)."""
        if side == self.remote:
            return
        self.remote = side
        log.info("a remote player plays %s", side.title if side is not None else "no side")
        if side is not None and self.settings.mummy == side:
            self.settings.mummy = None  # the friend takes the mummy's side
        if self.game is not None and self.phase in (Phase.THROW, Phase.MOVE):
            self._next_turn(keep_history=True)

    def _remote_turn(self) -> bool:
        return self.game is not None and self.remote is not None \
            and self.game.state.turn == self.remote and not self.game.state.is_over

    def remote_throws(self) -> None:
        """The remote player throws: the board draws their throw. ValueError, in words, when
        it is not their turn to throw or the board is not ready for it (a ``Phrase``: a
        companion says it in its own language)."""
        if not self._remote_turn() or self.phase is not Phase.THROW:
            raise ValueError(phrase(N_("It is not your turn to throw.")))
        if not isinstance(self.verdict, AsExpected):
            raise ValueError(phrase(N_("The board is being put right: wait until it is.")))
        self._cast(self._arranged(self.settings.ruleset.draw(self.rng)))

    def remote_moves(self, text: str) -> None:
        """The remote player's move, in notation: it lights on the board for the owner to
        carry out. ValueError, in words, for a move that is not theirs to make now."""
        if not self._remote_turn() or self.phase is not Phase.MOVE or self.game is None:
            raise ValueError(phrase(N_("It is not your turn to move.")))
        state = self.game.state
        move = state.parse_move(text)  # a RulesError (a ValueError) names what is wrong
        self.mummy_move = move
        self.hint = None
        self.tracker.expect(Expectation.of(state, [move], self.settings.racks), keep_history=True)
        log.info("the remote player plays %s", state.describe(move))
