"""Who judges a game's chances, for the review, the chances shown and the hints: the solved table
where there is one (perfect play), else the strongest search the game has, which only estimates.

A judge answers two questions of any game, through the game interface: the chance that the side
to play wins now, and each legal move with the mover's chance after it.

>>> from engine.ramses import RAMSES
>>> judge = judge_for(RAMSES)
>>> judge.exact, judge.name
(False, 'Neferkaptah, which looks up to twelve moves ahead, as far as it can in a moment')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from engine.core.sides import Side
from engine.core.words import N_, phrase
from engine.games.api import Position, Rules
from engine.mummy.chances import Chances, SolvedTable, chance, holds, move_chances
from engine.mummy.levels import Level
from engine.mummy.minds import level_description, mind_of
from engine.mummy.search import Search

TABLE = N_("the solved table (perfect play)")


@runtime_checkable
class Judge(Protocol):
    """The chances of a game's positions, from the table or a search."""

    @property
    def name(self) -> str:
        """Who judges, as a reader reads it."""

    @property
    def exact(self) -> bool:
        """True for the solved table; False for a search's estimate."""

    def chance(self, position: Position) -> float | None:
        """The chance that the side to play wins now (with a throw pending: after its best
        move); None when this judge cannot say."""

    def move_chances(self, position: Position) -> Chances | None:
        """Each legal move of ``position`` with the mover's chance after it; None when this
        judge cannot say."""


class TableJudge:
    """The solved table's verdict (the game and options it was solved for)."""

    name = TABLE
    exact = True

    def __init__(self, table: SolvedTable) -> None:
        self.table = table

    def chance(self, position: Position) -> float | None:
        return chance(self.table, position)

    def move_chances(self, position: Position) -> Chances | None:
        return move_chances(self.table, position)


class SearchJudge:
    """The strongest search a game has: Neferkaptah's alpha-beta in a game without luck, the
    Vizier's expectiminimax in the others (the game's own Vizier where it has one); a position
    waiting for a throw is judged one throw ahead (the game's evaluation at once where its Vizier
    looks no further)."""

    exact = False

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        mind = self._mind = mind_of(rules)
        self.level = Level.NEFERKAPTAH if mind.searcher is not None else Level.VIZIER
        self._search: Any = (
            mind.searcher(int(self.level), rules) if mind.searcher is not None
            else mind.vizier() if mind.vizier is not None
            else Search(mind.evaluate, mind.depth, mind.node_limit))
        self.name = phrase(
            N_("{level}, which {plays}") if self.level == Level.NEFERKAPTAH else
            N_("the {level}, which {plays}"), level=self.level.title,
            plays=level_description(self.level, rules))

    def move_chances(self, position: Position) -> Chances | None:
        if position.is_over or not position.moves:
            return None
        values: Chances = self._search.analyse(position).values
        return values

    def chance(self, position: Position) -> float | None:
        winner = position.winner
        if winner is not None:
            return 1.0
        if position.moves:
            found = self.move_chances(position)
            return None if found is None else max(v for _, v in found)
        if self._mind.searcher is not None:  # a game without luck always has a move, or is over
            return None
        cones: float = self._search.chance(position, min(1, self._mind.depth))
        return cones if position.turn == Side.CONES else 1.0 - cones


@dataclass(frozen=True)
class Odds:
    """The Cones' chance to win now, and who judged it."""

    cones: float
    exact: bool
    """The solved table's (else a search's estimate)."""
    judge: str

    @property
    def text(self) -> str:
        """``Chances to win: Cones 54%, Reels 46%`` (``Chances to win, estimated: ...``)."""
        return phrase(N_("Chances to win: Cones {cones}, Reels {reels}") if self.exact else
                      N_("Chances to win, estimated: Cones {cones}, Reels {reels}"),
                      cones=f"{self.cones:.0%}", reels=f"{1 - self.cones:.0%}")


def odds(judge: Judge, position: Position) -> Odds | None:
    """The Cones' chance in ``position`` as ``judge`` sees it (None when it cannot say)."""
    cones = cones_chance(judge, position)
    return None if cones is None else Odds(cones, judge.exact, judge.name)


def judge_for(rules: Rules, table: SolvedTable | None = None) -> Judge:
    """The strongest judge of ``rules``' game: the table when it holds the game, else a search."""
    if table is not None and holds(table, rules):
        return TableJudge(table)
    return SearchJudge(rules)


def as_judge(judge: Judge | SolvedTable) -> Judge:
    """``judge``, or the solved table given in its place as its judge."""
    return judge if isinstance(judge, Judge) else TableJudge(judge)


def cones_chance(judge: Judge, position: Position) -> float | None:
    """The Cones' chance to win now, as ``judge`` sees it."""
    if position.winner is not None:
        return 1.0 if position.winner == Side.CONES else 0.0
    found = judge.chance(position)
    if found is None:
        return None
    return found if position.turn == Side.CONES else 1.0 - found


def odds_text(judge: Judge, position: Position) -> str | None:
    """Both sides' chances in one line, an estimate said so: ``Chances to win: Cones 54%,
    Reels 46%`` (``Chances to win, estimated: ...``)."""
    found = odds(judge, position)
    return None if found is None else found.text


__all__ = ["TABLE", "Judge", "Odds", "SearchJudge", "TableJudge", "as_judge", "cones_chance",
           "judge_for", "odds", "odds_text"]
