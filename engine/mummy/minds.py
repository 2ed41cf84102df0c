"""What the mummy knows of each game beyond its rules, for games played through the game
interface (Tait's game and its variants have their own fast Priest and Vizier).

>>> from engine.senet import SENET
>>> mind_of(SENET).priest.__name__
'priest_move'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any

from engine.games.api import Rules
from engine.mummy.search import DEPTH, NODE_LIMIT

MINDS: dict[str, str] = {
    "senet": "engine.senet.mummy",
    "ramses": "engine.ramses.mummy",
    "stacks": "engine.stacks.mummy",
}
"""Each game by name, and the module of the mummy's knowledge of it (imported when needed): it
holds ``priest_move(position)``, ``reason(position, move)`` and ``evaluate(position)``, and may
set the Vizier's ``DEPTH`` and ``NODE_LIMIT`` (else the generic search's) and ``DESCRIPTIONS``
(each level's name to how it plays this game, else Tait's words)."""


@dataclass(frozen=True)
class Mind:
    """The Priest's greedy choice, the reason a hint gives for a move, and the evaluation the
    Vizier trusts where its search stops (the chance that the Cones win)."""

    priest: Callable[[Any], Any]
    reason: Callable[[Any, Any], str]
    evaluate: Callable[[Any], float]
    depth: int = DEPTH
    """Throws the Vizier looks ahead beyond the pending one."""
    node_limit: int = NODE_LIMIT
    """Casts and moves one decision may try."""
    searcher: Callable[[int, Any], Any] | None = None
    """A game without luck: the search of a level (2 the Vizier, 3 Neferkaptah) under the
    rules given, instead of the expectiminimax Vizier."""


def by_traits(position: Any, traits: Callable[[Any, Any], Any]) -> Any:
    """The Priest's choice in any game: the legal move whose ``traits(position, move)`` rank
    highest (a lone move at once, with no traits worked out)."""
    moves = position.moves
    if len(moves) == 1:
        return moves[0]
    return max(moves, key=lambda move: traits(position, move))


def mind_of(rules: Rules) -> Mind:
    """The mummy's knowledge of ``rules``' game; ValueError for a game it cannot play yet."""
    if rules.name not in MINDS:
        raise ValueError(f"the mummy cannot play {rules.title} yet")
    return _mind(rules.name)


@cache
def _mind(name: str) -> Mind:
    module = import_module(MINDS[name])
    return Mind(module.priest_move, module.reason, module.evaluate,
                getattr(module, "DEPTH", DEPTH),
                getattr(module, "NODE_LIMIT", NODE_LIMIT),
                getattr(module, "searcher", None))


def level_description(level: Any, rules: Rules) -> str:
    """How ``level`` (a ``Level``) plays ``rules``' game, in one line."""
    module = MINDS.get(rules.name)
    words = getattr(import_module(module), "DESCRIPTIONS", {}) if module is not None else {}
    found = words.get(level.name.lower())
    return found if isinstance(found, str) else str(level.description)
