"""What the mummy knows of each game beyond its rules, read from the game's own mummy module
(the one its package names as ``MIND``, found through the registry: ``engine.games.mind_module``).

A game gives ``evaluate(position)``: a guess of the chance that the Cones win. That is enough for
every level: the Scribe needs nothing, the Priest plays the move after which the mover looks best,
the Vizier searches (``engine.mummy.search``) and trusts the guess where it stops. A game may give
more: ``traits(position, move)`` (what a move does, best first: the Priest plays the move whose
traits rank highest) or a ``priest_move`` of its own, ``reason(position, move)`` (what a hint
says), ``DEPTH`` and ``NODE_LIMIT`` (the Vizier's search), ``DESCRIPTIONS`` (how each level plays
it), ``searcher(level, rules)`` (a game without luck: the search of each level), ``vizier()`` (a
search of its own for the Vizier: ``analyse(position)`` and ``chance(position, depth)``),
``perfect(table, vizier, position)`` and ``balanced(table, position, target)`` (play from a solved
table), and what a solved table is for it (``engine.mummy.chances``): ``holds(table, rules)``,
``table_chance(table, position)`` before a throw and ``table_moves(table, position)`` after each
move of the pending one.

>>> from engine.senet import SENET
>>> mind_of(SENET).priest.__name__
'priest_move'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from types import ModuleType
from typing import Any

from engine.core.sides import Side
from engine.core.words import N_, phrase
from engine.games import mind_module
from engine.games.api import Rules
from engine.mummy.search import DEPTH, NODE_LIMIT


@dataclass(frozen=True)
class Mind:
    """The Priest's choice, the reason a hint gives for a move, and the evaluation the Vizier
    trusts where its search stops (the chance that the Cones win); the rest is optional."""

    priest: Callable[[Any], Any]
    reason: Callable[[Any, Any], str]
    evaluate: Callable[[Any], float]
    depth: int = DEPTH
    """Throws the Vizier looks ahead beyond the pending one."""
    node_limit: int = NODE_LIMIT
    """Casts and moves one decision may try."""
    descriptions: Mapping[str, str] = field(default_factory=dict)
    """How each level (by its name in lower case) plays the game, where the game says it."""
    searcher: Callable[[int, Any], Any] | None = None
    """A game without luck: the search of a level (2 the Vizier, 3 Neferkaptah) under the
    rules given, instead of the expectiminimax Vizier."""
    vizier: Callable[[], Any] | None = None
    """A search of the game's own for the Vizier (``analyse(position)``), else the generic one."""
    perfect: Callable[[Any, Any, Any], tuple[Any, float | None, str | None]] | None = None
    """Neferkaptah from a solved table: ``(table, vizier, position)`` to the move, its chance
    and why it is the Vizier's instead (None when it is the table's)."""
    balanced: Callable[[Any, Any, float], Any] | None = None
    """Fair mode from a solved table: the move leaving the opponent's chance nearest a target."""
    holds: Callable[[Any, Any], bool] | None = None
    """Whether a solved table was solved for these rules (None: the game has no tables)."""
    table_chance: Callable[[Any, Any], float | None] | None = None
    """The table's chance that the side to play wins, in a position waiting for a throw."""
    table_moves: Callable[[Any, Any], tuple[tuple[Any, float], ...] | None] | None = None
    """The table's chance of the mover after each legal move of the pending throw."""


def by_traits(position: Any, traits: Callable[[Any, Any], Any]) -> Any:
    """The Priest's choice in any game: the legal move whose ``traits(position, move)`` rank
    highest (a lone move at once, with no traits worked out)."""
    moves = position.moves
    if len(moves) == 1:
        return moves[0]
    return max(moves, key=lambda move: traits(position, move))


def by_evaluation(evaluate: Callable[[Any], float]) -> Callable[[Any], Any]:
    """The Priest of a game that gives only its evaluation: the move after which the mover's
    chance looks best, one move deep."""

    def priest_move(position: Any) -> Any:
        sign = 1.0 if position.turn == Side.CONES else -1.0
        return by_traits(position, lambda p, m: sign * evaluate(p.play(m)[0]))

    return priest_move


def _no_reason(position: Any, move: Any) -> str:
    return phrase(N_("the move that looks best"))


def mind_of(rules: Rules) -> Mind:
    """The mummy's knowledge of ``rules``' game; ValueError for a game it cannot play yet."""
    found = _KNOWN.get(rules.name)  # asked at every decision: a dictionary look-up, no more
    if found is None:
        try:
            module = mind_module(rules.name)
        except (ValueError, AttributeError, ImportError):
            own = getattr(rules, "mind", None)  # a variant under a name of its own
            if not isinstance(own, str):
                raise ValueError(f"the mummy cannot play {rules.title} yet") from None
            module = import_module(own)
        found = _KNOWN[rules.name] = _read(module)
    return found


_KNOWN: dict[str, Mind] = {}
"""Each game's mind by the game's name, once read."""


def _read(module: ModuleType) -> Mind:
    evaluate = module.evaluate
    traits = getattr(module, "traits", None)
    priest = getattr(module, "priest_move", None)
    if priest is None:
        priest = (by_evaluation(evaluate) if traits is None
                  else lambda position: by_traits(position, traits))
    return Mind(priest, getattr(module, "reason", _no_reason), evaluate,
                getattr(module, "DEPTH", DEPTH), getattr(module, "NODE_LIMIT", NODE_LIMIT),
                getattr(module, "DESCRIPTIONS", {}), getattr(module, "searcher", None),
                getattr(module, "vizier", None), getattr(module, "perfect", None),
                getattr(module, "balanced", None), getattr(module, "holds", None),
                getattr(module, "table_chance", None), getattr(module, "table_moves", None))


def level_description(level: Any, rules: Rules) -> str:
    """How ``level`` (a ``Level``) plays ``rules``' game, in one line."""
    try:
        words = mind_of(rules).descriptions
    except ValueError:
        words = {}
    found = words.get(level.name.lower())
    return phrase(found) if isinstance(found, str) else level.description
