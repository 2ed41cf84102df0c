"""The mummy's levels and the one object the controller asks for the mummy's moves, in any game:
each game's mind (``engine.mummy.minds``) gives its Priest and its evaluation, and may bring a
search or a solved table of its own (Tait's core does: its packed Vizier and Neferkaptah).

>>> from engine.tait.state import GameState
>>> mummy = Mummy(Level.PRIEST)
>>> state = GameState.parse("C:C2,M6 R:M7 off:0,1 entered:CR turn:C throw:1")
>>> mummy.choose(state, random.Random(7))
Move(M6-M7)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from engine.core.errors import WrongPhase
from engine.core.words import N_, phrase
from engine.games.api import Position, Rules
from engine.mummy.minds import Mind, mind_of
from engine.mummy.scribe import scribe_move
from engine.mummy.search import Search

NO_TABLE = N_("Neferkaptah plays as the Vizier: his perfect play comes from the solved game, "
              "not yet made here")


class Level(IntEnum):
    """How well the mummy plays, weakest first."""

    SCRIBE = 0
    """A random legal move."""
    PRIEST = 1
    """Greedy: bear off, bump, marked squares, safety, the rearmost piece."""
    VIZIER = 2
    """Looks two throws ahead (expectiminimax) and judges the rest."""
    NEFERKAPTAH = 3
    """Perfect play from the solved table; the Vizier's play while there is no table."""

    @property
    def title(self) -> str:
        """``Scribe``, ``Priest``, ``Vizier`` or ``Neferkaptah``."""
        return phrase(_TITLES[self])

    @property
    def description(self) -> str:
        """One line on how this level plays."""
        return phrase(_DESCRIPTIONS[self])

    @classmethod
    def parse(cls, text: str) -> Level:
        """A level from its name (any case) or its number 0-3."""
        key = text.strip().lower()
        for level in cls:
            if key in (level.name.lower(), str(int(level))):
                return level
        names = ", ".join(level.name.lower() for level in cls)
        raise ValueError(f"unknown mummy level {text!r}: choose one of {names} (or 0-3)")


_TITLES = {Level.SCRIBE: N_("Scribe"), Level.PRIEST: N_("Priest"), Level.VIZIER: N_("Vizier"),
           Level.NEFERKAPTAH: N_("Neferkaptah")}
_DESCRIPTIONS = {
    Level.SCRIBE: N_("plays any legal move at random"),
    Level.PRIEST: N_("bears off, bumps and takes marked squares whenever it can, never looking "
                     "ahead"),
    Level.VIZIER: N_("weighs every throw that could come next, two throws ahead"),
    Level.NEFERKAPTAH: N_("plays perfectly from the solved game (as the Vizier where it is not "
                          "solved yet)"),
}


@dataclass(frozen=True, slots=True)
class Decision:
    """The mummy's move (a move of the position's game) and how it came to it."""

    move: Any
    level: Level
    """The level asked for."""
    played_as: Level
    """The level whose move this is (the Vizier's when Neferkaptah has no table)."""
    note: str | None = None
    """Why ``played_as`` differs from ``level``, for the caller's log."""
    value: float | None = None
    """The chance the mummy's side wins after the move, when the level judged it."""


class Mummy:
    """The computer opponent: ``decide`` or ``choose`` the move for a pending throw.

    The choice is a function of the position, the level and the caller's ``random.Random``
    (only the Scribe draws from it), so a game replays exactly from its seed.
    """

    def __init__(
        self,
        level: Level = Level.VIZIER,
        *,
        table: Any = None,
        vizier: Any = None,
    ) -> None:
        self.level = level
        self.table = table
        """A solved table, for the games whose mind plays from one (Tait's core)."""
        self.vizier = vizier
        """The search of the games whose mind brings its own (Tait's packed Vizier), made when
        first needed; pass one to use it instead (a shallower one in tests)."""
        self.balance: float | None = None
        """Fair mode from the table: when set and a table is loaded, every move leaves the
        opponent's chance to win as close to this as the throw allows, whatever the level."""
        self.searches: dict[str, Any] = {}
        """The search of each other game played so far (by the game's name; a game without luck
        by its name and the level: each level searches to its own depth)."""

    @property
    def fallback(self) -> str | None:
        """Why the mummy plays below its level (Neferkaptah without a table), else None."""
        return NO_TABLE if self.level == Level.NEFERKAPTAH and self.table is None else None

    def decide(
        self, state: Position, rng: random.Random, level: Level | None = None
    ) -> Decision:
        """The move for ``state``'s pending throw at ``level`` (default: this mummy's level)."""
        level = self.level if level is None else level
        if not state.moves or (state.throw is None and state.rules.chance is not None):
            raise WrongPhase(f"{state.turn.title} must throw before the mummy can choose a move")
        target = self.balance if self.table is not None else None
        if level == Level.SCRIBE and target is None:  # the Scribe needs to know nothing more
            return Decision(scribe_move(state, rng), level, level)
        mind = mind_of(state.rules)
        if target is not None and mind.balanced is not None:
            balanced = mind.balanced(self.table, state, target)
            if balanced is not None:
                return Decision(balanced, level, Level.NEFERKAPTAH, "fair: balanced by the table")
        if level == Level.SCRIBE:
            return Decision(scribe_move(state, rng), level, level)
        if level == Level.PRIEST:
            return Decision(mind.priest(state), level, level)
        if mind.searcher is not None:  # a game without luck: each level its own depth
            key = f"{state.rules.name}:{level.name}"
            found = self.searches.get(key)
            if found is None:
                found = self.searches[key] = mind.searcher(int(level), state.rules)
            analysis = found.analyse(state)
            return Decision(analysis.move, level, level, value=analysis.value)
        search = self._search(mind, state.rules)
        if level == Level.NEFERKAPTAH and mind.perfect is not None:
            move, value, note = mind.perfect(self.table, search, state)
            played_as = Level.NEFERKAPTAH if note is None else Level.VIZIER
            return Decision(move, level, played_as, note, value)
        analysis = search.analyse(state)
        if level == Level.VIZIER:
            return Decision(analysis.move, level, level, value=analysis.value)
        note = phrase(N_("Neferkaptah plays {game} as the Vizier: that game is not solved"),
                      game=state.rules.title)
        return Decision(analysis.move, level, Level.VIZIER, note, analysis.value)

    def _search(self, mind: Mind, rules: Rules) -> Any:
        """The Vizier's search for ``rules``' game: the game's own, or the generic one."""
        if mind.vizier is not None:
            if self.vizier is None:
                self.vizier = mind.vizier()
            return self.vizier
        search = self.searches.get(rules.name)
        if search is None:
            search = self.searches[rules.name] = Search(mind.evaluate, mind.depth,
                                                        mind.node_limit)
        return search

    def choose(
        self, state: Position, rng: random.Random, level: Level | None = None
    ) -> Any:
        """Just the move of ``decide``."""
        return self.decide(state, rng, level).move


def choose(state: Position, level: Level, rng: random.Random) -> Any:
    """The move a fresh mummy of ``level`` plays for the pending throw."""
    return Mummy(level).choose(state, rng)
