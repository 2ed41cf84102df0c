"""The board's moves in words, in the language spoken now: each move a friend playing from afar
may choose ("a new Cone onto C2"), the move chosen, and the last move made, said from the
positions the board's link told, by the sentence spoken play and the terminal say
(``firmware.spoken.sentences.move_said``); the page never shows a player the notation
("in-C2", "M12-off").

    state = position_of(link.now("game"), link.now("position"))
    worded = moves_in_words(link.now("moves"), state)     # each move's "said", "chosen_said"
    worded = last_in_words(position, before)              # the last move's "said"
"""

from __future__ import annotations

import json
from typing import Any

from engine.core.errors import RulesError
from engine.core.sticks import Throw
from engine.games import load
from engine.games.api import Position
from engine.record import GameRecord
from firmware.spoken.sentences import move_said

Event = dict[str, Any]


def position_of(game: Event | None, position: Event | None) -> Position | None:
    """The position the link told (None: no game, or one this page cannot read)."""
    if not game or not position or not isinstance(position.get("notation"), str):
        return None
    try:
        return load(str(game.get("name"))).parse(position["notation"])
    except (RulesError, KeyError, ValueError):
        return None


def in_words(state: Position | None, notation: object) -> str | None:
    """The move ``notation`` names in ``state``, in words (None: not one of its moves)."""
    if state is None or not isinstance(notation, str):
        return None
    try:
        return move_said(state, state.parse_move(notation))
    except (RulesError, ValueError, KeyError, IndexError):
        return None


def moves_in_words(event: Event, state: Position | None) -> Event:
    """The ``moves`` event with each move's words (``said``) and the chosen move's
    (``chosen_said``), where they can be said."""
    moves = [{**move, "said": in_words(state, move.get("notation"))}
             for move in event.get("moves") or [] if isinstance(move, dict)]
    return {**event, "moves": moves, "chosen_said": in_words(state, event.get("chosen"))}


def last_in_words(event: Event, before: Position | None) -> Event:
    """The ``position`` event with its last move's words (``last.said``), said in the position
    ``before`` it (where it is known)."""
    last = event.get("last")
    if not isinstance(last, dict):
        return event
    return {**event, "last": {**last, "said": in_words(before, last.get("notation"))}}


def before_last(game: Event | None, position: Event, earlier: Event | None,
                played: Event | None) -> Position | None:
    """The position before ``position``'s last move: the one told just before it, when that
    was one action earlier, else from the whole game's record (``played``); None when
    neither tells it."""
    actions = position.get("actions")
    if not isinstance(actions, int) or not isinstance(position.get("last"), dict):
        return None
    if earlier is not None and earlier.get("actions") == actions - 1 \
            and earlier.get("last") != position.get("last"):  # the move came after it
        found = position_of(game, earlier)
        if found is not None:
            return found
    record = (played or {}).get("record")
    if not isinstance(record, dict):
        return None
    try:
        whole = GameRecord.from_json(json.dumps(record))
    except (RulesError, ValueError):
        return None
    if len(whole.actions) != actions:
        return None
    state, before = whole.initial(), None
    for action, after in whole.replay():
        if not isinstance(action, Throw):  # a move: the last one wins
            before = state
        state = after
    return before
