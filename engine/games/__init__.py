"""The family of games on one board controller: each registered by name, behind one interface.

>>> [name for name in names()]
['tait', 'cyningstan', 'senet', 'ramses', 'stacks']
>>> load("tait").title
"Twenty Squares (Tait's rules)"

Adding a game: a package under ``engine/`` whose ``RULES`` implements ``engine.games.api.Rules``
(and its positions ``Position``), with ``rules_from_json`` and ``MIND``, the module of what the
mummy knows of it (``engine.mummy.minds``: its evaluation at least); then one line in ``GAMES``.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any

from engine.core.errors import BadRecord
from engine.games.api import Rules

GAMES: dict[str, str] = {
    "tait": "engine.tait",
    "cyningstan": "engine.cyningstan",
    "senet": "engine.senet",
    "ramses": "engine.ramses",
    "stacks": "engine.stacks",
}
"""Every game by name, and the package that holds it (imported when first asked for)."""

DEFAULT = "tait"


def names() -> tuple[str, ...]:
    """The registered games' names, the default first."""
    return tuple(GAMES)


def load(name: str = DEFAULT) -> Rules:
    """A game's rules, with their usual options; ValueError names the games there are."""
    key = name.strip().lower()
    if key not in GAMES:
        raise ValueError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}")
    rules: Rules = import_module(GAMES[key]).RULES
    return rules


def mind_module(name: str) -> ModuleType:
    """The module of what the mummy knows of a game (its package's ``MIND``); ValueError for a
    game that is not registered."""
    key = name.strip().lower()
    if key not in GAMES:
        raise ValueError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}")
    return import_module(import_module(GAMES[key]).MIND)


def forget(rules: Rules) -> None:
    """Drop what a game's rules cached while playing: a board that runs for weeks calls it
    between games, so its memory stays flat (a search keeps its caches within a game)."""
    drop = getattr(rules, "forget", None)
    if callable(drop):
        drop()


def from_json(data: Any, game: str | None = None) -> Rules:
    """The rules and options a game record names (or, given ``game``, that game's rules with the
    options written: Tait's records name no game); raises BadRecord if it names no game."""
    if not isinstance(data, dict) and game is None:
        raise BadRecord("ruleset: expected an object")
    name = game or data.get("game", data.get("name", DEFAULT))
    if not isinstance(name, str) or name not in GAMES:
        raise BadRecord(f"ruleset: unknown game {name!r}")
    rules: Rules = import_module(GAMES[name]).rules_from_json(data)
    return rules
