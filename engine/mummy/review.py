"""Game review: what each move cost against the best one, the biggest mistakes and the luck, in
any game of the family.

Every chance comes from a judge (``engine.mummy.judges``): the solved table where it holds the
game (perfect play by both sides from then on), else the game's strongest search, whose chances
are estimates; the review says which judged. A move's loss is the mover's chance after the best
move minus its chance after the move played; a throw's luck is the thrower's chance once the
throw has fallen (its best move's, or after the lost throw) minus what it was worth before
throwing: the same judge's chance after each throw the sticks or dice could show, weighed by how
often it falls. So luck adds up to nothing on average, and a throw after which every throw
leaves the same chance has none (a search's own estimate of the position before the throw
would not agree with its judgement of every throw, and gave each opening throw that changed
nothing a tenth of a point). The stacking game's three dice (56 throws) are the exception, for
time: their luck is against the judge's chance before the throw, and none where every throw
leads to the same position. Losses and luck are in percentage points.

>>> from engine.tait.state import TAIT
>>> class Coin:
...     ruleset = TAIT
...     def chance(self, code): return 0.5
>>> record = GameRecord(TAIT, Side.CONES, (Throw.of(4),))
>>> print(review(Coin(), record).text().splitlines()[2])
  1. Cones throw 4    luck  +0.0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import WrongPhase
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.core.words import N_, phrase
from engine.games.api import Position
from engine.mummy.chances import Chances, SolvedTable
from engine.mummy.judges import Judge, as_judge
from engine.record import GameRecord
from engine.text import dice_text, move_text

POINTS = 100.0
JUDGED_THROWS = 6
"""Throws a device may show for each to be judged in a throw's luck (sticks: 5, a die: 6)."""
NOTICEABLE = 0.05
"""Points below which a move counts as the best: the table keeps chances to 1/65535."""


@dataclass(frozen=True, slots=True)
class Step:
    """One throw or move of the game, as the review judges it."""

    number: int
    side: Side
    throw: Throw | None
    """The throw (the pending one for a move; None in a game without throws)."""
    move: str | None
    """The move in a player's words, ``engine.text.move_text`` (None for the throw itself)."""
    chance: float
    """The side's chance after this step."""
    loss: float = 0.0
    """Points of the side's chance the move gave up against the best (0 for the best)."""
    best: str | None = None
    """The best move when another was played."""
    luck: float = 0.0
    """Points the throw gave or took (throws only)."""


@dataclass(frozen=True, slots=True)
class Review:
    """A whole game reviewed, and who judged it."""

    start: float
    """The chance of the side that plays first, at the start."""
    first: Side
    steps: tuple[Step, ...]
    judge: str = "the solved table (perfect play)"
    """Who judged: the solved table, or the search whose estimates these are."""
    exact: bool = True
    """Whether the chances are the table's (else a search's estimates)."""
    device: str | None = "sticks"
    """What was thrown (``Chance.name``): dice are shown by their faces."""

    def moves(self, side: Side) -> tuple[Step, ...]:
        """The side's moves."""
        return tuple(s for s in self.steps if s.side == side and s.move is not None)

    def mistakes(self, side: Side, count: int = 3) -> tuple[Step, ...]:
        """The side's ``count`` costliest moves (only those that lost anything)."""
        costly = sorted((s for s in self.moves(side) if s.loss >= NOTICEABLE),
                        key=lambda s: -s.loss)
        return tuple(costly[:count])

    def luck(self, side: Side) -> float:
        """The points the side's throws gave it, in all."""
        return sum(s.luck for s in self.steps if s.side == side and s.move is None)

    def lost(self, side: Side) -> float:
        """The points the side's moves gave up, in all."""
        return sum(s.loss for s in self.moves(side))

    @property
    def judged_by(self) -> str:
        """One line saying who judged, and whether its chances are estimates."""
        if self.exact:
            return phrase(N_("Judged by {judge}."), judge=self.judge)
        return phrase(N_("Judged by {judge}: its chances are estimates."), judge=self.judge)

    @property
    def lucky(self) -> bool:
        """Whether the game had throws to judge (Ramses has none)."""
        return any(s.move is None for s in self.steps)

    def text(self) -> str:
        """The review as lines to print: who judged, every step, then mistakes and luck."""
        how = "perfect play" if self.exact else "estimated"
        lines = [self.judged_by,
                 f"{self.first.title} had {self.start:.1%} to win at the start ({how})."]
        for s in self.steps:
            if s.move is None:
                shown = "-" if s.throw is None else dice_text(s.throw) \
                    if self.device == "dice" else str(s.throw.value)
                lines.append(f"{s.number:3d}. {s.side.title} throw {shown}    "
                             f"luck {s.luck:+5.1f}")
            elif s.loss >= NOTICEABLE:
                lines.append(f"{s.number:3d}. {s.side.title} {s.move:<9} gave up {s.loss:4.1f} "
                             f"points (best {s.best})  {s.side.title} {s.chance:.0%}")
            else:
                lines.append(f"{s.number:3d}. {s.side.title} {s.move:<9} best move"
                             f"{'':17}{s.side.title} {s.chance:.0%}")
        for side in Side:
            worst = self.mistakes(side)
            listed = "; ".join(f"{s.number}. {s.move} -{s.loss:.1f} (best {s.best})"
                               for s in worst) or "none"
            lines.append(f"{side.title}' biggest mistakes: {listed}")
        if self.lucky:
            lines.append("Luck of the throws: " + ", ".join(
                f"{side.title} {self.luck(side):+.1f} points" for side in Side))
        lines.append("Points given up by moves: " + ", ".join(
            f"{side.title} {self.lost(side):.1f}" for side in Side))
        return "\n".join(lines)


