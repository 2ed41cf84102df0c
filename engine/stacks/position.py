"""A position of the stacking game: immutable, answering every rules question.

A turn is a throw of three dice and then one move per die, in any order the player likes; the
pending ``throw`` holds the dice still to use, so a position with a throw pending is the same
side choosing again until the dice are used up (or one cannot be, and that side loses).

>>> from engine.stacks import STACKS
>>> position, _ = STACKS.new(Side.CONES).cast(Throw.of(156))
>>> [m.notation() for m in position.moves][:3], position.waiting(Side.CONES)
(['1:in-C1', '5:in-C5', '6:in-C1'], 15)
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import BadNotation, IllegalMove, UnknownSquare, WrongPhase
from engine.core.events import (
    Captured,
    Entered,
    Event,
    HeldLast,
    LeftBoard,
    Moved,
    Stuck,
    TurnPassed,
)
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.core.words import N_, phrase, piece_name
from engine.core.words import listing as words_listing
from engine.core.wrong import game_over, must_throw, no_piece_on, not_a_move, not_their_turn
from engine.games.api import Journey, Offboard, Rules
from engine.stacks.board import CAPACITY, FIRST_READY, LAST, MEN, OFF, ROW, number, square
from engine.stacks.dice import faces, throw_of, without
from engine.stacks.moves import Move

Men = tuple[int, ...]
"""A side's men by path square: index 0 those waiting, 1..15 the men on each square."""

_OTHER = (Side.REELS, Side.CONES)
_EMPTY: Men = (MEN,) + (0,) * LAST
_NO_READY: Men = (0,) * (LAST + 1)


