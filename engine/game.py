"""A game in progress: the state plus the stack of throws and moves that led to it.

>>> game = Game()
>>> events = game.demon_cast(random.Random(7))
>>> game.state.entered != (False, False)
True
"""

from __future__ import annotations

import random
from typing import cast

from engine.board import Side
from engine.errors import BadRecord, WrongPhase
from engine.events import Event
from engine.moves import Move
from engine.record import GameRecord
from engine.rules import TAIT, Ruleset
from engine.state import GameState
from engine.sticks import Throw

Action = Throw | Move
"""One step of a game of Twenty Squares: a throw, or the move made with it."""


class Game:
    """A game with its history: cast and play push actions, ``undo`` pops them."""

    def __init__(self, ruleset: Ruleset = TAIT, first: Side = Side.CONES,
                 start: GameState | None = None) -> None:
        self.first = first
        self.start = start
        """A set-up position the game began from, or None for the usual start."""
        self._states = [start if start is not None else GameState.new(ruleset, first)]
        self._actions: list[Action] = []

    @property
    def state(self) -> GameState:
        """The current position."""
        return self._states[-1]

    @property
    def ruleset(self) -> Ruleset:
        """The rules this game is played by."""
        return self._states[0].ruleset

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every throw and move so far, in order."""
        return tuple(self._actions)

    @property
    def record(self) -> GameRecord:
        """The game record: enough to save, load and replay this game exactly."""
        return GameRecord(self.ruleset, self.first, tuple(self._actions), self.start)

    def cast(self, throw: Throw) -> tuple[Event, ...]:
        """The side to play throws; see ``GameState.cast``."""
        state, events = self.state.cast(throw)
        self._push(throw, state)
        return events

    def play(self, move: Move) -> tuple[Event, ...]:
        """The side to play makes a legal move; see ``GameState.play``."""
        state, events = self.state.play(move)
        self._push(move, state)
        return events

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Cast a throw or play a move, whichever ``action`` is."""
        return self.cast(action) if isinstance(action, Throw) else self.play(action)

    def undo(self) -> Action:
        """Take back the last throw or move and return it; raises WrongPhase at the start."""
        if not self._actions:
            raise WrongPhase("nothing to undo: the game has just begun")
        self._states.pop()
        return self._actions.pop()

    def demon_cast(self, rng: random.Random) -> tuple[Event, ...]:
        """Throw automatically, alternating sides, until one side enters its first piece.

        Does nothing when the ruleset has demon-cast off or a side has already entered.
        """
        events: list[Event] = []
        while self.state.demon_casting:
            events += self.cast(self.ruleset.draw(rng))
            moves = self.state.legal_moves()
            if moves:
                events += self.play(moves[0])  # the only move: entering the first piece
        return tuple(events)

    @classmethod
    def from_position(cls, state: GameState) -> Game:
        """A game set up at ``state`` (for lessons and tests); its record starts there."""
        return cls(state.ruleset, state.turn, state)

    def next_game(self, rng: random.Random | None = None) -> Game:
        """A new game under the same rules, begun by ``Ruleset.first_side``: the loser of this
        one, or a side drawn with ``rng`` under rules with a random first player."""
        winner = self.state.winner
        if winner is None:
            raise WrongPhase("the game is not finished: use a new Game to start over")
        if not self.ruleset.random_first:
            return Game(self.ruleset, winner.other)
        if rng is None:
            raise ValueError(f"{self.ruleset.title} draws the first player: pass an rng")
        return Game(self.ruleset, self.ruleset.first_side(rng, winner))

    @classmethod
    def from_record(cls, record: GameRecord) -> Game:
        """Replay a record; raises BadRecord naming the first action that does not replay (or a
        record of another game than Twenty Squares)."""
        if not isinstance(record.ruleset, Ruleset):
            raise BadRecord(f"a record of {record.ruleset.title} is not a Twenty Squares game")
        game = cls(record.ruleset, record.first, cast(GameState | None, record.start))
        for action, state in record.replay():
            game._push(cast(Action, action), cast(GameState, state))
        return game

    def _push(self, action: Action, state: GameState) -> None:
        self._actions.append(action)
        self._states.append(state)

    def __repr__(self) -> str:
        return f"Game({self.state.notation()!r}, {len(self._actions)} actions)"
