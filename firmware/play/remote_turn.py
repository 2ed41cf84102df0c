"""A remote player's turn: a friend plays one side through the board's link
(``firmware.service.link``), or a board far away does (``far``).

Their throw is drawn by the board when they ask (or the owner shakes the sticks for them; a far
board sends the throw its own sticks made); their move lights on the board as the mummy's does,
and the owner carries it out. While they think, or while their connection is down, the game
simply waits: nothing is lost. A far board's game is the same game on both boards: one of them
begins each game and the other takes it up (``take_up``), and while the far side is to play the
board expects no move of its pieces until the far move comes.
"""

from __future__ import annotations

import logging

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.core.words import N_, phrase
from engine.game import Game
from engine.record import GameRecord
from firmware.lights.scenes import Phase
from firmware.play.evidence import census, owners_of
from firmware.play.phases import Phases
from firmware.play.telling import last_throws
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

    def play_far(self, side: Side | None, *, begins: bool, away: bool) -> None:
        """A board far away plays ``side`` (None: which one is not known yet, so neither side
        plays here); ``begins``: this board begins the next game; ``away``: the far board
        cannot be reached now (the game waits, and says so)."""
        changed = side != self.remote
        self.far_begins, self.far_away = begins, away
        if changed:
            self.remote = side
            log.info("a board far away plays %s", side.title if side is not None else
                     "a side not known yet")
            if side is not None and self.settings.mummy is not None:
                self.settings.mummy = None  # far play has no mummy
            if self.game is not None and self.phase in (Phase.THROW, Phase.MOVE):
                self._next_turn(keep_history=True)

    def _remote_turn(self) -> bool:
        return self.game is not None and self.remote is not None \
            and self.game.state.turn == self.remote and not self.game.state.is_over

    def remote_throws(self, throw: Throw | None = None) -> None:
        """The remote player throws: the board draws their throw (a far board's ``throw``: the
        one its sticks made). ValueError, in words, when it is not their turn to throw or the
        board is not ready for it (a ``Phrase``: a companion says it in its own language)."""
        if not self._remote_turn() or self.phase is not Phase.THROW:
            raise ValueError(phrase(N_("It is not your turn to throw.")))
        if not isinstance(self.verdict, AsExpected):
            raise ValueError(phrase(N_("The board is being put right: wait until it is.")))
        if throw is None:
            throw = self._arranged(self.settings.ruleset.draw(self.rng))
        elif self.settings.ruleset.chance is None:
            raise ValueError("this game has no throw")  # a far board's mistake, not a player's
        self._cast(throw)

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

    def take_up(self, record: GameRecord) -> None:
        """Take up the game a far board plays (it began it, or this board's own save of it is
        behind): the board is guided to its position, then play goes on. ValueError, in words,
        for a game of other rules than this board plays."""
        if record.ruleset != self.settings.ruleset:
            raise ValueError(f"the far board plays {record.ruleset.name}, this board "
                             f"{self.settings.ruleset.name}: choose that game first")
        if self.phase is Phase.MENU:
            raise ValueError("the board menu is open on the board: the far game waits for it")
        game = Game.from_record(record)
        self.game = game
        self.new_game_asked = False
        self.throws = last_throws(game)
        self.shown_throw = game.state.throw or self.throws.get(game.state.turn.other)
        self.mummy_move = self.hint = None
        self._save()
        log.info("taking up the far board's game: %s", game.state)
        fresh = not any(not isinstance(a, Throw) for a in game.actions)
        if frozenset(owners_of(game.state, self.settings.racks)) == census(
                self.tracker.occupancy):
            self._next_turn()
        elif fresh and not census(self.tracker.occupancy) - frozenset(
                owners_of(game.state, self.settings.racks)):
            self._set_out(game.state)  # a new game's pieces (Senet's) set out calmly
        else:
            self._guide_to(game.state)
