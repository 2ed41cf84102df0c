"""Game records: the throws and moves of a game, saved as JSON and loaded back exactly.

>>> GameRecord.from_json(GameRecord(TAIT, Side.CONES, ()).to_json()).actions
()
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine import games
from engine.board import Side
from engine.errors import BadRecord, RulesError
from engine.moves import Move
from engine.rules import TAIT, Ruleset
from engine.state import GameState
from engine.sticks import Throw

Action = Throw | Move
"""One step of a game: a throw, or the move made with it."""

FORMAT = "aseb-game"
VERSION = 1


@dataclass(frozen=True)
class GameRecord:
    """The rules, who threw first, and every throw and move in order.

    ``start`` is the position the game began from when it was set up (a lesson, a test), else
    the usual start with every piece waiting.
    """

    ruleset: Ruleset
    first: Side
    actions: tuple[Action, ...]
    start: GameState | None = None

    def initial(self) -> GameState:
        """The position before the first action."""
        return self.start if self.start is not None else GameState.new(self.ruleset, self.first)

    def replay(self) -> Iterator[tuple[Action, GameState]]:
        """Each action with the state after it; raises BadRecord at the first that does not fit."""
        state = self.initial()
        for number, action in enumerate(self.actions, 1):
            try:
                if isinstance(action, Throw):
                    state, _ = state.cast(action)
                else:
                    state, _ = state.play(action)
            except RulesError as exc:
                raise BadRecord(f"action {number} ({action}): {exc}") from None
            yield action, state

    def final_state(self) -> GameState:
        """The position the record leads to."""
        state = self.initial()
        for _, state in self.replay():  # noqa: B007 - the last state is the answer
            pass
        return state

    def to_json(self) -> str:
        """The record as JSON text; moves are written in notation, throws as ``3:WWDW``."""
        tokens = []
        state = self.initial()
        for action, after in self.replay():
            tokens.append(str(action) if isinstance(action, Throw) else state.describe(action))
            state = after
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": self.ruleset.to_json(),
            "first": self.first.name.lower(),
            "actions": tokens,
        }
        if self.start is not None:
            data["start"] = self.start.notation()
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Load a record written by ``to_json``; raises BadRecord saying what is wrong."""
        try:
            data: Any = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise BadRecord(f"not JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BadRecord(f'not an aseb game record (expected "format": "{FORMAT}")')
        if data.get("version") != VERSION:
            raise BadRecord(f"record version {data.get('version')!r} is not {VERSION}")
        ruleset = _ruleset(data.get("ruleset", TAIT.to_json()))
        try:
            first = Side.parse(str(data.get("first", "cones")))
        except ValueError as exc:
            raise BadRecord(f"first: {exc}") from None
        tokens = data.get("actions", [])
        if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
            raise BadRecord("actions: expected a list of strings")
        start = None
        if "start" in data:
            try:
                start = GameState.parse(str(data["start"]), ruleset)
            except RulesError as exc:
                raise BadRecord(f"start: {exc}") from None
        state = start if start is not None else GameState.new(ruleset, first)
        actions: list[Action] = []
        for number, token in enumerate(tokens, 1):
            try:
                action: Action
                if state.throw is None:
                    action = Throw.parse(token)
                    state, _ = state.cast(action)
                else:
                    action = state.parse_move(token)
                    state, _ = state.play(action)
            except RulesError as exc:
                raise BadRecord(f"action {number} ({token!r}): {exc}") from None
            actions.append(action)
        return cls(ruleset, first, tuple(actions), start)


def _ruleset(data: Any) -> Ruleset:
    """The rules a record names: a registered game's (options it leaves out as that game's),
    or Tait's with the options written."""
    name = data.get("name") if isinstance(data, dict) else None
    try:
        rules = games.from_json(data) if name in games.GAMES else Ruleset.from_json(data)
    except ImportError:  # a game registered before its package is written
        raise BadRecord(f"ruleset: the game {name} is not installed") from None
    if not isinstance(rules, Ruleset):
        raise BadRecord(f"ruleset: {name} is not a game of Twenty Squares")
    return rules