class StacksPosition:
    """Both sides' men, whose turn, the dice still to use and what the turn has done so far.

    ``men[side]`` counts a side's men waiting (index 0) and on each path square (1..15); men out
    of play are the rest of fifteen. While dice are pending, ``ready`` counts the mover's men on
    each square that stood within six of the last square when the turn began, and ``seized``
    says whether the mover has already captured an opposing man from a square other than the
    last this turn.
    """

    __slots__ = ("_key", "dice", "ending", "men", "moves", "ready", "rules", "seized", "turn",
                 "winner")

    def __init__(self, men: tuple[Men, Men], turn: Side, dice: tuple[int, ...] = (),
                 ready: Men = _NO_READY, seized: bool = False, winner: Side | None = None,
                 ending: str | None = None, *, rules: Rules) -> None:
        self.men = men
        self.turn = turn
        self.dice = dice
        self.ready = ready
        self.seized = seized
        self.winner = winner
        self.ending = ending
        """How the game ended: ``held`` (three men on the last square) or ``stuck``."""
        self.rules = rules
        self._key = (men, turn, dice, ready, seized, winner)
        self.moves: tuple[Move, ...] = () if winner is not None or not dice else _legal(self)

    @classmethod
    def new(cls, rules: Rules, first: Side = Side.CONES) -> StacksPosition:
        """The start: every man waiting, ``first`` to throw."""
        return cls((_EMPTY, _EMPTY), first, rules=rules)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StacksPosition) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    # --- questions -------------------------------------------------------------------------

    @property
    def throw(self) -> Throw | None:
        """The dice still to use, as one throw (None: the side to play throws next)."""
        return throw_of(self.dice) if self.dice else None

    @property
    def is_over(self) -> bool:
        """Whether someone has won."""
        return self.winner is not None

    @property
    def opening(self) -> bool:
        """Never: who begins is thrown for before the game (``StacksRules.first_side``)."""
        return False

    @property
    def off(self) -> tuple[int, int]:
        """Men of each side out of play (gone off the board, or captured alone)."""
        return MEN - sum(self.men[0]), MEN - sum(self.men[1])

    def waiting(self, side: Side) -> int:
        """Men of ``side`` waiting in front of it to enter."""
        return self.men[side][0]

    def in_play(self, side: Side) -> int:
        """Men of ``side`` waiting or on the board."""
        return sum(self.men[side])

    def stacks(self) -> dict[str, tuple[Side, int]]:
        """Each occupied square: whose men stand there and how many (1 to 3)."""
        found = {}
        for side in Side:
            for n in range(1, LAST + 1):
                if self.men[side][n]:
                    found[square(side, n)] = (side, self.men[side][n])
        return found

    def heights(self) -> dict[str, int]:
        """How many men stand on each occupied square."""
        return {name: count for name, (_, count) in self.stacks().items()}

    def owners(self) -> dict[str, Side]:
        """Who stands on each occupied square."""
        return {name: side for name, (side, _) in self.stacks().items()}

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves of the dice still to use."""
        return self.moves

    def progress(self) -> int:
        """A measure that every move makes strictly bigger, so no game can go on for ever: each
        man counts 2 to the power of its path square (waiting 0, out of play 16)."""
        total = 0
        for side in Side:
            men = self.men[side]
            total += sum(count << n for n, count in enumerate(men))
            total += (MEN - sum(men)) << OFF
        return total

    # --- changes ---------------------------------------------------------------------------

    def cast(self, throw: Throw) -> tuple[StacksPosition, tuple[Event, ...]]:
        """The side to play throws the three dice; if it cannot use one of them, it loses."""
        if self.winner is not None:
            raise WrongPhase(f"the game is over: {self.winner.title} won")
        if self.dice:
            raise WrongPhase(f"{self.turn.title} must use the dice thrown first: "
                             f"{_listed(self.dice)}")
        dice = faces(throw)
        if len(dice) != 3:
            raise BadNotation(f"a turn begins with three dice, not {_listed(dice)}")
        own = self.men[self.turn]
        ready = (0,) * FIRST_READY + own[FIRST_READY:]
        after = StacksPosition(self.men, self.turn, dice, ready, False, rules=self.rules)
        return after._stuck_or(())

    def play(self, move: Move) -> tuple[StacksPosition, tuple[Event, ...]]:
        """Use one die for ``move``; raises IllegalMove (or WrongPhase), leaving the position as
        it was."""
        after = self.after(move)
        side = move.side
        events: list[Event] = []
        if move.enters:
            events.append(Entered(side, move.target))
        elif move.leaves:
            events.append(LeftBoard(side, move.source))
        else:
            events.append(Moved(side, move.source, move.target))
        c = move.capture
        if c:
            if self.men[side][c]:
                events.append(Captured(side, square(side, c), False))
            else:
                alone = self.men[1 - side][c] == 1 and c != LAST
                events.append(Captured(side.other, square(side, c), alone))
        if after.ending == "stuck":
            events.append(Stuck(side, min(without(self.dice, move.die))))
        elif after.ending == "held":
            events.append(HeldLast(side.other, square(side.other, LAST)))
        elif after.turn != side:
            events.append(TurnPassed(after.turn))
        return after, tuple(events)

    def after(self, move: Move) -> StacksPosition:
        """The position after a legal move, without its events (the search's step); raises
        IllegalMove (or WrongPhase)."""
        for legal in self.moves:  # moves are shared instances: identity is the quick test
            if legal is move:
                break
        else:
            if move not in self.moves:
                raise self._why_not(move)
        side = self.turn
        own, opp = list(self.men[side]), list(self.men[1 - side])
        ready = list(self.ready)
        if move.enters:
            own[0] -= 1
            own[move.end] += 1
        else:
            own[move.start] -= 1
            if not move.leaves:
                own[move.end] += 1
            if move.ready:
                ready[move.start] -= 1
                if not move.leaves:
                    ready[move.end] += 1
        seized = self.seized
        c = move.capture
        if c:
            if own[c]:  # one of the mover's own men: back to its waiting men
                if own[c] == ready[c]:
                    ready[c] -= 1  # a man that arrived this turn goes first, if there is one
                own[c] -= 1
                own[0] += 1
            else:
                alone = opp[c] == 1 and c != LAST
                opp[c] -= 1
                if not alone:
                    opp[0] += 1
                seized = seized or c != LAST
        men = (tuple(own), tuple(opp)) if side == Side.CONES else (tuple(opp), tuple(own))
        dice = without(self.dice, move.die)
        other = _OTHER[side]
        if dice:
            after = StacksPosition(men, side, dice, tuple(ready), seized, rules=self.rules)
            if after.moves:
                return after
            return StacksPosition(men, other, winner=other, ending="stuck", rules=self.rules)
        if men[other][LAST] == CAPACITY:
            return StacksPosition(men, other, winner=other, ending="held", rules=self.rules)
        return StacksPosition(men, other, rules=self.rules)

    def _stuck_or(self, events: tuple[Event, ...]) -> tuple[StacksPosition, tuple[Event, ...]]:
        """This position, or the mover's loss when no die left can be used."""
        if self.moves:
            return self, events
        side = self.turn
        lost = StacksPosition(self.men, side.other, winner=side.other, ending="stuck",
                              rules=self.rules)
        return lost, (*events, Stuck(side, self.dice[0]))

    def _why_not(self, move: Any) -> Exception:
        if self.winner is not None:
            return WrongPhase(game_over(self.winner))
        if not self.dice:
            return WrongPhase(must_throw(self.turn))
        if not isinstance(move, Move):
            return IllegalMove(f"{move!r} is not a move of the stacking game")  # a program's
        if move.side != self.turn:
            return IllegalMove(not_their_turn(self.turn, move.side))
        if move.die not in self.dice:
            return IllegalMove(phrase(N_("no die shows {n}: the dice to use are {dice}"),
                                      n=move.die, dice=_listed(self.dice)))
        return IllegalMove(phrase(N_("{move} is not a legal move: {why}"), move=move,
                                  why=_why_barred(self, move)))

    # --- the evidence of a move ---------------------------------------------------------------

    def journeys(self, move: Move) -> tuple[Journey, ...]:
        """The men's journeys ``move`` makes, the mover's first, then the man captured."""
        side = move.side
        start: str | Offboard = Offboard.WAITING if move.enters else move.source
        end: str | Offboard = Offboard.BORNE_OFF if move.leaves else move.target
        trips = [Journey(side, start, end)]
        if move.capture:
            c = move.capture
            name = square(side, c)
            if self.men[side][c]:
                trips.append(Journey(side, name, Offboard.WAITING))
            else:
                alone = self.men[1 - side][c] == 1 and c != LAST
                trips.append(Journey(side.other, name,
                                     Offboard.BORNE_OFF if alone else Offboard.WAITING))
        return tuple(trips)

    # --- notation --------------------------------------------------------------------------

    def describe(self, move: Move) -> str:
        """The move in notation (``3:C4-M7``, ``5:M10-offxM15``)."""
        return move.notation()

    def parse_move(self, text: str) -> Move:
        """The legal move ``text`` names: its notation with or without the die (``3:C4-M7``,
        ``C4-M7``), or just the square of the man (``C4``, ``in``) when one move fits."""
        if not self.dice or self.winner is not None:
            raise self._why_not(None)
        raw = text.strip().upper().replace(" ", "")
        die_text, colon, rest = raw.partition(":")
        if not colon:
            die_text, rest = "", raw
        if die_text and (not die_text.isdigit() or int(die_text) not in self.dice):
            raise IllegalMove(phrase(N_("{move}: the dice to use are {dice}"), move=text.strip(),
                                     dice=_listed(self.dice)))
        fits = [m for m in self.moves
                if (not die_text or m.die == int(die_text)) and _names(m, rest)]
        if not fits:
            source = rest.partition("-")[0]
            if source not in ("IN", ""):
                try:
                    number(self.turn, source)
                except UnknownSquare as exc:
                    raise BadNotation(not_a_move(text, exc)) from None
            listing = " ".join(m.notation() for m in self.moves)
            raise IllegalMove(phrase(N_("{move} is not a legal move: pick one of {moves}"),
                                     move=text.strip(), moves=listing))
        if len({(m.start, m.end, m.capture, m.ready) for m in fits}) == 1:
            return fits[0]  # the same move whichever die: the smallest die is used
        listing = " ".join(m.notation() for m in fits)
        raise IllegalMove(phrase(N_("{move} could be any of {moves}: say which"),
                                 move=text.strip(), moves=listing))

    def notation(self) -> str:
        """The position in one line, e.g. ``C:w10,C1,M9x2 R:w15 turn:C dice:35 ready:M9x2``
        (``engine.stacks.notation`` reads it back)."""
        parts = [f"{side.letter}:{_men_text(side, self.men[side])}" for side in Side]
        parts.append(f"turn:{self.turn.letter}")
        parts.append(f"dice:{''.join(map(str, self.dice)) or '-'}")
        if self.dice and self.winner is None:
            own = self.men[self.turn]
            if self.ready != (0,) * FIRST_READY + own[FIRST_READY:]:
                ready = [square(self.turn, n) + (f"x{k}" if k > 1 else "")
                         for n, k in enumerate(self.ready) if k]
                parts.append(f"ready:{','.join(ready) or '-'}")
            if self.seized:
                parts.append("seized:yes")
        if self.winner is not None:
            parts.append(f"winner:{self.winner.letter} {self.ending}")
        return " ".join(parts)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"StacksPosition({self.notation()!r})"


def _names(move: Move, text: str) -> bool:
    """Whether ``text`` (upper case, no die) names ``move``, fully or by its start."""
    full = move.notation().partition(":")[2].upper()
    return text in (full, move.source.upper())


def _listed(dice: tuple[int, ...]) -> str:
    return words_listing([str(d) for d in dice])


def _end(own: Men, opp: Men, start: int, die: int, ready: bool) -> int:
    """Where a man moved ``die`` squares from ``start`` comes to rest: past squares holding the
    opponent's men or three of its own; past the last square unless ``ready``; or off."""
    t = start + die
    while t <= LAST:
        if t == LAST and not ready:
            return OFF
        if own[t] < CAPACITY and (t <= ROW or not opp[t]):
            return t
        t += 1
    return OFF


_MOVES: dict[int, Move] = {}
"""Every move made so far, shared: a move is an immutable value, and making one is slow."""


def _move(side: int, die: int, start: int, end: int, capture: int, ready: bool) -> Move:
    """The shared instance of a move."""
    key = (((((side * 7 + die) << 4 | start) * 17 + end) << 4 | capture) << 1) | ready
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = Move(Side(side), die, start, end, capture, ready)
    return move


def _legal(position: StacksPosition) -> tuple[Move, ...]:
    """Every move of the dice still to use: entries, then moves from each square, each without
    a capture and with each capture the passing allows."""
    side = position.turn
    own, opp = position.men[side], position.men[1 - side]
    ready = position.ready
    seized = position.seized
    occupied = [s for s in range(1, LAST + 1) if own[s]]
    takeable = [c for c in occupied if c > 1] + [
        c for c in range(ROW + 1, LAST + 1) if opp[c] and (c == LAST or not seized)]
    takeable.sort()
    moves: list[Move] = []
    append = moves.append
    for die in sorted(set(position.dice)):
        if own[0]:
            for t in (range(1, ROW + 1) if die == 6 else (die,)):
                if own[t] < CAPACITY:
                    append(_move(side, die, 0, t, 0, False))
        for s in occupied:
            kinds = []
            if own[s] > ready[s]:
                kinds.append((False, _end(own, opp, s, die, False)))
            if ready[s]:
                end = _end(own, opp, s, die, True)
                if not kinds or kinds[0][1] != end:
                    kinds.append((True, end))
            for is_ready, end in kinds:
                append(_move(side, die, s, end, 0, is_ready))
                for c in takeable:
                    if s < c < end:
                        append(_move(side, die, s, end, c, is_ready))
    return tuple(moves)


def _why_barred(position: StacksPosition, move: Move) -> str:
    own = position.men[move.side]
    if move.enters:
        if not own[0]:
            return phrase(N_("no {piece} is waiting to enter"), piece=piece_name(move.side))
        if 1 <= move.end <= ROW and own[move.end] >= CAPACITY:
            return phrase(N_("{square} already holds three men"), square=move.target)
        return phrase(N_("a die enters a man on the square of its number (a six on any of the "
                         "five)"))
    if not 1 <= move.start <= LAST or not own[move.start]:
        return no_piece_on(move.side, move.source)
    return phrase(N_("the man does not go there with that die (it passes squares that are full "
                     "or held by the opponent, and only captures a man it passed)"))


def _men_text(side: Side, men: Men) -> str:
    """A side's men in notation: ``w10,C1,M9x2``."""
    parts = [f"w{men[0]}"]
    for n in range(1, LAST + 1):
        if men[n]:
            parts.append(square(side, n) + (f"x{men[n]}" if men[n] > 1 else ""))
    return ",".join(parts)
