"""A game in progress, of any game of the family: the position plus the stack of throws and
moves that led to it.

>>> game = Game()
>>> events = game.demon_cast(random.Random(7))
>>> game.state.entered != (False, False)
True
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.errors import WrongPhase
from engine.core.events import Event
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.games import DEFAULT, load
from engine.games.api import Position, Rules
from engine.record import Action, GameRecord


class Game:
    """A game with its history: cast and play push actions, ``undo`` pops them."""

    def __init__(self, ruleset: Rules | None = None, first: Side = Side.CONES,
                 start: Position | None = None) -> None:
        ruleset = ruleset or load(DEFAULT)  # Tait's, by the registry (no game is imported here)
        self.first = first
        self.start = start
        """A set-up position the game began from, or None for the usual start."""
        self._states = [start if start is not None else ruleset.new(first)]
        self._actions: list[Action] = []

    @property
    def state(self) -> Any:
        """The current position (a ``Position`` of the game's rules: Tait's a ``GameState``)."""
        return self._states[-1]

    @property
    def ruleset(self) -> Rules:
        """The rules this game is played by."""
        return self._states[0].rules

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
        position: Position = self.state
        state, events = position.cast(throw)
        self._push(throw, state)
        return events

    def play(self, move: Any) -> tuple[Event, ...]:
        """The side to play makes a legal move; see ``GameState.play``."""
        position: Position = self.state
        state, events = position.play(move)
        self._push(move, state)
        return events

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Cast a throw or play a move, whichever ``action`` is."""
        return self.cast(action) if isinstance(action, Throw) else self.play(action)

    def before(self, number: int) -> Any:
        """The position before action ``number`` (counted from 0; ``len(actions)``: now)."""
        return self._states[number]

    def undo(self) -> Action:
        """Take back the last throw or move and return it; raises WrongPhase at the start."""
        if not self._actions:
            raise WrongPhase("nothing to undo: the game has just begun")
        self._states.pop()
        return self._actions.pop()

    def demon_cast(self, rng: random.Random) -> tuple[Event, ...]:
        """Throw automatically, alternating sides, while the game's opening lasts (Tait's
        demon-cast, Senet's throws for a 1), and make the forced move that ends it.

        Does nothing when the rules have no such opening or it is over.
        """
        events: list[Event] = []
        while self.state.opening:
            events += self.cast(self.ruleset.draw(rng))
            moves = self.state.moves
            if moves:
                events += self.play(moves[0])  # the only move: the opening's forced move
        return tuple(events)

    @classmethod
    def from_position(cls, state: Position) -> Game:
        """A game set up at ``state`` (for lessons and tests); its record starts there."""
        return cls(state.rules, state.turn, state)

    def next_game(self, rng: random.Random | None = None) -> Game:
        """A new game under the same rules, begun by the rules' ``first_side``: the loser of this
        one, or a side drawn with ``rng`` under rules with a random first player."""
        winner = self.state.winner
        if winner is None:
            raise WrongPhase("the game is not finished: use a new Game to start over")
        rules = self.ruleset
        if getattr(rules, "random_first", False) and rng is None:
            raise ValueError(f"{rules.title} draws the first player: pass an rng")
        return Game(rules, rules.first_side(rng or random.Random(0), winner))

    @classmethod
    def from_record(cls, record: GameRecord) -> Game:
        """Replay a record of any game; raises BadRecord naming the first action that does not
        replay."""
        game = cls(record.ruleset, record.first, record.start)
        for action, state in record.replay():
            game._push(action, state)
        return game

    def _push(self, action: Action, state: Position) -> None:
        self._actions.append(action)
        self._states.append(state)

    def __repr__(self) -> str:
        return f"Game({self.state.notation()!r}, {len(self._actions)} actions)"