def cones_curve(judged: Review) -> list[float]:
    """The Cones' chance at the start and after every step."""
    start = judged.start if judged.first == Side.CONES else 1.0 - judged.start
    return [start] + [s.chance if s.side == Side.CONES else 1.0 - s.chance for s in judged.steps]


def review(judge: Judge | SolvedTable, record: GameRecord) -> Review:
    """Judge every throw and move of ``record`` with ``judge`` (or the solved table given in its
    place); raises WrongPhase if the judge cannot judge the game's positions."""
    judge = as_judge(judge)
    state: Any = record.initial()
    start = judge.chance(state)  # the chance of the side to play first
    if start is None:
        raise WrongPhase(f"{judge.name} does not hold this game's positions")
    steps: list[Step] = []
    known: Chances | None = None  # the pending throw's moves, judged for its luck
    chance_device = record.ruleset.chance
    outcomes = chance_device.outcomes if chance_device is not None else ()
    for number, (action, after) in enumerate(record.replay(), 1):
        side = state.turn
        if isinstance(action, Throw):
            known = judge.move_chances(after) if after.moves and not after.is_over else None
            now = max(v for _, v in known) if known else _mover(judge, after, side)
            if now is None:
                raise WrongPhase(f"action {number}: {judge.name} cannot judge it")
            worth = _worth(judge, state, side, outcomes, action.value, now)
            steps.append(Step(number, side, action, None, now, luck=(now - worth) * POINTS))
        else:
            found = known if known is not None else judge.move_chances(state)
            if found is None:
                raise WrongPhase(f"action {number}: {judge.name} cannot judge it")
            steps.append(_judged(number, state, action, found))
        known = None
        state = after
    return Review(start, record.initial().turn, tuple(steps), judge.name, judge.exact,
                  chance_device.name if chance_device is not None else None)


def _worth(judge: Judge, state: Any, side: Side, outcomes: Any, thrown: int,
           now: float) -> float:
    """What the coming throw is worth to ``side`` in ``state``: its chance after each throw
    that could fall (``now`` for the one that fell), weighed by how often each falls. A device
    of many throws (the stacking game's three dice, 56) is judged by the judge's own chance
    before the throw, as a whole game's every throw judged 56 ways would take a minute, unless
    every throw leads to the same position (then the throw has no luck)."""
    if len(outcomes) > JUDGED_THROWS:
        afters = {state.cast(Throw.of(value))[0].notation() for value, _ in outcomes}
        if len(afters) == 1:
            return now
        before = judge.chance(state)
        return now if before is None else before if state.turn == side else 1.0 - before
    worth = 0.0
    for value, probability in outcomes:
        if value == thrown:
            chance: float | None = now
        else:
            after, _events = state.cast(Throw.of(value))
            found = judge.move_chances(after) if after.moves and not after.is_over else None
            chance = max(v for _, v in found) if found else _mover(judge, after, side)
        if chance is None:  # a throw the judge cannot follow: no luck is told for it
            return now
        worth += float(probability) * chance
    return worth


def _mover(judge: Judge, after: Position, side: Side) -> float | None:
    """``side``'s chance in ``after`` (a throw lost, or the opening's throws going on)."""
    if after.winner is not None:
        return 1.0 if after.winner == side else 0.0
    found = judge.chance(after)
    if found is None:
        return None
    return found if after.turn == side else 1.0 - found


def _judged(number: int, state: Any, move: Any, found: Chances) -> Step:
    top, top_value = found[0]
    for m, v in found[1:]:
        if v > top_value:  # ties keep the game's move order
            top, top_value = m, v
    value = dict(found)[move]
    loss = (top_value - value) * POINTS
    return Step(number, state.turn, state.throw, move_text(state, move), value,
                loss=max(0.0, loss), best=move_text(state, top) if loss >= NOTICEABLE else None)


__all__ = ["Review", "Step", "review"]
