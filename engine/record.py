"""Game records: the throws and moves of a game of any of the family, saved as JSON (naming the
game and its options) and loaded back exactly.

>>> GameRecord.from_data(GameRecord(load("tait"), Side.CONES, ()).to_data()).actions
()
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.core.errors import BadRecord, RulesError
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.games import DEFAULT, GAMES, load
from engine.games import from_json as rules_from_json
from engine.games.api import Move, Position, Rules

Action = Throw | Move
"""One step of a game: a throw, or the move made with it (a move of the record's game)."""

FORMAT = "aseb-game"
VERSION = 1


@dataclass(frozen=True)
class GameRecord:
    """The rules (of any game of the family), who threw first, and every throw and move in order.

    ``start`` is the position the game began from when it was set up (a lesson, a test), else
    the game's usual start.
    """

    ruleset: Rules
    first: Side
    actions: tuple[Action, ...]
    start: Position | None = None

    def initial(self) -> Position:
        """The position before the first action."""
        return self.start if self.start is not None else self.ruleset.new(self.first)

    def replay(self) -> Iterator[tuple[Action, Position]]:
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

    def final_state(self) -> Position:
        """The position the record leads to."""
        state = self.initial()
        for _, state in self.replay():  # noqa: B007 - the last state is the answer
            pass
        return state

    def to_json(self) -> str:
        """The record as JSON text; moves are written in notation, throws as ``3:WWDW``."""
        return json.dumps(self.to_data(), indent=1)

    def to_data(self, notation: Notation | None = None) -> dict[str, Any]:
        """The record as ``to_json`` writes it, before it is text; ``notation`` (kept while a
        game grows) writes each action once, not the whole game at every save."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": self.ruleset.to_json(),
            "first": self.first.name.lower(),
            "actions": (notation if notation is not None else Notation()).tokens(self),
        }
        if self.start is not None:
            data["start"] = self.start.notation()
        return data

    @classmethod
    def from_data(cls, data: Any) -> GameRecord:
        """The record ``to_data`` wrote (JSON's values, as parsed); raises BadRecord saying
        what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BadRecord(f'not an aseb game record (expected "format": "{FORMAT}")')
        if data.get("version") != VERSION:
            raise BadRecord(f"record version {data.get('version')!r} is not {VERSION}")
        ruleset = _rules(data.get("ruleset", load(DEFAULT).to_json()))
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
                start = ruleset.parse(str(data["start"]))
            except RulesError as exc:
                raise BadRecord(f"start: {exc}") from None
        state = start if start is not None else ruleset.new(first)
        actions: list[Action] = []
        for number, token in enumerate(tokens, 1):
            try:
                action: Action
                if state.throw is None and ruleset.chance is not None:  # a game of luck throws
                    action = Throw.parse(token)
                    state, _ = state.cast(action)
                else:
                    action = state.parse_move(token)
                    state, _ = state.play(action)
            except RulesError as exc:
                raise BadRecord(f"action {number} ({token!r}): {exc}") from None
            actions.append(action)
        return cls(ruleset, first, tuple(actions), start)


class Notation:
    """The actions of a game that grows, in notation: the actions a record shares with the last
    one written are not replayed again (a game saved after every throw and move would be
    replayed from its start at every save)."""

    def __init__(self) -> None:
        self._record: GameRecord | None = None
        self._tokens: list[str] = []
        self._state: Position | None = None  # after the last action written

    def tokens(self, record: GameRecord) -> list[str]:
        """Each of ``record``'s actions in notation (a new list); raises BadRecord as
        ``replay`` does."""
        known = self._record
        done = len(self._tokens)
        if known is None or known.first != record.first or known.start != record.start \
                or known.ruleset != record.ruleset or record.actions[:done] != known.actions:
            known, done, self._tokens, self._state = None, 0, [], record.initial()
        state = self._state
        assert state is not None
        tokens = self._tokens
        for number, action in enumerate(record.actions[done:], done + 1):
            try:
                if isinstance(action, Throw):
                    token, (after, _) = str(action), state.cast(action)
                else:
                    token, (after, _) = state.describe(action), state.play(action)
            except RulesError as exc:
                self._record = None  # what was written stands; this record is refused
                raise BadRecord(f"action {number} ({action}): {exc}") from None
            tokens.append(token)
            state = after
        self._record, self._state = record, state
        return list(tokens)


def _rules(data: object) -> Rules:
    """The rules a record names: any registered game, by ``"game"`` or a Twenty Squares
    ruleset's ``"name"`` (options it leaves out are that game's), else Tait's with the options
    written (Tait's records name no game, and may name rule sets of their own)."""
    if isinstance(data, dict) and "game" in data:
        name = data["game"]
    else:
        name = data.get("name") if isinstance(data, dict) else None
        if name not in GAMES:
            return rules_from_json(data, game=DEFAULT)
    try:
        return rules_from_json(data)
    except ImportError:  # a game registered before its package is written
        raise BadRecord(f"ruleset: the game {name} is not installed") from None
