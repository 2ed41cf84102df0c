"""What the board's link tells, as the page shows it in the page's language: the link tells its
words in the board's (``firmware.service.link``), but the page may speak another (``aseb web
--lang``, a browser's language), so each is said again here from its own description, for each
request: the settings (``firmware.menu.choices``), Setna's tournament
(``firmware.story.tournament``, with the picture of the sand), far play (``sim.far``), and the
moves: each move a friend playing from afar may choose ("a new Cone onto C2"), the move chosen
and the last move made, said from the positions the link told by the sentence spoken play and
the terminal say (``engine.text.move_text``), never in notation ("in-C2").

    shown = settings_said(link.now("settings"))
    shown = tournament_shown(link.now("tournament"))   # None: no tournament played
    shown = far_said(link.now("far"))                  # None: no far companion has spoken
    state = position_of(link.now("game"), link.now("position"))
    worded = moves_in_words(link.now("moves"), state)  # each move's "said", "chosen_said"
    worded = last_in_words(position, before)           # the last move's "said"
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import RulesError
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.games import load
from engine.games.api import Position
from engine.record import GameRecord
from engine.text import move_text
from firmware.menu.choices import setting
from firmware.story.tournament import STAGES, Tournament
from firmware.words import _, say, side_said
from sim.web import words


def settings_said(told: dict[str, Any] | None) -> dict[str, Any] | None:
    """``told`` with every setting's title and every choice's label in the page's language (a
    setting or choice this page does not know keeps the board's words)."""
    if told is None:
        return None
    items = []
    for item in told.get("settings", []):
        try:
            found = setting(item["key"])
        except (KeyError, ValueError):
            items.append(item)
            continue
        labels = {choice.value: say(choice.label) for choice in found.choices}
        items.append({**item, "title": say(found.title), "choices": [
            {**choice, "label": labels.get(choice["value"], choice["label"])}
            for choice in item["choices"]]})
    return {**told, "settings": items}


def tournament_shown(told: dict[str, Any] | None) -> dict[str, str] | None:
    """The tournament's heading, sides, standing and picture; None while none is played."""
    if not told or not told.get("running"):
        return None
    try:
        played = Tournament(int(told["wins"]), int(told["losses"]), int(told["stage"]))
        setna, mummy = Side.parse(str(told["setna"])), Side.parse(str(told["mummy"]))
        if not 0 <= played.stage < len(STAGES):
            raise ValueError(f"no stage {played.stage}")
    except (KeyError, TypeError, ValueError):  # a board of another version: its own words
        return {"key": "?", "heading": _(words.TOURNAMENT), "sides": "",
                "telling": str(told.get("telling", "")), "picture": "mask"}
    picture = "book" if played.won else "rescue" if played.over else f"setna-{played.stage}"
    return {"key": f"{played.wins}:{played.losses}:{played.stage}",
            "heading": _(words.TOURNAMENT),
            "sides": _(words.TOURNAMENT_SIDES).format(setna=side_said(setna),
                                                      mummy=side_said(mummy)),
            "telling": played.telling(), "picture": picture}


def far_said(told: dict[str, Any] | None) -> dict[str, Any] | None:
    """The far companion's news in the page's words (None: no far companion has spoken)."""
    if told is None:
        return None
    side = told.get("side")
    problem = told.get("problem")
    return {**told, "side_said": side_said(Side[side.upper()]) if side in ("cones", "reels")
            else "", "problem": _(problem).format(code=told.get("code") or "") if problem
            else None}


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
        return say(move_text(state, state.parse_move(notation)))
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
        whole = GameRecord.from_data(record)
    except (RulesError, ValueError, TypeError):
        return None
    if len(whole.actions) != actions:
        return None
    state, before = whole.initial(), None
    for action, after in whole.replay():
        if not isinstance(action, Throw):  # a move: the last one wins
            before = state
        state = after
    return before
